/* Guest time under a cycle model (issue 8): rdcycle, rdtime, clock_gettime and gettimeofday all
 * follow modelled cycles, at the 75 MHz core clock and the 10 MHz time base of
 * ../shared/spec/karu64.md §3/§4b, and nanosleep advances the clocks by the time asked.
 * Prints the raw deltas around a fixed loop; tests/timing/clocks.py checks the ratios. */
#include <stdint.h>
#include <stdio.h>
#include <sys/time.h>
#include <time.h>

static inline uint64_t rdcycle(void) { uint64_t v; __asm__ volatile("rdcycle %0" : "=r"(v)); return v; }
static inline uint64_t rdtime(void) { uint64_t v; __asm__ volatile("rdtime %0" : "=r"(v)); return v; }
static inline uint64_t rdinstret(void) { uint64_t v; __asm__ volatile("rdinstret %0" : "=r"(v)); return v; }
static int64_t mono_ns(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1000000000ll + t.tv_nsec; }
static int64_t tod_us(void) { struct timeval t; gettimeofday(&t, NULL); return t.tv_sec * 1000000ll + t.tv_usec; }

int main(void)
{
	volatile uint64_t x = 1;
	int64_t n0 = mono_ns(), u0 = tod_us();
	uint64_t c0 = rdcycle(), t0 = rdtime(), i0 = rdinstret();
	for (int i = 0; i < 3000000; i++)
		x = x * 3 + (uint64_t)i;
	uint64_t c1 = rdcycle(), t1 = rdtime(), i1 = rdinstret();
	int64_t n1 = mono_ns(), u1 = tod_us();
	printf("cycles %llu instret %llu time %llu mono_ns %lld tod_us %lld\n", (unsigned long long)(c1 - c0),
	       (unsigned long long)(i1 - i0), (unsigned long long)(t1 - t0), (long long)(n1 - n0), (long long)(u1 - u0));
	struct timespec req = { 0, 250000000 };   /* 250 ms */
	int64_t s0 = mono_ns();
	nanosleep(&req, NULL);
	printf("slept_ns %lld\n", (long long)(mono_ns() - s0));
	return 0;
}
