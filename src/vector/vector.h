/* RVV 1.0 common definitions: vtype fields, register-group legality (RVV 1.0 §5.2, §5.3),
 * mask bits, tail/mask-agnostic filling, element access with precise vstart, and per-SEW
 * dispatch helpers. Every file of src/vector/ (and the vector crypto files) includes this. */
#ifndef K64_VECTOR_VECTOR_H
#define K64_VECTOR_VECTOR_H
#include <stddef.h>
#include <stdint.h>
#include "core/hart.h"

#define K64_ELEN 64
#define K64_VTYPE_VILL (1ull << 63)

/* ---- vtype (RVV 1.0 §3.4) ------------------------------------------------------------------ */
/* log2(SEW / 8): 0..3 for e8..e64 (only meaningful when vill = 0). */
static inline unsigned k64_vsew_log2b(uint64_t vtype) { return (unsigned)(vtype >> 3) & 3; }
static inline unsigned k64_vsew(uint64_t vtype) { return 8u << k64_vsew_log2b(vtype); }
/* log2(LMUL): -3..3. */
static inline int k64_vlmul_log2(uint64_t vtype) { int l = (int)(vtype & 7); return l >= 4 ? l - 8 : l; }
static inline bool k64_vta(uint64_t vtype) { return (vtype >> 6) & 1; }
static inline bool k64_vma(uint64_t vtype) { return (vtype >> 7) & 1; }
static inline unsigned k64_log2u(unsigned v) { return 31u - (unsigned)__builtin_clz(v); }
/* VLMAX = LMUL * VLEN / SEW for a legal vtype. */
static inline uint64_t k64_vlmax_of(const struct k64_hart *h, uint64_t vtype)
{
	int s = (int)k64_log2u(h->vlen) + k64_vlmul_log2(vtype) - 3 - (int)k64_vsew_log2b(vtype);
	return s < 0 ? 0 : 1ull << s;
}
static inline uint64_t k64_vlmax(const struct k64_hart *h) { return k64_vlmax_of(h, h->vtype); }
/* "e32, m1, ta, ma" (or "vill"); for --trace. */
void k64_vdisasm_vtype(uint64_t vtype, char *buf, size_t len);

/* ---- instruction fields -------------------------------------------------------------------- */
static inline bool k64_vm(const struct k64_dinsn *d) { return (d->word >> 25) & 1; }   /* 1 = unmasked */
static inline int64_t k64_vsimm5(const struct k64_dinsn *d) { return (int64_t)((int32_t)(d->word << 12) >> 27); }
static inline uint64_t k64_vuimm5(const struct k64_dinsn *d) { return (d->word >> 15) & 31; }
static inline unsigned k64_vnf(const struct k64_dinsn *d) { return (d->word >> 29) + 1; }    /* fields */

/* ---- legality (RVV 1.0 §5) ------------------------------------------------------------------ */
#define K64_VREQ(h, d, cond) do { if (unlikely(!(cond))) k64_illegal(h, d); } while (0)
/* Every vector instruction except vsetvl*: mstatus.VS on (§3.2) and vtype.vill clear (§3.4.4). */
static inline void k64_vcheck(struct k64_hart *h, const struct k64_dinsn *d)
{
	k64_require_vec(h, d);
	if (unlikely(h->vtype & K64_VTYPE_VILL))
		k64_illegal(h, d);
}
/* Register-group size in registers for EMUL = 2^emul (fractional groups occupy one register). */
static inline unsigned k64_vgsize(int emul) { return emul <= 0 ? 1u : 1u << emul; }
/* §5.2: a group's register number is a multiple of EMUL. */
static inline bool k64_valigned(unsigned r, int emul) { return emul <= 0 || (r & ((1u << emul) - 1)) == 0; }
static inline bool k64_voverlap(unsigned a, unsigned asz, unsigned b, unsigned bsz)
{
	return a < b + bsz && b < a + asz;
}
/* §5.2 overlap rules for a destination group (EMUL 2^de) and a source group (2^se) of
 * different EEW: legal if disjoint, or if the destination EEW is smaller and the overlap is
 * the lowest-numbered part of the source (dest == src for aligned groups), or if the destination
 * EEW is larger, the source EMUL >= 1 and the overlap is the highest-numbered part of the
 * destination. Pass dst_wider = true when the destination EEW is the larger. */
