/* The device bus (dev/bus.h): the region table, the hart's scalar accesses, the bus master. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dev/bus.h"
#include "mem/ckpt.h"

/* karu64-sim's values of the DMA parameters (timing/params.def), used in functional mode for
 * the cycle counts the devices report. */
const struct k64_bus_timing k64_bus_timing_default = {
	.modelled = false, .bus_bytes = 4, .beat = 1, .read_latency = 1, .write_latency = 1,
	.setup = 2, .rounds_per_cycle = 1, .done = 1,
};

void k64_bus_init(struct k64_bus *b, struct k64_mem *mem)
{
	memset(b, 0, sizeof *b);
	b->mem = mem;
	b->timing = k64_bus_timing_default;
}

void k64_bus_free(struct k64_bus *b)
{
	for (unsigned i = 0; i < b->n; i++)
		if (b->r[i].ops->free)
			b->r[i].ops->free(b->r[i].dev);
	b->n = 0;
	b->lo = b->hi = 0;
}

int k64_bus_add(struct k64_bus *b, uint64_t base, uint64_t size, const struct k64_bus_ops *ops, void *dev,
		const char *name, char *err, size_t errlen)
{
	if (b->n == K64_BUS_MAX_REGIONS)
		return snprintf(err, errlen, "too many devices (at most %d)", K64_BUS_MAX_REGIONS), -1;
	if ((base | size) & (K64_PAGE_SIZE - 1) || !size || base + size < base)
		return snprintf(err, errlen, "%s: base 0x%llx is not 4 KiB-aligned", name, (unsigned long long)base), -1;
	for (unsigned i = 0; i < b->n; i++)
		if (base < b->r[i].base + b->r[i].size && b->r[i].base < base + size)
			return snprintf(err, errlen, "%s at 0x%llx overlaps %s at 0x%llx", name, (unsigned long long)base,
					b->r[i].name, (unsigned long long)b->r[i].base), -1;
	b->r[b->n++] = (struct k64_bus_region){ base, size, ops, dev, name, 0 };
	if (b->n == 1 || base < b->lo)
		b->lo = base;
	if (b->n == 1 || base + size > b->hi)
		b->hi = base + size;
	return 0;
}

const struct k64_bus_region *k64_bus_find_slow(const struct k64_bus *b, uint64_t a, uint64_t size)
{
	for (unsigned i = 0; i < b->n; i++) {
		const struct k64_bus_region *r = &b->r[i];
		if (a - r->base < r->size && size <= r->size - (a - r->base))
			return r;
	}
	return NULL;
}

bool k64_bus_overlaps(const struct k64_bus *b, uint64_t a, uint64_t size)
{
	if (a + size <= b->lo || a >= b->hi)
		return false;
	for (unsigned i = 0; i < b->n; i++)
		if (a < b->r[i].base + b->r[i].size && b->r[i].base < a + size)
			return true;
	return false;
}

bool k64_bus_load(struct k64_bus *b, uint64_t a, unsigned size, uint64_t *val, uint64_t now)
{
	const struct k64_bus_region *r = k64_bus_find(b, a, size);
	*val = 0;
	bool ok = r && r->ops->read && r->ops->read(r->dev, a - r->base, size, val, now);
	if (ok && r->irq && b->irq_changed)
		b->irq_changed(b->irq_ctx, now);
	return ok;
}

uint32_t k64_bus_irqs(struct k64_bus *b, uint64_t now, uint64_t *next)
{
	uint32_t lines = 0;
	*next = ~0ull;
	for (unsigned i = 0; i < b->n; i++) {
		const struct k64_bus_region *r = &b->r[i];
		uint64_t n = ~0ull;
		if (r->irq && r->ops->irq && r->ops->irq(r->dev, now, &n))
			lines |= 1u << r->irq;
		if (n < *next)
			*next = n;
	}
	return lines;
}

bool k64_bus_store(struct k64_bus *b, uint64_t a, unsigned size, uint64_t val, uint64_t now)
{
	const struct k64_bus_region *r = k64_bus_find(b, a, size);
	bool ok = r && r->ops->write && r->ops->write(r->dev, a - r->base, size, val, now);
	if (ok && r->irq && b->irq_changed)
		b->irq_changed(b->irq_ctx, now);
	return ok;
}

