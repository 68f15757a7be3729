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
 * address is a device register goes to the device bus (dev/bus.h), never the TLB. */
#include "core/hart.h"
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

enum walk_result { WALK_OK, WALK_PAGE_FAULT, WALK_ACCESS_FAULT };

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

void k64_mmu_sync(struct k64_hart *h)
{
	bool on = (h->satp >> SATP_MODE_SHIFT) != 0;
	unsigned dpriv = h->priv;
	if (dpriv == K64_PRIV_M && (h->mstatus & MS_MPRV))   /* 3.1.6.3 */
		dpriv = (unsigned)(h->mstatus >> MS_MPP_SHIFT) & 3;
	uint64_t dkey = 0;
	if (on && dpriv < K64_PRIV_M)
		dkey = 1 | dpriv << 1 | (h->mstatus & (MS_SUM | MS_MXR));
	else if (h->pmp_n && dpriv < K64_PRIV_M)
		dkey = DKEY_PMP;   /* untranslated below M: the TLB holds what PMP gives S and U */
	if (dkey != h->mmu_dkey || ((dkey & 1) && h->satp != h->mmu_satp))
		k64_tlb_flush(h);
	h->mmu_dkey = dkey;
	h->mmu_satp = h->satp;
	h->xl_data = dkey & 1;
	h->xl_dpriv = (uint8_t)dpriv;
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
static unsigned leaf_rights(const struct k64_hart *h, uint64_t pte, unsigned priv)
{
	if (!(pte & PTE_A))
		return 0;
	bool user = pte & PTE_U;
	unsigned r = 0;
	bool data_ok = priv == K64_PRIV_U ? user : (!user || (h->mstatus & MS_SUM));
	if (data_ok) {
		if ((pte & PTE_R) || ((pte & PTE_X) && (h->mstatus & MS_MXR)))
			r |= K64_PERM_R;
		if ((pte & PTE_W) && (pte & PTE_D))
			r |= K64_PERM_W;
	}
	/* S-mode never executes from U pages, whatever SUM says. */
	if ((pte & PTE_X) && (priv == K64_PRIV_U) == user)
		r |= K64_PERM_X;
	return r;
}

/* 10.3.2 "Virtual Address Translation Process", with LEVELS and the VPN width of the mode
 * (10.4-10.6). On success *pa is the physical address and *rights what priv may do there.
 * With ptes (a timing model's walk of an access that was made), the addresses of the PTEs it
 * read, in order, go to ptes[0 .. *nptes), and PMP is not checked again. */
static enum walk_result walk_ptes(struct k64_hart *h, uint64_t va, unsigned priv, uint64_t *pa, unsigned *rights,
				  uint64_t *ptes, unsigned *nptes)
{
	unsigned levels = (unsigned)(h->satp >> SATP_MODE_SHIFT) - 5;   /* Sv39 3, Sv48 4, Sv57 5 */
	unsigned vabits = 12 + 9 * levels;
	/* 10.3.1: bits 63:VABITS must all equal bit VABITS-1 */
	if ((uint64_t)((int64_t)(va << (64 - vabits)) >> (64 - vabits)) != va)
		return WALK_PAGE_FAULT;
	uint64_t a = (h->satp & PPN_MASK) << 12;
	for (int i = (int)levels - 1; i >= 0; i--) {
		uint64_t pte, pte_pa = a + ((va >> (12 + 9 * i)) & 511) * 8;
		if (!read_pte(h, pte_pa, &pte, !ptes))
			return WALK_ACCESS_FAULT;
		if (ptes)
			ptes[(*nptes)++] = pte_pa;
		/* step 3: invalid, W without R, reserved bits; Svpbmt: PBMT 3 is reserved, and any
		 * nonzero PBMT is reserved while menvcfg.PBMTE = 0 */
		uint64_t pbmt = (pte & PTE_PBMT) >> 61;
		if (!(pte & PTE_V) || (pte & (PTE_R | PTE_W)) == PTE_W || (pte & PTE_RSVD) ||
		    pbmt == 3 || (pbmt && !(h->menvcfg & MENVCFG_PBMTE)))
			return WALK_PAGE_FAULT;
		uint64_t ppn = (pte >> 10) & PPN_MASK;
		if (!(pte & (PTE_R | PTE_X))) {
			/* step 4: a pointer; D, A, U, N and PBMT are reserved in non-leaf PTEs */
			if (i == 0 || (pte & (PTE_D | PTE_A | PTE_U | PTE_N | PTE_PBMT)))
				return WALK_PAGE_FAULT;
			a = ppn << 12;
			continue;
		}
		/* step 6: a misaligned superpage */
		uint64_t low = (1ull << (9 * i)) - 1;
		if (ppn & low)
			return WALK_PAGE_FAULT;
		/* Svnapot: N = 1 is only defined at level 0 with ppn[3:0] = 1000 (64 KiB) */
		if (pte & PTE_N) {
			if (i != 0 || (ppn & 15) != 8)
				return WALK_PAGE_FAULT;
			low = 15;
			ppn &= ~low;
		}
		*pa = (ppn | ((va >> 12) & low)) << 12 | (va & 0xfff);
		*rights = leaf_rights(h, pte, priv);
		return WALK_OK;
	}
	return WALK_PAGE_FAULT;
}

static enum walk_result walk(struct k64_hart *h, uint64_t va, unsigned priv, uint64_t *pa, unsigned *rights)
{
	return walk_ptes(h, va, priv, pa, rights, NULL, NULL);
}

/* Translates va for an access acc (K64_PERM_R/W/X) of len bytes (on va's page) at privilege
 * priv: 0 and *pa, or the cause. The physical page must be memory with the access's permission,
 * and PMP must grant it (else an access fault). */
static uint64_t translate(struct k64_hart *h, uint64_t va, uint64_t len, unsigned acc, unsigned priv, uint64_t *pa,
			  unsigned *rights, unsigned *pperm)
{
	switch (walk(h, va, priv, pa, rights)) {
	case WALK_OK: break;
	case WALK_PAGE_FAULT: return page_fault(acc);
	default: return access_fault(acc);
	}
	if (!(*rights & acc))
		return page_fault(acc);
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

uint64_t k64_mmu_fetch(struct k64_hart *h, uint64_t va, uint64_t *pa)
{
	unsigned rights, pperm;
	return translate(h, va, 2, K64_PERM_X, h->priv, pa, &rights, &pperm);
}

static uint8_t *host_of(const struct k64_hart *h, uint64_t pa)
{
	return h->mem->host + (pa - h->mem->base);
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

/* The PTEs a walk of va under satp reads, for a timing model: their physical addresses, root
 * first, to the leaf or the PTE that ends the walk (at most 5); 0 with satp Bare. No side
 * effects. */
unsigned k64_mmu_walk_ptes(struct k64_hart *h, uint64_t va, uint64_t ptes[5])
{
	uint64_t pa;
	unsigned rights, n = 0;
	if (!(h->satp >> SATP_MODE_SHIFT))
		return 0;
	(void)walk_ptes(h, va, h->priv, &pa, &rights, ptes, &n);
	return n;
}
