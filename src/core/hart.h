/* The hart: architectural state, the pre-decoded instruction form, the block cache and the
 * guest-memory fast paths. Everything that executes instructions includes this file. */
#ifndef K64_CORE_HART_H
#define K64_CORE_HART_H
#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include "core/csr.h"
#include "core/isa.h"
#include "core/observe.h"
#include "mem/mem.h"

#define likely(x)   __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#define K64_NORETURN __attribute__((noreturn))
#define K64_COLD __attribute__((cold, noinline))

#define K64_VLEN_MAX 4096
#define K64_XSINK 32           /* x[32] receives writes to x0 (see k64_dinsn.rd) */

/* Exception causes (privileged spec, mcause). */
enum {
	K64_CAUSE_MISALIGNED_FETCH = 0, K64_CAUSE_FETCH_ACCESS = 1, K64_CAUSE_ILLEGAL = 2,
	K64_CAUSE_BREAKPOINT = 3, K64_CAUSE_MISALIGNED_LOAD = 4, K64_CAUSE_LOAD_ACCESS = 5,
	K64_CAUSE_MISALIGNED_STORE = 6, K64_CAUSE_STORE_ACCESS = 7, K64_CAUSE_ECALL_U = 8,
	K64_CAUSE_ECALL_S = 9, K64_CAUSE_ECALL_M = 11, K64_CAUSE_FETCH_PAGE = 12,
	K64_CAUSE_LOAD_PAGE = 13, K64_CAUSE_STORE_PAGE = 15,
	/* the hypervisor extension (H, privileged spec chapter 21) */
	K64_CAUSE_ECALL_VS = 10, K64_CAUSE_FETCH_GUEST = 20, K64_CAUSE_LOAD_GUEST = 21,
	K64_CAUSE_VIRTUAL = 22, K64_CAUSE_STORE_GUEST = 23,
};
enum { K64_PRIV_U = 0, K64_PRIV_S = 1, K64_PRIV_M = 3 };
#define K64_IRQ_LCOFI 13       /* Sscofpmf local counter-overflow interrupt (mip/mie bit, cause) */

struct k64_hart;
struct k64_dinsn;
struct k64_bus;

/* A debugger's breakpoints and stop requests (core/debug.c); the hart has none (h->dbg = NULL)
 * until a debugger sets a breakpoint or single-steps. */
struct k64_debug {
	uint64_t *bp;                /* breakpoint addresses */
	unsigned n, cap;
	bool step;                   /* single-stepping: a trap taken also ends the step */
	bool stop;                   /* the run ends at the next boundary */
	bool hit;                    /* ... because a breakpoint was reached (pc = its address) */
};

typedef void (*k64_exec_fn)(struct k64_hart *h, const struct k64_dinsn *d);

/* One pre-decoded instruction. Fields are extracted once at decode; `raw` keeps the original
 * word (16 bits for compressed instructions, whose other fields describe the 32-bit expansion). */
struct k64_dinsn {
	const void *thr;    /* functional dispatch loop's code for op (set when the block is built) */
	uint16_t op;        /* dispatch index: an inline op of core/dispatch.c or K64_OP_CALL */
	uint8_t rd;         /* for instructions that write x[rd]: K64_XSINK when rd = x0 */
	uint8_t rs1, rs2, rs3;
	uint8_t len;        /* 2 or 4 */
	uint8_t rm;         /* bits 14:12 (funct3 / FP rounding mode) */
	uint8_t idx;        /* position in its block */
	uint8_t left;       /* instructions from this one to the end of its block, this one included */
	uint8_t cls;        /* enum k64_iclass (core/observe.h), for observers */
	uint32_t raw;
	uint32_t word;      /* the 32-bit form (expansion of a compressed instruction) */
	int64_t imm;
	uint64_t pc;
	k64_exec_fn fn;     /* for K64_OP_CALL */
	const struct k64_insn_desc *desc;
};

/* Instruction table entry: encoding, required extension, operand format, semantics, and the
 * class and timing facts it declares for observers. */
enum k64_fmt { K64_FMT_NONE, K64_FMT_R, K64_FMT_I, K64_FMT_S, K64_FMT_B, K64_FMT_U, K64_FMT_J,
	       K64_FMT_SH, K64_FMT_CSR, K64_FMT_R4 };
