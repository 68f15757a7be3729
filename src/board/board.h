/* The Karu64 board (full system, doc/board.md): a QEMU-virt-compatible memory map with RAM at
 * 0x80000000, a reset ROM, an ACLINT/CLINT, a PLIC, an ns16550a UART and a sifive,test0 syscon,
 * each in its own file and reached through the device bus (dev/bus.h). board.c loads the
 * firmware, kernel, initrd and device tree and drives time: the devices' interrupt lines are
 * recomputed whenever a register access or the passage of time can change them. */
#ifndef K64_BOARD_BOARD_H
#define K64_BOARD_BOARD_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "karu64.h"

struct k64_hart;
struct k64_mem;
struct k64_bus;

/* Physical memory map (as QEMU's virt machine). */
#define K64_BOARD_ROM      0x1000ull
#define K64_BOARD_SYSCON   0x100000ull
#define K64_BOARD_CLINT    0x2000000ull
#define K64_BOARD_CLINT_SZ 0x10000ull
#define K64_BOARD_PLIC     0xc000000ull
#define K64_BOARD_PLIC_SZ  0x600000ull
#define K64_BOARD_UART     0x10000000ull
#define K64_BOARD_UART_IRQ 10
#define K64_BOARD_RAM      0x80000000ull
#define K64_BOARD_TIMEBASE 10000000u  /* mtime ticks per second */
#define K64_PLIC_NDEV      31          /* sources 1..31 */
/* Device-tree phandles of the board's nodes (board/fdt.c and the devices' node functions). */
#define K64_PH_INTC 1                  /* hart 0's interrupt controller */
#define K64_PH_PLIC 2
#define K64_PH_TEST 3                  /* the syscon */

/* The PLIC's state (board/plic.c): two contexts, hart 0 M-mode (0) and S-mode (1). */
struct k64_plic {
	uint32_t prio[K64_PLIC_NDEV + 1];
	uint32_t level;            /* source lines as the devices drive them (bit = source) */
	uint32_t pending, claimed; /* gateway: pending, and in service (claimed, not completed) */
	uint32_t enable[2], threshold[2];
};

/* The ns16550a UART (board/uart.c). */
#define K64_UART_RXBUF 256
struct k64_uart {
	uint8_t ier, lcr, mcr, scr, dll, dlm, fcr;
	bool thr_ipending;
	uint8_t rx[K64_UART_RXBUF];
	unsigned rx_head, rx_n;
};

struct k64_board {
	struct k64_hart *h;
	struct k64_mem *mem;
	struct k64_bus *bus;
	const struct k64_config *cfg;
	uint64_t ram_size;
	uint64_t fw_entry, dtb_addr, initrd_start, initrd_end;
	/* CLINT */
	uint32_t msip;
	uint64_t mtimecmp;
	struct k64_plic plic;
	struct k64_uart uart;
	/* the console: stdin is read without blocking; a terminal is put in raw mode */
	bool in_tty, in_eof, raw;
	int ctrl_a;                /* the last input byte was Ctrl-A */
	bool reboot;               /* the syscon asked for a reboot */
	uint64_t uart_out;         /* bytes the guest wrote to the UART */
	bool silence_noted;        /* the no-output warning was printed */
	uint64_t reboots;
	bool ckpt_request;         /* the guest asked for a checkpoint (syscon 0x4350) */
	bool marker_request;       /* ... or a marker line (syscon 0x4d4b) */
	bool ckpt_stop;            /* ... and the hart stopped for that alone (no poweroff since) */
	uint64_t markers;          /* marker lines printed */
};

/* Device constructors: each registers its region on b->bus, with its interrupt line (ops.irq and
 * the region's PLIC source), its reset and its device-tree node (ops.reset, ops.fdt); the
 * CLINT and the PLIC drive the hart's lines through k64_board_update_irqs. 0, or -1 with a
 * message. */
int k64_clint_attach(struct k64_board *b, char *err, size_t errlen);
int k64_plic_attach(struct k64_board *b, char *err, size_t errlen);
int k64_uart_attach(struct k64_board *b, char *err, size_t errlen);
int k64_syscon_attach(struct k64_board *b, char *err, size_t errlen);

/* The interrupt lines into the hart from the CLINT and the PLIC at cycle/instret `now`. */
void k64_board_update_irqs(struct k64_board *b, uint64_t now);
/* PLIC source `src` driven to `level` (a level-triggered gateway). */
void k64_plic_set(struct k64_board *b, unsigned src, bool level);
/* mip.MEIP and mip.SEIP as the PLIC's two contexts drive them. */
uint64_t k64_plic_lines(const struct k64_board *b);
/* Whether the UART asserts its interrupt; bytes the console delivers to it. */
bool k64_uart_irq(const struct k64_uart *u);
void k64_uart_receive(struct k64_board *b, uint8_t c);
unsigned k64_uart_room(const struct k64_uart *u);
/* The guest drained the UART's receive buffer: take what stdin has now (board/board.c). */
void k64_board_console_refill(struct k64_board *b);
/* The syscon stopped the machine: exit code, or a reboot. */
void k64_board_stop(struct k64_board *b, int code, bool reboot);

/* The guest asked for a checkpoint: the run pauses at the end of the current block
 * (k64_machine_run writes it and goes on). */
void k64_board_checkpoint_request(struct k64_board *b);
/* The guest asked for a marker: the same pause, then k64_machine_run prints the counts. */
void k64_board_marker_request(struct k64_board *b);

/* Properties for the devices' node functions (board/fdt.c): reg = <base size> with two cells
 * each, and a property of n 32-bit cells; 0 or a negative libfdt error. */
int k64_fdt_reg(void *fdt, uint64_t base, uint64_t size);
int k64_fdt_cells(void *fdt, const char *name, const uint32_t *v, size_t n);
/* The flattened device tree of the board (board/fdt.c, libfdt): into buf (size cap). */
int k64_board_fdt(struct k64_board *b, void *buf, size_t cap, char *err, size_t errlen);

/* The board as the machine uses it (board/board.c). */
int k64_board_boot(struct k64_board *b, char *err, size_t errlen);
void k64_board_free(struct k64_board *b);
/* After a syscon reboot: the hart and devices from reset, the images reloaded. */
int k64_board_reboot(struct k64_board *b, char *err, size_t errlen);
#endif
