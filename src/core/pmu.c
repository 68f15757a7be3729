/* The counters: Zicntr/Zihpm (mcycle, minstret, mhpmcounter3..31 and their unprivileged
 * views), mcountinhibit, Smcntrpmf (mcyclecfg, minstretcfg) and Sscofpmf (the mhpmevent
 * filter and overflow bits, scountovf, the local counter-overflow interrupt), RISC-V
 * Privileged Architecture 1.13, 3.1.10-3.1.13, and the Smcntrpmf and Sscofpmf chapters.
 *
 * Counting is lazy: counter i is frozen at ctr[i].val, or running, and then reads
 * val + (source now - ctr[i].base). Its source is the cycle count (the model's cycles, or one
 * per retired instruction without a model), the retired-instruction count, or an event of the
 * cycle model (doc/cycle-model.md). It runs when mcountinhibit does not inhibit it and its
 * privilege filter does not inhibit the current privilege; it is re-based whenever that can
 * change: a write to its configuration, and a privilege change (k64_pmu_priv, only while some
 * counter has a filter), so nothing is done per instruction.
 *
 * Event numbers (mhpmevent[55:0], WARL: any other value reads 0, "no event"): 1 cycles,
 * 2 retired instructions, 3..12 the cycle model's events (zero without a model). mhpmevent3..10
 * reset to 3..10, so that hpmcounterN counts model event N as before this file; the others to 0. */
#include "core/hart.h"


#define EV_CYCLES 1
#define EV_INSTRET 2
#define EV_MODEL_LAST 12            /* timing/timing.h K64_EV_COUNT - 1 */
#define EV_RESET_LAST 10
#define EV_MASK ((1ull << 56) - 1)
#define HPM_OF (1ull << 63)
#define INH_M (1ull << 62)          /* MINH; SINH 61, UINH 60; VSINH 59, VUINH 58 (with H) */
#define INH_MASK (31ull << 58)
#define HPM_MASK 0xfffffff8u        /* counters 3..31 */

/* The retired-instruction and cycle counts at a point: before instruction d, or after it
 * (`after`: d counts as executed), or now at a boundary (d = NULL). */
struct now { uint64_t instret, cycles; const struct k64_dinsn *d; };

static struct now now_at(const struct k64_hart *h, const struct k64_dinsn *d, bool after)
{
	struct now n = { d ? k64_instret_at(h, d) + after : h->instret, 0, d };
	n.cycles = h->ts ? h->ts->cycles(h->ts->ctx, d) + (d && after) : n.instret;
	return n;
}

static uint64_t event_of(const struct k64_hart *h, unsigned i)
{
	return i == 0 ? EV_CYCLES : i == 2 ? EV_INSTRET : h->mhpmevent[i] & EV_MASK;
}

static uint64_t source(const struct k64_hart *h, unsigned i, const struct now *n)
{
	uint64_t ev = event_of(h, i);
	if (ev == EV_CYCLES)
		return n->cycles;
	if (ev == EV_INSTRET)
		return n->instret;
	return h->ts && ev && ev <= EV_MODEL_LAST ? h->ts->event(h->ts->ctx, (unsigned)ev) : 0;
}

static uint64_t filter_of(const struct k64_hart *h, unsigned i)
{
	return i == 0 ? h->mcyclecfg : i == 2 ? h->minstretcfg : h->mhpmevent[i];
}

/* Smcntrpmf/Sscofpmf: xINH set = no counting in mode x (VS and VU: VSINH, VUINH). */
static bool counts_in(const struct k64_hart *h, unsigned i, unsigned priv)
{
	if ((h->mcountinhibit >> i) & 1)
		return false;
	uint64_t inh = priv == K64_PRIV_M ? INH_M : priv == K64_PRIV_S ? INH_M >> 1 : INH_M >> 2;
	if (h->virt)
		inh >>= 2;
	return !(filter_of(h, i) & inh);
}
/* the filter bits that exist: VSINH and VUINH only with H */
static uint64_t inh_mask(const struct k64_hart *h)
{
	return k64_has(&h->isa, K64_EXT_H) ? INH_MASK : 7ull << 60;
}

static uint64_t value(const struct k64_hart *h, unsigned i, const struct now *n)
{
	const struct k64_counter *c = &h->ctr[i];
	return (h->ctr_running >> i) & 1 ? c->val + (source(h, i, n) - c->base) : c->val;
}

/* Sscofpmf: an hpm counter whose OF is clear, stepping from all ones to zero, sets OF and
 * mip.LCOFIP. Counts are lazy, so the wrap is seen when the counter is next settled: a counter
 * counted from val to val + k wrapped iff val != 0 and k >= 2^64 - val. */
