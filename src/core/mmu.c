/* Virtual memory: Sv39, Sv48 and Sv57 page-table walks (RISC-V Privileged Architecture 1.13,
 * 10.3-10.6), with Svade (A and D are never set by the walk: a clear A, or a clear D on a store,
 * raises a page fault), Svnapot 64 KiB pages and Svpbmt (the PBMT field is accepted when
 * menvcfg.PBMTE = 1; memory here is coherent and uncached, so the types change nothing).
 * The translated slow paths of loads, stores, AMOs, vector accesses and instruction fetch live
 * here; core/memory.c calls them when data translation is on (h->xl_data) and core/cache.c
 * when fetch translation is on (h->fetch_key != 0). The software TLB (core/hart.h) keeps one
 * 4 KiB translation per entry and is flushed whenever what it caches can change: satp,
 * the effective data privilege (priv, MPRV, MPP), SUM, MXR (k64_mmu_sync), sfence.vma.
 * PMP (core/pmp.c) is checked on the physical address of every access and PTE read here; the
 * TLB holds only pages PMP grants as a whole. A translated scalar load or store whose physical
 * address is a device register goes to the device bus (dev/bus.h), never the TLB.
 *
 * With H (21.5), V mode translates in two stages: the VS stage under vsatp (a walk like the
 * one above, whose PTE reads are guest physical addresses translated by the G stage as loads)
 * and the G stage under hgatp (Sv39x4, Sv48x4, Sv57x4: two more address bits, a 16 KiB root,
 * every leaf must have U = 1 and is checked as a U-mode access, Svade faults like the first
 * stage). A G-stage failure is a guest-page fault (20, 21, 23) with h->trap_gpa the guest
 * physical address that failed (the PTE's for an implicit access, then h->trap_tinst = the
 * pseudoinstruction 0x3000 of a 64-bit read, 21.6.3). The TLB caches the combined translation. */
#include "core/hyp.h"
#include "dev/bus.h"

#define PTE_V (1ull << 0)
#define PTE_R (1ull << 1)
#define PTE_W (1ull << 2)
#define PTE_X (1ull << 3)
#define PTE_U (1ull << 4)
#define PTE_A (1ull << 6)
#define PTE_D (1ull << 7)
#define PTE_RSVD (0x7full << 54)      /* bits 60:54: reserved, must be zero (10.3.1) */
#define PTE_PBMT (3ull << 61)         /* Svpbmt */
#define PTE_N (1ull << 63)            /* Svnapot */
#define PPN_MASK ((1ull << 44) - 1)
#define SATP_MODE_SHIFT 60

#define MS_MPRV (1ull << 17)
#define MS_SUM  (1ull << 18)
#define MS_MXR  (1ull << 19)
#define MS_MPP_SHIFT 11
#define MENVCFG_PBMTE (1ull << 62)

#define DKEY_PMP (1ull << 62)          /* k64_mmu_sync: bit 0 clear, untranslated */
#define FETCH_KEY_PMP (1ull << 62)     /* bit 63 clear: untranslated */

enum walk_result { WALK_OK, WALK_PAGE_FAULT, WALK_ACCESS_FAULT, WALK_GUEST_FAULT };

/* One stage of translation: its root (satp, vsatp or hgatp), the privilege it checks, SUM and MXR;
 * g: the G stage; v: the VS stage, whose PTE addresses the G stage translates. */
struct stage { uint64_t atp; unsigned priv; bool sum, mxr, g, v; };

static uint64_t page_fault(unsigned acc)
{
	return acc == K64_PERM_X ? K64_CAUSE_FETCH_PAGE : acc == K64_PERM_W ? K64_CAUSE_STORE_PAGE
									   : K64_CAUSE_LOAD_PAGE;
}
static uint64_t access_fault(unsigned acc)
{
	return acc == K64_PERM_X ? K64_CAUSE_FETCH_ACCESS : acc == K64_PERM_W ? K64_CAUSE_STORE_ACCESS
									     : K64_CAUSE_LOAD_ACCESS;
}
static uint64_t guest_fault(unsigned acc)
{
	return acc == K64_PERM_X ? K64_CAUSE_FETCH_GUEST : acc == K64_PERM_W ? K64_CAUSE_STORE_GUEST
									    : K64_CAUSE_LOAD_GUEST;
}

