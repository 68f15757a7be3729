/* IEEE 754 binary16/32/64 arithmetic with RISC-V result rules (see fp.h).
 *
 * Three paths, chosen per call:
 *  - exact software (integer significand arithmetic and one rounding routine, round_pack,
 *    shared by every operation): every format and rounding mode, including RMM
 *    (roundTiesToAway), which the host FPU lacks; also all conversions, min/max, compares,
 *    classification and the Zfa operations;
 *  - binary32/binary64 add, sub, mul, div, sqrt and fma in RNE on the host's SSE unit without
 *    touching MXCSR: the inexact flag comes from an exact residual (see rne_fast*); results
 *    that may be tiny, overflow or NaN take the next path;
 *  - the same operations in RNE/RTZ/RDN/RUP with the rounding mode set and the flags read
 *    through MXCSR (x86 SSE is IEEE 754 exact in these modes and, like RISC-V, detects
 *    tininess after rounding).
 * A NaN result from the host is redone in software, which yields the canonical NaN and the
 * RISC-V invalid-operation rules (e.g. NV for inf * 0 + qNaN, unprivileged manual F chapter,
 * "Single-Precision Floating-Point Computational Instructions"). tests/fp checks both the
 * host and the software-only configuration against QEMU. */
#include <string.h>
#include "isa/fp.h"

bool k64_fp_soft_only;

typedef unsigned __int128 u128;

/* ---- format parameters ------------------------------------------------------------------ */
static inline unsigned fbits(unsigned fmt) { return fmt == 64 ? 52 : fmt == 32 ? 23 : 10; }
static inline unsigned ebits(unsigned fmt) { return fmt == 64 ? 11 : fmt == 32 ? 8 : 5; }
static inline int bias(unsigned fmt) { return (1 << (ebits(fmt) - 1)) - 1; }
static inline uint64_t fmask(unsigned fmt) { return fmt == 64 ? ~0ull : (1ull << fmt) - 1; }
static inline uint64_t sign_bit(unsigned fmt) { return 1ull << (fmt - 1); }
static inline uint64_t inf_bits(unsigned fmt) { return (uint64_t)((1u << ebits(fmt)) - 1) << fbits(fmt); }
static inline uint64_t quiet_bit(unsigned fmt) { return 1ull << (fbits(fmt) - 1); }

uint64_t k64_fp_canonical_nan(unsigned fmt) { return inf_bits(fmt) | quiet_bit(fmt); }

static inline uint64_t mag(unsigned fmt, uint64_t a) { return a & fmask(fmt) & ~sign_bit(fmt); }
static inline bool sgn(unsigned fmt, uint64_t a) { return (a >> (fmt - 1)) & 1; }
bool k64_fp_is_nan(unsigned fmt, uint64_t a) { return mag(fmt, a) > inf_bits(fmt); }
static inline bool is_snan(unsigned fmt, uint64_t a)
{
	return k64_fp_is_nan(fmt, a) && !(a & quiet_bit(fmt));
}
static inline bool is_inf(unsigned fmt, uint64_t a) { return mag(fmt, a) == inf_bits(fmt); }
static inline bool is_zero(unsigned fmt, uint64_t a) { return mag(fmt, a) == 0; }

/* A finite nonzero value as sig * 2^(exp - 63) with bit 63 of sig set. */
struct unp { bool sign; int32_t exp; uint64_t sig; };

static struct unp unpack(unsigned fmt, uint64_t a)
{
	const unsigned fb = fbits(fmt);
	struct unp u = { sgn(fmt, a), 0, 0 };
	uint64_t e = mag(fmt, a) >> fb, f = a & ((1ull << fb) - 1);
	if (e) {
		u.sig = (f | 1ull << fb) << (63 - fb);
		u.exp = (int32_t)e - bias(fmt);
	} else {
		unsigned z = __builtin_clzll(f);
		u.sig = f << z;
		u.exp = 1 - bias(fmt) - (int32_t)(z - (63 - fb));
	}
	return u;
}

/* Whether rounding adds one unit in the last kept place. rbit is the first discarded bit, st
 * whether any bit below it is set. */
static inline bool round_up(uint64_t kept, bool rbit, bool st, bool sign, unsigned rm)
{
	switch (rm) {
	case K64_RM_RNE: return rbit && (st || (kept & 1));
	case K64_RM_RTZ: return false;
	case K64_RM_RDN: return (rbit || st) && sign;
	case K64_RM_RUP: return (rbit || st) && !sign;
	default:         return rbit;   /* RMM: ties away from zero */
	}
}

/* Splits sig (with extra sticky bits) at `shift` bits. */
static inline uint64_t split(uint64_t sig, bool sticky, unsigned shift, bool *rbit, bool *st)
{
	if (shift == 0) {
		*rbit = false;
		*st = sticky;
		return sig;
	}
	if (shift < 64) {
		*rbit = (sig >> (shift - 1)) & 1;
		*st = sticky || (sig & ((1ull << (shift - 1)) - 1));
		return sig >> shift;
	}
	if (shift == 64) {
		*rbit = sig >> 63;
		*st = sticky || (sig << 1);
		return 0;
	}
	*rbit = false;
	*st = sticky || sig;
	return 0;
}

/* Rounds the value sig * 2^(exp - 63) (+ a nonzero amount below the last bit of sig if sticky)
 * to format fmt. sig must have bit 63 set. IEEE 754-2019 section 7 default exception handling:
 * overflow gives inf or the largest finite value by rounding direction; underflow is signalled
 * when the result is tiny after rounding and inexact. */
