/* The sifive,test0 syscon at 0x100000: a 32-bit write of 0x5555 powers off (exit status 0),
 * 0x3333 | code << 16 fails with that code (1 if 0), 0x7777 reboots the board, 0x4350
 * asks for a checkpoint at the end of the writing instruction's block (--checkpoint-at's FILE;
 * ignored without one), and 0x4d4b prints a marker line of the counts at the end of that block
 * (karu64's own; doc/board.md, "Markers"). Other values are ignored; reads return 0. */
#include <libfdt.h>
#include <stdio.h>
#include "board/board.h"
#include "dev/bus.h"

#define POWEROFF 0x5555
#define FAIL     0x3333
#define REBOOT   0x7777
#define CHECKPOINT 0x4350   /* "CP": write a checkpoint (karu64's own; doc/board.md) */
#define MARKER     0x4d4b   /* "MK": print the counts (karu64's own; doc/board.md) */

static bool syscon_read(void *dev, uint64_t off, unsigned size, uint64_t *val, uint64_t now)
{
	(void)dev, (void)now;
	if (size != 4 || (off & 3))
		return false;
	*val = 0;
	return true;
}

static bool syscon_write(void *dev, uint64_t off, unsigned size, uint64_t val, uint64_t now)
{
	struct k64_board *b = dev;
	(void)now;
	if (size != 4 || (off & 3))
		return false;
	if (off)
		return true;
	unsigned code = (unsigned)(val >> 16) & 0xffff;
	switch (val & 0xffff) {
	case POWEROFF: k64_board_stop(b, 0, false); break;
	case FAIL: k64_board_stop(b, code ? (int)code : 1, false); break;
	case REBOOT: k64_board_stop(b, 0, true); break;
	case CHECKPOINT: k64_board_checkpoint_request(b); break;
	case MARKER: k64_board_marker_request(b); break;
	default: break;
	}
	return true;
}

/* The register node; the syscon-poweroff and syscon-reboot nodes that point at it are the
 * board's (board/fdt.c). */
static int syscon_fdt(void *dev, void *fdt, const struct k64_bus_region *r, uint32_t plic)
{
	char name[32];
	int e;
	(void)dev, (void)plic;
	snprintf(name, sizeof name, "test@%llx", (unsigned long long)r->base);
	if ((e = fdt_begin_node(fdt, name)) < 0 ||
	    (e = fdt_property(fdt, "compatible", "sifive,test1\0sifive,test0\0syscon",
			      sizeof "sifive,test1\0sifive,test0\0syscon")) < 0 ||
	    (e = k64_fdt_reg(fdt, r->base, r->size)) < 0 || (e = fdt_property_u32(fdt, "phandle", K64_PH_TEST)) < 0)
		return e;
	return fdt_end_node(fdt);
}

static const struct k64_bus_ops syscon_ops = { .read = syscon_read, .write = syscon_write, .fdt = syscon_fdt };

int k64_syscon_attach(struct k64_board *b, char *err, size_t errlen)
{
	return k64_bus_add(b->bus, K64_BOARD_SYSCON, 0x1000, &syscon_ops, b, "syscon", err, errlen);
}
