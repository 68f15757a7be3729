/* The GDB stub's commands and run control (GDB manual, "Remote Protocol": "Packets", "Stop
 * Reply Packets", "General Query Packets"). All-stop, one thread. The program runs in chunks
 * of CHUNK instructions between which the socket is polled for a Ctrl-C; breakpoints and
 * single steps are exact (core/debug.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gdb/gdb.h"

#define CHUNK (1u << 20)          /* instructions between two looks at the socket */
#define MAX_BP 4096
enum { GDB_SIGINT = 2, GDB_SIGTRAP = 5, GDB_SIGXCPU = 24 };   /* GDB's signal numbers (include/gdb/signals.def) */

struct stub {
	struct k64_machine *m;
	struct k64_rsp rsp;
	struct k64_gdb_regs regs;
	uint64_t bp[MAX_BP];          /* the debugger's breakpoints, to lift at a detach */
	unsigned nbp;
	char last_stop[32];           /* the last stop reply, for `?` */
	uint8_t *auxv;                /* Linux user mode: the initial auxiliary vector */
	size_t auxv_len;
	bool killed;                  /* by the debugger (k, vKill) */
	char pkt[K64_RSP_MAX + 1];
	char reply[2 * K64_RSP_MAX + 8];
};

static const char hexd[] = "0123456789abcdef";

static char *hex_bytes(char *o, const uint8_t *b, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		*o++ = hexd[b[i] >> 4];
		*o++ = hexd[b[i] & 15];
	}
	*o = 0;
	return o;
}

static int hexval(int c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* Hex digits into bytes; false unless exactly n bytes' worth are there up to the end or sep. */
static bool unhex(const char *s, uint8_t *b, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		int h = hexval(s[2 * i]), l = h < 0 ? -1 : hexval(s[2 * i + 1]);
		if (l < 0)
			return false;
		b[i] = (uint8_t)(h << 4 | l);
	}
	return true;
}

/* A hex number at *s, advancing past it; false if there is none or it overflows. */
static bool number(const char **s, uint64_t *v)
{
	const char *p = *s;
	uint64_t x = 0;
	int d;
	if (hexval(*p) < 0)
		return false;
	for (; (d = hexval(*p)) >= 0; p++) {
		if (x >> 60)
			return false;
		x = x << 4 | (uint64_t)d;
	}
	*s = p;
	*v = x;
	return true;
}

/* "ADDR,LEN" followed by end (or by `term`, which is then skipped). */
static bool addr_len(const char **s, uint64_t *a, uint64_t *n, char term)
{
	if (!number(s, a) || **s != ',')
		return false;
	(*s)++;
	if (!number(s, n))
		return false;
	if (term) {
		if (**s != term)
			return false;
		(*s)++;
	}
	return true;
}

static void put(struct stub *s, const char *r) { k64_rsp_puts(&s->rsp, r); }

/* A stop reply (T, or W/X at the end), remembered for `?`. */
static void stop_reply(struct stub *s, const char *fmt, int v)
{
	snprintf(s->last_stop, sizeof s->last_stop, fmt, v);
	put(s, s->last_stop);
}

/* ---- registers and memory ----------------------------------------------------------------- */

static void read_all_regs(struct stub *s)
{
	/* `g` holds x0..x31, pc and the f registers; GDB reads the rest with `p` */
	char *o = s->reply;
	uint8_t b[8];
	unsigned last = s->regs.flen ? K64_GDB_F0 + 31 : K64_GDB_PC;
	for (unsigned n = 0; n <= last; n++) {
		k64_gdb_reg_get(&s->regs, n, b);
		o = hex_bytes(o, b, k64_gdb_reg_size(&s->regs, n));
	}
	put(s, s->reply);
}

static void write_all_regs(struct stub *s, const char *p)
{
	size_t len = strlen(p);
	uint8_t b[8];
	unsigned last = s->regs.flen ? K64_GDB_F0 + 31 : K64_GDB_PC;
	for (unsigned n = 0; n <= last; n++) {
		unsigned size = k64_gdb_reg_size(&s->regs, n);
		if (len < 2 * size)
			break;
		if (!unhex(p, b, size))
			return put(s, "E01");
		if (n)
			k64_gdb_reg_set(&s->regs, n, b);
		p += 2 * size;
		len -= 2 * size;
	}
	put(s, "OK");
}

