/* keccak-sponge-dma: a one-shot SHAKE256-rate sponge with its own DMA (issue 11, design 1; the
 * register map of the X-HEEP keccak_sponge_dma example, plus SRC_HI/DST_HI for RV64).
 * doc/keccak-dma.md defines every register and bad use; the code is ours.
 *
 * An operation absorbs DATA_LEN bytes from SRC in 136-byte blocks (FIPS 202 §4, r = 1088),
 * pads the last block with the DOMAIN byte and 0x80 (0x1f: SHAKE256, 0x06: SHA3-256), squeezes
 * OUT_LEN bytes to DST; the state never leaves the device. SRC and DST must be 4-byte aligned;
 * the last word of each transfer is partial when a length is not a multiple of 4 (byte
 * strobes). Like keccak-dma, the result is written at START and STATUS shows BUSY for the
 * operation's modelled cycles. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "crypto/keccak.h"
#include "dev/bus.h"
#include "mem/ckpt.h"

#define RATE 136

enum {
	R_SRC = 0x00, R_DST = 0x04, R_LEN = 0x08, R_OUT_LEN = 0x0c, R_DOMAIN = 0x10, R_CTRL = 0x14,
	R_STATUS = 0x18, R_LAST_OP = 0x1c, R_LAST_CORE = 0x20, R_OP_COUNT = 0x24, R_LAST_PERMS = 0x28,
	R_SRC_HI = 0x40, R_DST_HI = 0x44,
};

struct sponge_dma {
	struct k64_bus *bus;
	uint32_t src, dst, len, out_len, domain, src_hi, dst_hi;
	struct k64_dma_ctl c;
	uint32_t last_perms;
};

static void xor_bytes(uint64_t s[25], const uint8_t *p, unsigned n)
{
	uint8_t *b = (uint8_t *)s;   /* little-endian lanes on a little-endian host */
	for (unsigned i = 0; i < n; i++)
		b[i] ^= p[i];
}

static void start(struct sponge_dma *k, uint64_t now)
{
	struct k64_bus *b = k->bus;
	uint64_t src = (uint64_t)k->src_hi << 32 | k->src, dst = (uint64_t)k->dst_hi << 32 | k->dst;
	if ((src & 3) || (dst & 3) || !k64_bus_dma_ok(b, src, k->len, false) || !k64_bus_dma_ok(b, dst, k->out_len, true)) {
		k64_dma_finish(b, &k->c, now, true, 0, 0, 0);
		return;
	}
	uint64_t s[25] = { 0 }, engine = k64_bus_engine_cycles(b, 24), perms = 0;
	uint64_t cycles = b->timing.setup;
	uint8_t blk[RATE];
	/* absorb: whole blocks, then the padded last one (FIPS 202 §5.1, pad10*1 with the domain) */
	uint64_t in = 0, len = k->len;
	for (; len - in >= RATE; in += RATE) {
		k64_bus_dma_read(b, src + in, blk, RATE);
		xor_bytes(s, blk, RATE);
		k64_keccak_p1600(s, 24);
		cycles += k64_bus_read_cycles(b, RATE) + engine;
		perms++;
	}
	unsigned rem = (unsigned)(len - in);
	memset(blk, 0, RATE);
	k64_bus_dma_read(b, src + in, blk, rem);
	blk[rem] ^= (uint8_t)k->domain;
	blk[RATE - 1] ^= 0x80;
	xor_bytes(s, blk, RATE);
	k64_keccak_p1600(s, 24);
	cycles += k64_bus_read_cycles(b, rem) + engine;
	perms++;
	/* squeeze: a permutation before every block after the first */
	for (uint64_t out = 0; out < k->out_len; out += RATE) {
		unsigned n = k->out_len - out < RATE ? (unsigned)(k->out_len - out) : RATE;
		if (out) {
			k64_keccak_p1600(s, 24);
			cycles += engine;
			perms++;
		}
		k64_bus_dma_write(b, dst + out, s, n);
		cycles += k64_bus_write_cycles(b, n);
	}
	cycles += (k->out_len ? b->timing.write_latency : 0) + b->timing.done;
	k->last_perms = (uint32_t)perms;
	uint64_t xfer = k64_bus_write_cycles(b, len) + k64_bus_write_cycles(b, k->out_len);   /* the beats */
	k64_dma_finish(b, &k->c, now, false, cycles, perms * engine, xfer);
}

