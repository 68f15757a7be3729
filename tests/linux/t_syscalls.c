/* System calls through glibc, with expected values from POSIX/Linux semantics (man pages)
 * and from the data the test itself wrote. Usage: t_syscalls ABS-PATH-OF-SELF SCRATCH-DIR */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/sysinfo.h>
#include <sys/times.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <sys/utsname.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include "check.h"

static void test_files(const char *dir)
{
	char path[4096], path2[4096];
	snprintf(path, sizeof path, "%s/t_syscalls.tmp", dir);
	snprintf(path2, sizeof path2, "%s/t_syscalls.renamed", dir);
	unlink(path);
	unlink(path2);
	int fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	CHECK(fd >= 3, "openat O_CREAT|O_EXCL gives fd %d", fd);
	CHECK(open(path, O_RDWR | O_CREAT | O_EXCL, 0600) == -1 && errno == EEXIST, "O_EXCL on existing file: EEXIST");
	CHECK_EQ(write(fd, "hello, world\n", 13), 13, "write 13 bytes");
	struct iovec iov[2] = { { "abc", 3 }, { "defg", 4 } };
	CHECK_EQ(writev(fd, iov, 2), 7, "writev 3+4 bytes");
	CHECK_EQ(pwrite(fd, "XY", 2, 0), 2, "pwrite at 0");
	CHECK_EQ(lseek(fd, 0, SEEK_CUR), 20, "file offset after writes (pwrite does not move it)");
	CHECK_EQ(lseek(fd, 0, SEEK_SET), 0, "lseek SEEK_SET");
	char buf[64] = { 0 };
	CHECK_EQ(read(fd, buf, sizeof buf), 20, "read back 20 bytes");
	CHECK(memcmp(buf, "XYllo, world\nabcdefg", 20) == 0, "contents match what was written");
	char b2[4] = { 0 };
	CHECK(pread(fd, b2, 3, 7) == 3 && memcmp(b2, "wor", 3) == 0, "pread at offset 7");
	char r1[3], r2[4];
	struct iovec riov[2] = { { r1, 3 }, { r2, 4 } };
	lseek(fd, 13, SEEK_SET);
	CHECK(readv(fd, riov, 2) == 7 && memcmp(r1, "abc", 3) == 0 && memcmp(r2, "defg", 4) == 0, "readv");

	struct stat st, st2;
	CHECK_EQ(fstat(fd, &st), 0, "fstat");
	CHECK_EQ(st.st_size, 20, "st_size");
	CHECK(S_ISREG(st.st_mode) && (st.st_mode & 0777) == 0600, "st_mode regular 0600 (0%o)", st.st_mode);
	CHECK_EQ(st.st_nlink, 1, "st_nlink");
	CHECK_EQ(st.st_uid, getuid(), "st_uid");
	CHECK_EQ(stat(path, &st2), 0, "stat (newfstatat)");
	CHECK(st.st_ino == st2.st_ino && st.st_dev == st2.st_dev, "same inode via path and fd");
	struct statx sx;
	CHECK_EQ(statx(AT_FDCWD, path, 0, STATX_SIZE | STATX_INO, &sx), 0, "statx");
	CHECK(sx.stx_size == 20 && sx.stx_ino == st.st_ino, "statx size and inode");

	CHECK_EQ(fcntl(fd, F_GETFL) & O_ACCMODE, O_RDWR, "F_GETFL access mode");
	CHECK_EQ(fcntl(fd, F_GETFD), FD_CLOEXEC, "F_GETFD after O_CLOEXEC");
	int d = dup(fd);
	CHECK(d > fd, "dup gives the lowest free fd (%d)", d);
	CHECK_EQ(dup3(fd, 50, O_CLOEXEC), 50, "dup3 to 50");
	CHECK_EQ(fcntl(50, F_GETFD), FD_CLOEXEC, "dup3 O_CLOEXEC");
	char link[4096] = { 0 }, real[4096];
	ssize_t ln = readlink("/proc/self/fd/50", link, sizeof link - 1);
	CHECK(ln > 0 && realpath(path, real) && strcmp(link, real) == 0, "/proc/self/fd/50 names the file (%s)", link);
	CHECK(dup3(fd, fd, 0) == -1 && errno == EINVAL, "dup3 to itself: EINVAL");
	CHECK_EQ(fcntl(fd, F_DUPFD, 60), 60, "F_DUPFD from 60");
	close(d);
	close(50);
	close(60);
	CHECK(close(60) == -1 && errno == EBADF, "close twice: EBADF");
	struct termios tio;
	CHECK(tcgetattr(fd, &tio) == -1 && errno == ENOTTY, "TCGETS on a file: ENOTTY");
	CHECK(!isatty(fd), "isatty(file) = 0");
	CHECK(ftruncate(fd, 5) == 0 && fstat(fd, &st) == 0 && st.st_size == 5, "ftruncate to 5");

	/* A private file mapping holds the file's contents. */
	char *m = mmap(NULL, 5, PROT_READ, MAP_PRIVATE, fd, 0);
	CHECK(m != MAP_FAILED && memcmp(m, "XYllo", 5) == 0 && m[5] == 0, "private file mmap contents");
	munmap(m, 5);
	close(fd);

	CHECK_EQ(access(path, R_OK | W_OK), 0, "faccessat R_OK|W_OK");
	CHECK_EQ(rename(path, path2), 0, "rename (renameat2)");
	CHECK(access(path, F_OK) == -1 && errno == ENOENT, "old name gone: ENOENT");
	CHECK_EQ(unlink(path2), 0, "unlinkat");
	char sub[4096];
	snprintf(sub, sizeof sub, "%s/t_syscalls.dir", dir);
	rmdir(sub);
	CHECK_EQ(mkdir(sub, 0700), 0, "mkdirat");
	CHECK(stat(sub, &st) == 0 && S_ISDIR(st.st_mode), "new directory is a directory");
	CHECK(open(sub, O_RDONLY | O_DIRECTORY) >= 0, "open O_DIRECTORY on a directory");
	CHECK(open(path2, O_RDONLY | O_CREAT | O_DIRECTORY, 0600) == -1, "O_CREAT|O_DIRECTORY fails");
	CHECK_EQ(rmdir(sub), 0, "unlinkat AT_REMOVEDIR");

	int p[2];
	CHECK_EQ(pipe2(p, O_CLOEXEC), 0, "pipe2");
	CHECK(write(p[1], "pipe", 4) == 4 && read(p[0], buf, 4) == 4 && memcmp(buf, "pipe", 4) == 0, "pipe round trip");
	close(p[0]);
	close(p[1]);

	char cwd[4096];
	CHECK_EQ(chdir("/"), 0, "chdir /");
	CHECK(getcwd(cwd, sizeof cwd) && strcmp(cwd, "/") == 0, "getcwd = /");
	CHECK(getcwd(cwd, 1) == NULL && errno == ERANGE, "getcwd with a 1-byte buffer: ERANGE");
}

