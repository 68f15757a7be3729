/* Zfa: fli.s/fli.d (all 32 constants), fminm/fmaxm (NaN-propagating), fround/froundnx in every
 * rounding mode (only froundnx raises NX), fcvtmod.w.d (modular, rtz), fleq/fltq (quiet).
 * Each instruction is assembled with ".option arch,+zfa" so the rv64gc build runs them too. */
#define ASM_PRE ".option push\n.option arch,+zfa\n"
#define ASM_POST "\n.option pop"
#include "fp_common.h"

#define ZFA(x) x
/* fli.{s,d} ft0, imm: OP-FP, funct7 1111000 (s) / 1111001 (d), rs2 = 00001, rs1 = constant index. */
#define FLI_ENC(d, i) (0x53u | (0u << 7) | (1u << 20) | ((unsigned)(i) << 15) | ((d) ? 0xf2000000u : 0xf0000000u))
#define FLI(d, i) ({ uint64_t _r; __asm__ volatile(".4byte %1\n\tfmv.x.d %0,ft0" : "=r"(_r) : "i"(FLI_ENC(d, i)) : "ft0"); _r; })
#define FLI8(d, b) FLI(d, b), FLI(d, b + 1), FLI(d, b + 2), FLI(d, b + 3), FLI(d, b + 4), FLI(d, b + 5), FLI(d, b + 6), FLI(d, b + 7)

int main(void)
{
	uint64_t fd[32] = { FLI8(1, 0), FLI8(1, 8), FLI8(1, 16), FLI8(1, 24) };
	uint64_t fs[32] = { FLI8(0, 0), FLI8(0, 8), FLI8(0, 16), FLI8(0, 24) };
	for (int i = 0; i < 32; i++)
		printf("fli %2d %016llx %016llx\n", i, (u64)fd[i], (u64)fs[i]);

	for (unsigned i = 0; i < N_DBL_VALS; i++)
		for (unsigned j = 0; j < N_DBL_VALS; j++) {
			uint64_t a = dbl_vals[i], b = dbl_vals[j], r[4]; unsigned f[4];
			uint32_t as = flt_vals[i], bs = flt_vals[j]; uint32_t s[2]; unsigned g[4];
			clr_fflags(); r[0] = D2(ZFA("fminm.d"), a, b); f[0] = get_fflags();
			clr_fflags(); r[1] = D2(ZFA("fmaxm.d"), a, b); f[1] = get_fflags();
			clr_fflags(); r[2] = XD2(ZFA("fleq.d"), a, b); f[2] = get_fflags();
			clr_fflags(); r[3] = XD2(ZFA("fltq.d"), a, b); f[3] = get_fflags();
			clr_fflags(); s[0] = S2(ZFA("fminm.s"), as, bs); g[0] = get_fflags();
			clr_fflags(); s[1] = S2(ZFA("fmaxm.s"), as, bs); g[1] = get_fflags();
			clr_fflags(); uint64_t le = XS2(ZFA("fleq.s"), as, bs); g[2] = get_fflags();
			clr_fflags(); uint64_t lt = XS2(ZFA("fltq.s"), as, bs); g[3] = get_fflags();
			printf("%2u %2u d %016llx/%02x %016llx/%02x %lld/%02x %lld/%02x s %08x/%02x %08x/%02x %lld/%02x %lld/%02x\n",
			       i, j, (u64)r[0], f[0], (u64)r[1], f[1], (i64)r[2], f[2], (i64)r[3], f[3],
			       s[0], g[0], s[1], g[1], (i64)le, g[2], (i64)lt, g[3]);
		}

	static const uint64_t rd[] = { 0x3fe0000000000000ull, 0xbfe0000000000000ull, 0x3ff8000000000000ull,
		0xc004000000000000ull, 0x4330000000000001ull, 0x432fffffffffffffull, 0x7ff0000000000000ull,
		0x7ff4000000000000ull, 0x0000000000000001ull, 0x8000000000000001ull, 0x3fefffffffffffffull };
	static const uint32_t rs[] = { 0x3f000000, 0xbf000000, 0x3fc00000, 0xc0200000, 0x4b000001,
		0x4affffff, 0x7f800000, 0x7fa00000, 0x00000001, 0x80000001, 0x3f7fffff };
	for (unsigned rm = 0; rm < 5; rm++) {
		set_rm(rm);
		for (unsigned i = 0; i < sizeof rd / 8; i++) {
			unsigned f[4];
			clr_fflags(); uint64_t a = D1(ZFA("fround.d"), rd[i]); f[0] = get_fflags();
			clr_fflags(); uint64_t b = D1(ZFA("froundnx.d"), rd[i]); f[1] = get_fflags();
			clr_fflags(); uint32_t c = S1(ZFA("fround.s"), rs[i]); f[2] = get_fflags();
			clr_fflags(); uint32_t d = S1(ZFA("froundnx.s"), rs[i]); f[3] = get_fflags();
			printf("round %u %016llx %016llx/%02x %016llx/%02x %08x %08x/%02x %08x/%02x\n", rm, (u64)rd[i],
			       (u64)a, f[0], (u64)b, f[1], rs[i], c, f[2], d, f[3]);
		}
	}
	set_rm(0);
	/* Static rounding mode on fround. */
	printf("fround static %016llx %016llx %016llx\n", (u64)D1(ZFA("fround.d %0,%1,rup\n#"), 0x3fe0000000000000ull),
	       (u64)D1(ZFA("fround.d %0,%1,rdn\n#"), 0xbfe0000000000000ull), (u64)D1(ZFA("froundnx.d %0,%1,rmm\n#"), 0x3fe0000000000000ull));

	static const uint64_t md[] = { 0x0000000000000000ull, 0x3ff8000000000000ull, 0xbff8000000000000ull,
		0x41e0000000000000ull, 0x41f0000000000001ull, 0x4330000000000001ull, 0x43e0000000000000ull,
		0x4530000000000001ull, 0x4540000000000000ull, 0xc540000000000001ull, 0x7ff0000000000000ull,
		0x7ff8000000000000ull, 0x0000000000000001ull, 0xc1e0000000000000ull, 0xc1e0000000200000ull,
		0x41dfffffffc00000ull, 0x3fefffffffffffffull, 0x4430000000000001ull };
	for (unsigned i = 0; i < sizeof md / 8; i++) {
		clr_fflags();
		uint64_t r = XD(ZFA("fcvtmod.w.d %0,%1,rtz\n#"), md[i]);
		printf("fcvtmod %016llx %016llx/%02x\n", (u64)md[i], (u64)r, get_fflags());
	}
	uint64_t h = 0;
	for (int k = 0; k < 5000; k++) {
		uint64_t x = (rng64() & 0x800fffffffffffffull) | ((0x3c0ull + (rng64() & 0x7f)) << 52);
		clr_fflags();
		h = h * 1000003 + XD(ZFA("fcvtmod.w.d %0,%1,rtz\n#"), x) + D1(ZFA("froundnx.d"), x) + get_fflags();
	}
	printf("hash %016llx\n", (u64)h);
	return 0;
}
