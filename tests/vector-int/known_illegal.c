/* Known-value test of the RVV 1.0 illegal-encoding rules. Each case sets vtype/vl (and vstart),
 * executes one instruction word from an executable page and records whether it raised SIGILL.
 * The expected outcome of every case comes from the RVV 1.0 specification (section cited per
 * case), not from a simulator. Prints FAIL lines and "N passed, M failed". */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>

static volatile int trapped;
static void on_ill(int sig, siginfo_t *si, void *ctx)
{
	(void)sig; (void)si;
	ucontext_t *uc = ctx;
	uc->uc_mcontext.__gregs[0] += 4;
	trapped = 1;
}

static uint32_t *code;
static uint8_t scratch[8192] __attribute__((aligned(64)));   /* t2 points here */

/* vtype immediates */
#define E8 0u
#define E16 (1u << 3)
#define E32 (2u << 3)
#define E64 (3u << 3)
#define M1 0u
#define M2 1u
#define M4 2u
#define M8 3u
#define MF8 5u
#define MF4 6u
#define MF2 7u

static int run(uint32_t insn, uint64_t vtype, uint64_t vstart, uint64_t *vl_out, uint64_t *vtype_out)
{
	code[0] = insn;
	code[1] = 0x00008067;
	__asm__ volatile("fence.i" ::: "memory");
	trapped = 0;
	uint64_t vl, vt;
	__asm__ volatile("li t0, 4\n\t"
			 "vsetvl zero, t0, %[vtype]\n\t"
			 "csrw vstart, %[vstart]\n\t"
			 "li t0, 0\n\t"
			 "mv t2, %[buf]\n\t"
			 "jalr ra, 0(%[code])\n\t"
			 "csrr %[vl], vl\n\t"
			 "csrr %[vt], vtype\n\t"
			 "csrw vstart, zero\n\t"
			 : [vl] "=&r"(vl), [vt] "=&r"(vt)
			 : [vtype] "r"(vtype), [vstart] "r"(vstart), [code] "r"(code), [buf] "r"(scratch)
			 : "t0", "t1", "t2", "ra", "ft0", "ft1", "memory", "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8",
			   "v9", "v10", "v11", "v12", "v13", "v14", "v15", "v16", "v17", "v18", "v19", "v20", "v21",
			   "v22", "v23", "v24", "v25", "v26", "v27", "v28", "v29", "v30", "v31");
	if (vl_out) *vl_out = vl;
	if (vtype_out) *vtype_out = vt;
	return trapped;
}

/* Encoders (RVV 1.0 §10 instruction formats). rs1/rd of scalar operands: t0 (x5) / t1 (x6). */
enum { IVV = 0, FVV = 1, MVV = 2, IVI = 3, IVX = 4, FVF = 5, MVX = 6 };
static uint32_t op(unsigned f6, unsigned f3, unsigned vm, unsigned vd, unsigned vs2, unsigned vs1)
{
	return f6 << 26 | vm << 25 | vs2 << 20 | vs1 << 15 | f3 << 12 | vd << 7 | 0x57;
}
/* loads/stores: rs1 = t2 (x7) points at a scratch buffer */
static uint32_t ld(unsigned nf, unsigned mop, unsigned vm, unsigned lumop_vs2, unsigned width, unsigned vd)
{
	return (nf - 1) << 29 | mop << 26 | vm << 25 | lumop_vs2 << 20 | 7u << 15 | width << 12 | vd << 7 | 0x07;
}
#define W8 0u
#define W16 5u
#define W32 6u
#define W64 7u

static int passed, failed;
static void expect(const char *name, const char *why, uint32_t insn, uint64_t vtype, uint64_t vstart, int ill)
{
	int got = run(insn, vtype, vstart, NULL, NULL);
	if (got == ill) {
		passed++;
		printf("ok   %-44s %s\n", name, ill ? "illegal" : "legal");
	} else {
		failed++;
		printf("FAIL %-44s expected %s (%s), got %s\n", name, ill ? "illegal" : "legal", why, got ? "illegal" : "legal");
	}
}

static void vset_case(const char *name, const char *why, uint64_t vtype, int vill)
{
	uint64_t vl, vt;
	int t = run(0x00000013 /* nop */, vtype, 0, &vl, &vt);
	int got = (int)(vt >> 63);
	if (!t && got == vill && (!vill || vl == 0)) {
		passed++;
		printf("ok   %-44s vill=%d vl=%llu\n", name, got, (unsigned long long)vl);
	} else {
		failed++;
		printf("FAIL %-44s expected vill=%d (%s), got vill=%d vl=%llu\n", name, vill, why, got, (unsigned long long)vl);
	}
}

