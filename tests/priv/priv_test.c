/* Bare-metal tests of the privileged CSRs of issue 10: PMP (matching, priority, lock, default
 * deny, page-table walks, rules taking effect at once), mcountinhibit, Smcntrpmf filters,
 * Sscofpmf overflow interrupt and scountovf, Zihpm access control, Smstateen gating, and the
 * CSRs that do not exist. Every expected value is worked out by hand from the RISC-V Privileged
 * Architecture 1.13 and the Smcntrpmf, Sscofpmf and Smstateen chapters (sections cited), not
 * from the simulator: instruction counts are counted in the assembly below.
 * Built with -DPMP_N=16 (the default --pmp), 4 and 0; -DMODEL for the run with the cycle model
 * (cycle counts are then the model's: only instruction counts are exact).
 * The run-time (start-up, enter(), the M-mode trap entry, probes) is tests/mmu/rt.S.
 * Prints PASS/FAIL per check and "N passed, N failed" last. */
#include <stdint.h>
#include "../lib/bare_rt.h"

#ifndef PMP_N
#define PMP_N 16
#endif

#define MS_MIE (1ull << 3)
#define LCOF (1ull << 13)
#define INH_M (1ull << 62)
#define INH_S (1ull << 61)
#define INH_U (1ull << 60)
#define OF (1ull << 63)

/* pmpcfg fields (3.7.1) */
#define R 0x01
#define W 0x02
#define X 0x04
#define TOR 0x08
#define NA4 0x10
#define NAPOT 0x18
#define L 0x80

/* Physical test pages beyond the program (RAM is 0x80000000 + 256 MiB); the program and its
 * data stay below T, in the 8 MiB that the last PMP entry gives to every mode. */
#define T 0x80800000ull
#define TP(i) (T + 4096ull * (i))
#define PROG_NAPOT ((0x80000000ull >> 2) | (0x800000ull / 8 - 1))

/* tests/mmu/rt.S */
extern char back[];
void p_ld(void), p_lw(void), p_sd(void), p_sw(void), p_mprv_ld(void);

/* Code whose instructions are counted (4 bytes each, no compressed forms):
 *  u_loop:  li t0, 100; 100 x (addi, bnez); ret            = 1 + 200 + 1 = 202 instructions
 *  window(mask, out): mcountinhibit = mask, then between the two reads of each counter
 *           7 instructions retire (see the comments), mcountinhibit = 0
 *  cfg_window(cfg, out): the same with minstretcfg (0x322) = mcyclecfg (0x321) = cfg
 *  of_sled(v): mhpmcounter3 = v, then 15 nops and ret
 *  of_loop(v): mhpmcounter3 = v, then li t0, 1000; 1000 x (addi, bnez); ret
 *  s_sled:  10 nops and ret (S mode); s_lcofi: its trap vector, records scause and sepc in
 *           s_irq[1..2] (sscratch = s_irq), clears sip.LCOFIP, sret
 *  p_*: one CSR read each, for S and U mode */
void u_loop(void), of_sled(void), of_loop(void), s_sled(void), s_lcofi(void);
void window(u64 mask, u64 *out), cfg_window(u64 cfg, u64 *out);
void p_scountovf(void), p_sstateen0(void), p_senvcfg(void), p_hpm3(void);
__asm__(".option push\n .option norvc\n .text\n"
	".global u_loop\n u_loop: li t0, 100\n 1: addi t0, t0, -1\n bnez t0, 1b\n ret\n"
	".global window\n window:\n csrw mcountinhibit, a0\n"
	" csrr t0, minstret\n"             /* minstret: this one and the next 6 retire before t1 */
	" csrr t2, mcycle\n"               /* mcycle: this one, 5 nops and the t1 read before t3 */
	" nop\n nop\n nop\n nop\n nop\n"
	" csrr t1, minstret\n csrr t3, mcycle\n csrw mcountinhibit, zero\n"
	" sub t1, t1, t0\n sd t1, 0(a1)\n sub t3, t3, t2\n sd t3, 8(a1)\n ret\n"
	".global cfg_window\n cfg_window:\n csrw 0x322, a0\n csrw 0x321, a0\n"
	" csrr t0, minstret\n csrr t2, mcycle\n nop\n nop\n nop\n nop\n nop\n"
	" csrr t1, minstret\n csrr t3, mcycle\n csrw 0x322, zero\n csrw 0x321, zero\n"
	" sub t1, t1, t0\n sd t1, 0(a1)\n sub t3, t3, t2\n sd t3, 8(a1)\n ret\n"
	".global of_sled\n of_sled:\n csrw mhpmcounter3, a0\n"
	" nop\n nop\n nop\n nop\n nop\n nop\n nop\n nop\n nop\n nop\n nop\n nop\n nop\n nop\n nop\n ret\n"
	".global of_loop\n of_loop:\n csrw mhpmcounter3, a0\n li t0, 1000\n 1: addi t0, t0, -1\n bnez t0, 1b\n ret\n"
	".global s_sled\n s_sled:\n nop\n nop\n nop\n nop\n nop\n nop\n nop\n nop\n nop\n nop\n ret\n"
	".balign 4\n .global s_lcofi\n s_lcofi:\n csrrw t0, sscratch, t0\n sd t1, 0(t0)\n csrr t1, scause\n sd t1, 8(t0)\n"
	" csrr t1, sepc\n sd t1, 16(t0)\n li t1, 1 << 13\n csrc sip, t1\n ld t1, 0(t0)\n csrrw t0, sscratch, t0\n sret\n"
	".global p_scountovf\n p_scountovf: csrr a0, scountovf\n ret\n"
	".global p_sstateen0\n p_sstateen0: csrr a0, 0x10c\n ret\n"
	".global p_senvcfg\n p_senvcfg: csrr a0, senvcfg\n ret\n"
	".global p_hpm3\n p_hpm3: csrr a0, hpmcounter3\n ret\n"
	".option pop\n");

