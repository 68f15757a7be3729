/* virtio-mmio transport and split virtqueues (dev/virtio.h; virtio 1.2 §2.7, §4.2). Guest
 * structures are little-endian, as the host. */
#include <libfdt.h>
#include <stdio.h>
#include <string.h>
#include "dev/bus.h"
#include "dev/virtio.h"

enum { DESC_F_NEXT = 1, DESC_F_WRITE = 2, DESC_F_INDIRECT = 4 };
enum { AVAIL_F_NO_INTERRUPT = 1 };
#define ISR_USED   1u
#define ISR_CONFIG 2u

/* ---- split virtqueues ---------------------------------------------------------------------- */

static int rd16(struct k64_bus *b, uint64_t a, uint16_t *v) { return k64_bus_dma_read(b, a, v, 2); }
static int wr16(struct k64_bus *b, uint64_t a, uint16_t v) { return k64_bus_dma_write(b, a, &v, 2); }

/* The rings the driver gave: sized and aligned as §2.7 requires and inside guest RAM. */
static const char *rings_bad(const struct k64_virtq *q, struct k64_bus *b)
{
	uint64_t n = q->num;
	if (!n || n > K64_VIRTQ_MAX)
		return "queue size out of range";
	if ((q->desc & 15) || (q->avail & 1) || (q->used & 3))
		return "misaligned ring";
	if (!k64_bus_dma_ok(b, q->desc, 16 * n, false) || !k64_bus_dma_ok(b, q->avail, 6 + 2 * n, false) ||
	    !k64_bus_dma_ok(b, q->used, 6 + 8 * n, true))
		return "ring outside guest RAM";
	return NULL;
}

int k64_virtq_pop(struct k64_virtq *q, struct k64_bus *b, bool indirect, struct k64_virtq_chain *c,
		  const char **why)
{
	uint16_t idx, head;
	if ((*why = rings_bad(q, b)))
		return -1;
	rd16(b, q->avail + 2, &idx);
	if (idx == q->last_avail)
		return 0;
	if ((uint16_t)(idx - q->last_avail) > q->num)
		return *why = "avail index ahead by more than the queue size", -1;
	rd16(b, q->avail + 4 + 2 * (q->last_avail % q->num), &head);
	if (head >= q->num)
		return *why = "head descriptor index out of range", -1;
	c->head = head;
	c->n = 0;
	c->rlen = c->wlen = 0;
	uint64_t table = q->desc, tsize = q->num;
	unsigned i = head, steps = 0;
	bool in_indirect = false;
	for (;;) {
		struct { uint64_t addr; uint32_t len; uint16_t flags, next; } d;
		if (k64_bus_dma_read(b, table + 16ull * i, &d, 16))
			return *why = "descriptor outside guest RAM", -1;
		if (++steps > K64_VIRTQ_SEGS + 1)
			return *why = "descriptor chain too long (a loop?)", -1;
		if (d.flags & DESC_F_INDIRECT) {
			if (!indirect)
				return *why = "indirect descriptor without VIRTIO_F_INDIRECT_DESC", -1;
			if (in_indirect)
				return *why = "indirect descriptor inside an indirect table", -1;
			if (d.flags & DESC_F_NEXT)
				return *why = "indirect descriptor with NEXT", -1;
			if (!d.len || (d.len & 15) || d.len / 16 > K64_VIRTQ_SEGS || (d.addr & 15) ||
			    !k64_bus_dma_ok(b, d.addr, d.len, false))
				return *why = "bad indirect table", -1;
			table = d.addr;
			tsize = d.len / 16;
			in_indirect = true;
			i = 0;
			continue;
		}
		bool w = (d.flags & DESC_F_WRITE) != 0;
		if (!w && c->wlen)
			return *why = "readable descriptor after a writable one", -1;
		if (d.len) {
			if (c->n == K64_VIRTQ_SEGS)
				return *why = "descriptor chain too long", -1;
			if (!k64_bus_dma_ok(b, d.addr, d.len, w))
				return *why = "buffer outside guest RAM", -1;
			c->seg[c->n++] = (struct k64_virtq_seg){ d.addr, d.len, w };
			*(w ? &c->wlen : &c->rlen) += d.len;
		}
		if (!(d.flags & DESC_F_NEXT))
			break;
		if (d.next >= tsize)
			return *why = "next descriptor index out of range", -1;
		i = d.next;
	}
	q->last_avail++;
	return 1;
}

int k64_virtq_push(struct k64_virtq *q, struct k64_bus *b, uint16_t head, uint32_t len)
{
	uint32_t e[2] = { head, len };
	if (rings_bad(q, b) || k64_bus_dma_write(b, q->used + 4 + 8ull * (q->used_idx % q->num), e, 8))
		return -1;
	q->used_idx++;
	return wr16(b, q->used + 2, q->used_idx);
}

