/* The board's boot and time (doc/board.md): loads the firmware (--bios), kernel (--kernel) and
 * initrd, writes the device tree and the reset ROM, and drives the devices' interrupt lines
 * through the hart's front-end hooks: `boundary` at the instruction count where the next timer
 * comparator can fire (and at least every POLL_INSNS, to read the console), `wfi` to let time
 * pass until the next timer event, `timer` when stimecmp changes. Time is the hart's time CSR
 * (core/csr.c): modelled cycles with a cycle model, else 100 retired instructions per 10 MHz
 * tick (--virtual-clock, which the board implies), plus the ticks skipped in wfi. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include "board/board.h"
#include "core/cache.h"
#include "core/hart.h"
#include "core/hyp.h"
#include "dev/bus.h"
#include "dev/virtio.h"
#include "mem/elf.h"

#define POLL_INSNS (1ull << 20)         /* console reads at least this often */
#define FDT_MAX    (64u << 10)
#define MB2        (2ull << 20)
#define MIP_MSIP (1ull << 3)
#define MIP_MTIP (1ull << 7)
#define MIP_SEIP (1ull << 9)
#define MIP_MEIP (1ull << 11)
#define MENVCFG_STCE (1ull << 63)

#define ERR(...) (snprintf(err, errlen, __VA_ARGS__), -1)

/* ---- time and interrupts --------------------------------------------------------------- */

/* The earliest armed comparator (ticks), ~0 if none, at time t: mtimecmp, Sstc's stimecmp and
 * vstimecmp, which compares with VS time = time + htimedelta (priv 1.13, 21.2.8; unsigned,
 * wrapping) while henvcfg.STCE = 1: it fires at t + (vstimecmp - (t + htimedelta)), or has. */
static uint64_t deadline(const struct k64_board *b, uint64_t t)
{
	const struct k64_hart *h = b->h;
	uint64_t d = b->mtimecmp;
	if ((h->menvcfg & MENVCFG_STCE) && h->stimecmp < d)
		d = h->stimecmp;
	if (k64_hyp_on(h) && (k64_henvcfg(h) & HENVCFG_STCE)) {
		uint64_t vt = t + h->htimedelta;
		uint64_t vd = vt >= h->vstimecmp ? t : t + (h->vstimecmp - vt);
		if (vd >= t && vd < d)            /* (a sum past 2^64 ticks is never) */
			d = vd;
	}
	return d;
}

/* Instructions after which a comparator due at tick d can have fired, from now. Functional:
 * exact (100 instructions per tick). With a model time runs at least as fast as instructions
 * (CPI >= 1), so a quarter of the remaining cycles is never late by more than that quarter's
 * share and converges in a few checks. */
static uint64_t insns_until(const struct k64_board *b, uint64_t now, uint64_t d)
{
	const struct k64_hart *h = b->h;
	uint64_t t = k64_time_ticks(h, now);
	if (d <= t)
		return POLL_INSNS;                /* fired already: its line stays up */
	uint64_t dt = d - t;
	if (dt > POLL_INSNS)
		return POLL_INSNS;
	if (h->ts)
		return (uint64_t)((unsigned __int128)dt * h->ts->hz / K64_BOARD_TIMEBASE) / 4 + 1;
	/* ticks = now / 100 + skip: the first instret with ticks >= d */
	uint64_t target = (d - h->time_skip) * 100;
	return target > now ? target - now : 1;
}

