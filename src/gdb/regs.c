/* The target description (GDB manual, "Target Descriptions", "RISC-V Features") and the
 * registers by number. The numbers are GDB's own RISC-V numbering, given to it in the regnum
 * attributes: x0..x31 0..31, pc 32, f0..f31 33..64, CSR n at 65 + n (fflags 66, frm 67,
 * fcsr 68), priv 4161, v0..v31 4162..4193. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gdb/gdb.h"

#define MISA_F (1ull << ('F' - 'A'))
#define MISA_D (1ull << ('D' - 'A'))
#define MISA_V (1ull << ('V' - 'A'))

static const char *const xnames[32] = {
	"zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "fp", "s1", "a0", "a1", "a2", "a3", "a4", "a5",
	"a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6",
};
static const char *const fnames[32] = {
	"ft0", "ft1", "ft2", "ft3", "ft4", "ft5", "ft6", "ft7", "fs0", "fs1", "fa0", "fa1", "fa2", "fa3",
	"fa4", "fa5", "fa6", "fa7", "fs2", "fs3", "fs4", "fs5", "fs6", "fs7", "fs8", "fs9", "fs10", "fs11",
	"ft8", "ft9", "ft10", "ft11",
};

struct text { char *p; size_t n, cap; bool oom; };

static void add(struct text *t, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char line[256];
	int k = vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (k < 0 || t->oom)
		return;
	if (t->n + (size_t)k + 1 > t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 8192;
		while (cap < t->n + (size_t)k + 1)
			cap *= 2;
		char *p = realloc(t->p, cap);
		if (!p) {
			t->oom = true;
			return;
		}
		t->p = p;
		t->cap = cap;
	}
	memcpy(t->p + t->n, line, (size_t)k + 1);
	t->n += (size_t)k;
}

int k64_gdb_regs_init(struct k64_gdb_regs *g, struct k64_machine *m)
{
	memset(g, 0, sizeof *g);
	g->m = m;
	/* The CSRs described, with the names GDB knows them by (binutils' riscv-opc.h): those of
	 * the extensions F and V whenever misa has them, although reading them fails while
	 * mstatus.FS or VS is off; the others when an M-mode read succeeds. */
	struct k64_csr_desc csrs[160];
	size_t ncsrs = k64_csr_debug_list(csrs, sizeof csrs / sizeof csrs[0]);
	if (ncsrs > sizeof csrs / sizeof csrs[0])
		return -1;
	uint64_t misa = 0, v;
	for (size_t i = 0; i < ncsrs; i++)
		if (!strcmp(csrs[i].name, "misa"))
			k64_get_csr(m, csrs[i].num, &misa);
	g->flen = misa & MISA_D ? 8 : misa & MISA_F ? 4 : 0;
	g->vlenb = misa & MISA_V ? k64_vlenb(m) : 0;
	for (size_t i = 0; i < ncsrs; i++) {
		char e = csrs[i].ext;
		g->csr[csrs[i].num] = e == 'F' ? g->flen != 0 : e == 'V' ? g->vlenb != 0
							     : k64_get_csr(m, csrs[i].num, &v) == 0;
	}

	struct text t = { 0 };
	add(&t, "<?xml version=\"1.0\"?>\n<!DOCTYPE target SYSTEM \"gdb-target.dtd\">\n<target version=\"1.0\">\n");
	add(&t, "<architecture>riscv:rv64</architecture>\n");
	add(&t, "<feature name=\"org.gnu.gdb.riscv.cpu\">\n");
	for (unsigned r = 0; r < 32; r++)
		add(&t, "  <reg name=\"%s\" bitsize=\"64\" regnum=\"%u\" type=\"%s\"/>\n", xnames[r], r,
		    r == 1 ? "code_ptr" : r == 2 || r == 3 || r == 8 ? "data_ptr" : "int");
	add(&t, "  <reg name=\"pc\" bitsize=\"64\" regnum=\"32\" type=\"code_ptr\"/>\n</feature>\n");
	if (g->flen) {
		add(&t, "<feature name=\"org.gnu.gdb.riscv.fpu\">\n");
		if (g->flen == 8) {
			add(&t, "  <union id=\"riscv_double\">\n    <field name=\"float\" type=\"ieee_single\"/>\n"
				"    <field name=\"double\" type=\"ieee_double\"/>\n  </union>\n");
		}
		for (unsigned r = 0; r < 32; r++)
			add(&t, "  <reg name=\"%s\" bitsize=\"%u\" regnum=\"%u\" type=\"%s\"/>\n", fnames[r],
			    8 * g->flen, K64_GDB_F0 + r, g->flen == 8 ? "riscv_double" : "ieee_single");
		for (size_t i = 0; i < ncsrs; i++)
			if (csrs[i].ext == 'F')
				add(&t, "  <reg name=\"%s\" bitsize=\"64\" regnum=\"%u\" type=\"int\" group=\"float\"/>\n",
				    csrs[i].name, K64_GDB_CSR0 + csrs[i].num);
		add(&t, "</feature>\n");
	}
	add(&t, "<feature name=\"org.gnu.gdb.riscv.virtual\">\n"
		"  <reg name=\"priv\" bitsize=\"64\" regnum=\"%u\" type=\"int\" group=\"general\"/>\n</feature>\n",
	    K64_GDB_PRIV);
	add(&t, "<feature name=\"org.gnu.gdb.riscv.csr\">\n");
	for (size_t i = 0; i < ncsrs; i++)
		if (csrs[i].ext != 'F' && g->csr[csrs[i].num])
			add(&t, "  <reg name=\"%s\" bitsize=\"64\" regnum=\"%u\" type=\"int\"/>\n", csrs[i].name,
			    K64_GDB_CSR0 + csrs[i].num);
	add(&t, "</feature>\n");
	if (g->vlenb) {
		/* each register as the union of its element views, as QEMU and OpenOCD describe it */
		add(&t, "<feature name=\"org.gnu.gdb.riscv.vector\">\n");
		static const struct { const char *id, *type; unsigned bytes; } views[] = {
			{ "bytes", "uint8", 1 }, { "shorts", "uint16", 2 }, { "words", "uint32", 4 },
			{ "longs", "uint64", 8 }, { "quads", "uint128", 16 },
		};
		for (size_t i = 0; i < 5; i++)
			add(&t, "  <vector id=\"%s\" type=\"%s\" count=\"%u\"/>\n", views[i].id, views[i].type,
			    g->vlenb / views[i].bytes);
		add(&t, "  <union id=\"riscv_vector\">\n");
		static const char fields[] = "bswlq";
		for (size_t i = 0; i < 5; i++)
			add(&t, "    <field name=\"%c\" type=\"%s\"/>\n", fields[i], views[i].id);
		add(&t, "  </union>\n");
		for (unsigned r = 0; r < 32; r++)
			add(&t, "  <reg name=\"v%u\" bitsize=\"%u\" regnum=\"%u\" type=\"riscv_vector\" group=\"vector\"/>\n",
			    r, 8 * g->vlenb, K64_GDB_V0 + r);
		add(&t, "</feature>\n");
	}
	add(&t, "</target>\n");
	if (t.oom) {
		free(t.p);
		return -1;
	}
	g->xml = t.p;
	g->xml_len = t.n;
	return 0;
}

