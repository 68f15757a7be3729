/* The GDB remote stub (doc/gdb.md): rsp.c is the transport (TCP, packets, acks, Ctrl-C),
 * regs.c the target description and the registers by GDB's numbers, stub.c the commands and
 * run control. It uses the machine only through the public API (include/karu64.h). */
#ifndef K64_GDB_GDB_H
#define K64_GDB_GDB_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "karu64.h"

/* The largest packet payload either side sends (advertised as PacketSize). */
#define K64_RSP_MAX 0x4000

struct k64_rsp {
	int lfd, fd;           /* listening and connected sockets (-1: none) */
	bool noack;            /* QStartNoAckMode accepted */
	bool closed;           /* the debugger went away */
	bool interrupt;        /* a Ctrl-C (0x03) arrived while the program ran */
	uint8_t in[4096];      /* received bytes not yet consumed */
	size_t inpos, inlen;
	char out[2 * K64_RSP_MAX + 8];
};

/* Listens on 127.0.0.1:port (0: the system picks one) and prints the waiting line; 0 or -1. */
int k64_rsp_listen(struct k64_rsp *r, int port, char *err, size_t errlen);
/* Waits for the debugger to connect; 0 or -1. */
int k64_rsp_accept(struct k64_rsp *r, char *err, size_t errlen);
/* The next packet's payload, unescaped and NUL-terminated, into buf (K64_RSP_MAX + 1 bytes):
 * its length, -1 when the connection closed, -2 for a packet too long for buf. */
int k64_rsp_get(struct k64_rsp *r, char *buf);
/* Sends a packet of len bytes (binary data must be escaped by the caller: k64_rsp_escape). */
void k64_rsp_put(struct k64_rsp *r, const char *data, size_t len);
void k64_rsp_puts(struct k64_rsp *r, const char *s);
/* Escapes len bytes of binary data into out (room for 2 * len); returns its length. */
size_t k64_rsp_escape(const uint8_t *data, size_t len, char *out);
/* While the program runs: true once a Ctrl-C arrived (r->interrupt), or the debugger left
 * (r->closed). Never blocks. */
bool k64_rsp_poll(struct k64_rsp *r);
void k64_rsp_close(struct k64_rsp *r);

/* Registers by GDB's RISC-V numbers (regs.c; the numbering is doc/gdb.md's table). */
enum {
	K64_GDB_PC = 32, K64_GDB_F0 = 33, K64_GDB_CSR0 = 65, K64_GDB_PRIV = 65 + 4096,
	K64_GDB_V0 = K64_GDB_PRIV + 1, K64_GDB_NREGS = K64_GDB_V0 + 32,
};
struct k64_gdb_regs {
	struct k64_machine *m;
	unsigned flen;              /* bytes of an f register: 8 (D), 4 (F only), 0 (none) */
	unsigned vlenb;             /* bytes of a v register, 0 without V */
	uint8_t csr[4096];          /* 1: the CSR is described (and so readable by number) */
	char *xml;                  /* target.xml */
	size_t xml_len;
};
int k64_gdb_regs_init(struct k64_gdb_regs *g, struct k64_machine *m);
void k64_gdb_regs_free(struct k64_gdb_regs *g);
/* Bytes of register n (0: GDB has no such register here). */
unsigned k64_gdb_reg_size(const struct k64_gdb_regs *g, unsigned n);
/* Register n as GDB lays it out (little-endian, k64_gdb_reg_size bytes); false if it cannot be
 * read now (e.g. fcsr while mstatus.FS is off), or written. */
bool k64_gdb_reg_get(struct k64_gdb_regs *g, unsigned n, uint8_t *buf);
bool k64_gdb_reg_set(struct k64_gdb_regs *g, unsigned n, const uint8_t *buf);
#endif
