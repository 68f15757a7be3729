/* Signal delivery through the riscv64 Linux rt signal frame. Expected values come from the
 * Linux ABI: si_code values (asm-generic/siginfo.h), REG_PC = 0 in uc_mcontext.__gregs,
 * fcsr/f registers in __fpregs.__d, SA_* semantics (sigaction(2)), sigaltstack(2). */
#define _GNU_SOURCE
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>
#include "check.h"

static volatile int hits;
static volatile int last_sig, last_code;
static volatile uintptr_t last_addr, last_pc;
static sigjmp_buf jb;

extern char ill_insn[], ill_after[], brk_insn[], fp_fault[];

static void skip_handler(int sig, siginfo_t *si, void *ctx)
{
	ucontext_t *uc = ctx;
	hits++;
	last_sig = sig;
	last_code = si->si_code;
	last_addr = (uintptr_t)si->si_addr;
	last_pc = uc->uc_mcontext.__gregs[REG_PC];
	/* Skip the faulting instruction: 2 bytes if compressed, else 4. */
	uint16_t lo = *(uint16_t *)last_pc;
	uc->uc_mcontext.__gregs[REG_PC] += (lo & 3) == 3 ? 4 : 2;
}

static void jump_handler(int sig, siginfo_t *si, void *ctx)
{
	(void)ctx;
	hits++;
	last_sig = sig;
	last_code = si->si_code;
	last_addr = (uintptr_t)si->si_addr;
	siglongjmp(jb, 1);
}

static void test_sigill(void)
{
	struct sigaction sa = { 0 };
	sa.sa_sigaction = skip_handler;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGILL, &sa, NULL);
	hits = 0;
	long s1;
	/* A 32-bit illegal instruction (unimp). A callee-saved
	 * register must survive the signal round trip. */
	__asm__ volatile("li s1, 0x1234567\n"
			 ".globl ill_insn\nill_insn: .4byte 0xc0001073\n" /* csrrw zero, cycle, zero: writes a read-only CSR */
			 ".globl ill_after\nill_after: mv %0, s1\n"
			 : "=r"(s1) : : "s1", "memory");
	CHECK_EQ(hits, 1, "SIGILL handler ran once");
	CHECK_EQ(last_sig, SIGILL, "signal number");
	CHECK_EQ(last_code, ILL_ILLOPC, "si_code ILL_ILLOPC");
	CHECK_EQ(last_pc, (uintptr_t)ill_insn, "uc_mcontext pc = faulting instruction");
	CHECK_EQ(last_addr, (uintptr_t)ill_insn, "si_addr = faulting instruction");
	CHECK_EQ(s1, 0x1234567, "s1 preserved across the handler");
}

static void test_ebreak(void)
{
	struct sigaction sa = { 0 };
	sa.sa_sigaction = skip_handler;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGTRAP, &sa, NULL);
	hits = 0;
	__asm__ volatile(".option push\n.option norvc\n.globl brk_insn\nbrk_insn: ebreak\n.option pop\n" ::: "memory");
	CHECK_EQ(hits, 1, "SIGTRAP from ebreak");
	CHECK_EQ(last_code, TRAP_BRKPT, "si_code TRAP_BRKPT");
	CHECK_EQ(last_pc, (uintptr_t)brk_insn, "pc of ebreak");
}

static void test_segv(void)
{
	struct sigaction sa = { 0 };
	sa.sa_sigaction = jump_handler;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGSEGV, &sa, NULL);
	hits = 0;
	if (sigsetjmp(jb, 1) == 0) {
		*(volatile int *)(uintptr_t)0x18 = 1;
		CHECK(0, "store to an unmapped address did not fault");
	}
	CHECK_EQ(hits, 1, "SIGSEGV on unmapped store, siglongjmp out");
	CHECK_EQ(last_code, SEGV_MAPERR, "si_code SEGV_MAPERR");
	CHECK_EQ(last_addr, 0x18, "si_addr = faulting address");

	char *ro = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	hits = 0;
	if (sigsetjmp(jb, 1) == 0) {
		ro[100] = 1;
		CHECK(0, "store to read-only page did not fault");
	}
	CHECK_EQ(hits, 1, "SIGSEGV on read-only page");
	CHECK_EQ(last_code, SEGV_ACCERR, "si_code SEGV_ACCERR");
	CHECK_EQ(last_addr, (uintptr_t)(ro + 100), "si_addr in the read-only page");

	char *none = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	hits = 0;
	if (sigsetjmp(jb, 1) == 0) {
		(void)*(volatile char *)(none + 8);
		CHECK(0, "load from PROT_NONE did not fault");
	}
	CHECK_EQ(last_code, SEGV_ACCERR, "PROT_NONE load: SEGV_ACCERR");
	munmap(none, 4096);
	hits = 0;
	if (sigsetjmp(jb, 1) == 0) {
		(void)*(volatile char *)(none + 8);
		CHECK(0, "load from unmapped page did not fault");
	}
	CHECK_EQ(last_code, SEGV_MAPERR, "after munmap: SEGV_MAPERR");
	/* The signal mask was saved by sigsetjmp(.., 1) and restored by siglongjmp. */
	sigset_t cur;
	sigprocmask(SIG_SETMASK, NULL, &cur);
	CHECK(!sigismember(&cur, SIGSEGV), "SIGSEGV unblocked again after siglongjmp");
}

