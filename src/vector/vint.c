/* RVV 1.0 §11: vector integer arithmetic. Every operation is generated per SEW from one
 * expression (a = vs2[i], b = vs1[i] or the scalar/immediate, c = the old vd[i]), so each
 * instruction runs as a tight loop over the packed register file. */
#include "vector/vector.h"

/* The element loops are written to be auto-vectorised; GCC 12 does that only with
 * -ftree-vectorize (not part of -O2). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("tree-vectorize")
#endif

typedef unsigned __int128 k64_u128;
typedef __int128 k64_s128;
#define UW_8 uint16_t
#define UW_16 uint32_t
#define UW_32 uint64_t
#define UW_64 k64_u128
#define SW_8 int16_t
#define SW_16 int32_t
#define SW_32 int64_t
#define SW_64 k64_s128
#define UNUSED __attribute__((unused))

/* Finishing a SEW/LMUL destination: tail policy, then vstart = 0 (§3.7). */
static void done(struct k64_hart *h, const struct k64_dinsn *d, unsigned eb, int emul)
{
	k64_vtail(h, k64_vr(h, d->rd), eb, emul, h->vl);
	h->vstart = 0;
}
static void done_sss(struct k64_hart *h, const struct k64_dinsn *d)
{
	done(h, d, k64_vsew_log2b(h->vtype), k64_vlmul_log2(h->vtype));
}
static void done_wide(struct k64_hart *h, const struct k64_dinsn *d)
{
	done(h, d, k64_vsew_log2b(h->vtype) + 1, k64_vlmul_log2(h->vtype) + 1);
}

#define TYPES(n) \
	typedef K64_U(n) U UNUSED; typedef K64_S(n) S UNUSED; \
	typedef UW_##n UW UNUSED; typedef SW_##n SW UNUSED; \
	enum { N = n }

/* ---- single-width: vd[i] = EXPR(a, b, c) ------------------------------------------------------ */
#define BIN_N(name, n, EXPR)                                                                        \
	static void name##_##n(struct k64_hart *h, const struct k64_dinsn *d, bool vv, uint64_t x) \
	{                                                                                           \
		TYPES(n);                                                                           \
		U *vd = K64_VE(h, U, d->rd);                                                        \
		const U *v2 = K64_VE(h, U, d->rs2), *v1 = K64_VE(h, U, d->rs1);                     \
		if (vv) {                                                                           \
			K64_VLOOP(h, d, U, vd, { U a = v2[i], b = v1[i], c = vd[i];                  \
				(void)a; (void)b; (void)c; vd[i] = (U)(EXPR); });                    \
		} else {                                                                            \
			const U b = (U)x;                                                           \
			K64_VLOOP(h, d, U, vd, { U a = v2[i], c = vd[i];                             \
				(void)a; (void)c; vd[i] = (U)(EXPR); });                             \
		}                                                                                   \
	}
#define SEW_SWITCH(name)                                                                             \
	static void name(struct k64_hart *h, const struct k64_dinsn *d, bool vv, uint64_t x)        \
	{                                                                                           \
		switch (k64_vsew_log2b(h->vtype)) {                                                 \
		case 0: name##_8(h, d, vv, x); break;                                               \
		case 1: name##_16(h, d, vv, x); break;                                              \
		case 2: name##_32(h, d, vv, x); break;                                              \
		default: name##_64(h, d, vv, x); break;                                             \
		}                                                                                   \
	}
#define BIN(name, EXPR) \
	BIN_N(name, 8, EXPR) BIN_N(name, 16, EXPR) BIN_N(name, 32, EXPR) BIN_N(name, 64, EXPR) SEW_SWITCH(name)
#define EXEC_VV(name) static void k64_exec_##name##_vv(struct k64_hart *h, const struct k64_dinsn *d) \
	{ k64_vchk_sss(h, d, d->rs1); name(h, d, true, 0); done_sss(h, d); }
#define EXEC_VX(name) static void k64_exec_##name##_vx(struct k64_hart *h, const struct k64_dinsn *d) \
	{ k64_vchk_sss(h, d, -1); name(h, d, false, h->x[d->rs1]); done_sss(h, d); }
#define EXEC_VI(name) static void k64_exec_##name##_vi(struct k64_hart *h, const struct k64_dinsn *d) \
	{ k64_vchk_sss(h, d, -1); name(h, d, false, (uint64_t)k64_vsimm5(d)); done_sss(h, d); }
/* Shifts take the 5-bit immediate unsigned (§11.6). */
#define EXEC_VIU(name) static void k64_exec_##name##_vi(struct k64_hart *h, const struct k64_dinsn *d) \
	{ k64_vchk_sss(h, d, -1); name(h, d, false, k64_vuimm5(d)); done_sss(h, d); }

#define SMIN ((U)((U)1 << (N - 1)))
#define SH(b) ((b) & (N - 1))
#define MUL(a, b) ((U)((uint64_t)(a) * (uint64_t)(b)))

