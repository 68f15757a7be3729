/* Bare-metal MMU tests (issue 10): M-mode builds Sv39 (and, with -DSV57, Sv48/Sv57) page
 * tables by hand, enters S or U mode to run one probe (tests/mmu/rt.S) and checks which
 * accesses trap with which cause and tval, and which succeed with which value. Every expected
 * value below is worked out from the RISC-V Privileged Architecture 1.13 (sections cited) and
 * the RVV 1.0 specification, not from the simulator. Prints PASS/FAIL per check and
 * "N passed, N failed" last; exits with the number of failures.
 *
 * Physical memory: RAM at 0x80000000 (256 MiB). Virtual layout of every root table:
 *   0x80000000 + 1 GiB   identity gigapage, S-only (U = 0): the program, stacks, tables
 *   ALIAS + 0x80000000   the same gigapage with U = 1: where U-mode runs the probes
 *   0x40000000 ... 2 MiB  test mappings through one level-1 and one level-0 table (TV)
 *   0xc0000000 + 1 GiB   gigapage tests */
#include <stdint.h>
#include "../lib/bare_rt.h"

#define PTE_V (1ull << 0)
#define PTE_R (1ull << 1)
#define PTE_W (1ull << 2)
#define PTE_X (1ull << 3)
#define PTE_U (1ull << 4)
#define PTE_G (1ull << 5)
#define PTE_A (1ull << 6)
#define PTE_D (1ull << 7)
#define PTE_N (1ull << 63)
#define PBMT(v) ((u64)(v) << 61)
#define RWAD (PTE_V | PTE_R | PTE_W | PTE_A | PTE_D)
#define RWXAD (RWAD | PTE_X)

#define ALIAS 0x100000000ull
#define TV 0x40000000ull            /* the test window: 512 4 KiB pages via l0 */

#define SFENCE() __asm__ volatile("sfence.vma" ::: "memory")

#define MS_SUM (1ull << 18)
#define MS_MXR (1ull << 19)
#define MS_TVM (1ull << 20)

/* rt.S */
extern char back[], strap[];
void p_ld(void), p_ld_cycles(void), p_lw(void), p_lbu(void), p_sd(void), p_sw(void), p_amoadd(void), p_lr(void), p_sc(void);
void p_sfence(void), p_sfence_va(void), p_sfence_asid(void), p_sinval(void), p_sfence_w_inval(void), p_sfence_inval_ir(void);
void p_satp_read(void), p_mprv_ld(void), p_satp_swap_ld(void), p_ld_cross(void), p_sd_cross(void);
void p_vle32(void), p_vse32(void), p_vlse64(void), p_vle32ff(void), p_fence_i(void);

#define m_stack_top (m_stack + sizeof m_stack)
static u64 pool[40][512] __attribute__((aligned(4096)));
static unsigned npool;
static uint8_t pg[24][4096] __attribute__((aligned(4096)));
#define PA_2M 0x80600000ull         /* 2 MiB-aligned physical page (beyond the program) */
#define PA_64K 0x80700000ull        /* 64 KiB-aligned */

static volatile u64 t_cause, t_tval, t_epc, t_vstart, t_count;


/* ---- M-mode trap handler ------------------------------------------------------------------ */
u64 mtrap_c(u64 *f)
{
	u64 cause = CSR_READ(mcause), epc = CSR_READ(mepc);
	if (cause == 8 || cause == 9)          /* ecall from U or S: back from enter() */
		return 1;
	t_count++;
	t_cause = cause;
	t_tval = CSR_READ(mtval);
	t_epc = epc;
	t_vstart = CSR_READ(vstart);
	CSR_WRITE(vstart, 0);
	if (cause == 1 || cause == 12) {       /* fetch fault: return to the caller (ra) */
		CSR_WRITE(mepc, f[1]);
		return 0;
	}
	/* step over the faulting instruction: probes are 4-byte instructions */
	CSR_WRITE(mepc, epc + 4);
	return 0;
}

/* ---- page tables ---------------------------------------------------------------------------- */
static u64 *newtab(void)
{
	u64 *t = pool[npool++];
	memset(t, 0, 4096);
	return t;
}
static u64 pte(u64 pa, u64 flags) { return (pa >> 12) << 10 | flags; }
static u64 pa_of(const void *p) { return (u64)(uintptr_t)p; }

static u64 *root, *l1, *l0;        /* the default Sv39 tables */

static u64 *make_root(void)
{
	u64 *r = newtab();
	r[2] = pte(0x80000000ull, RWXAD);                         /* identity, S */
	r[(ALIAS + 0x80000000ull) >> 30] = pte(0x80000000ull, RWXAD | PTE_U);   /* alias, U */
	return r;
}
static u64 satp_of(const u64 *r, u64 asid) { return 8ull << 60 | asid << 44 | pa_of(r) >> 12; }

/* maps the 4 KiB page at TV + 4096 * i */
static u64 map(unsigned i, u64 pa, u64 flags)
{
	l0[i] = pte(pa, flags);
	SFENCE();
	return TV + 4096ull * i;
}

struct res { u64 cause, tval, epc, value; };
static struct res run(unsigned priv, u64 pc, u64 a0, u64 a1, u64 a2)
{
	t_cause = NONE;
	t_tval = t_epc = t_vstart = 0;
	CSR_CLEAR(mstatus, MS_MPP);
	CSR_SET(mstatus, (u64)priv << 11);
	enter_ra = pa_of(back) + (priv == PRIV_U ? ALIAS : 0);
	struct res r;
	r.value = enter(pc, a0, a1, a2);
	r.cause = t_cause;
	r.tval = t_tval;
	r.epc = t_epc;
	return r;
}
static u64 fn(void (*f)(void), unsigned priv) { return pa_of((void *)f) + (priv == PRIV_U ? ALIAS : 0); }
/* One probe: its cause (NONE if it did not trap) and its result. */
static struct res probe(unsigned priv, void (*f)(void), u64 a0, u64 a1)
{
	return run(priv, fn(f, priv), a0, a1, 0);
}

#define CHECK_TRAP(name, r, cause_, tval_)            \
	do {                                          \
		struct res r_ = (r);                  \
		check(name " cause", r_.cause, cause_); \
		check(name " tval", r_.tval, tval_);  \
	} while (0)
