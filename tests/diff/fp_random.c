/* Volume test of every F/D/Zfa/Zfhmin computational instruction: for each instruction and each
 * rounding mode (dynamic, set with fsrm), 1500 operand sets drawn from boundary values, random
 * bit patterns, narrow exponent ranges (results that round) and constructed near-ties and
 * cancellations. Prints one hash of (result bits, fflags) per instruction and mode, so a
 * mismatch names the instruction and the mode; the first operands of each group are printed in
 * full as well. */
#define ASM_PRE ".option push\n.option arch,+zfa,+zfhmin\n"
#define ASM_POST "\n.option pop"
#include "fp_common.h"

enum kind { DD, SS, DI, SI, ID, IS, HS, HD };   /* operand/result shapes */
typedef uint64_t (*op_fn)(uint64_t, uint64_t, uint64_t);
struct op { const char *name; op_fn fn; enum kind k; };

#define OPD1(n, i) static uint64_t n(uint64_t a, uint64_t b, uint64_t c) { (void)b; (void)c; return D1(i, a); }
#define OPD2(n, i) static uint64_t n(uint64_t a, uint64_t b, uint64_t c) { (void)c; return D2(i, a, b); }
#define OPD3(n, i) static uint64_t n(uint64_t a, uint64_t b, uint64_t c) { return D3(i, a, b, c); }
#define OPS1(n, i) static uint64_t n(uint64_t a, uint64_t b, uint64_t c) { (void)b; (void)c; return S1(i, (uint32_t)a); }
#define OPS2(n, i) static uint64_t n(uint64_t a, uint64_t b, uint64_t c) { (void)c; return S2(i, (uint32_t)a, (uint32_t)b); }
#define OPS3(n, i) static uint64_t n(uint64_t a, uint64_t b, uint64_t c) { return S3(i, (uint32_t)a, (uint32_t)b, (uint32_t)c); }
#define OPXD(n, i) static uint64_t n(uint64_t a, uint64_t b, uint64_t c) { (void)b; (void)c; return XD(i, a); }
#define OPXS(n, i) static uint64_t n(uint64_t a, uint64_t b, uint64_t c) { (void)b; (void)c; return XS(i, (uint32_t)a); }
#define OPXD2(n, i) static uint64_t n(uint64_t a, uint64_t b, uint64_t c) { (void)c; return XD2(i, a, b); }
#define OPXS2(n, i) static uint64_t n(uint64_t a, uint64_t b, uint64_t c) { (void)c; return XS2(i, (uint32_t)a, (uint32_t)b); }
#define OPID(n, i) static uint64_t n(uint64_t a, uint64_t b, uint64_t c) { (void)b; (void)c; double r; \
	__asm__ volatile(i " %0,%1" : "=f"(r) : "r"(a)); return dbits(r); }
#define OPIS(n, i) static uint64_t n(uint64_t a, uint64_t b, uint64_t c) { (void)b; (void)c; float r; \
	__asm__ volatile(i " %0,%1" : "=f"(r) : "r"(a)); return fbits(r); }
/* Raw 64-bit register in and out (for half precision and NaN-boxing behaviour). */
#define OPRAW(n, i) static uint64_t n(uint64_t a, uint64_t b, uint64_t c) { (void)b; (void)c; uint64_t r; \
	__asm__ volatile(ASM_PRE "fmv.d.x ft0,%1\n\t" i " ft1,ft0\n\tfmv.x.d %0,ft1" ASM_POST : "=r"(r) : "r"(a) : "ft0", "ft1"); return r; }

