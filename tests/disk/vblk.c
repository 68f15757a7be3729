/* Bare metal on the board (as --bios, M-mode): a minimal virtio-mmio block driver written from
 * the virtio 1.2 specification (§2.7 split virtqueues, §4.2 MMIO, §5.2 block device) drives
 * vda (read-write) and vdb (readonly) and prints what it saw; tests/disk/run.py checks it
 * against the image files. Then malformed chains and rings, each on a freshly reset device:
 * the device must set DEVICE_NEEDS_RESET (status bit 0x40) with a configuration interrupt
 * (InterruptStatus bit 1), and work again after a reset. Last, a read waited for in wfi with
 * the interrupt through the PLIC (source 1) and its latency in mcycle. */
#include <stdint.h>

#define UART   ((volatile uint8_t *)0x10000000)
#define SYSCON ((volatile uint32_t *)0x100000)
#define PLIC   0xc000000ul
#define VIO(d) (0x10001000ul + 0x1000ul * (unsigned long)(d))

enum {
	MAGIC = 0x000, VERSION = 0x004, DEVICE_ID = 0x008, DEV_FEAT = 0x010, DEV_FEAT_SEL = 0x014, DRV_FEAT = 0x020,
	DRV_FEAT_SEL = 0x024, QUEUE_SEL = 0x030, QUEUE_NUM_MAX = 0x034, QUEUE_NUM = 0x038, QUEUE_READY = 0x044,
	QUEUE_NOTIFY = 0x050, ISR = 0x060, ISR_ACK = 0x064, STATUS = 0x070, DESC_LO = 0x080, DESC_HI = 0x084,
	DRIVER_LO = 0x090, DRIVER_HI = 0x094, DEVICE_LO = 0x0a0, DEVICE_HI = 0x0a4, CONFIG = 0x100,
};
enum { F_NEXT = 1, F_WRITE = 2, F_INDIRECT = 4 };
#define QN 8

struct desc { uint64_t addr; uint32_t len; uint16_t flags, next; };
struct ring {
	struct desc d[QN] __attribute__((aligned(16)));
	struct { uint16_t flags, idx, ring[QN], used_event; } avail __attribute__((aligned(4)));
	struct { uint16_t flags, idx; struct { uint32_t id, len; } ring[QN]; uint16_t avail_event; } used
		__attribute__((aligned(4)));
	struct desc ind[4] __attribute__((aligned(16)));
	uint16_t seen;
};
static struct ring R[2];
static struct { uint32_t type, reserved; uint64_t sector; } hdr;
static uint8_t data[2048] __attribute__((aligned(64)));
static volatile uint8_t st;

static void puts_(const char *s) { while (*s) *UART = (uint8_t)*s++; }
static void hex(uint64_t v)
{
	char b[17];
	int n = 0;
	do b[n++] = "0123456789abcdef"[v & 15]; while ((v >>= 4));
	while (n) *UART = (uint8_t)b[--n];
}
static void kv(const char *k, uint64_t v) { puts_(" "); puts_(k); puts_("="); hex(v); }
static inline uint64_t mcycle(void) { uint64_t v; __asm__ volatile("csrr %0, mcycle" : "=r"(v)); return v; }
static inline uint64_t rdtime(void) { uint64_t v; __asm__ volatile("csrr %0, time" : "=r"(v)); return v; }
static inline void fence(void) { __asm__ volatile("fence rw, rw" ::: "memory"); }
static uint32_t rd(int dv, unsigned off) { return *(volatile uint32_t *)(VIO(dv) + off); }
static void wr(int dv, unsigned off, uint32_t v) { *(volatile uint32_t *)(VIO(dv) + off) = v; }
static void fail(const char *why) { puts_("FAIL "); puts_(why); puts_("\n"); *SYSCON = 0x3333 | (3 << 16); for (;;); }

static uint64_t fnv(const uint8_t *p, unsigned n)
{
	uint64_t h = 0xcbf29ce484222325ull;
	for (unsigned i = 0; i < n; i++)
		h = (h ^ p[i]) * 0x100000001b3ull;
	return h;
}