/* misa.H: the hypervisor extension's CSRs exist */
static int has_h(void) { return (CSR_READ(misa) >> 7) & 1; }

#include "pmp_csrs.h"

/* ---- M-mode trap handler (called by rt.S) ------------------------------------------------ */
static volatile u64 t_cause, t_tval, t_epc, t_mip, t_count;

u64 mtrap_c(u64 *f)
{
	u64 cause = CSR_READ(mcause), epc = CSR_READ(mepc);
	if (cause == 8 || cause == 9)          /* ecall from U or S: back from enter() */
		return 1;
	t_count++;
	t_cause = cause;
	t_tval = CSR_READ(mtval);
	t_epc = epc;
	if (cause >> 63) {                     /* an interrupt: resume at mepc */
		t_mip = CSR_READ(mip);
		CSR_CLEAR(mip, LCOF);
		return 0;
	}
	if (cause == 1)                        /* fetch fault: return to the caller (ra) */
		CSR_WRITE(mepc, f[1]);
	else                                   /* step over the faulting 4-byte instruction */
		CSR_WRITE(mepc, epc + 4);
	return 0;
}

struct res { u64 cause, tval, value; };
static struct res run(unsigned priv, u64 pc, u64 a0, u64 a1)
{
	t_cause = NONE;
	t_tval = 0;
	CSR_CLEAR(mstatus, MS_MPP);
	CSR_SET(mstatus, (u64)priv << 11);
	enter_ra = (u64)(uintptr_t)back;
	struct res r;
	r.value = enter(pc, a0, a1, 0);
	r.cause = t_cause;
	r.tval = t_tval;
	return r;
}
static u64 fn(void (*f)(void)) { return (u64)(uintptr_t)f; }
/* M-mode call of probe f(a0, a1): its cause (NONE if it did not trap) and result */
static struct res mcall(void (*f)(void), u64 a0, u64 a1)
{
	t_cause = NONE;
	t_tval = 0;
	u64 (*g)(u64, u64) = (u64 (*)(u64, u64))(uintptr_t)f;
	struct res r;
	r.value = g(a0, a1);
	r.cause = t_cause;
	r.tval = t_tval;
	return r;
}
static void check_trap(const char *what, struct res r, u64 cause, u64 tval)
{
	check(what, r.cause, cause);
	if (cause != NONE)
		check(what, r.tval, tval);
}

static volatile u64 *word(u64 pa) { return (volatile u64 *)(uintptr_t)pa; }
static u64 napot(u64 base, u64 size) { return (base >> 2) | (size / 8 - 1); }

static void pmp_set(unsigned i, u64 addr, unsigned cfg)
{
	unsigned r = (i / 8) * 2, sh = 8 * (i % 8);
	pmpaddr_write(i, addr);
	pmpcfg_write(r, (pmpcfg_read(r) & ~(0xffull << sh)) | (u64)cfg << sh);
}
static void pmp_cfg(unsigned i, unsigned cfg)
{
	unsigned r = (i / 8) * 2, sh = 8 * (i % 8);
	pmpcfg_write(r, (pmpcfg_read(r) & ~(0xffull << sh)) | (u64)cfg << sh);
}
/* entries 0..PMP_N-2 off (locked ones stay), the last one: the program's 8 MiB, RWX */
static void pmp_base(void)
{
	for (unsigned i = 0; i + 1 < PMP_N; i++)
		pmp_set(i, 0, 0);
	if (PMP_N)
		pmp_set(PMP_N - 1, PROG_NAPOT, NAPOT | R | W | X);
}

