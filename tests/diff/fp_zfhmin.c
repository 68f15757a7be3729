/* Zfhmin: half-precision conversions to and from single and double in every rounding mode
 * (overflow to inf or max by mode, subnormal halves, NaN quieting and NV), flh/fsh, and
 * fmv.x.h (sign-extends) / fmv.h.x (boxes). */
#define ASM_PRE ".option push\n.option arch,+zfhmin\n"
#define ASM_POST "\n.option pop"
#include "fp_common.h"

#define HX(insn, a) ({ uint64_t _r; __asm__ volatile(ASM_PRE "fmv.d.x ft0,%1\n\t" insn " ft1,ft0\n\tfmv.x.d %0,ft1" ASM_POST \
	: "=r"(_r) : "r"(a) : "ft0", "ft1"); _r; })
#define HXR(insn, a, rm) ({ uint64_t _r; __asm__ volatile(ASM_PRE "fmv.d.x ft0,%1\n\t" insn " ft1,ft0," rm "\n\tfmv.x.d %0,ft1" ASM_POST \
	: "=r"(_r) : "r"(a) : "ft0", "ft1"); _r; })

static const uint32_t sv[] = { 0x3f800000, 0x477fe000, 0x477ff000, 0x477fefff, 0x47800000, 0x387fc000,
	0x33800000, 0x33000000, 0x33000001, 0xb3800001, 0x3f801000, 0x3f802000, 0x3f801001, 0x7f800000,
	0xff800000, 0x7fc00000, 0x7f800001, 0xffc12345, 0x80000000, 0x00000001, 0x3eaaaaab };
static const uint64_t dv[] = { 0x3ff0000000000000ull, 0x40effc0000000000ull, 0x40effe0000000000ull,
	0x3e70000000000000ull, 0x3e60000000000000ull, 0x3e60000000000001ull, 0x3ff0020000000000ull,
	0x3ff0030000000000ull, 0x7ff0000000000001ull, 0xfff8000000000000ull, 0x0000000000000001ull,
	0xc0f0000000000000ull, 0x3fd5555555555555ull };
static const uint16_t hv[] = { 0x0000, 0x8000, 0x0001, 0x03ff, 0x0400, 0x3c00, 0xbc00, 0x7bff, 0x7c00,
	0xfc00, 0x7e00, 0x7c01, 0xfd55, 0x3555 };

int main(void)
{
	static const char *const rms[] = { "rne", "rtz", "rdn", "rup", "rmm" };
	for (unsigned i = 0; i < sizeof sv / 4; i++) {
		uint64_t a = 0xffffffff00000000ull | sv[i], r[5]; unsigned f[5];
		clr_fflags(); r[0] = HXR("fcvt.h.s", a, "rne"); f[0] = get_fflags();
		clr_fflags(); r[1] = HXR("fcvt.h.s", a, "rtz"); f[1] = get_fflags();
		clr_fflags(); r[2] = HXR("fcvt.h.s", a, "rdn"); f[2] = get_fflags();
		clr_fflags(); r[3] = HXR("fcvt.h.s", a, "rup"); f[3] = get_fflags();
		clr_fflags(); r[4] = HXR("fcvt.h.s", a, "rmm"); f[4] = get_fflags();
		printf("h.s %08x:", sv[i]);
		for (int q = 0; q < 5; q++) printf(" %s %016llx/%02x", rms[q], (u64)r[q], f[q]);
		printf("\n");
	}
	for (unsigned i = 0; i < sizeof dv / 8; i++) {
		uint64_t a = dv[i], r[5]; unsigned f[5];
		clr_fflags(); r[0] = HXR("fcvt.h.d", a, "rne"); f[0] = get_fflags();
		clr_fflags(); r[1] = HXR("fcvt.h.d", a, "rtz"); f[1] = get_fflags();
		clr_fflags(); r[2] = HXR("fcvt.h.d", a, "rdn"); f[2] = get_fflags();
		clr_fflags(); r[3] = HXR("fcvt.h.d", a, "rup"); f[3] = get_fflags();
		clr_fflags(); r[4] = HXR("fcvt.h.d", a, "rmm"); f[4] = get_fflags();
		printf("h.d %016llx:", (u64)dv[i]);
		for (int q = 0; q < 5; q++) printf(" %s %016llx/%02x", rms[q], (u64)r[q], f[q]);
		printf("\n");
	}
	/* Dynamic rounding mode for the narrowing conversions. */
	for (unsigned rm = 0; rm < 5; rm++) {
		set_rm(rm);
		clr_fflags();
		printf("dyn %016llx %016llx flags %02x\n", (u64)HX("fcvt.h.s", 0xffffffff3f801001ull),
		       (u64)HX("fcvt.h.d", 0x3ff0030000000000ull), get_fflags());
	}
	set_rm(0);
	for (unsigned i = 0; i < sizeof hv / 2; i++) {
		uint64_t a = 0xffffffffffff0000ull | hv[i];
		unsigned f[2];
		clr_fflags(); uint64_t s = HX("fcvt.s.h", a); f[0] = get_fflags();
		clr_fflags(); uint64_t d = HX("fcvt.d.h", a); f[1] = get_fflags();
		uint64_t mvx, boxed;
		__asm__ volatile(ASM_PRE "fmv.d.x ft0,%1\n\tfmv.x.h %0,ft0" ASM_POST : "=r"(mvx) : "r"(a) : "ft0");
		__asm__ volatile(ASM_PRE "fmv.h.x ft0,%1\n\tfmv.x.d %0,ft0" ASM_POST : "=r"(boxed) : "r"((uint64_t)hv[i] | 0x12340000ull) : "ft0");
		printf("from h %04x: s %016llx/%02x d %016llx/%02x fmv.x.h %016llx fmv.h.x %016llx\n", hv[i],
		       (u64)s, f[0], (u64)d, f[1], (u64)mvx, (u64)boxed);
	}
	/* flh boxes to 64 bits; fsh stores the low 16 bits. */
	uint16_t mem[4] = { 0x3c00, 0xfc00, 0, 0 };
	uint64_t r1, r2;
	__asm__ volatile(ASM_PRE "flh ft0,0(%2)\n\tfmv.x.d %0,ft0\n\tflh ft1,2(%2)\n\tfsh ft1,4(%2)\n\tfsh ft0,6(%2)\n\tfmv.x.d %1,ft1" ASM_POST
			 : "=&r"(r1), "=&r"(r2) : "r"(mem) : "ft0", "ft1", "memory");
	printf("flh %016llx %016llx fsh %04x %04x\n", (u64)r1, (u64)r2, mem[2], mem[3]);
	return 0;
}