static uint64_t round_pack(unsigned fmt, bool sign, int32_t exp, uint64_t sig, bool sticky,
			   unsigned rm, uint32_t *flags)
{
	const unsigned fb = fbits(fmt), shift0 = 63 - fb;
	const int32_t emax_field = (1 << ebits(fmt)) - 1;
	const uint64_t sbit = sign ? sign_bit(fmt) : 0;
	int32_t e = exp + bias(fmt);
	bool rbit, st, tiny = false;
	uint64_t kept, bits;

	if (e >= emax_field)
		goto overflow;
	if (e < 1) {
		/* Tininess after rounding: tiny unless rounding to full precision with an unbounded
		 * exponent gives 2^emin. */
		tiny = true;
		if (e == 0) {
			kept = split(sig, sticky, shift0, &rbit, &st);
			if (kept == (1ull << (fb + 1)) - 1 && round_up(kept, rbit, st, sign, rm))
				tiny = false;
		}
		unsigned sh = shift0 + (unsigned)(1 - e > 70 ? 70 : 1 - e);
		kept = split(sig, sticky, sh, &rbit, &st);
		kept += round_up(kept, rbit, st, sign, rm);
		bits = kept;    /* reaching 2^fb gives the smallest normal encoding */
	} else {
		kept = split(sig, sticky, shift0, &rbit, &st);
		kept += round_up(kept, rbit, st, sign, rm);
		bits = ((uint64_t)(e - 1) << fb) + kept;   /* a carry bumps the exponent */
		if (bits >= inf_bits(fmt))
			goto overflow;
	}
	if (rbit || st) {
		*flags |= K64_FFLAG_NX;
		if (tiny)
			*flags |= K64_FFLAG_UF;
	}
	return bits | sbit;

overflow:
	*flags |= K64_FFLAG_OF | K64_FFLAG_NX;
	if (rm == K64_RM_RTZ || (rm == K64_RM_RDN && !sign) || (rm == K64_RM_RUP && sign))
		return (inf_bits(fmt) - 1) | sbit;
	return inf_bits(fmt) | sbit;
}

static inline unsigned clz128(u128 v)
{
	uint64_t hi = (uint64_t)(v >> 64);
	return hi ? (unsigned)__builtin_clzll(hi) : 64 + (unsigned)__builtin_clzll((uint64_t)v);
}

static inline u128 shr_jam128(u128 v, unsigned n)
{
	if (n == 0)
		return v;
	if (n >= 128)
		return v != 0;
	return (v >> n) | ((v & (((u128)1 << n) - 1)) != 0);
}

/* Rounds a nonzero 128-bit magnitude v * 2^(exp - 127). */
static uint64_t round_pack128(unsigned fmt, bool sign, int32_t exp, u128 v, unsigned rm,
			      uint32_t *flags)
{
	unsigned z = clz128(v);
	v <<= z;
	return round_pack(fmt, sign, exp - (int32_t)z, (uint64_t)(v >> 64), (uint64_t)v != 0, rm, flags);
}

/* NaN operands: canonical NaN, NV if any is signalling. */
static uint64_t nan_result(unsigned fmt, uint64_t a, uint64_t b, uint64_t c, unsigned n,
			   uint32_t *flags)
{
	if (is_snan(fmt, a) || (n > 1 && is_snan(fmt, b)) || (n > 2 && is_snan(fmt, c)))
		*flags |= K64_FFLAG_NV;
	return k64_fp_canonical_nan(fmt);
}

static uint64_t invalid(unsigned fmt, uint32_t *flags)
{
	*flags |= K64_FFLAG_NV;
	return k64_fp_canonical_nan(fmt);
}

/* Exact zero result of an addition of opposite-signed operands: +0, or -0 when rounding down
 * (IEEE 754-2019 section 6.3). */
static inline uint64_t zero_sum(unsigned fmt, unsigned rm)
{
	return rm == K64_RM_RDN ? sign_bit(fmt) : 0;
}

/* ---- software arithmetic ------------------------------------------------------------------ */
static uint64_t soft_add(unsigned fmt, uint64_t a, uint64_t b, unsigned rm, uint32_t *flags)
{
	a &= fmask(fmt);
	b &= fmask(fmt);
	if (k64_fp_is_nan(fmt, a) || k64_fp_is_nan(fmt, b))
		return nan_result(fmt, a, b, 0, 2, flags);
	if (is_inf(fmt, a)) {
		if (is_inf(fmt, b) && sgn(fmt, a) != sgn(fmt, b))
			return invalid(fmt, flags);
		return a;
	}
	if (is_inf(fmt, b))
		return b;
	if (is_zero(fmt, a) && is_zero(fmt, b))
		return sgn(fmt, a) == sgn(fmt, b) ? a : zero_sum(fmt, rm);
	if (is_zero(fmt, a))
		return b;
	if (is_zero(fmt, b))
		return a;
	struct unp x = unpack(fmt, a), y = unpack(fmt, b);
	if (x.exp < y.exp || (x.exp == y.exp && x.sig < y.sig)) {
		struct unp t = x;
		x = y;
		y = t;
	}
	/* One bit of headroom for the carry; the smaller operand keeps its discarded bits as a
	 * sticky bit far below the rounding position. */
	u128 xs = (u128)x.sig << 63, ys = shr_jam128((u128)y.sig << 63, (unsigned)(x.exp - y.exp));
	if (x.sign == y.sign)
		return round_pack128(fmt, x.sign, x.exp + 1, xs + ys, rm, flags);
	u128 s = xs - ys;
	if (s == 0)
		return zero_sum(fmt, rm);
	return round_pack128(fmt, x.sign, x.exp + 1, s, rm, flags);
}