BIN(vadd, a + b)                                       EXEC_VV(vadd) EXEC_VX(vadd) EXEC_VI(vadd)
BIN(vsub, a - b)                                       EXEC_VV(vsub) EXEC_VX(vsub)
BIN(vrsub, b - a)                                      EXEC_VX(vrsub) EXEC_VI(vrsub)
BIN(vand, a & b)                                       EXEC_VV(vand) EXEC_VX(vand) EXEC_VI(vand)
BIN(vor, a | b)                                        EXEC_VV(vor) EXEC_VX(vor) EXEC_VI(vor)
BIN(vxor, a ^ b)                                       EXEC_VV(vxor) EXEC_VX(vxor) EXEC_VI(vxor)
BIN(vminu, a < b ? a : b)                              EXEC_VV(vminu) EXEC_VX(vminu)
BIN(vmin, (S)a < (S)b ? a : b)                         EXEC_VV(vmin) EXEC_VX(vmin)
BIN(vmaxu, a > b ? a : b)                              EXEC_VV(vmaxu) EXEC_VX(vmaxu)
BIN(vmax, (S)a > (S)b ? a : b)                         EXEC_VV(vmax) EXEC_VX(vmax)
BIN(vsll, (U)a << SH(b))                               EXEC_VV(vsll) EXEC_VX(vsll) EXEC_VIU(vsll)
BIN(vsrl, a >> SH(b))                                  EXEC_VV(vsrl) EXEC_VX(vsrl) EXEC_VIU(vsrl)
BIN(vsra, (S)a >> SH(b))                               EXEC_VV(vsra) EXEC_VX(vsra) EXEC_VIU(vsra)
/* §11.10-11.11: multiply, high halves, divide. Division by zero and overflow give the
 * manual's fixed results (§11.11 table). */
BIN(vmul, MUL(a, b))                                   EXEC_VV(vmul) EXEC_VX(vmul)
BIN(vmulh, ((SW)(S)a * (SW)(S)b) >> N)                 EXEC_VV(vmulh) EXEC_VX(vmulh)
BIN(vmulhu, ((UW)a * (UW)b) >> N)                      EXEC_VV(vmulhu) EXEC_VX(vmulhu)
BIN(vmulhsu, ((SW)(S)a * (SW)b) >> N)                  EXEC_VV(vmulhsu) EXEC_VX(vmulhsu)
BIN(vdivu, b == 0 ? (U)~(U)0 : a / b)                  EXEC_VV(vdivu) EXEC_VX(vdivu)
BIN(vdiv, b == 0 ? (U)~(U)0 : (a == SMIN && (S)b == -1) ? a : (U)((S)a / (S)b)) EXEC_VV(vdiv) EXEC_VX(vdiv)
BIN(vremu, b == 0 ? a : a % b)                         EXEC_VV(vremu) EXEC_VX(vremu)
BIN(vrem, b == 0 ? a : (a == SMIN && (S)b == -1) ? 0 : (U)((S)a % (S)b)) EXEC_VV(vrem) EXEC_VX(vrem)
/* §11.13: multiply-add; vd is both an addend/multiplicand and the destination. */
BIN(vmacc, c + MUL(b, a))                              EXEC_VV(vmacc) EXEC_VX(vmacc)
BIN(vnmsac, c - MUL(b, a))                             EXEC_VV(vnmsac) EXEC_VX(vnmsac)
BIN(vmadd, MUL(b, c) + a)                              EXEC_VV(vmadd) EXEC_VX(vmadd)
BIN(vnmsub, a - MUL(b, c))                             EXEC_VV(vnmsub) EXEC_VX(vnmsub)

/* ---- widening (§11.2, §11.12, §11.14): vd is 2*SEW ------------------------------------------ */
#define WBIN_N(name, n, AT, EXPR)                                                                   \
	static void name##_##n(struct k64_hart *h, const struct k64_dinsn *d, bool vv, uint64_t x) \
	{                                                                                           \
		TYPES(n);                                                                           \
		UW *vd = K64_VE(h, UW, d->rd);                                                      \
		const AT *v2 = K64_VE(h, AT, d->rs2);                                               \
		const U *v1 = K64_VE(h, U, d->rs1);                                                 \
		if (vv) {                                                                           \
			K64_VLOOP(h, d, UW, vd, { AT a = v2[i]; U b = v1[i]; UW c = vd[i];           \
				(void)c; vd[i] = (UW)(EXPR); });                                     \
		} else {                                                                            \
			const U b = (U)x;                                                           \
			K64_VLOOP(h, d, UW, vd, { AT a = v2[i]; UW c = vd[i];                        \
				(void)c; vd[i] = (UW)(EXPR); });                                     \
		}                                                                                   \
	}
#define WSWITCH(name)                                                                                \
	static void name(struct k64_hart *h, const struct k64_dinsn *d, bool vv, uint64_t x)        \
	{                                                                                           \
		switch (k64_vsew_log2b(h->vtype)) {                                                 \
		case 0: name##_8(h, d, vv, x); break;                                               \
		case 1: name##_16(h, d, vv, x); break;                                              \
		default: name##_32(h, d, vv, x); break;                                             \
		}                                                                                   \
	}
#define WBIN(name, EXPR) WBIN_N(name, 8, U, EXPR) WBIN_N(name, 16, U, EXPR) WBIN_N(name, 32, U, EXPR) WSWITCH(name)
#define WWBIN(name, EXPR) WBIN_N(name, 8, UW, EXPR) WBIN_N(name, 16, UW, EXPR) WBIN_N(name, 32, UW, EXPR) WSWITCH(name)
#define EXEC_WVV(name, wide2) static void k64_exec_##name##_vv(struct k64_hart *h, const struct k64_dinsn *d) \
	{ k64_vchk_wide(h, d, wide2, d->rs1); name(h, d, true, 0); done_wide(h, d); }
