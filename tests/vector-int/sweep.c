/* Encoding sweep for the RVV integer/mask/permutation/Zvbb instructions and the loads and
 * stores: each test writes one instruction word (a known opcode with random vd/vs1/vs2, vm,
 * immediate) into an executable page, loads all 32 vector registers with pseudo-random data,
 * sets a random vtype/vl (sometimes vill, sometimes vstart != 0) and executes it. A SIGILL
 * handler skips illegal ones. The line printed per test (registers hashed) must be identical
 * under QEMU 10 and karu64: the reference is QEMU's output, including which encodings trap.
 *
 *   sweep <arith|mem|vset> <count> <seed> [first]
 */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>

static uint64_t rng_state;
static int first_test;             /* tests before this one are generated but not run */
static uint64_t rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static volatile int trapped;
static void on_ill(int sig, siginfo_t *si, void *ctx)
{
	(void)sig; (void)si;
	ucontext_t *uc = ctx;
	uc->uc_mcontext.__gregs[0] += 4;   /* REG_PC: skip the instruction */
	trapped = 1;
}

static uint32_t *code;
static uint8_t vin[32 * 512] __attribute__((aligned(64)));
static uint8_t vout[32 * 512] __attribute__((aligned(64)));
static uint8_t *scratch;               /* 256 KiB; the base register points at its middle */
#define SCRATCH (256 * 1024)

struct res { uint64_t vl, vtype, vstart, x, f; };

static void run_one(uint32_t insn, uint64_t avl, uint64_t vtype, uint64_t vstart, uint64_t xs, uint64_t fs,
		    uint64_t stride, struct res *r)
{
	code[0] = insn;
	code[1] = 0x00008067;   /* ret */
	__asm__ volatile("fence.i" ::: "memory");
	trapped = 0;
	uint64_t ovl, ovtype, ovstart, ox, of;
	uint8_t *base = scratch + SCRATCH / 2;
	__asm__ volatile(
		"csrr t3, vlenb\n\t"
		"slli t3, t3, 3\n\t"
		"mv t4, %[vin]\n\t"
		"vl8re8.v v0, (t4)\n\t" "add t4, t4, t3\n\t"
		"vl8re8.v v8, (t4)\n\t" "add t4, t4, t3\n\t"
		"vl8re8.v v16, (t4)\n\t" "add t4, t4, t3\n\t"
		"vl8re8.v v24, (t4)\n\t"
		"vsetvl x0, %[avl], %[vtype]\n\t"
		"csrw vstart, %[vstart]\n\t"
		"mv t0, %[xs]\n\t"
		"mv t2, %[stride]\n\t"
		"mv t5, %[base]\n\t"
		"fmv.d.x ft0, %[fs]\n\t"
		"fmv.d.x ft1, zero\n\t"
		"li t1, 0\n\t"
		"jalr ra, 0(%[code])\n\t"
		"csrr %[ovl], vl\n\t"
		"csrr %[ovtype], vtype\n\t"
		"csrr %[ovstart], vstart\n\t"
		"mv %[ox], t1\n\t"
		"fmv.x.d %[of], ft1\n\t"
		"csrr t3, vlenb\n\t"
		"slli t3, t3, 3\n\t"
		"mv t4, %[vout]\n\t"
		"vs8r.v v0, (t4)\n\t" "add t4, t4, t3\n\t"
		"vs8r.v v8, (t4)\n\t" "add t4, t4, t3\n\t"
		"vs8r.v v16, (t4)\n\t" "add t4, t4, t3\n\t"
		"vs8r.v v24, (t4)\n\t"
		: [ovl] "=&r"(ovl), [ovtype] "=&r"(ovtype), [ovstart] "=&r"(ovstart), [ox] "=&r"(ox), [of] "=&r"(of)
		: [vin] "r"(vin), [vout] "r"(vout), [avl] "r"(avl), [vtype] "r"(vtype), [vstart] "r"(vstart),
		  [xs] "r"(xs), [fs] "r"(fs), [stride] "r"(stride), [base] "r"(base), [code] "r"(code)
		: "t0", "t1", "t2", "t3", "t4", "t5", "ra", "ft0", "ft1", "memory",
		  "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14", "v15",
		  "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23", "v24", "v25", "v26", "v27", "v28", "v29",
		  "v30", "v31");
	r->vl = ovl; r->vtype = ovtype; r->vstart = ovstart; r->x = ox; r->f = of;
}

