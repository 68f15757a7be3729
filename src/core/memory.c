/* Guest-memory slow paths: permission checks, TLB refill, code and watched pages, faults.
 * The fast paths are inline in hart.h. Memory is a flat arena (mem/mem.h); the TLB caches
 * "this page may be read/written directly" so the fast path is a single compare. */
#include "core/hart.h"
#include "dev/bus.h"

void k64_tlb_flush(struct k64_hart *h)
{
	memset(h->tlb, 0xff, sizeof h->tlb);
	h->mem_gen = h->mem->gen;
}

/* No MMU yet: a hart in M-mode (bare metal) sees access faults, a user-mode program page faults
 * (what Linux turns into SIGSEGV). */
static uint64_t fault_cause(const struct k64_hart *h, bool write)
{
	if (h->priv == K64_PRIV_M)
		return write ? K64_CAUSE_STORE_ACCESS : K64_CAUSE_LOAD_ACCESS;
	return write ? K64_CAUSE_STORE_PAGE : K64_CAUSE_LOAD_PAGE;
}

/* Checks every page of [a, a + size); returns the union of their flag bits, faults otherwise. */
static unsigned check_pages(struct k64_hart *h, const struct k64_dinsn *d, uint64_t a, unsigned size, bool write)
{
	struct k64_mem *m = h->mem;
	unsigned need = write ? K64_PERM_W : K64_PERM_R, all = 0;
	if (!k64_mem_contains(m, a, size))
		k64_raise(h, d, fault_cause(h, write), a);
	if (unlikely(!k64_pmp_ok(h, a, size, need, h->xl_dpriv)))   /* 3.7: an access fault */
		k64_raise(h, d, write ? K64_CAUSE_STORE_ACCESS : K64_CAUSE_LOAD_ACCESS, a);
	uint64_t off = a - m->base;
	for (uint64_t p = off >> K64_PAGE_SHIFT; p <= (off + size - 1) >> K64_PAGE_SHIFT; p++) {
		unsigned perm = m->perm[p];
		if (!(perm & need)) {
			uint64_t bad = (p << K64_PAGE_SHIFT) + m->base;
			k64_raise(h, d, fault_cause(h, write), bad > a ? bad : a);
		}
		all |= perm;
	}
	return all;
}

void k64_note_store(struct k64_hart *h, uint64_t a, unsigned size, unsigned perm)
{
	/* Stores into decoded code take effect for instruction fetch after the current block
	 * (fence.i semantics allow it); limit = 0 makes the dispatch loop stop at the boundary. */
	if (perm & K64_PERM_CODE) {
		h->flush_pending = true;
		h->limit = 0;
	}
	if ((perm & K64_PERM_WATCH) && h->fe.watch)
		h->fe.watch(h->fe.ctx, h, a, size);
}

static void tlb_fill(struct k64_hart *h, uint64_t a, bool write)
{
	struct k64_mem *m = h->mem;
	if (h->mem_gen != m->gen)
		k64_tlb_flush(h);
	/* a page PMP does not let the access's privilege use as a whole stays out of the TLB */
	unsigned perm = k64_mem_page_perm(m, a) & (k64_pmp_page(h, a, h->xl_dpriv) | ~(unsigned)K64_PERM_RWX);
	struct k64_tlb_entry *e = &h->tlb[K64_TLB_IDX(a)];
	uint64_t page = a >> K64_PAGE_SHIFT;
	intptr_t addend = (intptr_t)((uintptr_t)m->host - (uintptr_t)m->base);
	if (e->addend != addend || (e->tag_r != page && e->tag_w != page)) {
		e->tag_r = e->tag_w = ~0ull;
		e->addend = addend;
	}
	if (perm & K64_PERM_R)
		e->tag_r = page;
	if (write && (perm & K64_PERM_W) && !(perm & (K64_PERM_CODE | K64_PERM_WATCH)))
		e->tag_w = page;
}

/* Device registers (dev/bus.h): reached from the slow paths only, never through the TLB. The
 * device sees the cycle the access issues, as a counter read would (core/csr.c). */
K64_COLD uint64_t k64_now(struct k64_hart *h, const struct k64_dinsn *d)
{
	if (!d)
		return h->ts ? h->ts->cycles(h->ts->ctx, NULL) : h->instret;
	if (h->nobs)
		k64_observe_flush(h, d->idx, false);
	return h->ts ? h->ts->cycles(h->ts->ctx, d) : k64_instret_at(h, d);
}

uint64_t k64_load_slow(struct k64_hart *h, const struct k64_dinsn *d, uint64_t a, unsigned size)
{
	if (h->xl_data)   /* devices behind translation: the board's work (issue 10) */
		return k64_mmu_load(h, d, a, size);
	if (unlikely(h->bus) && k64_bus_find(h->bus, a, size)) {
		uint64_t v;
		if (!k64_pmp_ok(h, a, size, K64_PERM_R, h->xl_dpriv) || !k64_bus_load(h->bus, a, size, &v, k64_now(h, d)))
			k64_raise(h, d, K64_CAUSE_LOAD_ACCESS, a);
		return v;
	}
	check_pages(h, d, a, size, false);
	if (((a & (K64_PAGE_SIZE - 1)) + size) <= K64_PAGE_SIZE)
		tlb_fill(h, a, false);
	uint64_t v = 0;
	memcpy(&v, h->mem->host + (a - h->mem->base), size); /* little-endian host */
	return v;
}

void k64_store_slow(struct k64_hart *h, const struct k64_dinsn *d, uint64_t a, unsigned size, uint64_t v)
{
	if (h->xl_data) {
		k64_mmu_store(h, d, a, size, v);
		return;
	}
	if (unlikely(h->bus) && k64_bus_find(h->bus, a, size)) {
		if (!k64_pmp_ok(h, a, size, K64_PERM_W, h->xl_dpriv) || !k64_bus_store(h->bus, a, size, v, k64_now(h, d)))
			k64_raise(h, d, K64_CAUSE_STORE_ACCESS, a);
		return;
	}
	unsigned perm = check_pages(h, d, a, size, true);
	memcpy(h->mem->host + (a - h->mem->base), &v, size);
	if (((a & (K64_PAGE_SIZE - 1)) + size) <= K64_PAGE_SIZE)
		tlb_fill(h, a, true);
	k64_note_store(h, a, size, perm);
}

void *k64_access(struct k64_hart *h, const struct k64_dinsn *d, uint64_t a, unsigned size, bool write)
{
	if (h->xl_data)
		return k64_mmu_access(h, d, a, size, write);
	/* vector, AMO, LR/SC and cache-block accesses to a device region: access fault */
	if (unlikely(h->bus) && k64_bus_overlaps(h->bus, a, size))
		k64_raise(h, d, write ? K64_CAUSE_STORE_ACCESS : K64_CAUSE_LOAD_ACCESS, a);
	unsigned perm = check_pages(h, d, a, size, write);
	if (write)
		k64_note_store(h, a, size, perm);
	/* Vector code checks the TLB before coming here: fill it for the pages touched. */
	tlb_fill(h, a, write);
	tlb_fill(h, a + size - 1, write);
	return h->mem->host + (a - h->mem->base);
}

bool k64_probe(struct k64_hart *h, uint64_t a, uint64_t len, bool write)
{
	if (h->xl_data)
		return k64_mmu_probe(h, a, len, write);
	unsigned need = write ? K64_PERM_W : K64_PERM_R;
	return k64_mem_host(h->mem, a, len, need) != NULL && (!len || k64_pmp_ok(h, a, len, need, h->xl_dpriv));
}
