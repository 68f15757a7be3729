/* RVV 1.0 §7: vector loads and stores. Unit-stride, strided and indexed (ordered and
 * unordered: this model performs every access in element order, which satisfies both), their
 * segment forms (§7.8, nf = 2..8), fault-only-first (§7.7), whole-register (§7.9) and mask
 * (vlm.v/vsm.v). Accesses fault precisely: vstart is the faulting element (§3.7). */
#include "vector/vector.h"

/* The element loops are written to be auto-vectorised; GCC 12 does that only with
 * -ftree-vectorize (not part of -O2). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("tree-vectorize")
#endif

enum { AM_UNIT, AM_STRIDE, AM_INDEX };

/* width field (bits 14:12) -> log2(EEW/8); §7.3. Only 0, 5, 6, 7 reach here (table). */
static unsigned eew_log2b(const struct k64_dinsn *d)
{
	return d->rm == 0 ? 0 : d->rm - 4u;
}

static inline void copy_elem(void *dst, const void *src, unsigned eb)
{
	switch (eb) {
	case 0: memcpy(dst, src, 1); break;
	case 1: memcpy(dst, src, 2); break;
	case 2: memcpy(dst, src, 4); break;
	default: memcpy(dst, src, 8); break;
	}
}

static inline uint64_t index_of(const uint8_t *v, unsigned ib, uint64_t i)
{
	switch (ib) {
	case 0: return v[i];
	case 1: { uint16_t x; memcpy(&x, v + 2 * i, 2); return x; }
	case 2: { uint32_t x; memcpy(&x, v + 4 * i, 4); return x; }
	default: { uint64_t x; memcpy(&x, v + 8 * i, 8); return x; }
	}
}

/* §7.7: fault-only-first. Finds the first active element at or after vstart whose access would
 * fault; element 0 traps normally, a later one sets vl to its index. */
static void ff_trim(struct k64_hart *h, const struct k64_dinsn *d, unsigned eb, unsigned nf)
{
	uint64_t base = h->x[d->rs1], seg = (uint64_t)nf << eb;
	for (uint64_t i = h->vstart; i < h->vl; i++) {
		if (!k64_vactive(h, d, i))
			continue;
		uint64_t a = base + i * seg;
		if (k64_probe(h, a, seg, false))
			continue;
		if (i == 0) {
			for (uint64_t o = 0; o < seg; o += 1u << eb)
				k64_velem(h, d, 0, a + o, 1u << eb, false);
		}
		h->vl = i;
		return;
	}
}