void k64_board_update_irqs(struct k64_board *b, uint64_t now)
{
	struct k64_hart *h = b->h;
	/* the optional devices' lines (--device): level-triggered PLIC sources */
	uint64_t dev_next = ~0ull;
	uint32_t dev = k64_bus_irqs(b->bus, now, &dev_next);
	for (unsigned i = 0; i < b->bus->n; i++)
		if (b->bus->r[i].irq)
			k64_plic_set(b, b->bus->r[i].irq, (dev >> b->bus->r[i].irq) & 1);
	uint64_t t = k64_time_ticks(h, now);
	uint64_t lines = (b->msip ? MIP_MSIP : 0) | (t >= b->mtimecmp ? MIP_MTIP : 0) | k64_plic_lines(b);
	k64_priv_set_lines(h, MIP_MSIP | MIP_MTIP | MIP_SEIP | MIP_MEIP, lines);
	k64_priv_sstc_update(h, t);
	uint64_t n = insns_until(b, now, deadline(b, t));
	if (dev_next != ~0ull) {   /* a device operation ends at cycle dev_next (CPI >= 1) */
		uint64_t dn = dev_next > now ? (dev_next - now) / 4 + 1 : 1;
		n = dn < n ? dn : n;
	}
	uint64_t at = h->instret + (n > POLL_INSNS ? POLL_INSNS : n);
	if (at < h->fe_boundary_at || h->fe_boundary_at <= h->instret) {
		h->fe_boundary_at = at;
		h->limit = 0;                     /* the dispatch loop picks the new time up */
	}
}

void k64_board_stop(struct k64_board *b, int code, bool reboot)
{
	b->ckpt_stop = false;      /* a real stop in the block that asked for a checkpoint wins */
	b->h->stopped = true;
	b->h->exit_code = code;
	b->h->limit = 0;
	b->reboot = reboot;
}

static void pause_request(struct k64_board *b)
{
	if (!b->h->stopped) {      /* the run pauses, as for a reboot; k64_machine_run resumes it */
		b->ckpt_stop = true;
		b->h->stopped = true;
		b->h->limit = 0;
	}
}

void k64_board_checkpoint_request(struct k64_board *b)
{
	b->ckpt_request = true;
	pause_request(b);
}

void k64_board_marker_request(struct k64_board *b)
{
	b->marker_request = true;
	pause_request(b);
}

/* ---- the console -------------------------------------------------------------------------- */

static struct termios saved_tty;
static bool tty_saved;

static void restore_tty(void)
{
	if (tty_saved)
		tcsetattr(STDIN_FILENO, TCSANOW, &saved_tty);
}

/* A terminal on stdin goes to raw mode (no echo, no line editing, Ctrl-C to the guest) until
 * exit; Ctrl-A X quits, Ctrl-A Ctrl-A sends Ctrl-A. */
static void console_open(struct k64_board *b)
{
	b->in_tty = isatty(STDIN_FILENO);
	if (!b->in_tty || tty_saved)
		return;
	if (tcgetattr(STDIN_FILENO, &saved_tty))
		return;
	struct termios t = saved_tty;
	t.c_lflag &= ~(tcflag_t)(ICANON | ECHO | ISIG | IEXTEN);
	t.c_iflag &= ~(tcflag_t)(IXON | ICRNL);
	t.c_cc[VMIN] = 1;
	t.c_cc[VTIME] = 0;
	if (tcsetattr(STDIN_FILENO, TCSANOW, &t) == 0) {
		tty_saved = true;
		atexit(restore_tty);
	}
}

/* Reads what stdin has (waiting up to timeout_ms, -1 = until input); true if a byte arrived. */
static bool console_poll(struct k64_board *b, int timeout_ms)
{
	if (b->in_eof || !k64_uart_room(&b->uart))
		return false;
	struct pollfd p = { STDIN_FILENO, POLLIN, 0 };
	if (poll(&p, 1, timeout_ms) <= 0 || !(p.revents & (POLLIN | POLLHUP | POLLERR)))
		return false;
	uint8_t buf[K64_UART_RXBUF];
	ssize_t n = read(STDIN_FILENO, buf, k64_uart_room(&b->uart));
	if (n <= 0) {
		if (n == 0 || errno != EINTR)
			b->in_eof = true;
		return false;
	}
	for (ssize_t i = 0; i < n; i++) {
		uint8_t c = buf[i];
		if (b->in_tty && b->ctrl_a) {
			b->ctrl_a = 0;
			if (c == 'x' || c == 'X') {
				restore_tty();
				fprintf(stderr, "\nkaru64: terminated (Ctrl-A X)\n");
				k64_board_stop(b, 0, false);
				return true;
			}
			if (c != 1)
				continue;
		} else if (b->in_tty && c == 1) {
			b->ctrl_a = 1;
			continue;
		}
		k64_uart_receive(b, c);
	}
	return true;   /* every caller brings the interrupt lines up to date next */
}

