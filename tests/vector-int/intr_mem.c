/* RVV loads and stores through intrinsics (RVV 1.0 §7): unit-stride, strided, indexed ordered
 * and unordered, segment loads/stores with 2..8 fields in every addressing mode, mask load and
 * store, fault-only-first on mapped memory, and whole-register loads/stores (inline asm). */
#include <riscv_vector.h>
#include <string.h>
#include "common.h"

#define N 157
static uint8_t SRC[N * 64 + 4096], DST[N * 64 + 4096];
static uint16_t IDX[N];

static void reset(void) { memset(DST, 0x5c, sizeof DST); }
#define SHOW(label) VINT_PRINT(label, DST, sizeof DST)
#define STRIP(W, L, ...) for (size_t i = 0, vl; i < N; i += vl) { vl = __riscv_vsetvl_e##W##L(N - i); __VA_ARGS__ }

static void unit_strided_indexed(void)
{
	reset();
	STRIP(8, m2, __riscv_vse8_v_u8m2(DST + i, __riscv_vle8_v_u8m2(SRC + i, vl), vl);) SHOW("vle8/vse8 m2");
	reset();
	STRIP(32, m4, vint32m4_t v = __riscv_vle32_v_i32m4((int32_t *)SRC + i, vl);
	      vbool8_t m = __riscv_vmslt_vx_i32m4_b8(v, 0, vl);
	      __riscv_vse32_v_i32m4_m(m, (int32_t *)DST + i, v, vl);) SHOW("vse32 masked");
	reset();
	STRIP(16, m1, vint16m1_t old = __riscv_vle16_v_i16m1((int16_t *)DST + i, vl);
	      vbool16_t m = __riscv_vmsgt_vx_i16m1_b16(old, 0, vl);
	      vint16m1_t v = __riscv_vle16_v_i16m1_mu(m, old, (int16_t *)SRC + i, vl);
	      __riscv_vse16_v_i16m1((int16_t *)DST + i, v, vl);) SHOW("vle16 mu");
	for (ptrdiff_t stride = -24; stride <= 40; stride += 8) {
		reset();
		uint8_t *base = stride < 0 ? SRC + N * 40 : SRC;
		STRIP(64, m1, __riscv_vse64_v_u64m1((uint64_t *)DST + i,
			__riscv_vlse64_v_u64m1((const uint64_t *)(base + (ptrdiff_t)i * stride), stride, vl), vl);)
		char l[40];
		snprintf(l, sizeof l, "vlse64 stride %td", stride);
		SHOW(l);
		reset();
		STRIP(16, mf2, __riscv_vsse16_v_u16mf2((uint16_t *)(DST + (stride < 0 ? 6000 : 2048) + (ptrdiff_t)i * stride), stride,
			__riscv_vle16_v_u16mf2((const uint16_t *)SRC + i, vl), vl);)
		snprintf(l, sizeof l, "vsse16 stride %td", stride);
		SHOW(l);
	}
	reset();
	STRIP(32, m2, vuint16m1_t ix = __riscv_vle16_v_u16m1(IDX + i, vl);
	      __riscv_vse32_v_u32m2((uint32_t *)DST + i, __riscv_vluxei16_v_u32m2((const uint32_t *)SRC, ix, vl), vl);) SHOW("vluxei16 e32");
	reset();
	STRIP(8, mf2, vuint16m1_t ix = __riscv_vle16_v_u16m1(IDX + i, vl);
	      __riscv_vse8_v_u8mf2(DST + i, __riscv_vloxei16_v_u8mf2(SRC, ix, vl), vl);) SHOW("vloxei16 e8");
	reset();
	STRIP(64, m4, vuint32m2_t ix = __riscv_vzext_vf2_u32m2(__riscv_vle16_v_u16m1(IDX + i, vl), vl);
	      __riscv_vse64_v_u64m4((uint64_t *)DST + i, __riscv_vloxei32_v_u64m4((const uint64_t *)SRC, ix, vl), vl);) SHOW("vloxei32 e64");
	reset();
	STRIP(16, m1, vuint16m1_t ix = __riscv_vle16_v_u16m1(IDX + i, vl);
	      __riscv_vsoxei16_v_u16m1((uint16_t *)DST, ix, __riscv_vle16_v_u16m1((const uint16_t *)SRC + i, vl), vl);) SHOW("vsoxei16 e16");
	reset();
	STRIP(32, m1, vuint64m2_t ix = __riscv_vzext_vf4_u64m2(__riscv_vle16_v_u16mf2(IDX + i, vl), vl);
	      ix = __riscv_vand_vx_u64m2(ix, ~3ull, vl);
	      __riscv_vsuxei64_v_u32m1((uint32_t *)DST, ix, __riscv_vle32_v_u32m1((const uint32_t *)SRC + i, vl), vl);) SHOW("vsuxei64 e32");
}

