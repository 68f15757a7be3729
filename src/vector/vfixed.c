/* RVV 1.0 §12: vector fixed-point arithmetic. Saturating add/subtract (§12.1), averaging
 * add/subtract (§12.2), fractional multiply with rounding and saturation (§12.3), scaling shifts
 * (§12.4) and narrowing clips (§12.5). Rounding follows vxrm (§3.8, "roundoff_unsigned" /
 * "roundoff_signed"); a saturating element sets vxsat (§3.9), which is never cleared here.
 *
 * Each instruction is one function built from an element operation per SEW (the *_8 ... *_64
 * inline functions below) and a loop over the register group, so the per-element work is
 * inlined into a tight loop specialised for SEW and the operand form (.vv/.vx/.vi). */
#include "vector/vector.h"

typedef unsigned __int128 u128;
typedef __int128 s128;

/* §3.8: the rounding increment r of roundoff(v, d) = (v >> d) + r, from the bits of v. */
static inline uint64_t vx_rnd64(uint64_t v, unsigned d, unsigned vxrm)
{
	if (d == 0)
		return 0;
	uint64_t half = (v >> (d - 1)) & 1;
	switch (vxrm) {
	case 0: return half;                                                       /* rnu */
	case 1: return half & ((d > 1 && (v << (65 - d)) != 0) | ((v >> d) & 1));     /* rne: v[d-1] & (v[d-2:0]!=0 | v[d]) */
	case 2: return 0;                                                          /* rdn */
	default: return !((v >> d) & 1) & ((v << (64 - d)) != 0);                     /* rod: !v[d] & v[d-1:0]!=0 */
	}
}
/* The same for a 128-bit v (d <= 127). */
static inline uint64_t vx_rnd128(u128 v, unsigned d, unsigned vxrm)
{
	if (d == 0)
		return 0;
	uint64_t half = (uint64_t)(v >> (d - 1)) & 1;
	switch (vxrm) {
	case 0: return half;
	case 1: return half & ((d > 1 && (v << (129 - d)) != 0) | ((uint64_t)(v >> d) & 1));
	case 2: return 0;
	default: return !((uint64_t)(v >> d) & 1) & ((v << (128 - d)) != 0);
	}
}

/* ---- element operations, per SEW ------------------------------------------------------------ */
/* Unsigned and signed saturating add/subtract (§12.1). */
#define SAT_OPS(n)                                                                              \
static inline K64_U(n) vsaddu_##n(K64_U(n) a, K64_U(n) b, unsigned x, bool *sat)              \
{                                                                                               \
	(void)x; K64_U(n) r = (K64_U(n))(a + b);                                               \
	if (r < a) { *sat = true; r = (K64_U(n))~(K64_U(n))0; }                                 \
	return r;                                                                               \
}                                                                                               \
static inline K64_U(n) vssubu_##n(K64_U(n) a, K64_U(n) b, unsigned x, bool *sat)              \
{                                                                                               \
	(void)x;                                                                                \
	if (a < b) { *sat = true; return 0; }                                                   \
	return (K64_U(n))(a - b);                                                               \
}                                                                                               \
static inline K64_U(n) vsadd_##n(K64_U(n) a, K64_U(n) b, unsigned x, bool *sat)               \
{                                                                                               \
	(void)x; K64_S(n) r;                                                                    \
	if (__builtin_add_overflow((K64_S(n))a, (K64_S(n))b, &r)) {                             \
		*sat = true;                                                                    \
		return (K64_S(n))a < 0 ? (K64_U(n))1 << (n - 1) : (K64_U(n))~((K64_U(n))1 << (n - 1)); \
	}                                                                                       \
	return (K64_U(n))r;                                                                     \
}                                                                                               \
static inline K64_U(n) vssub_##n(K64_U(n) a, K64_U(n) b, unsigned x, bool *sat)               \
{                                                                                               \
	(void)x; K64_S(n) r;                                                                    \
	if (__builtin_sub_overflow((K64_S(n))a, (K64_S(n))b, &r)) {                             \
		*sat = true;                                                                    \
		return (K64_S(n))a < 0 ? (K64_U(n))1 << (n - 1) : (K64_U(n))~((K64_U(n))1 << (n - 1)); \
	}                                                                                       \
	return (K64_U(n))r;                                                                     \
}
SAT_OPS(8) SAT_OPS(16) SAT_OPS(32) SAT_OPS(64)

/* Averaging add/subtract (§12.2): roundoff((a op b), 1) computed without overflow, i.e. in
 * SEW+1 bits (unsigned subtraction: the borrow is bit SEW of the difference). */
