/* RVV mask instructions (§15), integer reductions (§14), permutations (§16) and Zvbb through
 * intrinsics: vm*.mm, vcpop.m, vfirst.m, vmsbf/vmsif/vmsof, viota, vid; vredsum..vredmax,
 * vwredsum(u); vmv.x.s/vmv.s.x, vfmv.f.s/vfmv.s.f, slides and slide1 (integer and FP), vrgather
 * (.vv/.vx/.vi), vrgatherei16, vcompress; vandn, vbrev, vbrev8, vrev8, vclz, vctz, vcpop.v,
 * vrol, vror, vwsll. */
#include <riscv_vector.h>
#include <string.h>
#include "common.h"

#define N 181
static uint8_t A[N * 8], B[N * 8], O[N * 8 * 2];
#define STRIP(W, L, ...) for (size_t i = 0, vl; i < N; i += vl) { vl = __riscv_vsetvl_e##W##L(N - i); __VA_ARGS__ }
#define SHOW(label) VINT_PRINT(label, O, sizeof O)

static void masks(void)
{
	memset(O, 0, sizeof O);
	uint64_t acc = 0;
	STRIP(16, m2, vuint16m2_t a = __riscv_vle16_v_u16m2((uint16_t *)A + i, vl), b = __riscv_vle16_v_u16m2((uint16_t *)B + i, vl);
	      vbool8_t ma = __riscv_vmsltu_vv_u16m2_b8(a, b, vl), mb = __riscv_vmsgtu_vx_u16m2_b8(a, 0x4000, vl);
	      vbool8_t r1 = __riscv_vmand_mm_b8(ma, mb, vl), r2 = __riscv_vmnand_mm_b8(ma, mb, vl),
		       r3 = __riscv_vmandn_mm_b8(ma, mb, vl), r4 = __riscv_vmxor_mm_b8(ma, mb, vl),
		       r5 = __riscv_vmor_mm_b8(ma, mb, vl), r6 = __riscv_vmnor_mm_b8(ma, mb, vl),
		       r7 = __riscv_vmorn_mm_b8(ma, mb, vl), r8 = __riscv_vmxnor_mm_b8(ma, mb, vl);
	      acc = acc * 31 + __riscv_vcpop_m_b8(r1, vl); acc = acc * 31 + __riscv_vcpop_m_b8(r2, vl);
	      acc = acc * 31 + __riscv_vcpop_m_b8(r3, vl); acc = acc * 31 + __riscv_vcpop_m_b8(r4, vl);
	      acc = acc * 31 + __riscv_vcpop_m_b8(r5, vl); acc = acc * 31 + __riscv_vcpop_m_b8(r6, vl);
	      acc = acc * 31 + __riscv_vcpop_m_b8(r7, vl); acc = acc * 31 + (uint64_t)__riscv_vfirst_m_b8(r8, vl);
	      acc = acc * 31 + __riscv_vcpop_m_b8_m(ma, mb, vl); acc = acc * 31 + (uint64_t)__riscv_vfirst_m_b8_m(mb, ma, vl);
	      vuint16m2_t z = __riscv_vmv_v_x_u16m2(0, vl);
	      vuint16m2_t s1 = __riscv_vmerge_vxm_u16m2(z, 1, __riscv_vmsbf_m_b8(ma, vl), vl);
	      vuint16m2_t s2 = __riscv_vmerge_vxm_u16m2(z, 2, __riscv_vmsif_m_b8_mu(mb, r5, ma, vl), vl);
	      vuint16m2_t s3 = __riscv_vmerge_vxm_u16m2(z, 4, __riscv_vmsof_m_b8(ma, vl), vl);
	      vuint16m2_t io = __riscv_viota_m_u16m2(mb, vl);
	      vuint16m2_t io2 = __riscv_viota_m_u16m2_mu(ma, a, mb, vl);
	      vuint16m2_t id = __riscv_vid_v_u16m2_mu(mb, b, vl);
	      vuint16m2_t all = __riscv_vadd_vv_u16m2(__riscv_vadd_vv_u16m2(s1, s2, vl), __riscv_vadd_vv_u16m2(s3, io, vl), vl);
	      all = __riscv_vxor_vv_u16m2(all, __riscv_vsll_vx_u16m2(__riscv_vxor_vv_u16m2(io2, id, vl), 5, vl), vl);
	      __riscv_vse16_v_u16m2((uint16_t *)O + i, all, vl);)
	printf("mask acc %016llx\n", (unsigned long long)acc);
	SHOW("mask ops");
}