enum {
	K64_F_END   = 1,    /* ends a block (control flow, traps, CSR side effects, fence.i) */
	K64_F_WX    = 2,    /* writes x[rd] */
	K64_F_WF    = 4,    /* writes f[rd] */
	K64_F_WV    = 8,    /* writes vector registers */
	K64_F_LOAD  = 16,
	K64_F_STORE = 32,
	K64_F_FP    = 64,   /* needs mstatus.FS != Off */
	K64_F_VEC   = 128,  /* needs mstatus.VS != Off */
};
struct k64_insn_desc {
	const char *name;
	uint32_t match, mask;
	uint8_t ext;        /* enum k64_ext that must be enabled */
	uint8_t fmt;        /* enum k64_fmt */
	uint16_t flags;
	uint16_t op;        /* inline op, or K64_OP_CALL with fn */
	k64_exec_fn fn;
	const char *args;   /* disassembly operands, see core/disasm.c */
	uint8_t mem_size;   /* bytes accessed by scalar loads/stores/AMOs (trace) */
	struct k64_itime tm;   /* its class and timing facts, for observers (core/observe.h) */
};
#define K64_OP_CALL 0

struct k64_block {
	uint64_t pc;
	struct k64_block *hnext;     /* hash chain */
	struct k64_block *succ[2];   /* chained successors: [0] taken/target, [1] fall-through */
	uint32_t n;                  /* instructions (the trailing K64_OP_FALL, if any, not counted) */
	uint32_t obs_gen;            /* an observer's (the timing model's) note on the block, valid while */
	void *obs_note;              /* obs_gen is the observer's generation: 0 and NULL when built */
	uint64_t key;                /* h->fetch_key it was fetched under (bit 63 clear: untranslated) */
	const void *jit_code;        /* its translation (jit/), NULL = none */
	uint32_t jit_hits;           /* counted entries while untranslated (jit/) */
	struct k64_dinsn d[];
};

/* Software TLB: guest page -> host address. An entry's tag is the guest page number, or ~0. */
#define K64_TLB_SIZE 256
struct k64_tlb_entry { uint64_t tag_r, tag_w; intptr_t addend; uint64_t pad; /* 32 bytes: index by shift */ };

/* Front-end hooks: the core calls them, never the other way round. */
struct k64_frontend {
	void *ctx;
	/* Called for every exception in the front-end's emulation domain (Linux user mode: all of
	 * them, ecall = system call). Returns true if handled (pc etc. updated), false to take the
	 * architectural trap (bare metal). */
	bool (*trap)(void *ctx, struct k64_hart *h, uint64_t cause, uint64_t tval);
	/* Store to a page marked K64_PERM_WATCH (after the store is done). */
	void (*watch)(void *ctx, struct k64_hart *h, uint64_t addr, unsigned size);
	/* Called at a block boundary once instret >= h->fe_boundary_at (Linux user mode: a
	 * thread's quantum is over); it sets the next fe_boundary_at (0 = none). */
	void (*boundary)(void *ctx, struct k64_hart *h);
	/* Full system (board/): wfi found no pending enabled interrupt at cycle/instret `now`
	 * (k64_now); the board may let time pass until its next event. NULL: wfi is a nop. */
	void (*wfi)(void *ctx, struct k64_hart *h, uint64_t now);
	/* A timer comparator in the core changed (stimecmp): the board reschedules its checks. */
	void (*timer)(void *ctx, struct k64_hart *h);
};

/* A counter is frozen at val, or (running) val + (source now - base), where the source is the
 * cycle count, the retired-instruction count or an event count (core/pmu.c). */
struct k64_counter { uint64_t val, base; };

struct k64_hart {
	uint64_t x[33];
	uint64_t pc;
	uint64_t f[32];
	uint32_t fflags, frm;
	uint32_t priv;
	uint32_t fp_ok;              /* K64_FP_OK_*: FP/vector instructions run without a state change (below) */

	uint64_t instret;            /* retired instructions; exact at block boundaries */
	uint64_t limit;              /* dispatch returns at a block boundary once instret >= limit */
	uint64_t max_insns;          /* 0 = none */
	uint64_t fe_boundary_at;     /* instret at which fe.boundary is called; 0 = none */
	bool stopped;                /* a front-end ended the run (exit) */
	int exit_code;
	bool flush_pending;          /* code was modified: drop the block cache at the next boundary */