void k64_board_console_refill(struct k64_board *b)
{
	console_poll(b, 0);
}

/* ---- the front-end hooks ------------------------------------------------------------------ */

/* A guest that has printed nothing after this many instructions gets one line on stderr (a
 * wrong --bios, --kernel or --append console would otherwise look like a hang). */
#define SILENT_INSNS 1000000000ull

static void board_boundary(void *ctx, struct k64_hart *h)
{
	struct k64_board *b = ctx;
	h->fe_boundary_at = 0;
	if (!b->uart_out && !b->silence_noted && h->instret >= SILENT_INSNS) {
		b->silence_noted = true;
		fprintf(stderr, "karu64: warning: no console output after %llu instructions (pc 0x%llx); still running "
			"(check --bios, --kernel and the console in --append; --max-insns bounds the run)\n",
			SILENT_INSNS, (unsigned long long)h->pc);
	}
	console_poll(b, 0);
	k64_board_update_irqs(b, k64_now(h, NULL));
}

static void board_timer(void *ctx, struct k64_hart *h)
{
	k64_board_update_irqs(ctx, k64_now(h, NULL));
}

/* wfi with nothing pending: time passes until the next comparator fires or (on a terminal)
 * input arrives, waiting in real time on a terminal and not at all otherwise. */
static void board_wfi(void *ctx, struct k64_hart *h, uint64_t now)
{
	struct k64_board *b = ctx;
	uint64_t t = k64_time_ticks(h, now), d = deadline(b, t);
	bool input = console_poll(b, 0);
	/* a device operation that ends before the next comparator (a disk request): its time
	 * passes while the hart waits (dev/bus.h idle_cycles) */
	uint64_t dev_next;
	k64_bus_irqs(b->bus, now, &dev_next);
	if (!input && dev_next != ~0ull && h->ts) {
		uint64_t cyc = dev_next > now ? dev_next - now : 0;
		uint64_t ticks = (uint64_t)(((unsigned __int128)cyc * K64_BOARD_TIMEBASE + h->ts->hz - 1) / h->ts->hz);
		if (d == ~0ull || d <= t || ticks < d - t) {
			b->bus->idle_cycles += cyc;
			h->time_skip += ticks;
			k64_board_update_irqs(b, now);
			return;
		}
	}
	if (!input && b->in_tty && !b->in_eof) {
		int ms = d == ~0ull ? -1 : d > t ? (int)((d - t) / (K64_BOARD_TIMEBASE / 1000) > 1000000 ? 1000000
											    : (d - t) / (K64_BOARD_TIMEBASE / 1000))
						 : 0;
		struct timespec t0, t1;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		input = console_poll(b, ms);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		if (input) {
			uint64_t el = (uint64_t)(t1.tv_sec - t0.tv_sec) * K64_BOARD_TIMEBASE +
				      (uint64_t)(t1.tv_nsec - t0.tv_nsec) / (1000000000 / K64_BOARD_TIMEBASE);
			if (d > t)
				h->time_skip += el < d - t ? el : d - t;
		}
	}
	if (!input && !h->stopped) {
		if (d == ~0ull) {
			if (!b->in_eof && !b->in_tty && console_poll(b, -1))
				goto done;
			fprintf(stderr, "karu64: error: the hart waits for an interrupt (wfi at pc 0x%llx) that "
				"nothing can raise: no timer is armed and there is no input\n", (unsigned long long)h->pc);
			k64_board_stop(b, 125, false);
			return;
		}
		if (d > t)
			h->time_skip += d - t;
	}
done:
	k64_board_update_irqs(b, now);
}

/* ---- loading ------------------------------------------------------------------------------ */

static int read_file(const char *what, const char *path, uint8_t **data, size_t *size, char *err, size_t errlen)
{
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return ERR("cannot open %s '%s': %s", what, path, strerror(errno));
	struct stat st;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return ERR("%s '%s' is not a regular file", what, path);
	}
	if (st.st_size == 0) {
		close(fd);
		return ERR("%s '%s' is empty", what, path);
	}
	*size = (size_t)st.st_size;
	*data = malloc(*size);
	if (!*data) {
		close(fd);
		return ERR("out of memory reading %s '%s'", what, path);
	}
	size_t got = 0;
	while (got < *size) {
		ssize_t n = read(fd, *data + got, *size - got);
		if (n <= 0) {
			close(fd);
			free(*data);
			return ERR("cannot read %s '%s'", what, path);
		}
		got += (size_t)n;
	}
	close(fd);
	return 0;
}