/* Widening multiply-add also reads vd (EEW 2*SEW), which may not overlap a SEW source (§5.2). */
#define EXEC_WMVV(name) static void k64_exec_##name##_vv(struct k64_hart *h, const struct k64_dinsn *d) \
	{ k64_vchk_wide(h, d, false, d->rs1); macc_src(h, d, true); name(h, d, true, 0); done_wide(h, d); }
#define EXEC_WMVX(name) static void k64_exec_##name##_vx(struct k64_hart *h, const struct k64_dinsn *d) \
	{ k64_vchk_wide(h, d, false, -1); macc_src(h, d, false); name(h, d, false, h->x[d->rs1]); done_wide(h, d); }
static void macc_src(struct k64_hart *h, const struct k64_dinsn *d, bool vv)
{
	int e = (int)k64_vsew_log2b(h->vtype);
	K64_VREQ(h, d, k64_vsrc_ok(h, d, d->rd, e + 1, d->rs2, e) && (!vv || k64_vsrc_ok(h, d, d->rd, e + 1, d->rs1, e)));
}
#define EXEC_WVX(name, wide2) static void k64_exec_##name##_vx(struct k64_hart *h, const struct k64_dinsn *d) \
	{ k64_vchk_wide(h, d, wide2, -1); name(h, d, false, h->x[d->rs1]); done_wide(h, d); }

WBIN(vwaddu, (UW)a + (UW)b)                            EXEC_WVV(vwaddu, false) EXEC_WVX(vwaddu, false)
WBIN(vwadd, (SW)(S)a + (SW)(S)b)                       EXEC_WVV(vwadd, false) EXEC_WVX(vwadd, false)
WBIN(vwsubu, (UW)a - (UW)b)                            EXEC_WVV(vwsubu, false) EXEC_WVX(vwsubu, false)
WBIN(vwsub, (SW)(S)a - (SW)(S)b)                       EXEC_WVV(vwsub, false) EXEC_WVX(vwsub, false)
WWBIN(vwaddu_w, a + (UW)b)                             EXEC_WVV(vwaddu_w, true) EXEC_WVX(vwaddu_w, true)
WWBIN(vwadd_w, a + (UW)(SW)(S)b)                       EXEC_WVV(vwadd_w, true) EXEC_WVX(vwadd_w, true)
WWBIN(vwsubu_w, a - (UW)b)                             EXEC_WVV(vwsubu_w, true) EXEC_WVX(vwsubu_w, true)
WWBIN(vwsub_w, a - (UW)(SW)(S)b)                       EXEC_WVV(vwsub_w, true) EXEC_WVX(vwsub_w, true)
WBIN(vwmulu, (UW)a * (UW)b)                            EXEC_WVV(vwmulu, false) EXEC_WVX(vwmulu, false)
WBIN(vwmul, (SW)(S)a * (SW)(S)b)                       EXEC_WVV(vwmul, false) EXEC_WVX(vwmul, false)
WBIN(vwmulsu, (SW)(S)a * (SW)b)                        EXEC_WVV(vwmulsu, false) EXEC_WVX(vwmulsu, false)
WBIN(vwmaccu, c + (UW)((UW)a * (UW)b))                 EXEC_WMVV(vwmaccu) EXEC_WMVX(vwmaccu)
WBIN(vwmacc, c + (UW)((SW)(S)a * (SW)(S)b))            EXEC_WMVV(vwmacc) EXEC_WMVX(vwmacc)
WBIN(vwmaccsu, c + (UW)((SW)(S)b * (SW)a))             EXEC_WMVV(vwmaccsu) EXEC_WMVX(vwmaccsu)
WBIN(vwmaccus, c + (UW)((SW)b * (SW)(S)a))             EXEC_WMVX(vwmaccus)

/* ---- narrowing shifts (§11.7): vs2 is 2*SEW --------------------------------------------------- */
#define NBIN_N(name, n, EXPR)                                                                       \
	static void name##_##n(struct k64_hart *h, const struct k64_dinsn *d, bool vv, uint64_t x) \
	{                                                                                           \
		TYPES(n);                                                                           \
		U *vd = K64_VE(h, U, d->rd);                                                        \
		const UW *v2 = K64_VE(h, UW, d->rs2);                                               \
		const U *v1 = K64_VE(h, U, d->rs1);                                                 \
		if (vv) {                                                                           \
			K64_VLOOP(h, d, U, vd, { UW a = v2[i]; U b = v1[i]; vd[i] = (U)(EXPR); });   \
		} else {                                                                            \
			const U b = (U)x;                                                           \
			K64_VLOOP(h, d, U, vd, { UW a = v2[i]; vd[i] = (U)(EXPR); });                \
		}                                                                                   \
	}