/* Shared body of unit-stride, strided and indexed loads and stores, segment forms included. */
static void vldst(struct k64_hart *h, const struct k64_dinsn *d, int am, bool store, bool ff)
{
	k64_vcheck(h, d);
	unsigned eew = eew_log2b(d), sewb = k64_vsew_log2b(h->vtype), nf = k64_vnf(d);
	int lmul = k64_vlmul_log2(h->vtype);
	int emul = (int)eew - (int)sewb + lmul;           /* EMUL of the vector addressed with EEW */
	unsigned db = am == AM_INDEX ? sewb : eew;        /* data element width */
	int demul = am == AM_INDEX ? lmul : emul;         /* data EMUL */
	unsigned vd = d->rd, gs = k64_vgsize(demul);
	/* §7.3, §7.8: EMUL in [1/8, 8], groups aligned, nf * EMUL <= 8, within v31. */
	K64_VREQ(h, d, emul >= -3 && emul <= 3);
	K64_VREQ(h, d, k64_valigned(vd, demul) && nf * gs <= 8 && vd + nf * gs <= 32);
	if (!store)
		K64_VREQ(h, d, k64_vmask_ok(d, vd));
	if (am == AM_INDEX) {
		unsigned vs2 = d->rs2;
		K64_VREQ(h, d, k64_valigned(vs2, emul));
		/* §5.2: the index may not share a register with a differently sized source (the
		 * store data, or v0 as the mask). */
		K64_VREQ(h, d, k64_vsrc_ok(h, d, store ? (int)vd : -1, (int)sewb, (int)vs2, (int)eew));
		/* §5.2 for loads: each field's group vs the index group; §7.8.3: a segment load's
		 * destination may not overlap the index at all. */
		for (unsigned f = 0; !store && f < nf; f++) {
			unsigned r = vd + f * gs;
			if (eew > sewb)
				K64_VREQ(h, d, k64_vnoover(r, demul, vs2, emul, false));
			else if (eew < sewb)
				K64_VREQ(h, d, k64_vnoover(r, demul, vs2, emul, true));
			if (nf > 1)
				K64_VREQ(h, d, !k64_voverlap(r, gs, vs2, k64_vgsize(emul)));
		}
	}
	if (ff)
		ff_trim(h, d, eew, nf);

	uint64_t base = h->x[d->rs1], vl = h->vl, esz = 1ull << db;
	uint8_t *reg = k64_vr(h, vd);
	size_t gbytes = (size_t)h->vlenb * gs;
	if (h->vstart < vl) {
		/* Fast path: unmasked unit-stride over accessible memory. */
		uint8_t *p = NULL;
		uint64_t seg = (uint64_t)nf << db;
		if (am == AM_UNIT && k64_vm(d))
			p = k64_vrange(h, d, base + h->vstart * seg, (vl - h->vstart) * seg, store);
		if (p) {
			if (nf == 1) {
				if (store)
					memcpy(p, reg + (h->vstart << db), (vl - h->vstart) << db);
				else
					memcpy(reg + (h->vstart << db), p, (vl - h->vstart) << db);
			} else {
				for (uint64_t i = h->vstart; i < vl; i++, p += seg)
					for (unsigned f = 0; f < nf; f++) {
						uint8_t *r = reg + f * gbytes + (i << db);
						if (store)
							copy_elem(p + ((uint64_t)f << db), r, db);
						else
							copy_elem(r, p + ((uint64_t)f << db), db);
					}
			}
		} else {
			const uint8_t *idx = k64_vr(h, d->rs2);
			int64_t stride = (int64_t)h->x[d->rs2];
			bool ones = !store && k64_vma_ones(h);
			for (uint64_t i = h->vstart; i < vl; i++) {
				if (!k64_vactive(h, d, i)) {
					for (unsigned f = 0; ones && f < nf; f++)
						memset(reg + f * gbytes + (i << db), 0xff, esz);
					continue;
				}
				uint64_t a;
				if (am == AM_UNIT)
					a = base + i * seg;
				else if (am == AM_STRIDE)
					a = base + (uint64_t)stride * i;
				else
					a = base + index_of(idx, eew, i);
				for (unsigned f = 0; f < nf; f++) {
					uint8_t *r = reg + f * gbytes + (i << db);
					uint8_t *m = k64_velem(h, d, i, a + ((uint64_t)f << db), (unsigned)esz, store);
					if (store)
						copy_elem(m, r, db);
					else
						copy_elem(r, m, db);
				}
			}
		}
	}
	if (!store)
		for (unsigned f = 0; f < nf; f++)
			k64_vtail(h, reg + f * gbytes, db, demul, vl);
	h->vstart = 0;
}

static void k64_exec_vle(struct k64_hart *h, const struct k64_dinsn *d) { vldst(h, d, AM_UNIT, false, false); }
static void k64_exec_vleff(struct k64_hart *h, const struct k64_dinsn *d) { vldst(h, d, AM_UNIT, false, true); }
static void k64_exec_vlse(struct k64_hart *h, const struct k64_dinsn *d) { vldst(h, d, AM_STRIDE, false, false); }
static void k64_exec_vlxei(struct k64_hart *h, const struct k64_dinsn *d) { vldst(h, d, AM_INDEX, false, false); }
static void k64_exec_vse(struct k64_hart *h, const struct k64_dinsn *d) { vldst(h, d, AM_UNIT, true, false); }
static void k64_exec_vsse(struct k64_hart *h, const struct k64_dinsn *d) { vldst(h, d, AM_STRIDE, true, false); }
static void k64_exec_vsxei(struct k64_hart *h, const struct k64_dinsn *d) { vldst(h, d, AM_INDEX, true, false); }

/* Byte-granular contiguous transfer of elements [vstart, n) of size 2^eb starting at register
 * pointer reg and guest address base (whole-register and mask forms). */
static void contiguous(struct k64_hart *h, const struct k64_dinsn *d, uint8_t *reg, uint64_t n, unsigned eb, bool store)
{
	uint64_t base = h->x[d->rs1];
	if (h->vstart >= n)
		return;
	uint8_t *p = k64_vrange(h, d, base + (h->vstart << eb), (n - h->vstart) << eb, store);
	if (p) {
		if (store)
			memcpy(p, reg + (h->vstart << eb), (n - h->vstart) << eb);
		else
			memcpy(reg + (h->vstart << eb), p, (n - h->vstart) << eb);
		return;
	}
	for (uint64_t i = h->vstart; i < n; i++) {
		uint8_t *m = k64_velem(h, d, i, base + (i << eb), 1u << eb, store);
		if (store)
			copy_elem(m, reg + (i << eb), eb);
		else
			copy_elem(reg + (i << eb), m, eb);
	}
}

