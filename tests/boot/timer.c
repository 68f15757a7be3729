/* Bare metal on the board (as --bios): the timers, with expectations from the privileged spec.
 *  1. CLINT: mtimecmp = mtime + 500 with MTIE: a machine timer interrupt (mcause 1 << 63 | 7)
 *     no earlier than mtimecmp; wfi waits for it.
 *  2. Sstc: with menvcfg.STCE = 0 an S-mode access to stimecmp is illegal; with STCE = 1 and
 *     mcounteren.TM = 1 S-mode sets stimecmp = time + 300 and waits in wfi for the supervisor
 *     timer interrupt (delegated: scause 1 << 63 | 5), no earlier than stimecmp; M cannot
 *     clear mip.STIP while STCE = 1.
 *  3. Sstc in VS (the hypervisor extension, priv 1.13 21.2.8 and 21.2.5): with henvcfg.STCE,
 *     hcounteren.TM, htimedelta = 2^40 and hideleg.VSTI, a VS guest (mret with MPV = 1, G stage
 *     Bare) reads time = the host's time + htimedelta, sets stimecmp (vstimecmp) = time + 300 and
 *     waits in wfi for the VS timer interrupt, which arrives in VS with the S-level code
 *     (vscause 1 << 63 | 5), no earlier than vstimecmp; the board must let time pass to it (no
 *     other timer is armed).
 * It prints one line per check ("ok ..." or "FAIL ...") and ends with the syscon: pass 0x5555,
 * or fail with the number of failures. */
#include <stdint.h>

#define UART     ((volatile uint8_t *)0x10000000)
#define SYSCON   ((volatile uint32_t *)0x100000)
#define MTIMECMP ((volatile uint64_t *)0x2004000)
#define MTIME    ((volatile uint64_t *)0x200bff8)
#define CSRR(c) ({ uint64_t v_; __asm__ volatile("csrr %0, " #c : "=r"(v_)); v_; })
#define CSRW(c, v) __asm__ volatile("csrw " #c ", %0" : : "r"((uint64_t)(v)))
#define CSRS(c, v) __asm__ volatile("csrs " #c ", %0" : : "r"((uint64_t)(v)))

static volatile uint64_t m_cause, s_cause, t_at, illegal;
static unsigned failures;
static volatile uint64_t s_deadline;

static void puts_(const char *s) { while (*s) *UART = (uint8_t)*s++; }
static void check(int ok, const char *what)
{
	puts_(ok ? "ok   " : "FAIL ");
	puts_(what);
	puts_("\n");
	failures += !ok;
}

__attribute__((interrupt("machine"), aligned(4))) static void m_trap(void)
{
	uint64_t c = CSRR(mcause);
	if (c == 2) {                             /* illegal instruction from S: skip it (4 bytes) */
		illegal++;
		CSRW(mepc, CSRR(mepc) + 4);
		return;
	}
	m_cause = c;
	t_at = *MTIME;
	*MTIMECMP = ~0ull;                         /* lowers MTIP */
}

__attribute__((interrupt("supervisor"), aligned(4))) static void s_trap(void)
{
	s_cause = CSRR(scause);
	t_at = CSRR(time);
	CSRW(0x14d, ~0ull);                        /* stimecmp: lowers STIP */
}

/* S-mode part: returns to M by ecall (not delegated). */
__attribute__((aligned(4))) static void s_main(void)
{
	/* with STCE = 0 stimecmp is illegal in S (the M handler counts and skips it) */
	__asm__ volatile("csrr t0, 0x14d" ::: "t0");
	__asm__ volatile("ecall");                 /* M sets STCE, then returns here */
	s_deadline = CSRR(time) + 300;
	CSRW(0x14d, s_deadline);
	CSRS(sie, 1ul << 5);
	CSRS(sstatus, 2);
	while (!s_cause)
		__asm__ volatile("wfi");
	__asm__ volatile("ecall");
	for (;;)
		;
}

static volatile int ecalls;
__attribute__((noreturn, aligned(4))) static void finish(void);
__attribute__((noreturn)) static void vs_part(void);
__attribute__((interrupt("machine"), aligned(4))) static void m_trap2(void)
{
	uint64_t c = CSRR(mcause);
	if (c == 2) {
		illegal++;
		CSRW(mepc, CSRR(mepc) + 4);
		return;
	}
	if (c == 9) {                             /* ecall from S */
		ecalls++;
		CSRW(mepc, CSRR(mepc) + 4);
		if (ecalls == 1) {
			CSRS(0x30a, 1ull << 63);           /* menvcfg.STCE */
			return;
		}
		CSRW(mstatus, (CSRR(mstatus) & ~(3ul << 11)) | (3ul << 11));   /* MPP = M */
		CSRW(mepc, (uint64_t)finish);   /* a fresh C function: no register survives the trip */
		return;
	}
	m_cause = c;
}

