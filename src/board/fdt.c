/* The board's device tree, generated at start-up with libfdt's sequential-write API (Debian's
 * libfdt-dev): cpus (riscv,isa, riscv,isa-base and riscv,isa-extensions listing exactly the
 * enabled extensions, mmu-type, the cache-block sizes, timebase-frequency), memory, chosen
 * (bootargs, initrd, stdout-path, rng-seed, kaslr-seed), the poweroff and reboot nodes, and under /soc each device's
 * own node (ops.fdt: board/clint.c, plic.c, uart.c, syscon.c, dev/virtio.c), with the node
 * names and compatible strings of QEMU's virt machine, so that stock OpenSBI and Linux find them. */
#include <libfdt.h>
#include <stdio.h>
#include <string.h>
#include "board/board.h"
#include "core/hart.h"
#include "crypto/keccak.h"
#include "dev/bus.h"

#define PH_INTC K64_PH_INTC
#define PH_PLIC K64_PH_PLIC
#define PH_TEST K64_PH_TEST

/* Privileged-architecture extensions the hart implements (doc/board.md). */
static const char *const priv_exts[] = { "smcntrpmf", "smstateen", "sscofpmf", "sstc", "svade", "svinval",
					 "svnapot", "svpbmt" };

/* "i\0m\0...\0" of the enabled extensions into list (a stringlist); its length. */
static int ext_list(const struct k64_hart *h, char *list, size_t cap)
{
	char isa[1024];
	k64_isa_format(&h->isa, isa, sizeof isa);
	size_t o = 0;
	char *s = isa + 4;                    /* after "rv64" */
	char *multi = strchr(s, '_');
	for (char *c = s; *c && c != multi; c++) {
		if (o + 2 > cap)
			return -1;
		list[o++] = *c;
		list[o++] = 0;
	}
	for (char *t = multi ? strtok(multi + 1, "_") : NULL; t; t = strtok(NULL, "_")) {
		if (!strncmp(t, "zvl", 3))
			continue;                     /* VLEN: the kernel reads vlenb */
		size_t n = strlen(t) + 1;
		if (o + n > cap)
			return -1;
		memcpy(list + o, t, n);
		o += n;
	}
	for (size_t k = 0; k < sizeof priv_exts / sizeof priv_exts[0]; k++) {
		size_t n = strlen(priv_exts[k]) + 1;
		if (o + n > cap)
			return -1;
		memcpy(list + o, priv_exts[k], n);
		o += n;
	}
	/* with "h": Sha and its named parts (RVA23S64) */
	static const char sha[] = "sha\0shcounterenw\0shgatpa\0shtvala\0shvsatpa\0shvstvala\0shvstvecd";
	if (k64_has(&h->isa, K64_EXT_H)) {
		if (o + sizeof sha > cap)
			return -1;
		memcpy(list + o, sha, sizeof sha);
		o += sizeof sha;
	}
	return (int)o;
}

int k64_fdt_reg(void *fdt, uint64_t base, uint64_t size)
{
	fdt64_t r[2] = { cpu_to_fdt64(base), cpu_to_fdt64(size) };
	return fdt_property(fdt, "reg", r, sizeof r);
}

int k64_fdt_cells(void *fdt, const char *name, const uint32_t *v, size_t n)
{
	fdt32_t c[8];
	for (size_t i = 0; i < n; i++)
		c[i] = cpu_to_fdt32(v[i]);
	return fdt_property(fdt, name, c, (int)(n * sizeof c[0]));
}

/* The PMU node OpenSBI reads (docs/pmu_support.md of OpenSBI; the SBI PMU event numbers of the
 * SBI specification, chapter "Performance Monitoring Unit Extension": type << 16 | code, cache
 * events code = cache << 3 | op << 1 | result). Each perf event that the cycle model counts is
 * given the mhpmevent value of its karu64 event (src/core/pmu.c, doc/cycle-model.md); every event
 * may count on any programmable counter 3..31, so that perf can sample cycles and instructions
 * too (mcycle and minstret have no overflow bit). Every karu64 event number is also a raw event. */
static const uint32_t pmu_events[][2] = {
	{ 0x00001, 1 },         /* cycles */
	{ 0x00002, 2 },         /* instructions */
	{ 0x00008, 6 },         /* stalled cycles, front end: waits for fetch words */
	{ 0x10001, 4 },         /* L1D read miss (no write-allocate: every D-cache miss is a read's) */
	{ 0x10009, 3 },         /* L1I read miss */
	{ 0x10019, 12 },        /* DTLB read miss: every data-TLB miss, reads and writes */
	{ 0x10021, 11 },        /* ITLB read miss */
};
#define PMU_COUNTERS 0xfffffff8u   /* mhpmcounter3..31 */

