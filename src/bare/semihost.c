/* RISC-V semihosting (riscv-non-isa/riscv-semihosting 1.0): the uncompressed sequence
 *     slli x0, x0, 0x1f; ebreak; srai x0, x0, 7
 * asks the host for the Arm semihosting operation in a0 ("Semihosting for AArch32 and AArch64",
 * version 2.0, chapter 6) with a1 pointing to its parameter block of XLEN-sized (here 8-byte)
 * fields; the result goes to a0. A lone or compressed ebreak is an ordinary breakpoint. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "bare/internal.h"

enum {
	SYS_OPEN = 0x01, SYS_CLOSE = 0x02, SYS_WRITEC = 0x03, SYS_WRITE0 = 0x04, SYS_WRITE = 0x05,
	SYS_READ = 0x06, SYS_READC = 0x07, SYS_ISERROR = 0x08, SYS_ISTTY = 0x09, SYS_SEEK = 0x0a,
	SYS_FLEN = 0x0c, SYS_TMPNAM = 0x0d, SYS_REMOVE = 0x0e, SYS_RENAME = 0x0f, SYS_CLOCK = 0x10,
	SYS_TIME = 0x11, SYS_SYSTEM = 0x12, SYS_ERRNO = 0x13, SYS_GET_CMDLINE = 0x15,
	SYS_HEAPINFO = 0x16, SYS_EXIT = 0x18, SYS_EXIT_EXTENDED = 0x20, SYS_ELAPSED = 0x30,
	SYS_TICKFREQ = 0x31,
};
#define ADP_STOPPED_APPLICATION_EXIT 0x20026

enum { SH_FREE, SH_HOST, SH_FEATURES };

/* The ":semihosting-features" file (6.1.1): magic "SHFB" then one byte of feature bits:
 * SH_EXT_EXIT_EXTENDED (bit 0) and SH_EXT_STDOUT_STDERR (bit 1). */
static const uint8_t features[5] = { 'S', 'H', 'F', 'B', 0x03 };

#define INSN_SLLI_X0 0x01f01013u
#define INSN_EBREAK  0x00100073u
#define INSN_SRAI_X0 0x40705013u
#define STACK_SIZE   (1ull << 20)   /* reported by SYS_HEAPINFO */

void k64_semihost_init(struct k64_bare *b)
{
	for (int i = 0; i < K64_SH_MAX_FILES; i++)
		b->files[i].kind = SH_FREE;
	clock_gettime(CLOCK_MONOTONIC, &b->start);
}

void k64_semihost_close_all(struct k64_bare *b)
{
	for (int i = 0; i < K64_SH_MAX_FILES; i++) {
		if (b->files[i].kind == SH_HOST && b->files[i].own)
			close(b->files[i].fd);
		b->files[i].kind = SH_FREE;
	}
}

/* Reads field i of the parameter block at a1. */
static bool field(struct k64_bare *b, uint64_t blk, unsigned i, uint64_t *v)
{
	return k64_mem_read(b->mem, blk + 8ull * i, v, 8) == 0;
}

static int64_t fail(struct k64_bare *b, int err)
{
	b->sh_errno = err;
	return -1;
}

static struct k64_sh_file *handle(struct k64_bare *b, uint64_t h)
{
	if (h == 0 || h >= K64_SH_MAX_FILES || b->files[h].kind == SH_FREE)
		return NULL;
	return &b->files[h];
}

/* Copies a guest string of len bytes into a new NUL-terminated host string. */
static char *guest_string(struct k64_bare *b, uint64_t addr, uint64_t len)
{
	if (len > 4096)
		return NULL;
	char *s = malloc(len + 1);
	if (!s)
		return NULL;
	if (k64_mem_read(b->mem, addr, s, len)) {
		free(s);
		return NULL;
	}
	s[len] = 0;
	if (strlen(s) != len) { /* embedded NUL */
		free(s);
		return NULL;
	}
	return s;
}