void main(void)
{
	/* 1. the CLINT timer in M */
	CSRW(mtvec, m_trap);
	uint64_t due = *MTIME + 500;
	*MTIMECMP = due;
	CSRS(mie, 1ul << 7);
	CSRS(mstatus, 8);
	while (!m_cause)
		__asm__ volatile("wfi");
	check(m_cause == ((1ull << 63) | 7), "CLINT: a machine timer interrupt (mcause 1 << 63 | 7)");
	check(t_at >= due, "CLINT: no earlier than mtimecmp");
	__asm__ volatile("csrc mstatus, 8");
	CSRW(mie, 0);

	/* 2. Sstc in S */
	CSRW(mtvec, m_trap2);
	CSRW(stvec, s_trap);
	CSRW(mideleg, 1ul << 5);                    /* STI to S */
	CSRW(mcounteren, 7);                        /* CY, TM, IR */
	CSRW(pmpaddr0, ~0ull);                      /* PMP entry 0: all memory (S needs a match) */
	CSRW(pmpcfg0, 0x1f);
	CSRW(mstatus, (CSRR(mstatus) & ~(3ul << 11)) | (1ul << 11));   /* MPP = S */
	CSRW(mepc, s_main);
	__asm__ volatile("mret");
	__builtin_unreachable();
}

/* Back in M from S's second ecall (m_trap2). */
static void finish(void)
{
	check(illegal == 1, "Sstc: stimecmp is illegal in S while menvcfg.STCE = 0");
	check(s_cause == ((1ull << 63) | 5), "Sstc: a supervisor timer interrupt, delegated (scause 1 << 63 | 5)");
	check(t_at >= s_deadline, "Sstc: no earlier than stimecmp");
	CSRW(0x14d, 0);                             /* STIP up (time >= 0) */
	__asm__ volatile("csrc mip, %0" : : "r"(1ul << 5));
	check((CSRR(mip) >> 5) & 1, "Sstc: M cannot clear mip.STIP while STCE = 1");
	vs_part();
}

/* ---- 3. Sstc in VS ---- */
#define HTIMEDELTA (1ull << 40)
static volatile uint64_t vs_cause, vs_t0, vs_deadline, m_t0;
__attribute__((noreturn, aligned(4))) static void finish3(void);

__attribute__((interrupt("supervisor"), aligned(4))) static void vs_trap(void)
{
	vs_cause = CSRR(scause);                  /* vscause in VS */
	t_at = CSRR(time);
	CSRW(0x14d, ~0ull);                        /* vstimecmp: lowers VSTIP */
}

__attribute__((aligned(4))) static void vs_main(void)
{
	vs_t0 = CSRR(time);
	vs_deadline = vs_t0 + 300;
	CSRW(0x14d, vs_deadline);
	CSRS(sie, 1ul << 5);                       /* vsie.STIE = mie.VSTIE */
	CSRS(sstatus, 2);                          /* vsstatus.SIE */
	while (!vs_cause)
		__asm__ volatile("wfi");
	__asm__ volatile("ecall");                 /* cause 10, to M */
	for (;;)
		;
}

__attribute__((interrupt("machine"), aligned(4))) static void m_trap3(void)
{
	uint64_t c = CSRR(mcause);
	if (c == 10) {                             /* ecall from VS: back to M, V = 0 */
		CSRW(mstatus, (CSRR(mstatus) & ~(1ull << 39)) | (3ul << 11));
		CSRW(mepc, (uint64_t)finish3);
		return;
	}
	m_cause = c;
	CSRW(mepc, (uint64_t)finish3);
	CSRW(mstatus, CSRR(mstatus) | (3ul << 11));
}

static void vs_part(void)
{
	CSRW(mtvec, m_trap3);
	CSRW(0x14d, ~0ull);                         /* stimecmp disarmed, STIE off: only VS's timer */
	CSRW(mie, 0);
	CSRW(sie, 0);
	m_cause = 0;
	CSRS(0x60a, 1ull << 63);                    /* henvcfg.STCE */
	CSRW(0x606, 2);                             /* hcounteren.TM */
	CSRW(0x605, HTIMEDELTA);                    /* htimedelta */
	CSRW(0x603, 1ul << 6);                      /* hideleg.VSTI */
	CSRW(0x205, vs_trap);                       /* vstvec */
	CSRW(0x200, 2ull << 32);                    /* vsstatus: UXL = 2, SIE 0 */
	CSRW(0x680, 0);                             /* hgatp Bare */
	m_t0 = CSRR(time);
	CSRW(mstatus, (CSRR(mstatus) & ~(3ul << 11)) | (1ul << 11) | (1ull << 39));   /* MPP = S, MPV */
	CSRW(mepc, vs_main);
	__asm__ volatile("mret");
	__builtin_unreachable();
}

static void finish3(void)
{
	check(m_cause == 0, "VS: no trap to M but the ecall from VS");
	check(vs_t0 >= m_t0 + HTIMEDELTA && vs_t0 < m_t0 + HTIMEDELTA + 100000,
	      "VS: time reads the host's time + htimedelta");
	check(vs_cause == ((1ull << 63) | 5), "VS: the VS timer interrupt arrives in VS (vscause 1 << 63 | 5)");
	check(t_at >= vs_deadline, "VS: no earlier than vstimecmp (in VS time)");
	*SYSCON = failures ? 0x3333 | (failures << 16) : 0x5555;
	for (;;)
		;
}

__attribute__((naked, section(".text.init"))) void _start(void)
{
	__asm__ volatile("la sp, _end + 0x10000\n\t"
			 "call main\n\t");
}