static bool reg_read(void *dev, uint64_t off, unsigned size, uint64_t *val, uint64_t now)
{
	struct sponge_dma *k = dev;
	if (size != 4 || (off & 3))
		return false;
	k64_dma_settle(k->bus, &k->c, now);
	switch (off) {
	case R_SRC: *val = k->src; break;
	case R_DST: *val = k->dst; break;
	case R_LEN: *val = k->len; break;
	case R_OUT_LEN: *val = k->out_len; break;
	case R_DOMAIN: *val = k->domain; break;
	case R_CTRL: *val = k->c.ctrl; break;
	case R_STATUS: *val = k64_dma_status(&k->c); break;
	case R_LAST_OP: *val = k->c.last_op; break;
	case R_LAST_CORE: *val = k->c.last_core; break;
	case R_OP_COUNT: *val = k->c.op_count; break;
	case R_LAST_PERMS: *val = k->last_perms; break;
	case R_SRC_HI: *val = k->src_hi; break;
	case R_DST_HI: *val = k->dst_hi; break;
	default: return false;
	}
	return true;
}

static bool reg_write(void *dev, uint64_t off, unsigned size, uint64_t val, uint64_t now)
{
	struct sponge_dma *k = dev;
	uint32_t v = (uint32_t)val;
	if (size != 4 || (off & 3))
		return false;
	k64_dma_settle(k->bus, &k->c, now);
	switch (off) {
	case R_SRC: k->src = v; break;
	case R_DST: k->dst = v; break;
	case R_LEN: k->len = v; break;
	case R_OUT_LEN: k->out_len = v; break;
	case R_DOMAIN: k->domain = v & 0xff; break;
	case R_CTRL:
		if (k64_dma_ctrl_write(&k->c, v))
			start(k, now);
		break;
	case R_STATUS: case R_LAST_OP: case R_LAST_CORE: case R_OP_COUNT: case R_LAST_PERMS:
		break;                               /* read-only: writes are ignored */
	case R_SRC_HI: k->src_hi = v; break;
	case R_DST_HI: k->dst_hi = v; break;
	default: return false;
	}
	return true;
}

static bool irq_line(void *dev, uint64_t now, uint64_t *next)
{
	struct sponge_dma *k = dev;
	return k64_dma_irq(k->bus, &k->c, now, next);
}

/* Checkpoints: the registers and the running operation (dev/bus.h). */
static void save(void *dev, struct k64_ckw *w, uint64_t now)
{
	struct sponge_dma *k = dev;
	uint32_t u[8] = { k->src, k->dst, k->len, k->out_len, k->domain, k->src_hi, k->dst_hi, k->last_perms };
	k64_ckw_put(w, u, sizeof u);
	k64_dma_save(k->bus, &k->c, w, now);
}

static int restore(void *dev, struct k64_ckr *r, uint64_t now, bool apply, char *err, size_t errlen)
{
	struct sponge_dma *k = dev;
	uint32_t u[8];
	k64_ckr_get(r, u, sizeof u);
	if (!k64_dma_restore(k->bus, &k->c, r, now, apply))
		return snprintf(err, errlen, "keccak-sponge-dma: the checkpoint's state is not valid"), -1;
	if (apply) {
		k->src = u[0], k->dst = u[1], k->len = u[2], k->out_len = u[3], k->domain = u[4];
		k->src_hi = u[5], k->dst_hi = u[6], k->last_perms = u[7];
	}
	return 0;
}

static const struct k64_bus_ops ops = {
	.read = reg_read, .write = reg_write, .free = free, .irq = irq_line, .save = save, .restore = restore,
};

int k64_keccak_sponge_dma_new(struct k64_bus *b, uint64_t base, char *err, size_t errlen)
{
	struct sponge_dma *k = calloc(1, sizeof *k);
	if (!k)
		return snprintf(err, errlen, "out of memory"), -1;
	k->bus = b;
	if (k64_bus_add(b, base, K64_PAGE_SIZE, &ops, k, "keccak-sponge-dma", err, errlen))
		return free(k), -1;
	return 0;
}
