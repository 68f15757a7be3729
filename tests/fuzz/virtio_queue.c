/* Fuzz entry point: the virtio split-virtqueue handling of the block device (dev/virtio.c,
 * dev/virtio_blk.c). The input is a guest: its first bytes choose the negotiated features, the
 * queue size and where the descriptor table and the two rings lie (anywhere, in or out of a
 * small guest RAM, misaligned), the rest is the RAM's content (descriptors, rings, indirect
 * tables, request headers); then the driver notifies a few times, with register reads and
 * writes in between. The device must never touch memory outside the guest RAM (ASan) and never
 * crash; it may complete requests or set DEVICE_NEEDS_RESET. The drive is a snapshot over a
 * temporary 64 KiB image, so nothing is written to a file. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "dev/bus.h"
#include "dev/virtio.h"
#include "mem/mem.h"

#define RAM      0x80000000ull
#define RAM_SIZE (64u << 10)
#define BASE     0x10001000ull

static struct k64_mem mem;
static struct k64_bus bus;
static bool ready;

static void setup(void)
{
	char path[] = "/tmp/karu64-fuzz-vq-XXXXXX", err[256];
	int fd = mkstemp(path);
	if (fd < 0 || ftruncate(fd, 64 << 10))
		abort();
	close(fd);
	if (k64_mem_init(&mem, 0, RAM + RAM_SIZE) || k64_mem_set_perm(&mem, RAM, RAM_SIZE, K64_PERM_RWX))
		abort();
	k64_bus_init(&bus, &mem);
	char spec[64];
	snprintf(spec, sizeof spec, "%s,snapshot", path);
	if (k64_virtio_blk_new(&bus, BASE, 1, spec, 0, err, sizeof err)) {
		fprintf(stderr, "%s\n", err);
		abort();
	}
	unlink(path);   /* the device keeps it open */
	ready = true;
}

static void w(uint64_t off, uint32_t v, uint64_t now) { k64_bus_store(&bus, BASE + off, 4, v, now); }
static uint32_t r(uint64_t off, uint64_t now)
{
	uint64_t v;
	k64_bus_load(&bus, BASE + off, 4, &v, now);
	return (uint32_t)v;
}

/* A ring address: mostly inside RAM, sometimes anywhere. */
static uint64_t where(const uint8_t *p)
{
	uint32_t v;
	memcpy(&v, p, 4);
	return (v & 0x80000000u) ? (uint64_t)v << 8 : RAM + (v % RAM_SIZE);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!ready)
		setup();
	if (size < 16)
		return 0;
	uint8_t *ram = k64_mem_host(&mem, RAM, RAM_SIZE, 0);
	size_t n = size - 16 < RAM_SIZE ? size - 16 : RAM_SIZE;
	memset(ram, 0, RAM_SIZE);
	memcpy(ram, data + 16, n);
	bus.timing.blk_latency = data[0] & 1 ? 100 : 0;   /* completions delayed or at once */
	uint64_t now = 0;
	w(0x070, 0, now);                                   /* reset */
	w(0x070, 1 | 2, now);
	w(0x024, 0, now);
	w(0x020, (uint32_t)(data[1] & 3) << 28, now);       /* INDIRECT_DESC, EVENT_IDX */
	w(0x024, 1, now);
	w(0x020, 1, now);                                   /* VERSION_1 */
	w(0x070, 1 | 2 | 8, now);
	w(0x030, 0, now);
	w(0x038, data[2] % 2 ? 1u << (data[3] % 10) : data[3], now);   /* queue size, often a power of 2 */
	uint64_t d = where(data + 4), a = where(data + 8), u = where(data + 12);
	w(0x080, (uint32_t)d, now), w(0x084, (uint32_t)(d >> 32), now);
	w(0x090, (uint32_t)a, now), w(0x094, (uint32_t)(a >> 32), now);
	w(0x0a0, (uint32_t)u, now), w(0x0a4, (uint32_t)(u >> 32), now);
	w(0x044, 1, now);
	w(0x070, 1 | 2 | 4 | 8, now);
	for (int k = 0; k < 4; k++) {
		w(0x050, 0, now);
		now += 50;
		uint64_t next;
		k64_bus_irqs(&bus, now, &next);
		uint32_t isr = r(0x060, now);
		w(0x064, isr, now);
		r(0x100 + (data[k + 1] & 0x3f), now);           /* configuration space */
		/* the guest moves its avail index on between notifications */
		if (a >= RAM && a + 4 <= RAM + RAM_SIZE)
			ram[a - RAM + 2] += data[k] & 3;
		now += 200;
	}
	return 0;
}
