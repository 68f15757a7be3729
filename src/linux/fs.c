/* File-descriptor system calls. Guest descriptors map to host descriptors through a table,
 * so a guest can never touch the simulator's own files (trace output, ...), and closing
 * guest 0/1/2 leaves the simulator's stdio open. Flag values and structure layouts are the
 * asm-generic ones riscv64 uses (include/uapi/asm-generic/{fcntl,stat}.h); they are
 * translated to the host's explicitly. */
#define _GNU_SOURCE
#include "linux/internal.h"
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#define G_AT_FDCWD (-100)
#define MAX_RW 0x7ffff000ull            /* MAX_RW_COUNT: INT_MAX rounded down to a page */
#define MAX_IOV 1024

/* asm-generic open flags -> host */
static const struct { uint32_t g; int h; } oflags[] = {
	{01, O_WRONLY}, {02, O_RDWR}, {0100, O_CREAT}, {0200, O_EXCL}, {0400, O_NOCTTY},
	{01000, O_TRUNC}, {02000, O_APPEND}, {04000, O_NONBLOCK}, {010000, O_DSYNC},
	{020000, O_ASYNC}, {040000, O_DIRECT}, {0200000, O_DIRECTORY},
	{0400000, O_NOFOLLOW}, {01000000, O_NOATIME}, {02000000, O_CLOEXEC},
	{04000000 | 010000, O_SYNC}, {010000000, O_PATH}, {020000000 | 0200000, O_TMPFILE},
};
#define G_O_LARGEFILE 0100000u   /* always set on 64-bit; the host needs nothing */

static int open_flags_to_host(uint64_t g, bool *bad)
{
	int h = 0;
	uint64_t known = G_O_LARGEFILE | 03;
	for (size_t i = 0; i < sizeof oflags / sizeof oflags[0]; i++) {
		known |= oflags[i].g;
		if ((g & oflags[i].g) == oflags[i].g)
			h |= oflags[i].h;
	}
	if ((g & 03) == 03)
		h |= O_RDWR | O_WRONLY;   /* passed through; the host kernel decides (EINVAL) */
	*bad = (g & ~known) != 0;
	return h;
}

static uint64_t open_flags_to_guest(int h)
{
	uint64_t g = 0;
	for (size_t i = 0; i < sizeof oflags / sizeof oflags[0]; i++)
		if ((h & oflags[i].h) == oflags[i].h)
			g |= oflags[i].g;
	return g | G_O_LARGEFILE;
}

/* ---- descriptor table ------------------------------------------------------------------- */
void k64_linux_fs_init(struct k64_linux *lx)
{
	/* EPIPE must reach the guest as its own SIGPIPE instead of killing the simulator. */
	signal(SIGPIPE, SIG_IGN);
	for (int i = 0; i < K64_LINUX_MAX_FDS; i++)
		lx->fds[i] = -1;
	for (int i = 0; i < 3; i++)
		if (fcntl(i, F_GETFD) >= 0)
			lx->fds[i] = i;
}

void k64_linux_fs_free(struct k64_linux *lx)
{
	for (int i = 0; i < K64_LINUX_MAX_FDS; i++) {
		if (lx->fds[i] > 2)
			close(lx->fds[i]);
		lx->fds[i] = -1;
	}
}

int k64_linux_hostfd(struct k64_linux *lx, int64_t fd)
{
	if (fd < 0 || fd >= K64_LINUX_MAX_FDS)
		return -1;
	return lx->fds[fd];
}

static void host_close(int hfd)
{
	if (hfd > 2)
		close(hfd);
}

/* Installs host descriptor hfd at the lowest free guest number >= min. */
static int64_t install(struct k64_linux *lx, int hfd, int64_t min)
{
	for (int64_t i = min < 0 ? 0 : min; i < K64_LINUX_MAX_FDS; i++)
		if (lx->fds[i] < 0) {
			lx->fds[i] = hfd;
			return i;
		}
	host_close(hfd);
	return KERR(EMFILE);
}

static int dirfd_host(struct k64_linux *lx, int64_t dfd, bool *bad)
{
	*bad = false;
	if ((int32_t)dfd == G_AT_FDCWD)
		return AT_FDCWD;
	int h = k64_linux_hostfd(lx, (int32_t)dfd);
	if (h < 0)
		*bad = true;
	return h;
}

/* A host call's result as a guest result (-errno on failure). */
static int64_t host_ret(int64_t r)
{
	return r < 0 ? KERR(errno) : r;
}
#define RET(x) host_ret((int64_t)(x))

/* ---- paths ------------------------------------------------------------------------------ */
static bool is_self_exe(struct k64_linux *lx, const char *p)
{
	char own[64];
	snprintf(own, sizeof own, "/proc/%d/exe", lx->pid);
	return strcmp(p, "/proc/self/exe") == 0 || strcmp(p, "/proc/thread-self/exe") == 0 ||
	       strcmp(p, own) == 0;
}

/* "maps", "auxv" or "cmdline" if p names that file of this process under /proc, else NULL. */
static const char *proc_self_file(struct k64_linux *lx, const char *p)
{
	char own[32];
	int n = snprintf(own, sizeof own, "/proc/%d/", lx->pid);
	const char *rest = !strncmp(p, "/proc/self/", 11) ? p + 11 :
			   !strncmp(p, "/proc/thread-self/", 18) ? p + 18 :
			   !strncmp(p, own, (size_t)n) ? p + n : NULL;
	if (rest && (!strcmp(rest, "maps") || !strcmp(rest, "auxv") || !strcmp(rest, "cmdline")))
		return rest;
	return NULL;
}

/* The host path for guest path p: /proc/self/exe is the program, /proc/self/fd/N the host
 * descriptor behind guest descriptor N, an absolute path the guest root's file if it has one.
 * Uses buf (PATH_MAX) when rewriting. */
