/* The Karu64 cycle model (doc/cycle-model.md; ../shared/spec/karu64.md §2-§4b).
 *
 * Karu64 issues one instruction at a time, in order, with no overlap and no scoreboard (§4b
 * Issue), so an instruction's timing is fully described by the cycle it issues and its i2i, the
 * cycles until the next one may issue. The model keeps two clocks:
 *   t        the earliest cycle the next instruction may issue as far as execution goes;
 *   fetch_t  the earliest cycle the fetch of a new 8-byte word may start: fetch is demand-driven
 *            with one request in flight, requested when the previous instruction issued, or after
 *            a taken branch's redirect (§4b Fetch).
 * An instruction issues at max(t, the arrival of the fetch words it needs); then t = issue + i2i.
 * Every cycle is charged to one cause, so the causes add up to the total (a CPI stack). */

/* The Karu64 cycle model's internals, shared by its units (doc/cycle-model.md, "Code"):
 * params.c the parameters, memsys.c the caches, TLBs and walks, fetch.c the front end,
 * vunit.c the vector, crypto and Keccak units, cost.c one instruction's cost, summary.c the
 * block summaries and the retire path, stats.c the results. The hot helpers are static inline
 * here. Not an interface of the simulator: timing/timing.h is. */
#ifndef K64_TIMING_INTERNAL_H
#define K64_TIMING_INTERNAL_H
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "core/cache.h"
#include "core/hart.h"
#include "timing/timing.h"

#define WORD_NONE (~0ull)
#define KECCAK_GROUP_BITS 2048

struct tm_param_info {
	const char *name, *unit, *meaning;
	uint64_t v[2];
};
extern const struct tm_param_info tm_param_info[K64_P_COUNT];
extern const char *const tm_config_names[2];
extern const char *const tm_cause_names[K64_C_COUNT];

/* The front end's state (§4b Fetch). */
struct fetch {
	uint64_t t;                  /* fetch_t: the earliest cycle the next word's fetch may start */
	uint64_t w0, w1;             /* the two fetch buffers: 8-byte word numbers, w0 the newer */
	uint64_t line;               /* 64-byte line of the last fetched word (its page and I-cache line),
					when another word of it costs fetch_repeat */
};

struct k64_model {
	int config;
	uint64_t p[K64_P_COUNT];
	struct k64_timesource ts;
	struct k64_hart *h;
	bool user_mode;

	uint64_t t;
	unsigned priv;               /* of the batch being timed */
	bool virt;                   /* V of the instructions being timed (changed by traps and xRET only):
					the TLBs are emptied when it changes */
	struct fetch f;
	struct tblk **tb;            /* block summaries (blk->obs_note while blk->obs_gen == gen) */
	uint32_t ntb, captb;
	uint32_t gen;                /* this model's generation of summaries: unique in the process */
	uint64_t cache_flushes;      /* the core's block-cache flushes when the summaries were begun */
	const struct k64_dinsn *pre_d;   /* issue computed early by a counter read in pre_d */
	uint64_t pre_issue;
	uint64_t fetch_refill, fetch_walk;   /* of the fetch stall being accumulated */

	struct k64_cachesim ic, dc, itlb, dtlb;
	struct k64_cachesim iptec, dptec;    /* the MMUs' page-table-entry line caches (real walks) */
	/* the most recently used line or page of each: a repeat is a hit that changes no LRU order */
	uint64_t ic_last, dc_last, itlb_last, dtlb_last;
	uint64_t fetch_repeat;       /* what another word of that line costs to fetch */
	uint64_t b6;                 /* fetch_byte6: 6, the byte offset in a word whose instructions need
					the next word too; else 8 (none) */
	bool fetch_shortcut;         /* I-cache lines of 64 bytes or more (or no I-cache) */
	bool dcache_on;              /* dcache_enable */
	uint64_t ic_flushes;         /* of the I-cache (fence.i): its epoch, with its misses */
	bool memo_ok;                /* an I-cache hit changes nothing (direct-mapped or none): retire_simple */
	uint64_t cause[K64_C_COUNT];
	uint64_t event[K64_EV_COUNT];
	uint64_t cls[K64_IC_COUNT];  /* retired instructions by class; ALU: see class_count */
	uint64_t retired;
	uint64_t traps, keccak_ops[2], keccak_engine[2];   /* [0] 24 rounds, [1] 12 */
	/* cycles by privilege (stats.c): priv_cycles[P] up to the last change of the batches'
	 * privilege, split_priv's own since split_t; priv_entries[P], the changes into P */
	uint64_t priv_cycles[4], priv_entries[4], split_t;
	unsigned split_priv;
	uint64_t xkr_rounds, xkr_moves;  /* xkr.round, xkr.wlane + xkr.rlane retired */
	uint64_t xkr_busy;           /* xkr_round_overlap: the cycle the round-step unit is free */
	/* derived once at attach */
	unsigned g;                  /* granule steps per vector register */
	uint64_t fetch_hit;          /* fetch_overhead + answer latency */
	uint64_t refill_d, refill_i; /* line refills */
	uint64_t walk;               /* assumed table walk (Linux user mode) */
	uint64_t refill_pte;         /* a page-table-entry line refill */
	/* device register regions (k64_model_add_mmio): their hull, for a one-compare miss */
	uint64_t mmio_lo, mmio_span;
	unsigned nmmio;
	struct { uint64_t base, size; } mmio[16];
};