OPD2(fadd_d, "fadd.d") OPD2(fsub_d, "fsub.d") OPD2(fmul_d, "fmul.d") OPD2(fdiv_d, "fdiv.d") OPD1(fsqrt_d, "fsqrt.d")
OPD3(fmadd_d, "fmadd.d") OPD3(fmsub_d, "fmsub.d") OPD3(fnmadd_d, "fnmadd.d") OPD3(fnmsub_d, "fnmsub.d")
OPD2(fmin_d, "fmin.d") OPD2(fmax_d, "fmax.d") OPD2(fminm_d, "fminm.d") OPD2(fmaxm_d, "fmaxm.d")
OPD1(fround_d, "fround.d") OPD1(froundnx_d, "froundnx.d")
OPXD2(feq_d, "feq.d") OPXD2(flt_d, "flt.d") OPXD2(fle_d, "fle.d") OPXD2(fleq_d, "fleq.d") OPXD2(fltq_d, "fltq.d")
OPXD(fclass_d, "fclass.d") OPXD(fcvt_w_d, "fcvt.w.d") OPXD(fcvt_wu_d, "fcvt.wu.d") OPXD(fcvt_l_d, "fcvt.l.d")
OPXD(fcvt_lu_d, "fcvt.lu.d")
static uint64_t fcvtmod_w_d(uint64_t a, uint64_t b, uint64_t c) { (void)b; (void)c; return XD("fcvtmod.w.d %0,%1,rtz\n#", a); }
OPS2(fadd_s, "fadd.s") OPS2(fsub_s, "fsub.s") OPS2(fmul_s, "fmul.s") OPS2(fdiv_s, "fdiv.s") OPS1(fsqrt_s, "fsqrt.s")
OPS3(fmadd_s, "fmadd.s") OPS3(fmsub_s, "fmsub.s") OPS3(fnmadd_s, "fnmadd.s") OPS3(fnmsub_s, "fnmsub.s")
OPS2(fmin_s, "fmin.s") OPS2(fmax_s, "fmax.s") OPS2(fminm_s, "fminm.s") OPS2(fmaxm_s, "fmaxm.s")
OPS1(fround_s, "fround.s") OPS1(froundnx_s, "froundnx.s")
OPXS2(feq_s, "feq.s") OPXS2(flt_s, "flt.s") OPXS2(fle_s, "fle.s") OPXS2(fleq_s, "fleq.s") OPXS2(fltq_s, "fltq.s")
OPXS(fclass_s, "fclass.s") OPXS(fcvt_w_s, "fcvt.w.s") OPXS(fcvt_wu_s, "fcvt.wu.s") OPXS(fcvt_l_s, "fcvt.l.s")
OPXS(fcvt_lu_s, "fcvt.lu.s")
OPID(fcvt_d_w, "fcvt.d.w") OPID(fcvt_d_wu, "fcvt.d.wu") OPID(fcvt_d_l, "fcvt.d.l") OPID(fcvt_d_lu, "fcvt.d.lu")
OPIS(fcvt_s_w, "fcvt.s.w") OPIS(fcvt_s_wu, "fcvt.s.wu") OPIS(fcvt_s_l, "fcvt.s.l") OPIS(fcvt_s_lu, "fcvt.s.lu")
OPRAW(fcvt_s_d, "fcvt.s.d") OPRAW(fcvt_d_s, "fcvt.d.s") OPRAW(fcvt_h_s, "fcvt.h.s") OPRAW(fcvt_s_h, "fcvt.s.h")
OPRAW(fcvt_h_d, "fcvt.h.d") OPRAW(fcvt_d_h, "fcvt.d.h")

