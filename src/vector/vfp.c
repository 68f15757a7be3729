/* RVV 1.0 §13: vector floating point, and the FP reductions of §14.3. ELEN = 64 with Zve64d
 * semantics: SEW = 32 and 64 are the FP formats; SEW = 16 exists only for the two Zvfhmin
 * conversions vfwcvt.f.f.v and vfncvt.f.f.w (every other FP instruction at SEW = 16 needs Zvfh
 * and is illegal, as is every FP instruction at SEW = 8).
 *
 * Arithmetic, rounding and flags come from the scalar IEEE 754 core (isa/fp.h), so vector and
 * scalar results agree bit for bit. Every instruction uses the dynamic rounding mode frm
 * (§13.1); an invalid frm is reserved, and we raise illegal-instruction for it. Scalar
 * operands f[rs1] are NaN-unboxed to SEW (§13.2: an improperly boxed value reads as the
 * canonical NaN). */
#include "isa/fp.h"
#include "vector/vector.h"

/* ---- common checks --------------------------------------------------------------------------- */
enum { FORM_VV, FORM_VF };

static inline unsigned vfp_rm(struct k64_hart *h, const struct k64_dinsn *d)
{
	if (unlikely(h->frm > K64_RM_RMM))
		k64_illegal(h, d);
	return h->frm;
}

/* mstatus.VS and FS on, vill clear, frm valid; returns SEW. */
static inline unsigned vfp_enter(struct k64_hart *h, const struct k64_dinsn *d)
{
	k64_vcheck(h, d);
	k64_require_fp(h, d);
	vfp_rm(h, d);
	return k64_vsew(h->vtype);
}

/* §13.2: f[rs1] as a SEW-bit operand, NaN-unboxed. */
static inline uint64_t vfp_scalar(const struct k64_hart *h, unsigned rs1, unsigned sew)
{
	uint64_t f = h->f[rs1];
	if (sew == 64)
		return f;
	if (sew == 32)
		return (f >> 32) == 0xffffffffu ? (uint32_t)f : 0x7fc00000u;
	return (f >> 16) == 0xffffffffffffull ? (uint16_t)f : 0x7e00u;
}

/* §5.2: a register may not provide source operands of two EEWs, and a mask source has EEW = 1,
 * so a masked instruction's vector sources may not be v0 (QEMU 10 enforces this for every class
 * below except compares and reductions, and so do we). */
static inline bool src_ok(const struct k64_dinsn *d, unsigned r) { return k64_vm(d) || r != 0; }

/* Single width: SEW in {32, 64}; vd, vs2 (and vs1) aligned to LMUL; §5.3 mask overlap. */
static inline unsigned check_fsw(struct k64_hart *h, const struct k64_dinsn *d, bool vs1_vec)
{
	unsigned sew = vfp_enter(h, d);
	int lm = k64_vlmul_log2(h->vtype);
	K64_VREQ(h, d, sew >= 32 && k64_valigned(d->rd, lm) && k64_valigned(d->rs2, lm) &&
		 (!vs1_vec || k64_valigned(d->rs1, lm)) && k64_vmask_ok(d, d->rd) &&
		 src_ok(d, d->rs2) && (!vs1_vec || src_ok(d, d->rs1)));
	return sew;
}

/* Widening (§13.3, §13.5, §13.7): SEW = 32 (SEW = 16 needs Zvfh), LMUL <= 4, vd is a
 * 2*SEW group of 2*LMUL that may overlap a narrow source only in its highest part (§5.2).
 * vs2_wide: the .wv/.wf forms, where vs2 is 2*SEW like vd. acc: the multiply-adds, whose vd
 * is also a 2*SEW source, so by the one-EEW-per-source-register rule of §5.2 it may not overlap
 * the SEW sources at all (QEMU 10 agrees). */
static inline void check_fw(struct k64_hart *h, const struct k64_dinsn *d, bool vs1_vec, bool vs2_wide,
			    bool acc)
{
	unsigned sew = vfp_enter(h, d);
	int lm = k64_vlmul_log2(h->vtype);
	K64_VREQ(h, d, sew == 32 && lm <= 2 && k64_valigned(d->rd, lm + 1) &&
		 k64_valigned(d->rs2, vs2_wide ? lm + 1 : lm) && (!vs1_vec || k64_valigned(d->rs1, lm)) &&
		 (vs2_wide || k64_vnoover(d->rd, lm + 1, d->rs2, lm, true)) &&
		 (!vs1_vec || k64_vnoover(d->rd, lm + 1, d->rs1, lm, true)) && k64_vmask_ok(d, d->rd) &&
		 src_ok(d, d->rs2) && (!vs1_vec || src_ok(d, d->rs1)) &&
		 !(vs1_vec && vs2_wide && k64_voverlap(d->rs1, k64_vgsize(lm), d->rs2, k64_vgsize(lm + 1))) &&
		 !(acc && k64_voverlap(d->rd, k64_vgsize(lm + 1), d->rs2, k64_vgsize(lm))) &&
		 !(acc && vs1_vec && k64_voverlap(d->rd, k64_vgsize(lm + 1), d->rs1, k64_vgsize(lm))));
}

static inline void vfp_done(struct k64_hart *h, uint32_t fl)
{
	h->fflags |= fl;
	h->vstart = 0;
}

/* ---- single-width arithmetic (§13.2, §13.4, §13.6, §13.9-13.12) ----------------------------- */
/* Element operations: a = vs2[i], b = vs1[i] or f[rs1], c = vd[i]. */
#define E_vfadd(n)   k64_fp_add(n, a, b, rm, &fl)
#define E_vfsub(n)   k64_fp_sub(n, a, b, rm, &fl)
#define E_vfrsub(n)  k64_fp_sub(n, b, a, rm, &fl)
#define E_vfmul(n)   k64_fp_mul(n, a, b, rm, &fl)
#define E_vfdiv(n)   k64_fp_div(n, a, b, rm, &fl)
#define E_vfrdiv(n)  k64_fp_div(n, b, a, rm, &fl)
#define E_vfmin(n)   k64_fp_min(n, a, b, &fl)
#define E_vfmax(n)   k64_fp_max(n, a, b, &fl)
#define E_vfsgnj(n)  k64_fp_sgnj(n, a, b, 0)
#define E_vfsgnjn(n) k64_fp_sgnj(n, a, b, 1)
#define E_vfsgnjx(n) k64_fp_sgnj(n, a, b, 2)
/* §13.6: vfmacc vd = +(vs1*vs2) + vd ... vfnmsub vd = -(vs1*vd) + vs2. */
#define E_vfmacc(n)  k64_fp_fma(n, b, a, c, false, false, rm, &fl)
#define E_vfnmacc(n) k64_fp_fma(n, b, a, c, true, true, rm, &fl)
#define E_vfmsac(n)  k64_fp_fma(n, b, a, c, false, true, rm, &fl)
#define E_vfnmsac(n) k64_fp_fma(n, b, a, c, true, false, rm, &fl)
#define E_vfmadd(n)  k64_fp_fma(n, b, c, a, false, false, rm, &fl)
#define E_vfnmadd(n) k64_fp_fma(n, b, c, a, true, true, rm, &fl)
#define E_vfmsub(n)  k64_fp_fma(n, b, c, a, false, true, rm, &fl)
#define E_vfnmsub(n) k64_fp_fma(n, b, c, a, true, false, rm, &fl)


