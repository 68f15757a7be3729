/* Register semantics and every defined bad use of the memory-mapped Keccak DMA devices (issue 11,
 * design 1; doc/keccak-dma.md), in Linux user mode. Run as
 *   karu64 --device=keccak-dma --device=keccak-sponge-dma kdma_test [model] [RAW_BASE SPONGE_BASE]
 * ("model" under --model=karu64-*: an operation is then BUSY for its cycles; the bases when the
 * devices were given base=). The expectations
 * here are the register map and rules, written by hand; the cryptographic results are
 * printed ("perm"/"sponge" lines) for tests/kdma/kdma_check.py to compare with hashlib and the
 * independent Python Keccak (tests/sw/keccak_ref.py). Every check prints "ok NAME" or
 * "FAIL NAME: detail". */
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static uintptr_t RAW = 0x40000000ul, SPONGE = 0x40001000ul;   /* the default bases, or argv */
/* keccak-dma registers (byte offsets, issue 11) */
enum { SRC = 0x00, DST = 0x04, LEN = 0x08, CTRL = 0x0c, STATUS = 0x10, LAST_OP = 0x14, LAST_CORE = 0x18,
       OP_COUNT = 0x1c, SRC_HI = 0x40, DST_HI = 0x44 };
/* keccak-sponge-dma registers */
enum { S_SRC = 0x00, S_DST = 0x04, S_LEN = 0x08, S_OUT_LEN = 0x0c, S_DOMAIN = 0x10, S_CTRL = 0x14,
       S_STATUS = 0x18, S_LAST_OP = 0x1c, S_LAST_CORE = 0x20, S_OP_COUNT = 0x24, S_LAST_PERMS = 0x28 };
enum { DONE = 1, BUSY = 2, ERROR = 4 };

