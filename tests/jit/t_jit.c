/* Guest checks for the translator (tests/jit/run.sh runs them with --jit=on --jit-threshold=1,
 * --jit=off and under QEMU 10): code that changes under translated code, faults inside a block,
 * signals arriving in a tight loop. Prints ok/FAIL lines and "N passed, N failed".
 * `t_jit counts` adds lines with retired-instruction deltas (rdinstret), which only karu64's two
 * modes are compared on; `t_jit spin` loops forever (for --max-insns). */
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <ucontext.h>
#include <unistd.h>

static int pass, fail;
static void check(int ok, const char *what)
{
	printf("%s: %s\n", ok ? "ok" : "FAIL", what);
	ok ? pass++ : fail++;
}

/* addi a0, x0, k; ret */
static void put_li_ret(volatile uint32_t *p, int k)
{
	p[0] = 0x00000513u | ((uint32_t)k & 0xfff) << 20;
	p[1] = 0x00008067u;
}

static long call_n(void *code, int n)
{
	long (*f)(void) = (long (*)(void))code;
	long s = 0;
	for (int i = 0; i < n; i++)
		s += f();
	return s;
}

static void clear_cache(void *p, size_t n) { __builtin___clear_cache((char *)p, (char *)p + n); }

static sigjmp_buf env;
static volatile uintptr_t fault_pc, fault_addr, fault_t1, fault_t2;
static void on_segv(int sig, siginfo_t *si, void *ctx)
{
	(void)sig;
	ucontext_t *uc = ctx;
	fault_pc = uc->uc_mcontext.__gregs[REG_PC];
	fault_t1 = uc->uc_mcontext.__gregs[6];
	fault_t2 = uc->uc_mcontext.__gregs[7];
	fault_addr = (uintptr_t)si->si_addr;
	siglongjmp(env, 1);
}

/* A block with a load (store) in its middle: t1 and t2 are written before it, t1 again after. */
extern char mid_load[], mid_load_insn[], mid_store[], mid_store_insn[];
__asm__(".text\n"
	".globl mid_load\n.type mid_load,@function\nmid_load:\n"
	"  li t0, 5\n  addi t1, t0, 7\n  addi t2, t1, 1\n"
	".globl mid_load_insn\nmid_load_insn:\n"
	"  ld t3, 0(a0)\n  addi t1, t1, 100\n  ret\n"
	".globl mid_store\n.type mid_store,@function\nmid_store:\n"
	"  li t0, 9\n  addi t1, t0, 7\n  addi t2, t1, 1\n"
	".globl mid_store_insn\nmid_store_insn:\n"
	"  sw t0, 4(a0)\n  addi t1, t1, 100\n  ret\n");

static uint64_t rdinstret(void)
{
	uint64_t v;
	__asm__ volatile("rdinstret %0" : "=r"(v));
	return v;
}

static volatile sig_atomic_t ticks;
static void on_alarm(int sig) { (void)sig; ticks++; }

int main(int argc, char **argv)
{
	int counts = argc > 1 && !strcmp(argv[1], "counts");
	if (argc > 1 && !strcmp(argv[1], "spin")) {
		__asm__ volatile("1: addi a0, a0, 1\n addi a1, a1, 3\n j 1b" ::: "a0", "a1");
	}
	long pg = sysconf(_SC_PAGESIZE);
	struct sigaction sa = { 0 };
	sa.sa_sigaction = on_segv;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigaction(SIGSEGV, &sa, NULL);

	/* 1. Self-modifying code with fence.i: the new instruction runs after the fence. */
	uint32_t *code = mmap(NULL, pg, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	put_li_ret(code, 1);
	clear_cache(code, 8);
	long s1 = call_n(code, 100);
	put_li_ret(code, 2);
	__asm__ volatile("fence.i" ::: "memory");
	long s2 = call_n(code, 100);
	check(s1 == 100 && s2 == 200, "self-modifying code + fence.i");

	/* 2. A store into translated code from another block, no fence: seen from the next block on
	 * (karu64 drops the blocks at the boundary, QEMU detects the write). */
	put_li_ret(code, 3);
	long s3 = call_n(code, 10);
	check(s3 == 30, "store into translated code, next call");

	/* 3. Code written through another mapping of the page: RW, then RX, rewritten through RW. */
	uint32_t *w = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	put_li_ret(w, 4);
	mprotect(w, pg, PROT_READ | PROT_EXEC);
	clear_cache(w, 8);
	long s4 = call_n(w, 50);
	mprotect(w, pg, PROT_READ | PROT_WRITE);
	put_li_ret(w, 5);
	mprotect(w, pg, PROT_READ | PROT_EXEC);
	clear_cache(w, 8);
	long s5 = call_n(w, 50);
	check(s4 == 200 && s5 == 250, "code rewritten across mprotect");

	/* 4. The page under translated code is unmapped: the next call faults at its first byte. */
	munmap(code, pg);
	fault_pc = fault_addr = 0;
	if (!sigsetjmp(env, 1)) {
		call_n(code, 1);
		check(0, "call into unmapped code faults");
	} else {
		check(fault_pc == (uintptr_t)code && fault_addr == (uintptr_t)code, "call into unmapped code: SIGSEGV at its pc");
	}

	/* 5. A fault in the middle of a block: the handler sees the load's pc and the registers
	 * written before it, not those after. */
	char *bad = mmap(NULL, pg, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	for (int k = 0; k < 3; k++) {   /* again once translated */
		fault_pc = 0;
		if (!sigsetjmp(env, 1))
			((void (*)(void *))(void *)mid_load)(bad);
		check(fault_pc == (uintptr_t)mid_load_insn && fault_addr == (uintptr_t)bad && fault_t1 == 12 &&
		      fault_t2 == 13, "load fault in mid-block: pc and registers");
		fault_pc = 0;
		if (!sigsetjmp(env, 1))
			((void (*)(void *))(void *)mid_store)(bad);
		check(fault_pc == (uintptr_t)mid_store_insn && fault_addr == (uintptr_t)bad + 4 && fault_t1 == 16 &&
		      fault_t2 == 17, "store fault in mid-block: pc and registers");
	}
	if (counts) {
		uint64_t a = rdinstret();
		if (!sigsetjmp(env, 1))
			((void (*)(void *))(void *)mid_load)(bad);
		uint64_t b = rdinstret();
		printf("instret across a mid-block fault and its handler: %llu\n", (unsigned long long)(b - a));
	}

	/* 6. Timer signals in a tight translated loop arrive, and the loop ends on them. */
	signal(SIGALRM, on_alarm);
	struct itimerval it = { { 0, 2000 }, { 0, 2000 } };
	setitimer(ITIMER_REAL, &it, NULL);
	unsigned long spins = 0;
	while (ticks < 5)
		spins++;
	struct itimerval off = { { 0, 0 }, { 0, 0 } };
	setitimer(ITIMER_REAL, &off, NULL);
	check(ticks >= 5 && spins > 0, "SIGALRM in a tight loop");

	/* 7. A signal raised inside a loop body is delivered before the next iteration. */
	ticks = 0;
	int seen = 0;
	for (int i = 0; i < 100; i++) {
		if (i == 50)
			raise(SIGALRM);
		if (ticks && !seen)
			seen = i;
	}
	check(seen == 50, "raise in a loop: delivered at once");

	printf("%d passed, %d failed\n", pass, fail);
	return fail != 0;
}
