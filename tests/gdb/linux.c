/* The Linux user-mode guest of check-gdb (tests/gdb/run.py): every value the debugger checks is
 * written here. known_fn is called twice (the breakpoint is hit twice), checkpoint() is reached
 * with v1 and fcsr just loaded, `spin` keeps the program busy for the Ctrl-C test, and the
 * output shows what a debugger changed (result, known_fn's arguments). */
#include <stdio.h>

volatile long table[4] = { 0x1111111111111111, 0x2222222222222222, 0x3333333333333333, 0x4444444444444444 };
volatile long result = 0;
volatile long spin = 0;
static unsigned char vbytes[32];

__attribute__((noinline)) long known_fn(long a, long b)
{
	return a + b;
}

__attribute__((noinline)) void checkpoint(void)
{
	__asm__ volatile("" ::: "memory");
}

int main(void)
{
	for (int i = 0; i < 32; i++)
		vbytes[i] = (unsigned char)(0x10 + i);
	/* v1 = 0x10, 0x11, ..., 0x2f (VLEN 256: vl = 32 bytes), fcsr = frm 2 | fflags 5 */
	__asm__ volatile("li t0, 32\n\tvsetvli t1, t0, e8, m1, ta, ma\n\tvle8.v v1, (%0)\n\tli t0, 0x45\n\tcsrw fcsr, t0"
			 :: "r"(vbytes) : "t0", "t1", "memory");
	checkpoint();
	long n = 0;
	while (spin)
		n++;
	long r1 = known_fn(0x1234, 0x5678);
	long r2 = known_fn(3, 4);
	printf("known_fn: %lx %lx\n", r1, r2);
	printf("result: %lx\n", result);
	printf("table[0]: %lx\n", table[0]);
	return (int)(3 + result);
}