static inline bool k64_vnoover(unsigned dst, int de, unsigned src, int se, bool dst_wider)
{
	unsigned dsz = k64_vgsize(de), ssz = k64_vgsize(se);
	if (!k64_voverlap(dst, dsz, src, ssz))
		return true;
	if (dst_wider)
		return se >= 0 && dsz > ssz && src + ssz == dst + dsz;
	return dst == src;
}
/* §5.3: a masked instruction's destination group may not include v0 (unless it writes a mask
 * or a reduction's scalar). */
static inline bool k64_vmask_ok(const struct k64_dinsn *d, unsigned vd)
{
	return k64_vm(d) || vd != 0;
}

/* ---- mask bits (§4.5: mask element i is bit i of the register) ------------------------------ */
static inline bool k64_vmbit(const uint8_t *m, uint64_t i) { return (m[i >> 3] >> (i & 7)) & 1; }
static inline void k64_vmbit_set(uint8_t *m, uint64_t i, bool v)
{
	m[i >> 3] = (uint8_t)((m[i >> 3] & ~(1u << (i & 7))) | ((unsigned)v << (i & 7)));
}
/* Active element? (vm = 1 or v0.mask[i] set) */
static inline bool k64_vactive(const struct k64_hart *h, const struct k64_dinsn *d, uint64_t i)
{
	return k64_vm(d) || k64_vmbit(h->vreg, i);
}

/* ---- agnostic policies (§3.4.3) -------------------------------------------------------------- */
/* Masked-off elements become all ones? (vma and the all-ones option) */
static inline bool k64_vma_ones(const struct k64_hart *h) { return h->vagnostic_ones && k64_vma(h->vtype); }
/* Tail of a destination group of EEW 2^eb bytes and EMUL 2^emul: elements [vl, group end)
 * (for fractional EMUL the tail runs to the end of the register) become all ones under vta with
 * the all-ones option; undisturbed otherwise. Call before resetting vstart. */
static inline void k64_vtail(const struct k64_hart *h, uint8_t *vd, unsigned eb, int emul, uint64_t vl)
{
	/* §3.7: with vstart >= vl no element, tail included, is written. */
	if (h->vagnostic_ones && k64_vta(h->vtype) && h->vstart < h->vl) {
		size_t end = (size_t)h->vlenb << (emul > 0 ? emul : 0), from = (size_t)vl << eb;
		if (from < end)
			memset(vd + from, 0xff, end - from);
	}
}
/* Tail of a mask destination (mask results are always tail-agnostic, §4.5). */
static inline void k64_vmtail(const struct k64_hart *h, uint8_t *vd, uint64_t vl)
{
	if (!h->vagnostic_ones || h->vstart >= h->vl)
		return;
	uint64_t nbits = (uint64_t)h->vlen;
	for (uint64_t i = vl; i < nbits && (i & 7); i++)
		vd[i >> 3] |= (uint8_t)(1u << (i & 7));
	if (((vl + 7) >> 3) < h->vlenb)
		memset(vd + ((vl + 7) >> 3), 0xff, h->vlenb - ((vl + 7) >> 3));
}

/* ---- memory (§7) ----------------------------------------------------------------------------- */
/* Host pointer for element i's access of `size` bytes at addr; on a fault, vstart = i first so
 * the trap is precise and the instruction resumes at element i (§3.7). */
