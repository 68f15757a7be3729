/* Element-group helpers shared by the ratified vector crypto extensions (RISC-V vector
 * cryptography v1.0, ISA manual "Cryptography Extensions: Vector Instructions"):
 * the "Instruction Constraints" checks and the element-group loop.
 *
 * Element group g of a register group that starts at register r occupies bytes
 * [g * EGW/8, (g + 1) * EGW/8) from k64_vr(h, r): the register file is packed (core/hart.h),
 * so groups that span registers (EGW > VLEN) are contiguous too. Element 0 of a group is its
 * least significant word, as in the manual's "{a, b, e, f}" notation (f is element 0).
 *
 * Zvkt: the simulator's host timing is not architectural, so the byte substitutions use
 * plain 256-entry tables; the GF(2^128) and carry-less products are branch-free anyway. */
#ifndef K64_CRYPTO_VCRYPTO_H
#define K64_CRYPTO_VCRYPTO_H
#include "vector/vector.h"

/* LMUL * VLEN in bits. */
static inline uint64_t k64_vc_grpbits(const struct k64_hart *h)
{
	int l = k64_vlmul_log2(h->vtype);
	return l >= 0 ? (uint64_t)h->vlen << l : (uint64_t)h->vlen >> -l;
}

/* The common checks of an element-group instruction, in the manual's order: vector unit on
 * and vtype valid; "SEW constraints" (other SEW values are reserved); "LMUL constraints"
 * (LMUL * VLEN >= EGW, illegal even when vl = 0); "vl and vstart constraints" (multiples of
 * EGS; violations are reserved, and we raise illegal-instruction for them). eb is
 * log2(SEW / 8). Nothing has been written when this returns or traps. */
static inline void k64_vc_check(struct k64_hart *h, const struct k64_dinsn *d, unsigned eb,
				unsigned egs, unsigned egw)
{
	k64_vcheck(h, d);
	K64_VREQ(h, d, k64_vsew_log2b(h->vtype) == eb);
	K64_VREQ(h, d, k64_vc_grpbits(h) >= egw);
	K64_VREQ(h, d, h->vl % egs == 0 && h->vstart % egs == 0);
}

/* RVV 1.0 §5.2: vector register group numbers are multiples of LMUL. */
static inline bool k64_vc_aligned(const struct k64_hart *h, unsigned r)
{
	return k64_valigned(r, k64_vlmul_log2(h->vtype));
}
/* Registers of the SEW/LMUL group (fractional LMUL: one). */
static inline unsigned k64_vc_nreg(const struct k64_hart *h)
{
	return k64_vgsize(k64_vlmul_log2(h->vtype));
}
/* "Vector/Scalar constraints": the scalar element group of a .vs form has
 * EMUL = ceil(EGW / VLEN) (one register when VLEN >= EGW). */
static inline unsigned k64_vc_scalar_nreg(const struct k64_hart *h, unsigned egw)
{
	return egw <= h->vlen ? 1u : egw / h->vlen;
}
/* May the SEW/LMUL group at vd overlap the group of n registers at r? */
static inline bool k64_vc_disjoint(const struct k64_hart *h, unsigned vd, unsigned r, unsigned n)
{
	return !k64_voverlap(vd, k64_vc_nreg(h), r, n);
}

/* Register operands of the EGW = 128 round instructions (vaes*, vsm4r): vd aligned to LMUL;
 * .vv: vs2 aligned too; .vs: vs2 is a scalar element group that may not overlap vd
 * ("Vector/Scalar constraints"). */
static inline void k64_vc_check_round_regs(struct k64_hart *h, const struct k64_dinsn *d, bool vs)
{
	K64_VREQ(h, d, k64_vc_aligned(h, d->rd));
	if (vs) {
		unsigned n = k64_vc_scalar_nreg(h, 128);
		K64_VREQ(h, d, d->rs2 % n == 0 && k64_vc_disjoint(h, d->rd, d->rs2, n));
	} else {
		K64_VREQ(h, d, k64_vc_aligned(h, d->rs2));
	}
}

/* Element groups vstart/EGS .. vl/EGS - 1 are processed; then the tail past vl follows the
 * tail policy (unless vstart >= vl: no element is updated, RVV 1.0 §5.4) and vstart = 0. */
static inline void k64_vc_done(struct k64_hart *h, const struct k64_dinsn *d, unsigned eb)
{
	if (h->vstart < h->vl)
		k64_vtail(h, k64_vr(h, d->rd), eb, k64_vlmul_log2(h->vtype), h->vl);
	h->vstart = 0;
}

/* 32-bit words of an element group (little-endian host register file). */
static inline void k64_vc_ld32(uint32_t *w, const uint8_t *p, unsigned n) { memcpy(w, p, 4 * n); }
static inline void k64_vc_st32(uint8_t *p, const uint32_t *w, unsigned n) { memcpy(p, w, 4 * n); }

static inline uint32_t k64_rol32(uint32_t x, unsigned n) { n &= 31; return n ? (x << n) | (x >> (32 - n)) : x; }
static inline uint32_t k64_ror32(uint32_t x, unsigned n) { return k64_rol32(x, 32 - (n & 31)); }
static inline uint64_t k64_ror64(uint64_t x, unsigned n) { n &= 63; return n ? (x >> n) | (x << (64 - n)) : x; }
#endif