#define NBIN(name, EXPR) NBIN_N(name, 8, EXPR) NBIN_N(name, 16, EXPR) NBIN_N(name, 32, EXPR) WSWITCH(name)
#define EXEC_N(name)                                                                                 \
	static void k64_exec_##name##_wv(struct k64_hart *h, const struct k64_dinsn *d)             \
	{ k64_vchk_narrow(h, d, d->rs1); name(h, d, true, 0); done_sss(h, d); }                       \
	static void k64_exec_##name##_wx(struct k64_hart *h, const struct k64_dinsn *d)             \
	{ k64_vchk_narrow(h, d, -1); name(h, d, false, h->x[d->rs1]); done_sss(h, d); }             \
	static void k64_exec_##name##_wi(struct k64_hart *h, const struct k64_dinsn *d)             \
	{ k64_vchk_narrow(h, d, -1); name(h, d, false, k64_vuimm5(d)); done_sss(h, d); }
NBIN(vnsrl, a >> (b & (2 * N - 1)))                    EXEC_N(vnsrl)
NBIN(vnsra, (SW)a >> (b & (2 * N - 1)))                EXEC_N(vnsra)

/* ---- compares (§11.8): mask results ----------------------------------------------------------- */
#define CMP_N(name, n, EXPR)                                                                        \
	static void name##_##n(struct k64_hart *h, const struct k64_dinsn *d, bool vv, uint64_t x) \
	{                                                                                           \
		TYPES(n);                                                                           \
		uint8_t m[K64_VLEN_MAX / 8];                                                        \
		const U *v2 = K64_VE(h, U, d->rs2), *v1 = K64_VE(h, U, d->rs1);                     \
		const U xb = (U)x;                                                                  \
		bool ones = k64_vma_ones(h);                                                        \
		memcpy(m, k64_vr(h, d->rd), h->vlenb);                                              \
		uint64_t i = h->vstart;                                                             \
		if (k64_vm(d)) {        /* unmasked: whole result bytes at a time */                \
			for (; i < h->vl && (i & 7); i++) {                                         \
				U a = v2[i], b = vv ? v1[i] : xb;                                   \
				k64_vmbit_set(m, i, EXPR);                                          \
			}                                                                           \
			for (; i + 8 <= h->vl; i += 8) {                                            \
				unsigned byte = 0;                                                  \
				for (unsigned j = 0; j < 8; j++) {                                  \
					U a = v2[i + j], b = vv ? v1[i + j] : xb;                   \
					byte |= (unsigned)(EXPR) << j;                              \
				}                                                                   \
				m[i >> 3] = (uint8_t)byte;                                          \
			}                                                                           \
		}                                                                                   \
		for (; i < h->vl; i++) {                                                            \
			if (!k64_vactive(h, d, i)) {                                                \
				if (ones) k64_vmbit_set(m, i, 1);                                   \
				continue;                                                           \
			}                                                                           \
			U a = v2[i], b = vv ? v1[i] : xb;                                           \
			k64_vmbit_set(m, i, EXPR);                                                  \
		}                                                                                   \
		k64_vmtail(h, m, h->vl);                                                            \
		memcpy(k64_vr(h, d->rd), m, h->vlenb);                                              \
	}
#define CMP(name, EXPR) \
	CMP_N(name, 8, EXPR) CMP_N(name, 16, EXPR) CMP_N(name, 32, EXPR) CMP_N(name, 64, EXPR) SEW_SWITCH(name)
#define EXEC_MVV(name) static void k64_exec_##name##_vv(struct k64_hart *h, const struct k64_dinsn *d) \
	{ k64_vchk_mss(h, d, d->rs1); name(h, d, true, 0); h->vstart = 0; }
#define EXEC_MVX(name) static void k64_exec_##name##_vx(struct k64_hart *h, const struct k64_dinsn *d) \
	{ k64_vchk_mss(h, d, -1); name(h, d, false, h->x[d->rs1]); h->vstart = 0; }
#define EXEC_MVI(name) static void k64_exec_##name##_vi(struct k64_hart *h, const struct k64_dinsn *d) \
	{ k64_vchk_mss(h, d, -1); name(h, d, false, (uint64_t)k64_vsimm5(d)); h->vstart = 0; }
CMP(vmseq, a == b)                                     EXEC_MVV(vmseq) EXEC_MVX(vmseq) EXEC_MVI(vmseq)
CMP(vmsne, a != b)                                     EXEC_MVV(vmsne) EXEC_MVX(vmsne) EXEC_MVI(vmsne)
CMP(vmsltu, a < b)                                     EXEC_MVV(vmsltu) EXEC_MVX(vmsltu)
CMP(vmslt, (S)a < (S)b)                                EXEC_MVV(vmslt) EXEC_MVX(vmslt)
CMP(vmsleu, a <= b)                                    EXEC_MVV(vmsleu) EXEC_MVX(vmsleu) EXEC_MVI(vmsleu)
CMP(vmsle, (S)a <= (S)b)                               EXEC_MVV(vmsle) EXEC_MVX(vmsle) EXEC_MVI(vmsle)
CMP(vmsgtu, a > b)                                     EXEC_MVX(vmsgtu) EXEC_MVI(vmsgtu)
CMP(vmsgt, (S)a > (S)b)                                EXEC_MVX(vmsgt) EXEC_MVI(vmsgt)

/* ---- carry/borrow (§11.4) -------------------------------------------------------------------- */
/* vadc/vsbc: vm = 0 is part of the encoding; v0 supplies the carry and every body element is
 * written. vmadc/vmsbc: the carry-out mask; with vm = 1 there is no carry-in. */
