/* Calibration driver (bare metal, picolibc + semihosting): runs each loop of rows.S (generated
 * by tests/timing/calib.py) with two iteration counts, best of three each, and prints the cycles
 * per iteration as "name cycles*100"; then the C Keccak-f[1600] permutations as "name cycles
 * instructions". The difference of two iteration counts cancels the counter reads and the call. */
#include <stdint.h>
#include <stdio.h>

struct row { const char *name; uint64_t (*fn)(uint64_t n); };
/* A calibration point of §4 as its harness is described there (rows.S, from calib.py's POINTS):
 * fn(n, p) returns the cycles between its two cycle reads; rolled loops run n blocks over p. */
struct point { const char *name; uint64_t (*fn)(uint64_t n, void *p); uint64_t rolled; };
extern const struct point points[];
extern unsigned npoints;
unsigned long keccak_permute_calls;   /* the counter sw/keccak/keccak_c.c increments */
extern const struct row rows[];
extern unsigned nrows;
void keccak_p1600_permute(uint64_t s[25], unsigned nrounds);
void keccak_compact(uint64_t s[25]);
uint64_t keccak_alone(void);

/* picolibc refers to these weakly; defined here so that the references resolve near the code
 * (an undefined weak symbol at 0 is out of reach of medany code at 0x80000000 + 2 GiB). */
void _init(void) {}
void _fini(void) {}
void __call_exitprocs(int code, void *d) { (void)code; (void)d; }

static uint64_t best(uint64_t (*fn)(uint64_t), uint64_t n)
{
	uint64_t b = ~0ull;
	for (int i = 0; i < 3; i++) {
		uint64_t c = fn(n);
		if (c < b)
			b = c;
	}
	return b;
}

/* The input of the points: the absorb step's 16 rate blocks start 2 KiB into a page, so that
 * one of them straddles a page boundary; the load-permute-store state sits in its own line. */
extern uint64_t input[], state[];   /* rows.S: after every other object's data */

/* Unrolled points: best of 3 (the first warms the input). Rolled loops: one warming run, then
 * best of 21 at 16 blocks and best of 7 at 256 blocks (§4). Prints "name@blocks cycles" lines. */
static void run_points(void)
{
	for (unsigned i = 0; i < npoints; i++) {
		const struct point *p = &points[i];
		void *arg = p->rolled ? (void *)state : (void *)((char *)input + 2048);
		static const struct { uint64_t blocks; int runs; } plan[2][2] = { { { 16, 3 }, { 0, 0 } },
										   { { 16, 21 }, { 256, 7 } } };
		for (int k = 0; k < 2; k++) {
			uint64_t n = plan[p->rolled][k].blocks, b = ~0ull;
			if (!n)
				continue;
			(void)p->fn(n, arg);
			for (int r = 0; r < plan[p->rolled][k].runs; r++) {
				uint64_t c = p->fn(n, arg);
				if (c < b)
					b = c;
			}
			printf("%s@%llu %llu\n", p->name, (unsigned long long)n, (unsigned long long)b);
		}
	}
}

static inline uint64_t rdcycle(void) { uint64_t v; __asm__ volatile("csrr %0, cycle" : "=r"(v)); return v; }
static inline uint64_t rdinstret(void) { uint64_t v; __asm__ volatile("csrr %0, instret" : "=r"(v)); return v; }

static void perm(const char *name, void (*fn)(uint64_t *))
{
	/* page-aligned: its D-cache sets do not move with the code and data around it */
	static uint64_t s[25] __attribute__((aligned(4096)));
	uint64_t bc = ~0ull, bi = 0;
	for (int i = 0; i < 3; i++) {
		uint64_t c0 = rdcycle(), i0 = rdinstret();
		fn(s);
		uint64_t c1 = rdcycle(), i1 = rdinstret();
		if (c1 - c0 < bc) {
			bc = c1 - c0;
			bi = i1 - i0;
		}
	}
	printf("%s %llu %llu\n", name, (unsigned long long)bc, (unsigned long long)bi);
}

static void unrolled(uint64_t *s) { keccak_p1600_permute(s, 24); }

int main(void)
{
	for (unsigned i = 0; i < nrows; i++) {
		uint64_t lo = best(rows[i].fn, 10), hi = best(rows[i].fn, 110);
		printf("%s %llu\n", rows[i].name, (unsigned long long)(hi - lo));
	}
	run_points();
	uint64_t ka = ~0ull;
	for (int i = 0; i < 3; i++) {
		uint64_t c = keccak_alone();
		if (c < ka)
			ka = c;
	}
	printf("vkeccak_alone %llu\n", (unsigned long long)ka * 100);
	perm("keccak_unrolled", unrolled);
	perm("keccak_compact", keccak_compact);
	/* both permutations of A[i] = i: element 0 must be the spec's known answer (zvknhk.md) */
	static uint64_t a[25], b[25];
	for (int i = 0; i < 25; i++)
		a[i] = b[i] = (uint64_t)i;
	keccak_p1600_permute(a, 24);
	keccak_compact(b);
	int same = 1;
	for (int i = 0; i < 25; i++)
		same &= a[i] == b[i];
	printf("keccak_check %llx %d\n", (unsigned long long)a[0], same);
	return 0;
}
