/* One instruction's cost beyond the static ones (§4b; doc/cycle-model.md). */
#include "timing/internal.h"

/* i2i of instruction d (its retire record r, issued at `issue`), charging its cycles to causes
 * (everything but fetch stalls): the static costs, scalar memory, fences, and the units. */
uint64_t tm_cost(struct k64_model *m, struct k64_hart *h, const struct k64_dinsn *d, const struct k64_retire *r,
		 uint64_t issue)
{
	const uint64_t *p = m->p;
	uint64_t c;
	enum k64_cause cause;
	if (cost_static(m, d, &c, &cause)) {
		if (cause != K64_C_INT)
			m->cause[cause] += c;
		return c;
	}
	switch (d->cls) {
	case K64_IC_LOAD: case K64_IC_FLOAD: case K64_IC_LR: {
		unsigned size = d->desc->mem_size ? d->desc->mem_size : 8;
		m->cause[K64_C_SMEM] += p[K64_P_load_hit];
		return p[K64_P_load_hit] + data_read(m, h, m->priv, r->pre_rs1 + (d->cls == K64_IC_LR ? 0 : (uint64_t)d->imm), size);
	}
	case K64_IC_STORE: case K64_IC_FSTORE: case K64_IC_SC: {
		unsigned size = d->desc->mem_size ? d->desc->mem_size : 8;
		m->cause[K64_C_SMEM] += p[K64_P_store];
		return p[K64_P_store] + data_write(m, h, m->priv, r->pre_rs1 + (d->cls == K64_IC_SC ? 0 : (uint64_t)d->imm), size);
	}
	case K64_IC_HLV: case K64_IC_HSV:
		return tm_hyp_access(m, r->pre_rs1, d->desc->mem_size, d->cls == K64_IC_HSV);
	case K64_IC_AMO: {
		unsigned size = d->desc->mem_size ? d->desc->mem_size : 8;
		c = p[K64_P_load_hit] + p[K64_P_store] - p[K64_P_amo_extra];
		m->cause[K64_C_SMEM] += c;
		return c + data_read(m, h, m->priv, r->pre_rs1, size) + data_write(m, h, m->priv, r->pre_rs1, size);
	}
	case K64_IC_CBO:
		/* cbo.inval drops the line: the D-cache is not coherent with the DMA devices, whose
		 * drivers invalidate the destination before reading it (doc/keccak-dma.md) */
		if (d->desc->tm.form == K64_IF_INVAL && m->p[K64_P_dcache_enable]) {
			k64_cachesim_invalidate(&m->dc, r->pre_rs1);
			if ((r->pre_rs1 >> m->dc.line_shift) == m->dc_last)
				m->dc_last = WORD_NONE;
		}
		m->cause[K64_C_SMEM] += p[K64_P_store];
		return p[K64_P_store] + data_write(m, h, m->priv, r->pre_rs1 & ~63ull, 8);
	case K64_IC_SYSTEM:
		if (d->desc->tm.form == K64_IF_XRET) {
			if (unlikely(h->virt != m->virt))   /* into V mode (its block ends with it) */
				tm_virt_switch(m, h->virt);
			return p[K64_P_fence];
		}
		if (tlb_fence(d)) {
			k64_cachesim_flush(&m->itlb);
			k64_cachesim_flush(&m->dtlb);
			k64_cachesim_flush(&m->iptec);
			k64_cachesim_flush(&m->dptec);
			m->itlb_last = m->dtlb_last = WORD_NONE;
		}
		return p[K64_P_fence];
	case K64_IC_FENCE_I:
		k64_cachesim_flush(&m->ic);   /* and the fetch buffers (model_retire) */
		m->ic_flushes++;
		m->ic_last = WORD_NONE;
		return p[K64_P_fence];
	case K64_IC_VLOAD:
		return tm_vmem(m, h, d, r, false);
	case K64_IC_VSTORE:
		return tm_vmem(m, h, d, r, true);
	case K64_IC_VAES:
		return tm_vcrypto(m, h, d, r, p[K64_P_aes_round], false);
	case K64_IC_VSHA2: {
		bool ms = d->desc->tm.form == K64_IF_SCHEDULE;
		return tm_vcrypto(m, h, d, r, ms ? p[K64_P_sha2_schedule] : p[K64_P_sha2_compress], true);
	}
	case K64_IC_VSM4:
		return tm_vcrypto(m, h, d, r, 4 * p[K64_P_sm4_round], true);
	case K64_IC_VGHASH:
		return tm_vcrypto(m, h, d, r, p[K64_P_ghash], true);
	case K64_IC_VSM3: {
		bool me = d->desc->tm.form == K64_IF_SCHEDULE;   /* vsm3me: combinational */
		return tm_vcrypto(m, h, d, r, me ? p[K64_P_sm3me] : p[K64_P_sm3_step], !me);
	}
	case K64_IC_VKECCAK:
		return tm_vkeccak(m, h, d, r);
	case K64_IC_XKLANE: case K64_IC_XKROUND:
		return tm_xkround(m, d, issue);
	default:
		return tm_vector(m, h, d, r);
	}
}
