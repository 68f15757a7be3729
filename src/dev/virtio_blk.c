/* A virtio block device (virtio 1.2 §5.2, device ID 2) on the MMIO transport (dev/virtio.c),
 * backed by a raw image file: `--drive=FILE[,format=raw][,readonly][,snapshot]` (doc/board.md).
 *
 * Requests: IN, OUT, FLUSH (fdatasync before the request completes), GET_ID, DISCARD and
 * WRITE_ZEROES (a hole punched in the file, else zeros written). readonly opens the file
 * read-only, offers VIRTIO_BLK_F_RO and fails writes with VIRTIO_BLK_S_IOERR; snapshot keeps
 * every write in a copy-on-write overlay in memory (4 KiB chunks; a chunk zeroed whole shares
 * one zero chunk) and never writes the file.
 * A request beyond the disk, or whose data is not whole sectors, completes with IOERR.
 *
 * Time: a request's data moves when the driver notifies; with a cycle model its completion
 * (the used ring entry and the interrupt) comes blk_latency cycles later plus the transfer at
 * the DMA bus rate (dma_bus_bytes per dma_beat cycles; timing/params.def), in functional mode
 * at once. The device's clock is `now` plus the cycles the hart has spent waiting in wfi
 * (k64_bus.idle_cycles), so that an idle guest sees its disk finish. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include "dev/bus.h"
#include "dev/virtio.h"
#include "mem/ckpt.h"

#define SECTOR 512u
enum { T_IN = 0, T_OUT = 1, T_FLUSH = 4, T_GET_ID = 8, T_DISCARD = 11, T_WRITE_ZEROES = 13 };
enum { S_OK = 0, S_IOERR = 1, S_UNSUPP = 2 };
#define F_SEG_MAX      (1ull << 2)
#define F_RO           (1ull << 5)
#define F_BLK_SIZE     (1ull << 6)
#define F_FLUSH        (1ull << 9)
#define F_DISCARD      (1ull << 13)
#define F_WRITE_ZEROES (1ull << 14)
#define SEG_MAX        254u        /* as QEMU: the queue size less header and status */
#define ZERO_MAX       0x3fffffu   /* sectors per discard / write-zeroes segment */

/* The snapshot overlay: chunks of CHUNK bytes, found through a two-level table. */
#define CHUNK    4096u
#define L2_BITS  9
#define L2_SIZE  (1u << L2_BITS)

struct done {                      /* a request whose completion is not yet published */
	uint16_t head;
	uint32_t len;
	uint64_t due;                  /* device clock */
};

struct blk {
	struct k64_virtio v;           /* first: the bus ops get a struct blk * */
	char name[24];
	int fd;
	char *path;                    /* as given (checkpoints record a drive's identity) */
	bool readonly, snapshot;
	uint64_t sectors;
	uint8_t ***overlay;            /* [chunk >> L2_BITS][chunk & (L2_SIZE - 1)] */
	uint64_t l1_size;
	struct done pend[K64_VIRTQ_MAX];
	unsigned npend;
	uint8_t *buf;                  /* bounce buffer, BUF bytes */
	struct k64_virtq_chain chain;
};
#define BUF (1u << 20)

/* ---- the backing store ----------------------------------------------------------------------- */

static uint8_t **slot(struct blk *d, uint64_t chunk, bool make)
{
	uint64_t i = chunk >> L2_BITS;
	if (!d->overlay[i]) {
		if (!make || !(d->overlay[i] = calloc(L2_SIZE, sizeof *d->overlay[i])))
			return NULL;
	}
	return &d->overlay[i][chunk & (L2_SIZE - 1)];
}

static int file_read(struct blk *d, uint64_t off, uint8_t *p, uint64_t n)
{
	while (n) {
		ssize_t r = pread(d->fd, p, n, (off_t)off);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0) {                  /* past the end (the file shrank): zeros */
			memset(p, 0, n);
			return 0;
		}
		p += r, off += (uint64_t)r, n -= (uint64_t)r;
	}
	return 0;
}

