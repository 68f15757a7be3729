/* Fixed-point instructions (RVV 1.0 §12) through RVV intrinsics: saturating add/subtract,
 * averaging add/subtract, vsmul, scaling shifts and narrowing clips, for every SEW, the four
 * vxrm modes, .vv/.vx/.vi forms and masked (undisturbed) variants. Prints a hash of each
 * result array and vxsat after each operation. Strip-mined: the output is VLEN-independent. */
#include "common.h"

#define N 157
static uint8_t A[N * 8], B[N * 8], R[N * 8], W[N * 8];

static void fill(unsigned bits)
{
	for (int i = 0; i < N; i++) {
		uint64_t a = rnd_int(bits), b = rnd_int(bits), w = rnd_int(2 * bits > 64 ? 64 : 2 * bits);
		if (rnd() % 3 == 0)
			b %= bits * 2 + 1;        /* shift amounts in range */
		memcpy(A + i * bits / 8, &a, bits / 8);
		memcpy(B + i * bits / 8, &b, bits / 8);
		if (bits < 64)
			memcpy(W + i * bits / 4, &w, bits / 4);
	}
	memset(R, 0x5a, sizeof R);
}

static void report(const char *what, unsigned bits)
{
	printf("%-16s e%-2u %016llx vxsat=%lu\n", what, bits, (unsigned long long)fnv(R, N * bits / 8), rd_vxsat());
	clr_vxsat();
	memset(R, 0x5a, sizeof R);
}

/* One strip-mined loop over LMUL = 2: EXPR computes `r` from `a`, `b` and the mask `m`. */
#define LOOP(bits, sfx, T, MB, EXPR)                                                            \
	do {                                                                                    \
		for (size_t i = 0, vl; i < N; i += vl) {                                        \
			vl = __riscv_vsetvl_e##bits##m2(N - i);                                 \
			v##T##bits##m2_t a = __riscv_vle##bits##_v_##sfx##bits##m2((const T##bits##_t *)A + i, vl); \
			v##T##bits##m2_t b = __riscv_vle##bits##_v_##sfx##bits##m2((const T##bits##_t *)B + i, vl); \
			vbool##MB##_t m = __riscv_vmsne_vx_##sfx##bits##m2_b##MB(a, 3, vl);     \
			(void)m;                                                                \
			v##T##bits##m2_t r = EXPR;                                              \
			__riscv_vse##bits##_v_##sfx##bits##m2((T##bits##_t *)R + i, r, vl);     \
		}                                                                               \
	} while (0)

#define ALL_VXRM(NAME, bits, sfx, T, MB, OP)                                                    \
	do {                                                                                    \
		LOOP(bits, sfx, T, MB, OP(bits, __RISCV_VXRM_RNU)); report(NAME ".rnu", bits);   \
		LOOP(bits, sfx, T, MB, OP(bits, __RISCV_VXRM_RNE)); report(NAME ".rne", bits);   \
		LOOP(bits, sfx, T, MB, OP(bits, __RISCV_VXRM_RDN)); report(NAME ".rdn", bits);   \
		LOOP(bits, sfx, T, MB, OP(bits, __RISCV_VXRM_ROD)); report(NAME ".rod", bits);   \
	} while (0)

#define VAADDU_VV(n, x) __riscv_vaaddu_vv_u##n##m2(a, b, x, vl)
#define VAADDU_VX(n, x) __riscv_vaaddu_vx_u##n##m2(a, (uint##n##_t)s, x, vl)
#define VASUBU_VV(n, x) __riscv_vasubu_vv_u##n##m2(a, b, x, vl)
#define VASUBU_VX(n, x) __riscv_vasubu_vx_u##n##m2_mu(m, b, a, (uint##n##_t)s, x, vl)
#define VAADD_VV(n, x)  __riscv_vaadd_vv_i##n##m2(a, b, x, vl)
#define VAADD_VX(n, x)  __riscv_vaadd_vx_i##n##m2(a, (int##n##_t)s, x, vl)
#define VASUB_VV(n, x)  __riscv_vasub_vv_i##n##m2(a, b, x, vl)
#define VASUB_VXM(n, x) __riscv_vasub_vx_i##n##m2_mu(m, a, b, (int##n##_t)s, x, vl)
#define VSMUL_VV(n, x)  __riscv_vsmul_vv_i##n##m2(a, b, x, vl)
#define VSMUL_VX(n, x)  __riscv_vsmul_vx_i##n##m2(a, (int##n##_t)s, x, vl)
#define VSMUL_VVM(n, x) __riscv_vsmul_vv_i##n##m2_mu(m, b, a, b, x, vl)
#define VSSRL_VV(n, x)  __riscv_vssrl_vv_u##n##m2(a, b, x, vl)
#define VSSRL_VX(n, x)  __riscv_vssrl_vx_u##n##m2(a, (size_t)s, x, vl)
#define VSSRL_VI(n, x)  __riscv_vssrl_vx_u##n##m2(a, 3, x, vl)
#define VSSRL_VI31(n, x) __riscv_vssrl_vx_u##n##m2(a, 31, x, vl)
#define VSSRA_VV(n, x)  __riscv_vssra_vv_i##n##m2(a, __riscv_vreinterpret_v_i##n##m2_u##n##m2(b), x, vl)
#define VSSRA_VX(n, x)  __riscv_vssra_vx_i##n##m2(a, (size_t)s, x, vl)
#define VSSRA_VIM(n, x) __riscv_vssra_vx_i##n##m2_mu(m, b, a, 1, x, vl)