/* A block is timed as segments: a head instruction, timed in full by step(), then a run of
 * instructions whose timing is known when the block is first seen: a cost that depends on
 * nothing dynamic (cost_static) or a scalar load or store whose standard cost (a hit, no split,
 * the data TLB hitting) is checked when it retires, and no fetch beyond another word of the
 * line just fetched (fetch_repeat). In the run, each instruction issues after max(the previous
 * one's cost, fetch_repeat when it needs a new word) (step's recurrence with fetch_t = the
 * previous issue), so the run's length is precomputed; only its first step depends on the
 * head's cost. A load or store that turns out otherwise sends its run through the recurrence
 * with the actual costs. */
struct tseg {
	uint8_t head, end;          /* the run is head+1 .. end (empty when end == head) */
	bool repeat;                /* head+1 fetches another word of the line */
	bool fetches;               /* the run fetches words: the buffers end as w0, w1 */
	uint32_t delta;             /* issue(end) - issue(head+1) with standard costs */
	uint32_t stall;             /* fetch stall of head+2 .. end */
	uint64_t mem;               /* the run's loads and stores (bit i: instruction i) */
	uint64_t w0, w1;
	bool next;                  /* the run has F_NEXT instructions: they fetch word nword */
	uint64_t nword;
};
/* A simple block's remembered outcome (retire_simple): the front-end state it was entered in
 * (the time relative to the fetch time, the fetch buffers, the most recently used I-cache line
 * and I-TLB page, the I-cache's epoch and whether fetches are translated), and the state and
 * stalls it left, relative to the time it was entered at. */
struct tkey { uint64_t rel, w0, w1, line, ic_last, itlb_last, epoch_xl; };
struct tmemo {
	bool valid;
	struct tkey in;
	uint64_t dt, dft;           /* t and fetch_t at exit, less t at entry */
	uint64_t ow0, ow1, oline, oic_last;
	uint64_t stall, stall_ev, ic_hits;
};
struct tblk {
	const struct k64_block *blk;
	uint64_t pc;
	uint32_t n, nseg, ncls;
	uint64_t execs;             /* whole-block retirements not yet folded into the counts (fold) */
	bool xl;                    /* timed as translated (the standard cost of loads and stores) */
	bool simple;                /* static costs and scalar loads and stores only (retire_simple) */
	uint32_t muldiv, fp, smem;  /* cycles the runs (and a simple block's heads) charge to those causes */
	uint64_t mem, load;         /* simple blocks: the loads and stores, the loads (bit i: instruction i) */
	uint64_t smem_all;          /* simple blocks: load_hit or store for each load and store */
	uint8_t size[K64_BLOCK_MAX];   /* simple blocks: the bytes each load or store accesses */
	struct tmemo memo;
	uint8_t kind[K64_BLOCK_MAX];
	uint16_t c[K64_BLOCK_MAX];  /* static or standard cost (0 for the other heads) */
	struct { uint8_t cls, count; } cls[K64_BLOCK_MAX];   /* non-ALU classes of the block */
	struct tseg seg[];
};
#define TBLK_MAX (1u << 20)        /* summaries kept before starting again */
/* How an instruction of a block after the first gets its words, given the one before it:
 * F_NONE, it needs no other word than that one's last; F_REPEAT, one more word of the same
 * 64-byte line (fetch_repeat through the line shortcut); F_NEXT, it starts in the last word,
 * which the buffer holds, and needs the next one of the same line (a 32-bit instruction that
 * crosses into it, or any at byte 6 with fetch_byte6): fetch_word() costs fetch_repeat there
 * too while the I-cache line and the I-TLB page are the most recently used ones, which a run
 * checks on entry (struct tseg). F_OTHER starts a segment. */
