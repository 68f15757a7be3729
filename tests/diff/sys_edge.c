/* System calls with bad arguments, made with syscall() so libc does not filter them: guest
 * pointers outside the guest's memory give EFAULT (never a crash of the simulator), invalid
 * descriptors EBADF, invalid flags or lengths EINVAL; plus fcntl, dup3, pipe2, readv/writev,
 * getcwd with a short buffer (ERANGE), faccessat, newfstatat, readlinkat, prlimit64, ioctl
 * TCGETS on a pipe (ENOTTY) and a zero-length write. */
#define _GNU_SOURCE
#include "common.h"
#include <errno.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#define SYS(...) ({ errno = 0; long _r = syscall(__VA_ARGS__); _r < 0 ? -errno : _r; })
#define SHOW(expr) printf("%-60s -> %ld\n", #expr, (long)(expr))

int main(void)
{
	void *bad = (void *)8, *high = (void *)0x7ffffffffff0ul;
	int p[2];
	pipe(p);
	write(p[1], "0123456789", 10);
	SHOW(SYS(SYS_write, 1, bad, 10));
	SHOW(SYS(SYS_write, 1, high, 4096));
	SHOW(SYS(SYS_read, p[0], bad, 5));
	SHOW(SYS(SYS_write, 1, bad, 0));
	SHOW(SYS(SYS_clock_gettime, CLOCK_MONOTONIC, bad));
	SHOW(SYS(SYS_openat, AT_FDCWD, bad, O_RDONLY));
	SHOW(SYS(SYS_fstat, 1, bad));
	SHOW(SYS(SYS_pipe2, bad, 0));
	SHOW(SYS(SYS_getcwd, bad, 4096));
	SHOW(SYS(SYS_uname, bad));
	SHOW(SYS(SYS_rt_sigaction, SIGUSR1, bad, NULL, 8));
	SHOW(SYS(SYS_getrandom, bad, 16, 0));
	SHOW(SYS(SYS_read, 999, NULL, 0));
	SHOW(SYS(SYS_write, -1, "x", 1));
	SHOW(SYS(SYS_close, 999));
	SHOW(SYS(SYS_lseek, 1, 0, 99));
	SHOW(SYS(SYS_lseek, p[0], 0, SEEK_SET));
	SHOW(SYS(SYS_mmap, 0x10001, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0));
	SHOW(SYS(SYS_munmap, 0x10001, 4096));
	SHOW(SYS(SYS_mmap, 0, 4096, PROT_READ, MAP_PRIVATE, 999, 0));
	SHOW(SYS(SYS_mprotect, 0x10001, 4096, PROT_READ));
	SHOW(SYS(SYS_rt_sigaction, SIGKILL, &(struct { void *h; unsigned long f; unsigned long m; }){ 0, 0, 0 }, NULL, 8));
	SHOW(SYS(SYS_rt_sigprocmask, 99, NULL, NULL, 8));
	char small[2];
	SHOW(SYS(SYS_getcwd, small, sizeof small));
	SHOW(SYS(SYS_faccessat, AT_FDCWD, "/", R_OK));
	SHOW(SYS(SYS_faccessat, AT_FDCWD, "/nonexistent-karu64", F_OK));
	struct stat st;
	SHOW(SYS(SYS_newfstatat, AT_FDCWD, "/", &st, 0));
	printf("root is dir %d\n", S_ISDIR(st.st_mode));
	SHOW(SYS(SYS_newfstatat, AT_FDCWD, "/nonexistent-karu64", &st, 0));
	char link[256];
	SHOW(SYS(SYS_readlinkat, AT_FDCWD, "/nonexistent-karu64", link, sizeof link));
	struct rlimit rl;
	SHOW(SYS(SYS_prlimit64, 0, RLIMIT_NOFILE, NULL, &rl));
	SHOW(SYS(SYS_prlimit64, 0, 9999, NULL, &rl));
	struct termios t;
	SHOW(SYS(SYS_ioctl, p[0], TCGETS, &t));
	/* fcntl: descriptor flags and duplication. */
	SHOW(SYS(SYS_fcntl, p[0], F_GETFD));
	SHOW(SYS(SYS_fcntl, p[0], F_SETFD, FD_CLOEXEC));
	SHOW(SYS(SYS_fcntl, p[0], F_GETFD));
	SHOW(SYS(SYS_fcntl, p[1], F_GETFL) & O_ACCMODE);
	int d = (int)SYS(SYS_fcntl, p[0], F_DUPFD, 50);
	printf("F_DUPFD >= 50: %d\n", d >= 50);
	SHOW(SYS(SYS_dup3, p[0], 60, O_CLOEXEC));
	SHOW(SYS(SYS_fcntl, 60, F_GETFD));
	SHOW(SYS(SYS_dup3, 60, 60, 0));
	SHOW(SYS(SYS_dup3, p[0], 61, 12345));
	char buf[16] = { 0 };
	struct iovec iov[3] = { { buf, 2 }, { buf + 4, 3 }, { buf + 10, 1 } };
	SHOW(SYS(SYS_readv, 60, iov, 3));
	printf("readv [%.2s|%.3s|%.1s]\n", buf, buf + 4, buf + 10);
	SHOW(SYS(SYS_readv, 60, bad, 1));
	SHOW(SYS(SYS_readv, 60, iov, -1));
	int q[2];
	SHOW(SYS(SYS_pipe2, q, O_CLOEXEC | O_NONBLOCK));
	SHOW(SYS(SYS_fcntl, q[0], F_GETFL) & O_NONBLOCK ? 1 : 0);
	SHOW(SYS(SYS_read, q[0], buf, 4));
	SHOW(SYS(SYS_pipe2, q, 0x7fffffff));
	SHOW(SYS(SYS_set_tid_address, &d) == getpid());
	SHOW(SYS(SYS_getppid) > 0);
	SHOW(SYS(SYS_brk, 0) == SYS(SYS_brk, 0));
	SHOW(SYS(SYS_sched_yield));
	SHOW(SYS(SYS_exit_group + 1000));
	return 0;
}
