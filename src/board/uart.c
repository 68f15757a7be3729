/* The ns16550a UART at 0x10000000 (PLIC source 10), registers one byte apart: RBR/THR, IER,
 * IIR/FCR, LCR, MCR, LSR, MSR, SCR, and the divisor latch under LCR.DLAB. Transmission is
 * instantaneous (THR is always empty: LSR.THRE and TEMT stay set, and the THR-empty interrupt
 * is pending again after every write, as QEMU's model without a baud-rate timer); received
 * bytes come from the console (board/board.c) into a 256-byte buffer. */
#include <errno.h>
#include <libfdt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "board/board.h"
#include "core/hart.h"
#include "dev/bus.h"
#include "mem/ckpt.h"

enum { RBR = 0, IER = 1, IIR = 2, LCR = 3, MCR = 4, LSR = 5, MSR = 6, SCR = 7 };
#define IER_RDI  0x01
#define IER_THRI 0x02
#define LCR_DLAB 0x80
#define LSR_DR   0x01
#define LSR_THRE 0x20
#define LSR_TEMT 0x40
#define IIR_NONE 0x01
#define IIR_THRI 0x02
#define IIR_RDI  0x04
#define MCR_LOOP 0x10

static void uart_reset(void *dev)
{
	struct k64_board *b = dev;
	memset(&b->uart, 0, sizeof b->uart);
}

/* The interrupt identification: received data before THR empty (16550 priorities). */
static uint8_t iir_id(const struct k64_uart *u)
{
	if ((u->ier & IER_RDI) && u->rx_n)
		return IIR_RDI;
	if ((u->ier & IER_THRI) && u->thr_ipending)
		return IIR_THRI;
	return IIR_NONE;
}

bool k64_uart_irq(const struct k64_uart *u) { return iir_id(u) != IIR_NONE; }
unsigned k64_uart_room(const struct k64_uart *u) { return K64_UART_RXBUF - u->rx_n; }

void k64_uart_receive(struct k64_board *b, uint8_t c)
{
	struct k64_uart *u = &b->uart;
	if (u->rx_n < K64_UART_RXBUF)
		u->rx[(u->rx_head + u->rx_n++) % K64_UART_RXBUF] = c;
}

static void transmit(struct k64_board *b, uint8_t c)
{
	struct k64_uart *u = &b->uart;
	if (u->mcr & MCR_LOOP) {             /* loopback: the byte comes back as received */
		k64_uart_receive(b, c);
		return;
	}
	b->uart_out++;
	while (write(STDOUT_FILENO, &c, 1) < 0 && errno == EINTR)
		;
}

static bool uart_read(void *dev, uint64_t off, unsigned size, uint64_t *val, uint64_t now)
{
	struct k64_board *b = dev;
	struct k64_uart *u = &b->uart;
	if (size != 1 || off >= 8)
		return false;
	uint8_t v = 0;
	switch (off) {
	case RBR:
		if (u->lcr & LCR_DLAB) {
			v = u->dll;
		} else if (u->rx_n) {
			v = u->rx[u->rx_head];
			u->rx_head = (u->rx_head + 1) % K64_UART_RXBUF;
			if (!--u->rx_n)
				k64_board_console_refill(b);
		}
		break;
	case IER: v = (u->lcr & LCR_DLAB) ? u->dlm : u->ier; break;
	case IIR:
		v = iir_id(u) | ((u->fcr & 1) ? 0xc0 : 0);
		if (iir_id(u) == IIR_THRI)
			u->thr_ipending = false;   /* reading IIR clears a THR-empty interrupt */
		break;
	case LCR: v = u->lcr; break;
	case MCR: v = u->mcr; break;
	case LSR: v = LSR_THRE | LSR_TEMT | (u->rx_n ? LSR_DR : 0); break;
	case MSR:                                 /* loopback: RTS, DTR, OUT1, OUT2 -> CTS, DSR, RI, DCD */
		v = (u->mcr & MCR_LOOP) ? (uint8_t)((u->mcr & 0x0f) << 4) : 0xb0;   /* DCD, DSR, CTS */
		break;
	case SCR: v = u->scr; break;
	}
	*val = v;
	(void)now;
	return true;
}