enum { F_NONE, F_REPEAT, F_OTHER, F_NEXT };


/* A batch in another privilege than the last one (model_retire; stats.c). */
__attribute__((noinline)) void tm_priv_change(struct k64_model *m, unsigned priv);

/* ---- memory system (memsys.c) ---- */
/* The L1s cache physical 0x8000_0000-0x8FFF_FFFF (§4b). Translated addresses (Linux user mode,
 * S/U-mode with satp on in bare metal and on the board, V mode with vsatp or hgatp on) are
 * virtual: the model sees no physical address, so all of them are taken as cacheable DRAM (xl =
 * the access is translated). */
static inline bool cacheable(const struct k64_model *m, uint64_t a, bool xl)
{
	return m->user_mode || xl || (a >= 0x80000000ull && a < 0x90000000ull);
}

static inline bool translated(const struct k64_model *m, const struct k64_hart *h, unsigned priv)
{
	/* V mode is looked at only with satp Bare: no new work where satp is on or in M */
	return m->user_mode || (priv < K64_PRIV_M && ((h->satp >> 60) != 0 ||
						      (h->obs_virt && ((h->vsatp | h->hgatp) >> 60) != 0)));
}

/* Cache lookup with allocation, through the most-recently-used shortcut. */
static inline bool lookup(struct k64_cachesim *c, uint64_t *last, uint64_t a)
{
	uint64_t ln = a >> c->line_shift;
	if (likely(ln == *last)) {
		c->hits++;
		return true;
	}
	*last = ln;
	return k64_cachesim_access(c, a, true);
}

uint64_t tm_walk(struct k64_model *m, struct k64_cachesim *ptec, uint64_t a, bool virt);
void tm_virt_switch(struct k64_model *m, bool virt);
__attribute__((noinline)) uint64_t tm_tlb_miss(struct k64_model *m, struct k64_cachesim *t, uint64_t a, uint64_t hit_cost);
__attribute__((noinline)) bool tm_mmio_hit(struct k64_model *m, uint64_t a);

static inline __attribute__((always_inline)) uint64_t tlb(struct k64_model *m, struct k64_cachesim *t, uint64_t a,
							   uint64_t hit_cost)
{
	uint64_t *last = t == &m->itlb ? &m->itlb_last : &m->dtlb_last;
	if (likely((a >> t->line_shift) == *last))
		return hit_cost;      /* the most recently used page */
	*last = a >> t->line_shift;
	if (likely(k64_cachesim_access(t, a, true)))
		return hit_cost;
	return tm_tlb_miss(m, t, a, hit_cost);
}

#define MMIO(m, a) (unlikely((a) - (m)->mmio_lo < (m)->mmio_span) && tm_mmio_hit(m, a))

/* A scalar read past its translation (xl: translated): a device register, or the D-cache. */
static inline __attribute__((always_inline)) uint64_t dmem_read(struct k64_model *m, uint64_t a, unsigned size, bool xl)
{
	uint64_t c = 0;
	if (MMIO(m, a))
		return c + m->p[K64_P_mmio_latency];
	uint64_t last = a + size - 1;
	bool split = (a >> 3) != (last >> 3);
	if (split) {
		c += m->p[K64_P_split_beat];
		m->cause[K64_C_SMEM] += m->p[K64_P_split_beat];
	}
	if (!m->p[K64_P_dcache_enable] || !cacheable(m, a, xl)) {
		uint64_t u = (m->p[K64_P_mem_read] + m->p[K64_P_refill_overhead]) * (split ? 2 : 1);
		m->cause[K64_C_CMISS] += u;
		m->event[K64_EV_MEM_STALL] += u;
		return c + u;
	}
	for (uint64_t l = a >> m->dc.line_shift; l <= last >> m->dc.line_shift; l++)
		if (!lookup(&m->dc, &m->dc_last, l << m->dc.line_shift)) {
			c += m->refill_d;
			m->cause[K64_C_CMISS] += m->refill_d;
			m->event[K64_EV_DCACHE_MISS]++;
			m->event[K64_EV_MEM_STALL] += m->refill_d;
		}
	return c;
}