static void test_memory(void)
{
	size_t len = 3 * 4096;
	unsigned char *a = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	CHECK(a != MAP_FAILED && ((uintptr_t)a & 4095) == 0, "anonymous mmap, page aligned");
	int zero = 1;
	for (size_t i = 0; i < len; i++)
		zero &= a[i] == 0;
	CHECK(zero, "anonymous memory is zero");
	memset(a, 0x5a, len);
	void *again = mmap(a, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	CHECK(again == MAP_FAILED && errno == EEXIST, "MAP_FIXED_NOREPLACE over a mapping: EEXIST");
	again = mmap(a + 4096, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	CHECK(again == a + 4096 && a[4096] == 0 && a[0] == 0x5a, "MAP_FIXED replaces one page with zeros");
	unsigned char *b = mremap(a, len, 64 * 4096, MREMAP_MAYMOVE);
	CHECK(b != MAP_FAILED && b[0] == 0x5a && b[2 * 4096] == 0x5a && b[63 * 4096] == 0, "mremap grow keeps contents");
	CHECK_EQ(mprotect(b, 4096, PROT_READ), 0, "mprotect read-only");
	CHECK(read(0, b, 1) == -1 && errno == EFAULT, "read into a read-only page: EFAULT");
	CHECK(write(1, (void *)16, 4) == -1 && errno == EFAULT, "write from an unmapped address: EFAULT");
	CHECK_EQ(munmap(b, 64 * 4096), 0, "munmap");
	CHECK(mprotect(b, 4096, PROT_READ) == -1 && errno == ENOMEM, "mprotect of unmapped memory: ENOMEM");
	CHECK(mmap(NULL, 0, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0) == MAP_FAILED && errno == EINVAL, "mmap length 0: EINVAL");

	/* Generated code: map, write, mprotect r-x, call; then unmap and map new code at the
	 * same address, which must run the new instructions. */
	for (int round = 0; round < 3; round++) {
		uint32_t *code = mmap((void *)0x500000000, 4096, PROT_READ | PROT_WRITE,
				      MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
		code[0] = 0x00000513u | (uint32_t)(100 + round) << 20;   /* addi a0, zero, 100+round */
		code[1] = 0x00008067u;                                   /* jalr zero, 0(ra) */
		mprotect(code, 4096, PROT_READ | PROT_EXEC);
		__builtin___clear_cache((char *)code, (char *)(code + 2));
		long (*fn)(void) = (long (*)(void))code;
		CHECK_EQ(fn(), 100 + round, "generated code at a reused address");
		munmap(code, 4096);
	}

	char *cur = sbrk(0);
	CHECK(sbrk(8192) == cur, "sbrk grows the break");
	memset(cur, 7, 8192);
	CHECK(cur[8191] == 7, "new break memory is writable");
	CHECK(sbrk(-8192) != (void *)-1 && sbrk(0) == cur, "sbrk shrinks the break");
}

static void test_misc(const char *self)
{
	struct utsname u;
	CHECK(uname(&u) == 0 && strcmp(u.machine, "riscv64") == 0 && strcmp(u.sysname, "Linux") == 0,
	      "uname: %s %s", u.sysname, u.machine);
	char exe[4096] = { 0 };
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	CHECK(n > 0 && strcmp(exe, self) == 0, "readlink /proc/self/exe = %s", exe);
	CHECK_EQ(getpid(), gettid(), "getpid = gettid (one thread)");
	CHECK(getppid() > 0, "getppid");
	CHECK_EQ(sysconf(_SC_PAGESIZE), 4096, "sysconf page size");
	unsigned char r1[32], r2[32];
	CHECK(getrandom(r1, 32, 0) == 32 && getrandom(r2, 32, 0) == 32 && memcmp(r1, r2, 32) != 0, "getrandom: two different 32-byte blocks");
	CHECK(getrandom(r1, 4, 0x100) == -1 && errno == EINVAL, "getrandom bad flags: EINVAL");
	struct timespec t0, t1, res;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	struct timespec d = { 0, 2000000 };
	CHECK_EQ(nanosleep(&d, NULL), 0, "nanosleep 2 ms");
	clock_gettime(CLOCK_MONOTONIC, &t1);
	long long el = (t1.tv_sec - t0.tv_sec) * 1000000000ll + (t1.tv_nsec - t0.tv_nsec);
	CHECK(el >= 2000000, "monotonic clock advanced by the sleep (%lld ns)", el);
	CHECK(clock_getres(CLOCK_MONOTONIC, &res) == 0 && res.tv_sec == 0 && res.tv_nsec > 0, "clock_getres");
	CHECK(clock_gettime((clockid_t)12345, &t0) == -1 && errno == EINVAL, "bad clock id: EINVAL");
	struct timeval tv;
	CHECK(gettimeofday(&tv, NULL) == 0 && tv.tv_sec > 1600000000, "gettimeofday after 2020");

	int w = 5;
	CHECK_EQ(syscall(SYS_futex, &w, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0), 0, "futex wake: nobody waits");
	CHECK(syscall(SYS_futex, &w, FUTEX_WAIT_PRIVATE, 6, NULL, NULL, 0) == -1 && errno == EAGAIN, "futex wait on a changed value: EAGAIN");
	struct timespec to = { 0, 1000000 };
	CHECK(syscall(SYS_futex, &w, FUTEX_WAIT_PRIVATE, 5, &to, NULL, 0) == -1 && errno == ETIMEDOUT, "timed futex wait: ETIMEDOUT");

	cpu_set_t set;
	CHECK(sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) >= 1, "sched_getaffinity");
	struct rlimit rl;
	CHECK(getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur > 0, "getrlimit NOFILE");
	CHECK(syscall(999) == -1 && errno == ENOSYS, "unknown system call: ENOSYS");
	CHECK_EQ(kill(getpid(), 0), 0, "kill(self, 0)");

	int p[2];
	pipe(p);
	struct pollfd pf[3] = { { p[0], POLLIN, 0 }, { p[1], POLLOUT, 0 }, { 1000, POLLIN, 0 } };
	CHECK_EQ(poll(pf, 3, 0), 2, "poll: write end ready, bad fd reported");
	CHECK(pf[0].revents == 0 && (pf[1].revents & POLLOUT) && pf[2].revents == POLLNVAL, "poll revents (0, POLLOUT, POLLNVAL)");
	write(p[1], "x", 1);
	CHECK(poll(pf, 1, 100) == 1 && (pf[0].revents & POLLIN), "poll: data makes the read end ready");
	CHECK_EQ(syscall(SYS_close_range, p[0] < p[1] ? p[0] : p[1], p[0] < p[1] ? p[1] : p[0], 0), 0, "close_range");
	CHECK(fcntl(p[0], F_GETFD) == -1 && errno == EBADF && fcntl(p[1], F_GETFD) == -1, "close_range closed both pipe ends");
	struct sysinfo si;
	CHECK(sysinfo(&si) == 0 && si.totalram > 0 && si.mem_unit > 0, "sysinfo");
	CHECK(sysconf(_SC_PHYS_PAGES) > 0, "sysconf(_SC_PHYS_PAGES)");
	struct rusage ru;
	CHECK_EQ(getrusage(RUSAGE_SELF, &ru), 0, "getrusage");
	struct tms tm;
	CHECK(times(&tm) != (clock_t)-1, "times");
}

/* /proc/self/maps describes the guest (not the simulator): the stack line holds a local
 * variable, an mmap'd region appears with its permissions, and pthread_getattr_np (which
 * reads the file for the main thread) finds the stack. */
static void test_maps(void)
{
	int local = 0;
	char *m = mmap(NULL, 8192, PROT_READ | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	FILE *f = fopen("/proc/self/maps", "r");
	CHECK(f != NULL, "open /proc/self/maps");
	char line[512];
	int stack_ok = 0, region_ok = 0;
	while (f && fgets(line, sizeof line, f)) {
		unsigned long lo, hi;
		char perms[8];
		if (sscanf(line, "%lx-%lx %7s", &lo, &hi, perms) != 3)
			continue;
		if (strstr(line, "[stack]") && (uintptr_t)&local >= lo && (uintptr_t)&local < hi)
			stack_ok = 1;
		if (lo <= (uintptr_t)m && (uintptr_t)m + 8192 <= hi && !strcmp(perms, "r-xp"))
			region_ok = 1;
	}
	if (f)
		fclose(f);
	CHECK(stack_ok, "[stack] line contains a local variable");
	CHECK(region_ok, "mmap'd r-x region listed as r-xp");
	munmap(m, 8192);
	pthread_attr_t a;
	void *sa = NULL;
	size_t ss = 0;
	CHECK_EQ(pthread_getattr_np(pthread_self(), &a), 0, "pthread_getattr_np on the main thread");
	pthread_attr_getstack(&a, &sa, &ss);
	CHECK((uintptr_t)&local >= (uintptr_t)sa && (uintptr_t)&local < (uintptr_t)sa + ss,
	      "main thread stack [%p, +%zu) contains a local", sa, ss);
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: t_syscalls ABS-SELF SCRATCH-DIR\n");
		return 2;
	}
	test_files(argv[2]);
	test_memory();
	test_misc(argv[1]);
	test_maps();
	return t_done();
}