#define CARRY_N(name, n, EXPR)                                                                      \
	static void name##_##n(struct k64_hart *h, const struct k64_dinsn *d, bool vv, uint64_t x) \
	{                                                                                           \
		TYPES(n);                                                                           \
		U *vd = K64_VE(h, U, d->rd);                                                        \
		const U *v2 = K64_VE(h, U, d->rs2), *v1 = K64_VE(h, U, d->rs1);                     \
		const uint8_t *v0 = h->vreg;                                                        \
		for (uint64_t i = h->vstart; i < h->vl; i++) {                                      \
			U a = v2[i], b = vv ? v1[i] : (U)x;                                         \
			unsigned cin = k64_vmbit(v0, i);                                             \
			vd[i] = (U)(EXPR);                                                          \
		}                                                                                   \
	}
#define CARRY(name, EXPR) \
	CARRY_N(name, 8, EXPR) CARRY_N(name, 16, EXPR) CARRY_N(name, 32, EXPR) CARRY_N(name, 64, EXPR) SEW_SWITCH(name)
CARRY(vadc, a + b + cin)
CARRY(vsbc, a - b - cin)
/* §11.4: vd = v0 is reserved (vm = 0 reads v0 as the carry). QEMU 10.0 lets v0 be a data
 * source too (no mixed-EEW check for the carry forms); we follow it. */
static void adc_check(struct k64_hart *h, const struct k64_dinsn *d, int vs1)
{
	k64_vcheck(h, d);
	int l = k64_vlmul_log2(h->vtype);
	K64_VREQ(h, d, k64_valigned(d->rd, l) && k64_valigned(d->rs2, l) &&
		 (vs1 < 0 || k64_valigned((unsigned)vs1, l)) && d->rd != 0);
}
static void k64_exec_vadc_vvm(struct k64_hart *h, const struct k64_dinsn *d) { adc_check(h, d, d->rs1); vadc(h, d, true, 0); done_sss(h, d); }
static void k64_exec_vadc_vxm(struct k64_hart *h, const struct k64_dinsn *d) { adc_check(h, d, -1); vadc(h, d, false, h->x[d->rs1]); done_sss(h, d); }
static void k64_exec_vadc_vim(struct k64_hart *h, const struct k64_dinsn *d) { adc_check(h, d, -1); vadc(h, d, false, (uint64_t)k64_vsimm5(d)); done_sss(h, d); }
static void k64_exec_vsbc_vvm(struct k64_hart *h, const struct k64_dinsn *d) { adc_check(h, d, d->rs1); vsbc(h, d, true, 0); done_sss(h, d); }
static void k64_exec_vsbc_vxm(struct k64_hart *h, const struct k64_dinsn *d) { adc_check(h, d, -1); vsbc(h, d, false, h->x[d->rs1]); done_sss(h, d); }

#define MCARRY_N(name, n, EXPR)                                                                     \
	static void name##_##n(struct k64_hart *h, const struct k64_dinsn *d, bool vv, uint64_t x) \
	{                                                                                           \
		TYPES(n);                                                                           \
		uint8_t m[K64_VLEN_MAX / 8];                                                        \
		const U *v2 = K64_VE(h, U, d->rs2), *v1 = K64_VE(h, U, d->rs1);                     \
		bool use_c = !k64_vm(d);                                                            \
		memcpy(m, k64_vr(h, d->rd), h->vlenb);                                              \
		for (uint64_t i = h->vstart; i < h->vl; i++) {                                      \
			U a = v2[i], b = vv ? v1[i] : (U)x;                                         \
			unsigned cin = use_c && k64_vmbit(h->vreg, i);                               \
			k64_vmbit_set(m, i, EXPR);                                                  \
		}                                                                                   \
		k64_vmtail(h, m, h->vl);                                                            \
		memcpy(k64_vr(h, d->rd), m, h->vlenb);                                              \
	}
#define MCARRY(name, EXPR) \
	MCARRY_N(name, 8, EXPR) MCARRY_N(name, 16, EXPR) MCARRY_N(name, 32, EXPR) MCARRY_N(name, 64, EXPR) SEW_SWITCH(name)
MCARRY(vmadc, (((UW)a + (UW)b + cin) >> N) & 1)
MCARRY(vmsbc, (UW)a < (UW)b + cin)
static void k64_exec_vmadc_vv(struct k64_hart *h, const struct k64_dinsn *d) { k64_vchk_mss(h, d, d->rs1); vmadc(h, d, true, 0); h->vstart = 0; }
static void k64_exec_vmadc_vx(struct k64_hart *h, const struct k64_dinsn *d) { k64_vchk_mss(h, d, -1); vmadc(h, d, false, h->x[d->rs1]); h->vstart = 0; }
static void k64_exec_vmadc_vi(struct k64_hart *h, const struct k64_dinsn *d) { k64_vchk_mss(h, d, -1); vmadc(h, d, false, (uint64_t)k64_vsimm5(d)); h->vstart = 0; }
static void k64_exec_vmsbc_vv(struct k64_hart *h, const struct k64_dinsn *d) { k64_vchk_mss(h, d, d->rs1); vmsbc(h, d, true, 0); h->vstart = 0; }
static void k64_exec_vmsbc_vx(struct k64_hart *h, const struct k64_dinsn *d) { k64_vchk_mss(h, d, -1); vmsbc(h, d, false, h->x[d->rs1]); h->vstart = 0; }

