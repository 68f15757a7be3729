/* RVV 1.0 §6: configuration-setting instructions vsetvli, vsetivli, vsetvl; plus the shared
 * helpers of vector.h that are not inline. */
#include <stdio.h>
#include "vector/vector.h"

void k64_vdisasm_vtype(uint64_t vtype, char *buf, size_t len)
{
	static const char *const lm[8] = { "m1", "m2", "m4", "m8", "m?", "mf8", "mf4", "mf2" };
	if (vtype & K64_VTYPE_VILL) {
		snprintf(buf, len, "vill");
		return;
	}
	snprintf(buf, len, "e%u, %s, %s, %s", k64_vsew(vtype), lm[vtype & 7],
		 k64_vta(vtype) ? "ta" : "tu", k64_vma(vtype) ? "ma" : "mu");
}

void *k64_vrange(struct k64_hart *h, const struct k64_dinsn *d, uint64_t addr, uint64_t len, bool write)
{
	if (len == 0 || len > 4096)
		return NULL;
	const struct k64_tlb_entry *e0 = &h->tlb[K64_TLB_IDX(addr)];
	const struct k64_tlb_entry *e1 = &h->tlb[K64_TLB_IDX(addr + len - 1)];
	uint64_t p0 = addr >> K64_PAGE_SHIFT, p1 = (addr + len - 1) >> K64_PAGE_SHIFT;
	if ((write ? (e0->tag_w == p0 && e1->tag_w == p1) : (e0->tag_r == p0 && e1->tag_r == p1)) &&
	    e0->addend == e1->addend) {
		k64_acc_log(h, addr, len, write);
		return (void *)(uintptr_t)(addr + e0->addend);   /* both pages at one host offset */
	}
	if (!k64_probe(h, addr, len, write))
		return NULL;
	void *p = k64_access(h, d, addr, (unsigned)len, write);
	k64_acc_log(h, addr, len, write);
	return p;
}

/* §6.1, §3.4: a vtype value is unsupported (vill) when it has reserved bits set, SEW > ELEN,
 * the reserved LMUL encoding, or SEW > LMUL * ELEN for fractional LMUL (§3.4.2: "implementations
 * must support SEW settings between SEW_MIN and LMUL * ELEN"; QEMU 10 sets vill beyond that). */
static bool vtype_ok(uint64_t vtype)
{
	if (vtype >> 8)                               /* vill set, or reserved bits 62:8 */
		return false;
	unsigned sew = 8u << ((vtype >> 3) & 7);
	int lmul = (int)(vtype & 7);
	if (sew > K64_ELEN || lmul == 4)
		return false;
	if (lmul > 4 && (unsigned)(K64_ELEN >> (8 - lmul)) < sew)
		return false;
	return true;
}

/* §6.2-6.3: vl = min(AVL, VLMAX). For VLMAX < AVL < 2*VLMAX the manual also allows
 * ceil(AVL/2) <= vl <= VLMAX; QEMU 10 (rvv_vl_half_avl off by default) gives VLMAX, and so
 * do we. rs1 = x0, rd != x0 requests VLMAX; rs1 = rd = x0 keeps the current vl as AVL (QEMU 10
 * computes min(vl, new VLMAX) rather than raising, and so do we). */
static void set_vtype(struct k64_hart *h, const struct k64_dinsn *d, uint64_t avl, uint64_t vtype)
{
	k64_require_vec(h, d);
	if (!vtype_ok(vtype)) {
		h->vtype = K64_VTYPE_VILL;
		h->vl = 0;
	} else {
		uint64_t vlmax = k64_vlmax_of(h, vtype);
		h->vtype = vtype;
		h->vl = avl < vlmax ? avl : vlmax;
	}
	h->vstart = 0;
	h->x[d->rd] = h->vl;
}

static uint64_t avl_of(const struct k64_hart *h, const struct k64_dinsn *d)
{
	if (d->rs1 != 0)
		return h->x[d->rs1];
	return d->rd == K64_XSINK ? h->vl : UINT64_MAX;
}

static void k64_exec_vsetvli(struct k64_hart *h, const struct k64_dinsn *d)
{
	set_vtype(h, d, avl_of(h, d), (d->word >> 20) & 0x7ff);
}
static void k64_exec_vsetivli(struct k64_hart *h, const struct k64_dinsn *d)
{
	set_vtype(h, d, d->rs1, (d->word >> 20) & 0x3ff);
}
static void k64_exec_vsetvl(struct k64_hart *h, const struct k64_dinsn *d)
{
	set_vtype(h, d, avl_of(h, d), h->x[d->rs2]);
}

const struct k64_insn_desc k64_insns_vcfg[] = {
	{ "vsetvli",  0x00007057, 0x8000707f, K64_EXT_V, K64_FMT_R, K64_F_WX | K64_F_VEC, K64_OP_CALL, k64_exec_vsetvli, "d,s,y", 0, K64_TM(VSET) },
	{ "vsetivli", 0xc0007057, 0xc000707f, K64_EXT_V, K64_FMT_R, K64_F_WX | K64_F_VEC, K64_OP_CALL, k64_exec_vsetivli, "d,z,y", 0, K64_TM(VSET) },
	{ "vsetvl",   0x80007057, 0xfe00707f, K64_EXT_V, K64_FMT_R, K64_F_WX | K64_F_VEC, K64_OP_CALL, k64_exec_vsetvl, "d,s,t", 0, K64_TM(VSET) },
	{ 0 }
};