/* The V-mode fetch contexts (vsatp, hgatp) get small numbers for the decoded blocks' key; when the
 * 16 are used, the blocks go and the numbering starts again. */
static uint64_t vctx_id(struct k64_hart *h)
{
	for (unsigned i = 0; i < h->nvctx; i++)
		if (h->vctx[i].vsatp == h->vsatp && h->vctx[i].hgatp == h->hgatp)
			return i;
	if (h->nvctx == sizeof h->vctx / sizeof h->vctx[0]) {
		h->nvctx = 0;
		h->flush_pending = true;
		h->limit = 0;
	}
	h->vctx[h->nvctx].vsatp = h->vsatp;
	h->vctx[h->nvctx].hgatp = h->hgatp;
	return h->nvctx++;
}

void k64_mmu_sync(struct k64_hart *h)
{
	bool on = (h->satp >> SATP_MODE_SHIFT) != 0;
	unsigned dpriv = h->priv, dv = h->virt;
	if (dpriv == K64_PRIV_M && (h->mstatus & MS_MPRV)) {  /* 3.1.6.3 */
		dpriv = (unsigned)(h->mstatus >> MS_MPP_SHIFT) & 3;
		dv = dpriv != K64_PRIV_M && (h->mstatus & MS_MPV);
	}
	uint64_t dkey = 0, atp = h->satp, hg = 0;
	if (unlikely(dv)) {
		/* V mode is always translated (both stages may be Bare): SUM and MXR of vsstatus, and
		 * mstatus.MXR (both stages), are part of the key */
		dkey = 1 | dpriv << 1 | 1 << 3 | (h->vsstatus & (MS_SUM | MS_MXR)) | (h->mstatus & MS_MXR) << 1;
		atp = h->vsatp;
		hg = h->hgatp;
	} else if (on && dpriv < K64_PRIV_M) {
		dkey = 1 | dpriv << 1 | (h->mstatus & (MS_SUM | MS_MXR));
	} else if (h->pmp_n && dpriv < K64_PRIV_M) {
		dkey = DKEY_PMP;   /* untranslated below M: the TLB holds what PMP gives S and U */
	}
	if (dkey != h->mmu_dkey || ((dkey & 1) && (atp != h->mmu_satp || hg != h->mmu_hgatp)))
		k64_tlb_flush(h);
	h->mmu_dkey = dkey;
	h->mmu_satp = atp;
	h->mmu_hgatp = hg;
	h->xl_data = dkey & 1;
	h->xl_v = (uint8_t)dv;
	h->xl_dpriv = (uint8_t)dpriv;
	if (unlikely(h->virt)) {
		/* bits 62:61 = 11 never occur below (satp's MODE bits 61:60 are 00, 01 or 10) */
		h->fetch_key = 1ull << 63 | 3ull << 61 | vctx_id(h) << 1 | (h->priv == K64_PRIV_U);
		return;
	}
	/* Decoded blocks are keyed by satp and by U versus S (fetch permissions differ). MODE is
	 * 8, 9 or 10, so satp bit 62 is zero and bit 63 of the key marks "translated". */
	h->fetch_key = on && h->priv < K64_PRIV_M
		       ? 1ull << 63 | h->satp << 1 | (h->priv == K64_PRIV_U) : 0;
	/* Untranslated, S and U fetch what PMP gives them, M all memory: their blocks differ. */
	if (!on && h->pmp_n && h->priv < K64_PRIV_M)
		h->fetch_key = FETCH_KEY_PMP;
}

static bool read_pte(struct k64_hart *h, uint64_t pa, uint64_t *pte, bool pmp)
{
	/* 10.3.2 step 2: the PTE's address must be memory; otherwise an access fault. */
	const void *p = k64_mem_host(h->mem, pa, 8, K64_PERM_R);
	if (!p || (pmp && !k64_pmp_ok(h, pa, 8, K64_PERM_R, K64_PRIV_S)))  /* 3.7.2: implicit accesses at S */
		return false;
	memcpy(pte, p, 8);
	return true;
}

/* Access rights a leaf PTE gives at privilege priv (10.3.1, 3.1.6.4 SUM and MXR; Svade: no
 * access while A = 0, no store while D = 0). K64_PERM_X is the fetch right. */
