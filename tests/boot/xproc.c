/* The private-state argument across a context switch (issue 11; the signal-handler version is
 * tests/xkround/private.c): process A holds a SHA3-256 state in the accelerator and spins,
 * without a system call, until process B, scheduled in by timer preemption, has hashed another
 * message with the same accelerator; then A finishes.
 *   -DUSE_XR: the state is xkround's private state; A stops between rounds 11 and 12. The kernel
 *             does not save the unit's state, so B's hash overwrites A's: A's digest is wrong.
 *   -DUSE_VK: A's state is in v0..v7 between the two permutations of a two-block message; the
 *             kernel saves and restores vector registers at the switch, so both are right.
 * tests/boot/run.py checks both outcomes (the corrupted one against keccak_ref's prediction). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../xkround/sha3_accel.h"

static const char other_msg[] = "hashed by the other process";
static volatile int *flag;   /* shared: 1 = A's state is in the unit, 2 = B has hashed */

static void hex(const char *what, const uint64_t *s)
{
	printf("%s ", what);
	for (int i = 0; i < 32; i++)
		printf("%02x", (unsigned)(s[i / 8] >> (8 * (i % 8))) & 0xff);
	printf("\n");
	fflush(stdout);
}

int main(void)
{
	flag = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (flag == MAP_FAILED)
		return 1;
	pid_t b = fork();
	if (b == 0) {                      /* process B */
		while (*flag != 1)
			;
		uint64_t s[25] = { 0 };
		pad_block(s, (const uint8_t *)other_msg, strlen(other_msg));
		permute(s);
		hex("other", s);
		*flag = 2;
		_exit(0);
	}
	uint64_t s[25] = { 0 };
#if defined(USE_XR)
	static const char main_msg[] = "interrupted between rounds";
	pad_block(s, (const uint8_t *)main_msg, strlen(main_msg));
	xr_load(s);
	xr_rounds(0, 12);
	*flag = 1;
	while (*flag != 2)
		;
	xr_rounds(12, 24);
	xr_store(s);
#else
	uint8_t m[200];
	uint64_t b2[25] = { 0 };
	for (unsigned i = 0; i < sizeof m; i++)
		m[i] = (uint8_t)(7 * i + 1);
	for (unsigned i = 0; i < RATE; i++)
		s[i / 8] ^= (uint64_t)m[i] << (8 * (i % 8));
	pad_block(b2, m + RATE, sizeof m - RATE);
	__asm__ volatile("vsetivli zero, 25, e64, m8, tu, mu\n\t"
			 "vle64.v v0, (%[s])\n\t" VKECCAK_VI(0, 0)
			 "li t0, 1\n\t"
			 "sw t0, (%[f])\n\t"
			 "1: lw t0, (%[f])\n\t"
			 "addi t0, t0, -2\n\t"
			 "bnez t0, 1b\n\t"
			 "vsetivli zero, 25, e64, m8, tu, mu\n\t"
			 "vle64.v v8, (%[b2])\n\t"
			 "vxor.vv v0, v0, v8\n\t" VKECCAK_VI(0, 0)
			 "vse64.v v0, (%[s])\n\t"
			 :
			 : [s] "r"(s), [b2] "r"(b2), [f] "r"(flag)
			 : "memory", "t0", "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10",
			   "v11", "v12", "v13", "v14", "v15", "vl", "vtype");
#endif
	int st;
	waitpid(b, &st, 0);
	hex("main", s);
	return 0;
}
