/* Zvksh: ShangMi suite, SM3 hash (vector crypto v1.0, "Zvksh", vsm3me.vv and vsm3c.vi;
 * GB/T 32905-2016). EGW = 256, EGS = 8, SEW = 32. The instructions byte-swap every input
 * and output word, so element groups hold the big-endian words as they are in memory. */
#include "crypto/vcrypto.h"

static uint32_t rev8(uint32_t x) { return __builtin_bswap32(x); }
/* GB/T 32905-2016 §4.3, §4.4 */
static uint32_t p0(uint32_t x) { return x ^ k64_rol32(x, 9) ^ k64_rol32(x, 17); }
static uint32_t p1(uint32_t x) { return x ^ k64_rol32(x, 15) ^ k64_rol32(x, 23); }
static uint32_t ff(uint32_t x, uint32_t y, uint32_t z, unsigned j) { return j <= 15 ? x ^ y ^ z : (x & y) | (x & z) | (y & z); }
static uint32_t gg(uint32_t x, uint32_t y, uint32_t z, unsigned j) { return j <= 15 ? x ^ y ^ z : (x & y) | (~x & z); }
static uint32_t tj(unsigned j) { return j <= 15 ? 0x79cc4519u : 0x7a879d8au; }

/* vsm3me.vv: message expansion W[16..23] from W[0..7] (vs1) and W[8..15] (vs2) (§5.3.2 a).
 * Reserved: vd overlapping vs2. */
static void k64_exec_vsm3me_vv(struct k64_hart *h, const struct k64_dinsn *d)
{
	k64_vc_check(h, d, 2, 8, 256);
	K64_VREQ(h, d, k64_vc_aligned(h, d->rd) && k64_vc_aligned(h, d->rs2) && k64_vc_aligned(h, d->rs1));
	K64_VREQ(h, d, k64_vc_disjoint(h, d->rd, d->rs2, k64_vc_nreg(h)));
	uint8_t *vd = k64_vr(h, d->rd);
	const uint8_t *v2 = k64_vr(h, d->rs2), *v1 = k64_vr(h, d->rs1);
	for (uint64_t g = h->vstart / 8; g < h->vl / 8; g++) {
		uint32_t w[24];
		k64_vc_ld32(w, v1 + 32 * g, 8);
		k64_vc_ld32(w + 8, v2 + 32 * g, 8);
		for (int j = 0; j < 16; j++)
			w[j] = rev8(w[j]);
		for (int j = 16; j < 24; j++)
			w[j] = p1(w[j - 16] ^ w[j - 9] ^ k64_rol32(w[j - 3], 15)) ^ k64_rol32(w[j - 13], 7) ^ w[j - 6];
		for (int j = 16; j < 24; j++)
			w[j] = rev8(w[j]);
		k64_vc_st32(vd + 32 * g, w + 16, 8);
	}
	k64_vc_done(h, d, 2);
}

/* vsm3c.vi: compression rounds 2 * rnds and 2 * rnds + 1 (§5.3.3) on the state {H, ..., A}
 * (vd, A = element 0) with W[j] = vs2 element 0 / 1 and W[j + 4] = element 4 / 5, so
 * W'[j] = W[j] ^ W[j + 4]. Reserved: vd overlapping vs2. */
static void k64_exec_vsm3c_vi(struct k64_hart *h, const struct k64_dinsn *d)
{
	k64_vc_check(h, d, 2, 8, 256);
	K64_VREQ(h, d, k64_vc_aligned(h, d->rd) && k64_vc_aligned(h, d->rs2));
	K64_VREQ(h, d, k64_vc_disjoint(h, d->rd, d->rs2, k64_vc_nreg(h)));
	unsigned rnds = (unsigned)k64_vuimm5(d);
	uint8_t *vd = k64_vr(h, d->rd);
	const uint8_t *v2 = k64_vr(h, d->rs2);
	for (uint64_t g = h->vstart / 8; g < h->vl / 8; g++) {
		uint32_t s[8], m[8];
		k64_vc_ld32(s, vd + 32 * g, 8);
		k64_vc_ld32(m, v2 + 32 * g, 8);
		uint32_t A = rev8(s[0]), B = rev8(s[1]), C = rev8(s[2]), D = rev8(s[3]);
		uint32_t E = rev8(s[4]), F = rev8(s[5]), G = rev8(s[6]), H = rev8(s[7]);
		for (unsigned r = 0; r < 2; r++) {
			unsigned j = 2 * rnds + r;
			uint32_t w = rev8(m[r]), wp = w ^ rev8(m[r + 4]);
			uint32_t ss1 = k64_rol32(k64_rol32(A, 12) + E + k64_rol32(tj(j), j % 32), 7);
			uint32_t ss2 = ss1 ^ k64_rol32(A, 12);
			uint32_t tt1 = ff(A, B, C, j) + D + ss2 + wp;
			uint32_t tt2 = gg(E, F, G, j) + H + ss1 + w;
			D = C; C = k64_rol32(B, 9); B = A; A = tt1;
			H = G; G = k64_rol32(F, 19); F = E; E = p0(tt2);
		}
		uint32_t o[8] = { rev8(A), rev8(B), rev8(C), rev8(D), rev8(E), rev8(F), rev8(G), rev8(H) };
		k64_vc_st32(vd + 32 * g, o, 8);
	}
	k64_vc_done(h, d, 2);
}

#define ENC(f6) ((uint32_t)(f6) << 26 | 1u << 25 | 2u << 12 | 0x77u)
#define F (K64_F_WV | K64_F_VEC)
const struct k64_insn_desc k64_insns_zvksh[] = {
	{ "vsm3me.vv", ENC(0x20), 0xfe00707fu, K64_EXT_ZVKSH, K64_FMT_R, F, K64_OP_CALL, k64_exec_vsm3me_vv, "V,W,X", 0, { K64_IC_VSM3, K64_IF_SCHEDULE, 0, 0, 0, 8 } },
	{ "vsm3c.vi", ENC(0x2b), 0xfe00707fu, K64_EXT_ZVKSH, K64_FMT_R, F, K64_OP_CALL, k64_exec_vsm3c_vi, "V,W,z", 0, { K64_IC_VSM3, K64_IF_PLAIN, 0, 0, 0, 8 } },
	{ 0 }
};
