/* perf's cycles:u against the cycle model's own user cycles (tests/boot/run.py, perf_model):
 * perf_event_open(PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, exclude_kernel, exclude_hv) on
 * this process counts a loop of exactly 2N + 1 instructions, enabled and disabled by ioctl
 * system calls made in the same asm block. Around them the program writes karu64's marker
 * command (0x4d4b) to the board's syscon through /dev/mem, so that karu64 prints the model's
 * cycles by privilege at both ends (doc/board.md, "Markers"). The window the markers bracket
 * holds perf's window and little else: the ENABLE ioctl's own system call (kernel cycles),
 * then, after the DISABLE ioctl returns, the second marker's store and a jump. This program is
 * the only user process that runs meanwhile (the test shell waits for it). */
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#define N 2000000ul
#define SYSCON 0x100000ul
#define MARKER 0x4d4bu

int main(void)
{
	int mem = open("/dev/mem", O_RDWR | O_SYNC);
	if (mem < 0) {
		perror("perfcycles: /dev/mem");
		return 1;
	}
	volatile uint32_t *syscon = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, mem, SYSCON);
	if (syscon == MAP_FAILED) {
		perror("perfcycles: mmap of the syscon");
		return 1;
	}
	struct perf_event_attr pe;
	memset(&pe, 0, sizeof pe);
	pe.type = PERF_TYPE_HARDWARE;
	pe.size = sizeof pe;
	pe.config = PERF_COUNT_HW_CPU_CYCLES;
	pe.disabled = 1;
	pe.exclude_kernel = 1;
	pe.exclude_hv = 1;
	long fd = syscall(__NR_perf_event_open, &pe, 0, -1, -1, 0);
	if (fd < 0) {
		perror("perfcycles: perf_event_open");
		return 1;
	}
	ioctl((int)fd, PERF_EVENT_IOC_RESET, 0);
	long on, off;
	/* marker, ENABLE, the loop (8-byte aligned: no branch at byte 6 of a fetch word), DISABLE,
	 * marker; the jump ends the second marker's block */
	__asm__ volatile("sw %[mk], 0(%[sys])\n\t"
			 "mv a0, %[fd]\n\tli a1, %[en]\n\tli a2, 0\n\tli a7, %[nr]\n\tecall\n\tmv %[on], a0\n\t"
			 "li t0, %[n]\n\t.balign 8\n1:\taddi t0, t0, -1\n\tbnez t0, 1b\n\t"
			 "mv a0, %[fd]\n\tli a1, %[dis]\n\tli a2, 0\n\tli a7, %[nr]\n\tecall\n\tmv %[off], a0\n\t"
			 "sw %[mk], 0(%[sys])\n\tj 2f\n2:"
			 : [on] "=&r"(on), [off] "=&r"(off)
			 : [mk] "r"(MARKER), [sys] "r"(syscon), [fd] "r"(fd), [en] "i"(PERF_EVENT_IOC_ENABLE),
			   [dis] "i"(PERF_EVENT_IOC_DISABLE), [nr] "i"(__NR_ioctl), [n] "i"(N)
			 : "a0", "a1", "a2", "a7", "t0", "memory");
	uint64_t count = 0;
	if (on || off || read((int)fd, &count, sizeof count) != sizeof count) {
		fprintf(stderr, "perfcycles: ioctl %ld %ld, or read failed\n", on, off);
		return 1;
	}
	printf("perfcycles loop %lu cycles:u %llu\n", 2 * N + 1, (unsigned long long)count);
	return 0;
}
