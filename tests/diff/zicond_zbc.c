/* Zicond (czero.eqz/czero.nez, also as lowered from C conditionals in the Zicond build) and
 * Zbc carry-less multiply (clmul, clmulh, clmulr), checked against a bitwise C model too. */
#include "common.h"

#define ASM2(ext, insn, a, b) ({ uint64_t _r; __asm__ volatile(".option push\n.option arch,+" ext "\n" insn " %0,%1,%2\n.option pop" : "=r"(_r) : "r"(a), "r"(b)); _r; })

static void clmul_ref(uint64_t a, uint64_t b, uint64_t *lo, uint64_t *hi)
{
	uint64_t l = 0, h = 0;
	for (int i = 0; i < 64; i++)
		if ((b >> i) & 1) {
			l ^= a << i;
			if (i)
				h ^= a >> (64 - i);
		}
	*lo = l; *hi = h;
}

static __attribute__((noinline)) uint64_t sel(uint64_t c, uint64_t x, uint64_t y) { return c ? x : y; }
static __attribute__((noinline)) uint64_t selz(uint64_t c, uint64_t x) { return c == 0 ? 0 : x; }

int main(void)
{
	for (unsigned i = 0; i < N_INT_VALS; i++)
		for (unsigned j = 0; j < N_INT_VALS; j += 2) {
			uint64_t a = int_vals[i], b = int_vals[j];
			printf("%2u %2u czero.eqz %016llx czero.nez %016llx sel %016llx selz %016llx\n", i, j,
			       (u64)ASM2("zicond", "czero.eqz", a, b), (u64)ASM2("zicond", "czero.nez", a, b),
			       (u64)sel(b, a, ~a), (u64)selz(b & 0xff, a));
			printf("      clmul %016llx clmulh %016llx clmulr %016llx\n", (u64)ASM2("zbc", "clmul", a, b),
			       (u64)ASM2("zbc", "clmulh", a, b), (u64)ASM2("zbc", "clmulr", a, b));
		}
	unsigned bad = 0;
	for (int k = 0; k < 3000; k++) {
		uint64_t a = rng64(), b = rng64(), lo, hi;
		clmul_ref(a, b, &lo, &hi);
		bad += ASM2("zbc", "clmul", a, b) != lo;
		bad += ASM2("zbc", "clmulh", a, b) != hi;
		bad += ASM2("zbc", "clmulr", a, b) != ((hi << 1) | (lo >> 63));
	}
	printf("clmul mismatches vs bitwise model: %u\n", bad);
	return 0;
}