static int failures;
static void check(int ok, const char *name, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
#include <stdarg.h>
static void check(int ok, const char *name, const char *fmt, ...)
{
	if (ok) {
		printf("ok %s\n", name);
		return;
	}
	failures++;
	printf("FAIL %s: ", name);
	va_list ap;
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

static uint32_t rd(uintptr_t base, unsigned off)
{
	uint32_t v = *(volatile uint32_t *)(base + off);
	__asm__ volatile("" : : : "memory");
	return v;
}
/* the register accesses are also compiler barriers: the devices read and write memory */
static void wr(uintptr_t base, unsigned off, uint32_t v)
{
	__asm__ volatile("" : : : "memory");
	*(volatile uint32_t *)(base + off) = v;
	__asm__ volatile("" : : : "memory");
}

static void hex(const char *tag, const void *p, size_t n)
{
	const uint8_t *b = p;
	printf(" %s=", tag);
	if (!n)
		printf("-");
	for (size_t i = 0; i < n; i++)
		printf("%02x", b[i]);
}

/* ---- faults: the access must raise SIGSEGV at its address --------------------------------- */
static sigjmp_buf jb;
static volatile uintptr_t fault_addr;
static void on_segv(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	fault_addr = (uintptr_t)si->si_addr;
	siglongjmp(jb, 1);
}

typedef void (*probe_fn)(uintptr_t a);
static void expect_fault(const char *name, probe_fn f, uintptr_t a)
{
	fault_addr = 0;
	if (!sigsetjmp(jb, 1)) {
		f(a);
		check(0, name, "no fault at 0x%lx", (unsigned long)a);
		return;
	}
	check(fault_addr == a, name, "fault at 0x%lx, expected 0x%lx", (unsigned long)fault_addr, (unsigned long)a);
}
static void p_lb(uintptr_t a) { (void)*(volatile uint8_t *)a; }
static void p_lh(uintptr_t a) { (void)*(volatile uint16_t *)a; }
static void p_ld(uintptr_t a) { (void)*(volatile uint64_t *)a; }
static void p_lw(uintptr_t a) { (void)*(volatile uint32_t *)a; }
static void p_sb(uintptr_t a) { *(volatile uint8_t *)a = 1; }
static void p_sh(uintptr_t a) { *(volatile uint16_t *)a = 1; }
static void p_sd(uintptr_t a) { *(volatile uint64_t *)a = 1; }
static void p_sw(uintptr_t a) { *(volatile uint32_t *)a = 0; }
static void p_lw_mis(uintptr_t a)
{
	uint32_t v;
	__asm__ volatile("lw %0, 0(%1)" : "=r"(v) : "r"(a) : "memory");   /* misaligned: not split by the compiler */
}
static void p_sw_mis(uintptr_t a) { __asm__ volatile("sw zero, 0(%0)" : : "r"(a) : "memory"); }
static void p_vle(uintptr_t a)
{
	__asm__ volatile("vsetivli zero, 4, e32, m1, ta, ma\n\tvle32.v v1, (%0)" : : "r"(a) : "memory", "v1");
}
static void p_vse(uintptr_t a)
{
	__asm__ volatile("vsetivli zero, 1, e32, m1, ta, ma\n\tvmv.v.i v1, 0\n\tvse32.v v1, (%0)" : : "r"(a) : "memory", "v1");
}
static void p_amo(uintptr_t a)
{
	uint32_t v;
	__asm__ volatile("amoadd.w %0, zero, (%1)" : "=r"(v) : "r"(a) : "memory");
}
static void p_lr(uintptr_t a)
{
	uint32_t v;
	__asm__ volatile("lr.w %0, (%1)" : "=r"(v) : "r"(a) : "memory");
}
static void p_cbo(uintptr_t a) { __asm__ volatile(".insn i 0x0f, 2, x0, 0(%0)" : : "r"(a) : "memory"); }
static void p_fetch(uintptr_t a) { ((void (*)(void))a)(); }

static void p_cbo(uintptr_t a);

/* Cycles to read the 25 lanes at p (rdcycle around volatile loads). */
static __attribute__((noinline)) uint64_t reread(const uint8_t *p)
{
	uint64_t c0, c1, sum = 0;
	__asm__ volatile("rdcycle %0" : "=r"(c0) : : "memory");
	for (int i = 0; i < 25; i++)
		sum += ((volatile const uint64_t *)p)[i];
	__asm__ volatile("rdcycle %0" : "=r"(c1) : : "memory");
	__asm__ volatile("" : : "r"(sum));
	return c1 - c0;
}

/* ---- the raw device ------------------------------------------------------------------------ */
static int modelled;

/* Starts (0-to-1 edge on CTRL) and polls; returns STATUS and the number of BUSY polls. */
static uint32_t start_wait(uintptr_t base, unsigned ctrl, unsigned status, unsigned *busy_polls)
{
	uint32_t st;
	unsigned n = 0;
	wr(base, ctrl, 0);
	__asm__ volatile("" : : : "memory");   /* the buffers are written before the start */
	wr(base, ctrl, 1);
	while ((st = rd(base, status)) & BUSY)
		n++;
	__asm__ volatile("" : : : "memory");   /* and read after DONE: the device wrote them */
	wr(base, ctrl, 0);
	if (busy_polls)
		*busy_polls = n;
	return st;
}

static void raw_setup(uintptr_t src, uintptr_t dst, uint32_t len)
{
	wr(RAW, SRC, (uint32_t)src);
	wr(RAW, SRC_HI, (uint32_t)((uint64_t)src >> 32));
	wr(RAW, DST, (uint32_t)dst);
	wr(RAW, DST_HI, (uint32_t)((uint64_t)dst >> 32));
	wr(RAW, LEN, len);
}

static void fill(void *p, size_t n, uint32_t seed)
{
	uint8_t *b = p;
	for (size_t i = 0; i < n; i++) {
		seed = seed * 1103515245u + 12345u;
		b[i] = (uint8_t)(seed >> 16);
	}
}

static int all(const uint8_t *p, size_t n, uint8_t v)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] != v)
			return 0;
	return 1;
}

static _Alignas(64) uint8_t in[1200], out[1200], state[256];

/* One raw operation src -> dst that must succeed; prints the perm line. */
static void raw_ok(const char *name, uint8_t *src, uint8_t *dst, uint32_t len)
{
	uint8_t copy[200];
	memcpy(copy, src, len);
	uint32_t n0 = rd(RAW, OP_COUNT);
	raw_setup((uintptr_t)src, (uintptr_t)dst, len);
	unsigned polls;
	uint32_t st = start_wait(RAW, CTRL, STATUS, &polls);
	char what[96];
	snprintf(what, sizeof what, "%s: STATUS DONE", name);
	check(st == DONE, what, "STATUS %u", st);
	snprintf(what, sizeof what, "%s: OP_COUNT + 1", name);
	check(rd(RAW, OP_COUNT) == n0 + 1, what, "OP_COUNT %u after %u", rd(RAW, OP_COUNT), n0);
	printf("perm %s len=%u", name, len);
	hex("in", copy, len);
	hex("out", dst, 200);
	printf("\n");
}