/* ---- PMP CSRs: how many entries exist, and those that do not read zero (3.7.1) --------- */
static void t_pmp_csrs(void)
{
	unsigned n = 0;
	for (unsigned i = 0; i < 64; i++) {
		pmpaddr_write(i, ~0ull);
		if (pmpaddr_read(i))
			n++;
	}
	check("pmp: entries whose pmpaddr keeps a write", n, PMP_N);
	/* G = 0: pmpaddr holds address bits 55:2, all writable */
	check("pmp: pmpaddr0 after writing all ones", pmpaddr_read(0), PMP_N ? (1ull << 54) - 1 : 0);
	check("pmp: pmpaddr63 after writing all ones", pmpaddr_read(63), PMP_N == 64 ? (1ull << 54) - 1 : 0);
	for (unsigned r = 0; r < 16; r += 2)
		pmpcfg_write(r, 0x1f1f1f1f1f1f1f1full);
	/* each existing entry's byte reads back 0x1f (NAPOT RWX), the others 0 */
	u64 want0 = 0;
	for (unsigned i = 0; i < 8 && i < PMP_N; i++)
		want0 |= 0x1full << (8 * i);
	check("pmp: pmpcfg0 after writing 0x1f to every entry", pmpcfg_read(0), want0);
	check("pmp: pmpcfg2 after writing 0x1f to every entry", pmpcfg_read(2), PMP_N >= 16 ? 0x1f1f1f1f1f1f1f1full : 0);
	check("pmp: pmpcfg4 after writing 0x1f to every entry", pmpcfg_read(4), 0);
	for (unsigned r = 0; r < 16; r += 2)
		pmpcfg_write(r, 0);
	for (unsigned i = 0; i < 64; i++)
		pmpaddr_write(i, 0);
	*word(TP(0)) = 0x600d;
	pmp_base();
	/* 3.7.1: with no entry implemented S and U have all memory; else no match = no access */
	struct res r = run(PRIV_S, fn(p_ld), TP(0), 0);
	if (PMP_N == 0) {
		check_trap("pmp: none implemented, S loads anywhere", r, NONE, 0);
		check("pmp: none implemented, S load value", r.value, 0x600d);
	} else {
		check_trap("pmp: S load matching no entry faults", r, 5, TP(0));
		pmp_set(0, napot(TP(0), 4096), NAPOT | R);
		r = run(PRIV_S, fn(p_ld), TP(0), 0);
		check_trap("pmp: S load in an R entry", r, NONE, 0);
		check("pmp: S load value", r.value, 0x600d);
		pmp_base();
	}
}

