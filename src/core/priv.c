/* Machine- and supervisor-level privileged state (RISC-V Privileged Architecture 1.13):
 * the M- and S-mode CSRs (their numbers, and the reads and writes of the plain ones, come from
 * core/csr.def; the code here is for the others), trap entry with delegation, mret/sret, wfi and
 * sfence.vma.
 * satp selects Bare or the translation modes of h->satp_modes (core/mmu.c walks the tables);
 * PMP entries beyond h->pmp_n read zero; core/pmp.c applies the others. Interrupt lines come
 * from the board's devices (k64_priv_set_lines) and from Sstc's stimecmp. The counters and
 * their CSRs are in core/pmu.c. With H (core/hyp.c holds its CSRs), traps from V mode may go to
 * HS or VS mode, xRET may enter V mode, and V mode sees the VS-level CSRs in place of the
 * supervisor ones (21.2.12). */
#include "core/hyp.h"

/* mstatus fields (3.1.6). */
#define MS_SIE   (1ull << 1)
#define MS_MIE   (1ull << 3)
#define MS_SPIE  (1ull << 5)
#define MS_MPIE  (1ull << 7)
#define MS_SPP   (1ull << 8)
#define MS_MPP_SHIFT 11
#define MS_MPP   (3ull << MS_MPP_SHIFT)
#define MS_XS    (3ull << 15)
#define MS_MPRV  (1ull << 17)
#define MS_SUM   (1ull << 18)
#define MS_MXR   (1ull << 19)
#define MS_TVM   (1ull << 20)
#define MS_TW    (1ull << 21)
#define MS_TSR   (1ull << 22)
#define MS_UXL   (3ull << 32)
#define MS_SXL   (3ull << 34)

/* sstatus is a restricted view of mstatus (10.1.1). */
#define SSTATUS_MASK (MS_SIE | MS_SPIE | MS_SPP | K64_MSTATUS_VS | K64_MSTATUS_FS | MS_XS | MS_SUM | \
		      MS_MXR | MS_UXL | K64_MSTATUS_SD)

/* Interrupt bits of mip/mie (3.1.9). */
#define IRQ_SSI 1
#define IRQ_MSI 3
#define IRQ_STI 5
#define IRQ_MTI 7
#define IRQ_SEI 9
#define IRQ_MEI 11
#define IRQ_S_MASK ((1ull << IRQ_SSI) | (1ull << IRQ_STI) | (1ull << IRQ_SEI) | (1ull << K64_IRQ_LCOFI))
#define IRQ_ALL_MASK (IRQ_S_MASK | (1ull << IRQ_MSI) | (1ull << IRQ_MTI) | (1ull << IRQ_MEI))

/* Exceptions that medeleg may delegate: all defined ones except ecall from M (3.1.8). */
#define EXC_DELEGABLE ((1ull << K64_CAUSE_MISALIGNED_FETCH) | (1ull << K64_CAUSE_FETCH_ACCESS) | \
		       (1ull << K64_CAUSE_ILLEGAL) | (1ull << K64_CAUSE_BREAKPOINT) |             \
		       (1ull << K64_CAUSE_MISALIGNED_LOAD) | (1ull << K64_CAUSE_LOAD_ACCESS) |    \
		       (1ull << K64_CAUSE_MISALIGNED_STORE) | (1ull << K64_CAUSE_STORE_ACCESS) |  \
		       (1ull << K64_CAUSE_ECALL_U) | (1ull << K64_CAUSE_ECALL_S) |                \
		       (1ull << K64_CAUSE_FETCH_PAGE) | (1ull << K64_CAUSE_LOAD_PAGE) |           \
		       (1ull << K64_CAUSE_STORE_PAGE))
/* With H, medeleg also delegates ecall from VS, the guest-page faults and virtual instructions
 * to HS (21.4.1); hedeleg delegates the exceptions of EXC_DELEGABLE but ecall from HS (9). */
#define EXC_H_DELEGABLE ((1ull << K64_CAUSE_ECALL_VS) | (1ull << K64_CAUSE_FETCH_GUEST) |          \
			 (1ull << K64_CAUSE_LOAD_GUEST) | (1ull << K64_CAUSE_VIRTUAL) |                \
			 (1ull << K64_CAUSE_STORE_GUEST))

/* menvcfg/senvcfg: FIOM, CBIE, CBCFE, CBZE (3.1.18, 10.1.10); menvcfg also PBMTE (Svpbmt).
 * STCE (MENVCFG_STCE) joins MENVCFG_WRITABLE with Sstc. */
#define ENVCFG_MASK 0xf1ull
#define ENVCFG_CBIE (3ull << 4)
#define MENVCFG_PBMTE (1ull << 62)
#define MENVCFG_STCE (1ull << 63)   /* Sstc: stimecmp drives mip.STIP */
#define MENVCFG_WRITABLE (ENVCFG_MASK | MENVCFG_PBMTE | MENVCFG_STCE)

/* Smstateen/Ssstateen: SE0 (bit 63 of mstateen0; bit 63 of mstateen1..3 likewise) gates the
 * matching sstateen below M, ENVCFG (bit 62) gates senvcfg. No other state they guard exists
 * here (no Zfinx, Zcmt, AIA, Sscsrind, scontext, custom state): those bits read 0, and
 * sstateen0..3 have no writable bit. */
#define STATEEN_SE (1ull << 63)
#define STATEEN0_ENVCFG (1ull << 62)

/* CBIE = 10 is reserved (3.1.18): it reads back as 00. */
static uint64_t envcfg_legal(uint64_t v)
{
	return (v & ENVCFG_CBIE) == (2ull << 4) ? v & ~ENVCFG_CBIE : v;
}

/* pmpcfg entry bits (3.7.1). */
#define PMP_R 0x01
#define PMP_W 0x02
#define PMP_A 0x18
#define PMP_TOR 0x08
#define PMP_L 0x80