static void raw_tests(void)
{
	static const unsigned regs[] = { SRC, DST, LEN, CTRL, STATUS, LAST_OP, LAST_CORE, OP_COUNT, SRC_HI, DST_HI };
	char name[96];
	for (unsigned i = 0; i < sizeof regs / sizeof regs[0]; i++) {
		snprintf(name, sizeof name, "raw: register 0x%02x is 0 after reset", regs[i]);
		check(rd(RAW, regs[i]) == 0, name, "read 0x%x", rd(RAW, regs[i]));
	}
	static const unsigned rw[] = { SRC, DST, LEN, SRC_HI, DST_HI };
	for (unsigned i = 0; i < sizeof rw / sizeof rw[0]; i++) {
		wr(RAW, rw[i], 0xdeadbee0u + i * 4);
		snprintf(name, sizeof name, "raw: register 0x%02x reads back what was written", rw[i]);
		check(rd(RAW, rw[i]) == 0xdeadbee0u + i * 4, name, "read 0x%x", rd(RAW, rw[i]));
		wr(RAW, rw[i], 0);
	}

	/* Keccak-f[1600] of the zero state: lane 0 is 0xF1258F7940E1DDE7 (FIPS 202 example
	 * values, KeccakF-1600-IntermediateValues.txt) */
	memset(state, 0, 200);
	raw_ok("zero state", state, state, 200);
	uint64_t lane0;
	memcpy(&lane0, state, 8);
	check(lane0 == 0xF1258F7940E1DDE7ull, "raw: Keccak-f[1600](0) lane 0", "0x%016llx", (unsigned long long)lane0);
	check(rd(RAW, LAST_CORE) == 24, "raw: LAST_CORE_CYCLES = 24 (one round per cycle)", "%u", rd(RAW, LAST_CORE));
	check(rd(RAW, LAST_OP) >= 24 + 50 + 50, "raw: LAST_OP_CYCLES covers 50 reads, 24 rounds, 50 writes",
	      "%u", rd(RAW, LAST_OP));
	raw_ok("zero state again", state, state, 200);

	fill(in, 200, 1);
	raw_ok("in place", in, in, 200);
	fill(in, 200, 2);
	memcpy(out + 512, in, 200);
	raw_ok("src to dst", in, out, 200);
	check(!memcmp(in, out + 512, 200), "raw: the source is left unchanged", "changed");
	for (unsigned len = 1; len < 200; len += len < 8 ? 1 : 37) {
		fill(in, 200, len);
		memset(out, 0x5a, 256);
		snprintf(name, sizeof name, "DATA_LEN %u", len);
		raw_ok(name, in, out, len);
		snprintf(name, sizeof name, "raw: DATA_LEN %u writes 200 bytes, no more", len);
		check(all(out + 200, 56, 0x5a), name, "bytes after the state changed");
	}
	fill(in, 200, 7);
	raw_ok("DATA_LEN 200 unaligned to 8", in + 4, out + 4, 200);

	/* a start needs a 0-to-1 edge: writing 1 again starts nothing */
	uint32_t n0 = rd(RAW, OP_COUNT);
	raw_setup((uintptr_t)state, (uintptr_t)state, 200);
	wr(RAW, CTRL, 1);
	while (rd(RAW, STATUS) & BUSY)
		;
	memcpy(out, state, 200);
	wr(RAW, CTRL, 1);
	while (rd(RAW, STATUS) & BUSY)
		;
	check(rd(RAW, OP_COUNT) == n0 + 1 && !memcmp(out, state, 200), "raw: CTRL 1 -> 1 is no start",
	      "OP_COUNT %u after %u", rd(RAW, OP_COUNT), n0);
	check(rd(RAW, CTRL) == 1, "raw: CTRL reads back bit 0", "CTRL %u", rd(RAW, CTRL));
	wr(RAW, CTRL, 0);

	/* read-only registers ignore writes */
	uint32_t st = rd(RAW, STATUS), cnt = rd(RAW, OP_COUNT), lo = rd(RAW, LAST_OP), lc = rd(RAW, LAST_CORE);
	wr(RAW, STATUS, 0xff);
	wr(RAW, OP_COUNT, 12345);
	wr(RAW, LAST_OP, 1);
	wr(RAW, LAST_CORE, 1);
	check(rd(RAW, STATUS) == st && rd(RAW, OP_COUNT) == cnt && rd(RAW, LAST_OP) == lo && rd(RAW, LAST_CORE) == lc,
	      "raw: STATUS, OP_COUNT, LAST_* ignore writes", "changed");

	/* the high address halves: a buffer above 4 GiB */
	uint8_t *hi = mmap((void *)0x1230000000ul, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	if (hi == MAP_FAILED) {
		check(0, "raw: mmap above 4 GiB", "failed");
	} else {
		fill(hi, 200, 9);
		raw_ok("above 4 GiB", hi, hi + 1024, 200);
	}

	/* bad uses: ERROR, nothing written, nothing counted */
	uint8_t *rdonly = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	memset(rdonly, 0x44, 4096);
	mprotect(rdonly, 4096, PROT_READ);
	uint8_t *ro = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	memset(ro, 0x33, 8192);
	munmap(ro + 4096, 4096);   /* ro + 4096 .. : unmapped (nothing is mapped after this) */
	struct { const char *name; uintptr_t src, dst; uint32_t len; uint8_t *watch; uint8_t v; } bad[] = {
		{ "DATA_LEN 0", (uintptr_t)in, (uintptr_t)out, 0, out, 0x77 },
		{ "DATA_LEN 201", (uintptr_t)in, (uintptr_t)out, 201, out, 0x77 },
		{ "DATA_LEN 0xffffffff", (uintptr_t)in, (uintptr_t)out, 0xffffffffu, out, 0x77 },
		{ "source not 4-byte aligned", (uintptr_t)in + 2, (uintptr_t)out, 200, out, 0x77 },
		{ "destination not 4-byte aligned", (uintptr_t)in, (uintptr_t)out + 1, 200, out, 0x77 },
		{ "source unmapped", (uintptr_t)ro + 4096, (uintptr_t)out, 200, out, 0x77 },
		{ "source crosses into unmapped", (uintptr_t)ro + 4096 - 100, (uintptr_t)out, 200, out, 0x77 },
		{ "destination crosses into unmapped", (uintptr_t)in, (uintptr_t)ro + 4096 - 100, 200, ro + 4096 - 100, 0x33 },
		{ "destination read-only", (uintptr_t)in, (uintptr_t)rdonly, 200, rdonly, 0x44 },
		{ "source is the register page", RAW, (uintptr_t)out, 200, out, 0x77 },
		{ "destination is the register page", (uintptr_t)in, RAW, 200, NULL, 0 },
		{ "source beyond the address space", 0x7fffffff000ul, (uintptr_t)out, 200, out, 0x77 },
		{ "source near 2^64", 0xfffffffffffffff0ul, (uintptr_t)out, 200, out, 0x77 },
	};
	for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		memset(out, 0x77, 256);
		uint32_t c0 = rd(RAW, OP_COUNT);
		raw_setup(bad[i].src, bad[i].dst, bad[i].len);
		st = start_wait(RAW, CTRL, STATUS, NULL);
		snprintf(name, sizeof name, "raw: %s -> ERROR", bad[i].name);
		check(st == ERROR, name, "STATUS %u", st);
		snprintf(name, sizeof name, "raw: %s writes nothing, counts nothing", bad[i].name);
		check((!bad[i].watch || all(bad[i].watch, bad[i].watch == ro + 4096 - 100 ? 100 : 200, bad[i].v)) &&
		      rd(RAW, OP_COUNT) == c0, name, "memory changed or OP_COUNT %u after %u", rd(RAW, OP_COUNT), c0);
	}
	/* after an ERROR the next good operation is DONE again */
	fill(in, 200, 11);
	raw_ok("after an error", in, out, 200);

	if (modelled) {
		/* BUSY for the operation's cycles; a start while BUSY is ignored (the registers were
		 * taken at START: a new DST and a new edge during BUSY start nothing) */
		memset(out, 0x66, 256);
		raw_setup((uintptr_t)state, (uintptr_t)state, 200);
		uint32_t c0 = rd(RAW, OP_COUNT);
		wr(RAW, CTRL, 0);
		wr(RAW, CTRL, 1);
		uint32_t st1 = rd(RAW, STATUS);
		wr(RAW, DST, (uint32_t)(uintptr_t)out);
		wr(RAW, CTRL, 0);
		wr(RAW, CTRL, 1);      /* while BUSY: ignored */
		uint32_t st2 = rd(RAW, STATUS);
		check(st1 == BUSY && st2 == BUSY, "raw (model): STATUS after START is BUSY", "STATUS %u, %u", st1, st2);
		while (rd(RAW, STATUS) & BUSY)
			;
		check(all(out, 256, 0x66) && rd(RAW, OP_COUNT) == c0 + 1, "raw (model): a start while BUSY is ignored",
		      "it ran (OP_COUNT %u after %u)", rd(RAW, OP_COUNT), c0);
		wr(RAW, CTRL, 0);
		unsigned polls;
		raw_setup((uintptr_t)state, (uintptr_t)state, 200);
		st = start_wait(RAW, CTRL, STATUS, &polls);
		check(st == DONE && polls > 0, "raw (model): polls see BUSY, then DONE", "STATUS %u after %u BUSY polls", st, polls);
		printf("raw-model polls=%u last_op_cycles=%u\n", polls, rd(RAW, LAST_OP));
		/* the D-cache is not coherent with the DMA: after cbo.inval of the state's four lines
		 * the model refills them when they are read (kdma_check.py compares with the refill
		 * cost of the model's parameters) */
		reread(state);                       /* code and data warm */
		raw_setup((uintptr_t)state, (uintptr_t)state, 200);
		start_wait(RAW, CTRL, STATUS, NULL);
		uint64_t hit = reread(state);
		raw_setup((uintptr_t)state, (uintptr_t)state, 200);
		start_wait(RAW, CTRL, STATUS, NULL);
		for (uintptr_t a = (uintptr_t)state; a < (uintptr_t)state + 200; a += 64)
			p_cbo(a);
		uint64_t miss = reread(state);
		printf("inval lines=4 reread_valid=%llu reread_invalidated=%llu\n", (unsigned long long)hit,
		       (unsigned long long)miss);
		/* contention: 16 write-through stores to memory while the DMA runs take the memory
		 * port from its transfers; the operation ends later (kdma_check.py: by the stores'
		 * write round trips, at most the 100 transfer beats) */
		raw_setup((uintptr_t)state, (uintptr_t)state, 200);
		start_wait(RAW, CTRL, STATUS, NULL);
		uint32_t alone = rd(RAW, LAST_OP);
		raw_setup((uintptr_t)state, (uintptr_t)state, 200);
		wr(RAW, CTRL, 0);
		wr(RAW, CTRL, 1);
		for (int i = 0; i < 16; i++)
			((volatile uint64_t *)out)[i * 8] = (uint64_t)i;
		while (rd(RAW, STATUS) & BUSY)
			;
		wr(RAW, CTRL, 0);
		printf("contention stores=16 beats=100 alone=%u contended=%u\n", alone, rd(RAW, LAST_OP));
	} else {
		raw_setup((uintptr_t)state, (uintptr_t)state, 200);
		wr(RAW, CTRL, 0);
		wr(RAW, CTRL, 1);
		check(rd(RAW, STATUS) == DONE, "raw (functional): DONE at the first poll", "STATUS %u", rd(RAW, STATUS));
		wr(RAW, CTRL, 0);
	}

	/* register accesses that are not 32-bit aligned loads/stores, or at unmapped offsets */
	expect_fault("raw: lb STATUS faults", p_lb, RAW + STATUS);
	expect_fault("raw: lh STATUS faults", p_lh, RAW + STATUS);
	expect_fault("raw: ld SRC faults", p_ld, RAW + SRC);
	expect_fault("raw: sb CTRL faults", p_sb, RAW + CTRL);
	expect_fault("raw: sh CTRL faults", p_sh, RAW + CTRL);
	expect_fault("raw: sd SRC faults", p_sd, RAW + SRC);
	expect_fault("raw: misaligned lw faults", p_lw_mis, RAW + STATUS + 2);
	expect_fault("raw: misaligned sw faults", p_sw_mis, RAW + CTRL + 1);
	static const unsigned holes[] = { 0x20, 0x3c, 0x48, 0x100, 0xffc };
	for (unsigned i = 0; i < sizeof holes / sizeof holes[0]; i++) {
		snprintf(name, sizeof name, "raw: lw at unmapped offset 0x%x faults", holes[i]);
		expect_fault(name, p_lw, RAW + holes[i]);
		snprintf(name, sizeof name, "raw: sw at unmapped offset 0x%x faults", holes[i]);
		expect_fault(name, p_sw, RAW + holes[i]);
	}
	expect_fault("raw: vector load faults", p_vle, RAW);
	expect_fault("raw: vector store faults", p_vse, RAW + SRC);
	expect_fault("raw: AMO faults", p_amo, RAW + SRC);
	expect_fault("raw: LR faults", p_lr, RAW + SRC);
	expect_fault("raw: cbo.inval faults", p_cbo, RAW);
	expect_fault("raw: instruction fetch faults", p_fetch, RAW);
	check(rd(RAW, SRC) == (uint32_t)(uintptr_t)state, "raw: faulting accesses change nothing", "SRC 0x%x", rd(RAW, SRC));
}

