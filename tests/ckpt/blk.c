/* Bare metal on the board (as --bios) for tests/ckpt: a virtio-blk request in flight and a
 * snapshot drive's overlay across a checkpoint. Writes sector 9 of vda (a snapshot drive) with
 * a pattern and, before the completion is reaped, asks for a checkpoint (syscon 0x4350: with a
 * cycle model the request is still in flight then); then reaps it, reads sectors 9 and 10 back
 * and prints their FNV-1a hashes: sector 9 comes from the overlay, sector 10 from the file. */
#include <stdint.h>

#define UART   ((volatile uint8_t *)0x10000000)
#define SYSCON ((volatile uint32_t *)0x100000)
#define VIO    0x10001000ul

enum { DEV_FEAT = 0x010, DEV_FEAT_SEL = 0x014, DRV_FEAT = 0x020, DRV_FEAT_SEL = 0x024, QUEUE_SEL = 0x030,
       QUEUE_NUM = 0x038, QUEUE_READY = 0x044, QUEUE_NOTIFY = 0x050, STATUS = 0x070, DESC_LO = 0x080,
       DESC_HI = 0x084, DRIVER_LO = 0x090, DRIVER_HI = 0x094, DEVICE_LO = 0x0a0, DEVICE_HI = 0x0a4 };
enum { F_NEXT = 1, F_WRITE = 2, T_IN = 0, T_OUT = 1 };
#define QN 4

struct desc { uint64_t addr; uint32_t len; uint16_t flags, next; };
static struct {
	struct desc d[QN] __attribute__((aligned(16)));
	struct { uint16_t flags, idx, ring[QN], used_event; } avail __attribute__((aligned(4)));
	struct { uint16_t flags, idx; struct { uint32_t id, len; } ring[QN]; uint16_t avail_event; } used
		__attribute__((aligned(4)));
} q;
static struct { uint32_t type, reserved; uint64_t sector; } hdr;
static uint8_t buf[512] __attribute__((aligned(64)));
static volatile uint8_t st;
static uint16_t seen;

static void puts_(const char *s) { while (*s) *UART = (uint8_t)*s++; }
static void hex(uint64_t v)
{
	for (int i = 60; i >= 0; i -= 4)
		*UART = (uint8_t)"0123456789abcdef"[(v >> i) & 15];
}
static uint32_t rd(unsigned off) { return *(volatile uint32_t *)(VIO + off); }
static void wr(unsigned off, uint32_t v) { *(volatile uint32_t *)(VIO + off) = v; }
static void fence(void) { __asm__ volatile("fence rw, rw" ::: "memory"); }
static void addr(unsigned lo, const volatile void *p)
{
	wr(lo, (uint32_t)(uintptr_t)p);
	wr(lo + 4, (uint32_t)((uintptr_t)p >> 32));
}

static void post(uint32_t type, uint64_t sector)
{
	hdr.type = type;
	hdr.sector = sector;
	st = 0xee;
	q.d[0] = (struct desc){ (uintptr_t)&hdr, 16, F_NEXT, 1 };
	q.d[1] = (struct desc){ (uintptr_t)buf, 512, (uint16_t)(F_NEXT | (type == T_IN ? F_WRITE : 0)), 2 };
	q.d[2] = (struct desc){ (uintptr_t)&st, 1, F_WRITE, 0 };
	q.avail.ring[q.avail.idx % QN] = 0;
	fence();
	q.avail.idx++;
	fence();
	wr(QUEUE_NOTIFY, 0);
}

static void reap(void)
{
	while (*(volatile uint16_t *)&q.used.idx == seen)
		fence();
	seen++;
	if (st != 0) {
		puts_("FAIL request status\n");
		*SYSCON = 0x3333 | (3 << 16);
	}
}

static void print_sector(const char *name, uint64_t sector)
{
	post(T_IN, sector);
	reap();
	uint64_t h = 0xcbf29ce484222325ull;
	for (unsigned i = 0; i < 512; i++)
		h = (h ^ buf[i]) * 0x100000001b3ull;
	puts_(name);
	hex(h);
	puts_("\n");
}

void main(void)
{
	wr(STATUS, 0);
	wr(STATUS, 1 | 2);
	wr(DRV_FEAT_SEL, 0);
	wr(DRV_FEAT, 0);
	wr(DRV_FEAT_SEL, 1);
	wr(DRV_FEAT, 1);   /* VERSION_1 only */
	wr(STATUS, 1 | 2 | 8);
	wr(QUEUE_SEL, 0);
	wr(QUEUE_NUM, QN);
	addr(DESC_LO, q.d);
	addr(DRIVER_LO, &q.avail);
	addr(DEVICE_LO, &q.used);
	wr(QUEUE_READY, 1);
	wr(STATUS, 1 | 2 | 8 | 4);
	for (unsigned i = 0; i < 512; i++)
		buf[i] = (uint8_t)(i * 7 + 3);
	post(T_OUT, 9);
	*SYSCON = 0x4350;   /* the checkpoint, the write possibly still in flight */
	puts_("after the checkpoint\n");
	reap();
	print_sector("sector 9 ", 9);
	print_sector("sector 10 ", 10);
	*SYSCON = 0x5555;
	for (;;)
		;
}

__attribute__((naked, section(".text.init"))) void _start(void)
{
	__asm__ volatile("la sp, _end + 0x10000\n\t"
			 "call main\n\t");
}
