/* Host side of the FP oracle test: replays the lines printed by the riscv64 guest program under
 * QEMU (see guest_main.h) through karu64's FP instructions and compares a3, fa3, memory and
 * fflags bit for bit. Each line runs twice: with the host-FPU fast path enabled and with the
 * exact software path only (k64_fp_soft_only). The instruction word is decoded with karu64's
 * table (k64_insns_fp), so the encodings are checked against clang's assembler too; a word that
 * the table does not hold must be an illegal instruction in QEMU as well.
 *
 *   harness EXPECTED.txt|- [TABLE.txt]
 * prints mismatches, totals and "N passed, N failed"; per-instruction counts go to TABLE.txt
 * (or stdout). */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/hart.h"
#include "isa/fp.h"

#define SENTINEL 0x5a5a5a5a5a5a5a5aull
#define GUEST_BUF 0x10000ull

extern const struct k64_insn_desc k64_insns_fp[];

static jmp_buf trap_env;
static uint64_t trap_cause;

/* The core's trap and slow-path entry points, as far as the FP instructions use them. */
void k64_raise(struct k64_hart *h, const struct k64_dinsn *d, uint64_t cause, uint64_t tval)
{
	(void)h; (void)d; (void)tval;
	trap_cause = cause;
	longjmp(trap_env, 1);
}
/* FP is always enabled here: the enable check's slow path only marks the state dirty. */
void k64_fpvs_enable(struct k64_hart *h, const struct k64_dinsn *d, uint64_t field)
{
	(void)d;
	h->mstatus |= field | K64_MSTATUS_SD;
}
uint64_t k64_load_slow(struct k64_hart *h, const struct k64_dinsn *d, uint64_t a, unsigned size)
{
	(void)h; (void)d; (void)size;
	fprintf(stderr, "harness: unexpected slow-path load at %#llx\n", (unsigned long long)a);
	exit(2);
}
void k64_store_slow(struct k64_hart *h, const struct k64_dinsn *d, uint64_t a, unsigned size, uint64_t v)
{
	(void)h; (void)d; (void)size; (void)v;
	fprintf(stderr, "harness: unexpected slow-path store at %#llx\n", (unsigned long long)a);
	exit(2);
}

static const struct k64_insn_desc *lookup(uint32_t w)
{
	const struct k64_insn_desc *best = NULL;
	for (const struct k64_insn_desc *t = k64_insns_fp; t->name; t++)
		if ((w & t->mask) == t->match &&
		    (!best || __builtin_popcount(t->mask) > __builtin_popcount(best->mask)))
			best = t;
	return best;
}

static int64_t sext12(uint32_t v) { return (int64_t)((uint64_t)v << 52) >> 52; }

struct result { bool ill; uint64_t x, f, fl; };

static struct k64_hart hart;
static uint64_t membuf[512];

static struct result execute(const struct k64_insn_desc *t, uint32_t w, unsigned frm,
			     const uint64_t op[3])
{
	struct k64_hart *h = &hart;
	struct k64_dinsn d;
	struct result r = { 0 };
	memset(&d, 0, sizeof d);
	d.raw = d.word = w;
	d.len = 4;
	d.desc = t;
	d.fn = t->fn;
	d.rd = (w >> 7) & 31;
	d.rs1 = (w >> 15) & 31;
	d.rs2 = (w >> 20) & 31;
	d.rs3 = (w >> 27) & 31;
	d.rm = (w >> 12) & 7;
	if (t->fmt == K64_FMT_I)
		d.imm = sext12(w >> 20);
	else if (t->fmt == K64_FMT_S)
		d.imm = sext12(((w >> 25) << 5) | ((w >> 7) & 31));
	if ((t->flags & K64_F_WX) && d.rd == 0)
		d.rd = K64_XSINK;
	for (int i = 0; i < 3; i++)
		h->x[10 + i] = h->f[10 + i] = op[i];
	h->x[13] = h->f[13] = SENTINEL;
	if (t->flags & (K64_F_LOAD | K64_F_STORE)) {
		membuf[0] = (t->flags & K64_F_LOAD) ? op[0] : SENTINEL;
		h->x[10] = GUEST_BUF;
	}
	h->frm = frm;
	h->fflags = 0;
	h->mstatus = K64_MSTATUS_FS;
	if (setjmp(trap_env)) {
		r.ill = trap_cause == K64_CAUSE_ILLEGAL;
		return r;
	}
	t->fn(h, &d);
	r.x = (t->flags & K64_F_STORE) ? membuf[0] : h->x[13];
	r.f = h->f[13];
	r.fl = h->fflags;
	return r;
}

