/* Zvknha / Zvknhb: NIST suite, vector SHA-2 (vector crypto v1.0, "Zvknh[ab]", vsha2ms and
 * vsha2c[hl]). SEW = 32: SHA-256, EGW = 128 (Zvknha and Zvknhb); SEW = 64: SHA-512,
 * EGW = 256 (Zvknhb only). EGS = 4. Words are little-endian elements (software byte-swaps
 * the message block), element 0 the lowest word of "{W[3], W[2], W[1], W[0]}". */
#include "crypto/vcrypto.h"

/* FIPS 180-4 §4.1.2 (SHA-256) and §4.1.3 (SHA-512) functions. */
#define SHA_FUNCS(n, U, ROTR, S0a, S0b, S0c, S1a, S1b, S1c, s0a, s0b, s0c, s1a, s1b, s1c)       \
	static U sum0_##n(U x) { return ROTR(x, S0a) ^ ROTR(x, S0b) ^ ROTR(x, S0c); }            \
	static U sum1_##n(U x) { return ROTR(x, S1a) ^ ROTR(x, S1b) ^ ROTR(x, S1c); }            \
	static U sig0_##n(U x) { return ROTR(x, s0a) ^ ROTR(x, s0b) ^ (x >> s0c); }              \
	static U sig1_##n(U x) { return ROTR(x, s1a) ^ ROTR(x, s1b) ^ (x >> s1c); }              \
	static U ch_##n(U x, U y, U z) { return (x & y) ^ (~x & z); }                             \
	static U maj_##n(U x, U y, U z) { return (x & y) ^ (x & z) ^ (y & z); }
SHA_FUNCS(32, uint32_t, k64_ror32, 2, 13, 22, 6, 11, 25, 7, 18, 3, 17, 19, 10)
SHA_FUNCS(64, uint64_t, k64_ror64, 28, 34, 39, 14, 18, 41, 1, 8, 7, 19, 61, 6)

/* vsha2ms: four message-schedule words W[16..19] from {W[3..0]} (vd), {W[11], W[10], W[9],
 * W[4]} (vs2) and {W[15], W[14], W[13], W[12]} (vs1). */
