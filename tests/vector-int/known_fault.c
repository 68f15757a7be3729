/* Known-value tests of precise vector memory faults and vstart (RVV 1.0 §3.7, §7.7):
 *  - fault-only-first loads trim vl to the index of the first element that touches an unmapped
 *    page (unit-stride, segment, several EEW/LMUL, an element straddling the page boundary),
 *    and fault normally when element 0 does;
 *  - masked-off elements never fault;
 *  - a segment load, a strided load and an indexed store that fault part-way trap with vstart =
 *    the faulting element (read from the signal frame's vector context as Linux provides it,
 *    or from the vstart CSR where the frame has none), and after the handler maps the page the
 *    instruction resumes from vstart and completes with the right values;
 *  - an arithmetic instruction and a load started with vstart != 0 leave elements below vstart
 *    undisturbed and reset vstart to 0.
 * Expected values follow from the specification and the memory layout chosen here. */
#include <riscv_vector.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#define PG 4096
static int passed, failed;
static void check(int ok, const char *what, long got, long want)
{
	if (ok) {
		passed++;
		printf("ok   %s (%ld)\n", what, got);
	} else {
		failed++;
		printf("FAIL %s: got %ld, expected %ld\n", what, got, want);
	}
}

static sigjmp_buf jb;
static volatile int segv_mode;            /* 0: longjmp out; 1: map the page and resume */
static volatile long seen_vstart, seen_src;
static volatile uintptr_t seen_addr, fix_page;
static volatile int nsegv;

/* Linux riscv64: struct sigcontext = user_regs_struct (256 bytes) + the FP union, whose
 * __riscv_extra_ext_header puts the first context header at byte 520 of the union; the vector
 * context (magic 0x53465457) is followed by __riscv_v_ext_state {vstart, vl, ...}. */
static long frame_vstart(ucontext_t *uc, long *src)
{
	const uint8_t *sc = (const uint8_t *)&uc->uc_mcontext;
	uint32_t magic;
	memcpy(&magic, sc + 256 + 520, 4);
	if (magic == 0x53465457u) {
		uint64_t v;
		memcpy(&v, sc + 256 + 528, 8);
		*src = 1;
		return (long)v;
	}
	uint64_t v;
	__asm__ volatile("csrr %0, vstart" : "=r"(v));
	*src = 0;
	return (long)v;
}

static void on_segv(int sig, siginfo_t *si, void *ctx)
{
	(void)sig;
	nsegv++;
	seen_addr = (uintptr_t)si->si_addr;
	long src;
	seen_vstart = frame_vstart(ctx, &src);
	seen_src = src;
	if (segv_mode == 0)
		siglongjmp(jb, 1);
	mprotect((void *)fix_page, PG, PROT_READ | PROT_WRITE);
}

static uint8_t *pages(int n)
{
	uint8_t *p = mmap(NULL, (size_t)n * PG, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		perror("mmap");
		_exit(1);
	}
	for (int i = 0; i < n * PG; i++)
		p[i] = (uint8_t)(i * 7 + 3);
	return p;
}

