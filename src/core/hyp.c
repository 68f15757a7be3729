/* The hypervisor extension (H 1.0, RISC-V Privileged Architecture 1.13 chapter 21, with
 * RVA23S64's Sha): the HS-level CSRs (hstatus, hedeleg, hideleg, hie, hip, hvip, hgeie, hgeip,
 * hcounteren, htval, htinst, hgatp, henvcfg, htimedelta, hstateen0..3), the VS-level CSRs
 * (vsstatus, vsie, vsip, vstvec, vsscratch, vsepc, vscause, vstval, vsatp, vstimecmp), mtval2 and
 * mtinst; the hypervisor loads and stores (HLV, HLVX, HSV) and fences (HFENCE.VVMA/GVMA,
 * HINVAL.VVMA/GVMA). Trap entry, xRET and interrupts with V are in core/priv.c, the two-stage
 * translation in core/mmu.c. GEILEN = 0 (no IMSIC): hgeip and hgeie read zero and VSEIP comes from
 * hvip alone. VMIDLEN = 14. Accesses from lower privileges and V mode are checked by
 * core/priv.c before these functions run, but for the checks of particular CSRs. */
#include "core/hyp.h"

#define MS_SIE  (1ull << 1)
#define MS_SPIE (1ull << 5)
#define MS_SPP  (1ull << 8)
#define MS_XS   (3ull << 15)
#define MS_SUM  (1ull << 18)
#define MS_MXR  (1ull << 19)
#define MS_TVM  (1ull << 20)
#define MS_UXL  (3ull << 32)
#define ENVCFG_MASK 0xf1ull             /* FIOM, CBIE, CBCFE, CBZE */
#define ENVCFG_CBIE (3ull << 4)
#define STATEEN_SE (1ull << 63)
#define STATEEN0_ENVCFG (1ull << 62)

/* hedeleg: the exceptions medeleg may delegate but ecall from HS (9), from VS (10) and M (11), the
 * guest-page faults and virtual instructions (20-23), which stay with HS or M (21.2.2) */
#define HEDELEG_MASK 0xb1ffull

/* The CSRs of core/csr.def marked K64_CSRF_H. */
bool k64_hyp_csr(unsigned csr)
{
	switch (csr) {
#define CSR_ROW(n, num, fl) case num: return ((fl) & K64_CSRF_H) != 0;
#include "core/csr.def"
	default:
		return false;
	}
}

void k64_hyp_reset(struct k64_hart *h)
{
	h->virt = h->xl_v = 0;
	h->trap_hlv = false;
	h->hstatus = h->hedeleg = h->hideleg = h->hcounteren = h->htval = h->htinst = 0;
	h->hgatp = h->henvcfg = h->htimedelta = 0;
	memset(h->hstateen, 0, sizeof h->hstateen);
	h->vsstatus = k64_hyp_on(h) ? 2ull << 32 : 0;          /* UXL = 2 */
	h->vstvec = h->vsscratch = h->vsepc = h->vscause = h->vstval = h->vsatp = 0;
	h->vstimecmp = ~0ull;
	h->mtval2 = h->mtinst = 0;
	h->nvctx = 0;
}

static uint64_t with_sd(uint64_t st)
{
	bool d = (st & K64_MSTATUS_FS) == K64_MSTATUS_FS || (st & K64_MSTATUS_VS) == K64_MSTATUS_VS ||
		 (st & MS_XS) == MS_XS;
	return d ? st | K64_MSTATUS_SD : st & ~K64_MSTATUS_SD;
}

/* Sstc from HS: vstimecmp like stimecmp needs mcounteren.TM and menvcfg.STCE below M. */
static bool sstc_ok(const struct k64_hart *h)
{
	return h->priv == K64_PRIV_M || ((h->mcounteren & 2) && (h->menvcfg & HENVCFG_STCE));
}

/* hstateen0..3 and henvcfg exist for HS when mstateen allows (Smstateen). */
static bool mstateen_ok(const struct k64_hart *h, unsigned i, uint64_t bit)
{
	return h->priv == K64_PRIV_M || (h->mstateen[i] & bit);
}

static uint64_t ip_all(const struct k64_hart *h) { return h->mip | h->irq_lines; }

/* Without C, IALIGN = 32 and bit 1 of vsepc reads as zero (3.1.14). */
static uint64_t epc_read(const struct k64_hart *h, uint64_t epc)
{
	return k64_has(&h->isa, K64_EXT_C) ? epc : epc & ~3ull;
}

/* The after-write hook of htimedelta (core/csr.def): VS time moves, and with it VSTIP and the
 * board's next timer check. */
static void htimedelta_written(struct k64_hart *h, uint64_t old)
{
	(void)old;
	k64_priv_sstc_update(h, k64_time_ticks(h, k64_now(h, NULL)));
	if (h->fe.timer)
		h->fe.timer(h->fe.ctx, h);
}

