/* --trace: the commit log, one line per retired instruction in Spike's --log-commits format
 * ("core   0: <priv> 0x<pc> (0x<insn>)" then " x<n>  0x<value>" per register written,
 * " mem 0x<addr>" per load and " mem 0x<addr> 0x<value>" per store), so karu64 and Spike runs
 * can be diffed line by line. An optional disassembly column follows a tab and '#'. */
#include <stdio.h>
#include <string.h>
#include "core/hart.h"
#include "core/trace.h"

static void value(FILE *f, unsigned bits, uint64_t v)
{
	fprintf(f, "0x%0*llx", (int)(bits / 4), (unsigned long long)(bits < 64 ? v & ((1ull << bits) - 1) : v));
}

static const struct { unsigned csr; const char *name; } csr_names[] = {
	{ 0x001, "fflags" }, { 0x002, "frm" }, { 0x003, "fcsr" }, { 0x008, "vstart" }, { 0x009, "vxsat" },
	{ 0x00a, "vxrm" }, { 0x00f, "vcsr" }, { 0x100, "sstatus" }, { 0x104, "sie" }, { 0x105, "stvec" },
	{ 0x106, "scounteren" }, { 0x10a, "senvcfg" }, { 0x140, "sscratch" }, { 0x141, "sepc" },
	{ 0x142, "scause" }, { 0x143, "stval" }, { 0x144, "sip" }, { 0x180, "satp" }, { 0x300, "mstatus" },
	{ 0x301, "misa" }, { 0x302, "medeleg" }, { 0x303, "mideleg" }, { 0x304, "mie" }, { 0x305, "mtvec" },
	{ 0x306, "mcounteren" }, { 0x30a, "menvcfg" }, { 0x320, "mcountinhibit" }, { 0x340, "mscratch" },
	{ 0x341, "mepc" }, { 0x342, "mcause" }, { 0x343, "mtval" }, { 0x344, "mip" }, { 0x747, "mseccfg" },
	{ 0xb00, "mcycle" }, { 0xb02, "minstret" },
};

/* Spike logs a CSR write as " c<decimal number>_<name> 0x<value>" before the register write. */
static void csr_write_entry(FILE *f, struct k64_hart *h, const struct k64_dinsn *d)
{
	unsigned csr = (unsigned)d->imm & 0xfff, f3 = (d->word >> 12) & 3, rs1 = (d->word >> 15) & 31;
	if (f3 != 1 && rs1 == 0)
		return; /* csrrs/csrrc with x0 or uimm 0 do not write */
	char name[16];
	const char *n = NULL;
	for (size_t i = 0; i < sizeof csr_names / sizeof csr_names[0]; i++)
		if (csr_names[i].csr == csr)
			n = csr_names[i].name;
	if (!n && csr >= 0x3a0 && csr <= 0x3af)
		snprintf(name, sizeof name, "pmpcfg%u", csr - 0x3a0), n = name;
	if (!n && csr >= 0x3b0 && csr <= 0x3ef)
		snprintf(name, sizeof name, "pmpaddr%u", csr - 0x3b0), n = name;
	uint64_t v;
	if (!n || !k64_csr_read(h, d, csr, &v))
		return;
	fprintf(f, " c%u_%s ", csr, n);
	value(f, 64, v);
}

/* Spike's vector note: " e<sew> m<lmul> l<vl>" (fractional LMUL as mf<n>). */
static void vconfig(FILE *f, const struct k64_hart *h)
{
	if (h->vtype >> 63) {
		fputs(" vill", f);
		return;
	}
	unsigned sew = 8u << ((h->vtype >> 3) & 7), l = h->vtype & 7;
	fprintf(f, " e%u %s%u l%llu", sew, l >= 5 ? "mf" : "m", l >= 5 ? 1u << (8 - l) : 1u << l,
		(unsigned long long)h->vl);
}

/* Registers a vector instruction wrote: the destination group at LMUL (or the vkeccak.vi group);
 * mask-producing and scalar-result instructions show their first register only. */
