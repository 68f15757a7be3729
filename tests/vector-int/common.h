/* Shared helpers of the tests/vector-int programs: a deterministic generator and a hash that
 * the programs print (the same under QEMU and karu64 when the results agree). */
#ifndef VINT_COMMON_H
#define VINT_COMMON_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

static uint64_t vint_rng = 0x9e3779b97f4a7c15ull;
static inline uint64_t vint_rnd(void)
{
	vint_rng ^= vint_rng << 13;
	vint_rng ^= vint_rng >> 7;
	vint_rng ^= vint_rng << 17;
	return vint_rng;
}
static inline void vint_fill(void *p, size_t n)
{
	uint8_t *b = p;
	for (size_t i = 0; i < n; i++) {
		uint64_t r = vint_rnd();
		/* some zeros, some extremes, mostly random */
		b[i] = (r & 15) == 0 ? 0 : (r & 15) == 1 ? 0x80 : (r & 15) == 2 ? 0xff : (uint8_t)(r >> 8);
	}
}
static inline uint64_t vint_hash(const void *p, size_t n)
{
	const uint8_t *b = p;
	uint64_t h = 0xcbf29ce484222325ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * 0x100000001b3ull;
	return h;
}
#define VINT_PRINT(label, p, n) printf("%-28s %016llx\n", label, (unsigned long long)vint_hash(p, n))
#endif