static const struct op ops[] = {
	{ "fadd.d", fadd_d, DD }, { "fsub.d", fsub_d, DD }, { "fmul.d", fmul_d, DD }, { "fdiv.d", fdiv_d, DD },
	{ "fsqrt.d", fsqrt_d, DD }, { "fmadd.d", fmadd_d, DD }, { "fmsub.d", fmsub_d, DD }, { "fnmadd.d", fnmadd_d, DD },
	{ "fnmsub.d", fnmsub_d, DD }, { "fmin.d", fmin_d, DD }, { "fmax.d", fmax_d, DD }, { "fminm.d", fminm_d, DD },
	{ "fmaxm.d", fmaxm_d, DD }, { "fround.d", fround_d, DD }, { "froundnx.d", froundnx_d, DD },
	{ "feq.d", feq_d, DI }, { "flt.d", flt_d, DI }, { "fle.d", fle_d, DI }, { "fleq.d", fleq_d, DI },
	{ "fltq.d", fltq_d, DI }, { "fclass.d", fclass_d, DI }, { "fcvt.w.d", fcvt_w_d, DI }, { "fcvt.wu.d", fcvt_wu_d, DI },
	{ "fcvt.l.d", fcvt_l_d, DI }, { "fcvt.lu.d", fcvt_lu_d, DI }, { "fcvtmod.w.d", fcvtmod_w_d, DI },
	{ "fadd.s", fadd_s, SS }, { "fsub.s", fsub_s, SS }, { "fmul.s", fmul_s, SS }, { "fdiv.s", fdiv_s, SS },
	{ "fsqrt.s", fsqrt_s, SS }, { "fmadd.s", fmadd_s, SS }, { "fmsub.s", fmsub_s, SS }, { "fnmadd.s", fnmadd_s, SS },
	{ "fnmsub.s", fnmsub_s, SS }, { "fmin.s", fmin_s, SS }, { "fmax.s", fmax_s, SS }, { "fminm.s", fminm_s, SS },
	{ "fmaxm.s", fmaxm_s, SS }, { "fround.s", fround_s, SS }, { "froundnx.s", froundnx_s, SS },
	{ "feq.s", feq_s, SI }, { "flt.s", flt_s, SI }, { "fle.s", fle_s, SI }, { "fleq.s", fleq_s, SI },
	{ "fltq.s", fltq_s, SI }, { "fclass.s", fclass_s, SI }, { "fcvt.w.s", fcvt_w_s, SI }, { "fcvt.wu.s", fcvt_wu_s, SI },
	{ "fcvt.l.s", fcvt_l_s, SI }, { "fcvt.lu.s", fcvt_lu_s, SI },
	{ "fcvt.d.w", fcvt_d_w, ID }, { "fcvt.d.wu", fcvt_d_wu, ID }, { "fcvt.d.l", fcvt_d_l, ID }, { "fcvt.d.lu", fcvt_d_lu, ID },
	{ "fcvt.s.w", fcvt_s_w, IS }, { "fcvt.s.wu", fcvt_s_wu, IS }, { "fcvt.s.l", fcvt_s_l, IS }, { "fcvt.s.lu", fcvt_s_lu, IS },
	{ "fcvt.s.d", fcvt_s_d, DD }, { "fcvt.d.s", fcvt_d_s, HS }, { "fcvt.h.s", fcvt_h_s, HS }, { "fcvt.s.h", fcvt_s_h, HS },
	{ "fcvt.h.d", fcvt_h_d, HD }, { "fcvt.d.h", fcvt_d_h, HS },
};

static uint64_t rnd_double(void)
{
	uint64_t x = rng64();
	switch (x & 7) {
	case 0: return dbl_vals[(x >> 8) % N_DBL_VALS];
	case 1: return rng64();
	case 2: return (x & 0x800fffffffffffffull);                                             /* subnormal */
	case 3: return (x & 0x800fffffffffffffull) | ((uint64_t)(0x7fd + ((x >> 60) & 1)) << 52); /* near overflow */
	case 4: return (x & 0x800fffffffffffffull) | ((uint64_t)(0x001 + ((x >> 56) & 0x3f)) << 52); /* near underflow */
	case 5: return (x & 0x800000000000000full) | ((uint64_t)(0x3fe + ((x >> 56) & 3)) << 52);   /* few mantissa bits */
	default: return (x & 0x800fffffffffffffull) | ((uint64_t)(0x3f0 + ((x >> 54) & 0x3f)) << 52);
	}
}

