/* RVV 1.0 §16: permutation instructions: scalar moves (integer and FP), slides, register
 * gather, compress and whole-register moves. */
#include "vector/vector.h"

/* The element loops are written to be auto-vectorised; GCC 12 does that only with
 * -ftree-vectorize (not part of -O2). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("tree-vectorize")
#endif

/* ---- scalar moves (§16.1, §16.2) -------------------------------------------------------------- */
static uint64_t elem0(struct k64_hart *h, unsigned r, unsigned eb)
{
	const uint8_t *p = k64_vr(h, r);
	switch (eb) {
	case 0: return (uint64_t)(int64_t)(int8_t)p[0];
	case 1: { int16_t v; memcpy(&v, p, 2); return (uint64_t)(int64_t)v; }
	case 2: { int32_t v; memcpy(&v, p, 4); return (uint64_t)(int64_t)v; }
	default: { uint64_t v; memcpy(&v, p, 8); return v; }
	}
}
/* vmv.x.s: x[rd] = sign-extended vs2[0], regardless of vl and vstart. */
static void k64_exec_vmv_x_s(struct k64_hart *h, const struct k64_dinsn *d)
{
	k64_vcheck(h, d);
	h->x[d->rd] = elem0(h, d->rs2, k64_vsew_log2b(h->vtype));
	h->vstart = 0;
}
/* vmv.s.x / vfmv.s.f: vd[0] = value when vstart < vl. The other elements are tail; QEMU 10
 * leaves them undisturbed even with its all-ones option, and so do we. */
static void set0(struct k64_hart *h, const struct k64_dinsn *d, uint64_t v)
{
	unsigned eb = k64_vsew_log2b(h->vtype);
	if (h->vstart < h->vl)
		memcpy(k64_vr(h, d->rd), &v, 1u << eb);   /* little-endian host */
	h->vstart = 0;
}
static void k64_exec_vmv_s_x(struct k64_hart *h, const struct k64_dinsn *d)
{
	k64_vcheck(h, d);
	set0(h, d, h->x[d->rs1]);
}

/* FP element widths need the matching scalar extension: SEW = 32 needs F, 64 needs D; 16 would
 * need Zvfh (not implemented: Zvfhmin has no moves), 8 has no FP type (§13, §18.4). */
static void fp_check(struct k64_hart *h, const struct k64_dinsn *d)
{
	k64_vcheck(h, d);
	k64_require_fp(h, d);
	unsigned eb = k64_vsew_log2b(h->vtype);
	K64_VREQ(h, d, (eb == 2 && k64_has(&h->isa, K64_EXT_F)) || (eb == 3 && k64_has(&h->isa, K64_EXT_D)));
}
/* f[rs1] as an SEW-bit operand: a single that is not NaN-boxed reads as the canonical NaN
 * (unprivileged spec §21.2, NaN boxing; RVV §5.4 uses the scalar operand as-is otherwise). */
static uint64_t fscalar(const struct k64_hart *h, unsigned r, unsigned eb)
{
	uint64_t f = h->f[r];
	if (eb == 2)
		return (f >> 32) == 0xffffffffu ? (uint32_t)f : 0x7fc00000u;
	return f;
}
static void k64_exec_vfmv_f_s(struct k64_hart *h, const struct k64_dinsn *d)
{
	fp_check(h, d);
	uint64_t v = elem0(h, d->rs2, k64_vsew_log2b(h->vtype));
	h->f[d->rd] = k64_vsew_log2b(h->vtype) == 2 ? (v | 0xffffffff00000000ull) : v;
	h->vstart = 0;
}
static void k64_exec_vfmv_s_f(struct k64_hart *h, const struct k64_dinsn *d)
{
	fp_check(h, d);
	set0(h, d, fscalar(h, d->rs1, k64_vsew_log2b(h->vtype)));
}