static void *zero(void *p, unsigned n) { for (unsigned i = 0; i < n; i++) ((volatile uint8_t *)p)[i] = 0; return p; }

/* §3.1.1 initialisation with the feature bits lo (of the low word; VERSION_1 always) and the
 * descriptor table at desc. */
static void init_at(int dv, uint32_t lo, uint64_t desc)
{
	struct ring *r = &R[dv];
	wr(dv, STATUS, 0);
	wr(dv, STATUS, 1);
	wr(dv, STATUS, 1 | 2);
	wr(dv, DEV_FEAT_SEL, 0);
	uint32_t f0 = rd(dv, DEV_FEAT);
	wr(dv, DRV_FEAT_SEL, 0);
	wr(dv, DRV_FEAT, f0 & lo);
	wr(dv, DRV_FEAT_SEL, 1);
	wr(dv, DRV_FEAT, 1);
	wr(dv, STATUS, 1 | 2 | 8);
	if (!(rd(dv, STATUS) & 8))
		fail("FEATURES_OK refused");
	zero(r, sizeof *r);
	wr(dv, QUEUE_SEL, 0);
	if (rd(dv, QUEUE_NUM_MAX) < QN || rd(dv, QUEUE_READY))
		fail("queue 0");
	wr(dv, QUEUE_NUM, QN);
	wr(dv, DESC_LO, (uint32_t)desc);
	wr(dv, DESC_HI, (uint32_t)(desc >> 32));
	wr(dv, DRIVER_LO, (uint32_t)(uintptr_t)&r->avail);
	wr(dv, DRIVER_HI, (uint32_t)((uintptr_t)&r->avail >> 32));
	wr(dv, DEVICE_LO, (uint32_t)(uintptr_t)&r->used);
	wr(dv, DEVICE_HI, (uint32_t)((uintptr_t)&r->used >> 32));
	wr(dv, QUEUE_READY, 1);
	wr(dv, STATUS, 1 | 2 | 8 | 4);
}

static void init(int dv, uint32_t lo) { init_at(dv, lo, (uintptr_t)R[dv].d); }

static void set(struct desc *d, const volatile void *a, uint32_t len, uint16_t flags, uint16_t next)
{
	d->addr = (uint64_t)(uintptr_t)a;
	d->len = len;
	d->flags = flags;
	d->next = next;
}

static void post(int dv, uint16_t head)
{
	struct ring *r = &R[dv];
	r->avail.ring[r->avail.idx % QN] = head;
	fence();
	r->avail.idx++;
	fence();
	wr(dv, QUEUE_NOTIFY, 0);
}

/* Waits for the used ring to move; its length. */
static uint32_t reap(int dv)
{
	struct ring *r = &R[dv];
	for (unsigned long i = 0; i < 100000000ul; i++) {
		fence();
		if (*(volatile uint16_t *)&r->used.idx != r->seen) {
			uint32_t len = r->used.ring[r->seen % QN].len;
			r->seen++;
			return len;
		}
	}
	fail("no completion");
	return 0;
}

/* header -> data (len bytes, device-writable if in) -> status, as descriptors 0, 1, 2 of t */
static void chain3(struct desc *t, uint32_t type, uint64_t sector, uint32_t len, int in)
{
	hdr.type = type;
	hdr.sector = sector;
	st = 0xee;
	set(&t[0], &hdr, 16, F_NEXT, 1);
	set(&t[1], data, len, F_NEXT | (in ? F_WRITE : 0), 2);
	set(&t[2], &st, 1, F_WRITE, 0);
}

static uint32_t req3(int dv, uint32_t type, uint64_t sector, uint32_t len, int in)
{
	chain3(R[dv].d, type, sector, len, in);
	post(dv, 0);
	return reap(dv);
}

static void bad_check(const char *name)
{
	puts_("bad ");
	puts_(name);
	kv("status", rd(0, STATUS));
	kv("isr", rd(0, ISR));
	puts_("\n");
	init(0, 1u << 28);
}

static volatile uint32_t irq_claim, irq_isr, irqs;
static volatile uint64_t t_irq;