static void ff_tests(void)
{
	uint8_t *p = pages(2);
	munmap(p + PG, PG);
	char what[96];
	/* e32 m4: request VLMAX elements (>= 16 at VLEN 128) with k in front of the boundary */
	for (int k = 1; k <= 9; k += 4) {
		size_t vl = __riscv_vsetvlmax_e32m4(), nvl = 0;
		const uint32_t *base = (const uint32_t *)(p + PG - 4 * k);
		vuint32m4_t v = __riscv_vle32ff_v_u32m4(base, &nvl, vl);
		uint32_t out[512];
		__riscv_vse32_v_u32m4(out, v, nvl);
		snprintf(what, sizeof what, "vle32ff.v m4, %d elements before the unmapped page: vl", k);
		check(nvl == (size_t)k, what, (long)nvl, k);
		check(memcmp(out, base, 4 * nvl) == 0, "  loaded elements equal memory", 0, 0);
	}
	/* e8 mf2, base 3 bytes before the boundary */
	{
		size_t vl = __riscv_vsetvl_e8mf2(8), nvl = 0;
		vuint8mf2_t v = __riscv_vle8ff_v_u8mf2(p + PG - 3, &nvl, vl);
		(void)v;
		check(nvl == 3, "vle8ff.v mf2, 3 bytes before the page: vl", (long)nvl, 3);
	}
	/* e64 with element 2 straddling the boundary (base 20 bytes before it) */
	{
		size_t vl = __riscv_vsetvl_e64m1(2), nvl = 0;
		vl = __riscv_vsetvl_e64m2(8);
		vuint64m2_t v = __riscv_vle64ff_v_u64m2((const uint64_t *)(p + PG - 20), &nvl, vl);
		(void)v;
		check(nvl == 2, "vle64ff.v, element 2 straddles the page: vl", (long)nvl, 2);
	}
	/* segment ff: 3 fields of e16 (6-byte segments), boundary after 4 whole segments + 2 bytes */
	{
		size_t vl = __riscv_vsetvl_e16m1(8), nvl = 0;
		vuint16m1x3_t t = __riscv_vlseg3e16ff_v_u16m1x3((const uint16_t *)(p + PG - 26), &nvl, vl);
		(void)t;
		check(nvl == 4, "vlseg3e16ff.v, segment 4 crosses the page: vl", (long)nvl, 4);
	}
	/* element 0 unmapped: an ordinary trap with vstart = 0 */
	{
		segv_mode = 0;
		nsegv = 0;
		if (sigsetjmp(jb, 1) == 0) {
			size_t vl = __riscv_vsetvl_e32m1(4), nvl = 0;
			vuint32m1_t v = __riscv_vle32ff_v_u32m1((const uint32_t *)(p + PG), &nvl, vl);
			(void)v;
		}
		check(nsegv == 1 && seen_addr == (uintptr_t)(p + PG), "vle32ff.v, element 0 unmapped: SIGSEGV at the page", nsegv, 1);
		check(seen_vstart == 0, "  vstart at the trap", seen_vstart, 0);
	}
	/* masked-off elements on the unmapped page: no fault, no trimming */
	{
		size_t vl = __riscv_vsetvl_e32m1(4), nvl = 0;
		vbool32_t m = __riscv_vmsltu_vx_u32m1_b32(__riscv_vid_v_u32m1(vl), 2, vl);   /* elements 0, 1 */
		vuint32m1_t z = __riscv_vmv_v_x_u32m1(0, vl);
		vuint32m1_t v = __riscv_vle32ff_v_u32m1_mu(m, z, (const uint32_t *)(p + PG - 8), &nvl, vl);
		(void)v;
		check(nvl == 4, "vle32ff.v, masked-off elements on the page: vl unchanged", (long)nvl, 4);
		nsegv = 0;
		segv_mode = 0;
		if (sigsetjmp(jb, 1) == 0) {
			vuint32m1_t w = __riscv_vle32_v_u32m1_mu(m, z, (const uint32_t *)(p + PG - 8), vl);
			(void)w;
		}
		check(nsegv == 0, "vle32.v, masked-off elements on the page: no fault", nsegv, 0);
	}
	munmap(p, PG);
}