#define SW_TESTS(bits, MB)                                                                      \
static void test_e##bits(void)                                                                  \
{                                                                                               \
	fill(bits);                                                                             \
	const uint64_t s = rnd_int(bits);                                                       \
	LOOP(bits, u, uint, MB, __riscv_vsaddu_vv_u##bits##m2(a, b, vl)); report("vsaddu.vv", bits); \
	LOOP(bits, u, uint, MB, __riscv_vsaddu_vx_u##bits##m2(a, (uint##bits##_t)s, vl)); report("vsaddu.vx", bits); \
	LOOP(bits, u, uint, MB, __riscv_vsaddu_vx_u##bits##m2(a, 13, vl)); report("vsaddu.vi", bits); \
	LOOP(bits, u, uint, MB, __riscv_vsaddu_vx_u##bits##m2(a, (uint##bits##_t)-5, vl)); report("vsaddu.vi-", bits); \
	LOOP(bits, u, uint, MB, __riscv_vsaddu_vv_u##bits##m2_mu(m, b, a, a, vl)); report("vsaddu.vv.m", bits); \
	LOOP(bits, u, uint, MB, __riscv_vssubu_vv_u##bits##m2(a, b, vl)); report("vssubu.vv", bits); \
	LOOP(bits, u, uint, MB, __riscv_vssubu_vx_u##bits##m2(a, (uint##bits##_t)s, vl)); report("vssubu.vx", bits); \
	LOOP(bits, i, int, MB, __riscv_vsadd_vv_i##bits##m2(a, b, vl)); report("vsadd.vv", bits); \
	LOOP(bits, i, int, MB, __riscv_vsadd_vx_i##bits##m2(a, (int##bits##_t)s, vl)); report("vsadd.vx", bits); \
	LOOP(bits, i, int, MB, __riscv_vsadd_vx_i##bits##m2(a, -16, vl)); report("vsadd.vi", bits); \
	LOOP(bits, i, int, MB, __riscv_vsadd_vv_i##bits##m2_mu(m, a, a, b, vl)); report("vsadd.vv.m", bits); \
	LOOP(bits, i, int, MB, __riscv_vssub_vv_i##bits##m2(a, b, vl)); report("vssub.vv", bits); \
	LOOP(bits, i, int, MB, __riscv_vssub_vx_i##bits##m2(a, (int##bits##_t)s, vl)); report("vssub.vx", bits); \
	ALL_VXRM("vaaddu.vv", bits, u, uint, MB, VAADDU_VV);                                      \
	ALL_VXRM("vaaddu.vx", bits, u, uint, MB, VAADDU_VX);                                      \
	ALL_VXRM("vasubu.vv", bits, u, uint, MB, VASUBU_VV);                                      \
	ALL_VXRM("vasubu.vx.m", bits, u, uint, MB, VASUBU_VX);                                    \
	ALL_VXRM("vaadd.vv", bits, i, int, MB, VAADD_VV);                                         \
	ALL_VXRM("vaadd.vx", bits, i, int, MB, VAADD_VX);                                         \
	ALL_VXRM("vasub.vv", bits, i, int, MB, VASUB_VV);                                         \
	ALL_VXRM("vasub.vx.m", bits, i, int, MB, VASUB_VXM);                                      \
	ALL_VXRM("vsmul.vv", bits, i, int, MB, VSMUL_VV);                                         \
	ALL_VXRM("vsmul.vx", bits, i, int, MB, VSMUL_VX);                                         \
	ALL_VXRM("vsmul.vv.m", bits, i, int, MB, VSMUL_VVM);                                      \
	ALL_VXRM("vssrl.vv", bits, u, uint, MB, VSSRL_VV);                                        \
	ALL_VXRM("vssrl.vx", bits, u, uint, MB, VSSRL_VX);                                        \
	ALL_VXRM("vssrl.vi", bits, u, uint, MB, VSSRL_VI);                                        \
	ALL_VXRM("vssrl.vi31", bits, u, uint, MB, VSSRL_VI31);                                    \
	ALL_VXRM("vssra.vv", bits, i, int, MB, VSSRA_VV);                                         \
	ALL_VXRM("vssra.vx", bits, i, int, MB, VSSRA_VX);                                         \
	ALL_VXRM("vssra.vi.m", bits, i, int, MB, VSSRA_VIM);                                      \
}
SW_TESTS(8, 4)
SW_TESTS(16, 8)
SW_TESTS(32, 16)
SW_TESTS(64, 32)

/* Narrowing clips: a 2*SEW source at LMUL 2, an SEW result at LMUL 1. */
#define NLOOP(n, w, sfx, T, EXPR)                                                               \
	do {                                                                                    \
		for (size_t i = 0, vl; i < N; i += vl) {                                        \
			vl = __riscv_vsetvl_e##n##m1(N - i);                                    \
			v##T##w##m2_t a = __riscv_vle##w##_v_##sfx##w##m2((const T##w##_t *)W + i, vl); \
			vuint##n##m1_t b = __riscv_vle##n##_v_u##n##m1((const uint##n##_t *)B + i, vl); \
			vbool##n##_t m = __riscv_vmsne_vx_u##n##m1_b##n(b, 3, vl);              \
			(void)m;                                                                \
			v##T##n##m1_t r = EXPR;                                                 \
			__riscv_vse##n##_v_##sfx##n##m1((T##n##_t *)R + i, r, vl);              \
		}                                                                               \
	} while (0)
#define NALL(NAME, n, w, sfx, T, OP)                                                            \
	do {                                                                                    \
		NLOOP(n, w, sfx, T, OP(n, __RISCV_VXRM_RNU)); report(NAME ".rnu", n);            \
		NLOOP(n, w, sfx, T, OP(n, __RISCV_VXRM_RNE)); report(NAME ".rne", n);            \
		NLOOP(n, w, sfx, T, OP(n, __RISCV_VXRM_RDN)); report(NAME ".rdn", n);            \
		NLOOP(n, w, sfx, T, OP(n, __RISCV_VXRM_ROD)); report(NAME ".rod", n);            \
	} while (0)
#define CLIPU_WV(n, x)  __riscv_vnclipu_wv_u##n##m1(a, b, x, vl)
#define CLIPU_WX(n, x)  __riscv_vnclipu_wx_u##n##m1(a, (size_t)s, x, vl)
#define CLIPU_WI(n, x)  __riscv_vnclipu_wx_u##n##m1(a, 5, x, vl)
#define CLIPU_WIM(n, x) __riscv_vnclipu_wx_u##n##m1_mu(m, b, a, 0, x, vl)
#define CLIP_WV(n, x)   __riscv_vnclip_wv_i##n##m1(a, b, x, vl)
#define CLIP_WX(n, x)   __riscv_vnclip_wx_i##n##m1(a, (size_t)s, x, vl)
#define CLIP_WI(n, x)   __riscv_vnclip_wx_i##n##m1(a, 31, x, vl)
#define CLIP_WVM(n, x)  __riscv_vnclip_wv_i##n##m1_mu(m, __riscv_vreinterpret_v_u##n##m1_i##n##m1(b), a, b, x, vl)

#define N_TESTS(n, w)                                                                           \
static void test_n##n(void)                                                                     \
{                                                                                               \
	fill(n);                                                                                \
	const uint64_t s = rnd() % (2 * n + 3);                                                 \
	NALL("vnclipu.wv", n, w, u, uint, CLIPU_WV);                                            \
	NALL("vnclipu.wx", n, w, u, uint, CLIPU_WX);                                            \
	NALL("vnclipu.wi", n, w, u, uint, CLIPU_WI);                                            \
	NALL("vnclipu.wi0.m", n, w, u, uint, CLIPU_WIM);                                        \
	NALL("vnclip.wv", n, w, i, int, CLIP_WV);                                               \
	NALL("vnclip.wx", n, w, i, int, CLIP_WX);                                               \
	NALL("vnclip.wi", n, w, i, int, CLIP_WI);                                               \
	NALL("vnclip.wv.m", n, w, i, int, CLIP_WVM);                                            \
}
N_TESTS(8, 16)
N_TESTS(16, 32)
N_TESTS(32, 64)

int main(void)
{
	for (int round = 0; round < 3; round++) {
		test_e8(); test_e16(); test_e32(); test_e64();
		test_n8(); test_n16(); test_n32();
	}
	return 0;
}