bool k64_hyp_csr_read(struct k64_hart *h, unsigned csr, uint64_t *val)
{
	uint64_t v;
	switch (csr) {
	/* the plain CSRs (core/csr.def) */
#define HCSR(n, num, field, mask, hook, fl) K64_CSR_READ_CASE(num, field, fl)
#include "core/csr.def"
	case K64_CSR_vsstatus: v = h->vsstatus; break;
	case K64_CSR_vsie: v = (h->mie & h->hideleg & IRQ_VS_MASK) >> 1; break;   /* 21.2.11 */
	case K64_CSR_vsip: v = (ip_all(h) & h->hideleg & IRQ_VS_MASK) >> 1; break;
	case K64_CSR_vstimecmp:
		if (!sstc_ok(h))
			return false;
		v = h->vstimecmp;
		break;
	case K64_CSR_vsatp: v = h->vsatp; break;
	case K64_CSR_hstatus: v = h->hstatus | 2ull << 32; break;                 /* VSXL = 2 */
	case K64_CSR_hie: v = h->mie & MIDELEG_H_ONES; break;
	case K64_CSR_hgeie: case K64_CSR_hgeip: v = 0; break;
	case K64_CSR_henvcfg:
		if (!mstateen_ok(h, 0, STATEEN0_ENVCFG))
			return false;
		v = k64_henvcfg(h);
		break;
	case K64_CSR_hstateen0: case K64_CSR_hstateen1: case K64_CSR_hstateen2: case K64_CSR_hstateen3: {
		unsigned i = csr - K64_CSR_hstateen0;
		if (!mstateen_ok(h, i, STATEEN_SE))
			return false;
		v = h->hstateen[i] & h->mstateen[i];
		break;
	}
	case K64_CSR_hip: v = ip_all(h) & MIDELEG_H_ONES; break;
	case K64_CSR_hvip: v = h->mip & IRQ_VS_MASK; break;
	case K64_CSR_hgatp:
		if (h->priv == K64_PRIV_S && (h->mstatus & MS_TVM))
			return false;
		v = h->hgatp;
		break;
	default: return false;
	}
	*val = v;
	return true;
}

/* hgatp and vsatp: Bare clears the register. A MODE that is not supported leaves vsatp
 * unchanged, as satp (which H allows for vsatp), but a write to hgatp "is not ignored as it is
 * for satp": its fields are WARL (21.2, hgatp), so MODE keeps its value and VMID and PPN are
 * written (not while MODE stays Bare, whose other fields are zero). hgatp's modes are satp's
 * (Sv39x4 = 8 for Sv39 = 8: the same numbers). */
static void atp_write(struct k64_hart *h, uint64_t *reg, uint64_t val, uint64_t mask, bool fields_warl)
{
	if ((val >> 60) == 0)
		*reg = 0;
	else if ((h->satp_modes >> (val >> 60)) & 1)
		*reg = val & (15ull << 60 | mask);
	else if (fields_warl && (*reg >> 60))
		*reg = (*reg & 15ull << 60) | (val & mask);
	k64_mmu_sync(h);
}