/* A scalar data read of size bytes at a: cycles beyond the hit latency (refills, TLB). */
static inline __attribute__((always_inline)) uint64_t data_read(struct k64_model *m, struct k64_hart *h, unsigned priv, uint64_t a, unsigned size)
{
	uint64_t c = 0;
	bool xl = translated(m, h, priv);
	if (xl) {
		c += tlb(m, &m->dtlb, a, m->p[K64_P_tlb_hit]);
		m->cause[K64_C_TLB] += m->p[K64_P_tlb_hit];
	}
	return c + dmem_read(m, a, size, xl);
}

/* A scalar write-through (no write-allocate) past its translation: cycles beyond `store`. */
static inline __attribute__((always_inline)) uint64_t dmem_write(struct k64_model *m, uint64_t a, unsigned size, bool xl)
{
	uint64_t c = 0;
	if (MMIO(m, a))
		return c + m->p[K64_P_mmio_latency];
	uint64_t last = a + size - 1;
	unsigned beats = (a >> 3) != (last >> 3) ? 2 : 1;
	c += beats * m->p[K64_P_mem_write] + (beats - 1) * m->p[K64_P_split_beat];
	m->cause[K64_C_SMEM] += beats * m->p[K64_P_mem_write] + (beats - 1) * m->p[K64_P_split_beat];
	m->event[K64_EV_MEM_STALL] += beats * m->p[K64_P_mem_write];
	if (m->p[K64_P_dcache_enable] && cacheable(m, a, xl))
		for (uint64_t l = a >> m->dc.line_shift; l <= last >> m->dc.line_shift; l++)
			if (l != m->dc_last)
				(void)k64_cachesim_access(&m->dc, l << m->dc.line_shift, false);   /* updated if present */
	return c;
}

/* A scalar write-through (no write-allocate): cycles beyond `store`. */
static inline __attribute__((always_inline)) uint64_t data_write(struct k64_model *m, struct k64_hart *h, unsigned priv, uint64_t a, unsigned size)
{
	uint64_t c = 0;
	bool xl = translated(m, h, priv);
	if (xl) {
		c += tlb(m, &m->dtlb, a, m->p[K64_P_tlb_hit]);
		m->cause[K64_C_TLB] += m->p[K64_P_tlb_hit];
	}
	return c + dmem_write(m, a, size, xl);
}

/* HLV, HLVX, HSV (memsys.c). */
uint64_t tm_hyp_access(struct k64_model *m, uint64_t a, unsigned size, bool store);

/* ---- front end (fetch.c) ---- */
/* The last 8-byte word instruction d needs: the word holding its last byte, or with fetch_byte6
 * the next word for any instruction starting at byte 6, 16-bit ones included (the fetch unit
 * requests the following word before it hands over an instruction there, §4b). */
static inline uint64_t last_word(const struct k64_model *m, const struct k64_dinsn *d)
{
	return (d->pc + ((d->pc & 7) == m->b6 ? 4u : d->len) - 1) >> 3;
}

__attribute__((noinline)) uint64_t tm_fetch_miss(struct k64_model *m, uint64_t a);
__attribute__((noinline)) uint64_t tm_fetch_apportion(struct k64_model *m, uint64_t stall);

static inline uint64_t fetch_word(struct k64_model *m, struct k64_hart *h, struct fetch *f, uint64_t w, uint64_t start)
{
	uint64_t a = w << 3, t = start;
	bool xl = translated(m, h, h->priv);
	if (xl)
		t += tlb(m, &m->itlb, a, 0);   /* the translation register is part of fetch_overhead */
	bool cache = m->p[K64_P_icache_enable] && cacheable(m, a, xl);
	if (cache) {
		t += m->fetch_hit;
		uint64_t ln = a >> m->ic.line_shift;
		if (ln != m->ic_last) {
			m->ic_last = ln;
			t += tm_fetch_miss(m, a);
		}
	} else {
		t += m->p[K64_P_fetch_overhead] + m->p[K64_P_mem_read];
	}
	f->w1 = f->w0;
	f->w0 = w;
	f->line = m->fetch_shortcut && (cache || !m->p[K64_P_icache_enable]) ? a >> 6 : WORD_NONE;
	return t;
}