static unsigned leaf_rights(uint64_t pte, unsigned priv, bool sum, bool mxr)
{
	if (!(pte & PTE_A))
		return 0;
	bool user = pte & PTE_U;
	unsigned r = 0;
	bool data_ok = priv == K64_PRIV_U ? user : (!user || sum);
	if (data_ok) {
		if ((pte & PTE_R) || ((pte & PTE_X) && mxr))
			r |= K64_PERM_R;
		if ((pte & PTE_W) && (pte & PTE_D))
			r |= K64_PERM_W;
	}
	/* S-mode never executes from U pages, whatever SUM says. */
	if ((pte & PTE_X) && (priv == K64_PRIV_U) == user)
		r |= K64_PERM_X;
	return r;
}

static enum walk_result walk_stage(struct k64_hart *h, const struct stage *st, uint64_t va, uint64_t *pa,
				   unsigned *rights, uint64_t *ptes, unsigned *nptes);

/* The G stage of an address gpa (21.5.1): Bare passes it through with every right. */
static enum walk_result gstage(struct k64_hart *h, uint64_t gpa, uint64_t *pa, unsigned *rights, uint64_t *ptes,
			       unsigned *nptes)
{
	if (!(h->hgatp >> SATP_MODE_SHIFT)) {
		*pa = gpa;
		*rights = K64_PERM_RWX;
		return WALK_OK;
	}
	struct stage g = { h->hgatp, K64_PRIV_U, false, (h->mstatus & MS_MXR) != 0, true, false };
	return walk_stage(h, &g, gpa, pa, rights, ptes, nptes);
}

/* 10.3.2 "Virtual Address Translation Process", with LEVELS and the VPN width of the mode
 * (10.4-10.6), for one stage (the G stage: 21.5.1, the VS stage: its PTE reads through the G
 * stage, 21.5.2). On success *pa is the physical address and *rights what st->priv may do there.
 * A failure of the G stage is WALK_GUEST_FAULT with h->trap_gpa set. With ptes (a timing model's
 * walk of an access that was made), the addresses of the PTEs it read, in order, go to
 * ptes[0 .. *nptes), and PMP is not checked again. */
static enum walk_result walk_stage(struct k64_hart *h, const struct stage *st, uint64_t va, uint64_t *pa,
				   unsigned *rights, uint64_t *ptes, unsigned *nptes)
{
	unsigned levels = (unsigned)(st->atp >> SATP_MODE_SHIFT) - 5;   /* Sv39 3, Sv48 4, Sv57 5 */
	unsigned vabits = 12 + 9 * levels;
	enum walk_result fail = st->g ? WALK_GUEST_FAULT : WALK_PAGE_FAULT;
	if (st->g) {
		/* SvNNx4: the guest physical address has two more bits, all higher bits zero */
		h->trap_gpa = va;
		h->trap_tinst = 0;
		if (va >> (vabits + 2))
			return WALK_GUEST_FAULT;
	} else if ((uint64_t)((int64_t)(va << (64 - vabits)) >> (64 - vabits)) != va) {
		/* 10.3.1: bits 63:VABITS must all equal bit VABITS-1 */
		return WALK_PAGE_FAULT;
	}
	uint64_t a = (st->atp & PPN_MASK) << 12;
	for (int i = (int)levels - 1; i >= 0; i--) {
		uint64_t pte, pte_pa = a + ((va >> (12 + 9 * i)) & (st->g && i == (int)levels - 1 ? 2047 : 511)) * 8;
		if (st->v) {
			/* the implicit read of a VS-stage PTE: a G-stage load (21.5.2) */
			uint64_t hpa;
			unsigned gr;
			enum walk_result r = gstage(h, pte_pa, &hpa, &gr, ptes, nptes);
			if (r == WALK_OK && !(gr & K64_PERM_R))
				r = WALK_GUEST_FAULT, h->trap_gpa = pte_pa;
			if (r == WALK_GUEST_FAULT)
				h->trap_tinst = 0x3000;   /* 64-bit read for VS-stage translation */
			if (r != WALK_OK)
				return r;
			pte_pa = hpa;
		}
		if (!read_pte(h, pte_pa, &pte, !ptes))
			return WALK_ACCESS_FAULT;
		if (ptes && *nptes < K64_WALK_PTES_MAX)
			ptes[(*nptes)++] = pte_pa;
		/* step 3: invalid, W without R, reserved bits; Svpbmt: PBMT 3 is reserved, and any
		 * nonzero PBMT is reserved while menvcfg.PBMTE (VS stage: henvcfg.PBMTE) = 0 */
		uint64_t pbmt = (pte & PTE_PBMT) >> 61;
		bool pbmte = st->v ? (k64_henvcfg(h) & HENVCFG_PBMTE) : (h->menvcfg & MENVCFG_PBMTE);
		if (!(pte & PTE_V) || (pte & (PTE_R | PTE_W)) == PTE_W || (pte & PTE_RSVD) ||
		    pbmt == 3 || (pbmt && !pbmte))
			return fail;
		uint64_t ppn = (pte >> 10) & PPN_MASK;
		if (!(pte & (PTE_R | PTE_X))) {
			/* step 4: a pointer; D, A, U, N and PBMT are reserved in non-leaf PTEs */
			if (i == 0 || (pte & (PTE_D | PTE_A | PTE_U | PTE_N | PTE_PBMT)))
				return fail;
			a = ppn << 12;
			continue;
		}
		/* step 6: a misaligned superpage */
		uint64_t low = (1ull << (9 * i)) - 1;
		if (ppn & low)
			return fail;
		/* Svnapot: N = 1 is only defined at level 0 with ppn[3:0] = 1000 (64 KiB) */
		if (pte & PTE_N) {
			if (i != 0 || (ppn & 15) != 8)
				return fail;
			low = 15;
			ppn &= ~low;
		}
		*pa = (ppn | ((va >> 12) & low)) << 12 | (va & 0xfff);
		/* G stage: every access counts as a U-mode one, and needs U = 1 (21.5.1) */
		*rights = st->g && !(pte & PTE_U) ? 0 : leaf_rights(pte, st->priv, st->sum, st->mxr);
		return WALK_OK;
	}
	return fail;
}

