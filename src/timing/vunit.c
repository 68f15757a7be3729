/* The vector unit, the vector crypto unit, vkeccak.vi and xkround: their costs (§2, §4b;
 * doc/cycle-model.md). */
#include "timing/internal.h"

/* The granule steps of a group of `group` steps that hold elements below vl (vec_vl_bound), at
 * bytes_per_elem bytes per element; the whole group otherwise. */
static uint64_t active(const struct k64_model *m, uint64_t group, uint64_t vl, unsigned bytes_per_elem)
{
	if (!m->p[K64_P_vec_vl_bound])
		return group;
	uint64_t a = cdiv(vl * bytes_per_elem, 8 * m->p[K64_P_vec_lanes]);
	return a < group ? a : group;
}

/* Element-wise arithmetic through the lanes: per granule step the operand reads (sources
 * spread over the ports), then stall check, compute and write (§4b Vector arithmetic). */
static uint64_t vlanes(struct k64_model *m, const struct k64_dinsn *d, uint64_t granules, uint64_t extra_per_step)
{
	uint64_t reads = cdiv(d->desc->tm.vreads, m->p[K64_P_vrf_ports]);   /* the row's operand reads */
	return granules * (reads + m->p[K64_P_vec_step] + m->p[K64_P_vec_lane_stage] + extra_per_step);
}

/* An element-serial unit (FPGA vector multiply/divide, the shared bit-serial FPU). */
static uint64_t velem(struct k64_model *m, uint64_t elems, uint64_t latency)
{
	return elems * (latency + m->p[K64_P_velem_overhead]);
}

/* Vector loads and stores: register-file phase, translation, the data-cache accesses through
 * the 128-bit port (one in flight), register write-back (§4b Vector loads/stores). The row
 * gives the addressing form, the EEW and the fields. */
uint64_t tm_vmem(struct k64_model *m, struct k64_hart *h, const struct k64_dinsn *d, const struct k64_retire *r,
		     bool store)
{
	const struct k64_itime *tm = &d->desc->tm;
	unsigned form = tm->form, nf = tm->nf, eew_b = tm->eew;
	bool indexed = form == K64_IF_INDEXED;
	uint64_t ports = m->p[K64_P_vrf_ports];
	uint64_t data_regs;
	if (form == K64_IF_WHOLE)
		data_regs = nf;
	else if (form == K64_IF_MASK)
		data_regs = 1;
	else {
		int emul = indexed ? vlmul_log2(r->vtype)   /* indexed: data at SEW/LMUL */
				   : (int)__builtin_ctz(eew_b) - (int)((r->vtype >> 3) & 3) + vlmul_log2(r->vtype);
		data_regs = regs(emul) * nf;
	}
	uint64_t granules = data_regs * m->g;
	uint64_t idx_granules = 0;
	if (indexed) {
		int iemul = (int)__builtin_ctz(eew_b) - (int)((r->vtype >> 3) & 3) + vlmul_log2(r->vtype);
		idx_granules = active(m, regs(iemul) * m->g, r->vl, eew_b);
		granules = nf * active(m, granules / nf, r->vl, vsew_bytes(r->vtype));
	} else if (form != K64_IF_WHOLE && form != K64_IF_MASK) {
		granules = nf * active(m, granules / nf, r->vl, eew_b);   /* whole-register and mask: all */
	}
	uint64_t c = m->p[K64_P_vec_issue] + m->p[K64_P_vls_close];
	c += cdiv(granules + idx_granules, ports) * m->p[K64_P_vls_rf_fill];
	if (!store)
		c += granules * m->p[K64_P_vls_rf_write];
	m->cause[K64_C_VMEM] += c;

	/* memory phase, from the accesses the core logged: a contiguous transfer moves the 128-bit
	 * granules it spans, strided and indexed ones access one element at a time */
	bool xlate = translated(m, h, m->priv), cached = m->p[K64_P_dcache_enable];
	bool contiguous = form == K64_IF_UNIT || form == K64_IF_WHOLE || form == K64_IF_MASK;
	uint64_t page = WORD_NONE, last_gran = WORD_NONE, mem = 0, miss = 0, tl = 0, walks = 0;
	for (uint32_t i = 0; i < r->nacc; i++) {
		uint64_t a = r->acc[i].addr, end = a + r->acc[i].size;
		uint64_t x = contiguous ? a & ~15ull : a;
		for (; x < end; x = contiguous ? x + 16 : end) {
			uint64_t lo = x > a ? x : a, hi = contiguous && x + 16 < end ? x + 16 : end;
			if (contiguous && x == last_gran)
				continue;       /* masked unit-stride elements sharing a granule */
			last_gran = x;
			if ((lo >> 12) != page) {
				page = lo >> 12;
				tl += m->p[K64_P_vls_translate];
				if (xlate)
					walks += tlb(m, &m->dtlb, lo, 0);
			}
			bool cache = cached && cacheable(m, lo, xlate);
			if (store) {
				/* one access and one write response per granule (or element) */
				mem += m->p[K64_P_vls_store_granule] + m->p[K64_P_mem_write];
				m->event[K64_EV_MEM_STALL] += m->p[K64_P_mem_write];
				if (cache)
					(void)k64_cachesim_access(&m->dc, lo, false);   /* updated if present */
				continue;
			}
			mem += m->p[K64_P_vls_load_granule];
			if (!cache) {
				miss += m->p[K64_P_mem_read] + m->p[K64_P_refill_overhead];
				continue;
			}
			for (uint64_t l = lo >> m->dc.line_shift; l <= (hi - 1) >> m->dc.line_shift; l++)
				if (!lookup(&m->dc, &m->dc_last, l << m->dc.line_shift)) {
					miss += m->refill_d;
					m->event[K64_EV_DCACHE_MISS]++;
				}
		}
	}
	m->event[K64_EV_MEM_STALL] += miss;
	m->cause[K64_C_VMEM] += mem + tl;
	m->cause[K64_C_CMISS] += miss;
	return c + mem + tl + walks + miss;
}