/* ---- TOR, NA4, NAPOT, priority, U mode (3.7.1) -------------------------------------------- */
static void t_match(void)
{
	pmp_base();
	*word(TP(0)) = 0x1111;
	/* entry 2 TOR [pmpaddr1, pmpaddr2) = page 0, R only */
	pmp_set(1, TP(0) >> 2, 0);
	pmp_set(2, TP(1) >> 2, TOR | R);
	struct res r = run(PRIV_S, fn(p_ld), TP(0), 0);
	check_trap("tor: S load", r, NONE, 0);
	check("tor: S load value", r.value, 0x1111);
	check_trap("tor: S store faults (no W)", run(PRIV_S, fn(p_sd), TP(0), 0x2222), 7, TP(0));
	check("tor: the faulting store wrote nothing", *word(TP(0)), 0x1111);
	/* 8 bytes at page 0 + 4092: entry 2 matches 4 of them; must match all (3.7.1) */
	check_trap("tor: S load half inside the range faults", run(PRIV_S, fn(p_ld), TP(0) + 4092, 0), 5, TP(0) + 4092);
	check_trap("tor: S load past the range: no match", run(PRIV_S, fn(p_ld), TP(1), 0), 5, TP(1));
	r = run(PRIV_U, fn(p_ld), TP(0), 0);
	check_trap("tor: U load", r, NONE, 0);
	check_trap("tor: U store faults", run(PRIV_U, fn(p_sd), TP(0), 1), 7, TP(0));
	/* entry 4 TOR with pmpaddr3 >= pmpaddr4 matches nothing */
	pmp_set(3, TP(3) >> 2, 0);
	pmp_set(4, TP(2) >> 2, TOR | R | W);
	check_trap("tor: an empty range matches nothing", run(PRIV_S, fn(p_ld), TP(2), 0), 5, TP(2));

	/* NA4: entry 0 denies the word at page 1 + 8, entry 1 gives page 1 RW */
	pmp_base();
	*word(TP(1)) = 0x0102030405060708ull;
	*word(TP(1) + 8) = 0x1112131415161718ull;
	pmp_set(0, (TP(1) + 8) >> 2, NA4);
	pmp_set(1, napot(TP(1), 4096), NAPOT | R | W);
	check_trap("na4: S lw in the NA4 word faults", run(PRIV_S, fn(p_lw), TP(1) + 8, 0), 5, TP(1) + 8);
	check_trap("na4: S sw in the NA4 word faults", run(PRIV_S, fn(p_sw), TP(1) + 8, 0), 7, TP(1) + 8);
	r = run(PRIV_S, fn(p_lw), TP(1) + 12, 0);
	check_trap("na4: S lw of the next word", r, NONE, 0);
	check("na4: its value", r.value, 0x11121314);
	check_trap("na4: S ld over the NA4 word and the next faults", run(PRIV_S, fn(p_ld), TP(1) + 8, 0), 5, TP(1) + 8);
	r = run(PRIV_S, fn(p_ld), TP(1), 0);
	check_trap("na4: S ld before the NA4 word", r, NONE, 0);
	check("na4: its value", r.value, 0x0102030405060708ull);

	/* NAPOT and priority: the lowest-numbered matching entry decides */
	pmp_base();
	*word(TP(2)) = 0x22;
	*word(TP(3)) = 0x33;
	pmp_set(0, napot(TP(3), 4096), NAPOT | R);
	pmp_set(1, napot(TP(2), 8192), NAPOT | R | W);
	check_trap("napot: S store to page 3: entry 0 (R) wins", run(PRIV_S, fn(p_sd), TP(3), 0x44), 7, TP(3));
	check_trap("napot: S store to page 2: entry 1 (RW)", run(PRIV_S, fn(p_sd), TP(2), 0x55), NONE, 0);
	check("napot: the store to page 2 is done", *word(TP(2)), 0x55);
	r = run(PRIV_S, fn(p_ld), TP(3), 0);
	check_trap("napot: S load from page 3", r, NONE, 0);
	check("napot: its value", r.value, 0x33);
	check_trap("napot: page 4 is outside the 8 KiB", run(PRIV_S, fn(p_ld), TP(4), 0), 5, TP(4));
	pmp_set(0, napot(TP(2), 8192), NAPOT | R | W);
	pmp_set(1, napot(TP(3), 4096), NAPOT | R);
	check_trap("napot: entries swapped: the store to page 3 is allowed", run(PRIV_S, fn(p_sd), TP(3), 0x66), NONE, 0);
	check("napot: and done", *word(TP(3)), 0x66);
	/* M-mode is not restricted by unlocked entries, matching or not */
	pmp_set(0, napot(TP(3), 4096), NAPOT);
	check_trap("napot: M store through an unlocked no-access entry", mcall(p_sd, TP(3), 0x77), NONE, 0);
	check("napot: M store done", *word(TP(3)), 0x77);
	check_trap("napot: M store matching no entry", mcall(p_sd, TP(9), 0x99), NONE, 0);
}

/* ---- fetch, and rules that change under code that already ran ---------------------------- */
static const uint32_t code42[] = { 0x02a00513, 0x00008067 };   /* li a0, 42; ret */
static void t_fetch(void)
{
	pmp_base();
	memcpy((void *)(uintptr_t)TP(5), code42, sizeof code42);
	FENCE_I();
	pmp_set(0, napot(TP(5), 4096), NAPOT | R | W | X);
	struct res r = run(PRIV_S, TP(5), 7, 0);
	check_trap("fetch: S runs code in an RWX entry", r, NONE, 0);
	check("fetch: its result", r.value, 42);
	pmp_cfg(0, NAPOT | R | W);
	r = run(PRIV_S, TP(5), 7, 0);
	check_trap("fetch: the same code after X is cleared: fetch access fault", r, 1, TP(5));
	check("fetch: it did not run", r.value, 7);
	r = run(PRIV_U, TP(5), 7, 0);
	check_trap("fetch: U likewise", r, 1, TP(5));
	pmp_cfg(0, NAPOT | R | W | X);
	r = run(PRIV_S, TP(5), 7, 0);
	check_trap("fetch: X again: it runs", r, NONE, 0);
	check("fetch: its result", r.value, 42);
	pmp_cfg(0, NAPOT | R | W);
	r = mcall((void (*)(void))(uintptr_t)TP(5), 7, 0);
	check_trap("fetch: M runs it without X (entry not locked)", r, NONE, 0);
	check("fetch: M result", r.value, 42);
}

/* An M-mode load with MPRV = 1 and MPP = S: translated and checked as an S-mode load (3.1.6.3).
 * (A trap sets MPP to M and the mret after it to U: MPP is set again each time.) */
static struct res mprv_ld(u64 va)
{
	CSR_CLEAR(mstatus, MS_MPP);
	CSR_SET(mstatus, 1ull << 11);
	return mcall(p_mprv_ld, va, MS_MPRV);
}

