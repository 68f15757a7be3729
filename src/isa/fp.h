/* IEEE 754 arithmetic for the F, D, Zfa and Zfhmin instructions (src/isa/fp.c) and, later, the
 * vector unit's floating point (RVV chapter 13). Values are raw bit patterns of the binary16,
 * binary32 or binary64 format selected by `fmt` (16, 32 or 64); results follow the RISC-V
 * unprivileged manual (chapter "F", section "NaN Generation and Propagation"): a NaN result is
 * always the canonical NaN (0x7e00, 0x7fc00000, 0x7ff8000000000000), tininess is detected after
 * rounding, and flags are ORed into *flags (never cleared).
 *
 * `rm` is a static rounding mode 0..4 (RNE, RTZ, RDN, RUP, RMM); the caller resolves dyn (7)
 * against frm and rejects 5, 6 and invalid frm values before calling.
 *
 * NaN boxing is the caller's business: these functions see only the low `fmt` bits of their
 * operands (upper bits are ignored) and return a value with the upper bits zero. */
#ifndef K64_ISA_FP_H
#define K64_ISA_FP_H
#include <stdbool.h>
#include <stdint.h>

/* fflags bits (unprivileged manual, "Floating-Point Control and Status Register"). */
enum { K64_FFLAG_NX = 1, K64_FFLAG_UF = 2, K64_FFLAG_OF = 4, K64_FFLAG_DZ = 8, K64_FFLAG_NV = 16 };
/* Rounding modes (frm encodings). */
enum { K64_RM_RNE = 0, K64_RM_RTZ = 1, K64_RM_RDN = 2, K64_RM_RUP = 3, K64_RM_RMM = 4,
       K64_RM_DYN = 7 };

uint64_t k64_fp_add(unsigned fmt, uint64_t a, uint64_t b, unsigned rm, uint32_t *flags);
uint64_t k64_fp_sub(unsigned fmt, uint64_t a, uint64_t b, unsigned rm, uint32_t *flags);
uint64_t k64_fp_mul(unsigned fmt, uint64_t a, uint64_t b, unsigned rm, uint32_t *flags);
uint64_t k64_fp_div(unsigned fmt, uint64_t a, uint64_t b, unsigned rm, uint32_t *flags);
uint64_t k64_fp_sqrt(unsigned fmt, uint64_t a, unsigned rm, uint32_t *flags);
/* a * b + c with one rounding. neg_prod negates the product, neg_add the addend:
 * fmadd (0,0), fmsub (0,1), fnmsub (1,0), fnmadd (1,1). */
uint64_t k64_fp_fma(unsigned fmt, uint64_t a, uint64_t b, uint64_t c, bool neg_prod, bool neg_add,
		    unsigned rm, uint32_t *flags);

/* fmin/fmax: IEEE 754-2019 minimumNumber/maximumNumber (-0 < +0; one NaN operand yields the
 * other operand; signalling NaNs raise NV). fminm/fmaxm (Zfa): minimum/maximum (any NaN operand
 * yields the canonical NaN). */
uint64_t k64_fp_min(unsigned fmt, uint64_t a, uint64_t b, uint32_t *flags);
uint64_t k64_fp_max(unsigned fmt, uint64_t a, uint64_t b, uint32_t *flags);
uint64_t k64_fp_minm(unsigned fmt, uint64_t a, uint64_t b, uint32_t *flags);
uint64_t k64_fp_maxm(unsigned fmt, uint64_t a, uint64_t b, uint32_t *flags);

/* Comparisons return 0/1. feq is quiet (NV only for signalling NaNs); flt/fle signal on any NaN;
 * fltq/fleq (Zfa) are the quiet versions of flt/fle. */
bool k64_fp_eq(unsigned fmt, uint64_t a, uint64_t b, uint32_t *flags);
bool k64_fp_lt(unsigned fmt, uint64_t a, uint64_t b, uint32_t *flags);
bool k64_fp_le(unsigned fmt, uint64_t a, uint64_t b, uint32_t *flags);
bool k64_fp_ltq(unsigned fmt, uint64_t a, uint64_t b, uint32_t *flags);
bool k64_fp_leq(unsigned fmt, uint64_t a, uint64_t b, uint32_t *flags);

/* fclass: one-hot 10-bit mask (bit 0 = -inf ... bit 9 = quiet NaN). */
unsigned k64_fp_class(unsigned fmt, uint64_t a);
/* Sign injection: sign from b (kind 0 = fsgnj, 1 = fsgnjn, 2 = fsgnjx). */
uint64_t k64_fp_sgnj(unsigned fmt, uint64_t a, uint64_t b, unsigned kind);

/* Float -> integer of `ibits` (8, 16, 32 or 64) bits, signed or not, rounded with rm. Out of
 * range and NaN inputs saturate and raise NV as in the manual's fcvt table (NaN and +inf -> the
 * largest value, -inf -> the smallest); only NX otherwise. The result is the integer
 * sign-extended from ibits to 64 bits (also for unsigned results, as fcvt.wu.s writes x[rd]). */
uint64_t k64_fp_to_int(unsigned fmt, uint64_t a, unsigned ibits, bool is_signed, unsigned rm,
		       uint32_t *flags);
/* Integer (the low ibits of v, 8..64, signed or not) -> float. */
uint64_t k64_fp_from_int(unsigned fmt, uint64_t v, unsigned ibits, bool is_signed, unsigned rm,
			 uint32_t *flags);
/* Format conversion (fcvt.s.d, fcvt.d.s, fcvt.h.s, ...): NaNs become the canonical NaN of the
 * destination, sNaN raises NV. */
uint64_t k64_fp_cvt(unsigned to_fmt, unsigned from_fmt, uint64_t a, unsigned rm, uint32_t *flags);
/* Zfa fround (exact: NV only for sNaN) and froundnx (also NX when the value changes). */
uint64_t k64_fp_round_int(unsigned fmt, uint64_t a, unsigned rm, bool exact_flag, uint32_t *flags);
/* Zfa fcvtmod.w.d: the low 32 bits of the RTZ integer, sign-extended; NV if out of int32 range
 * or not finite (result 0 for inf/NaN), NX if inexact and in range. */
uint64_t k64_fp_cvtmod_w_d(uint64_t a, uint32_t *flags);
/* Zfa fli: the constant of table entry `idx` (0..31) in format fmt. */
uint64_t k64_fp_fli(unsigned fmt, unsigned idx);

/* Canonical NaN and NaN test of a format. */
uint64_t k64_fp_canonical_nan(unsigned fmt);
bool k64_fp_is_nan(unsigned fmt, uint64_t a);

/* Testing aid: when true, every operation uses the exact software path instead of the host
 * FPU (tests/fp compares both against QEMU). */
extern bool k64_fp_soft_only;
#endif