/* ---- host fast path (x86-64) ------------------------------------------------------------------ */
/* For binary32/binary64 add, subtract, multiply, divide and the fused multiply-adds in RNE, RTZ,
 * RDN and RUP, the host's SSE/FMA3 unit gives the IEEE 754 result and flags (isa/fp_arith.c
 * relies on the same). One MXCSR setup covers the whole instruction: the body is computed into
 * a buffer with the flags accumulated by the hardware; if any active element came out NaN (whose
 * RISC-V result, the canonical NaN, and flags the host does not give), the buffer is discarded
 * and the instruction is redone element by element through isa/fp.h. Inactive elements are not
 * computed, so they raise nothing. */
#if defined(__x86_64__)
enum { HK_ADD, HK_SUB, HK_RSUB, HK_MUL, HK_DIV, HK_RDIV, HK_MACC, HK_MADD };
static const uint32_t host_rc[4] = { 0x1f80, 0x7f80, 0x3f80, 0x5f80 };   /* RNE RTZ RDN RUP, masked */
static inline void host_ldmxcsr(uint32_t v) { __asm__ volatile("ldmxcsr %0" : : "m"(v) : "memory"); }
static inline uint32_t host_stmxcsr(void)
{
	uint32_t v;
	__asm__ volatile("stmxcsr %0" : "=m"(v) : : "memory");
	return v;
}
static int host_fma = -1;
static bool host_fma_ok(void)
{
	if (host_fma < 0) {
		__builtin_cpu_init();
		host_fma = __builtin_cpu_supports("fma") ? 1 : 0;
	}
	return host_fma;
}

