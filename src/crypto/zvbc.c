/* Zvbc: vector carry-less multiplication (vector crypto v1.0, "Zvbc", vclmul and vclmulh).
 * Ordinary masked element-wise instructions, defined for SEW = 64 only. */
#include "crypto/vcrypto.h"

/* The 128-bit carry-less product of a and b; branch-free (Zvkt covers Zvbc). */
static void clmul128(uint64_t a, uint64_t b, uint64_t *lo, uint64_t *hi)
{
	uint64_t l = 0, hh = 0;
	for (unsigned i = 0; i < 64; i++) {
		uint64_t m = -((b >> i) & 1);
		l ^= (a << i) & m;
		hh ^= (i ? a >> (64 - i) : 0) & m;
	}
	*lo = l;
	*hi = hh;
}
static uint64_t clmul(uint64_t a, uint64_t b) { uint64_t l, hh; clmul128(a, b, &l, &hh); return l; }
static uint64_t clmulh(uint64_t a, uint64_t b) { uint64_t l, hh; clmul128(a, b, &l, &hh); return hh; }

/* Reserved: SEW other than 64; otherwise the RVV 1.0 §5.2/§5.3 rules of a SEW/LMUL op. */
static void vclmul_op(struct k64_hart *h, const struct k64_dinsn *d, bool vv, bool high)
{
	k64_vchk_sss(h, d, vv ? d->rs1 : -1);
	K64_VREQ(h, d, k64_vsew_log2b(h->vtype) == 3);
	uint64_t *vd = K64_VE(h, uint64_t, d->rd);
	const uint64_t *v2 = K64_VE(h, uint64_t, d->rs2), *v1 = K64_VE(h, uint64_t, d->rs1);
	uint64_t x = h->x[d->rs1];
	if (high)
		K64_VLOOP(h, d, uint64_t, vd, vd[i] = clmulh(v2[i], vv ? v1[i] : x));
	else
		K64_VLOOP(h, d, uint64_t, vd, vd[i] = clmul(v2[i], vv ? v1[i] : x));
	k64_vc_done(h, d, 3);
}
static void k64_exec_vclmul_vv(struct k64_hart *h, const struct k64_dinsn *d) { vclmul_op(h, d, true, false); }
static void k64_exec_vclmul_vx(struct k64_hart *h, const struct k64_dinsn *d) { vclmul_op(h, d, false, false); }
static void k64_exec_vclmulh_vv(struct k64_hart *h, const struct k64_dinsn *d) { vclmul_op(h, d, true, true); }
static void k64_exec_vclmulh_vx(struct k64_hart *h, const struct k64_dinsn *d) { vclmul_op(h, d, false, true); }

/* OP-V (0x57): OPMVV (funct3 010) and OPMVX (110), funct6 001100 / 001101, vm free. */
#define ENC(f6, f3) ((uint32_t)(f6) << 26 | (uint32_t)(f3) << 12 | 0x57u)
#define F (K64_F_WV | K64_F_VEC)
/* element-wise through the lanes (class VCLMUL, core/observe.h): the vs1/vs2 pair read per step */
#define ROW(name, match, fn, args) { name, match, 0xfc00707fu, K64_EXT_ZVBC, K64_FMT_R, F, K64_OP_CALL, fn, args, 0, \
	K64_TMV(VCLMUL, PLAIN, 2) },
const struct k64_insn_desc k64_insns_zvbc[] = {
	ROW("vclmul.vv", ENC(0x0c, 2), k64_exec_vclmul_vv, "V,W,X")
	ROW("vclmul.vx", ENC(0x0c, 6), k64_exec_vclmul_vx, "V,W,s")
	ROW("vclmulh.vv", ENC(0x0d, 2), k64_exec_vclmulh_vv, "V,W,X")
	ROW("vclmulh.vx", ENC(0x0d, 6), k64_exec_vclmulh_vx, "V,W,s")
	{ 0 }
};