static void segments(void)
{
	reset();
	STRIP(16, m1, vint16m1x3_t t = __riscv_vlseg3e16_v_i16m1x3((const int16_t *)SRC + 3 * i, vl);
	      vint16m1_t a = __riscv_vget_v_i16m1x3_i16m1(t, 0), b = __riscv_vget_v_i16m1x3_i16m1(t, 1),
			 c = __riscv_vget_v_i16m1x3_i16m1(t, 2);
	      __riscv_vse16_v_i16m1((int16_t *)DST + i, __riscv_vadd_vv_i16m1(a, __riscv_vxor_vv_i16m1(b, c, vl), vl), vl);) SHOW("vlseg3e16");
	reset();
	STRIP(8, mf4, vuint8mf4x8_t t = __riscv_vlseg8e8_v_u8mf4x8(SRC + 8 * i, vl);
	      __riscv_vsseg8e8_v_u8mf4x8(DST + 8 * i, t, vl);) SHOW("vlseg8e8/vsseg8e8");
	reset();
	STRIP(32, m2, vuint32m2x4_t t = __riscv_vlseg4e32_v_u32m2x4((const uint32_t *)SRC + 4 * i, vl);
	      __riscv_vsseg2e32_v_u32m2x2((uint32_t *)DST + 2 * i,
		__riscv_vcreate_v_u32m2x2(__riscv_vget_v_u32m2x4_u32m2(t, 3), __riscv_vget_v_u32m2x4_u32m2(t, 1)), vl);) SHOW("vlseg4e32 m2");
	reset();
	STRIP(64, m1, vuint64m1x7_t t = __riscv_vlsseg7e64_v_u64m1x7((const uint64_t *)SRC + i, 72, vl);
	      __riscv_vssseg7e64_v_u64m1x7((uint64_t *)DST + 7 * i, 56, t, vl);) SHOW("vlsseg7e64/vssseg7e64");
	reset();
	STRIP(16, mf2, vuint16mf2_t ix = __riscv_vand_vx_u16mf2(__riscv_vle16_v_u16mf2(IDX + i, vl), 0xfff8, vl);
	      vuint16mf2x5_t t = __riscv_vluxseg5ei16_v_u16mf2x5((const uint16_t *)SRC, ix, vl);
	      __riscv_vsseg5e16_v_u16mf2x5((uint16_t *)DST + 5 * i, t, vl);) SHOW("vluxseg5ei16");
	reset();
	STRIP(32, m1, vuint16mf2_t ix = __riscv_vand_vx_u16mf2(__riscv_vle16_v_u16mf2(IDX + i, vl), 0x3f0, vl);
	      vuint32m1x2_t t = __riscv_vlseg2e32_v_u32m1x2((const uint32_t *)SRC + 2 * i, vl);
	      __riscv_vsoxseg2ei16_v_u32m1x2((uint32_t *)DST, ix, t, vl);) SHOW("vsoxseg2ei16");
	reset();
	STRIP(8, m1, vuint8m1_t old = __riscv_vle8_v_u8m1(SRC + i, vl);
	      vbool8_t m = __riscv_vmsgtu_vx_u8m1_b8(old, 100, vl);
	      vuint8m1x6_t t = __riscv_vlseg6e8_v_u8m1x6_m(m, SRC + 6 * i, vl);
	      __riscv_vsseg6e8_v_u8m1x6_m(m, DST + 6 * i, t, vl);) SHOW("vlseg6e8 masked");
	reset();
	STRIP(16, m2, vuint16m2x2_t t = __riscv_vlseg2e16ff_v_u16m2x2((const uint16_t *)SRC + 2 * i, &vl, vl);
	      __riscv_vsseg2e16_v_u16m2x2((uint16_t *)DST + 2 * i, t, vl);) SHOW("vlseg2e16ff");
}

static void mask_ff_whole(void)
{
	reset();
	size_t total = 0;
	STRIP(32, m1, vint32m1_t v = __riscv_vle32ff_v_i32m1((const int32_t *)SRC + i, &vl, vl); total += vl;
	      __riscv_vse32_v_i32m1((int32_t *)DST + i, v, vl);) SHOW("vle32ff mapped");
	printf("ff total %zu\n", total);
	reset();
	/* mask load/store of N bits in one go (vl = N with e8 m8 fits at VLEN >= 128? N <= 1024) */
	for (size_t i = 0, vl; i < N; i += vl) {
		vl = __riscv_vsetvl_e8m8(N - i);
		vbool1_t m = __riscv_vlm_v_b1(SRC + i / 8, vl);
		__riscv_vsm_v_b1(DST + i / 8, __riscv_vmnot_m_b1(m, vl), vl);
	}
	SHOW("vlm/vsm");
	reset();
	/* whole-register loads and stores are independent of vl and vtype */
	__asm__ volatile("vsetivli zero, 1, e8, m1, ta, ma\n\t"
			 "vl2re32.v v8, (%0)\n\t"
			 "vl1re8.v v11, (%1)\n\t"
			 "vl4re64.v v12, (%2)\n\t"
			 "vs4r.v v8, (%3)\n\t"
			 "vl8re16.v v16, (%4)\n\t"
			 "vs8r.v v16, (%5)\n\t"
			 "vs1r.v v11, (%6)\n\t"
			 :: "r"(SRC), "r"(SRC + 100), "r"(SRC + 200), "r"(DST), "r"(SRC + 300), "r"(DST + 600), "r"(DST + 8)
			 : "memory", "v8", "v9", "v10", "v11", "v12", "v13", "v14", "v15", "v16", "v17", "v18", "v19",
			   "v20", "v21", "v22", "v23");
	SHOW("whole-register");
}

int main(void)
{
	vint_fill(SRC, sizeof SRC);
	for (int i = 0; i < N; i++)
		IDX[i] = (uint16_t)((vint_rnd() % (N * 8)) & ~7u);
	unit_strided_indexed();
	segments();
	mask_ff_whole();
	return 0;
}