#define CHECK_OK(name, r, value_)                     \
	do {                                          \
		struct res r_ = (r);                  \
		check(name " no trap", r_.cause, NONE); \
		check(name " value", r_.value, value_); \
	} while (0)

static void poke64(u64 pa, u64 v) { *(volatile u64 *)(uintptr_t)pa = v; }
static u64 peek64(u64 pa) { return *(volatile u64 *)(uintptr_t)pa; }
static void poke32(u64 pa, uint32_t v) { *(volatile uint32_t *)(uintptr_t)pa = v; }

/* instruction words */
#define LI_A0(n) (0x00000513u | (uint32_t)(n) << 20)   /* addi a0, zero, n */
#define RET 0x00008067u                               /* jalr zero, 0(ra) */
#define SD_A2_A1 0x00c5b023u                          /* sd a2, 0(a1) */
#define SFENCE_VMA 0x12000073u
#define CSRW_SATP_A0 0x18051073u                      /* csrrw zero, satp, a0 */

/* ---- the tests -------------------------------------------------------------------------- */

/* 10.3.1-10.3.2: leaves at each level (4 KiB, 2 MiB megapage, 1 GiB gigapage); sign-extension. */
static void t_leaf_sizes(void)
{
	u64 p = pa_of(pg[0]);
	poke64(p + 8, 0x1111222233334444ull);
	u64 va = map(1, p, RWAD);
	CHECK_OK("4K load", probe(PRIV_S, p_ld, va + 8, 0), 0x1111222233334444ull);
	CHECK_OK("4K store", probe(PRIV_S, p_sd, va + 16, 0xabcdef), va + 16);
	check("4K store reached the physical page", peek64(p + 16), 0xabcdef);

	/* megapage: l1[1] is a leaf for VA 0x40200000..0x403fffff */
	poke64(PA_2M + 0x12348, 0x5555aaaa5555aaaaull);
	poke64(PA_2M + 0x1ff000, 0x2222000011ff000ull);
	l1[1] = pte(PA_2M, RWAD);
	SFENCE();
	CHECK_OK("2M load", probe(PRIV_S, p_ld, 0x40200000ull + 0x12348, 0), 0x5555aaaa5555aaaaull);
	CHECK_OK("2M load at the last page", probe(PRIV_S, p_ld, 0x40200000ull + 0x1ff000, 0), 0x2222000011ff000ull);

	/* gigapage: root[3] maps VA 0xc0000000 to PA 0x80000000 */
	root[3] = pte(0x80000000ull, RWAD);
	SFENCE();
	u64 q = pa_of(pg[1]);
	poke64(q, 0x0123456789abcdefull);
	CHECK_OK("1G load", probe(PRIV_S, p_ld, 0xc0000000ull + (q - 0x80000000ull), 0), 0x0123456789abcdefull);
	/* 0xc0000000 + 256 MiB is PA 0x90000000: not memory, a load access fault (3.5, 10.3.2 step 5) */
	CHECK_TRAP("1G beyond RAM: load access fault", probe(PRIV_S, p_ld, 0xd0000000ull, 0), 5, 0xd0000000ull);
	CHECK_TRAP("1G beyond RAM: store access fault", probe(PRIV_S, p_sd, 0xd0000008ull, 1), 7, 0xd0000008ull);

	/* 10.3.1 Sv39: bits 63:39 must equal bit 38 */
	CHECK_TRAP("non-canonical VA", probe(PRIV_S, p_ld, 0x0000004000000000ull, 0), 13, 0x0000004000000000ull);
	CHECK_TRAP("non-canonical VA (high)", probe(PRIV_S, p_ld, 0xffff7fc000000000ull, 0), 13, 0xffff7fc000000000ull);
	/* the top half: root[256] covers 0xffffffc000000000 */
	root[256] = pte(0x80000000ull, RWAD);
	SFENCE();
	CHECK_OK("upper-half gigapage", probe(PRIV_S, p_ld, 0xffffffc000000000ull + (q - 0x80000000ull), 0), 0x0123456789abcdefull);
	root[256] = 0;
	root[3] = 0;
	l1[1] = 0;
	SFENCE();
}

/* 10.3.2 step 6: a superpage whose PPN low bits are not zero is misaligned: page fault. */
static void t_misaligned_superpage(void)
{
	l1[2] = pte(PA_2M + 0x1000, RWAD);                       /* VA 0x40400000 */
	root[4] = pte(0x80200000ull, RWAD);                      /* VA 0x100000000, PA not 1 GiB-aligned */
	SFENCE();
	CHECK_TRAP("misaligned megapage load", probe(PRIV_S, p_ld, 0x40400010ull, 0), 13, 0x40400010ull);
	CHECK_TRAP("misaligned megapage store", probe(PRIV_S, p_sd, 0x40400010ull, 0), 15, 0x40400010ull);
	CHECK_TRAP("misaligned gigapage load", probe(PRIV_S, p_ld, 0x100000000ull, 0), 13, 0x100000000ull);
	l1[2] = 0;
	root[4] = 0;
	SFENCE();
}

