/* The device bus: the one interface through which the hart reaches memory-mapped devices and
 * through which bus-master devices (DMA engines) reach guest memory. One file per device
 * (dev/keccak_dma.c, dev/keccak_sponge_dma.c; later the board's UART, CLINT, PLIC) registers
 * its physical regions here.
 *
 * The core sends a scalar load or store here only from its slow path (core/memory.c) and only
 * when the address lies in a registered region: device pages never enter the software TLB, so
 * the fast paths and a machine without devices are unchanged. Vector accesses, LR/SC, AMOs
 * and cache-block operations on a device region take the access fault, and so does
 * instruction fetch (device pages are never executable).
 *
 * Time: a device sees the cycle an access issues (`now`: modelled cycles with a cycle model,
 * retired instructions in functional mode) so that an operation can stay BUSY for the cycles it
 * takes; the durations come from k64_bus_timing, which the machine fills from the cycle model's
 * parameters (timing/params.def) or leaves at the functional defaults. */
#ifndef K64_DEV_BUS_H
#define K64_DEV_BUS_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "mem/mem.h"

#define K64_BUS_MAX_REGIONS 16

/* A device's callbacks. off is the offset in its region, size 1, 2, 4 or 8; false refuses the
 * access (the hart takes the load/store access fault). */
struct k64_bus_region;
struct k64_ckw;
struct k64_ckr;
struct k64_bus_ops {
	bool (*read)(void *dev, uint64_t off, unsigned size, uint64_t *val, uint64_t now);
	bool (*write)(void *dev, uint64_t off, unsigned size, uint64_t val, uint64_t now);
	void (*free)(void *dev);
	/* Optional: the device's interrupt line at `now` (brought up to date first), and in *next
	 * the `now` at which it may change by itself (an operation finishing), ~0 if never. */
	bool (*irq)(void *dev, uint64_t now, uint64_t *next);
	/* Optional, full system (board/): back to the state at power-on (a syscon reboot), and the
	 * device's node in the device tree (libfdt's sequential-write API; r->irq is its PLIC
	 * source, plic_phandle the interrupt parent): 0 or a negative libfdt error. */
	void (*reset)(void *dev);
	int (*fdt)(void *dev, void *fdt, const struct k64_bus_region *r, uint32_t plic_phandle);
	/* Optional (none: the device has no state): its state into a checkpoint (mem/ckpt.h), times
	 * as offsets from `now`; and back at the restoring run's `now`. restore is called twice:
	 * first with apply = false, to check the bytes (and the world: a drive's file) without a
	 * change, then with apply = true; 0, or -1 with a one-line message. */
	void (*save)(void *dev, struct k64_ckw *w, uint64_t now);
	int (*restore)(void *dev, struct k64_ckr *r, uint64_t now, bool apply, char *err, size_t errlen);
};

/* The DMA timing the devices compute their busy time from (doc/keccak-dma.md). */
struct k64_bus_timing {
	bool modelled;            /* a cycle model runs: `now` is cycles and BUSY lasts the op's cycles */
	unsigned bus_bytes;       /* bytes per DMA beat (4: 32-bit words as on X-HEEP) */
	unsigned beat;            /* cycles per beat once a transfer streams */
	unsigned read_latency;    /* cycles before the first read beat of a transfer phase */
	unsigned write_latency;   /* cycles after the last write beat until the writes are acknowledged */
	unsigned setup;           /* START edge to the first request */
	unsigned rounds_per_cycle;/* Keccak engine rounds per cycle */
	unsigned done;            /* last acknowledge to DONE in STATUS */
	unsigned blk_latency;     /* virtio-blk: notify to completion, before the transfer (dev/virtio_blk.c) */
	/* With a model: the cycles the core's data side has used the memory port so far (the
	 * model's memory-stall event), for contention; NULL = none. */
	uint64_t (*mem_cycles)(void *ctx);
	void *mem_ctx;
};

struct k64_bus_region {
	uint64_t base, size;
	const struct k64_bus_ops *ops;
	void *dev;
	const char *name;
	unsigned irq;             /* full system: its PLIC source (0 = not wired) */
};

struct k64_bus {
	struct k64_bus_region r[K64_BUS_MAX_REGIONS];
	unsigned n;
	uint64_t lo, hi;          /* hull of the regions, for a one-compare miss */
	struct k64_mem *mem;      /* what bus masters reach */
	struct k64_bus_timing timing;
	/* Called after a bus master wrote guest memory that holds decoded code (the hart drops its
	 * decoded blocks at the next boundary). */
	void (*code_written)(void *ctx);
	void *code_ctx;
	/* Full system: called after an access to a region with an interrupt line (board/). */
	void (*irq_changed)(void *ctx, uint64_t now);
	void *irq_ctx;
	/* Full system: cycles the hart has waited in wfi (time passes, cycles do not), so that a
	 * device whose operation runs while the hart sleeps can finish (dev/virtio_blk.c). */
	uint64_t idle_cycles;
};

void k64_bus_init(struct k64_bus *b, struct k64_mem *mem);
void k64_bus_free(struct k64_bus *b);
/* Registers [base, base + size) (page-aligned, not overlapping another region or the memory
 * arena in bare metal; the machine checks the latter). 0, or -1 with a message. */
int k64_bus_add(struct k64_bus *b, uint64_t base, uint64_t size, const struct k64_bus_ops *ops, void *dev,
		const char *name, char *err, size_t errlen);

