/* The path jail (--jail=DIR): every guest path resolves inside DIR, which the guest sees as
 * its root. The host kernel does the confining: openat2(2) with RESOLVE_IN_ROOT resolves `..`,
 * absolute symbolic links and absolute paths against DIR, atomically, so neither `..` nor a
 * symbolic link (nor a rename racing with the lookup) reaches outside; RESOLVE_NO_MAGICLINKS
 * keeps /proc/PID/root and /proc/PID/fd links, if DIR holds a /proc, from leading out.
 *
 * A guest path becomes an absolute guest path first (the guest's working directory, or the
 * guest path of a directory descriptor, joined with it), then one of two host handles:
 *   k64_linux_jail_open    the file itself (open, stat, access, chmod, truncate, chdir, ...)
 *   k64_linux_jail_parent  its directory and its last component, for the calls that act on a
 *                          name and must not follow it (mkdir, unlink, rename, link, symlink,
 *                          readlink): the name is a single component, so it cannot leave that
 *                          directory either. */
#define _GNU_SOURCE
#include "linux/internal.h"
#include <fcntl.h>
#include <linux/openat2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#define G_AT_FDCWD (-100)

static int openat2_(int dfd, const char *path, uint64_t flags, uint64_t mode, uint64_t resolve)
{
	struct open_how how = { .flags = flags, .mode = mode, .resolve = resolve };
	return (int)syscall(SYS_openat2, dfd, path, &how, sizeof how);
}

