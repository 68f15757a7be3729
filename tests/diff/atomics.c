/* A extension: every AMO (W and D, with aq/rl variants; W results sign-extend), LR/SC loops
 * (success writes 0, a failed SC writes non-zero and stores nothing), and __atomic builtins,
 * which the compiler lowers to AMOs and LR/SC sequences. */
#include "common.h"

#define AMO(insn, ptr, v) ({ uint64_t _r; __asm__ volatile(insn " %0,%2,(%1)" : "=r"(_r) : "r"(ptr), "r"(v) : "memory"); _r; })

int main(void)
{
	static const char *const names[] = { "swap", "add", "xor", "and", "or", "min", "max", "minu", "maxu" };
	for (unsigned i = 0; i < N_INT_VALS; i += 2)
		for (unsigned j = 1; j < N_INT_VALS; j += 3) {
			uint64_t a = int_vals[i], b = int_vals[j];
			uint64_t d[9], w[9], md[9], mw[9];
			for (int k = 0; k < 9; k++) {
				volatile uint64_t cell = a;
				volatile uint64_t wcell = a;  /* the W forms touch the low word only */
				switch (k) {
				case 0: d[k] = AMO("amoswap.d", &cell, b); w[k] = AMO("amoswap.w.aq", &wcell, b); break;
				case 1: d[k] = AMO("amoadd.d.rl", &cell, b); w[k] = AMO("amoadd.w", &wcell, b); break;
				case 2: d[k] = AMO("amoxor.d.aqrl", &cell, b); w[k] = AMO("amoxor.w", &wcell, b); break;
				case 3: d[k] = AMO("amoand.d", &cell, b); w[k] = AMO("amoand.w.rl", &wcell, b); break;
				case 4: d[k] = AMO("amoor.d", &cell, b); w[k] = AMO("amoor.w", &wcell, b); break;
				case 5: d[k] = AMO("amomin.d", &cell, b); w[k] = AMO("amomin.w", &wcell, b); break;
				case 6: d[k] = AMO("amomax.d", &cell, b); w[k] = AMO("amomax.w.aqrl", &wcell, b); break;
				case 7: d[k] = AMO("amominu.d", &cell, b); w[k] = AMO("amominu.w", &wcell, b); break;
				default: d[k] = AMO("amomaxu.d", &cell, b); w[k] = AMO("amomaxu.w", &wcell, b); break;
				}
				md[k] = cell; mw[k] = wcell;
			}
			printf("%2u %2u\n", i, j);
			for (int k = 0; k < 9; k++)
				printf("  %-4s d %016llx mem %016llx  w %016llx mem %016llx\n", names[k], (u64)d[k], (u64)md[k],
				       (u64)w[k], (u64)mw[k]);
		}

	/* LR/SC: a successful pair, a SC after the reservation was consumed, a SC without LR. */
	volatile uint64_t cell = 5;
	uint64_t v, s1, s2;
	__asm__ volatile("lr.d %0,(%3)\n\taddi %0,%0,1\n\tsc.d %1,%0,(%3)\n\tsc.d %2,%0,(%3)"
			 : "=&r"(v), "=&r"(s1), "=&r"(s2) : "r"(&cell) : "memory");
	printf("lr/sc: v %llu first sc %s second sc %s mem %llu\n", (u64)v, s1 ? "fail" : "ok", s2 ? "fail" : "ok", (u64)cell);
	volatile uint32_t wc = 0x80000000u;
	uint64_t lw, sw;
	__asm__ volatile("lr.w.aq %0,(%2)\n\tsc.w.rl %1,%0,(%2)" : "=&r"(lw), "=&r"(sw) : "r"(&wc) : "memory");
	printf("lr.w sign-extends %016llx sc %s\n", (u64)lw, sw ? "fail" : "ok");

	/* A CAS loop built from LR/SC, as a lock-free counter would do. */
	volatile uint64_t ctr = 0;
	for (int k = 0; k < 1000; k++) {
		uint64_t old, fail;
		__asm__ volatile("1: lr.d %0,(%2)\n\taddi %0,%0,3\n\tsc.d %1,%0,(%2)\n\tbnez %1,1b"
				 : "=&r"(old), "=&r"(fail) : "r"(&ctr) : "memory");
	}
	printf("lr/sc counter %llu\n", (u64)ctr);

	/* __atomic builtins on 8/16/32/64-bit objects (sub-word ones become masked LR/SC loops). */
	static uint8_t b8 = 250; static uint16_t h16 = 65530; static uint32_t w32 = 7; static uint64_t d64 = 1;
	uint64_t acc = 0;
	for (int k = 0; k < 100; k++) {
		acc += __atomic_fetch_add(&b8, 3, __ATOMIC_SEQ_CST);
		acc += __atomic_fetch_sub(&h16, 7, __ATOMIC_ACQ_REL);
		acc += __atomic_fetch_xor(&w32, 0x5a5a5a5au + k, __ATOMIC_RELAXED);
		acc += __atomic_fetch_or(&d64, 1ull << (k % 64), __ATOMIC_SEQ_CST);
		acc += __atomic_fetch_and(&d64, ~(1ull << ((k * 7) % 64)), __ATOMIC_SEQ_CST);
		uint32_t expect = w32;
		acc += __atomic_compare_exchange_n(&w32, &expect, expect * 3, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
		uint16_t e16 = 1;
		acc += __atomic_compare_exchange_n(&h16, &e16, 2, 0, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED) * 100 + e16;
		acc += __atomic_exchange_n(&b8, (uint8_t)k, __ATOMIC_SEQ_CST);
		__atomic_store_n(&d64, __atomic_load_n(&d64, __ATOMIC_ACQUIRE) + 1, __ATOMIC_RELEASE);
	}
	printf("atomics %u %u %u %llu acc %llu\n", b8, h16, w32, (u64)d64, (u64)acc);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	return 0;
}