	bool resv_valid;             /* LR/SC reservation */
	uint64_t resv_addr;

	/* vector state (RVV 1.0; see src/vector/) */
	uint64_t vl, vtype, vstart;
	uint32_t vxrm, vxsat;
	unsigned vlen, vlenb;
	bool vagnostic_ones;         /* tail/mask-agnostic elements become all ones (else undisturbed) */
	uint8_t zvknhk_version;      /* 1 = draft v0.1, 2 = v0.2 rules */

	/* xkround (doc/xkround.md): the round-step unit's private 1600-bit state, lane A[x,y] at
	 * xkr[x + 5y]. Part of the hart, not of any architectural register file: no CSR, no
	 * signal frame, no context switch saves it. Zero at reset. */
	uint64_t xkr[25];

	/* privileged state (M-mode; see core/priv.c) */
	uint64_t mstatus, misa, medeleg, mideleg, mie, mip, mtvec, mscratch, mepc, mcause, mtval;
	uint64_t mcounteren, mcountinhibit, menvcfg;
	uint64_t pmpcfg[16], pmpaddr[64];
	uint64_t stvec, sscratch, sepc, scause, stval, satp, scounteren, senvcfg;
	/* translation context (core/mmu.c, recomputed by k64_mmu_sync) */
	uint16_t satp_modes;         /* bit MODE set for each supported satp.MODE (8 = Sv39, ...) */
	bool xl_data;                /* loads and stores are translated */
	uint8_t xl_dpriv;            /* their effective privilege (MPRV) */
	uint64_t fetch_key;          /* the decoded blocks' key; bit 63: fetch is translated (core/mmu.c) */
	uint64_t mmu_dkey, mmu_satp; /* what the TLB was filled under */
	uint64_t time_base;          /* host or virtual clock origin, see core/csr.c */
	bool virtual_clock;

	struct k64_isa isa;
	struct k64_mem *mem;
	struct k64_frontend fe;

	/* dispatch */
	const struct k64_block *cur;     /* unused: instructions carry their own position (k64_dinsn.left) */
	uint64_t trap_cause, trap_tval;
	bool trap_pending;
	uint64_t trap_streak, trap_streak_instret;  /* consecutive traps with no retirement */
	uint64_t ialign_mask;            /* 2 without C (IALIGN = 32), else 0 */
	jmp_buf jmp;
	struct k64_cache *cache;
	const void *const *thr;          /* labels of the loop the cached blocks are built for (core/dispatch.c) */
	/* observers (core/observe.h): the observed loop runs while nobs > 0 */
	struct k64_observer obs[K64_MAX_OBSERVERS];
	unsigned nobs;
	bool obs_live;                   /* an observer wants each record at once */
	/* the records of the current block, at the index of their instruction (k64_dinsn.idx);
	 * rec[rec_base .. ] are not delivered yet */
	unsigned rec_base, nrec;
	struct k64_retire rec[K64_RETIRE_BATCH];
	struct k64_block *obs_blk;       /* observed mode: the current block */
	/* observed mode: privilege of the current block's instructions, and whether the last record
	 * transferred control; written separately, so not two adjacent bytes (a load of both
	 * would wait for both stores: no store forwarding) */
	unsigned obs_priv;
	uint8_t obs_virt;
	unsigned obs_taken;
	struct k64_acc *acc;             /* vector access log of the current instruction (observed mode) */
	uint32_t acc_n;
	const struct k64_timesource *ts; /* NULL: functional time (cycles = instructions) */
	uint64_t mem_gen;                /* mem->gen the TLB was filled under */

	struct k64_tlb_entry tlb[K64_TLB_SIZE];

	/* Vector registers, each vlenb bytes, packed: a register group is contiguous, and
	 * register r starts at vreg + r * vlenb. */
	_Alignas(64) uint8_t vreg[32 * (K64_VLEN_MAX / 8)];