/* 10.3.1 (R/W/X, V, W without R), 3.1.6.4 (MXR, SUM), 10.3.2 steps 3 and 5. */
static void t_permissions(void)
{
	u64 p = pa_of(pg[2]);
	poke64(p, 0x77);
	u64 ro = map(2, p, PTE_V | PTE_R | PTE_A | PTE_D);
	CHECK_OK("read-only: load", probe(PRIV_S, p_ld, ro, 0), 0x77);
	CHECK_TRAP("read-only: store", probe(PRIV_S, p_sd, ro + 8, 1), 15, ro + 8);
	CHECK_TRAP("read-only: amoadd", probe(PRIV_S, p_amoadd, ro, 1), 15, ro);
	CHECK_TRAP("read-only: lr.d then sc.d", probe(PRIV_S, p_sc, ro, 1), 15, ro);
	u64 xo = map(3, p, PTE_V | PTE_X | PTE_A);
	CHECK_TRAP("execute-only: load", probe(PRIV_S, p_ld, xo, 0), 13, xo);
	CSR_SET(mstatus, MS_MXR);
	CHECK_OK("execute-only: load with MXR", probe(PRIV_S, p_ld, xo, 0), 0x77);
	CHECK_TRAP("execute-only: store with MXR", probe(PRIV_S, p_sd, xo, 0), 15, xo);
	CSR_CLEAR(mstatus, MS_MXR);
	u64 wo = map(4, p, PTE_V | PTE_W | PTE_A | PTE_D);      /* W without R: reserved */
	CHECK_TRAP("W without R: load", probe(PRIV_S, p_ld, wo, 0), 13, wo);
	CHECK_TRAP("W without R: store", probe(PRIV_S, p_sd, wo, 0), 15, wo);
	u64 inv = map(5, p, RWAD & ~PTE_V);
	CHECK_TRAP("invalid: load", probe(PRIV_S, p_ld, inv, 0), 13, inv);
	CHECK_TRAP("invalid: lr.d", probe(PRIV_S, p_lr, inv, 0), 13, inv);
	CHECK_TRAP("unmapped: store", probe(PRIV_S, p_sd, TV + 4096 * 300, 0), 15, TV + 4096 * 300);

	/* U pages from S: only with SUM, and never for instruction fetch */
	u64 up = map(6, p, RWAD | PTE_U);
	CHECK_TRAP("U page from S: load", probe(PRIV_S, p_ld, up, 0), 13, up);
	CHECK_TRAP("U page from S: store", probe(PRIV_S, p_sd, up, 0), 15, up);
	CHECK_OK("U page from U: load", probe(PRIV_U, p_ld, up, 0), 0x77);
	CSR_SET(mstatus, MS_SUM);
	CHECK_OK("U page from S with SUM: load", probe(PRIV_S, p_ld, up, 0), 0x77);
	CHECK_OK("U page from S with SUM: store", probe(PRIV_S, p_sd, up + 8, 0x99), up + 8);
	check("SUM store reached memory", peek64(p + 8), 0x99);
	CSR_CLEAR(mstatus, MS_SUM);
	u64 sp = map(7, p, RWAD);
	CHECK_TRAP("S page from U: load", probe(PRIV_U, p_ld, sp, 0), 13, sp);
	CHECK_TRAP("S page from U: store", probe(PRIV_U, p_sd, sp, 0), 15, sp);

	/* reserved PTE bits 60:54 (10.3.1) */
	u64 rs = map(8, p, RWAD | 1ull << 54);
	CHECK_TRAP("reserved bit 54", probe(PRIV_S, p_ld, rs, 0), 13, rs);

	/* a walk that reads a PTE outside memory: access fault (10.3.2 step 2) */
	l1[3] = pte(0x10000000ull, PTE_V);                      /* VA 0x40600000: next level at PA 0x10000000 */
	SFENCE();
	CHECK_TRAP("PTE outside memory: load", probe(PRIV_S, p_ld, 0x40600000ull, 0), 5, 0x40600000ull);
	CHECK_TRAP("PTE outside memory: store", probe(PRIV_S, p_sd, 0x40600000ull, 0), 7, 0x40600000ull);
	CHECK_TRAP("PTE outside memory: fetch", run(PRIV_S, 0x40600000ull, 0, 0, 0), 1, 0x40600000ull);
	/* a non-leaf PTE at level 0 and non-leaf PTEs with A, D or U set are reserved */
	l1[3] = pte(pa_of(pg[3]), PTE_V | PTE_A);
	SFENCE();
	CHECK_TRAP("non-leaf with A", probe(PRIV_S, p_ld, 0x40600000ull, 0), 13, 0x40600000ull);
	u64 *t = (u64 *)pg[3];
	l1[3] = pte(pa_of(t), PTE_V);
	t[0] = pte(pa_of(pg[4]), PTE_V);                          /* pointer at level 0 */
	SFENCE();
	CHECK_TRAP("pointer PTE at level 0", probe(PRIV_S, p_ld, 0x40600000ull, 0), 13, 0x40600000ull);
	l1[3] = 0;
	SFENCE();
}

/* Svade: with A or (for stores) D clear the access raises a page fault; nothing is set. */
static void t_svade(void)
{
	u64 p = pa_of(pg[5]);
	poke64(p, 0x5a);
	u64 na = map(10, p, RWXAD & ~PTE_A);
	CHECK_TRAP("A = 0: load", probe(PRIV_S, p_ld, na, 0), 13, na);
	CHECK_TRAP("A = 0: store", probe(PRIV_S, p_sd, na, 0), 15, na);
	CHECK_TRAP("A = 0: fetch", run(PRIV_S, na, 0, 0, 0), 12, na);
	check("A = 0: the PTE is unchanged", l0[10], pte(p, RWXAD & ~PTE_A));
	u64 nd = map(11, p, RWAD & ~PTE_D);
	CHECK_OK("D = 0: load", probe(PRIV_S, p_ld, nd, 0), 0x5a);
	CHECK_TRAP("D = 0: store", probe(PRIV_S, p_sd, nd, 0), 15, nd);
	CHECK_TRAP("D = 0: amoadd", probe(PRIV_S, p_amoadd, nd, 1), 15, nd);
	check("D = 0: memory unchanged", peek64(p), 0x5a);
	check("D = 0: the PTE is unchanged", l0[11], pte(p, RWAD & ~PTE_D));
	u64 ok = map(12, p, RWAD);
	CHECK_OK("amoadd returns the old value", probe(PRIV_S, p_amoadd, ok, 5), 0x5a);
	check("amoadd stored the sum", peek64(p), 0x5f);
}

/* Svnapot: N = 1 with ppn[3:0] = 1000 is a 64 KiB page: all 16 PTEs the same, the low four
 * PPN bits come from the VA; other encodings, and N at level 1, are reserved. */
