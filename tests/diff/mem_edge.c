/* Memory edge cases: misaligned loads/stores of every width (inside a page and straddling two
 * pages, integer and FP), a deep 4 MiB stack, large brk and sparse mmap regions, mremap that
 * moves, and a misaligned AMO (SIGBUS, as Linux delivers for a misaligned atomic). */
#define _GNU_SOURCE
#include "common.h"
#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

static sigjmp_buf env;
static volatile int got;
static void on_sig(int s) { got = s; siglongjmp(env, 1); }

static __attribute__((noinline)) uint64_t deep(int n, volatile uint8_t *prev)
{
	volatile uint8_t frame[4000];
	frame[0] = (uint8_t)n;
	frame[2000] = (uint8_t)(n * 3);
	frame[3999] = prev ? prev[0] : 0;
	if (n == 0) return frame[0] + frame[3999];
	return deep(n - 1, frame) + frame[2000] + frame[3999];
}

int main(void)
{
	size_t pg = 4096;
	uint8_t *m = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	for (size_t i = 0; i < 2 * pg; i++) m[i] = (uint8_t)(i * 7 + 3);
	static const size_t offs[] = { 1, 3, 5, 7, 4093, 4094, 4095, 2047 };
	for (unsigned i = 0; i < sizeof offs / sizeof offs[0]; i++) {
		uint8_t *p = m + offs[i];
		uint64_t d, w, h, wu, hu;
		double fd; float fs;
		__asm__ volatile("ld %0,0(%1)" : "=r"(d) : "r"(p));
		__asm__ volatile("lw %0,0(%1)" : "=r"(w) : "r"(p));
		__asm__ volatile("lh %0,0(%1)" : "=r"(h) : "r"(p));
		__asm__ volatile("lwu %0,0(%1)" : "=r"(wu) : "r"(p));
		__asm__ volatile("lhu %0,0(%1)" : "=r"(hu) : "r"(p));
		__asm__ volatile("fld %0,0(%1)" : "=f"(fd) : "r"(p));
		__asm__ volatile("flw %0,0(%1)" : "=f"(fs) : "r"(p));
		printf("misaligned +%zu: ld %016llx lw %016llx lh %016llx lwu %016llx lhu %016llx fld %016llx flw %08x\n", offs[i],
		       (u64)d, (u64)w, (u64)h, (u64)wu, (u64)hu, (u64)dbits(fd), fbits(fs));
		uint64_t v = 0x0123456789abcdefull ^ offs[i];
		__asm__ volatile("sd %0,0(%1)" :: "r"(v), "r"(p) : "memory");
		__asm__ volatile("sw %0,1(%1)" :: "r"(~v), "r"(p) : "memory");
		__asm__ volatile("sh %0,3(%1)" :: "r"(v >> 8), "r"(p) : "memory");
		__asm__ volatile("fsd %0,2(%1)" :: "f"(bitsd(v * 3)), "r"(p) : "memory");
		printf("   after stores: %016llx %016llx\n", (u64)*(volatile uint64_t *)(m + (offs[i] & ~7ul)),
		       (u64)*(volatile uint64_t *)(m + (offs[i] & ~7ul) + 8));
	}
	printf("deep stack %llu\n", (u64)deep(1000, NULL));

	uint8_t *b = sbrk(0);
	if (sbrk(64 << 20) == (void *)-1) { printf("sbrk 64 MiB failed\n"); return 1; }
	for (size_t i = 0; i < (64u << 20); i += 1 << 16) b[i] = (uint8_t)(i >> 16);
	uint64_t s = 0;
	for (size_t i = 0; i < (64u << 20); i += 1 << 16) s += b[i];
	printf("brk 64 MiB sum %llu\n", (u64)s);
	sbrk(-(64 << 20));

	size_t big = (size_t)512 << 20;
	uint8_t *sp = mmap(NULL, big, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	printf("sparse mmap 512 MiB ok %d\n", sp != MAP_FAILED);
	if (sp != MAP_FAILED) {
		for (size_t i = 0; i < big; i += 16 << 20) sp[i] = 1;
		uint64_t c = 0;
		for (size_t i = 0; i < big; i += 16 << 20) c += sp[i] + sp[i + 4096];
		printf("sparse touched %llu\n", (u64)c);
		uint8_t *grown = mremap(sp, big, big * 2, MREMAP_MAYMOVE);
		printf("mremap ok %d keeps data %d\n", grown != MAP_FAILED, grown != MAP_FAILED && grown[16 << 20] == 1);
		munmap(grown != MAP_FAILED ? grown : sp, grown != MAP_FAILED ? big * 2 : big);
	}

	signal(SIGBUS, on_sig);
	signal(SIGSEGV, on_sig);
	if (sigsetjmp(env, 1) == 0) {
		uint64_t old;
		__asm__ volatile("amoadd.d %0,%1,(%2)" : "=r"(old) : "r"(1ul), "r"(m + 3) : "memory");
		printf("misaligned amo did not trap\n");
	} else
		printf("misaligned amoadd.d: signal %d\n", got);
	if (sigsetjmp(env, 1) == 0) {
		uint64_t old;
		__asm__ volatile("lr.w %0,(%1)" : "=r"(old) : "r"(m + 2) : "memory");
		printf("misaligned lr did not trap\n");
	} else
		printf("misaligned lr.w: signal %d\n", got);
	/* A load straddling into an unmapped page faults. */
	munmap(m + pg, pg);
	if (sigsetjmp(env, 1) == 0) {
		volatile uint64_t v;
		__asm__ volatile("ld %0,0(%1)" : "=r"(v) : "r"(m + pg - 4));
		printf("straddling load did not trap\n");
	} else
		printf("load straddling into an unmapped page: signal %d\n", got);
	return 0;
}
