/* RVV integer arithmetic through clang-19 intrinsics (RVV 1.0 §11): single-width, widening,
 * narrowing, carry, compares, multiply/divide, multiply-add, merge/move, extension; masked
 * (mu) and tail-undisturbed (tu) forms; several SEW/LMUL pairs. Strip-mined over N elements so
 * the printed hashes are VLEN-independent when the results are right. */
#include <riscv_vector.h>
#include "common.h"

#define N 203
static uint8_t A[N * 8], B[N * 8], C[N * 8], O[N * 8];

#define STRIP(W, L, ...) for (size_t i = 0, vl; i < N; i += vl) { vl = __riscv_vsetvl_e##W##L(N - i); __VA_ARGS__ }
#define LD(T, S, W, P) __riscv_vle##W##_v_##S((const T *)(P) + i, vl)
#define ST(T, S, W, v) __riscv_vse##W##_v_##S((T *)O + i, v, vl)
#define MASK(S, MB, v) __riscv_vmsne_vx_##S##_##MB(__riscv_vand_vx_##S(v, 1, vl), 0, vl)
#define OUT(name, S, T) do { char l_[64]; snprintf(l_, sizeof l_, "%s.%s", name, #S); VINT_PRINT(l_, O, N * sizeof(T)); } while (0)

