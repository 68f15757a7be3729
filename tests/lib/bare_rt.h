/* The bare-metal test run-time shared by the MMU and privileged-architecture tests
 * (tests/mmu/mmu_test.c, tests/priv/priv_test.c; start-up, trap entry and probes in
 * tests/mmu/rt.S): CSR access, the variables rt.S uses, memset/memcpy for -ffreestanding,
 * output through HTIF (device 1, command 1: putchar) and the PASS/FAIL checks counted into the
 * final "N passed, N failed" line. Include it once per program. */
#ifndef K64_TESTS_BARE_RT_H
#define K64_TESTS_BARE_RT_H
#include <stdint.h>

typedef uint64_t u64;

#define PRIV_U 0
#define PRIV_S 1
#define NONE 0xffull                /* "no trap" cause */

#define CSR_READ(name) ({ u64 v_; __asm__ volatile("csrr %0, " #name : "=r"(v_)); v_; })
#define CSR_WRITE(name, v) __asm__ volatile("csrw " #name ", %0" :: "r"((u64)(v)) : "memory")
#define CSR_SET(name, v) __asm__ volatile("csrs " #name ", %0" :: "r"((u64)(v)) : "memory")
#define CSR_CLEAR(name, v) __asm__ volatile("csrc " #name ", %0" :: "r"((u64)(v)) : "memory")
#define FENCE_I() __asm__ volatile("fence.i" ::: "memory")   /* after M writes code (Zifencei) */

#define MS_MPRV (1ull << 17)
#define MS_MPP (3ull << 11)

/* tests/mmu/rt.S: enter(pc, a0, a1, a2) runs the code at pc in the mode mstatus.MPP holds and
 * returns its a0; the probes run in S or U mode */
u64 enter(u64 pc, u64 a0, u64 a1, u64 a2);
extern char back[];
extern volatile u64 tohost;
void p_ld(void), p_lw(void), p_sd(void), p_sw(void), p_mprv_ld(void);

/* used by rt.S */
u64 m_ctx[16];
u64 frame[32] __attribute__((aligned(16)));
char m_stack[16384] __attribute__((aligned(16)));
char lo_stack[8192] __attribute__((aligned(16)));
__asm__(".global m_stack_top\n .set m_stack_top, m_stack + 16384\n"
	".global lo_stack_top\n .set lo_stack_top, lo_stack + 8192\n");
u64 s_rec[4];                       /* strap: saved t1, scause, stval, sepc */
u64 enter_ra;                       /* where the entered code returns to: back, or its alias */

void *memset(void *d, int c, unsigned long n)
{
	volatile uint8_t *p = d;
	while (n--)
		*p++ = (uint8_t)c;
	return d;
}
void *memcpy(void *d, const void *s, unsigned long n)
{
	volatile uint8_t *p = d;
	const uint8_t *q = s;
	while (n--)
		*p++ = *q++;
	return d;
}

static inline void putch(char c)
{
	tohost = (1ull << 56) | (1ull << 48) | (uint8_t)c;
	while (tohost)
		;
}
static inline void puts_(const char *s) { while (*s) putch(*s++); }
static inline void puthex(u64 v)
{
	puts_("0x");
	for (int i = 60; i >= 0; i -= 4)
		if ((v >> i) || i == 0)
			putch("0123456789abcdef"[(v >> i) & 15]);
}
static inline void putdec(u64 v)
{
	char b[24];
	int n = 0;
	do b[n++] = (char)('0' + v % 10); while (v /= 10);
	while (n)
		putch(b[--n]);
}

static unsigned passed, failed;
static inline void check(const char *what, u64 got, u64 want)
{
	if (got == want) {
		passed++;
		puts_("PASS ");
		puts_(what);
		puts_(": ");
		puthex(want);
	} else {
		failed++;
		puts_("FAIL ");
		puts_(what);
		puts_(": got ");
		puthex(got);
		puts_(", expected ");
		puthex(want);
	}
	putch('\n');
}
#endif
