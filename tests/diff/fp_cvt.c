/* FP <-> integer conversions (fcvt.{w,wu,l,lu}.{s,d} and back, fcvt.s.d, fcvt.d.s) in all
 * rounding modes: saturation on overflow, NaN -> largest positive, negative -> 0 for unsigned,
 * with NV/NX flags (ISA manual F chapter, "FCVT.W.S" table). */
#include "fp_common.h"

static const uint64_t cvt_d[] = {
	0x0000000000000000ull, 0x8000000000000000ull, 0x3fe0000000000000ull, 0xbfe0000000000000ull,
	0x3ff8000000000000ull, 0xbff8000000000000ull, 0x4004000000000000ull, 0xc004000000000000ull,
	0x3fefffffffffffffull, 0xbff0000000000000ull, 0xbfefffffffffffffull, 0x41dfffffffc00000ull,
	0x41dfffffffe00000ull, 0x41e0000000000000ull, 0xc1e0000000000000ull, 0xc1e0000000100000ull,
	0xc1e0000000200000ull, 0x41efffffffe00000ull, 0x41efffffffff0000ull, 0x41f0000000000000ull,
	0x43dfffffffffffffull, 0x43e0000000000000ull, 0xc3e0000000000000ull, 0xc3e0000000000001ull,
	0x43efffffffffffffull, 0x43f0000000000000ull, 0x7ff0000000000000ull, 0xfff0000000000000ull,
	0x7ff8000000000000ull, 0xfff8000000000000ull, 0x7ff0000000000001ull, 0x0000000000000001ull,
	0x7fefffffffffffffull, 0xffefffffffffffffull,
};
static const uint32_t cvt_s[] = {
	0x00000000, 0x80000000, 0x3f000000, 0xbf000000, 0x3fc00000, 0xbfc00000, 0x40200000, 0xc0200000,
	0x3f7fffff, 0xbf800000, 0xbf7fffff, 0x4effffff, 0x4f000000, 0xcf000000, 0xcf000001, 0x4f7fffff,
	0x4f800000, 0x5effffff, 0x5f000000, 0xdf000000, 0xdf000001, 0x5f7fffff, 0x5f800000, 0x7f800000,
	0xff800000, 0x7fc00000, 0xffc00000, 0x7f800001, 0x00000001, 0x7f7fffff, 0xff7fffff,
};

#define ROW(M, insn, x) do { \
	unsigned _f[5]; uint64_t _r[5]; \
	clr_fflags(); _r[0] = M(insn, x, "rne"); _f[0] = get_fflags(); \
	clr_fflags(); _r[1] = M(insn, x, "rtz"); _f[1] = get_fflags(); \
	clr_fflags(); _r[2] = M(insn, x, "rdn"); _f[2] = get_fflags(); \
	clr_fflags(); _r[3] = M(insn, x, "rup"); _f[3] = get_fflags(); \
	clr_fflags(); _r[4] = M(insn, x, "rmm"); _f[4] = get_fflags(); \
	printf("%-10s %016llx:", insn, (u64)(x)); \
	for (int _q = 0; _q < 5; _q++) printf(" %016llx/%02x", (u64)_r[_q], _f[_q]); \
	printf("\n"); } while (0)

/* integer -> FP, result read back as raw bits (fmv.x.d / fmv.x.w). */
#define ID(insn, x, rm) ({ double _r; __asm__ volatile(insn " %0,%1," rm : "=f"(_r) : "r"(x)); dbits(_r); })
#define IS(insn, x, rm) ({ float _r; __asm__ volatile(insn " %0,%1," rm : "=f"(_r) : "r"(x)); (uint64_t)fbits(_r); })
#define SD(insn, x, rm) ({ float _r; __asm__ volatile(insn " %0,%1," rm : "=f"(_r) : "f"(bitsd(x))); (uint64_t)fbits(_r); })

int main(void)
{
	for (unsigned i = 0; i < sizeof cvt_d / 8; i++) {
		ROW(XDR, "fcvt.w.d", cvt_d[i]);
		ROW(XDR, "fcvt.wu.d", cvt_d[i]);
		ROW(XDR, "fcvt.l.d", cvt_d[i]);
		ROW(XDR, "fcvt.lu.d", cvt_d[i]);
		ROW(SD, "fcvt.s.d", cvt_d[i]);
	}
	for (unsigned i = 0; i < sizeof cvt_s / 4; i++) {
		ROW(XSR, "fcvt.w.s", cvt_s[i]);
		ROW(XSR, "fcvt.wu.s", cvt_s[i]);
		ROW(XSR, "fcvt.l.s", cvt_s[i]);
		ROW(XSR, "fcvt.lu.s", cvt_s[i]);
		clr_fflags();
		uint64_t d = D1("fcvt.d.s", (uint64_t)cvt_s[i] | 0xffffffff00000000ull);
		printf("fcvt.d.s %08x: %016llx/%02x\n", cvt_s[i], (u64)d, get_fflags());
	}
	for (unsigned i = 0; i < N_INT_VALS; i++) {
		uint64_t x = int_vals[i];
		ROW(ID, "fcvt.d.l", x);
		ROW(ID, "fcvt.d.lu", x);
		ROW(ID, "fcvt.d.w", x);
		ROW(ID, "fcvt.d.wu", x);
		ROW(IS, "fcvt.s.l", x);
		ROW(IS, "fcvt.s.lu", x);
		ROW(IS, "fcvt.s.w", x);
		ROW(IS, "fcvt.s.wu", x);
	}
	/* Random integers with few significant bits set high, so the conversions round. */
	uint64_t h = 0;
	for (int k = 0; k < 4000; k++) {
		uint64_t x = rng64() >> (rng64() & 31);
		unsigned rm = k % 5;
		set_frm(rm);
		clr_fflags();
		double d; float s;
		__asm__ volatile("fcvt.d.lu %0,%1" : "=f"(d) : "r"(x));
		__asm__ volatile("fcvt.s.l %0,%1" : "=f"(s) : "r"(x));
		h = h * 1000003 + dbits(d) + fbits(s) + get_fflags();
		clr_fflags();
		h = h * 1000003 + XD("fcvt.l.d", x) + XS("fcvt.wu.s", (uint32_t)x) + get_fflags();
	}
	set_frm(0);
	printf("random hash %016llx\n", (u64)h);
	/* C casts: truncating conversions the compiler emits with rtz (values in range only). */
	volatile double vd = -2.75; volatile float vf = 3.9e9f;
	printf("C casts %lld %u %lld %llu\n", (i64)vd, (unsigned)vf, (i64)(vd * 1e15), (u64)(vf * 4e9f));
	return 0;
}
