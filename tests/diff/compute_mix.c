/* Compiler-generated code of many shapes: switch jump tables (indirect jumps), function
 * pointers, deep recursion, setjmp/longjmp, varargs, 128-bit arithmetic, struct copies,
 * bit-field packing, mixed int/float code, a sieve, CRC-32 and a small interpreter loop. */
#include "common.h"
#include <setjmp.h>
#include <stdarg.h>
#include <stdlib.h>

static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
static uint64_t ack(uint64_t m, uint64_t n) { return m == 0 ? n + 1 : n == 0 ? ack(m - 1, 1) : ack(m - 1, ack(m, n - 1)); }

static uint64_t op_add(uint64_t a, uint64_t b) { return a + b; }
static uint64_t op_mul(uint64_t a, uint64_t b) { return a * b + 1; }
static uint64_t op_xor(uint64_t a, uint64_t b) { return (a ^ b) >> 1; }
static uint64_t (*const ops[])(uint64_t, uint64_t) = { op_add, op_mul, op_xor };

static __attribute__((noinline)) int classify(unsigned x)
{
	switch (x % 13) {
	case 0: return 17; case 1: return -3; case 2: return 99; case 3: return 4; case 4: return 1000;
	case 5: return -77; case 6: return 5; case 7: return 8; case 8: return 13; case 9: return 21;
	case 10: return 34; case 11: return 55; default: return 89;
	}
}

static int sum_va(int n, ...)
{
	va_list ap; va_start(ap, n);
	long s = 0;
	for (int i = 0; i < n; i++) s += (i & 1) ? (long)va_arg(ap, double) : va_arg(ap, long);
	va_end(ap);
	return (int)s;
}

struct rec { uint8_t a : 3, b : 5; uint16_t c; int32_t d; double e; char name[12]; };

static jmp_buf jb;
static __attribute__((noinline)) void deep(int n) { if (n == 0) longjmp(jb, 42); deep(n - 1); }

static uint32_t crc32(const uint8_t *p, size_t n)
{
	uint32_t c = 0xffffffffu;
	while (n--) { c ^= *p++; for (int k = 0; k < 8; k++) c = (c >> 1) ^ (0xedb88320u & -(c & 1)); }
	return ~c;
}

int main(void)
{
	printf("fib(27) %d ack(2,300) %llu ack(3,5) %llu\n", fib(27), (u64)ack(2, 300), (u64)ack(3, 5));
	uint64_t x = 1;
	for (int i = 0; i < 100000; i++) x = ops[i % 3](x, (uint64_t)i);
	int cs = 0;
	for (unsigned i = 0; i < 100000; i++) cs += classify(i * 2654435761u);
	printf("fnptr %016llx switch %d varargs %d\n", (u64)x, cs, sum_va(6, 1L, 2.9, 3L, -4.5, 5L, 6.0));
	int r = setjmp(jb);
	if (r == 0) deep(1000);
	printf("longjmp returned %d\n", r);
	unsigned __int128 big = 1;
	for (int i = 1; i <= 30; i++) big *= (unsigned)i;
	__int128 sbig = -(__int128)big / 7;
	printf("30! = %016llx%016llx /-7 rem %lld\n", (u64)(big >> 64), (u64)big, (i64)(sbig % 1000000007));
	struct rec a = { 5, 17, 65535, -9, 2.5, "record" }, b[4];
	for (int i = 0; i < 4; i++) { b[i] = a; b[i].a += i; b[i].b -= i; b[i].d *= i; b[i].e /= i + 1; }
	printf("structs %u %u %u %d %.17g %s sizeof %zu\n", b[3].a, b[3].b, b[3].c, b[3].d, b[3].e, b[3].name, sizeof a);
	/* Sieve of Eratosthenes. */
	enum { N = 2000000 };
	uint8_t *comp = calloc(N, 1);
	int primes = 0; uint64_t psum = 0;
	for (int i = 2; i < N; i++) {
		if (comp[i]) continue;
		primes++; psum += i;
		for (long j = (long)i * i; j < N; j += i) comp[j] = 1;
	}
	printf("primes below %d: %d sum %llu crc %08x\n", N, primes, (u64)psum, crc32(comp, N));
	free(comp);
	/* Mixed integer/float: a small Mandelbrot in double and float. */
	int it_sum = 0; float fs = 0;
	for (int py = 0; py < 40; py++)
		for (int px = 0; px < 60; px++) {
			double cr = -2.0 + px * 0.05, ci = -1.0 + py * 0.05, zr = 0, zi = 0;
			int it = 0;
			while (it < 200 && zr * zr + zi * zi < 4.0) { double t = zr * zr - zi * zi + cr; zi = 2 * zr * zi + ci; zr = t; it++; }
			it_sum += it;
			fs += (float)it / (float)(px + py + 1);
		}
	printf("mandel %d %08x\n", it_sum, fbits(fs));
	/* A bytecode interpreter loop. */
	static const uint8_t prog[] = { 1, 5, 2, 3, 4, 1, 7, 3, 5, 6, 0 };
	int64_t acc = 1, reg = 3;
	for (int round = 0; round < 50000; round++)
		for (const uint8_t *pc = prog; *pc; pc++)
			switch (*pc) {
			case 1: acc += reg; break; case 2: acc *= 3; break; case 3: reg ^= acc; break;
			case 4: acc -= reg >> 2; break; case 5: reg = (reg << 1) | (acc & 1); break;
			case 6: acc = (acc >> 3) ^ reg; break; default: acc++; break;
			}
	printf("interp %lld %lld\n", (long long)acc, (long long)reg);
	return 0;
}