/* ---- bus master ---------------------------------------------------------------------------- */
bool k64_bus_dma_ok(struct k64_bus *b, uint64_t a, uint64_t len, bool write)
{
	if (!len)
		return true;
	if (k64_bus_overlaps(b, a, len))
		return false;
	/* k64_mem_host checks that every page is in the arena and has the permission */
	return k64_mem_host(b->mem, a, len, write ? K64_PERM_W : K64_PERM_R) != NULL;
}

int k64_bus_dma_read(struct k64_bus *b, uint64_t a, void *dst, uint64_t len)
{
	if (!k64_bus_dma_ok(b, a, len, false))
		return -1;
	if (len)
		memcpy(dst, k64_mem_host(b->mem, a, len, K64_PERM_R), len);
	return 0;
}

int k64_bus_dma_write(struct k64_bus *b, uint64_t a, const void *src, uint64_t len)
{
	if (!k64_bus_dma_ok(b, a, len, true))
		return -1;
	if (!len)
		return 0;
	memcpy(k64_mem_host(b->mem, a, len, K64_PERM_W), src, len);
	bool code = false;
	for (uint64_t p = a & ~(K64_PAGE_SIZE - 1); p < a + len; p += K64_PAGE_SIZE)
		code |= (k64_mem_page_perm(b->mem, p) & K64_PERM_CODE) != 0;
	if (code && b->code_written)
		b->code_written(b->code_ctx);
	return 0;
}

static uint64_t beats(const struct k64_bus *b, uint64_t bytes)
{
	return (bytes + b->timing.bus_bytes - 1) / b->timing.bus_bytes;
}
uint64_t k64_bus_read_cycles(const struct k64_bus *b, uint64_t bytes)
{
	return bytes ? b->timing.read_latency + beats(b, bytes) * b->timing.beat : 0;
}
uint64_t k64_bus_write_cycles(const struct k64_bus *b, uint64_t bytes)
{
	return beats(b, bytes) * b->timing.beat;
}
uint64_t k64_bus_engine_cycles(const struct k64_bus *b, unsigned nr)
{
	return (nr + b->timing.rounds_per_cycle - 1) / b->timing.rounds_per_cycle;
}

void k64_dma_settle(const struct k64_bus *b, struct k64_dma_ctl *c, uint64_t now)
{
	if (!c->pending)
		return;
	uint64_t stolen = 0;
	if (b->timing.mem_cycles) {
		stolen = b->timing.mem_cycles(b->timing.mem_ctx) - c->mem0;
		stolen = stolen < c->xfer ? stolen : c->xfer;
	}
	if (now < c->end + stolen)
		return;
	c->pending = false;
	c->status = K64_DMA_DONE;
	c->last_op = (uint32_t)(c->cycles + stolen);
	c->last_core = (uint32_t)c->engine;
	c->op_count++;
}

uint32_t k64_dma_status(const struct k64_dma_ctl *c)
{
	return c->pending ? K64_DMA_BUSY : c->status;
}

bool k64_dma_irq(const struct k64_bus *b, struct k64_dma_ctl *c, uint64_t now, uint64_t *next)
{
	k64_dma_settle(b, c, now);
	*next = c->pending ? c->end : ~0ull;   /* contention can only make it later: checked again then */
	return !c->pending && (c->status & (K64_DMA_DONE | K64_DMA_ERROR));
}

bool k64_dma_ctrl_write(struct k64_dma_ctl *c, uint32_t v)
{
	bool edge = (v & 1) && !(c->ctrl & 1);
	c->ctrl = v & 1;
	return edge && !c->pending;
}

void k64_dma_finish(const struct k64_bus *b, struct k64_dma_ctl *c, uint64_t now, bool error, uint64_t cycles,
		    uint64_t engine, uint64_t xfer)
{
	if (error) {
		c->status = K64_DMA_ERROR;
		return;
	}
	c->pending = true;
	c->end = now + (b->timing.modelled ? cycles : 0);
	c->cycles = cycles;
	c->engine = engine;
	c->xfer = xfer;
	c->mem0 = b->timing.mem_cycles ? b->timing.mem_cycles(b->timing.mem_ctx) : 0;
	k64_dma_settle(b, c, now);
}

