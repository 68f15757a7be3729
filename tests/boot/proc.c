/* The board's multi-process vector test (make boot-test): two processes at once, each running
 * a vector checksum and a SHAKE256 whose Keccak state stays in v0..v7 (vkeccak.vi, zvknhk.md
 * "Resident state") through millions of instructions, so that timer preemption and the kernel's
 * vector context switch happen in the middle; sched_yield between the chunks interleaves them.
 * Child k's buffer is byte i = (13 k i + 7 k + i / 256) mod 256 (BUF bytes); its message is the
 * buffer repeated REPS * CHUNKS times. tests/boot/run.py checks the checksums and digests with
 * hashlib, and that the two children ran at the same time: each chunk's start and end take
 * numbers from a shared counter, and the children's spans must overlap. Needs VLEN >= 256. */
#include <riscv_vector.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include "zvknhk.h"

#define RATE 136                  /* SHAKE256 (FIPS 202 §6.2) */
#define BUF (RATE * 7710)         /* 1048560 bytes: whole blocks, whole 32-bit words */
#define REPS 48                   /* blocks absorbed per resident region: REPS * BUF / RATE */
#define CHUNKS 2

static uint8_t buf[BUF];
static unsigned long *seq;   /* shared by both children: [0] a global order of chunk starts and
                              * ends, [1] the children that have arrived */

/* The sum of the buffer's little-endian 32-bit words, mod 2^64 (vwredsumu). */
static uint64_t vsum(const uint32_t *p, size_t n)
{
	vuint64m1_t acc = __riscv_vmv_s_x_u64m1(0, 1);
	for (size_t vl; n; n -= vl, p += vl) {
		vl = __riscv_vsetvl_e32m4(n);
		acc = __riscv_vwredsumu_vs_u32m4_u64m1(__riscv_vle32_v_u32m4(p, vl), acc, vl);
	}
	return __riscv_vmv_x_s_u64m1_u64(acc);
}

/* Absorbs `reps` copies of buf into the state s, the state resident in v0..v7 throughout. */
static void absorb(uint64_t s[25], unsigned reps)
{
	__asm__ volatile("vsetivli zero, 25, e64, m8, tu, mu\n\t"
			 "vle64.v v0, (%[s])\n\t"
			 "vsetivli zero, 17, e64, m8, tu, mu\n\t"
			 "1: mv t1, %[b]\n\t"
			 "mv t2, %[n]\n\t"
			 "2: vle64.v v8, (t1)\n\t"
			 "vxor.vv v0, v0, v8\n\t" VKECCAK_VI(0, 0)
			 "addi t1, t1, 136\n\t"
			 "addi t2, t2, -1\n\t"
			 "bnez t2, 2b\n\t"
			 "addi %[r], %[r], -1\n\t"
			 "bnez %[r], 1b\n\t"
			 "vsetivli zero, 25, e64, m8, tu, mu\n\t"
			 "vse64.v v0, (%[s])\n\t"
			 : [r] "+r"(reps)
			 : [s] "r"(s), [b] "r"(buf), [n] "r"((unsigned long)(BUF / RATE))
			 : "memory", "t1", "t2", "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9",
			   "v10", "v11", "v12", "v13", "v14", "v15", "vl", "vtype");
}

static void child(int k)
{
	for (size_t i = 0; i < BUF; i++)
		buf[i] = (uint8_t)(13 * k * i + 7 * k + i / 256);
	uint64_t s[25] = { 0 }, sum = 0;
	/* Both children exist before either starts its chunks (seq[1] counts the arrivals), so
	 * that the first sched_yield or timer preemption has the other child to switch to, whatever
	 * order the kernel ran the parent and its first child in. */
	__atomic_fetch_add(&seq[1], 1, __ATOMIC_SEQ_CST);
	while (__atomic_load_n(&seq[1], __ATOMIC_SEQ_CST) < 2)
		sched_yield();
	for (int c = 0; c < CHUNKS; c++) {
		unsigned long a = __atomic_fetch_add(seq, 1, __ATOMIC_SEQ_CST);
		sum += vsum((const uint32_t *)buf, BUF / 4);
		absorb(s, REPS);
		unsigned long b = __atomic_fetch_add(seq, 1, __ATOMIC_SEQ_CST);
		printf("child %d chunk %d seq %lu %lu\n", k, c, a, b);
		fflush(stdout);
		sched_yield();
	}
	/* the message is a whole number of blocks: the padding block is 0x1f ... 0x80 */
	uint8_t pad[RATE] = { 0 };
	pad[0] = 0x1f;
	pad[RATE - 1] |= 0x80;
	for (unsigned i = 0; i < RATE; i++)
		s[i / 8] ^= (uint64_t)pad[i] << (8 * (i % 8));
	keccakf1600_vkeccak(s);
	printf("child %d sum %016llx shake256 ", k, (unsigned long long)sum);
	for (int i = 0; i < 32; i++)
		printf("%02x", (unsigned)(s[i / 8] >> (8 * (i % 8))) & 0xff);
	printf("\n");
	fflush(stdout);
}

int main(void)
{
	seq = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (seq == MAP_FAILED)
		return 1;
	pid_t pid[2];
	for (int k = 1; k <= 2; k++) {
		pid[k - 1] = fork();
		if (pid[k - 1] < 0) {
			perror("fork");
			return 1;
		}
		if (pid[k - 1] == 0) {
			child(k);
			/* how often the kernel switched this process out without it asking */
			char line[128];
			FILE *f = fopen("/proc/self/status", "r");
			while (f && fgets(line, sizeof line, f))
				if (!strncmp(line, "nonvoluntary_ctxt_switches:", 27))
					printf("child %d preempted %s", k, line + 27);
			_exit(0);
		}
	}
	int bad = 0;
	for (int k = 0; k < 2; k++) {
		int st;
		waitpid(pid[k], &st, 0);
		bad |= !WIFEXITED(st) || WEXITSTATUS(st);
	}
	printf("proc done %s\n", bad ? "FAIL" : "ok");
	return bad;
}