/* ---- slides (§16.3) ------------------------------------------------------------------------- */
/* vslideup / vslide1up: vd may not overlap vs2; masked vd may not be v0. */
static void slide_check(struct k64_hart *h, const struct k64_dinsn *d, bool up)
{
	k64_vcheck(h, d);
	int l = k64_vlmul_log2(h->vtype);
	K64_VREQ(h, d, k64_valigned(d->rd, l) && k64_valigned(d->rs2, l) && k64_vmask_ok(d, d->rd) &&
		 k64_vsrc_ok(h, d, -1, 0, d->rs2, 0));
	if (up)
		K64_VREQ(h, d, !k64_voverlap(d->rd, k64_vgsize(l), d->rs2, k64_vgsize(l)));
}
static void finish(struct k64_hart *h, const struct k64_dinsn *d)
{
	k64_vtail(h, k64_vr(h, d->rd), k64_vsew_log2b(h->vtype), k64_vlmul_log2(h->vtype), h->vl);
	h->vstart = 0;
}
/* vd[i] = vs2[i - off] for max(vstart, off) <= i < vl. */
static void slideup(struct k64_hart *h, const struct k64_dinsn *d, uint64_t off)
{
	uint64_t start = h->vstart > off ? h->vstart : off;
	if (start >= h->vl)
		return;
#define UP(n) { K64_U(n) *vd = K64_VE(h, K64_U(n), d->rd); const K64_U(n) *v2 = K64_VE(h, K64_U(n), d->rs2); \
		bool ones = k64_vma_ones(h); \
		for (uint64_t i = start; i < h->vl; i++) { \
			if (k64_vactive(h, d, i)) vd[i] = v2[i - off]; \
			else if (ones) vd[i] = (K64_U(n))~(K64_U(n))0; } }
	K64_VSEW_CASES(UP, k64_vsew_log2b(h->vtype))
#undef UP
}
/* vd[i] = i + off < VLMAX ? vs2[i + off] : 0 for vstart <= i < vl. */
static void slidedown(struct k64_hart *h, const struct k64_dinsn *d, uint64_t off)
{
	uint64_t vlmax = k64_vlmax(h);
#define DOWN(n) { K64_U(n) *vd = K64_VE(h, K64_U(n), d->rd); const K64_U(n) *v2 = K64_VE(h, K64_U(n), d->rs2); \
		K64_VLOOP(h, d, K64_U(n), vd, vd[i] = (off < vlmax && i < vlmax - off) ? v2[i + off] : 0); }
	K64_VSEW_CASES(DOWN, k64_vsew_log2b(h->vtype))
#undef DOWN
}
static void k64_exec_vslideup_vx(struct k64_hart *h, const struct k64_dinsn *d)
{ slide_check(h, d, true); slideup(h, d, h->x[d->rs1]); finish(h, d); }
static void k64_exec_vslideup_vi(struct k64_hart *h, const struct k64_dinsn *d)
{ slide_check(h, d, true); slideup(h, d, k64_vuimm5(d)); finish(h, d); }
static void k64_exec_vslidedown_vx(struct k64_hart *h, const struct k64_dinsn *d)
{ slide_check(h, d, false); slidedown(h, d, h->x[d->rs1]); finish(h, d); }
static void k64_exec_vslidedown_vi(struct k64_hart *h, const struct k64_dinsn *d)
{ slide_check(h, d, false); slidedown(h, d, k64_vuimm5(d)); finish(h, d); }

/* vslide1up: vd[0] = scalar, vd[i] = vs2[i - 1]. */
static void slide1up(struct k64_hart *h, const struct k64_dinsn *d, uint64_t x)
{
#define UP1(n) { K64_U(n) *vd = K64_VE(h, K64_U(n), d->rd); const K64_U(n) *v2 = K64_VE(h, K64_U(n), d->rs2); \
		K64_VLOOP(h, d, K64_U(n), vd, vd[i] = i == 0 ? (K64_U(n))x : v2[i - 1]); }
	K64_VSEW_CASES(UP1, k64_vsew_log2b(h->vtype))
#undef UP1
	finish(h, d);
}
/* vslide1down: vd[i] = vs2[i + 1], vd[vl - 1] = scalar. */
static void slide1down(struct k64_hart *h, const struct k64_dinsn *d, uint64_t x)
{
	uint64_t last = h->vl - 1;
#define DOWN1(n) { K64_U(n) *vd = K64_VE(h, K64_U(n), d->rd); const K64_U(n) *v2 = K64_VE(h, K64_U(n), d->rs2); \
		K64_VLOOP(h, d, K64_U(n), vd, vd[i] = i == last ? (K64_U(n))x : v2[i + 1]); }
	K64_VSEW_CASES(DOWN1, k64_vsew_log2b(h->vtype))