static void reductions(void)
{
	int64_t s64 = 0; uint32_t u32 = 0; int8_t s8 = 0; uint64_t w = 0;
	STRIP(64, m4, vint64m4_t a = __riscv_vle64_v_i64m4((int64_t *)A + i, vl);
	      vint64m1_t r = __riscv_vredsum_vs_i64m4_i64m1(a, __riscv_vmv_s_x_i64m1(s64, 1), vl);
	      r = __riscv_vredmax_vs_i64m4_i64m1(a, r, vl); s64 = __riscv_vmv_x_s_i64m1_i64(r);)
	printf("vredsum/max i64 %lld\n", (long long)s64);
	STRIP(32, mf2, vuint32mf2_t a = __riscv_vle32_v_u32mf2((uint32_t *)A + i, vl);
	      vbool64_t m = __riscv_vmsgtu_vx_u32mf2_b64(a, 0x80000000u, vl);
	      vuint32m1_t r = __riscv_vredminu_vs_u32mf2_u32m1_m(m, a, __riscv_vmv_s_x_u32m1(u32 | 0xf0000000u, 1), vl);
	      r = __riscv_vredxor_vs_u32mf2_u32m1(a, r, vl); r = __riscv_vredor_vs_u32mf2_u32m1(a, r, vl);
	      r = __riscv_vredand_vs_u32mf2_u32m1(a, r, vl); r = __riscv_vredmaxu_vs_u32mf2_u32m1(a, r, vl);
	      u32 = __riscv_vmv_x_s_u32m1_u32(r);)
	printf("vred u32 %08x\n", u32);
	STRIP(8, m8, vint8m8_t a = __riscv_vle8_v_i8m8((int8_t *)A + i, vl);
	      vint8m1_t r = __riscv_vredmin_vs_i8m8_i8m1(a, __riscv_vmv_s_x_i8m1(s8, 1), vl);
	      s8 = __riscv_vmv_x_s_i8m1_i8(r) ^ __riscv_vmv_x_s_i8m1_i8(__riscv_vredsum_vs_i8m8_i8m1(a, r, vl));)
	printf("vred i8 %d\n", s8);
	STRIP(16, m1, vuint16m1_t a = __riscv_vle16_v_u16m1((uint16_t *)A + i, vl);
	      vint16m1_t b = __riscv_vle16_v_i16m1((int16_t *)B + i, vl);
	      vuint32m1_t r = __riscv_vwredsumu_vs_u16m1_u32m1(a, __riscv_vmv_s_x_u32m1((uint32_t)w, 1), vl);
	      vint32m1_t q = __riscv_vwredsum_vs_i16m1_i32m1(b, __riscv_vmv_s_x_i32m1((int32_t)(w >> 32), 1), vl);
	      w = (uint64_t)__riscv_vmv_x_s_i32m1_i32(q) << 32 | __riscv_vmv_x_s_u32m1_u32(r);)
	printf("vwredsum %016llx\n", (unsigned long long)w);
}