static void read_reg(struct stub *s, const char *p)
{
	uint64_t n;
	uint8_t b[512];
	if (!number(&p, &n) || *p || n >= K64_GDB_NREGS || !k64_gdb_reg_size(&s->regs, (unsigned)n))
		return put(s, "E01");
	unsigned size = k64_gdb_reg_size(&s->regs, (unsigned)n);
	if (!k64_gdb_reg_get(&s->regs, (unsigned)n, b)) {
		memset(s->reply, 'x', 2 * size);   /* unavailable now (e.g. fcsr while mstatus.FS is off) */
		s->reply[2 * size] = 0;
	} else {
		hex_bytes(s->reply, b, size);
	}
	put(s, s->reply);
}

static void write_reg(struct stub *s, const char *p)
{
	uint64_t n;
	uint8_t b[512];
	if (!number(&p, &n) || *p++ != '=' || n >= K64_GDB_NREGS)
		return put(s, "E01");
	unsigned size = k64_gdb_reg_size(&s->regs, (unsigned)n);
	if (!size || strlen(p) != 2 * size || !unhex(p, b, size) || !k64_gdb_reg_set(&s->regs, (unsigned)n, b))
		return put(s, "E01");
	put(s, "OK");
}

static void read_mem(struct stub *s, const char *p)
{
	uint64_t a, n;
	uint8_t b[K64_RSP_MAX / 2];
	if (!addr_len(&p, &a, &n, 0) || *p)
		return put(s, "E01");
	if (n > sizeof b - 8)
		n = sizeof b - 8;   /* a shorter reply is allowed */
	if (k64_debug_read_mem(s->m, a, b, n)) {
		/* a partial read up to the first page that is not there */
		uint64_t ok = 0;
		while (ok < n && !k64_debug_read_mem(s->m, a + ok, b + ok, 1))
			ok++;
		if (!ok)
			return put(s, "E14");   /* EFAULT */
		n = ok;
	}
	hex_bytes(s->reply, b, n);
	put(s, s->reply);
}

static void write_mem(struct stub *s, const char *p, size_t plen, bool binary)
{
	uint64_t a, n;
	uint8_t b[K64_RSP_MAX];
	const char *start = p;
	if (!addr_len(&p, &a, &n, ':') || n > sizeof b)
		return put(s, "E01");
	size_t data = plen - (size_t)(p - start);
	if (binary) {
		if (data != n)
			return put(s, "E01");
		memcpy(b, p, n);
	} else if (data != 2 * n || !unhex(p, b, n)) {
		return put(s, "E01");
	}
	if (n && k64_debug_write_mem(s->m, a, b, n))
		return put(s, "E14");
	put(s, "OK");
}

static void breakpoint(struct stub *s, const char *p, bool insert)
{
	uint64_t type, a, kind;
	if (!number(&p, &type) || *p++ != ',' || !addr_len(&p, &a, &kind, 0))
		return put(s, "E01");
	if (type > 1)
		return put(s, "");   /* watchpoints: not supported */
	unsigned i = 0;
	while (i < s->nbp && s->bp[i] != a)
		i++;
	if (insert) {
		if (i == s->nbp) {
			if (s->nbp == MAX_BP || k64_break_insert(s->m, a))
				return put(s, "E0c");   /* ENOMEM */
			s->bp[s->nbp++] = a;
		}
	} else if (i < s->nbp) {
		k64_break_remove(s->m, a);
		s->bp[i] = s->bp[--s->nbp];
	}
	put(s, "OK");
}

/* qXfer:OBJECT:read:ANNEX:OFFSET,LENGTH of an object held in memory: p is past "ANNEX:". */
static void xfer(struct stub *s, const char *p, const uint8_t *data, size_t total)
{
	uint64_t off, len;
	if (!addr_len(&p, &off, &len, 0) || *p)
		return put(s, "E01");
	if (off >= total)
		return put(s, "l");
	if (len > K64_RSP_MAX / 2)
		len = K64_RSP_MAX / 2;   /* escaped, it stays within the packet size */
	size_t n = total - off < len ? total - off : len;
	s->reply[0] = off + n < total ? 'm' : 'l';
	size_t k = k64_rsp_escape(data + off, n, s->reply + 1);
	k64_rsp_put(&s->rsp, s->reply, k + 1);
}

/* Linux user mode: the auxiliary vector the program starts with, above argc, argv and envp on
 * the initial stack (ELF psABI, "Process Initialization"); GDB finds the load addresses of a
 * position-independent program and of the dynamic linker in it (AT_PHDR, AT_ENTRY, AT_BASE).
 * Kept only if it looks like one: AT_NULL-terminated, with AT_PAGESZ = 4096. */