static inline void *k64_velem(struct k64_hart *h, const struct k64_dinsn *d, uint64_t i, uint64_t addr,
			      unsigned size, bool write)
{
	const struct k64_tlb_entry *e = &h->tlb[K64_TLB_IDX(addr)];
	uint64_t tag = write ? e->tag_w : e->tag_r;
	if (likely(tag == ((addr + size - 1) >> K64_PAGE_SHIFT) && tag == (addr >> K64_PAGE_SHIFT))) {
		k64_acc_log(h, addr, size, write);
		return (void *)(uintptr_t)(addr + e->addend);
	}
	h->vstart = i;
	void *p = k64_access(h, d, addr, size, write);
	k64_acc_log(h, addr, size, write);
	return p;
}
/* Host pointer for a whole contiguous range (<= 4096 bytes) if every byte is accessible, else
 * NULL (the caller then goes element by element to fault precisely). */
void *k64_vrange(struct k64_hart *h, const struct k64_dinsn *d, uint64_t addr, uint64_t len, bool write);

/* ---- per-SEW dispatch ------------------------------------------------------------------------ */
/* K64_VSEW_CASES(M, eb): expands M(8), M(16), M(32) or M(64) for eb = log2(SEW/8). */
#define K64_VSEW_CASES(M, eb) \
	switch (eb) { case 0: M(8) break; case 1: M(16) break; case 2: M(32) break; default: M(64) break; }
/* Types by width. */
#define K64_U(n) uint##n##_t
#define K64_S(n) int##n##_t

/* Element loop over the body [vstart, vl) of an instruction writing vector elements of type T
 * at vdp: runs the body (the variadic argument, which sees uint64_t i) for active elements; masked-off elements become all
 * ones under vma with the all-ones option, else are left undisturbed. */
#define K64_VLOOP(h, d, T, vdp, ...)                                                             \
	do {                                                                                     \
		uint64_t vl_ = (h)->vl;                                                           \
		if (k64_vm(d)) {                                                                  \
			for (uint64_t i = (h)->vstart; i < vl_; i++) { __VA_ARGS__; }                    \
		} else {                                                                          \
			const uint8_t *m_ = (h)->vreg;                                            \
			bool ones_ = k64_vma_ones(h);                                             \
			for (uint64_t i = (h)->vstart; i < vl_; i++) {                            \
				if (k64_vmbit(m_, i)) { __VA_ARGS__; }                                   \
				else if (ones_) (vdp)[i] = (T)~(T)0;                              \
			}                                                                         \
		}                                                                                 \
	} while (0)

/* Element pointers. Register groups are contiguous (core/hart.h). */
#define K64_VE(h, T, r) ((T *)(void *)k64_vr(h, r))

/* §5.2 (last paragraph): one register may not supply source operands of two different EEWs to
 * one instruction; the mask source v0 (vm = 0) counts as EEW = 1, so a masked instruction may
 * not also read v0 as data. e1/e2: log2(EEW/8) of the vs1/vs2 source groups; a negative
 * register number means "no such vector source". */
static inline bool k64_vsrc_ok(const struct k64_hart *h, const struct k64_dinsn *d, int vs1, int e1, int vs2, int e2)
{
	if (!k64_vm(d) && (vs1 == 0 || vs2 == 0))
		return false;
	if (vs1 >= 0 && vs2 >= 0 && e1 != e2) {
		int b = k64_vlmul_log2(h->vtype) - (int)k64_vsew_log2b(h->vtype);
		if (k64_voverlap((unsigned)vs1, k64_vgsize(e1 + b), (unsigned)vs2, k64_vgsize(e2 + b)))
			return false;
	}
	return true;
}

/* ---- operand-shape checks (§5.2, §5.3; include k64_vcheck) ----------------------------------
 * vs1 < 0 means the instruction has no vector vs1 (.vx/.vi/.vf forms). */