#define HOST_ARITH(T, SFX)                                                                      \
static inline T host_##SFX(int k, T a, T b, T c)                                               \
{                                                                                               \
	switch (k) {                                                                            \
	case HK_ADD:  __asm__("adds" #SFX " %1, %0" : "+x"(a) : "x"(b)); return a;              \
	case HK_SUB:  __asm__("subs" #SFX " %1, %0" : "+x"(a) : "x"(b)); return a;              \
	case HK_RSUB: __asm__("subs" #SFX " %1, %0" : "+x"(b) : "x"(a)); return b;              \
	case HK_MUL:  __asm__("muls" #SFX " %1, %0" : "+x"(a) : "x"(b)); return a;              \
	case HK_DIV:  __asm__("divs" #SFX " %1, %0" : "+x"(a) : "x"(b)); return a;              \
	case HK_RDIV: __asm__("divs" #SFX " %1, %0" : "+x"(b) : "x"(a)); return b;              \
	case HK_MACC: __asm__("vfmadd213s" #SFX " %2, %1, %0" : "+x"(b) : "x"(a), "x"(c)); return b; \
	default:      __asm__("vfmadd213s" #SFX " %2, %1, %0" : "+x"(b) : "x"(c), "x"(a)); return b; \
	}                                                                                       \
}
HOST_ARITH(float, s)
HOST_ARITH(double, d)

/* vd[i] = kind(a = vs2[i], b = vs1[i] | f, c = vd[i]); for the multiply-adds negp negates b
 * (the product) and nega the addend. Returns false if the caller must take the exact path. */
#define HOST_BATCH(n, T)                                                                        \
static bool host_batch##n(struct k64_hart *h, const struct k64_dinsn *d, int k, bool vf,       \
			  bool negp, bool nega, unsigned rm, uint32_t *fl)                      \
{                                                                                               \
	const K64_U(n) sb = (K64_U(n))1 << (n - 1);                                             \
	const K64_U(n) inf = n == 32 ? 0x7f800000u : (K64_U(n))0x7ff0000000000000ull;          \
	K64_U(n) *vd = K64_VE(h, K64_U(n), d->rd);                                              \
	const K64_U(n) *vs2 = K64_VE(h, K64_U(n), d->rs2), *vs1 = K64_VE(h, K64_U(n), d->rs1);  \
	const K64_U(n) sc = (K64_U(n))vfp_scalar(h, d->rs1, n);                                 \
	K64_U(n) buf[K64_VLEN_MAX * 8 / n];                                                     \
	const uint64_t vl = h->vl;                                                              \
	const bool all = k64_vm(d);                                                             \
	K64_U(n) nan = 0;                                                                       \
	host_ldmxcsr(host_rc[rm]);                                                              \
	for (uint64_t i = h->vstart; i < vl; i++) {                                             \
		if (!all && !k64_vmbit(h->vreg, i))                                             \
			continue;                                                               \
		K64_U(n) ua = vs2[i], ub = vf ? sc : vs1[i], uc = vd[i], ur;                    \
		T a, b, c, r;                                                                   \
		if (k >= HK_MACC) {                                                             \
			ub ^= negp ? sb : 0;                                                    \
			if (k == HK_MACC) uc ^= nega ? sb : 0; else ua ^= nega ? sb : 0;        \
		}                                                                               \
		memcpy(&a, &ua, sizeof a); memcpy(&b, &ub, sizeof b); memcpy(&c, &uc, sizeof c); \
		r = host_##n(k, a, b, c);                                                       \
		memcpy(&ur, &r, sizeof ur);                                                     \
		buf[i] = ur;                                                                    \
		nan |= (K64_U(n))((ur & ~sb) > inf);                                            \
	}                                                                                       \
	uint32_t m = host_stmxcsr();                                                            \
	host_ldmxcsr(0x1f80);                                                                   \
	if (nan)                                                                                \
		return false;                                                                   \
	const bool ones = k64_vma_ones(h);                                                      \
	for (uint64_t i = h->vstart; i < vl; i++)                                               \
		if (all || k64_vmbit(h->vreg, i))                                               \
			vd[i] = buf[i];                                                         \
		else if (ones)                                                                  \
			vd[i] = (K64_U(n))~(K64_U(n))0;                                         \
	*fl |= ((m & 1) << 4) | ((m & 4) << 1) | ((m & 8) >> 1) | ((m & 16) >> 3) | ((m & 32) >> 5); \
	return true;                                                                            \
}
#define host_32 host_s
#define host_64 host_d
HOST_BATCH(32, float)
HOST_BATCH(64, double)

static inline bool host_try(struct k64_hart *h, const struct k64_dinsn *d, unsigned sew, int k,
			    bool vf, bool negp, bool nega, unsigned rm, uint32_t *fl)
{
	if (rm > K64_RM_RUP || k64_fp_soft_only || (k >= HK_MACC && !host_fma_ok()))
		return false;
	return sew == 32 ? host_batch32(h, d, k, vf, negp, nega, rm, fl)
			 : host_batch64(h, d, k, vf, negp, nega, rm, fl);
}
#define HOST(k, negp, nega) host_try(h, d, sew, k, form == FORM_VF, negp, nega, rm, &fl)
#else
#define HOST(k, negp, nega) false
#endif
/* Which instructions have a host path: kind, negate-product, negate-addend. */
#define H_vfadd   HOST(HK_ADD, 0, 0)
#define H_vfsub   HOST(HK_SUB, 0, 0)
#define H_vfrsub  HOST(HK_RSUB, 0, 0)
#define H_vfmul   HOST(HK_MUL, 0, 0)
#define H_vfdiv   HOST(HK_DIV, 0, 0)
#define H_vfrdiv  HOST(HK_RDIV, 0, 0)
#define H_vfmacc  HOST(HK_MACC, 0, 0)
#define H_vfnmacc HOST(HK_MACC, 1, 1)
#define H_vfmsac  HOST(HK_MACC, 0, 1)
#define H_vfnmsac HOST(HK_MACC, 1, 0)
#define H_vfmadd  HOST(HK_MADD, 0, 0)
#define H_vfnmadd HOST(HK_MADD, 1, 1)
#define H_vfmsub  HOST(HK_MADD, 0, 1)
#define H_vfnmsub HOST(HK_MADD, 1, 0)
#define H_vfmin   false
#define H_vfmax   false
#define H_vfsgnj  false
#define H_vfsgnjn false
#define H_vfsgnjx false

#define FSW_CASE(n, FORM, ELEM)                                                                 \
	{                                                                                       \
		K64_U(n) *vd = K64_VE(h, K64_U(n), d->rd);                                      \
		const K64_U(n) *vs2 = K64_VE(h, K64_U(n), d->rs2);                              \
		const K64_U(n) *vs1 = K64_VE(h, K64_U(n), d->rs1);                              \
		const uint64_t sc = vfp_scalar(h, d->rs1, n);                                   \
		(void)vs1; (void)sc;                                                            \
		K64_VLOOP(h, d, K64_U(n), vd, {                                                 \
			uint64_t a = vs2[i], b = FORM == FORM_VV ? vs1[i] : sc, c = vd[i];      \
			(void)c;                                                                \
			vd[i] = (K64_U(n))ELEM(n);                                              \
		});                                                                             \
	}
#define FSW_FN(OP, SUF, FORM)                                                                   \
	static void k64_exec_##OP##_##SUF(struct k64_hart *h, const struct k64_dinsn *d)       \
	{                                                                                       \
		unsigned sew = check_fsw(h, d, FORM == FORM_VV), rm = h->frm;                   \
		const int form = FORM;                                                          \
		uint32_t fl = 0;                                                                \
		(void)rm; (void)form;                                                           \
		if (h->vstart < h->vl) {                                                        \
			if (H_##OP)                                                             \
				;                                                               \
			else if (sew == 32)                                                     \
				FSW_CASE(32, FORM, E_##OP)                                      \
			else                                                                    \
				FSW_CASE(64, FORM, E_##OP)                                      \
			k64_vtail(h, k64_vr(h, d->rd), k64_vsew_log2b(h->vtype), k64_vlmul_log2(h->vtype), h->vl); \
		}                                                                               \
		vfp_done(h, fl);                                                                \
	}
#define FSW_VVF(OP) FSW_FN(OP, vv, FORM_VV) FSW_FN(OP, vf, FORM_VF)

FSW_VVF(vfadd)
FSW_VVF(vfsub)
FSW_FN(vfrsub, vf, FORM_VF)
FSW_VVF(vfmul)
FSW_VVF(vfdiv)
FSW_FN(vfrdiv, vf, FORM_VF)
FSW_VVF(vfmin)
FSW_VVF(vfmax)
FSW_VVF(vfsgnj)
FSW_VVF(vfsgnjn)
FSW_VVF(vfsgnjx)
FSW_VVF(vfmacc)
FSW_VVF(vfnmacc)
FSW_VVF(vfmsac)
FSW_VVF(vfnmsac)
FSW_VVF(vfmadd)
FSW_VVF(vfnmadd)
FSW_VVF(vfmsub)
FSW_VVF(vfnmsub)

/* ---- widening arithmetic (§13.3, §13.5, §13.7) ---------------------------------------------- */
/* Narrow operands are converted to 2*SEW first (exact; a signalling NaN raises NV there). */
#define WIDEN(x) k64_fp_cvt(64, 32, x, rm, &fl)
#define W_vfwadd(A, B, C)   k64_fp_add(64, A, B, rm, &fl)
#define W_vfwsub(A, B, C)   k64_fp_sub(64, A, B, rm, &fl)
#define W_vfwmul(A, B, C)   k64_fp_mul(64, A, B, rm, &fl)
#define W_vfwmacc(A, B, C)  k64_fp_fma(64, B, A, C, false, false, rm, &fl)
#define W_vfwnmacc(A, B, C) k64_fp_fma(64, B, A, C, true, true, rm, &fl)
#define W_vfwmsac(A, B, C)  k64_fp_fma(64, B, A, C, false, true, rm, &fl)
#define W_vfwnmsac(A, B, C) k64_fp_fma(64, B, A, C, true, false, rm, &fl)

#define W_ACC_vfwadd 0
#define W_ACC_vfwsub 0
#define W_ACC_vfwmul 0
#define W_ACC_vfwmacc 1
#define W_ACC_vfwnmacc 1
#define W_ACC_vfwmsac 1
#define W_ACC_vfwnmsac 1
#define FW_FN(OP, NAME, FORM, VS2_WIDE)                                                         \
	static void k64_exec_##NAME(struct k64_hart *h, const struct k64_dinsn *d)             \
	{                                                                                       \
		check_fw(h, d, FORM == FORM_VV, VS2_WIDE, W_ACC_##OP);                          \
		unsigned rm = h->frm;                                                           \
		uint32_t fl = 0;                                                                \
		if (h->vstart < h->vl) {                                                        \
			uint64_t *vd = K64_VE(h, uint64_t, d->rd);                              \
			const uint32_t *vs2 = K64_VE(h, uint32_t, d->rs2);                      \
			const uint64_t *vs2w = K64_VE(h, uint64_t, d->rs2);                     \
			const uint32_t *vs1 = K64_VE(h, uint32_t, d->rs1);                      \
			const uint64_t sc = vfp_scalar(h, d->rs1, 32);                          \
			(void)vs2; (void)vs2w; (void)vs1;                                       \
			K64_VLOOP(h, d, uint64_t, vd, {                                         \
				uint64_t a = VS2_WIDE ? vs2w[i] : WIDEN(vs2[i]);                \
				uint64_t b = WIDEN(FORM == FORM_VV ? vs1[i] : sc);              \
				vd[i] = W_##OP(a, b, vd[i]);                                    \
			});                                                                     \
			k64_vtail(h, k64_vr(h, d->rd), 3, k64_vlmul_log2(h->vtype) + 1, h->vl); \
		}                                                                               \
		vfp_done(h, fl);                                                                \
	}

FW_FN(vfwadd, vfwadd_vv, FORM_VV, false)   FW_FN(vfwadd, vfwadd_vf, FORM_VF, false)
FW_FN(vfwsub, vfwsub_vv, FORM_VV, false)   FW_FN(vfwsub, vfwsub_vf, FORM_VF, false)
FW_FN(vfwadd, vfwadd_wv, FORM_VV, true)    FW_FN(vfwadd, vfwadd_wf, FORM_VF, true)
FW_FN(vfwsub, vfwsub_wv, FORM_VV, true)    FW_FN(vfwsub, vfwsub_wf, FORM_VF, true)
FW_FN(vfwmul, vfwmul_vv, FORM_VV, false)   FW_FN(vfwmul, vfwmul_vf, FORM_VF, false)
FW_FN(vfwmacc, vfwmacc_vv, FORM_VV, false)   FW_FN(vfwmacc, vfwmacc_vf, FORM_VF, false)
FW_FN(vfwnmacc, vfwnmacc_vv, FORM_VV, false) FW_FN(vfwnmacc, vfwnmacc_vf, FORM_VF, false)
FW_FN(vfwmsac, vfwmsac_vv, FORM_VV, false)   FW_FN(vfwmsac, vfwmsac_vf, FORM_VF, false)
FW_FN(vfwnmsac, vfwnmsac_vv, FORM_VV, false) FW_FN(vfwnmsac, vfwnmsac_vf, FORM_VF, false)

/* ---- compares (§13.13): mask results, always tail-agnostic ---------------------------------- */
/* vmfeq/vmfne are quiet (NV only for signalling NaNs); vmflt/vmfle/vmfgt/vmfge signal on any
 * NaN, as the scalar feq/flt/fle. */
#define C_vmfeq(n) k64_fp_eq(n, a, b, &fl)
#define C_vmfne(n) !k64_fp_eq(n, a, b, &fl)
#define C_vmflt(n) k64_fp_lt(n, a, b, &fl)
#define C_vmfle(n) k64_fp_le(n, a, b, &fl)
#define C_vmfgt(n) k64_fp_lt(n, b, a, &fl)
#define C_vmfge(n) k64_fp_le(n, b, a, &fl)

/* Writes the computed bits res[] (elements [vstart, vl)) into mask register vd: active elements
 * take the result, masked-off ones stay or become 1 (vma with the all-ones option), §4.5. */
static void put_mask(struct k64_hart *h, const struct k64_dinsn *d, const uint64_t *res)
{
	uint8_t *vd = k64_vr(h, d->rd);
	const uint8_t *v0 = h->vreg;
	bool ones = k64_vma_ones(h);
	for (uint64_t i = h->vstart; i < h->vl; i++) {
		bool r = (res[i >> 6] >> (i & 63)) & 1;
		if (k64_vm(d) || k64_vmbit(v0, i))
			k64_vmbit_set(vd, i, r);
		else if (ones)
			k64_vmbit_set(vd, i, true);
	}
	k64_vmtail(h, vd, h->vl);
}

#define FCMP_CASE(n, FORM, ELEM)                                                                \
	{                                                                                       \
		const K64_U(n) *vs2 = K64_VE(h, K64_U(n), d->rs2);                              \
		const K64_U(n) *vs1 = K64_VE(h, K64_U(n), d->rs1);                              \
		const uint64_t sc = vfp_scalar(h, d->rs1, n);                                   \
		(void)vs1; (void)sc;                                                            \
		for (uint64_t i = h->vstart; i < h->vl; i++)                                    \
			if (k64_vm(d) || k64_vmbit(h->vreg, i)) {                               \
				uint64_t a = vs2[i], b = FORM == FORM_VV ? vs1[i] : sc;         \
				res[i >> 6] |= (uint64_t)(ELEM(n)) << (i & 63);                 \
			}                                                                       \
	}
#define FCMP_FN(OP, SUF, FORM)                                                                  \
	static void k64_exec_##OP##_##SUF(struct k64_hart *h, const struct k64_dinsn *d)       \
	{                                                                                       \
		unsigned sew = vfp_enter(h, d);                                                 \
		int lm = k64_vlmul_log2(h->vtype);                                              \
		K64_VREQ(h, d, sew >= 32 && k64_valigned(d->rs2, lm) &&                         \
			 (FORM != FORM_VV || k64_valigned(d->rs1, lm)) &&                       \
			 k64_vnoover(d->rd, 0, d->rs2, lm, false) &&                            \
			 (FORM != FORM_VV || k64_vnoover(d->rd, 0, d->rs1, lm, false)));        \
		uint32_t fl = 0;                                                                \
		if (h->vstart < h->vl) {                                                        \
			uint64_t res[K64_VLEN_MAX / 64] = { 0 };                                \
			if (sew == 32)                                                          \
				FCMP_CASE(32, FORM, C_##OP)                                     \
			else                                                                    \
				FCMP_CASE(64, FORM, C_##OP)                                     \
			put_mask(h, d, res);                                                    \
		}                                                                               \
		vfp_done(h, fl);                                                                \
	}
FCMP_FN(vmfeq, vv, FORM_VV) FCMP_FN(vmfeq, vf, FORM_VF)
FCMP_FN(vmfne, vv, FORM_VV) FCMP_FN(vmfne, vf, FORM_VF)
FCMP_FN(vmflt, vv, FORM_VV) FCMP_FN(vmflt, vf, FORM_VF)
FCMP_FN(vmfle, vv, FORM_VV) FCMP_FN(vmfle, vf, FORM_VF)
FCMP_FN(vmfgt, vf, FORM_VF)
FCMP_FN(vmfge, vf, FORM_VF)

/* ---- unary operations (§13.8, §13.9, §13.10, §13.14) ---------------------------------------- */
/* §13.10 vfrec7 and §13.9 vfrsqrt7: 7-bit estimate tables, transcribed from the manual's
 * "vfrec7.v common-case lookup table" (indexed by the seven significand MSBs) and
 * "vfrsqrt7.v common-case lookup table" (indexed by exponent LSB : six significand MSBs). */
static const uint8_t rec7_table[128] = {
	127, 125, 123, 121, 119, 117, 116, 114, 112, 110, 109, 107, 105, 104, 102, 100,
	99, 97, 96, 94, 93, 91, 90, 88, 87, 85, 84, 83, 81, 80, 79, 77,
	76, 75, 74, 72, 71, 70, 69, 68, 66, 65, 64, 63, 62, 61, 60, 59,
	58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44, 43,
	42, 41, 40, 40, 39, 38, 37, 36, 35, 35, 34, 33, 32, 31, 31, 30,
	29, 28, 28, 27, 26, 25, 25, 24, 23, 23, 22, 21, 21, 20, 19, 19,
	18, 17, 17, 16, 15, 15, 14, 14, 13, 12, 12, 11, 11, 10, 9, 9,
	8, 8, 7, 7, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0,
};
static const uint8_t rsqrt7_table[128] = {
	52, 51, 50, 48, 47, 46, 44, 43, 42, 41, 40, 39, 38, 36, 35, 34,
	33, 32, 31, 30, 30, 29, 28, 27, 26, 25, 24, 23, 23, 22, 21, 20,
	19, 19, 18, 17, 16, 16, 15, 14, 14, 13, 12, 12, 11, 10, 10, 9,
	9, 8, 7, 7, 6, 6, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0,
	127, 125, 123, 121, 119, 118, 116, 114, 113, 111, 109, 108, 106, 105, 103, 102,
	100, 99, 97, 96, 95, 93, 92, 91, 90, 88, 87, 86, 85, 84, 83, 82,
	80, 79, 78, 77, 76, 75, 74, 73, 72, 71, 70, 70, 69, 68, 67, 66,
	65, 64, 63, 63, 62, 61, 60, 59, 59, 58, 57, 56, 56, 55, 54, 53,
};

/* Format parameters: n = 16, 32 or 64 bits. */
static inline unsigned mbits(unsigned n) { return n == 64 ? 52 : n == 32 ? 23 : 10; }
static inline int fbias(unsigned n) { return n == 64 ? 1023 : n == 32 ? 127 : 15; }

/* The normalized exponent and significand (without the leading 1) of a nonzero finite value,
 * as the manual defines them for the estimate instructions. */
static inline void est_normalize(unsigned n, uint64_t a, int *e, uint64_t *sig)
{
	const unsigned m = mbits(n);
	uint64_t f = a & ((1ull << m) - 1);
	int ex = (int)((a >> m) & ((1u << (n - 1 - m)) - 1));
	if (ex == 0) {
		while (!(f >> (m - 1) & 1)) {   /* leading zeros of the significand */
			f <<= 1;
			ex--;
		}
		f = (f << 1) & ((1ull << m) - 1);
	}
	*e = ex;
	*sig = f;
}

/* §13.10 "Vector Floating-Point Reciprocal Estimate Instruction". */
static uint64_t vfrec7(unsigned n, uint64_t a, unsigned rm, uint32_t *fl)
{
	const unsigned m = mbits(n);
	const int b = fbias(n);
	const uint64_t sign = a & (1ull << (n - 1)), mag = a & ((1ull << (n - 1)) - 1);
	const uint64_t inf = ((1ull << (n - 1 - m)) - 1) << m;
	unsigned cls = k64_fp_class(n, a);
	if (cls & 0x300) {                       /* NaN */
		if (cls & 0x100)
			*fl |= K64_FFLAG_NV;
		return k64_fp_canonical_nan(n);
	}
	if (mag == inf)
		return sign;
	if (mag == 0) {
		*fl |= K64_FFLAG_DZ;
		return sign | inf;
	}
	int e;
	uint64_t sig;
	est_normalize(n, a, &e, &sig);
	int oe = 2 * b - 1 - e;
	if (oe > 2 * b) {                        /* |x| < 2^-(B+1): overflow, by rounding direction */
		*fl |= K64_FFLAG_OF | K64_FFLAG_NX;
		bool to_inf = rm == K64_RM_RNE || rm == K64_RM_RMM ||
			      (sign ? rm == K64_RM_RDN : rm == K64_RM_RUP);
		return sign | (to_inf ? inf : inf - 1);
	}
	uint64_t os = (uint64_t)rec7_table[sig >> (m - 7)] << (m - 7);
	if (oe <= 0) {                           /* subnormal result */
		os = (os | 1ull << m) >> (1 - oe);
		oe = 0;
	}
	return sign | (uint64_t)oe << m | os;
}

/* §13.9 "Vector Floating-Point Reciprocal Square-Root Estimate Instruction". */
static uint64_t vfrsqrt7(unsigned n, uint64_t a, uint32_t *fl)
{
	const unsigned m = mbits(n);
	const int b = fbias(n);
	const uint64_t sign = a & (1ull << (n - 1)), mag = a & ((1ull << (n - 1)) - 1);
	const uint64_t inf = ((1ull << (n - 1 - m)) - 1) << m;
	unsigned cls = k64_fp_class(n, a);
	if (cls & 0x300) {
		if (cls & 0x100)
			*fl |= K64_FFLAG_NV;
		return k64_fp_canonical_nan(n);
	}
	if (mag == 0) {
		*fl |= K64_FFLAG_DZ;
		return sign | inf;
	}
	if (sign) {
		*fl |= K64_FFLAG_NV;
		return k64_fp_canonical_nan(n);
	}
	if (mag == inf)
		return 0;
	int e;
	uint64_t sig;
	est_normalize(n, a, &e, &sig);
	int oe = (3 * b - 1 - e) / 2;            /* 3B - 1 - e > 0, so this is the floor */
	unsigned idx = ((unsigned)e & 1) << 6 | (unsigned)(sig >> (m - 6));
	return (uint64_t)oe << m | (uint64_t)rsqrt7_table[idx] << (m - 7);
}

#define U_vfsqrt(n)   k64_fp_sqrt(n, a, rm, &fl)
#define U_vfrsqrt7(n) vfrsqrt7(n, a, &fl)
#define U_vfrec7(n)   vfrec7(n, a, rm, &fl)
#define U_vfclass(n)  k64_fp_class(n, a)
/* §13.17 single-width conversions. */
#define U_vfcvt_xu_f(n)     k64_fp_to_int(n, a, n, false, rm, &fl)
#define U_vfcvt_x_f(n)      k64_fp_to_int(n, a, n, true, rm, &fl)
#define U_vfcvt_rtz_xu_f(n) k64_fp_to_int(n, a, n, false, K64_RM_RTZ, &fl)
#define U_vfcvt_rtz_x_f(n)  k64_fp_to_int(n, a, n, true, K64_RM_RTZ, &fl)
#define U_vfcvt_f_xu(n)     k64_fp_from_int(n, a, n, false, rm, &fl)
#define U_vfcvt_f_x(n)      k64_fp_from_int(n, a, n, true, rm, &fl)

#define UN_CASE(n, ELEM)                                                                        \
	{                                                                                       \
		K64_U(n) *vd = K64_VE(h, K64_U(n), d->rd);                                      \
		const K64_U(n) *vs2 = K64_VE(h, K64_U(n), d->rs2);                              \
		K64_VLOOP(h, d, K64_U(n), vd, { uint64_t a = vs2[i]; vd[i] = (K64_U(n))ELEM(n); }); \
	}
#define UN_FN(OP, NAME)                                                                         \
	static void k64_exec_##NAME(struct k64_hart *h, const struct k64_dinsn *d)             \
	{                                                                                       \
		unsigned sew = check_fsw(h, d, false), rm = h->frm;                             \
		uint32_t fl = 0;                                                                \
		(void)rm;                                                                       \
		if (h->vstart < h->vl) {                                                        \
			if (sew == 32)                                                          \
				UN_CASE(32, U_##OP)                                             \
			else                                                                    \
				UN_CASE(64, U_##OP)                                             \
			k64_vtail(h, k64_vr(h, d->rd), k64_vsew_log2b(h->vtype), k64_vlmul_log2(h->vtype), h->vl); \
		}                                                                               \
		vfp_done(h, fl);                                                                \
	}
UN_FN(vfsqrt, vfsqrt_v)
UN_FN(vfrsqrt7, vfrsqrt7_v)
UN_FN(vfrec7, vfrec7_v)
UN_FN(vfclass, vfclass_v)
UN_FN(vfcvt_xu_f, vfcvt_xu_f_v)
UN_FN(vfcvt_x_f, vfcvt_x_f_v)
UN_FN(vfcvt_rtz_xu_f, vfcvt_rtz_xu_f_v)
UN_FN(vfcvt_rtz_x_f, vfcvt_rtz_x_f_v)
UN_FN(vfcvt_f_xu, vfcvt_f_xu_v)
UN_FN(vfcvt_f_x, vfcvt_f_x_v)

/* ---- widening and narrowing conversions (§13.18, §13.19) ------------------------------------ */
/* Which source SEW values each conversion accepts with Zve64d + Zvfhmin: a mask of
 * 1 << log2(SEW/8). The f16 forms other than vfwcvt.f.f.v / vfncvt.f.f.w need Zvfh. */
#define SEW16 2u
#define SEW32 4u

/* Widening: vd (2*SEW) = CONV(vs2[i] (SEW)). */
#define WC_vfwcvt_xu_f(n, w)     k64_fp_to_int(n, a, w, false, rm, &fl)
#define WC_vfwcvt_x_f(n, w)      k64_fp_to_int(n, a, w, true, rm, &fl)
#define WC_vfwcvt_rtz_xu_f(n, w) k64_fp_to_int(n, a, w, false, K64_RM_RTZ, &fl)
#define WC_vfwcvt_rtz_x_f(n, w)  k64_fp_to_int(n, a, w, true, K64_RM_RTZ, &fl)
#define WC_vfwcvt_f_xu(n, w)     k64_fp_from_int(w, a, 64, false, rm, &fl)
#define WC_vfwcvt_f_x(n, w)      k64_fp_from_int(w, a, 64, true, rm, &fl)
#define WC_vfwcvt_f_f(n, w)      k64_fp_cvt(w, n, a, rm, &fl)
/* Integer sources are extended to 64 bits first (the conversion is exact either way). */
#define WSRC_vfwcvt_f_xu(n) (uint64_t)vs2[i]
#define WSRC_vfwcvt_f_x(n)  (uint64_t)(int64_t)(K64_S(n))vs2[i]

#define WC_CASE(n, w, OP)                                                                       \
	{                                                                                       \
		K64_U(w) *vd = K64_VE(h, K64_U(w), d->rd);                                      \
		const K64_U(n) *vs2 = K64_VE(h, K64_U(n), d->rs2);                              \
		K64_VLOOP(h, d, K64_U(w), vd, {                                                 \
			uint64_t a = WSRC_##OP(n);                                              \
			vd[i] = (K64_U(w))WC_##OP(n, w);                                        \
		});                                                                             \
	}
#define WSRC_vfwcvt_xu_f(n)     (uint64_t)vs2[i]
#define WSRC_vfwcvt_x_f(n)      (uint64_t)vs2[i]
#define WSRC_vfwcvt_rtz_xu_f(n) (uint64_t)vs2[i]
#define WSRC_vfwcvt_rtz_x_f(n)  (uint64_t)vs2[i]
#define WSRC_vfwcvt_f_f(n)      (uint64_t)vs2[i]

#define WC_FN(OP, SEWS)                                                                         \
	static void k64_exec_##OP##_v(struct k64_hart *h, const struct k64_dinsn *d)           \
	{                                                                                       \
		unsigned sew = vfp_enter(h, d), rm = h->frm;                                    \
		int lm = k64_vlmul_log2(h->vtype);                                              \
		K64_VREQ(h, d, ((SEWS) >> k64_vsew_log2b(h->vtype) & 1) && lm <= 2 &&          \
			 k64_valigned(d->rd, lm + 1) && k64_valigned(d->rs2, lm) &&             \
			 k64_vnoover(d->rd, lm + 1, d->rs2, lm, true) && k64_vmask_ok(d, d->rd) && \
			 src_ok(d, d->rs2));                                                    \
		uint32_t fl = 0;                                                                \
		(void)rm;                                                                       \
		if (h->vstart < h->vl) {                                                        \
			if (sew == 16)                                                          \
				WC_CASE(16, 32, OP)                                             \
			else                                                                    \
				WC_CASE(32, 64, OP)                                             \
			k64_vtail(h, k64_vr(h, d->rd), k64_vsew_log2b(h->vtype) + 1, lm + 1, h->vl); \
		}                                                                               \
		vfp_done(h, fl);                                                                \
	}
WC_FN(vfwcvt_xu_f, SEW32)
WC_FN(vfwcvt_x_f, SEW32)
WC_FN(vfwcvt_rtz_xu_f, SEW32)
WC_FN(vfwcvt_rtz_x_f, SEW32)
WC_FN(vfwcvt_f_xu, SEW16 | SEW32)
WC_FN(vfwcvt_f_x, SEW16 | SEW32)
WC_FN(vfwcvt_f_f, SEW16 | SEW32)

/* Narrowing: vd (SEW) = CONV(vs2[i] (2*SEW)). Float -> narrower integer saturates (§13.19). */
#define NC_vfncvt_xu_f(n, w)     k64_fp_to_int(w, a, n, false, rm, &fl)
#define NC_vfncvt_x_f(n, w)      k64_fp_to_int(w, a, n, true, rm, &fl)
#define NC_vfncvt_rtz_xu_f(n, w) k64_fp_to_int(w, a, n, false, K64_RM_RTZ, &fl)
#define NC_vfncvt_rtz_x_f(n, w)  k64_fp_to_int(w, a, n, true, K64_RM_RTZ, &fl)
#define NC_vfncvt_f_xu(n, w)     k64_fp_from_int(n, a, w, false, rm, &fl)
#define NC_vfncvt_f_x(n, w)      k64_fp_from_int(n, a, w, true, rm, &fl)
#define NC_vfncvt_f_f(n, w)      k64_fp_cvt(n, w, a, rm, &fl)
#define NC_vfncvt_rod_f_f(n, w)  cvt_rod(n, w, a, &fl)

/* §13.19 vfncvt.rod.f.f.w: round towards odd = truncate, then set the LSB if inexact. An
 * overflow truncates to the largest finite value, whose LSB is already 1. */
static inline uint64_t cvt_rod(unsigned n, unsigned w, uint64_t a, uint32_t *fl)
{
	uint32_t f = 0;
	uint64_t r = k64_fp_cvt(n, w, a, K64_RM_RTZ, &f);
	if ((f & K64_FFLAG_NX) && !k64_fp_is_nan(n, r))
		r |= 1;
	*fl |= f;
	return r;
}

#define NC_CASE(n, w, OP)                                                                       \
	{                                                                                       \
		K64_U(n) *vd = K64_VE(h, K64_U(n), d->rd);                                      \
		const K64_U(w) *vs2 = K64_VE(h, K64_U(w), d->rs2);                              \
		K64_VLOOP(h, d, K64_U(n), vd, { uint64_t a = vs2[i]; vd[i] = (K64_U(n))NC_##OP(n, w); }); \
	}
#define NC_FN(OP, SEWS)                                                                         \
	static void k64_exec_##OP##_w(struct k64_hart *h, const struct k64_dinsn *d)           \
	{                                                                                       \
		unsigned sew = vfp_enter(h, d), rm = h->frm;                                    \
		int lm = k64_vlmul_log2(h->vtype);                                              \
		K64_VREQ(h, d, ((SEWS) >> k64_vsew_log2b(h->vtype) & 1) && lm <= 2 &&          \
			 k64_valigned(d->rd, lm) && k64_valigned(d->rs2, lm + 1) &&             \
			 k64_vnoover(d->rd, lm, d->rs2, lm + 1, false) && k64_vmask_ok(d, d->rd) && \
			 src_ok(d, d->rs2));                                                    \
		uint32_t fl = 0;                                                                \
		(void)rm;                                                                       \
		if (h->vstart < h->vl) {                                                        \
			if (sew == 16)                                                          \
				NC_CASE(16, 32, OP)                                             \
			else                                                                    \
				NC_CASE(32, 64, OP)                                             \
			k64_vtail(h, k64_vr(h, d->rd), k64_vsew_log2b(h->vtype), lm, h->vl);    \
		}                                                                               \
		vfp_done(h, fl);                                                                \
	}
NC_FN(vfncvt_xu_f, SEW16 | SEW32)
NC_FN(vfncvt_x_f, SEW16 | SEW32)
NC_FN(vfncvt_rtz_xu_f, SEW16 | SEW32)
NC_FN(vfncvt_rtz_x_f, SEW16 | SEW32)
NC_FN(vfncvt_f_xu, SEW32)
NC_FN(vfncvt_f_x, SEW32)
NC_FN(vfncvt_f_f, SEW16 | SEW32)
NC_FN(vfncvt_rod_f_f, SEW32)

/* ---- merge and move (§13.15, §13.16) ---------------------------------------------------------- */
/* vfmerge.vfm: every body element is written, from f[rs1] where v0.mask[i] is set, else from
 * vs2; vfmv.v.f (vm = 1, vs2 = 0) splats f[rs1]. Neither raises exceptions. */
#define MERGE_CASE(n)                                                                           \
	{                                                                                       \
		K64_U(n) *vd = K64_VE(h, K64_U(n), d->rd);                                      \
		const K64_U(n) *vs2 = K64_VE(h, K64_U(n), d->rs2);                              \
		const K64_U(n) f = (K64_U(n))vfp_scalar(h, d->rs1, n);                          \
		if (k64_vm(d))                                                                  \
			for (uint64_t i = h->vstart; i < h->vl; i++) vd[i] = f;                 \
		else                                                                            \
			for (uint64_t i = h->vstart; i < h->vl; i++)                            \
				vd[i] = k64_vmbit(h->vreg, i) ? f : vs2[i];                     \
	}
static void k64_exec_vfmerge_vfm(struct k64_hart *h, const struct k64_dinsn *d)
{
	unsigned sew = check_fsw(h, d, false);   /* vfmerge: vm = 0, so vs2 may not be v0 */
	if (h->vstart < h->vl) {
		if (sew == 32)
			MERGE_CASE(32)
		else
			MERGE_CASE(64)
		k64_vtail(h, k64_vr(h, d->rd), k64_vsew_log2b(h->vtype), k64_vlmul_log2(h->vtype), h->vl);
	}
	h->vstart = 0;
}
#define k64_exec_vfmv_v_f k64_exec_vfmerge_vfm

/* ---- reductions (§14.3) ---------------------------------------------------------------------- */
/* vd[0] = vs1[0] op (active elements of vs2). vfredusum may associate in any order (§14.3); we
 * use the same sequential order as vfredosum (element 0 first), which is also what QEMU 10
 * computes, so both give the ordered sum with its flags. Inactive elements take no part and
 * raise no flags; with no active element the result is vs1[0]. vl = 0 writes nothing; vd's
 * elements past 0 are tail. vstart must be 0 (§14). */
#define R_sum(n, x, y) k64_fp_add(n, x, y, rm, &fl)
#define R_min(n, x, y) k64_fp_min(n, x, y, &fl)
#define R_max(n, x, y) k64_fp_max(n, x, y, &fl)

#define RED_CASE(n, OP)                                                                         \
	{                                                                                       \
		const K64_U(n) *vs2 = K64_VE(h, K64_U(n), d->rs2);                              \
		uint64_t acc = K64_VE(h, K64_U(n), d->rs1)[0];                                  \
		for (uint64_t i = 0; i < h->vl; i++)                                            \
			if (k64_vm(d) || k64_vmbit(h->vreg, i))                                 \
				acc = R_##OP(n, acc, (uint64_t)vs2[i]);                         \
		K64_VE(h, K64_U(n), d->rd)[0] = (K64_U(n))acc;                                  \
	}
#define RED_FN(NAME, OP)                                                                        \
	static void k64_exec_##NAME(struct k64_hart *h, const struct k64_dinsn *d)             \
	{                                                                                       \
		unsigned sew = vfp_enter(h, d), rm = h->frm;                                    \
		K64_VREQ(h, d, sew >= 32 && h->vstart == 0 &&                                   \
			 k64_valigned(d->rs2, k64_vlmul_log2(h->vtype)));                       \
		uint32_t fl = 0;                                                                \
		(void)rm;                                                                       \
		if (h->vl) {                                                                    \
			if (sew == 32)                                                          \
				RED_CASE(32, OP)                                                \
			else                                                                    \
				RED_CASE(64, OP)                                                \
			k64_vtail(h, k64_vr(h, d->rd), k64_vsew_log2b(h->vtype), 0, 1);         \
		}                                                                               \
		vfp_done(h, fl);                                                                \
	}
RED_FN(vfredosum_vs, sum)
RED_FN(vfredusum_vs, sum)
RED_FN(vfredmin_vs, min)
RED_FN(vfredmax_vs, max)

/* Widening sums: SEW = 32 elements converted to 64 bits, added to the 64-bit vs1[0]. */
static void k64_exec_vfwredsum(struct k64_hart *h, const struct k64_dinsn *d)
{
	unsigned sew = vfp_enter(h, d), rm = h->frm;
	K64_VREQ(h, d, sew == 32 && h->vstart == 0 && k64_valigned(d->rs2, k64_vlmul_log2(h->vtype)));
	uint32_t fl = 0;
	if (h->vl) {
		const uint32_t *vs2 = K64_VE(h, uint32_t, d->rs2);
		uint64_t acc = K64_VE(h, uint64_t, d->rs1)[0];
		for (uint64_t i = 0; i < h->vl; i++)
			if (k64_vactive(h, d, i))
				acc = k64_fp_add(64, acc, k64_fp_cvt(64, 32, vs2[i], rm, &fl), rm, &fl);
		K64_VE(h, uint64_t, d->rd)[0] = acc;
		k64_vtail(h, k64_vr(h, d->rd), 3, 0, 1);
	}
	vfp_done(h, fl);
}
#define k64_exec_vfwredosum_vs k64_exec_vfwredsum
#define k64_exec_vfwredusum_vs k64_exec_vfwredsum

/* ---- table ------------------------------------------------------------------------------------ */
/* funct6 | funct3 (OPFVV = 1, OPFVF = 5) | opcode OP-V. */
#define ENC(f6, f3) (((uint32_t)(f6) << 26) | ((uint32_t)(f3) << 12) | 0x57u)
#define MSK 0xfc00707fu
#define MSK_VS1 0xfc0ff07fu           /* VFUNARY0/1: the vs1 field selects the operation */
#define FL (K64_F_WV | K64_F_VEC | K64_F_FP)
/* tm: (class, form, register-file reads per granule step) (core/observe.h), all through the
 * lane FPUs; the reads: the vs1/vs2 pair, 2 in every form (the fill reads the pair at once, .vf
 * forms too), and vd in vfmacc, vfnmacc, vfmsac, vfnmsac and the widening multiply-adds (not
 * counted for vfmadd, vfnmadd, vfmsub, vfnmsub: doc/cycle-model.md). */
#define ROWM(name, fn, match, mask, args, tm) \
	{ name, match, mask, K64_EXT_V, K64_FMT_R, FL, K64_OP_CALL, k64_exec_##fn, args, 0, K64_TMV tm },
#define FVV(name, fn, f6, c) ROWM(name ".vv", fn##_vv, ENC(f6, 1), MSK, "V,W,X", (c, FPU, 2))
#define FVF(name, fn, f6, c) ROWM(name ".vf", fn##_vf, ENC(f6, 5), MSK, "V,W,S", (c, FPU, 2))
#define FVVF(name, f6, c) FVV(#name, name, f6, c) FVF(#name, name, f6, c)
/* Multiply-add forms print vd, vs1/rs1, vs2 as the assembler writes them. vd: 1 if its read is
 * counted (above). */
#define FMA(name, f6, vd) ROWM(#name ".vv", name##_vv, ENC(f6, 1), MSK, "V,X,W", (VFMUL, FPU, 2 + (vd))) \
			  ROWM(#name ".vf", name##_vf, ENC(f6, 5), MSK, "V,S,W", (VFMUL, FPU, 2 + (vd)))
#define UN(name, fn, f6, vs1, c) ROWM(name, fn, ENC(f6, 1) | (vs1) << 15, MSK_VS1, "V,W", (c, FPU, 2))
#define RED(name, fn, f6) ROWM(name, fn, ENC(f6, 1), MSK, "V,W,X", (VRED, FPU, 0))

const struct k64_insn_desc k64_insns_vfp[] = {
	FVVF(vfadd, 0x00, VFP) FVVF(vfsub, 0x02, VFP) FVF("vfrsub", vfrsub, 0x27, VFP)
	FVVF(vfmul, 0x24, VFMUL) FVVF(vfdiv, 0x20, VFDIV) FVF("vfrdiv", vfrdiv, 0x21, VFDIV)
	FVVF(vfmin, 0x04, VFP) FVVF(vfmax, 0x06, VFP)
	FVVF(vfsgnj, 0x08, VFP) FVVF(vfsgnjn, 0x09, VFP) FVVF(vfsgnjx, 0x0a, VFP)
	FMA(vfmadd, 0x28, 0) FMA(vfnmadd, 0x29, 0) FMA(vfmsub, 0x2a, 0) FMA(vfnmsub, 0x2b, 0)
	FMA(vfmacc, 0x2c, 1) FMA(vfnmacc, 0x2d, 1) FMA(vfmsac, 0x2e, 1) FMA(vfnmsac, 0x2f, 1)
	FVVF(vfwadd, 0x30, VWIDE) FVVF(vfwsub, 0x32, VWIDE) FVVF(vfwmul, 0x38, VFMUL)
	ROWM("vfwadd.wv", vfwadd_wv, ENC(0x34, 1), MSK, "V,W,X", (VWIDE, FPU, 2)) ROWM("vfwadd.wf", vfwadd_wf, ENC(0x34, 5), MSK, "V,W,S", (VWIDE, FPU, 2))
	ROWM("vfwsub.wv", vfwsub_wv, ENC(0x36, 1), MSK, "V,W,X", (VWIDE, FPU, 2)) ROWM("vfwsub.wf", vfwsub_wf, ENC(0x36, 5), MSK, "V,W,S", (VWIDE, FPU, 2))
	FMA(vfwmacc, 0x3c, 1) FMA(vfwnmacc, 0x3d, 1) FMA(vfwmsac, 0x3e, 1) FMA(vfwnmsac, 0x3f, 1)
	FVVF(vmfeq, 0x18, VFP) FVVF(vmfle, 0x19, VFP) FVVF(vmflt, 0x1b, VFP) FVVF(vmfne, 0x1c, VFP)
	FVF("vmfgt", vmfgt, 0x1d, VFP) FVF("vmfge", vmfge, 0x1f, VFP)
	ROWM("vfmerge.vfm", vfmerge_vfm, ENC(0x17, 5), MSK | 1u << 25, "V,W,S", (VFP, FPU, 2))
	ROWM("vfmv.v.f", vfmv_v_f, ENC(0x17, 5) | 1u << 25, 0xfff0707fu, "V,S", (VFP, FPU, 2))
	/* VFUNARY1 */
	UN("vfsqrt.v", vfsqrt_v, 0x13, 0x00, VFDIV) UN("vfrsqrt7.v", vfrsqrt7_v, 0x13, 0x04, VFP)
	UN("vfrec7.v", vfrec7_v, 0x13, 0x05, VFP) UN("vfclass.v", vfclass_v, 0x13, 0x10, VFP)
	/* VFUNARY0 */
	UN("vfcvt.xu.f.v", vfcvt_xu_f_v, 0x12, 0x00, VFP) UN("vfcvt.x.f.v", vfcvt_x_f_v, 0x12, 0x01, VFP)
	UN("vfcvt.f.xu.v", vfcvt_f_xu_v, 0x12, 0x02, VFP) UN("vfcvt.f.x.v", vfcvt_f_x_v, 0x12, 0x03, VFP)
	UN("vfcvt.rtz.xu.f.v", vfcvt_rtz_xu_f_v, 0x12, 0x06, VFP) UN("vfcvt.rtz.x.f.v", vfcvt_rtz_x_f_v, 0x12, 0x07, VFP)
	UN("vfwcvt.xu.f.v", vfwcvt_xu_f_v, 0x12, 0x08, VWIDE) UN("vfwcvt.x.f.v", vfwcvt_x_f_v, 0x12, 0x09, VWIDE)
	UN("vfwcvt.f.xu.v", vfwcvt_f_xu_v, 0x12, 0x0a, VWIDE) UN("vfwcvt.f.x.v", vfwcvt_f_x_v, 0x12, 0x0b, VWIDE)
	UN("vfwcvt.f.f.v", vfwcvt_f_f_v, 0x12, 0x0c, VWIDE)
	UN("vfwcvt.rtz.xu.f.v", vfwcvt_rtz_xu_f_v, 0x12, 0x0e, VWIDE) UN("vfwcvt.rtz.x.f.v", vfwcvt_rtz_x_f_v, 0x12, 0x0f, VWIDE)
	UN("vfncvt.xu.f.w", vfncvt_xu_f_w, 0x12, 0x10, VWIDE) UN("vfncvt.x.f.w", vfncvt_x_f_w, 0x12, 0x11, VWIDE)
	UN("vfncvt.f.xu.w", vfncvt_f_xu_w, 0x12, 0x12, VWIDE) UN("vfncvt.f.x.w", vfncvt_f_x_w, 0x12, 0x13, VWIDE)
	UN("vfncvt.f.f.w", vfncvt_f_f_w, 0x12, 0x14, VWIDE) UN("vfncvt.rod.f.f.w", vfncvt_rod_f_f_w, 0x12, 0x15, VWIDE)
	UN("vfncvt.rtz.xu.f.w", vfncvt_rtz_xu_f_w, 0x12, 0x16, VWIDE) UN("vfncvt.rtz.x.f.w", vfncvt_rtz_x_f_w, 0x12, 0x17, VWIDE)
	/* reductions */
	RED("vfredusum.vs", vfredusum_vs, 0x01)
	RED("vfredosum.vs", vfredosum_vs, 0x03)
	RED("vfredmin.vs", vfredmin_vs, 0x05)
	RED("vfredmax.vs", vfredmax_vs, 0x07)
	RED("vfwredusum.vs", vfwredusum_vs, 0x31)
	RED("vfwredosum.vs", vfwredosum_vs, 0x33)
	{ 0 }
};