static void save_auxv(struct stub *s)
{
	uint64_t sp = k64_get_x(s->m, 2), argc, w[2];
	if (k64_machine_bare(s->m) || k64_debug_read_mem(s->m, sp, &argc, 8) || argc > (1u << 20))
		return;
	uint64_t a = sp + 8 * (argc + 2);   /* past argc, argv[] and its NULL */
	for (unsigned i = 0;; i++, a += 8)   /* envp[] and its NULL */
		if (i > (1u << 20) || k64_debug_read_mem(s->m, a, w, 8))
			return;
		else if (!w[0])
			break;
	uint64_t start = a + 8;
	bool pagesz = false;
	for (a = start;; a += 16) {
		if (a - start >= 64 * 16 || k64_debug_read_mem(s->m, a, w, 16))
			return;
		pagesz |= w[0] == 6 && w[1] == 4096;   /* AT_PAGESZ */
		if (!w[0])
			break;
	}
	size_t len = a + 16 - start;
	if (!pagesz || !(s->auxv = malloc(len)) || k64_debug_read_mem(s->m, start, s->auxv, len)) {
		free(s->auxv);
		s->auxv = NULL;
		return;
	}
	s->auxv_len = len;
}

/* ---- run control -------------------------------------------------------------------------- */

/* --max-insns ran out: the run is over as if it had ended. */
static bool out_of_insns(const struct stub *s)
{
	return k64_machine_max_insns(s->m) && k64_instret(s->m) >= k64_machine_max_insns(s->m);
}

/* How the program stopped, or that it ended (W, X or T). */
static void report(struct stub *s, enum k64_status st, bool interrupted)
{
	if (st == K64_EXITED)
		stop_reply(s, "W%02x", k64_machine_exit_code(s->m) & 0xff);
	else if (st == K64_LIMIT && out_of_insns(s))
		stop_reply(s, "X%02x", GDB_SIGXCPU);
	else if (st == K64_BREAK)
		stop_reply(s, "T%02xthread:1;swbreak:;", GDB_SIGTRAP);
	else
		stop_reply(s, "T%02xthread:1;", interrupted ? GDB_SIGINT : GDB_SIGTRAP);
}

/* Runs one instruction; the debugger's breakpoint at pc, if any, is lifted meanwhile (the
 * instruction under it is the one to execute). */
static enum k64_status step(struct stub *s)
{
	uint64_t pc = k64_get_pc(s->m);
	bool lifted = k64_break_remove(s->m, pc) == 0;
	enum k64_status st = k64_machine_step(s->m);
	if (lifted)
		k64_break_insert(s->m, pc);
	return st;
}

/* Continues until a breakpoint or a Ctrl-C, or to the end (always, once the debugger is gone). */
static enum k64_status cont(struct stub *s, bool *interrupted)
{
	enum k64_status st = step(s);
	*interrupted = false;
	while (st == K64_LIMIT && !out_of_insns(s)) {
		if (k64_rsp_poll(&s->rsp) && !s->rsp.closed) {
			s->rsp.interrupt = false;
			*interrupted = true;
			break;
		}
		if (s->rsp.closed && s->nbp) {   /* nobody to stop for any more */
			while (s->nbp)
				k64_break_remove(s->m, s->bp[--s->nbp]);
		}
		st = k64_machine_run(s->m, CHUNK);
	}
	return st;
}

static void resume(struct stub *s, bool single, const char *addr)
{
	uint64_t a;
	if (addr && *addr && number(&addr, &a))
		k64_set_pc(s->m, a);
	bool interrupted = false;
	enum k64_status st = single ? step(s) : cont(s, &interrupted);
	report(s, st, interrupted);
}

/* vCont;ACTION[:THREAD][;ACTION...]: one thread, so the first action is the one. */
static void vcont(struct stub *s, const char *p)
{
	if (*p != ';')
		return put(s, "E01");
	char act = p[1];
	if (act == 'c' || act == 'C')
		resume(s, false, NULL);
	else if (act == 's' || act == 'S')
		resume(s, true, NULL);
	else
		put(s, "E01");   /* t (stop) and r (range) are not offered by vCont? */
}