static uint64_t soft_mul(unsigned fmt, uint64_t a, uint64_t b, unsigned rm, uint32_t *flags)
{
	a &= fmask(fmt);
	b &= fmask(fmt);
	if (k64_fp_is_nan(fmt, a) || k64_fp_is_nan(fmt, b))
		return nan_result(fmt, a, b, 0, 2, flags);
	const uint64_t s = (sgn(fmt, a) ^ sgn(fmt, b)) ? sign_bit(fmt) : 0;
	if (is_inf(fmt, a) || is_inf(fmt, b)) {
		if (is_zero(fmt, a) || is_zero(fmt, b))
			return invalid(fmt, flags);
		return inf_bits(fmt) | s;
	}
	if (is_zero(fmt, a) || is_zero(fmt, b))
		return s;
	struct unp x = unpack(fmt, a), y = unpack(fmt, b);
	/* sig product in [2^126, 2^128): value = p * 2^(ex + ey - 126). */
	return round_pack128(fmt, s != 0, x.exp + y.exp + 1, (u128)x.sig * y.sig, rm, flags);
}

static uint64_t soft_div(unsigned fmt, uint64_t a, uint64_t b, unsigned rm, uint32_t *flags)
{
	a &= fmask(fmt);
	b &= fmask(fmt);
	if (k64_fp_is_nan(fmt, a) || k64_fp_is_nan(fmt, b))
		return nan_result(fmt, a, b, 0, 2, flags);
	const uint64_t s = (sgn(fmt, a) ^ sgn(fmt, b)) ? sign_bit(fmt) : 0;
	if (is_inf(fmt, a))
		return is_inf(fmt, b) ? invalid(fmt, flags) : (inf_bits(fmt) | s);
	if (is_inf(fmt, b))
		return s;
	if (is_zero(fmt, b)) {
		if (is_zero(fmt, a))
			return invalid(fmt, flags);
		*flags |= K64_FFLAG_DZ;
		return inf_bits(fmt) | s;
	}
	if (is_zero(fmt, a))
		return s;
	struct unp x = unpack(fmt, a), y = unpack(fmt, b);
	/* q = (x.sig * 2^64) / y.sig in (2^63, 2^65): value = q * 2^(ex - ey - 64). */
	u128 n = (u128)x.sig << 64, q = n / y.sig;
	bool st = (n % y.sig) != 0;
	int32_t e = x.exp - y.exp - 1;
	if (q >> 64) {
		st |= q & 1;
		q >>= 1;
		e++;
	}
	return round_pack(fmt, s != 0, e, (uint64_t)q, st, rm, flags);
}

/* floor(sqrt(n)) by the binary digit-by-digit method; *exact tells whether the root is exact. */
static uint64_t isqrt128(u128 n, bool *exact)
{
	u128 res = 0, bit = (u128)1 << 126;
	while (bit > n)
		bit >>= 2;
	while (bit) {
		if (n >= res + bit) {
			n -= res + bit;
			res = (res >> 1) + bit;
		} else {
			res >>= 1;
		}
		bit >>= 2;
	}
	*exact = n == 0;
	return (uint64_t)res;
}

static uint64_t soft_sqrt(unsigned fmt, uint64_t a, unsigned rm, uint32_t *flags)
{
	a &= fmask(fmt);
	if (k64_fp_is_nan(fmt, a))
		return nan_result(fmt, a, 0, 0, 1, flags);
	if (is_zero(fmt, a))
		return a;
	if (sgn(fmt, a))
		return invalid(fmt, flags);
	if (is_inf(fmt, a))
		return a;
	struct unp x = unpack(fmt, a);
	/* value = R * 2^(exp - 63 - k) with an even exponent and R in [2^126, 2^128). */
	unsigned k = (x.exp & 1) ? 64 : 63;
	bool exact;
	uint64_t r = isqrt128((u128)x.sig << k, &exact);
	int32_t e2 = (x.exp - 63 - (int32_t)k) / 2;
	return round_pack(fmt, false, e2 + 63, r, !exact, rm, flags);
}

static uint64_t soft_fma(unsigned fmt, uint64_t a, uint64_t b, uint64_t c, bool neg_prod,
			 bool neg_add, unsigned rm, uint32_t *flags)
{
	a &= fmask(fmt);
	b &= fmask(fmt);
	c &= fmask(fmt);
	const bool inf_zero = (is_inf(fmt, a) && is_zero(fmt, b)) || (is_zero(fmt, a) && is_inf(fmt, b));
	if (k64_fp_is_nan(fmt, a) || k64_fp_is_nan(fmt, b) || k64_fp_is_nan(fmt, c)) {
		/* The manual requires NV for inf * 0 even when the addend is a quiet NaN. */
		if (inf_zero)
			*flags |= K64_FFLAG_NV;
		return nan_result(fmt, a, b, c, 3, flags);
	}
	if (inf_zero)
		return invalid(fmt, flags);
	const bool sp = sgn(fmt, a) ^ sgn(fmt, b) ^ neg_prod, sc = sgn(fmt, c) ^ neg_add;
	const uint64_t sbp = sp ? sign_bit(fmt) : 0, sbc = sc ? sign_bit(fmt) : 0;
	if (is_inf(fmt, a) || is_inf(fmt, b)) {
		if (is_inf(fmt, c) && sp != sc)
			return invalid(fmt, flags);
		return inf_bits(fmt) | sbp;
	}
	if (is_inf(fmt, c))
		return inf_bits(fmt) | sbc;
	if (is_zero(fmt, a) || is_zero(fmt, b)) {
		if (is_zero(fmt, c))
			return sp == sc ? sbp : zero_sum(fmt, rm);
		return mag(fmt, c) | sbc;
	}
	struct unp x = unpack(fmt, a), y = unpack(fmt, b);
	u128 p = (u128)x.sig * y.sig;            /* value = p * 2^(pe - 127) */
	int32_t pe = x.exp + y.exp + 1;
	if (!(p >> 127)) {
		p <<= 1;
		pe--;
	}
	if (is_zero(fmt, c))
		return round_pack128(fmt, sp, pe, p, rm, flags);
	struct unp z = unpack(fmt, c);
	u128 cs = (u128)z.sig << 64;             /* value = cs * 2^(z.exp - 127) */
	int32_t ce = z.exp;
	/* Halve both for headroom, then align the smaller to the larger (sticky jammed far
	 * below the rounding position). */
	p >>= 1;
	cs >>= 1;
	u128 big, small;
	int32_t e;
	bool sbig, ssmall;
	if (pe > ce || (pe == ce && p >= cs)) {
		big = p; sbig = sp; small = shr_jam128(cs, (unsigned)(pe - ce > 200 ? 200 : pe - ce));
		ssmall = sc; e = pe;
	} else {
		big = cs; sbig = sc; small = shr_jam128(p, (unsigned)(ce - pe > 200 ? 200 : ce - pe));
		ssmall = sp; e = ce;
	}
	if (sbig == ssmall)
		return round_pack128(fmt, sbig, e + 1, big + small, rm, flags);
	u128 d = big - small;
	if (d == 0)
		return zero_sum(fmt, rm);
	return round_pack128(fmt, sbig, e + 1, d, rm, flags);
}