/* The region holding [a, a + size), or NULL; one compare when a is outside every region. */
const struct k64_bus_region *k64_bus_find_slow(const struct k64_bus *b, uint64_t a, uint64_t size);
static inline const struct k64_bus_region *k64_bus_find(const struct k64_bus *b, uint64_t a, uint64_t size)
{
	if (a + size <= b->lo || a >= b->hi)
		return NULL;
	return k64_bus_find_slow(b, a, size);
}
/* True if [a, a + size) touches any region (vector and AMO accesses must fault there). */
bool k64_bus_overlaps(const struct k64_bus *b, uint64_t a, uint64_t size);

/* The wired devices' interrupt lines at now: bit s for PLIC source s; *next as in k64_bus_ops.irq. */
uint32_t k64_bus_irqs(struct k64_bus *b, uint64_t now, uint64_t *next);

/* Scalar accesses from the hart: false = access fault. */
bool k64_bus_load(struct k64_bus *b, uint64_t a, unsigned size, uint64_t *val, uint64_t now);
bool k64_bus_store(struct k64_bus *b, uint64_t a, unsigned size, uint64_t val, uint64_t now);

/* Bus master: copies between a device and guest memory. Every byte must lie in mapped guest
 * memory (readable for reads, writable for writes); never a device region, never host memory
 * outside the arena. 0, or -1 with nothing transferred. */
int k64_bus_dma_read(struct k64_bus *b, uint64_t a, void *dst, uint64_t len);
int k64_bus_dma_write(struct k64_bus *b, uint64_t a, const void *src, uint64_t len);
/* Whether a whole transfer would succeed (checked before anything is written). */
bool k64_bus_dma_ok(struct k64_bus *b, uint64_t a, uint64_t len, bool write);

/* DMA transfer phases under b->timing: a read of `bytes` (latency, then one beat per bus word),
 * a write of `bytes` (one beat per bus word; the acknowledge latency is the caller's), and
 * nr Keccak rounds in the engine. */
uint64_t k64_bus_read_cycles(const struct k64_bus *b, uint64_t bytes);
uint64_t k64_bus_write_cycles(const struct k64_bus *b, uint64_t bytes);
uint64_t k64_bus_engine_cycles(const struct k64_bus *b, unsigned nr);

/* What the DMA devices share: STATUS (DONE, BUSY, ERROR), the START edge on CTRL bit 0, the
 * running operation and the counters of the last one (doc/keccak-dma.md). An operation is done
 * once `now` reaches its end plus the cycles the core's own memory traffic took from the DMA's
 * transfers since START (contention, at most the transfers' beats); its counters are set then. */
enum { K64_DMA_DONE = 1, K64_DMA_BUSY = 2, K64_DMA_ERROR = 4 };
struct k64_dma_ctl {
	uint32_t ctrl;            /* bit 0 as last written */
	uint32_t status;          /* DONE or ERROR of the last finished operation */
	uint32_t last_op, last_core, op_count;
	bool pending;             /* an operation runs */
	uint64_t end;             /* its end without contention */
	uint64_t mem0, xfer;      /* core memory cycles at START; the DMA's transfer beats */
	uint64_t cycles, engine;  /* its cycles without contention, its engine cycles */
};
/* Brings c up to cycle now (every register access calls it first). */
void k64_dma_settle(const struct k64_bus *b, struct k64_dma_ctl *c, uint64_t now);
uint32_t k64_dma_status(const struct k64_dma_ctl *c);
/* The devices' interrupt line: high on DONE or ERROR until the next start (settles c first). */
bool k64_dma_irq(const struct k64_bus *b, struct k64_dma_ctl *c, uint64_t now, uint64_t *next);
/* A write of v to CTRL: true if it starts an operation (a 0-to-1 edge of bit 0; ignored while
 * BUSY). */
bool k64_dma_ctrl_write(struct k64_dma_ctl *c, uint32_t v);
/* The operation started at now: ERROR at once, or DONE after `cycles` (functional mode: at
 * once), of which `engine` in the Keccak engine and `xfer` in DMA transfer beats. */
void k64_dma_finish(const struct k64_bus *b, struct k64_dma_ctl *c, uint64_t now, bool error, uint64_t cycles,
		    uint64_t engine, uint64_t xfer);

/* Checkpoints: c's state with its times as offsets from now (and from the core's memory cycles
 * now), and back (false: the bytes are not a valid state; nothing is changed). */
void k64_dma_save(const struct k64_bus *b, const struct k64_dma_ctl *c, struct k64_ckw *w, uint64_t now);
bool k64_dma_restore(const struct k64_bus *b, struct k64_dma_ctl *c, struct k64_ckr *r, uint64_t now, bool apply);

/* Devices, by option string "NAME[,base=ADDR]" (--device): creates and registers one.
 * 0, or -1 with a one-line message. */
int k64_bus_add_device(struct k64_bus *b, const char *spec, char *err, size_t errlen);
/* The constructors of the devices (one file each). */
int k64_keccak_dma_new(struct k64_bus *b, uint64_t base, char *err, size_t errlen);
int k64_keccak_sponge_dma_new(struct k64_bus *b, uint64_t base, char *err, size_t errlen);

/* The functional defaults of k64_bus_timing (karu64-sim's parameter values). */
extern const struct k64_bus_timing k64_bus_timing_default;
#endif