static inline uint64_t get_field(uint64_t reg, uint64_t mask) { return (reg & mask) / (mask & ~(mask << 1)); }
static inline uint64_t set_field(uint64_t reg, uint64_t mask, uint64_t v)
{
	return (reg & ~mask) | ((v * (mask & ~(mask << 1))) & mask);
}

static uint64_t misa_of(const struct k64_isa *isa)
{
	static const struct { enum k64_ext e; char letter; } letters[] = {
		{ K64_EXT_I, 'I' }, { K64_EXT_M, 'M' }, { K64_EXT_A, 'A' }, { K64_EXT_F, 'F' },
		{ K64_EXT_D, 'D' }, { K64_EXT_C, 'C' }, { K64_EXT_V, 'V' },
	};
	uint64_t v = 2ull << 62; /* MXL = 2: XLEN 64 (3.1.1) */
	for (size_t i = 0; i < sizeof letters / sizeof letters[0]; i++)
		if (k64_has(isa, letters[i].e))
			v |= 1ull << (letters[i].letter - 'A');
	/* B is the union of Zba, Zbb and Zbs. */
	if (k64_has(isa, K64_EXT_ZBA) && k64_has(isa, K64_EXT_ZBB) && k64_has(isa, K64_EXT_ZBS))
		v |= 1ull << ('B' - 'A');
	v |= 1ull << ('S' - 'A') | 1ull << ('U' - 'A');
	if (k64_has(isa, K64_EXT_H))
		v |= 1ull << ('H' - 'A');
	return v;
}

/* SD summarises FS, VS and XS being Dirty (3.1.6.6). */
static uint64_t with_sd(uint64_t ms)
{
	bool dirty = (ms & K64_MSTATUS_FS) == K64_MSTATUS_FS || (ms & K64_MSTATUS_VS) == K64_MSTATUS_VS ||
		     (ms & MS_XS) == MS_XS;
	return dirty ? ms | K64_MSTATUS_SD : ms & ~K64_MSTATUS_SD;
}

void k64_priv_reset(struct k64_hart *h, unsigned priv)
{
	h->misa = misa_of(&h->isa);
	h->mstatus = (2ull << 32) | (2ull << 34); /* UXL = SXL = 2 (3.1.6.3) */
	if (k64_has(&h->isa, K64_EXT_F))
		h->mstatus |= 1ull << 13; /* FS = Initial */
	if (k64_has(&h->isa, K64_EXT_V))
		h->mstatus |= 1ull << 9;  /* VS = Initial */
	h->medeleg = h->mideleg = h->mie = h->mip = 0;
	h->mtvec = h->mscratch = h->mepc = h->mcause = h->mtval = 0;
	h->mcounteren = h->menvcfg = 0;
	memset(h->pmpcfg, 0, sizeof h->pmpcfg);
	memset(h->pmpaddr, 0, sizeof h->pmpaddr);
	k64_pmp_update(h);
	memset(h->mstateen, 0, sizeof h->mstateen);   /* Smstateen: writable bits reset to 0 */
	k64_pmu_reset(h);
	h->stvec = h->sscratch = h->sepc = h->scause = h->stval = h->satp = 0;
	h->scounteren = h->senvcfg = 0;
	k64_hyp_reset(h);
	if (k64_hyp_on(h))
		h->mideleg = MIDELEG_H_ONES;
	h->priv = priv;
	h->virt = 0;
	h->mmu_dkey = h->mmu_satp = h->mmu_hgatp = 0;
	k64_fpvs_sync(h);
	k64_mmu_sync(h);
}

/* ---- FS/VS state (3.1.6.6; with V = 1 both mstatus and vsstatus track it, 21.2.12) ---------- */
static bool dirty(uint64_t st, uint64_t field) { return (st & field) == field; }

void k64_fpvs_sync(struct k64_hart *h)
{
	uint32_t ok = 0;
	if (dirty(h->mstatus, K64_MSTATUS_FS) && (!h->virt || dirty(h->vsstatus, K64_MSTATUS_FS)))
		ok |= K64_FP_OK_FS;
	if (dirty(h->mstatus, K64_MSTATUS_VS) && (!h->virt || dirty(h->vsstatus, K64_MSTATUS_VS)))
		ok |= K64_FP_OK_VS;
	h->fp_ok = ok;
}

/* An FP (field = FS) or vector (VS) instruction while the state is not Dirty everywhere: illegal
 * if it is Off in mstatus or (V = 1) in vsstatus, else the state becomes Dirty. */
void k64_fpvs_enable(struct k64_hart *h, const struct k64_dinsn *d, uint64_t field)
{
	if (!(h->mstatus & field) || (h->virt && !(h->vsstatus & field)))
		k64_illegal(h, d);
	h->mstatus |= field | K64_MSTATUS_SD;
	if (h->virt)
		h->vsstatus |= field | K64_MSTATUS_SD;
	k64_fpvs_sync(h);
}

/* Without C, IALIGN = 32 and bit 1 of xepc reads as zero (3.1.14). */
static uint64_t epc_read(const struct k64_hart *h, uint64_t epc)
{
	return k64_has(&h->isa, K64_EXT_C) ? epc : epc & ~3ull;
}

/* MPP holds M, S or U; the reserved value 2 becomes U. */
static uint64_t legal_mpp(uint64_t mpp)
{
	return mpp == 2 ? K64_PRIV_U : mpp;
}

static void mstatus_write(struct k64_hart *h, uint64_t val)
{
	uint64_t mask = MS_SIE | MS_MIE | MS_SPIE | MS_MPIE | MS_SPP | MS_MPP | MS_MPRV | MS_SUM |
			MS_MXR | MS_TVM | MS_TW | MS_TSR;
	if (k64_has(&h->isa, K64_EXT_F))
		mask |= K64_MSTATUS_FS;
	if (k64_has(&h->isa, K64_EXT_V))
		mask |= K64_MSTATUS_VS;
	if (k64_hyp_on(h))
		mask |= MS_MPV | MS_GVA;
	val = set_field(val, MS_MPP, legal_mpp(get_field(val, MS_MPP)));
	h->mstatus = with_sd((h->mstatus & ~mask) | (val & mask));
	k64_fpvs_sync(h);
	k64_mmu_sync(h);   /* MPRV, MPP, MPV, SUM and MXR change what loads and stores see */
}