static uint64_t mem_now(const struct k64_bus *b)
{
	return b->timing.mem_cycles ? b->timing.mem_cycles(b->timing.mem_ctx) : 0;
}

void k64_dma_save(const struct k64_bus *b, const struct k64_dma_ctl *c, struct k64_ckw *w, uint64_t now)
{
	uint32_t u[5] = { c->ctrl, c->status, c->last_op, c->last_core, c->op_count };
	k64_ckw_put(w, u, sizeof u);
	k64_ckw_u64(w, c->pending);
	k64_ckw_u64(w, c->pending && c->end > now ? c->end - now : 0);
	k64_ckw_u64(w, c->pending ? mem_now(b) - c->mem0 : 0);
	k64_ckw_u64(w, c->xfer);
	k64_ckw_u64(w, c->cycles);
	k64_ckw_u64(w, c->engine);
}

bool k64_dma_restore(const struct k64_bus *b, struct k64_dma_ctl *c, struct k64_ckr *r, uint64_t now, bool apply)
{
	uint32_t u[5];
	k64_ckr_get(r, u, sizeof u);
	uint64_t pending = k64_ckr_u64(r), end = k64_ckr_u64(r), mem = k64_ckr_u64(r);
	uint64_t xfer = k64_ckr_u64(r), cycles = k64_ckr_u64(r), engine = k64_ckr_u64(r);
	if (r->bad || pending > 1 || u[0] > 1 || u[1] > (K64_DMA_DONE | K64_DMA_ERROR))
		return false;
	if (apply) {
		c->ctrl = u[0], c->status = u[1], c->last_op = u[2], c->last_core = u[3], c->op_count = u[4];
		c->pending = pending;
		c->end = now + end;
		c->mem0 = mem_now(b) - mem;
		c->xfer = xfer, c->cycles = cycles, c->engine = engine;
	}
	return true;
}

/* ---- devices by name ------------------------------------------------------------------------ */
static const struct {
	const char *name;
	uint64_t base;
	int (*create)(struct k64_bus *b, uint64_t base, char *err, size_t errlen);
} devices[] = {
	{ "keccak-dma", 0x40000000ull, k64_keccak_dma_new },
	{ "keccak-sponge-dma", 0x40001000ull, k64_keccak_sponge_dma_new },
};

int k64_bus_add_device(struct k64_bus *b, const char *spec, char *err, size_t errlen)
{
	const char *comma = strchr(spec, ',');
	size_t nl = comma ? (size_t)(comma - spec) : strlen(spec);
	int k = -1;
	for (size_t i = 0; i < sizeof devices / sizeof devices[0]; i++)
		if (strlen(devices[i].name) == nl && !strncmp(devices[i].name, spec, nl))
			k = (int)i;
	if (k < 0)
		return snprintf(err, errlen, "unknown device '%.*s' in --device=%s (keccak-dma, keccak-sponge-dma)",
				(int)nl, spec, spec), -1;
	uint64_t base = devices[k].base;
	for (const char *o = comma; o && *o; ) {
		o++;
		const char *next = strchr(o, ',');
		size_t ol = next ? (size_t)(next - o) : strlen(o);
		if (ol >= 5 && !strncmp(o, "base=", 5)) {
			char buf[32], *end;
			if (ol - 5 >= sizeof buf)
				return snprintf(err, errlen, "bad base in --device=%s: '%.*s'", spec, (int)(ol - 5), o + 5), -1;
			memcpy(buf, o + 5, ol - 5);
			buf[ol - 5] = 0;
			errno = 0;
			unsigned long long v = strtoull(buf, &end, 0);
			if (errno || *end || !buf[0] || buf[0] == '-' || buf[0] == '+' || buf[0] == ' ')
				return snprintf(err, errlen, "bad base in --device=%s: '%s' (an address, e.g. 0x40000000)",
						spec, buf), -1;
			if ((v & (K64_PAGE_SIZE - 1)) || v >= (1ull << 56))
				return snprintf(err, errlen, "bad base in --device=%s: 0x%llx is not a 4 KiB-aligned "
						"physical address below 2^56", spec, v), -1;
			base = v;
		} else {
			return snprintf(err, errlen, "unknown option '%.*s' in --device=%s (base=ADDR)", (int)ol, o, spec), -1;
		}
		o = next;
	}
	return devices[k].create(b, base, err, errlen);
}