static void resume_tests(void)
{
	/* vlseg3e32.v, e32 m2, vl = 8: segment 5 has field 0 before the page and field 1 on it */
	{
		uint8_t *p = pages(2);
		const uint32_t *base = (const uint32_t *)(p + PG - 5 * 12 - 4);
		uint32_t want[3][8], got[3][8];
		for (int i = 0; i < 8; i++)
			for (int f = 0; f < 3; f++)
				memcpy(&want[f][i], (const uint8_t *)base + 12 * i + 4 * f, 4);
		mprotect(p + PG, PG, PROT_NONE);
		segv_mode = 1;
		nsegv = 0;
		fix_page = (uintptr_t)(p + PG);
		size_t vl = __riscv_vsetvl_e32m2(8);
		vuint32m2x3_t t = __riscv_vlseg3e32_v_u32m2x3(base, vl);
		__riscv_vse32_v_u32m2(got[0], __riscv_vget_v_u32m2x3_u32m2(t, 0), vl);
		__riscv_vse32_v_u32m2(got[1], __riscv_vget_v_u32m2x3_u32m2(t, 1), vl);
		__riscv_vse32_v_u32m2(got[2], __riscv_vget_v_u32m2x3_u32m2(t, 2), vl);
		check(vl == 8, "vlseg3e32.v setup: vl", (long)vl, 8);
		check(nsegv == 1, "vlseg3e32.v faulting part-way: one SIGSEGV", nsegv, 1);
		check(seen_addr == (uintptr_t)(p + PG), "  si_addr is the page", (long)(seen_addr - (uintptr_t)p), PG);
		check(seen_vstart == 5, seen_src ? "  vstart in the signal frame" : "  vstart CSR in the handler", seen_vstart, 5);
		check(memcmp(got, want, sizeof want) == 0, "  resumed load: all 24 values right", 0, 0);
		munmap(p, 2 * PG);
	}
	/* vlse64.v with stride = one page: element 2 is on the protected page */
	{
		uint8_t *p = pages(4);
		uint64_t want[4], got[4];
		for (int i = 0; i < 4; i++)
			memcpy(&want[i], p + 8 + (size_t)i * PG, 8);
		mprotect(p + 2 * PG, PG, PROT_NONE);
		segv_mode = 1;
		nsegv = 0;
		fix_page = (uintptr_t)(p + 2 * PG);
		size_t vl = __riscv_vsetvl_e64m1(4);
		if (vl == 4) {
			vuint64m1_t v = __riscv_vlse64_v_u64m1((const uint64_t *)(p + 8), PG, vl);
			__riscv_vse64_v_u64m1(got, v, vl);
		} else {   /* VLEN 128: e64 m1 holds 2; use m2 */
			vl = __riscv_vsetvl_e64m2(4);
			vuint64m2_t v = __riscv_vlse64_v_u64m2((const uint64_t *)(p + 8), PG, vl);
			__riscv_vse64_v_u64m2(got, v, vl);
		}
		check(nsegv == 1 && seen_vstart == 2, "vlse64.v faulting at element 2: vstart", seen_vstart, 2);
		check(memcmp(got, want, sizeof want) == 0, "  resumed strided load values", 0, 0);
		munmap(p, 4 * PG);
	}
	/* vsuxei32.v: element 3's index points into a read-only page */
	{
		uint8_t *p = pages(2);
		uint32_t idx[4] = { 16, 8, 0, PG + 64 }, val[4] = { 11, 22, 33, 44 };
		mprotect(p + PG, PG, PROT_READ);
		segv_mode = 1;
		nsegv = 0;
		fix_page = (uintptr_t)(p + PG);
		size_t vl = __riscv_vsetvl_e32m1(4);
		if (vl < 4)
			vl = __riscv_vsetvl_e32m2(4);
		if (vl == 4) {
			vuint32m2_t ix = __riscv_vle32_v_u32m2(idx, vl), v = __riscv_vle32_v_u32m2(val, vl);
			__riscv_vsuxei32_v_u32m2((uint32_t *)p, ix, v, vl);
		}
		uint32_t r[4];
		memcpy(&r[0], p + 16, 4); memcpy(&r[1], p + 8, 4); memcpy(&r[2], p + 0, 4); memcpy(&r[3], p + PG + 64, 4);
		check(nsegv == 1 && seen_vstart == 3, "vsuxei32.v faulting at element 3: vstart", seen_vstart, 3);
		check(r[0] == 11 && r[1] == 22 && r[2] == 33 && r[3] == 44, "  resumed indexed store values", (long)r[3], 44);
		munmap(p, 2 * PG);
	}
}