static uint64_t fnv(const uint8_t *p, size_t n, uint64_t h)
{
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 0x100000001b3ull;
	return h;
}

/* ---- arithmetic opcode space --------------------------------------------------------------- */
enum { IVV = 0, FVV = 1, MVV = 2, IVI = 3, IVX = 4, FVF = 5, MVX = 6 };
struct op { int f3; int f6; int vs1; };  /* vs1 >= 0: fixed vs1/rs1 field (unary groups) */
static const struct op ops[] = {
	{IVV,0x00,-1},{IVV,0x01,-1},{IVV,0x02,-1},{IVV,0x03,-1},{IVV,0x04,-1},{IVV,0x05,-1},{IVV,0x06,-1},{IVV,0x07,-1},
	{IVV,0x09,-1},{IVV,0x0a,-1},{IVV,0x0b,-1},{IVV,0x0c,-1},{IVV,0x0e,-1},{IVV,0x10,-1},{IVV,0x11,-1},{IVV,0x12,-1},
	{IVV,0x13,-1},{IVV,0x14,-1},{IVV,0x15,-1},{IVV,0x17,-1},{IVV,0x18,-1},{IVV,0x19,-1},{IVV,0x1a,-1},{IVV,0x1b,-1},
	{IVV,0x1c,-1},{IVV,0x1d,-1},{IVV,0x25,-1},{IVV,0x28,-1},{IVV,0x29,-1},{IVV,0x2c,-1},{IVV,0x2d,-1},{IVV,0x30,-1},
	{IVV,0x31,-1},{IVV,0x35,-1},
	{IVX,0x00,-1},{IVX,0x01,-1},{IVX,0x02,-1},{IVX,0x03,-1},{IVX,0x04,-1},{IVX,0x05,-1},{IVX,0x06,-1},{IVX,0x07,-1},
	{IVX,0x09,-1},{IVX,0x0a,-1},{IVX,0x0b,-1},{IVX,0x0c,-1},{IVX,0x0e,-1},{IVX,0x0f,-1},{IVX,0x10,-1},{IVX,0x11,-1},
	{IVX,0x12,-1},{IVX,0x13,-1},{IVX,0x14,-1},{IVX,0x15,-1},{IVX,0x17,-1},{IVX,0x18,-1},{IVX,0x19,-1},{IVX,0x1a,-1},
	{IVX,0x1b,-1},{IVX,0x1c,-1},{IVX,0x1d,-1},{IVX,0x1e,-1},{IVX,0x1f,-1},{IVX,0x25,-1},{IVX,0x28,-1},{IVX,0x29,-1},
	{IVX,0x2c,-1},{IVX,0x2d,-1},{IVX,0x35,-1},
	{IVI,0x00,-1},{IVI,0x03,-1},{IVI,0x09,-1},{IVI,0x0a,-1},{IVI,0x0b,-1},{IVI,0x0c,-1},{IVI,0x0e,-1},{IVI,0x0f,-1},
	{IVI,0x10,-1},{IVI,0x11,-1},{IVI,0x17,-1},{IVI,0x18,-1},{IVI,0x19,-1},{IVI,0x1c,-1},{IVI,0x1d,-1},{IVI,0x1e,-1},
	{IVI,0x1f,-1},{IVI,0x25,-1},{IVI,0x28,-1},{IVI,0x29,-1},{IVI,0x2c,-1},{IVI,0x2d,-1},{IVI,0x14,-1},{IVI,0x15,-1},
	{IVI,0x35,-1},{IVI,0x27,0},{IVI,0x27,1},{IVI,0x27,3},{IVI,0x27,7},{IVI,0x27,2},
	{MVV,0x00,-1},{MVV,0x01,-1},{MVV,0x02,-1},{MVV,0x03,-1},{MVV,0x04,-1},{MVV,0x05,-1},{MVV,0x06,-1},{MVV,0x07,-1},
	{MVV,0x10,0},{MVV,0x10,0x10},{MVV,0x10,0x11},
	{MVV,0x12,2},{MVV,0x12,3},{MVV,0x12,4},{MVV,0x12,5},{MVV,0x12,6},{MVV,0x12,7},
	{MVV,0x12,8},{MVV,0x12,9},{MVV,0x12,10},{MVV,0x12,12},{MVV,0x12,13},{MVV,0x12,14},
	{MVV,0x14,1},{MVV,0x14,2},{MVV,0x14,3},{MVV,0x14,0x10},{MVV,0x14,0x11},{MVV,0x17,-1},
	{MVV,0x18,-1},{MVV,0x19,-1},{MVV,0x1a,-1},{MVV,0x1b,-1},{MVV,0x1c,-1},{MVV,0x1d,-1},{MVV,0x1e,-1},{MVV,0x1f,-1},
	{MVV,0x20,-1},{MVV,0x21,-1},{MVV,0x22,-1},{MVV,0x23,-1},{MVV,0x24,-1},{MVV,0x25,-1},{MVV,0x26,-1},{MVV,0x27,-1},
	{MVV,0x29,-1},{MVV,0x2b,-1},{MVV,0x2d,-1},{MVV,0x2f,-1},{MVV,0x30,-1},{MVV,0x31,-1},{MVV,0x32,-1},{MVV,0x33,-1},
	{MVV,0x34,-1},{MVV,0x35,-1},{MVV,0x36,-1},{MVV,0x37,-1},{MVV,0x38,-1},{MVV,0x3a,-1},{MVV,0x3b,-1},{MVV,0x3c,-1},
	{MVV,0x3d,-1},{MVV,0x3f,-1},
	{MVX,0x0e,-1},{MVX,0x0f,-1},{MVX,0x10,-2},
	{MVX,0x20,-1},{MVX,0x21,-1},{MVX,0x22,-1},{MVX,0x23,-1},{MVX,0x24,-1},{MVX,0x25,-1},{MVX,0x26,-1},{MVX,0x27,-1},
	{MVX,0x29,-1},{MVX,0x2b,-1},{MVX,0x2d,-1},{MVX,0x2f,-1},{MVX,0x30,-1},{MVX,0x31,-1},{MVX,0x32,-1},{MVX,0x33,-1},
	{MVX,0x34,-1},{MVX,0x35,-1},{MVX,0x36,-1},{MVX,0x37,-1},{MVX,0x38,-1},{MVX,0x3a,-1},{MVX,0x3b,-1},{MVX,0x3c,-1},
	{MVX,0x3d,-1},{MVX,0x3e,-1},{MVX,0x3f,-1},
	{FVV,0x10,0},{FVF,0x10,-2},{FVF,0x0e,-1},{FVF,0x0f,-1},
};