/* The walk of va at privilege priv in the current translation context: one stage under satp, or
 * (v) the VS stage under vsatp and the G stage; *rights are both stages' (an access needs them in
 * both). A right of the VS stage missing is a page fault, one of the G stage a guest-page fault:
 * *grights tells them apart (the G stage's rights alone). */
static enum walk_result walk2(struct k64_hart *h, uint64_t va, unsigned priv, bool v, uint64_t *pa, unsigned *rights,
			      unsigned *grights, uint64_t *ptes, unsigned *nptes)
{
	if (!v) {
		struct stage s1 = { h->satp, priv, (h->mstatus & MS_SUM) != 0, (h->mstatus & MS_MXR) != 0, false, false };
		*grights = K64_PERM_RWX;
		return walk_stage(h, &s1, va, pa, rights, ptes, nptes);
	}
	uint64_t gpa = va;
	unsigned r1 = K64_PERM_RWX;
	if (h->vsatp >> SATP_MODE_SHIFT) {
		struct stage s1 = { h->vsatp, priv, (h->vsstatus & MS_SUM) != 0,
				    ((h->vsstatus | h->mstatus) & MS_MXR) != 0, false, true };
		enum walk_result r = walk_stage(h, &s1, va, &gpa, &r1, ptes, nptes);
		if (r != WALK_OK)
			return r;
	}
	enum walk_result r = gstage(h, gpa, pa, grights, ptes, nptes);
	h->trap_gpa = gpa;
	h->trap_tinst = 0;
	*rights = r1;
	return r;
}

static enum walk_result walk(struct k64_hart *h, uint64_t va, unsigned priv, uint64_t *pa, unsigned *rights)
{
	unsigned gr;
	enum walk_result r = walk2(h, va, priv, h->virt, pa, rights, &gr, NULL, NULL);
	*rights &= gr;
	return r;
}

/* Translates va for an access acc (K64_PERM_R/W/X) of len bytes (on va's page) at privilege
 * priv, in two stages when v: 0 and *pa, or the cause. The physical page must be memory with the
 * access's permission, and PMP must grant it (else an access fault). HLVX (hlvx) needs execute
 * rights in both stages in place of read rights (21.3.2). */