static int64_t sys_open(struct k64_bare *b, uint64_t blk)
{
	uint64_t name_p, mode, len;
	if (!field(b, blk, 0, &name_p) || !field(b, blk, 1, &mode) || !field(b, blk, 2, &len))
		return fail(b, EFAULT);
	if (mode > 11)
		return fail(b, EINVAL);
	char *name = guest_string(b, name_p, len);
	if (!name)
		return fail(b, EFAULT);
	int slot = 1;
	while (slot < K64_SH_MAX_FILES && b->files[slot].kind != SH_FREE)
		slot++;
	if (slot == K64_SH_MAX_FILES) {
		free(name);
		return fail(b, EMFILE);
	}
	struct k64_sh_file *f = &b->files[slot];
	/* Mode is fopen's "r", "rb", "r+", "r+b", "w", ..., "a+b" (6.7, SYS_OPEN). ":tt" is the
	 * console: read modes give stdin, write modes stdout, append modes stderr (6.1.1). */
	if (!strcmp(name, ":tt")) {
		*f = (struct k64_sh_file){ SH_HOST, mode < 4 ? 0 : mode < 8 ? 1 : 2, false, 0 };
	} else if (!strcmp(name, ":semihosting-features")) {
		if (mode >= 4) {
			free(name);
			return fail(b, EACCES);
		}
		*f = (struct k64_sh_file){ SH_FEATURES, -1, false, 0 };
	} else {
		static const int flags[3] = { O_RDONLY, O_WRONLY | O_CREAT | O_TRUNC, O_WRONLY | O_CREAT | O_APPEND };
		int fl = flags[mode / 4];
		if (mode & 2) /* the "+" modes read and write */
			fl = (fl & ~(O_RDONLY | O_WRONLY)) | O_RDWR;
		int fd = open(name, fl | O_CLOEXEC, 0644);
		if (fd < 0) {
			int e = errno;
			free(name);
			return fail(b, e);
		}
		*f = (struct k64_sh_file){ SH_HOST, fd, true, 0 };
	}
	free(name);
	return slot;
}

/* SYS_WRITE/SYS_READ return the number of bytes NOT transferred. */
static int64_t sys_write(struct k64_bare *b, uint64_t blk)
{
	uint64_t hd, buf, len;
	if (!field(b, blk, 0, &hd) || !field(b, blk, 1, &buf) || !field(b, blk, 2, &len))
		return fail(b, EFAULT);
	struct k64_sh_file *f = handle(b, hd);
	if (!f || f->kind != SH_HOST) {
		b->sh_errno = EBADF;
		return (int64_t)len;
	}
	uint64_t done = 0;
	while (done < len) {
		uint64_t n = len - done > 65536 ? 65536 : len - done;
		const void *p = k64_mem_host(b->mem, buf + done, n, K64_PERM_R);
		if (!p) {
			b->sh_errno = EFAULT;
			break;
		}
		ssize_t w = write(f->fd, p, n);
		if (w <= 0) {
			b->sh_errno = w < 0 ? errno : EIO;
			break;
		}
		done += (uint64_t)w;
	}
	return (int64_t)(len - done);
}

static int64_t sys_read(struct k64_bare *b, uint64_t blk)
{
	uint64_t hd, buf, len;
	if (!field(b, blk, 0, &hd) || !field(b, blk, 1, &buf) || !field(b, blk, 2, &len))
		return fail(b, EFAULT);
	struct k64_sh_file *f = handle(b, hd);
	void *p = k64_mem_host(b->mem, buf, len, K64_PERM_W);
	if (!f || !p) {
		b->sh_errno = f ? EFAULT : EBADF;
		return (int64_t)len;
	}
	if (f->kind == SH_FEATURES) {
		uint64_t avail = f->pos < sizeof features ? sizeof features - f->pos : 0;
		uint64_t n = len < avail ? len : avail;
		memcpy(p, features + f->pos, n);
		f->pos += n;
		return (int64_t)(len - n);
	}
	/* One read: a short count from a terminal or pipe is a valid partial result. */
	ssize_t r = read(f->fd, p, len);
	if (r < 0) {
		b->sh_errno = errno;
		return (int64_t)len;
	}
	return (int64_t)(len - (uint64_t)r);
}

static int64_t sys_seek(struct k64_bare *b, uint64_t blk)
{
	uint64_t hd, pos;
	if (!field(b, blk, 0, &hd) || !field(b, blk, 1, &pos))
		return fail(b, EFAULT);
	struct k64_sh_file *f = handle(b, hd);
	if (!f)
		return fail(b, EBADF);
	if (f->kind == SH_FEATURES) {
		if (pos > sizeof features)
			return fail(b, EINVAL);
		f->pos = pos;
		return 0;
	}
	if (lseek(f->fd, (off_t)pos, SEEK_SET) < 0)
		return fail(b, errno);
	return 0;
}