/* ---- implicit accesses of the page-table walk are checked at S (3.7.2, 10.3.2) ---------- */
static void t_walk(void)
{
	pmp_base();
	u64 *root = (u64 *)(uintptr_t)TP(8), *l1 = (u64 *)(uintptr_t)TP(9);
	memset(root, 0, 4096);
	memset(l1, 0, 4096);
	root[2] = (0x80000000ull >> 12) << 10 | 0xcf;       /* identity gigapage, V R W X A D */
	root[1] = (TP(9) >> 12) << 10 | 1;                   /* VA 0x40000000: pointer to l1 */
	l1[0] = (T >> 12) << 10 | 0xc7;                      /* 2 MiB page at T, V R W A D */
	*word(T) = 0x5a5a;
	pmp_set(0, napot(TP(9), 4096), NAPOT);               /* l1: no access */
	pmp_set(1, napot(TP(8), 4096), NAPOT | R);           /* root: readable */
	pmp_set(2, napot(T, 4096), NAPOT | R);               /* the data */
	CSR_WRITE(satp, 8ull << 60 | TP(8) >> 12);
	__asm__ volatile("sfence.vma" ::: "memory");
	struct res r = mprv_ld(0x40000000ull);
	check_trap("walk: the l1 PTE read is denied: load access fault", r, 5, 0x40000000ull);
	pmp_cfg(0, NAPOT | R);
	r = mprv_ld(0x40000000ull);
	check_trap("walk: l1 readable: the load is done", r, NONE, 0);
	check("walk: its value", r.value, 0x5a5a);
	pmp_cfg(2, NAPOT);
	r = mprv_ld(0x40000000ull);
	check_trap("walk: the data page denied: load access fault", r, 5, 0x40000000ull);
	CSR_WRITE(satp, 0);
	__asm__ volatile("sfence.vma" ::: "memory");
}

/* ---- locked entries bind M too, at once for pages and code M already used (3.7.1) ------- */
static void t_lock(void)
{
	pmp_base();
	*word(TP(7)) = 0x77;
	memcpy((void *)(uintptr_t)TP(10), code42, sizeof code42);
	FENCE_I();
	check_trap("lock: M store before the lock", mcall(p_sd, TP(7), 0x78), NONE, 0);
	check("lock: M code before the lock", mcall((void (*)(void))(uintptr_t)TP(10), 7, 0).value, 42);
	pmp_set(13, napot(TP(7), 4096), NAPOT | R | L);
	pmp_set(12, napot(TP(10), 4096), NAPOT | R | L);
	check_trap("lock: M store to a locked R entry faults", mcall(p_sd, TP(7), 0x79), 7, TP(7));
	check("lock: nothing stored", *word(TP(7)), 0x78);
	struct res r = mcall(p_ld, TP(7), 0);
	check_trap("lock: M load from it", r, NONE, 0);
	check("lock: its value", r.value, 0x78);
	r = mcall((void (*)(void))(uintptr_t)TP(10), 7, 0);
	check_trap("lock: M fetch from a locked entry without X", r, 1, TP(10));
	check("lock: the code did not run", r.value, 7);
	pmp_set(13, 0, 0);
	check("lock: pmpcfg of a locked entry ignores writes", (pmpcfg_read(2) >> 40) & 0xff, NAPOT | R | L);
	check("lock: pmpaddr of a locked entry ignores writes", pmpaddr_read(13), napot(TP(7), 4096));
}

