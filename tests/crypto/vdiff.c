/* Random differential test of the ratified vector crypto instructions (Zvkned, Zvknh[ab],
 * Zvkg, Zvksed, Zvksh, Zvbc): run the same program in QEMU 10 and karu64 at the same VLEN and
 * compare the output line by line (tests/crypto/run_diff.py).
 *
 * Each case loads random bytes into all 32 vector registers, sets vtype / vl / vstart, runs one
 * instruction word (written into an executable page, so any register numbers, immediates and
 * reserved encodings can be tried) and prints the trap count, vstart / vl / vtype after, the
 * destination group and a hash of the whole register file. A SIGILL handler skips the word.
 * About 75% of the cases are legal per the vector crypto spec; the rest break exactly one rule
 * (SEW, LMUL * VLEN < EGW, register alignment, vd/vs2 or vd/vs1 overlap, vl or vstart not a
 * multiple of EGS, vm = 0, a reserved VAES selector, vill, a masked Zvbc op on v0).
 *
 * QEMU 10 rejects vsha2* with fractional LMUL even where LMUL * VLEN >= EGW (the spec allows
 * it), so vsha2* cases use LMUL >= 1 here; tests/crypto/kat.c covers fractional LMUL on karu64.
 *
 * usage: vdiff SEED CASES_PER_INSN [INSN_NAME] */
#define _GNU_SOURCE
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>

