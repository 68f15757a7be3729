/* The memory system: table walks, TLB misses, device registers (doc/cycle-model.md). */
#include "timing/internal.h"

/* A table walk for a's page: in Linux user mode (no page tables) the assumed one; otherwise the
 * PTEs the walk reads under the current satp, or with virt the two-stage walk under vsatp and
 * hgatp (each VS-stage PTE after the G-stage walk of its address, then the G-stage walk of the
 * final guest physical address), each through the MMU's page-table-entry line cache (ptec_hit,
 * or a line refill). */
uint64_t tm_walk(struct k64_model *m, struct k64_cachesim *ptec, uint64_t a, bool virt)
{
	uint64_t ptes[K64_WALK_PTES_MAX];
	unsigned n = m->user_mode ? 0 : k64_mmu_walk_ptes(m->h, a, virt, ptes);
	if (!n)   /* user mode; or satp went Bare since the access (V mode: both stages Bare, no walk) */
		return virt && !m->user_mode ? 0 : m->walk;
	uint64_t c = 0;
	for (unsigned i = 0; i < n; i++)
		c += k64_cachesim_access(ptec, ptes[i], true) ? m->p[K64_P_ptec_hit] : m->refill_pte;
	return c;
}

/* V changed (a trap from V mode to HS or M: model_trap; an sret or mret into V mode: tm_cost):
 * the TLBs hold the translations of one context, with no V tag, and are emptied [assumed]; the
 * page-table-entry caches hold memory lines and keep them. */
void tm_virt_switch(struct k64_model *m, bool virt)
{
	k64_cachesim_flush(&m->itlb);
	k64_cachesim_flush(&m->dtlb);
	m->itlb_last = m->dtlb_last = WORD_NONE;
	m->virt = virt;
}

/* HLV, HLVX and HSV (from M, HS, or U with hstatus.HU): translated in two stages as V = 1 would,
 * a translation the data TLB does not hold (it has the current context's only) [assumed]: each
 * is a data-TLB miss, tlb_hit and the two-stage walk, then the access as a translated one. */
uint64_t tm_hyp_access(struct k64_model *m, uint64_t a, unsigned size, bool store)
{
	const uint64_t *p = m->p;
	uint64_t w = tm_walk(m, &m->dptec, a, true);
	m->event[K64_EV_TLB_MISS]++;
	m->event[K64_EV_DTLB_MISS]++;
	m->cause[K64_C_TLB] += p[K64_P_tlb_hit] + w;
	w += p[K64_P_tlb_hit];
	if (store) {
		m->cause[K64_C_SMEM] += p[K64_P_store];
		return w + p[K64_P_store] + dmem_write(m, a, size, true);
	}
	m->cause[K64_C_SMEM] += p[K64_P_load_hit];
	return w + p[K64_P_load_hit] + dmem_read(m, a, size, true);
}

/* TLB lookup of one page; returns the cycles added (hit cost + walk on a miss), charging the
 * walk to the TLB cause (fetch walks are charged when the fetch stall is, see model_retire). */
__attribute__((noinline)) uint64_t tm_tlb_miss(struct k64_model *m, struct k64_cachesim *t, uint64_t a,
						   uint64_t hit_cost)
{
	bool fetch = t == &m->itlb;
	m->event[K64_EV_TLB_MISS]++;
	m->event[fetch ? K64_EV_ITLB_MISS : K64_EV_DTLB_MISS]++;
	uint64_t w = tm_walk(m, fetch ? &m->iptec : &m->dptec, a, m->virt);
	if (fetch)
		m->fetch_walk += w;
	else
		m->cause[K64_C_TLB] += w;
	return hit_cost + w;
}

int k64_model_add_mmio(struct k64_model *m, uint64_t base, uint64_t size)
{
	if (m->nmmio == sizeof m->mmio / sizeof m->mmio[0])
		return -1;
	m->mmio[m->nmmio].base = base;
	m->mmio[m->nmmio++].size = size;
	uint64_t lo = m->nmmio == 1 || base < m->mmio_lo ? base : m->mmio_lo;
	uint64_t hi = m->nmmio == 1 || base + size > m->mmio_lo + m->mmio_span ? base + size : m->mmio_lo + m->mmio_span;
	m->mmio_lo = lo;
	m->mmio_span = hi - lo;
	return 0;
}

/* A device register access: uncached, no data-cache effect, over the peripheral port (not the
 * memory port the DMA uses: no memory-stall event; doc/keccak-dma.md). */
__attribute__((noinline)) bool tm_mmio_hit(struct k64_model *m, uint64_t a)
{
	for (unsigned i = 0; i < m->nmmio; i++)
		if (a - m->mmio[i].base < m->mmio[i].size) {
			m->cause[K64_C_SMEM] += m->p[K64_P_mmio_latency];
			return true;
		}
	return false;
}