	/* cold, last so that the layout of everything above is unchanged */
	struct k64_bus *bus;             /* memory-mapped devices (dev/bus.h), NULL = none */
	/* Interrupt lines driven by devices (board/: CLINT MSIP/MTIP, PLIC MEIP/SEIP) and by Sstc
	 * (STIP): mip as read is h->mip | h->irq_lines (k64_priv_set_lines). */
	uint64_t irq_lines;
	uint64_t stimecmp;               /* Sstc */
	uint64_t time_skip;              /* ticks the board let pass in wfi (added to time) */
	struct k64_debug *dbg;           /* debugger state (core/debug.c), NULL = none */
	/* PMP (core/pmp.c): pmp_n entries exist (--pmp; 0 in Linux user mode) */
	unsigned pmp_n;
	bool pmp_locked;                 /* an entry has L set: M-mode accesses are checked too */
	/* counters (core/pmu.c): [0] mcycle, [2] minstret, [3..31] mhpmcounterN */
	struct k64_counter ctr[32];
	uint64_t mhpmevent[32];          /* [3..31]: OF, MINH, SINH, UINH and the event number */
	uint64_t mcyclecfg, minstretcfg; /* Smcntrpmf: MINH, SINH, UINH */
	uint32_t ctr_running;            /* bit i: ctr[i] counts in the current privilege */
	uint32_t ctr_filtered;           /* bit i: ctr[i] has a privilege filter (priv changes matter) */
	uint64_t pmu_deadline;           /* instret at which to look for an overflow (0 = none) */
	uint64_t mstateen[4], sstateen[4];
	/* The hypervisor extension (core/hyp.c): V (virt) with h->priv the nominal privilege (VS = S,
	 * VU = U), the HS-level and VS-level CSRs. hvip's bits live in mip (VSSIP, VSTIP, VSEIP);
	 * vstimecmp drives irq_lines' VSTIP; vsie is mie's VS bits. */
	uint8_t virt;
	uint8_t xl_v;                    /* loads and stores are translated in two stages (V, or MPRV with MPV) */
	bool csr_virt;                   /* a CSR check found a virtual-instruction case (core/csr.c raises it) */
	bool trap_hlv;                   /* a hypervisor load/store is running: its faults are guest addresses */
	uint64_t trap_gpa;               /* the guest physical address of the last guest-page fault */
	uint64_t trap_tinst;             /* ... and what htinst/mtinst get for it */
	uint64_t hstatus, hedeleg, hideleg, hcounteren, htval, htinst, hgatp, henvcfg, htimedelta;
	uint64_t hstateen[4];
	uint64_t vsstatus, vstvec, vsscratch, vsepc, vscause, vstval, vsatp, vstimecmp;
	uint64_t mtval2, mtinst;
	uint64_t mmu_hgatp;              /* what the TLB was filled under (with mmu_satp = vsatp) */
	struct { uint64_t vsatp, hgatp; } vctx[16];   /* V-mode fetch contexts: index = fetch_key's id */
	unsigned nvctx;
	struct k64_jit *jit;             /* the translator (jit/, doc/jit.md), NULL = interpreter only */
};

static inline uint8_t *k64_vr(struct k64_hart *h, unsigned r) { return h->vreg + (size_t)r * h->vlenb; }

/* ---- traps -------------------------------------------------------------------------------- */
/* Raise an exception at instruction d: unwinds to the dispatch loop (d has not retired). */
K64_NORETURN void k64_raise(struct k64_hart *h, const struct k64_dinsn *d, uint64_t cause, uint64_t tval);
static inline K64_NORETURN void k64_illegal(struct k64_hart *h, const struct k64_dinsn *d)
{
	k64_raise(h, d, K64_CAUSE_ILLEGAL, d->raw);
}
/* End the block after d retired (d's effects done): pc = next instruction. */
K64_NORETURN void k64_exit_after(struct k64_hart *h, const struct k64_dinsn *d);
/* Takes an exception now (pc = faulting instruction): front-end first, else architecturally. */
void k64_take_trap(struct k64_hart *h, uint64_t cause, uint64_t tval);
/* Debugger (core/debug.c): breakpoints by address (0, or -1 when out of memory / not set);
 * k64_debug_trap stops the run at one (true) or ends a single step after a trap. */
bool k64_debug_is_bp(const struct k64_debug *g, uint64_t pc);
struct k64_debug *k64_debug_get(struct k64_hart *h);   /* allocated on first use; NULL: no memory */
int k64_debug_insert(struct k64_hart *h, uint64_t pc);
int k64_debug_remove(struct k64_hart *h, uint64_t pc);
bool k64_debug_trap(struct k64_hart *h, uint64_t cause, uint64_t tval);
void k64_debug_free(struct k64_hart *h);
/* Architectural trap into M-mode (core/priv.c). */
void k64_priv_trap(struct k64_hart *h, uint64_t cause, uint64_t tval);