static int64_t sys_flen(struct k64_bare *b, uint64_t blk)
{
	uint64_t hd;
	if (!field(b, blk, 0, &hd))
		return fail(b, EFAULT);
	struct k64_sh_file *f = handle(b, hd);
	if (!f)
		return fail(b, EBADF);
	if (f->kind == SH_FEATURES)
		return sizeof features;
	struct stat st;
	if (fstat(f->fd, &st))
		return fail(b, errno);
	return st.st_size;
}

static int64_t sys_get_cmdline(struct k64_bare *b, uint64_t blk)
{
	uint64_t buf, len;
	if (!field(b, blk, 0, &buf) || !field(b, blk, 1, &len))
		return fail(b, EFAULT);
	uint64_t n = strlen(b->cmdline);
	if (n + 1 > len)
		return fail(b, E2BIG);
	if (k64_mem_write(b->mem, buf, b->cmdline, n + 1) || k64_mem_write(b->mem, blk + 8, &n, 8))
		return fail(b, EFAULT);
	return 0;
}

/* a1 holds the address of a word that points to four words: heap base, heap limit, stack
 * base (top), stack limit. The heap runs from the end of the program to the stack. */
static int64_t sys_heapinfo(struct k64_bare *b, uint64_t a1)
{
	uint64_t blk;
	if (k64_mem_read(b->mem, a1, &blk, 8))
		return fail(b, EFAULT);
	uint64_t top = b->ram_base + b->ram_size;
	uint64_t info[4] = { b->image_end, top - STACK_SIZE, top, top - STACK_SIZE };
	if (info[0] > info[1])
		info[0] = info[1] = 0; /* no room: "unknown" */
	if (k64_mem_write(b->mem, blk, info, sizeof info))
		return fail(b, EFAULT);
	return 0;
}

static int64_t elapsed_ns(struct k64_bare *b, struct k64_hart *h)
{
	if (h->virtual_clock || h->ts)
		return (int64_t)k64_clock_ns(h); /* modelled or instruction time, as core/csr.c */
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (now.tv_sec - b->start.tv_sec) * 1000000000ll + (now.tv_nsec - b->start.tv_nsec);
}

/* SYS_EXIT and SYS_EXIT_EXTENDED: {reason, subcode}; ApplicationExit carries the status. */
static void sys_exit(struct k64_bare *b, struct k64_hart *h, uint64_t blk)
{
	uint64_t reason = 0, sub = 0;
	if (!field(b, blk, 0, &reason) || !field(b, blk, 1, &sub)) {
		fprintf(stderr, "karu64: semihosting exit block at 0x%llx is not readable\n", (unsigned long long)blk);
		k64_bare_exit(b, h, 1);
		return;
	}
	if (reason == ADP_STOPPED_APPLICATION_EXIT) {
		k64_bare_exit(b, h, (int)(sub & 0xff));
	} else {
		fprintf(stderr, "karu64: semihosting exit, reason 0x%llx subcode %lld\n",
			(unsigned long long)reason, (long long)sub);
		k64_bare_exit(b, h, 1);
	}
}

