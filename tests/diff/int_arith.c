/* RV64I/M integer arithmetic on boundary operands: 64-bit and 32-bit (W) forms, shifts by
 * every amount class, comparisons, and a mixing loop. Compared against QEMU. */
#include "common.h"

static volatile uint64_t sink;

int main(void)
{
	for (unsigned i = 0; i < N_INT_VALS; i++)
		for (unsigned j = 0; j < N_INT_VALS; j++) {
			volatile uint64_t va = int_vals[i], vb = int_vals[j];
			uint64_t a = va, b = vb;
			int32_t aw = (int32_t)a, bw = (int32_t)b;
			printf("%2u %2u add %016llx sub %016llx mul %016llx and %016llx or %016llx xor %016llx\n",
			       i, j, (u64)(a + b), (u64)(a - b), (u64)(a * b), (u64)(a & b), (u64)(a | b), (u64)(a ^ b));
			printf("      sll %016llx srl %016llx sra %016llx slt %d sltu %d\n",
			       (u64)(a << (b & 63)), (u64)(a >> (b & 63)), (u64)((i64)a >> (b & 63)),
			       (i64)a < (i64)b, a < b);
			printf("      addw %016llx subw %016llx mulw %016llx sllw %016llx srlw %016llx sraw %016llx\n",
			       (u64)(i64)(int32_t)((uint32_t)aw + (uint32_t)bw), (u64)(i64)(int32_t)((uint32_t)aw - (uint32_t)bw),
			       (u64)(i64)(int32_t)((uint32_t)aw * (uint32_t)bw), (u64)(i64)(int32_t)((uint32_t)aw << (b & 31)),
			       (u64)(i64)(int32_t)((uint32_t)aw >> (b & 31)), (u64)(i64)(aw >> (b & 31)));
		}
	/* Immediate forms: the compiler emits slli/srli/srai/addi(w) with these constants. */
	for (unsigned i = 0; i < N_INT_VALS; i++) {
		volatile uint64_t va = int_vals[i];
		uint64_t a = va;
		printf("imm %2u %016llx %016llx %016llx %016llx %016llx %016llx %016llx %016llx %d %d\n", i,
		       (u64)(a + 2047), (u64)(a - 2048), (u64)(a << 63), (u64)(a >> 63), (u64)((i64)a >> 33),
		       (u64)(i64)((int32_t)a >> 31), (u64)(i64)(int32_t)((uint32_t)a << 7), (u64)(a ^ 0x555),
		       (i64)a < -5, a < 17u);
	}
	/* Shift amounts above 63 are masked by the hardware; do it with inline asm to hit that path. */
	for (unsigned i = 0; i < N_INT_VALS; i++) {
		uint64_t a = int_vals[i], r1, r2, r3, r4;
		uint64_t sh = 64 + i * 3;
		__asm__("sll %0,%1,%2" : "=r"(r1) : "r"(a), "r"(sh));
		__asm__("sra %0,%1,%2" : "=r"(r2) : "r"(a), "r"(sh));
		__asm__("sllw %0,%1,%2" : "=r"(r3) : "r"(a), "r"(sh));
		__asm__("sraw %0,%1,%2" : "=r"(r4) : "r"(a), "r"(sh));
		printf("shmask %2u %016llx %016llx %016llx %016llx\n", i, (u64)r1, (u64)r2, (u64)r3, (u64)r4);
	}
	/* lui/auipc-free constant building and a long dependent chain. */
	uint64_t h = 0;
	for (int k = 0; k < 200000; k++) {
		uint64_t x = rng64();
		h = (h ^ x) * 0x100000001b3ull;
		h += (h >> 29) + (uint64_t)(int32_t)(x >> 7) * 3;
		h -= (uint64_t)((i64)h >> 11) / 7;
	}
	sink = h;
	printf("chain %016llx\n", (u64)h);
	return 0;
}