/* Retired-instruction count as seen by instruction d (which has not retired yet). */
static inline uint64_t k64_instret_at(const struct k64_hart *h, const struct k64_dinsn *d)
{
	return h->instret - d->left;
}

/* FP/vector enable checks (mstatus.FS/VS, and vsstatus.FS/VS in V mode); mark the state dirty.
 * h->fp_ok has K64_FP_OK_FS (K64_FP_OK_VS) set while the state is already Dirty everywhere it
 * is tracked, so that the common case is one test; k64_fpvs_enable (core/priv.c) does the rest
 * and k64_fpvs_sync recomputes fp_ok after mstatus, vsstatus or V changed. */
#define K64_MSTATUS_FS (3ull << 13)
#define K64_MSTATUS_VS (3ull << 9)
#define K64_MSTATUS_SD (1ull << 63)
#define K64_FP_OK_FS 1u
#define K64_FP_OK_VS 2u
void k64_fpvs_enable(struct k64_hart *h, const struct k64_dinsn *d, uint64_t field);
void k64_fpvs_sync(struct k64_hart *h);
static inline void k64_require_fp(struct k64_hart *h, const struct k64_dinsn *d)
{
	if (unlikely(!(h->fp_ok & K64_FP_OK_FS)))
		k64_fpvs_enable(h, d, K64_MSTATUS_FS);
}
static inline void k64_require_vec(struct k64_hart *h, const struct k64_dinsn *d)
{
	if (unlikely(!(h->fp_ok & K64_FP_OK_VS)))
		k64_fpvs_enable(h, d, K64_MSTATUS_VS);
}

/* ---- guest memory -------------------------------------------------------------------------- */
/* Slow paths (core/memory.c): permission checks, TLB refill, watched pages, faults. */
uint64_t k64_load_slow(struct k64_hart *h, const struct k64_dinsn *d, uint64_t a, unsigned size);
void k64_store_slow(struct k64_hart *h, const struct k64_dinsn *d, uint64_t a, unsigned size, uint64_t v);
/* Host pointer for an access of `size` bytes at a (size <= 4096, may cross one page), checking
 * permissions and raising the architectural fault otherwise. For vector and AMO code. */
void *k64_access(struct k64_hart *h, const struct k64_dinsn *d, uint64_t a, unsigned size, bool write);
void k64_tlb_flush(struct k64_hart *h);
/* True if [a, a + len) can be accessed through one host pointer without a fault (no side
 * effects; len <= 4096). */
bool k64_probe(struct k64_hart *h, uint64_t a, uint64_t len, bool write);
/* After a store to guest physical [pa, pa + size) on a page with permission bits perm: decoded
 * code and watched pages (core/memory.c). */
void k64_note_store(struct k64_hart *h, uint64_t pa, unsigned size, unsigned perm);

/* PMP (core/pmp.c): the permissions (K64_PERM_R/W/X) PMP gives privilege priv on every byte of
 * [pa, pa + len); k64_pmp_update after pmpcfg changed. Only the slow paths ask. */
unsigned k64_pmp_perms(const struct k64_hart *h, uint64_t pa, uint64_t len, unsigned priv);
void k64_pmp_update(struct k64_hart *h);
static inline bool k64_pmp_on(const struct k64_hart *h, unsigned priv)
{
	return h->pmp_n && (priv < K64_PRIV_M || h->pmp_locked);
}
static inline bool k64_pmp_ok(const struct k64_hart *h, uint64_t pa, uint64_t len, unsigned acc, unsigned priv)
{
	return !k64_pmp_on(h, priv) || (k64_pmp_perms(h, pa, len, priv) & acc) == acc;
}
/* What PMP lets priv do on all of pa's 4 KiB page (the TLB caches pages). */
static inline unsigned k64_pmp_page(const struct k64_hart *h, uint64_t pa, unsigned priv)
{
	return k64_pmp_on(h, priv) ? k64_pmp_perms(h, pa & ~(uint64_t)(K64_PAGE_SIZE - 1), K64_PAGE_SIZE, priv)
				   : K64_PERM_RWX;
}