#undef DOWN1
	finish(h, d);
}
static void k64_exec_vslide1up_vx(struct k64_hart *h, const struct k64_dinsn *d)
{ slide_check(h, d, true); slide1up(h, d, h->x[d->rs1]); }
static void k64_exec_vslide1down_vx(struct k64_hart *h, const struct k64_dinsn *d)
{ slide_check(h, d, false); slide1down(h, d, h->x[d->rs1]); }
static void k64_exec_vfslide1up_vf(struct k64_hart *h, const struct k64_dinsn *d)
{ slide_check(h, d, true); fp_check(h, d); slide1up(h, d, fscalar(h, d->rs1, k64_vsew_log2b(h->vtype))); }
static void k64_exec_vfslide1down_vf(struct k64_hart *h, const struct k64_dinsn *d)
{ slide_check(h, d, false); fp_check(h, d); slide1down(h, d, fscalar(h, d->rs1, k64_vsew_log2b(h->vtype))); }

/* ---- register gather (§16.4) ------------------------------------------------------------------ */
/* vd may overlap neither source. Indices >= VLMAX read 0. */
static void k64_exec_vrgather_vv(struct k64_hart *h, const struct k64_dinsn *d)
{
	k64_vcheck(h, d);
	int l = k64_vlmul_log2(h->vtype);
	unsigned g = k64_vgsize(l);
	K64_VREQ(h, d, k64_valigned(d->rd, l) && k64_valigned(d->rs2, l) && k64_valigned(d->rs1, l) &&
		 k64_vmask_ok(d, d->rd) && !k64_voverlap(d->rd, g, d->rs2, g) && !k64_voverlap(d->rd, g, d->rs1, g) &&
		 k64_vsrc_ok(h, d, d->rs1, 0, d->rs2, 0));
	uint64_t vlmax = k64_vlmax(h);
#define G(n) { K64_U(n) *vd = K64_VE(h, K64_U(n), d->rd); const K64_U(n) *v2 = K64_VE(h, K64_U(n), d->rs2), \
		*v1 = K64_VE(h, K64_U(n), d->rs1); \
		K64_VLOOP(h, d, K64_U(n), vd, vd[i] = v1[i] < vlmax ? v2[v1[i]] : 0); }
	K64_VSEW_CASES(G, k64_vsew_log2b(h->vtype))
#undef G
	finish(h, d);
}
static void gather_x(struct k64_hart *h, const struct k64_dinsn *d, uint64_t idx)
{
	k64_vcheck(h, d);
	int l = k64_vlmul_log2(h->vtype);
	unsigned g = k64_vgsize(l);
	K64_VREQ(h, d, k64_valigned(d->rd, l) && k64_valigned(d->rs2, l) && k64_vmask_ok(d, d->rd) &&
		 !k64_voverlap(d->rd, g, d->rs2, g) && k64_vsrc_ok(h, d, -1, 0, d->rs2, 0));
	uint64_t vlmax = k64_vlmax(h);
#define GX(n) { K64_U(n) *vd = K64_VE(h, K64_U(n), d->rd); const K64_U(n) *v2 = K64_VE(h, K64_U(n), d->rs2); \
		K64_U(n) v = idx < vlmax ? v2[idx] : 0; K64_VLOOP(h, d, K64_U(n), vd, vd[i] = v); }
	K64_VSEW_CASES(GX, k64_vsew_log2b(h->vtype))