/* A register number: mostly aligned to 8, 4, 2 or 1, sometimes anything. */
static unsigned reg(void)
{
	static const unsigned masks[4] = { 7, 3, 1, 0 };
	return (unsigned)(rnd() & 31) & ~masks[rnd() & 3];
}

static uint64_t random_vtype(void)
{
	uint64_t r = rnd();
	if ((r & 31) == 0)
		return (r >> 8) & 0x1ff;            /* anything, often vill */
	static const unsigned lm[7] = { 5, 6, 7, 0, 1, 2, 3 };
	unsigned sew = (unsigned)(r >> 5) & 3, lmul = lm[(r >> 7) % 7];
	return sew << 3 | lmul | ((r >> 11) & 3) << 6;
}

static void fill_regs(int mem)
{
	for (size_t i = 0; i < sizeof vin; i += 8) {
		uint64_t v = rnd();
		if (mem) {
			/* memory tests: small, 8-aligned index values at every width */
			v = (v & 0xf8) | ((v >> 8) & 0x78) << 8;
		} else if ((i & 63) == 0) {
			v = (rnd() & 1) ? 0 : v;    /* some zeros for divide-by-zero and compares */
		}
		memcpy(vin + i, &v, 8);
	}
}

static void report(int t, uint32_t insn, uint64_t vtype, uint64_t avl, uint64_t vstart, const struct res *r, int mem)
{
	uint64_t hsh = fnv(vout, sizeof vout, 0xcbf29ce484222325ull);
	if (mem)
		hsh = fnv(scratch, SCRATCH, hsh);
	printf("%d %08x vt=%03llx avl=%llu vs=%llu -> %s vl=%llu vt=%llx vs=%llu x=%llx f=%llx h=%016llx\n", t, insn,
	       (unsigned long long)vtype, (unsigned long long)avl, (unsigned long long)vstart,
	       trapped ? "ILL" : "ok", (unsigned long long)r->vl, (unsigned long long)r->vtype,
	       (unsigned long long)r->vstart, (unsigned long long)r->x, (unsigned long long)r->f,
	       (unsigned long long)hsh);
}

