/* HTIF, the host-target interface of Spike and riscv-tests. The guest writes a command to the
 * 64-bit word `tohost`: device in bits 63:56, command in bits 55:48, payload in bits 47:0. The
 * host acts on it, clears tohost and, where the device answers, writes the reply to `fromhost`.
 *   device 0 (syscall proxy), command 0: payload bit 0 set = exit with code payload >> 1
 *     (riscv-tests: 0 passes, n is the failing test number); bit 0 clear = the payload is the
 *     address of eight 64-bit words {number, arguments...}: a Linux-numbered system call whose
 *     result replaces word 0, answered with fromhost = 1.
 *   device 1 (console): command 1 writes the payload's low byte to stdout (answered with
 *     0x100 | byte); command 0 reads a byte from stdin (answered with 0x100 | byte).
 * The tohost page is watched (K64_PERM_WATCH), so every guest store to it comes here. */
#include <errno.h>
#include <stdio.h>
#include <unistd.h>
#include "bare/internal.h"

enum { SYS_close = 57, SYS_read = 63, SYS_write = 64, SYS_exit = 93 };

static void respond(struct k64_bare *b, uint64_t dev, uint64_t cmd, uint64_t data)
{
	uint64_t v = dev << 56 | cmd << 48 | (data & ((1ull << 48) - 1));
	if (b->has_fromhost)
		k64_mem_write(b->mem, b->fromhost, &v, 8);
}

static int64_t host_result(ssize_t n)
{
	return n < 0 ? -(int64_t)errno : (int64_t)n;
}

/* The system calls the riscv-tests benchmark library (and similar HTIF libraries) proxy. */
static int64_t proxy_syscall(struct k64_bare *b, struct k64_hart *h, const uint64_t *mm)
{
	switch (mm[0]) {
	case SYS_write: {
		if (mm[1] != 1 && mm[1] != 2)
			return -EBADF;
		size_t len = (size_t)(mm[3] > (1u << 20) ? (1u << 20) : mm[3]);
		const void *p = k64_mem_host(b->mem, mm[2], len, K64_PERM_R);
		if (!p)
			return -EFAULT;
		return host_result(write((int)mm[1], p, len));
	}
	case SYS_read: {
		if (mm[1] != 0)
			return -EBADF;
		size_t len = (size_t)(mm[3] > (1u << 20) ? (1u << 20) : mm[3]);
		void *p = k64_mem_host(b->mem, mm[2], len, K64_PERM_W);
		if (!p)
			return -EFAULT;
		return host_result(read(0, p, len));
	}
	case SYS_close:
		return mm[1] <= 2 ? 0 : -EBADF;
	case SYS_exit:
		k64_bare_exit(b, h, (int)(mm[1] & 0xff));
		return 0;
	default:
		return -ENOSYS;
	}
}

void k64_htif_watch(void *ctx, struct k64_hart *h, uint64_t addr, unsigned size)
{
	struct k64_bare *b = ctx;
	if (!b->has_tohost || h->stopped || addr >= b->tohost + 8 || addr + size <= b->tohost)
		return;
	uint64_t cmd;
	if (k64_mem_read(b->mem, b->tohost, &cmd, 8) || cmd == 0)
		return;
	uint64_t dev = cmd >> 56, op = (cmd >> 48) & 0xff, payload = cmd & ((1ull << 48) - 1);
	uint64_t zero = 0;
	k64_mem_write(b->mem, b->tohost, &zero, 8);

	if (dev == 0 && op == 0 && (payload & 1)) {
		uint64_t code = payload >> 1;
		if (code > 255) {
			fprintf(stderr, "karu64: tohost exit code %llu\n", (unsigned long long)code);
			code = 1;
		}
		k64_bare_exit(b, h, (int)code);
	} else if (dev == 0 && op == 0) {
		uint64_t mm[8];
		if (k64_mem_read(b->mem, payload, mm, sizeof mm)) {
			fprintf(stderr, "karu64: HTIF syscall block at 0x%llx is not readable\n",
				(unsigned long long)payload);
			k64_bare_exit(b, h, 1);
			return;
		}
		int64_t r = proxy_syscall(b, h, mm);
		if (h->stopped)
			return;
		k64_mem_write(b->mem, payload, &r, 8);
		respond(b, 0, 0, 1);
	} else if (dev == 1 && op == 1) {
		uint8_t c = (uint8_t)payload;
		if (write(1, &c, 1) < 0) { /* the guest cannot be told; keep running */ }
		respond(b, 1, 1, 0x100 | c);
	} else if (dev == 1 && op == 0) {
		uint8_t c;
		if (read(0, &c, 1) == 1) /* at end of input no answer comes, as in Spike */
			respond(b, 1, 0, 0x100 | c);
	} else if (!b->warned_htif) {
		b->warned_htif = true;
		fprintf(stderr, "karu64: warning: ignoring HTIF command 0x%016llx\n", (unsigned long long)cmd);
	}
}