/* The vector crypto unit, one element group at a time (§2, §4b; measured on the June 2026 RTL,
 * doc/cycle-model.md): the sequencer visits every element group of the register group up to
 * VLMAX. An active one (below vl) fills its operand granules (all operands in parallel, one fill
 * per granule of the group), pulses the request, waits for the unit (its latency plus the
 * handshake, plus the start/done of an iterative unit) and writes the result granules back; a
 * group past vl still has its fill; an instruction ending on such a group writes one more
 * zero-enable pad. .vx/.vi/.vs forms cost what .vv costs; the operand count does not matter.
 * Latencies are the unit's, independent of the data (Zvkt). */
uint64_t tm_vcrypto(struct k64_model *m, struct k64_hart *h, const struct k64_dinsn *d, const struct k64_retire *r,
		    uint64_t latency, bool iterative)
{
	const uint64_t *p = m->p;
	uint64_t sew = 8u * vsew_bytes(r->vtype);
	uint64_t egw_bits = d->desc->tm.egs * sew;   /* the row's element-group size (EGW = EGS x SEW) */
	uint64_t egs = egw_bits / sew ? egw_bits / sew : 1;
	uint64_t active = r->vl / egs;
	uint64_t vlmax = regs(vlmul_log2(r->vtype)) * h->vlen / sew;
	uint64_t all = vlmax / egs > active ? vlmax / egs : active;
	uint64_t gran = cdiv(egw_bits, 128);
	uint64_t wait = latency + p[K64_P_crypto_handshake] + (iterative ? p[K64_P_crypto_iter_done] : 0);
	uint64_t per = gran * p[K64_P_crypto_fill] + p[K64_P_crypto_request] + wait + gran * p[K64_P_crypto_wb_granule];
	uint64_t c = p[K64_P_vec_issue] + p[K64_P_crypto_setup] + active * per + (all - active) * p[K64_P_crypto_fill] +
		     (all > active ? p[K64_P_crypto_pad] : 0);
	m->cause[K64_C_CRYPTO] += c;
	m->event[K64_EV_CRYPTO_BUSY] += c;
	return c;
}