/* §7.9: vl<nf>re<eew>.v / vs<nf>r.v move nf whole registers regardless of vtype and vl (they do
 * not depend on vtype, §3.4.4, so vill does not make them illegal); vd aligned to nf. */
static void whole(struct k64_hart *h, const struct k64_dinsn *d, bool store)
{
	k64_require_vec(h, d);
	unsigned nf = k64_vnf(d), eb = store ? 0 : eew_log2b(d);
	K64_VREQ(h, d, (d->rd & (nf - 1)) == 0);
	contiguous(h, d, k64_vr(h, d->rd), ((uint64_t)nf * h->vlenb) >> eb, eb, store);
	h->vstart = 0;
}
static void k64_exec_vlre(struct k64_hart *h, const struct k64_dinsn *d) { whole(h, d, false); }
static void k64_exec_vsr(struct k64_hart *h, const struct k64_dinsn *d) { whole(h, d, true); }

/* §7.4: vlm.v / vsm.v: EEW = 8, EVL = ceil(vl / 8); mask loads are tail-agnostic. */
static void k64_exec_vlm(struct k64_hart *h, const struct k64_dinsn *d)
{
	k64_vcheck(h, d);
	uint64_t evl = (h->vl + 7) >> 3;
	contiguous(h, d, k64_vr(h, d->rd), evl, 0, false);
	if (h->vagnostic_ones && evl < h->vlenb && h->vstart < evl)
		memset(k64_vr(h, d->rd) + evl, 0xff, h->vlenb - evl);
	h->vstart = 0;
}
static void k64_exec_vsm(struct k64_hart *h, const struct k64_dinsn *d)
{
	k64_vcheck(h, d);
	contiguous(h, d, k64_vr(h, d->rd), (h->vl + 7) >> 3, 0, true);
	h->vstart = 0;
}

/* ---- table ---------------------------------------------------------------------------------- */
#define LD 0x07u
#define ST 0x27u
#define NF(n) (((n) - 1u) << 29)
#define MOP_UNIT 0u
#define MOP_UX (1u << 26)
#define MOP_S (2u << 26)
#define MOP_OX (3u << 26)
#define LU_FF (0x10u << 20)
#define LU_WHOLE (0x08u << 20)
#define LU_MASK (0x0bu << 20)
#define VM1 (1u << 25)
#define M_UNIT 0xfdf0707fu      /* nf mew mop lumop width opcode */
#define M_RS2 0xfc00707fu       /* nf mew mop width opcode (rs2 / vs2 free) */
#define M_WHOLE 0xfff0707fu     /* plus vm = 1 */
#define LDF (K64_F_WV | K64_F_LOAD | K64_F_VEC)
#define STF (K64_F_STORE | K64_F_VEC)

/* tm: class VLOAD or VSTORE, the addressing form, EEW (of the index for indexed forms), fields
 * (core/observe.h) */
#define TM(c, form, eew, nf) { K64_IC_##c, K64_IF_##form, 0, (eew) / 8, nf, 0 }
#define ROW(name, match, mask, fl, fn, args, tm) \
	{ name, match, mask, K64_EXT_V, K64_FMT_R, fl, K64_OP_CALL, fn, args, 0, TM tm },