static bool in_ram(const struct k64_board *b, uint64_t a, uint64_t len)
{
	return a >= K64_BOARD_RAM && len <= b->ram_size && a - K64_BOARD_RAM <= b->ram_size - len;
}

/* An image: an ELF (loaded at its physical addresses), a Linux/RISC-V Image (at RAM +
 * text_offset; its image_size covers the bss), or a flat binary at def. Sets [*lo, *hi) and
 * *entry. */
static int load_image(struct k64_board *b, const char *what, const char *path, uint64_t def, uint64_t *entry,
		      uint64_t *lo, uint64_t *hi, char *err, size_t errlen)
{
	uint8_t *data;
	size_t size;
	if (read_file(what, path, &data, &size, err, errlen))
		return -1;
	int rc = 0;
	if (size >= 4 && !memcmp(data, "\177ELF", 4)) {
		struct k64_elf e;
		char msg[256];
		if (k64_elf_parse(data, size, &e, msg, sizeof msg)) {
			rc = ERR("%s '%s': %s", what, path, msg);
		} else if (!in_ram(b, e.load_lo, e.load_hi - e.load_lo)) {
			rc = ERR("%s '%s' does not fit in RAM (0x%llx..0x%llx; RAM 0x%llx..0x%llx: raise --mem)", what,
				 path, (unsigned long long)e.load_lo, (unsigned long long)e.load_hi,
				 (unsigned long long)K64_BOARD_RAM, (unsigned long long)(K64_BOARD_RAM + b->ram_size));
		} else if (k64_elf_load(&e, b->mem, 0, false, msg, sizeof msg)) {
			rc = ERR("%s '%s': %s", what, path, msg);
		} else {
			*entry = e.entry;
			*lo = e.load_lo;
			*hi = e.load_hi;
		}
		k64_elf_close(&e);
		free(data);
		return rc;
	}
	uint64_t at = def, span = size;
	/* RISC-V Linux boot image header (Documentation/arch/riscv/boot-image-header.rst):
	 * magic2 "RSC\x05" at 0x38, text_offset at 0x08, image_size at 0x10 */
	if (size >= 0x40 && !memcmp(data + 0x38, "RSC\x05", 4)) {
		uint64_t text_offset, image_size;
		memcpy(&text_offset, data + 0x08, 8);
		memcpy(&image_size, data + 0x10, 8);
		at = K64_BOARD_RAM + text_offset;
		if (image_size > span)
			span = image_size;
	}
	if (!in_ram(b, at, span))
		rc = ERR("%s '%s' (%zu bytes at 0x%llx) does not fit in RAM (%llu MiB at 0x80000000: raise --mem)",
			 what, path, size, (unsigned long long)at, (unsigned long long)(b->ram_size >> 20));
	else if (k64_mem_poke(b->mem, at, data, size))
		rc = ERR("cannot load %s '%s'", what, path);
	*entry = at;
	*lo = at;
	*hi = at + span;
	free(data);
	return rc;
}

static bool overlap(uint64_t a0, uint64_t a1, uint64_t b0, uint64_t b1) { return a0 < b1 && b0 < a1; }

/* The reset ROM (as QEMU's virt): a0 = mhartid, a1 = the device tree, a2 = fw_dynamic_info,
 * then a jump to the firmware. */