struct stat_row { const char *name; unsigned long n, bad; };

int main(int argc, char **argv)
{
	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: harness EXPECTED.txt|- [TABLE.txt]\n");
		return 2;
	}
	FILE *in = strcmp(argv[1], "-") ? fopen(argv[1], "r") : stdin;
	if (!in) {
		fprintf(stderr, "harness: error: cannot open %s\n", argv[1]);
		return 2;
	}
	hart.isa.ext = ~0ull;
	for (unsigned i = 0; i < K64_TLB_SIZE; i++)
		hart.tlb[i].tag_r = hart.tlb[i].tag_w = ~0ull;
	struct k64_tlb_entry *e = &hart.tlb[K64_TLB_IDX(GUEST_BUF)];
	e->tag_r = e->tag_w = GUEST_BUF >> K64_PAGE_SHIFT;
	e->addend = (intptr_t)membuf - (intptr_t)GUEST_BUF;

	static struct stat_row rows[256];
	unsigned nrows = 0;
	unsigned long lines = 0, pass[2] = { 0, 0 }, fail[2] = { 0, 0 }, ill = 0, shown = 0;
	char line[256];
	while (fgets(line, sizeof line, in)) {
		unsigned w, frm;
		unsigned long long a, b, c, x, f, fl;
		char tail[16];
		struct result exp = { 0 };
		int n = sscanf(line, "%x %u %llx %llx %llx -> %llx %llx %llx", &w, &frm, &a, &b, &c, &x, &f, &fl);
		if (n == 8) {
			exp.x = x; exp.f = f; exp.fl = fl;
		} else if (sscanf(line, "%x %u %llx %llx %llx -> %15s", &w, &frm, &a, &b, &c, tail) == 6 &&
			   !strcmp(tail, "ILL")) {
			exp.ill = true;
			ill++;
		} else {
			fprintf(stderr, "harness: error: malformed line %lu: %s", lines + 1, line);
			return 2;
		}
		lines++;
		const struct k64_insn_desc *t = lookup(w);
		const char *name = t ? t->name : "(not decoded)";
		struct stat_row *row = NULL;
		for (unsigned i = 0; i < nrows; i++)
			if (rows[i].name == name)
				row = &rows[i];
		if (!row && nrows < 256) {
			row = &rows[nrows++];
			row->name = name;
		}
		const uint64_t op[3] = { a, b, c };
		for (int soft = 0; soft < 2; soft++) {
			struct result got = { .ill = true };
			k64_fp_soft_only = soft;
			if (t)
				got = execute(t, w, frm, op);
			bool ok = got.ill == exp.ill &&
				  (exp.ill || (got.x == exp.x && got.f == exp.f && got.fl == exp.fl));
			if (row)
				row->n++;
			if (ok) {
				pass[soft]++;
				continue;
			}
			fail[soft]++;
			if (row)
				row->bad++;
			if (shown++ < 30) {
				printf("MISMATCH (%s path) %s: %s", soft ? "software" : "host", name, line);
				if (got.ill)
					printf("    karu64: ILL\n");
				else
					printf("    karu64: %016llx %016llx %02llx\n", (unsigned long long)got.x,
					       (unsigned long long)got.f, (unsigned long long)got.fl);
			}
		}
	}
	if (in != stdin)
		fclose(in);
	FILE *tab = argc > 2 ? fopen(argv[2], "w") : stdout;
	if (!tab) {
		fprintf(stderr, "harness: error: cannot write %s\n", argv[2]);
		return 2;
	}
	fprintf(tab, "%-14s %9s %7s\n", "instruction", "compared", "failed");
	for (unsigned i = 0; i < nrows; i++)
		fprintf(tab, "%-14s %9lu %7lu\n", rows[i].name, rows[i].n, rows[i].bad);
	if (tab != stdout)
		fclose(tab);
	printf("QEMU lines: %lu (%lu illegal-instruction cases), %u distinct instructions\n", lines, ill, nrows);
	printf("host-FPU path: %lu passed, %lu failed; software path: %lu passed, %lu failed\n",
	       pass[0], fail[0], pass[1], fail[1]);
	printf("%lu passed, %lu failed\n", pass[0] + pass[1], fail[0] + fail[1]);
	return fail[0] + fail[1] || lines == 0 ? 1 : 0;
}