static void t_napot(void)
{
	for (unsigned i = 0; i < 16; i++)
		l0[32 + i] = pte(PA_64K | 0x8000, RWAD | PTE_N);     /* VA TV + 0x20000 */
	SFENCE();
	poke64(PA_64K + 0x5008, 0x64646464ull);
	poke64(PA_64K + 0xf000, 0x64640f00ull);
	CHECK_OK("NAPOT 64K: page 5", probe(PRIV_S, p_ld, TV + 0x20000 + 0x5008, 0), 0x64646464ull);
	CHECK_OK("NAPOT 64K: page 15", probe(PRIV_S, p_ld, TV + 0x2f000, 0), 0x64640f00ull);
	l0[48] = pte(PA_64K | 0x4000, RWAD | PTE_N);             /* ppn[3:0] = 0100: reserved */
	l1[4] = pte(PA_2M, RWAD | PTE_N);                         /* N on a megapage: reserved */
	SFENCE();
	CHECK_TRAP("NAPOT with ppn[3:0] = 0100", probe(PRIV_S, p_ld, TV + 48 * 4096, 0), 13, TV + 48 * 4096);
	CHECK_TRAP("NAPOT at level 1", probe(PRIV_S, p_ld, 0x40800000ull, 0), 13, 0x40800000ull);
	l1[4] = 0;
	SFENCE();
}

/* Svpbmt: PBMT = 1 (NC) and 2 (IO) are accepted when menvcfg.PBMTE = 1; 3 is reserved; with
 * PBMTE = 0 any nonzero PBMT is reserved; PBMT on a non-leaf PTE is reserved. */
static void t_pbmt(void)
{
	u64 p = pa_of(pg[6]);
	poke64(p, 0xb0b0);
	u64 nc = map(13, p, RWAD | PBMT(1)), io = map(14, p, RWAD | PBMT(2)), r3 = map(15, p, RWAD | PBMT(3));
	CSR_CLEAR(menvcfg, 1ull << 62);
	CHECK_TRAP("PBMT = NC with PBMTE = 0", probe(PRIV_S, p_ld, nc, 0), 13, nc);
	CSR_SET(menvcfg, 1ull << 62);
	check("menvcfg.PBMTE is writable", CSR_READ(menvcfg) >> 62 & 1, 1);
	CHECK_OK("PBMT = NC with PBMTE = 1", probe(PRIV_S, p_ld, nc, 0), 0xb0b0);
	CHECK_OK("PBMT = IO with PBMTE = 1", probe(PRIV_S, p_ld, io, 0), 0xb0b0);
	CHECK_TRAP("PBMT = 3 (reserved)", probe(PRIV_S, p_ld, r3, 0), 13, r3);
	l1[5] = pte(pa_of(pg[7]), PTE_V | PBMT(1));              /* non-leaf with PBMT */
	((u64 *)pg[7])[0] = pte(p, RWAD);
	SFENCE();
	CHECK_TRAP("PBMT on a non-leaf PTE", probe(PRIV_S, p_ld, 0x40a00000ull, 0), 13, 0x40a00000ull);
	l1[5] = 0;
	CSR_CLEAR(menvcfg, 1ull << 62);
	SFENCE();
}

/* 10.1.11: satp is WARL; a MODE that is not supported leaves it unchanged. sfence.vma and
 * satp in S-mode trap with TVM (3.1.6.5); sfence.vma, sinval.vma, sfence.w.inval are
 * illegal in U-mode (10.2.1, Svinval). */
static void t_satp(void)
{
	u64 cur = CSR_READ(satp);
	CSR_WRITE(satp, 9ull << 60 | 5);
#if defined(SV48) || defined(SV57)
	check("satp accepts Sv48", CSR_READ(satp), 9ull << 60 | 5);
#else
	check("satp keeps its value for Sv48", CSR_READ(satp), cur);
#endif
	CSR_WRITE(satp, cur);
	CSR_WRITE(satp, 10ull << 60 | 7);
#ifdef SV57
	check("satp accepts Sv57", CSR_READ(satp), 10ull << 60 | 7);
#else
	check("satp keeps its value for Sv57", CSR_READ(satp), cur);
#endif
	CSR_WRITE(satp, cur);
	CSR_WRITE(satp, 1ull << 60 | 3);                         /* MODE 1: reserved */
	check("satp keeps its value for MODE 1", CSR_READ(satp), cur);
	CSR_WRITE(satp, 15ull << 60 | 3);
	check("satp keeps its value for MODE 15", CSR_READ(satp), cur);
	CSR_WRITE(satp, 8ull << 60 | 0xffffull << 44 | 0x123);
	check("satp Sv39 with ASID 0xffff", CSR_READ(satp), 8ull << 60 | 0xffffull << 44 | 0x123);
	CSR_WRITE(satp, cur);
	check("satp from S", probe(PRIV_S, p_satp_read, 0, 0).value, cur);
	CSR_SET(mstatus, MS_TVM);
	CHECK_TRAP("satp from S with TVM", probe(PRIV_S, p_satp_read, 0, 0), 2, 0x18002573ull);
	CHECK_TRAP("sfence.vma from S with TVM", probe(PRIV_S, p_sfence, 0, 0), 2, SFENCE_VMA);
	CHECK_TRAP("sinval.vma from S with TVM", probe(PRIV_S, p_sinval, 0, 0), 2, 0x16000073ull);
	CSR_CLEAR(mstatus, MS_TVM);
	CHECK_TRAP("sfence.vma from U", probe(PRIV_U, p_sfence, 0, 0), 2, SFENCE_VMA);
	CHECK_TRAP("sinval.vma from U", probe(PRIV_U, p_sinval, 0, 0), 2, 0x16000073ull);
	CHECK_TRAP("sfence.w.inval from U", probe(PRIV_U, p_sfence_w_inval, 0, 0), 2, 0x18000073ull);
	CHECK_TRAP("sfence.inval.ir from U", probe(PRIV_U, p_sfence_inval_ir, 0, 0), 2, 0x18100073ull);
	CHECK_OK("sfence.w.inval from S", probe(PRIV_S, p_sfence_w_inval, 0, 0), 0);
	CHECK_OK("sfence.inval.ir from S", probe(PRIV_S, p_sfence_inval_ir, 0, 0), 0);
	CHECK_OK("sinval.vma from S", probe(PRIV_S, p_sinval, 0, 0), 0);
}

/* sfence.vma by address and by ASID, from S-mode, after a PTE changed: later accesses use the
 * new translation (10.2.1). satp changes in S-mode between two address spaces (ASIDs 1, 2). */