static const char *host_path(struct k64_linux *lx, const char *p, char *buf)
{
	if (is_self_exe(lx, p))
		return lx->exe;
	const char *rest = !strncmp(p, "/proc/self/fd/", 14) ? p + 14 :
			   !strncmp(p, "/proc/thread-self/fd/", 21) ? p + 21 : NULL;
	if (rest && *rest >= '0' && *rest <= '9') {
		char *end;
		long fd = strtol(rest, &end, 10);
		int h = k64_linux_hostfd(lx, fd);
		snprintf(buf, PATH_MAX, "/proc/self/fd/%d%s", h < 0 ? INT_MAX : h, end);
		return buf;
	}
	return k64_linux_root_path(lx, p, buf);
}

/* QEMU's util/path.c: the root's file if it exists (access F_OK), otherwise the host's. */
const char *k64_linux_root_path(const struct k64_linux *lx, const char *p, char *buf)
{
	if (!lx->root[0] || p[0] != '/')
		return p;
	if ((size_t)snprintf(buf, PATH_MAX, "%s%s", lx->root, p) >= PATH_MAX)
		return p;
	return access(buf, F_OK) == 0 ? buf : p;
}

#define GET_PATH(var, addr)                                          \
	char var[PATH_MAX];                                          \
	do {                                                         \
		int64_t e_ = k64_linux_str(lx, (addr), var, sizeof var); \
		if (e_)                                              \
			return e_;                                   \
	} while (0)