/* The cycle the words holding d arrive (fetching what the buffers lack), given that some are
 * missing: another word of the last fetched line costs fetch_repeat. */
static inline uint64_t fetch_insn(struct k64_model *m, struct k64_hart *h, struct fetch *f, const struct k64_dinsn *d)
{
	uint64_t w0 = d->pc >> 3, w1 = last_word(m, d);
	if (likely(w1 == w0 && (w0 >> 3) == f->line && w0 != f->w1)) {
		f->w1 = f->w0;
		f->w0 = w0;
		return f->t += m->fetch_repeat;
	}
	uint64_t ready = f->t;
	bool first = w0 != f->w0 && w0 != f->w1;
	if (first)
		ready = fetch_word(m, h, f, w0, ready);
	/* with both missing (a redirect to byte 6) the fetch unit requests the second word as the
	 * first reaches its buffer, fetch_handover before the instruction could have issued */
	if (w1 != w0 && w1 != f->w0)
		ready = fetch_word(m, h, f, w1, first ? ready - m->p[K64_P_fetch_handover] : ready);
	return f->t = ready;
}

/* The cycle instruction d issues: after t, and after the words holding it arrived. */
static inline uint64_t issue_of(struct k64_model *m, struct k64_hart *h, const struct k64_dinsn *d)
{
	uint64_t w0 = d->pc >> 3, w1 = last_word(m, d);
	if (likely(w0 == m->f.w0 && w1 == w0))
		return m->t;
	uint64_t ready = fetch_insn(m, h, &m->f, d);
	return ready > m->t ? ready : m->t;
}

/* ---- vector units (vunit.c) ---- */
static inline unsigned vsew_bytes(uint64_t vtype) { return 1u << ((vtype >> 3) & 3); }
static inline int vlmul_log2(uint64_t vtype) { int l = (int)(vtype & 7); return l >= 4 ? l - 8 : l; }
static inline uint64_t regs(int emul) { return emul <= 0 ? 1 : 1ull << (emul > 3 ? 3 : emul); }
static inline uint64_t cdiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

uint64_t tm_vmem(struct k64_model *m, struct k64_hart *h, const struct k64_dinsn *d, const struct k64_retire *r, bool store);
uint64_t tm_vcrypto(struct k64_model *m, struct k64_hart *h, const struct k64_dinsn *d, const struct k64_retire *r,
		    uint64_t latency, bool iterative);
uint64_t tm_vkeccak(struct k64_model *m, struct k64_hart *h, const struct k64_dinsn *d, const struct k64_retire *r);
uint64_t tm_xkround(struct k64_model *m, const struct k64_dinsn *d, uint64_t issue);
uint64_t tm_vector(struct k64_model *m, struct k64_hart *h, const struct k64_dinsn *d, const struct k64_retire *r);

/* ---- one instruction (cost.c) ---- */
/* sfence.vma, Svinval's sinval.vma, and the hypervisor's hfence.vvma/gvma and hinval.vvma/gvma:
 * the model's TLBs and page-table-entry caches are flushed whole (they hold no ASIDs or VMIDs in
 * the model; doc/cycle-model.md). */
static inline bool tlb_fence(const struct k64_dinsn *d)
{
	return d->cls == K64_IC_SYSTEM && d->desc->tm.form == K64_IF_TLBFLUSH;
}

/* The cost of the instructions whose cost depends on nothing but the instruction and the
 * parameters, and the cause it is charged to (K64_C_INT: the residual, not charged); false
 * for the others. */
static inline bool cost_static(const struct k64_model *m, const struct k64_dinsn *d, uint64_t *c, enum k64_cause *cause)
{
	const uint64_t *p = m->p;
	*cause = K64_C_INT;
	switch (d->cls) {
	case K64_IC_ALU: case K64_IC_BRANCH: case K64_IC_JAL: case K64_IC_JALR: case K64_IC_CSR:
	case K64_IC_VSET: case K64_IC_ILLEGAL:
		*c = p[K64_P_alu];
		return true;
	case K64_IC_FENCE: case K64_IC_SYSTEM:
		*c = p[K64_P_fence];
		/* those flush the TLBs, and mret and sret may change V: cost() */
		return !tlb_fence(d) && d->desc->tm.form != K64_IF_XRET;
	case K64_IC_MUL: case K64_IC_DIV:
		*c = p[K64_P_multicycle] + p[d->cls == K64_IC_MUL ? K64_P_mul_latency : K64_P_div_latency];
		*cause = K64_C_MULDIV;
		return true;
	case K64_IC_FMISC: case K64_IC_FADD: case K64_IC_FCVT:
		*c = p[K64_P_multicycle] + p[K64_P_fadd_latency];
		*cause = K64_C_FP;
		return true;
	case K64_IC_FMUL: case K64_IC_FMA:
		*c = p[K64_P_multicycle] + (d->desc->tm.eew == 8 ? p[K64_P_fmul_d_latency] : p[K64_P_fmul_s_latency]);
		*cause = K64_C_FP;
		return true;
	case K64_IC_FDIV: case K64_IC_FSQRT:
		*c = p[K64_P_multicycle] + (d->desc->tm.eew == 8 ? p[K64_P_fdiv_d_latency] : p[K64_P_fdiv_s_latency]);
		*cause = K64_C_FP;
		return true;
	default:
		return false;
	}
}