static int pmu_node(void *fdt)
{
	enum { N = sizeof pmu_events / sizeof pmu_events[0] };
	fdt32_t map[N * 3], ctr[N * 3];
	for (unsigned i = 0; i < N; i++) {
		map[3 * i] = cpu_to_fdt32(pmu_events[i][0]);
		map[3 * i + 1] = cpu_to_fdt32(0);
		map[3 * i + 2] = cpu_to_fdt32(pmu_events[i][1]);
		ctr[3 * i] = ctr[3 * i + 1] = cpu_to_fdt32(pmu_events[i][0]);
		ctr[3 * i + 2] = cpu_to_fdt32(PMU_COUNTERS);
	}
	/* raw events: select values 1..15 (under mask ~0xf; 0 is "no event" and never matches a
	 * counter that counts) on the programmable counters */
	const fdt32_t raw[5] = { 0, 0, cpu_to_fdt32(0xffffffffu), cpu_to_fdt32(0xfffffff0u), cpu_to_fdt32(PMU_COUNTERS) };
	int e;
	if ((e = fdt_begin_node(fdt, "pmu")) < 0 || (e = fdt_property_string(fdt, "compatible", "riscv,pmu")) < 0 ||
	    (e = fdt_property(fdt, "riscv,event-to-mhpmevent", map, sizeof map)) < 0 ||
	    (e = fdt_property(fdt, "riscv,event-to-mhpmcounters", ctr, sizeof ctr)) < 0 ||
	    (e = fdt_property(fdt, "riscv,raw-event-to-mhpmcounters", raw, sizeof raw)) < 0)
		return e;
	return fdt_end_node(fdt);
}

/* /chosen's kaslr-seed (8 bytes, a u64: the kernel's KASLR offset) and rng-seed (32 bytes of
 * early entropy, as QEMU virt gives) are bytes 0..7 and 8..39 of SHAKE256(--dt-seed as 8 bytes
 * little-endian) (FIPS 202, Section 6.2): a boot stays a function of its options, and any seed
 * gives a non-zero kaslr-seed but for a 2^-64 chance. */
#define DT_SEED_BYTES 40
static void dt_seeds(uint64_t seed, uint8_t out[DT_SEED_BYTES])
{
	uint64_t s[25] = { seed };    /* the message: lane 0, little-endian */
	s[1] ^= 0x1f;                 /* after it, SHAKE's suffix 1111 and pad10*1's first 1 */
	s[16] ^= 0x80ull << 56;       /* pad10*1's last 1: byte 135, the end of the 136-byte rate */
	k64_keccak_p1600(s, 24);
	for (unsigned i = 0; i < DT_SEED_BYTES; i++)
		out[i] = (uint8_t)(s[i / 8] >> 8 * (i % 8));
}

/* A syscon-poweroff or syscon-reboot node: `value` written to the test device. */
static int syscon_node(void *fdt, const char *name, const char *compat, uint32_t value)
{
	int e;
	if ((e = fdt_begin_node(fdt, name)) < 0 || (e = fdt_property_string(fdt, "compatible", compat)) < 0 ||
	    (e = fdt_property_u32(fdt, "regmap", PH_TEST)) < 0 || (e = fdt_property_u32(fdt, "offset", 0)) < 0 ||
	    (e = fdt_property_u32(fdt, "value", value)) < 0)
		return e;
	return fdt_end_node(fdt);
}

