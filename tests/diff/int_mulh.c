/* Upper-half multiplies of every sign combination (mulh, mulhsu, mulhu), checked against the
 * 128-bit product computed by plain C as well as printed raw; plus mulw. */
#include "common.h"

#define OP(name, a, b) ({ uint64_t _r; __asm__ volatile(#name " %0,%1,%2" : "=r"(_r) : "r"(a), "r"(b)); _r; })

int main(void)
{
	unsigned bad = 0;
	for (unsigned i = 0; i < N_INT_VALS; i++)
		for (unsigned j = 0; j < N_INT_VALS; j++) {
			uint64_t a = int_vals[i], b = int_vals[j];
			uint64_t h = OP(mulh, a, b), hsu = OP(mulhsu, a, b), hu = OP(mulhu, a, b);
			uint64_t lo = OP(mul, a, b), w = OP(mulw, a, b);
			printf("%2u %2u mul %016llx mulh %016llx mulhsu %016llx mulhu %016llx mulw %016llx\n",
			       i, j, (u64)lo, (u64)h, (u64)hsu, (u64)hu, (u64)w);
			bad += h != (uint64_t)(((__int128)(i64)a * (__int128)(i64)b) >> 64);
			bad += hsu != (uint64_t)(((__int128)(i64)a * (__int128)(unsigned __int128)b) >> 64);
			bad += hu != (uint64_t)(((unsigned __int128)a * b) >> 64);
		}
	for (int k = 0; k < 20000; k++) {
		uint64_t a = rng64(), b = rng64() >> (k & 63);
		if (k & 1)
			a = (uint64_t)-(i64)a;
		bad += OP(mulh, a, b) != (uint64_t)(((__int128)(i64)a * (__int128)(i64)b) >> 64);
		bad += OP(mulhsu, a, b) != (uint64_t)(((__int128)(i64)a * (__int128)(unsigned __int128)b) >> 64);
		bad += OP(mulhu, a, b) != (uint64_t)(((unsigned __int128)a * b) >> 64);
	}
	printf("mismatches vs __int128: %u\n", bad);
	/* Overflow builtins lower to mulh/mulhu comparisons. */
	unsigned ov = 0;
	for (unsigned i = 0; i < N_INT_VALS; i++)
		for (unsigned j = 0; j < N_INT_VALS; j++) {
			i64 r; uint64_t ur;
			ov = ov * 3 + __builtin_mul_overflow((i64)int_vals[i], (i64)int_vals[j], &r);
			ov = ov * 3 + __builtin_mul_overflow(int_vals[i], int_vals[j], &ur);
			ov = ov * 3 + __builtin_add_overflow((i64)int_vals[i], (i64)int_vals[j], &r);
		}
	printf("overflow hash %08x\n", ov);
	return 0;
}
