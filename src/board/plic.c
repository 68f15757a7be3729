/* The PLIC at 0xc000000 (RISC-V PLIC specification 1.0.0, SiFive layout as QEMU virt):
 * priorities at 4 * source, the pending bits at 0x1000, enables at 0x2000 + 0x80 * context,
 * threshold and claim/complete at 0x200000 + 0x1000 * context. Sources 1..31 are
 * level-triggered; context 0 is hart 0's M-mode (MEIP), context 1 its S-mode (SEIP).
 * Priorities have 3 bits (0 = never interrupts). */
#include <libfdt.h>
#include <stdio.h>
#include <string.h>
#include "board/board.h"
#include "core/hart.h"
#include "dev/bus.h"
#include "mem/ckpt.h"

#define PRIO_MASK 7u
#define SRC_MASK (((1ull << (K64_PLIC_NDEV + 1)) - 1) & ~1ull)   /* source 0 does not exist */

/* The highest-priority pending enabled source of context c (ties: the lowest id), 0 if none;
 * with `over_threshold`, only one that interrupts. */
static unsigned best(const struct k64_plic *p, unsigned c, bool over_threshold)
{
	uint32_t cand = p->pending & p->enable[c];
	unsigned id = 0, pr = 0;
	for (unsigned s = 1; s <= K64_PLIC_NDEV; s++)
		if (((cand >> s) & 1) && p->prio[s] > pr) {
			pr = p->prio[s];
			id = s;
		}
	if (over_threshold && pr <= p->threshold[c])
		return 0;
	return id;
}

/* The gateway: a level-high source that is not in service is pending. */
static void gateway(struct k64_plic *p)
{
	p->pending = (p->pending | (p->level & ~p->claimed)) & (uint32_t)SRC_MASK;
}

void k64_plic_set(struct k64_board *b, unsigned src, bool level)
{
	struct k64_plic *p = &b->plic;
	p->level = (p->level & ~(1u << src)) | (uint32_t)level << src;
	if (!level)
		p->pending &= ~(1u << src);   /* level-triggered: the request goes with the line */
	gateway(p);
}

/* MEIP and SEIP as the two contexts see them. */
uint64_t k64_plic_lines(const struct k64_board *b)
{
	const struct k64_plic *p = &b->plic;
	return (best(p, 0, true) ? 1ull << 11 : 0) | (best(p, 1, true) ? 1ull << 9 : 0);
}

static bool context_of(uint64_t off, uint64_t base, uint64_t stride, unsigned *c)
{
	if (off < base)
		return false;
	uint64_t n = (off - base) / stride;
	if (n >= 2)
		return false;
	*c = (unsigned)n;
	return true;
}

static bool plic_read(void *dev, uint64_t off, unsigned size, uint64_t *val, uint64_t now)
{
	struct k64_board *b = dev;
	struct k64_plic *p = &b->plic;
	unsigned c;
	if (size != 4 || (off & 3))
		return false;
	if (off < 0x1000) {
		unsigned s = (unsigned)(off / 4);
		*val = s >= 1 && s <= K64_PLIC_NDEV ? p->prio[s] : 0;
	} else if (off < 0x2000) {
		*val = off == 0x1000 ? p->pending : 0;
	} else if (off < 0x200000) {
		if (context_of(off, 0x2000, 0x80, &c) && ((off - 0x2000) & 0x7f) == 0)
			*val = p->enable[c];
		else
			*val = 0;
	} else if (context_of(off, 0x200000, 0x1000, &c) && ((off - 0x200000) & 0xfff) < 8) {
		if (((off - 0x200000) & 0xfff) == 0) {
			*val = p->threshold[c];
		} else {                             /* claim */
			unsigned id = best(p, c, false);
			if (id) {
				p->pending &= ~(1u << id);
				p->claimed |= 1u << id;
			}
			*val = id;
			k64_board_update_irqs(b, now);
		}
	} else {
		*val = 0;
	}
	return true;
}