bool k64_virtq_need_irq(struct k64_virtq *q, struct k64_bus *b, bool event_idx)
{
	uint16_t old = q->signalled, now = q->used_idx, v = 0;
	q->signalled = now;
	if (old == now)
		return false;
	if (event_idx) {   /* §2.7.10: vring_need_event(used_event, new, old) */
		if (rd16(b, q->avail + 4 + 2ull * q->num, &v))
			return true;
		return (uint16_t)(now - v - 1) < (uint16_t)(now - old);
	}
	return rd16(b, q->avail, &v) || !(v & AVAIL_F_NO_INTERRUPT);
}

void k64_virtq_set_avail_event(struct k64_virtq *q, struct k64_bus *b)
{
	wr16(b, q->used + 4 + 8ull * q->num, q->last_avail);
}

/* Walks the segments of one direction from offset off, copying len bytes. */
static int chain_copy(struct k64_bus *b, const struct k64_virtq_chain *c, bool w, uint64_t off, uint8_t *buf,
		      uint64_t len)
{
	for (unsigned i = 0; i < c->n && len; i++) {
		const struct k64_virtq_seg *s = &c->seg[i];
		if (s->write != w)
			continue;
		if (off >= s->len) {
			off -= s->len;
			continue;
		}
		uint64_t n = s->len - off < len ? s->len - off : len;
		if (w ? k64_bus_dma_write(b, s->addr + off, buf, n) : k64_bus_dma_read(b, s->addr + off, buf, n))
			return -1;
		buf += n;
		len -= n;
		off = 0;
	}
	return len ? -1 : 0;
}

int k64_virtq_read(struct k64_bus *b, const struct k64_virtq_chain *c, uint64_t off, void *buf, uint64_t len)
{
	return chain_copy(b, c, false, off, buf, len);
}

int k64_virtq_write(struct k64_bus *b, const struct k64_virtq_chain *c, uint64_t off, const void *buf, uint64_t len)
{
	return chain_copy(b, c, true, off, (uint8_t *)buf, len);
}

/* ---- the MMIO transport (§4.2.2) --------------------------------------------------------- */

enum {
	R_MAGIC = 0x000, R_VERSION = 0x004, R_DEVICE_ID = 0x008, R_VENDOR = 0x00c, R_DEV_FEAT = 0x010,
	R_DEV_FEAT_SEL = 0x014, R_DRV_FEAT = 0x020, R_DRV_FEAT_SEL = 0x024, R_QUEUE_SEL = 0x030,
	R_QUEUE_NUM_MAX = 0x034, R_QUEUE_NUM = 0x038, R_QUEUE_READY = 0x044, R_QUEUE_NOTIFY = 0x050,
	R_ISR = 0x060, R_ISR_ACK = 0x064, R_STATUS = 0x070, R_DESC_LO = 0x080, R_DESC_HI = 0x084,
	R_DRIVER_LO = 0x090, R_DRIVER_HI = 0x094, R_DEVICE_LO = 0x0a0, R_DEVICE_HI = 0x0a4, R_SHM_SEL = 0x0ac,
	R_SHM_LEN_LO = 0x0b0, R_SHM_LEN_HI = 0x0b4, R_SHM_BASE_LO = 0x0b8, R_SHM_BASE_HI = 0x0bc,
	R_CONFIG_GEN = 0x0fc, R_CONFIG = 0x100,
};
#define MAGIC  0x74726976u    /* "virt" */
#define VENDOR 0x3436524bu    /* "KR64" */

static void reset(struct k64_virtio *v)
{
	v->status = v->dev_sel = v->drv_sel = v->queue_sel = v->isr = 0;
	v->driver_features = 0;
	memset(&v->q, 0, sizeof v->q);
	if (v->type->reset)
		v->type->reset(v);
}

bool k64_virtio_live(const struct k64_virtio *v)
{
	return (v->status & K64_VIRTIO_DRIVER_OK) && !(v->status & K64_VIRTIO_NEEDS_RESET) && v->q.ready;
}

bool k64_virtio_negotiated(const struct k64_virtio *v, uint64_t feature)
{
	return (v->driver_features & feature) != 0;
}

void k64_virtio_broken(struct k64_virtio *v, const char *why)
{
	if (v->status & K64_VIRTIO_NEEDS_RESET)
		return;
	v->status |= K64_VIRTIO_NEEDS_RESET;
	v->isr |= ISR_CONFIG;
	if (!v->broken_logged) {
		v->broken_logged = true;
		fprintf(stderr, "karu64: %s: the guest's virtqueue is malformed (%s); the device needs a reset\n",
			v->name, why);
	}
}

static uint64_t *queue_addr(struct k64_virtio *v, uint64_t off)
{
	return off < R_DRIVER_LO ? &v->q.desc : off < R_DEVICE_LO ? &v->q.avail : &v->q.used;
}

