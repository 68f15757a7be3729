/* Vector floating point (RVV 1.0 §13, §14.3) through RVV intrinsics, at SEW 32 and 64, in all
 * five rounding modes: arithmetic, multiply-add, min/max, sign injection, square root, the
 * vfrec7/vfrsqrt7 estimates, vfclass, compares, merge/move, conversions (single-width,
 * widening, narrowing including .rtz and .rod, the Zvfhmin f16 <-> f32 pair) and ordered,
 * unordered, min/max and widening reductions. Prints a hash of each result array and fflags
 * after each operation. Strip-mined: the output is VLEN-independent (the unordered reductions
 * are accumulated strip by strip, so they too are, given sequential order within a strip;
 * QEMU 10 and karu64 both sum vfredusum sequentially). */
#include "common.h"

typedef float float32_t;
typedef double float64_t;

#define N 143
static uint8_t A[N * 8], B[N * 8], C[N * 8], R[N * 8];

static void fill(unsigned bits)
{
	for (int i = 0; i < N; i++) {
		uint64_t a, b, c;
		if (bits == 32) {
			a = rnd_f32(); b = rnd_f32(); c = rnd_f32();
		} else if (bits == 64) {
			a = rnd_f64(); b = rnd_f64(); c = rnd_f64();
		} else {
			a = rnd(); b = rnd(); c = rnd();
		}
		if (rnd() % 8 == 0)
			b = a;                          /* equal operands for compares and x - x */
		memcpy(A + i * bits / 8, &a, bits / 8);
		memcpy(B + i * bits / 8, &b, bits / 8);
		memcpy(C + i * bits / 8, &c, bits / 8);
	}
	memset(R, 0x5a, sizeof R);
}

static void report(const char *what, unsigned rm, size_t bytes)
{
	printf("%-20s %s %016llx fflags=%02lx\n", what, rm_name[rm], (unsigned long long)fnv(R, bytes), rd_fflags());
	clr_fflags();
	memset(R, 0x5a, sizeof R);
}

/* Single width at LMUL 2: EXPR computes `r` from a, b, c (vectors), s (scalar), m (mask). */
#define SLOOP(n, MB, EXPR)                                                                      \
	do {                                                                                    \
		for (size_t i = 0, vl; i < N; i += vl) {                                        \
			vl = __riscv_vsetvl_e##n##m2(N - i);                                    \
			vfloat##n##m2_t a = __riscv_vle##n##_v_f##n##m2((const float##n##_t *)A + i, vl); \
			vfloat##n##m2_t b = __riscv_vle##n##_v_f##n##m2((const float##n##_t *)B + i, vl); \
			vfloat##n##m2_t c = __riscv_vle##n##_v_f##n##m2((const float##n##_t *)C + i, vl); \
			vbool##MB##_t m = __riscv_vmsne_vx_u##n##m2_b##MB(                       \
				__riscv_vreinterpret_v_f##n##m2_u##n##m2(c), 0, vl);            \
			(void)a; (void)b; (void)c; (void)m;                                     \
			vfloat##n##m2_t r = EXPR;                                               \
			__riscv_vse##n##_v_f##n##m2((float##n##_t *)R + i, r, vl);              \
		}                                                                               \
	} while (0)
#define AS_F(n, u) __riscv_vreinterpret_v_u##n##m2_f##n##m2(u)
#define AS_FI(n, x) __riscv_vreinterpret_v_i##n##m2_f##n##m2(x)
#define MASK_TO_F(n, mask) __riscv_vmerge_vvm_f##n##m2(a, b, mask, vl)

