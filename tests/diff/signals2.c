/* Signal frames in depth: a SIGILL handler that edits the saved context (skips the faulting
 * instruction, sets a0 and an FP register) and returns through rt_sigreturn; FP registers and
 * fcsr of the interrupted code restored after a handler that clobbers them; sigaltstack;
 * SA_RESETHAND; a signal raised inside a handler (deferred, then delivered); the saved mask. */
#include "common.h"
#include <signal.h>
#include <stdlib.h>
#include <ucontext.h>
#include <unistd.h>

static volatile int order[8], norder;
static volatile int on_alt;
static char *alt_base;
static size_t alt_size;

static void on_ill(int sig, siginfo_t *si, void *ucv)
{
	(void)sig; (void)si;
	ucontext_t *uc = ucv;
	uc->uc_mcontext.__gregs[REG_PC] += 4;           /* skip the 4-byte illegal instruction */
	uc->uc_mcontext.__gregs[10] = 0x1234;           /* a0 */
	uc->uc_mcontext.__fpregs.__d.__f[9] = 0x4045000000000000ull; /* fs1 = 42.0 */
}

static void clobber_fp(int sig)
{
	(void)sig;
	volatile double x = 3.0;
	__asm__ volatile("fsrmi 2\n\tfsflagsi 0x1f\n\tfcvt.d.w fs0, zero\n\tfcvt.d.w fs2, zero" ::: "fs0", "fs2", "memory");
	x = x / 7.0;
	char local;
	on_alt = alt_base && &local >= alt_base && &local < alt_base + alt_size;
}

static void on_usr2(int sig) { (void)sig; order[norder++] = 2; }
static void on_usr1(int sig)
{
	(void)sig;
	order[norder++] = 1;
	raise(SIGUSR2);                 /* blocked by sa_mask while this handler runs */
	order[norder++] = 3;
}

static void on_term_once(int sig) { order[norder++] = 10 + sig; }

int main(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_ill;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGILL, &sa, NULL);
	uint64_t a0;
	double fs1;
	__asm__ volatile("li a0, 7\n\tfcvt.d.w fs1, zero\n\t.4byte 0\n\tmv %0, a0\n\tfmv.d %1, fs1"
			 : "=r"(a0), "=f"(fs1) :: "a0", "fs1");
	printf("after edited sigreturn: a0 %#llx fs1 %g\n", (u64)a0, fs1);

	/* FP state across a handler that clobbers it, running on an alternate stack. */
	alt_size = 1 << 16;
	alt_base = malloc(alt_size);
	stack_t ss = { .ss_sp = alt_base, .ss_size = alt_size, .ss_flags = 0 };
	printf("sigaltstack %d\n", sigaltstack(&ss, NULL));
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = clobber_fp;
	sa.sa_flags = SA_ONSTACK;
	sigaction(SIGUSR1, &sa, NULL);
	uint64_t f0, f2; unsigned fcsr;
	__asm__ volatile("fsrmi 3\n\tfsflagsi 0x4\n\tli t0, 0x400921fb54442d18\n\tfmv.d.x fs0, t0\n\tfmv.d.x fs2, t0"
			 ::: "t0", "fs0", "fs2", "memory");
	raise(SIGUSR1);
	__asm__ volatile("fmv.x.d %0, fs0\n\tfmv.x.d %1, fs2\n\tfrcsr %2" : "=r"(f0), "=r"(f2), "=r"(fcsr) :: "memory");
	printf("fp after handler: fs0 %016llx fs2 %016llx fcsr %03x on altstack %d\n", (u64)f0, (u64)f2, fcsr, on_alt);
	__asm__ volatile("fscsr zero");

	/* Nested: SIGUSR2 raised inside the SIGUSR1 handler is held by sa_mask until it returns. */
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_usr2;
	sigaction(SIGUSR2, &sa, NULL);
	sa.sa_handler = on_usr1;
	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGUSR2);
	sigaction(SIGUSR1, &sa, NULL);
	raise(SIGUSR1);
	printf("order:");
	for (int i = 0; i < norder; i++) printf(" %d", order[i]);
	printf("\n");

	/* SA_RESETHAND: the second SIGTERM takes the default action (exit status 143). */
	norder = 0;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_term_once;
	sa.sa_flags = SA_RESETHAND;
	sigaction(SIGTERM, &sa, NULL);
	raise(SIGTERM);
	printf("first SIGTERM handled: %d\n", order[0]);
	sigset_t cur;
	sigprocmask(SIG_SETMASK, NULL, &cur);
	printf("mask restored: usr1 %d usr2 %d\n", sigismember(&cur, SIGUSR1), sigismember(&cur, SIGUSR2));
	fflush(stdout);
	raise(SIGTERM);
	printf("not reached\n");
	return 0;
}