static int file_write(struct blk *d, uint64_t off, const uint8_t *p, uint64_t n)
{
	while (n) {
		ssize_t r = pwrite(d->fd, p, n, (off_t)off);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		p += r, off += (uint64_t)r, n -= (uint64_t)r;
	}
	return 0;
}

/* The overlay's chunks that were zeroed whole (a discard of the disk costs no memory). */
static const uint8_t zero_chunk[CHUNK];

/* Reads or writes (or, with p NULL and write, zeroes) n bytes at off, through the overlay. */
static int store(struct blk *d, uint64_t off, uint8_t *p, uint64_t n, bool write)
{
	if (!d->snapshot) {
		if (!write)
			return file_read(d, off, p, n);
		if (p)
			return file_write(d, off, p, n);
		if (!fallocate(d->fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, (off_t)off, (off_t)n))
			return 0;
		for (uint64_t k = 0; k < n; k += CHUNK)
			if (file_write(d, off + k, zero_chunk, n - k < CHUNK ? n - k : CHUNK))
				return -1;
		return 0;
	}
	while (n) {
		uint64_t chunk = off / CHUNK, at = off % CHUNK, k = CHUNK - at < n ? CHUNK - at : n;
		uint8_t **s = slot(d, chunk, write);
		if (!write) {
			if (s && *s)
				memcpy(p, *s + at, k);
			else if (file_read(d, off, p, k))
				return -1;
		} else if (!s) {
			return -1;
		} else if (!p && k == CHUNK) {     /* a whole chunk zeroed: shares the zero chunk */
			if (*s != zero_chunk)
				free(*s);
			*s = (uint8_t *)zero_chunk;
		} else {
			if (!*s || *s == zero_chunk) {
				uint8_t *c = malloc(CHUNK);
				if (!c || (*s ? (memset(c, 0, CHUNK), 0) : file_read(d, chunk * CHUNK, c, CHUNK)))
					return free(c), -1;
				*s = c;
			}
			if (p)
				memcpy(*s + at, p, k);
			else
				memset(*s + at, 0, k);
		}
		if (p)
			p += k;
		off += k, n -= k;
	}
	return 0;
}

/* ---- requests ---------------------------------------------------------------------------------- */

/* Moves len bytes between the disk at byte off and the chain's data, which starts at offset
 * doff of its readable (write to disk) or writable (read from disk) bytes. */
static int transfer(struct blk *d, uint64_t off, uint64_t doff, uint64_t len, bool to_disk)
{
	struct k64_bus *b = d->v.bus;
	for (uint64_t k = 0; k < len; k += BUF) {
		uint64_t n = len - k < BUF ? len - k : BUF;
		if (to_disk ? k64_virtq_read(b, &d->chain, doff + k, d->buf, n) || store(d, off + k, d->buf, n, true)
			    : store(d, off + k, d->buf, n, false) || k64_virtq_write(b, &d->chain, doff + k, d->buf, n))
			return -1;
	}
	return 0;
}

static bool in_disk(const struct blk *d, uint64_t sector, uint64_t count)
{
	return sector <= d->sectors && count <= d->sectors - sector;
}

