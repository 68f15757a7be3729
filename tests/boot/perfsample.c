/* perf_event_open sampling and named events on the board, through OpenSBI's SBI PMU and the
 * device tree's riscv,pmu node (src/board/fdt.c): what `perf record` and `perf stat -e` use.
 *   sample:     cycles:u and instructions:u, each sampled every PERIOD events (Sscofpmf's overflow
 *               interrupt on a programmable counter), over a loop of exactly 2N + 1 instructions;
 *               prints the count, the samples and how many samples fell inside the loop
 *   cache:      L1D read misses, dTLB read misses (PERF_TYPE_HW_CACHE) and the raw event 4
 *               (D-cache read misses, `perf stat -e r4`) over a first touch of BUF bytes, one
 *               load per 64-byte line (every first touch of a line and of a page must miss)
 * tests/boot/run.py holds the expectations: samples = count / PERIOD within 10 %, nearly all in
 * the loop; misses at least the lines and pages touched. */
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#define N 2000000ul
#define PERIOD_DEFAULT 20000ul
static unsigned long PERIOD = PERIOD_DEFAULT;
#define BUF (1ul << 20)
#define RING_PAGES 64

extern const char loop_begin[], loop_end[];

static int open_event(uint32_t type, uint64_t config, uint64_t period)
{
	struct perf_event_attr pe;
	memset(&pe, 0, sizeof pe);
	pe.type = type;
	pe.size = sizeof pe;
	pe.config = config;
	pe.disabled = 1;
	pe.exclude_kernel = 1;
	pe.exclude_hv = 1;
	if (period) {
		pe.sample_period = period;
		pe.sample_type = PERF_SAMPLE_IP;
		pe.wakeup_events = 1u << 30;
	}
	return (int)syscall(__NR_perf_event_open, &pe, 0, -1, -1, 0);
}

static void the_loop(void)
{
	/* the branch to a local label (one to the global one would be assembled as a long jump);
	 * 8-byte aligned, so that the 4-byte branch never starts at byte 6 of a fetch word (which
	 * costs a cycle model 2.5 cycles more per iteration) */
	__asm__ volatile(".globl loop_begin\n.globl loop_end\n\tli t0, %0\n\t.balign 8\nloop_begin:\n1:\taddi t0, t0, -1\n"
			 "\tbnez t0, 1b\nloop_end:" : : "i"(N) : "t0");
}

static int sample(const char *name, uint64_t config)
{
	int fd = open_event(PERF_TYPE_HARDWARE, config, PERIOD);
	if (fd < 0) {
		perror("perf_event_open (sampling)");
		return 1;
	}
	long pg = sysconf(_SC_PAGESIZE);
	size_t len = (size_t)pg * (1 + RING_PAGES);
	unsigned char *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	ioctl(fd, PERF_EVENT_IOC_RESET, 0);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	the_loop();
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	uint64_t count = 0;
	if (read(fd, &count, sizeof count) != sizeof count)
		count = 0;
	struct perf_event_mmap_page *mp = (void *)m;
	uint64_t head = __atomic_load_n(&mp->data_head, __ATOMIC_ACQUIRE), tail = mp->data_tail;
	unsigned char *data = m + pg;
	size_t size = (size_t)pg * RING_PAGES;
	unsigned long samples = 0, inloop = 0, lost = 0, throttled = 0;
	while (tail < head) {
		struct perf_event_header h;
		for (size_t i = 0; i < sizeof h; i++)
			((unsigned char *)&h)[i] = data[(tail + i) % size];
		if (h.size < sizeof h)
			break;
		uint64_t v = 0;
		for (size_t i = 0; i < 8 && sizeof h + i < h.size; i++)
			((unsigned char *)&v)[i] = data[(tail + sizeof h + i) % size];
		if (h.type == PERF_RECORD_SAMPLE) {
			samples++;
			inloop += v >= (uintptr_t)loop_begin && v < (uintptr_t)loop_end;
		} else if (h.type == PERF_RECORD_LOST) {
			uint64_t n = 0;
			for (size_t i = 0; i < 8; i++)
				((unsigned char *)&n)[i] = data[(tail + sizeof h + 8 + i) % size];
			lost += n;
		} else if (h.type == PERF_RECORD_THROTTLE) {
			throttled++;
		}
		tail += h.size;
	}
	printf("sample %s period %lu count %llu samples %lu inloop %lu lost %lu throttled %lu\n", name, PERIOD,
	       (unsigned long long)count, samples, inloop, lost, throttled);
	munmap(m, len);
	close(fd);
	return 0;
}

static long long count_touch(uint32_t type, uint64_t config, volatile unsigned char *buf)
{
	int fd = open_event(type, config, 0);
	if (fd < 0)
		return -1;
	ioctl(fd, PERF_EVENT_IOC_RESET, 0);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	unsigned sum = 0;
	for (size_t i = 0; i < BUF; i += 64)
		sum += buf[i];
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	long long v = -2;
	if (read(fd, &v, sizeof v) != sizeof v)
		v = -2;
	close(fd);
	return sum == 0x7fffffff ? -3 : v;
}

int main(int argc, char **argv)
{
	if (argc > 1)
		PERIOD = strtoul(argv[1], NULL, 0);
	printf("loop %lu\n", 2 * N + 1);
	if (sample("cycles", PERF_COUNT_HW_CPU_CYCLES) || sample("instructions", PERF_COUNT_HW_INSTRUCTIONS))
		return 1;
	const uint64_t l1d_miss = PERF_COUNT_HW_CACHE_L1D | PERF_COUNT_HW_CACHE_OP_READ << 8 |
				  (uint64_t)PERF_COUNT_HW_CACHE_RESULT_MISS << 16;
	const uint64_t dtlb_miss = PERF_COUNT_HW_CACHE_DTLB | PERF_COUNT_HW_CACHE_OP_READ << 8 |
				   (uint64_t)PERF_COUNT_HW_CACHE_RESULT_MISS << 16;
	/* each count on fresh memory (mapped and filled first, so that no page fault is counted) */
	long long c[3];
	const struct { uint32_t type; uint64_t config; } ev[3] = {
		{ PERF_TYPE_HW_CACHE, l1d_miss }, { PERF_TYPE_HW_CACHE, dtlb_miss }, { PERF_TYPE_RAW, 4 } };
	for (int i = 0; i < 3; i++) {
		unsigned char *buf = mmap(NULL, BUF, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (buf == MAP_FAILED)
			return 1;
		memset(buf, i + 1, BUF);
		/* evict the D-cache (4 KiB) and the TLB: touch other memory in between */
		static unsigned char other[1 << 16];
		for (size_t k = 0; k < sizeof other; k += 64)
			other[k]++;
		c[i] = count_touch(ev[i].type, ev[i].config, buf);
		munmap(buf, BUF);
	}
	printf("cache lines %lu pages %lu l1d-read-miss %lld dtlb-read-miss %lld raw4 %lld\n", BUF / 64, BUF / 4096,
	       c[0], c[1], c[2]);
	return 0;
}