static bool uart_write(void *dev, uint64_t off, unsigned size, uint64_t val, uint64_t now)
{
	struct k64_board *b = dev;
	struct k64_uart *u = &b->uart;
	if (size != 1 || off >= 8)
		return false;
	uint8_t v = (uint8_t)val;
	switch (off) {
	case RBR:
		if (u->lcr & LCR_DLAB) {
			u->dll = v;
		} else {
			transmit(b, v);
			u->thr_ipending = true;           /* sent at once: THR is empty again */
		}
		break;
	case IER:
		if (u->lcr & LCR_DLAB) {
			u->dlm = v;
		} else {
			/* enabling the THR-empty interrupt with THR empty raises it (as a 16550) */
			if ((v & IER_THRI) && !(u->ier & IER_THRI))
				u->thr_ipending = true;
			u->ier = v & 0x0f;
		}
		break;
	case IIR:                                  /* FCR */
		u->fcr = v & 0xc9;
		if (v & 2) {                       /* clear the receive FIFO */
			u->rx_n = 0;
			u->rx_head = 0;
		}
		break;
	case LCR: u->lcr = v; break;
	case MCR: u->mcr = v & 0x1f; break;
	case SCR: u->scr = v; break;
	default: break;                            /* LSR, MSR: read-only */
	}
	(void)now;
	return true;
}

/* The line, level-triggered; the bus brings the PLIC up to date after every register access
 * (and the board after console input). */
static bool uart_irq(void *dev, uint64_t now, uint64_t *next)
{
	struct k64_board *b = dev;
	(void)now;
	*next = ~0ull;
	return k64_uart_irq(&b->uart);
}

static int uart_fdt(void *dev, void *fdt, const struct k64_bus_region *r, uint32_t plic)
{
	char name[32];
	int e;
	(void)dev;
	snprintf(name, sizeof name, "serial@%llx", (unsigned long long)r->base);
	if ((e = fdt_begin_node(fdt, name)) < 0 || (e = fdt_property_string(fdt, "compatible", "ns16550a")) < 0 ||
	    (e = k64_fdt_reg(fdt, r->base, 0x100)) < 0 || (e = fdt_property_u32(fdt, "clock-frequency", 3686400)) < 0 ||
	    (e = fdt_property_u32(fdt, "interrupts", r->irq)) < 0 ||
	    (e = fdt_property_u32(fdt, "interrupt-parent", plic)) < 0)
		return e;
	return fdt_end_node(fdt);
}

/* Checkpoints: the registers, the receive buffer and the count of bytes sent. */
static void uart_save(void *dev, struct k64_ckw *w, uint64_t now)
{
	struct k64_board *b = dev;
	const struct k64_uart *u = &b->uart;
	uint8_t regs[8] = { u->ier, u->lcr, u->mcr, u->scr, u->dll, u->dlm, u->fcr, u->thr_ipending };
	(void)now;
	k64_ckw_put(w, regs, sizeof regs);
	k64_ckw_put(w, u->rx, sizeof u->rx);
	k64_ckw_u64(w, u->rx_head);
	k64_ckw_u64(w, u->rx_n);
	k64_ckw_u64(w, b->uart_out);
}

static int uart_restore(void *dev, struct k64_ckr *r, uint64_t now, bool apply, char *err, size_t errlen)
{
	struct k64_board *b = dev;
	struct k64_uart u;
	uint8_t regs[8];
	(void)now;
	k64_ckr_get(r, regs, sizeof regs);
	k64_ckr_get(r, u.rx, sizeof u.rx);
	uint64_t head = k64_ckr_u64(r), n = k64_ckr_u64(r), out = k64_ckr_u64(r);
	if (r->bad || head >= K64_UART_RXBUF || n > K64_UART_RXBUF || regs[7] > 1)
		return snprintf(err, errlen, "uart: the checkpoint's state is not valid"), -1;
	if (!apply)
		return 0;
	u.ier = regs[0], u.lcr = regs[1], u.mcr = regs[2], u.scr = regs[3], u.dll = regs[4], u.dlm = regs[5];
	u.fcr = regs[6], u.thr_ipending = regs[7];
	u.rx_head = (unsigned)head, u.rx_n = (unsigned)n;
	b->uart = u;
	b->uart_out = out;
	return 0;
}

static const struct k64_bus_ops uart_ops = {
	.read = uart_read, .write = uart_write, .irq = uart_irq, .reset = uart_reset, .fdt = uart_fdt,
	.save = uart_save, .restore = uart_restore,
};

int k64_uart_attach(struct k64_board *b, char *err, size_t errlen)
{
	uart_reset(b);
	if (k64_bus_add(b->bus, K64_BOARD_UART, 0x1000, &uart_ops, b, "uart", err, errlen))
		return -1;
	b->bus->r[b->bus->n - 1].irq = K64_BOARD_UART_IRQ;
	return 0;
}
