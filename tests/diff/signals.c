/* Signal delivery to guest handlers: raise(SIGUSR1) with sa_sigaction and siginfo, masking with
 * sigprocmask (a blocked signal stays pending until unblocked), and synchronous faults caught
 * with sigsetjmp/siglongjmp: illegal instructions (SIGILL, si_code ILL_ILLOPC, pc in the
 * ucontext), a load from an unmapped address (SIGSEGV, si_addr), ebreak (SIGTRAP). */
#include "common.h"
#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

static volatile sig_atomic_t usr1_count, usr1_code_ok;
static sigjmp_buf env;
static volatile int last_sig, last_code;
static volatile uintptr_t last_addr, last_pc;

static void on_usr1(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	usr1_count++;
	usr1_code_ok = sig == SIGUSR1 && si->si_signo == SIGUSR1 && si->si_code == SI_TKILL;
}

static void on_fault(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = ucv;
	last_sig = sig;
	last_code = si->si_code;
	last_addr = (uintptr_t)si->si_addr;
	last_pc = uc->uc_mcontext.__gregs[REG_PC];
	siglongjmp(env, 1);
}

extern char ill_insn[], ill_csr[], ebreak_insn[], ill_zero[];

int main(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_usr1;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	printf("sigaction usr1 %d\n", sigaction(SIGUSR1, &sa, NULL));
	printf("raise %d count %d code ok %d\n", raise(SIGUSR1), usr1_count, usr1_code_ok);
	sigset_t set, old;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, &old);
	raise(SIGUSR1);
	sigset_t pend;
	sigpending(&pend);
	printf("blocked: count %d pending %d\n", usr1_count, sigismember(&pend, SIGUSR1));
	sigprocmask(SIG_SETMASK, &old, NULL);
	printf("unblocked: count %d\n", usr1_count);
	signal(SIGUSR2, SIG_IGN);
	printf("ignored raise %d\n", raise(SIGUSR2));

	sa.sa_sigaction = on_fault;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigaction(SIGILL, &sa, NULL);
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGTRAP, &sa, NULL);
	sigaction(SIGBUS, &sa, NULL);

	/* An all-zero 16-bit parcel is defined illegal (ISA manual, C chapter). */
	if (sigsetjmp(env, 1) == 0) {
		__asm__ volatile(".globl ill_zero\nill_zero: .2byte 0\n.2byte 0");
		printf("no SIGILL?\n");
	} else
		printf("zero insn: sig %d code %d pc ok %d\n", last_sig, last_code, last_pc == (uintptr_t)ill_zero);
	/* unimp = csrrw x0, cycle, x0: writing a read-only CSR is illegal. */
	if (sigsetjmp(env, 1) == 0) {
		__asm__ volatile(".globl ill_insn\nill_insn: unimp");
		printf("no SIGILL?\n");
	} else
		printf("unimp: sig %d code %d pc ok %d addr ok %d\n", last_sig, last_code, last_pc == (uintptr_t)ill_insn,
		       last_addr == (uintptr_t)ill_insn);
	/* A CSR that does not exist in user mode (mstatus). */
	if (sigsetjmp(env, 1) == 0) {
		uint64_t v;
		__asm__ volatile(".globl ill_csr\nill_csr: csrr %0, mstatus" : "=r"(v));
		printf("no SIGILL? %llu\n", (u64)v);
	} else
		printf("csrr mstatus: sig %d code %d pc ok %d\n", last_sig, last_code, last_pc == (uintptr_t)ill_csr);
	/* The handler ran with the signal unblocked again after siglongjmp: a second fault works. */
	if (sigsetjmp(env, 1) == 0) {
		__asm__ volatile("unimp");
	} else
		printf("second SIGILL delivered %d\n", last_sig == SIGILL);

	/* Unmapped addresses: a page we unmap ourselves, and address 8. */
	char *page = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	munmap(page, 4096);
	if (sigsetjmp(env, 1) == 0) {
		volatile char c = page[123];
		(void)c;
		printf("no SIGSEGV?\n");
	} else
		printf("unmapped load: sig %d code %d addr ok %d\n", last_sig, last_code, last_addr == (uintptr_t)page + 123);
	if (sigsetjmp(env, 1) == 0) {
		*(volatile uint64_t *)8 = 1;
		printf("no SIGSEGV?\n");
	} else
		printf("store to 8: sig %d code %d addr %#lx\n", last_sig, last_code, (unsigned long)last_addr);
	/* A read-only page: SEGV_ACCERR. */
	char *ro = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (sigsetjmp(env, 1) == 0) {
		ro[5] = 1;
		printf("no SIGSEGV?\n");
	} else
		printf("read-only store: sig %d code %d addr ok %d\n", last_sig, last_code, last_addr == (uintptr_t)ro + 5);
	/* ebreak -> SIGTRAP. */
	if (sigsetjmp(env, 1) == 0) {
		__asm__ volatile(".globl ebreak_insn\nebreak_insn: ebreak");
		printf("no SIGTRAP?\n");
	} else
		printf("ebreak: sig %d pc ok %d\n", last_sig, last_pc == (uintptr_t)ebreak_insn);

	/* After all that, normal execution and exit status. */
	printf("done\n");
	return 7;
}