static int write_rom(struct k64_board *b, uint64_t next, char *err, size_t errlen)
{
	uint32_t code[6] = {
		0x00000297,   /* auipc t0, 0 */
		0x02828613,   /* addi  a2, t0, 40   (fw_dynamic_info) */
		0xf1402573,   /* csrr  a0, mhartid */
		0x0202b583,   /* ld    a1, 32(t0)   (device tree) */
		0x0182b283,   /* ld    t0, 24(t0)   (firmware entry) */
		0x00028067,   /* jr    t0 */
	};
	/* OpenSBI's fw_dynamic_info, version 2: magic "OSBI", version, next address, next mode
	 * (1 = S), options, boot hart */
	uint64_t data[8] = { b->fw_entry, b->dtb_addr, 0x4942534full, 2, next, 1, 0, 0 };
	uint8_t rom[24 + sizeof data];
	memcpy(rom, code, sizeof code);
	memcpy(rom + 24, data, sizeof data);
	if (k64_mem_set_perm(b->mem, K64_BOARD_ROM, K64_PAGE_SIZE, K64_PERM_R | K64_PERM_X) ||
	    k64_mem_poke(b->mem, K64_BOARD_ROM, rom, sizeof rom))
		return ERR("cannot write the reset ROM");
	return 0;
}

/* Loads everything and puts the hart at the reset vector; called again on a reboot. */
static int board_load(struct k64_board *b, char *err, size_t errlen)
{
	const struct k64_config *cfg = b->cfg;
	uint64_t fw_lo, fw_hi, k_entry = K64_BOARD_RAM + MB2, k_lo = 0, k_hi = 0;
	if (load_image(b, "firmware", cfg->bios, K64_BOARD_RAM, &b->fw_entry, &fw_lo, &fw_hi, err, errlen))
		return -1;
	if (cfg->kernel) {
		if (load_image(b, "kernel", cfg->kernel, K64_BOARD_RAM + MB2, &k_entry, &k_lo, &k_hi, err, errlen))
			return -1;
		if (overlap(fw_lo, fw_hi, k_lo, k_hi))
			return ERR("the firmware (0x%llx..0x%llx) and the kernel (0x%llx..0x%llx) overlap",
				   (unsigned long long)fw_lo, (unsigned long long)fw_hi, (unsigned long long)k_lo,
				   (unsigned long long)k_hi);
	}
	/* the device tree in the last 2 MiB of RAM, the initrd below it */
	uint64_t top = K64_BOARD_RAM + b->ram_size;
	if (b->ram_size < 4 * MB2)
		return ERR("RAM too small for the board: %llu KiB (at least 8 MiB)", (unsigned long long)(b->ram_size >> 10));
	b->dtb_addr = top - MB2;
	b->initrd_start = b->initrd_end = 0;
	if (cfg->initrd) {
		uint8_t *data;
		size_t size;
		if (read_file("initrd", cfg->initrd, &data, &size, err, errlen))
			return -1;
		uint64_t start = (b->dtb_addr - size) & ~(K64_PAGE_SIZE - 1);
		uint64_t floor = k_hi > fw_hi ? k_hi : fw_hi;
		if (size > b->dtb_addr - floor || start < floor) {
			free(data);
			return ERR("RAM too small for the images: the initrd '%s' (%zu bytes) does not fit above the "
				   "kernel (raise --mem)", cfg->initrd, size);
		}
		int rc = k64_mem_poke(b->mem, start, data, size);
		free(data);
		if (rc)
			return ERR("cannot load initrd '%s'", cfg->initrd);
		b->initrd_start = start;
		b->initrd_end = start + size;
	}
	if (overlap(fw_lo, fw_hi, b->dtb_addr, top) || overlap(k_lo, k_hi, b->dtb_addr, top))
		return ERR("RAM too small for the images: they reach the device tree at 0x%llx (raise --mem)",
			   (unsigned long long)b->dtb_addr);
	uint8_t *fdt = calloc(1, FDT_MAX);
	if (!fdt)
		return ERR("out of memory");
	int rc = k64_board_fdt(b, fdt, FDT_MAX, err, errlen);
	if (!rc && k64_mem_poke(b->mem, b->dtb_addr, fdt, FDT_MAX))
		rc = ERR("cannot write the device tree");
	if (!rc && cfg->dump_dtb) {
		FILE *f = fopen(cfg->dump_dtb, "wb");
		uint32_t total = ((uint32_t)fdt[4] << 24) | ((uint32_t)fdt[5] << 16) | ((uint32_t)fdt[6] << 8) | fdt[7];
		if (!f || fwrite(fdt, 1, total, f) != total || fclose(f))
			rc = ERR("cannot write the device tree to '%s'", cfg->dump_dtb);
	}
	free(fdt);
	if (rc)
		return -1;
	if (write_rom(b, k_entry, err, errlen))
		return -1;
	b->h->pc = K64_BOARD_ROM;
	return 0;
}