static void permutations(void)
{
	memset(O, 0, sizeof O);
	/* slides on one whole strip-mined group (VLMAX-dependent shapes print hashes of N elements) */
	STRIP(32, m2, vuint32m2_t a = __riscv_vle32_v_u32m2((uint32_t *)A + i, vl), b = __riscv_vle32_v_u32m2((uint32_t *)B + i, vl);
	      vuint32m2_t up = __riscv_vslideup_vx_u32m2(b, a, 3, vl);
	      vuint32m2_t dn = __riscv_vslidedown_vx_u32m2(a, 2, vl);
	      vuint32m2_t u1 = __riscv_vslide1up_vx_u32m2(a, 0xdeadbeef, vl);
	      vuint32m2_t d1 = __riscv_vslide1down_vx_u32m2_mu(__riscv_vmsltu_vv_u32m2_b16(a, b, vl), b, a, 7, vl);
	      vuint32m2_t r = __riscv_vxor_vv_u32m2(__riscv_vadd_vv_u32m2(up, dn, vl), __riscv_vsub_vv_u32m2(u1, d1, vl), vl);
	      __riscv_vse32_v_u32m2((uint32_t *)O + i, r, vl);)
	SHOW("slides");
	memset(O, 0, sizeof O);
	STRIP(64, m1, vfloat64m1_t a = __riscv_vle64_v_f64m1((double *)A + i, vl);
	      vfloat64m1_t u = __riscv_vfslide1up_vf_f64m1(a, 1.5, vl), d = __riscv_vfslide1down_vf_f64m1(a, -2.25, vl);
	      double f0 = __riscv_vfmv_f_s_f64m1_f64(d);
	      vfloat64m1_t s = __riscv_vfmv_s_f_f64m1(f0 * 2, vl);
	      __riscv_vse64_v_f64m1((double *)O + i, u, vl); __riscv_vse64_v_f64m1((double *)O + N + i, d, vl);
	      __riscv_vse64_v_f64m1((double *)O + 2 * N + i, s, 1);)
	SHOW("vfslide1, vfmv");
	memset(O, 0, sizeof O);
	STRIP(32, m1, vfloat32m1_t a = __riscv_vle32_v_f32m1((float *)A + i, vl);
	      vfloat32m1_t u = __riscv_vfslide1down_vf_f32m1(a, 0.5f, vl);
	      __riscv_vse32_v_f32m1((float *)O + i, u, vl);
	      ((float *)O)[N + i] = __riscv_vfmv_f_s_f32m1_f32(__riscv_vfmv_s_f_f32m1(3.0f, vl));)
	SHOW("vfslide1down f32");
	memset(O, 0, sizeof O);
	STRIP(16, m4, vuint16m4_t a = __riscv_vle16_v_u16m4((uint16_t *)A + i, vl), ix = __riscv_vle16_v_u16m4((uint16_t *)B + i, vl);
	      ix = __riscv_vand_vx_u16m4(ix, 0x7f, vl);
	      vuint16m4_t g = __riscv_vrgather_vv_u16m4(a, ix, vl);
	      vuint16m4_t gx = __riscv_vrgather_vx_u16m4(a, 5, vl);
	      vuint16m4_t gi = __riscv_vrgather_vx_u16m4_mu(__riscv_vmsgtu_vx_u16m4_b4(a, 1000, vl), g, a, 3, vl);
	      __riscv_vse16_v_u16m4((uint16_t *)O + i, __riscv_vadd_vv_u16m4(__riscv_vxor_vv_u16m4(g, gx, vl), gi, vl), vl);)
	SHOW("vrgather");
	memset(O, 0, sizeof O);
	STRIP(64, m2, vuint64m2_t a = __riscv_vle64_v_u64m2((uint64_t *)A + i, vl);
	      vuint16mf2_t ix = __riscv_vand_vx_u16mf2(__riscv_vle16_v_u16mf2((uint16_t *)B + i, vl), 31, vl);
	      __riscv_vse64_v_u64m2((uint64_t *)O + i, __riscv_vrgatherei16_vv_u64m2(a, ix, vl), vl);)
	SHOW("vrgatherei16");
	memset(O, 0, sizeof O);
	size_t k = 0;
	STRIP(8, m1, vuint8m1_t a = __riscv_vle8_v_u8m1(A + i, vl), b = __riscv_vle8_v_u8m1(B + i, vl);
	      vbool8_t m = __riscv_vmsltu_vv_u8m1_b8(a, b, vl);
	      size_t c = __riscv_vcpop_m_b8(m, vl);
	      __riscv_vse8_v_u8m1(O + k, __riscv_vcompress_vm_u8m1(a, m, vl), c); k += c;)
	printf("compressed %zu\n", k);
	SHOW("vcompress");
	int64_t x = 0;
	STRIP(16, mf4, vint16mf4_t a = __riscv_vle16_v_i16mf4((int16_t *)A + i, vl);
	      x = x * 3 + __riscv_vmv_x_s_i16mf4_i16(a);)
	printf("vmv.x.s %lld\n", (long long)x);
}