/* pmpcfg: 8 entries per register on RV64; a locked entry ignores writes; W without R is
 * reserved and reads back cleared; entries that do not exist read zero (3.7.1). */
static void pmpcfg_write(struct k64_hart *h, unsigned n, uint64_t val)
{
	uint64_t old = h->pmpcfg[n], out = 0;
	for (unsigned i = 0; i < 8; i++) {
		uint8_t o = (uint8_t)(old >> (8 * i)), c = (uint8_t)(val >> (8 * i));
		if ((n / 2) * 8 + i >= h->pmp_n) {
			c = 0;
		} else if (o & PMP_L) {
			c = o;
		} else {
			c &= 0x9f; /* bits 6:5 are reserved, read as zero */
			if (!(c & PMP_R))
				c &= (uint8_t)~PMP_W;
		}
		out |= (uint64_t)c << (8 * i);
	}
	h->pmpcfg[n] = out;
}

static uint8_t pmp_entry_cfg(const struct k64_hart *h, unsigned i)
{
	return (uint8_t)(h->pmpcfg[(i / 8) * 2] >> (8 * (i % 8)));
}

/* pmpaddr i ignores writes when entry i is locked, or entry i+1 is a locked TOR entry (3.7.1). */
static void pmpaddr_write(struct k64_hart *h, unsigned i, uint64_t val)
{
	if (i >= h->pmp_n || (pmp_entry_cfg(h, i) & PMP_L))
		return;
	if (i + 1 < 64) {
		uint8_t next = pmp_entry_cfg(h, i + 1);
		if ((next & PMP_L) && (next & PMP_A) == PMP_TOR)
			return;
	}
	h->pmpaddr[i] = val & ((1ull << 54) - 1); /* address bits 55:2 */
}

/* New PMP rules apply to the next access and fetch: cached pages and decoded blocks go. */
static void pmp_changed(struct k64_hart *h)
{
	k64_pmp_update(h);
	k64_mmu_fence(h);
}

/* The after-write hooks of core/csr.def's rows. With H, mideleg's VS-level bits read one (21.4.2). */
static void mideleg_written(struct k64_hart *h, uint64_t old)
{
	(void)old;
	if (k64_hyp_on(h))
		h->mideleg |= MIDELEG_H_ONES;
}

static void menvcfg_written(struct k64_hart *h, uint64_t old)
{
	h->menvcfg = envcfg_legal(h->menvcfg);
	if (!(h->menvcfg & MENVCFG_STCE))
		k64_priv_set_lines(h, 1ull << IRQ_STI | 1ull << IRQ_VSTI, 0);
	else if (h->fe.timer)
		h->fe.timer(h->fe.ctx, h);   /* STIP now follows stimecmp */
	/* PBMTE decides which PTEs are valid: translations cached under the old value go */
	if ((old ^ h->menvcfg) & MENVCFG_PBMTE)
		k64_mmu_fence(h);
}

/* Privilege needed by a CSR number: bits 9:8 (2.1); level 2 (hypervisor) is HS-mode's with H. */
static bool accessible(const struct k64_hart *h, unsigned csr)
{
	unsigned level = (csr >> 8) & 3;
	return level == 2 ? k64_hyp_on(h) && h->priv >= K64_PRIV_S : level <= h->priv;
}

/* In V mode (21.6.1): M-level CSRs are illegal; hypervisor and VS CSRs, and in VU mode the
 * supervisor ones, raise a virtual-instruction exception where HS-mode (with mstatus.TVM = 0)
 * could access them and are illegal where it could not. 1: go on (a VS-mode access to an S-level
 * CSR), 0: illegal, -1: virtual instruction. */
static int virt_gate(struct k64_hart *h, unsigned csr)
{
	unsigned level = (csr >> 8) & 3;
	if (level == 3)
		return 0;
	if (level == 0 || (level == 1 && h->priv == K64_PRIV_S))
		return 1;
	uint8_t v = h->virt;
	unsigned p = h->priv;
	uint64_t ms = h->mstatus, x;
	h->virt = 0;
	h->priv = K64_PRIV_S;
	h->mstatus &= ~MS_TVM;
	bool hs = k64_priv_csr_read(h, csr, &x);
	h->virt = v;
	h->priv = p;
	h->mstatus = ms;
	h->csr_virt = false;
	return hs ? -1 : 0;
}

/* The S-level CSRs that V mode sees as their VS-level counterparts (21.2.12), whose numbers are
 * theirs + VS_OFFSET. */
#define VS_OFFSET (K64_CSR_vsstatus - K64_CSR_sstatus)
static bool vs_alias(unsigned csr)
{
	return csr == K64_CSR_sstatus || csr == K64_CSR_sie || csr == K64_CSR_stvec ||
	       (csr >= K64_CSR_sscratch && csr <= K64_CSR_sip) || csr == K64_CSR_satp;
}

/* A VS-mode access gated by a Smstateen bit: illegal when mstateen's is 0, virtual instruction when
 * hstateen's is (Smstateen chapter). */
static bool stateen_ok(struct k64_hart *h, unsigned i, uint64_t bit)
{
	if (h->priv < K64_PRIV_M && !(h->mstateen[i] & bit))
		return false;
	if (h->virt && !(h->hstateen[i] & bit))
		return k64_csr_virt(h);
	return true;
}

/* satp in S-mode traps when mstatus.TVM = 1 (3.1.6.5). */
static bool satp_trapped(const struct k64_hart *h)
{
	return h->priv == K64_PRIV_S && (h->mstatus & MS_TVM);
}

