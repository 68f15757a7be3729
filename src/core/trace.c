/* --trace: the commit log, line for line what Spike's `--log-commits` (without `-l`) prints,
 * so that karu64 and Spike (or an RTL printing the same format) can be diffed and the first
 * instruction where they disagree found (doc/trace.md).
 *
 * A line is "core   0: <priv> 0x<pc> (0x<insn>)", then the state the instruction wrote, then
 * its memory accesses. Spike collects the writes in a std::map keyed by (number << 4 | kind)
 * with kind 0 = x, 1 = f, 2 = v, 3 = "vector instruction" (prints " e<sew> m<lmul> l<vl>"
 * once, before the first vector entry), 4 = CSR; so entries come out sorted by number first
 * (x5 before c8_vstart before x10), kind second. Then " mem 0x<addr>" for every load, in order,
 * then " mem 0x<addr> 0x<value>" for every store (the value as wide as the access). Vector
 * accesses are logged one element at a time (whole-register stores one byte at a time).
 *
 * CSR writes are logged as Spike's CSR objects log them: fcsr as fflags and frm, vcsr as vxsat
 * and vxrm, sstatus as mstatus, sie/sip as themselves and mie/mip; implicit writes too: mstatus at mret/sret and
 * when FS or VS becomes dirty, fflags when an FP instruction raised a flag, vxsat when a
 * fixed-point instruction saturated, vstart (set to 0) by every vector instruction, vl and
 * vtype at vset{i}vl{i} (vtype only when the requested value differs from the old one, as
 * Spike compares them). Implicit writes are found by comparing the CSRs with their values
 * after the previous instruction (or after trap entry), so nothing in the execution paths pays
 * for the log. Traps print nothing but the line of a vector access that faulted part-way, as
 * Spike does (trace_fault below). An optional disassembly column follows a tab and '#'. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/hart.h"
#include "core/trace.h"

enum { K_X = 0, K_F = 1, K_V = 2, K_VEC = 3, K_CSR = 4 };

static void value(FILE *f, unsigned bits, uint64_t v)
{
	fprintf(f, "0x%0*llx", (int)(bits / 4), (unsigned long long)(bits < 64 ? v & ((1ull << bits) - 1) : v));
}

/* Names as Spike's csr_name() gives them (riscv/encoding.h): those of core/csr.def. */
static const char *csr_name(unsigned csr, char *buf, size_t len)
{
	switch (csr) {
#define CSR_ROW(n, num, fl) case num: return (fl) & K64_CSRF_NOLOG ? NULL : #n;
#include "core/csr.def"
	}
#define CSR_ARRAY(n, num, first, last, gdb, fl)                          \
	if (csr >= (num) + (first) && csr <= (num) + (last)) {           \
		snprintf(buf, len, #n "%u", csr - (num));                \
		return buf;                                              \
	}
#include "core/csr.def"
	return NULL;
}

/* The entries of one line, kept sorted by key as Spike's map keeps them. */
struct entry { uint32_t key; uint64_t val; };
struct line { struct entry e[80]; unsigned n; };

static void put(struct line *l, unsigned num, unsigned kind, uint64_t val)
{
	uint32_t key = num << 4 | kind;
	unsigned i = 0;
	while (i < l->n && l->e[i].key < key)
		i++;
	if (i < l->n && l->e[i].key == key) {
		l->e[i].val = val;   /* a later write of the same register replaces the earlier one */
		return;
	}
	if (l->n == sizeof l->e / sizeof l->e[0])
		return;
	memmove(&l->e[i + 1], &l->e[i], (l->n - i) * sizeof l->e[0]);
	l->e[i] = (struct entry){ key, val };
	l->n++;
}

/* An explicit CSR write by a CSR instruction, as the CSR object Spike writes logs it; old_mip
 * is mip before the instruction. */
static void csr_write(struct line *l, struct k64_hart *h, const struct k64_dinsn *d, const struct k64_retire *r,
		      uint64_t old_mip)
{
	unsigned csr = (unsigned)d->imm & 0xfff, f3 = (d->word >> 12) & 3, rs1 = (d->word >> 15) & 31;
	unsigned rd = (d->word >> 7) & 31;
	if (f3 != 1 && rs1 == 0)
		return; /* csrrs/csrrc with x0 or uimm 0 do not write */
	uint64_t v;
	if (csr == K64_CSR_mcycle || (csr >= K64_CSR_minstret && csr <= K64_CSR_mhpmcounter_last)) {
		/* counters: Spike logs the value written, not the count read back after it */
		uint64_t src = (d->word >> 14) & 1 ? rs1 : r->pre_rs1, old = 0;
		if (rd)
			old = h->x[rd];
		else if (!k64_csr_read(h, d, csr, &old))
			return;
		v = f3 == 1 ? src : f3 == 2 ? old | src : old & ~src;
		put(l, csr, K_CSR, v);
		return;
	}
	switch (csr) {
	case K64_CSR_fcsr:
		put(l, K64_CSR_fflags, K_CSR, h->fflags);
		put(l, K64_CSR_frm, K_CSR, h->frm);
		return;
	case K64_CSR_vcsr:
		put(l, K64_CSR_vxsat, K_CSR, h->vxsat);
		put(l, K64_CSR_vxrm, K_CSR, h->vxrm);
		return;
	/* sstatus writes (and logs) mstatus alone, sie logs itself and mie, sip and mip log mvip
	 * and mip */
	case K64_CSR_sstatus: put(l, K64_CSR_mstatus, K_CSR, h->mstatus); return;
	case K64_CSR_sie: put(l, K64_CSR_sie, K_CSR, h->mie & h->mideleg); put(l, K64_CSR_mie, K_CSR, h->mie); return;
	case K64_CSR_sip: case K64_CSR_mip: {
		/* Spike's mip and sip also write its mvip (c777) and log it before mip changes: SEIP
		 * as written (karu64 keeps it in mip), SSIP and, unless menvcfg.STCE, STIP as they were */
		uint64_t old = old_mip & ((1u << 1) | ((h->menvcfg >> 63) ? 0 : 1u << 5));
		put(l, K64_CSR_mvip, K_CSR, (h->mip & (1u << 9)) | old);
		put(l, K64_CSR_mip, K_CSR, h->mip);
		return;
	}
	}
	char buf[24];
	if (csr_name(csr, buf, sizeof buf) && k64_csr_read(h, d, csr, &v))
		put(l, csr, K_CSR, v);
}

/* ---- vector instructions: the registers Spike logs ------------------------------------------ */
/* Spike logs a vector register when it writes an element of it: the registers holding the
 * body elements the instruction wrote (active ones, unless the mask is an operand), the
 * destination alone for mask results and reductions. */
static bool vactive(const struct k64_hart *h, uint32_t w, uint64_t i)
{
	return (w >> 25 & 1) || (h->vreg[i >> 3] >> (i & 7) & 1);
}

/* Registers holding elements [from, to) of width 8 << eb of the group at vd. */
static uint32_t vregs_of(const struct k64_hart *h, uint32_t w, unsigned vd, uint64_t from, uint64_t to,
			 unsigned eb, bool masked)
{
	uint32_t m = 0;
	uint64_t per = h->vlenb >> eb;
	for (uint64_t i = from; i < to; i++)
		if (!masked || vactive(h, w, i))
			m |= 1u << ((vd + i / per) & 31);
	return m;
}

static uint32_t vregs_arith(const struct k64_hart *h, uint32_t w, uint64_t vstart)
{
	unsigned f3 = (w >> 12) & 7, f6 = w >> 26, vd = (w >> 7) & 31, rs1 = (w >> 15) & 31;
	unsigned eb = (h->vtype >> 3) & 7;
	uint64_t vl = h->vl;
	bool opi = f3 == 0 || f3 == 3 || f3 == 4, opm = f3 == 2 || f3 == 6, opf = f3 == 1 || f3 == 5;
	uint32_t one = vstart < vl ? 1u << vd : 0, all = vregs_of(h, w, vd, vstart, vl, eb, true);
	uint32_t mask = all ? 1u << vd : 0;
	if (opi) {
		if (f6 == 0x11 || f6 == 0x13)                     /* vmadc, vmsbc */
			return one;
		if (f6 >= 0x18 && f6 <= 0x1f)                     /* integer compares */
			return mask;
		if (f6 == 0x10 || f6 == 0x12 || f6 == 0x17)       /* vadc, vsbc, vmerge/vmv.v */
			return vregs_of(h, w, vd, vstart, vl, eb, false);
		if (f6 == 0x27 && f3 == 3) {                      /* vmv<nr>r.v */
			unsigned nr = rs1 + 1, vs2 = (w >> 20) & 31;
			if (vd == vs2)
				return 0;
			return vregs_of(h, 1u << 25, vd, vstart << eb, (uint64_t)nr * h->vlenb, 0, false);
		}
		if ((f6 == 0x30 || f6 == 0x31) && f3 == 0)        /* vwredsum[u] */
			return vl ? 1u << vd : 0;
		if (f6 == 0x35)                                   /* vwsll */
			return vregs_of(h, w, vd, vstart, vl, eb + 1, true);
		if (f6 == 0x0e && f3 != 0) {                      /* vslideup: elements below the offset stay */
			uint64_t off = f3 == 3 ? rs1 : h->x[rs1];
			return vregs_of(h, w, vd, vstart < off ? off : vstart, vl, eb, true);
		}
		return all;
	}
	if (opm) {
		if (f3 == 2 && f6 <= 0x07)                        /* reductions */
			return vl ? 1u << vd : 0;
		if (f3 == 2 && f6 == 0x10)                        /* vmv.x.s, vcpop.m, vfirst.m */
			return 0;
		if (f3 == 6 && f6 == 0x10)                        /* vmv.s.x */
			return one;
		if (f3 == 2 && f6 == 0x14 && rs1 < 16)            /* vmsbf, vmsof, vmsif */
			return mask;
		if (f3 == 2 && f6 == 0x17) {                      /* vcompress: packed to the bottom */
			uint64_t n = 0;
			for (uint64_t i = 0; i < vl; i++)
				n += h->vreg[(size_t)rs1 * h->vlenb + (i >> 3)] >> (i & 7) & 1;
			return vregs_of(h, 1u << 25, vd, 0, n, eb, false);
		}
		if (f3 == 2 && f6 >= 0x18 && f6 <= 0x1f)          /* mask logical */
			return one;
		if (f6 >= 0x30)                                   /* widening */
			return vregs_of(h, w, vd, vstart, vl, eb + 1, true);
		return all;
	}
	if (opf) {
		if (f3 == 1 && (f6 == 0x01 || f6 == 0x03 || f6 == 0x05 || f6 == 0x07 || f6 == 0x31 || f6 == 0x33))
			return vl ? 1u << vd : 0;                 /* reductions */
		if (f3 == 1 && f6 == 0x10)                        /* vfmv.f.s */
			return 0;
		if (f3 == 5 && f6 == 0x10)                        /* vfmv.s.f */
			return one;
		if (f3 == 5 && f6 == 0x17)                        /* vfmerge, vfmv.v.f */
			return vregs_of(h, w, vd, vstart, vl, eb, false);
		if (f6 >= 0x18 && f6 <= 0x1f)                     /* compares */
			return mask;
		if (f6 >= 0x30 || (f6 == 0x12 && rs1 >= 8 && rs1 < 16))  /* widening, vfwcvt */
			return vregs_of(h, w, vd, vstart, vl, eb + 1, true);
		return all;
	}
	return 0;
}

/* Vector loads and stores (opcodes LOAD-FP/STORE-FP with a vector width). */
static bool vmem_insn(uint32_t w)
{
	unsigned op = w & 0x7f, width = (w >> 12) & 7;
	return (op == 0x07 || op == 0x27) && (width == 0 || width >= 5);
}
static unsigned vmem_eb(uint32_t w)
{
	unsigned width = (w >> 12) & 7;
	return width == 0 ? 0 : width - 4;
}

/* Signed log2 LMUL from vtype.vlmul (4 is reserved). */
static int vlmul_log2(uint64_t vtype)
{
	int l = (int)(vtype & 7);
	return l >= 4 ? l - 8 : l;
}

/* Whole-register (lumop 8) and mask (lumop 11) accesses: one access per element, vm = 1. */
static bool vmem_flat(uint32_t w)
{
	unsigned mop = (w >> 26) & 3, lumop = (w >> 20) & 31;
	return mop == 0 && (lumop == 8 || lumop == 11);
}

/* The elements a complete vector load writes: vl, ceil(vl / 8) bytes for vlm.v, every element
 * of the nf registers for a whole-register load. */
static uint64_t vload_count(const struct k64_hart *h, uint32_t w)
{
	unsigned nf = (w >> 29) + 1, lumop = (w >> 20) & 31;
	if (!vmem_flat(w))
		return h->vl;
	return lumop == 11 ? (h->vl + 7) / 8 : (uint64_t)nf * (h->vlenb >> vmem_eb(w));
}

/* Registers a vector load wrote: those of elements [vstart, end), every field, and fields
 * [0, part) of element end (a segment load that faulted there). */
static uint32_t vregs_load(const struct k64_hart *h, uint32_t w, uint64_t vstart, uint64_t end, unsigned part)
{
	unsigned vd = (w >> 7) & 31, nf = (w >> 29) + 1, mop = (w >> 26) & 3, lumop = (w >> 20) & 31;
	unsigned sew_eb = (h->vtype >> 3) & 7, eb = mop & 1 ? sew_eb : vmem_eb(w);
	int lmul = vlmul_log2(h->vtype);
	if (mop == 0 && lumop == 8)                       /* whole registers */
		return vregs_of(h, 1u << 25, vd, vstart, end, eb, false);
	if (mop == 0 && lumop == 11)                      /* vlm.v */
		return vstart < end ? 1u << vd : 0;
	int emul = mop & 1 ? lmul : lmul + (int)eb - (int)sew_eb;
	unsigned gs = emul > 0 ? 1u << emul : 1;
	uint32_t m = 0;
	for (unsigned f = 0; f < nf; f++)
		m |= vregs_of(h, w, vd + f * gs, vstart, f < part ? end + 1 : end, eb, true);
	return m;
}

/* The element accesses of a vector load or store, as Spike makes them: a contiguous range
 * (karu64's fast path) is cut into elements; whole-register and mask stores go byte by byte.
 * A store logs the value each element store wrote, also when a later element of the same
 * instruction overwrote it (segments, indexed stores to one address): the data come from the
 * source registers in access order, element by element from vstart (active ones), field by
 * field within an element; whole-register and mask stores take the group's bytes in order. */
static void vmem_entries(FILE *f, struct k64_hart *h, const struct k64_dinsn *d, const struct k64_retire *r,
			 uint64_t vstart, bool stores)
{
	uint32_t w = d->word;
	unsigned mop = (w >> 26) & 3, lumop = (w >> 20) & 31, vs3 = (w >> 7) & 31, nf = (w >> 29) + 1;
	unsigned sew_eb = (h->vtype >> 3) & 7, eb = mop & 1 ? sew_eb : vmem_eb(w);
	bool bytes = mop == 0 && (lumop == 11 || (lumop == 8 && stores));
	unsigned esz = bytes ? 1 : 1u << eb;
	int lmul = vlmul_log2(h->vtype), emul = mop & 1 ? lmul : lmul + (int)eb - (int)sew_eb;
	unsigned gs = emul > 0 ? 1u << emul : 1;
	uint64_t i = vstart, nbyte = 0;   /* the next element (and field) or byte the data come from */
	unsigned fld = 0;
	for (uint32_t k = 0; k < r->nacc; k++) {
		const struct k64_acc *a = &r->acc[k];
		if (!a->write != !stores)
			continue;
		unsigned piece = a->size % esz ? a->size : esz;
		for (uint64_t off = 0; off < a->size; off += piece) {
			fputs(" mem ", f);
			value(f, 64, a->addr + off);
			if (!stores)
				continue;
			uint64_t v = 0, at = 0, end = (uint64_t)32 * h->vlenb;
			if (piece == esz && piece <= 8 && bytes) {
				at = (uint64_t)vs3 * h->vlenb + nbyte++;
			} else if (piece == esz && piece <= 8) {
				while (!vactive(h, w, i) && i < h->vl)
					i++;
				at = (uint64_t)(vs3 + fld * gs) * h->vlenb + i * esz;
				if (++fld == nf)
					fld = 0, i++;
			} else {
				at = end;
			}
			if (at + piece <= end)
				memcpy(&v, h->vreg + at, piece);
			else   /* not an element of the source group: what memory holds */
				k64_mem_read(h->mem, a->addr + off, &v, piece <= 8 ? piece : 8);
			fputc(' ', f);
			value(f, piece * 8, v);
		}
	}
}

/* Did an instruction raise an FP flag (sticky = &fflags) or saturate (&vxsat)? Spike writes
 * fflags whenever a flag is raised and vxsat whenever an element saturates, also when they
 * already hold the bit. A change shows most of them; when the CSR was already nonzero and did
 * not change, the instruction runs again on a scratch copy of the state it started from
 * (registers from the shadow) with the CSR at 0. Only the log pays for this. */
static bool raised(struct k64_tracer *t, const struct k64_hart *h, const struct k64_dinsn *d, bool vxsat)
{
	uint32_t now = vxsat ? h->vxsat : h->fflags, before = vxsat ? t->vxsat : t->fflags;
	if (now != before)
		return true;
	if (!now || d->desc->op != K64_OP_CALL || !d->fn)
		return false;
	if (!t->scratch && !(t->scratch = calloc(1, sizeof *t->scratch)))
		return false;
	struct k64_hart *s = t->scratch;
	/* the scalar, FP, vector and CSR state: all an arithmetic instruction reads (no memory) */
	memcpy(s, h, offsetof(struct k64_hart, mem));
	memcpy(s->f, t->f, sizeof s->f);
	s->vstart = t->vstart;
	if (d->desc->flags & K64_F_VEC)
		memcpy(s->vreg, t->v, (size_t)32 * h->vlenb);
	s->acc = NULL;
	if (vxsat)
		s->vxsat = 0;
	else
		s->fflags = 0;
	d->fn(s, d);
	return (vxsat ? s->vxsat : s->fflags) != 0;
}

/* Instructions that may raise FP flags or saturate, and do not touch memory. */
static bool fp_arith(uint32_t w)
{
	unsigned op = w & 0x7f, f3 = (w >> 12) & 7;
	return op == 0x53 || (op & 0x73) == 0x43 || (op == 0x57 && (f3 == 1 || f3 == 5));
}
static bool fixed_point(uint32_t w)
{
	unsigned f3 = (w >> 12) & 7, f6 = w >> 26;
	if ((w & 0x7f) != 0x57 || !(f3 == 0 || f3 == 3 || f3 == 4))
		return false;
	return (f6 >= 0x20 && f6 <= 0x23) || (f6 == 0x27 && f3 != 3) || f6 == 0x2e || f6 == 0x2f;
}

/* ---- one line --------------------------------------------------------------------------- */
static void vreg_value(FILE *f, const struct k64_hart *h, unsigned r)
{
	const uint8_t *v = h->vreg + (size_t)r * h->vlenb;
	fputs("0x", f);
	for (unsigned i = h->vlenb; i-- > 0;)
		fprintf(f, "%02x", v[i]);
}

static void print_entries(FILE *f, const struct k64_hart *h, const struct line *l)
{
	bool shown = false;
	for (unsigned i = 0; i < l->n; i++) {
		unsigned num = l->e[i].key >> 4, kind = l->e[i].key & 15;
		if (!shown && (kind == K_V || kind == K_VEC)) {
			/* Spike's vector note: " e<sew> m<lmul> l<vl>" (fractional LMUL as mf<n>) */
			unsigned sew = 8u << ((h->vtype >> 3) & 7), lm = h->vtype & 7;
			fprintf(f, " e%u %s%u l%llu", sew, lm >= 5 ? "mf" : "m", lm >= 5 ? 1u << (8 - lm) : 1u << lm,
				(unsigned long long)h->vl);
			shown = true;
		}
		switch (kind) {
		case K_X: fprintf(f, " x%-2u ", num); value(f, 64, l->e[i].val); break;
		case K_F: fprintf(f, " f%-2u ", num); value(f, 64, l->e[i].val); break;
		case K_V: fprintf(f, " v%-2u ", num); vreg_value(f, h, num); break;
		case K_CSR: {
			char buf[24];
			const char *n = csr_name(num, buf, sizeof buf);
			fprintf(f, " c%u_%s ", num, n ? n : "unknown");
			value(f, 64, l->e[i].val);
			break;
		}
		}
	}
}

static void scalar_mem(FILE *f, struct k64_hart *h, const struct k64_dinsn *d, const struct k64_retire *r)
{
	const struct k64_insn_desc *desc = d->desc;
	unsigned fl = desc->flags & (K64_F_LOAD | K64_F_STORE);
	uint64_t a = fl == (K64_F_LOAD | K64_F_STORE) ? r->pre_rs1   /* AMO: no offset */
		   : r->pre_rs1 + (uint64_t)d->imm;
	if (d->cls == K64_IC_SC) {
		/* Spike's store_conditional: the store alone, when it succeeds (rd = 0); the value
		 * from memory, as rd may be rs2 */
		uint64_t v = 0, src = h->x[d->rs2];
		bool stored = k64_mem_read(h->mem, a, &v, desc->mem_size) == 0;
		bool ok = d->rd != K64_XSINK ? h->x[d->rd] == 0 : stored && v == (desc->mem_size == 4 ? (uint32_t)src : src);
		if (ok && stored) {
			fputs(" mem ", f);
			value(f, 64, a);
			fputc(' ', f);
			value(f, desc->mem_size * 8, v);
		}
		return;
	}
	if (fl & K64_F_LOAD) {
		fputs(" mem ", f);
		value(f, 64, a);
	}
	if (desc->mem_size > 8) {
		/* cbo.zero: Spike stores the block it zeroes one byte at a time */
		uint64_t base = a & ~(uint64_t)(desc->mem_size - 1);
		for (unsigned i = 0; i < desc->mem_size; i++) {
			uint64_t v = 0;
			k64_mem_read(h->mem, base + i, &v, 1);
			fputs(" mem ", f);
			value(f, 64, base + i);
			fputc(' ', f);
			value(f, 8, v);
		}
		return;
	}
	if (fl & K64_F_STORE) {
		/* the value stored: the source register for plain stores (a device such as HTIF may
		 * already have changed memory), memory after an AMO */
		uint64_t v = 0;
		bool plain = !(fl & K64_F_LOAD);
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

static void shadow(struct k64_tracer *t, const struct k64_hart *h, bool vec);

/* "core   0: P 0xPC (0xINSN)"; with k64_trace_virt on, "core   0: P V=v 0xPC (0xINSN)", V the
 * hypervisor extension's virtualization mode (Spike's log has the privilege only). */
static void line_start(const struct k64_tracer *t, const struct k64_dinsn *d, unsigned priv, bool virt)
{
	FILE *f = t->out;
	fprintf(f, "core   0: %u ", priv);
	if (t->virt)
		fprintf(f, "V=%u ", virt ? 1u : 0u);
	value(f, 64, d->pc);
	fputs(" (", f);
	value(f, d->len * 8, d->raw);
	fputc(')', f);
}

/* The optional disassembly column, and the end of the line. */
static void line_end(const struct k64_tracer *t, const struct k64_hart *h, const struct k64_dinsn *d)
{
	FILE *f = t->out;
	if (t->disasm) {
		char buf[96];
		k64_disasm(d, buf, sizeof buf);
		fprintf(f, "\t# %s", buf);
		if (d->desc && (d->desc->flags & K64_F_VEC)) {
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

static void trace_one(struct k64_tracer *t, struct k64_hart *h, const struct k64_dinsn *d,
		      const struct k64_retire *r, unsigned priv, bool virt)
{
	const struct k64_insn_desc *desc = d->desc;
	FILE *f = t->out;
	struct line l;
	l.n = 0;
	line_start(t, d, priv, virt);
	if (desc) {
		uint32_t w = d->word;
		unsigned rd = (w >> 7) & 31;
		bool vec = desc->flags & K64_F_VEC, vset = vec && (w & 0x7f) == 0x57 && ((w >> 12) & 7) == 7;
		if ((desc->flags & K64_F_WX) && rd)
			put(&l, rd, K_X, h->x[rd]);
		if (desc->flags & K64_F_WF)
			put(&l, rd, K_F, h->f[rd]);
		if (desc->fmt == K64_FMT_CSR)
			csr_write(&l, h, d, r, t->mip);
		if (w == 0x30200073 || w == 0x10200073)           /* mret, sret */
			put(&l, K64_CSR_mstatus, K_CSR, h->mstatus);
		if (h->mstatus != t->mstatus)                     /* FS or VS made dirty */
			put(&l, K64_CSR_mstatus, K_CSR, h->mstatus);
		if (desc->fmt != K64_FMT_CSR && (h->fflags != t->fflags || (fp_arith(w) && raised(t, h, d, false))))
			put(&l, K64_CSR_fflags, K_CSR, h->fflags);
		if (vec) {
			put(&l, K64_CSR_vstart, K_CSR, h->vstart);
			if (desc->fmt != K64_FMT_CSR && (h->vxsat != t->vxsat || (fixed_point(w) && raised(t, h, d, true))))
				put(&l, K64_CSR_vxsat, K_CSR, h->vxsat);
			if (vset) {
				/* set_vl: vtype when the requested value differs from the old vtype,
				 * vl unless vsetvl{i} x0, x0 keeps it */
				unsigned rs1 = (w >> 15) & 31;
				uint64_t req = (w >> 30) == 3 ? (w >> 20) & 0x3ff
					     : (w >> 31) == 0 ? (w >> 20) & 0x7ff
					     : h->x[(w >> 20) & 31];
				if ((w >> 30) == 2 && ((w >> 20) & 31) == rd && rd)
					req = h->vtype != t->vtype ? h->vtype : t->vtype;  /* vsetvl rd = rs2: x[rs2] is gone */
				if (req != t->vtype)
					put(&l, K64_CSR_vtype, K_CSR, h->vtype);
				if ((w >> 30) == 3 || rd || rs1 || (h->vtype >> 63))
					put(&l, K64_CSR_vl, K_CSR, h->vl);
			} else {
				uint32_t regs;
				put(&l, 0, K_VEC, 0);
				if (h->vl != t->vl)                       /* fault-only-first trimmed vl */
					put(&l, K64_CSR_vl, K_CSR, h->vl);
				if (!strncmp(desc->name, "vkeccak", 7)) {
					unsigned n = h->vlen >= 2048 ? 1 : 2048 / h->vlen;
					regs = n >= 32 ? ~0u : ((1u << n) - 1) << rd;
				} else if (vmem_insn(w))
					regs = (w & 0x7f) == 0x07 ? vregs_load(h, w, t->vstart, vload_count(h, w), 0) : 0;
				else
					regs = vregs_arith(h, w, t->vstart);
				for (unsigned v = 0; v < 32; v++)
					if (regs >> v & 1)
						put(&l, v, K_V, 0);
			}
		}
	}
	print_entries(f, h, &l);
	if (desc && (desc->flags & (K64_F_LOAD | K64_F_STORE)) && desc->mem_size)
		scalar_mem(f, h, d, r);
	if (desc && (desc->flags & K64_F_VEC) && vmem_insn(d->word)) {
		vmem_entries(f, h, d, r, t->vstart, false);
		vmem_entries(f, h, d, r, t->vstart, true);
	}
	line_end(t, h, d);
	shadow(t, h, desc && (desc->flags & K64_F_VEC));
}

/* Spike prints the line of a vector instruction that takes a memory fault part-way (its
 * execute.cc catches mem_trap_t and prints when the instruction has logged its vector note),
 * then takes the trap; its log is reset before the next instruction, so trap entry's own CSR
 * writes (mepc, mcause, mstatus, ...) appear on no line. The line holds what the elements
 * before the fault did: the registers they wrote, their accesses, vstart = the faulting element
 * (written at each element), mstatus if VS became dirty. Every access was an element access
 * (the contiguous fast path faults before moving anything). */
static void trace_fault(struct k64_tracer *t, struct k64_hart *h, const struct k64_dinsn *d)
{
	FILE *f = t->out;
	uint32_t w = d->word;
	struct k64_retire r = { .acc = h->acc, .nacc = h->acc_n };
	struct line l;
	l.n = 0;
	line_start(t, d, h->priv, h->virt);
	put(&l, 0, K_VEC, 0);
	put(&l, K64_CSR_vstart, K_CSR, h->vstart);
	if (h->mstatus != t->mstatus)
		put(&l, K64_CSR_mstatus, K_CSR, h->mstatus);
	if ((w & 0x7f) == 0x07) {
		/* fields the faulting element loaded before its faulting field */
		uint64_t done = 0, nf = vmem_flat(w) ? 1 : (w >> 29) + 1;
		for (uint64_t i = t->vstart; i < h->vstart; i++)
			done += vactive(h, w, i);
		unsigned part = r.nacc > done * nf ? (unsigned)(r.nacc - done * nf) : 0;
		uint32_t regs = vregs_load(h, w, t->vstart, h->vstart, part);
		for (unsigned v = 0; v < 32; v++)
			if (regs >> v & 1)
				put(&l, v, K_V, 0);
	}
	print_entries(f, h, &l);
	vmem_entries(f, h, d, &r, t->vstart, false);
	vmem_entries(f, h, d, &r, t->vstart, true);
	line_end(t, h, d);
}

/* The state the next instruction starts from (the vector registers only after a vector
 * instruction: nothing else writes them but traps, after which everything is copied). */
static void shadow(struct k64_tracer *t, const struct k64_hart *h, bool vec)
{
	t->mstatus = h->mstatus;
	t->mip = h->mip;
	t->vl = h->vl;
	t->vtype = h->vtype;
	t->vstart = h->vstart;
	t->fflags = h->fflags;
	t->frm = h->frm;
	t->vxsat = h->vxsat;
	t->vxrm = h->vxrm;
	memcpy(t->f, h->f, sizeof t->f);
	if (vec)
		memcpy(t->v, h->vreg, (size_t)32 * h->vlenb);
}

/* Off by default, so that logs diff against Spike's; the logs started after the call. */
static bool trace_virt;
void k64_trace_virt(bool on) { trace_virt = on; }

void k64_trace_start(struct k64_tracer *t, struct k64_hart *h, FILE *out, bool disasm)
{
	t->out = out;
	t->disasm = disasm;
	t->virt = trace_virt;
	shadow(t, h, true);
}

void k64_trace_end(struct k64_tracer *t)
{
	free(t->scratch);
	t->scratch = NULL;
}

void k64_trace_retire(void *ctx, struct k64_hart *h, const struct k64_batch *b)
{
	for (unsigned i = 0; i < b->n; i++)
		trace_one(ctx, h, &b->d[i], &b->r[i], b->priv, b->virt);
}

/* Memory faults: Spike's mem_trap_t (misaligned, access and page faults of loads and stores). */
static bool mem_fault(uint64_t cause)
{
	return cause == 4 || cause == 5 || cause == 6 || cause == 7 || cause == 13 || cause == 15;
}

void k64_trace_trap(void *ctx, struct k64_hart *h, uint64_t cause, uint64_t tval)
{
	(void)tval;
	const struct k64_dinsn *d = mem_fault(cause) ? k64_trap_insn(h, cause) : NULL;
	if (d && d->desc && (d->desc->flags & K64_F_VEC) && vmem_insn(d->word))
		trace_fault(ctx, h, d);
}

/* After trap entry (or a system call the front-end handled): the state the handler's first
 * instruction starts from, so that its own implicit writes are logged as usual. */
void k64_trace_entered(void *ctx, struct k64_hart *h)
{
	shadow(ctx, h, true);
}
