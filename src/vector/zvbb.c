/* Zvbb (vector basic bit-manipulation, RISC-V vector cryptography spec v1.0 §2) and its
 * subset Zvkb (vandn, vbrev8, vrev8, vrol, vror): per-SEW element loops like vint.c. */
#include "vector/vector.h"

/* The element loops are written to be auto-vectorised; GCC 12 does that only with
 * -ftree-vectorize (not part of -O2). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("tree-vectorize")
#endif

static inline uint64_t brev8_64(uint64_t x)      /* reverse the bits of each byte */
{
	x = ((x & 0x5555555555555555ull) << 1) | ((x >> 1) & 0x5555555555555555ull);
	x = ((x & 0x3333333333333333ull) << 2) | ((x >> 2) & 0x3333333333333333ull);
	return ((x & 0x0f0f0f0f0f0f0f0full) << 4) | ((x >> 4) & 0x0f0f0f0f0f0f0f0full);
}
static inline uint64_t bswap_n(uint64_t x, unsigned n)
{
	return __builtin_bswap64(x) >> (64 - n);
}
static inline uint64_t rol_n(uint64_t x, unsigned s, unsigned n)
{
	uint64_t m = n == 64 ? ~0ull : (1ull << n) - 1;
	s &= n - 1;
	return s ? ((x << s) | (x >> (n - s))) & m : x;
}
static inline unsigned clz_n(uint64_t x, unsigned n) { return x ? (unsigned)__builtin_clzll(x) - (64 - n) : n; }
static inline unsigned ctz_n(uint64_t x, unsigned n) { return x ? (unsigned)__builtin_ctzll(x) : n; }

static void done(struct k64_hart *h, const struct k64_dinsn *d, unsigned eb, int emul)
{
	k64_vtail(h, k64_vr(h, d->rd), eb, emul, h->vl);
	h->vstart = 0;
}

/* Binary ops: EXPR of a = vs2[i], b = vs1[i] / x[rs1] / imm, N = SEW. */
#define BIN_N(name, n, EXPR)                                                                        \
	static void name##_##n(struct k64_hart *h, const struct k64_dinsn *d, bool vv, uint64_t x) \
	{                                                                                           \
		typedef K64_U(n) U;                                                                 \
		enum { N = n };                                                                     \
		U *vd = K64_VE(h, U, d->rd);                                                        \
		const U *v2 = K64_VE(h, U, d->rs2), *v1 = K64_VE(h, U, d->rs1);                     \
		if (vv) {                                                                           \
			K64_VLOOP(h, d, U, vd, U a = v2[i]; U b = v1[i]; vd[i] = (U)(EXPR));        \
		} else {                                                                            \
			const U b = (U)x;                                                           \
			K64_VLOOP(h, d, U, vd, U a = v2[i]; vd[i] = (U)(EXPR));                     \
		}                                                                                   \
	}
#define BIN(name, EXPR)                                                                              \
	BIN_N(name, 8, EXPR) BIN_N(name, 16, EXPR) BIN_N(name, 32, EXPR) BIN_N(name, 64, EXPR)      \
	static void name(struct k64_hart *h, const struct k64_dinsn *d, bool vv, uint64_t x)        \
	{                                                                                           \
		switch (k64_vsew_log2b(h->vtype)) {                                                 \
		case 0: name##_8(h, d, vv, x); break;                                               \
		case 1: name##_16(h, d, vv, x); break;                                              \
		case 2: name##_32(h, d, vv, x); break;                                              \
		default: name##_64(h, d, vv, x); break;                                             \
		}                                                                                   \
		done(h, d, k64_vsew_log2b(h->vtype), k64_vlmul_log2(h->vtype));                     \
	}
BIN(vandn, a & ~b)
BIN(vrol, rol_n(a, (unsigned)b, N))
BIN(vror, rol_n(a, (unsigned)(N - (b & (N - 1))), N))