bool k64_priv_csr_read(struct k64_hart *h, unsigned csr, uint64_t *val)
{
	if (unlikely(h->virt) && h->priv != K64_PRIV_M) {   /* (a debugger reads as M) */
		int g = virt_gate(h, csr);
		if (g <= 0)
			return g ? k64_csr_virt(h) : false;
		if (csr == K64_CSR_satp && (h->hstatus & HS_VTVM))   /* satp with VTVM (21.2.1) */
			return k64_csr_virt(h);
		if (vs_alias(csr))
			return k64_hyp_csr_read(h, csr + VS_OFFSET, val);
	}
	if (!accessible(h, csr))
		return false;
	uint64_t v;
	switch (csr) {
	/* the plain CSRs (core/csr.def) */
#define CSR(n, num, field, mask, hook, fl) K64_CSR_READ_CASE(num, field, fl)
#include "core/csr.def"
	/* supervisor (chapter 10) */
	case K64_CSR_sstatus: v = h->mstatus & SSTATUS_MASK; break;
	case K64_CSR_sie: v = h->mie & h->mideleg & IRQ_S_MASK; break;
	case K64_CSR_senvcfg:
		if (!stateen_ok(h, 0, STATEEN0_ENVCFG))
			return false;
		v = h->senvcfg;
		break;
	case K64_CSR_sstateen0: case K64_CSR_sstateen1: case K64_CSR_sstateen2: case K64_CSR_sstateen3:
		if (!stateen_ok(h, csr - K64_CSR_sstateen0, STATEEN_SE))
			return false;
		v = 0;
		break;
	case K64_CSR_sip: v = (h->mip | h->irq_lines) & h->mideleg & IRQ_S_MASK; break;
	case K64_CSR_satp:
		if (satp_trapped(h))
			return false;
		v = h->satp;
		break;
	/* machine (chapter 3) */
	case K64_CSR_mstatus: v = h->mstatus; break;
	case K64_CSR_misa: v = h->misa; break;
	case K64_CSR_mip: v = h->mip | h->irq_lines; break;
	case K64_CSR_mvendorid: case K64_CSR_marchid: case K64_CSR_mimpid: case K64_CSR_mhartid:
	case K64_CSR_mconfigptr:
		v = 0;
		break;
	/* Trigger module (debug spec 5.7): no triggers; tselect reads 0 and tdata1 type 0 says
	 * "no trigger here". */
	case K64_CSR_tselect: case K64_CSR_tdata1: case K64_CSR_tdata2: case K64_CSR_tdata3:
		v = 0;
		break;
	default:
		if (csr >= K64_CSR_pmpcfg_first && csr <= K64_CSR_pmpcfg_last) {   /* only even ones on RV64 */
			if (csr & 1)
				return false;
			v = h->pmpcfg[csr - K64_CSR_pmpcfg_base];
		} else if (csr >= K64_CSR_pmpaddr_first && csr <= K64_CSR_pmpaddr_last) {
			v = h->pmpaddr[csr - K64_CSR_pmpaddr_base];
		} else if (k64_hyp_on(h) && k64_hyp_csr(csr)) {
			return k64_hyp_csr_read(h, csr, val);
		} else {
			return false;
		}
	}
	*val = v;
	return true;
}

static bool priv_csr_write(struct k64_hart *h, unsigned csr, uint64_t val)
{
	if ((csr >> 10) == 3)                        /* bits 11:10 = 3: read-only (2.1) */
		return false;
	if (unlikely(h->virt) && h->priv != K64_PRIV_M) {   /* (a debugger reads as M) */
		int g = virt_gate(h, csr);
		if (g <= 0)
			return g ? k64_csr_virt(h) : false;
		if (csr == K64_CSR_satp && (h->hstatus & HS_VTVM))
			return k64_csr_virt(h);
		if (vs_alias(csr))
			return k64_hyp_csr_write(h, csr + VS_OFFSET, val);
	}
	if (!accessible(h, csr))
		return false;
	switch (csr) {
	/* the plain CSRs (core/csr.def): the bits outside the mask are read-only zero */
#define CSR(n, num, field, mask, hook, fl) K64_CSR_WRITE_CASE(num, field, mask, hook)
#include "core/csr.def"
	case K64_CSR_sstatus: {                      /* UXL, XS and SD are read-only */
		uint64_t m = SSTATUS_MASK & ~(MS_UXL | MS_XS | K64_MSTATUS_SD);
		mstatus_write(h, (h->mstatus & ~m) | (val & m));
		break;
	}
	case K64_CSR_sie: {
		uint64_t m = h->mideleg & IRQ_S_MASK;
		h->mie = (h->mie & ~m) | (val & m);
		break;
	}
	case K64_CSR_senvcfg:
		if (!stateen_ok(h, 0, STATEEN0_ENVCFG))
			return false;
		h->senvcfg = envcfg_legal(val & ENVCFG_MASK);
		break;
	case K64_CSR_sstateen0: case K64_CSR_sstateen1: case K64_CSR_sstateen2: case K64_CSR_sstateen3:
		if (!stateen_ok(h, csr - K64_CSR_sstateen0, STATEEN_SE))
			return false;
		break;
	case K64_CSR_sip: {                          /* SSIP and LCOFIP are writable (10.1.3, Sscofpmf) */
		uint64_t m = h->mideleg & ((1ull << IRQ_SSI) | (1ull << K64_IRQ_LCOFI));
		h->mip = (h->mip & ~m) | (val & m);
		break;
	}
	case K64_CSR_satp:
		if (satp_trapped(h))
			return false;
		/* 10.1.11: WARL; a MODE that is not supported leaves satp unchanged. ASIDLEN = 16 and
		 * all 44 PPN bits are writable. */
		if ((val >> 60) == 0)
			h->satp = 0;
		else if ((h->satp_modes >> (val >> 60)) & 1)
			h->satp = val;
		k64_mmu_sync(h);
		break;
	case K64_CSR_mstatus: mstatus_write(h, val); break;
	case K64_CSR_misa: break;                           /* not writable */
	case K64_CSR_mip: {                          /* with Sstc on, STIP is stimecmp's (read-only) */
		uint64_t m = IRQ_S_MASK & ~((h->menvcfg & MENVCFG_STCE) ? 1ull << IRQ_STI : 0);
		if (k64_hyp_on(h))
			m |= 1ull << IRQ_VSSI;           /* mip.VSSIP is hvip.VSSIP (21.4.3) */
		h->mip = (h->mip & ~m) | (val & m);
		break;
	}
	case K64_CSR_tselect: case K64_CSR_tdata1: case K64_CSR_tdata2: case K64_CSR_tdata3: break;
	default:
		if (csr >= K64_CSR_pmpcfg_first && csr <= K64_CSR_pmpcfg_last) {
			unsigned n = csr - K64_CSR_pmpcfg_base;
			if (csr & 1)
				return false;
			uint64_t old = h->pmpcfg[n];
			pmpcfg_write(h, n, val);
			if (h->pmpcfg[n] != old)
				pmp_changed(h);
		} else if (csr >= K64_CSR_pmpaddr_first && csr <= K64_CSR_pmpaddr_last) {
			unsigned n = csr - K64_CSR_pmpaddr_base;
			uint64_t old = h->pmpaddr[n];
			pmpaddr_write(h, n, val);
			if (h->pmpaddr[n] != old)
				pmp_changed(h);
		} else if (k64_hyp_on(h) && k64_hyp_csr(csr)) {
			return k64_hyp_csr_write(h, csr, val);
		} else {
			return false;
		}
	}
	return true;
}

