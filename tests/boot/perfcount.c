/* perf_event_open on the board: user-only counts (exclude_kernel) go through the SBI PMU, which
 * OpenSBI programs with the Smcntrpmf/Sscofpmf privilege filters. A loop of exactly 2N + 1
 * instructions runs across several timer interrupts; tests/boot/run.py checks that the
 * user-only instruction count is the loop's (plus the few user instructions of the ioctl
 * wrappers) and that the count with the kernel is larger. */
#include <linux/perf_event.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#define N 5000000ul

static long count(uint64_t config, int exclude_kernel)
{
	struct perf_event_attr pe;
	memset(&pe, 0, sizeof pe);
	pe.type = PERF_TYPE_HARDWARE;
	pe.size = sizeof pe;
	pe.config = config;
	pe.disabled = 1;
	pe.exclude_kernel = exclude_kernel;
	pe.exclude_hv = exclude_kernel;   /* any exclude flag needs Sscofpmf (Linux: PERF_PMU_CAP_NO_EXCLUDE) */
	int fd = (int)syscall(__NR_perf_event_open, &pe, 0, -1, -1, 0);
	if (fd < 0) {
		perror("perf_event_open");
		return -1;
	}
	ioctl(fd, PERF_EVENT_IOC_RESET, 0);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	__asm__ volatile("li t0, %0\n1: addi t0, t0, -1\n\tbnez t0, 1b" : : "i"(N) : "t0");
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	long long v = -1;
	if (read(fd, &v, sizeof v) != sizeof v)
		v = -2;
	close(fd);
	return (long)v;
}

int main(void)
{
	printf("loop %lu\n", 2 * N + 1);
	printf("instructions user %ld all %ld\n", count(PERF_COUNT_HW_INSTRUCTIONS, 1), count(PERF_COUNT_HW_INSTRUCTIONS, 0));
	printf("cycles user %ld all %ld\n", count(PERF_COUNT_HW_CPU_CYCLES, 1), count(PERF_COUNT_HW_CPU_CYCLES, 0));
	return 0;
}