bool k64_virtio_read(struct k64_virtio *v, uint64_t off, unsigned size, uint64_t *val, uint64_t now)
{
	(void)now;
	if (off >= R_CONFIG)
		return v->type->config_read(v, off - R_CONFIG, size, val);
	if (size != 4 || (off & 3))
		return false;
	bool q0 = v->queue_sel == 0;
	switch (off) {
	case R_MAGIC: *val = MAGIC; break;
	case R_VERSION: *val = 2; break;
	case R_DEVICE_ID: *val = v->type->device_id; break;
	case R_VENDOR: *val = VENDOR; break;
	case R_DEV_FEAT: *val = v->dev_sel < 2 ? (uint32_t)(v->features >> (32 * v->dev_sel)) : 0; break;
	case R_QUEUE_NUM_MAX: *val = q0 ? K64_VIRTQ_MAX : 0; break;
	case R_QUEUE_READY: *val = q0 && v->q.ready; break;
	case R_ISR: *val = v->isr; break;
	case R_STATUS: *val = v->status; break;
	case R_SHM_LEN_LO: case R_SHM_LEN_HI: *val = 0xffffffffu; break;   /* no shared memory region */
	case R_SHM_BASE_LO: case R_SHM_BASE_HI: *val = 0xffffffffu; break;
	default: *val = 0; break;   /* write-only registers and gaps read as zero; ConfigGeneration 0 */
	}
	return true;
}

bool k64_virtio_write(struct k64_virtio *v, uint64_t off, unsigned size, uint64_t val, uint64_t now)
{
	if (off >= R_CONFIG)
		return true;                   /* the configuration spaces we offer are read-only */
	if (size != 4 || (off & 3))
		return false;
	uint32_t x = (uint32_t)val;
	bool q0 = v->queue_sel == 0, setup = q0 && !v->q.ready;
	switch (off) {
	case R_DEV_FEAT_SEL: v->dev_sel = x; break;
	case R_DRV_FEAT_SEL: v->drv_sel = x; break;
	case R_DRV_FEAT:
		if (v->drv_sel < 2 && !(v->status & K64_VIRTIO_FEATURES_OK)) {
			unsigned sh = 32 * v->drv_sel;
			v->driver_features = (v->driver_features & ~(0xffffffffull << sh)) | (uint64_t)x << sh;
		}
		break;
	case R_QUEUE_SEL: v->queue_sel = x; break;
	case R_QUEUE_NUM: if (setup) v->q.num = x; break;
	case R_QUEUE_READY:
		if (q0) {
			v->q.ready = x & 1;
			if (!v->q.ready)       /* a queue reset: the driver starts it again from index 0 */
				v->q.last_avail = v->q.used_idx = v->q.signalled = 0;
		}
		break;
	case R_QUEUE_NOTIFY:
		if (x == 0 && k64_virtio_live(v))
			v->type->notify(v, now);
		break;
	case R_ISR_ACK: v->isr &= ~x; break;
	case R_STATUS:
		if (!x) {
			reset(v);
			break;
		}
		/* FEATURES_OK only for a subset of what we offer that includes VERSION_1 (§2.2, §6.1) */
		if ((x & K64_VIRTIO_FEATURES_OK) && !(v->status & K64_VIRTIO_FEATURES_OK) &&
		    ((v->driver_features & ~v->features) || !(v->driver_features & K64_VIRTIO_F_VERSION_1)))
			x &= ~(uint32_t)K64_VIRTIO_FEATURES_OK;
		v->status = x | (v->status & K64_VIRTIO_NEEDS_RESET);
		break;
	case R_DESC_LO: case R_DRIVER_LO: case R_DEVICE_LO:
		if (setup)
			*queue_addr(v, off) = (*queue_addr(v, off) & ~0xffffffffull) | x;
		break;
	case R_DESC_HI: case R_DRIVER_HI: case R_DEVICE_HI:
		if (setup)
			*queue_addr(v, off) = (*queue_addr(v, off) & 0xffffffffull) | (uint64_t)x << 32;
		break;
	default: break;                    /* read-only registers and gaps: writes are ignored */
	}
	return true;
}

int k64_virtio_fdt(void *fdt, uint64_t base, uint64_t size, unsigned irq, uint32_t plic_phandle)
{
	char name[40];
	int e;
	fdt64_t r[2] = { cpu_to_fdt64(base), cpu_to_fdt64(size) };
	snprintf(name, sizeof name, "virtio_mmio@%llx", (unsigned long long)base);
	if ((e = fdt_begin_node(fdt, name)) < 0 || (e = fdt_property_string(fdt, "compatible", "virtio,mmio")) < 0 ||
	    (e = fdt_property(fdt, "reg", r, sizeof r)) < 0 || (e = fdt_property(fdt, "dma-coherent", NULL, 0)) < 0 ||
	    (e = fdt_property_u32(fdt, "interrupts", irq)) < 0 ||
	    (e = fdt_property_u32(fdt, "interrupt-parent", plic_phandle)) < 0)
		return e;
	return fdt_end_node(fdt);
}