/* A write that may have enabled a pending interrupt ends the block early (limit = 0) so that
 * the dispatch loop's boundary check takes it before the next instruction (k64_priv_interrupt). */
static void irq_recheck(struct k64_hart *h)
{
	if ((h->mip | h->irq_lines) & h->mie)
		h->limit = 0;
}

void k64_priv_set_lines(struct k64_hart *h, uint64_t mask, uint64_t val)
{
	h->irq_lines = (h->irq_lines & ~mask) | (val & mask);
	irq_recheck(h);
}

void k64_priv_sstc_update(struct k64_hart *h, uint64_t t)
{
	bool on = (h->menvcfg & MENVCFG_STCE) && t >= h->stimecmp;
	/* VS time is time + htimedelta (21.2.8); henvcfg.STCE lets vstimecmp drive VSTIP */
	bool von = k64_hyp_on(h) && (k64_henvcfg(h) & HENVCFG_STCE) && t + h->htimedelta >= h->vstimecmp;
	k64_priv_set_lines(h, 1ull << IRQ_STI | 1ull << IRQ_VSTI, (on ? 1ull << IRQ_STI : 0) | (von ? 1ull << IRQ_VSTI : 0));
}

bool k64_priv_csr_write(struct k64_hart *h, unsigned csr, uint64_t val)
{
	bool ok = priv_csr_write(h, csr, val);
	if (ok && (csr == K64_CSR_sstatus || csr == K64_CSR_sie || csr == K64_CSR_sip || csr == K64_CSR_mstatus ||
		   csr == K64_CSR_mideleg || csr == K64_CSR_mie || csr == K64_CSR_mip ||
		   (k64_hyp_on(h) && k64_hyp_csr(csr))))
		irq_recheck(h);
	return ok;
}

/* ---- traps ------------------------------------------------------------------------------ */

/* Changes the privilege and V (the counters' filters first). */
static void set_mode(struct k64_hart *h, const struct k64_dinsn *d, unsigned priv, unsigned virt)
{
	k64_pmu_priv(h, d, priv | virt << 2);   /* Smcntrpmf/Sscofpmf filters */
	h->priv = priv;
	if (h->virt != virt) {
		h->virt = (uint8_t)virt;
		k64_fpvs_sync(h);
	}
}

/* Exceptions whose tval is a (guest) virtual address: GVA is set for them when taken from V mode
 * or raised by a hypervisor load/store (21.2.1). */
#define EXC_ADDR ((1ull << K64_CAUSE_MISALIGNED_FETCH) | (1ull << K64_CAUSE_FETCH_ACCESS) |          \
		  (1ull << K64_CAUSE_BREAKPOINT) | (1ull << K64_CAUSE_MISALIGNED_LOAD) |              \
		  (1ull << K64_CAUSE_LOAD_ACCESS) | (1ull << K64_CAUSE_MISALIGNED_STORE) |             \
		  (1ull << K64_CAUSE_STORE_ACCESS) | (1ull << K64_CAUSE_FETCH_PAGE) |                  \
		  (1ull << K64_CAUSE_LOAD_PAGE) | (1ull << K64_CAUSE_STORE_PAGE) |                     \
		  (1ull << K64_CAUSE_FETCH_GUEST) | (1ull << K64_CAUSE_LOAD_GUEST) |                   \
		  (1ull << K64_CAUSE_STORE_GUEST))
#define EXC_GUEST ((1ull << K64_CAUSE_FETCH_GUEST) | (1ull << K64_CAUSE_LOAD_GUEST) | (1ull << K64_CAUSE_STORE_GUEST))

/* Trap entry (3.1.6.1, 3.3.1, 10.1.1, 21.5): an exception or interrupt taken in U or S mode whose
 * bit is set in medeleg/mideleg goes to S-mode (HS), and one of those taken in V mode whose bit
 * is also set in hedeleg/hideleg to VS-mode; everything else to M-mode. Traps never go to a
 * lower privilege. h->pc is the address of the faulting instruction (or of the next one for
 * interrupts). Guest-page faults write the guest physical address >> 2 to htval/mtval2 and the
 * pseudoinstruction of an implicit access (h->trap_tinst) or zero to htinst/mtinst; other traps
 * write zero there (doc/privileged.md). */
