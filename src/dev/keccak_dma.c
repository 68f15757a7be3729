/* keccak-dma: a memory-mapped Keccak-f[1600] engine with its own DMA (issue 11, design 1; the
 * register map of the X-HEEP keccak_dma example, plus SRC_ADDR_HI/DST_ADDR_HI for RV64).
 * doc/keccak-dma.md defines every register and bad use; the code is ours.
 *
 * An operation reads DATA_LEN bytes (1..200) from SRC as the first bytes of the state (the rest
 * zero), applies Keccak-f[1600] (24 rounds) and writes the 200-byte state to DST. The result is
 * computed and written when START is seen; STATUS shows BUSY until the operation's modelled
 * cycles have passed (functional mode: never), then DONE. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "crypto/keccak.h"
#include "dev/bus.h"
#include "mem/ckpt.h"

enum {
	R_SRC = 0x00, R_DST = 0x04, R_LEN = 0x08, R_CTRL = 0x0c, R_STATUS = 0x10, R_LAST_OP = 0x14,
	R_LAST_CORE = 0x18, R_OP_COUNT = 0x1c, R_SRC_HI = 0x40, R_DST_HI = 0x44,
};

struct keccak_dma {
	struct k64_bus *bus;
	uint32_t src, dst, len, src_hi, dst_hi;
	struct k64_dma_ctl c;
};

static void start(struct keccak_dma *k, uint64_t now)
{
	struct k64_bus *b = k->bus;
	uint64_t src = (uint64_t)k->src_hi << 32 | k->src, dst = (uint64_t)k->dst_hi << 32 | k->dst;
	uint64_t s[25] = { 0 };
	if (k->len < 1 || k->len > 200 || (src & 3) || (dst & 3) || !k64_bus_dma_ok(b, src, k->len, false) ||
	    !k64_bus_dma_ok(b, dst, 200, true)) {
		k64_dma_finish(b, &k->c, now, true, 0, 0, 0);
		return;
	}
	k64_bus_dma_read(b, src, s, k->len);   /* little-endian lanes on a little-endian host */
	k64_keccak_p1600(s, 24);
	k64_bus_dma_write(b, dst, s, 200);
	uint64_t engine = k64_bus_engine_cycles(b, 24);
	uint64_t xfer = k64_bus_write_cycles(b, k->len) + k64_bus_write_cycles(b, 200);   /* the beats */
	uint64_t cycles = b->timing.setup + k64_bus_read_cycles(b, k->len) + engine + k64_bus_write_cycles(b, 200) +
			  b->timing.write_latency + b->timing.done;
	k64_dma_finish(b, &k->c, now, false, cycles, engine, xfer);
}

static bool reg_read(void *dev, uint64_t off, unsigned size, uint64_t *val, uint64_t now)
{
	struct keccak_dma *k = dev;
	if (size != 4 || (off & 3))
		return false;
	k64_dma_settle(k->bus, &k->c, now);
	switch (off) {
	case R_SRC: *val = k->src; break;
	case R_DST: *val = k->dst; break;
	case R_LEN: *val = k->len; break;
	case R_CTRL: *val = k->c.ctrl; break;
	case R_STATUS: *val = k64_dma_status(&k->c); break;
	case R_LAST_OP: *val = k->c.last_op; break;
	case R_LAST_CORE: *val = k->c.last_core; break;
	case R_OP_COUNT: *val = k->c.op_count; break;
	case R_SRC_HI: *val = k->src_hi; break;
	case R_DST_HI: *val = k->dst_hi; break;
	default: return false;
	}
	return true;
}

static bool reg_write(void *dev, uint64_t off, unsigned size, uint64_t val, uint64_t now)
{
	struct keccak_dma *k = dev;
	uint32_t v = (uint32_t)val;
	if (size != 4 || (off & 3))
		return false;
	k64_dma_settle(k->bus, &k->c, now);
	switch (off) {
	case R_SRC: k->src = v; break;
	case R_DST: k->dst = v; break;
	case R_LEN: k->len = v; break;
	case R_CTRL:
		if (k64_dma_ctrl_write(&k->c, v))
			start(k, now);
		break;
	case R_STATUS: case R_LAST_OP: case R_LAST_CORE: case R_OP_COUNT:
		break;                               /* read-only: writes are ignored */
	case R_SRC_HI: k->src_hi = v; break;
	case R_DST_HI: k->dst_hi = v; break;
	default: return false;
	}
	return true;
}

static bool irq_line(void *dev, uint64_t now, uint64_t *next)
{
	struct keccak_dma *k = dev;
	return k64_dma_irq(k->bus, &k->c, now, next);
}

/* Checkpoints: the registers and the running operation (dev/bus.h). */
static void save(void *dev, struct k64_ckw *w, uint64_t now)
{
	struct keccak_dma *k = dev;
	uint32_t u[5] = { k->src, k->dst, k->len, k->src_hi, k->dst_hi };
	k64_ckw_put(w, u, sizeof u);
	k64_dma_save(k->bus, &k->c, w, now);
}

static int restore(void *dev, struct k64_ckr *r, uint64_t now, bool apply, char *err, size_t errlen)
{
	struct keccak_dma *k = dev;
	uint32_t u[5];
	k64_ckr_get(r, u, sizeof u);
	if (!k64_dma_restore(k->bus, &k->c, r, now, apply))
		return snprintf(err, errlen, "keccak-dma: the checkpoint's state is not valid"), -1;
	if (apply)
		k->src = u[0], k->dst = u[1], k->len = u[2], k->src_hi = u[3], k->dst_hi = u[4];
	return 0;
}

static const struct k64_bus_ops ops = {
	.read = reg_read, .write = reg_write, .free = free, .irq = irq_line, .save = save, .restore = restore,
};

int k64_keccak_dma_new(struct k64_bus *b, uint64_t base, char *err, size_t errlen)
{
	struct keccak_dma *k = calloc(1, sizeof *k);
	if (!k)
		return snprintf(err, errlen, "out of memory"), -1;
	k->bus = b;
	if (k64_bus_add(b, base, K64_PAGE_SIZE, &ops, k, "keccak-dma", err, errlen))
		return free(k), -1;
	return 0;
}
