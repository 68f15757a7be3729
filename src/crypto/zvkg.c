/* Zvkg: vector GCM/GMAC (vector crypto v1.0, "Zvkg", vghsh.vv and vgmul.vv). EGW = 128,
 * EGS = 4, SEW = 32. Each element group is a 128-bit GHASH block in memory byte order; the
 * instructions bit-reverse each byte (brev8) to get polynomial coefficient i at bit i, multiply
 * in GF(2^128) modulo x^128 + x^7 + x^2 + x + 1 (NIST SP 800-38D §6.3), and reverse back. */
#include "crypto/vcrypto.h"

typedef unsigned __int128 u128;

static uint64_t brev8_64(uint64_t x)
{
	x = ((x & 0x5555555555555555ull) << 1) | ((x >> 1) & 0x5555555555555555ull);
	x = ((x & 0x3333333333333333ull) << 2) | ((x >> 2) & 0x3333333333333333ull);
	return ((x & 0x0f0f0f0f0f0f0f0full) << 4) | ((x >> 4) & 0x0f0f0f0f0f0f0f0full);
}
static u128 brev8(u128 x) { return (u128)brev8_64((uint64_t)(x >> 64)) << 64 | brev8_64((uint64_t)x); }
static u128 ld128(const uint8_t *p) { u128 v; memcpy(&v, p, 16); return v; }
static void st128(uint8_t *p, u128 v) { memcpy(p, &v, 16); }

/* The Operation of vghsh.vv / vgmul.vv: Z = S * H, both already in coefficient order;
 * branch-free (the instructions must have data-independent latency). */
static u128 gf128_mul(u128 s, u128 hh)
{
	u128 z = 0;
	for (int bit = 0; bit < 128; bit++) {
		z ^= hh & -(u128)((s >> bit) & 1);
		u128 reduce = -(hh >> 127);
		hh <<= 1;
		hh ^= 0x87 & reduce;
	}
	return z;
}

/* vghsh.vv: Y(i+1) = (Y(i) ^ X(i)) * H with Y in vd, X in vs1, H in vs2. */
static void k64_exec_vghsh_vv(struct k64_hart *h, const struct k64_dinsn *d)
{
	k64_vc_check(h, d, 2, 4, 128);
	K64_VREQ(h, d, k64_vc_aligned(h, d->rd) && k64_vc_aligned(h, d->rs2) && k64_vc_aligned(h, d->rs1));
	uint8_t *vd = k64_vr(h, d->rd);
	const uint8_t *v2 = k64_vr(h, d->rs2), *v1 = k64_vr(h, d->rs1);
	for (uint64_t g = h->vstart / 4; g < h->vl / 4; g++) {
		u128 y = ld128(vd + 16 * g), x = ld128(v1 + 16 * g), hh = ld128(v2 + 16 * g);
		st128(vd + 16 * g, brev8(gf128_mul(brev8(y ^ x), brev8(hh))));
	}
	k64_vc_done(h, d, 2);
}

/* vgmul.vv: vd = vd * vs2. */
static void k64_exec_vgmul_vv(struct k64_hart *h, const struct k64_dinsn *d)
{
	k64_vc_check(h, d, 2, 4, 128);
	K64_VREQ(h, d, k64_vc_aligned(h, d->rd) && k64_vc_aligned(h, d->rs2));
	uint8_t *vd = k64_vr(h, d->rd);
	const uint8_t *v2 = k64_vr(h, d->rs2);
	for (uint64_t g = h->vstart / 4; g < h->vl / 4; g++) {
		u128 y = ld128(vd + 16 * g), hh = ld128(v2 + 16 * g);
		st128(vd + 16 * g, brev8(gf128_mul(brev8(y), brev8(hh))));
	}
	k64_vc_done(h, d, 2);
}

/* OP-VE, OPMVV, vm = 1; vgmul.vv is selector 10001 of the VAES.vv row (funct6 101000). */
#define ENC(f6) ((uint32_t)(f6) << 26 | 1u << 25 | 2u << 12 | 0x77u)
#define F (K64_F_WV | K64_F_VEC)
const struct k64_insn_desc k64_insns_zvkg[] = {
	{ "vghsh.vv", ENC(0x2c), 0xfe00707fu, K64_EXT_ZVKG, K64_FMT_R, F, K64_OP_CALL, k64_exec_vghsh_vv, "V,W,X", 0, { K64_IC_VGHASH, K64_IF_PLAIN, 0, 0, 0, 4 } },
	{ "vgmul.vv", ENC(0x28) | 0x11u << 15, 0xfe0ff07fu, K64_EXT_ZVKG, K64_FMT_R, F, K64_OP_CALL, k64_exec_vgmul_vv, "V,W", 0, { K64_IC_VGHASH, K64_IF_PLAIN, 0, 0, 0, 4 } },
	{ 0 }
};