static volatile int in_handler_blocked_self, in_handler_blocked_usr2;
static volatile uint64_t saved_mask_word;
static void mask_handler(int sig, siginfo_t *si, void *ctx)
{
	(void)si;
	ucontext_t *uc = ctx;
	sigset_t cur;
	sigprocmask(SIG_SETMASK, NULL, &cur);
	in_handler_blocked_self = sigismember(&cur, sig);
	in_handler_blocked_usr2 = sigismember(&cur, SIGUSR2);
	saved_mask_word = sigismember(&uc->uc_sigmask, SIGUSR2) | sigismember(&uc->uc_sigmask, SIGHUP) << 1;
	hits++;
}

static void test_masks(void)
{
	struct sigaction sa = { 0 };
	sa.sa_sigaction = mask_handler;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGUSR2);
	sigaction(SIGUSR1, &sa, NULL);
	sigset_t hup;
	sigemptyset(&hup);
	sigaddset(&hup, SIGHUP);
	sigprocmask(SIG_BLOCK, &hup, NULL);
	hits = 0;
	raise(SIGUSR1);
	CHECK_EQ(hits, 1, "raise(SIGUSR1) ran the handler");
	CHECK_EQ(in_handler_blocked_self, 1, "signal blocked inside its handler (no SA_NODEFER)");
	CHECK_EQ(in_handler_blocked_usr2, 1, "sa_mask applied inside the handler");
	CHECK_EQ(saved_mask_word, 2, "uc_sigmask = mask before delivery (SIGHUP, not SIGUSR2)");

	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigaction(SIGUSR1, &sa, NULL);
	raise(SIGUSR1);
	CHECK_EQ(in_handler_blocked_self, 0, "SA_NODEFER: not blocked inside its handler");
	sigprocmask(SIG_UNBLOCK, &hup, NULL);

	/* A blocked signal stays pending and is delivered when unblocked. */
	sigset_t u1;
	sigemptyset(&u1);
	sigaddset(&u1, SIGUSR1);
	sigprocmask(SIG_BLOCK, &u1, NULL);
	hits = 0;
	kill(getpid(), SIGUSR1);
	sigset_t pend;
	sigpending(&pend);
	CHECK(hits == 0 && sigismember(&pend, SIGUSR1), "blocked SIGUSR1 is pending, not delivered");
	sigprocmask(SIG_UNBLOCK, &u1, NULL);
	CHECK_EQ(hits, 1, "delivered on unblock");

	/* SA_RESETHAND: the disposition returns to SIG_DFL once delivered. */
	sa.sa_flags = SA_SIGINFO | SA_RESETHAND;
	sigaction(SIGUSR2, &sa, NULL);
	raise(SIGUSR2);
	struct sigaction old;
	sigaction(SIGUSR2, NULL, &old);
	CHECK(old.sa_handler == SIG_DFL, "SA_RESETHAND reset the handler to SIG_DFL");

	/* Ignored signals are discarded. */
	signal(SIGUSR1, SIG_IGN);
	CHECK_EQ(raise(SIGUSR1), 0, "raise of an ignored signal returns 0");
	CHECK_EQ(sigaction(SIGKILL, &sa, NULL), -1, "sigaction(SIGKILL) fails");
}

static char altstack[65536] __attribute__((aligned(16)));
static volatile uintptr_t handler_sp;
static volatile int ss_flags_inside;
static volatile uintptr_t uc_ss_sp;
static void alt_handler(int sig)
{
	(void)sig;
	char local;
	handler_sp = (uintptr_t)&local;
	stack_t cur;
	sigaltstack(NULL, &cur);
	ss_flags_inside = cur.ss_flags;
	hits++;
}

static void alt_info_handler(int sig, siginfo_t *si, void *ctx)
{
	(void)sig, (void)si;
	ucontext_t *uc = ctx;
	uc_ss_sp = (uintptr_t)uc->uc_stack.ss_sp;
	hits++;
}

