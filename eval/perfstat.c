/* perfstat CMD [ARG...]: what `perf stat -e cycles:u,instructions:u,L1-icache-load-misses:u,
 * L1-dcache-load-misses:u,iTLB-load-misses:u,dTLB-load-misses:u,r6:u,r7:u,page-faults:u` prints, for the
 * initramfs board, which has no perf tool (eval/linux_events.py). The child's events are opened
 * before it execs (enable_on_exec), each on its own counter (the board has 29), and read after
 * it exits; CMD's standard output goes to /dev/null. Prints one line: "perfstat status S cycles N instructions N l1i N l1d N itlb N dtlb N
 * fetchstall N memstall N faults N" (-1: the event did not open). */
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define CACHE(c, op, res) ((uint64_t)(c) | (uint64_t)(op) << 8 | (uint64_t)(res) << 16)

static const struct { const char *name; uint32_t type; uint64_t config; } events[] = {
	{ "cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES },
	{ "instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS },
	{ "l1i", PERF_TYPE_HW_CACHE, CACHE(PERF_COUNT_HW_CACHE_L1I, PERF_COUNT_HW_CACHE_OP_READ, PERF_COUNT_HW_CACHE_RESULT_MISS) },
	{ "l1d", PERF_TYPE_HW_CACHE, CACHE(PERF_COUNT_HW_CACHE_L1D, PERF_COUNT_HW_CACHE_OP_READ, PERF_COUNT_HW_CACHE_RESULT_MISS) },
	{ "itlb", PERF_TYPE_HW_CACHE, CACHE(PERF_COUNT_HW_CACHE_ITLB, PERF_COUNT_HW_CACHE_OP_READ, PERF_COUNT_HW_CACHE_RESULT_MISS) },
	{ "dtlb", PERF_TYPE_HW_CACHE, CACHE(PERF_COUNT_HW_CACHE_DTLB, PERF_COUNT_HW_CACHE_OP_READ, PERF_COUNT_HW_CACHE_RESULT_MISS) },
	{ "fetchstall", PERF_TYPE_RAW, 6 },   /* the model's events 6 and 7 (doc/cycle-model.md) */
	{ "memstall", PERF_TYPE_RAW, 7 },
	{ "faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS },
};
#define NEV (sizeof events / sizeof events[0])

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: perfstat CMD [ARG...]\n");
		return 2;
	}
	int go[2];
	if (pipe(go)) {
		perror("perfstat: pipe");
		return 1;
	}
	pid_t pid = fork();
	if (pid < 0) {
		perror("perfstat: fork");
		return 1;
	}
	if (pid == 0) {   /* waits until its events are open, then becomes CMD */
		char c;
		close(go[1]);
		if (read(go[0], &c, 1) != 1)
			_exit(127);
		int null = open("/dev/null", O_WRONLY);   /* CMD's output is not the measurement's */
		if (null >= 0)
			dup2(null, 1);
		execvp(argv[1], argv + 1);
		perror("perfstat: exec");
		_exit(127);
	}
	close(go[0]);
	int fd[NEV];
	for (size_t i = 0; i < NEV; i++) {
		struct perf_event_attr pe;
		memset(&pe, 0, sizeof pe);
		pe.type = events[i].type;
		pe.size = sizeof pe;
		pe.config = events[i].config;
		pe.disabled = 1;
		pe.enable_on_exec = 1;
		pe.exclude_kernel = 1;
		pe.exclude_hv = 1;
		fd[i] = (int)syscall(__NR_perf_event_open, &pe, pid, -1, -1, 0);
	}
	if (write(go[1], "x", 1) != 1)
		return 1;
	close(go[1]);
	int st = 0;
	if (waitpid(pid, &st, 0) != pid)
		return 1;
	printf("perfstat status %d", WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st));
	for (size_t i = 0; i < NEV; i++) {
		long long v = -1;
		if (fd[i] >= 0 && read(fd[i], &v, sizeof v) != sizeof v)
			v = -1;
		printf(" %s %lld", events[i].name, v);
	}
	printf("\n");
	return 0;
}
