/* Bare metal on the board (as --bios, M-mode): the keccak-dma device's interrupt reaches the
 * hart through the PLIC (source 11 in the device tree, doc/board.md). The program starts a
 * permutation, waits in wfi, and in the machine external interrupt claims the source, reads
 * STATUS, completes and masks the source (the line stays high until the next start); then the same for a start with DATA_LEN = 0 (ERROR). It prints what it
 * saw on the UART and powers off through the syscon; tests/boot/run.py checks the result
 * against tests/sw/keccak_ref.py. */
#include <stdint.h>

#define UART     ((volatile uint8_t *)0x10000000)
#define SYSCON   ((volatile uint32_t *)0x100000)
#define PLIC     0xc000000ul
#define KDMA     ((volatile uint32_t *)0x40000000)
#define SRC 0
#define DST 1
#define LEN 2
#define CTRL 3
#define STATUS 4
#define LAST_OP 5
#define SRC_HI 16
#define DST_HI 17
#define SRC_IRQ 11

static uint64_t st[25], out[25];
static volatile uint32_t claimed, status, done;
static volatile uint64_t t_irq;

static void puts_(const char *s) { while (*s) *UART = (uint8_t)*s++; }
static void hex(uint64_t v)
{
	for (int i = 60; i >= 0; i -= 4)
		*UART = (uint8_t)"0123456789abcdef"[(v >> i) & 15];
}
static inline uint64_t mcycle(void) { uint64_t v; __asm__ volatile("csrr %0, mcycle" : "=r"(v)); return v; }
static inline void w32(unsigned long a, uint32_t v) { *(volatile uint32_t *)a = v; }
static inline uint32_t r32(unsigned long a) { return *(volatile uint32_t *)a; }

__attribute__((interrupt("machine"), aligned(4))) static void trap(void)
{
	uint64_t cause;
	__asm__ volatile("csrr %0, mcause" : "=r"(cause));
	if (cause != ((1ull << 63) | 11)) {
		puts_("unexpected trap ");
		hex(cause);
		puts_("\n");
		*SYSCON = 0x3333 | (3 << 16);
	}
	t_irq = mcycle();
	claimed = r32(PLIC + 0x200004);
	status = KDMA[STATUS];
	/* complete while enabled (a completion for a disabled source is ignored, PLIC spec), then
	 * mask the source: its line stays high until the next start (doc/keccak-dma.md) */
	w32(PLIC + 0x200004, claimed);
	w32(PLIC + 0x2000, 0);
	done = 1;
}

static void run(uint32_t len, const char *what)
{
	done = 0;
	KDMA[SRC] = (uint32_t)(uintptr_t)st;
	KDMA[SRC_HI] = (uint32_t)((uintptr_t)st >> 32);
	KDMA[DST] = (uint32_t)(uintptr_t)out;
	KDMA[DST_HI] = (uint32_t)((uintptr_t)out >> 32);
	KDMA[LEN] = len;
	KDMA[CTRL] = 0;
	uint64_t t0 = mcycle();
	KDMA[CTRL] = 1;
	w32(PLIC + 0x2000, 1u << SRC_IRQ);        /* context 0 (M) enables source 11 */
	/* check-then-wait with interrupts off: wfi still wakes on a pending one (privileged 3.3.3) */
	__asm__ volatile("csrci mstatus, 8");
	while (!done)
		__asm__ volatile("wfi\n\tcsrsi mstatus, 8\n\tcsrci mstatus, 8");
	__asm__ volatile("csrsi mstatus, 8");
	puts_(what);
	puts_(" claim ");
	hex(claimed);
	puts_(" status ");
	hex(status);
	puts_(" waited ");
	hex(t_irq - t0);
	puts_(" last_op ");
	hex(KDMA[LAST_OP]);
	puts_(" pending-after ");
	hex(r32(PLIC + 0x1000));
	puts_("\n");
}

void main(void)
{
	for (int i = 0; i < 25; i++)
		st[i] = 0x0101010101010101ull * (uint64_t)i;
	w32(PLIC + 4 * SRC_IRQ, 1);               /* priority 1 */
	w32(PLIC + 0x200000, 0);                  /* threshold 0 */
	__asm__ volatile("csrw mtvec, %0" : : "r"(trap));
	__asm__ volatile("csrw mie, %0" : : "r"(1ul << 11));
	__asm__ volatile("csrsi mstatus, 8");
	run(200, "done");
	puts_("out0 ");
	hex(out[0]);
	puts_(" out24 ");
	hex(out[24]);
	puts_("\n");
	run(0, "error");
	*SYSCON = 0x5555;
	for (;;)
		;
}

__attribute__((naked, section(".text.init"))) void _start(void)
{
	__asm__ volatile("la sp, _end + 0x10000\n\t"
			 "call main\n\t");
}
