/* Cache-block operations (Zicbom, Zicboz; Zicbop prefetches are ORI hints and need no entry)
 * and Zawrs. The cache block is 64 bytes (Zic64b). */
#include "core/hart.h"

#define CBO_SIZE 64

/* Privileged spec 3.1.18/10.1.10: below M-mode the cache-block operations are enabled by
 * menvcfg (and, in U-mode, senvcfg): CBZE (bit 7) for cbo.zero, CBCFE (bit 6) for cbo.clean and
 * cbo.flush, CBIE (bits 5:4, 00 = illegal) for cbo.inval. Linux enables only cbo.zero for user
 * programs. */
static void cbo_enabled(struct k64_hart *h, const struct k64_dinsn *d, uint64_t mask)
{
	if (h->priv == K64_PRIV_M)
		return;
	if (!(h->menvcfg & mask) || (h->priv == K64_PRIV_U && !(h->senvcfg & mask)))
		k64_illegal(h, d);
}

/* Zicboz: cbo.zero stores zeros to the whole block containing x[rs1]. */
static void k64_exec_cbo_zero(struct k64_hart *h, const struct k64_dinsn *d)
{
	cbo_enabled(h, d, 1u << 7);
	uint64_t a = h->x[d->rs1] & ~(uint64_t)(CBO_SIZE - 1);
	memset(k64_access(h, d, a, CBO_SIZE, true), 0, CBO_SIZE);
}
/* Zicbom: memory is coherent and uncached in this model; the operations only check access
 * (cbo.inval may write back, like cbo.flush, as the extension allows). */
static void k64_exec_cbo_clean(struct k64_hart *h, const struct k64_dinsn *d)
{
	cbo_enabled(h, d, 1u << 6);
	k64_access(h, d, h->x[d->rs1] & ~(uint64_t)(CBO_SIZE - 1), CBO_SIZE, true);
}
static void k64_exec_cbo_inval(struct k64_hart *h, const struct k64_dinsn *d)
{
	cbo_enabled(h, d, 3u << 4);
	k64_access(h, d, h->x[d->rs1] & ~(uint64_t)(CBO_SIZE - 1), CBO_SIZE, true);
}
/* Zawrs: with one hart no reservation can be lost to another; waiting ends at once. */
static void k64_exec_wrs(struct k64_hart *h, const struct k64_dinsn *d) { (void)h; (void)d; }

const struct k64_insn_desc k64_insns_misc[] = {
	{ "cbo.zero",  0x0040200f, 0xfff07fff, K64_EXT_ZICBOZ, K64_FMT_NONE, K64_F_STORE, K64_OP_CALL, k64_exec_cbo_zero, "(s)", 64, K64_TM(CBO) },
	{ "cbo.clean", 0x0010200f, 0xfff07fff, K64_EXT_ZICBOM, K64_FMT_NONE, 0, K64_OP_CALL, k64_exec_cbo_clean, "(s)", 0, K64_TM(CBO) },
	{ "cbo.flush", 0x0020200f, 0xfff07fff, K64_EXT_ZICBOM, K64_FMT_NONE, 0, K64_OP_CALL, k64_exec_cbo_clean, "(s)", 0, K64_TM(CBO) },
	{ "cbo.inval", 0x0000200f, 0xfff07fff, K64_EXT_ZICBOM, K64_FMT_NONE, 0, K64_OP_CALL, k64_exec_cbo_inval, "(s)", 0, K64_TMF(CBO, INVAL) },
	{ "wrs.nto", 0x00d00073, 0xffffffff, K64_EXT_ZAWRS, K64_FMT_NONE, 0, K64_OP_CALL, k64_exec_wrs, "", 0, K64_TM(SYSTEM) },
	{ "wrs.sto", 0x01d00073, 0xffffffff, K64_EXT_ZAWRS, K64_FMT_NONE, 0, K64_OP_CALL, k64_exec_wrs, "", 0, K64_TM(SYSTEM) },
	{ 0 }
};