static void k64_exec_vandn_vv(struct k64_hart *h, const struct k64_dinsn *d) { k64_vchk_sss(h, d, d->rs1); vandn(h, d, true, 0); }
static void k64_exec_vandn_vx(struct k64_hart *h, const struct k64_dinsn *d) { k64_vchk_sss(h, d, -1); vandn(h, d, false, h->x[d->rs1]); }
static void k64_exec_vrol_vv(struct k64_hart *h, const struct k64_dinsn *d) { k64_vchk_sss(h, d, d->rs1); vrol(h, d, true, 0); }
static void k64_exec_vrol_vx(struct k64_hart *h, const struct k64_dinsn *d) { k64_vchk_sss(h, d, -1); vrol(h, d, false, h->x[d->rs1]); }
static void k64_exec_vror_vv(struct k64_hart *h, const struct k64_dinsn *d) { k64_vchk_sss(h, d, d->rs1); vror(h, d, true, 0); }
static void k64_exec_vror_vx(struct k64_hart *h, const struct k64_dinsn *d) { k64_vchk_sss(h, d, -1); vror(h, d, false, h->x[d->rs1]); }
/* vror.vi: the 6-bit rotate amount is {bit 26, rs1 field}. */
static void k64_exec_vror_vi(struct k64_hart *h, const struct k64_dinsn *d)
{
	k64_vchk_sss(h, d, -1);
	vror(h, d, false, k64_vuimm5(d) | ((d->word >> 26) & 1) << 5);
}

/* Unary ops on vs2. */
#define UN_N(name, n, EXPR)                                                                         \
	static void name##_##n(struct k64_hart *h, const struct k64_dinsn *d)                     \
	{                                                                                           \
		typedef K64_U(n) U;                                                                 \
		enum { N = n };                                                                     \
		U *vd = K64_VE(h, U, d->rd);                                                        \
		const U *v2 = K64_VE(h, U, d->rs2);                                                 \
		K64_VLOOP(h, d, U, vd, U a = v2[i]; vd[i] = (U)(EXPR));                             \
	}
#define UN(name, EXPR)                                                                               \
	UN_N(name, 8, EXPR) UN_N(name, 16, EXPR) UN_N(name, 32, EXPR) UN_N(name, 64, EXPR)          \
	static void k64_exec_##name##_v(struct k64_hart *h, const struct k64_dinsn *d)              \
	{                                                                                           \
		k64_vchk_sss(h, d, -1);                                                             \
		switch (k64_vsew_log2b(h->vtype)) {                                                 \
		case 0: name##_8(h, d); break;                                                      \
		case 1: name##_16(h, d); break;                                                     \
		case 2: name##_32(h, d); break;                                                     \
		default: name##_64(h, d); break;                                                    \
		}                                                                                   \
		done(h, d, k64_vsew_log2b(h->vtype), k64_vlmul_log2(h->vtype));                     \
	}
UN(vbrev8, brev8_64(a))
UN(vrev8, bswap_n(a, N))
UN(vbrev, bswap_n(brev8_64(a), N))
UN(vclz, clz_n(a, N))
UN(vctz, ctz_n(a, N))
UN(vcpop, __builtin_popcountll(a))

/* vwsll: vd (2*SEW) = zext(vs2) << (b mod 2*SEW); widening rules as vwaddu. */
#define WSLL_N(n, wn)                                                                               \
	static void vwsll_##n(struct k64_hart *h, const struct k64_dinsn *d, bool vv, uint64_t x)  \
	{                                                                                           \
		K64_U(wn) *vd = K64_VE(h, K64_U(wn), d->rd);                                        \
		const K64_U(n) *v2 = K64_VE(h, K64_U(n), d->rs2), *v1 = K64_VE(h, K64_U(n), d->rs1);\
		K64_VLOOP(h, d, K64_U(wn), vd,                                                      \
			vd[i] = (K64_U(wn))((K64_U(wn))v2[i] << ((vv ? v1[i] : x) & (wn - 1))));    \
	}