/* vkeccak.vi (§2 Keccak, §4b): the sub-sequencer fills the 2048-bit buffer over both ports
 * (pipelined fills of vrf_ports granules), the engine runs nr rounds, the registers are written
 * back a granule at a time. At VLEN >= 2048 the group is part of one register. */
uint64_t tm_vkeccak(struct k64_model *m, struct k64_hart *h, const struct k64_dinsn *d, const struct k64_retire *r)
{
	unsigned nr = d->rs2 == 1 ? 12 : 24;   /* the round-count immediate (zvknhk.md) */
	uint64_t nreg = h->vlen >= KECCAK_GROUP_BITS ? 1 : KECCAK_GROUP_BITS / h->vlen;
	uint64_t groups = 1;
	if (h->zvknhk_version == 2 && h->vlen > 128)
		groups = r->vl / 32;
	uint64_t fills = cdiv(KECCAK_GROUP_BITS / 128, m->p[K64_P_vrf_ports]);
	uint64_t load = m->p[K64_P_keccak_fill_latency] + fills * m->p[K64_P_keccak_fill];
	uint64_t engine = cdiv(nr, m->p[K64_P_keccak_rounds_per_cycle]) + 1;
	uint64_t wb = (KECCAK_GROUP_BITS / 128) * m->p[K64_P_keccak_wb_granule] + nreg * m->p[K64_P_keccak_wb_reg];
	uint64_t unit = m->p[K64_P_keccak_setup] + groups * (load + m->p[K64_P_keccak_handshake] + wb);
	m->keccak_ops[nr == 12] += groups;
	m->keccak_engine[nr == 12] += groups * engine;
	m->event[K64_EV_KECCAK_BUSY] += groups * engine;
	m->event[K64_EV_CRYPTO_BUSY] += unit + groups * engine;
	m->cause[K64_C_KECCAK] += groups * engine;
	m->cause[K64_C_CRYPTO] += unit + m->p[K64_P_vec_issue];
	return m->p[K64_P_vec_issue] + unit + groups * engine;
}

/* xkround (doc/xkround.md): lane moves are single-cycle operations through the scalar operand
 * and result paths; a round is a request to the round-step unit, done xkr_round_latency cycles
 * later (i2i = D - I + 2, §4b Issue). With xkr_round_overlap the round runs in the background
 * and the next xkr instruction waits for the unit instead. All of it is the keccak cause. */
uint64_t tm_xkround(struct k64_model *m, const struct k64_dinsn *d, uint64_t issue)
{
	const uint64_t *p = m->p;
	uint64_t wait = m->xkr_busy > issue ? m->xkr_busy - issue : 0, c;
	if (d->cls == K64_IC_XKROUND) {
		m->xkr_rounds++;
		m->event[K64_EV_KECCAK_BUSY] += p[K64_P_xkr_round_latency];
		if (p[K64_P_xkr_round_overlap]) {
			m->xkr_busy = issue + wait + p[K64_P_xkr_issue] + p[K64_P_xkr_round_latency];
			m->cause[K64_C_KECCAK] += wait;
			return wait + p[K64_P_alu];   /* the alu cycle is the integer cause's */
		}
		c = p[K64_P_xkr_issue] + p[K64_P_xkr_round_latency];
	} else {
		m->xkr_moves++;
		c = wait + p[K64_P_xkr_lane_move];
	}
	m->cause[K64_C_KECCAK] += c;
	return c;
}