/* Virtual memory (core/mmu.c). k64_mmu_sync recomputes the translation context after priv,
 * mstatus or satp changed (and flushes the TLB if it changed). The others are the translated
 * forms of the slow paths above, used while h->xl_data is set. */
void k64_mmu_sync(struct k64_hart *h);
uint64_t k64_mmu_load(struct k64_hart *h, const struct k64_dinsn *d, uint64_t a, unsigned size);
void k64_mmu_store(struct k64_hart *h, const struct k64_dinsn *d, uint64_t a, unsigned size, uint64_t v);
void *k64_mmu_access(struct k64_hart *h, const struct k64_dinsn *d, uint64_t a, unsigned size, bool write);
bool k64_mmu_probe(struct k64_hart *h, uint64_t a, uint64_t len, bool write);
/* Instruction fetch at va (priv = h->priv): 0 and the physical address, or the fault's cause. */
uint64_t k64_mmu_fetch(struct k64_hart *h, uint64_t va, uint64_t *pa);
/* sfence.vma, sinval.vma: drop cached translations and the decoded blocks. */
void k64_mmu_fence(struct k64_hart *h);
/* A debugger's translation of va (no rights checked, no side effects); false if unmapped. */
bool k64_mmu_debug_translate(struct k64_hart *h, uint64_t va, uint64_t *pa);
/* The most PTEs one walk reads: Sv57 over Sv57x4, 5 VS-stage levels each after a 5-level G-stage
 * walk of its address, then the final G-stage walk: 5 x (5 + 1) + 5. */
#define K64_WALK_PTES_MAX 35
/* The physical addresses of the PTEs a walk of va reads, in order (a timing model's walk; virt:
 * the two-stage walk under vsatp and hgatp). */
unsigned k64_mmu_walk_ptes(struct k64_hart *h, uint64_t va, bool virt, uint64_t ptes[K64_WALK_PTES_MAX]);

#define K64_TLB_IDX(a) (((a) >> K64_PAGE_SHIFT) & (K64_TLB_SIZE - 1))
/* &h->tlb[K64_TLB_IDX(a)] as one shift and one mask (entries are 32 bytes). */
#define K64_TLB_ENTRY(h, a) ((const struct k64_tlb_entry *)((const char *)(h)->tlb + \
	(((a) >> (K64_PAGE_SHIFT - 5)) & ((K64_TLB_SIZE - 1) << 5))))
_Static_assert(sizeof(struct k64_tlb_entry) == 32, "K64_TLB_ENTRY assumes 32-byte entries");

/* The fast path: one tag compare that also rejects page-crossing accesses. */
#define K64_DEFINE_LOAD(name, type, size)                                                       \
	static inline uint64_t name(struct k64_hart *h, const struct k64_dinsn *d, uint64_t a)  \
	{                                                                                        \
		const struct k64_tlb_entry *e = K64_TLB_ENTRY(h, a);                             \
		if (likely(e->tag_r == ((a + (size) - 1) >> K64_PAGE_SHIFT))) {                  \
			type v;                                                                  \
			memcpy(&v, (const void *)(uintptr_t)(a + e->addend), size);              \
			return (uint64_t)v;                                                      \
		}                                                                                \
		return (uint64_t)(type)k64_load_slow(h, d, a, size);                             \
	}
K64_DEFINE_LOAD(k64_ld_u8, uint8_t, 1)
K64_DEFINE_LOAD(k64_ld_u16, uint16_t, 2)
K64_DEFINE_LOAD(k64_ld_u32, uint32_t, 4)
K64_DEFINE_LOAD(k64_ld_u64, uint64_t, 8)
K64_DEFINE_LOAD(k64_ld_s8, int8_t, 1)
K64_DEFINE_LOAD(k64_ld_s16, int16_t, 2)
K64_DEFINE_LOAD(k64_ld_s32, int32_t, 4)

#define K64_DEFINE_STORE(name, type, size)                                                      \
	static inline void name(struct k64_hart *h, const struct k64_dinsn *d, uint64_t a, uint64_t v) \
	{                                                                                        \
		const struct k64_tlb_entry *e = K64_TLB_ENTRY(h, a);                             \
		if (likely(e->tag_w == ((a + (size) - 1) >> K64_PAGE_SHIFT))) {                  \
			type t = (type)v;                                                        \
			memcpy((void *)(uintptr_t)(a + e->addend), &t, size);                    \
			return;                                                                  \
		}                                                                                \
		k64_store_slow(h, d, a, size, v);                                                \
	}
