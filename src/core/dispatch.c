/* Execution: the two instances of the dispatch loop, exceptions, and run-boundary checks. */
#include <stdio.h>
#include <stdlib.h>
#include "core/cache.h"
#include "core/hart.h"
#include "core/ops.h"
#include "jit/jit.h"

/* Called when instret reached limit or a flush is pending; false = stop running. */
static bool k64_boundary(struct k64_hart *h)
{
	if (h->flush_pending)
		k64_cache_flush(h);
	if (unlikely(h->pmu_deadline) && h->instret >= h->pmu_deadline)
		k64_pmu_poll(h);   /* a counter may have overflowed (Sscofpmf) */
	if (unlikely(h->fe_boundary_at) && h->instret >= h->fe_boundary_at && !h->stopped)
		h->fe.boundary(h->fe.ctx, h);
	if (unlikely(h->dbg != NULL) && h->dbg->stop)
		return false;   /* a breakpoint or the end of a single step (core/debug.c) */
	if (!h->stopped)
		k64_priv_interrupt(h);
	h->limit = h->stopped ? 0 : h->max_insns ? h->max_insns : UINT64_MAX;
	if (h->fe_boundary_at && h->fe_boundary_at < h->limit)
		h->limit = h->fe_boundary_at;
	if (h->pmu_deadline && h->pmu_deadline < h->limit)
		h->limit = h->pmu_deadline;
	return h->instret < h->limit;
}

/* The record of a table instruction (vector ones among them) in the observed loop; delivered
 * at once when an observer is live, and after a vector memory access (whose access log is the
 * hart's, one instruction's at a time). */
static inline void k64_observe_retire(struct k64_hart *h, const struct k64_dinsn *d, bool taken)
{
	struct k64_retire *r = &h->rec[d->idx];
	r->vl = h->vl;
	r->vtype = h->vtype;
	r->nacc = h->acc_n;
	h->obs_taken = taken;
	if (unlikely(h->obs_live | h->acc_n))
		k64_observe_flush(h, d->idx + 1u, false);
}

/* The end of a block whose records are all pending, seen by one observer (the common case:
 * the cycle model alone): the batch goes straight to it. */
static inline __attribute__((always_inline)) void observe_end(struct k64_hart *h, unsigned n)
{
	if (likely(h->rec_base == 0 && h->nobs == 1 && n)) {
		struct k64_block *blk = h->obs_blk;
		struct k64_batch bt = { blk->d, h->rec, n, (uint8_t)h->obs_priv, h->obs_taken != 0, blk, n == blk->n, h->obs_virt != 0 };
		h->obs_taken = false;
		h->obs[0].retire(h->obs[0].ctx, h, &bt);
		h->acc_n = 0;
		return;
	}
	k64_observe_flush(h, n, true);
}

void k64_observe_flush(struct k64_hart *h, unsigned n, bool end)
{
	unsigned b = h->rec_base;
	h->rec_base = end ? 0 : n;
	if (n <= b)
		return;
	struct k64_block *blk = h->obs_blk;
	struct k64_batch bt = { blk->d + b, h->rec + b, n - b, (uint8_t)h->obs_priv, h->obs_taken != 0, blk, b == 0 && n == blk->n,
				 h->obs_virt != 0 };
	h->obs_taken = false;
	for (unsigned i = 0; i < h->nobs; i++)
		h->obs[i].retire(h->obs[i].ctx, h, &bt);
	h->acc_n = 0;
}

/* The two loops' labels, indexed by op ([0] functional, [1] observed): blocks store those of
 * the loop that runs them in k64_dinsn.thr, so that it dispatches with one indirect jump
 * through the instruction itself. */
const void *const *k64_threaded[2];
const void *k64_jit_labels[2];

#define WX K64_F_WX   /* the flags of K64_RV64I_OPS, as core/decode.c spells them */
#define RUN_FN run_functional
#define RUN_INNER loop_functional
#define OBSERVE 0
#include "core/dispatch.inc"
#undef RUN_FN
#undef RUN_INNER
#undef OBSERVE
#define RUN_FN run_observed
#define RUN_INNER loop_observed
#define OBSERVE 1
#include "core/dispatch.inc"
#undef RUN_FN
#undef RUN_INNER
#undef OBSERVE
#undef WX