int k64_linux_jail_init(struct k64_linux *lx, const char *dir, char *err, size_t errlen)
{
	lx->jail_fd = -1;
	if (!dir || !*dir)
		return 0;
	if (!realpath(dir, lx->jail)) {
		snprintf(err, errlen, "--jail %s: %s", dir, strerror(errno));
		return -1;
	}
	lx->jail_fd = open(lx->jail, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (lx->jail_fd < 0) {
		snprintf(err, errlen, "--jail %s: %s", dir, strerror(errno));
		return -1;
	}
	int probe = openat2_(lx->jail_fd, "/", O_PATH | O_CLOEXEC, 0, RESOLVE_IN_ROOT);
	if (probe < 0) {
		snprintf(err, errlen, "--jail needs openat2 with RESOLVE_IN_ROOT (Linux 5.6): %s", strerror(errno));
		close(lx->jail_fd);
		lx->jail_fd = -1;
		return -1;
	}
	close(probe);
	if (!strcmp(lx->jail, "/"))
		lx->jail[0] = 0;   /* guest paths are host paths: prefixes below compare with "" */
	/* The guest starts in the host's working directory if that lies in the jail, else at /. */
	char cwd[PATH_MAX];
	if (!getcwd(cwd, sizeof cwd) || k64_linux_jail_guest_path(lx, cwd, lx->jail_cwd) != 0)
		strcpy(lx->jail_cwd, "/");
	return 0;
}

void k64_linux_jail_free(struct k64_linux *lx)
{
	if (lx->jail_fd >= 0)
		close(lx->jail_fd);
	lx->jail_fd = -1;
}

/* The guest path of host path hp (absolute), or -1 if it is not inside the jail. */
int k64_linux_jail_guest_path(const struct k64_linux *lx, const char *hp, char *out)
{
	size_t n = strlen(lx->jail);
	if (hp[0] != '/' || strncmp(hp, lx->jail, n) || (hp[n] != '/' && hp[n] != 0))
		return -1;
	snprintf(out, PATH_MAX, "%s", hp[n] ? hp + n : "/");
	return 0;
}

/* The guest path of the directory (or file) behind host descriptor hfd. */
static int64_t fd_guest_path(struct k64_linux *lx, int hfd, char *out)
{
	char link[64], hp[PATH_MAX];
	snprintf(link, sizeof link, "/proc/self/fd/%d", hfd);
	ssize_t n = readlink(link, hp, sizeof hp - 1);
	if (n < 0)
		return KERR(errno);
	hp[n] = 0;
	return k64_linux_jail_guest_path(lx, hp, out) ? KERR(EACCES) : 0;
}

/* (dfd, p) as an absolute guest path in out (PATH_MAX). */
static int64_t absolute(struct k64_linux *lx, int64_t dfd, const char *p, char *out)
{
	if (!*p)
		return KERR(ENOENT);
	if (p[0] == '/') {
		snprintf(out, PATH_MAX, "%s", p);
		return 0;
	}
	char base[PATH_MAX];
	if ((int32_t)dfd == G_AT_FDCWD) {
		snprintf(base, sizeof base, "%s", lx->jail_cwd);
	} else {
		int h = k64_linux_hostfd(lx, (int32_t)dfd);
		if (h < 0)
			return KERR(EBADF);
		int64_t e = fd_guest_path(lx, h, base);
		if (e)
			return e;
	}
	if ((size_t)snprintf(out, PATH_MAX, "%s/%s", base, p) >= PATH_MAX)
		return KERR(ENAMETOOLONG);
	return 0;
}

int k64_linux_jail_open(struct k64_linux *lx, int64_t dfd, const char *p, int flags, unsigned mode)
{
	char abs[PATH_MAX];
	int64_t e = absolute(lx, dfd, p, abs);
	if (e)
		return (int)e;
	/* openat2 refuses a mode without O_CREAT or O_TMPFILE (open(2) ignores it) */
	bool creates = (flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE;
	int fd = openat2_(lx->jail_fd, abs, (uint64_t)flags, creates ? mode & 07777 : 0,
			  RESOLVE_IN_ROOT | RESOLVE_NO_MAGICLINKS);
	if (fd < 0 && errno == EXDEV)
		errno = ENOENT;   /* a magic link refused: as if it were not there */
	return fd < 0 ? (int)KERR(errno) : fd;
}

int k64_linux_jail_parent(struct k64_linux *lx, int64_t dfd, const char *p, char *last)
{
	char abs[PATH_MAX];
	int64_t e = absolute(lx, dfd, p, abs);
	if (e)
		return (int)e;
	size_t n = strlen(abs);
	while (n > 1 && abs[n - 1] == '/')   /* "dir/" names dir */
		abs[--n] = 0;
	char *slash = strrchr(abs, '/');
	const char *name = slash + 1;
	if (!*name || !strcmp(name, ".") || !strcmp(name, ".."))
		name = ".";   /* the root, or a name that is not one: the call fails on the host (EEXIST, EBUSY, ...) */
	if (strlen(name) > NAME_MAX)
		return (int)KERR(ENAMETOOLONG);
	strcpy(last, name);
	if (slash == abs)
		strcpy(abs, "/");
	else
		*slash = 0;
	int fd = openat2_(lx->jail_fd, abs, O_PATH | O_DIRECTORY | O_CLOEXEC, 0, RESOLVE_IN_ROOT | RESOLVE_NO_MAGICLINKS);
	if (fd < 0 && errno == EXDEV)
		errno = ENOENT;
	return fd < 0 ? (int)KERR(errno) : fd;
}

int64_t k64_linux_jail_chdir(struct k64_linux *lx, int hfd)
{
	struct stat st;
	if (fstat(hfd, &st) != 0)
		return KERR(errno);
	if (!S_ISDIR(st.st_mode))
		return KERR(ENOTDIR);
	char link[64], cwd[PATH_MAX];
	snprintf(link, sizeof link, "/proc/self/fd/%d", hfd);
	if (access(link, X_OK) != 0)   /* search permission, as chdir(2) needs */
		return KERR(errno);
	int64_t e = fd_guest_path(lx, hfd, cwd);
	if (e)
		return e;
	memcpy(lx->jail_cwd, cwd, sizeof cwd);
	return 0;
}