#define AVG_OPS(n, W, SW)                                                                       \
static inline K64_U(n) vaaddu_##n(K64_U(n) a, K64_U(n) b, unsigned x, bool *s)                \
{ (void)s; W v = (W)a + b; return (K64_U(n))((v >> 1) + vx_rnd64((uint64_t)v, 1, x)); }       \
static inline K64_U(n) vasubu_##n(K64_U(n) a, K64_U(n) b, unsigned x, bool *s)                \
{ (void)s; W v = (W)a - b; if (a < b) v &= ((W)1 << (n + 1)) - 1;                              \
  return (K64_U(n))((v >> 1) + vx_rnd64((uint64_t)v, 1, x)); }                                 \
static inline K64_U(n) vaadd_##n(K64_U(n) a, K64_U(n) b, unsigned x, bool *s)                 \
{ (void)s; SW v = (SW)(K64_S(n))a + (K64_S(n))b;                                               \
  return (K64_U(n))((v >> 1) + (SW)vx_rnd64((uint64_t)v, 1, x)); }                             \
static inline K64_U(n) vasub_##n(K64_U(n) a, K64_U(n) b, unsigned x, bool *s)                 \
{ (void)s; SW v = (SW)(K64_S(n))a - (K64_S(n))b;                                               \
  return (K64_U(n))((v >> 1) + (SW)vx_rnd64((uint64_t)v, 1, x)); }
AVG_OPS(8, uint64_t, int64_t) AVG_OPS(16, uint64_t, int64_t) AVG_OPS(32, uint64_t, int64_t)
/* SEW = 64: the same in 128 bits. */
static inline uint64_t vaaddu_64(uint64_t a, uint64_t b, unsigned x, bool *s)
{ (void)s; u128 v = (u128)a + b; return (uint64_t)(v >> 1) + vx_rnd64((uint64_t)v, 1, x); }
static inline uint64_t vasubu_64(uint64_t a, uint64_t b, unsigned x, bool *s)
{ (void)s; u128 v = ((u128)a - b) & (((u128)1 << 65) - 1); return (uint64_t)(v >> 1) + vx_rnd64((uint64_t)v, 1, x); }
static inline uint64_t vaadd_64(uint64_t a, uint64_t b, unsigned x, bool *s)
{ (void)s; s128 v = (s128)(int64_t)a + (int64_t)b; return (uint64_t)(v >> 1) + vx_rnd64((uint64_t)v, 1, x); }
static inline uint64_t vasub_64(uint64_t a, uint64_t b, unsigned x, bool *s)
{ (void)s; s128 v = (s128)(int64_t)a - (int64_t)b; return (uint64_t)(v >> 1) + vx_rnd64((uint64_t)v, 1, x); }

/* §12.3 vsmul: roundoff_signed(a * b, SEW-1), saturating; only (-2^(SEW-1))^2 overflows. */
#define SMUL_OP(n)                                                                              \
static inline K64_U(n) vsmul_##n(K64_U(n) a, K64_U(n) b, unsigned x, bool *sat)               \
{                                                                                               \
	const K64_U(n) min = (K64_U(n))1 << (n - 1);                                           \
	if (a == min && b == min) { *sat = true; return (K64_U(n))(min - 1); }                  \
	int64_t p = (int64_t)(K64_S(n))a * (K64_S(n))b;                                         \
	return (K64_U(n))((p >> (n - 1)) + (int64_t)vx_rnd64((uint64_t)p, n - 1, x));          \
}
SMUL_OP(8) SMUL_OP(16) SMUL_OP(32)
static inline uint64_t vsmul_64(uint64_t a, uint64_t b, unsigned x, bool *sat)
{
	const uint64_t min = 1ull << 63;
	if (a == min && b == min) {
		*sat = true;
		return min - 1;
	}
	s128 p = (s128)(int64_t)a * (int64_t)b;
	return (uint64_t)(p >> 63) + vx_rnd128((u128)p, 63, x);
}

/* §12.4 scaling shifts: the shift amount is the low log2(SEW) bits of the operand. */
#define SSHIFT_OPS(n)                                                                           \
static inline K64_U(n) vssrl_##n(K64_U(n) a, K64_U(n) b, unsigned x, bool *s)                 \
{ (void)s; unsigned sh = b & (n - 1); return (K64_U(n))((a >> sh) + vx_rnd64(a, sh, x)); }     \
static inline K64_U(n) vssra_##n(K64_U(n) a, K64_U(n) b, unsigned x, bool *s)                 \
{ (void)s; unsigned sh = b & (n - 1);                                                          \
  return (K64_U(n))(((K64_S(n))a >> sh) + (K64_S(n))vx_rnd64((uint64_t)(int64_t)(K64_S(n))a, sh, x)); }