void k64_run(struct k64_hart *h)
{
	if (!k64_threaded[0]) {
		loop_functional(NULL);   /* publish their labels */
		loop_observed(NULL);
	}
	/* blocks built for the other loop hold its labels: rebuild them */
	const void *const *thr = k64_threaded[h->nobs > 0];
	if (h->thr != thr) {
		if (h->thr)
			k64_cache_flush(h);
		h->thr = thr;
	}
	h->limit = 0; /* forces a boundary check first */
	if (h->nobs)
		run_observed(h);
	else
		run_functional(h);
}

void k64_raise(struct k64_hart *h, const struct k64_dinsn *d, uint64_t cause, uint64_t tval)
{
	h->nrec = d->idx;   /* the block's instructions before d retired */
	h->pc = d->pc;
	h->instret -= d->left;
	h->trap_cause = cause;
	h->trap_tval = tval;
	h->trap_pending = true;
	longjmp(h->jmp, 1);
}

void k64_exit_after(struct k64_hart *h, const struct k64_dinsn *d)
{
	h->nrec = d->idx;
	h->pc = d->pc + d->len;
	h->instret -= d->left - 1u;
	longjmp(h->jmp, 1);
}

/* A hart that keeps trapping without retiring anything (e.g. mtvec pointing outside memory)
 * would never reach an instruction limit: stop it after this many consecutive traps (the fuzz
 * build lowers it: tests/fuzz/rules.mk). */
#ifndef TRAP_LOOP_LIMIT
#define TRAP_LOOP_LIMIT 1000000
#endif

void k64_take_trap(struct k64_hart *h, uint64_t cause, uint64_t tval)
{
	if (unlikely(h->dbg != NULL) && k64_debug_trap(h, cause, tval))
		return;   /* a debugger's breakpoint: neither the front-end nor the guest sees it */
	if (h->instret != h->trap_streak_instret) {
		h->trap_streak_instret = h->instret;
		h->trap_streak = 0;
	} else if (++h->trap_streak >= TRAP_LOOP_LIMIT) {
		fprintf(stderr, "karu64: error: the hart is in a trap loop: %d traps without a retired instruction "
			"(cause %llu, tval 0x%llx, pc 0x%llx)\n", TRAP_LOOP_LIMIT, (unsigned long long)cause,
			(unsigned long long)tval, (unsigned long long)h->pc);
		h->stopped = true;
		h->limit = 0;
		h->exit_code = 125;
		return;
	}
	k64_observe_trap(h, cause, tval);
	if (!h->fe.trap || !h->fe.trap(h->fe.ctx, h, cause, tval))
		k64_priv_trap(h, cause, tval);
	k64_observe_entered(h);
}

void k64_observe_trap(struct k64_hart *h, uint64_t cause, uint64_t tval)
{
	for (unsigned i = 0; i < h->nobs; i++)
		if (h->obs[i].trap)
			h->obs[i].trap(h->obs[i].ctx, h, cause, tval);
	h->acc_n = 0;
}

void k64_observe_entered(struct k64_hart *h)
{
	for (unsigned i = 0; i < h->nobs; i++)
		if (h->obs[i].entered)
			h->obs[i].entered(h->obs[i].ctx, h);
}

/* k64_raise() left the faulting instruction's index in nrec and its pc in h->pc (an interrupt
 * comes between instructions, where nrec is stale). */
const struct k64_dinsn *k64_trap_insn(const struct k64_hart *h, uint64_t cause)
{
	const struct k64_block *b = h->obs_blk;
	if ((cause >> 63) || !b || h->nrec >= b->n || b->d[h->nrec].pc != h->pc)
		return NULL;
	return &b->d[h->nrec];
}

bool k64_observer_add(struct k64_hart *h, const struct k64_observer *o)
{
	if (h->nobs >= K64_MAX_OBSERVERS)
		return false;
	if (!h->acc) {
		h->acc = calloc(K64_ACC_MAX, sizeof *h->acc);
		if (!h->acc)
			return false;
	}
	h->obs[h->nobs++] = *o;
	h->obs_live |= o->live;
	for (unsigned i = 0; i < K64_RETIRE_BATCH; i++)
		h->rec[i].acc = h->acc;
	return true;
}

void k64_observer_remove(struct k64_hart *h, void *ctx)
{
	unsigned j = 0;
	h->obs_live = false;
	for (unsigned i = 0; i < h->nobs; i++)
		if (h->obs[i].ctx != ctx) {
			h->obs_live |= h->obs[i].live;
			h->obs[j++] = h->obs[i];
		}
	h->nobs = j;
	if (!j) {
		free(h->acc);
		h->acc = NULL;
		h->acc_n = 0;
	}
}