static void t_sfence(void)
{
	u64 a = pa_of(pg[8]), b = pa_of(pg[9]);
	poke64(a, 0xaaaa);
	poke64(b, 0xbbbb);
	u64 va = map(20, a, RWAD);
	CHECK_OK("before the remap", probe(PRIV_S, p_ld, va, 0), 0xaaaa);
	l0[20] = pte(b, RWAD);                /* no sfence from M: S-mode does it */
	probe(PRIV_S, p_sfence_va, va, 0);
	CHECK_OK("after sfence.vma by address", probe(PRIV_S, p_ld, va, 0), 0xbbbb);

	u64 *r1 = make_root(), *r2 = make_root();
	u64 *t1 = newtab(), *t2 = newtab(), *u1 = newtab(), *u2 = newtab();
	r1[1] = pte(pa_of(t1), PTE_V);
	t1[0] = pte(pa_of(u1), PTE_V);
	u1[0] = pte(a, RWAD);                 /* VA TV -> a under ASID 1 */
	r2[1] = pte(pa_of(t2), PTE_V);
	t2[0] = pte(pa_of(u2), PTE_V);
	u2[0] = pte(b, RWAD);                 /* VA TV -> b under ASID 2 */
	u64 s1 = satp_of(r1, 1), s2 = satp_of(r2, 2), old = CSR_READ(satp);
	CSR_WRITE(satp, s1);
	SFENCE();
	CHECK_OK("satp switch in S: ASID 1 then ASID 2", run(PRIV_S, fn(p_satp_swap_ld, PRIV_S), s2, s1, TV),
		 0xbbbbull << 32 | 0xaaaa);
	u1[0] = pte(b, RWAD);
	probe(PRIV_S, p_sfence_asid, 1, 0);
	CHECK_OK("after sfence.vma by ASID", probe(PRIV_S, p_ld, TV, 0), 0xbbbb);
	u1[0] = pte(a, RWAD);
	probe(PRIV_S, p_sfence, 0, 0);
	CHECK_OK("after sfence.vma (all)", probe(PRIV_S, p_ld, TV, 0), 0xaaaa);
	CSR_WRITE(satp, old);
	SFENCE();
}

/* The cycle model's TLBs (doc/cycle-model.md): sfence.vma empties them. hpmcounter5 counts the
 * model's TLB misses (instruction and data). Without a model mcycle counts instructions, and
 * the test says it has nothing to check. A repeated S-mode probe touches the same few pages (its code, the loaded page) and
 * misses nothing; after sfence.vma the load's page and the probe's code page must be walked. */
static void t_model_tlb(void)
{
	u64 p = pa_of(pg[10]);
	poke64(p, 0x77);
	u64 va = map(21, p, RWAD);
	probe(PRIV_S, p_ld, va, 0);
	probe(PRIV_S, p_ld, va, 0);
	u64 c0 = CSR_READ(mhpmcounter5);
	CHECK_OK("model TLB: warm probe", probe(PRIV_S, p_ld, va, 0), 0x77);
	u64 warm = CSR_READ(mhpmcounter5) - c0;
	SFENCE();
	c0 = CSR_READ(mhpmcounter5);
	u64 cyc = CSR_READ(mcycle), ins = CSR_READ(minstret);
	CHECK_OK("model TLB: probe after sfence.vma", probe(PRIV_S, p_ld, va, 0), 0x77);
	cyc = CSR_READ(mcycle) - cyc;
	ins = CSR_READ(minstret) - ins;
	u64 cold = CSR_READ(mhpmcounter5) - c0;
	if (cyc < 2 * ins) {   /* equal but for the reads themselves; a model's CPI is above 3 */
		puts_("SKIP model TLB: no cycle model (mcycle counts instructions)\n");
		return;
	}
	check("model TLB: no miss when the probe repeats", warm, 0);
	check("model TLB: sfence.vma -> the data page and the code page miss", cold >= 2, 1);
}

/* The cycles of one S-mode load at va, from the rdcycle before it to the one after (S-mode
 * code only: the M-mode code around a probe has D-cache misses of its own). */
static u64 probe_cycles(u64 va) { return probe(PRIV_S, p_ld_cycles, va, 0).value; }

/* The cycle model's table walks on page tables (doc/cycle-model.md): the walk reads the PTEs
 * of the current tables, each through the data MMU's 4-line page-table-entry cache, a hit
 * costing ptec_hit and a miss a 64-byte line refill; the TLB holds 4 pages, least recently used
 * out. The same load (same line, a D-cache hit each time) is timed with its page in the TLB
 * (W), after its eviction with every PTE line cached (X), and with its l0 PTE line evicted too
 * (Y); the loads differ in the walk only. Expected from the parameters: ptec_hit 2 (both
 * configurations), and a PTE line refill is a 64-byte line refill, as a D-cache read miss's
 * (mem_read + 8 * mem_beat + refill_overhead: 10 in karu64-sim, 19 in karu64-fpga), measured
 * here as the difference D between a load that misses the D-cache and one that hits it.
 * Pages 96-103 have their PTEs in one 64-byte line of l0, pages 112 and 120 in two others; the
 * root's and l1's PTEs are one line each. The other loads use offset 0x100 (another D-cache set). */