#define GET_DIRFD(var, dfd)                                          \
	bool bad_##var;                                              \
	int var = dirfd_host(lx, (dfd), &bad_##var);                 \
	do {                                                         \
		if (bad_##var)                                       \
			return KERR(EBADF);                          \
	} while (0)

static int64_t sys_openat(struct k64_linux *lx, int64_t dfd, uint64_t path, uint64_t flags, uint64_t mode)
{
	GET_PATH(p, path);
	char hp[PATH_MAX];
	GET_DIRFD(hd, dfd);
	bool bad;
	int hf = open_flags_to_host(flags, &bad);
	if (bad)
		return KERR(EINVAL);
	/* The host's /proc/self files would describe the simulator: give the guest's. */
	const char *proc = proc_self_file(lx, p);
	if (proc) {
		int fd;
		if (!strcmp(proc, "maps")) {
			fd = k64_linux_maps_fd(lx);
		} else {
			bool aux = !strcmp(proc, "auxv");
			uint64_t a = aux ? lx->auxv_addr : lx->args_addr, n = aux ? lx->auxv_len : lx->args_len;
			const void *data = k64_linux_rd(lx, a, n);
			fd = data ? k64_linux_memfd(data, n) : (int)KERR(EIO);
		}
		return fd < 0 ? fd : install(lx, fd, 0);
	}
	const char *target = host_path(lx, p, hp);
	int fd = openat(hd, target, hf, (mode_t)(mode & 07777));
	if (fd < 0)
		return KERR(errno);
	return install(lx, fd, 0);
}

static int64_t sys_close(struct k64_linux *lx, int64_t fd)
{
	int h = k64_linux_hostfd(lx, fd);
	if (h < 0)
		return KERR(EBADF);
	lx->fds[fd] = -1;
	host_close(h);
	return 0;
}

static int64_t sys_dup3(struct k64_linux *lx, int64_t old, int64_t new, uint64_t flags, bool dup2)
{
	int h = k64_linux_hostfd(lx, old);
	if (h < 0)
		return KERR(EBADF);
	if (flags & ~(uint64_t)02000000)
		return KERR(EINVAL);
	if (new < 0 || new >= K64_LINUX_MAX_FDS)
		return KERR(EBADF);
	if (old == new)
		return dup2 ? new : KERR(EINVAL);
	int nh = fcntl(h, (flags & 02000000) ? F_DUPFD_CLOEXEC : F_DUPFD, 3);
	if (nh < 0)
		return KERR(errno);
	if (lx->fds[new] >= 0)
		host_close(lx->fds[new]);
	lx->fds[new] = nh;
	return new;
}

/* struct stat of asm-generic/stat.h (riscv64), 128 bytes. */
static void put_stat(uint8_t *o, const struct stat *st)
{
	uint64_t q[16] = { 0 };
	memset(o, 0, 128);
	q[0] = st->st_dev;
	q[1] = st->st_ino;
	memcpy(o, q, 16);
	uint32_t w[4] = { st->st_mode, (uint32_t)st->st_nlink, st->st_uid, st->st_gid };
	memcpy(o + 16, w, 16);
	uint64_t rdev = st->st_rdev, size = (uint64_t)st->st_size;
	memcpy(o + 32, &rdev, 8);
	memcpy(o + 48, &size, 8);
	int32_t blksize = (int32_t)st->st_blksize;
	memcpy(o + 56, &blksize, 4);
	int64_t t[7] = { st->st_blocks, st->st_atim.tv_sec, st->st_atim.tv_nsec, st->st_mtim.tv_sec,
			 st->st_mtim.tv_nsec, st->st_ctim.tv_sec, st->st_ctim.tv_nsec };
	memcpy(o + 64, t, sizeof t);
}

/* AT_* flags are the same generic values on every Linux architecture. */
static int64_t sys_fstatat(struct k64_linux *lx, int64_t dfd, uint64_t path, uint64_t buf, uint64_t flags)
{
	GET_PATH(p, path);
	char hp[PATH_MAX];
	GET_DIRFD(hd, dfd);
	struct stat st;
	const char *target = host_path(lx, p, hp);
	if (fstatat(hd, target, &st, (int)flags) != 0)
		return KERR(errno);
	uint8_t *o = k64_linux_wr(lx, buf, 128);
	if (!o)
		return KERR(EFAULT);
	put_stat(o, &st);
	return 0;
}

static int64_t sys_fstat(struct k64_linux *lx, int64_t fd, uint64_t buf)
{
	int h = k64_linux_hostfd(lx, fd);
	if (h < 0)
		return KERR(EBADF);
	struct stat st;
	if (fstat(h, &st) != 0)
		return KERR(errno);
	uint8_t *o = k64_linux_wr(lx, buf, 128);
	if (!o)
		return KERR(EFAULT);
	put_stat(o, &st);
	return 0;
}

static int64_t sys_statx(struct k64_linux *lx, int64_t dfd, uint64_t path, uint64_t flags,
			 uint64_t mask, uint64_t buf)
{
	GET_PATH(p, path);
	char hp[PATH_MAX];
	GET_DIRFD(hd, dfd);
	/* struct statx is architecture-independent (256 bytes). */
	uint8_t *o = k64_linux_wr(lx, buf, 256);
	if (!o)
		return KERR(EFAULT);
	uint8_t tmp[256];
	const char *target = host_path(lx, p, hp);
	long r = syscall(SYS_statx, hd, target, (int)flags, (unsigned)mask, tmp);
	if (r != 0)
		return KERR(errno);
	memcpy(o, tmp, 256);
	return 0;
}

/* Length of the longest prefix of [addr, addr + len) whose pages all have `need`. */
static uint64_t guest_prefix(struct k64_linux *lx, uint64_t addr, uint64_t len, unsigned need)
{
	if (len == 0 || k64_mem_host(lx->m, addr, len, need))
		return len;
	uint64_t n = 0;
	while (n < len) {
		uint64_t page_end = ((addr + n) | (K64_PAGE_SIZE - 1)) + 1;
		uint64_t step = page_end - (addr + n) < len - n ? page_end - (addr + n) : len - n;
		if (!k64_mem_host(lx->m, addr + n, step, need))
			break;
		n += step;
	}
	return n;
}

/* A transfer's result; writing to a pipe without readers also raises SIGPIPE, as Linux
 * does (the host's SIGPIPE is ignored, see k64_linux_fs_init). */
static int64_t write_result(struct k64_linux *lx, ssize_t r)
{
	if (r < 0 && errno == EPIPE)
		k64_linux_send(lx, 13 /* SIGPIPE */, 0 /* SI_USER */);
	return RET(r);
}

static int64_t sys_rw(struct k64_linux *lx, uint64_t nr, int64_t fd, uint64_t buf, uint64_t len, int64_t off)
{
	int h = k64_linux_hostfd(lx, fd);
	if (h < 0)
		return KERR(EBADF);
	if (len > MAX_RW)
		len = MAX_RW;
	bool write_to_guest = nr == 63 || nr == 67;
	/* Linux transfers up to the first inaccessible byte (a short count), EFAULT if none. */
	uint64_t n = guest_prefix(lx, buf, len, write_to_guest ? K64_PERM_W : K64_PERM_R);
	if (n == 0 && len)
		return KERR(EFAULT);
	len = n;
	void *p = write_to_guest ? k64_linux_wr(lx, buf, len) : (void *)k64_linux_rd(lx, buf, len);
	if (!p)
		return KERR(EFAULT);
	ssize_t r;
	switch (nr) {
	case 63: r = read(h, p, len); break;
	case 64: r = write(h, p, len); break;
	case 67: r = off < 0 ? (errno = EINVAL, -1) : pread(h, p, len, off); break;
	default: r = off < 0 ? (errno = EINVAL, -1) : pwrite(h, p, len, off); break;
	}
	return write_result(lx, r);
}

static int64_t sys_rwv(struct k64_linux *lx, uint64_t nr, int64_t fd, uint64_t iov, int64_t cnt)
{
	int h = k64_linux_hostfd(lx, fd);
	if (h < 0)
		return KERR(EBADF);
	if (cnt < 0 || cnt > MAX_IOV)
		return KERR(EINVAL);
	if (cnt == 0)
		return 0;
	const uint8_t *v = k64_linux_rd(lx, iov, 16 * (uint64_t)cnt);
	if (!v)
		return KERR(EFAULT);
	struct iovec hv[MAX_IOV];
	uint64_t total = 0;
	for (int64_t i = 0; i < cnt; i++) {
		uint64_t base, len;
		memcpy(&base, v + 16 * i, 8);
		memcpy(&len, v + 16 * i + 8, 8);
		if ((int64_t)len < 0 || total + len > MAX_RW)
			return KERR(EINVAL);
		total += len;
		void *p = nr == 65 ? k64_linux_wr(lx, base, len) : (void *)k64_linux_rd(lx, base, len);
		if (!p)
			return KERR(EFAULT);
		hv[i].iov_base = p;
		hv[i].iov_len = len;
	}
	ssize_t r = nr == 65 ? readv(h, hv, (int)cnt) : writev(h, hv, (int)cnt);
	return write_result(lx, r);
}

/* Terminal ioctls: guest request (asm-generic/ioctls.h) -> host request, argument size and
 * direction. The kernel's struct termios (asm-generic/termbits.h: four flag words, c_line,
 * c_cc[19] = 36 bytes) and struct winsize are the same on the host. */
static const struct { uint32_t g; unsigned long h; uint8_t size; bool out; } ioctls[] = {
	{0x5401, TCGETS, 36, true}, {0x5402, TCSETS, 36, false}, {0x5403, TCSETSW, 36, false},
	{0x5404, TCSETSF, 36, false}, {0x540F, TIOCGPGRP, 4, true}, {0x5413, TIOCGWINSZ, 8, true},
	{0x5414, TIOCSWINSZ, 8, false}, {0x541B, FIONREAD, 4, true},
};

static int64_t sys_ioctl(struct k64_linux *lx, int64_t fd, uint64_t req, uint64_t arg)
{
	int h = k64_linux_hostfd(lx, fd);
	if (h < 0)
		return KERR(EBADF);
	for (size_t i = 0; i < sizeof ioctls / sizeof ioctls[0]; i++) {
		if (ioctls[i].g != (uint32_t)req)
			continue;
		uint8_t buf[64] = { 0 };
		unsigned n = ioctls[i].size;
		if (!ioctls[i].out) {
			const void *p = k64_linux_rd(lx, arg, n);
			if (!p)
				return KERR(EFAULT);
			memcpy(buf, p, n);
		}
		if (ioctl(h, ioctls[i].h, buf) != 0)
			return KERR(errno);
		if (ioctls[i].out) {
			uint8_t *o = k64_linux_wr(lx, arg, n);
			if (!o)
				return KERR(EFAULT);
			memcpy(o, buf, n);
		}
		return 0;
	}
	return KERR(ENOTTY);
}

static int64_t sys_fcntl(struct k64_linux *lx, int64_t fd, int64_t cmd, uint64_t arg)
{
	int h = k64_linux_hostfd(lx, fd);
	if (h < 0)
		return KERR(EBADF);
	switch ((int32_t)cmd) {
	case 0: case 1030: { /* F_DUPFD, F_DUPFD_CLOEXEC */
		if ((int64_t)arg < 0 || (int64_t)arg >= K64_LINUX_MAX_FDS)
			return KERR(EINVAL);
		int nh = fcntl(h, (int32_t)cmd == 0 ? F_DUPFD : F_DUPFD_CLOEXEC, 3);
		if (nh < 0)
			return KERR(errno);
		return install(lx, nh, (int64_t)arg);
	}
	case 1: /* F_GETFD */
		return RET(fcntl(h, F_GETFD));
	case 2: /* F_SETFD */
		return RET(fcntl(h, F_SETFD, (int)(arg & FD_CLOEXEC)));
	case 3: { /* F_GETFL */
		int r = fcntl(h, F_GETFL);
		return r < 0 ? KERR(errno) : (int64_t)open_flags_to_guest(r);
	}
	case 4: { /* F_SETFL */
		bool bad;
		int hf = open_flags_to_host(arg, &bad);
		return RET(fcntl(h, F_SETFL, hf));
	}
	case 5: case 6: case 7: { /* F_GETLK, F_SETLK, F_SETLKW: struct flock is 32 bytes */
		struct flock fl;
		uint8_t *p = k64_linux_wr(lx, arg, 32);
		if (!p)
			return KERR(EFAULT);
		int16_t type, whence;
		int64_t start, len;
		int32_t pid;
		memcpy(&type, p, 2);
		memcpy(&whence, p + 2, 2);
		memcpy(&start, p + 8, 8);
		memcpy(&len, p + 16, 8);
		memcpy(&pid, p + 24, 4);
		memset(&fl, 0, sizeof fl);
		fl.l_type = type;
		fl.l_whence = whence;
		fl.l_start = start;
		fl.l_len = len;
		fl.l_pid = pid;
		int c = (int32_t)cmd == 5 ? F_GETLK : (int32_t)cmd == 6 ? F_SETLK : F_SETLKW;
		if (fcntl(h, c, &fl) != 0)
			return KERR(errno);
		type = fl.l_type;
		whence = fl.l_whence;
		start = fl.l_start;
		len = fl.l_len;
		pid = fl.l_pid;
		memcpy(p, &type, 2);
		memcpy(p + 2, &whence, 2);
		memcpy(p + 8, &start, 8);
		memcpy(p + 16, &len, 8);
		memcpy(p + 24, &pid, 4);
		return 0;
	}
	case 1032: /* F_GETPIPE_SZ */
		return RET(fcntl(h, F_GETPIPE_SZ));
	case 1031: /* F_SETPIPE_SZ */
		return RET(fcntl(h, F_SETPIPE_SZ, (int)arg));
	}
	return KERR(EINVAL);
}

/* readlink's result: the first min(n, size) bytes of tmp to the guest's buf, no terminator. */
static int64_t readlink_out(struct k64_linux *lx, uint64_t buf, int64_t size, const char *tmp, ssize_t n)
{
	if (n > (int32_t)size)
		n = (int32_t)size;
	uint8_t *o = k64_linux_wr(lx, buf, (uint64_t)n);
	if (!o)
		return KERR(EFAULT);
	memcpy(o, tmp, (size_t)n);
	return n;
}

static int64_t sys_readlinkat(struct k64_linux *lx, int64_t dfd, uint64_t path, uint64_t buf, int64_t size)
{
	GET_PATH(p, path);
	char hp[PATH_MAX];
	GET_DIRFD(hd, dfd);
	if ((int32_t)size <= 0)
		return KERR(EINVAL);
	char tmp[PATH_MAX];
	ssize_t n;
	if (is_self_exe(lx, p)) {
		n = (ssize_t)strlen(lx->exe);
		memcpy(tmp, lx->exe, (size_t)n);
	} else if ((n = readlinkat(hd, host_path(lx, p, hp), tmp, sizeof tmp)) < 0) {
		return KERR(errno);
	}
	return readlink_out(lx, buf, size, tmp, n);
}

static int64_t sys_getcwd(struct k64_linux *lx, uint64_t buf, uint64_t size)
{
	char tmp[PATH_MAX];
	if (!getcwd(tmp, sizeof tmp))
		return KERR(errno);
	uint64_t n = strlen(tmp) + 1;
	if (n > size)
		return KERR(ERANGE);
	uint8_t *o = k64_linux_wr(lx, buf, n);
	if (!o)
		return KERR(EFAULT);
	memcpy(o, tmp, n);
	return (int64_t)n;
}

static int64_t sys_pipe2(struct k64_linux *lx, uint64_t fds, uint64_t flags)
{
	if (flags & ~(uint64_t)(02000000 | 04000 | 040000))
		return KERR(EINVAL);
	uint8_t *o = k64_linux_wr(lx, fds, 8);
	if (!o)
		return KERR(EFAULT);
	bool bad;
	int p[2];
	if (pipe2(p, open_flags_to_host(flags, &bad)) != 0)
		return KERR(errno);
	int64_t a = install(lx, p[0], 0);
	if (a < 0) {
		close(p[1]);
		return a;
	}
	int64_t b = install(lx, p[1], 0);
	if (b < 0) {
		sys_close(lx, a);
		return b;
	}
	int32_t g[2] = { (int32_t)a, (int32_t)b };
	memcpy(o, g, 8);
	return 0;
}

static int64_t sys_getdents64(struct k64_linux *lx, int64_t fd, uint64_t buf, uint64_t count)
{
	int h = k64_linux_hostfd(lx, fd);
	if (h < 0)
		return KERR(EBADF);
	if (count > MAX_RW)
		count = MAX_RW;
	/* struct linux_dirent64 has one layout on every architecture. */
	void *o = k64_linux_wr(lx, buf, count);
	if (!o)
		return KERR(EFAULT);
	return RET(syscall(SYS_getdents64, h, o, (size_t)count));
}

static int64_t sys_utimensat(struct k64_linux *lx, int64_t dfd, uint64_t path, uint64_t times, uint64_t flags)
{
	GET_DIRFD(hd, dfd);
	struct timespec ts[2];
	if (times) {
		const void *p = k64_linux_rd(lx, times, sizeof ts);
		if (!p)
			return KERR(EFAULT);
		memcpy(ts, p, sizeof ts);   /* two {int64 sec, int64 nsec} on both sides */
	}
	if (!path)
		return RET(syscall(SYS_utimensat, hd, NULL, times ? ts : NULL, (int)flags));
	GET_PATH(p, path);
	char hp[PATH_MAX];
	return RET(utimensat(hd, host_path(lx, p, hp), times ? ts : NULL, (int)flags));
}

/* ppoll: struct pollfd {int fd; short events, revents;} as on the host, with fds translated.
 * The signal mask argument is ignored: no signal can arrive while the host waits. */
static int64_t sys_ppoll(struct k64_linux *lx, uint64_t ufds, uint64_t nfds, uint64_t tmo)
{
	if (nfds > K64_LINUX_MAX_FDS)
		return KERR(EINVAL);
	uint8_t *g = k64_linux_wr(lx, ufds, 8 * nfds);
	if (!g && nfds)
		return KERR(EFAULT);
	struct pollfd hp[K64_LINUX_MAX_FDS];
	for (uint64_t i = 0; i < nfds; i++) {
		int32_t fd;
		int16_t ev;
		memcpy(&fd, g + 8 * i, 4);
		memcpy(&ev, g + 8 * i + 4, 2);
		/* A negative fd is skipped; an unknown one reports POLLNVAL, as Linux does. */
		hp[i].fd = fd < 0 ? -1 : k64_linux_hostfd(lx, fd) >= 0 ? k64_linux_hostfd(lx, fd) : INT_MAX;
		hp[i].events = ev;
		hp[i].revents = 0;
	}
	struct timespec ts, *tp = NULL;
	if (tmo) {
		const void *p = k64_linux_rd(lx, tmo, sizeof ts);
		if (!p)
			return KERR(EFAULT);
		memcpy(&ts, p, sizeof ts);
		tp = &ts;
	}
	int r = ppoll(hp, (nfds_t)nfds, tp, NULL);
	if (r < 0)
		return KERR(errno);
	for (uint64_t i = 0; i < nfds; i++) {
		int16_t rev = hp[i].fd == INT_MAX ? POLLNVAL : hp[i].revents;
		memcpy(g + 8 * i + 6, &rev, 2);
	}
	return r;
}

/* ---- the path calls inside the jail (--jail, jail.c) --------------------------------------- */
/* Rewrites /proc/self/fd/N (a guest descriptor) to the guest path of its file, which must lie
 * in the jail (the host's /proc would reopen anything: the terminal, a file the shell opened).
 * Returns p, buf holding the rewrite, or NULL with *e set. */
static const char *jail_special(struct k64_linux *lx, const char *p, char *buf, int64_t *e)
{
	const char *rest = !strncmp(p, "/proc/self/fd/", 14) ? p + 14 :
			   !strncmp(p, "/proc/thread-self/fd/", 21) ? p + 21 : NULL;
	if (!rest || *rest < '0' || *rest > '9')
		return p;
	char *end;
	long fd = strtol(rest, &end, 10);
	int h = k64_linux_hostfd(lx, fd);
	char link[64], hp[PATH_MAX];
	snprintf(link, sizeof link, "/proc/self/fd/%d", h);
	ssize_t n = h < 0 ? -1 : readlink(link, hp, sizeof hp - 1);
	if (n < 0) {
		*e = KERR(ENOENT);
		return NULL;
	}
	hp[n] = 0;
	char gp[PATH_MAX];
	if (k64_linux_jail_guest_path(lx, hp, gp) ||
	    (size_t)snprintf(buf, PATH_MAX, "%s%s", gp, end) >= PATH_MAX) {
		*e = KERR(EACCES);
		return NULL;
	}
	return buf;
}

/* An O_PATH handle on the file (dfd, p) names, following a final symbolic link unless nofollow. */
static int jail_handle(struct k64_linux *lx, int64_t dfd, const char *p, bool nofollow)
{
	char buf[PATH_MAX];
	int64_t e = 0;
	const char *q = jail_special(lx, p, buf, &e);
	if (!q)
		return (int)e;
	return k64_linux_jail_open(lx, dfd, q, O_PATH | O_CLOEXEC | (nofollow ? O_NOFOLLOW : 0), 0);
}

static int jail_parent(struct k64_linux *lx, int64_t dfd, const char *p, char *last)
{
	char buf[PATH_MAX];
	int64_t e = 0;
	const char *q = jail_special(lx, p, buf, &e);
	return q ? k64_linux_jail_parent(lx, dfd, q, last) : (int)e;
}

static void proc_fd_path(char *link, int fd)
{
	snprintf(link, 64, "/proc/self/fd/%d", fd);
}

static int64_t jail_openat(struct k64_linux *lx, int64_t dfd, const char *p, int hf, uint64_t mode)
{
	bool rdonly = (hf & O_ACCMODE) == O_RDONLY && !(hf & (O_CREAT | O_TRUNC));
	int fd;
	if (is_self_exe(lx, p)) {   /* the program, which may live outside the jail: read only */
		if (!rdonly)
			return KERR(EACCES);
		fd = open(lx->exe, hf);
		return fd < 0 ? KERR(errno) : install(lx, fd, 0);
	}
	/* -L: the guest root's files (libraries) are read from there first, read only */
	if (rdonly && lx->root[0] && p[0] == '/') {
		char buf[PATH_MAX];
		const char *hp = k64_linux_root_path(lx, p, buf);
		if (hp != p && (fd = open(hp, hf)) >= 0)
			return install(lx, fd, 0);
	}
	char buf[PATH_MAX];
	int64_t e = 0;
	const char *q = jail_special(lx, p, buf, &e);
	if (!q)
		return e;
	fd = k64_linux_jail_open(lx, dfd, q, hf, (unsigned)mode);
	return fd < 0 ? fd : install(lx, fd, 0);
}

static int64_t jail_readlinkat(struct k64_linux *lx, int64_t dfd, const char *p, uint64_t buf, int64_t size)
{
	if ((int32_t)size <= 0)
		return KERR(EINVAL);
	char tmp[PATH_MAX], last[NAME_MAX + 1];
	ssize_t n;
	const char *rest = !strncmp(p, "/proc/self/fd/", 14) ? p + 14 :
			   !strncmp(p, "/proc/thread-self/fd/", 21) ? p + 21 : NULL;
	if (is_self_exe(lx, p)) {
		if (k64_linux_jail_guest_path(lx, lx->exe, tmp))
			snprintf(tmp, sizeof tmp, "%s", lx->exe);
		n = (ssize_t)strlen(tmp);
	} else if (rest && *rest >= '0' && *rest <= '9' && !strchr(rest, '/')) {
		/* the guest path of a descriptor's file; pipes and sockets as the host names them */
		char link[64], hp[PATH_MAX];
		int h = k64_linux_hostfd(lx, strtol(rest, NULL, 10));
		if (h < 0)
			return KERR(ENOENT);
		proc_fd_path(link, h);
		if ((n = readlink(link, hp, sizeof hp - 1)) < 0)
			return KERR(errno);
		hp[n] = 0;
		if (k64_linux_jail_guest_path(lx, hp, tmp))
			snprintf(tmp, sizeof tmp, "%s", hp);
		n = (ssize_t)strlen(tmp);
	} else {
		int pd = jail_parent(lx, dfd, p, last);
		if (pd < 0)
			return pd;
		n = readlinkat(pd, last, tmp, sizeof tmp);
		int e = errno;
		close(pd);
		if (n < 0)
			return KERR(e);
	}
	return readlink_out(lx, buf, size, tmp, n);
}

/* The calls on a name: mkdirat, unlinkat, symlinkat (the link; its target is only text,
 * resolved in the jail when followed), linkat, renameat2. */
static int64_t jail_name_call(struct k64_linux *lx, uint64_t nr, const uint64_t *a)
{
	char l1[NAME_MAX + 1], l2[NAME_MAX + 1];
	int p1 = -1, p2 = -1;
	int64_t r;
	switch (nr) {
	case 34: case 35: {
		GET_PATH(p, a[1]);
		if ((p1 = jail_parent(lx, a[0], p, l1)) < 0)
			return p1;
		r = RET(nr == 34 ? mkdirat(p1, l1, (mode_t)a[2]) : unlinkat(p1, l1, (int)a[2]));
		break;
	}
	case 36: {
		GET_PATH(t, a[0]);
		GET_PATH(p, a[2]);
		if ((p1 = jail_parent(lx, a[1], p, l1)) < 0)
			return p1;
		r = RET(symlinkat(t, p1, l1));
		break;
	}
	case 37: {
		GET_PATH(o, a[1]);
		GET_PATH(n, a[3]);
		int flags = (int)a[4];
		if (flags & ~(AT_SYMLINK_FOLLOW | AT_EMPTY_PATH))
			return KERR(EINVAL);
		if (flags & AT_EMPTY_PATH)   /* a link to a descriptor's file, which may be outside */
			return KERR(EPERM);
		if ((p2 = jail_parent(lx, a[2], n, l2)) < 0)
			return p2;
		if (flags & AT_SYMLINK_FOLLOW) {
			char link[64];
			if ((p1 = jail_handle(lx, a[0], o, false)) < 0) {
				close(p2);
				return p1;
			}
			proc_fd_path(link, p1);
			r = RET(linkat(AT_FDCWD, link, p2, l2, AT_SYMLINK_FOLLOW));
		} else {
			if ((p1 = jail_parent(lx, a[0], o, l1)) < 0) {
				close(p2);
				return p1;
			}
			r = RET(linkat(p1, l1, p2, l2, 0));
		}
		break;
	}
	default: { /* 276: renameat2 */
		GET_PATH(o, a[1]);
		GET_PATH(n, a[3]);
		if ((p1 = jail_parent(lx, a[0], o, l1)) < 0)
			return p1;
		if ((p2 = jail_parent(lx, a[2], n, l2)) < 0) {
			close(p1);
			return p2;
		}
		r = RET(renameat2(p1, l1, p2, l2, (unsigned)a[4]));
		break;
	}
	}
	if (p1 >= 0)
		close(p1);
	if (p2 >= 0)
		close(p2);
	return r;
}

#define JAIL_FD_CALL INT64_MIN   /* "" with AT_EMPTY_PATH: the call is on the descriptor alone */

/* The calls on a file: through an O_PATH handle (or /proc/self/fd/N of it, which reaches the
 * file itself and nothing else). */
static int64_t jail_file_call(struct k64_linux *lx, uint64_t nr, const uint64_t *a)
{
	int64_t dfd = nr == 43 || nr == 45 || nr == 49 ? G_AT_FDCWD : (int64_t)a[0];
	uint64_t path = nr == 43 || nr == 45 || nr == 49 ? a[0] : a[1];
	int flags = nr == 79 ? (int)a[3] : nr == 291 || nr == 439 ? (int)a[nr == 291 ? 2 : 3] : 0;
	if (nr == 88)
		flags = (int)a[3];
	GET_PATH(p, path);
	if (!*p && (flags & AT_EMPTY_PATH)) {
		if ((int32_t)dfd != G_AT_FDCWD)
			return JAIL_FD_CALL;
		strcpy(p, ".");   /* the working directory: the guest's, not the host's */
	}
	if (nr == 45) {   /* truncate: the file opened for writing */
		int h = k64_linux_jail_open(lx, dfd, p, O_WRONLY | O_CLOEXEC, 0);
		if (h < 0)
			return h;
		int64_t r = RET(ftruncate(h, (off_t)a[1]));
		close(h);
		return r;
	}
	int h = jail_handle(lx, dfd, p, flags & AT_SYMLINK_NOFOLLOW);
	if (h < 0)
		return h;
	char link[64];
	proc_fd_path(link, h);
	int64_t r;
	switch (nr) {
	case 43: { /* statfs */
		struct statfs sf;
		if (fstatfs(h, &sf) != 0) {
			r = KERR(errno);
			break;
		}
		uint8_t *o = k64_linux_wr(lx, a[1], sizeof sf);
		r = o ? (memcpy(o, &sf, sizeof sf), 0) : KERR(EFAULT);
		break;
	}
	case 48: case 439:
		r = RET(faccessat(AT_FDCWD, link, (int)a[2], flags & AT_EACCESS));
		break;
	case 49: r = k64_linux_jail_chdir(lx, h); break;
	case 53: r = RET(fchmodat(AT_FDCWD, link, (mode_t)a[2], 0)); break;
	case 79: {
		struct stat st;
		if (fstatat(h, "", &st, AT_EMPTY_PATH) != 0) {
			r = KERR(errno);
			break;
		}
		uint8_t *o = k64_linux_wr(lx, a[2], 128);
		r = o ? (put_stat(o, &st), 0) : KERR(EFAULT);
		break;
	}
	case 88: {
		struct timespec ts[2];
		const void *t = a[2] ? k64_linux_rd(lx, a[2], sizeof ts) : NULL;
		if (a[2] && !t) {
			r = KERR(EFAULT);
			break;
		}
		if (t)
			memcpy(ts, t, sizeof ts);
		r = RET(utimensat(AT_FDCWD, link, t ? ts : NULL, 0));
		break;
	}
	default: { /* 291: statx */
		uint8_t *o = k64_linux_wr(lx, a[4], 256);
		uint8_t tmp[256];
		int sync = flags & AT_STATX_SYNC_TYPE;
		if (!o)
			r = KERR(EFAULT);
		else if (syscall(SYS_statx, h, "", AT_EMPTY_PATH | sync, (unsigned)a[3], tmp) != 0)
			r = KERR(errno);
		else
			r = (memcpy(o, tmp, 256), 0);
		break;
	}
	}
	close(h);
	return r;
}

/* The jail's version of a path call, or *handled = false for the calls that name no path. */
static int64_t jail_sys(struct k64_linux *lx, uint64_t nr, const uint64_t *a, bool *handled)
{
	*handled = true;
	switch (nr) {
	case 17: { /* getcwd: the guest path */
		uint64_t n = strlen(lx->jail_cwd) + 1;
		if (n > a[1])
			return KERR(ERANGE);
		uint8_t *o = k64_linux_wr(lx, a[0], n);
		if (!o)
			return KERR(EFAULT);
		memcpy(o, lx->jail_cwd, n);
		return (int64_t)n;
	}
	case 50: { /* fchdir */
		int h = k64_linux_hostfd(lx, (int32_t)a[0]);
		return h < 0 ? KERR(EBADF) : k64_linux_jail_chdir(lx, h);
	}
	case 34: case 35: case 36: case 37: case 276:
		return jail_name_call(lx, nr, a);
	case 43: case 45: case 48: case 439: case 49: case 53: case 79: case 88: case 291: {
		if (nr == 88 && !a[1])
			break;   /* utimensat(fd, NULL): the descriptor's file */
		int64_t r = jail_file_call(lx, nr, a);
		if (r == JAIL_FD_CALL)
			break;   /* AT_EMPTY_PATH: the descriptor's file, below */
		return r;
	}
	case 56: {
		GET_PATH(p, a[1]);
		bool bad;
		int hf = open_flags_to_host(a[2], &bad);
		if (bad)
			return KERR(EINVAL);
		if (proc_self_file(lx, p))
			break;   /* /proc/self/maps, auxv, cmdline: made up, below */
		return jail_openat(lx, a[0], p, hf, a[3]);
	}
	case 78: {
		GET_PATH(p, a[1]);
		if (!*p)
			break;
		return jail_readlinkat(lx, a[0], p, a[2], (int64_t)a[3]);
	}
	}
	*handled = false;
	return 0;
}

int64_t k64_linux_sys_fs(struct k64_linux *lx, uint64_t nr, const uint64_t *a, bool *handled)
{
	*handled = true;
	int64_t fd = (int32_t)a[0];
	if (lx->jail_fd >= 0) {
		int64_t r = jail_sys(lx, nr, a, handled);
		if (*handled)
			return r;
		*handled = true;
	}
	switch (nr) {
	case 17: return sys_getcwd(lx, a[0], a[1]);
	case 23: { /* dup */
		int h = k64_linux_hostfd(lx, fd);
		if (h < 0)
			return KERR(EBADF);
		int nh = fcntl(h, F_DUPFD, 3);
		return nh < 0 ? KERR(errno) : install(lx, nh, 0);
	}
	case 24: return sys_dup3(lx, fd, (int32_t)a[1], a[2], false);
	case 25: return sys_fcntl(lx, fd, (int32_t)a[1], a[2]);
	case 29: return sys_ioctl(lx, fd, a[1], a[2]);
	case 34: { GET_PATH(p, a[1]); GET_DIRFD(hd, a[0]); return RET(mkdirat(hd, p, (mode_t)a[2])); }
	case 35: { GET_PATH(p, a[1]); GET_DIRFD(hd, a[0]); return RET(unlinkat(hd, p, (int)a[2])); }
	case 36: { /* symlinkat */
		GET_PATH(t, a[0]);
		GET_PATH(p, a[2]);
		GET_DIRFD(hd, a[1]);
		return RET(symlinkat(t, hd, p));
	}
	case 37: { /* linkat */
		GET_PATH(o, a[1]);
		GET_PATH(n, a[3]);
		GET_DIRFD(od, a[0]);
		GET_DIRFD(nd, a[2]);
		return RET(linkat(od, o, nd, n, (int)a[4]));
	}
	case 45: { /* truncate */
		GET_PATH(p, a[0]);
		char hp[PATH_MAX];
		return RET(truncate(host_path(lx, p, hp), (off_t)a[1]));
	}
	case 46: { /* ftruncate */
		int h = k64_linux_hostfd(lx, fd);
		return h < 0 ? KERR(EBADF) : RET(ftruncate(h, (off_t)a[1]));
	}
	case 48: case 439: { /* faccessat, faccessat2 */
		GET_PATH(p, a[1]);
		char hp[PATH_MAX];
		GET_DIRFD(hd, a[0]);
		int flags = nr == 439 ? (int)a[3] : 0;
		return RET(faccessat(hd, host_path(lx, p, hp), (int)a[2], flags));
	}
	case 49: { GET_PATH(p, a[0]); return RET(chdir(p)); }
	case 50: { /* fchdir */
		int h = k64_linux_hostfd(lx, fd);
		return h < 0 ? KERR(EBADF) : RET(fchdir(h));
	}
	case 52: { /* fchmod */
		int h = k64_linux_hostfd(lx, fd);
		return h < 0 ? KERR(EBADF) : RET(fchmod(h, (mode_t)a[1]));
	}
	case 53: { GET_PATH(p, a[1]); GET_DIRFD(hd, a[0]); return RET(fchmodat(hd, p, (mode_t)a[2], 0)); }
	case 56: return sys_openat(lx, a[0], a[1], a[2], a[3]);
	case 57: return sys_close(lx, fd);
	case 59: return sys_pipe2(lx, a[0], a[1]);
	case 61: return sys_getdents64(lx, fd, a[1], a[2]);
	case 62: { /* lseek */
		int h = k64_linux_hostfd(lx, fd);
		if (h < 0)
			return KERR(EBADF);
		off_t r = lseek(h, (off_t)a[1], (int)a[2]);
		return r < 0 ? KERR(errno) : (int64_t)r;
	}
	case 63: case 64: return sys_rw(lx, nr, fd, a[1], a[2], 0);
	case 65: case 66: return sys_rwv(lx, nr, fd, a[1], (int64_t)a[2]);
	case 67: case 68: return sys_rw(lx, nr, fd, a[1], a[2], (int64_t)a[3]);
	case 78: return sys_readlinkat(lx, a[0], a[1], a[2], (int64_t)a[3]);
	case 79: return sys_fstatat(lx, a[0], a[1], a[2], a[3]);
	case 80: return sys_fstat(lx, fd, a[1]);
	case 81: sync(); return 0;
	case 82: case 83: { /* fsync, fdatasync */
		int h = k64_linux_hostfd(lx, fd);
		return h < 0 ? KERR(EBADF) : RET(nr == 82 ? fsync(h) : fdatasync(h));
	}
	case 88: return sys_utimensat(lx, a[0], a[1], a[2], a[3]);
	case 43: case 44: { /* statfs, fstatfs: 120-byte generic 64-bit struct statfs */
		struct statfs sf;
		int r;
		if (nr == 43) {
			GET_PATH(p, a[0]);
			char hp[PATH_MAX];
			r = statfs(host_path(lx, p, hp), &sf);
		} else {
			int h = k64_linux_hostfd(lx, fd);
			if (h < 0)
				return KERR(EBADF);
			r = fstatfs(h, &sf);
		}
		if (r != 0)
			return KERR(errno);
		uint8_t *o = k64_linux_wr(lx, a[1], sizeof sf);
		if (!o)
			return KERR(EFAULT);
		memcpy(o, &sf, sizeof sf);
		return 0;
	}
	case 73: return sys_ppoll(lx, a[0], a[1], a[2]);
	case 166: return (int64_t)umask((mode_t)(a[0] & 0777));
	case 223: /* fadvise64 */
		return k64_linux_hostfd(lx, fd) < 0 ? KERR(EBADF) : 0;
	case 436: { /* close_range(first, last, flags) */
		if (a[2] & ~(uint64_t)6 || a[0] > a[1])
			return KERR(EINVAL);
		for (uint64_t i = a[0]; i <= a[1] && i < K64_LINUX_MAX_FDS; i++)
			if (lx->fds[i] >= 0) {
				if (a[2] & 4) /* CLOSE_RANGE_CLOEXEC */
					fcntl(lx->fds[i], F_SETFD, FD_CLOEXEC);
				else
					sys_close(lx, (int64_t)i);
			}
		return 0;
	}
	case 276: { /* renameat2 */
		GET_PATH(o, a[1]);
		GET_PATH(n, a[3]);
		GET_DIRFD(od, a[0]);
		GET_DIRFD(nd, a[2]);
		return RET(renameat2(od, o, nd, n, (unsigned)a[4]));
	}
	case 291: return sys_statx(lx, a[0], a[1], a[2], a[3], a[4]);
	}
	*handled = false;
	return 0;
}