bool k64_hyp_csr_write(struct k64_hart *h, unsigned csr, uint64_t val)
{
	switch (csr) {
	/* the plain CSRs (core/csr.def): the bits outside the mask are read-only zero */
#define HCSR(n, num, field, mask, hook, fl) K64_CSR_WRITE_CASE(num, field, mask, hook)
#include "core/csr.def"
	case K64_CSR_vsstatus: {
		uint64_t m = MS_SIE | MS_SPIE | MS_SPP | MS_SUM | MS_MXR;
		if (k64_has(&h->isa, K64_EXT_F))
			m |= K64_MSTATUS_FS;
		if (k64_has(&h->isa, K64_EXT_V))
			m |= K64_MSTATUS_VS;
		h->vsstatus = with_sd((h->vsstatus & ~m) | (val & m));
		k64_fpvs_sync(h);
		k64_mmu_sync(h);
		break;
	}
	case K64_CSR_vsie: {
		uint64_t m = h->hideleg & IRQ_VS_MASK;
		h->mie = (h->mie & ~m) | ((val << 1) & m);
		break;
	}
	case K64_CSR_vsip: {                          /* SSIP is hvip.VSSIP where delegated */
		uint64_t m = h->hideleg & (1ull << IRQ_VSSI);
		h->mip = (h->mip & ~m) | ((val << 1) & m);
		break;
	}
	case K64_CSR_vstimecmp:
		if (!sstc_ok(h))
			return false;
		h->vstimecmp = val;
		k64_priv_sstc_update(h, k64_time_ticks(h, k64_now(h, NULL)));
		if (h->fe.timer)
			h->fe.timer(h->fe.ctx, h);
		break;
	case K64_CSR_vsatp: atp_write(h, &h->vsatp, val, (1ull << 60) - 1, false); break;    /* ASIDLEN = 16 */
	case K64_CSR_hstatus:
		h->hstatus = val & (HS_GVA | HS_SPV | HS_SPVP | HS_HU | HS_VTVM | HS_VTW | HS_VTSR);
		break;
	case K64_CSR_hie: h->mie = (h->mie & ~MIDELEG_H_ONES) | (val & MIDELEG_H_ONES); break;
	case K64_CSR_hgeie: break;
	case K64_CSR_henvcfg: {
		if (!mstateen_ok(h, 0, STATEEN0_ENVCFG))
			return false;
		uint64_t old = k64_henvcfg(h);
		uint64_t v = val & (ENVCFG_MASK | HENVCFG_PBMTE | HENVCFG_STCE);
		if ((v & ENVCFG_CBIE) == (2ull << 4))     /* CBIE = 10 is reserved: reads as 00 */
			v &= ~ENVCFG_CBIE;
		h->henvcfg = v;
		k64_priv_sstc_update(h, k64_time_ticks(h, k64_now(h, NULL)));
		if (h->fe.timer)              /* STCE arms or disarms vstimecmp */
			h->fe.timer(h->fe.ctx, h);
		if ((old ^ k64_henvcfg(h)) & HENVCFG_PBMTE)
			k64_mmu_fence(h);
		break;
	}
	case K64_CSR_hstateen0: case K64_CSR_hstateen1: case K64_CSR_hstateen2: case K64_CSR_hstateen3: {
		unsigned i = csr - K64_CSR_hstateen0;
		if (!mstateen_ok(h, i, STATEEN_SE))
			return false;
		h->hstateen[i] = val & (STATEEN_SE | (i == 0 ? STATEEN0_ENVCFG : 0));
		break;
	}
	case K64_CSR_hip: h->mip = (h->mip & ~(1ull << IRQ_VSSI)) | (val & (1ull << IRQ_VSSI)); break;  /* VSSIP */
	case K64_CSR_hvip: h->mip = (h->mip & ~IRQ_VS_MASK) | (val & IRQ_VS_MASK); break;
	case K64_CSR_hgatp:
		if (h->priv == K64_PRIV_S && (h->mstatus & MS_TVM))
			return false;
		atp_write(h, &h->hgatp, val, HGATP_VMID | HGATP_PPN, true);
		break;
	default: return false;
	}
	return true;
}

/* ---- hypervisor loads, stores and fences (21.3) ------------------------------------------ */

/* HLV/HLVX/HSV and HFENCE.VVMA are for M and HS, and for U with hstatus.HU = 1 (the loads and
 * stores only); in V mode they are virtual instructions, otherwise illegal. */
static void hyp_insn_check(struct k64_hart *h, const struct k64_dinsn *d, bool u_ok)
{
	if (h->virt)
		k64_raise(h, d, K64_CAUSE_VIRTUAL, d->raw);
	if (h->priv == K64_PRIV_U && !(u_ok && (h->hstatus & HS_HU)))
		k64_illegal(h, d);
}

/* The size of the access is the table's mem_size; bits 21:20 = 3 is HLVX, bit 20 unsigned. */
void k64_exec_hlv(struct k64_hart *h, const struct k64_dinsn *d)
{
	hyp_insn_check(h, d, true);
	unsigned size = d->desc->mem_size;
	bool hlvx = ((d->word >> 20) & 3) == 3, uns = (d->word >> 20) & 1;
	uint64_t a = h->x[d->rs1], v = 0;
	void *p = k64_mmu_hyp_access(h, d, a, size, K64_PERM_R, hlvx);
	memcpy(&v, p, size);
	if (!uns && size < 8)
		v = (uint64_t)((int64_t)(v << (64 - 8 * size)) >> (64 - 8 * size));
	h->x[d->rd] = v;
}

void k64_exec_hsv(struct k64_hart *h, const struct k64_dinsn *d)
{
	hyp_insn_check(h, d, true);
	unsigned size = d->desc->mem_size;
	uint64_t v = h->x[d->rs2];
	void *p = k64_mmu_hyp_access(h, d, h->x[d->rs1], size, K64_PERM_W, false);
	memcpy(p, &v, size);
}

/* The fences drop every cached translation (the TLB keeps no VMID or ASID, and decoded blocks
 * are fetched through translations): what the operands would limit them to is a subset. */
void k64_exec_hfence_vvma(struct k64_hart *h, const struct k64_dinsn *d)
{
	hyp_insn_check(h, d, false);
	k64_mmu_fence(h);
}

/* HFENCE.GVMA and HINVAL.GVMA: also illegal in HS with mstatus.TVM = 1. */
void k64_exec_hfence_gvma(struct k64_hart *h, const struct k64_dinsn *d)
{
	hyp_insn_check(h, d, false);
	if (h->priv == K64_PRIV_S && (h->mstatus & MS_TVM))
		k64_illegal(h, d);
	h->nvctx = 0;              /* the V-mode fetch contexts start again (the blocks go too) */
	k64_mmu_fence(h);
}