static uint64_t translate2(struct k64_hart *h, uint64_t va, uint64_t len, unsigned acc, unsigned priv, bool v,
			   bool hlvx, uint64_t *pa, unsigned *rights, unsigned *pperm)
{
	unsigned gr;
	switch (walk2(h, va, priv, v, pa, rights, &gr, NULL, NULL)) {
	case WALK_OK: break;
	case WALK_PAGE_FAULT: return page_fault(acc);
	case WALK_GUEST_FAULT: return guest_fault(acc);
	default: return access_fault(acc);
	}
	unsigned need = hlvx ? K64_PERM_X : acc;
	if (!(*rights & need))
		return page_fault(acc);
	if (!(gr & need))
		return guest_fault(acc);
	*rights &= gr;
	*pperm = k64_mem_page_perm(h->mem, *pa);
	if (!(*pperm & acc) || !k64_pmp_ok(h, *pa, len, acc, priv)) {
		/* a device register (board/, dev/bus.h) that PMP allows: *pperm = 0 tells the caller */
		if (!(*pperm & acc) && acc != K64_PERM_X && h->bus && k64_bus_find(h->bus, *pa, 1) &&
		    k64_pmp_ok(h, *pa, len, acc, priv))
			return *pperm = 0, 0;
		return access_fault(acc);
	}
	return 0;
}

static uint8_t *host_of(const struct k64_hart *h, uint64_t pa)
{
	return h->mem->host + (pa - h->mem->base);
}

static uint64_t translate(struct k64_hart *h, uint64_t va, uint64_t len, unsigned acc, unsigned priv, uint64_t *pa,
			  unsigned *rights, unsigned *pperm)
{
	return translate2(h, va, len, acc, priv, acc == K64_PERM_X ? h->virt : h->xl_v, false, pa, rights, pperm);
}

uint64_t k64_mmu_fetch(struct k64_hart *h, uint64_t va, uint64_t *pa)
{
	unsigned rights, pperm;
	return translate(h, va, 2, K64_PERM_X, h->priv, pa, &rights, &pperm);
}

/* HLV, HLVX, HSV (21.3.2): translated as V = 1 at privilege hstatus.SPVP would, with vsstatus'
 * SUM and MXR, whatever the current mode and MPRV; never through the TLB. Memory only (a device
 * register is an access fault), and on one page: an access that crosses a page raises the
 * address-misaligned exception (allowed, 3.6.3). Faults have GVA set (h->trap_hlv). */
void *k64_mmu_hyp_access(struct k64_hart *h, const struct k64_dinsn *d, uint64_t va, unsigned size, unsigned acc,
			 bool hlvx)
{
	unsigned rights, pperm, priv = (h->hstatus & HS_SPVP) ? K64_PRIV_S : K64_PRIV_U;
	uint64_t pa;
	h->trap_hlv = true;
	if ((va & (K64_PAGE_SIZE - 1)) + size > K64_PAGE_SIZE)
		k64_raise(h, d, acc == K64_PERM_W ? K64_CAUSE_MISALIGNED_STORE : K64_CAUSE_MISALIGNED_LOAD, va);
	uint64_t cause = translate2(h, va, size, acc, priv, true, hlvx, &pa, &rights, &pperm);
	if (!cause && !pperm)
		cause = access_fault(acc);
	if (cause)
		k64_raise(h, d, cause, va);
	h->trap_hlv = false;
	if (acc == K64_PERM_W)
		k64_note_store(h, pa, size, pperm);
	return host_of(h, pa);
}

uint64_t k64_mmu_gstage(struct k64_hart *h, uint64_t gpa, unsigned acc, uint64_t *pa)
{
	unsigned rights;
	enum walk_result r = gstage(h, gpa, pa, &rights, NULL, NULL);
	if (r == WALK_ACCESS_FAULT)
		return access_fault(acc);
	if (r != WALK_OK || !(rights & acc))
		return guest_fault(acc);
	return 0;
}