void k64_gdb_regs_free(struct k64_gdb_regs *g)
{
	free(g->xml);
	g->xml = NULL;
}

unsigned k64_gdb_reg_size(const struct k64_gdb_regs *g, unsigned n)
{
	if (n <= K64_GDB_PC || n == K64_GDB_PRIV)
		return 8;
	if (n < K64_GDB_CSR0)
		return g->flen;
	if (n < K64_GDB_PRIV)
		return g->csr[n - K64_GDB_CSR0] ? 8 : 0;
	if (n < K64_GDB_NREGS)
		return g->vlenb;
	return 0;
}

static void put64(uint8_t *b, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		b[i] = (uint8_t)(v >> 8 * i);
}

static uint64_t get64(const uint8_t *b, unsigned len)
{
	uint64_t v = 0;
	for (unsigned i = 0; i < len; i++)
		v |= (uint64_t)b[i] << 8 * i;
	return v;
}

bool k64_gdb_reg_get(struct k64_gdb_regs *g, unsigned n, uint8_t *buf)
{
	struct k64_machine *m = g->m;
	uint64_t v;
	if (!k64_gdb_reg_size(g, n))
		return false;
	if (n < 32) {
		v = k64_get_x(m, n);
	} else if (n == K64_GDB_PC) {
		v = k64_get_pc(m);
	} else if (n < K64_GDB_CSR0) {
		v = k64_get_f(m, n - K64_GDB_F0);
		if (g->flen == 4) {
			memcpy(buf, &(uint32_t){ (uint32_t)v }, 4);   /* the single inside its NaN box */
			return true;
		}
	} else if (n < K64_GDB_PRIV) {
		if (k64_get_csr(m, n - K64_GDB_CSR0, &v))
			return false;
	} else if (n == K64_GDB_PRIV) {
		v = k64_get_priv(m);
	} else {
		k64_get_v(m, n - K64_GDB_V0, buf);
		return true;
	}
	put64(buf, v);
	return true;
}

bool k64_gdb_reg_set(struct k64_gdb_regs *g, unsigned n, const uint8_t *buf)
{
	struct k64_machine *m = g->m;
	unsigned size = k64_gdb_reg_size(g, n);
	if (!size)
		return false;
	uint64_t v = get64(buf, size < 8 ? size : 8);
	if (n < 32) {
		k64_set_x(m, n, v);   /* x0 stays zero */
	} else if (n == K64_GDB_PC) {
		k64_set_pc(m, v);
	} else if (n < K64_GDB_CSR0) {
		k64_set_f(m, n - K64_GDB_F0, g->flen == 4 ? v | 0xffffffff00000000ull : v);
	} else if (n < K64_GDB_PRIV) {
		return k64_set_csr(m, n - K64_GDB_CSR0, v) == 0;
	} else if (n == K64_GDB_PRIV) {
		return false;   /* the privilege changes only by traps and xRET */
	} else {
		k64_set_v(m, n - K64_GDB_V0, buf);
	}
	return true;
}