static uint32_t rnd_single(void)
{
	uint64_t x = rng64();
	switch (x & 7) {
	case 0: return flt_vals[(x >> 8) % N_FLT_VALS];
	case 1: return (uint32_t)rng64();
	case 2: return (uint32_t)(x >> 32) & 0x807fffffu;
	case 3: return ((uint32_t)(x >> 32) & 0x807fffffu) | (0xfdu + (uint32_t)(x >> 63)) << 23;
	case 4: return ((uint32_t)(x >> 32) & 0x807fffffu) | (1u + (uint32_t)((x >> 20) & 0x1f)) << 23;
	case 5: return ((uint32_t)(x >> 32) & 0x8000000fu) | (0x7eu + (uint32_t)((x >> 20) & 3)) << 23;
	default: return ((uint32_t)(x >> 32) & 0x807fffffu) | (0x70u + (uint32_t)((x >> 20) & 0x1f)) << 23;
	}
}

static uint64_t rnd_int(void)
{
	uint64_t x = rng64();
	switch (x & 3) {
	case 0: return int_vals[(x >> 8) % N_INT_VALS];
	case 1: return rng64() >> (x >> 58);              /* any magnitude */
	case 2: return (uint64_t)-(int64_t)(rng64() >> (x >> 58));
	default: return (rng64() & 0xffffff) << ((x >> 16) % 40);   /* 24 significant bits, shifted */
	}
}

static uint16_t rnd_half(void)
{
	static const uint16_t hv[] = { 0x0000, 0x8000, 0x0001, 0x03ff, 0x0400, 0x3c00, 0xbc00, 0x7bff, 0x7c00, 0xfc00,
				       0x7e00, 0x7c01, 0xfd55 };
	uint64_t x = rng64();
	return (x & 1) ? hv[(x >> 8) % (sizeof hv / 2)] : (uint16_t)(x >> 16);
}

int main(void)
{
	for (unsigned i = 0; i < sizeof ops / sizeof ops[0]; i++) {
		const struct op *o = &ops[i];
		for (unsigned rm = 0; rm < 5; rm++) {
			set_frm(rm);
			uint64_t h = 0;
			for (int n = 0; n < 1500; n++) {
				uint64_t a, b, c;
				switch (o->k) {
				case DD: case DI:
					a = rnd_double(); b = rnd_double(); c = rnd_double();
					if (n % 5 == 1) b = a ^ 0x8000000000000000ull ^ (rng64() & 3);             /* cancellation */
					if (n % 5 == 2) c = D2("fmul.d", a, b) ^ 0x8000000000000000ull ^ (rng64() & 1); /* fma near-zero */
					if (n % 5 == 3) b = (a & 0x800fffffffffffffull) | ((((a >> 52) & 0x7ff) - 53) & 0x7ff) << 52; /* tie */
					break;
				case SS: case SI:
					a = rnd_single(); b = rnd_single(); c = rnd_single();
					if (n % 5 == 1) b = a ^ 0x80000000u ^ (rng64() & 3);
					if (n % 5 == 2) c = S2("fmul.s", (uint32_t)a, (uint32_t)b) ^ 0x80000000u ^ (rng64() & 1);
					if (n % 5 == 3) b = (a & 0x807fffffu) | ((((a >> 23) & 0xff) - 24) & 0xff) << 23;
					break;
				case ID: case IS:
					a = rnd_int(); b = c = 0;
					break;
				case HS:   /* boxed single, boxed half or unboxed: the instruction decides what it reads */
					a = (n & 3) == 0 ? 0xffffffffffff0000ull | rnd_half() : (n & 3) == 3 ? rng64() :
					    0xffffffff00000000ull | rnd_single();
					b = c = 0;
					break;
				default:   /* HD */
					a = (n & 3) == 0 ? 0xffffffffffff0000ull | rnd_half() : rnd_double();
					b = c = 0;
					break;
				}
				clr_fflags();
				uint64_t r = o->fn(a, b, c);
				unsigned f = get_fflags();
				h = (h ^ r) * 0x100000001b3ull + f;
				h ^= h >> 31;
				if (n < 2)
					printf("%-11s %s %016llx %016llx %016llx -> %016llx/%02x\n", o->name, rm_names[rm],
					       (u64)a, (u64)b, (u64)c, (u64)r, f);
			}
			printf("%-11s %s hash %016llx\n", o->name, rm_names[rm], (u64)h);
		}
	}
	return 0;
}
