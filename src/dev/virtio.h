/* virtio over memory-mapped I/O (the virtio 1.2 specification: §4.2 the MMIO transport, modern
 * interface "Version 2"; §2.7 split virtqueues with indirect descriptors and event index),
 * shared by the virtio devices (dev/virtio_blk.c). The transport keeps the registers, the
 * status and feature negotiation and the interrupt status; a device supplies its ID, its
 * features, its configuration space and what a queue notification does.
 *
 * Guest memory is reached only through the bus master (dev/bus.h): every descriptor, ring and
 * buffer must lie in mapped guest RAM, so a guest can never make the device touch host memory
 * outside it. A malformed descriptor chain or ring sets DEVICE_NEEDS_RESET (§2.1.2), raises a
 * configuration change interrupt, is logged once on stderr, and the device does nothing more
 * until the driver resets it. */
#ifndef K64_DEV_VIRTIO_H
#define K64_DEV_VIRTIO_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct k64_bus;

/* The slots on the board, as QEMU's virt machine: 8 of 4 KiB from 0x10001000, PLIC sources 1..8. */
#define K64_VIRTIO_BASE   0x10001000ull
#define K64_VIRTIO_STRIDE 0x1000ull
#define K64_VIRTIO_SLOTS  8
#define K64_VIRTIO_IRQ0   1

#define K64_VIRTQ_MAX     256    /* QueueNumMax */
#define K64_VIRTQ_SEGS    1024   /* longest chain taken (direct + indirect descriptors) */

/* Feature bits (§6 reserved bits, §2.7). */
#define K64_VIRTIO_F_INDIRECT_DESC (1ull << 28)
#define K64_VIRTIO_F_EVENT_IDX     (1ull << 29)
#define K64_VIRTIO_F_VERSION_1     (1ull << 32)

/* Device status bits (§2.1). */
enum {
	K64_VIRTIO_ACKNOWLEDGE = 1, K64_VIRTIO_DRIVER = 2, K64_VIRTIO_DRIVER_OK = 4, K64_VIRTIO_FEATURES_OK = 8,
	K64_VIRTIO_NEEDS_RESET = 64, K64_VIRTIO_FAILED = 128,
};

/* One split virtqueue as the driver set it up. */
struct k64_virtq {
	uint32_t num;              /* QueueNum */
	bool ready;
	uint64_t desc, avail, used;
	uint16_t last_avail;       /* the next avail ring entry the device takes */
	uint16_t used_idx;         /* the device's used index */
	uint16_t signalled;        /* used index at the last interrupt decision (event index) */
};

/* A buffer segment of a chain: readable ones first, then writable ones (§2.7.4.2). */
struct k64_virtq_seg {
	uint64_t addr;
	uint32_t len;
	bool write;
};

/* A descriptor chain taken from the avail ring. */
struct k64_virtq_chain {
	uint16_t head;
	unsigned n;
	uint64_t rlen, wlen;       /* bytes in the readable and the writable segments */
	struct k64_virtq_seg seg[K64_VIRTQ_SEGS];
};

/* Takes the next chain: 1, 0 if the avail ring is empty, -1 if the ring or the chain is
 * malformed (why in *why). The ring and every segment lie in guest RAM when it returns 1. */
int k64_virtq_pop(struct k64_virtq *q, struct k64_bus *b, bool indirect, struct k64_virtq_chain *c,
		  const char **why);
/* Puts head in the used ring with `len` bytes written; -1 if the used ring is not in RAM. */
int k64_virtq_push(struct k64_virtq *q, struct k64_bus *b, uint16_t head, uint32_t len);
/* After pushes: whether the driver wants an interrupt (event index or NO_INTERRUPT), and (event
 * index) the avail_event the device publishes. */
bool k64_virtq_need_irq(struct k64_virtq *q, struct k64_bus *b, bool event_idx);
void k64_virtq_set_avail_event(struct k64_virtq *q, struct k64_bus *b);
/* Copies between the chain's readable (from) or writable (to) bytes at offset off and buf. */
int k64_virtq_read(struct k64_bus *b, const struct k64_virtq_chain *c, uint64_t off, void *buf, uint64_t len);
int k64_virtq_write(struct k64_bus *b, const struct k64_virtq_chain *c, uint64_t off, const void *buf, uint64_t len);

/* The transport (register block) of one device. */
struct k64_virtio;
struct k64_virtio_type {
	uint32_t device_id;
	uint64_t features;                                   /* offered */
	/* the device's configuration space (at 0x100) */
	bool (*config_read)(struct k64_virtio *v, uint64_t off, unsigned size, uint64_t *val);
	/* QueueNotify of queue 0 with the driver ready (DRIVER_OK) */
	void (*notify)(struct k64_virtio *v, uint64_t now);
	/* a reset (Status = 0): drop what is in flight */
	void (*reset)(struct k64_virtio *v);
};
struct k64_virtio {
	struct k64_bus *bus;
	const struct k64_virtio_type *type;
	const char *name;                                    /* for messages: "virtio-blk vda" */
	uint64_t features;                                   /* offered (type's, adjusted per device) */
	uint64_t driver_features;
	uint32_t status, dev_sel, drv_sel, queue_sel, isr;
	bool broken_logged;
	struct k64_virtq q;                                  /* one queue */
};
/* Register access at off (the device's config_read for 0x100 and above). */
bool k64_virtio_read(struct k64_virtio *v, uint64_t off, unsigned size, uint64_t *val, uint64_t now);
bool k64_virtio_write(struct k64_virtio *v, uint64_t off, unsigned size, uint64_t val, uint64_t now);
/* The device found the driver's data malformed: DEVICE_NEEDS_RESET, a configuration change
 * interrupt, one line on stderr (the first time). */
void k64_virtio_broken(struct k64_virtio *v, const char *why);
/* Whether the device may process its queue (DRIVER_OK, not broken, the queue ready). */
bool k64_virtio_live(const struct k64_virtio *v);
bool k64_virtio_negotiated(const struct k64_virtio *v, uint64_t feature);

/* The device-tree node "virtio_mmio@BASE" (compatible "virtio,mmio"), as QEMU's virt. */
int k64_virtio_fdt(void *fdt, uint64_t base, uint64_t size, unsigned irq, uint32_t plic_phandle);

/* A virtio block device (dev/virtio_blk.c) for `--drive=spec` (FILE[,format=raw][,readonly]
 * [,snapshot]) as drive `index` (vda = 0) at base with PLIC source irq. 0, or -1 with a
 * one-line message. */
int k64_virtio_blk_new(struct k64_bus *b, uint64_t base, unsigned irq, const char *spec, unsigned index,
		       char *err, size_t errlen);
#endif
