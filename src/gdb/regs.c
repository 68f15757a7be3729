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

/* The CSRs described, with the names GDB knows them by (binutils' riscv-opc.h). `ext`: the
 * misa letter they belong to (described whenever the extension is there, although reading
 * them fails while mstatus.FS or VS is off); 0: described when an M-mode read succeeds. */
static const struct { const char *name; unsigned num; char ext; } csrs[] = {
	{ "fflags", 0x001, 'F' }, { "frm", 0x002, 'F' }, { "fcsr", 0x003, 'F' },
	{ "vstart", 0x008, 'V' }, { "vxsat", 0x009, 'V' }, { "vxrm", 0x00a, 'V' }, { "vcsr", 0x00f, 'V' },
	{ "sstatus", 0x100, 0 }, { "sie", 0x104, 0 }, { "stvec", 0x105, 0 }, { "scounteren", 0x106, 0 },
	{ "senvcfg", 0x10a, 0 }, { "sscratch", 0x140, 0 }, { "sepc", 0x141, 0 }, { "scause", 0x142, 0 },
	{ "stval", 0x143, 0 }, { "sip", 0x144, 0 }, { "satp", 0x180, 0 },
	{ "mstatus", 0x300, 0 }, { "misa", 0x301, 0 }, { "medeleg", 0x302, 0 }, { "mideleg", 0x303, 0 },
	{ "mie", 0x304, 0 }, { "mtvec", 0x305, 0 }, { "mcounteren", 0x306, 0 }, { "menvcfg", 0x30a, 0 },
	{ "mcountinhibit", 0x320, 0 }, { "mscratch", 0x340, 0 }, { "mepc", 0x341, 0 },
	{ "mcause", 0x342, 0 }, { "mtval", 0x343, 0 }, { "mip", 0x344, 0 },
	{ "mtinst", 0x34a, 0 }, { "mtval2", 0x34b, 0 },
	{ "vsstatus", 0x200, 0 }, { "vsie", 0x204, 0 }, { "vstvec", 0x205, 0 }, { "vsscratch", 0x240, 0 },
	{ "vsepc", 0x241, 0 }, { "vscause", 0x242, 0 }, { "vstval", 0x243, 0 }, { "vsip", 0x244, 0 },
	{ "vsatp", 0x280, 0 }, { "hstatus", 0x600, 0 }, { "hedeleg", 0x602, 0 }, { "hideleg", 0x603, 0 },
	{ "hie", 0x604, 0 }, { "htimedelta", 0x605, 0 }, { "hcounteren", 0x606, 0 }, { "hgeie", 0x607, 0 },
	{ "henvcfg", 0x60a, 0 }, { "htval", 0x643, 0 }, { "hip", 0x644, 0 }, { "hvip", 0x645, 0 },
	{ "htinst", 0x64a, 0 }, { "hgatp", 0x680, 0 }, { "hgeip", 0xe12, 0 },
	{ "pmpcfg0", 0x3a0, 0 }, { "pmpcfg2", 0x3a2, 0 },
	{ "pmpaddr0", 0x3b0, 0 }, { "pmpaddr1", 0x3b1, 0 }, { "pmpaddr2", 0x3b2, 0 }, { "pmpaddr3", 0x3b3, 0 },
	{ "pmpaddr4", 0x3b4, 0 }, { "pmpaddr5", 0x3b5, 0 }, { "pmpaddr6", 0x3b6, 0 }, { "pmpaddr7", 0x3b7, 0 },
	{ "mseccfg", 0x747, 0 }, { "tselect", 0x7a0, 0 }, { "tdata1", 0x7a1, 0 }, { "tdata2", 0x7a2, 0 },
	{ "tdata3", 0x7a3, 0 }, { "mcycle", 0xb00, 0 }, { "minstret", 0xb02, 0 },
	{ "cycle", 0xc00, 0 }, { "time", 0xc01, 0 }, { "instret", 0xc02, 0 },
	{ "vl", 0xc20, 'V' }, { "vtype", 0xc21, 'V' }, { "vlenb", 0xc22, 'V' },
	{ "mvendorid", 0xf11, 0 }, { "marchid", 0xf12, 0 }, { "mimpid", 0xf13, 0 }, { "mhartid", 0xf14, 0 },
};

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
	uint64_t misa = 0, v;
	k64_get_csr(m, 0x301, &misa);
	g->flen = misa & MISA_D ? 8 : misa & MISA_F ? 4 : 0;
	g->vlenb = misa & MISA_V ? k64_vlenb(m) : 0;
	for (size_t i = 0; i < sizeof csrs / sizeof csrs[0]; i++) {
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
		for (unsigned c = 1; c <= 3; c++)
			add(&t, "  <reg name=\"%s\" bitsize=\"64\" regnum=\"%u\" type=\"int\" group=\"float\"/>\n",
			    csrs[c - 1].name, K64_GDB_CSR0 + c);
		add(&t, "</feature>\n");
	}
	add(&t, "<feature name=\"org.gnu.gdb.riscv.virtual\">\n"
		"  <reg name=\"priv\" bitsize=\"64\" regnum=\"%u\" type=\"int\" group=\"general\"/>\n</feature>\n",
	    K64_GDB_PRIV);
	add(&t, "<feature name=\"org.gnu.gdb.riscv.csr\">\n");
	for (size_t i = 0; i < sizeof csrs / sizeof csrs[0]; i++)
		if (csrs[i].num > 3 && g->csr[csrs[i].num])
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
