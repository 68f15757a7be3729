/* RVV 1.0 §15: mask instructions. Mask registers hold one bit per element (§4.5); results
 * that are masks are tail-agnostic. */
#include "vector/vector.h"

/* The element loops are written to be auto-vectorised; GCC 12 does that only with
 * -ftree-vectorize (not part of -O2). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("tree-vectorize")
#endif

/* §15.1: vm<op>.mm over bits [vstart, vl); vm = 1 is part of the encoding. Whole bytes are
 * combined at once, the partial bytes at the ends bit by bit. */
#define MLOGIC(name, EXPR)                                                                          \
	static void k64_exec_##name##_mm(struct k64_hart *h, const struct k64_dinsn *d)             \
	{                                                                                           \
		k64_vcheck(h, d);                                                                   \
		uint8_t *vd = k64_vr(h, d->rd);                                                     \
		const uint8_t *v2 = k64_vr(h, d->rs2), *v1 = k64_vr(h, d->rs1);                     \
		uint64_t i = h->vstart, vl = h->vl;                                                 \
		for (; i < vl && (i & 7); i++) {                                                    \
			unsigned a = k64_vmbit(v2, i), b = k64_vmbit(v1, i);                        \
			k64_vmbit_set(vd, i, (EXPR) & 1);                                           \
		}                                                                                   \
		for (; i + 8 <= vl; i += 8) {                                                       \
			unsigned a = v2[i >> 3], b = v1[i >> 3];                                    \
			vd[i >> 3] = (uint8_t)(EXPR);                                               \
		}                                                                                   \
		for (; i < vl; i++) {                                                               \
			unsigned a = k64_vmbit(v2, i), b = k64_vmbit(v1, i);                        \
			k64_vmbit_set(vd, i, (EXPR) & 1);                                           \
		}                                                                                   \
		k64_vmtail(h, vd, vl);                                                              \
		h->vstart = 0;                                                                      \
	}
MLOGIC(vmandn, a & ~b)
MLOGIC(vmand, a & b)
MLOGIC(vmor, a | b)
MLOGIC(vmxor, a ^ b)
MLOGIC(vmorn, a | ~b)
MLOGIC(vmnand, ~(a & b))
MLOGIC(vmnor, ~(a | b))
MLOGIC(vmxnor, ~(a ^ b))

/* §15.2-15.3: vcpop.m, vfirst.m (scalar results). QEMU 10 raises illegal for vstart != 0 (the
 * manual allows it to); so do we. */
static void k64_exec_vcpop_m(struct k64_hart *h, const struct k64_dinsn *d)
{
	k64_vcheck(h, d);
	K64_VREQ(h, d, h->vstart == 0);
	const uint8_t *v2 = k64_vr(h, d->rs2);
	uint64_t n = 0, vl = h->vl, i = 0;
	if (k64_vm(d)) {
		for (; i + 64 <= vl; i += 64) {
			uint64_t w;
			memcpy(&w, v2 + (i >> 3), 8);
			n += (uint64_t)__builtin_popcountll(w);
		}
	}
	for (; i < vl; i++)
		n += k64_vmbit(v2, i) && k64_vactive(h, d, i);
	h->x[d->rd] = n;
}
static void k64_exec_vfirst_m(struct k64_hart *h, const struct k64_dinsn *d)
{
	k64_vcheck(h, d);
	K64_VREQ(h, d, h->vstart == 0);
	const uint8_t *v2 = k64_vr(h, d->rs2);
	uint64_t r = UINT64_MAX;
	for (uint64_t i = 0; i < h->vl; i++)
		if (k64_vmbit(v2, i) && k64_vactive(h, d, i)) {
			r = i;
			break;
		}
	h->x[d->rd] = r;
}

/* §15.4-15.6: set-before-first, set-including-first, set-only-first. vd may not overlap vs2,
 * nor v0 when masked; vstart must be 0. kind: 0 = sbf, 1 = sif, 2 = sof. */
static void set_first(struct k64_hart *h, const struct k64_dinsn *d, int kind)
{
	k64_vcheck(h, d);
	K64_VREQ(h, d, h->vstart == 0 && d->rd != d->rs2 && k64_vmask_ok(d, d->rd));
	uint8_t m[K64_VLEN_MAX / 8];
	const uint8_t *v2 = k64_vr(h, d->rs2);
	bool found = false, ones = k64_vma_ones(h);
	memcpy(m, k64_vr(h, d->rd), h->vlenb);
	for (uint64_t i = 0; i < h->vl; i++) {
		if (!k64_vactive(h, d, i)) {
			if (ones)
				k64_vmbit_set(m, i, 1);
			continue;
		}
		bool bit = k64_vmbit(v2, i), r;
		if (kind == 0)
			r = !found && !bit;
		else if (kind == 1)
			r = !found;
		else
			r = !found && bit;
		found |= bit;
		k64_vmbit_set(m, i, r);
	}
	k64_vmtail(h, m, h->vl);
	memcpy(k64_vr(h, d->rd), m, h->vlenb);
}
static void k64_exec_vmsbf_m(struct k64_hart *h, const struct k64_dinsn *d) { set_first(h, d, 0); }
static void k64_exec_vmsif_m(struct k64_hart *h, const struct k64_dinsn *d) { set_first(h, d, 1); }
static void k64_exec_vmsof_m(struct k64_hart *h, const struct k64_dinsn *d) { set_first(h, d, 2); }

