/* M extension division corner cases (ISA manual, M chapter, "Division Operations" table):
 * division by zero gives all ones / the dividend, INT_MIN / -1 overflows to INT_MIN with
 * remainder 0, W forms sign-extend their 32-bit results. Inline asm, because C leaves these
 * undefined. */
#include "common.h"

#define OP(name, a, b) ({ uint64_t _r; __asm__ volatile(#name " %0,%1,%2" : "=r"(_r) : "r"(a), "r"(b)); _r; })

int main(void)
{
	for (unsigned i = 0; i < N_INT_VALS; i++)
		for (unsigned j = 0; j < N_INT_VALS; j++) {
			uint64_t a = int_vals[i], b = int_vals[j];
			printf("%2u %2u div %016llx divu %016llx rem %016llx remu %016llx\n", i, j,
			       (u64)OP(div, a, b), (u64)OP(divu, a, b), (u64)OP(rem, a, b), (u64)OP(remu, a, b));
			printf("      divw %016llx divuw %016llx remw %016llx remuw %016llx\n",
			       (u64)OP(divw, a, b), (u64)OP(divuw, a, b), (u64)OP(remw, a, b), (u64)OP(remuw, a, b));
		}
	/* Explicit list of the table's cases with the divisor in different registers. */
	uint64_t m = 0x8000000000000000ull, m1 = (uint64_t)-1, z = 0, w = 0xffffffff80000000ull;
	printf("min/-1: %016llx %016llx\n", (u64)OP(div, m, m1), (u64)OP(rem, m, m1));
	printf("minw/-1: %016llx %016llx\n", (u64)OP(divw, w, m1), (u64)OP(remw, w, m1));
	printf("x/0: %016llx %016llx %016llx %016llx\n", (u64)OP(div, m, z), (u64)OP(divu, m, z),
	       (u64)OP(rem, m, z), (u64)OP(remu, m, z));
	printf("xw/0: %016llx %016llx %016llx %016llx\n", (u64)OP(divw, w, z), (u64)OP(divuw, w, z),
	       (u64)OP(remw, w, z), (u64)OP(remuw, w, z));
	/* The upper word must be ignored by the W forms: divisor 0x1_00000000 is zero. */
	uint64_t hz = 0x100000000ull, n = 0x12345678ull;
	printf("w-upper: %016llx %016llx\n", (u64)OP(divw, n, hz), (u64)OP(remuw, n, hz));
	/* Compiler-generated division by constants (magic multiplies, mulh) and by variables. */
	uint64_t acc = 0;
	for (int k = 0; k < 100000; k++) {
		uint64_t x = rng64();
		volatile uint64_t vd = (rng64() >> (k & 63)) | 1;
		uint64_t d = vd;
		acc += x / 10 + x % 1000003 + (uint64_t)((i64)x / -7) + (uint64_t)((i64)x % 13);
		acc ^= x / d + x % d + (uint64_t)((int32_t)x / (int32_t)(d | 2)) + (uint32_t)x % (uint32_t)d;
	}
	printf("acc %016llx\n", (u64)acc);
	return 0;
}