/* One request: its status, the bytes written into the chain in *used, the bytes moved in *moved. */
static uint8_t request(struct blk *d, uint32_t *used, uint64_t *moved)
{
	const struct k64_virtq_chain *c = &d->chain;
	struct k64_bus *b = d->v.bus;
	struct { uint32_t type, reserved; uint64_t sector; } h;
	k64_virtq_read(b, c, 0, &h, 16);   /* the caller checked rlen >= 16 */
	uint64_t out = c->rlen - 16, in = c->wlen - 1;   /* data bytes after the header, before the status */
	*used = 1;
	*moved = 0;
	switch (h.type) {
	case T_IN:
		if (in % SECTOR || !in_disk(d, h.sector, in / SECTOR))
			return S_IOERR;
		*moved = in;
		if (transfer(d, h.sector * SECTOR, 0, in, false))
			return S_IOERR;
		*used = (uint32_t)(in + 1);
		return S_OK;
	case T_OUT:
		if (d->readonly || out % SECTOR || !in_disk(d, h.sector, out / SECTOR))
			return S_IOERR;
		*moved = out;
		return transfer(d, h.sector * SECTOR, 16, out, true) ? S_IOERR : S_OK;
	case T_FLUSH:
		return d->snapshot || d->readonly || !fdatasync(d->fd) ? S_OK : S_IOERR;
	case T_GET_ID: {
		char id[20] = { 0 };
		snprintf(id, sizeof id, "karu64-%s", d->name + strlen(d->name) - 3);
		uint64_t n = in < sizeof id ? in : sizeof id;
		if (k64_virtq_write(b, c, 0, id, n))
			return S_IOERR;
		*used = (uint32_t)(n + 1);
		return S_OK;
	}
	case T_DISCARD: case T_WRITE_ZEROES:
		if (d->readonly || !out || out % 16)
			return S_IOERR;
		for (uint64_t k = 0; k < out; k += 16) {
			struct { uint64_t sector; uint32_t num, flags; } s;
			if (k64_virtq_read(b, c, 16 + k, &s, 16) || s.num > ZERO_MAX || !in_disk(d, s.sector, s.num) ||
			    (s.flags & ~1u) || store(d, s.sector * SECTOR, NULL, (uint64_t)s.num * SECTOR, true))
				return S_IOERR;
		}
		return S_OK;
	default:
		return S_UNSUPP;
	}
}

/* ---- completions and the interrupt ------------------------------------------------------------- */

static uint64_t dev_clock(const struct blk *d, uint64_t now) { return now + d->v.bus->idle_cycles; }

static void interrupt(struct blk *d)
{
	if (k64_virtq_need_irq(&d->v.q, d->v.bus, k64_virtio_negotiated(&d->v, K64_VIRTIO_F_EVENT_IDX)))
		d->v.isr |= 1;
}

/* Publishes the completions due by `now`, in the order they fall due. */
static void settle(struct blk *d, uint64_t now)
{
	uint64_t t = dev_clock(d, now);
	bool any = false;
	for (;;) {
		unsigned k = d->npend;
		for (unsigned i = 0; i < d->npend; i++)
			if (d->pend[i].due <= t && (k == d->npend || d->pend[i].due < d->pend[k].due))
				k = i;
		if (k == d->npend)
			break;
		struct done e = d->pend[k];
		memmove(&d->pend[k], &d->pend[k + 1], (d->npend - k - 1) * sizeof e);
		d->npend--;
		if (k64_virtq_push(&d->v.q, d->v.bus, e.head, e.len)) {
			k64_virtio_broken(&d->v, "used ring outside guest RAM");
			d->npend = 0;
			return;
		}
		any = true;
	}
	if (any)
		interrupt(d);
}

