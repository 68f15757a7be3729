/* xkround: our round-step Keccak instructions (doc/xkround.md), modelled on the design of Bolat
 * et al. (arXiv 2508.20653), whose encoding is not public: a private 1600-bit state in the
 * execution unit (h->xkr), lanes moved through integer registers, one Keccak-f[1600] round
 * per instruction with the round index as an operand. custom-0 major opcode (0001011), I-type:
 *
 *    31     25 24   20 19   15 14  12 11   7 6       0
 *   | 0000000 | uimm5 |  rs1  | fn3  |  rd   | 0001011 |
 *
 *   fn3 = 000  xkr.wlane uimm5, rs1   S[uimm5] = x[rs1]              (rd = 0)
 *   fn3 = 001  xkr.rlane rd, uimm5    x[rd] = S[uimm5]               (rs1 = 0)
 *   fn3 = 010  xkr.round rs1, uimm5   S = Rnd(S, x[rs1] + uimm5)     (rd = 0)
 *
 * The fields the mask fixes (bits 31:25, rd or rs1 where unused) make other words illegal at
 * decode. Executed, a lane index above 24 or a round index above 23 raises illegal-instruction
 * with no state changed. */
#include "core/hart.h"
#include "crypto/keccak.h"

static void k64_exec_xkr_wlane(struct k64_hart *h, const struct k64_dinsn *d)
{
	if (unlikely((uint64_t)d->imm > 24))
		k64_illegal(h, d);
	h->xkr[d->imm] = h->x[d->rs1];
}

static void k64_exec_xkr_rlane(struct k64_hart *h, const struct k64_dinsn *d)
{
	if (unlikely((uint64_t)d->imm > 24))
		k64_illegal(h, d);
	h->x[d->rd] = h->xkr[d->imm];
}

static void k64_exec_xkr_round(struct k64_hart *h, const struct k64_dinsn *d)
{
	uint64_t ir = h->x[d->rs1] + (uint64_t)d->imm;
	/* x[rs1] near 2^64 must not wrap into range */
	if (unlikely(ir > 23 || h->x[d->rs1] > 23))
		k64_illegal(h, d);
	k64_keccak_round(h->xkr, (unsigned)ir);
}

const struct k64_insn_desc k64_insns_xkround[] = {
	{ "xkr.wlane", 0x0000000b, 0xfe007fff, K64_EXT_XKROUND, K64_FMT_I, 0, K64_OP_CALL,
	  k64_exec_xkr_wlane, "i,s", 0, K64_TM(XKLANE) },
	{ "xkr.rlane", 0x0000100b, 0xfe0ff07f, K64_EXT_XKROUND, K64_FMT_I, K64_F_WX, K64_OP_CALL,
	  k64_exec_xkr_rlane, "d,i", 0, K64_TM(XKLANE) },
	{ "xkr.round", 0x0000200b, 0xfe007fff, K64_EXT_XKROUND, K64_FMT_I, 0, K64_OP_CALL,
	  k64_exec_xkr_round, "s,i", 0, K64_TM(XKROUND) },
	{ 0 }
};
