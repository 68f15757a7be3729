/* User-mode rdcycle/rdinstret/rdtime under kernel.perf_user_access = 2 (the init script sets
 * it: Linux's legacy mode, scounteren allows CY, TM and IR). Linux stops every counter through
 * the SBI PMU at boot "so that they can be enabled from perf" (mcountinhibit), so the program
 * first opens a perf event on cycles and one on instructions, which in legacy mode are the
 * fixed counters mcycle and minstret (as `perf stat` or PAPI would); then the counters read
 * directly advance across a loop of known length. */
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

static inline uint64_t csr_cycle(void) { uint64_t v; __asm__ volatile("rdcycle %0" : "=r"(v)); return v; }
static inline uint64_t csr_instret(void) { uint64_t v; __asm__ volatile("rdinstret %0" : "=r"(v)); return v; }
static inline uint64_t csr_time(void) { uint64_t v; __asm__ volatile("rdtime %0" : "=r"(v)); return v; }

static int open_counter(uint64_t config)
{
	struct perf_event_attr pe;
	memset(&pe, 0, sizeof pe);
	pe.type = PERF_TYPE_HARDWARE;
	pe.size = sizeof pe;
	pe.config = config;
	int fd = (int)syscall(__NR_perf_event_open, &pe, 0, -1, -1, 0);
	if (fd < 0)
		perror("perf_event_open");
	return fd;
}

int main(void)
{
	int c = open_counter(PERF_COUNT_HW_CPU_CYCLES), i = open_counter(PERF_COUNT_HW_INSTRUCTIONS);
	uint64_t c0 = csr_cycle(), i0 = csr_instret(), t0 = csr_time();
	__asm__ volatile("li t0, 100000\n1: addi t0, t0, -1\n\tbnez t0, 1b" ::: "t0");
	uint64_t c1 = csr_cycle(), i1 = csr_instret(), t1 = csr_time();
	printf("rdcycle %llu rdinstret %llu rdtime %llu\n", (unsigned long long)(c1 - c0),
	       (unsigned long long)(i1 - i0), (unsigned long long)(t1 - t0));
	close(c);
	close(i);
	return 0;
}