SSHIFT_OPS(8) SSHIFT_OPS(16) SSHIFT_OPS(32) SSHIFT_OPS(64)

/* §12.5 narrowing clips: a 2*SEW-bit source, shifted by the low log2(2*SEW) bits of the
 * operand with rounding, then saturated to SEW bits. Named by the destination SEW. */
#define CLIP_OPS(n, w)                                                                          \
static inline K64_U(n) vnclipu_##n(K64_U(w) a, K64_U(n) b, unsigned x, bool *sat)             \
{                                                                                               \
	unsigned sh = b & (w - 1);                                                              \
	uint64_t v = ((uint64_t)a >> sh) + vx_rnd64(a, sh, x);                                  \
	const uint64_t max = (K64_U(n))~(K64_U(n))0;                                            \
	if (v > max) { *sat = true; return (K64_U(n))max; }                                     \
	return (K64_U(n))v;                                                                     \
}                                                                                               \
static inline K64_U(n) vnclip_##n(K64_U(w) a, K64_U(n) b, unsigned x, bool *sat)              \
{                                                                                               \
	unsigned sh = b & (w - 1);                                                              \
	int64_t v = ((int64_t)(K64_S(w))a >> sh) + (int64_t)vx_rnd64((uint64_t)(int64_t)(K64_S(w))a, sh, x); \
	const int64_t max = (int64_t)(((uint64_t)1 << (n - 1)) - 1), min = -max - 1;          \
	if (v > max) { *sat = true; return (K64_U(n))max; }                                     \
	if (v < min) { *sat = true; return (K64_U(n))min; }                                     \
	return (K64_U(n))v;                                                                     \
}
CLIP_OPS(8, 16) CLIP_OPS(16, 32) CLIP_OPS(32, 64)

/* ---- instruction shapes ----------------------------------------------------------------------- */
enum { FORM_VV, FORM_VX, FORM_VI, FORM_VU };   /* vs1, x[rs1], simm5, uimm5 */
#define K64_EB(n) ((n) == 8 ? 0 : (n) == 16 ? 1 : (n) == 32 ? 2 : 3)

/* §5.2: "a vector register cannot be used to provide source operands with more than one EEW
 * for a single instruction", and a mask source has EEW = 1: a masked instruction's vector
 * sources may not be v0 (QEMU 10 enforces this, so do we). */
static inline bool src_ok(const struct k64_dinsn *d, unsigned r) { return k64_vm(d) || r != 0; }

/* Single-width operands: vd, vs2 (and vs1) are groups of EMUL = LMUL (§5.2, §5.3). */
static inline void check_sw(struct k64_hart *h, const struct k64_dinsn *d, int form)
{
	k64_vcheck(h, d);
	int lm = k64_vlmul_log2(h->vtype);
	K64_VREQ(h, d, k64_valigned(d->rd, lm) && k64_valigned(d->rs2, lm) &&
		 (form != FORM_VV || k64_valigned(d->rs1, lm)) && k64_vmask_ok(d, d->rd) &&
		 src_ok(d, d->rs2) && (form != FORM_VV || src_ok(d, d->rs1)));
}
/* Narrowing (§5.2, §11.7): vs2 is a 2*SEW group of 2*LMUL; SEW <= 32, LMUL <= 4; vd may
 * overlap vs2 only in its lowest-numbered part; vs1 (SEW) may not overlap vs2 (2*SEW). */
static inline void check_nw(struct k64_hart *h, const struct k64_dinsn *d, int form)
{
	k64_vcheck(h, d);
	int lm = k64_vlmul_log2(h->vtype);
	K64_VREQ(h, d, k64_vsew(h->vtype) <= 32 && lm <= 2 && k64_valigned(d->rd, lm) &&
		 k64_valigned(d->rs2, lm + 1) && (form != FORM_VV || k64_valigned(d->rs1, lm)) &&
		 k64_vnoover(d->rd, lm, d->rs2, lm + 1, false) && k64_vmask_ok(d, d->rd) &&
		 src_ok(d, d->rs2) && (form != FORM_VV || (src_ok(d, d->rs1) &&
		 !k64_voverlap(d->rs1, k64_vgsize(lm), d->rs2, k64_vgsize(lm + 1)))));
}