__attribute__((interrupt("machine"), aligned(4))) static void trap(void)
{
	uint64_t cause;
	__asm__ volatile("csrr %0, mcause" : "=r"(cause));
	if (cause != ((1ull << 63) | 11))
		fail("unexpected trap");
	t_irq = rdtime();
	irq_claim = *(volatile uint32_t *)(PLIC + 0x200004);
	irq_isr = rd(0, ISR);
	wr(0, ISR_ACK, irq_isr);
	*(volatile uint32_t *)(PLIC + 0x200004) = irq_claim;
	irqs++;
}

void main(void)
{
	struct ring *r = &R[0];
	if (rd(0, MAGIC) != 0x74726976 || rd(0, VERSION) != 2 || rd(0, DEVICE_ID) != 2)
		fail("not a virtio-mmio version 2 block device");
	wr(0, DEV_FEAT_SEL, 0);
	uint32_t f0 = rd(0, DEV_FEAT);
	wr(0, DEV_FEAT_SEL, 1);
	puts_("features");
	kv("lo", f0);
	kv("hi", rd(0, DEV_FEAT));
	wr(1, DEV_FEAT_SEL, 0);
	kv("vdb_lo", rd(1, DEV_FEAT));
	uint64_t cap = rd(0, CONFIG) | (uint64_t)rd(0, CONFIG + 4) << 32;
	kv("capacity", cap);
	kv("blk_size", rd(0, CONFIG + 0x14));
	puts_("\n");

	init(0, 1u << 28);                        /* INDIRECT_DESC */
	uint64_t c0 = mcycle();
	uint32_t len = req3(0, 0, 3, 1024, 1);
	uint64_t c1 = mcycle();
	puts_("read");
	kv("status", st);
	kv("len", len);
	kv("cycles", c1 - c0);
	kv("fnv", fnv(data, 1024));
	puts_("\n");

	/* the same request through an indirect table */
	chain3(r->ind, 0, 7, 512, 1);
	set(&r->d[4], r->ind, 48, F_INDIRECT, 0);
	post(0, 4);
	len = reap(0);
	puts_("indirect");
	kv("status", st);
	kv("len", len);
	kv("fnv", fnv(data, 512));
	puts_("\n");

	for (int i = 0; i < 512; i++)
		data[i] = (uint8_t)(i * 7 + 1);
	req3(0, 1, 9, 512, 0);
	puts_("write");
	kv("status", st);
	req3(0, 4, 0, 0, 0);                      /* FLUSH: header and status only */
	kv("flush", st);
	puts_("\n");

	req3(0, 0, cap, 512, 1);
	puts_("beyond");
	kv("status", st);
	req3(0, 0, 0, 100, 1);
	kv("partial", st);
	req3(0, 99, 0, 512, 1);
	kv("unknown", st);
	zero(data, 32);
	req3(0, 8, 0, 20, 1);
	puts_(" id=");
	puts_((const char *)data);
	puts_("\n");

	init(1, 1u << 28);
	for (int i = 0; i < 512; i++)
		data[i] = 0x5a;
	req3(1, 1, 2, 512, 0);
	puts_("readonly");
	kv("write", st);
	req3(1, 0, 2, 512, 1);
	kv("read", st);
	kv("fnv", fnv(data, 512));
	puts_("\n");

	/* event index (§2.7.10): no interrupt while used_event is ahead, one once it is reached */
	init(0, 1u << 29);
	r->avail.used_event = 5;
	req3(0, 0, 0, 512, 1);
	puts_("eventidx");
	kv("isr_ahead", rd(0, ISR));
	kv("avail_event", r->used.avail_event);
	r->avail.used_event = r->seen;
	req3(0, 0, 0, 512, 1);
	kv("isr_reached", rd(0, ISR));
	puts_("\n");

	/* malformed chains and rings; the device must refuse each without touching anything else */
	init(0, 1u << 28);
	set(&r->d[0], &hdr, 16, F_NEXT, 1);
	set(&r->d[1], data, 512, F_NEXT | F_WRITE, 2);
	set(&r->d[2], &st, 1, F_WRITE, 0);
	r->avail.ring[0] = 100;                   /* head index beyond the queue */
	fence(); r->avail.idx = 1; fence(); wr(0, QUEUE_NOTIFY, 0);
	bad_check("head");
	set(&r->d[0], &hdr, 16, F_NEXT, 0);       /* a loop */
	post(0, 0);
	bad_check("loop");
	set(&r->d[0], &hdr, 16, F_NEXT, 1);
	set(&r->d[1], (void *)0x0, 512, F_NEXT | F_WRITE, 2);   /* below RAM, no memory */
	set(&r->d[2], &st, 1, F_WRITE, 0);
	post(0, 0);
	bad_check("unmapped");
	set(&r->d[1], (void *)VIO(0), 512, F_NEXT | F_WRITE, 2);   /* the device's own registers */
	post(0, 0);
	bad_check("mmio");
	set(&r->d[1], data, 0xffffffffu, F_NEXT | F_WRITE, 2);      /* 4 GiB: beyond the end of RAM */
	post(0, 0);
	bad_check("huge");
	set(&r->d[1], (void *)0x7ffffffff000ull, 512, F_NEXT | F_WRITE, 2);   /* far outside guest memory */
	post(0, 0);
	bad_check("far");
	set(&r->d[1], data, 512, F_NEXT | F_WRITE, 2);
	set(&r->d[2], (void *)0x1000, 1, F_WRITE, 0);   /* the status byte in the reset ROM (read-only) */
	post(0, 0);
	bad_check("rom");
	set(&r->d[2], &st, 1, F_WRITE, 3);
	set(&r->d[1], data, 512, F_NEXT | F_WRITE, 2);
	set(&r->d[2], &st, 1, F_WRITE | F_NEXT, 3);
	set(&r->d[3], data, 16, 0, 0);            /* readable after writable */
	post(0, 0);
	bad_check("order");
	set(&r->d[0], &hdr, 16, 0, 0);            /* no status byte */
	post(0, 0);
	bad_check("nostatus");
	set(&r->ind[0], &hdr, 16, F_NEXT, 1);
	set(&r->ind[1], r->ind, 48, F_INDIRECT, 0);   /* an indirect table inside one */
	set(&r->d[4], r->ind, 32, F_INDIRECT, 0);
	post(0, 4);
	bad_check("nested");
	set(&r->d[4], r->ind, 24, F_INDIRECT, 0);   /* not a whole number of descriptors */
	post(0, 4);
	bad_check("indlen");
	set(&r->d[4], r->ind, 48, F_INDIRECT | F_NEXT, 5);
	post(0, 4);
	bad_check("indnext");
	r->avail.idx = 20;                        /* avail index ahead by more than the queue */
	fence(); wr(0, QUEUE_NOTIFY, 0);
	bad_check("availidx");
	init_at(0, 0, 0x2000000);                 /* the descriptor table in the CLINT */
	r->avail.idx = 1;
	fence(); wr(0, QUEUE_NOTIFY, 0);
	bad_check("ringmmio");

	/* after the resets the device works again: a read waited for in wfi, through the PLIC */
	*(volatile uint32_t *)(PLIC + 4 * 1) = 1;
	*(volatile uint32_t *)(PLIC + 0x200000) = 0;
	*(volatile uint32_t *)(PLIC + 0x2000) = 1u << 1;
	__asm__ volatile("csrw mtvec, %0" : : "r"(trap));
	__asm__ volatile("csrw mie, %0" : : "r"(1ul << 11));
	chain3(r->d, 0, 3, 1024, 1);
	uint64_t t0 = rdtime();
	__asm__ volatile("csrci mstatus, 8");
	post(0, 0);
	while (!irqs)
		__asm__ volatile("wfi\n\tcsrsi mstatus, 8\n\tcsrci mstatus, 8");
	puts_("wfi");
	kv("status", st);
	kv("claim", irq_claim);
	kv("isr", irq_isr);
	kv("fnv", fnv(data, 1024));
	kv("ticks", t_irq - t0);
	kv("used", r->used.idx);
	puts_("\n");
	*SYSCON = 0x5555;
	for (;;)
		;
}

__attribute__((naked, section(".text.init"))) void _start(void)
{
	__asm__ volatile("la sp, _end + 0x10000\n\t"
			 "call main\n\t");
}