static unsigned vgroup(const struct k64_hart *h, const struct k64_insn_desc *desc)
{
	if (!strncmp(desc->name, "vkeccak", 7))
		return h->vlen >= 2048 ? 1 : 2048 / h->vlen;
	if (!strncmp(desc->name, "vm", 2) || (h->vtype >> 63))
		return 1;
	unsigned l = h->vtype & 7;
	return l >= 4 ? 1 : 1u << l;
}

static void trace_one(struct k64_tracer *t, struct k64_hart *h, const struct k64_dinsn *d,
		      const struct k64_retire *r, unsigned priv)
{
	uint64_t pre_rs1 = r->pre_rs1;
	FILE *f = t->out;
	const struct k64_insn_desc *desc = d->desc;
	fprintf(f, "core   0: %u ", priv);
	value(f, 64, d->pc);
	fputs(" (", f);
	value(f, d->len * 8, d->raw);
	fputc(')', f);
	if (desc) {
		unsigned rd = (d->word >> 7) & 31;
		if (desc->fmt == K64_FMT_CSR)
			csr_write_entry(f, h, d);
		if ((desc->flags & K64_F_WX) && rd) {
			fprintf(f, " x%-2u ", rd);
			value(f, 64, h->x[rd]);
		}
		if (desc->flags & K64_F_VEC) {
			vconfig(f, h);
			if (desc->flags & K64_F_WV) {
				unsigned vd = (d->word >> 7) & 31, n = vgroup(h, desc);
				for (unsigned r = vd; r < vd + n && r < 32; r++) {
					const uint8_t *v = h->vreg + (size_t)r * h->vlenb;
					fprintf(f, " v%-2u 0x", r);
					for (unsigned i = h->vlenb; i-- > 0;)
						fprintf(f, "%02x", v[i]);
				}
			}
		}
		if (desc->flags & K64_F_WF) {
			fprintf(f, " f%-2u ", rd);
			value(f, 64, h->f[rd]);
		}
		if ((desc->flags & (K64_F_LOAD | K64_F_STORE)) && desc->mem_size) {
			uint64_t a = pre_rs1 + (desc->flags & K64_F_STORE && !(desc->flags & K64_F_LOAD) ? (uint64_t)d->imm : 0);
			if ((desc->flags & K64_F_LOAD) && !(desc->flags & K64_F_STORE))
				a = pre_rs1 + (uint64_t)d->imm;
			if ((desc->flags & (K64_F_LOAD | K64_F_STORE)) == (K64_F_LOAD | K64_F_STORE))
				a = pre_rs1; /* AMO: address register, no offset */
			if (desc->flags & K64_F_LOAD) {
				fputs(" mem ", f);
				value(f, 64, a);
			}
			if (desc->flags & K64_F_STORE) {
				/* the value stored: the source register for plain stores (a device such as
				 * HTIF may already have changed memory), memory after an AMO */
				uint64_t v = 0;
				bool plain = !(desc->flags & K64_F_LOAD);
				if (plain)
					v = (desc->flags & K64_F_FP) ? h->f[d->rs2] : h->x[d->rs2];
				if (plain || k64_mem_read(h->mem, a, &v, desc->mem_size) == 0) {
					fputs(" mem ", f);
					value(f, 64, a);
					fputc(' ', f);
					value(f, desc->mem_size * 8, v);
				}
			}
		}
	}
	if (t->disasm) {
		char buf[96];
		k64_disasm(d, buf, sizeof buf);
		fprintf(f, "\t# %s", buf);
		if (desc && (desc->flags & K64_F_VEC)) {
			static const char *const lm[8] = { "m1", "m2", "m4", "m8", "m?", "mf8", "mf4", "mf2" };
			if (h->vtype >> 63)
				fputs(" [vill]", f);
			else
				fprintf(f, " [e%u, %s, %s, %s, vl=%llu]", 8u << ((h->vtype >> 3) & 7), lm[h->vtype & 7],
					(h->vtype >> 6) & 1 ? "ta" : "tu", (h->vtype >> 7) & 1 ? "ma" : "mu",
					(unsigned long long)h->vl);
		}
	}
	fputc('\n', f);
}

void k64_trace_retire(void *ctx, struct k64_hart *h, const struct k64_batch *b)
{
	for (unsigned i = 0; i < b->n; i++)
		trace_one(ctx, h, &b->d[i], &b->r[i], b->priv);
}