/* Everything the vector unit does apart from memory and crypto. */
uint64_t tm_vector(struct k64_model *m, struct k64_hart *h, const struct k64_dinsn *d, const struct k64_retire *r)
{
	uint64_t vtype = r->vtype;
	if (vtype >> 63)
		return m->p[K64_P_vec_issue];
	unsigned sewb = vsew_bytes(vtype);
	int lmul = vlmul_log2(vtype);
	uint64_t ports = m->p[K64_P_vrf_ports], g = m->g;
	uint64_t group = regs(lmul) * g;                  /* granule steps of an LMUL group */
	uint64_t vlmax = regs(lmul) * h->vlen / (8u * sewb);
	uint64_t vl = r->vl;
	uint64_t act = active(m, group, vl, sewb);        /* of them, those holding elements below vl */
	unsigned form = d->desc->tm.form;   /* the row's variant of its class */
	bool fp = form == K64_IF_FPU;
	uint64_t c = m->p[K64_P_vec_issue];
	enum k64_cause cause = K64_C_VLANES;
	switch (d->cls) {
	case K64_IC_VALU:
		if (form == K64_IF_SPLAT) {
			c += m->p[K64_P_splat_overhead] + cdiv(group, ports);    /* vmv.v.x/i */
		} else if (form == K64_IF_VMVR) {
			c += vlanes(m, d, d->desc->tm.nf * g, 0);               /* vmv<nr>r.v */
		} else {
			c += vlanes(m, d, act, fp ? m->p[K64_P_lane_fpu_extra] : 0);
		}
		break;
	case K64_IC_VMASK:
		c += vlanes(m, d, form == K64_IF_GROUPW ? group : g, 0);  /* vmsbf/vmsif/vmsof, viota, vid write a group */
		break;
	case K64_IC_VWIDE:
		c += vlanes(m, d, 2 * act, fp ? m->p[K64_P_lane_fpu_extra] : 0) + 2 * regs(lmul) * m->p[K64_P_vec_wb_stage];
		break;
	case K64_IC_VFP:
		c += vlanes(m, d, act, m->p[K64_P_lane_fpu_extra]);
		break;
	case K64_IC_VMUL:
		c += m->p[K64_P_vmul_latency] ? velem(m, vl, m->p[K64_P_vmul_latency]) : vlanes(m, d, act, 0);
		break;
	case K64_IC_VDIV:
		c += m->p[K64_P_vdiv_latency] ? velem(m, vl, m->p[K64_P_vdiv_latency]) : vlanes(m, d, act, 0);
		break;
	case K64_IC_VFMUL: {
		uint64_t lat = sewb == 8 ? m->p[K64_P_fmul_d_latency] : m->p[K64_P_fmul_s_latency];
		cause = K64_C_FP;
		c += lat ? velem(m, vl, lat + m->p[K64_P_lane_fpu_extra]) : vlanes(m, d, act, m->p[K64_P_lane_fpu_extra]);
		break;
	}
	case K64_IC_VFDIV:
		cause = K64_C_FP;
		c += velem(m, vl, (sewb == 8 ? m->p[K64_P_fdiv_d_latency] : m->p[K64_P_fdiv_s_latency]) +
				  m->p[K64_P_lane_fpu_extra]);
		break;
	case K64_IC_VRED:
	case K64_IC_VPERM:
	case K64_IC_VFIXED: {
		/* the sequencer: read the sources at the ports' width, one element per step, write */
		uint64_t src = group, dst = group, elems = vl;
		if (d->cls == K64_IC_VRED) {
			src = group + g;          /* vs2 group and vs1[0] */
			dst = g;
		} else if (d->cls == K64_IC_VPERM) {
			if (form == K64_IF_GATHER)
				src = 2 * group;      /* vrgather.vv: data and indices */
			else if (form == K64_IF_GATHER16)
				src = group + group / 2 + 1;   /* vrgatherei16 (indices at EEW 16, at least a granule) */
			else if (form == K64_IF_KEEPVD)
				src = 2 * group;      /* slides up and vcompress keep vd's other elements */
			elems = vlmax;
		}
		cause = K64_C_VSEQ;
		c += m->p[K64_P_seq_overhead] + cdiv(src, ports) + dst + elems * m->p[K64_P_seq_elem] +
		     (dst / g) * m->p[K64_P_vec_wb_stage];
		break;
	}
	case K64_IC_VMVXS:
		c += m->p[K64_P_vmv_xs];
		break;
	case K64_IC_VMVSX:
		c += m->p[K64_P_splat_overhead] + 1;
		break;
	case K64_IC_VCLMUL:
		c += vlanes(m, d, act, 0);
		break;
	case K64_IC_VSET:
	default:
		return m->p[K64_P_alu];
	}
	m->cause[cause] += c;
	m->event[K64_EV_VECTOR_BUSY] += c;
	return c;
}