static void tlb_fill(struct k64_hart *h, uint64_t va, uint64_t pa, unsigned rights, unsigned pperm)
{
	if (h->mem_gen != h->mem->gen)
		k64_tlb_flush(h);
	struct k64_tlb_entry *e = &h->tlb[K64_TLB_IDX(va)];
	uint64_t page = va >> K64_PAGE_SHIFT;
	e->addend = (intptr_t)((uintptr_t)host_of(h, pa & ~(K64_PAGE_SIZE - 1)) - (va & ~(K64_PAGE_SIZE - 1)));
	rights &= k64_pmp_page(h, pa, h->xl_dpriv);   /* only pages PMP grants as a whole */
	e->tag_r = (rights & pperm & K64_PERM_R) ? page : ~0ull;
	e->tag_w = (rights & pperm & K64_PERM_W) && !(pperm & (K64_PERM_CODE | K64_PERM_WATCH)) ? page : ~0ull;
}

/* One page's part of a data access: the physical address, or the architectural fault with
 * tval = va (the address of the part that faulted). */
static uint64_t data_part(struct k64_hart *h, const struct k64_dinsn *d, uint64_t va, unsigned len, bool write,
			  unsigned *pperm)
{
	uint64_t pa;
	unsigned rights;
	uint64_t cause = translate(h, va, len, write ? K64_PERM_W : K64_PERM_R, h->xl_dpriv, &pa, &rights, pperm);
	if (cause)
		k64_raise(h, d, cause, va);
	if (*pperm)
		tlb_fill(h, va, pa, rights, *pperm);
	return pa;
}

/* A scalar access that translated to a device: it must not cross the page (nor the register). */
static K64_COLD uint64_t device_access(struct k64_hart *h, const struct k64_dinsn *d, uint64_t va, uint64_t pa,
				       unsigned size, bool write, uint64_t v)
{
	uint64_t cause = write ? K64_CAUSE_STORE_ACCESS : K64_CAUSE_LOAD_ACCESS;
	if (!k64_bus_find(h->bus, pa, size))
		k64_raise(h, d, cause, va);
	uint64_t now = k64_now(h, d);
	bool ok = write ? k64_bus_store(h->bus, pa, size, v, now) : k64_bus_load(h->bus, pa, size, &v, now);
	if (!ok)
		k64_raise(h, d, cause, va);
	return v;
}

/* An access [a, a + size) split at the page boundary: n1 bytes on a's page, the rest on the
 * next. Both parts are translated before anything is written, so a fault leaves memory as it was. */
uint64_t k64_mmu_load(struct k64_hart *h, const struct k64_dinsn *d, uint64_t a, unsigned size)
{
	unsigned pp, n1 = (unsigned)(K64_PAGE_SIZE - (a & (K64_PAGE_SIZE - 1)));
	uint64_t v = 0, pa = data_part(h, d, a, size < n1 ? size : n1, false, &pp);
	if (unlikely(!pp))
		return device_access(h, d, a, pa, size, false, 0);
	if (size <= n1) {
		memcpy(&v, host_of(h, pa), size);
		return v;
	}
	uint64_t pa2 = data_part(h, d, a + n1, size - n1, false, &pp);
	if (!pp)
		k64_raise(h, d, K64_CAUSE_LOAD_ACCESS, a + n1);
	memcpy(&v, host_of(h, pa), n1);
	memcpy((uint8_t *)&v + n1, host_of(h, pa2), size - n1);
	return v;
}

void k64_mmu_store(struct k64_hart *h, const struct k64_dinsn *d, uint64_t a, unsigned size, uint64_t v)
{
	unsigned pp, pp2, n1 = (unsigned)(K64_PAGE_SIZE - (a & (K64_PAGE_SIZE - 1)));
	uint64_t pa = data_part(h, d, a, size < n1 ? size : n1, true, &pp);
	if (unlikely(!pp)) {
		device_access(h, d, a, pa, size, true, v);
		return;
	}
	if (size <= n1) {
		memcpy(host_of(h, pa), &v, size);
		k64_note_store(h, pa, size, pp);
		return;
	}
	uint64_t pa2 = data_part(h, d, a + n1, size - n1, true, &pp2);
	if (!pp2)
		k64_raise(h, d, K64_CAUSE_STORE_ACCESS, a + n1);
	memcpy(host_of(h, pa), &v, n1);
	memcpy(host_of(h, pa2), (uint8_t *)&v + n1, size - n1);
	k64_note_store(h, pa, n1, pp);
	k64_note_store(h, pa2, size - n1, pp2);
}

/* A host pointer must cover the whole access: a part on the next page that is not the next
 * physical page cannot be given one, and raises the address-misaligned exception instead
 * (only misaligned vector elements reach this; the privileged spec lets misaligned accesses
 * trap, 3.6.3). */
