/* Guest for the profiler's ELF test: a few functions of known shape, one of them a hand-written
 * assembly function with no .size (a zero-size STT_FUNC symbol, which extends to the next
 * symbol). Built static (ET_EXEC, with libc) and, with -DNOLIBC, as a static PIE without libc
 * (ET_DYN: the symbols move by the load bias). Run, it exits with (610 + 5 + 15) & 0x7f = 118. */
__asm__(".text\n"
	".globl zero_size_fn\n"
	".type zero_size_fn, @function\n"
	".p2align 2\n"
	"zero_size_fn:\n"
	"	addi a0, a0, 1\n"
	"	ret\n");

long zero_size_fn(long x);

/* The barrier keeps the compiler from turning one of the two calls into a loop, so fib(n)
 * makes 2 fib(n + 1) - 1 calls of fib in all (1973 for fib(15)). */
__attribute__((noinline)) long fib(long n)
{
	if (n < 2)
		return n;
	long a = fib(n - 1), b = fib(n - 2);
	__asm__ volatile("" : "+r"(a), "+r"(b));
	return a + b;
}

__attribute__((noinline)) long tail_target(long x)
{
	__asm__ volatile("" : "+r"(x));
	return x * 5;
}

/* Compiled as a tail call: a jump to tail_target, which returns to main. */
__attribute__((noinline)) long tail_caller(long x)
{
	return tail_target(x + 1);
}

__attribute__((noinline)) static long leaf_local(long x)
{
	__asm__ volatile("" : "+r"(x));
	return x * 3;
}

__attribute__((noinline)) long leaf_global(long x)
{
	return leaf_local(x) + zero_size_fn(x);
}

int main(void)
{
	return (int)((fib(15) + leaf_global(1) + tail_caller(2)) & 0x7f);
}

#ifdef NOLIBC
__attribute__((noreturn)) void _start(void)
{
	long r = main();
	register long a0 __asm__("a0") = r;
	register long a7 __asm__("a7") = 93; /* exit */
	__asm__ volatile("ecall" : : "r"(a0), "r"(a7));
	__builtin_unreachable();
}
#endif