/* vd, vs2, vs1 all SEW/LMUL. */
static inline void k64_vchk_sss(struct k64_hart *h, const struct k64_dinsn *d, int vs1)
{
	k64_vcheck(h, d);
	int l = k64_vlmul_log2(h->vtype);
	K64_VREQ(h, d, k64_valigned(d->rd, l) && k64_valigned(d->rs2, l) &&
		 (vs1 < 0 || k64_valigned((unsigned)vs1, l)) && k64_vmask_ok(d, d->rd));
	int e = (int)k64_vsew_log2b(h->vtype);
	K64_VREQ(h, d, k64_vsrc_ok(h, d, vs1, e, d->rs2, e));
}
/* Widening: vd is 2*SEW (EMUL 2*LMUL); vs2 is 2*SEW too when vs2_wide (.wv/.wx forms). */
static inline void k64_vchk_wide(struct k64_hart *h, const struct k64_dinsn *d, bool vs2_wide, int vs1)
{
	k64_vcheck(h, d);
	int l = k64_vlmul_log2(h->vtype);
	K64_VREQ(h, d, l <= 2 && k64_vsew_log2b(h->vtype) < 3);
	K64_VREQ(h, d, k64_valigned(d->rd, l + 1) && k64_vmask_ok(d, d->rd));
	if (vs2_wide)
		K64_VREQ(h, d, k64_valigned(d->rs2, l + 1));
	else
		K64_VREQ(h, d, k64_valigned(d->rs2, l) && k64_vnoover(d->rd, l + 1, d->rs2, l, true));
	if (vs1 >= 0)
		K64_VREQ(h, d, k64_valigned((unsigned)vs1, l) && k64_vnoover(d->rd, l + 1, (unsigned)vs1, l, true));
	int e = (int)k64_vsew_log2b(h->vtype);
	K64_VREQ(h, d, k64_vsrc_ok(h, d, vs1, e, d->rs2, e + vs2_wide));
}
/* Narrowing: vd (and vs1) SEW/LMUL, vs2 2*SEW (EMUL 2*LMUL). */
static inline void k64_vchk_narrow(struct k64_hart *h, const struct k64_dinsn *d, int vs1)
{
	k64_vcheck(h, d);
	int l = k64_vlmul_log2(h->vtype);
	K64_VREQ(h, d, l <= 2 && k64_vsew_log2b(h->vtype) < 3);
	K64_VREQ(h, d, k64_valigned(d->rd, l) && k64_valigned(d->rs2, l + 1) &&
		 k64_vnoover(d->rd, l, d->rs2, l + 1, false) && k64_vmask_ok(d, d->rd));
	if (vs1 >= 0)
		K64_VREQ(h, d, k64_valigned((unsigned)vs1, l));
	int e = (int)k64_vsew_log2b(h->vtype);
	K64_VREQ(h, d, k64_vsrc_ok(h, d, vs1, e, d->rs2, e + 1));
}
/* Mask result (compares, vmadc/vmsbc, vmf*): vd one register, may equal a source but not lie
 * elsewhere inside a source group; vd = v0 is allowed when masked. */
static inline void k64_vchk_mss(struct k64_hart *h, const struct k64_dinsn *d, int vs1)
{
	k64_vcheck(h, d);
	int l = k64_vlmul_log2(h->vtype);
	K64_VREQ(h, d, k64_valigned(d->rs2, l) && k64_vnoover(d->rd, 0, d->rs2, l, false));
	if (vs1 >= 0)
		K64_VREQ(h, d, k64_valigned((unsigned)vs1, l) && k64_vnoover(d->rd, 0, (unsigned)vs1, l, false));
	/* QEMU 10.0 does not apply the mixed-EEW source rule (k64_vsrc_ok) to mask-producing
	 * instructions (a masked compare may read v0 as data); we follow it. */
}

/* Scalar helpers for shared code. */
static inline int64_t k64_sext(uint64_t v, unsigned bits) { return (int64_t)(v << (64 - bits)) >> (64 - bits); }
#endif