void k64_priv_trap(struct k64_hart *h, uint64_t cause, uint64_t tval)
{
	bool irq = cause >> 63;
	uint64_t code = cause & ~(1ull << 63);
	uint64_t deleg = irq ? h->mideleg : h->medeleg;
	unsigned virt = h->virt;
	bool hlv = h->trap_hlv;
	h->trap_hlv = false;
	bool guest = !irq && code < 64 && ((EXC_GUEST >> code) & 1);
	bool gva = !irq && code < 64 && ((EXC_ADDR >> code) & 1) && (virt || hlv);
	uint64_t gpa = guest ? h->trap_gpa >> 2 : 0, tinst = guest ? h->trap_tinst : 0;
	if (h->priv <= K64_PRIV_S && code < 64 && ((deleg >> code) & 1)) {
		uint64_t hdeleg = irq ? h->hideleg : h->hedeleg;
		if (virt && ((hdeleg >> code) & 1)) {
			/* to VS-mode: VS-level interrupts arrive with their S-level codes (21.4.2) */
			if (irq && (code == IRQ_VSSI || code == IRQ_VSTI || code == IRQ_VSEI))
				cause--, code--;
			h->vsepc = h->pc;
			h->vscause = cause;
			h->vstval = tval;
			uint64_t vs = h->vsstatus;
			vs = set_field(vs, MS_SPIE, get_field(vs, MS_SIE));
			vs = set_field(vs, MS_SIE, 0);
			vs = set_field(vs, MS_SPP, h->priv);
			h->vsstatus = vs;
			set_mode(h, NULL, K64_PRIV_S, 1);
			h->pc = (h->vstvec & ~3ull) + ((irq && (h->vstvec & 3) == 1) ? 4 * code : 0);
			k64_mmu_sync(h);
			return;
		}
		h->sepc = h->pc;
		h->scause = cause;
		h->stval = tval;
		if (k64_hyp_on(h)) {
			h->htval = gpa;
			h->htinst = tinst;
			uint64_t hs = h->hstatus & ~(HS_GVA | HS_SPV);
			hs |= (gva ? HS_GVA : 0) | (virt ? HS_SPV : 0);
			if (virt)
				hs = set_field(hs, HS_SPVP, h->priv);
			h->hstatus = hs;
		}
		uint64_t ms = h->mstatus;
		ms = set_field(ms, MS_SPIE, get_field(ms, MS_SIE));
		ms = set_field(ms, MS_SIE, 0);
		ms = set_field(ms, MS_SPP, h->priv);
		h->mstatus = ms;
		set_mode(h, NULL, K64_PRIV_S, 0);
		h->pc = (h->stvec & ~3ull) + ((irq && (h->stvec & 3) == 1) ? 4 * code : 0);
		k64_mmu_sync(h);
		return;
	}
	h->mepc = h->pc;
	h->mcause = cause;
	h->mtval = tval;
	uint64_t ms = h->mstatus;
	if (k64_hyp_on(h)) {
		h->mtval2 = gpa;
		h->mtinst = tinst;
		ms = (ms & ~(MS_GVA | MS_MPV)) | (gva ? MS_GVA : 0) | (virt ? MS_MPV : 0);
	}
	ms = set_field(ms, MS_MPIE, get_field(ms, MS_MIE));
	ms = set_field(ms, MS_MIE, 0);
	ms = set_field(ms, MS_MPP, h->priv);
	h->mstatus = ms;
	set_mode(h, NULL, K64_PRIV_M, 0);
	h->pc = (h->mtvec & ~3ull) + ((irq && (h->mtvec & 3) == 1) ? 4 * code : 0);
	k64_mmu_sync(h);
}

/* Takes the highest-priority pending and enabled interrupt, if any (3.1.9, 21.4.3: MEI, MSI,
 * MTI, SEI, SSI, STI, SGEI, VSEI, VSSI, VSTI, LCOFI). M-level interrupts are enabled below M or
 * with mstatus.MIE; those delegated to HS below HS (V mode included) or in HS with mstatus.SIE,
 * and never in M; those delegated on to VS (hideleg) only in V mode: in VU, or in VS with
 * vsstatus.SIE. Call at an instruction boundary with h->pc = the next instruction. Returns true
 * if a trap was taken. */
bool k64_priv_interrupt(struct k64_hart *h)
{
	uint64_t pending = (h->mip | h->irq_lines) & h->mie;
	if (likely(!pending))
		return false;
	uint64_t m_en = (h->priv < K64_PRIV_M || (h->mstatus & MS_MIE)) ? ~h->mideleg : 0;
	uint64_t hs = h->mideleg & ~h->hideleg, vs = h->mideleg & h->hideleg;
	uint64_t s_en = (h->virt || h->priv < K64_PRIV_S || (h->priv == K64_PRIV_S && (h->mstatus & MS_SIE))) ? hs : 0;
	uint64_t vs_en = h->virt && (h->priv < K64_PRIV_S || (h->vsstatus & MS_SIE)) ? vs : 0;
	uint64_t take = pending & (m_en | s_en | vs_en);
	static const unsigned order[] = { IRQ_MEI, IRQ_MSI, IRQ_MTI, IRQ_SEI, IRQ_SSI, IRQ_STI, IRQ_SGEI,
					  IRQ_VSEI, IRQ_VSSI, IRQ_VSTI, K64_IRQ_LCOFI };
	for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
		if ((take >> order[i]) & 1) {
			k64_observe_trap(h, (1ull << 63) | order[i], 0);
			k64_priv_trap(h, (1ull << 63) | order[i], 0);
			k64_observe_entered(h);
			return true;
		}
	return false;
}

/* ---- trap-return and supervisor instructions (3.3.2, 3.3.3, 10.2.1, 21.6) ------------- */

/* mret: priv = MPP, V = MPV (when MPP is not M), MIE = MPIE, MPIE = 1, MPP = U, MPV = 0;
 * MPRV = 0 when returning below M. */
void k64_priv_mret(struct k64_hart *h, const struct k64_dinsn *d)
{
	if (h->priv < K64_PRIV_M)
		k64_illegal(h, d);
	uint64_t ms = h->mstatus;
	unsigned mpp = (unsigned)get_field(ms, MS_MPP);
	unsigned mpv = mpp != K64_PRIV_M && (ms & MS_MPV);
	ms = set_field(ms, MS_MIE, get_field(ms, MS_MPIE));
	ms = set_field(ms, MS_MPIE, 1);
	ms = set_field(ms, MS_MPP, K64_PRIV_U);
	ms &= ~MS_MPV;
	if (mpp != K64_PRIV_M)
		ms &= ~MS_MPRV;
	h->mstatus = ms;
	set_mode(h, d, mpp, mpv);   /* mret counts in M */
	h->pc = epc_read(h, h->mepc);
	k64_mmu_sync(h);
	k64_priv_interrupt(h);
}