#define S_TESTS(n, MB, float_t)                                                                 \
static void single_e##n(unsigned rm, float_t s)                                                 \
{                                                                                               \
	size_t by = N * n / 8;                                                                  \
	set_frm(rm);                                                                            \
	SLOOP(n, MB, __riscv_vfadd_vv_f##n##m2(a, b, vl)); report("vfadd.vv", rm, by);          \
	SLOOP(n, MB, __riscv_vfadd_vf_f##n##m2(a, s, vl)); report("vfadd.vf", rm, by);          \
	SLOOP(n, MB, __riscv_vfadd_vv_f##n##m2_mu(m, c, a, b, vl)); report("vfadd.vv.m", rm, by); \
	SLOOP(n, MB, __riscv_vfsub_vv_f##n##m2(a, b, vl)); report("vfsub.vv", rm, by);          \
	SLOOP(n, MB, __riscv_vfsub_vf_f##n##m2(a, s, vl)); report("vfsub.vf", rm, by);          \
	SLOOP(n, MB, __riscv_vfrsub_vf_f##n##m2(a, s, vl)); report("vfrsub.vf", rm, by);        \
	SLOOP(n, MB, __riscv_vfmul_vv_f##n##m2(a, b, vl)); report("vfmul.vv", rm, by);          \
	SLOOP(n, MB, __riscv_vfmul_vf_f##n##m2_mu(m, c, a, s, vl)); report("vfmul.vf.m", rm, by); \
	SLOOP(n, MB, __riscv_vfdiv_vv_f##n##m2(a, b, vl)); report("vfdiv.vv", rm, by);          \
	SLOOP(n, MB, __riscv_vfdiv_vf_f##n##m2(a, s, vl)); report("vfdiv.vf", rm, by);          \
	SLOOP(n, MB, __riscv_vfrdiv_vf_f##n##m2(a, s, vl)); report("vfrdiv.vf", rm, by);        \
	SLOOP(n, MB, __riscv_vfmin_vv_f##n##m2(a, b, vl)); report("vfmin.vv", rm, by);          \
	SLOOP(n, MB, __riscv_vfmax_vv_f##n##m2(a, b, vl)); report("vfmax.vv", rm, by);          \
	SLOOP(n, MB, __riscv_vfmin_vf_f##n##m2(a, s, vl)); report("vfmin.vf", rm, by);          \
	SLOOP(n, MB, __riscv_vfmax_vf_f##n##m2_mu(m, c, a, s, vl)); report("vfmax.vf.m", rm, by); \
	SLOOP(n, MB, __riscv_vfsgnj_vv_f##n##m2(a, b, vl)); report("vfsgnj.vv", rm, by);        \
	SLOOP(n, MB, __riscv_vfsgnjn_vv_f##n##m2(a, b, vl)); report("vfsgnjn.vv", rm, by);      \
	SLOOP(n, MB, __riscv_vfsgnjx_vv_f##n##m2(a, b, vl)); report("vfsgnjx.vv", rm, by);      \
	SLOOP(n, MB, __riscv_vfsgnj_vf_f##n##m2(a, s, vl)); report("vfsgnj.vf", rm, by);        \
	SLOOP(n, MB, __riscv_vfsgnjn_vf_f##n##m2(a, s, vl)); report("vfsgnjn.vf", rm, by);      \
	SLOOP(n, MB, __riscv_vfsgnjx_vf_f##n##m2(a, s, vl)); report("vfsgnjx.vf", rm, by);      \
	SLOOP(n, MB, __riscv_vfmacc_vv_f##n##m2(c, a, b, vl)); report("vfmacc.vv", rm, by);     \
	SLOOP(n, MB, __riscv_vfnmacc_vv_f##n##m2(c, a, b, vl)); report("vfnmacc.vv", rm, by);   \
	SLOOP(n, MB, __riscv_vfmsac_vv_f##n##m2(c, a, b, vl)); report("vfmsac.vv", rm, by);     \
	SLOOP(n, MB, __riscv_vfnmsac_vv_f##n##m2(c, a, b, vl)); report("vfnmsac.vv", rm, by);   \
	SLOOP(n, MB, __riscv_vfmadd_vv_f##n##m2(c, a, b, vl)); report("vfmadd.vv", rm, by);     \
	SLOOP(n, MB, __riscv_vfnmadd_vv_f##n##m2(c, a, b, vl)); report("vfnmadd.vv", rm, by);   \
	SLOOP(n, MB, __riscv_vfmsub_vv_f##n##m2(c, a, b, vl)); report("vfmsub.vv", rm, by);     \
	SLOOP(n, MB, __riscv_vfnmsub_vv_f##n##m2(c, a, b, vl)); report("vfnmsub.vv", rm, by);   \
	SLOOP(n, MB, __riscv_vfmacc_vf_f##n##m2(c, s, b, vl)); report("vfmacc.vf", rm, by);     \
	SLOOP(n, MB, __riscv_vfnmacc_vf_f##n##m2(c, s, b, vl)); report("vfnmacc.vf", rm, by);   \
	SLOOP(n, MB, __riscv_vfmsac_vf_f##n##m2(c, s, b, vl)); report("vfmsac.vf", rm, by);     \
	SLOOP(n, MB, __riscv_vfnmsac_vf_f##n##m2(c, s, b, vl)); report("vfnmsac.vf", rm, by);   \
	SLOOP(n, MB, __riscv_vfmadd_vf_f##n##m2(c, s, b, vl)); report("vfmadd.vf", rm, by);     \
	SLOOP(n, MB, __riscv_vfnmadd_vf_f##n##m2(c, s, b, vl)); report("vfnmadd.vf", rm, by);   \
	SLOOP(n, MB, __riscv_vfmsub_vf_f##n##m2(c, s, b, vl)); report("vfmsub.vf", rm, by);     \
	SLOOP(n, MB, __riscv_vfnmsub_vf_f##n##m2_mu(m, c, s, b, vl)); report("vfnmsub.vf.m", rm, by); \
	SLOOP(n, MB, __riscv_vfsqrt_v_f##n##m2(a, vl)); report("vfsqrt.v", rm, by);             \
	SLOOP(n, MB, __riscv_vfsqrt_v_f##n##m2_mu(m, c, a, vl)); report("vfsqrt.v.m", rm, by);  \
	SLOOP(n, MB, __riscv_vfrec7_v_f##n##m2(a, vl)); report("vfrec7.v", rm, by);             \
	SLOOP(n, MB, __riscv_vfrsqrt7_v_f##n##m2(a, vl)); report("vfrsqrt7.v", rm, by);         \
	SLOOP(n, MB, AS_F(n, __riscv_vfclass_v_u##n##m2(a, vl))); report("vfclass.v", rm, by);  \
	SLOOP(n, MB, AS_FI(n, __riscv_vfcvt_x_f_v_i##n##m2(a, vl))); report("vfcvt.x.f.v", rm, by); \
	SLOOP(n, MB, AS_F(n, __riscv_vfcvt_xu_f_v_u##n##m2(a, vl))); report("vfcvt.xu.f.v", rm, by); \
	SLOOP(n, MB, AS_FI(n, __riscv_vfcvt_rtz_x_f_v_i##n##m2(a, vl))); report("vfcvt.rtz.x.f.v", rm, by); \
	SLOOP(n, MB, AS_F(n, __riscv_vfcvt_rtz_xu_f_v_u##n##m2(a, vl))); report("vfcvt.rtz.xu.f.v", rm, by); \
	SLOOP(n, MB, __riscv_vfcvt_f_x_v_f##n##m2(__riscv_vreinterpret_v_f##n##m2_i##n##m2(a), vl)); report("vfcvt.f.x.v", rm, by); \
	SLOOP(n, MB, __riscv_vfcvt_f_xu_v_f##n##m2(__riscv_vreinterpret_v_f##n##m2_u##n##m2(a), vl)); report("vfcvt.f.xu.v", rm, by); \
	SLOOP(n, MB, MASK_TO_F(n, __riscv_vmfeq_vv_f##n##m2_b##MB(a, b, vl))); report("vmfeq.vv", rm, by); \
	SLOOP(n, MB, MASK_TO_F(n, __riscv_vmfne_vv_f##n##m2_b##MB(a, b, vl))); report("vmfne.vv", rm, by); \
	SLOOP(n, MB, MASK_TO_F(n, __riscv_vmflt_vv_f##n##m2_b##MB(a, b, vl))); report("vmflt.vv", rm, by); \
	SLOOP(n, MB, MASK_TO_F(n, __riscv_vmfle_vv_f##n##m2_b##MB(a, b, vl))); report("vmfle.vv", rm, by); \
	SLOOP(n, MB, MASK_TO_F(n, __riscv_vmfeq_vf_f##n##m2_b##MB(a, s, vl))); report("vmfeq.vf", rm, by); \
	SLOOP(n, MB, MASK_TO_F(n, __riscv_vmfne_vf_f##n##m2_b##MB(a, s, vl))); report("vmfne.vf", rm, by); \
	SLOOP(n, MB, MASK_TO_F(n, __riscv_vmflt_vf_f##n##m2_b##MB(a, s, vl))); report("vmflt.vf", rm, by); \
	SLOOP(n, MB, MASK_TO_F(n, __riscv_vmfle_vf_f##n##m2_b##MB(a, s, vl))); report("vmfle.vf", rm, by); \
	SLOOP(n, MB, MASK_TO_F(n, __riscv_vmfgt_vf_f##n##m2_b##MB(a, s, vl))); report("vmfgt.vf", rm, by); \
	SLOOP(n, MB, MASK_TO_F(n, __riscv_vmfge_vf_f##n##m2_b##MB(a, s, vl))); report("vmfge.vf", rm, by); \
	SLOOP(n, MB, MASK_TO_F(n, __riscv_vmflt_vv_f##n##m2_b##MB##_mu(m, m, a, b, vl))); report("vmflt.vv.m", rm, by); \
	SLOOP(n, MB, __riscv_vfmerge_vfm_f##n##m2(a, s, m, vl)); report("vfmerge.vfm", rm, by); \
	SLOOP(n, MB, __riscv_vfmv_v_f_f##n##m2(s, vl)); report("vfmv.v.f", rm, by);             \
}
S_TESTS(32, 16, float)
S_TESTS(64, 32, double)

/* Reductions, strip by strip into one accumulator. */
#define RED(n, MB, NAME, EXPR)                                                                      \
	do {                                                                                    \
		vfloat##n##m1_t acc = __riscv_vfmv_s_f_f##n##m1(s, 1);                          \
		for (size_t i = 0, vl; i < N; i += vl) {                                        \
			vl = __riscv_vsetvl_e##n##m4(N - i);                                    \
			vfloat##n##m4_t a = __riscv_vle##n##_v_f##n##m4((const float##n##_t *)A + i, vl); \
			vbool##MB##_t m = __riscv_vmsne_vx_u##n##m4_b##MB(                         \
				__riscv_vle##n##_v_u##n##m4((const uint##n##_t *)C + i, vl), 0, vl); \
			(void)m;                                                                \
			acc = EXPR;                                                             \
		}                                                                               \
		__riscv_vse##n##_v_f##n##m1((float##n##_t *)R, acc, 1);                         \
		report(NAME, rm, 8);                                                            \
	} while (0)
#define RED_TESTS(n, MB, float_t)                                                                   \
static void red_e##n(unsigned rm, float_t s)                                                    \
{                                                                                               \
	set_frm(rm);                                                                            \
	RED(n, MB, "vfredosum.vs", __riscv_vfredosum_vs_f##n##m4_f##n##m1(a, acc, vl));              \
	RED(n, MB, "vfredusum.vs", __riscv_vfredusum_vs_f##n##m4_f##n##m1(a, acc, vl));              \
	RED(n, MB, "vfredosum.vs.m", __riscv_vfredosum_vs_f##n##m4_f##n##m1_m(m, a, acc, vl));       \
	RED(n, MB, "vfredusum.vs.m", __riscv_vfredusum_vs_f##n##m4_f##n##m1_m(m, a, acc, vl));       \
	RED(n, MB, "vfredmin.vs", __riscv_vfredmin_vs_f##n##m4_f##n##m1(a, acc, vl));                \
	RED(n, MB, "vfredmax.vs", __riscv_vfredmax_vs_f##n##m4_f##n##m1(a, acc, vl));                \
	RED(n, MB, "vfredmax.vs.m", __riscv_vfredmax_vs_f##n##m4_f##n##m1_m(m, a, acc, vl));         \
}
RED_TESTS(32, 8, float)
RED_TESTS(64, 16, double)

static void wred(unsigned rm, double s)
{
	set_frm(rm);
	for (int masked = 0; masked < 2; masked++)
		for (int ordered = 0; ordered < 2; ordered++) {
			vfloat64m1_t acc = __riscv_vfmv_s_f_f64m1(s, 1);
			for (size_t i = 0, vl; i < N; i += vl) {
				vl = __riscv_vsetvl_e32m4(N - i);
				vfloat32m4_t a = __riscv_vle32_v_f32m4((const float *)A + i, vl);
				vbool8_t m = __riscv_vmsne_vx_u32m4_b8(__riscv_vle32_v_u32m4((const uint32_t *)C + i, vl), 0, vl);
				if (masked)
					acc = ordered ? __riscv_vfwredosum_vs_f32m4_f64m1_m(m, a, acc, vl)
						      : __riscv_vfwredusum_vs_f32m4_f64m1_m(m, a, acc, vl);
				else
					acc = ordered ? __riscv_vfwredosum_vs_f32m4_f64m1(a, acc, vl)
						      : __riscv_vfwredusum_vs_f32m4_f64m1(a, acc, vl);
			}
			__riscv_vse64_v_f64m1((double *)R, acc, 1);
			report(ordered ? (masked ? "vfwredosum.vs.m" : "vfwredosum.vs") : (masked ? "vfwredusum.vs.m" : "vfwredusum.vs"), rm, 8);
		}
}

/* Widening f32 -> f64 (narrow operands at LMUL 1, wide at LMUL 2). */
#define WLOOP(EXPR)                                                                             \
	do {                                                                                    \
		for (size_t i = 0, vl; i < N; i += vl) {                                        \
			vl = __riscv_vsetvl_e32m1(N - i);                                       \
			vfloat32m1_t a = __riscv_vle32_v_f32m1((const float *)A + i, vl);       \
			vfloat32m1_t b = __riscv_vle32_v_f32m1((const float *)B + i, vl);       \
			vfloat64m2_t w = __riscv_vle64_v_f64m2((const double *)C + i, vl);      \
			vbool32_t m = __riscv_vmsne_vx_u32m1_b32(__riscv_vreinterpret_v_f32m1_u32m1(b), 0, vl); \
			(void)a; (void)b; (void)w; (void)m;                                     \
			vfloat64m2_t r = EXPR;                                                  \
			__riscv_vse64_v_f64m2((double *)R + i, r, vl);                          \
		}                                                                               \
		report(#EXPR, rm, N * 8);                                                      \
	} while (0)
#define AS_W(x) __riscv_vreinterpret_v_i64m2_f64m2(x)
#define AS_WU(x) __riscv_vreinterpret_v_u64m2_f64m2(x)

static void widening(unsigned rm, float s)
{
	set_frm(rm);
	/* A and B hold f32 data (C holds f64 for the wide operands). */
	WLOOP(__riscv_vfwadd_vv_f64m2(a, b, vl));
	WLOOP(__riscv_vfwadd_vf_f64m2(a, s, vl));
	WLOOP(__riscv_vfwadd_wv_f64m2(w, a, vl));
	WLOOP(__riscv_vfwadd_wf_f64m2(w, s, vl));
	WLOOP(__riscv_vfwsub_vv_f64m2(a, b, vl));
	WLOOP(__riscv_vfwsub_vf_f64m2_mu(m, w, a, s, vl));
	WLOOP(__riscv_vfwsub_wv_f64m2(w, a, vl));
	WLOOP(__riscv_vfwsub_wf_f64m2(w, s, vl));
	WLOOP(__riscv_vfwmul_vv_f64m2(a, b, vl));
	WLOOP(__riscv_vfwmul_vf_f64m2(a, s, vl));
	WLOOP(__riscv_vfwmacc_vv_f64m2(w, a, b, vl));
	WLOOP(__riscv_vfwnmacc_vv_f64m2(w, a, b, vl));
	WLOOP(__riscv_vfwmsac_vv_f64m2(w, a, b, vl));
	WLOOP(__riscv_vfwnmsac_vv_f64m2_mu(m, w, a, b, vl));
	WLOOP(__riscv_vfwmacc_vf_f64m2(w, s, b, vl));
	WLOOP(__riscv_vfwnmacc_vf_f64m2(w, s, b, vl));
	WLOOP(__riscv_vfwmsac_vf_f64m2(w, s, b, vl));
	WLOOP(__riscv_vfwnmsac_vf_f64m2(w, s, b, vl));
	WLOOP(__riscv_vfwcvt_f_f_v_f64m2(a, vl));
	WLOOP(AS_W(__riscv_vfwcvt_x_f_v_i64m2(a, vl)));
	WLOOP(AS_WU(__riscv_vfwcvt_xu_f_v_u64m2(a, vl)));
	WLOOP(AS_W(__riscv_vfwcvt_rtz_x_f_v_i64m2(a, vl)));
	WLOOP(AS_WU(__riscv_vfwcvt_rtz_xu_f_v_u64m2_mu(m, __riscv_vreinterpret_v_f64m2_u64m2(w), a, vl)));
	WLOOP(__riscv_vfwcvt_f_x_v_f64m2(__riscv_vreinterpret_v_f32m1_i32m1(a), vl));
	WLOOP(__riscv_vfwcvt_f_xu_v_f64m2(__riscv_vreinterpret_v_f32m1_u32m1(a), vl));
}

/* Narrowing f64 -> f32 and to 32-bit integers (wide source at LMUL 2 from C). */
#define NLOOP(EXPR)                                                                             \
	do {                                                                                    \
		for (size_t i = 0, vl; i < N; i += vl) {                                        \
			vl = __riscv_vsetvl_e32m1(N - i);                                       \
			vfloat64m2_t w = __riscv_vle64_v_f64m2((const double *)C + i, vl);      \
			vfloat32m1_t b = __riscv_vle32_v_f32m1((const float *)B + i, vl);       \
			vbool32_t m = __riscv_vmsne_vx_u32m1_b32(__riscv_vreinterpret_v_f32m1_u32m1(b), 0, vl); \
			(void)m;                                                                \
			vfloat32m1_t r = EXPR;                                                  \
			__riscv_vse32_v_f32m1((float *)R + i, r, vl);                           \
		}                                                                               \
		report(#EXPR, rm, N * 4);                                                      \
	} while (0)
#define AS_N(x) __riscv_vreinterpret_v_i32m1_f32m1(x)
#define AS_NU(x) __riscv_vreinterpret_v_u32m1_f32m1(x)
static void narrowing(unsigned rm)
{
	set_frm(rm);
	NLOOP(__riscv_vfncvt_f_f_w_f32m1(w, vl));
	NLOOP(__riscv_vfncvt_f_f_w_f32m1_mu(m, b, w, vl));
	NLOOP(__riscv_vfncvt_rod_f_f_w_f32m1(w, vl));
	NLOOP(AS_N(__riscv_vfncvt_x_f_w_i32m1(w, vl)));
	NLOOP(AS_NU(__riscv_vfncvt_xu_f_w_u32m1(w, vl)));
	NLOOP(AS_N(__riscv_vfncvt_rtz_x_f_w_i32m1(w, vl)));
	NLOOP(AS_NU(__riscv_vfncvt_rtz_xu_f_w_u32m1(w, vl)));
	NLOOP(__riscv_vfncvt_f_x_w_f32m1(__riscv_vreinterpret_v_f64m2_i64m2(w), vl));
	NLOOP(__riscv_vfncvt_f_xu_w_f32m1(__riscv_vreinterpret_v_f64m2_u64m2(w), vl));
}

/* SEW = 16: the Zvfhmin conversions, f32 -> i16/u16 and i16/u16 -> f32 (A holds f32 data). */
static void half(unsigned rm)
{
	set_frm(rm);
	for (int k = 0; k < 8; k++) {
		for (size_t i = 0, vl; i < N; i += vl) {
			vl = __riscv_vsetvl_e16m1(N - i);
			vfloat32m2_t a = __riscv_vle32_v_f32m2((const float *)A + i, vl);
			vuint16m1_t hraw = __riscv_vle16_v_u16m1((const uint16_t *)B + i, vl);
			switch (k) {
			case 0: __riscv_vse16_v_f16m1((_Float16 *)R + i, __riscv_vfncvt_f_f_w_f16m1(a, vl), vl); break;
			case 1: __riscv_vse16_v_i16m1((int16_t *)R + i, __riscv_vfncvt_x_f_w_i16m1(a, vl), vl); break;
			case 2: __riscv_vse16_v_u16m1((uint16_t *)R + i, __riscv_vfncvt_xu_f_w_u16m1(a, vl), vl); break;
			case 3: __riscv_vse16_v_i16m1((int16_t *)R + i, __riscv_vfncvt_rtz_x_f_w_i16m1(a, vl), vl); break;
			case 4: __riscv_vse16_v_u16m1((uint16_t *)R + i, __riscv_vfncvt_rtz_xu_f_w_u16m1(a, vl), vl); break;
			case 5: __riscv_vse32_v_f32m2((float *)R + i, __riscv_vfwcvt_f_f_v_f32m2(__riscv_vreinterpret_v_u16m1_f16m1(hraw), vl), vl); break;
			case 6: __riscv_vse32_v_f32m2((float *)R + i, __riscv_vfwcvt_f_x_v_f32m2(__riscv_vreinterpret_v_u16m1_i16m1(hraw), vl), vl); break;
			default: __riscv_vse32_v_f32m2((float *)R + i, __riscv_vfwcvt_f_xu_v_f32m2(hraw, vl), vl); break;
			}
		}
		static const char *const nm[8] = { "vfncvt.f.f.w e16", "vfncvt.x.f.w e16", "vfncvt.xu.f.w e16",
			"vfncvt.rtz.x.f.w e16", "vfncvt.rtz.xu.f.w e16", "vfwcvt.f.f.v e16", "vfwcvt.f.x.v e16", "vfwcvt.f.xu.v e16" };
		report(nm[k], rm, N * 4);
	}
}

int main(void)
{
	for (int round = 0; round < 4; round++) {
		static const float s32[] = { 1.5f, -0.0f, 3.0e38f, 1e-40f };
		static const double s64[] = { -2.25, 0.0, 1e308, 5e-324 };
		fill(32);
		for (unsigned rm = 0; rm < 5; rm++) {
			single_e32(rm, s32[round]);
			red_e32(rm, s32[round]);
			widening(rm, s32[round]);
			half(rm);
		}
		fill(64);
		for (unsigned rm = 0; rm < 5; rm++) {
			single_e64(rm, s64[round]);
			red_e64(rm, s64[round]);
			narrowing(rm);
			wred(rm, s64[round]);
		}
	}
	return 0;
}