#undef GX
	finish(h, d);
}
static void k64_exec_vrgather_vx(struct k64_hart *h, const struct k64_dinsn *d) { gather_x(h, d, h->x[d->rs1]); }
static void k64_exec_vrgather_vi(struct k64_hart *h, const struct k64_dinsn *d) { gather_x(h, d, k64_vuimm5(d)); }
/* vrgatherei16.vv: vs1 holds 16-bit indices, EMUL = 16 / SEW * LMUL. */
static void k64_exec_vrgatherei16_vv(struct k64_hart *h, const struct k64_dinsn *d)
{
	k64_vcheck(h, d);
	int l = k64_vlmul_log2(h->vtype), e = 1 - (int)k64_vsew_log2b(h->vtype) + l;
	unsigned g = k64_vgsize(l);
	K64_VREQ(h, d, e >= -3 && e <= 3);
	K64_VREQ(h, d, k64_valigned(d->rd, l) && k64_valigned(d->rs2, l) && k64_valigned(d->rs1, e) &&
		 k64_vmask_ok(d, d->rd) && !k64_voverlap(d->rd, g, d->rs2, g) &&
		 !k64_voverlap(d->rd, g, d->rs1, k64_vgsize(e)) &&
		 k64_vsrc_ok(h, d, d->rs1, 1, d->rs2, (int)k64_vsew_log2b(h->vtype)));
	uint64_t vlmax = k64_vlmax(h);
	const uint16_t *v1 = K64_VE(h, uint16_t, d->rs1);
#define G16(n) { K64_U(n) *vd = K64_VE(h, K64_U(n), d->rd); const K64_U(n) *v2 = K64_VE(h, K64_U(n), d->rs2); \
		K64_VLOOP(h, d, K64_U(n), vd, vd[i] = v1[i] < vlmax ? v2[v1[i]] : 0); }
	K64_VSEW_CASES(G16, k64_vsew_log2b(h->vtype))
#undef G16
	finish(h, d);
}

/* ---- compress (§16.5) ------------------------------------------------------------------------ */
/* vm = 1 in the encoding; vstart must be 0; vd overlaps neither vs2 nor the mask vs1. Elements
 * past the packed ones are tail. */
static void k64_exec_vcompress_vm(struct k64_hart *h, const struct k64_dinsn *d)
{
	k64_vcheck(h, d);
	int l = k64_vlmul_log2(h->vtype);
	unsigned g = k64_vgsize(l), eb = k64_vsew_log2b(h->vtype);
	K64_VREQ(h, d, h->vstart == 0 && k64_valigned(d->rd, l) && k64_valigned(d->rs2, l) &&
		 !k64_voverlap(d->rd, g, d->rs2, g) && !k64_voverlap(d->rd, g, d->rs1, 1));
	const uint8_t *m = k64_vr(h, d->rs1);
	uint64_t k = 0;
#define C(n) { K64_U(n) *vd = K64_VE(h, K64_U(n), d->rd); const K64_U(n) *v2 = K64_VE(h, K64_U(n), d->rs2); \
		for (uint64_t i = 0; i < h->vl; i++) if (k64_vmbit(m, i)) vd[k++] = v2[i]; }
	K64_VSEW_CASES(C, eb)
#undef C
	k64_vtail(h, k64_vr(h, d->rd), eb, l, k);
}

/* ---- whole-register move (§16.6) ------------------------------------------------------------- */
/* vmv<nr>r.v: nr = simm5 + 1 in {1, 2, 4, 8} (other values have no table row); vd and vs2
 * aligned to nr. It operates on SEW-bit elements from vstart, so it depends on vtype and is
 * illegal with vill (as in QEMU 10). */
static void k64_exec_vmvr(struct k64_hart *h, const struct k64_dinsn *d)
{
	k64_vcheck(h, d);
	unsigned nr = (unsigned)k64_vuimm5(d) + 1;
	K64_VREQ(h, d, (d->rd & (nr - 1)) == 0 && (d->rs2 & (nr - 1)) == 0);
	size_t bytes = (size_t)nr * h->vlenb, from = (size_t)h->vstart << k64_vsew_log2b(h->vtype);
	if (from < bytes && d->rd != d->rs2)
		memmove(k64_vr(h, d->rd) + from, k64_vr(h, d->rs2) + from, bytes - from);
	h->vstart = 0;
}

#define ENC(f6, f3) ((uint32_t)(f6) << 26 | (uint32_t)(f3) << 12 | 0x57u)
enum { IVV = 0, FVV = 1, MVV = 2, IVI = 3, IVX = 4, FVF = 5, MVX = 6 };
#define F (K64_F_WV | K64_F_VEC)
/* permutations go through the sequencer (class VPERM); form: what else it reads (core/observe.h) */
#define ROW(name, f6, f3, fn, args, form) { name, ENC(f6, f3), 0xfc00707fu, K64_EXT_V, K64_FMT_R, F, K64_OP_CALL, fn, args, 0, \
	K64_TMF(VPERM, form) },