static bool plic_write(void *dev, uint64_t off, unsigned size, uint64_t val, uint64_t now)
{
	struct k64_board *b = dev;
	struct k64_plic *p = &b->plic;
	unsigned c;
	if (size != 4 || (off & 3))
		return false;
	if (off < 0x1000) {
		unsigned s = (unsigned)(off / 4);
		if (s >= 1 && s <= K64_PLIC_NDEV)
			p->prio[s] = (uint32_t)val & PRIO_MASK;
	} else if (off < 0x2000) {
		/* pending bits are read-only */
	} else if (off < 0x200000) {
		if (context_of(off, 0x2000, 0x80, &c) && ((off - 0x2000) & 0x7f) == 0)
			p->enable[c] = (uint32_t)val & (uint32_t)SRC_MASK;
	} else if (context_of(off, 0x200000, 0x1000, &c) && ((off - 0x200000) & 0xfff) < 8) {
		if (((off - 0x200000) & 0xfff) == 0) {
			p->threshold[c] = (uint32_t)val & PRIO_MASK;
		} else {                             /* complete: ignored for a source not enabled */
			unsigned id = (unsigned)val;
			if (id >= 1 && id <= K64_PLIC_NDEV && ((p->enable[c] >> id) & 1)) {
				p->claimed &= ~(1u << id);
				gateway(p);
			}
		}
	}
	k64_board_update_irqs(b, now);
	return true;
}

static void plic_reset(void *dev)
{
	struct k64_board *b = dev;
	memset(&b->plic, 0, sizeof b->plic);
}

/* interrupts-extended: context 0 = hart 0's MEIP (11), context 1 = its SEIP (9) */
static int plic_fdt(void *dev, void *fdt, const struct k64_bus_region *r, uint32_t plic)
{
	char name[32];
	int e;
	(void)dev;
	snprintf(name, sizeof name, "plic@%llx", (unsigned long long)r->base);
	if ((e = fdt_begin_node(fdt, name)) < 0 ||
	    (e = fdt_property(fdt, "compatible", "sifive,plic-1.0.0\0riscv,plic0", sizeof "sifive,plic-1.0.0\0riscv,plic0")) < 0 ||
	    (e = k64_fdt_reg(fdt, r->base, r->size)) < 0 || (e = fdt_property_u32(fdt, "#address-cells", 0)) < 0 ||
	    (e = fdt_property_u32(fdt, "#interrupt-cells", 1)) < 0 ||
	    (e = fdt_property(fdt, "interrupt-controller", NULL, 0)) < 0 ||
	    (e = fdt_property_u32(fdt, "riscv,ndev", K64_PLIC_NDEV)) < 0 ||
	    (e = k64_fdt_cells(fdt, "interrupts-extended", (const uint32_t[]){ K64_PH_INTC, 11, K64_PH_INTC, 9 }, 4)) < 0 ||
	    (e = fdt_property_u32(fdt, "phandle", plic)) < 0)
		return e;
	return fdt_end_node(fdt);
}

/* Checkpoints: the registers and the gateway's state (struct k64_plic, 32-bit words). */
static void plic_save(void *dev, struct k64_ckw *w, uint64_t now)
{
	struct k64_board *b = dev;
	(void)now;
	k64_ckw_put(w, &b->plic, sizeof b->plic);
}

static int plic_restore(void *dev, struct k64_ckr *r, uint64_t now, bool apply, char *err, size_t errlen)
{
	struct k64_board *b = dev;
	struct k64_plic p;
	(void)now;
	k64_ckr_get(r, &p, sizeof p);
	bool ok = !r->bad;
	for (unsigned s = 0; s <= K64_PLIC_NDEV; s++)
		ok &= p.prio[s] <= PRIO_MASK;
	for (unsigned c = 0; c < 2; c++)
		ok &= p.threshold[c] <= PRIO_MASK && !(p.enable[c] & ~(uint32_t)SRC_MASK);
	ok &= !((p.pending | p.claimed | p.level) & ~(uint32_t)SRC_MASK);
	if (!ok)
		return snprintf(err, errlen, "plic: the checkpoint's state is not valid"), -1;
	if (apply)
		b->plic = p;
	return 0;
}

static const struct k64_bus_ops plic_ops = {
	.read = plic_read, .write = plic_write, .reset = plic_reset, .fdt = plic_fdt,
	.save = plic_save, .restore = plic_restore,
};

int k64_plic_attach(struct k64_board *b, char *err, size_t errlen)
{
	plic_reset(b);
	return k64_bus_add(b->bus, K64_BOARD_PLIC, K64_BOARD_PLIC_SZ, &plic_ops, b, "plic", err, errlen);
}
