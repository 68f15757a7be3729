/* A: load-reserved/store-conditional and atomic memory operations (unprivileged spec, "A"
 * chapter). One hart: every operation is naturally atomic; the reservation is a single
 * address set by LR and consumed by SC (and cleared when a trap is taken, as Linux does on
 * every exception return). SC checks its address as a store whether it succeeds or not. Misaligned addresses raise the misaligned exceptions (no Zama16b). */
#include "core/hart.h"

static void *amo_addr(struct k64_hart *h, const struct k64_dinsn *d, unsigned size, bool write)
{
	uint64_t a = h->x[d->rs1];
	if (a & (size - 1))
		k64_raise(h, d, write ? K64_CAUSE_MISALIGNED_STORE : K64_CAUSE_MISALIGNED_LOAD, a);
	return k64_access(h, d, a, size, write);
}

static void k64_exec_lr_w(struct k64_hart *h, const struct k64_dinsn *d)
{
	int32_t v;
	memcpy(&v, amo_addr(h, d, 4, false), 4);
	h->resv_valid = true;
	h->resv_addr = h->x[d->rs1];
	h->x[d->rd] = (uint64_t)(int64_t)v;
}
static void k64_exec_lr_d(struct k64_hart *h, const struct k64_dinsn *d)
{
	uint64_t v;
	memcpy(&v, amo_addr(h, d, 8, false), 8);
	h->resv_valid = true;
	h->resv_addr = h->x[d->rs1];
	h->x[d->rd] = v;
}
static void sc(struct k64_hart *h, const struct k64_dinsn *d, unsigned size)
{
	uint64_t a = h->x[d->rs1];
	bool ok = h->resv_valid && h->resv_addr == a;
	/* "No SC shall retire unless it passes memory permission checks", and a failed SC may be
	 * checked as a store (Zalrsc): translate and check before looking at the reservation. */
	void *p = amo_addr(h, d, size, true);
	if (ok)
		memcpy(p, &h->x[d->rs2], size);
	h->resv_valid = false;
	h->x[d->rd] = !ok;
}
static void k64_exec_sc_w(struct k64_hart *h, const struct k64_dinsn *d) { sc(h, d, 4); }
static void k64_exec_sc_d(struct k64_hart *h, const struct k64_dinsn *d) { sc(h, d, 8); }

#define AMO(name, type, expr)                                                                  \
	static void k64_exec_##name(struct k64_hart *h, const struct k64_dinsn *d)              \
	{                                                                                        \
		type *p = amo_addr(h, d, sizeof(type), true), a, b = (type)h->x[d->rs2], r;      \
		memcpy(&a, p, sizeof a);                                                         \
		r = (expr);                                                                      \
		memcpy(p, &r, sizeof r);                                                         \
		h->x[d->rd] = (uint64_t)(int64_t)a;                                              \
	}
#define AMO_PAIR(op, expr) AMO(op##_w, int32_t, expr) AMO(op##_d, int64_t, expr)
AMO_PAIR(amoswap, b)
AMO_PAIR(amoadd, (typeof(a))((uint64_t)a + (uint64_t)b))
AMO_PAIR(amoxor, a ^ b)
AMO_PAIR(amoand, a & b)
AMO_PAIR(amoor, a | b)
AMO_PAIR(amomin, a < b ? a : b)
AMO_PAIR(amomax, a > b ? a : b)
AMO(amominu_w, int32_t, (uint32_t)a < (uint32_t)b ? a : b)
AMO(amominu_d, int64_t, (uint64_t)a < (uint64_t)b ? a : b)
AMO(amomaxu_w, int32_t, (uint32_t)a > (uint32_t)b ? a : b)
AMO(amomaxu_d, int64_t, (uint64_t)a > (uint64_t)b ? a : b)

#define F_AMO (K64_F_WX | K64_F_LOAD | K64_F_STORE)
#define ROW(n, f5, f3, fn, sz, cls) { n, 0x2f | (f5) << 27 | (f3) << 12, 0xf800707f, K64_EXT_A, K64_FMT_R, F_AMO, K64_OP_CALL, fn, \
	"d,t,(s)", sz, K64_TM(cls) }
#define ROWS(n, f5, op) ROW(n ".w", f5, 2, k64_exec_##op##_w, 4, AMO), ROW(n ".d", f5, 3, k64_exec_##op##_d, 8, AMO)
const struct k64_insn_desc k64_insns_a[] = {
	{ "lr.w", 0x1000202f, 0xf9f0707f, K64_EXT_A, K64_FMT_R, K64_F_WX | K64_F_LOAD, K64_OP_CALL, k64_exec_lr_w, "d,(s)", 4, K64_TM(LR) },
	{ "lr.d", 0x1000302f, 0xf9f0707f, K64_EXT_A, K64_FMT_R, K64_F_WX | K64_F_LOAD, K64_OP_CALL, k64_exec_lr_d, "d,(s)", 8, K64_TM(LR) },
	ROW("sc.w", 0x03, 2, k64_exec_sc_w, 4, SC), ROW("sc.d", 0x03, 3, k64_exec_sc_d, 8, SC),
	ROWS("amoswap", 0x01, amoswap), ROWS("amoadd", 0x00, amoadd), ROWS("amoxor", 0x04, amoxor),
	ROWS("amoand", 0x0c, amoand), ROWS("amoor", 0x08, amoor), ROWS("amomin", 0x10, amomin),
	ROWS("amomax", 0x14, amomax), ROWS("amominu", 0x18, amominu), ROWS("amomaxu", 0x1c, amomaxu),
	{ 0 }
};