/* sret: illegal in U, and in HS when mstatus.TSR = 1 (3.1.6.5); a virtual instruction in VU, and
 * in VS when hstatus.VTSR = 1 (21.6.1). In HS it returns to V = hstatus.SPV (and clears SPV); in
 * VS it works on vsstatus and vsepc and stays in V mode. */
void k64_priv_sret(struct k64_hart *h, const struct k64_dinsn *d)
{
	if (h->virt) {
		if (h->priv < K64_PRIV_S || (h->hstatus & HS_VTSR))
			k64_raise(h, d, K64_CAUSE_VIRTUAL, d->raw);
		uint64_t vs = h->vsstatus;
		unsigned spp = (unsigned)get_field(vs, MS_SPP);
		vs = set_field(vs, MS_SIE, get_field(vs, MS_SPIE));
		vs = set_field(vs, MS_SPIE, 1);
		vs = set_field(vs, MS_SPP, K64_PRIV_U);
		h->vsstatus = vs;
		set_mode(h, d, spp, 1);
		h->pc = epc_read(h, h->vsepc);
		k64_mmu_sync(h);
		k64_priv_interrupt(h);
		return;
	}
	if (h->priv < K64_PRIV_S || (h->priv == K64_PRIV_S && (h->mstatus & MS_TSR)))
		k64_illegal(h, d);
	uint64_t ms = h->mstatus;
	unsigned spp = (unsigned)get_field(ms, MS_SPP);
	unsigned spv = h->priv == K64_PRIV_S && (h->hstatus & HS_SPV);
	ms = set_field(ms, MS_SIE, get_field(ms, MS_SPIE));
	ms = set_field(ms, MS_SPIE, 1);
	ms = set_field(ms, MS_SPP, K64_PRIV_U);
	ms &= ~MS_MPRV; /* SPP is never M */
	h->mstatus = ms;
	if (h->priv == K64_PRIV_S)
		h->hstatus &= ~HS_SPV;
	set_mode(h, d, spp, spv);
	h->pc = epc_read(h, h->sepc);
	k64_mmu_sync(h);
	k64_priv_interrupt(h);
}

/* wfi: without a board it completes at once (a legal implementation, 3.3.3). On a board
 * (fe.wfi) with no interrupt pending and enabled (mie, whatever mstatus.MIE/SIE say, 3.3.3) the
 * board lets time pass until its next event; wfi ends its block, so an interrupt that is now
 * pending is taken before the next instruction. In U-mode, and in S-mode with mstatus.TW = 1,
 * it is illegal (3.1.6.5; "completes within a bounded time" is not assumed, as in Spike); with
 * TW = 0 it is a virtual instruction in VU, and in VS with hstatus.VTW = 1 (21.6.1). */
void k64_exec_wfi(struct k64_hart *h, const struct k64_dinsn *d)
{
	if ((h->priv == K64_PRIV_U && !h->virt) || (h->priv < K64_PRIV_M && (h->mstatus & MS_TW)))
		k64_illegal(h, d);
	if (h->virt && (h->priv == K64_PRIV_U || (h->hstatus & HS_VTW)))
		k64_raise(h, d, K64_CAUSE_VIRTUAL, d->raw);
	if (h->fe.wfi && !((h->mip | h->irq_lines) & h->mie))
		h->fe.wfi(h->fe.ctx, h, k64_now(h, d));
}

/* sfence.vma: illegal in U-mode and in S-mode with TVM = 1 (10.2.1, 3.1.6.5); in V mode a virtual
 * instruction in VU and in VS with hstatus.VTVM = 1 (21.6.1), else it fences the VS-stage
 * translations. Svinval's sinval.vma has the same checks and effect (everything is
 * invalidated at once, which the ASID and address operands allow); sfence.w.inval and
 * sfence.inval.ir only order, which a single in-order hart does anyway, and are illegal in
 * U-mode (Svinval chapter) and virtual instructions in VU. */
void k64_exec_sfence_vma(struct k64_hart *h, const struct k64_dinsn *d)
{
	if (h->virt) {
		if (h->priv == K64_PRIV_U || (h->hstatus & HS_VTVM))
			k64_raise(h, d, K64_CAUSE_VIRTUAL, d->raw);
	} else if (h->priv == K64_PRIV_U || (h->priv == K64_PRIV_S && (h->mstatus & MS_TVM))) {
		k64_illegal(h, d);
	}
	k64_mmu_fence(h);
}
static void k64_exec_sfence_inval(struct k64_hart *h, const struct k64_dinsn *d)
{
	if (h->priv == K64_PRIV_U)
		k64_raise(h, d, h->virt ? K64_CAUSE_VIRTUAL : K64_CAUSE_ILLEGAL, d->raw);
}

/* core/hyp.c */
void k64_exec_hlv(struct k64_hart *h, const struct k64_dinsn *d);
void k64_exec_hsv(struct k64_hart *h, const struct k64_dinsn *d);
void k64_exec_hfence_vvma(struct k64_hart *h, const struct k64_dinsn *d);
void k64_exec_hfence_gvma(struct k64_hart *h, const struct k64_dinsn *d);

