/* Keccak-p[1600, nr], written from FIPS 202: theta, rho, pi, chi, iota (Algorithms 1-5), the
 * rounds indexed 24 - nr .. 23 (Algorithm 7 with l = 6: i_r from 12 + 2l - nr). */
#include "crypto/keccak.h"

/* FIPS 202, 3.2.5: RC[i_r] for i_r = 0..23 (the round constants of Keccak-f[1600]). */
static const uint64_t rc[24] = {
	0x0000000000000001ull, 0x0000000000008082ull, 0x800000000000808aull, 0x8000000080008000ull,
	0x000000000000808bull, 0x0000000080000001ull, 0x8000000080008081ull, 0x8000000000008009ull,
	0x000000000000008aull, 0x0000000000000088ull, 0x0000000080008009ull, 0x000000008000000aull,
	0x000000008000808bull, 0x800000000000008bull, 0x8000000000008089ull, 0x8000000000008003ull,
	0x8000000000008002ull, 0x8000000000000080ull, 0x000000000000800aull, 0x800000008000000aull,
	0x8000000080008081ull, 0x8000000000008080ull, 0x0000000080000001ull, 0x8000000080008008ull,
};

/* FIPS 202, 3.2.2 (Table 2): rho offsets r[x + 5y] mod 64. */
static const unsigned rho[25] = {
	0, 1, 62, 28, 27,
	36, 44, 6, 55, 20,
	3, 10, 43, 25, 39,
	41, 45, 15, 21, 8,
	18, 2, 61, 56, 14,
};

static inline uint64_t rol(uint64_t v, unsigned n) { return n ? (v << n) | (v >> (64 - n)) : v; }

/* One round R(A, i_r) = iota(chi(pi(rho(theta(A)))), i_r) (FIPS 202, 3.3). */
static inline void round_ir(uint64_t s[25], unsigned ir)
{
	uint64_t b[25], c[5], d[5];
	/* theta */
	for (unsigned x = 0; x < 5; x++)
		c[x] = s[x] ^ s[x + 5] ^ s[x + 10] ^ s[x + 15] ^ s[x + 20];
	for (unsigned x = 0; x < 5; x++)
		d[x] = c[(x + 4) % 5] ^ rol(c[(x + 1) % 5], 1);
	/* rho and pi: A'[y, 2x + 3y] = rot(A[x, y]) -- pi moves lane (x, y) to (y, 2x + 3y) */
	for (unsigned y = 0; y < 5; y++)
		for (unsigned x = 0; x < 5; x++)
			b[y + 5 * ((2 * x + 3 * y) % 5)] = rol(s[x + 5 * y] ^ d[x], rho[x + 5 * y]);
	/* chi */
	for (unsigned y = 0; y < 5; y++)
		for (unsigned x = 0; x < 5; x++)
			s[x + 5 * y] = b[x + 5 * y] ^ (~b[(x + 1) % 5 + 5 * y] & b[(x + 2) % 5 + 5 * y]);
	/* iota */
	s[0] ^= rc[ir];
}

void k64_keccak_p1600(uint64_t s[25], unsigned nr)
{
	for (unsigned ir = 24 - nr; ir < 24; ir++)
		round_ir(s, ir);
}

void k64_keccak_round(uint64_t s[25], unsigned ir)
{
	round_ir(s, ir);
}