static void t_model_walk(void)
{
	u64 p = pa_of(pg[12]);
	for (unsigned i = 96; i < 104; i++)
		l0[i] = pte(p, RWAD);
	l0[112] = l0[120] = pte(p, RWAD);
	SFENCE();
	CSR_SET(mcounteren, 1);                /* rdcycle in S */
	u64 v = TV + 4096ull * 98 + 0x840, other[4];
	for (unsigned i = 0; i < 4; i++)
		other[i] = TV + 4096ull * (99 + i) + 0x100;
	probe(PRIV_S, p_ld, v, 0);             /* the line, the probe's code, the PTE lines */
	u64 cyc = CSR_READ(mcycle), ins = CSR_READ(minstret);
	for (unsigned i = 0; i < 4; i++)       /* four other pages: v's page leaves the TLB */
		probe(PRIV_S, p_ld, other[i], 0);
	u64 x = probe_cycles(v);               /* TLB miss; root, l1, l0 lines hit: 3 x 2 */
	u64 w = probe_cycles(v);               /* TLB hit */
	u64 d = probe_cycles(v + 0x80);        /* TLB hit, D-cache miss (a line not loaded yet) */
	d -= probe_cycles(v + 0x88);           /* the same line again: D */
	for (unsigned i = 0; i < 4; i++)       /* v's page out of the TLB again */
		probe(PRIV_S, p_ld, other[i], 0);
	probe(PRIV_S, p_ld, TV + 4096ull * 112 + 0x100, 0);   /* two other l0 lines: v's leaves */
	probe(PRIV_S, p_ld, TV + 4096ull * 120 + 0x100, 0);   /* the PTE cache */
	u64 y = probe_cycles(v);               /* TLB miss; root, l1 hit, l0 line refills: 2 + 2 + D */
	cyc = CSR_READ(mcycle) - cyc;
	ins = CSR_READ(minstret) - ins;
	if (cyc < 2 * ins) {
		puts_("SKIP model walk: no cycle model (mcycle counts instructions)\n");
		return;
	}
	check("model walk: a D-cache line refill costs cycles", d > 0 && d < 100, 1);
	check("model walk: PTE lines cached: X - W = 3 x ptec_hit", x - w, 6);
	check("model walk: the leaf's PTE line refilled: Y - W = 2 x ptec_hit + D", y - w, 4 + d);
}

/* Instruction fetch through the MMU: X and U rules (10.3.1), a 4-byte instruction across a
 * page boundary whose halves are on unrelated physical pages, a fault on its second half
 * (tval = the second page, epc = the instruction: 3.1.16), code remapped under running code
 * (sfence.vma) and a satp change under running code. */
static void t_fetch(void)
{
	uint8_t *c = pg[10];
	poke32(pa_of(c), LI_A0(42));
	poke32(pa_of(c) + 4, RET);
	FENCE_I();
	u64 x = map(40, pa_of(c), PTE_V | PTE_X | PTE_A);
	CHECK_OK("fetch from an X page in S", run(PRIV_S, x, 0, 0, 0), 42);
	u64 nx = map(41, pa_of(c), RWAD);
	CHECK_TRAP("fetch from a non-X page", run(PRIV_S, nx, 0, 0, 0), 12, nx);
	u64 ux = map(42, pa_of(c), PTE_V | PTE_X | PTE_A | PTE_U);
	CHECK_TRAP("fetch from a U page in S", run(PRIV_S, ux, 0, 0, 0), 12, ux);
	CSR_SET(mstatus, MS_SUM);
	CHECK_TRAP("fetch from a U page in S with SUM", run(PRIV_S, ux, 0, 0, 0), 12, ux);
	CSR_CLEAR(mstatus, MS_SUM);
	CHECK_OK("fetch from a U page in U", run(PRIV_U, ux, 0, 0, 0), 42);
	CHECK_TRAP("fetch from an S page in U", run(PRIV_U, x, 0, 0, 0), 12, x);
	/* run in S first, then the same VA in U: decoded blocks must not carry S's rights over */
	CHECK_TRAP("fetch from an S page in U after S ran it", run(PRIV_U, x, 0, 0, 0), 12, x);

	/* c.nop at 0xffc, then addi a0, zero, 7 split over the page boundary, ret on page 2 */
	uint8_t *p1 = pg[11], *p2 = pg[13];
	*(volatile uint16_t *)(p1 + 0xffc) = 0x0001;
	*(volatile uint16_t *)(p1 + 0xffe) = (uint16_t)LI_A0(7);
	*(volatile uint16_t *)(p2 + 0) = (uint16_t)(LI_A0(7) >> 16);
	*(volatile uint16_t *)(p2 + 2) = (uint16_t)RET;
	*(volatile uint16_t *)(p2 + 4) = (uint16_t)(RET >> 16);
	FENCE_I();
	u64 v1 = map(50, pa_of(p1), PTE_V | PTE_X | PTE_A);
	map(51, pa_of(p2), PTE_V | PTE_X | PTE_A);
	CHECK_OK("instruction across a page boundary", run(PRIV_S, v1 + 0xffc, 0, 0, 0), 7);
	map(51, pa_of(p2), RWAD);                                /* second page not executable */
	struct res r = run(PRIV_S, v1 + 0xffc, 0, 0, 0);
	CHECK_TRAP("second half not executable", r, 12, v1 + 0x1000);
	check("second half not executable: epc", r.epc, v1 + 0xffe);
	map(51, 0, 0);
	r = run(PRIV_S, v1 + 0xffc, 0, 0, 0);
	CHECK_TRAP("second half unmapped", r, 12, v1 + 0x1000);
	check("second half unmapped: epc", r.epc, v1 + 0xffe);

	/* code that remaps its own page: sd a2, 0(a1) (the PTE), sfence.vma, then li a0: the li
	 * comes from the new page */
	uint8_t *ca = pg[14], *cb = pg[15];
	for (int k = 0; k < 2; k++) {
		uint8_t *cp = k ? cb : ca;
		poke32(pa_of(cp), SD_A2_A1);
		poke32(pa_of(cp) + 4, SFENCE_VMA);
		poke32(pa_of(cp) + 8, LI_A0(k ? 2 : 1));
		poke32(pa_of(cp) + 12, RET);
	}
	FENCE_I();
	u64 rv = map(52, pa_of(ca), PTE_V | PTE_X | PTE_A);
	CHECK_OK("code remapped under running code", run(PRIV_S, rv, 0, pa_of(&l0[52]), pte(pa_of(cb), PTE_V | PTE_X | PTE_A)), 2);
	l0[52] = pte(pa_of(ca), PTE_V | PTE_X | PTE_A);
	SFENCE();
	CHECK_OK("code remapped back", run(PRIV_S, rv, 0, pa_of(&l0[52]), pte(pa_of(ca), PTE_V | PTE_X | PTE_A)), 1);

	/* csrw satp, a0 then li a0: the li comes through the new satp (the other root maps the
	 * same VA to another page) */
	uint8_t *sa = pg[16], *sb = pg[17];
	poke32(pa_of(sa), CSRW_SATP_A0);
	poke32(pa_of(sa) + 4, LI_A0(11));
	poke32(pa_of(sa) + 8, RET);
	poke32(pa_of(sb), CSRW_SATP_A0);
	poke32(pa_of(sb) + 4, LI_A0(22));
	poke32(pa_of(sb) + 8, RET);
	FENCE_I();
	u64 *r2 = make_root(), *t2 = newtab(), *u2 = newtab();
	r2[1] = pte(pa_of(t2), PTE_V);
	t2[0] = pte(pa_of(u2), PTE_V);
	u64 sv = map(53, pa_of(sa), PTE_V | PTE_X | PTE_A);
	u2[53] = pte(pa_of(sb), PTE_V | PTE_X | PTE_A);
	u64 s1 = CSR_READ(satp), s2 = satp_of(r2, 9);
	CHECK_OK("satp changed under running code", run(PRIV_S, sv, s2, 0, 0), 22);
	CSR_WRITE(satp, s1);
	CHECK_OK("satp changed back under running code", run(PRIV_S, sv, s1, 0, 0), 11);
	CSR_WRITE(satp, s1);
	SFENCE();

	/* an alias: code page X at one VA, the same physical page writable at another; a store
	 * through the alias and fence.i change what the code VA runs */
	uint8_t *sm = pg[18];
	u64 cx = map(54, pa_of(sm), PTE_V | PTE_X | PTE_A), cw = map(55, pa_of(sm), RWAD);
	CHECK_OK("alias: write li a0, 5", probe(PRIV_S, p_sw, cw, LI_A0(5)), cw);
	probe(PRIV_S, p_sw, cw + 4, RET);
	probe(PRIV_S, p_fence_i, 0, 0);
	CHECK_OK("alias: run", run(PRIV_S, cx, 0, 0, 0), 5);
	probe(PRIV_S, p_sw, cw, LI_A0(6));
	probe(PRIV_S, p_fence_i, 0, 0);
	CHECK_OK("alias: run after a store through the alias and fence.i", run(PRIV_S, cx, 0, 0, 0), 6);
}