static void notify(struct k64_virtio *v, uint64_t now)
{
	struct blk *d = (struct blk *)v;
	struct k64_bus *b = v->bus;
	const struct k64_bus_timing *tm = &b->timing;
	bool indirect = k64_virtio_negotiated(v, K64_VIRTIO_F_INDIRECT_DESC);
	settle(d, now);
	while (d->npend < K64_VIRTQ_MAX && k64_virtio_live(v)) {
		const char *why;
		int r = k64_virtq_pop(&v->q, b, indirect, &d->chain, &why);
		if (r < 0)
			k64_virtio_broken(v, why);
		if (r <= 0)
			break;
		if (d->chain.rlen < 16 || d->chain.wlen < 1) {
			k64_virtio_broken(v, "request without a readable header or a writable status byte");
			break;
		}
		uint32_t used;
		uint64_t moved;
		uint8_t status = request(d, &used, &moved);
		if (k64_virtq_write(b, &d->chain, d->chain.wlen - 1, &status, 1)) {
			k64_virtio_broken(v, "status byte outside guest RAM");
			break;
		}
		uint64_t lat = 0;
		if (tm->blk_latency)   /* with a cycle model */
			lat = tm->blk_latency + (moved + tm->bus_bytes - 1) / tm->bus_bytes * tm->beat;
		d->pend[d->npend++] = (struct done){ d->chain.head, used, dev_clock(d, now) + lat };
	}
	if (k64_virtio_negotiated(v, K64_VIRTIO_F_EVENT_IDX) && k64_virtio_live(v))
		k64_virtq_set_avail_event(&v->q, b);
	settle(d, now);
}

static void blk_reset(struct k64_virtio *v)
{
	((struct blk *)v)->npend = 0;
}

/* struct virtio_blk_config (§5.2.4) up to write_zeroes_may_unmap. */
static bool config_read(struct k64_virtio *v, uint64_t off, unsigned size, uint64_t *val)
{
	struct blk *d = (struct blk *)v;
	uint8_t cfg[0x3c] = { 0 };
	uint32_t u;
	memcpy(cfg + 0x00, &d->sectors, 8);                           /* capacity */
	memcpy(cfg + 0x0c, &(uint32_t){ SEG_MAX }, 4);                 /* seg_max */
	memcpy(cfg + 0x14, &(uint32_t){ SECTOR }, 4);                  /* blk_size */
	memcpy(cfg + 0x24, &(uint32_t){ ZERO_MAX }, 4);                /* max_discard_sectors */
	memcpy(cfg + 0x28, &(uint32_t){ 1 }, 4);                       /* max_discard_seg */
	u = CHUNK / SECTOR;
	memcpy(cfg + 0x2c, &u, 4);                                     /* discard_sector_alignment */
	memcpy(cfg + 0x30, &(uint32_t){ ZERO_MAX }, 4);                /* max_write_zeroes_sectors */
	memcpy(cfg + 0x34, &(uint32_t){ 1 }, 4);                       /* max_write_zeroes_seg */
	cfg[0x38] = 1;                                                 /* write_zeroes_may_unmap */
	if (off > sizeof cfg || size > sizeof cfg - off) {
		*val = 0;
		return true;
	}
	*val = 0;
	memcpy(val, cfg + off, size);
	return true;
}

static const struct k64_virtio_type blk_type = {
	.device_id = 2,
	.features = K64_VIRTIO_F_VERSION_1 | K64_VIRTIO_F_INDIRECT_DESC | K64_VIRTIO_F_EVENT_IDX | F_SEG_MAX |
		    F_BLK_SIZE | F_FLUSH | F_DISCARD | F_WRITE_ZEROES,
	.config_read = config_read,
	.notify = notify,
	.reset = blk_reset,
};

/* ---- the bus device ---------------------------------------------------------------------------- */

static bool reg_read(void *dev, uint64_t off, unsigned size, uint64_t *val, uint64_t now)
{
	settle(dev, now);
	return k64_virtio_read(dev, off, size, val, now);
}

static bool reg_write(void *dev, uint64_t off, unsigned size, uint64_t val, uint64_t now)
{
	settle(dev, now);
	return k64_virtio_write(dev, off, size, val, now);
}

static bool irq_line(void *dev, uint64_t now, uint64_t *next)
{
	struct blk *d = dev;
	settle(d, now);
	uint64_t t = dev_clock(d, now), n = ~0ull;
	for (unsigned i = 0; i < d->npend; i++)
		if (d->pend[i].due - t < n)
			n = d->pend[i].due - t;
	*next = n == ~0ull ? n : now + n;
	return d->v.isr != 0;
}

