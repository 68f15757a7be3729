/* Bare metal for tests/ckpt: vector and FP state live across the whole run, so that a checkpoint
 * at any point holds some of it: an accumulator in v8 (e32, vl varying with vsetvli), a
 * checksum in v16 (e64), fa0 with inexact flags in fcsr, and an LR/SC pair now and then.
 * Prints the results through HTIF and exits 0. */
#include <stdint.h>

volatile uint64_t tohost __attribute__((section(".tohost"), aligned(64)));
volatile uint64_t fromhost __attribute__((section(".tohost"), aligned(64)));

static void putc_(char c)
{
	tohost = (1ull << 56) | (1ull << 48) | (uint8_t)c;
	while (tohost)
		;
}

static void hex(const char *name, uint64_t v)
{
	while (*name)
		putc_(*name++);
	for (int i = 60; i >= 0; i -= 4)
		putc_("0123456789abcdef"[(v >> i) & 15]);
	putc_('\n');
}

static uint32_t data[64];
static uint64_t word;

void main(void)
{
	for (unsigned i = 0; i < 64; i++)
		data[i] = i * 2654435761u;
	__asm__ volatile("vsetvli t0, zero, e32, m1, ta, ma\n\tvmv.v.i v8, 0\n\t"
			 "vsetvli t0, zero, e64, m1, ta, ma\n\tvmv.v.i v16, 0" ::: "t0");
	double acc = 1.0;
	uint64_t spins = 0;
	for (unsigned r = 0; r < 4000; r++) {
		uint64_t avl = 1 + r % 13;
		__asm__ volatile("vsetvli t0, %0, e32, m1, ta, ma\n\t"
				 "vle32.v v1, (%1)\n\t"
				 "vadd.vv v8, v8, v1\n\t"
				 "vxor.vx v8, v8, %2\n\t"
				 "vsetvli t0, zero, e64, m1, ta, ma\n\t"
				 "vadd.vx v16, v16, %2"
				 :: "r"(avl), "r"(&data[r % 48]), "r"((uint64_t)r) : "t0", "memory");
		acc = acc * 1.0000001 + 1.0 / (r + 3);
		uint64_t old, fail;
		do {
			__asm__ volatile("lr.d %0, (%2)\n\taddi %0, %0, 1\n\tsc.d %1, %0, (%2)"
					 : "=&r"(old), "=&r"(fail) : "r"(&word) : "memory");
			spins++;
		} while (fail);
	}
	uint64_t s32, s64, fl, bits;
	__asm__ volatile("vsetvli t0, zero, e32, m1, ta, ma\n\tvmv.s.x v2, zero\n\tvredsum.vs v2, v8, v2\n\tvmv.x.s %0, v2\n\t"
			 "vsetvli t0, zero, e64, m1, ta, ma\n\tvmv.s.x v3, zero\n\tvredsum.vs v3, v16, v3\n\tvmv.x.s %1, v3\n\t"
			 "frflags %2"
			 : "=r"(s32), "=r"(s64), "=r"(fl) :: "t0");
	__builtin_memcpy(&bits, &acc, 8);
	hex("v8 sum ", s32 & 0xffffffffu);
	hex("v16 sum ", s64);
	hex("fp ", bits);
	hex("fflags ", fl);
	hex("lr/sc ", word + spins);
	tohost = 1;   /* exit 0 */
	for (;;)
		;
}

__attribute__((naked, section(".text.init"))) void _start(void)
{
	__asm__ volatile("la sp, _end + 0x10000\n\t"
			 "li t0, 0x6200\n\t"           /* mstatus.FS and VS = Initial */
			 "csrs mstatus, t0\n\t"
			 "call main\n\t");
}