/* vv, vx, masked vv (mu), tail-undisturbed vx for a binary op. */
#define BIN(OP, T, V, S, W, L, MB, X)                                                                    \
	STRIP(W, L, V a = LD(T, S, W, A); V b = LD(T, S, W, B); ST(T, S, W, __riscv_##OP##_vv_##S(a, b, vl));) \
	OUT(#OP "_vv", S, T);                                                                           \
	STRIP(W, L, V a = LD(T, S, W, A); ST(T, S, W, __riscv_##OP##_vx_##S(a, (T)(X), vl));)           \
	OUT(#OP "_vx", S, T);                                                                           \
	STRIP(W, L, V a = LD(T, S, W, A); V b = LD(T, S, W, B); V c = LD(T, S, W, C);                   \
	      ST(T, S, W, __riscv_##OP##_vv_##S##_mu(MASK(S, MB, c), c, a, b, vl));)                    \
	OUT(#OP "_vv_mu", S, T);                                                                        \
	STRIP(W, L, V a = LD(T, S, W, A); V c = LD(T, S, W, C);                                         \
	      ST(T, S, W, __riscv_##OP##_vx_##S##_tu(c, a, (T)(X), vl));)                               \
	OUT(#OP "_vx_tu", S, T);
#define TERN(OP, T, V, S, W, L, MB, X)                                                                   \
	STRIP(W, L, V a = LD(T, S, W, A); V b = LD(T, S, W, B); V c = LD(T, S, W, C);                   \
	      ST(T, S, W, __riscv_##OP##_vv_##S(c, a, b, vl));)                                         \
	OUT(#OP "_vv", S, T);                                                                           \
	STRIP(W, L, V b = LD(T, S, W, B); V c = LD(T, S, W, C);                                         \
	      ST(T, S, W, __riscv_##OP##_vx_##S##_mu(MASK(S, MB, b), c, (T)(X), b, vl));)               \
	OUT(#OP "_vx_mu", S, T);
#define CMP(OP, T, V, S, W, L, MB, X)                                                                    \
	STRIP(W, L, V a = LD(T, S, W, A); V b = LD(T, S, W, B); V z = __riscv_vmv_v_x_##S(0, vl);       \
	      ST(T, S, W, __riscv_vmerge_vxm_##S(z, 1, __riscv_##OP##_vv_##S##_##MB(a, b, vl), vl));)   \
	OUT(#OP "_vv", S, T);                                                                           \
	STRIP(W, L, V a = LD(T, S, W, A); V c = LD(T, S, W, C); V z = __riscv_vmv_v_x_##S(0, vl);       \
	      ST(T, S, W, __riscv_vmerge_vxm_##S(z, 1, __riscv_##OP##_vx_##S##_##MB##_mu(MASK(S, MB, c), MASK(S, MB, a), a, (T)(X), vl), vl));) \
	OUT(#OP "_vx_mu", S, T);

#define SIGNED(T, V, S, W, L, MB)                                                                        \
	BIN(vadd, T, V, S, W, L, MB, -5) BIN(vsub, T, V, S, W, L, MB, 77) BIN(vand, T, V, S, W, L, MB, 0x5a) \
	BIN(vor, T, V, S, W, L, MB, -128) BIN(vxor, T, V, S, W, L, MB, 3) BIN(vmin, T, V, S, W, L, MB, -1) \
	BIN(vmax, T, V, S, W, L, MB, 1) BIN(vmul, T, V, S, W, L, MB, -3) BIN(vmulh, T, V, S, W, L, MB, -100) \
	BIN(vdiv, T, V, S, W, L, MB, -7) BIN(vrem, T, V, S, W, L, MB, 9) \
	TERN(vmacc, T, V, S, W, L, MB, 3) TERN(vnmsac, T, V, S, W, L, MB, -9) TERN(vmadd, T, V, S, W, L, MB, 11) \
	TERN(vnmsub, T, V, S, W, L, MB, -2)                                                              \
	CMP(vmseq, T, V, S, W, L, MB, 0) CMP(vmsne, T, V, S, W, L, MB, 0) CMP(vmslt, T, V, S, W, L, MB, -1) \
	CMP(vmsle, T, V, S, W, L, MB, 5)                                                                 \
	STRIP(W, L, V a = LD(T, S, W, A); ST(T, S, W, __riscv_vrsub_vx_##S(a, 17, vl));) OUT("vrsub_vx", S, T); \
	STRIP(W, L, V a = LD(T, S, W, A); ST(T, S, W, __riscv_vsra_vx_##S(a, (size_t)(i % (W)), vl));) OUT("vsra_vx", S, T); \
	STRIP(W, L, V a = LD(T, S, W, A); V b = LD(T, S, W, B); V c = LD(T, S, W, C);                   \
	      ST(T, S, W, __riscv_vmerge_vvm_##S(a, b, MASK(S, MB, c), vl));) OUT("vmerge_vvm", S, T);  \
	STRIP(W, L, V a = LD(T, S, W, A); V b = LD(T, S, W, B); V c = LD(T, S, W, C);                   \
	      ST(T, S, W, __riscv_vadc_vvm_##S(a, b, MASK(S, MB, c), vl));) OUT("vadc_vvm", S, T);      \
	STRIP(W, L, V a = LD(T, S, W, A); V b = LD(T, S, W, B); V c = LD(T, S, W, C);                   \
	      ST(T, S, W, __riscv_vsbc_vxm_##S(a, (T)3, MASK(S, MB, c), vl)); (void)b;) OUT("vsbc_vxm", S, T); \
	STRIP(W, L, V a = LD(T, S, W, A); V b = LD(T, S, W, B); V c = LD(T, S, W, C); V z = __riscv_vmv_v_x_##S(0, vl); \
	      ST(T, S, W, __riscv_vmerge_vxm_##S(z, 1, __riscv_vmadc_vvm_##S##_##MB(a, b, MASK(S, MB, c), vl), vl));) OUT("vmadc_vvm", S, T); \
	STRIP(W, L, V a = LD(T, S, W, A); V b = LD(T, S, W, B); V z = __riscv_vmv_v_x_##S(0, vl);       \
	      ST(T, S, W, __riscv_vmerge_vxm_##S(z, 1, __riscv_vmsbc_vv_##S##_##MB(a, b, vl), vl));) OUT("vmsbc_vv", S, T); \
	STRIP(W, L, V c = LD(T, S, W, C); ST(T, S, W, __riscv_vmv_v_x_##S##_tu(c, (T)-42, vl));) OUT("vmv_v_x_tu", S, T);

#define UNSIGNED(T, V, S, W, L, MB)                                                                      \
	BIN(vminu, T, V, S, W, L, MB, 100) BIN(vmaxu, T, V, S, W, L, MB, 100) BIN(vmulhu, T, V, S, W, L, MB, 0xfff1) \
	BIN(vdivu, T, V, S, W, L, MB, 13) BIN(vremu, T, V, S, W, L, MB, 6)                               \
	CMP(vmsltu, T, V, S, W, L, MB, 7) CMP(vmsleu, T, V, S, W, L, MB, 0x80) CMP(vmsgtu, T, V, S, W, L, MB, 9) \
	STRIP(W, L, V a = LD(T, S, W, A); V b = LD(T, S, W, B); ST(T, S, W, __riscv_vsll_vv_##S(a, b, vl));) OUT("vsll_vv", S, T); \
	STRIP(W, L, V a = LD(T, S, W, A); V b = LD(T, S, W, B); ST(T, S, W, __riscv_vsrl_vv_##S(a, b, vl));) OUT("vsrl_vv", S, T); \
	STRIP(W, L, V a = LD(T, S, W, A); ST(T, S, W, __riscv_vsll_vx_##S(a, 3, vl));) OUT("vsll_vx", S, T);

static void signed_tests(void)
{
	SIGNED(int8_t, vint8mf2_t, i8mf2, 8, mf2, b16)
	SIGNED(int8_t, vint8m8_t, i8m8, 8, m8, b1)
	SIGNED(int16_t, vint16m1_t, i16m1, 16, m1, b16)
	SIGNED(int32_t, vint32m2_t, i32m2, 32, m2, b16)
	SIGNED(int32_t, vint32mf2_t, i32mf2, 32, mf2, b64)
	SIGNED(int64_t, vint64m4_t, i64m4, 64, m4, b16)
	SIGNED(int64_t, vint64m1_t, i64m1, 64, m1, b64)
}
static void unsigned_tests(void)
{
	UNSIGNED(uint8_t, vuint8m1_t, u8m1, 8, m1, b8)
	UNSIGNED(uint16_t, vuint16mf4_t, u16mf4, 16, mf4, b64)
	UNSIGNED(uint16_t, vuint16m8_t, u16m8, 16, m8, b2)
	UNSIGNED(uint32_t, vuint32m1_t, u32m1, 32, m1, b32)
	UNSIGNED(uint64_t, vuint64m2_t, u64m2, 64, m2, b32)
}

/* Widening and narrowing, extension: source i32m1 / u16mf2 etc. */
static void widen_narrow(void)
{
	STRIP(32, m1, vint32m1_t a = LD(int32_t, i32m1, 32, A); vint32m1_t b = LD(int32_t, i32m1, 32, B);
	      __riscv_vse64_v_i64m2((int64_t *)O + i, __riscv_vwadd_vv_i64m2(a, b, vl), vl);) VINT_PRINT("vwadd_vv.i32m1", O, N * 8);
	STRIP(32, m1, vint32m1_t a = LD(int32_t, i32m1, 32, A); vint64m2_t w = __riscv_vle64_v_i64m2((int64_t *)B + i, vl);
	      __riscv_vse64_v_i64m2((int64_t *)O + i, __riscv_vwsub_wv_i64m2(w, a, vl), vl);) VINT_PRINT("vwsub_wv.i32m1", O, N * 8);
	STRIP(16, mf2, vuint16mf2_t a = LD(uint16_t, u16mf2, 16, A);
	      __riscv_vse32_v_u32m1((uint32_t *)O + i, __riscv_vwaddu_vx_u32m1(a, 65535, vl), vl);) VINT_PRINT("vwaddu_vx.u16mf2", O, N * 4);
	STRIP(16, mf2, vuint16mf2_t a = LD(uint16_t, u16mf2, 16, A); vuint32m1_t w = __riscv_vle32_v_u32m1((uint32_t *)B + i, vl);
	      __riscv_vse32_v_u32m1((uint32_t *)O + i, __riscv_vwsubu_wx_u32m1(w, 7, vl), vl); (void)a;) VINT_PRINT("vwsubu_wx.u16mf2", O, N * 4);
	STRIP(8, m4, vint8m4_t a = LD(int8_t, i8m4, 8, A); vint8m4_t b = LD(int8_t, i8m4, 8, B);
	      __riscv_vse16_v_i16m8((int16_t *)O + i, __riscv_vwmul_vv_i16m8(a, b, vl), vl);) VINT_PRINT("vwmul_vv.i8m4", O, N * 2);
	STRIP(8, m1, vuint8m1_t a = LD(uint8_t, u8m1, 8, A); vuint8m1_t b = LD(uint8_t, u8m1, 8, B);
	      __riscv_vse16_v_u16m2((uint16_t *)O + i, __riscv_vwmulu_vv_u16m2(a, b, vl), vl);) VINT_PRINT("vwmulu_vv.u8m1", O, N * 2);
	STRIP(16, m1, vint16m1_t a = LD(int16_t, i16m1, 16, A); vuint16m1_t b = LD(uint16_t, u16m1, 16, B);
	      __riscv_vse32_v_i32m2((int32_t *)O + i, __riscv_vwmulsu_vv_i32m2(a, b, vl), vl);) VINT_PRINT("vwmulsu_vv.i16m1", O, N * 4);
	STRIP(16, m1, vint16m1_t a = LD(int16_t, i16m1, 16, A); vint16m1_t b = LD(int16_t, i16m1, 16, B);
	      vint32m2_t acc = __riscv_vle32_v_i32m2((int32_t *)C + i, vl);
	      __riscv_vse32_v_i32m2((int32_t *)O + i, __riscv_vwmacc_vv_i32m2(acc, a, b, vl), vl);) VINT_PRINT("vwmacc_vv.i16m1", O, N * 4);
	STRIP(16, m1, vuint16m1_t a = LD(uint16_t, u16m1, 16, A); vuint16m1_t b = LD(uint16_t, u16m1, 16, B);
	      vuint32m2_t acc = __riscv_vle32_v_u32m2((uint32_t *)C + i, vl);
	      __riscv_vse32_v_u32m2((uint32_t *)O + i, __riscv_vwmaccu_vv_u32m2(acc, a, b, vl), vl);) VINT_PRINT("vwmaccu_vv.u16m1", O, N * 4);
	STRIP(16, m1, vint16m1_t a = LD(int16_t, i16m1, 16, A); vuint16m1_t b = LD(uint16_t, u16m1, 16, B);
	      vint32m2_t acc = __riscv_vle32_v_i32m2((int32_t *)C + i, vl);
	      __riscv_vse32_v_i32m2((int32_t *)O + i, __riscv_vwmaccsu_vv_i32m2(acc, a, b, vl), vl);
	      acc = __riscv_vwmaccus_vx_i32m2(acc, 40000, a, vl); __riscv_vse32_v_i32m2((int32_t *)O + i, acc, vl);) VINT_PRINT("vwmaccsu_us.i16m1", O, N * 4);
	STRIP(16, m2, vint32m4_t w = __riscv_vle32_v_i32m4((int32_t *)A + i, vl); vuint16m2_t s = LD(uint16_t, u16m2, 16, B);
	      __riscv_vse16_v_i16m2((int16_t *)O + i, __riscv_vnsra_wv_i16m2(w, s, vl), vl);) VINT_PRINT("vnsra_wv.i16m2", O, N * 2);
	STRIP(32, mf2, vuint64m1_t w = __riscv_vle64_v_u64m1((uint64_t *)A + i, vl);
	      __riscv_vse32_v_u32mf2((uint32_t *)O + i, __riscv_vnsrl_wx_u32mf2(w, 33, vl), vl);) VINT_PRINT("vnsrl_wx.u32mf2", O, N * 4);
	STRIP(8, m1, vuint16m2_t w = __riscv_vle16_v_u16m2((uint16_t *)A + i, vl);
	      __riscv_vse8_v_u8m1((uint8_t *)O + i, __riscv_vnsrl_wx_u8m1(w, 4, vl), vl);) VINT_PRINT("vnsrl_wi.u8m1", O, N);
	STRIP(32, m2, vuint16m1_t s = LD(uint16_t, u16m1, 16, A);
	      __riscv_vse32_v_u32m2((uint32_t *)O + i, __riscv_vzext_vf2_u32m2(s, vl), vl);) VINT_PRINT("vzext_vf2.u32m2", O, N * 4);
	STRIP(32, m2, vint8mf2_t s = LD(int8_t, i8mf2, 8, A);
	      __riscv_vse32_v_i32m2((int32_t *)O + i, __riscv_vsext_vf4_i32m2(s, vl), vl);) VINT_PRINT("vsext_vf4.i32m2", O, N * 4);
	STRIP(64, m8, vint8m1_t s = LD(int8_t, i8m1, 8, A);
	      __riscv_vse64_v_i64m8((int64_t *)O + i, __riscv_vsext_vf8_i64m8(s, vl), vl);) VINT_PRINT("vsext_vf8.i64m8", O, N * 8);
	STRIP(64, m1, vuint8mf8_t s = LD(uint8_t, u8mf8, 8, A);
	      __riscv_vse64_v_u64m1((uint64_t *)O + i, __riscv_vzext_vf8_u64m1(s, vl), vl);) VINT_PRINT("vzext_vf8.u64m1", O, N * 8);
}

int main(void)
{
	vint_fill(A, sizeof A);
	vint_fill(B, sizeof B);
	vint_fill(C, sizeof C);
	signed_tests();
	unsigned_tests();
	widen_narrow();
	return 0;
}