K64_DEFINE_STORE(k64_st_u8, uint8_t, 1)
K64_DEFINE_STORE(k64_st_u16, uint16_t, 2)
K64_DEFINE_STORE(k64_st_u32, uint32_t, 4)
K64_DEFINE_STORE(k64_st_u64, uint64_t, 8)

/* ---- CSRs (core/csr.c; M-mode ones in core/priv.c) -------------------------------------- */
/* Return false if the CSR does not exist or is not accessible (caller raises illegal). */
bool k64_csr_read(struct k64_hart *h, const struct k64_dinsn *d, unsigned csr, uint64_t *val);
bool k64_csr_write(struct k64_hart *h, const struct k64_dinsn *d, unsigned csr, uint64_t val);
bool k64_priv_csr_read(struct k64_hart *h, unsigned csr, uint64_t *val);
bool k64_priv_csr_write(struct k64_hart *h, unsigned csr, uint64_t val);
/* mret/sret (core/priv.c): return to mepc/sepc; illegal below M (S). */
void k64_priv_mret(struct k64_hart *h, const struct k64_dinsn *d);
void k64_priv_sret(struct k64_hart *h, const struct k64_dinsn *d);
/* Takes the highest-priority pending, enabled interrupt at an instruction boundary (priv.c). */
bool k64_priv_interrupt(struct k64_hart *h);
/* Reset values of the privileged state for a hart starting in `priv` (priv.c). */
void k64_priv_reset(struct k64_hart *h, unsigned priv);
/* The hypervisor extension (core/hyp.c): its CSRs (0x2xx VS, 0x6xx/0xexx HS, mtval2, mtinst) and
 * the VS view of the S-level CSRs in V mode (csr = the S-level number); reset. */
bool k64_hyp_csr(unsigned csr);
bool k64_hyp_csr_read(struct k64_hart *h, unsigned csr, uint64_t *val);
bool k64_hyp_csr_write(struct k64_hart *h, unsigned csr, uint64_t val);
void k64_hyp_reset(struct k64_hart *h);
/* V-mode access to a CSR that HS-mode could access: a virtual-instruction case (sets csr_virt). */
static inline bool k64_csr_virt(struct k64_hart *h)
{
	h->csr_virt = true;
	return false;
}
/* Two-stage translation for a hypervisor load/store (HLV, HLVX, HSV; core/mmu.c): the host
 * address of [va, va + size) (one page) as V = 1 at privilege hstatus.SPVP would see it, or the
 * architectural fault. */
void *k64_mmu_hyp_access(struct k64_hart *h, const struct k64_dinsn *d, uint64_t va, unsigned size, unsigned acc,
			 bool hlvx);
/* The G-stage walk alone (tests/fuzz, the debugger): gpa under hgatp; 0 and *pa, or the guest-page
 * fault's cause for access acc (K64_PERM_R/W/X). */
uint64_t k64_mmu_gstage(struct k64_hart *h, uint64_t gpa, unsigned acc, uint64_t *pa);

/* Counters (core/pmu.c). k64_pmu_csr: the CSR is one of them (k64_pmu_read/write decide
 * access; false = illegal). k64_pmu_priv before h->priv changes (d: an xRET, else NULL);
 * k64_pmu_poll at a boundary once instret >= h->pmu_deadline (an overflow may be due). */
bool k64_pmu_csr(unsigned csr);
bool k64_pmu_read(struct k64_hart *h, const struct k64_dinsn *d, unsigned csr, uint64_t *v);
bool k64_pmu_write(struct k64_hart *h, const struct k64_dinsn *d, unsigned csr, uint64_t v);
void k64_pmu_reset(struct k64_hart *h);
void k64_pmu_no_events(struct k64_hart *h);
void k64_pmu_switch(struct k64_hart *h, const struct k64_dinsn *d, unsigned to);
void k64_pmu_poll(struct k64_hart *h);
/* Checkpoints: ctr[i].val made each counter's value now; after a restore, the bases re-set on
 * the (new) time source with the values kept. */