#define VMVR(name, nr) { name, ENC(0x27, IVI) | 1u << 25 | ((nr) - 1u) << 15, 0xfe0ff07fu, K64_EXT_V, K64_FMT_R, F, \
	K64_OP_CALL, k64_exec_vmvr, "V,W", 0, { K64_IC_VALU, K64_IF_VMVR, 2, 0, nr, 0 } },

const struct k64_insn_desc k64_insns_vperm[] = {
	{ "vmv.x.s", ENC(0x10, MVV) | 1u << 25, 0xfe0ff07fu, K64_EXT_V, K64_FMT_R, K64_F_WX | K64_F_VEC, K64_OP_CALL, k64_exec_vmv_x_s, "d,W", 0, K64_TM(VMVXS) },
	{ "vmv.s.x", ENC(0x10, MVX) | 1u << 25, 0xfff0707fu, K64_EXT_V, K64_FMT_R, F, K64_OP_CALL, k64_exec_vmv_s_x, "V,s", 0, K64_TM(VMVSX) },
	{ "vfmv.f.s", ENC(0x10, FVV) | 1u << 25, 0xfe0ff07fu, K64_EXT_V, K64_FMT_R, K64_F_WF | K64_F_FP | K64_F_VEC, K64_OP_CALL, k64_exec_vfmv_f_s, "D,W", 0, K64_TM(VMVXS) },
	{ "vfmv.s.f", ENC(0x10, FVF) | 1u << 25, 0xfff0707fu, K64_EXT_V, K64_FMT_R, F | K64_F_FP, K64_OP_CALL, k64_exec_vfmv_s_f, "V,S", 0, K64_TM(VMVSX) },
	ROW("vslideup.vx", 0x0e, IVX, k64_exec_vslideup_vx, "V,W,s", KEEPVD)
	ROW("vslideup.vi", 0x0e, IVI, k64_exec_vslideup_vi, "V,W,z", KEEPVD)
	ROW("vslidedown.vx", 0x0f, IVX, k64_exec_vslidedown_vx, "V,W,s", PLAIN)
	ROW("vslidedown.vi", 0x0f, IVI, k64_exec_vslidedown_vi, "V,W,z", PLAIN)
	ROW("vslide1up.vx", 0x0e, MVX, k64_exec_vslide1up_vx, "V,W,s", KEEPVD)
	ROW("vslide1down.vx", 0x0f, MVX, k64_exec_vslide1down_vx, "V,W,s", PLAIN)
	{ "vfslide1up.vf", ENC(0x0e, FVF), 0xfc00707fu, K64_EXT_V, K64_FMT_R, F | K64_F_FP, K64_OP_CALL, k64_exec_vfslide1up_vf, "V,W,S", 0, K64_TMF(VPERM, KEEPVD) },
	{ "vfslide1down.vf", ENC(0x0f, FVF), 0xfc00707fu, K64_EXT_V, K64_FMT_R, F | K64_F_FP, K64_OP_CALL, k64_exec_vfslide1down_vf, "V,W,S", 0, K64_TM(VPERM) },
	ROW("vrgather.vv", 0x0c, IVV, k64_exec_vrgather_vv, "V,W,X", GATHER)
	ROW("vrgather.vx", 0x0c, IVX, k64_exec_vrgather_vx, "V,W,s", PLAIN)
	ROW("vrgather.vi", 0x0c, IVI, k64_exec_vrgather_vi, "V,W,z", PLAIN)
	ROW("vrgatherei16.vv", 0x0e, IVV, k64_exec_vrgatherei16_vv, "V,W,X", GATHER16)
	{ "vcompress.vm", ENC(0x17, MVV) | 1u << 25, 0xfe00707fu, K64_EXT_V, K64_FMT_R, F, K64_OP_CALL, k64_exec_vcompress_vm, "V,W,X", 0, K64_TMF(VPERM, KEEPVD) },
	VMVR("vmv1r.v", 1) VMVR("vmv2r.v", 2) VMVR("vmv4r.v", 4) VMVR("vmv8r.v", 8)
	{ 0 }
};