static uint64_t rs;
static uint64_t rnd(void)                     /* splitmix64 */
{
	uint64_t z = (rs += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}
static unsigned rndn(unsigned n) { return (unsigned)(rnd() % n); }

static volatile int traps;
static void on_sigill(int sig, siginfo_t *si, void *ctx)
{
	(void)sig; (void)si;
	ucontext_t *uc = ctx;
	uc->uc_mcontext.__gregs[REG_PC] += 4;
	traps++;
}

enum kind { VV, VS, VI, VVV, CLV, CLX };
struct insn {
	const char *name;
	uint32_t base;       /* the encoding with vd = vs2 = vs1 = 0 */
	enum kind kind;
	int eb;              /* log2(SEW / 8); -1: 32 or 64 (vsha2*) */
	unsigned egs, egw;   /* egw 0: not an element-group instruction */
	unsigned nov;        /* forbidden overlaps: 1 vd/vs2, 2 vd/vs1 */
	bool vaes_row;       /* vs1 is a selector of the VAES.vv / VAES.vs rows */
};
#define E(f6) ((uint32_t)(f6) << 26 | 1u << 25 | 2u << 12 | 0x77u)
#define S(f6, s) (E(f6) | (uint32_t)(s) << 15)
static const struct insn insns[] = {
	{ "vaesdm.vv", S(0x28, 0), VV, 2, 4, 128, 0, true },
	{ "vaesdf.vv", S(0x28, 1), VV, 2, 4, 128, 0, true },
	{ "vaesem.vv", S(0x28, 2), VV, 2, 4, 128, 0, true },
	{ "vaesef.vv", S(0x28, 3), VV, 2, 4, 128, 0, true },
	{ "vaesdm.vs", S(0x29, 0), VS, 2, 4, 128, 1, true },
	{ "vaesdf.vs", S(0x29, 1), VS, 2, 4, 128, 1, true },
	{ "vaesem.vs", S(0x29, 2), VS, 2, 4, 128, 1, true },
	{ "vaesef.vs", S(0x29, 3), VS, 2, 4, 128, 1, true },
	{ "vaesz.vs", S(0x29, 7), VS, 2, 4, 128, 1, true },
	{ "vaeskf1.vi", E(0x22), VI, 2, 4, 128, 0, false },
	{ "vaeskf2.vi", E(0x2a), VI, 2, 4, 128, 0, false },
	{ "vsha2ms.vv", E(0x2d), VVV, -1, 4, 0, 3, false },
	{ "vsha2ch.vv", E(0x2e), VVV, -1, 4, 0, 3, false },
	{ "vsha2cl.vv", E(0x2f), VVV, -1, 4, 0, 3, false },
	{ "vghsh.vv", E(0x2c), VVV, 2, 4, 128, 0, false },
	{ "vgmul.vv", S(0x28, 0x11), VV, 2, 4, 128, 0, true },
	{ "vsm4k.vi", E(0x21), VI, 2, 4, 128, 0, false },
	{ "vsm4r.vv", S(0x28, 0x10), VV, 2, 4, 128, 0, true },
	{ "vsm4r.vs", S(0x29, 0x10), VS, 2, 4, 128, 1, true },
	{ "vsm3me.vv", E(0x20), VVV, 2, 8, 256, 1, false },
	{ "vsm3c.vi", E(0x2b), VI, 2, 8, 256, 1, false },
	{ "vclmul.vv", 0x0c << 26 | 2 << 12 | 0x57, CLV, 3, 1, 0, 0, false },
	{ "vclmul.vx", 0x0c << 26 | 6 << 12 | 0x57, CLX, 3, 1, 0, 0, false },
	{ "vclmulh.vv", 0x0d << 26 | 2 << 12 | 0x57, CLV, 3, 1, 0, 0, false },
	{ "vclmulh.vx", 0x0d << 26 | 6 << 12 | 0x57, CLX, 3, 1, 0, 0, false },
};
#define NINSN (sizeof insns / sizeof insns[0])

static unsigned vlenb;
static uint8_t rin[32 * 512], rout[32 * 512];
static uint32_t *code;

struct run { uint64_t vstart, vl, vtype; };

static struct run run_case(uint32_t word, uint64_t vtype, uint64_t avl, uint64_t vstart, uint64_t x)
{
	code[0] = word;
	code[1] = 0x00008067;                    /* ret */
	__builtin___clear_cache((char *)code, (char *)(code + 2));   /* riscv_flush_icache: rva23u64 has no Zifencei */
	uint8_t *i0 = rin, *i1 = rin + 8 * vlenb, *i2 = rin + 16 * vlenb, *i3 = rin + 24 * vlenb;
	uint8_t *o0 = rout, *o1 = rout + 8 * vlenb, *o2 = rout + 16 * vlenb, *o3 = rout + 24 * vlenb;
	struct run r;
	register uint64_t xa asm("a5") = x;     /* rs1 of the .vx forms (see pick_x) */
	__asm__ volatile(
		"vsetvli t0, zero, e8, m8, ta, ma\n\t"
		"vl8re8.v v0, (%[i0])\n\tvl8re8.v v8, (%[i1])\n\t"
		"vl8re8.v v16, (%[i2])\n\tvl8re8.v v24, (%[i3])\n\t"
		"vsetvl zero, %[avl], %[vt]\n\t"
		"csrw vstart, %[vs]\n\t"
		"jalr ra, 0(%[code])\n\t"
		"csrr %[ovs], vstart\n\tcsrr %[ovl], vl\n\tcsrr %[ovt], vtype\n\t"
		"vsetvli t0, zero, e8, m8, ta, ma\n\t"
		"vs8r.v v0, (%[o0])\n\tvs8r.v v8, (%[o1])\n\t"
		"vs8r.v v16, (%[o2])\n\tvs8r.v v24, (%[o3])\n\t"
		: [ovs] "=&r"(r.vstart), [ovl] "=&r"(r.vl), [ovt] "=&r"(r.vtype)
		: [i0] "r"(i0), [i1] "r"(i1), [i2] "r"(i2), [i3] "r"(i3), [o0] "r"(o0), [o1] "r"(o1),
		  [o2] "r"(o2), [o3] "r"(o3), [avl] "r"(avl), [vt] "r"(vtype), [vs] "r"(vstart),
		  [code] "r"(code), "r"(xa)
		: "t0", "ra", "memory", "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10",
		  "v11", "v12", "v13", "v14", "v15", "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23",
		  "v24", "v25", "v26", "v27", "v28", "v29", "v30", "v31");
	return r;
}

static uint64_t fnv(const uint8_t *p, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 0x100000001b3ull;
	return h;
}

static unsigned log2u(unsigned v) { return 31u - (unsigned)__builtin_clz(v); }

/* A register aligned to 2^l (l > 0) registers. */
static unsigned aligned_reg(int l) { unsigned n = l > 0 ? 1u << l : 1; return n * rndn(32 / n); }
static bool overlap(unsigned a, unsigned an, unsigned b, unsigned bn) { return a < b + bn && b < a + an; }

enum bad { OK, B_SEW, B_LMUL, B_ALIGN_VD, B_ALIGN_SRC, B_OVERLAP, B_VL, B_VSTART, B_VM, B_SEL, B_VILL,
	   B_MASK_V0, NBAD };
static const char *const bad_name[] = { "legal", "sew", "lmul<egw", "align-vd", "align-src", "overlap",
					 "vl%egs", "vstart%egs", "vm=0", "selector", "vill", "masked-v0" };

/* Builds one case of instruction t with rule violation `bad` (or OK); returns false when that
 * violation does not apply to t at this VLEN. */
static bool make_case(const struct insn *t, enum bad bad, uint32_t *word, uint64_t *vtype, uint64_t *avl,
		      uint64_t *vstart)
{
	unsigned vlen = vlenb * 8;
	int eb = t->eb < 0 ? 2 + (int)rndn(2) : t->eb;
	unsigned egw = t->egw ? t->egw : (t->eb < 0 ? 128u << (eb - 2) : 0);
	int lo = eb - 3;                                    /* LMUL >= SEW / ELEN (vtype legal) */
	if (egw && (int)log2u(egw) - (int)log2u(vlen) > lo)
		lo = (int)log2u(egw) - (int)log2u(vlen);
	if (t->eb < 0 && lo < 0)
		lo = 0;                                     /* QEMU: vsha2* needs LMUL >= 1 */
	int l = lo + (int)rndn((unsigned)(4 - lo));
	if (bad == B_LMUL) {
		if (!egw)
			return false;
		l = (int)log2u(egw) - (int)log2u(vlen) - 1;  /* LMUL * VLEN = EGW / 2 */
		if (l < eb - 3)
			return false;
	}
	if (bad == B_SEW) {
		int e;
		do e = (int)rndn(4); while (e == eb || (t->eb < 0 && e >= 2));
		eb = e;
		if (l < eb - 3)
			l = eb - 3;
	}
	unsigned n = l > 0 ? 1u << l : 1;
	bool masked = (t->kind == CLV || t->kind == CLX) && (rndn(2) || bad == B_MASK_V0);
	if (bad == B_MASK_V0 && t->kind != CLV && t->kind != CLX)
		return false;
	unsigned vd, vs2, vs1 = 0, imm = rndn(32);
	for (int tries = 0;; tries++) {
		vd = aligned_reg(l);
		vs2 = t->kind == VS ? rndn(32) : aligned_reg(l);
		if (t->kind == VVV || t->kind == CLV)
			vs1 = aligned_reg(l);
		if (rndn(4) == 0 && !(t->nov & 1) && t->kind != VS)
			vs2 = vd;                            /* in-place forms */
		bool ok = true;
		if ((t->nov & 1) && overlap(vd, n, vs2, t->kind == VS ? 1 : n))
			ok = false;
		if ((t->nov & 2) && overlap(vd, n, vs1, n))
			ok = false;
		if (masked && (vd == 0 || vs2 == 0 || ((t->kind == CLV) && vs1 == 0)))
			ok = false;
		if (ok)
			break;
		if (tries > 1000)
			return false;
	}
	switch (bad) {
	case B_ALIGN_VD:
		if (n == 1)
			return false;
		vd += 1 + rndn(n - 1);
		break;
	case B_ALIGN_SRC:
		if (n == 1 || t->kind == VS)
			return false;
		if (t->kind == VVV || t->kind == CLV ? rndn(2) : 1)
			vs2 = (vs2 & ~(n - 1)) + 1 + rndn(n - 1);
		else
			vs1 = (vs1 & ~(n - 1)) + 1 + rndn(n - 1);
		break;
	case B_OVERLAP:
		if (!t->nov)
			return false;
		if ((t->nov & 2) && rndn(2))
			vs1 = vd;
		else
			vs2 = vd + (t->kind == VS ? rndn(n) : 0);
		break;
	case B_MASK_V0:
		if (rndn(2) || t->kind == CLX)
			vd = 0;
		else
			vs2 = 0;
		break;
	default:
		break;
	}
	uint32_t w = t->base | vd << 7 | vs2 << 20;
	if (t->kind == VVV || t->kind == CLV)
		w |= vs1 << 15;
	else if (t->kind == VI)
		w |= imm << 15;
	else if (t->kind == CLX)
		w |= 15u << 15;                              /* x15 = a5 */
	if (masked)
		w &= ~(1u << 25);
	else if (t->kind == CLV || t->kind == CLX)
		w |= 1u << 25;
	if (bad == B_VM) {
		if (t->kind == CLV || t->kind == CLX)
			return false;
		w &= ~(1u << 25);
	}
	if (bad == B_SEL) {
		if (!t->vaes_row)
			return false;
		/* reserved selectors (10010 in the .vs row is vkeccak.vi of Zvknhk: not tried) */
		static const unsigned vv_bad[] = { 4, 5, 6, 7, 8, 9, 0x0f, 0x12, 0x13, 0x18, 0x1f };
		static const unsigned vs_bad[] = { 4, 5, 6, 8, 9, 0x0f, 0x11, 0x13, 0x18, 0x1f };
		unsigned sel = (t->base >> 26) == 0x28 ? vv_bad[rndn(sizeof vv_bad / sizeof vv_bad[0])]
						       : vs_bad[rndn(sizeof vs_bad / sizeof vs_bad[0])];
		w = (w & ~(31u << 15)) | sel << 15;
	}
	*word = w;
	*vtype = (uint64_t)eb << 3 | (uint64_t)(l & 7) | (uint64_t)rndn(4) << 6;
	if (bad == B_VILL)
		*vtype = 1ull << 63;
	/* VLMAX = LMUL * VLEN / SEW */
	int s = (int)log2u(vlen) + l - 3 - eb;
	uint64_t vlmax = s < 0 ? 0 : 1ull << s;
	uint64_t groups = vlmax / t->egs;
	uint64_t k;
	switch (rndn(8)) {
	case 0: k = 0; break;
	case 1: case 2: k = groups; break;
	default: k = groups ? rnd() % (groups + 1) : 0; break;
	}
	*avl = k * t->egs;
	*vstart = 0;
	if (rndn(8) == 0 && k)
		*vstart = t->egs * (rnd() % (k + 1));
	if (bad == B_VL) {
		if (t->egs == 1 || k == 0)
			return false;
		*avl = (k - 1) * t->egs + 1 + rndn(t->egs - 1);
	}
	if (bad == B_VSTART) {
		if (t->egs == 1)
			return false;
		*vstart = (rnd() % (k + 1)) * t->egs + 1 + rndn(t->egs - 1);
	}
	return true;
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: vdiff SEED CASES_PER_INSN [INSN]\n");
		return 2;
	}
	rs = strtoull(argv[1], 0, 0);
	unsigned ncase = (unsigned)strtoul(argv[2], 0, 0);
	const char *only = argc > 3 ? argv[3] : NULL;
	__asm__ volatile("csrr %0, vlenb" : "=r"(vlenb));
	code = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (code == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_sigill;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigaction(SIGILL, &sa, NULL);
	printf("vlen %u\n", vlenb * 8);
	for (unsigned ii = 0; ii < NINSN; ii++) {
		const struct insn *t = &insns[ii];
		if (only && strcmp(only, t->name))
			continue;
		for (unsigned c = 0; c < ncase; c++) {
			enum bad bad = OK;
			if (rndn(4) == 0)
				bad = (enum bad)(1 + rndn(NBAD - 1));
			uint32_t word;
			uint64_t vtype, avl, vstart;
			if (!make_case(t, bad, &word, &vtype, &avl, &vstart)) {
				bad = OK;
				if (!make_case(t, OK, &word, &vtype, &avl, &vstart))
					continue;
			}
			for (size_t i = 0; i < 32u * vlenb; i += 8) {
				uint64_t v = rnd();
				memcpy(rin + i, &v, 8);
			}
			uint64_t x = rnd();
			int t0 = traps;
			struct run r = run_case(word, vtype, avl, vstart, x);
			int trapped = traps - t0;
			unsigned vd = (word >> 7) & 31;
			printf("%s %s word=%08x vtype=%llx avl=%llu vstart=%llu -> trap=%d vstart=%llu vl=%llu vtype=%llx "
			       "regs=%016llx", t->name, bad_name[bad], word, (unsigned long long)vtype,
			       (unsigned long long)avl, (unsigned long long)vstart, trapped, (unsigned long long)r.vstart,
			       (unsigned long long)r.vl, (unsigned long long)r.vtype,
			       (unsigned long long)fnv(rout, 32u * vlenb));
			if (trapped) {
				printf(" %s\n", memcmp(rin, rout, 32u * vlenb) ? "CHANGED" : "unchanged");
				continue;
			}
			int l = (int)(vtype & 7);
			if (l >= 4)
				l -= 8;
			unsigned nb = (l > 0 ? 1u << l : 1) * vlenb;
			if (vd * vlenb + nb > 32u * vlenb)
				nb = (32 - vd) * vlenb;
			printf(" vd=");
			for (unsigned i = 0; i < nb; i++)
				printf("%02x", rout[vd * vlenb + i]);
			printf("\n");
		}
	}
	return 0;
}
