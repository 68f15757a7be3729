/* Zvknhk: vkeccak.vi (../shared/spec/zvknhk.md; riscv-pqc src/zvknhk.adoc). One instruction runs
 * Keccak-p[1600, 24] (imm5 = 0) or Keccak-p[1600, 12] (imm5 = 1) on 2048-bit element groups of
 * 32 64-bit elements; elements 0..24 are the state A[x,y] = element x + 5y, elements 25..31 the
 * state tail, left unchanged.
 *   v0.1 (default): one fixed group of NREG = ceil(2048 / VLEN) registers at vd, independent of
 *        vl and LMUL; vstart must be 0.
 *   v0.2 (--zvknhk=v0.2): a vector of element groups: LMUL * VLEN >= 2048, vd aligned to LMUL,
 *        vl and vstart multiples of 32 (we raise illegal-instruction for these reserved cases),
 *        groups vstart/32 .. vl/32 - 1 permuted, tail elements per vta; VLEN = 128 keeps the
 *        v0.1 fixed 16-register group.
 * The register file is packed (core/hart.h), so a group's element i is at byte 8 * i from vd. */
#include "core/hart.h"
#include "crypto/keccak.h"
#include "vector/vector.h"

static void permute_group(uint8_t *g, unsigned nr)
{
	uint64_t s[25];
	memcpy(s, g, sizeof s);
	k64_keccak_p1600(s, nr);
	memcpy(g, s, sizeof s);
}

static void k64_exec_vkeccak_vi(struct k64_hart *h, const struct k64_dinsn *d)
{
	unsigned vd = (d->word >> 7) & 31, imm5 = (d->word >> 20) & 31;
	/* Reserved encodings and illegal states, in the order of zvknhk.md "Illegal-instruction
	 * exceptions"; nothing is written before all checks pass. */
	k64_vcheck(h, d);                                   /* VS off, vill */
	K64_VREQ(h, d, k64_vsew(h->vtype) == 64);
	K64_VREQ(h, d, imm5 <= 1);
	unsigned nr = imm5 == 0 ? 24 : 12;
	if (h->zvknhk_version == 2 && h->vlen > 128) {
		int lmul = k64_vlmul_log2(h->vtype);
		/* LMUL * VLEN >= EGW (even when vl = 0) */
		K64_VREQ(h, d, (lmul >= 0 ? (uint64_t)h->vlen << lmul : (uint64_t)h->vlen >> -lmul) >= 2048);
		K64_VREQ(h, d, k64_valigned(vd, lmul));
		K64_VREQ(h, d, h->vl % 32 == 0 && h->vstart % 32 == 0);
		uint8_t *base = k64_vr(h, vd);
		for (uint64_t e = h->vstart; e < h->vl; e += 32)
			permute_group(base + 8 * e, nr);
		if (h->vstart < h->vl)
			k64_vtail(h, base, 3, lmul, h->vl);
		h->vstart = 0;
		return;
	}
	unsigned nreg = h->vlen >= 2048 ? 1 : 2048 / h->vlen;
	K64_VREQ(h, d, vd % nreg == 0 && vd + nreg <= 32);
	K64_VREQ(h, d, h->vstart == 0);
	permute_group(k64_vr(h, vd), nr);
}

/* An exact match in the VAES .vs row (funct6 101001, vs1 selector 10010, vm = 1, OPMVV), which
 * the decoder tries before the generic .vs row: imm5 is not in the mask, reserved values decode
 * here and trap. */
const struct k64_insn_desc k64_insns_zvknhk[] = {
	{ "vkeccak.vi", 0xa6092077, 0xfe0ff07f, K64_EXT_ZVKNHK, K64_FMT_NONE, K64_F_WV | K64_F_VEC, K64_OP_CALL,
	  k64_exec_vkeccak_vi, "V,k", 0, K64_TM(VKECCAK) },
	{ 0 }
};
