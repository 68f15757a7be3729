/* The ACLINT/CLINT at 0x2000000 (SiFive CLINT layout, as QEMU virt): MSWI msip at 0x0000,
 * MTIMER mtimecmp at 0x4000 and mtime at 0xbff8, for hart 0. mtime is the hart's time CSR
 * (core/csr.c, k64_time_ticks: 10 MHz); writes to mtime are ignored (doc/board.md). */
#include <libfdt.h>
#include <stdio.h>
#include "board/board.h"
#include "core/hart.h"
#include "dev/bus.h"
#include "mem/ckpt.h"

#define MSIP     0x0000
#define MTIMECMP 0x4000
#define MTIME    0xbff8

/* A 4-byte access to the upper or lower half of a 64-bit register, or an 8-byte one. */
static bool part(uint64_t off, uint64_t reg, unsigned size, unsigned *shift)
{
	if (size == 8 && off == reg)
		return *shift = 0, true;
	if (size == 4 && (off == reg || off == reg + 4))
		return *shift = (unsigned)(off - reg) * 8, true;
	return false;
}

static bool clint_read(void *dev, uint64_t off, unsigned size, uint64_t *val, uint64_t now)
{
	struct k64_board *b = dev;
	unsigned sh;
	uint64_t mask = size == 8 ? ~0ull : 0xffffffffull;
	if (off == MSIP && size == 4) {
		*val = b->msip;
	} else if (part(off, MTIMECMP, size, &sh)) {
		*val = (b->mtimecmp >> sh) & mask;
	} else if (part(off, MTIME, size, &sh)) {
		*val = (k64_time_ticks(b->h, now) >> sh) & mask;
	} else if (size == 4 && off < 0xc000) {
		*val = 0;   /* the msip and mtimecmp of harts that do not exist */
	} else {
		return false;
	}
	return true;
}

static bool clint_write(void *dev, uint64_t off, unsigned size, uint64_t val, uint64_t now)
{
	struct k64_board *b = dev;
	unsigned sh;
	if (off == MSIP && size == 4) {
		b->msip = val & 1;
	} else if (part(off, MTIMECMP, size, &sh)) {
		uint64_t mask = (size == 8 ? ~0ull : 0xffffffffull) << sh;
		b->mtimecmp = (b->mtimecmp & ~mask) | ((val << sh) & mask);
	} else if (part(off, MTIME, size, &sh) || (size == 4 && off < 0xc000)) {
		return true;
	} else {
		return false;
	}
	k64_board_update_irqs(b, now);
	return true;
}

static void clint_reset(void *dev)
{
	struct k64_board *b = dev;
	b->msip = 0;
	b->mtimecmp = ~0ull;
}

/* interrupts-extended: hart 0's MSIP (3) and MTIP (7) */
static int clint_fdt(void *dev, void *fdt, const struct k64_bus_region *r, uint32_t plic)
{
	char name[32];
	int e;
	(void)dev, (void)plic;
	snprintf(name, sizeof name, "clint@%llx", (unsigned long long)r->base);
	if ((e = fdt_begin_node(fdt, name)) < 0 ||
	    (e = fdt_property(fdt, "compatible", "sifive,clint0\0riscv,clint0", sizeof "sifive,clint0\0riscv,clint0")) < 0 ||
	    (e = k64_fdt_reg(fdt, r->base, r->size)) < 0 ||
	    (e = k64_fdt_cells(fdt, "interrupts-extended", (const uint32_t[]){ K64_PH_INTC, 3, K64_PH_INTC, 7 }, 4)) < 0)
		return e;
	return fdt_end_node(fdt);
}

/* Checkpoints: msip and mtimecmp (mtime is the hart's time, saved with it). */
static void clint_save(void *dev, struct k64_ckw *w, uint64_t now)
{
	struct k64_board *b = dev;
	(void)now;
	k64_ckw_u64(w, b->msip);
	k64_ckw_u64(w, b->mtimecmp);
}

static int clint_restore(void *dev, struct k64_ckr *r, uint64_t now, bool apply, char *err, size_t errlen)
{
	struct k64_board *b = dev;
	uint64_t msip = k64_ckr_u64(r), cmp = k64_ckr_u64(r);
	(void)now;
	if (r->bad || msip > 1)
		return snprintf(err, errlen, "clint: the checkpoint's state is not valid"), -1;
	if (apply)
		b->msip = (uint32_t)msip, b->mtimecmp = cmp;
	return 0;
}

static const struct k64_bus_ops clint_ops = {
	.read = clint_read, .write = clint_write, .reset = clint_reset, .fdt = clint_fdt,
	.save = clint_save, .restore = clint_restore,
};

int k64_clint_attach(struct k64_board *b, char *err, size_t errlen)
{
	clint_reset(b);
	return k64_bus_add(b->bus, K64_BOARD_CLINT, K64_BOARD_CLINT_SZ, &clint_ops, b, "clint", err, errlen);
}
