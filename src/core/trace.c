/* --trace: the commit log, one line per retired instruction in Spike's --log-commits format
 * ("core   0: <priv> 0x<pc> (0x<insn>)" then " x<n>  0x<value>" per register written,
 * " mem 0x<addr>" per load and " mem 0x<addr> 0x<value>" per store), so karu64 and Spike runs
 * can be diffed line by line. An optional disassembly column follows a tab and '#'. */
#include <stdio.h>
#include "core/hart.h"
#include "core/trace.h"

static void value(FILE *f, unsigned bits, uint64_t v)
{
	fprintf(f, "0x%0*llx", (int)(bits / 4), (unsigned long long)(bits < 64 ? v & ((1ull << bits) - 1) : v));
}

void k64_trace_observer(void *ctx, struct k64_hart *h, const struct k64_dinsn *d, uint64_t pre_rs1)
{
	struct k64_tracer *t = ctx;
	FILE *f = t->out;
	const struct k64_insn_desc *desc = d->desc;
	fprintf(f, "core   0: %u ", h->priv);
	value(f, 64, d->pc);
	fputs(" (", f);
	value(f, d->len * 8, d->raw);
	fputc(')', f);
	if (desc) {
		unsigned rd = (d->word >> 7) & 31;
		if ((desc->flags & K64_F_WX) && rd) {
			fprintf(f, " x%-2u ", rd);
			value(f, 64, h->x[rd]);
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
				uint64_t v = 0;
				if (k64_mem_read(h->mem, a, &v, desc->mem_size) == 0) {
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
	}
	fputc('\n', f);
}