/* ---- host SSE paths ------------------------------------------------------------------------ */
#if defined(__x86_64__)
/* MXCSR: all exceptions masked, no DAZ/FTZ, rounding control in bits 14:13 (RNE, RDN, RUP,
 * RTZ); flag bits IE 0, DE 1, ZE 2, OE 3, UE 4, PE 5. Outside the MXCSR windows below the host
 * MXCSR is assumed to be in its default state 0x1f80 (RNE, no DAZ/FTZ), which the windows
 * restore. */
static const uint32_t mxcsr_rc[4] = { 0x1f80, 0x7f80, 0x3f80, 0x5f80 };   /* RNE RTZ RDN RUP */

static inline void ldmxcsr(uint32_t v) { __asm__ volatile("ldmxcsr %0" : : "m"(v)); }
static inline uint32_t stmxcsr(void)
{
	uint32_t v;
	__asm__ volatile("stmxcsr %0" : "=m"(v));
	return v;
}
static inline uint32_t mx_flags(uint32_t m)
{
	return ((m & 1) << 4) | ((m & 4) << 1) | ((m & 8) >> 1) | ((m & 16) >> 3) | ((m & 32) >> 5);
}

static int host_fma_ok = -1;
static bool host_has_fma(void)
{
	if (host_fma_ok < 0) {
		__builtin_cpu_init();
		host_fma_ok = __builtin_cpu_supports("fma") ? 1 : 0;
	}
	return host_fma_ok;
}

/* The MXCSR window: set rounding mode and clear flags, one instruction, read the flags, restore
 * the default. Out of line, so that no other arithmetic is scheduled inside the window.
 * (Reading MXCSR is slow on some hosts, ~25 ns, hence the RNE path below avoids it.) */
#define MX_OP(name, insn, T, U)                                                                 \
	static __attribute__((noinline)) U name(U a, U b, U c, unsigned rm, uint32_t *fl)      \
	{                                                                                       \
		T x, y, z;                                                                      \
		memcpy(&x, &a, sizeof x);                                                       \
		memcpy(&y, &b, sizeof y);                                                       \
		memcpy(&z, &c, sizeof z);                                                       \
		ldmxcsr(mxcsr_rc[rm]);                                                          \
		__asm__ volatile(insn : "+x"(x) : "x"(y), "x"(z));                              \
		*fl = mx_flags(stmxcsr());                                                      \
		ldmxcsr(0x1f80);                                                                \
		memcpy(&a, &x, sizeof x);                                                       \
		return a;                                                                       \
	}
MX_OP(mx_add32, "addss %1, %0", float, uint32_t)
MX_OP(mx_sub32, "subss %1, %0", float, uint32_t)
MX_OP(mx_mul32, "mulss %1, %0", float, uint32_t)
MX_OP(mx_div32, "divss %1, %0", float, uint32_t)
MX_OP(mx_sqrt32, "sqrtss %0, %0", float, uint32_t)
MX_OP(mx_fma32, "vfmadd213ss %2, %1, %0", float, uint32_t)    /* x = x * y + z */
MX_OP(mx_add64, "addsd %1, %0", double, uint64_t)
MX_OP(mx_sub64, "subsd %1, %0", double, uint64_t)
MX_OP(mx_mul64, "mulsd %1, %0", double, uint64_t)
MX_OP(mx_div64, "divsd %1, %0", double, uint64_t)
MX_OP(mx_sqrt64, "sqrtsd %0, %0", double, uint64_t)
MX_OP(mx_fma64, "vfmadd213sd %2, %1, %0", double, uint64_t)

/* RNE without touching MXCSR (the host's default mode is RNE). The result is the hardware's;
 * NX comes from an exact residual (error-free transformations: TwoSum for sums, the fused
 * multiply-add residual x*y - p, x - q*y and x - r*r for products, quotients and roots, and
 * for fma the comparison of two exact double-word values). Each case applies only where the
 * residual is exact and the result is finite and not tiny, so the only possible flag is NX;
 * anything else returns false and goes through the MXCSR window. */
enum { OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_SQRT, OP_FMA };