/* ---- counters: mcountinhibit (3.1.13) and Smcntrpmf ------------------------------------- */
static void t_counters(void)
{
	u64 o[2];
	window(0, o);
	check("counters: minstret counts 7 instructions", o[0], 7);
#ifndef MODEL
	check("counters: mcycle counts 7 (functional: one cycle each)", o[1], 7);
#endif
	window(5, o);
	check("mcountinhibit CY|IR: minstret frozen", o[0], 0);
	check("mcountinhibit CY|IR: mcycle frozen", o[1], 0);
	window(1, o);
	check("mcountinhibit CY: minstret counts", o[0], 7);
	check("mcountinhibit CY: mcycle frozen", o[1], 0);
	window(4, o);
	check("mcountinhibit IR: minstret frozen", o[0], 0);
#ifndef MODEL
	check("mcountinhibit IR: mcycle counts", o[1], 7);
#endif
	CSR_WRITE(mcountinhibit, ~0ull);
	check("mcountinhibit: writable bits (TM is 0)", CSR_READ(mcountinhibit), 0xfffffffdull);
	CSR_WRITE(mcountinhibit, 0);

	cfg_window(INH_S | INH_U, o);
	check("minstretcfg SINH|UINH: M code counted", o[0], 7);
	cfg_window(INH_M, o);
	check("minstretcfg MINH: M code not counted", o[0], 0);
	check("mcyclecfg MINH: M code not counted", o[1], 0);
	CSR_WRITE(0x322, ~0ull);
	/* VSINH and VUINH exist with H (Smcntrpmf: "if the H extension is implemented") */
	check("minstretcfg: MINH, SINH, UINH writable, VSINH, VUINH with H", CSR_READ(0x322),
	      has_h() ? 31ull << 58 : 7ull << 60);
	CSR_WRITE(0x322, 0);

	/* u_loop retires 202 instructions in the mode it runs in; enter()'s mret retires in M and
	 * the ecall back does not retire (3.3.1) */
	CSR_WRITE(0x322, INH_M | INH_S);
	CSR_WRITE(0x321, INH_M | INH_S);
	CSR_WRITE(minstret, 0);
	CSR_WRITE(mcycle, 0);
	run(PRIV_U, fn(u_loop), 0, 0);
	check("minstretcfg U only: a U loop of 202", CSR_READ(minstret), 202);
#ifndef MODEL
	check("mcyclecfg U only: a U loop of 202", CSR_READ(mcycle), 202);
#else
	/* the model issues at most one instruction per cycle: at least 202 cycles, and none of M's */
	check("mcyclecfg U only: the U loop took >= 202 cycles", CSR_READ(mcycle) >= 202, 1);
	u64 c0 = CSR_READ(mcycle);
	window(0, o);
	check("mcyclecfg U only: M code adds no cycles", CSR_READ(mcycle), c0);
#endif
	run(PRIV_S, fn(u_loop), 0, 0);
	check("minstretcfg U only: the S loop not counted", CSR_READ(minstret), 202);
	CSR_WRITE(0x322, INH_M | INH_U);
	CSR_WRITE(minstret, 0);
	run(PRIV_S, fn(u_loop), 0, 0);
	run(PRIV_U, fn(u_loop), 0, 0);
	check("minstretcfg S only: S loop counted, U loop not", CSR_READ(minstret), 202);
	CSR_WRITE(0x322, INH_M);
	CSR_WRITE(minstret, 0);
	run(PRIV_S, fn(u_loop), 0, 0);
	run(PRIV_U, fn(u_loop), 0, 0);
	check("minstretcfg MINH: S and U loops", CSR_READ(minstret), 404);
	CSR_WRITE(0x322, 0);
	CSR_WRITE(0x321, 0);

	/* Sscofpmf filters on an hpm counter counting instructions (event 2) */
	CSR_WRITE(mhpmevent4, 2 | INH_M | INH_S);
	CSR_WRITE(mhpmcounter4, 0);
	run(PRIV_U, fn(u_loop), 0, 0);
	check("mhpmevent4 = instructions, U only: a U loop", CSR_READ(mhpmcounter4), 202);
	CSR_WRITE(mcountinhibit, 1u << 4);
	run(PRIV_U, fn(u_loop), 0, 0);
	check("mcountinhibit HPM4: frozen", CSR_READ(mhpmcounter4), 202);
	CSR_WRITE(mcountinhibit, 0);
	CSR_WRITE(mhpmevent4, 0);

	/* hpm counters: no event, no counting; unsupported events read 0 (WARL) */
	check("mhpmevent11 resets to no event", CSR_READ(mhpmevent11), 0);
	CSR_WRITE(mhpmcounter11, 5);
	window(0, o);
	check("mhpmcounter11 without an event keeps its value", CSR_READ(mhpmcounter11), 5);
	CSR_WRITE(mhpmevent5, 99);
	check("mhpmevent5 = 99 (no such event) reads 0", CSR_READ(mhpmevent5), 0);
	CSR_WRITE(mhpmevent5, 0xfc00000000000002ull);
	check("mhpmevent5: OF, MINH, SINH, UINH kept, VSINH, VUINH with H", CSR_READ(mhpmevent5),
	      has_h() ? 0xfc00000000000002ull : 0xf000000000000002ull);
	CSR_WRITE(mhpmevent5, 0);
}