int main(void)
{
	code = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (code == MAP_FAILED)
		return 1;
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_ill;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGILL, &sa, NULL);

	/* §3.4: vtype settings that must set vill (checked through the vtype CSR) */
	vset_case("vsetvl e8 m1", "legal", E8 | M1, 0);
	vset_case("vsetvl e64 m8", "legal", E64 | M8, 0);
	vset_case("vsetvl e8 mf8", "LMUL >= SEW_MIN/ELEN", E8 | MF8, 0);
	vset_case("vsetvl e32 mf2", "SEW <= LMUL*ELEN", E32 | MF2, 0);
	vset_case("vsetvl e64 mf2", "§3.4.2 SEW > LMUL*ELEN", E64 | MF2, 1);
	vset_case("vsetvl e16 mf8", "§3.4.2 SEW > LMUL*ELEN", E16 | MF8, 1);
	vset_case("vsetvl vsew=4 (e128)", "§3.4.1 SEW > ELEN", 4u << 3, 1);
	vset_case("vsetvl vlmul=4 (reserved)", "§3.4.2 reserved LMUL", E8 | 4u, 1);
	vset_case("vsetvl reserved bit 8", "§3.4 reserved vtype bits", E8 | 1u << 8, 1);
	vset_case("vsetvl vill bit set", "§3.4.4", E8 | 1ull << 63, 1);

	/* §3.4.4: with vill set, instructions that depend on vtype are illegal */
	uint64_t VILL = 1ull << 63;
	expect("vadd.vv with vill", "§3.4.4", op(0x00, IVV, 1, 2, 4, 6), VILL, 0, 1);
	expect("vmv.x.s with vill", "§3.4.4", op(0x10, MVV, 1, 6, 2, 0), VILL, 0, 1);
	expect("vle8.v with vill", "§3.4.4", ld(1, 0, 1, 0, W8, 4), VILL, 0, 1);
	expect("vl1re8.v with vill", "§3.4.4 whole-register load", ld(1, 0, 1, 8, W8, 4), VILL, 0, 0);
	expect("vs2r.v with vill", "§3.4.4 whole-register store",
	       ld(2, 0, 1, 8, W8, 4) | 0x20, VILL, 0, 0);

	/* §3.4.2, §5.2: register groups aligned to LMUL */
	expect("vadd.vv v2,v4,v6 m2", "aligned", op(0x00, IVV, 1, 2, 4, 6), E32 | M2, 0, 0);
	expect("vadd.vv v1,v4,v6 m2", "§3.4.2 vd misaligned", op(0x00, IVV, 1, 1, 4, 6), E32 | M2, 0, 1);
	expect("vadd.vv v4,v3,v8 m4", "§3.4.2 vs2 misaligned", op(0x00, IVV, 1, 4, 3, 8), E16 | M4, 0, 1);
	expect("vadd.vx v8,v16,t0 m8", "aligned", op(0x00, IVX, 1, 8, 16, 5), E8 | M8, 0, 0);
	expect("vadd.vi v8,v12,5 m8", "§3.4.2 vs2 misaligned", op(0x00, IVI, 1, 8, 12, 5), E8 | M8, 0, 1);
	expect("vadd.vv v3,v5,v7 mf2", "fractional: any register", op(0x00, IVV, 1, 3, 5, 7), E8 | MF2, 0, 0);

	/* §5.3: masked destination may not overlap v0 */
	expect("vadd.vv v0,v2,v4,v0.t", "§5.3", op(0x00, IVV, 0, 0, 2, 4), E32 | M1, 0, 1);
	expect("vadd.vv v1,v2,v4,v0.t", "legal", op(0x00, IVV, 0, 1, 2, 4), E32 | M1, 0, 0);
	expect("vmseq.vv v0,v2,v4,v0.t", "§5.3 mask result may be v0", op(0x18, IVV, 0, 0, 2, 4), E32 | M1, 0, 0);
	expect("vredsum.vs v0,v2,v4,v0.t", "§5.3 reduction scalar may be v0", op(0x00, MVV, 0, 0, 2, 4), E32 | M1, 0, 0);
	expect("vadc.vvm v0,v2,v4,v0", "§11.4 vd=v0 reserved", op(0x10, IVV, 0, 0, 2, 4), E32 | M1, 0, 1);
	/* §5.2 last paragraph: a register may not be read with two EEWs (v0 as mask has EEW 1) */
	expect("vadd.vv v2,v0,v4,v0.t", "§5.2 v0 read as mask and data", op(0x00, IVV, 0, 2, 0, 4), E32 | M1, 0, 1);

	/* §5.2 widening overlap */
	expect("vwadd.vv v2,v4,v6 m1", "disjoint", op(0x31, MVV, 1, 2, 4, 6), E16 | M1, 0, 0);
	expect("vwadd.vv v2,v3,v6 m1", "§5.2 overlap in highest part", op(0x31, MVV, 1, 2, 3, 6), E16 | M1, 0, 0);
	expect("vwadd.vv v2,v2,v6 m1", "§5.2 overlap in lowest part", op(0x31, MVV, 1, 2, 2, 6), E16 | M1, 0, 1);
	expect("vwadd.vv v2,v2,v6 mf2", "§5.2 source EMUL < 1", op(0x31, MVV, 1, 2, 2, 6), E16 | MF2, 0, 1);
	expect("vwadd.vv v3,v4,v6 m1", "§5.2 vd (EMUL 2) misaligned", op(0x31, MVV, 1, 3, 4, 6), E16 | M1, 0, 1);
	expect("vwadd.vv e64", "§5.2 2*SEW > ELEN", op(0x31, MVV, 1, 2, 4, 6), E64 | M1, 0, 1);
	expect("vwadd.vv m8", "§5.2 EMUL 16", op(0x31, MVV, 1, 0, 8, 16), E8 | M8, 0, 1);
	expect("vwadd.wv v4,v4,v6 m2", "§5.2 same EEW overlap", op(0x35, MVV, 1, 4, 4, 8), E16 | M2, 0, 0);
	expect("vwadd.wv v4,v2,v2 m1", "§5.2 vs2 (2*SEW) and vs1 (SEW) share v2",
	       op(0x35, MVV, 1, 4, 2, 2), E16 | M1, 0, 1);
	/* §5.2 narrowing overlap */
	expect("vnsrl.wv v2,v2,v6 m1", "§5.2 overlap in lowest part", op(0x2c, IVV, 1, 2, 2, 6), E16 | M1, 0, 0);
	expect("vnsrl.wv v3,v2,v6 m1", "§5.2 overlap in highest part", op(0x2c, IVV, 1, 3, 2, 6), E16 | M1, 0, 1);
	expect("vnsrl.wi e64", "§11.7 2*SEW > ELEN", op(0x2c, IVI, 1, 2, 4, 3), E64 | M1, 0, 1);
	/* §5.2 mask destination vs source group */
	expect("vmseq.vv v2,v2,v4 m2", "§5.2 lowest part", op(0x18, IVV, 1, 2, 2, 4), E32 | M2, 0, 0);
	expect("vmseq.vv v3,v2,v4 m2", "§5.2 not lowest part", op(0x18, IVV, 1, 3, 2, 4), E32 | M2, 0, 1);
	expect("vmslt.vx v9,v8,t0 m4", "§5.2 not lowest part", op(0x1b, IVX, 1, 9, 8, 5), E32 | M4, 0, 1);

	/* §11.3 integer extension */
	expect("vzext.vf2 e16 m1", "legal", op(0x12, MVV, 1, 2, 4, 6), E16 | M1, 0, 0);
	expect("vzext.vf4 e8", "§11.3 SEW/4 < 8", op(0x12, MVV, 1, 2, 4, 4), E8 | M1, 0, 1);
	expect("vsext.vf8 e32", "§11.3 SEW/8 < 8", op(0x12, MVV, 1, 2, 4, 3), E32 | M1, 0, 1);
	expect("vzext.vf2 e16 mf4", "§11.3 source EMUL 1/8", op(0x12, MVV, 1, 2, 4, 6), E16 | MF4, 0, 0);
	expect("vzext.vf8 e64 mf2", "vill", op(0x12, MVV, 1, 2, 4, 2), E64 | MF2, 0, 1);
	expect("vzext.vf2 v4,v4 m2", "§5.2 overlap in lowest part", op(0x12, MVV, 1, 4, 4, 6), E32 | M2, 0, 1);
	expect("vzext.vf2 v4,v5 m2", "§5.2 overlap in highest part", op(0x12, MVV, 1, 4, 5, 6), E32 | M2, 0, 0);

	/* §7.3: EMUL of loads/stores in [1/8, 8]; §7.8: nf*EMUL <= 8, within v31 */
	expect("vle8.v e64 m1 (EMUL 1/8)", "legal", ld(1, 0, 1, 0, W8, 4), E64 | M1, 0, 0);
	expect("vle64.v e8 m2 (EMUL 16)", "§7.3", ld(1, 0, 1, 0, W64, 8), E8 | M2, 0, 1);
	expect("vle16.v v3 e8 m1 (EMUL 2)", "§7.3 misaligned", ld(1, 0, 1, 0, W16, 3), E8 | M1, 0, 1);
	expect("vle32.v v0,v0.t", "§5.3", ld(1, 0, 0, 0, W32, 0), E32 | M1, 0, 1);
	expect("vlseg2e32.v m4", "legal", ld(2, 0, 1, 0, W32, 8), E32 | M4, 0, 0);
	expect("vlseg4e32.v m4", "§7.8 nf*EMUL > 8", ld(4, 0, 1, 0, W32, 8), E32 | M4, 0, 1);
	expect("vlseg8e8.v v24 m1", "legal", ld(8, 0, 1, 0, W8, 24), E8 | M1, 0, 0);
	expect("vlseg8e8.v v28 m1", "§7.8 past v31", ld(8, 0, 1, 0, W8, 28), E8 | M1, 0, 1);
	expect("vlsseg3e16.v v2 e16 m2", "legal", ld(3, 2, 1, 5, W16, 2), E16 | M2, 0, 0);
	expect("vluxei64.v e8 m2 (index EMUL 16)", "§7.3", ld(1, 1, 1, 16, W64, 4), E8 | M2, 0, 1);
	expect("vluxei8.v v8,v8 e32 m1", "§5.2 index (EEW 8) = lowest part? dest wider",
	       ld(1, 1, 1, 8, W8, 8) , E32 | M1, 0, 1);
	expect("vluxseg2ei8.v v8,(v9) e8 m1", "§7.8.3 segment dest overlaps index",
	       ld(2, 1, 1, 9, W8, 8), E8 | M1, 0, 1);
	expect("vl2re32.v v2", "§7.9 aligned", ld(2, 0, 1, 8, W32, 2), E8 | M1, 0, 0);
	expect("vl2re32.v v3", "§7.9 vd multiple of nf", ld(2, 0, 1, 8, W32, 3), E8 | M1, 0, 1);
	expect("vl8re8.v v8", "§7.9 aligned", ld(8, 0, 1, 8, W8, 8), E8 | M1, 0, 0);
	expect("vl8re8.v v4", "§7.9 vd multiple of nf", ld(8, 0, 1, 8, W8, 4), E8 | M1, 0, 1);
	expect("vl3re8.v (nf=3)", "§7.9 reserved nf", ld(3, 0, 1, 8, W8, 3), E8 | M1, 0, 1);
	expect("vlm.v v3", "legal", ld(1, 0, 1, 11, W8, 3), E32 | M8, 0, 0);
	expect("vle8ff.v v0,v0.t", "§5.3", ld(1, 0, 0, 16, W8, 0), E8 | M1, 0, 1);

	/* vstart != 0 where the instruction cannot resume */
	expect("vcompress.vm vstart=0", "legal", op(0x17, MVV, 1, 2, 4, 6), E32 | M1, 0, 0);
	expect("vcompress.vm vstart=1", "§16.5 vstart != 0", op(0x17, MVV, 1, 2, 4, 6), E32 | M1, 1, 1);
	expect("vredsum.vs vstart=1", "§14 vstart != 0", op(0x00, MVV, 1, 2, 4, 6), E32 | M1, 1, 1);
	expect("viota.m vstart=2", "§15.8 vstart != 0", op(0x14, MVV, 1, 2, 4, 0x10), E32 | M1, 2, 1);
	expect("vadd.vv vstart=2", "resumable", op(0x00, IVV, 1, 2, 4, 6), E32 | M1, 2, 0);

	/* §16 permutation overlaps */
	expect("vcompress.vm v4,v4,v6", "§16.5 vd overlaps vs2", op(0x17, MVV, 1, 4, 4, 6), E32 | M1, 0, 1);
	expect("vcompress.vm v4,v2,v4", "§16.5 vd overlaps vs1", op(0x17, MVV, 1, 4, 2, 4), E32 | M1, 0, 1);
	expect("vcompress.vm masked", "§16.5 vm=0 reserved", op(0x17, MVV, 0, 4, 2, 6), E32 | M1, 0, 1);
	expect("vrgather.vv v2,v4,v2", "§16.4 vd overlaps vs1", op(0x0c, IVV, 1, 2, 4, 2), E32 | M1, 0, 1);
	expect("vrgather.vv v4,v4,v2", "§16.4 vd overlaps vs2", op(0x0c, IVV, 1, 4, 4, 2), E32 | M1, 0, 1);
	expect("vrgather.vi v4,v6,1", "legal", op(0x0c, IVI, 1, 4, 6, 1), E32 | M1, 0, 0);
	expect("vrgatherei16.vv e8 m8", "§16.4 index EMUL 16", op(0x0e, IVV, 1, 0, 8, 16), E8 | M8, 0, 1);
	expect("vslideup.vx v4,v4", "§16.3.1 vd overlaps vs2", op(0x0e, IVX, 1, 4, 4, 5), E32 | M1, 0, 1);
	expect("vslideup.vi v4,v5 mf2", "distinct registers", op(0x0e, IVI, 1, 4, 5, 1), E32 | MF2, 0, 0);
	expect("vslidedown.vx v4,v4", "§16.3.2 overlap allowed", op(0x0f, IVX, 1, 4, 4, 5), E32 | M1, 0, 0);
	expect("vslide1up.vx v4,v4", "§16.3.3 vd overlaps vs2", op(0x0e, MVX, 1, 4, 4, 5), E32 | M1, 0, 1);
	expect("vmv2r.v v2,v4", "legal", op(0x27, IVI, 1, 2, 4, 1), E32 | M1, 0, 0);
	expect("vmv2r.v v1,v4", "§16.6 vd multiple of nr", op(0x27, IVI, 1, 1, 4, 1), E32 | M1, 0, 1);
	expect("vmv4r.v v4,v6", "§16.6 vs2 multiple of nr", op(0x27, IVI, 1, 4, 6, 3), E32 | M1, 0, 1);
	expect("vmv3r.v (nr=3)", "§16.6 reserved", op(0x27, IVI, 1, 3, 6, 2), E32 | M1, 0, 1);
	expect("vmv.v.v v2,v3 m2", "§3.4.2 vs1 misaligned", op(0x17, IVV, 1, 2, 0, 3), E32 | M2, 0, 1);
	expect("vmv.s.x v3 m8", "scalar move: any register", op(0x10, MVX, 1, 3, 0, 5), E32 | M8, 0, 0);

	/* §15 mask instructions */
	expect("vmsbf.m v2,v2", "§15.4 vd overlaps vs2", op(0x14, MVV, 1, 2, 2, 1), E8 | M1, 0, 1);
	expect("vmsif.m v0,v2,v0.t", "§15.5 masked vd=v0", op(0x14, MVV, 0, 0, 2, 3), E8 | M1, 0, 1);
	expect("vmsof.m v3,v2", "legal", op(0x14, MVV, 1, 3, 2, 2), E8 | M1, 0, 0);
	expect("viota.m v2,v2", "§15.8 vd overlaps vs2", op(0x14, MVV, 1, 2, 2, 0x10), E8 | M1, 0, 1);
	expect("viota.m v4,v5 m2", "§15.8 vd group overlaps vs2", op(0x14, MVV, 1, 4, 5, 0x10), E8 | M2, 0, 1);
	expect("vid.v v0,v0.t", "§5.3", op(0x14, MVV, 0, 0, 0, 0x11), E8 | M1, 0, 1);
	expect("vid.v v3 m2", "§3.4.2 misaligned", op(0x14, MVV, 1, 3, 0, 0x11), E8 | M2, 0, 1);
	expect("vmand.mm v0,v0,v0", "mask ops: any register", op(0x19, MVV, 1, 0, 0, 0), E8 | M8, 0, 0);

	/* §5.4 / §16.2: FP scalar moves need a supported FP SEW */
	expect("vfmv.f.s e32", "legal (F)", op(0x10, FVV, 1, 1, 2, 0), E32 | M1, 0, 0);
	expect("vfmv.f.s e8", "§13 no FP8", op(0x10, FVV, 1, 1, 2, 0), E8 | M1, 0, 1);
	expect("vfslide1up.vf e64", "legal (D)", op(0x0e, FVF, 1, 2, 4, 0), E64 | M1, 0, 0);

	/* Zvbb */
	expect("vwsll.vv e64", "2*SEW > ELEN", op(0x35, IVV, 1, 2, 4, 6), E64 | M1, 0, 1);
	expect("vwsll.vi v2,v2 m1", "§5.2 lowest part", op(0x35, IVI, 1, 2, 2, 3), E16 | M1, 0, 1);
	expect("vror.vi v2,v4,63 e64", "legal", op(0x15, IVI, 1, 2, 4, 31), E64 | M1, 0, 0);

	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