#define FMA_ASM(T, sfx)                                                                         \
	static inline T fma_##sfx(T x, T y, T z)                                                \
	{                                                                                       \
		__asm__("vfmadd213" #sfx " %2, %1, %0" : "+x"(x) : "x"(y), "x"(z));             \
		return x;                                                                       \
	}
FMA_ASM(float, ss)
FMA_ASM(double, sd)
/* The instruction itself (the libm call would set errno). */
static inline float sqrt_ss(float x) { __asm__("sqrtss %0, %0" : "+x"(x)); return x; }
static inline double sqrt_sd(double x) { __asm__("sqrtsd %0, %0" : "+x"(x)); return x; }

#define RNE_FAST(name, T, U, FMA, SQRT, MINNORM, TINY_MUL, TINY_DIV, TINY_SQRT)                       \
	static inline bool name(int op, U ua, U ub, U uc, U *ur, uint32_t *flags)              \
	{                                                                                       \
		T x, y, z, r, res;                                                              \
		memcpy(&x, &ua, sizeof x);                                                      \
		memcpy(&y, &ub, sizeof y);                                                      \
		memcpy(&z, &uc, sizeof z);                                                      \
		switch (op) {                                                                   \
		case OP_SUB:                                                                    \
			y = -y;                                                                 \
			/* fall through */                                                      \
		case OP_ADD: {                                                                  \
			/* A tiny sum is exact, so only overflow and NaN need the window. */    \
			r = x + y;                                                              \
			if (!__builtin_isfinite(r))                                             \
				return false;                                                   \
			T bb = r - x;                                                           \
			res = (x - (r - bb)) + (y - bb);                                        \
			break;                                                                  \
		}                                                                               \
		case OP_MUL:                                                                    \
			r = x * y;                                                              \
			if (r == 0 && (x == 0 || y == 0)) {                                     \
				res = 0;                                                        \
				break;                                                          \
			}                                                                       \
			if (!__builtin_isfinite(r) || __builtin_fabs(r) < TINY_MUL)             \
				return false;                                                   \
			res = FMA(x, y, -r);                                                    \
			break;                                                                  \
		case OP_DIV:                                                                    \
			r = x / y;                                                              \
			if (r == 0 && x == 0) {                                                 \
				res = 0;                                                        \
				break;                                                          \
			}                                                                       \
			if (!__builtin_isfinite(r) || !(__builtin_fabs(r) > MINNORM) ||         \
			    !(__builtin_fabs(x) >= TINY_DIV))                                   \
				return false;                                                   \
			res = FMA(-r, y, x);                                                    \
			break;                                                                  \
		case OP_SQRT:                                                                   \
			if (x == 0) {                                                           \
				r = x;                                                          \
				res = 0;                                                        \
				break;                                                          \
			}                                                                       \
			if (!(x >= TINY_SQRT) || !__builtin_isfinite(x))                        \
				return false;                                                   \
			r = SQRT(x);                                                  \
			res = FMA(-r, r, x);                                                    \
			break;                                                                  \
		default: {                                                                      \
			r = FMA(x, y, z);                                                       \
			if (!__builtin_isfinite(r) || !(__builtin_fabs(r) > MINNORM))           \
				return false;                                                   \
			T ph = x * y;                                                           \
			if (!__builtin_isfinite(ph) || !(__builtin_fabs(ph) >= TINY_SQRT))      \
				return false;                                                   \
			T pl = FMA(x, y, -ph), d = r - z, bb = d - r;                           \
			if (!__builtin_isfinite(d))                                             \
				return false;                                                   \
			T e = (r - (d - bb)) + (-z - bb);                                       \
			res = ph == d && pl == e ? 0 : 1;                                       \
			break;                                                                  \
		}                                                                               \
		}                                                                               \
		if (res != 0)                                                                   \
			*flags |= K64_FFLAG_NX;                                                 \
		memcpy(ur, &r, sizeof r);                                                       \
		return true;                                                                    \
	}
/* Thresholds (emin, p): products need |x*y| >= 2^(emin+p) for an exact residual, quotients
 * |x| >= 2^(emin+p+2), roots and fma products 2^(emin+2p). */
RNE_FAST(rne_fast32, float, uint32_t, fma_ss, sqrt_ss, 0x1p-126f, 0x1p-102f, 0x1p-100f, 0x1p-78f)
RNE_FAST(rne_fast64, double, uint64_t, fma_sd, sqrt_sd, 0x1p-1022, 0x1p-969, 0x1p-967, 0x1p-916)

/* The host's result, or false (NaN results: redo in software for the canonical NaN and the
 * RISC-V invalid rules, e.g. NV for inf * 0 + qNaN). */
static inline bool host_op(int op, unsigned fmt, uint64_t a, uint64_t b, uint64_t c, unsigned rm,
			   uint64_t *r, uint32_t *flags)
{
	if (fmt == 16 || rm > K64_RM_RUP || k64_fp_soft_only)
		return false;
	const bool fma_ok = host_has_fma();
	if (op == OP_FMA && !fma_ok)
		return false;
	if (rm == K64_RM_RNE && fma_ok) {
		if (fmt == 32) {
			uint32_t r32;
			if (rne_fast32(op, (uint32_t)a, (uint32_t)b, (uint32_t)c, &r32, flags)) {
				*r = r32;
				return true;
			}
		} else if (rne_fast64(op, a, b, c, r, flags)) {
			return true;
		}
	}
	uint32_t fl = 0;
	if (fmt == 32) {
		uint32_t x = (uint32_t)a, y = (uint32_t)b, z = (uint32_t)c;
		switch (op) {
		case OP_ADD:  *r = mx_add32(x, y, z, rm, &fl); break;
		case OP_SUB:  *r = mx_sub32(x, y, z, rm, &fl); break;
		case OP_MUL:  *r = mx_mul32(x, y, z, rm, &fl); break;
		case OP_DIV:  *r = mx_div32(x, y, z, rm, &fl); break;
		case OP_SQRT: *r = mx_sqrt32(x, y, z, rm, &fl); break;
		default:      *r = mx_fma32(x, y, z, rm, &fl); break;
		}
	} else {
		switch (op) {
		case OP_ADD:  *r = mx_add64(a, b, c, rm, &fl); break;
		case OP_SUB:  *r = mx_sub64(a, b, c, rm, &fl); break;
		case OP_MUL:  *r = mx_mul64(a, b, c, rm, &fl); break;
		case OP_DIV:  *r = mx_div64(a, b, c, rm, &fl); break;
		case OP_SQRT: *r = mx_sqrt64(a, b, c, rm, &fl); break;
		default:      *r = mx_fma64(a, b, c, rm, &fl); break;
		}
	}
	if (k64_fp_is_nan(fmt, *r))
		return false;
	*flags |= fl;
	return true;
}
#else
enum { OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_SQRT, OP_FMA };
static inline bool host_op(int op, unsigned fmt, uint64_t a, uint64_t b, uint64_t c, unsigned rm,
			   uint64_t *r, uint32_t *flags)
{
	(void)op; (void)fmt; (void)a; (void)b; (void)c; (void)rm; (void)r; (void)flags;
	return false;
}
#endif

uint64_t k64_fp_add(unsigned fmt, uint64_t a, uint64_t b, unsigned rm, uint32_t *flags)
{
	uint64_t r;
	if (host_op(OP_ADD, fmt, a, b, 0, rm, &r, flags))
		return r;
	return soft_add(fmt, a, b, rm, flags);
}
uint64_t k64_fp_sub(unsigned fmt, uint64_t a, uint64_t b, unsigned rm, uint32_t *flags)
{
	uint64_t r;
	if (host_op(OP_SUB, fmt, a, b, 0, rm, &r, flags))
		return r;
	return soft_add(fmt, a, b ^ sign_bit(fmt), rm, flags);
}
uint64_t k64_fp_mul(unsigned fmt, uint64_t a, uint64_t b, unsigned rm, uint32_t *flags)
{
	uint64_t r;
	if (host_op(OP_MUL, fmt, a, b, 0, rm, &r, flags))
		return r;
	return soft_mul(fmt, a, b, rm, flags);
}
uint64_t k64_fp_div(unsigned fmt, uint64_t a, uint64_t b, unsigned rm, uint32_t *flags)
{
	uint64_t r;
	if (host_op(OP_DIV, fmt, a, b, 0, rm, &r, flags))
		return r;
	return soft_div(fmt, a, b, rm, flags);
}
uint64_t k64_fp_sqrt(unsigned fmt, uint64_t a, unsigned rm, uint32_t *flags)
{
	uint64_t r;
	if (host_op(OP_SQRT, fmt, a, a, 0, rm, &r, flags))
		return r;
	return soft_sqrt(fmt, a, rm, flags);
}
uint64_t k64_fp_fma(unsigned fmt, uint64_t a, uint64_t b, uint64_t c, bool neg_prod, bool neg_add,
		    unsigned rm, uint32_t *flags)
{
	uint64_t r;
	/* -(a*b) = (-a)*b and -c are exact; NaN results are redone in software anyway. */
	if (host_op(OP_FMA, fmt, neg_prod ? a ^ sign_bit(fmt) : a, b, neg_add ? c ^ sign_bit(fmt) : c,
		    rm, &r, flags))
		return r;
	return soft_fma(fmt, a, b, c, neg_prod, neg_add, rm, flags);
}

/* ---- min/max, compare, class, sign injection ------------------------------------------------ */
/* Maps a non-NaN value to an unsigned key whose order is the numeric order with -0 < +0. */
static inline uint64_t order_key(unsigned fmt, uint64_t a)
{
	a &= fmask(fmt);
	return sgn(fmt, a) ? fmask(fmt) - a : a + sign_bit(fmt);
}

/* IEEE 754-2019 minimumNumber/maximumNumber (unprivileged manual, F chapter, FMIN/FMAX). */
static uint64_t minmax_num(unsigned fmt, uint64_t a, uint64_t b, bool max, uint32_t *flags)
{
	a &= fmask(fmt);
	b &= fmask(fmt);
	bool na = k64_fp_is_nan(fmt, a), nb = k64_fp_is_nan(fmt, b);
	if (is_snan(fmt, a) || is_snan(fmt, b))
		*flags |= K64_FFLAG_NV;
	if (na && nb)
		return k64_fp_canonical_nan(fmt);
	if (na)
		return b;
	if (nb)
		return a;
	return (order_key(fmt, a) < order_key(fmt, b)) != max ? a : b;
}
/* Zfa FMINM/FMAXM: IEEE 754-2019 minimum/maximum, any NaN gives the canonical NaN. */
static uint64_t minmax_m(unsigned fmt, uint64_t a, uint64_t b, bool max, uint32_t *flags)
{
	a &= fmask(fmt);
	b &= fmask(fmt);
	if (k64_fp_is_nan(fmt, a) || k64_fp_is_nan(fmt, b))
		return nan_result(fmt, a, b, 0, 2, flags);
	return (order_key(fmt, a) < order_key(fmt, b)) != max ? a : b;
}
uint64_t k64_fp_min(unsigned fmt, uint64_t a, uint64_t b, uint32_t *flags) { return minmax_num(fmt, a, b, false, flags); }
uint64_t k64_fp_max(unsigned fmt, uint64_t a, uint64_t b, uint32_t *flags) { return minmax_num(fmt, a, b, true, flags); }
uint64_t k64_fp_minm(unsigned fmt, uint64_t a, uint64_t b, uint32_t *flags) { return minmax_m(fmt, a, b, false, flags); }
uint64_t k64_fp_maxm(unsigned fmt, uint64_t a, uint64_t b, uint32_t *flags) { return minmax_m(fmt, a, b, true, flags); }

/* Ordered comparison of non-NaN values: -1, 0, 1 (here -0 == +0). */
static inline int cmp(unsigned fmt, uint64_t a, uint64_t b)
{
	if (is_zero(fmt, a) && is_zero(fmt, b))
		return 0;
	uint64_t ka = order_key(fmt, a), kb = order_key(fmt, b);
	return ka < kb ? -1 : ka > kb;
}
/* Unprivileged manual, F chapter "Single-Precision Floating-Point Compare Instructions": FEQ is
 * quiet (NV for sNaN only), FLT/FLE signal on any NaN; Zfa FLTQ/FLEQ are quiet. */
static bool unordered(unsigned fmt, uint64_t a, uint64_t b, bool signalling, uint32_t *flags)
{
	bool na = k64_fp_is_nan(fmt, a), nb = k64_fp_is_nan(fmt, b);
	if (!na && !nb)
		return false;
	if (signalling || is_snan(fmt, a) || is_snan(fmt, b))
		*flags |= K64_FFLAG_NV;
	return true;
}
bool k64_fp_eq(unsigned fmt, uint64_t a, uint64_t b, uint32_t *flags)
{
	return !unordered(fmt, a, b, false, flags) && cmp(fmt, a, b) == 0;
}
bool k64_fp_lt(unsigned fmt, uint64_t a, uint64_t b, uint32_t *flags)
{
	return !unordered(fmt, a, b, true, flags) && cmp(fmt, a, b) < 0;
}
bool k64_fp_le(unsigned fmt, uint64_t a, uint64_t b, uint32_t *flags)
{
	return !unordered(fmt, a, b, true, flags) && cmp(fmt, a, b) <= 0;
}
bool k64_fp_ltq(unsigned fmt, uint64_t a, uint64_t b, uint32_t *flags)
{
	return !unordered(fmt, a, b, false, flags) && cmp(fmt, a, b) < 0;
}
bool k64_fp_leq(unsigned fmt, uint64_t a, uint64_t b, uint32_t *flags)
{
	return !unordered(fmt, a, b, false, flags) && cmp(fmt, a, b) <= 0;
}

unsigned k64_fp_class(unsigned fmt, uint64_t a)
{
	bool s = sgn(fmt, a);
	uint64_t m = mag(fmt, a);
	if (m > inf_bits(fmt))
		return (a & quiet_bit(fmt)) ? 1u << 9 : 1u << 8;
	if (m == inf_bits(fmt))
		return s ? 1u << 0 : 1u << 7;
	if (m == 0)
		return s ? 1u << 3 : 1u << 4;
	if (m < (1ull << fbits(fmt)))
		return s ? 1u << 2 : 1u << 5;
	return s ? 1u << 1 : 1u << 6;
}

uint64_t k64_fp_sgnj(unsigned fmt, uint64_t a, uint64_t b, unsigned kind)
{
	uint64_t sb = sign_bit(fmt);
	uint64_t s = kind == 0 ? b & sb : kind == 1 ? ~b & sb : (a ^ b) & sb;
	return mag(fmt, a) | s;
}

/* ---- conversions -------------------------------------------------------------------------- */
static inline uint64_t sext(uint64_t v, unsigned bits)
{
	return bits == 64 ? v : (uint64_t)((int64_t)(v << (64 - bits)) >> (64 - bits));
}

/* Unprivileged manual, F chapter, "Single-Precision Floating-Point Conversion and Move
 * Instructions", table of fcvt.w.s/fcvt.wu.s results for invalid inputs: out-of-range values
 * saturate, NaN and +inf give the largest value, -inf the smallest, all with NV. */
uint64_t k64_fp_to_int(unsigned fmt, uint64_t a, unsigned ibits, bool is_signed, unsigned rm,
		       uint32_t *flags)
{
	a &= fmask(fmt);
	const uint64_t umax = ibits == 64 ? ~0ull : (1ull << ibits) - 1;
	const uint64_t smax = umax >> 1, smin_mag = smax + 1;
	uint64_t hi = is_signed ? smax : umax, lo = is_signed ? (uint64_t)0 - smin_mag : 0;
	uint64_t r;
	if (k64_fp_is_nan(fmt, a) || (is_inf(fmt, a) && !sgn(fmt, a))) {
		r = hi;
		goto nv;
	}
	if (is_inf(fmt, a)) {
		r = lo;
		goto nv;
	}
	if (is_zero(fmt, a))
		return 0;
	struct unp x = unpack(fmt, a);
	uint64_t v;
	bool rbit, st;
	if (x.exp >= 64) {
		r = x.sign ? lo : hi;
		goto nv;
	}
	if (x.exp == 63) {
		v = x.sig;
		rbit = st = false;
	} else {
		v = split(x.sig, false, (unsigned)(63 - x.exp > 70 ? 70 : 63 - x.exp), &rbit, &st);
		v += round_up(v, rbit, st, x.sign, rm);
	}
	if (is_signed) {
		if (x.sign ? v > smin_mag : v > smax) {
			r = x.sign ? lo : hi;
			goto nv;
		}
		r = x.sign ? (uint64_t)0 - v : v;
	} else {
		if (x.sign && v != 0) {
			r = 0;
			goto nv;
		}
		if (v > umax) {
			r = hi;
			goto nv;
		}
		r = v;
	}
	if (rbit || st)
		*flags |= K64_FFLAG_NX;
	return sext(r, ibits);
nv:
	*flags |= K64_FFLAG_NV;
	return sext(r, ibits);
}

uint64_t k64_fp_from_int(unsigned fmt, uint64_t v, unsigned ibits, bool is_signed, unsigned rm,
			 uint32_t *flags)
{
	if (ibits < 64)
		v = is_signed ? sext(v, ibits) : v & ((1ull << ibits) - 1);
	bool neg = is_signed && (int64_t)v < 0;
	uint64_t m = neg ? (uint64_t)0 - v : v;
	if (m == 0)
		return 0;
	unsigned z = __builtin_clzll(m);
	return round_pack(fmt, neg, 63 - (int32_t)z, m << z, false, rm, flags);
}

uint64_t k64_fp_cvt(unsigned to_fmt, unsigned from_fmt, uint64_t a, unsigned rm, uint32_t *flags)
{
	a &= fmask(from_fmt);
	const uint64_t s = sgn(from_fmt, a) ? sign_bit(to_fmt) : 0;
	if (k64_fp_is_nan(from_fmt, a)) {
		if (is_snan(from_fmt, a))
			*flags |= K64_FFLAG_NV;
		return k64_fp_canonical_nan(to_fmt);
	}
	if (is_inf(from_fmt, a))
		return inf_bits(to_fmt) | s;
	if (is_zero(from_fmt, a))
		return s;
	struct unp x = unpack(from_fmt, a);
	return round_pack(to_fmt, x.sign, x.exp, x.sig, false, rm, flags);
}

/* Zfa FROUND/FROUNDNX: roundToIntegral in rm; FROUND raises no NX. */
uint64_t k64_fp_round_int(unsigned fmt, uint64_t a, unsigned rm, bool exact_flag, uint32_t *flags)
{
	a &= fmask(fmt);
	if (k64_fp_is_nan(fmt, a))
		return nan_result(fmt, a, 0, 0, 1, flags);
	if (is_inf(fmt, a) || is_zero(fmt, a))
		return a;
	struct unp x = unpack(fmt, a);
	if (x.exp >= (int32_t)fbits(fmt))
		return a;
	bool rbit, st;
	uint64_t v = split(x.sig, false, (unsigned)(63 - x.exp > 70 ? 70 : 63 - x.exp), &rbit, &st);
	v += round_up(v, rbit, st, x.sign, rm);
	if ((rbit || st) && exact_flag)
		*flags |= K64_FFLAG_NX;
	if (v == 0)
		return x.sign ? sign_bit(fmt) : 0;
	unsigned z = __builtin_clzll(v);
	uint32_t dummy = 0;
	return round_pack(fmt, x.sign, 63 - (int32_t)z, v << z, false, rm, &dummy);
}

/* Zfa FCVTMOD.W.D: like fcvt.w.d with RTZ, but an out-of-range result is the integer modulo
 * 2^32 (0 for inf/NaN), with NV; in-range inexact results raise NX. */
uint64_t k64_fp_cvtmod_w_d(uint64_t a, uint32_t *flags)
{
	if (k64_fp_is_nan(64, a) || is_inf(64, a)) {
		*flags |= K64_FFLAG_NV;
		return 0;
	}
	if (is_zero(64, a))
		return 0;
	struct unp x = unpack(64, a);
	uint64_t v;
	bool inexact, range;
	if (x.exp < 0) {
		v = 0;
		inexact = true;
	} else if (x.exp <= 63) {
		unsigned sh = 63 - (unsigned)x.exp;
		v = sh ? x.sig >> sh : x.sig;
		inexact = sh && (x.sig & ((1ull << sh) - 1));
	} else {
		v = x.exp - 63 < 64 ? x.sig << (x.exp - 63) : 0;
		inexact = false;
	}
	range = x.exp < 31 || (x.exp == 31 && x.sign && v == 1ull << 31);
	uint32_t r = (uint32_t)(x.sign ? (uint64_t)0 - v : v);
	if (!range)
		*flags |= K64_FFLAG_NV;
	else if (inexact)
		*flags |= K64_FFLAG_NX;
	return (uint64_t)(int64_t)(int32_t)r;
}

/* Zfa FLI: unprivileged manual, Zfa chapter, table of immediates. Entries are given as binary64
 * (exact in every format except where noted) and converted; entry 1 is the smallest positive
 * normal of the format, 30 +inf, 31 the canonical NaN. */
uint64_t k64_fp_fli(unsigned fmt, unsigned idx)
{
	static const double tab[32] = {
		-1.0, 0, 0x1p-16, 0x1p-15, 0x1p-8, 0x1p-7, 0.0625, 0.125, 0.25, 0.3125, 0.375, 0.4375,
		0.5, 0.625, 0.75, 0.875, 1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0, 4.0, 8.0, 16.0, 128.0,
		256.0, 0x1p15, 0x1p16, 0, 0,
	};
	idx &= 31;
	if (idx == 1)
		return 1ull << fbits(fmt);
	if (idx == 30)
		return inf_bits(fmt);
	if (idx == 31)
		return k64_fp_canonical_nan(fmt);
	uint64_t bits;
	uint32_t fl = 0;
	memcpy(&bits, &tab[idx], sizeof bits);
	return fmt == 64 ? bits : k64_fp_cvt(fmt, 64, bits, K64_RM_RNE, &fl);
}