static void overflow_check(struct k64_hart *h, unsigned i, const struct now *n)
{
	if (i < 3 || (h->mhpmevent[i] & HPM_OF) || !((h->ctr_running >> i) & 1))
		return;
	const struct k64_counter *c = &h->ctr[i];
	if (c->val && source(h, i, n) - c->base >= -c->val) {
		h->mhpmevent[i] |= HPM_OF;
		h->mip |= 1ull << K64_IRQ_LCOFI;
		h->limit = 0;    /* the boundary check takes the interrupt if it is enabled */
	}
}

/* Freezes counter i at its value now and re-bases it: the next configuration applies from n. */
static void settle(struct k64_hart *h, unsigned i, const struct now *n)
{
	overflow_check(h, i, n);
	h->ctr[i].val = value(h, i, n);
	h->ctr[i].base = source(h, i, n);
}

/* Recomputes which counters run and the next overflow deadline (after every change of the
 * counters' configuration or of the privilege; all counters are settled at n). */
static void update(struct k64_hart *h, const struct now *n)
{
	uint32_t run = 0, filt = 0;
	for (unsigned i = 0; i < 32; i++) {
		if (i == 1)
			continue;
		if (counts_in(h, i, h->priv))
			run |= 1u << i;
		if (filter_of(h, i) & INH_MASK)
			filt |= 1u << i;
		h->ctr[i].base = source(h, i, n);
	}
	h->ctr_running = run;
	h->ctr_filtered = filt;
	/* Sscofpmf: the next instret at which an armed counter may have wrapped. Instruction
	 * counts (and cycles without a model) wrap at a known instret; the model's cycles and events
	 * are looked at after a 64th of the distance (no source here counts 64 per instruction
	 * often), then closer and closer. */
	uint64_t dl = 0;
	for (unsigned i = 3; i < 32; i++) {
		if (!((run >> i) & 1) || (h->mhpmevent[i] & HPM_OF) || !h->ctr[i].val)
			continue;
		uint64_t ev = event_of(h, i), left = -h->ctr[i].val, step;
		if (ev == EV_INSTRET || (ev == EV_CYCLES && !h->ts))
			step = left;
		else if (h->ts && ev && ev <= EV_MODEL_LAST)
			step = left / 64 ? (left / 64 < (1ull << 20) ? left / 64 : 1ull << 20) : 1;
		else
			continue;
		uint64_t at = n->instret + step;
		if (at > n->instret && (!dl || at < dl))
			dl = at;
	}
	h->pmu_deadline = dl;
	if (dl)
		h->limit = 0;    /* k64_boundary caps the run at the deadline */
}

static void settle_all(struct k64_hart *h, const struct now *n)
{
	for (unsigned i = 0; i < 32; i++)
		if (i != 1)
			settle(h, i, n);
}

void k64_pmu_reset(struct k64_hart *h)
{
	memset(h->ctr, 0, sizeof h->ctr);
	for (unsigned i = 0; i < 32; i++)
		h->mhpmevent[i] = i >= 3 && i <= EV_RESET_LAST ? i : 0;
	h->mcountinhibit = h->mcyclecfg = h->minstretcfg = 0;
	struct now n = now_at(h, NULL, false);
	update(h, &n);
}

/* The board's reset (board/board.c): mhpmevent3..31 = 0, no event, as firmware expects.
 * OpenSBI finds the counters' width by writing all ones to mhpmcounter3 and reading it back;
 * counting event 3 (I-cache misses: karu64-fpga) the counter can wrap in between, and OpenSBI
 * then gives Linux 1-bit counters (perf counted nothing). */
void k64_pmu_no_events(struct k64_hart *h)
{
	struct now n = now_at(h, NULL, false);
	settle_all(h, &n);
	for (unsigned i = 3; i < 32; i++)
		h->mhpmevent[i] = 0;
	update(h, &n);
}

/* Before h->priv becomes `to` (trap entry, mret, sret; d = the xRET, which retires in the old
 * privilege, or NULL at a trap): counters whose filter differs between the two are re-based. */
void k64_pmu_switch(struct k64_hart *h, const struct k64_dinsn *d, unsigned to)
{
	struct now n = now_at(h, d, true);
	settle_all(h, &n);
	unsigned from = h->priv;
	uint8_t vfrom = h->virt;
	h->priv = to & 3;
	h->virt = (uint8_t)(to >> 2);
	update(h, &n);
	h->priv = from;
	h->virt = vfrom;
}

/* At a boundary at or after h->pmu_deadline (core/dispatch.c). */
void k64_pmu_poll(struct k64_hart *h)
{
	struct now n = now_at(h, NULL, false);
	settle_all(h, &n);
	update(h, &n);
}

