/* User-mode rdcycle/rdinstret/rdtime under kernel.perf_user_access = 2 (the init script sets
 * it): the counters advance across a loop of known length. */
#include <stdint.h>
#include <stdio.h>

static inline uint64_t csr_cycle(void) { uint64_t v; __asm__ volatile("rdcycle %0" : "=r"(v)); return v; }
static inline uint64_t csr_instret(void) { uint64_t v; __asm__ volatile("rdinstret %0" : "=r"(v)); return v; }
static inline uint64_t csr_time(void) { uint64_t v; __asm__ volatile("rdtime %0" : "=r"(v)); return v; }

int main(void)
{
	uint64_t c0 = csr_cycle(), i0 = csr_instret(), t0 = csr_time();
	for (volatile int i = 0; i < 100000; i++)
		;
	uint64_t c1 = csr_cycle(), i1 = csr_instret(), t1 = csr_time();
	printf("rdcycle %llu rdinstret %llu rdtime %llu\n", (unsigned long long)(c1 - c0),
	       (unsigned long long)(i1 - i0), (unsigned long long)(t1 - t0));
	return 0;
}