/* RVV 1.0 section 7 and 3.7: a vector access that faults at element i traps with vstart = i
 * and tval = the element's address; elements before i are done. Fault-only-first (7.7)
 * trims vl instead when i > 0. */
static void t_vector(void)
{
	uint32_t *d = (uint32_t *)pg[19];
	for (unsigned i = 0; i < 1024; i++)
		d[i] = 0x1000 + i;
	u64 va = map(60, pa_of(d), RWAD);                        /* TV + 60 pages, next unmapped */
	map(61, 0, 0);
	static uint32_t out[8], in[8];
	for (unsigned i = 0; i < 8; i++)
		out[i] = 0xeeee;
	struct res r = probe(PRIV_S, p_vle32, va + 4096 - 12, pa_of(out));
	CHECK_TRAP("vle32 at element 3", r, 13, va + 4096);
	check("vle32 vstart", t_vstart, 3);
	check("vle32 element 0", out[0], 0x1000 + 1021);
	check("vle32 element 2", out[2], 0x1000 + 1023);

	/* store: the second page read-only */
	uint32_t *e = (uint32_t *)pg[20];
	for (unsigned i = 0; i < 1024; i++)
		e[i] = 0;
	map(61, pa_of(e), PTE_V | PTE_R | PTE_A | PTE_D);
	for (unsigned i = 0; i < 8; i++)
		in[i] = 0x2000 + i;
	r = probe(PRIV_S, p_vse32, va + 4096 - 8, pa_of(in));
	CHECK_TRAP("vse32 at element 2", r, 15, va + 4096);
	check("vse32 vstart", t_vstart, 2);
	check("vse32 element 0 stored", d[1022], 0x2000);
	check("vse32 element 1 stored", d[1023], 0x2001);
	check("vse32 element 2 not stored", e[0], 0);

	/* strided: 64-bit elements one page apart; the third page is not mapped */
	static u64 o64[4];
	map(62, pa_of(pg[21]), RWAD);
	map(63, 0, 0);
	((volatile u64 *)pg[20])[2] = 0x61;                      /* page 61 + 16 */
	r = probe(PRIV_S, p_vlse64, va + 16, 0);
	r = run(PRIV_S, fn(p_vlse64, PRIV_S), va + 16, 4096, pa_of(o64));
	CHECK_TRAP("vlse64 at element 3", r, 13, va + 16 + 3 * 4096);
	check("vlse64 vstart", t_vstart, 3);
	check("vlse64 element 1", o64[1], 0x61);

	/* fault-only-first: elements 0..2 on the page, element 3 on the unmapped one */
	map(61, 0, 0);
	r = probe(PRIV_S, p_vle32ff, va + 4096 - 12, pa_of(out));
	CHECK_OK("vle32ff trims vl to 3", r, 3);
	r = probe(PRIV_S, p_vle32ff, va + 4096, pa_of(out));
	CHECK_TRAP("vle32ff faulting at element 0", r, 13, va + 4096);
	check("vle32ff vstart", t_vstart, 0);
	/* U-mode: the data page is S-only */
	r = probe(PRIV_U, p_vle32, va, pa_of(out) + ALIAS);
	CHECK_TRAP("vle32 from U on an S page", r, 13, va);
}

/* 3.1.6.3: M-mode loads with MPRV = 1 are translated at privilege MPP; fetch is not. */
static void t_mprv(void)
{
	u64 p = pa_of(pg[22]);
	poke64(p, 0x3131);
	u64 va = map(70, p, RWAD), uva = map(71, p, RWAD | PTE_U);
	CSR_CLEAR(mstatus, MS_MPP);
	CSR_SET(mstatus, (u64)PRIV_S << 11);
	t_cause = NONE;
	u64 v = ((u64 (*)(u64, u64))(void *)p_mprv_ld)(va, MS_MPRV);
	check("MPRV, MPP = S: load", v, 0x3131);
	check("MPRV, MPP = S: no trap", t_cause, NONE);
	CSR_CLEAR(mstatus, MS_MPP);
	CSR_SET(mstatus, (u64)PRIV_S << 11);
	((u64 (*)(u64, u64))(void *)p_mprv_ld)(TV + 4096 * 400, MS_MPRV);
	check("MPRV, MPP = S: unmapped load cause", t_cause, 13);
	check("MPRV, MPP = S: unmapped load tval", t_tval, TV + 4096 * 400);
	CSR_CLEAR(mstatus, MS_MPP);                              /* MPP = U */
	t_cause = NONE;
	((u64 (*)(u64, u64))(void *)p_mprv_ld)(va, MS_MPRV);
	check("MPRV, MPP = U: S page", t_cause, 13);
	CSR_CLEAR(mstatus, MS_MPP);
	t_cause = NONE;
	v = ((u64 (*)(u64, u64))(void *)p_mprv_ld)(uva, MS_MPRV);
	check("MPRV, MPP = U: U page", v, 0x3131);
	check("MPRV, MPP = U: U page, no trap", t_cause, NONE);
	check("MPRV is clear again", CSR_READ(mstatus) & MS_MPRV, 0);
}

