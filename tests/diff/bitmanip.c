/* Zba, Zbb and Zbs: every instruction through inline asm (so the plain rv64gc build runs them
 * too), and the same operations through __builtin_* and idioms that the compiler lowers to them
 * in the Zb build and to base-ISA sequences in the rv64gc build. */
#include "common.h"

#define ASM2(ext, insn, a, b) ({ uint64_t _r; __asm__ volatile(".option push\n.option arch,+" ext "\n" insn " %0,%1,%2\n.option pop" : "=r"(_r) : "r"(a), "r"(b)); _r; })
#define ASM1(ext, insn, a) ({ uint64_t _r; __asm__ volatile(".option push\n.option arch,+" ext "\n" insn " %0,%1\n.option pop" : "=r"(_r) : "r"(a)); _r; })
#define ASMI(ext, insn, a, imm) ({ uint64_t _r; __asm__ volatile(".option push\n.option arch,+" ext "\n" insn " %0,%1," #imm "\n.option pop" : "=r"(_r) : "r"(a)); _r; })

static void zba(uint64_t a, uint64_t b)
{
	printf(" zba %016llx %016llx %016llx %016llx %016llx %016llx %016llx %016llx %016llx\n",
	       (u64)ASM2("zba", "add.uw", a, b), (u64)ASM2("zba", "sh1add", a, b), (u64)ASM2("zba", "sh2add", a, b),
	       (u64)ASM2("zba", "sh3add", a, b), (u64)ASM2("zba", "sh1add.uw", a, b), (u64)ASM2("zba", "sh2add.uw", a, b),
	       (u64)ASM2("zba", "sh3add.uw", a, b), (u64)ASMI("zba", "slli.uw", a, 0), (u64)ASMI("zba", "slli.uw", a, 37));
}

static void zbb2(uint64_t a, uint64_t b)
{
	printf(" zbb2 %016llx %016llx %016llx %016llx %016llx %016llx %016llx %016llx\n",
	       (u64)ASM2("zbb", "andn", a, b), (u64)ASM2("zbb", "orn", a, b), (u64)ASM2("zbb", "xnor", a, b),
	       (u64)ASM2("zbb", "max", a, b), (u64)ASM2("zbb", "maxu", a, b), (u64)ASM2("zbb", "min", a, b),
	       (u64)ASM2("zbb", "minu", a, b), (u64)ASM2("zbb", "rol", a, b));
	printf(" zbb3 %016llx %016llx %016llx\n", (u64)ASM2("zbb", "ror", a, b), (u64)ASM2("zbb", "rolw", a, b),
	       (u64)ASM2("zbb", "rorw", a, b));
}

static void zbb1(uint64_t a)
{
	printf(" zbb1 %lld %lld %lld %lld %lld %lld %016llx %016llx %016llx %016llx %016llx\n",
	       (i64)ASM1("zbb", "clz", a), (i64)ASM1("zbb", "clzw", a), (i64)ASM1("zbb", "ctz", a),
	       (i64)ASM1("zbb", "ctzw", a), (i64)ASM1("zbb", "cpop", a), (i64)ASM1("zbb", "cpopw", a),
	       (u64)ASM1("zbb", "orc.b", a), (u64)ASM1("zbb", "rev8", a), (u64)ASM1("zbb", "sext.b", a),
	       (u64)ASM1("zbb", "sext.h", a), (u64)ASM1("zbb", "zext.h", a));
	printf(" zbbi %016llx %016llx %016llx %016llx %016llx\n", (u64)ASMI("zbb", "rori", a, 1),
	       (u64)ASMI("zbb", "rori", a, 63), (u64)ASMI("zbb", "roriw", a, 0), (u64)ASMI("zbb", "roriw", a, 5),
	       (u64)ASMI("zbb", "roriw", a, 31));
}

static void zbs(uint64_t a, uint64_t b)
{
	printf(" zbs %016llx %016llx %016llx %016llx %016llx %016llx %016llx %016llx\n",
	       (u64)ASM2("zbs", "bset", a, b), (u64)ASM2("zbs", "bclr", a, b), (u64)ASM2("zbs", "binv", a, b),
	       (u64)ASM2("zbs", "bext", a, b), (u64)ASMI("zbs", "bseti", a, 63), (u64)ASMI("zbs", "bclri", a, 31),
	       (u64)ASMI("zbs", "binvi", a, 0), (u64)ASMI("zbs", "bexti", a, 32));
}

/* What the compiler makes of builtins and idioms (no inline asm). */
static void builtins(uint64_t a, uint64_t b)
{
	uint32_t a32 = (uint32_t)a;
	printf(" blt %d %d %d %d %d %d %016llx %08x %016llx %016llx %016llx %016llx %016llx %016llx\n",
	       a ? __builtin_clzll(a) : 64, a ? __builtin_ctzll(a) : 64, __builtin_popcountll(a),
	       a32 ? __builtin_clz(a32) : 32, a32 ? __builtin_ctz(a32) : 32, __builtin_popcount(a32),
	       (u64)__builtin_bswap64(a), __builtin_bswap32(a32), (u64)((a << (b & 63)) | (a >> (-b & 63))),
	       (u64)(a & ~b), (u64)((i64)a < (i64)b ? a : b), (u64)(a > b ? a : b),
	       (u64)(a | (1ull << (b & 63))), (u64)((a >> (b & 63)) & 1));
	printf(" idx %016llx %016llx %016llx\n", (u64)(b + (a << 3)), (u64)(b + ((uint64_t)a32 << 2)),
	       (u64)(int64_t)(int8_t)a + (u64)(int64_t)(int16_t)a + (uint16_t)a);
}

int main(void)
{
	for (unsigned i = 0; i < N_INT_VALS; i++) {
		printf("%2u\n", i);
		zbb1(int_vals[i]);
		for (unsigned j = 0; j < N_INT_VALS; j += 3) {
			zba(int_vals[i], int_vals[j]);
			zbb2(int_vals[i], int_vals[j]);
			zbs(int_vals[i], int_vals[j]);
			builtins(int_vals[i], int_vals[j]);
		}
	}
	uint64_t h = 0;
	for (int k = 0; k < 30000; k++) {
		uint64_t a = rng64(), b = rng64();
		h ^= ASM2("zbb", "rol", a, b) + ASM1("zbb", "cpop", a) + ASM2("zba", "sh3add.uw", a, h);
		h = ASM2("zbs", "binv", h, b) ^ ASM1("zbb", "rev8", h) ^ ASM1("zbb", "orc.b", b & a);
		h += ASM2("zbb", "minu", a, b) - ASM1("zbb", "clzw", b >> (k & 63)) + ASM1("zbb", "ctz", a >> (k & 63));
	}
	printf("hash %016llx\n", (u64)h);
	return 0;
}
