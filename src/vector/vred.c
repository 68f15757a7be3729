/* RVV 1.0 §14.1-14.2: integer reductions. vd[0] = reduce(vs1[0], active vs2[0..vl-1]);
 * vd and vs1 are single registers (any number), vs2 is an LMUL group. vstart != 0 is illegal
 * (§14: "vector reduction instructions raise an illegal-instruction exception if vstart is
 * non-zero" is permitted; QEMU 10 does so). With vl = 0 nothing is written. */
#include "vector/vector.h"

/* The element loops are written to be auto-vectorised; GCC 12 does that only with
 * -ftree-vectorize (not part of -O2). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("tree-vectorize")
#endif

static void red_check(struct k64_hart *h, const struct k64_dinsn *d, bool wide)
{
	k64_vcheck(h, d);
	int l = k64_vlmul_log2(h->vtype);
	K64_VREQ(h, d, h->vstart == 0 && k64_valigned(d->rs2, l));
	if (wide)
		K64_VREQ(h, d, k64_vsew_log2b(h->vtype) < 3);
}
/* Tail of the scalar destination: elements 1 .. VLEN/SEW - 1 (§14). */
static void red_tail(struct k64_hart *h, const struct k64_dinsn *d, unsigned eb)
{
	if (h->vagnostic_ones && k64_vta(h->vtype))
		memset(k64_vr(h, d->rd) + (1u << eb), 0xff, h->vlenb - (1u << eb));
}

#define RED_N(name, n, EXPR)                                                                        \
	static void name##_##n(struct k64_hart *h, const struct k64_dinsn *d)                     \
	{                                                                                           \
		typedef K64_U(n) U;                                                                 \
		typedef K64_S(n) S __attribute__((unused));                                         \
		const U *v2 = K64_VE(h, U, d->rs2);                                                 \
		U acc = K64_VE(h, U, d->rs1)[0];                                                    \
		if (k64_vm(d)) {                                                                    \
			for (uint64_t i = 0; i < h->vl; i++) { U b = v2[i]; acc = (U)(EXPR); }       \
		} else {                                                                            \
			for (uint64_t i = 0; i < h->vl; i++)                                        \
				if (k64_vmbit(h->vreg, i)) { U b = v2[i]; acc = (U)(EXPR); }         \
		}                                                                                   \
		K64_VE(h, U, d->rd)[0] = acc;                                                       \
	}
#define RED(name, EXPR)                                                                              \
	RED_N(name, 8, EXPR) RED_N(name, 16, EXPR) RED_N(name, 32, EXPR) RED_N(name, 64, EXPR)      \
	static void k64_exec_##name##_vs(struct k64_hart *h, const struct k64_dinsn *d)             \
	{                                                                                           \
		red_check(h, d, false);                                                             \
		if (h->vl == 0)                                                                     \
			return;                                                                     \
		unsigned eb = k64_vsew_log2b(h->vtype);                                             \
		switch (eb) {                                                                       \
		case 0: name##_8(h, d); break;                                                      \
		case 1: name##_16(h, d); break;                                                     \
		case 2: name##_32(h, d); break;                                                     \
		default: name##_64(h, d); break;                                                    \
		}                                                                                   \
		red_tail(h, d, eb);                                                                 \
	}
RED(vredsum, acc + b)
RED(vredand, acc & b)
RED(vredor, acc | b)
RED(vredxor, acc ^ b)
RED(vredminu, b < acc ? b : acc)
RED(vredmin, (S)b < (S)acc ? b : acc)
RED(vredmaxu, b > acc ? b : acc)
RED(vredmax, (S)b > (S)acc ? b : acc)

/* §14.2: widening sums: vs1[0] and vd[0] are 2*SEW; vs2 elements are extended. */
#define WRED_N(name, n, wn, EXT)                                                                    \
	static void name##_##n(struct k64_hart *h, const struct k64_dinsn *d)                     \
	{                                                                                           \
		const K64_U(n) *v2 = K64_VE(h, K64_U(n), d->rs2);                                   \
		K64_U(wn) acc = K64_VE(h, K64_U(wn), d->rs1)[0];                                    \
		for (uint64_t i = 0; i < h->vl; i++)                                                \
			if (k64_vactive(h, d, i))                                                   \
				acc = (K64_U(wn))(acc + (K64_U(wn))EXT(n, v2[i]));                  \
		K64_VE(h, K64_U(wn), d->rd)[0] = acc;                                               \
	}
#define ZX(n, v) (v)
#define SX(n, v) (K64_S(n))(v)
#define WRED(name, EXT)                                                                              \
	WRED_N(name, 8, 16, EXT) WRED_N(name, 16, 32, EXT) WRED_N(name, 32, 64, EXT)                \
	static void k64_exec_##name##_vs(struct k64_hart *h, const struct k64_dinsn *d)             \
	{                                                                                           \
		red_check(h, d, true);                                                              \
		if (h->vl == 0)                                                                     \
			return;                                                                     \
		unsigned eb = k64_vsew_log2b(h->vtype);                                             \
		switch (eb) {                                                                       \
		case 0: name##_8(h, d); break;                                                      \
		case 1: name##_16(h, d); break;                                                     \
		default: name##_32(h, d); break;                                                    \
		}                                                                                   \
		red_tail(h, d, eb + 1);                                                             \
	}
WRED(vwredsumu, ZX)
WRED(vwredsum, SX)

#define ENC(f6, f3) ((uint32_t)(f6) << 26 | (uint32_t)(f3) << 12 | 0x57u)
#define R(name, f6, f3) { #name ".vs", ENC(f6, f3), 0xfc00707fu, K64_EXT_V, K64_FMT_R, K64_F_WV | K64_F_VEC, \
	K64_OP_CALL, k64_exec_##name##_vs, "V,W,X", 0, K64_TM(VRED) },
const struct k64_insn_desc k64_insns_vred[] = {
	R(vredsum, 0x00, 2) R(vredand, 0x01, 2) R(vredor, 0x02, 2) R(vredxor, 0x03, 2)
	R(vredminu, 0x04, 2) R(vredmin, 0x05, 2) R(vredmaxu, 0x06, 2) R(vredmax, 0x07, 2)
	R(vwredsumu, 0x30, 0) R(vwredsum, 0x31, 0)
	{ 0 }
};