static void blk_free(void *dev)
{
	struct blk *d = dev;
	if (d->overlay) {
		for (uint64_t i = 0; i < d->l1_size; i++) {
			if (!d->overlay[i])
				continue;
			for (unsigned j = 0; j < L2_SIZE; j++)
				if (d->overlay[i][j] != zero_chunk)
					free(d->overlay[i][j]);
			free(d->overlay[i]);
		}
		free(d->overlay);
	}
	if (d->fd >= 0)
		close(d->fd);
	free(d->path);
	free(d->buf);
	free(d);
}

static void bus_reset(void *dev)
{
	struct blk *d = dev;
	k64_virtio_write(&d->v, 0x070, 4, 0, 0);   /* Status = 0 */
}

static int bus_fdt(void *dev, void *fdt, const struct k64_bus_region *r, uint32_t plic_phandle)
{
	(void)dev;
	return k64_virtio_fdt(fdt, r->base, r->size, r->irq, plic_phandle);
}

/* ---- checkpoints -------------------------------------------------------------------------------- */

/* The identity of the file: its size and modification time (a checkpoint of a drive that is
 * not a snapshot holds none of its data, so the file must be what it was). */
static void identity(const struct blk *d, uint64_t id[3])
{
	struct stat st;
	memset(id, 0, 3 * sizeof *id);
	if (stat(d->path, &st))
		return;
	id[0] = (uint64_t)st.st_size;
	id[1] = (uint64_t)st.st_mtim.tv_sec;
	id[2] = (uint64_t)st.st_mtim.tv_nsec;
}

/* The transport's registers and queue, the requests in flight (their due times as offsets from
 * now), the file's identity, and a snapshot's overlay (chunk number, then the chunk, or the
 * number with bit 63 set for a chunk zeroed whole; ~0 ends the list). */
static void blk_save(void *dev, struct k64_ckw *w, uint64_t now)
{
	struct blk *d = dev;
	const struct k64_virtio *v = &d->v;
	uint32_t u[7] = { v->status, v->dev_sel, v->drv_sel, v->queue_sel, v->isr, v->broken_logged, d->readonly | d->snapshot << 1 };
	k64_ckw_put(w, u, sizeof u);
	k64_ckw_u64(w, v->driver_features);
	const struct k64_virtq *q = &v->q;
	uint64_t qv[8] = { q->num, q->ready, q->desc, q->avail, q->used, q->last_avail, q->used_idx, q->signalled };
	k64_ckw_put(w, qv, sizeof qv);
	uint64_t t = dev_clock(d, now);
	k64_ckw_u64(w, d->npend);
	for (unsigned i = 0; i < d->npend; i++) {
		k64_ckw_u64(w, d->pend[i].head);
		k64_ckw_u64(w, d->pend[i].len);
		k64_ckw_u64(w, d->pend[i].due > t ? d->pend[i].due - t : 0);
	}
	uint64_t id[3];
	identity(d, id);
	k64_ckw_str(w, d->path);
	k64_ckw_put(w, id, sizeof id);
	for (uint64_t i = 0; d->snapshot && i < d->l1_size; i++)
		for (unsigned j = 0; d->overlay[i] && j < L2_SIZE; j++) {
			const uint8_t *c = d->overlay[i][j];
			uint64_t n = i << L2_BITS | j;
			if (!c)
				continue;
			k64_ckw_u64(w, c == zero_chunk ? n | 1ull << 63 : n);
			if (c != zero_chunk)
				k64_ckw_put(w, c, CHUNK);
		}
	k64_ckw_u64(w, ~0ull);
}

