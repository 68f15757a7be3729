/* Non-arithmetic F/D instructions: fmin/fmax (NaN and signed-zero rules, sNaN -> NV), quiet
 * feq versus signalling flt/fle, fclass of every class, fsgnj/fsgnjn/fsgnjx, fmv in both
 * directions (fmv.x.w sign-extends), and fld/fsd/flw/fsw round trips. */
#include "fp_common.h"

int main(void)
{
	for (unsigned i = 0; i < N_DBL_VALS; i++)
		for (unsigned j = 0; j < N_DBL_VALS; j++) {
			uint64_t a = dbl_vals[i], b = dbl_vals[j], r[5]; unsigned f[8];
			clr_fflags(); r[0] = D2("fmin.d", a, b); f[0] = get_fflags();
			clr_fflags(); r[1] = D2("fmax.d", a, b); f[1] = get_fflags();
			clr_fflags(); r[2] = XD2("feq.d", a, b); f[2] = get_fflags();
			clr_fflags(); r[3] = XD2("flt.d", a, b); f[3] = get_fflags();
			clr_fflags(); r[4] = XD2("fle.d", a, b); f[4] = get_fflags();
			printf("d %2u %2u min %016llx/%02x max %016llx/%02x eq %lld/%02x lt %lld/%02x le %lld/%02x"
			       " sgnj %016llx %016llx %016llx\n", i, j, (u64)r[0], f[0], (u64)r[1], f[1],
			       (i64)r[2], f[2], (i64)r[3], f[3], (i64)r[4], f[4], (u64)D2("fsgnj.d", a, b),
			       (u64)D2("fsgnjn.d", a, b), (u64)D2("fsgnjx.d", a, b));
		}
	for (unsigned i = 0; i < N_FLT_VALS; i++)
		for (unsigned j = 0; j < N_FLT_VALS; j++) {
			uint32_t a = flt_vals[i], b = flt_vals[j]; uint64_t r[5]; unsigned f[5];
			clr_fflags(); r[0] = S2("fmin.s", a, b); f[0] = get_fflags();
			clr_fflags(); r[1] = S2("fmax.s", a, b); f[1] = get_fflags();
			clr_fflags(); r[2] = XS2("feq.s", a, b); f[2] = get_fflags();
			clr_fflags(); r[3] = XS2("flt.s", a, b); f[3] = get_fflags();
			clr_fflags(); r[4] = XS2("fle.s", a, b); f[4] = get_fflags();
			printf("s %2u %2u min %08llx/%02x max %08llx/%02x eq %lld/%02x lt %lld/%02x le %lld/%02x"
			       " sgnj %08x %08x %08x\n", i, j, (u64)r[0], f[0], (u64)r[1], f[1],
			       (i64)r[2], f[2], (i64)r[3], f[3], (i64)r[4], f[4], S2("fsgnj.s", a, b),
			       S2("fsgnjn.s", a, b), S2("fsgnjx.s", a, b));
		}
	for (unsigned i = 0; i < N_DBL_VALS; i++)
		printf("fclass.d %016llx %03llx\n", (u64)dbl_vals[i], (u64)XD("fclass.d", dbl_vals[i]));
	for (unsigned i = 0; i < N_FLT_VALS; i++)
		printf("fclass.s %08x %03llx\n", flt_vals[i], (u64)XS("fclass.s", flt_vals[i]));
	/* fmv.x.w sign-extends bit 31; fmv.w.x boxes; fmv.d.x/fmv.x.d are bit-exact. */
	for (unsigned i = 0; i < N_INT_VALS; i++) {
		uint64_t x = int_vals[i], w, d, boxed;
		__asm__ volatile("fmv.w.x ft0,%1\n\tfmv.x.w %0,ft0" : "=r"(w) : "r"(x) : "ft0");
		__asm__ volatile("fmv.w.x ft0,%1\n\tfmv.x.d %0,ft0" : "=r"(boxed) : "r"(x) : "ft0");
		__asm__ volatile("fmv.d.x ft0,%1\n\tfmv.x.d %0,ft0" : "=r"(d) : "r"(x) : "ft0");
		printf("fmv %016llx: x.w %016llx boxed %016llx x.d %016llx\n", (u64)x, (u64)w, (u64)boxed, (u64)d);
	}
	/* Loads and stores of FP registers keep every bit, NaN payloads included. */
	volatile uint64_t mem[4] = { 0x7ff4000000000001ull, 0xfff0000000000001ull, 0, 0 };
	uint64_t out1, out2;
	__asm__ volatile("fld ft0,0(%2)\n\tfsd ft0,16(%2)\n\tflw ft1,8(%2)\n\tfsw ft1,24(%2)\n\t"
			 "fmv.x.d %0,ft0\n\tfmv.x.d %1,ft1" : "=r"(out1), "=r"(out2) : "r"(mem) : "ft0", "ft1", "memory");
	printf("ld/st %016llx %016llx %016llx %016llx\n", (u64)out1, (u64)out2, (u64)mem[2], (u64)mem[3]);
	return 0;
}