void *k64_mmu_access(struct k64_hart *h, const struct k64_dinsn *d, uint64_t a, unsigned size, bool write)
{
	unsigned pp, pp2, n1 = (unsigned)(K64_PAGE_SIZE - (a & (K64_PAGE_SIZE - 1)));
	uint64_t pa = data_part(h, d, a, size < n1 ? size : n1, write, &pp);
	if (!pp)   /* vector, AMO and cache-block accesses to a device: access fault */
		k64_raise(h, d, write ? K64_CAUSE_STORE_ACCESS : K64_CAUSE_LOAD_ACCESS, a);
	if (size > n1) {
		uint64_t pa2 = data_part(h, d, a + n1, size - n1, write, &pp2);
		if (!pp2)
			k64_raise(h, d, write ? K64_CAUSE_STORE_ACCESS : K64_CAUSE_LOAD_ACCESS, a + n1);
		if (pa2 != pa + n1)
			k64_raise(h, d, write ? K64_CAUSE_MISALIGNED_STORE : K64_CAUSE_MISALIGNED_LOAD, a);
		if (write)
			k64_note_store(h, pa2, size - n1, pp2);
		size = n1;
	}
	if (write)
		k64_note_store(h, pa, size, pp);
	return host_of(h, pa);
}

bool k64_mmu_probe(struct k64_hart *h, uint64_t a, uint64_t len, bool write)
{
	unsigned acc = write ? K64_PERM_W : K64_PERM_R, rights, pp;
	uint64_t pa, pa2;
	if (len == 0)
		return true;
	uint64_t n1 = K64_PAGE_SIZE - (a & (K64_PAGE_SIZE - 1));
	if (translate(h, a, len < n1 ? len : n1, acc, h->xl_dpriv, &pa, &rights, &pp) || !pp)
		return false;
	if (len <= n1)
		return true;
	if (len - n1 > K64_PAGE_SIZE || translate(h, a + n1, len - n1, acc, h->xl_dpriv, &pa2, &rights, &pp) || !pp)
		return false;
	return pa2 == pa + n1;
}

/* sfence.vma and sinval.vma (10.2.1, Svinval): every translation may have changed, so the TLB
 * and the decoded blocks (fetched through old translations) go; the flush of the blocks
 * happens at the end of the instruction's block, which the instruction ends. */
void k64_mmu_fence(struct k64_hart *h)
{
	k64_tlb_flush(h);
	h->flush_pending = true;
	h->limit = 0;
}

/* A debugger's view of va (core/machine.c, k64_debug_read_mem): the walk under satp at the
 * hart's privilege, whatever the leaf allows; no side effects (Svade: the walk writes nothing).
 * False if va is not mapped. */
bool k64_mmu_debug_translate(struct k64_hart *h, uint64_t va, uint64_t *pa)
{
	unsigned rights;
	return walk(h, va, h->priv, pa, &rights) == WALK_OK;
}

/* The PTEs a walk of va reads, for a timing model: their physical addresses in the order the walk
 * reads them, to the leaf or the PTE that ends the walk; 0 when there is no walk. Under satp, or
 * with virt (V mode, or HLV/HSV) the two-stage walk (21.5.2): for each VS-stage level the G-stage
 * walk of the VS PTE's guest physical address, then that PTE, and at the end the G-stage walk of
 * the final guest physical address (Sv39 over Sv39x4: 3 x (3 + 1) + 3 = 15). No side effects:
 * the fault state a walk leaves (trap_gpa, trap_tinst) is put back. */
unsigned k64_mmu_walk_ptes(struct k64_hart *h, uint64_t va, bool virt, uint64_t ptes[K64_WALK_PTES_MAX])
{
	uint64_t pa, gpa = h->trap_gpa, tinst = h->trap_tinst;
	unsigned rights, grights, n = 0;
	if (virt ? !((h->vsatp | h->hgatp) >> SATP_MODE_SHIFT) : !(h->satp >> SATP_MODE_SHIFT))
		return 0;
	(void)walk2(h, va, h->priv, virt, &pa, &rights, &grights, ptes, &n);
	h->trap_gpa = gpa;
	h->trap_tinst = tinst;
	return n;
}
