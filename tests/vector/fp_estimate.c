/* vfrec7.v / vfrsqrt7.v (RVV 1.0 §13.9, §13.10) and vfclass over a sweep of every 7-bit
 * significand prefix, both exponent parities, subnormal inputs with 0..n leading zeros, the
 * overflow band below 2^-(B+1) in every rounding mode, infinities, zeros and NaNs, at SEW 32 and
 * 64. Also checks the manual's four worked examples against their published values (the
 * "known" lines print ok/BAD independently of any simulator). */
#include "common.h"

#define N 1400
static uint8_t IN[N * 8], OUT[N * 8];

static unsigned build32(void)
{
	uint32_t *p = (uint32_t *)IN;
	unsigned n = 0;
	static const uint32_t exps[] = { 1, 2, 3, 100, 125, 126, 127, 128, 129, 200, 252, 253, 254 };
	for (unsigned e = 0; e < sizeof exps / sizeof exps[0]; e++)
		for (uint32_t s = 0; s < 128; s += (e & 1) ? 1 : 3)
			p[n++] = ((uint32_t)(rnd() & 1) << 31) | exps[e] << 23 | s << 16 | (uint32_t)(rnd() & 0xffff);
	for (unsigned lz = 0; lz < 23; lz++)               /* subnormals with lz leading zeros */
		for (int k = 0; k < 6; k++)
			p[n++] = ((uint32_t)(k & 1) << 31) | (0x400000u >> lz) | ((uint32_t)rnd() & ((0x400000u >> lz) - 1));
	static const uint32_t sp[] = { 0, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001,
		0xffc00001, 0x1, 0x80000001, 0x00718abc, 0x7f765432, 0x7f7fffff, 0x00800000, 0x00400000, 0x003fffff };
	for (unsigned i = 0; i < sizeof sp / sizeof sp[0]; i++)
		p[n++] = sp[i];
	return n;
}

static unsigned build64(void)
{
	uint64_t *p = (uint64_t *)IN;
	unsigned n = 0;
	static const uint64_t exps[] = { 1, 2, 3, 1000, 1021, 1022, 1023, 1024, 1025, 2000, 2044, 2045, 2046 };
	for (unsigned e = 0; e < sizeof exps / sizeof exps[0]; e++)
		for (uint64_t s = 0; s < 128; s += (e & 1) ? 1 : 3)
			p[n++] = ((rnd() & 1) << 63) | exps[e] << 52 | s << 45 | (rnd() & ((1ull << 45) - 1));
	for (unsigned lz = 0; lz < 52; lz += 1)
		for (int k = 0; k < 4; k++)
			p[n++] = ((uint64_t)(k & 1) << 63) | ((1ull << 51) >> lz) | (rnd() & (((1ull << 51) >> lz) - 1));
	static const uint64_t sp[] = { 0, 1ull << 63, 0x7ff0000000000000ull, 0xfff0000000000000ull,
		0x7ff8000000000000ull, 0x7ff0000000000001ull, 1, 0x8000000000000001ull, 0x7fefffffffffffffull,
		0x0010000000000000ull, 0x0008000000000000ull, 0x0007ffffffffffffull };
	for (unsigned i = 0; i < sizeof sp / sizeof sp[0]; i++)
		p[n++] = sp[i];
	return n;
}

#define RUN(n, OP, count)                                                                       \
	for (size_t i = 0, vl; i < count; i += vl) {                                            \
		vl = __riscv_vsetvl_e##n##m4(count - i);                                        \
		vfloat##n##m4_t a = __riscv_vle##n##_v_f##n##m4((const void *)((const uint##n##_t *)IN + i), vl); \
		__riscv_vse##n##_v_u##n##m4((uint##n##_t *)OUT + i, OP, vl);                    \
	}
#define AS_U(n, x) __riscv_vreinterpret_v_f##n##m4_u##n##m4(x)

static void known(const char *what, uint64_t got, uint64_t want)
{
	printf("known %-26s %016llx %s\n", what, (unsigned long long)got, got == want ? "ok" : "BAD");
}