/* Checkpoints (board/checkpoint.c): every counter frozen at its value now (ctr[i].val), and,
 * after a restore into another time source, re-based on it. */
void k64_pmu_settle_all(struct k64_hart *h)
{
	struct now n = now_at(h, NULL, false);
	settle_all(h, &n);
}

void k64_pmu_rebase(struct k64_hart *h)
{
	struct now n = now_at(h, NULL, false);
	update(h, &n);
}

/* scountovf (Sscofpmf): the OF bits, readable in S-mode where mcounteren allows. */
static uint64_t scountovf(const struct k64_hart *h)
{
	uint64_t v = 0;
	for (unsigned i = 3; i < 32; i++)
		if (h->mhpmevent[i] & HPM_OF)
			v |= 1ull << i;
	return h->priv == K64_PRIV_M ? v : v & h->mcounteren;
}

/* Zicntr/Zihpm counters from a lower privilege level are gated by mcounteren (and scounteren). */
bool k64_counter_ok(struct k64_hart *h, unsigned csr)
{
	unsigned bit = csr & 31;
	if (h->priv < K64_PRIV_M && !((h->mcounteren >> bit) & 1))
		return false;
	/* V mode (21.2.6): hcounteren, then (VU) scounteren, gate with virtual instructions */
	if (h->virt && (!((h->hcounteren >> bit) & 1) || (h->priv < K64_PRIV_S && !((h->scounteren >> bit) & 1))))
		return k64_csr_virt(h);
	if (h->priv < K64_PRIV_S && !((h->scounteren >> bit) & 1))
		return false;
	return true;
}

bool k64_pmu_csr(unsigned csr)
{
	return (csr >= K64_CSR_mcycle && csr <= K64_CSR_mhpmcounter_last && csr != K64_CSR_mcycle + 1) ||
	       (csr >= K64_CSR_cycle && csr <= K64_CSR_hpmcounter_last && csr != K64_CSR_time) ||
	       (csr >= K64_CSR_mcountinhibit && csr <= K64_CSR_mhpmevent_last) || csr == K64_CSR_scountovf;
}

bool k64_pmu_read(struct k64_hart *h, const struct k64_dinsn *d, unsigned csr, uint64_t *v)
{
	if (csr == K64_CSR_scountovf) {
		if (h->priv < K64_PRIV_S)
			return false;
		*v = scountovf(h);
		return true;
	}
	if (csr >= K64_CSR_cycle) {
		bool hpm = (csr & 31) >= 3;
		if (!k64_has(&h->isa, hpm ? K64_EXT_ZIHPM : K64_EXT_ZICNTR) || !k64_counter_ok(h, csr))
			return false;
	} else if (h->priv != K64_PRIV_M) {
		return false;
	}
	struct now n = now_at(h, d, false);
	switch (csr) {
	case K64_CSR_mcountinhibit: *v = h->mcountinhibit; return true;
	case K64_CSR_mcyclecfg:     *v = h->mcyclecfg; return true;
	case K64_CSR_minstretcfg:   *v = h->minstretcfg; return true;
	default:
		if (csr < K64_CSR_mcycle)
			*v = h->mhpmevent[csr - K64_CSR_mcountinhibit];
		else
			*v = value(h, csr & 31, &n);
		return true;
	}
}

bool k64_pmu_write(struct k64_hart *h, const struct k64_dinsn *d, unsigned csr, uint64_t v)
{
	if (csr == K64_CSR_scountovf || csr >= K64_CSR_cycle || h->priv != K64_PRIV_M)
		return false;
	/* Configuration writes apply to the writing instruction already (as Spike counts it);
	 * a counter write is what the next instruction reads (3.1.11). */
	struct now n = now_at(h, d, false);
	settle_all(h, &n);
	switch (csr) {
	case K64_CSR_mcountinhibit: h->mcountinhibit = v & 0xfffffffdu; break;   /* bit 1 (TM): no mtime here */
	case K64_CSR_mcyclecfg:     h->mcyclecfg = v & inh_mask(h); break;
	case K64_CSR_minstretcfg:   h->minstretcfg = v & inh_mask(h); break;
	default:
		if (csr < K64_CSR_mcycle) {
			uint64_t ev = v & EV_MASK;
			h->mhpmevent[csr - K64_CSR_mcountinhibit] = (v & (HPM_OF | inh_mask(h))) | (ev <= EV_MODEL_LAST ? ev : 0);
		}
		break;
	}
	if (csr >= K64_CSR_mcycle)
		h->ctr[csr & 31].val = v;
	update(h, &n);
	if (csr >= K64_CSR_mcycle) {
		struct now after = now_at(h, d, true);
		h->ctr[csr & 31].base = source(h, csr & 31, &after);
	}
	return true;
}