/* ---- merge and move (§11.15, §11.16) ----------------------------------------------------------- */
CARRY(vmerge, cin ? b : a)
/* vmerge: like vadc, plus the mixed-EEW source rule (v0 may not be a data source; QEMU 10). */
static void merge_check(struct k64_hart *h, const struct k64_dinsn *d, int vs1)
{
	adc_check(h, d, vs1);
	int e = (int)k64_vsew_log2b(h->vtype);
	K64_VREQ(h, d, k64_vsrc_ok(h, d, vs1, e, d->rs2, e));
}
static void k64_exec_vmerge_vvm(struct k64_hart *h, const struct k64_dinsn *d) { merge_check(h, d, d->rs1); vmerge(h, d, true, 0); done_sss(h, d); }
static void k64_exec_vmerge_vxm(struct k64_hart *h, const struct k64_dinsn *d) { merge_check(h, d, -1); vmerge(h, d, false, h->x[d->rs1]); done_sss(h, d); }
static void k64_exec_vmerge_vim(struct k64_hart *h, const struct k64_dinsn *d) { merge_check(h, d, -1); vmerge(h, d, false, (uint64_t)k64_vsimm5(d)); done_sss(h, d); }
/* vmv.v.*: vm = 1, vs2 = 0 are part of the encoding; vd[i] = vs1[i] / x[rs1] / simm5. */
BIN(vmv, b)
static void k64_exec_vmv_v_v(struct k64_hart *h, const struct k64_dinsn *d)
{
	k64_vcheck(h, d);
	int l = k64_vlmul_log2(h->vtype);
	K64_VREQ(h, d, k64_valigned(d->rd, l) && k64_valigned(d->rs1, l));
	vmv(h, d, true, 0);
	done_sss(h, d);
}
static void k64_exec_vmv_v_x(struct k64_hart *h, const struct k64_dinsn *d) { k64_vchk_sss(h, d, -1); vmv(h, d, false, h->x[d->rs1]); done_sss(h, d); }
static void k64_exec_vmv_v_i(struct k64_hart *h, const struct k64_dinsn *d) { k64_vchk_sss(h, d, -1); vmv(h, d, false, (uint64_t)k64_vsimm5(d)); done_sss(h, d); }

/* ---- integer extension (§11.3) -------------------------------------------------------------- */
/* vzext/vsext.vf<f>: source EEW = SEW/f, EMUL = LMUL/f (must be >= 1/8), source group may only
 * overlap the highest part of the destination (§5.2). */
static void vext(struct k64_hart *h, const struct k64_dinsn *d, unsigned lf, bool sign)
{
	k64_vcheck(h, d);
	unsigned sewb = k64_vsew_log2b(h->vtype);
	int l = k64_vlmul_log2(h->vtype), se = l - (int)lf;
	K64_VREQ(h, d, sewb >= lf && se >= -3);
	K64_VREQ(h, d, k64_valigned(d->rd, l) && k64_valigned(d->rs2, se) && k64_vmask_ok(d, d->rd) &&
		 k64_vnoover(d->rd, l, d->rs2, se, true) && k64_vsrc_ok(h, d, -1, 0, d->rs2, (int)(sewb - lf)));
	const uint8_t *src = k64_vr(h, d->rs2);
	unsigned seb = sewb - lf;
#define EXT_CASE(n)                                                                                  \
	{                                                                                            \
		K64_U(n) *vd = K64_VE(h, K64_U(n), d->rd);                                          \
		switch (seb) {                                                                       \
		case 0: K64_VLOOP(h, d, K64_U(n), vd, vd[i] = sign ? (K64_U(n))(int8_t)src[i] : src[i]); break; \
		case 1: { const uint16_t *s = (const uint16_t *)(const void *)src;                   \
			K64_VLOOP(h, d, K64_U(n), vd, vd[i] = sign ? (K64_U(n))(int16_t)s[i] : s[i]); break; } \
		default: { const uint32_t *s = (const uint32_t *)(const void *)src;                  \
			K64_VLOOP(h, d, K64_U(n), vd, vd[i] = sign ? (K64_U(n))(int32_t)s[i] : s[i]); break; } \
		}                                                                                    \
	}
	K64_VSEW_CASES(EXT_CASE, sewb)
#undef EXT_CASE
	done_sss(h, d);
}
static void k64_exec_vzext_vf2(struct k64_hart *h, const struct k64_dinsn *d) { vext(h, d, 1, false); }
static void k64_exec_vsext_vf2(struct k64_hart *h, const struct k64_dinsn *d) { vext(h, d, 1, true); }
static void k64_exec_vzext_vf4(struct k64_hart *h, const struct k64_dinsn *d) { vext(h, d, 2, false); }
static void k64_exec_vsext_vf4(struct k64_hart *h, const struct k64_dinsn *d) { vext(h, d, 2, true); }
static void k64_exec_vzext_vf8(struct k64_hart *h, const struct k64_dinsn *d) { vext(h, d, 3, false); }
static void k64_exec_vsext_vf8(struct k64_hart *h, const struct k64_dinsn *d) { vext(h, d, 3, true); }