static uint64_t random_avl(void)
{
	uint64_t r = rnd();
	switch (r & 7) {
	case 0: return 0;
	case 1: return ~0ull;
	default: return (r >> 8) % 300 + 1;
	}
}

static uint64_t random_vstart(void)
{
	uint64_t r = rnd();
	return (r & 7) == 0 ? (r >> 8) % 5 : 0;
}

static uint64_t random_scalar(void)
{
	uint64_t r = rnd();
	switch (r & 3) {
	case 0: return (r >> 8) & 0xff;
	case 1: return (uint64_t)(int64_t)(int8_t)(r >> 8);
	default: return rnd();
	}
}

static void sweep_arith(int count)
{
	unsigned nops = sizeof ops / sizeof ops[0];
	for (int t = 0; t < count; t++) {
		const struct op *o = &ops[rnd() % nops];
		unsigned vd = reg(), vs2 = reg(), vs1 = reg(), vm = rnd() & 1;
		if (o->f3 == IVX || o->f3 == MVX || o->f3 == FVF)
			vs1 = o->f3 == FVF ? 0 : 5;           /* ft0 / t0 */
		if (o->f3 == IVI)
			vs1 = (unsigned)rnd() & 31;
		if (o->vs1 >= 0)
			vs1 = (unsigned)o->vs1;
		if (o->vs1 == -2)
			vs2 = 0;                              /* vmv.s.x / vfmv.s.f */
		if (o->f3 == MVV && o->f6 == 0x10)
			vd = 6;                               /* scalar result in t1 */
		if (o->f3 == FVV && o->f6 == 0x10)
			vd = 1;                               /* ft1 */
		if (o->f6 == 0x27 && o->f3 == IVI)
			vm = 1;
		if ((rnd() & 7) == 0)
			vm = 1;
		uint32_t insn = (uint32_t)o->f6 << 26 | vm << 25 | vs2 << 20 | vs1 << 15 | (uint32_t)o->f3 << 12 | vd << 7 | 0x57;
		uint64_t vtype = random_vtype(), avl = random_avl(), vstart = random_vstart();
		fill_regs(0);
		struct res r;
		uint64_t fs = (rnd() & 3) ? (0xffffffff00000000ull | (rnd() & 0xffffffff)) : rnd();
		uint64_t xs = random_scalar();
		if (t < first_test)
			continue;
		run_one(insn, avl, vtype, vstart, xs, fs, 0, &r);
		report(t, insn, vtype, avl, vstart, &r, 0);
	}
}

/* ---- loads and stores ------------------------------------------------------------------------ */
static void sweep_mem(int count)
{
	static const unsigned widths[4] = { 0, 5, 6, 7 };
	for (int t = 0; t < count; t++) {
		uint64_t r = rnd();
		unsigned store = r & 1, mop = (r >> 1) & 3, nf = (r >> 3) & 7, vm = (r >> 6) & 1;
		unsigned w = widths[(r >> 7) & 3], vd = reg(), vs2 = reg(), lumop = 0;
		if ((r >> 9 & 3) == 0)
			nf = 0;
		if (mop == 0) {
			static const unsigned lu[5] = { 0, 0, 0x10, 0x08, 0x0b };
			lumop = lu[(r >> 11) % 5];
			if (store && lumop == 0x10)
				lumop = 0;
			if (lumop == 0x08 || lumop == 0x0b) {
				vm = 1;
				if (lumop == 0x0b) { nf = 0; w = 0; }
				if (lumop == 0x08) { static const unsigned wn[4] = { 0, 1, 3, 7 }; nf = wn[(r >> 14) & 3]; if (store) w = 0; }
			}
			vs2 = lumop;
		} else if (mop == 2) {
			vs2 = 7;                                  /* stride in t2 */
		}
		uint32_t insn = nf << 29 | mop << 26 | vm << 25 | vs2 << 20 | 30u << 15 | w << 12 | vd << 7 |
				(store ? 0x27u : 0x07u);
		uint64_t vtype = random_vtype(), avl = random_avl(), vstart = random_vstart();
		int64_t stride = ((int64_t)(rnd() % 17) - 8) * 8;
		if (mop == 0 && lumop == 0x08)
			vstart = 0;   /* QEMU 10.0 aborts (probe_access_flags assertion) on some of these */
		fill_regs(1);
		for (size_t i = 0; i < SCRATCH; i += 8) {
			uint64_t v = rnd();
			memcpy(scratch + i, &v, 8);
		}
		struct res res;
		if (t < first_test)
			continue;
		run_one(insn, avl, vtype, vstart, 0, 0, (uint64_t)stride, &res);
		report(t, insn, vtype, avl, vstart, &res, 1);
	}
}