void k64_pmu_settle_all(struct k64_hart *h);
void k64_pmu_rebase(struct k64_hart *h);
/* `to` and k64_pmu_switch's mode: the privilege | V << 2. */
static inline void k64_pmu_priv(struct k64_hart *h, const struct k64_dinsn *d, unsigned to)
{
	if (unlikely(h->ctr_filtered) && to != (h->priv | (unsigned)h->virt << 2))
		k64_pmu_switch(h, d, to);
}

/* Nanoseconds since the run began: modelled cycles at the model's clock when a time source is
 * attached, instret with --virtual-clock, else the host monotonic clock. */
uint64_t k64_clock_ns(const struct k64_hart *h);
/* The time CSR's value (10 MHz ticks) when the hart's cycle count (with a cycle model) or retired
 * instruction count (without) is `now`, as a device sees it (k64_now). */
uint64_t k64_time_ticks(const struct k64_hart *h, uint64_t now);
/* Zicntr/Zihpm: whether mcounteren (and scounteren) let the current privilege read counter CSR
 * csr (cycle, time, instret, hpmcounterN; core/pmu.c). */
bool k64_counter_ok(struct k64_hart *h, unsigned csr);
/* Cycles (with a model) or retired instructions at instruction d (observers brought up to date):
 * the `now` that devices receive. */
uint64_t k64_now(struct k64_hart *h, const struct k64_dinsn *d);
/* Device-driven interrupt lines: bits of mask take the values of val (core/priv.c). */
void k64_priv_set_lines(struct k64_hart *h, uint64_t mask, uint64_t val);
/* Sstc: recomputes mip.STIP from stimecmp at time ticks `t` (core/priv.c). */
void k64_priv_sstc_update(struct k64_hart *h, uint64_t t);
/* Attaches an observer (false if K64_MAX_OBSERVERS are attached); the first attached sees each
 * instruction first. The vector access log is allocated with the first observer. */
bool k64_observer_add(struct k64_hart *h, const struct k64_observer *o);
void k64_observer_remove(struct k64_hart *h, void *ctx);
/* Tells the observers that the front-end switches to software context id (core/hart.c). */
void k64_observe_context(struct k64_hart *h, uint64_t id);
/* Tells the observers that a trap (exception or interrupt, mcause form) is being taken, and
 * then that it has been (the guest's handler or the front-end has it). */
void k64_observe_trap(struct k64_hart *h, uint64_t cause, uint64_t tval);
void k64_observe_entered(struct k64_hart *h);
/* During the observers' trap(): the instruction whose exception is being taken when
 * k64_raise() raised it (every fault of an instruction's own accesses), else NULL (interrupts;
 * ecall and ebreak may give either). */
const struct k64_dinsn *k64_trap_insn(const struct k64_hart *h, uint64_t cause);
/* Delivers the pending retire records rec[rec_base .. n) (observed mode); at the end of a block
 * (end = true) the next records start again at 0. */
void k64_observe_flush(struct k64_hart *h, unsigned n, bool end);
/* Records a vector memory access for the observers (only while observed): one entry per
 * element access, or per contiguous range the unit-stride fast path moves at once. */
static inline void k64_acc_log(struct k64_hart *h, uint64_t addr, uint64_t size, bool write)
{
	if (likely(!h->acc))
		return;
	struct k64_acc *l = h->acc;
	uint32_t n = h->acc_n;
	if (n < K64_ACC_MAX) {
		l[n].addr = addr;
		l[n].size = (uint32_t)size;
		l[n].write = write;
		h->acc_n = n + 1;
	}
}

/* ---- decode and dispatch ------------------------------------------------------------------ */
void k64_decode_init(void);
/* Decodes the instruction at pc into d; returns false if the word is illegal for h->isa. */
bool k64_decode(const struct k64_hart *h, uint32_t raw, uint64_t pc, struct k64_dinsn *d);
/* Disassembles d into buf ("add a0, a1, a2"). */
void k64_disasm(const struct k64_dinsn *d, char *buf, size_t len);
/* Runs until a front-end stops the hart or instret reaches limit. */
void k64_run(struct k64_hart *h);
/* Drops every decoded block (after code was written, fence.i, mapping changes). */
void k64_cache_flush(struct k64_hart *h);
void k64_hart_init(struct k64_hart *h, struct k64_mem *mem, const struct k64_isa *isa, unsigned vlen);
void k64_hart_free(struct k64_hart *h);
#endif
