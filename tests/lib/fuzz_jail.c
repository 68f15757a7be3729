/* Linked into every fuzz target (tests/fuzz/rules.mk): before main, the target checks that it
 * runs in the jail of tests/fuzz/jail (a private tmpfs as the only writable place) and refuses
 * to start otherwise, since guest code under test reaches the host file system (Linux user-mode
 * system calls, semihosting). The check is a real write: creating a file next to the target's
 * own binary must fail, and the jail's folder must be a tmpfs. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/vfs.h>
#include <unistd.h>

#define TMPFS_MAGIC 0x01021994

static void refuse(const char *why)
{
	fprintf(stderr, "karu64 fuzz: refusing to run outside the jail (run it through tests/fuzz/jail): %s\n", why);
	_exit(1);
}

__attribute__((constructor)) static void k64_fuzz_jail_check(void)
{
	const char *jail = getenv("KARU64_FUZZ_JAIL");
	struct statfs sf;
	if (!jail || statfs(jail, &sf) || sf.f_type != TMPFS_MAGIC)
		refuse("KARU64_FUZZ_JAIL is not set to a tmpfs");
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 32);
	if (n <= 0)
		refuse("cannot find the target's own binary");
	exe[n] = 0;
	char *slash = strrchr(exe, '/');
	snprintf(slash ? slash + 1 : exe, 32, ".jail-probe-%d", (int)getpid());
	int fd = open(exe, O_WRONLY | O_CREAT | O_EXCL, 0600);
	if (fd >= 0) {
		close(fd);
		unlink(exe);
		refuse("the build folder is writable");
	}
	if (errno != EROFS && errno != EACCES && errno != EPERM)
		refuse("the write probe failed for another reason than a read-only file system");
}