/* ---- the sponge device --------------------------------------------------------------------- */
static uint32_t sponge_run(const void *src, void *dst, uint32_t len, uint32_t out_len, uint32_t domain)
{
	wr(SPONGE, S_SRC, (uint32_t)(uintptr_t)src);
	wr(SPONGE, 0x40, (uint32_t)((uint64_t)(uintptr_t)src >> 32));
	wr(SPONGE, S_DST, (uint32_t)(uintptr_t)dst);
	wr(SPONGE, 0x44, (uint32_t)((uint64_t)(uintptr_t)dst >> 32));
	wr(SPONGE, S_LEN, len);
	wr(SPONGE, S_OUT_LEN, out_len);
	wr(SPONGE, S_DOMAIN, domain);
	return start_wait(SPONGE, S_CTRL, S_STATUS, NULL);
}

static void sponge_tests(void)
{
	static const unsigned regs[] = { 0x00, 0x04, 0x08, 0x0c, 0x10, 0x14, 0x18, 0x1c, 0x20, 0x24, 0x28, 0x40, 0x44 };
	char name[128];
	for (unsigned i = 0; i < sizeof regs / sizeof regs[0]; i++) {
		snprintf(name, sizeof name, "sponge: register 0x%02x is 0 after reset", regs[i]);
		check(rd(SPONGE, regs[i]) == 0, name, "read 0x%x", rd(SPONGE, regs[i]));
	}
	wr(SPONGE, S_DOMAIN, 0x1234);
	check(rd(SPONGE, S_DOMAIN) == 0x34, "sponge: DOMAIN keeps bits 7:0", "0x%x", rd(SPONGE, S_DOMAIN));
	static const struct { uint32_t len, out, domain; } cases[] = {
		{ 0, 32, 0x1f }, { 1, 32, 0x1f }, { 3, 5, 0x1f }, { 135, 64, 0x1f }, { 136, 136, 0x1f },
		{ 137, 137, 0x1f }, { 272, 300, 0x1f }, { 1000, 1100, 0x1f }, { 64, 1, 0x1f },
		{ 0, 32, 0x06 }, { 200, 32, 0x06 }, { 136, 32, 0x06 },
	};
	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		fill(in, cases[i].len, 100 + i);
		memset(out, 0xa5, sizeof out);
		uint32_t c0 = rd(SPONGE, S_OP_COUNT);
		uint32_t st = sponge_run(in, out, cases[i].len, cases[i].out, cases[i].domain);
		snprintf(name, sizeof name, "sponge: len %u out %u domain 0x%02x: DONE", cases[i].len, cases[i].out, cases[i].domain);
		check(st == DONE, name, "STATUS %u", st);
		/* FIPS 202 §4: the padded message has len / 136 + 1 blocks, each absorbed by one
		 * permutation; each further 136-byte output block needs one more */
		uint32_t perms = cases[i].len / 136 + 1 + (cases[i].out ? (cases[i].out + 135) / 136 - 1 : 0);
		snprintf(name, sizeof name, "sponge: len %u out %u: LAST_CORE_PERMS %u, LAST_CORE_CYCLES %u, OP_COUNT + 1",
			 cases[i].len, cases[i].out, perms, perms * 24);
		check(rd(SPONGE, S_LAST_PERMS) == perms && rd(SPONGE, S_LAST_CORE) == perms * 24 &&
		      rd(SPONGE, S_OP_COUNT) == c0 + 1, name, "perms %u, core cycles %u, OP_COUNT %u",
		      rd(SPONGE, S_LAST_PERMS), rd(SPONGE, S_LAST_CORE), rd(SPONGE, S_OP_COUNT));
		snprintf(name, sizeof name, "sponge: out %u writes OUT_LEN bytes exactly", cases[i].out);
		check(all(out + cases[i].out, 64, 0xa5), name, "bytes after the output changed");
		check(rd(SPONGE, S_LAST_OP) >= perms * 24, "sponge: LAST_OP_CYCLES >= engine cycles", "%u", rd(SPONGE, S_LAST_OP));
		printf("sponge domain=%02x outlen=%u", cases[i].domain, cases[i].out);
		hex("in", in, cases[i].len);
		hex("out", out, cases[i].out);
		printf("\n");
	}
	uint8_t *ro = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	memset(ro, 0x33, 8192);
	munmap(ro + 4096, 4096);
	struct { const char *name; const void *src; void *dst; uint32_t len, out; } bad[] = {
		{ "source not 4-byte aligned", in + 1, out, 10, 32 },
		{ "destination not 4-byte aligned", in, out + 2, 10, 32 },
		{ "source crosses into unmapped", ro + 4000, out, 200, 32 },
		{ "destination crosses into unmapped", in, ro + 4000, 10, 200 },
		{ "source is the register page", (void *)SPONGE, out, 16, 32 },
		{ "DATA_LEN 0xffffffff", in, out, 0xffffffffu, 32 },
	};
	for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		memset(out, 0x77, 256);
		uint32_t c0 = rd(SPONGE, S_OP_COUNT);
		uint32_t st = sponge_run(bad[i].src, bad[i].dst, bad[i].len, bad[i].out, 0x1f);
		snprintf(name, sizeof name, "sponge: %s -> ERROR", bad[i].name);
		check(st == ERROR, name, "STATUS %u", st);
		snprintf(name, sizeof name, "sponge: %s writes nothing, counts nothing", bad[i].name);
		check(all(out, 256, 0x77) && all(ro + 4000, 96, 0x33) && rd(SPONGE, S_OP_COUNT) == c0, name, "changed");
	}
	expect_fault("sponge: lb STATUS faults", p_lb, SPONGE + S_STATUS);
	expect_fault("sponge: sh CTRL faults", p_sh, SPONGE + S_CTRL);
	expect_fault("sponge: ld SRC faults", p_ld, SPONGE);
	expect_fault("sponge: misaligned lw faults", p_lw_mis, SPONGE + S_OUT_LEN + 2);
	static const unsigned holes[] = { 0x2c, 0x30, 0x3c, 0x48, 0x800 };
	for (unsigned i = 0; i < sizeof holes / sizeof holes[0]; i++) {
		snprintf(name, sizeof name, "sponge: lw at unmapped offset 0x%x faults", holes[i]);
		expect_fault(name, p_lw, SPONGE + holes[i]);
		snprintf(name, sizeof name, "sponge: sw at unmapped offset 0x%x faults", holes[i]);
		expect_fault(name, p_sw, SPONGE + holes[i]);
	}
	expect_fault("sponge: vector load faults", p_vle, SPONGE);
	expect_fault("sponge: AMO faults", p_amo, SPONGE);
}

int main(int argc, char **argv)
{
	int a = 1;
	if (a < argc && !strcmp(argv[a], "model"))
		modelled = 1, a++;
	if (a + 1 < argc) {
		RAW = strtoul(argv[a], NULL, 0);
		SPONGE = strtoul(argv[a + 1], NULL, 0);
	}
	struct sigaction sa = { 0 };
	sa.sa_sigaction = on_segv;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigaction(SIGSEGV, &sa, NULL);
	/* mmap never hands out the register pages */
	void *p = mmap((void *)RAW, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	check(p == MAP_FAILED, "mmap MAP_FIXED_NOREPLACE over the register page fails", "got %p", p);
	raw_tests();
	sponge_tests();
	printf("%d failed checks\n", failures);
	return failures != 0;
}