static int64_t semihost_call(struct k64_bare *b, struct k64_hart *h, uint64_t op, uint64_t a1)
{
	uint64_t v;
	switch (op) {
	case SYS_OPEN: return sys_open(b, a1);
	case SYS_CLOSE: {
		if (!field(b, a1, 0, &v))
			return fail(b, EFAULT);
		struct k64_sh_file *f = handle(b, v);
		if (!f)
			return fail(b, EBADF);
		int r = (f->kind == SH_HOST && f->own) ? close(f->fd) : 0;
		f->kind = SH_FREE;
		return r ? fail(b, errno) : 0;
	}
	case SYS_WRITEC: {
		uint8_t c;
		if (k64_mem_read(b->mem, a1, &c, 1))
			return fail(b, EFAULT);
		if (write(1, &c, 1) < 0)
			b->sh_errno = errno;
		return (int64_t)h->x[10]; /* a0 is "corrupted": leave it */
	}
	case SYS_WRITE0:
		for (;;) {
			const char *p = k64_mem_host(b->mem, a1, 1, K64_PERM_R);
			if (!p)
				return fail(b, EFAULT);
			/* write up to the NUL or the end of the page */
			uint64_t room = K64_PAGE_SIZE - (a1 & (K64_PAGE_SIZE - 1));
			const char *z = memchr(p, 0, room);
			uint64_t n = z ? (uint64_t)(z - p) : room;
			if (n && write(1, p, n) < 0)
				b->sh_errno = errno;
			if (z)
				return (int64_t)h->x[10];
			a1 += n;
		}
	case SYS_WRITE: return sys_write(b, a1);
	case SYS_READ: return sys_read(b, a1);
	case SYS_READC: {
		uint8_t c;
		return read(0, &c, 1) == 1 ? c : fail(b, EIO);
	}
	case SYS_ISERROR:
		if (!field(b, a1, 0, &v))
			return fail(b, EFAULT);
		return (int64_t)v < 0;
	case SYS_ISTTY: {
		if (!field(b, a1, 0, &v))
			return fail(b, EFAULT);
		struct k64_sh_file *f = handle(b, v);
		if (!f)
			return fail(b, EBADF);
		return f->kind == SH_HOST && isatty(f->fd);
	}
	case SYS_SEEK: return sys_seek(b, a1);
	case SYS_FLEN: return sys_flen(b, a1);
	case SYS_REMOVE: {
		uint64_t p, n;
		if (!field(b, a1, 0, &p) || !field(b, a1, 1, &n))
			return fail(b, EFAULT);
		char *name = guest_string(b, p, n);
		if (!name)
			return fail(b, EFAULT);
		int r = unlink(name);
		int e = errno;
		free(name);
		return r ? (b->sh_errno = e) : 0;
	}
	case SYS_RENAME: {
		uint64_t p1, n1, p2, n2;
		if (!field(b, a1, 0, &p1) || !field(b, a1, 1, &n1) || !field(b, a1, 2, &p2) || !field(b, a1, 3, &n2))
			return fail(b, EFAULT);
		char *from = guest_string(b, p1, n1), *to = guest_string(b, p2, n2);
		int r = from && to ? rename(from, to) : (errno = EFAULT, -1);
		int e = errno;
		free(from);
		free(to);
		return r ? (b->sh_errno = e) : 0;
	}
	case SYS_CLOCK: return elapsed_ns(b, h) / 10000000; /* centiseconds */
	case SYS_TIME: return (int64_t)time(NULL);
	case SYS_ELAPSED: {
		uint64_t t = (uint64_t)elapsed_ns(b, h);
		return k64_mem_write(b->mem, a1, &t, 8) ? fail(b, EFAULT) : 0;
	}
	case SYS_TICKFREQ: return 1000000000;
	case SYS_ERRNO: return b->sh_errno;
	case SYS_GET_CMDLINE: return sys_get_cmdline(b, a1);
	case SYS_HEAPINFO: return sys_heapinfo(b, a1);
	case SYS_EXIT:
	case SYS_EXIT_EXTENDED:
		sys_exit(b, h, a1);
		return 0;
	case SYS_TMPNAM:
	case SYS_SYSTEM: /* running host commands for the guest is not offered */
	default:
		return fail(b, ENOSYS);
	}
}

bool k64_semihost_trap(void *ctx, struct k64_hart *h, uint64_t cause, uint64_t tval)
{
	(void)tval;
	struct k64_bare *b = ctx;
	if (cause != K64_CAUSE_BREAKPOINT || h->pc < 4)
		return false;
	uint32_t w[3];
	const void *p = k64_mem_host(b->mem, h->pc - 4, sizeof w, K64_PERM_X);
	if (!p)
		return false;
	memcpy(w, p, sizeof w);
	if (w[0] != INSN_SLLI_X0 || w[1] != INSN_EBREAK || w[2] != INSN_SRAI_X0)
		return false;
	int64_t r = semihost_call(b, h, h->x[10], h->x[11]);
	if (!h->stopped)
		h->x[10] = (uint64_t)r;
	h->pc += 4;
	return true;
}