#define ERR(...) (snprintf(err, errlen, __VA_ARGS__), -1)
static int blk_restore(void *dev, struct k64_ckr *r, uint64_t now, bool apply, char *err, size_t errlen)
{
	struct blk *d = dev;
	struct k64_virtio *v = &d->v;
	uint32_t u[7];
	uint64_t qv[8], feat, id[3], cur[3];
	char path[4096];
	k64_ckr_get(r, u, sizeof u);
	feat = k64_ckr_u64(r);
	k64_ckr_get(r, qv, sizeof qv);
	uint64_t npend = k64_ckr_u64(r);
	if (r->bad || npend > K64_VIRTQ_MAX || qv[0] > K64_VIRTQ_MAX || qv[1] > 1 || qv[5] > 0xffff || qv[6] > 0xffff ||
	    qv[7] > 0xffff || u[5] > 1 || (feat & ~v->features))
		return ERR("%s: the checkpoint's state is not valid", d->name);
	if (u[6] != (uint32_t)(d->readonly | d->snapshot << 1))
		return ERR("%s: the checkpoint was made with other drive options (readonly, snapshot)", d->name);
	struct done pend[K64_VIRTQ_MAX];
	uint64_t t = dev_clock(d, now);
	for (unsigned i = 0; i < npend; i++) {
		uint64_t head = k64_ckr_u64(r), len = k64_ckr_u64(r), due = k64_ckr_u64(r);
		if (head >= K64_VIRTQ_MAX || len > 0xffffffffu)
			r->bad = true;
		pend[i] = (struct done){ (uint16_t)head, (uint32_t)len, t + due };
	}
	k64_ckr_str(r, path, sizeof path);
	k64_ckr_get(r, id, sizeof id);
	if (r->bad)
		return ERR("%s: the checkpoint's state is not valid", d->name);
	identity(d, cur);
	if (strcmp(path, d->path))
		return ERR("%s: the checkpoint's drive is '%s', not '%s'", d->name, path, d->path);
	if (!d->snapshot && memcmp(id, cur, sizeof id))
		return ERR("drive '%s' changed since the checkpoint (size or modification time)", d->path);
	/* the overlay: checked in the first pass, copied in the second */
	for (;;) {
		uint64_t n = k64_ckr_u64(r);
		if (r->bad || n == ~0ull)
			break;
		uint64_t chunk = n & ~(1ull << 63);
		if (!d->snapshot || chunk >= (d->sectors * SECTOR + CHUNK - 1) / CHUNK) {
			r->bad = true;
			break;
		}
		const uint8_t *c = n >> 63 ? zero_chunk : k64_ckr_take(r, CHUNK);
		if (!c || !apply)
			continue;
		uint8_t **s = slot(d, chunk, true);
		if (!s)
			return ERR("out of memory restoring %s", d->name);
		if (*s != zero_chunk)
			free(*s);
		*s = c == zero_chunk ? (uint8_t *)zero_chunk : malloc(CHUNK);
		if (!*s)
			return ERR("out of memory restoring %s", d->name);
		if (c != zero_chunk)
			memcpy(*s, c, CHUNK);
	}
	if (r->bad)
		return ERR("%s: the checkpoint's state is not valid", d->name);
	if (!apply)
		return 0;
	v->status = u[0], v->dev_sel = u[1], v->drv_sel = u[2], v->queue_sel = u[3], v->isr = u[4];
	v->broken_logged = u[5];
	v->driver_features = feat;
	struct k64_virtq *q = &v->q;
	q->num = (uint32_t)qv[0], q->ready = qv[1], q->desc = qv[2], q->avail = qv[3], q->used = qv[4];
	q->last_avail = (uint16_t)qv[5], q->used_idx = (uint16_t)qv[6], q->signalled = (uint16_t)qv[7];
	memcpy(d->pend, pend, npend * sizeof *pend);
	d->npend = (unsigned)npend;
	return 0;
}

static const struct k64_bus_ops ops = {
	.read = reg_read, .write = reg_write, .free = blk_free, .irq = irq_line, .reset = bus_reset, .fdt = bus_fdt,
	.save = blk_save, .restore = blk_restore,
};