/* One row per field count: nf = 1 is the plain name, nf = 2..8 the segment name. */
#define SEGS(pre, mid, post, eew, w, op, mop, lu, mask, fl, fn, args, c, form) \
	ROW(pre mid #eew post, NF(1) | mop | lu | (w) << 12 | op, mask, fl, fn, args, (c, form, eew, 1)) \
	ROW(pre "seg2" mid #eew post, NF(2) | mop | lu | (w) << 12 | op, mask, fl, fn, args, (c, form, eew, 2)) \
	ROW(pre "seg3" mid #eew post, NF(3) | mop | lu | (w) << 12 | op, mask, fl, fn, args, (c, form, eew, 3)) \
	ROW(pre "seg4" mid #eew post, NF(4) | mop | lu | (w) << 12 | op, mask, fl, fn, args, (c, form, eew, 4)) \
	ROW(pre "seg5" mid #eew post, NF(5) | mop | lu | (w) << 12 | op, mask, fl, fn, args, (c, form, eew, 5)) \
	ROW(pre "seg6" mid #eew post, NF(6) | mop | lu | (w) << 12 | op, mask, fl, fn, args, (c, form, eew, 6)) \
	ROW(pre "seg7" mid #eew post, NF(7) | mop | lu | (w) << 12 | op, mask, fl, fn, args, (c, form, eew, 7)) \
	ROW(pre "seg8" mid #eew post, NF(8) | mop | lu | (w) << 12 | op, mask, fl, fn, args, (c, form, eew, 8))
#define ALL_EEW(eew, w) \
	SEGS("vl", "e", ".v", eew, w, LD, MOP_UNIT, 0, M_UNIT, LDF, k64_exec_vle, "V,(s)", VLOAD, UNIT) \
	SEGS("vl", "e", "ff.v", eew, w, LD, MOP_UNIT, LU_FF, M_UNIT, LDF, k64_exec_vleff, "V,(s)", VLOAD, UNIT) \
	SEGS("vls", "e", ".v", eew, w, LD, MOP_S, 0, M_RS2, LDF, k64_exec_vlse, "V,(s),t", VLOAD, STRIDED) \
	SEGS("vlux", "ei", ".v", eew, w, LD, MOP_UX, 0, M_RS2, LDF, k64_exec_vlxei, "V,(s),W", VLOAD, INDEXED) \
	SEGS("vlox", "ei", ".v", eew, w, LD, MOP_OX, 0, M_RS2, LDF, k64_exec_vlxei, "V,(s),W", VLOAD, INDEXED) \
	SEGS("vs", "e", ".v", eew, w, ST, MOP_UNIT, 0, M_UNIT, STF, k64_exec_vse, "V,(s)", VSTORE, UNIT) \
	SEGS("vss", "e", ".v", eew, w, ST, MOP_S, 0, M_RS2, STF, k64_exec_vsse, "V,(s),t", VSTORE, STRIDED) \
	SEGS("vsux", "ei", ".v", eew, w, ST, MOP_UX, 0, M_RS2, STF, k64_exec_vsxei, "V,(s),W", VSTORE, INDEXED) \
	SEGS("vsox", "ei", ".v", eew, w, ST, MOP_OX, 0, M_RS2, STF, k64_exec_vsxei, "V,(s),W", VSTORE, INDEXED) \
	ROW("vl1re" #eew ".v", NF(1) | VM1 | LU_WHOLE | (w) << 12 | LD, M_WHOLE, LDF, k64_exec_vlre, "V,(s)", (VLOAD, WHOLE, eew, 1)) \
	ROW("vl2re" #eew ".v", NF(2) | VM1 | LU_WHOLE | (w) << 12 | LD, M_WHOLE, LDF, k64_exec_vlre, "V,(s)", (VLOAD, WHOLE, eew, 2)) \
	ROW("vl4re" #eew ".v", NF(4) | VM1 | LU_WHOLE | (w) << 12 | LD, M_WHOLE, LDF, k64_exec_vlre, "V,(s)", (VLOAD, WHOLE, eew, 4)) \
	ROW("vl8re" #eew ".v", NF(8) | VM1 | LU_WHOLE | (w) << 12 | LD, M_WHOLE, LDF, k64_exec_vlre, "V,(s)", (VLOAD, WHOLE, eew, 8))

const struct k64_insn_desc k64_insns_vmem[] = {
	ALL_EEW(8, 0u)
	ALL_EEW(16, 5u)
	ALL_EEW(32, 6u)
	ALL_EEW(64, 7u)
	ROW("vs1r.v", NF(1) | VM1 | LU_WHOLE | ST, M_WHOLE, STF, k64_exec_vsr, "V,(s)", (VSTORE, WHOLE, 8, 1))
	ROW("vs2r.v", NF(2) | VM1 | LU_WHOLE | ST, M_WHOLE, STF, k64_exec_vsr, "V,(s)", (VSTORE, WHOLE, 8, 2))
	ROW("vs4r.v", NF(4) | VM1 | LU_WHOLE | ST, M_WHOLE, STF, k64_exec_vsr, "V,(s)", (VSTORE, WHOLE, 8, 4))
	ROW("vs8r.v", NF(8) | VM1 | LU_WHOLE | ST, M_WHOLE, STF, k64_exec_vsr, "V,(s)", (VSTORE, WHOLE, 8, 8))
	ROW("vlm.v", VM1 | LU_MASK | LD, M_WHOLE, LDF, k64_exec_vlm, "V,(s)", (VLOAD, MASK, 8, 1))
	ROW("vsm.v", VM1 | LU_MASK | ST, M_WHOLE, STF, k64_exec_vsm, "V,(s)", (VSTORE, MASK, 8, 1))
	{ 0 }
};