static inline uint64_t scalar_operand(const struct k64_hart *h, const struct k64_dinsn *d, int form)
{
	return form == FORM_VX ? h->x[d->rs1] : form == FORM_VU ? k64_vuimm5(d) : (uint64_t)k64_vsimm5(d);
}

/* One single-width fixed-point instruction: vd[i] = OP(vs2[i], vs1[i] | x[rs1] | imm). The .vi
 * forms of vsaddu/vsadd sign-extend the immediate (§12.1); the scaling shifts take it unsigned. */
#define FIX_CASE(OP, FORM, n)                                                                   \
	case K64_EB(n): {                                                                          \
		K64_U(n) *vd = K64_VE(h, K64_U(n), d->rd);                                      \
		const K64_U(n) *vs2 = K64_VE(h, K64_U(n), d->rs2);                              \
		const K64_U(n) *vs1 = K64_VE(h, K64_U(n), d->rs1);                              \
		const K64_U(n) sc = (K64_U(n))sc64;                                             \
		(void)vs1; (void)sc;                                                            \
		if (FORM == FORM_VV)                                                            \
			K64_VLOOP(h, d, K64_U(n), vd, vd[i] = OP##_##n(vs2[i], vs1[i], xrm, &sat)); \
		else                                                                            \
			K64_VLOOP(h, d, K64_U(n), vd, vd[i] = OP##_##n(vs2[i], sc, xrm, &sat));  \
		break;                                                                          \
	}
#define FIX_FN(OP, SUF, FORM)                                                                   \
	static void k64_exec_##OP##_##SUF(struct k64_hart *h, const struct k64_dinsn *d)       \
	{                                                                                       \
		check_sw(h, d, FORM);                                                           \
		unsigned eb = k64_vsew_log2b(h->vtype), xrm = h->vxrm;                          \
		uint64_t sc64 = scalar_operand(h, d, FORM);                                     \
		bool sat = false;                                                               \
		if (h->vstart < h->vl) {                                                        \
			switch (eb) { FIX_CASE(OP, FORM, 8) FIX_CASE(OP, FORM, 16)        \
					    FIX_CASE(OP, FORM, 32) FIX_CASE(OP, FORM, 64) }     \
			k64_vtail(h, k64_vr(h, d->rd), eb, k64_vlmul_log2(h->vtype), h->vl);    \
		}                                                                               \
		if (sat)                                                                        \
			h->vxsat = 1;                                                           \
		h->vstart = 0;                                                                  \
	}

/* Narrowing clips: vd[i] = OP(vs2[i] (2*SEW), vs1[i] | x[rs1] | uimm5). */
#define CLIP_CASE(OP, FORM, n, w)                                                               \
	case K64_EB(n): {                                                                          \
		K64_U(n) *vd = K64_VE(h, K64_U(n), d->rd);                                      \
		const K64_U(w) *vs2 = K64_VE(h, K64_U(w), d->rs2);                              \
		const K64_U(n) *vs1 = K64_VE(h, K64_U(n), d->rs1);                              \
		const K64_U(n) sc = (K64_U(n))sc64;                                             \
		(void)vs1; (void)sc;                                                            \
		if (FORM == FORM_VV)                                                            \
			K64_VLOOP(h, d, K64_U(n), vd, vd[i] = OP##_##n(vs2[i], vs1[i], xrm, &sat)); \
		else                                                                            \
			K64_VLOOP(h, d, K64_U(n), vd, vd[i] = OP##_##n(vs2[i], sc, xrm, &sat));  \
		break;                                                                          \
	}
#define CLIP_FN(OP, SUF, FORM)                                                                  \
	static void k64_exec_##OP##_##SUF(struct k64_hart *h, const struct k64_dinsn *d)       \
	{                                                                                       \
		check_nw(h, d, FORM);                                                           \
		unsigned eb = k64_vsew_log2b(h->vtype), xrm = h->vxrm;                          \
		uint64_t sc64 = FORM == FORM_VX ? h->x[d->rs1] : k64_vuimm5(d);                 \
		bool sat = false;                                                               \
		if (h->vstart < h->vl) {                                                        \
			switch (eb) { CLIP_CASE(OP, FORM, 8, 16) CLIP_CASE(OP, FORM, 16, 32) \
					    CLIP_CASE(OP, FORM, 32, 64) }                        \
			k64_vtail(h, k64_vr(h, d->rd), eb, k64_vlmul_log2(h->vtype), h->vl);    \
		}                                                                               \
		if (sat)                                                                        \
			h->vxsat = 1;                                                           \
		h->vstart = 0;                                                                  \
	}

#define FIX_VVXI(OP) FIX_FN(OP, vv, FORM_VV) FIX_FN(OP, vx, FORM_VX) FIX_FN(OP, vi, FORM_VI)
#define FIX_VVXU(OP) FIX_FN(OP, vv, FORM_VV) FIX_FN(OP, vx, FORM_VX) FIX_FN(OP, vi, FORM_VU)
#define FIX_VVX(OP)  FIX_FN(OP, vv, FORM_VV) FIX_FN(OP, vx, FORM_VX)

FIX_VVXI(vsaddu)
FIX_VVXI(vsadd)
FIX_VVX(vssubu)
FIX_VVX(vssub)
FIX_VVX(vaaddu)
FIX_VVX(vaadd)
FIX_VVX(vasubu)
FIX_VVX(vasub)
FIX_VVX(vsmul)
FIX_VVXU(vssrl)
FIX_VVXU(vssra)
CLIP_FN(vnclipu, wv, FORM_VV) CLIP_FN(vnclipu, wx, FORM_VX) CLIP_FN(vnclipu, wi, FORM_VI)
CLIP_FN(vnclip, wv, FORM_VV)  CLIP_FN(vnclip, wx, FORM_VX)  CLIP_FN(vnclip, wi, FORM_VI)

/* ---- table ---------------------------------------------------------------------------------- */
/* funct6 | funct3 | opcode OP-V; OPIVV = 0, OPMVV = 2, OPIVI = 3, OPIVX = 4, OPMVX = 6. */
#define ENC(f6, f3) (((uint32_t)(f6) << 26) | ((uint32_t)(f3) << 12) | 0x57u)
#define MSK 0xfc00707fu
/* fixed-point operations go through the sequencer (class VFIXED, core/observe.h) */
#define ROW(name, fn, f6, f3, args) \
	{ name, ENC(f6, f3), MSK, K64_EXT_V, K64_FMT_R, K64_F_WV | K64_F_VEC, K64_OP_CALL, k64_exec_##fn, args, 0, \
	  K64_TM(VFIXED) },
#define IVV(name, fn, f6) ROW(name ".vv", fn##_vv, f6, 0, "V,W,X")
#define IVX(name, fn, f6) ROW(name ".vx", fn##_vx, f6, 4, "V,W,s")
#define IVI(name, fn, f6) ROW(name ".vi", fn##_vi, f6, 3, "V,W,z")
#define MVV(name, fn, f6) ROW(name ".vv", fn##_vv, f6, 2, "V,W,X")
#define MVX(name, fn, f6) ROW(name ".vx", fn##_vx, f6, 6, "V,W,s")

const struct k64_insn_desc k64_insns_vfixed[] = {
	IVV("vsaddu", vsaddu, 0x20) IVX("vsaddu", vsaddu, 0x20) IVI("vsaddu", vsaddu, 0x20)
	IVV("vsadd", vsadd, 0x21)   IVX("vsadd", vsadd, 0x21)   IVI("vsadd", vsadd, 0x21)
	IVV("vssubu", vssubu, 0x22) IVX("vssubu", vssubu, 0x22)
	IVV("vssub", vssub, 0x23)   IVX("vssub", vssub, 0x23)
	MVV("vaaddu", vaaddu, 0x08) MVX("vaaddu", vaaddu, 0x08)
	MVV("vaadd", vaadd, 0x09)   MVX("vaadd", vaadd, 0x09)
	MVV("vasubu", vasubu, 0x0a) MVX("vasubu", vasubu, 0x0a)
	MVV("vasub", vasub, 0x0b)   MVX("vasub", vasub, 0x0b)
	IVV("vsmul", vsmul, 0x27)   IVX("vsmul", vsmul, 0x27)
	IVV("vssrl", vssrl, 0x2a)   IVX("vssrl", vssrl, 0x2a)   IVI("vssrl", vssrl, 0x2a)
	IVV("vssra", vssra, 0x2b)   IVX("vssra", vssra, 0x2b)   IVI("vssra", vssra, 0x2b)
	ROW("vnclipu.wv", vnclipu_wv, 0x2e, 0, "V,W,X") ROW("vnclipu.wx", vnclipu_wx, 0x2e, 4, "V,W,s")
	ROW("vnclipu.wi", vnclipu_wi, 0x2e, 3, "V,W,z")
	ROW("vnclip.wv", vnclip_wv, 0x2f, 0, "V,W,X")   ROW("vnclip.wx", vnclip_wx, 0x2f, 4, "V,W,s")
	ROW("vnclip.wi", vnclip_wi, 0x2f, 3, "V,W,z")
	{ 0 }
};