/* One packet; false once the session is over (kill, detach). */
static bool command(struct stub *s, int len)
{
	const char *p = s->pkt;
	if (len == -2)
		return put(s, "E01"), true;
	switch (p[0]) {
	case '?': put(s, s->last_stop); return true;
	case 'g': read_all_regs(s); return true;
	case 'G': write_all_regs(s, p + 1); return true;
	case 'p': read_reg(s, p + 1); return true;
	case 'P': write_reg(s, p + 1); return true;
	case 'm': read_mem(s, p + 1); return true;
	case 'M': write_mem(s, p + 1, (size_t)len - 1, false); return true;
	case 'X': write_mem(s, p + 1, (size_t)len - 1, true); return true;
	case 'Z': breakpoint(s, p + 1, true); return true;
	case 'z': breakpoint(s, p + 1, false); return true;
	case 'c': case 'C': resume(s, false, p[0] == 'c' ? p + 1 : NULL); return true;
	case 's': case 'S': resume(s, true, p[0] == 's' ? p + 1 : NULL); return true;
	case 'H': put(s, "OK"); return true;
	case 'T': put(s, "OK"); return true;   /* thread 1 is alive */
	case 'k':
		s->killed = true;
		return false;
	case 'D':
		put(s, "OK");
		return false;
	default: break;
	}
	if (!strncmp(p, "qSupported", 10)) {
		char r[128];
		snprintf(r, sizeof r, "PacketSize=%x;qXfer:features:read+;%sQStartNoAckMode+;swbreak+;hwbreak+;"
			 "vContSupported+", K64_RSP_MAX, s->auxv ? "qXfer:auxv:read+;" : "");
		put(s, r);
	} else if (!strcmp(p, "QStartNoAckMode")) {
		put(s, "OK");
		s->rsp.noack = true;
	} else if (!strncmp(p, "qXfer:features:read:target.xml:", 31)) {
		xfer(s, p + 31, (const uint8_t *)s->regs.xml, s->regs.xml_len);
	} else if (!strncmp(p, "qXfer:auxv:read::", 17) && s->auxv) {
		xfer(s, p + 17, s->auxv, s->auxv_len);
	} else if (!strncmp(p, "qXfer:features:read:", 20)) {
		put(s, "E00");   /* an annex that is not there */
	} else if (!strcmp(p, "qAttached") || !strncmp(p, "qAttached:", 10)) {
		put(s, "1");   /* as for an attached process: GDB detaches when it quits, the run goes on */
	} else if (!strcmp(p, "qC")) {
		put(s, "QC1");
	} else if (!strcmp(p, "qfThreadInfo")) {
		put(s, "m1");
	} else if (!strcmp(p, "qsThreadInfo")) {
		put(s, "l");
	} else if (!strncmp(p, "qSymbol", 7)) {
		put(s, "OK");
	} else if (!strcmp(p, "vCont?")) {
		put(s, "vCont;c;C;s;S");
	} else if (!strncmp(p, "vCont", 5)) {
		vcont(s, p + 5);
	} else if (!strncmp(p, "vKill", 5)) {
		put(s, "OK");
		s->killed = true;
		return false;
	} else {
		put(s, "");   /* not supported */
	}
	return true;
}

int k64_gdb_run(struct k64_machine *m, int port, enum k64_status *st, char *err, size_t errlen)
{
	struct stub *s = calloc(1, sizeof *s);
	if (!s) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	s->m = m;
	snprintf(s->last_stop, sizeof s->last_stop, "T%02xthread:1;", GDB_SIGTRAP);   /* at the entry */
	if (k64_gdb_regs_init(&s->regs, m)) {
		free(s);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (k64_rsp_listen(&s->rsp, port, err, errlen) || k64_rsp_accept(&s->rsp, err, errlen)) {
		k64_gdb_regs_free(&s->regs);
		free(s);
		return -1;
	}
	save_auxv(s);
	for (;;) {
		int len = k64_rsp_get(&s->rsp, s->pkt);
		if (len == -1 || !command(s, len))
			break;   /* the debugger went away, detached or killed the program */
	}
	k64_rsp_close(&s->rsp);
	while (s->nbp)
		k64_break_remove(m, s->bp[--s->nbp]);
	if (s->killed) {
		fputs("karu64: killed by the debugger\n", stderr);
		k64_machine_kill(m, 137);
		*st = K64_EXITED;
	} else {
		*st = k64_machine_run(m, 0);   /* detached or disconnected: on to the end */
	}
	k64_gdb_regs_free(&s->regs);
	free(s->auxv);
	free(s);
	return 0;
}