/* 3.1.8: a delegated page fault from U goes to stvec with scause/stval; M sees nothing. */
static void t_delegation(void)
{
	u64 va = map(72, pa_of(pg[22]), RWAD);
	CSR_WRITE(stvec, pa_of(strap));
	CSR_WRITE(sscratch, pa_of(s_rec));
	CSR_WRITE(medeleg, 1ull << 13);
	s_rec[1] = s_rec[2] = 0;
	struct res r = probe(PRIV_U, p_ld, va, 0);
	CSR_WRITE(medeleg, 0);
	check("delegated: M saw no trap", r.cause, NONE);
	check("delegated: scause", s_rec[1], 13);
	check("delegated: stval", s_rec[2], va);
	check("delegated: sepc", s_rec[3], fn(p_ld, PRIV_U));
}

/* Misaligned accesses across a page boundary whose pages are not physically adjacent: each
 * part goes through its own translation; a fault on the second part leaves the first
 * unwritten and reports the second page (3.1.16). */
static void t_cross(void)
{
	uint8_t *a = pg[12], *b = pg[23];
	for (unsigned i = 0; i < 8; i++) {
		a[4088 + i] = (uint8_t)(0x10 + i);
		b[i] = (uint8_t)(0x20 + i);
	}
	u64 va = map(80, pa_of(a), RWAD);
	map(81, pa_of(b), RWAD);
	CHECK_OK("misaligned load across pages", probe(PRIV_S, p_ld_cross, va + 4092, 0), 0x2322212017161514ull);
	map(81, pa_of(b), PTE_V | PTE_R | PTE_A | PTE_D);
	CHECK_TRAP("misaligned store, second page read-only", probe(PRIV_S, p_sd_cross, va + 4092, 0), 15, va + 4096);
	check("first part not written", *(volatile uint32_t *)(a + 4092), 0x17161514u);
}

#if defined(SV48) || defined(SV57)
/* 10.5-10.6: Sv48 and Sv57 walks; 2^39 is canonical there, not in Sv39; a 512 GiB leaf at
 * level 3 of Sv48. The new root's entry 0 points to the Sv39 root, so VAs below 2^39 map as
 * before. */
static void t_sv48_sv57(void)
{
	u64 *r48 = newtab(), *t = newtab(), *r57 = newtab(), *t3 = newtab();
	r48[0] = pte(pa_of(root), PTE_V);
	r48[1] = pte(pa_of(t), PTE_V);
	t[0] = pte(0x80000000ull, RWAD);                          /* VA 2^39 -> PA 0x80000000 */
	r48[2] = pte(0, RWAD);                                    /* 512 GiB leaf: VA 2^40 -> PA 0 */
	r57[0] = pte(pa_of(r48), PTE_V);
	r57[1] = pte(pa_of(t3), PTE_V);                           /* VA 2^48 */
	t3[0] = pte(pa_of(t), PTE_V);
	u64 q = pa_of(pg[1]);
	poke64(q, 0x4848);
	u64 off = q - 0x80000000ull, old = CSR_READ(satp);
	CHECK_TRAP("Sv39: 2^39 is not canonical", probe(PRIV_S, p_ld, (1ull << 39) + off, 0), 13, (1ull << 39) + off);
	CSR_WRITE(satp, 9ull << 60 | pa_of(r48) >> 12);
	SFENCE();
	CHECK_OK("Sv48: 2^39 via a gigapage", probe(PRIV_S, p_ld, (1ull << 39) + off, 0), 0x4848);
	CHECK_OK("Sv48: a 512 GiB page", probe(PRIV_S, p_ld, (1ull << 40) + q, 0), 0x4848);
	CHECK_TRAP("Sv48: 2^47 is not canonical", probe(PRIV_S, p_ld, 1ull << 47, 0), 13, 1ull << 47);
#ifdef SV57
	CSR_WRITE(satp, 10ull << 60 | pa_of(r57) >> 12);
	SFENCE();
	CHECK_OK("Sv57: 2^48 + 2^39 walk", probe(PRIV_S, p_ld, (1ull << 48) + off, 0), 0x4848);
	CHECK_OK("Sv57: low VAs through the Sv39 root", probe(PRIV_S, p_ld, TV + 4096 * 70, 0), 0x3131);
#else
	CSR_WRITE(satp, 10ull << 60 | pa_of(r57) >> 12);
	check("Sv48 only: satp ignores Sv57", CSR_READ(satp), 9ull << 60 | pa_of(r48) >> 12);
#endif
	CSR_WRITE(satp, old);
	SFENCE();
}
#endif

int main(void)
{
	root = make_root();
	l1 = newtab();
	l0 = newtab();
	root[1] = pte(pa_of(l1), PTE_V);
	l1[0] = pte(pa_of(l0), PTE_V);
	CSR_WRITE(satp, satp_of(root, 0));
	SFENCE();
	check("satp Sv39 written", CSR_READ(satp), satp_of(root, 0));
	t_leaf_sizes();
	t_misaligned_superpage();
	t_permissions();
	t_svade();
	t_napot();
	t_pbmt();
	t_satp();
	t_sfence();
	t_model_tlb();
	t_model_walk();
	t_fetch();
	t_vector();
	t_mprv();
	t_delegation();
	t_cross();
#if defined(SV48) || defined(SV57)
	t_sv48_sv57();
#endif
	putdec(passed);
	puts_(" passed, ");
	putdec(failed);
	puts_(" failed\n");
	return failed != 0;
}