/* ---- vsetvli / vsetivli / vsetvl (§6) ----------------------------------------------------------
 * The state before (vtype, vl) comes from run_one's own vsetvl; the instruction under test
 * writes t1 (rd = x6) or x0, reads its AVL from t0 (rs1 = x5) or x0, and vsetvl its vtype
 * from t2 (rs2 = x7). AVLs cluster around VLMAX and 2*VLMAX. */
static void sweep_vset(int count)
{
	for (int t = 0; t < count; t++) {
		uint64_t r = rnd();
		unsigned form = r % 3, rd = (r >> 2) & 1 ? 6 : 0, rs1 = (r >> 3) & 3 ? 5 : 0;
		uint64_t vt_new = random_vtype();
		if (((r >> 5) & 15) == 0)
			vt_new |= (rnd() & 1) ? 1ull << 63 : (rnd() & 0x7ff) << 8;   /* reserved bits */
		uint64_t vlen_guess = 128u << (rnd() % 4);
		uint64_t avl;
		switch ((r >> 9) & 3) {
		case 0: avl = rnd() % 40; break;
		case 1: avl = vlen_guess / 8 * (1 + rnd() % 16) / 8 + rnd() % 3; break;
		case 2: avl = (vlen_guess >> (rnd() % 6)) + rnd() % 5 - 2; break;
		default: avl = rnd(); break;
		}
		uint32_t insn;
		if (form == 0)
			insn = (uint32_t)(vt_new & 0x7ff) << 20 | rs1 << 15 | 7u << 12 | rd << 7 | 0x57;
		else if (form == 1)
			insn = 3u << 30 | (uint32_t)(vt_new & 0x3ff) << 20 | (uint32_t)(avl & 31) << 15 | 7u << 12 | rd << 7 | 0x57;
		else
			insn = 1u << 31 | 7u << 20 | rs1 << 15 | 7u << 12 | rd << 7 | 0x57;
		uint64_t vt_old = random_vtype(), avl_old = random_avl();
		if (t < first_test)
			continue;
		struct res res;
		run_one(insn, avl_old, vt_old, 0, avl, 0, vt_new, &res);
		report(t, insn, vt_old, avl_old, 0, &res, 0);
	}
}

int main(int argc, char **argv)
{
	if (argc != 4 && argc != 5) {
		fprintf(stderr, "usage: sweep arith|mem|vset COUNT SEED [FIRST]\n");
		return 2;
	}
	int count = atoi(argv[2]);
	rng_state = strtoull(argv[3], NULL, 0) | 1;
	first_test = argc == 5 ? atoi(argv[4]) : 0;
	code = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	scratch = mmap(NULL, SCRATCH, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (code == MAP_FAILED || scratch == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_ill;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGILL, &sa, NULL);
	if (strcmp(argv[1], "vset") == 0) {
		sweep_vset(count);
		return 0;
	}
	if (strcmp(argv[1], "mem") == 0) {
		setvbuf(stdout, NULL, _IOLBF, 0);   /* QEMU aborts on some encodings: keep what ran */
		sweep_mem(count);
	}
	else
		sweep_arith(count);
	return 0;
}
