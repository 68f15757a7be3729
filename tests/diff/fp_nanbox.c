/* NaN boxing (ISA manual, D chapter "NaN Boxing of Narrower Values"): single-precision
 * operands whose upper 32 bits are not all ones read as the canonical NaN, except in the
 * transfers fmv.x.w and fsw, which move the low bits unchecked; single results are boxed.
 * Also Zfhmin conversions of badly boxed halves. Registers are filled with fmv.d.x. */
#include "fp_common.h"

#define PUSH ".option push\n.option arch,+zfhmin\n"
#define POP "\n.option pop"
/* Run one single-precision instruction with rs1 (and rs2) given as raw 64-bit register contents. */
#define RAW2(insn, a, b) ({ uint64_t _r; __asm__ volatile(PUSH "fmv.d.x ft0,%1\n\tfmv.d.x ft1,%2\n\t" insn " ft2,ft0,ft1\n\tfmv.x.d %0,ft2" POP \
	: "=r"(_r) : "r"(a), "r"(b) : "ft0", "ft1", "ft2"); _r; })
#define RAW1(insn, a) ({ uint64_t _r; __asm__ volatile(PUSH "fmv.d.x ft0,%1\n\t" insn " ft2,ft0\n\tfmv.x.d %0,ft2" POP \
	: "=r"(_r) : "r"(a) : "ft0", "ft2"); _r; })
#define RAWX(insn, a) ({ uint64_t _r; __asm__ volatile(PUSH "fmv.d.x ft0,%1\n\t" insn " %0,ft0" POP : "=r"(_r) : "r"(a) : "ft0"); _r; })
#define RAWX2(insn, a, b) ({ uint64_t _r; __asm__ volatile(PUSH "fmv.d.x ft0,%1\n\tfmv.d.x ft1,%2\n\t" insn " %0,ft0,ft1" POP \
	: "=r"(_r) : "r"(a), "r"(b) : "ft0", "ft1"); _r; })
#define ZFH(x) x

static const uint64_t regs[] = {
	0xffffffff3f800000ull, /* boxed 1.0f */
	0x000000003f800000ull, /* unboxed: upper zero */
	0xfffffffe3f800000ull, /* unboxed: one upper bit clear */
	0x7fffffff3f800000ull,
	0xffffffffbf800000ull, /* boxed -1.0f */
	0x00000000bf800000ull,
	0xffffffff7fa00000ull, /* boxed sNaN */
	0x3ff0000000000000ull, /* a double 1.0 */
	0xffffffffffffffffull, /* boxed NaN with all-ones payload */
	0xffffffffffff3c00ull, /* boxed half 1.0 inside a boxed single */
};
#define NR (sizeof regs / sizeof regs[0])

int main(void)
{
	for (unsigned i = 0; i < NR; i++) {
		uint64_t a = regs[i];
		unsigned f[6];
		clr_fflags(); uint64_t add = RAW2("fadd.s", a, 0xffffffff40000000ull); f[0] = get_fflags();
		clr_fflags(); uint64_t sg = RAW2("fsgnj.s", a, 0xffffffff80000000ull); f[1] = get_fflags();
		clr_fflags(); uint64_t sgx = RAW2("fsgnjx.s", 0xffffffff40000000ull, a); f[2] = get_fflags();
		clr_fflags(); uint64_t mn = RAW2("fmin.s", a, 0xffffffff40000000ull); f[3] = get_fflags();
		clr_fflags(); uint64_t cv = RAW1("fcvt.d.s", a); f[4] = get_fflags();
		clr_fflags(); uint64_t w = RAWX("fcvt.w.s", a); f[5] = get_fflags();
		printf("%016llx add %016llx/%02x sgnj %016llx/%02x sgnjx %016llx/%02x min %016llx/%02x"
		       " cvt.d.s %016llx/%02x cvt.w.s %016llx/%02x\n", (u64)a, (u64)add, f[0], (u64)sg, f[1],
		       (u64)sgx, f[2], (u64)mn, f[3], (u64)cv, f[4], (u64)w, f[5]);
		clr_fflags();
		uint64_t cls = RAWX("fclass.s", a), eq = RAWX2("feq.s", a, a), lt = RAWX2("flt.s", a, a);
		unsigned fc = get_fflags();
		uint64_t mvx = RAWX("fmv.x.w", a);
		uint32_t mem = 0;
		__asm__ volatile(PUSH "fmv.d.x ft0,%1\n\tfsw ft0,0(%0)" :: "r"(&mem), "r"(a) : "ft0", "memory");
		clr_fflags();
		uint64_t h = RAW1(ZFH("fcvt.h.s"), a), sh = RAW1(ZFH("fcvt.s.h"), a), dh = RAW1(ZFH("fcvt.d.h"), a);
		uint64_t mvh = RAWX(ZFH("fmv.x.h"), a);
		printf("   fclass %03llx feq %lld flt %lld flags %02x fmv.x.w %016llx fsw %08x h %016llx s.h %016llx d.h %016llx"
		       " fmv.x.h %016llx flags %02x\n", (u64)cls, (i64)eq, (i64)lt, fc, (u64)mvx, mem, (u64)h, (u64)sh,
		       (u64)dh, (u64)mvh, get_fflags());
	}
	/* flw boxes, fld does not check; fmv.w.x boxes; a D op leaves all 64 bits. */
	uint64_t word = 0x11223344c0490fdbull, r1, r2, r3;
	__asm__ volatile("flw ft0,0(%3)\n\tfmv.x.d %0,ft0\n\tfld ft1,0(%3)\n\tfadd.s ft2,ft1,ft1\n\tfmv.x.d %1,ft2\n\t"
			 "fmv.w.x ft3,%4\n\tfmv.x.d %2,ft3" : "=&r"(r1), "=&r"(r2), "=&r"(r3) : "r"(&word), "r"(word)
			 : "ft0", "ft1", "ft2", "ft3", "memory");
	printf("flw %016llx fld+fadd.s %016llx fmv.w.x %016llx\n", (u64)r1, (u64)r2, (u64)r3);
	return 0;
}
