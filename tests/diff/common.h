/* Helpers shared by the differential corpus programs in tests/diff.
 * Every program prints only values that depend on the ISA's definitions (no addresses, times,
 * pids or random bytes), so QEMU and karu64 must produce identical stdout and exit status. */
#ifndef DIFF_COMMON_H
#define DIFF_COMMON_H
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef unsigned long long u64;
typedef long long i64;

/* xorshift64*: a fixed-seed generator so the "random" operands are the same in every run. */
static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static inline uint64_t rng64(void)
{
	uint64_t x = rng_state;
	x ^= x >> 12; x ^= x << 25; x ^= x >> 27;
	rng_state = x;
	return x * 0x2545F4914F6CDD1Dull;
}

/* Integer operands around every boundary the ISA cares about (sign, 32-bit halves, shifts). */
static const uint64_t int_vals[] = {
	0, 1, 2, 3, 7, 0x1f, 0x3f, 0x40, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff,
	0x7fffffff, 0x80000000, 0x80000001, 0xffffffff, 0x100000000ull, 0x123456789abcdef0ull,
	0x7fffffffffffffffull, 0x8000000000000000ull, 0x8000000000000001ull,
	0xfffffffffffffffeull, 0xffffffffffffffffull, 0xffffffff80000000ull, 0xffffffff7fffffffull,
	0xdeadbeefcafebabeull, 0x00ff00ff00ff00ffull, 0x0101010101010101ull,
};
#define N_INT_VALS (sizeof int_vals / sizeof int_vals[0])

/* fflags (Zicsr accrued exceptions: NV DZ OF UF NX = bits 4..0). */
static inline unsigned get_fflags(void) { unsigned x; __asm__ volatile("frflags %0" : "=r"(x)); return x; }
static inline void clr_fflags(void) { __asm__ volatile("fsflags zero" ::: "memory"); }
static inline void set_frm(unsigned rm) { __asm__ volatile("fsrm %0" :: "r"(rm) : "memory"); }
static inline unsigned get_frm(void) { unsigned x; __asm__ volatile("frrm %0" : "=r"(x)); return x; }
static inline unsigned get_fcsr(void) { unsigned x; __asm__ volatile("frcsr %0" : "=r"(x)); return x; }

static inline uint64_t dbits(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static inline double bitsd(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }
static inline uint32_t fbits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static inline float bitsf(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

/* Double operands: zeros, subnormals, normals near 1 and at the range ends, infinities,
 * quiet and signalling NaNs with payloads, and values whose sums/products round. */
static const uint64_t dbl_vals[] = {
	0x0000000000000000ull, 0x8000000000000000ull, 0x0000000000000001ull, 0x800fffffffffffffull,
	0x0010000000000000ull, 0x3ff0000000000000ull, 0xbff0000000000000ull, 0x3ff0000000000001ull,
	0x3fe0000000000000ull, 0x4000000000000000ull, 0x4008000000000000ull, 0x3fb999999999999aull,
	0x7fefffffffffffffull, 0xffefffffffffffffull, 0x7ff0000000000000ull, 0xfff0000000000000ull,
	0x7ff8000000000000ull, 0x7ff4000000000001ull, 0xfff8000000000123ull, 0x4340000000000001ull,
	0x43e0000000000000ull, 0xc3e0000000000001ull, 0x41dfffffffc00000ull, 0x41e0000000000000ull,
	0xc1e0000000200000ull, 0x3ff8000000000000ull, 0x4004000000000000ull, 0xc004000000000000ull,
};
#define N_DBL_VALS (sizeof dbl_vals / sizeof dbl_vals[0])

static const uint32_t flt_vals[] = {
	0x00000000, 0x80000000, 0x00000001, 0x807fffff, 0x00800000, 0x3f800000, 0xbf800000,
	0x3f800001, 0x3f000000, 0x40000000, 0x40400000, 0x3dcccccd, 0x7f7fffff, 0xff7fffff,
	0x7f800000, 0xff800000, 0x7fc00000, 0x7fa00001, 0xffc00123, 0x4b800001, 0x5f000000,
	0xdf000001, 0x4f000000, 0xcf000001, 0x3fc00000, 0x40200000, 0xc0200000, 0x4effffff,
};
#define N_FLT_VALS (sizeof flt_vals / sizeof flt_vals[0])

static const char *const rm_names[] = { "rne", "rtz", "rdn", "rup", "rmm" };
#endif
