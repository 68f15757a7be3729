/* vkeccak.vi needs SEW = 64 (zvknhk.md "Illegal-instruction exceptions"): with SEW = 32 the
 * process receives SIGILL, with si_addr at the instruction. */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>
#include "zvknhk.h"

extern char vk_insn[];

static void on_sigill(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	printf("sigill signal %d code %d at-insn %s\n", sig, si->si_code, si->si_addr == (void *)vk_insn ? "yes" : "no");
	fflush(stdout);
	_exit(0);
}

int main(void)
{
	struct sigaction sa = { 0 };
	sa.sa_sigaction = on_sigill;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGILL, &sa, NULL);
	__asm__ volatile("vsetivli zero, 8, e32, m8, tu, mu\n\t"
			 ".globl vk_insn\n"
			 "vk_insn: " VKECCAK_VI(0, 0)
			 ::: "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "vl", "vtype");
	printf("sigill none\n");
	return 1;
}
