/* A compact, looped Keccak-f[1600] (FIPS 202 §3.2, Algorithms 1-7 as loops over x, y and the
 * rho/pi tables), the "compact C" style of the RTL measurement in karu64.md §4a. Used only as
 * a calibration workload (its result is checked against the project's permutation). */
#include <stdint.h>

static const uint64_t RC[24] = {
	0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL, 0x8000000080008000ULL,
	0x000000000000808bULL, 0x0000000080000001ULL, 0x8000000080008081ULL, 0x8000000000008009ULL,
	0x000000000000008aULL, 0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
	0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL, 0x8000000000008003ULL,
	0x8000000000008002ULL, 0x8000000000000080ULL, 0x000000000000800aULL, 0x800000008000000aULL,
	0x8000000080008081ULL, 0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL,
};
/* rho offsets and the pi lane order along the (x, y) -> (y, 2x + 3y) walk from lane 1 */
static const unsigned RHO[24] = { 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 2, 14, 27, 41, 56, 8, 25, 43, 62, 18, 39, 61, 20, 44 };
static const unsigned PI[24] = { 10, 7, 11, 17, 18, 3, 5, 16, 8, 21, 24, 4, 15, 23, 19, 13, 12, 2, 20, 14, 22, 9, 6, 1 };

static uint64_t rol(uint64_t v, unsigned n) { return (v << n) | (v >> (64 - n)); }

void keccak_compact(uint64_t s[25])
{
	uint64_t c[5], t;
	for (unsigned r = 0; r < 24; r++) {
		for (unsigned x = 0; x < 5; x++)
			c[x] = s[x] ^ s[x + 5] ^ s[x + 10] ^ s[x + 15] ^ s[x + 20];
		for (unsigned x = 0; x < 5; x++) {
			t = c[(x + 4) % 5] ^ rol(c[(x + 1) % 5], 1);
			for (unsigned y = 0; y < 25; y += 5)
				s[y + x] ^= t;
		}
		t = s[1];
		for (unsigned i = 0; i < 24; i++) {
			unsigned j = PI[i];
			uint64_t u = s[j];
			s[j] = rol(t, RHO[i]);
			t = u;
		}
		for (unsigned y = 0; y < 25; y += 5) {
			for (unsigned x = 0; x < 5; x++)
				c[x] = s[y + x];
			for (unsigned x = 0; x < 5; x++)
				s[y + x] = c[x] ^ (~c[(x + 1) % 5] & c[(x + 2) % 5]);
		}
		s[0] ^= RC[r];
	}
}
