/* Zicsr: the CSR instructions and the unprivileged CSRs (floating-point, vector, time).
 * The counters are in core/pmu.c, the other machine- and supervisor-level CSRs in core/priv.c. */
#include <time.h>
#include "core/hyp.h"

/* Time base: 10 MHz, as on QEMU's virt board. With a timing model, time is modelled cycles at
 * the model's core clock; with --virtual-clock one retired instruction is one nanosecond; both
 * make runs reproducible. */
uint64_t k64_clock_ns(const struct k64_hart *h)
{
	uint64_t skip = h->time_skip * 100;
	if (h->ts)
		return (uint64_t)((unsigned __int128)h->ts->cycles(h->ts->ctx, NULL) * 1000000000u / h->ts->hz) + skip;
	if (h->virtual_clock)
		return h->instret + skip;
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec - h->time_base + skip;
}

uint64_t k64_time_ticks(const struct k64_hart *h, uint64_t now)
{
	if (h->ts)
		return (uint64_t)((unsigned __int128)now * 10000000u / h->ts->hz) + h->time_skip;
	if (h->virtual_clock)
		return now / 100 + h->time_skip;
	return k64_clock_ns(h) / 100;
}

/* Sstc (stimecmp): S-mode reaches it when mcounteren.TM and menvcfg.STCE are set; VS-mode
 * reaches vstimecmp through it when hcounteren.TM and henvcfg.STCE are set too (a virtual
 * instruction otherwise, as from VU where HS could; Sstc chapter, 21.6.1). */
#define MENVCFG_STCE (1ull << 63)
static bool stimecmp_ok(struct k64_hart *h)
{
	if (h->priv == K64_PRIV_M)
		return true;
	bool hs = (h->mcounteren & 2) && (h->menvcfg & MENVCFG_STCE);
	if (h->priv == K64_PRIV_U && !h->virt)
		return false;
	if (!hs)
		return false;
	if (h->virt && (h->priv == K64_PRIV_U || !(h->hcounteren & 2) || !(k64_henvcfg(h) & HENVCFG_STCE)))
		return k64_csr_virt(h);
	return true;
}

/* FP and vector CSRs need FS (VS) not Off in mstatus and, in V mode, in vsstatus. */
static bool fp_on(struct k64_hart *h)
{
	return k64_has(&h->isa, K64_EXT_F) && (h->mstatus & K64_MSTATUS_FS) &&
	       (!h->virt || (h->vsstatus & K64_MSTATUS_FS));
}
static bool vec_on(struct k64_hart *h)
{
	return k64_has(&h->isa, K64_EXT_V) && (h->mstatus & K64_MSTATUS_VS) &&
	       (!h->virt || (h->vsstatus & K64_MSTATUS_VS));
}
/* An FP or vector CSR written: the state becomes Dirty (in vsstatus too in V mode). */
static void make_dirty(struct k64_hart *h, uint64_t field)
{
	h->mstatus |= field | K64_MSTATUS_SD;
	if (h->virt)
		h->vsstatus |= field | K64_MSTATUS_SD;
	k64_fpvs_sync(h);
}

/* (cycle, instret, the hpm counters and their machine forms: core/pmu.c) */

bool k64_csr_read(struct k64_hart *h, const struct k64_dinsn *d, unsigned csr, uint64_t *v)
{
	switch (csr) {
	case K64_CSR_fflags: if (!fp_on(h)) return false; *v = h->fflags; return true;
	case K64_CSR_frm:    if (!fp_on(h)) return false; *v = h->frm; return true;
	case K64_CSR_fcsr:   if (!fp_on(h)) return false; *v = h->frm << 5 | h->fflags; return true;
	case K64_CSR_vstart: if (!vec_on(h)) return false; *v = h->vstart; return true;
	case K64_CSR_vxsat:  if (!vec_on(h)) return false; *v = h->vxsat; return true;
	case K64_CSR_vxrm:   if (!vec_on(h)) return false; *v = h->vxrm; return true;
	case K64_CSR_vcsr:   if (!vec_on(h)) return false; *v = h->vxrm << 1 | h->vxsat; return true;
	case K64_CSR_vl:     if (!vec_on(h)) return false; *v = h->vl; return true;
	case K64_CSR_vtype:  if (!vec_on(h)) return false; *v = h->vtype; return true;
	case K64_CSR_vlenb:  if (!vec_on(h)) return false; *v = h->vlenb; return true;
	case K64_CSR_time:
		if (!k64_has(&h->isa, K64_EXT_ZICNTR) || !k64_counter_ok(h, csr)) return false;
		*v = h->ts ? k64_time_ticks(h, h->ts->cycles(h->ts->ctx, d)) : k64_clock_ns(h) / 100;
		if (h->virt)
			*v += h->htimedelta;   /* 21.2.8 */
		return true;
	case K64_CSR_stimecmp:
		if (!stimecmp_ok(h)) return false;
		*v = h->virt ? h->vstimecmp : h->stimecmp;
		return true;
	default:
		if (k64_pmu_csr(csr))
			return k64_pmu_read(h, d, csr, v);
		return k64_priv_csr_read(h, csr, v);
	}
}