/* ---- table ---------------------------------------------------------------------------------- */
enum { IVV = 0, MVV = 2, IVI = 3, IVX = 4, MVX = 6 };
#define ENC(f6, f3) ((uint32_t)(f6) << 26 | (uint32_t)(f3) << 12 | 0x57u)
#define F (K64_F_WV | K64_F_VEC)
/* tm: (class, form, register-file reads per granule step) (core/observe.h): the vs1/vs2 pair,
 * 2 in every form (the fill reads the pair at once, .vx and .vi forms too), and vd in the
 * multiply-adds vmacc, vnmsac, vmadd, vnmsub. */
#define ROWM(name, f6, f3, extra, mask, fn, args, tm) \
	{ name, ENC(f6, f3) | (extra), mask, K64_EXT_V, K64_FMT_R, F, K64_OP_CALL, fn, args, 0, K64_TMV tm },
#define ROW(name, f6, f3, fn, args, tm) ROWM(name, f6, f3, 0, 0xfc00707fu, fn, args, tm)
#define VV(n, f6) ROW(#n ".vv", f6, IVV, k64_exec_##n##_vv, "V,W,X", (VALU, PLAIN, 2))
#define VX(n, f6) ROW(#n ".vx", f6, IVX, k64_exec_##n##_vx, "V,W,s", (VALU, PLAIN, 2))
#define VI(n, f6) ROW(#n ".vi", f6, IVI, k64_exec_##n##_vi, "V,W,z", (VALU, PLAIN, 2))
#define MV(n, f6, c) ROW(#n ".vv", f6, MVV, k64_exec_##n##_vv, "V,W,X", (c, PLAIN, 2))
#define MX(n, f6, c) ROW(#n ".vx", f6, MVX, k64_exec_##n##_vx, "V,W,s", (c, PLAIN, 2))
#define MACC(n, f6) ROW(#n ".vv", f6, MVV, k64_exec_##n##_vv, "V,W,X", (VMUL, PLAIN, 3)) \
		    ROW(#n ".vx", f6, MVX, k64_exec_##n##_vx, "V,W,s", (VMUL, PLAIN, 3))
#define VM0 0xfe00707fu
#define UNARY(name, f6, vs1, fn) ROWM(name, f6, MVV, (vs1) << 15, 0xfc0ff07fu, fn, "V,W", (VWIDE, PLAIN, 2))
#define TV2 (VALU, PLAIN, 2)
#define TV1 (VALU, PLAIN, 2)
#define TW2 (VWIDE, PLAIN, 2)
#define TW1 (VWIDE, PLAIN, 2)

const struct k64_insn_desc k64_insns_vint[] = {
	VV(vadd, 0x00) VX(vadd, 0x00) VI(vadd, 0x00)
	VV(vsub, 0x02) VX(vsub, 0x02)
	VX(vrsub, 0x03) VI(vrsub, 0x03)
	VV(vminu, 0x04) VX(vminu, 0x04)
	VV(vmin, 0x05) VX(vmin, 0x05)
	VV(vmaxu, 0x06) VX(vmaxu, 0x06)
	VV(vmax, 0x07) VX(vmax, 0x07)
	VV(vand, 0x09) VX(vand, 0x09) VI(vand, 0x09)
	VV(vor, 0x0a) VX(vor, 0x0a) VI(vor, 0x0a)
	VV(vxor, 0x0b) VX(vxor, 0x0b) VI(vxor, 0x0b)
	ROWM("vadc.vvm", 0x10, IVV, 0, VM0, k64_exec_vadc_vvm, "V,W,X", TV2)
	ROWM("vadc.vxm", 0x10, IVX, 0, VM0, k64_exec_vadc_vxm, "V,W,s", TV1)
	ROWM("vadc.vim", 0x10, IVI, 0, VM0, k64_exec_vadc_vim, "V,W,z", TV1)
	VV(vmadc, 0x11) VX(vmadc, 0x11) VI(vmadc, 0x11)
	ROWM("vsbc.vvm", 0x12, IVV, 0, VM0, k64_exec_vsbc_vvm, "V,W,X", TV2)
	ROWM("vsbc.vxm", 0x12, IVX, 0, VM0, k64_exec_vsbc_vxm, "V,W,s", TV1)
	VV(vmsbc, 0x13) VX(vmsbc, 0x13)
	ROWM("vmerge.vvm", 0x17, IVV, 0, VM0, k64_exec_vmerge_vvm, "V,W,X", TV2)
	ROWM("vmerge.vxm", 0x17, IVX, 0, VM0, k64_exec_vmerge_vxm, "V,W,s", TV1)
	ROWM("vmerge.vim", 0x17, IVI, 0, VM0, k64_exec_vmerge_vim, "V,W,z", TV1)
	ROWM("vmv.v.v", 0x17, IVV, 1u << 25, 0xfff0707fu, k64_exec_vmv_v_v, "V,X", TV2)
	ROWM("vmv.v.x", 0x17, IVX, 1u << 25, 0xfff0707fu, k64_exec_vmv_v_x, "V,s", (VALU, SPLAT, 2))
	ROWM("vmv.v.i", 0x17, IVI, 1u << 25, 0xfff0707fu, k64_exec_vmv_v_i, "V,z", (VALU, SPLAT, 2))
	VV(vmseq, 0x18) VX(vmseq, 0x18) VI(vmseq, 0x18)
	VV(vmsne, 0x19) VX(vmsne, 0x19) VI(vmsne, 0x19)
	VV(vmsltu, 0x1a) VX(vmsltu, 0x1a)
	VV(vmslt, 0x1b) VX(vmslt, 0x1b)
	VV(vmsleu, 0x1c) VX(vmsleu, 0x1c) VI(vmsleu, 0x1c)
	VV(vmsle, 0x1d) VX(vmsle, 0x1d) VI(vmsle, 0x1d)
	VX(vmsgtu, 0x1e) VI(vmsgtu, 0x1e)
	VX(vmsgt, 0x1f) VI(vmsgt, 0x1f)
	VV(vsll, 0x25) VX(vsll, 0x25) VI(vsll, 0x25)
	VV(vsrl, 0x28) VX(vsrl, 0x28) VI(vsrl, 0x28)
	VV(vsra, 0x29) VX(vsra, 0x29) VI(vsra, 0x29)
	ROW("vnsrl.wv", 0x2c, IVV, k64_exec_vnsrl_wv, "V,W,X", TW2)
	ROW("vnsrl.wx", 0x2c, IVX, k64_exec_vnsrl_wx, "V,W,s", TW1)
	ROW("vnsrl.wi", 0x2c, IVI, k64_exec_vnsrl_wi, "V,W,z", TW1)
	ROW("vnsra.wv", 0x2d, IVV, k64_exec_vnsra_wv, "V,W,X", TW2)
	ROW("vnsra.wx", 0x2d, IVX, k64_exec_vnsra_wx, "V,W,s", TW1)
	ROW("vnsra.wi", 0x2d, IVI, k64_exec_vnsra_wi, "V,W,z", TW1)
	UNARY("vzext.vf8", 0x12, 2u, k64_exec_vzext_vf8)
	UNARY("vsext.vf8", 0x12, 3u, k64_exec_vsext_vf8)
	UNARY("vzext.vf4", 0x12, 4u, k64_exec_vzext_vf4)
	UNARY("vsext.vf4", 0x12, 5u, k64_exec_vsext_vf4)
	UNARY("vzext.vf2", 0x12, 6u, k64_exec_vzext_vf2)
	UNARY("vsext.vf2", 0x12, 7u, k64_exec_vsext_vf2)
	MV(vdivu, 0x20, VDIV) MX(vdivu, 0x20, VDIV)
	MV(vdiv, 0x21, VDIV) MX(vdiv, 0x21, VDIV)
	MV(vremu, 0x22, VDIV) MX(vremu, 0x22, VDIV)
	MV(vrem, 0x23, VDIV) MX(vrem, 0x23, VDIV)
	MV(vmulhu, 0x24, VMUL) MX(vmulhu, 0x24, VMUL)
	MV(vmul, 0x25, VMUL) MX(vmul, 0x25, VMUL)
	MV(vmulhsu, 0x26, VMUL) MX(vmulhsu, 0x26, VMUL)
	MV(vmulh, 0x27, VMUL) MX(vmulh, 0x27, VMUL)
	MACC(vmadd, 0x29)
	MACC(vnmsub, 0x2b)
	MACC(vmacc, 0x2d)
	MACC(vnmsac, 0x2f)
	MV(vwaddu, 0x30, VWIDE) MX(vwaddu, 0x30, VWIDE)
	MV(vwadd, 0x31, VWIDE) MX(vwadd, 0x31, VWIDE)
	MV(vwsubu, 0x32, VWIDE) MX(vwsubu, 0x32, VWIDE)
	MV(vwsub, 0x33, VWIDE) MX(vwsub, 0x33, VWIDE)
	ROW("vwaddu.wv", 0x34, MVV, k64_exec_vwaddu_w_vv, "V,W,X", TW2) ROW("vwaddu.wx", 0x34, MVX, k64_exec_vwaddu_w_vx, "V,W,s", TW1)
	ROW("vwadd.wv", 0x35, MVV, k64_exec_vwadd_w_vv, "V,W,X", TW2) ROW("vwadd.wx", 0x35, MVX, k64_exec_vwadd_w_vx, "V,W,s", TW1)
	ROW("vwsubu.wv", 0x36, MVV, k64_exec_vwsubu_w_vv, "V,W,X", TW2) ROW("vwsubu.wx", 0x36, MVX, k64_exec_vwsubu_w_vx, "V,W,s", TW1)
	ROW("vwsub.wv", 0x37, MVV, k64_exec_vwsub_w_vv, "V,W,X", TW2) ROW("vwsub.wx", 0x37, MVX, k64_exec_vwsub_w_vx, "V,W,s", TW1)
	MV(vwmulu, 0x38, VMUL) MX(vwmulu, 0x38, VMUL)
	MV(vwmulsu, 0x3a, VMUL) MX(vwmulsu, 0x3a, VMUL)
	MV(vwmul, 0x3b, VMUL) MX(vwmul, 0x3b, VMUL)
	MV(vwmaccu, 0x3c, VMUL) MX(vwmaccu, 0x3c, VMUL)
	MV(vwmacc, 0x3d, VMUL) MX(vwmacc, 0x3d, VMUL)
	MX(vwmaccus, 0x3e, VMUL)
	MV(vwmaccsu, 0x3f, VMUL) MX(vwmaccsu, 0x3f, VMUL)
	{ 0 }
};