#define MS(n, U)                                                                                    \
	static void ms_##n(U *vd, const U *v2, const U *v1)                                        \
	{                                                                                          \
		U w[20];                                                                           \
		w[0] = vd[0]; w[1] = vd[1]; w[2] = vd[2]; w[3] = vd[3];                           \
		w[4] = v2[0]; w[9] = v2[1]; w[10] = v2[2]; w[11] = v2[3];                         \
		w[12] = v1[0]; w[13] = v1[1]; w[14] = v1[2]; w[15] = v1[3];                       \
		for (int t = 16; t < 20; t++)                                                      \
			w[t] = (U)(sig1_##n(w[t - 2]) + w[t - 7] + sig0_##n(w[t - 15]) + w[t - 16]); \
		vd[0] = w[16]; vd[1] = w[17]; vd[2] = w[18]; vd[3] = w[19];                       \
	}
MS(32, uint32_t)
MS(64, uint64_t)

/* vsha2c[hl]: two rounds (FIPS 180-4 §6.2.2 step 3 / §6.4.2) on {a, b, e, f} (vs2) and
 * {c, d, g, h} (vd) with W + K words {W1, W0} = vs1 elements 3, 2 (h) or 1, 0 (l); vd gets
 * the next {a, b, e, f}. */
#define C2(n, U)                                                                                    \
	static void c2_##n(U *vd, const U *v2, const U *v1, bool high)                             \
	{                                                                                          \
		U f = v2[0], e = v2[1], b = v2[2], a = v2[3];                                     \
		U hh = vd[0], g = vd[1], d = vd[2], c = vd[3];                                    \
		U W[2] = { v1[high ? 2 : 0], v1[high ? 3 : 1] };                                  \
		for (int r = 0; r < 2; r++) {                                                      \
			U t1 = (U)(hh + sum1_##n(e) + ch_##n(e, f, g) + W[r]);                     \
			U t2 = (U)(sum0_##n(a) + maj_##n(a, b, c));                               \
			hh = g; g = f; f = e; e = (U)(d + t1);                                     \
			d = c; c = b; b = a; a = (U)(t1 + t2);                                     \
		}                                                                                  \
		vd[0] = f; vd[1] = e; vd[2] = b; vd[3] = a;                                       \
	}
C2(32, uint32_t)
C2(64, uint64_t)

enum op { OP_MS, OP_CH, OP_CL };

/* Reserved: SEW other than 32 (Zvknha) or 32/64 (Zvknhb); vd overlapping vs1 or vs2. */
static void vsha2(struct k64_hart *h, const struct k64_dinsn *d, enum op op)
{
	k64_vcheck(h, d);
	unsigned eb = k64_vsew_log2b(h->vtype);
	K64_VREQ(h, d, eb == 2 || (eb == 3 && k64_has(&h->isa, K64_EXT_ZVKNHB)));
	K64_VREQ(h, d, k64_vc_grpbits(h) >= (32u << eb));           /* EGW = 4 * SEW */
	K64_VREQ(h, d, h->vl % 4 == 0 && h->vstart % 4 == 0);
	unsigned n = k64_vc_nreg(h);
	K64_VREQ(h, d, k64_vc_aligned(h, d->rd) && k64_vc_aligned(h, d->rs2) && k64_vc_aligned(h, d->rs1));
	K64_VREQ(h, d, k64_vc_disjoint(h, d->rd, d->rs1, n) && k64_vc_disjoint(h, d->rd, d->rs2, n));
	for (uint64_t g = h->vstart / 4; g < h->vl / 4; g++) {
		if (eb == 2) {
			uint32_t *vd = K64_VE(h, uint32_t, d->rd) + 4 * g;
			const uint32_t *v2 = K64_VE(h, uint32_t, d->rs2) + 4 * g, *v1 = K64_VE(h, uint32_t, d->rs1) + 4 * g;
			if (op == OP_MS)
				ms_32(vd, v2, v1);
			else
				c2_32(vd, v2, v1, op == OP_CH);
		} else {
			uint64_t *vd = K64_VE(h, uint64_t, d->rd) + 4 * g;
			const uint64_t *v2 = K64_VE(h, uint64_t, d->rs2) + 4 * g, *v1 = K64_VE(h, uint64_t, d->rs1) + 4 * g;
			if (op == OP_MS)
				ms_64(vd, v2, v1);
			else
				c2_64(vd, v2, v1, op == OP_CH);
		}
	}
	k64_vc_done(h, d, eb);
}

static void k64_exec_vsha2ms_vv(struct k64_hart *h, const struct k64_dinsn *d) { vsha2(h, d, OP_MS); }
static void k64_exec_vsha2ch_vv(struct k64_hart *h, const struct k64_dinsn *d) { vsha2(h, d, OP_CH); }
static void k64_exec_vsha2cl_vv(struct k64_hart *h, const struct k64_dinsn *d) { vsha2(h, d, OP_CL); }

/* OP-VE, OPMVV, vm = 1. Zvknhb implies Zvknha (core/isa.c), so the rows need Zvknha and
 * SEW = 64 additionally checks Zvknhb. */
#define ENC(f6) ((uint32_t)(f6) << 26 | 1u << 25 | 2u << 12 | 0x77u)
#define F (K64_F_WV | K64_F_VEC)
/* the crypto unit's SHA-2, element groups of 4 (EGW 128 at SEW 32, 256 at SEW 64); form SCHEDULE
 * for the message schedule (class and facts: core/observe.h) */
#define ROW(name, f6, fn, form) { name, ENC(f6), 0xfe00707fu, K64_EXT_ZVKNHA, K64_FMT_R, F, K64_OP_CALL, fn, "V,W,X", 0, \
	{ K64_IC_VSHA2, K64_IF_##form, 0, 0, 0, 4 } },

const struct k64_insn_desc k64_insns_zvknh[] = {
	ROW("vsha2ms.vv", 0x2d, k64_exec_vsha2ms_vv, SCHEDULE)
	ROW("vsha2ch.vv", 0x2e, k64_exec_vsha2ch_vv, PLAIN)
	ROW("vsha2cl.vv", 0x2f, k64_exec_vsha2cl_vv, PLAIN)
	{ 0 }
};