static void test_altstack(void)
{
	stack_t ss = { .ss_sp = altstack, .ss_size = sizeof altstack, .ss_flags = 0 };
	CHECK_EQ(sigaltstack(&ss, NULL), 0, "sigaltstack installed");
	stack_t tiny = { .ss_sp = altstack, .ss_size = 1024, .ss_flags = 0 };
	CHECK(sigaltstack(&tiny, NULL) == -1 && errno == ENOMEM, "sigaltstack below MINSIGSTKSZ: ENOMEM");
	struct sigaction sa = { 0 };
	sa.sa_handler = alt_handler;
	sa.sa_flags = SA_ONSTACK;
	sigaction(SIGUSR1, &sa, NULL);
	hits = 0;
	raise(SIGUSR1);
	CHECK_EQ(hits, 1, "SA_ONSTACK handler ran");
	CHECK(handler_sp >= (uintptr_t)altstack && handler_sp < (uintptr_t)altstack + sizeof altstack,
	      "handler ran on the alternate stack (sp 0x%lx)", (unsigned long)handler_sp);
	CHECK_EQ(ss_flags_inside, SS_ONSTACK, "sigaltstack reports SS_ONSTACK inside the handler");
	stack_t cur;
	sigaltstack(NULL, &cur);
	CHECK_EQ(cur.ss_flags, 0, "ss_flags 0 after the handler returned");
	sa.sa_sigaction = alt_info_handler;
	sa.sa_flags = SA_ONSTACK | SA_SIGINFO;
	sigaction(SIGUSR2, &sa, NULL);
	raise(SIGUSR2);
	CHECK_EQ(uc_ss_sp, (uintptr_t)altstack, "uc_stack.ss_sp is the alternate stack");
	ss.ss_flags = SS_DISABLE;
	sigaltstack(&ss, NULL);
	sigaltstack(NULL, &cur);
	CHECK_EQ(cur.ss_flags, SS_DISABLE, "SS_DISABLE");
}

/* FP state in the frame: fa0 and frm are visible to the handler and its edits of __fpregs
 * are restored by rt_sigreturn (arch/riscv/kernel/signal.c restore_fp_state). */
static volatile uint64_t seen_fa0;
static volatile unsigned seen_fcsr;
static void fp_handler(int sig, siginfo_t *si, void *ctx)
{
	(void)sig, (void)si;
	ucontext_t *uc = ctx;
	seen_fa0 = uc->uc_mcontext.__fpregs.__d.__f[10];
	seen_fcsr = uc->uc_mcontext.__fpregs.__d.__fcsr;
	uc->uc_mcontext.__fpregs.__d.__f[10] = 0x4000000000000000ull;  /* 2.0 */
	uc->uc_mcontext.__fpregs.__d.__fcsr = 1u << 5;                  /* frm = RTZ */
	uc->uc_mcontext.__gregs[REG_PC] += 4;
	hits++;
}

static void test_fp_frame(void)
{
	struct sigaction sa = { 0 };
	sa.sa_sigaction = fp_handler;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGILL, &sa, NULL);
	uint64_t after;
	unsigned fcsr_after;
	__asm__ volatile("li t0, 0x3ff0000000000000\n"
			 "fmv.d.x fa0, t0\n"
			 "li t0, 0x64\n"        /* frm = RUP (3), fflags = NX (bit 2) */
			 "fscsr t0\n"
			 ".globl fp_fault\nfp_fault: .4byte 0xc0001073\n"
			 "fmv.x.d %0, fa0\n"
			 "frcsr %1\n"
			 : "=r"(after), "=r"(fcsr_after) : : "t0", "fa0", "memory");
	CHECK_EQ(seen_fa0, 0x3ff0000000000000ull, "handler sees fa0 = 1.0 in __fpregs");
	CHECK_EQ(seen_fcsr, 0x64, "handler sees fcsr");
	CHECK_EQ(after, 0x4000000000000000ull, "fa0 restored from the edited frame");
	CHECK_EQ(fcsr_after, 0x20, "fcsr restored from the edited frame");
	__asm__ volatile("fscsr zero");
}

/* Stack overflow: the fault is delivered on the alternate stack and siglongjmp recovers. */
static volatile uintptr_t overflow_addr;
static void overflow_handler(int sig, siginfo_t *si, void *ctx)
{
	(void)sig, (void)ctx;
	overflow_addr = (uintptr_t)si->si_addr;
	siglongjmp(jb, 1);
}

static volatile int recurse_limit = 1 << 30;   /* never reached: the stack runs out first */
static int recurse(int n)
{
	volatile char pad[1024];
	pad[0] = (char)n;
	if (n == recurse_limit)
		return 0;
	return recurse(n + 1) + pad[0];
}

static void test_stack_overflow(void)
{
	static char alt[65536] __attribute__((aligned(16)));
	stack_t ss = { .ss_sp = alt, .ss_size = sizeof alt, .ss_flags = 0 };
	sigaltstack(&ss, NULL);
	struct sigaction sa = { 0 };
	sa.sa_sigaction = overflow_handler;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
	sigaction(SIGSEGV, &sa, NULL);
	char here;
	overflow_addr = 0;
	if (sigsetjmp(jb, 1) == 0)
		recurse(0);
	CHECK(overflow_addr != 0 && overflow_addr < (uintptr_t)&here, "stack overflow caught on the alternate stack (fault at 0x%lx)",
	      (unsigned long)overflow_addr);
	ss.ss_flags = SS_DISABLE;
	sigaltstack(&ss, NULL);
}

int main(void)
{
	test_sigill();
	test_ebreak();
	test_segv();
	test_masks();
	test_altstack();
	test_fp_frame();
	test_stack_overflow();
	return t_done();
}