/* ---- Sscofpmf: overflow interrupt, scountovf; Zihpm access (3.1.11, Sscofpmf) ----------- */
static void t_overflow(void)
{
	CSR_WRITE(mhpmevent3, 2);                 /* instructions, OF = 0 */
	CSR_WRITE(mideleg, 0);
	CSR_WRITE(mie, LCOF);
	t_count = 0;
	t_cause = NONE;
	CSR_SET(mstatus, MS_MIE);
	/* of_sled: mhpmcounter3 = -10; the 10 instructions after that write wrap it to 0, so the
	 * interrupt is taken before the 11th, at of_sled + 4 + 10 * 4 */
	((void (*)(u64))(uintptr_t)fn(of_sled))(-10ull);
	CSR_CLEAR(mstatus, MS_MIE);
	check("lcofi: one interrupt", t_count, 1);
	check("lcofi: mcause", t_cause, 1ull << 63 | 13);
	check("lcofi: mepc = the 11th instruction after the write", t_epc, fn(of_sled) + 44);
	check("lcofi: mip.LCOFIP was set", (t_mip >> 13) & 1, 1);
	check("lcofi: mhpmevent3.OF set", CSR_READ(mhpmevent3), OF | 2);
	check("scountovf in M: bit 3", CSR_READ(scountovf), 8);
	/* OF = 1: a second wrap raises nothing */
	t_count = 0;
	CSR_SET(mstatus, MS_MIE);
	((void (*)(u64))(uintptr_t)fn(of_sled))(-3ull);
	CSR_CLEAR(mstatus, MS_MIE);
	check("lcofi: no interrupt while OF = 1", t_count, 0);
#ifdef MODEL
	/* event 1 = the model's cycles: at least one per instruction, so -1000 wraps within the
	 * first 1000 instructions of of_loop's 2002 */
	CSR_WRITE(mhpmevent3, 1);
	t_count = 0;
	t_cause = NONE;
	CSR_SET(mstatus, MS_MIE);
	((void (*)(u64))(uintptr_t)fn(of_loop))(-1000ull);
	CSR_CLEAR(mstatus, MS_MIE);
	check("lcofi on model cycles: one interrupt", t_count, 1);
	check("lcofi on model cycles: mcause", t_cause, 1ull << 63 | 13);
	check("lcofi on model cycles: inside the loop", t_epc >= fn(of_loop) && t_epc < fn(of_loop) + 20, 1);
	CSR_WRITE(mhpmevent3, OF | 2);
#endif
	CSR_WRITE(mie, 0);
	/* delegated to S (mideleg.LCOFI): counting S only (MINH), -5 wraps on the 5th S
	 * instruction, s_sled's 5th nop; the S handler sees sepc = s_sled + 20 */
	static u64 s_irq[3];
	CSR_WRITE(mhpmevent3, 2 | INH_M);
	CSR_WRITE(mhpmcounter3, -5ull);
	CSR_WRITE(mideleg, LCOF);
	CSR_WRITE(mie, LCOF);
	CSR_WRITE(stvec, fn(s_lcofi));
	CSR_WRITE(sscratch, (u64)(uintptr_t)s_irq);
	CSR_SET(mstatus, 2);                      /* SIE */
	s_irq[1] = NONE;
	t_count = 0;
	run(PRIV_S, fn(s_sled), 0, 0);
	CSR_CLEAR(mstatus, 2);
	CSR_WRITE(mie, 0);
	CSR_WRITE(mideleg, 0);
	check("lcofi delegated: taken in S, not in M", t_count, 0);
	check("lcofi delegated: scause", s_irq[1], 1ull << 63 | 13);
	check("lcofi delegated: sepc = the 6th S instruction", s_irq[2], fn(s_sled) + 20);
	check("lcofi delegated: OF set", CSR_READ(mhpmevent3) >> 63, 1);
	/* scountovf from S shows the bits mcounteren allows; U has no access */
	CSR_WRITE(mcounteren, 0);
	struct res r = run(PRIV_S, fn(p_scountovf), 0, 0);
	check_trap("scountovf from S, mcounteren = 0", r, NONE, 0);
	check("scountovf from S, mcounteren = 0: 0", r.value, 0);
	CSR_WRITE(mcounteren, 8);
	r = run(PRIV_S, fn(p_scountovf), 0, 0);
	check("scountovf from S, mcounteren.HPM3: bit 3", r.value, 8);
	check_trap("scountovf from U: illegal", run(PRIV_U, fn(p_scountovf), 0, 0), 2, 0xda002573);
	CSR_WRITE(mhpmevent3, 2);
	check("scountovf after OF is cleared", CSR_READ(scountovf), 0);
	/* Zihpm: hpmcounter3 below M needs mcounteren bit 3, in U also scounteren bit 3 */
	CSR_WRITE(mcounteren, 0);
	CSR_WRITE(scounteren, 8);
	check_trap("hpmcounter3 from S, mcounteren = 0: illegal", run(PRIV_S, fn(p_hpm3), 0, 0), 2, 0xc0302573);
	CSR_WRITE(mcounteren, 8);
	CSR_WRITE(scounteren, 0);
	check_trap("hpmcounter3 from S, mcounteren.HPM3", run(PRIV_S, fn(p_hpm3), 0, 0), NONE, 0);
	check_trap("hpmcounter3 from U, scounteren = 0: illegal", run(PRIV_U, fn(p_hpm3), 0, 0), 2, 0xc0302573);
	CSR_WRITE(scounteren, 8);
	check_trap("hpmcounter3 from U, both enabled", run(PRIV_U, fn(p_hpm3), 0, 0), NONE, 0);
	CSR_WRITE(mcounteren, 0);
	CSR_WRITE(scounteren, 0);
	CSR_WRITE(mhpmevent3, 3);
}

