/* Shared helpers of the vector differential programs in tests/vector: a deterministic
 * generator of edge-biased test data, an FNV-1a hash for printing long result arrays as one
 * line, and CSR readers. Every program strip-mines its loops with vsetvl, so its output does
 * not depend on VLEN (run.py checks that, too). */
#ifndef TESTS_VECTOR_COMMON_H
#define TESTS_VECTOR_COMMON_H
#include <riscv_vector.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static inline uint64_t rnd(void)
{
	uint64_t x = rng_state;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return rng_state = x;
}

/* Integers: a quarter of the values are taken from the edges of the signed/unsigned range. */
static inline uint64_t rnd_int(unsigned bits)
{
	uint64_t m = bits == 64 ? ~0ull : (1ull << bits) - 1, top = 1ull << (bits - 1);
	switch (rnd() % 12) {
	case 0: return 0;
	case 1: return m;                 /* -1 / max unsigned */
	case 2: return top;               /* min signed */
	case 3: return top - 1;           /* max signed */
	case 4: return (top + 1) & m;
	case 5: return rnd() % 5;
	default: return rnd() & m;
	}
}

/* Floats: special values, tiny and huge exponents, and random patterns. */
static inline uint32_t rnd_f32(void)
{
	static const uint32_t sp[] = { 0, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001,
		0xffa00000, 0x00000001, 0x807fffff, 0x00800000, 0x7f7fffff, 0xff7fffff, 0x3f800000,
		0xbf800000, 0x40000000, 0x3effffff, 0x4b000000, 0x4f000000, 0xcf000000, 0x5f000000,
		0x4effffff, 0x477fe000, 0x477ff000, 0x33800000 };
	uint64_t r = rnd();
	switch (r % 10) {
	case 0: return sp[(r >> 8) % (sizeof sp / sizeof sp[0])];
	case 1: return (uint32_t)(r >> 16) & 0x807fffff;                          /* subnormal */
	case 2: return ((uint32_t)(r >> 16) & 0x80ffffff) | 0x7e000000;          /* huge */
	case 3: return ((uint32_t)(r >> 16) & 0x80ffffff) | (((r >> 40) % 40 + 107) << 23); /* near 1 */
	case 4: return ((uint32_t)(r >> 16) & 0x807fffff) | (((r >> 40) % 40 + 127) << 23); /* integers */
	default: return (uint32_t)(r >> 11);
	}
}
static inline uint64_t rnd_f64(void)
{
	static const uint64_t sp[] = { 0, 0x8000000000000000ull, 0x7ff0000000000000ull, 0xfff0000000000000ull,
		0x7ff8000000000000ull, 0x7ff0000000000001ull, 0xfff4000000000000ull, 1, 0x800fffffffffffffull,
		0x0010000000000000ull, 0x7fefffffffffffffull, 0x3ff0000000000000ull, 0xbff0000000000000ull,
		0x4330000000000000ull, 0x43e0000000000000ull, 0xc3e0000000000000ull, 0x41e0000000000000ull,
		0x47efffffe0000000ull, 0x47effffff0000000ull, 0x3690000000000000ull, 0x36a0000000000000ull,
		0x380fffffffffffffull, 0x3810000000000000ull };
	uint64_t r = rnd();
	switch (r % 10) {
	case 0: return sp[(r >> 8) % (sizeof sp / sizeof sp[0])];
	case 1: return (rnd() & 0x800fffffffffffffull);
	case 2: return (rnd() & 0x801fffffffffffffull) | 0x7fc0000000000000ull;
	case 3: return (rnd() & 0x800fffffffffffffull) | (((r >> 40) % 80 + 983) << 52);
	case 4: return (rnd() & 0x800fffffffffffffull) | (((r >> 40) % 70 + 1023) << 52);
	case 5: return (rnd() & 0x800fffffffffffffull) | (((r >> 40) % 60 + 870) << 52); /* f32 range edges */
	default: return rnd();
	}
}

static inline uint64_t fnv(const void *p, size_t n)
{
	const uint8_t *b = p;
	uint64_t h = 0xcbf29ce484222325ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * 0x100000001b3ull;
	return h;
}

static inline unsigned long rd_vxsat(void) { unsigned long v; __asm__ volatile("csrr %0, vxsat" : "=r"(v)); return v; }
static inline void clr_vxsat(void) { __asm__ volatile("csrwi vxsat, 0"); }
static inline unsigned long rd_fflags(void) { unsigned long v; __asm__ volatile("frflags %0" : "=r"(v)); return v; }
static inline void clr_fflags(void) { __asm__ volatile("fsflags zero"); }
static inline void set_frm(unsigned rm) { __asm__ volatile("fsrm %0" : : "r"((unsigned long)rm)); }
static const char *const rm_name[5] = { "rne", "rtz", "rdn", "rup", "rmm" };
static const char *const vxrm_name[4] = { "rnu", "rne", "rdn", "rod" };
#endif
