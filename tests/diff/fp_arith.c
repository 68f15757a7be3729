/* F and D add/sub/mul/div in all five rounding modes (dynamic via frm, and static rm fields),
 * printing result bits and the fflags each operation raised. Operands: boundary values
 * (zeros, subnormals, max, inf, qNaN/sNaN with payloads) and random bit patterns. */
#include "fp_common.h"

#pragma STDC FENV_ACCESS ON

static void dyn_ops(void)
{
	for (unsigned rm = 0; rm < 5; rm++) {
		set_rm(rm);
		for (unsigned i = 0; i < N_DBL_VALS; i++)
			for (unsigned j = 0; j < N_DBL_VALS; j++) {
				uint64_t a = dbl_vals[i], b = dbl_vals[j], r[4]; unsigned f[4];
				clr_fflags(); r[0] = D2("fadd.d", a, b); f[0] = get_fflags();
				clr_fflags(); r[1] = D2("fsub.d", a, b); f[1] = get_fflags();
				clr_fflags(); r[2] = D2("fmul.d", a, b); f[2] = get_fflags();
				clr_fflags(); r[3] = D2("fdiv.d", a, b); f[3] = get_fflags();
				printf("d %u %2u %2u %016llx/%02x %016llx/%02x %016llx/%02x %016llx/%02x\n", rm, i, j,
				       (u64)r[0], f[0], (u64)r[1], f[1], (u64)r[2], f[2], (u64)r[3], f[3]);
			}
		for (unsigned i = 0; i < N_FLT_VALS; i++)
			for (unsigned j = 0; j < N_FLT_VALS; j++) {
				uint32_t a = flt_vals[i], b = flt_vals[j], r[4]; unsigned f[4];
				clr_fflags(); r[0] = S2("fadd.s", a, b); f[0] = get_fflags();
				clr_fflags(); r[1] = S2("fsub.s", a, b); f[1] = get_fflags();
				clr_fflags(); r[2] = S2("fmul.s", a, b); f[2] = get_fflags();
				clr_fflags(); r[3] = S2("fdiv.s", a, b); f[3] = get_fflags();
				printf("s %u %2u %2u %08x/%02x %08x/%02x %08x/%02x %08x/%02x\n", rm, i, j,
				       r[0], f[0], r[1], f[1], r[2], f[2], r[3], f[3]);
			}
	}
}

/* Random operands with a narrow exponent spread so that results round in interesting ways,
 * each with every static rounding mode. */
static uint64_t rnd_d(void)
{
	uint64_t x = rng64();
	unsigned k = x & 7;
	if (k == 0) return x & 0x800fffffffffffffull;                        /* subnormal */
	if (k == 1) return (x & 0x800fffffffffffffull) | 0x7fe0000000000000ull; /* near max */
	return (x & 0x800fffffffffffffull) | ((uint64_t)(0x3f0 + (x >> 52 & 0x1f)) << 52);
}

static void static_ops(void)
{
	uint64_t hd = 0; uint32_t hs = 0;
	set_rm(0);
	for (int k = 0; k < 1500; k++) {
		uint64_t a = rnd_d(), b = rnd_d();
		uint32_t as = (uint32_t)(rnd_d() >> 29) ^ (uint32_t)(a >> 63 << 31), bs = (uint32_t)(rnd_d() >> 29);
		uint64_t r[5]; uint32_t s[5];
#define ALLRM(M, insn, x, y, out) \
	clr_fflags(); out[0] = M(insn, x, y, "rne"); out[0] ^= get_fflags(); \
	clr_fflags(); out[1] = M(insn, x, y, "rtz"); out[1] ^= get_fflags(); \
	clr_fflags(); out[2] = M(insn, x, y, "rdn"); out[2] ^= get_fflags(); \
	clr_fflags(); out[3] = M(insn, x, y, "rup"); out[3] ^= get_fflags(); \
	clr_fflags(); out[4] = M(insn, x, y, "rmm"); out[4] ^= (uint64_t)get_fflags() << 8
		ALLRM(D2R, "fadd.d", a, b, r);
		if (k < 100) printf("fadd.d %016llx %016llx: %016llx %016llx %016llx %016llx %016llx\n",
				    (u64)a, (u64)b, (u64)r[0], (u64)r[1], (u64)r[2], (u64)r[3], (u64)r[4]);
		for (int q = 0; q < 5; q++) hd = hd * 31 + r[q];
		ALLRM(D2R, "fmul.d", a, b, r);
		for (int q = 0; q < 5; q++) hd = hd * 31 + r[q];
		ALLRM(D2R, "fdiv.d", a, b, r);
		for (int q = 0; q < 5; q++) hd = hd * 31 + r[q];
		ALLRM(D2R, "fsub.d", a, b, r);
		for (int q = 0; q < 5; q++) hd = hd * 31 + r[q];
		ALLRM(S2R, "fadd.s", as, bs, s);
		if (k < 100) printf("fadd.s %08x %08x: %08x %08x %08x %08x %08x\n", as, bs, s[0], s[1], s[2], s[3], s[4]);
		for (int q = 0; q < 5; q++) hs = hs * 31 + s[q];
		ALLRM(S2R, "fmul.s", as, bs, s);
		for (int q = 0; q < 5; q++) hs = hs * 31 + s[q];
		ALLRM(S2R, "fdiv.s", as, bs, s);
		for (int q = 0; q < 5; q++) hs = hs * 31 + s[q];
		ALLRM(S2R, "fsub.s", as, bs, s);
		for (int q = 0; q < 5; q++) hs = hs * 31 + s[q];
	}
	printf("static-rm hash d %016llx s %08x\n", (u64)hd, hs);
}

/* The same operations written in C, compiled to dynamic-rm instructions; flags via fenv.h. */
static void c_level(void)
{
	static const int modes[] = { FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD };
	for (int m = 0; m < 4; m++) {
		fesetround(modes[m]);
		volatile double x = 1.0, y = 3.0, big = 1e308, tiny = 4.9e-324;
		volatile float fx = 1.0f, fy = 3.0f;
		feclearexcept(FE_ALL_EXCEPT);
		volatile double q = x / y;
		volatile float fq = fx / fy;
		volatile double o = big * 10.0;
		volatile double u = tiny / 2.0;
		volatile double z = x / (y - 3.0);
		volatile double n = (big * 10.0) - (big * 10.0);
		int ex = fetestexcept(FE_ALL_EXCEPT);
		printf("C mode %d: %016llx %08x %016llx %016llx %016llx %016llx flags %02x fegetround ok %d\n", m,
		       (u64)dbits(q), fbits(fq), (u64)dbits(o), (u64)dbits(u), (u64)dbits(z), (u64)dbits(n), ex,
		       fegetround() == modes[m]);
	}
	fesetround(FE_TONEAREST);
	/* fflags accrue: several operations without clearing. */
	clr_fflags();
	(void)D2("fdiv.d", 0x3ff0000000000000ull, 0);
	(void)D2("fadd.d", 0x3ff0000000000000ull, 0x3c90000000000001ull);
	printf("accrued %02x fcsr %03x\n", get_fflags(), get_fcsr());
}

int main(void)
{
	dyn_ops();
	static_ops();
	c_level();
	return 0;
}