int main(void)
{
	for (unsigned rm = 0; rm < 5; rm++) {
		set_frm(rm);
		unsigned n = build32();
		RUN(32, AS_U(32, __riscv_vfrec7_v_f32m4(a, vl)), n);
		printf("vfrec7 e32 %s %u %016llx fflags=%02lx\n", rm_name[rm], n, (unsigned long long)fnv(OUT, n * 4), rd_fflags()); clr_fflags();
		RUN(32, AS_U(32, __riscv_vfrsqrt7_v_f32m4(a, vl)), n);
		printf("vfrsqrt7 e32 %s %u %016llx fflags=%02lx\n", rm_name[rm], n, (unsigned long long)fnv(OUT, n * 4), rd_fflags()); clr_fflags();
		RUN(32, __riscv_vfclass_v_u32m4(a, vl), n);
		printf("vfclass e32 %s %016llx fflags=%02lx\n", rm_name[rm], (unsigned long long)fnv(OUT, n * 4), rd_fflags()); clr_fflags();
		if (rm == 0)
			for (unsigned i = 0; i < n; i += 97) {
				RUN(32, AS_U(32, __riscv_vfrec7_v_f32m4(a, vl)), n);
				printf("  rec7(%08x) = %08x\n", ((uint32_t *)IN)[i], ((uint32_t *)OUT)[i]);
			}
		n = build64();
		RUN(64, AS_U(64, __riscv_vfrec7_v_f64m4(a, vl)), n);
		printf("vfrec7 e64 %s %u %016llx fflags=%02lx\n", rm_name[rm], n, (unsigned long long)fnv(OUT, n * 8), rd_fflags()); clr_fflags();
		RUN(64, AS_U(64, __riscv_vfrsqrt7_v_f64m4(a, vl)), n);
		printf("vfrsqrt7 e64 %s %u %016llx fflags=%02lx\n", rm_name[rm], n, (unsigned long long)fnv(OUT, n * 8), rd_fflags()); clr_fflags();
		RUN(64, __riscv_vfclass_v_u64m4(a, vl), n);
		printf("vfclass e64 %s %016llx fflags=%02lx\n", rm_name[rm], (unsigned long long)fnv(OUT, n * 8), rd_fflags()); clr_fflags();
	}
	/* The manual's examples (§13.9, §13.10), SEW = 32. */
	set_frm(0);
	uint32_t *in = (uint32_t *)IN, *out = (uint32_t *)OUT;
	in[0] = 0x00718abc; in[1] = 0x7f765432;
	RUN(32, AS_U(32, __riscv_vfrsqrt7_v_f32m4(a, vl)), 2);
	known("vfrsqrt7(0x00718abc)", out[0], 0x5f080000);
	known("vfrsqrt7(0x7f765432)", out[1], 0x1f820000);
	RUN(32, AS_U(32, __riscv_vfrec7_v_f32m4(a, vl)), 2);
	known("vfrec7(0x00718abc)", out[0], 0x7e900000);
	known("vfrec7(0x7f765432)", out[1], 0x00214000);
	/* The exceptional rows of the vfrec7 table: |x| < 2^-(B+1) overflows by rounding direction. */
	in[0] = 0x00000001; in[1] = 0x80000001;
	static const uint32_t pos[5] = { 0x7f800000, 0x7f7fffff, 0x7f7fffff, 0x7f800000, 0x7f800000 };
	static const uint32_t neg[5] = { 0xff800000, 0xff7fffff, 0xff800000, 0xff7fffff, 0xff800000 };
	for (unsigned rm = 0; rm < 5; rm++) {
		set_frm(rm);
		clr_fflags();
		RUN(32, AS_U(32, __riscv_vfrec7_v_f32m4(a, vl)), 2);
		char b[40];
		snprintf(b, sizeof b, "vfrec7(+min sub) %s", rm_name[rm]);
		known(b, out[0], pos[rm]);
		snprintf(b, sizeof b, "vfrec7(-min sub) %s", rm_name[rm]);
		known(b, out[1], neg[rm]);
		known("  fflags NX|OF", rd_fflags(), 0x5);
	}
	return 0;
}
