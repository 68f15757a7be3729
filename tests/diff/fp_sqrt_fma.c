/* fsqrt and the four fused multiply-adds (F and D) in all rounding modes, with fflags; includes
 * the inf*0+qNaN case (invalid, ISA manual F chapter "Single-Precision Fused Multiply-Add"). */
#include "fp_common.h"

static const unsigned pick[] = { 0, 1, 2, 4, 5, 6, 7, 12, 14, 16, 17, 19 };
#define NP (sizeof pick / sizeof pick[0])

int main(void)
{
	for (unsigned rm = 0; rm < 5; rm++) {
		set_rm(rm);
		for (unsigned i = 0; i < N_DBL_VALS; i++) {
			unsigned fd, fs;
			clr_fflags(); uint64_t d = D1("fsqrt.d", dbl_vals[i]); fd = get_fflags();
			clr_fflags(); uint32_t s = S1("fsqrt.s", flt_vals[i]); fs = get_fflags();
			printf("sqrt %u %2u %016llx/%02x %08x/%02x\n", rm, i, (u64)d, fd, s, fs);
		}
		for (unsigned i = 0; i < NP; i++)
			for (unsigned j = 0; j < NP; j++)
				for (unsigned k = 0; k < NP; k++) {
					uint64_t a = dbl_vals[pick[i]], b = dbl_vals[pick[j]], c = dbl_vals[pick[k]], r[4];
					uint32_t as = flt_vals[pick[i]], bs = flt_vals[pick[j]], cs = flt_vals[pick[k]], s[4];
					unsigned f[8];
					clr_fflags(); r[0] = D3("fmadd.d", a, b, c); f[0] = get_fflags();
					clr_fflags(); r[1] = D3("fmsub.d", a, b, c); f[1] = get_fflags();
					clr_fflags(); r[2] = D3("fnmadd.d", a, b, c); f[2] = get_fflags();
					clr_fflags(); r[3] = D3("fnmsub.d", a, b, c); f[3] = get_fflags();
					clr_fflags(); s[0] = S3("fmadd.s", as, bs, cs); f[4] = get_fflags();
					clr_fflags(); s[1] = S3("fmsub.s", as, bs, cs); f[5] = get_fflags();
					clr_fflags(); s[2] = S3("fnmadd.s", as, bs, cs); f[6] = get_fflags();
					clr_fflags(); s[3] = S3("fnmsub.s", as, bs, cs); f[7] = get_fflags();
					printf("fma %u %2u %2u %2u %016llx/%02x %016llx/%02x %016llx/%02x %016llx/%02x"
					       " %08x/%02x %08x/%02x %08x/%02x %08x/%02x\n", rm, pick[i], pick[j], pick[k],
					       (u64)r[0], f[0], (u64)r[1], f[1], (u64)r[2], f[2], (u64)r[3], f[3],
					       s[0], f[4], s[1], f[5], s[2], f[6], s[3], f[7]);
				}
		/* Random operands where the exact product and the addend nearly cancel. */
		uint64_t h = 0;
		for (int n = 0; n < 3000; n++) {
			uint64_t a = (rng64() >> 12) | 0x3ff0000000000000ull, b = (rng64() >> 12) | 0x3ff0000000000000ull;
			uint64_t p = D2("fmul.d", a, b) ^ (rng64() & 0x7);
			clr_fflags();
			h = h * 1000003 + D3("fmsub.d", a, b, p) + get_fflags();
			uint32_t as = (uint32_t)(a >> 29), bs = (uint32_t)(b >> 29), ps = S2("fmul.s", as, bs) ^ (uint32_t)(rng64() & 3);
			clr_fflags();
			h = h * 1000003 + S3("fnmadd.s", as, bs, ps ^ 0x80000000u) + get_fflags();
			clr_fflags();
			h = h * 1000003 + D1("fsqrt.d", a ^ (rng64() & 0x00ffffffffffffffull)) + get_fflags();
		}
		printf("random hash %u %016llx\n", rm, (u64)h);
	}
	return 0;
}