static int build(struct k64_board *b, void *fdt, size_t cap)
{
	const struct k64_hart *h = b->h;
	char name[64], isa[1024], exts[2048];
	uint8_t seeds[DT_SEED_BYTES];
	int e = 0;
#define T(x) do { if ((e = (x)) < 0) return e; } while (0)
	T(fdt_create(fdt, (int)cap));
	T(fdt_finish_reservemap(fdt));
	T(fdt_begin_node(fdt, ""));
	T(fdt_property_u32(fdt, "#address-cells", 2));
	T(fdt_property_u32(fdt, "#size-cells", 2));
	T(fdt_property_string(fdt, "compatible", "karu64,board"));
	T(fdt_property_string(fdt, "model", "Karu64 board (karu64 simulator)"));

	T(fdt_begin_node(fdt, "chosen"));
	T(fdt_property_string(fdt, "bootargs", b->cfg->append ? b->cfg->append : "console=ttyS0 earlycon=sbi"));
	snprintf(name, sizeof name, "/soc/serial@%llx", (unsigned long long)K64_BOARD_UART);
	T(fdt_property_string(fdt, "stdout-path", name));
	if (b->initrd_end) {
		T(fdt_property_u64(fdt, "linux,initrd-start", b->initrd_start));
		T(fdt_property_u64(fdt, "linux,initrd-end", b->initrd_end));
	}
	dt_seeds(b->cfg->dt_seed, seeds);
	T(fdt_property(fdt, "kaslr-seed", seeds, 8));
	T(fdt_property(fdt, "rng-seed", seeds + 8, DT_SEED_BYTES - 8));
	T(fdt_end_node(fdt));

	snprintf(name, sizeof name, "memory@%llx", (unsigned long long)K64_BOARD_RAM);
	T(fdt_begin_node(fdt, name));
	T(fdt_property_string(fdt, "device_type", "memory"));
	T(k64_fdt_reg(fdt, K64_BOARD_RAM, b->ram_size));
	T(fdt_end_node(fdt));

	T(fdt_begin_node(fdt, "cpus"));
	T(fdt_property_u32(fdt, "#address-cells", 1));
	T(fdt_property_u32(fdt, "#size-cells", 0));
	T(fdt_property_u32(fdt, "timebase-frequency", K64_BOARD_TIMEBASE));
	T(fdt_begin_node(fdt, "cpu@0"));
	T(fdt_property_string(fdt, "device_type", "cpu"));
	T(fdt_property_u32(fdt, "reg", 0));
	T(fdt_property_string(fdt, "status", "okay"));
	T(fdt_property_string(fdt, "compatible", "riscv"));
	int n = ext_list(h, exts, sizeof exts);
	if (n < 0)
		return -FDT_ERR_NOSPACE;
	/* riscv,isa: the single letters then every multi-letter name, "_"-separated */
	size_t o = (size_t)snprintf(isa, sizeof isa, "rv64");
	for (int i = 0; i < n && o < sizeof isa; i += (int)strlen(exts + i) + 1)
		o += (size_t)snprintf(isa + o, sizeof isa - o, "%s%s", strlen(exts + i) > 1 ? "_" : "", exts + i);
	T(fdt_property_string(fdt, "riscv,isa", isa));
	T(fdt_property_string(fdt, "riscv,isa-base", "rv64i"));
	T(fdt_property(fdt, "riscv,isa-extensions", exts, n));
	unsigned modes = h->satp_modes;
	T(fdt_property_string(fdt, "mmu-type", (modes >> 10) & 1 ? "riscv,sv57" : (modes >> 9) & 1 ? "riscv,sv48"
												  : "riscv,sv39"));
	if (k64_has(&h->isa, K64_EXT_ZICBOM))
		T(fdt_property_u32(fdt, "riscv,cbom-block-size", 64));
	if (k64_has(&h->isa, K64_EXT_ZICBOZ))
		T(fdt_property_u32(fdt, "riscv,cboz-block-size", 64));
	if (k64_has(&h->isa, K64_EXT_ZICBOP))
		T(fdt_property_u32(fdt, "riscv,cbop-block-size", 64));
	T(fdt_begin_node(fdt, "interrupt-controller"));
	T(fdt_property_u32(fdt, "#address-cells", 0));
	T(fdt_property_u32(fdt, "#interrupt-cells", 1));
	T(fdt_property(fdt, "interrupt-controller", NULL, 0));
	T(fdt_property_string(fdt, "compatible", "riscv,cpu-intc"));
	T(fdt_property_u32(fdt, "phandle", PH_INTC));
	T(fdt_end_node(fdt));
	T(fdt_end_node(fdt));   /* cpu@0 */
	T(fdt_end_node(fdt));   /* cpus */

	T(fdt_begin_node(fdt, "soc"));
	T(fdt_property_u32(fdt, "#address-cells", 2));
	T(fdt_property_u32(fdt, "#size-cells", 2));
	T(fdt_property_string(fdt, "compatible", "simple-bus"));
	T(fdt_property(fdt, "ranges", NULL, 0));

	/* every device with a node function (the board's, dev/virtio.c) in the order they were
	 * registered, then the optional Keccak devices (doc/keccak-dma.md): our compatible
	 * strings, no Linux driver */
	for (int own = 1; own >= 0; own--)
		for (unsigned i = 0; i < b->bus->n; i++) {
			const struct k64_bus_region *r = &b->bus->r[i];
			if (own && r->ops->fdt)
				T(r->ops->fdt(r->dev, fdt, r, PH_PLIC));
			if (own || r->ops->fdt || !r->irq)
				continue;
			char compat[64];
			snprintf(name, sizeof name, "%s@%llx", r->name, (unsigned long long)r->base);
			snprintf(compat, sizeof compat, "karu64,%s", r->name);
			T(fdt_begin_node(fdt, name));
			T(fdt_property_string(fdt, "compatible", compat));
			T(k64_fdt_reg(fdt, r->base, r->size));
			T(fdt_property_u32(fdt, "interrupts", r->irq));
			T(fdt_property_u32(fdt, "interrupt-parent", PH_PLIC));
			T(fdt_end_node(fdt));
		}
	T(fdt_end_node(fdt));   /* soc */

	T(syscon_node(fdt, "poweroff", "syscon-poweroff", 0x5555));
	T(syscon_node(fdt, "reboot", "syscon-reboot", 0x7777));
	T(pmu_node(fdt));

	T(fdt_end_node(fdt));   /* root */
	T(fdt_finish(fdt));
#undef T
	/* room for the firmware's fix-ups (OpenSBI adds reserved-memory nodes in place) */
	return fdt_open_into(fdt, fdt, (int)cap);
}

int k64_board_fdt(struct k64_board *b, void *buf, size_t cap, char *err, size_t errlen)
{
	int e = build(b, buf, cap);
	if (e < 0) {
		snprintf(err, errlen, "cannot build the device tree: %s", fdt_strerror(e));
		return -1;
	}
	return 0;
}