/* ---- Smstateen: mstateen0.SE0 gates sstateen0, ENVCFG gates senvcfg, below M ------------ */
static void t_stateen(void)
{
	CSR_WRITE(0x30c, ~0ull);
	check("mstateen0: SE0 and ENVCFG writable, the rest 0", CSR_READ(0x30c), 3ull << 62);
	CSR_WRITE(0x30d, ~0ull);
	check("mstateen1: SE writable", CSR_READ(0x30d), 1ull << 63);
	CSR_WRITE(0x30d, 0);
	CSR_WRITE(0x30c, 0);
	check("sstateen0 from M", CSR_READ(0x10c), 0);
	check_trap("sstateen0 from S, SE0 = 0: illegal", run(PRIV_S, fn(p_sstateen0), 0, 0), 2, 0x10c02573);
	check_trap("senvcfg from S, ENVCFG = 0: illegal", run(PRIV_S, fn(p_senvcfg), 0, 0), 2, 0x10a02573);
	CSR_WRITE(0x30c, 3ull << 62);
	check_trap("sstateen0 from S, SE0 = 1", run(PRIV_S, fn(p_sstateen0), 0, 0), NONE, 0);
	check_trap("senvcfg from S, ENVCFG = 1", run(PRIV_S, fn(p_senvcfg), 0, 0), NONE, 0);
	check_trap("sstateen0 from U: illegal", run(PRIV_U, fn(p_sstateen0), 0, 0), 2, 0x10c02573);
	CSR_WRITE(0x30c, 0);
}

/* ---- CSRs that do not exist on this hart raise illegal-instruction (2.1) ---------------- */
#define ABSENT(num, why)                                                                         \
	do {                                                                                     \
		t_cause = NONE;                                                                  \
		__asm__ volatile(".option push\n .option norvc\n csrr t0, " #num "\n .option pop" ::: "t0"); \
		check("absent csr " #num " (" why "): illegal", t_cause, 2);                     \
	} while (0)
#define PRESENT(num, why)                                                                        \
	do {                                                                                     \
		t_cause = NONE;                                                                  \
		__asm__ volatile(".option push\n .option norvc\n csrr t0, " #num "\n .option pop" ::: "t0"); \
		check("csr " #num " (" why ") reads", t_cause, NONE);                            \
	} while (0)
static void t_absent(void)
{
	ABSENT(0x747, "mseccfg: no Smepmp, Zkr, Zicfilp");
	if (has_h()) {
		PRESENT(0x34a, "mtinst: H");
		PRESENT(0x34b, "mtval2: H");
		PRESENT(0x600, "hstatus: H");
	} else {
		ABSENT(0x34a, "mtinst: H only");
		ABSENT(0x34b, "mtval2: H only");
		ABSENT(0x600, "hstatus: no H");
	}
	ABSENT(0x310, "mstatush: RV32 only");
	ABSENT(0x31a, "menvcfgh: RV32 only");
	ABSENT(0x31c, "mstateen0h: RV32 only");
	ABSENT(0xb80, "mcycleh: RV32 only");
	ABSENT(0xb83, "mhpmcounter3h: RV32 only");
	ABSENT(0xc80, "cycleh: RV32 only");
	ABSENT(0x721, "mcyclecfgh: RV32 only");
	ABSENT(0x3a1, "pmpcfg1: RV32 only");
	ABSENT(0xb01, "no counter 1 in mhpmcounter space");
	ABSENT(0x015, "seed: no Zkr");
	ABSENT(0x7b0, "dcsr: debug mode only");
	ABSENT(0xfb0, "mtopi: no AIA");
	ABSENT(0x740, "mnscratch: no Smrnmi");
	PRESENT(0xf15, "mconfigptr");
	PRESENT(0x321, "mcyclecfg");
	PRESENT(0xda0, "scountovf");
	PRESENT(0x30c, "mstateen0");
}

int main(void)
{
	t_pmp_csrs();
	if (PMP_N == 16) {
		t_match();
		t_fetch();
		t_walk();
	}
	t_counters();
	t_overflow();
	t_stateen();
	t_absent();
	if (PMP_N == 16)
		t_lock();   /* last: locked entries stay until reset */
	putdec(passed);
	puts_(" passed, ");
	putdec(failed);
	puts_(" failed\n");
	return failed != 0;
}
