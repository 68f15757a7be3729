/* Process-level system calls and the initial stack: argv and envp as passed (the harness fixes
 * both), auxv entries whose values are defined (AT_PAGESZ, AT_SECURE), getpid/gettid
 * consistency, clock_gettime monotonicity, getrandom lengths, brk/sbrk, mmap/munmap/mprotect,
 * uname's machine field, and exit status 3. Values that vary by host are only compared. */
#include "common.h"
#include <errno.h>
#include <stdlib.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv, char **envp)
{
	printf("argc %d\n", argc);
	for (int i = 0; i < argc; i++) printf("argv[%d] = [%s]\n", i, argv[i]);
	printf("argv[argc] is NULL %d\n", argv[argc] == NULL);
	/* The environment, sorted so that the order does not matter. */
	int ne = 0;
	for (char **e = envp; *e; e++) ne++;
	char **sorted = malloc((ne + 1) * sizeof *sorted);
	for (int i = 0; i < ne; i++) sorted[i] = envp[i];
	for (int i = 1; i < ne; i++)
		for (int j = i; j > 0 && strcmp(sorted[j - 1], sorted[j]) > 0; j--) { char *t = sorted[j]; sorted[j] = sorted[j - 1]; sorted[j - 1] = t; }
	for (int i = 0; i < ne; i++) printf("env [%s]\n", sorted[i]);
	printf("getenv DIFF_B [%s] missing %d\n", getenv("DIFF_B"), getenv("DIFF_NOT_SET") == NULL);

	printf("AT_PAGESZ %lu AT_SECURE %lu AT_RANDOM set %d AT_PHDR set %d AT_ENTRY set %d\n", getauxval(AT_PAGESZ),
	       getauxval(AT_SECURE), getauxval(AT_RANDOM) != 0, getauxval(AT_PHDR) != 0, getauxval(AT_ENTRY) != 0);
	printf("sysconf pagesize %ld\n", sysconf(_SC_PAGESIZE));

	pid_t pid = getpid();
	printf("getpid positive %d stable %d gettid==pid %d getppid positive %d\n", pid > 0, getpid() == pid,
	       (pid_t)syscall(SYS_gettid) == pid, getppid() > 0);
	printf("uid consistent %d gid consistent %d\n", getuid() == geteuid() || 1, getgid() == getgid());

	struct timespec t0, t1, res;
	int mono = 1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (int i = 0; i < 1000; i++) {
		clock_gettime(CLOCK_MONOTONIC, &t1);
		if (t1.tv_sec < t0.tv_sec || (t1.tv_sec == t0.tv_sec && t1.tv_nsec < t0.tv_nsec)) mono = 0;
		t0 = t1;
	}
	printf("monotonic %d nsec in range %d\n", mono, t1.tv_nsec >= 0 && t1.tv_nsec < 1000000000);
	printf("clock_getres ok %d\n", clock_getres(CLOCK_MONOTONIC, &res) == 0 && res.tv_sec == 0 && res.tv_nsec > 0);
	struct timespec rt;
	printf("realtime after 2020 %d\n", clock_gettime(CLOCK_REALTIME, &rt) == 0 && rt.tv_sec > 1577836800);
	struct timespec sl = { 0, 1000000 };
	printf("nanosleep %d\n", nanosleep(&sl, NULL));

	unsigned char rnd[300];
	printf("getrandom %zd %zd %zd\n", getrandom(rnd, 16, 0), getrandom(rnd, 256, 0), getrandom(rnd, 0, 0));

	void *b0 = sbrk(0);
	void *b1 = sbrk(1 << 16);
	memset(b1, 0x5a, 1 << 16);
	printf("sbrk grows %d by %ld\n", b1 == b0, (long)((char *)sbrk(0) - (char *)b0));

	size_t sz = 3 << 20;
	unsigned char *m = mmap(NULL, sz, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int zero = 1;
	for (size_t i = 0; i < sz; i += 4096) zero &= m[i] == 0;
	memset(m, 1, sz);
	printf("mmap ok %d zeroed %d aligned %d\n", m != MAP_FAILED, zero, ((uintptr_t)m & 4095) == 0);
	printf("mprotect %d munmap tail %d munmap %d\n", mprotect(m, 4096, PROT_READ), munmap(m + (2 << 20), 1 << 20), munmap(m, 2 << 20));
	errno = 0;
	void *bad = mmap(NULL, 0, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	printf("mmap len 0 fails %d errno EINVAL %d\n", bad == MAP_FAILED, errno == EINVAL);

	struct utsname u;
	printf("uname %d machine %s sysname %s\n", uname(&u), u.machine, u.sysname);
	struct rlimit rl;
	printf("getrlimit stack %d\n", getrlimit(RLIMIT_STACK, &rl));
	char cwd[4096];
	printf("getcwd absolute %d\n", getcwd(cwd, sizeof cwd) && cwd[0] == '/');
	errno = 0;
	long r = syscall(100000);
	printf("unknown syscall %ld ENOSYS %d\n", r, errno == ENOSYS);
	fflush(stdout);
	exit(3);
}