/* mret and sret set h->pc and end their block. */
const struct k64_insn_desc k64_insns_priv[] = {
	{ "mret",       0x30200073, 0xffffffff, K64_EXT_I, K64_FMT_NONE, K64_F_END, K64_OP_CALL, k64_priv_mret, "", 0, K64_TMF(SYSTEM, XRET) },
	{ "sret",       0x10200073, 0xffffffff, K64_EXT_I, K64_FMT_NONE, K64_F_END, K64_OP_CALL, k64_priv_sret, "", 0, K64_TMF(SYSTEM, XRET) },
	{ "wfi",        0x10500073, 0xffffffff, K64_EXT_I, K64_FMT_NONE, K64_F_END, K64_OP_CALL, k64_exec_wfi, "", 0, K64_TM(SYSTEM) },
	/* they end their block: later instructions are fetched through the new translations */
	{ "sfence.vma", 0x12000073, 0xfe007fff, K64_EXT_I, K64_FMT_R, K64_F_END, K64_OP_CALL, k64_exec_sfence_vma, "s,t", 0, K64_TMF(SYSTEM, TLBFLUSH) },
	{ "sinval.vma", 0x16000073, 0xfe007fff, K64_EXT_I, K64_FMT_R, K64_F_END, K64_OP_CALL, k64_exec_sfence_vma, "s,t", 0, K64_TMF(SYSTEM, TLBFLUSH) },
	{ "sfence.w.inval", 0x18000073, 0xffffffff, K64_EXT_I, K64_FMT_NONE, 0, K64_OP_CALL, k64_exec_sfence_inval, "", 0, K64_TM(SYSTEM) },
	{ "sfence.inval.ir", 0x18100073, 0xffffffff, K64_EXT_I, K64_FMT_NONE, 0, K64_OP_CALL, k64_exec_sfence_inval, "", 0, K64_TM(SYSTEM) },
	/* the hypervisor extension (core/hyp.c, 21.3): loads and stores as V = 1 would make them, fences */
	{ "hlv.b",   0x60004073, 0xfff0707f, K64_EXT_H, K64_FMT_R, K64_F_END | K64_F_WX | K64_F_LOAD, K64_OP_CALL, k64_exec_hlv, "d,(s)", 1, K64_TM(HLV) },
	{ "hlv.bu",  0x60104073, 0xfff0707f, K64_EXT_H, K64_FMT_R, K64_F_END | K64_F_WX | K64_F_LOAD, K64_OP_CALL, k64_exec_hlv, "d,(s)", 1, K64_TM(HLV) },
	{ "hlv.h",   0x64004073, 0xfff0707f, K64_EXT_H, K64_FMT_R, K64_F_END | K64_F_WX | K64_F_LOAD, K64_OP_CALL, k64_exec_hlv, "d,(s)", 2, K64_TM(HLV) },
	{ "hlv.hu",  0x64104073, 0xfff0707f, K64_EXT_H, K64_FMT_R, K64_F_END | K64_F_WX | K64_F_LOAD, K64_OP_CALL, k64_exec_hlv, "d,(s)", 2, K64_TM(HLV) },
	{ "hlvx.hu", 0x64304073, 0xfff0707f, K64_EXT_H, K64_FMT_R, K64_F_END | K64_F_WX | K64_F_LOAD, K64_OP_CALL, k64_exec_hlv, "d,(s)", 2, K64_TM(HLV) },
	{ "hlv.w",   0x68004073, 0xfff0707f, K64_EXT_H, K64_FMT_R, K64_F_END | K64_F_WX | K64_F_LOAD, K64_OP_CALL, k64_exec_hlv, "d,(s)", 4, K64_TM(HLV) },
	{ "hlv.wu",  0x68104073, 0xfff0707f, K64_EXT_H, K64_FMT_R, K64_F_END | K64_F_WX | K64_F_LOAD, K64_OP_CALL, k64_exec_hlv, "d,(s)", 4, K64_TM(HLV) },
	{ "hlvx.wu", 0x68304073, 0xfff0707f, K64_EXT_H, K64_FMT_R, K64_F_END | K64_F_WX | K64_F_LOAD, K64_OP_CALL, k64_exec_hlv, "d,(s)", 4, K64_TM(HLV) },
	{ "hlv.d",   0x6c004073, 0xfff0707f, K64_EXT_H, K64_FMT_R, K64_F_END | K64_F_WX | K64_F_LOAD, K64_OP_CALL, k64_exec_hlv, "d,(s)", 8, K64_TM(HLV) },
	{ "hsv.b",   0x62004073, 0xfe007fff, K64_EXT_H, K64_FMT_R, K64_F_END | K64_F_STORE, K64_OP_CALL, k64_exec_hsv, "t,(s)", 1, K64_TM(HSV) },
	{ "hsv.h",   0x66004073, 0xfe007fff, K64_EXT_H, K64_FMT_R, K64_F_END | K64_F_STORE, K64_OP_CALL, k64_exec_hsv, "t,(s)", 2, K64_TM(HSV) },
	{ "hsv.w",   0x6a004073, 0xfe007fff, K64_EXT_H, K64_FMT_R, K64_F_END | K64_F_STORE, K64_OP_CALL, k64_exec_hsv, "t,(s)", 4, K64_TM(HSV) },
	{ "hsv.d",   0x6e004073, 0xfe007fff, K64_EXT_H, K64_FMT_R, K64_F_END | K64_F_STORE, K64_OP_CALL, k64_exec_hsv, "t,(s)", 8, K64_TM(HSV) },
	{ "hfence.vvma", 0x22000073, 0xfe007fff, K64_EXT_H, K64_FMT_R, K64_F_END, K64_OP_CALL, k64_exec_hfence_vvma, "s,t", 0, K64_TMF(SYSTEM, TLBFLUSH) },
	{ "hfence.gvma", 0x62000073, 0xfe007fff, K64_EXT_H, K64_FMT_R, K64_F_END, K64_OP_CALL, k64_exec_hfence_gvma, "s,t", 0, K64_TMF(SYSTEM, TLBFLUSH) },
	{ "hinval.vvma", 0x26000073, 0xfe007fff, K64_EXT_H, K64_FMT_R, K64_F_END, K64_OP_CALL, k64_exec_hfence_vvma, "s,t", 0, K64_TMF(SYSTEM, TLBFLUSH) },
	{ "hinval.gvma", 0x66000073, 0xfe007fff, K64_EXT_H, K64_FMT_R, K64_F_END, K64_OP_CALL, k64_exec_hfence_gvma, "s,t", 0, K64_TMF(SYSTEM, TLBFLUSH) },
	{ 0 }
};