static void device_irq_changed(void *ctx, uint64_t now)
{
	k64_board_update_irqs(ctx, now);
}

/* The virtio block devices of --drive, in slots 0.. (vda, vdb, ...) at QEMU virt's addresses. */
static int drives_attach(struct k64_board *b, char *err, size_t errlen)
{
	unsigned n = 0;
	for (char **d = b->cfg->drives; d && *d; d++, n++)
		if (k64_virtio_blk_new(b->bus, K64_VIRTIO_BASE + n * K64_VIRTIO_STRIDE, K64_VIRTIO_IRQ0 + n, *d, n, err,
				       errlen))
			return -1;
	return 0;
}

/* The board's devices: each registers its region on the bus with its interrupt line, reset and
 * device-tree node (dev/bus.h ops.irq, ops.reset, ops.fdt). */
static int (*const board_devices[])(struct k64_board *, char *, size_t) = {
	k64_clint_attach, k64_plic_attach, k64_uart_attach, k64_syscon_attach, drives_attach,
};

int k64_board_boot(struct k64_board *b, char *err, size_t errlen)
{
	struct k64_hart *h = b->h;
	/* the --device regions, registered before the board's own: PLIC sources 11, 12, ...;
	 * the board's devices (the table) come with their own */
	unsigned nirq = K64_BOARD_UART_IRQ + 1;
	for (unsigned i = 0; i < b->bus->n; i++)
		if (b->bus->r[i].ops->irq && !b->bus->r[i].irq && nirq <= K64_PLIC_NDEV)
			b->bus->r[i].irq = nirq++;
	b->bus->irq_changed = device_irq_changed;
	b->bus->irq_ctx = b;
	if (!b->cfg->bios)
		return ERR("--machine=karu64 needs --bios FIRMWARE (e.g. OpenSBI's fw_dynamic.bin)");
	if (k64_mem_set_perm(b->mem, K64_BOARD_RAM, b->ram_size, K64_PERM_RWX))
		return ERR("cannot map %llu bytes of RAM", (unsigned long long)b->ram_size);
	for (size_t i = 0; i < sizeof board_devices / sizeof board_devices[0]; i++)
		if (board_devices[i](b, err, errlen))
			return -1;
	h->stimecmp = ~0ull;
	k64_pmu_no_events(h);   /* the firmware's reset state of the hpm counters (core/pmu.c) */
	if (board_load(b, err, errlen))
		return -1;
	h->fe.ctx = b;
	h->fe.boundary = board_boundary;
	h->fe.wfi = board_wfi;
	h->fe.timer = board_timer;
	h->fe_boundary_at = 1;
	console_open(b);
	return 0;
}

/* syscon 0x7777: the hart and the devices start again from reset with the images reloaded
 * (RAM is not cleared; time goes on). */
int k64_board_reboot(struct k64_board *b, char *err, size_t errlen)
{
	struct k64_hart *h = b->h;
	b->reboot = false;
	b->reboots++;
	memset(h->x, 0, sizeof h->x);
	memset(h->f, 0, sizeof h->f);
	memset(h->vreg, 0, sizeof h->vreg);
	h->vl = h->vstart = 0;
	h->vtype = 1ull << 63;
	h->fflags = h->frm = 0;
	k64_priv_reset(h, K64_PRIV_M);
	k64_pmu_no_events(h);
	h->stimecmp = ~0ull;
	h->irq_lines = 0;
	h->resv_valid = false;
	b->bus->idle_cycles = 0;
	for (unsigned i = 0; i < b->bus->n; i++)
		if (b->bus->r[i].ops->reset)
			b->bus->r[i].ops->reset(b->bus->r[i].dev);
	if (board_load(b, err, errlen))
		return -1;
	k64_cache_flush(h);
	k64_tlb_flush(h);
	h->stopped = false;
	h->exit_code = 0;
	h->fe_boundary_at = h->instret + 1;
	return 0;
}

void k64_board_free(struct k64_board *b)
{
	(void)b;
	restore_tty();
}