int k64_virtio_blk_new(struct k64_bus *b, uint64_t base, unsigned irq, const char *spec, unsigned index,
		       char *err, size_t errlen)
{
	char path[4096];
	const char *comma = strchr(spec, ',');
	size_t pl = comma ? (size_t)(comma - spec) : strlen(spec);
	if (!pl || pl >= sizeof path)
		return ERR("--drive=%s: expected FILE[,format=raw][,readonly][,snapshot]", spec);
	memcpy(path, spec, pl);
	path[pl] = 0;
	bool ro = false, snap = false;
	for (const char *o = comma; o && *o;) {
		o++;
		const char *next = strchr(o, ',');
		size_t ol = next ? (size_t)(next - o) : strlen(o);
		if (ol == 8 && !strncmp(o, "readonly", 8))
			ro = true;
		else if (ol == 8 && !strncmp(o, "snapshot", 8))
			snap = true;
		else if (ol == 10 && !strncmp(o, "format=raw", 10))
			;
		else if (ol >= 7 && !strncmp(o, "format=", 7))
			return ERR("--drive=%s: format '%.*s' is not supported (only raw)", spec, (int)(ol - 7), o + 7);
		else
			return ERR("--drive=%s: unknown option '%.*s' (format=raw, readonly, snapshot)", spec, (int)ol, o);
		o = next;
	}
	if (index >= K64_VIRTIO_SLOTS)
		return ERR("too many drives (at most %d)", K64_VIRTIO_SLOTS);
	struct blk *d = calloc(1, sizeof *d);
	if (!d || !(d->buf = malloc(BUF)) || !(d->path = strdup(path))) {
		if (d)
			free(d->buf);
		return free(d), ERR("out of memory");
	}
	d->fd = open(path, (ro || snap ? O_RDONLY : O_RDWR) | O_CLOEXEC);
	if (d->fd < 0) {
		int e = errno;
		blk_free(d);
		return ERR("cannot open drive '%s'%s: %s", path, e == EACCES || e == EROFS ? " for writing (add ,readonly or ,snapshot?)" : "",
			   strerror(e));
	}
	struct stat st;
	off_t size = fstat(d->fd, &st) ? -1 : S_ISREG(st.st_mode) ? st.st_size
					: S_ISBLK(st.st_mode) ? lseek(d->fd, 0, SEEK_END) : -1;
	if (size <= 0 || size % SECTOR) {
		blk_free(d);
		return size < 0 ? ERR("drive '%s' is not a regular file or block device", path)
				: ERR("drive '%s' is %lld bytes: a raw image must be a non-empty multiple of 512 bytes", path,
				      (long long)size);
	}
	/* one writer, or any number of readers (readonly and snapshot never write the file) */
	if (flock(d->fd, (ro || snap ? LOCK_SH : LOCK_EX) | LOCK_NB)) {
		blk_free(d);
		return ERR("drive '%s' is in use by another process", path);
	}
	d->readonly = ro;
	d->snapshot = snap;
	d->sectors = (uint64_t)size / SECTOR;
	snprintf(d->name, sizeof d->name, "virtio-blk vd%c", 'a' + index);
	if (snap) {
		d->l1_size = (((uint64_t)size + CHUNK - 1) / CHUNK + L2_SIZE - 1) / L2_SIZE;
		if (!(d->overlay = calloc(d->l1_size, sizeof *d->overlay))) {
			blk_free(d);
			return ERR("out of memory");
		}
	}
	d->v.bus = b;
	d->v.type = &blk_type;
	d->v.name = d->name;
	d->v.features = blk_type.features | (ro ? F_RO : 0);
	if (ro)
		d->v.features &= ~(F_DISCARD | F_WRITE_ZEROES);
	if (k64_bus_add(b, base, K64_VIRTIO_STRIDE, &ops, d, "virtio-blk", err, errlen))
		return blk_free(d), -1;
	b->r[b->n - 1].irq = irq;
	return 0;
}