static void vstart_tests(void)
{
	uint32_t a[8] = { 1, 2, 3, 4, 5, 6, 7, 8 }, b[8] = { 10, 20, 30, 40, 50, 60, 70, 80 }, o[8];
	uint64_t vs_after;
	__asm__ volatile("vsetivli zero, 8, e32, m2, tu, mu\n\t"
			 "vle32.v v8, (%1)\n\t"
			 "vle32.v v10, (%2)\n\t"
			 "li t0, 3\n\t"
			 "csrw vstart, t0\n\t"
			 "vadd.vv v8, v8, v10\n\t"
			 "csrr %0, vstart\n\t"
			 "vse32.v v8, (%3)\n\t"
			 : "=&r"(vs_after) : "r"(a), "r"(b), "r"(o) : "t0", "memory", "v8", "v9", "v10", "v11");
	int ok = 1;
	for (int i = 0; i < 8; i++)
		ok &= o[i] == (i < 3 ? a[i] : a[i] + b[i]);
	check(ok, "vadd.vv with vstart = 3: elements 0..2 undisturbed, 3..7 summed", (long)o[3], 44);
	check(vs_after == 0, "  vstart after the instruction", (long)vs_after, 0);
	__asm__ volatile("vsetivli zero, 8, e32, m2, tu, mu\n\t"
			 "vle32.v v8, (%1)\n\t"
			 "li t0, 5\n\t"
			 "csrw vstart, t0\n\t"
			 "vle32.v v8, (%2)\n\t"
			 "csrr %0, vstart\n\t"
			 "vse32.v v8, (%3)\n\t"
			 : "=&r"(vs_after) : "r"(a), "r"(b), "r"(o) : "t0", "memory", "v8", "v9");
	ok = 1;
	for (int i = 0; i < 8; i++)
		ok &= o[i] == (i < 5 ? a[i] : b[i]);
	check(ok, "vle32.v with vstart = 5: elements 0..4 undisturbed", (long)o[5], 60);
	check(vs_after == 0, "  vstart after the load", (long)vs_after, 0);
	/* §7.9: whole-register transfers count vstart in EEW-sized elements */
	uint32_t w[1024], x[1024], y[1024];
	for (int i = 0; i < 1024; i++) {
		w[i] = (uint32_t)i;
		x[i] = 1000u + (uint32_t)i;
		y[i] = 7;
	}
	uint64_t vlenb;
	__asm__ volatile("csrr %0, vlenb" : "=r"(vlenb));
	__asm__ volatile("vsetivli zero, 4, e32, m1, ta, ma\n\t"
			 "vl2re32.v v8, (%1)\n\t"
			 "li t0, 2\n\t"
			 "csrw vstart, t0\n\t"
			 "vl2re32.v v8, (%2)\n\t"
			 "csrr %0, vstart\n\t"
			 "vs2r.v v8, (%3)\n\t"
			 : "=&r"(vs_after) : "r"(w), "r"(x), "r"(w + 512) : "t0", "memory", "v8", "v9");
	ok = 1;
	for (uint64_t i = 0; i < vlenb / 2; i++)
		ok &= w[512 + i] == (i < 2 ? i : 1000u + i);
	check(ok && vs_after == 0, "vl2re32.v with vstart = 2: elements 0, 1 undisturbed", (long)w[514], 1002);
	__asm__ volatile("vsetivli zero, 4, e32, m1, ta, ma\n\t"
			 "vl1re32.v v8, (%0)\n\t"
			 "li t0, 3\n\t"
			 "csrw vstart, t0\n\t"
			 "vs1r.v v8, (%1)\n\t"
			 :: "r"(x), "r"(y) : "t0", "memory", "v8");
	/* vs<n>r.v has EEW 8: bytes 0..2 are not stored */
	const uint8_t *yb = (const uint8_t *)y, *xb = (const uint8_t *)x;
	ok = yb[0] == 7 && yb[1] == 0 && yb[2] == 0 && yb[3] == xb[3];
	for (uint64_t i = 4; i < vlenb; i++)
		ok &= yb[i] == xb[i];
	check(ok, "vs1r.v with vstart = 3: bytes 0..2 not stored", (long)yb[3], xb[3]);
}

int main(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_segv;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGSEGV, &sa, NULL);
	ff_tests();
	resume_tests();
	vstart_tests();
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