/* §15.8 viota.m: vd[i] = number of set bits of vs2 among the active elements below i. vd may
 * not overlap vs2 or (masked) v0; vstart must be 0. */
static void k64_exec_viota_m(struct k64_hart *h, const struct k64_dinsn *d)
{
	k64_vcheck(h, d);
	int l = k64_vlmul_log2(h->vtype);
	K64_VREQ(h, d, h->vstart == 0 && k64_valigned(d->rd, l) && k64_vmask_ok(d, d->rd) &&
		 !k64_voverlap(d->rd, k64_vgsize(l), d->rs2, 1));
	const uint8_t *v2 = k64_vr(h, d->rs2);
	uint64_t sum = 0;
#define IOTA(n) { K64_U(n) *vd = K64_VE(h, K64_U(n), d->rd); \
		K64_VLOOP(h, d, K64_U(n), vd, vd[i] = (K64_U(n))sum; sum += k64_vmbit(v2, i)); }
	K64_VSEW_CASES(IOTA, k64_vsew_log2b(h->vtype))
#undef IOTA
	k64_vtail(h, k64_vr(h, d->rd), k64_vsew_log2b(h->vtype), l, h->vl);
	h->vstart = 0;
}

/* §15.9 vid.v: vd[i] = i. */
static void k64_exec_vid_v(struct k64_hart *h, const struct k64_dinsn *d)
{
	k64_vcheck(h, d);
	int l = k64_vlmul_log2(h->vtype);
	K64_VREQ(h, d, k64_valigned(d->rd, l) && k64_vmask_ok(d, d->rd));
#define VID(n) { K64_U(n) *vd = K64_VE(h, K64_U(n), d->rd); K64_VLOOP(h, d, K64_U(n), vd, vd[i] = (K64_U(n))i); }
	K64_VSEW_CASES(VID, k64_vsew_log2b(h->vtype))
#undef VID
	k64_vtail(h, k64_vr(h, d->rd), k64_vsew_log2b(h->vtype), l, h->vl);
	h->vstart = 0;
}

#define ENC(f6, vs1) ((uint32_t)(f6) << 26 | (uint32_t)(vs1) << 15 | 2u << 12 | 0x57u)
#define F (K64_F_WV | K64_F_VEC)
/* class VMASK (core/observe.h); all are OPMVV: two operand reads per step; form GROUPW: a
 * whole register group written */
#define MM(name, f6) { #name ".mm", ENC(f6, 0) | 1u << 25, 0xfe00707fu, K64_EXT_V, K64_FMT_R, F, K64_OP_CALL, k64_exec_##name##_mm, "V,W,X", 0, \
	K64_TMV(VMASK, PLAIN, 2) },
#define UN(name, f6, vs1, fl, fn, args, form) { name, ENC(f6, vs1), 0xfc0ff07fu, K64_EXT_V, K64_FMT_R, fl, K64_OP_CALL, fn, args, 0, \
	K64_TMV(VMASK, form, 2) },

const struct k64_insn_desc k64_insns_vmask[] = {
	MM(vmandn, 0x18) MM(vmand, 0x19) MM(vmor, 0x1a) MM(vmxor, 0x1b)
	MM(vmorn, 0x1c) MM(vmnand, 0x1d) MM(vmnor, 0x1e) MM(vmxnor, 0x1f)
	UN("vcpop.m", 0x10, 0x10, K64_F_WX | K64_F_VEC, k64_exec_vcpop_m, "d,W", PLAIN)
	UN("vfirst.m", 0x10, 0x11, K64_F_WX | K64_F_VEC, k64_exec_vfirst_m, "d,W", PLAIN)
	UN("vmsbf.m", 0x14, 0x01, F, k64_exec_vmsbf_m, "V,W", GROUPW)
	UN("vmsof.m", 0x14, 0x02, F, k64_exec_vmsof_m, "V,W", GROUPW)
	UN("vmsif.m", 0x14, 0x03, F, k64_exec_vmsif_m, "V,W", GROUPW)
	UN("viota.m", 0x14, 0x10, F, k64_exec_viota_m, "V,W", GROUPW)
	{ "vid.v", ENC(0x14, 0x11), 0xfdfff07fu, K64_EXT_V, K64_FMT_R, F, K64_OP_CALL, k64_exec_vid_v, "V", 0, K64_TMV(VMASK, GROUPW, 2) },
	{ 0 }
};