bool k64_csr_write(struct k64_hart *h, const struct k64_dinsn *d, unsigned csr, uint64_t v)
{
	(void)d;
	switch (csr) {
	case K64_CSR_fflags: if (!fp_on(h)) return false; h->fflags = v & 31; break;
	case K64_CSR_frm:    if (!fp_on(h)) return false; h->frm = v & 7; break;
	case K64_CSR_fcsr:   if (!fp_on(h)) return false; h->fflags = v & 31; h->frm = (v >> 5) & 7; break;
	case K64_CSR_vstart: if (!vec_on(h)) return false; h->vstart = v & (h->vlen - 1); goto vdirty; /* log2(VLEN) bits */
	case K64_CSR_vxsat:  if (!vec_on(h)) return false; h->vxsat = v & 1; goto vdirty;
	case K64_CSR_vxrm:   if (!vec_on(h)) return false; h->vxrm = v & 3; goto vdirty;
	case K64_CSR_vcsr:   if (!vec_on(h)) return false; h->vxsat = v & 1; h->vxrm = (v >> 1) & 3; goto vdirty;
	case K64_CSR_stimecmp:
		if (!stimecmp_ok(h)) return false;
		*(h->virt ? &h->vstimecmp : &h->stimecmp) = v;
		k64_priv_sstc_update(h, k64_time_ticks(h, k64_now(h, d)));
		if (h->fe.timer)
			h->fe.timer(h->fe.ctx, h);
		return true;
	default:
		if (k64_pmu_csr(csr))
			return k64_pmu_write(h, d, csr, v);
		return k64_priv_csr_write(h, csr, v);
	}
	make_dirty(h, K64_MSTATUS_FS);
	return true;
vdirty:
	make_dirty(h, K64_MSTATUS_VS);
	return true;
}

/* Zicsr, "CSR Instructions": csrrw with rd = x0 does not read; csrrs/csrrc with rs1 = x0 (or
 * uimm = 0) do not write. A write to a read-only CSR (bits 11:10 = 11) is illegal. */
enum { CSR_W, CSR_S, CSR_C };
static void csr_op(struct k64_hart *h, const struct k64_dinsn *d, uint64_t src, int kind)
{
	unsigned csr = (unsigned)d->imm & 0xfff;
	unsigned rd = (d->word >> 7) & 31, rs1 = (d->word >> 15) & 31;
	bool rd_ = !(kind == CSR_W && rd == 0);
	bool wr = kind == CSR_W || rs1 != 0;
	uint64_t old = 0;
	if (wr && (csr >> 10) == 3)
		k64_illegal(h, d);
	h->csr_virt = false;
	if ((rd_ || kind != CSR_W) && !k64_csr_read(h, d, csr, &old))
		goto bad;
	if (wr) {
		uint64_t nv = kind == CSR_W ? src : kind == CSR_S ? old | src : old & ~src;
		if (!k64_csr_write(h, d, csr, nv))
			goto bad;
	}
	if (rd_)
		h->x[rd ? rd : K64_XSINK] = old;
	return;
bad:   /* V mode: a virtual instruction where HS-mode could have done it (21.6.1) */
	if (h->csr_virt) {
		h->csr_virt = false;
		k64_raise(h, d, K64_CAUSE_VIRTUAL, d->raw);
	}
	k64_illegal(h, d);
}

static void k64_exec_csrrw(struct k64_hart *h, const struct k64_dinsn *d) { csr_op(h, d, h->x[d->rs1], CSR_W); }
static void k64_exec_csrrs(struct k64_hart *h, const struct k64_dinsn *d) { csr_op(h, d, h->x[d->rs1], CSR_S); }
static void k64_exec_csrrc(struct k64_hart *h, const struct k64_dinsn *d) { csr_op(h, d, h->x[d->rs1], CSR_C); }
static void k64_exec_csrrwi(struct k64_hart *h, const struct k64_dinsn *d) { csr_op(h, d, d->rs1, CSR_W); }
static void k64_exec_csrrsi(struct k64_hart *h, const struct k64_dinsn *d) { csr_op(h, d, d->rs1, CSR_S); }
static void k64_exec_csrrci(struct k64_hart *h, const struct k64_dinsn *d) { csr_op(h, d, d->rs1, CSR_C); }

#define CSR_ROW(n, f3, fn, args) \
	{ n, 0x00000073 | (f3) << 12, 0x0000707f, K64_EXT_ZICSR, K64_FMT_CSR, K64_F_END | K64_F_WX, K64_OP_CALL, fn, args, 0, \
	  K64_TM(CSR) }
const struct k64_insn_desc k64_insns_csr[] = {
	CSR_ROW("csrrw", 1, k64_exec_csrrw, "d,c,s"),
	CSR_ROW("csrrs", 2, k64_exec_csrrs, "d,c,s"),
	CSR_ROW("csrrc", 3, k64_exec_csrrc, "d,c,s"),
	CSR_ROW("csrrwi", 5, k64_exec_csrrwi, "d,c,z"),
	CSR_ROW("csrrsi", 6, k64_exec_csrrsi, "d,c,z"),
	CSR_ROW("csrrci", 7, k64_exec_csrrci, "d,c,z"),
	{ 0 }
};