uint64_t tm_cost(struct k64_model *m, struct k64_hart *h, const struct k64_dinsn *d, const struct k64_retire *r, uint64_t issue);

/* The cycle d issues: at `issue` (its predecessor's issue plus cost) or when the words holding
 * it arrive, fetching what the buffers lack; the wait is added to the fetch stall. The fetch
 * state is the caller's local (stores through m would serialise the loop; tm_cost() and the miss
 * paths never touch it). */
static inline __attribute__((always_inline)) uint64_t issue_at(struct k64_model *m, struct k64_hart *h,
								const struct k64_dinsn *d, uint64_t issue, struct fetch *f,
								uint64_t *stall, uint64_t *stall_ev)
{
	uint64_t pc = d->pc;
	bool pre = unlikely(d == m->pre_d);
	if (pre || unlikely((pc >> 3) != f->w0 || last_word(m, d) != f->w0)) {
		/* a counter read in d computed its issue already (model_cycles) */
		uint64_t ready = pre ? m->pre_issue : fetch_insn(m, h, f, d);
		m->pre_d = pre ? NULL : m->pre_d;
		if (ready > issue) {
			*stall_ev += ready - issue;
			*stall += unlikely(m->fetch_refill | m->fetch_walk) ? tm_fetch_apportion(m, ready - issue) : ready - issue;
			issue = ready;
		} else if (unlikely(m->fetch_refill | m->fetch_walk)) {
			m->fetch_refill = m->fetch_walk = 0;
		}
	}
	return issue;
}

/* A scalar load or store: its cache and TLB effects, and its cost. */
static inline __attribute__((always_inline)) uint64_t access(struct k64_model *m, struct k64_hart *h, uint64_t a,
							     unsigned size, bool load)
{
	return load ? m->p[K64_P_load_hit] + data_read(m, h, m->priv, a, size)
		    : m->p[K64_P_store] + data_write(m, h, m->priv, a, size);
}

/* One instruction: its issue and cost; t is the caller's local. Returns the cost. */
static inline __attribute__((always_inline)) uint64_t step(struct k64_model *m, struct k64_hart *h,
							    const struct k64_dinsn *d, const struct k64_retire *r,
							    uint64_t *t, struct fetch *f, uint64_t *stall, uint64_t *stall_ev)
{
	uint64_t issue = issue_at(m, h, d, *t, f, stall, stall_ev);
	/* ALU, branches and jumps (the common case) cost `alu`, charged to the integer cause,
	 * which k64_model_cause computes as what the other causes leave of the total */
	unsigned k = d->cls;
	uint64_t c = m->p[K64_P_alu];
	if (k == K64_IC_LOAD || k == K64_IC_STORE) {
		unsigned size = d->desc->mem_size ? d->desc->mem_size : 8;
		c = access(m, h, r->pre_rs1 + (uint64_t)d->imm, size, k == K64_IC_LOAD);
		m->cause[K64_C_SMEM] += m->p[k == K64_IC_LOAD ? K64_P_load_hit : K64_P_store];
	} else if (k > K64_IC_JALR) {
		c = tm_cost(m, h, d, r, issue);
		if (unlikely(k == K64_IC_FENCE_I))
			f->w0 = f->w1 = f->line = WORD_NONE;
	}
	*t = issue + c;
	f->t = issue;
	return c;
}

/* ---- shared between units ---- */
uint32_t tm_new_gen(void);
void tm_fold(struct k64_model *m);
#endif