WSLL_N(8, 16) WSLL_N(16, 32) WSLL_N(32, 64)
static void vwsll(struct k64_hart *h, const struct k64_dinsn *d, bool vv, uint64_t x)
{
	k64_vchk_wide(h, d, false, vv ? d->rs1 : -1);
	switch (k64_vsew_log2b(h->vtype)) {
	case 0: vwsll_8(h, d, vv, x); break;
	case 1: vwsll_16(h, d, vv, x); break;
	default: vwsll_32(h, d, vv, x); break;
	}
	done(h, d, k64_vsew_log2b(h->vtype) + 1, k64_vlmul_log2(h->vtype) + 1);
}
static void k64_exec_vwsll_vv(struct k64_hart *h, const struct k64_dinsn *d) { vwsll(h, d, true, 0); }
static void k64_exec_vwsll_vx(struct k64_hart *h, const struct k64_dinsn *d) { vwsll(h, d, false, h->x[d->rs1]); }
static void k64_exec_vwsll_vi(struct k64_hart *h, const struct k64_dinsn *d) { vwsll(h, d, false, k64_vuimm5(d)); }

#define ENC(f6, f3) ((uint32_t)(f6) << 26 | (uint32_t)(f3) << 12 | 0x57u)
enum { IVV = 0, MVV = 2, IVI = 3, IVX = 4 };
#define F (K64_F_WV | K64_F_VEC)
/* element-wise through the lanes (core/observe.h): tm is (class, PLAIN, operand reads per
 * step: vs2, and vs1 in the OPIVV/OPMVV forms) */
#define ROW(name, ext, match, mask, fn, args, tm) { name, match, mask, K64_EXT_##ext, K64_FMT_R, F, K64_OP_CALL, fn, args, 0, K64_TMV tm },
#define UNR(name, ext, vs1, fn) ROW(name, ext, ENC(0x12, MVV) | (vs1) << 15, 0xfc0ff07fu, fn, "V,W", (VALU, PLAIN, 2))

const struct k64_insn_desc k64_insns_zvbb[] = {
	ROW("vandn.vv", ZVKB, ENC(0x01, IVV), 0xfc00707fu, k64_exec_vandn_vv, "V,W,X", (VALU, PLAIN, 2))
	ROW("vandn.vx", ZVKB, ENC(0x01, IVX), 0xfc00707fu, k64_exec_vandn_vx, "V,W,s", (VALU, PLAIN, 2))
	ROW("vror.vv", ZVKB, ENC(0x14, IVV), 0xfc00707fu, k64_exec_vror_vv, "V,W,X", (VALU, PLAIN, 2))
	ROW("vror.vx", ZVKB, ENC(0x14, IVX), 0xfc00707fu, k64_exec_vror_vx, "V,W,s", (VALU, PLAIN, 2))
	ROW("vror.vi", ZVKB, ENC(0x14, IVI), 0xf800707fu, k64_exec_vror_vi, "V,W,z", (VALU, PLAIN, 2))
	ROW("vrol.vv", ZVKB, ENC(0x15, IVV), 0xfc00707fu, k64_exec_vrol_vv, "V,W,X", (VALU, PLAIN, 2))
	ROW("vrol.vx", ZVKB, ENC(0x15, IVX), 0xfc00707fu, k64_exec_vrol_vx, "V,W,s", (VALU, PLAIN, 2))
	UNR("vbrev8.v", ZVKB, 0x08u, k64_exec_vbrev8_v)
	UNR("vrev8.v", ZVKB, 0x09u, k64_exec_vrev8_v)
	UNR("vbrev.v", ZVBB, 0x0au, k64_exec_vbrev_v)
	UNR("vclz.v", ZVBB, 0x0cu, k64_exec_vclz_v)
	UNR("vctz.v", ZVBB, 0x0du, k64_exec_vctz_v)
	UNR("vcpop.v", ZVBB, 0x0eu, k64_exec_vcpop_v)
	ROW("vwsll.vv", ZVBB, ENC(0x35, IVV), 0xfc00707fu, k64_exec_vwsll_vv, "V,W,X", (VWIDE, PLAIN, 2))
	ROW("vwsll.vx", ZVBB, ENC(0x35, IVX), 0xfc00707fu, k64_exec_vwsll_vx, "V,W,s", (VWIDE, PLAIN, 2))
	ROW("vwsll.vi", ZVBB, ENC(0x35, IVI), 0xfc00707fu, k64_exec_vwsll_vi, "V,W,z", (VWIDE, PLAIN, 2))
	{ 0 }
};