/* clang-19's <riscv_vector.h> has no Zvbb intrinsics: the Zvbb instructions are written in
 * inline assembly, one strip-mined loop per instruction. */
#define ZV(label, sew, lmul, ins)                                                                        \
	do {                                                                                             \
		memset(O, 0, sizeof O);                                                                  \
		for (size_t i = 0, vl; i < N; i += vl) {                                                 \
			const uint8_t *pa = A + i * (sew / 8), *pb = B + i * (sew / 8);                  \
			uint8_t *po = O + i * (2 * sew / 8);                                             \
			__asm__ volatile("vsetvli %0, %1, e" #sew ", " #lmul ", ta, mu\n\t"              \
					 "vle" #sew ".v v8, (%2)\n\t"                                     \
					 "vle" #sew ".v v16, (%3)\n\t"                                    \
					 "vmsltu.vv v0, v8, v16\n\t"                                      \
					 "vmv.v.i v24, 0\n\t"                                             \
					 ins "\n\t"                                                       \
					 "vsetvli zero, %0, e" #sew ", m8, ta, ma\n\t"                    \
					 "vse" #sew ".v v24, (%4)\n\t"                                    \
					 : "=&r"(vl) : "r"(N - i), "r"(pa), "r"(pb), "r"(po)              \
					 : "memory", "v0", "v8", "v9", "v10", "v11", "v12", "v13", "v14", "v15", \
					   "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23", "v24", "v25", \
					   "v26", "v27", "v28", "v29", "v30", "v31");                     \
		}                                                                                        \
		SHOW(label);                                                                             \
	} while (0)

static void zvbb(void)
{
	ZV("vandn.vv e32m1", 32, m1, "vandn.vv v24, v8, v16");
	ZV("vandn.vx e8m2 masked", 8, m2, "vandn.vx v24, v8, %3, v0.t");
	ZV("vbrev.v e16m1", 16, m1, "vbrev.v v24, v8");
	ZV("vbrev8.v e64m2", 64, m2, "vbrev8.v v24, v8");
	ZV("vrev8.v e32mf2", 32, mf2, "vrev8.v v24, v8");
	ZV("vrev8.v e64m1 masked", 64, m1, "vrev8.v v24, v8, v0.t");
	ZV("vclz.v e8m1", 8, m1, "vclz.v v24, v8");
	ZV("vclz.v e64m4", 64, m4, "vclz.v v24, v8");
	ZV("vctz.v e16m2", 16, m2, "vctz.v v24, v8");
	ZV("vctz.v e32m1 masked", 32, m1, "vctz.v v24, v8, v0.t");
	ZV("vcpop.v e32m8", 32, m8, "vcpop.v v24, v8");
	ZV("vcpop.v e8mf4", 8, mf4, "vcpop.v v24, v8");
	ZV("vrol.vv e16m1", 16, m1, "vrol.vv v24, v8, v16");
	ZV("vrol.vx e64m1", 64, m1, "vrol.vx v24, v8, %3");
	ZV("vror.vv e8m4", 8, m4, "vror.vv v24, v8, v16");
	ZV("vror.vx e32m2 masked", 32, m2, "vror.vx v24, v8, %1, v0.t");
	ZV("vror.vi e64m1 45", 64, m1, "vror.vi v24, v8, 45");
	ZV("vror.vi e16m1 3", 16, m1, "vror.vi v24, v8, 3");
	ZV("vwsll.vv e8m1", 8, m1, "vwsll.vv v24, v8, v16");
	ZV("vwsll.vx e16m2", 16, m2, "vwsll.vx v24, v8, %1");
	ZV("vwsll.vi e32m4 masked", 32, m4, "vwsll.vi v24, v8, 27, v0.t");
}

int main(void)
{
	vint_fill(A, sizeof A);
	vint_fill(B, sizeof B);
	masks();
	reductions();
	permutations();
	zvbb();
	return 0;
}
