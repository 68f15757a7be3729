/* The instruction table and the decoder: every extension's table is gathered here once,
 * bucketed by major opcode with the most specific masks first, and each instruction is decoded
 * once into a k64_dinsn when its block is built (core/cache.c). Decoding never executes. */
#include <stdio.h>
#include <stdlib.h>
#include "core/hart.h"
#include "core/ops.h"
#include "isa/rvc.h"

#define K64_F_NONE 0
#define WX K64_F_WX
#define ROW(c, name, match, mask, ext, fmt, cls, fl, args, sem) \
	{ name, match, mask, K64_EXT_##ext, K64_FMT_##fmt, fl, K64_OP_##c, NULL, args, \
	  ((fl) & (K64_F_LOAD | K64_F_STORE)) ? 1u << (((match) >> 12) & 3) : 0, K64_TM(cls) },
static const struct k64_insn_desc rv64i_table[] = {
	K64_RV64I_OPS(ROW)
	/* control transfer (unprivileged spec 2.5) and environment calls: see core/dispatch.inc */
	{ "beq",  0x00000063, 0x0000707f, K64_EXT_I, K64_FMT_B, K64_F_END, K64_OP_beq,  NULL, "s,t,b", 0, K64_TM(BRANCH) },
	{ "bne",  0x00001063, 0x0000707f, K64_EXT_I, K64_FMT_B, K64_F_END, K64_OP_bne,  NULL, "s,t,b", 0, K64_TM(BRANCH) },
	{ "blt",  0x00004063, 0x0000707f, K64_EXT_I, K64_FMT_B, K64_F_END, K64_OP_blt,  NULL, "s,t,b", 0, K64_TM(BRANCH) },
	{ "bge",  0x00005063, 0x0000707f, K64_EXT_I, K64_FMT_B, K64_F_END, K64_OP_bge,  NULL, "s,t,b", 0, K64_TM(BRANCH) },
	{ "bltu", 0x00006063, 0x0000707f, K64_EXT_I, K64_FMT_B, K64_F_END, K64_OP_bltu, NULL, "s,t,b", 0, K64_TM(BRANCH) },
	{ "bgeu", 0x00007063, 0x0000707f, K64_EXT_I, K64_FMT_B, K64_F_END, K64_OP_bgeu, NULL, "s,t,b", 0, K64_TM(BRANCH) },
	{ "jal",  0x0000006f, 0x0000007f, K64_EXT_I, K64_FMT_J, K64_F_END | WX, K64_OP_jal,  NULL, "d,b", 0, K64_TM(JAL) },
	{ "jalr", 0x00000067, 0x0000707f, K64_EXT_I, K64_FMT_I, K64_F_END | WX, K64_OP_jalr, NULL, "d,o", 0, K64_TM(JALR) },
	{ "ecall",  0x00000073, 0xffffffff, K64_EXT_I, K64_FMT_NONE, K64_F_END, K64_OP_ecall,  NULL, "", 0, K64_TM(SYSTEM) },
	{ "ebreak", 0x00100073, 0xffffffff, K64_EXT_I, K64_FMT_NONE, K64_F_END, K64_OP_ebreak, NULL, "", 0, K64_TM(SYSTEM) },
	{ "fence.i", 0x0000100f, 0x0000707f, K64_EXT_ZIFENCEI, K64_FMT_NONE, K64_F_END, K64_OP_fence_i, NULL, "", 0, K64_TM(FENCE_I) },
	{ 0 }
};
#undef ROW

/* Tables of the other files (strong references: a library user linking libkaru64.a gets every
 * extension). */
#define K64_TABLES(X) X(k64_insns_a) X(k64_insns_csr) X(k64_insns_misc) X(k64_insns_fp) X(k64_insns_priv) \
	X(k64_insns_vcfg) X(k64_insns_vmem) X(k64_insns_vint) X(k64_insns_vfixed) X(k64_insns_vfp) \
	X(k64_insns_vmask) X(k64_insns_vperm) X(k64_insns_vred) X(k64_insns_zvbb) X(k64_insns_zvbc) \
	X(k64_insns_zvkned) X(k64_insns_zvknh) X(k64_insns_zvkg) X(k64_insns_zvksed) X(k64_insns_zvksh) \
	X(k64_insns_zvknhk) X(k64_insns_xkround)
#define DECL(t) extern const struct k64_insn_desc t[];
K64_TABLES(DECL)

static const struct k64_insn_desc **bucket[32];
static unsigned bucket_n[32];

static int by_specificity(const void *a, const void *b)
{
	const struct k64_insn_desc *x = *(const struct k64_insn_desc *const *)a;
	const struct k64_insn_desc *y = *(const struct k64_insn_desc *const *)b;
	return __builtin_popcount(y->mask) - __builtin_popcount(x->mask);
}

static void add_table(const struct k64_insn_desc *t)
{
	if (!t)
		return;
	for (; t->name; t++) {
		const char *why = k64_itime_check(t);
		if (why) {
			fprintf(stderr, "karu64: internal error: instruction table row %s: %s\n", t->name, why);
			exit(125);
		}
		unsigned o = (t->match >> 2) & 31;
		bucket[o] = realloc(bucket[o], (bucket_n[o] + 1) * sizeof *bucket[o]);
		if (!bucket[o]) {
			fputs("karu64: error: out of memory\n", stderr);
			exit(125);
		}
		bucket[o][bucket_n[o]++] = t;
	}
}

void k64_decode_init(void)
{
	static bool done;
	if (done)
		return;
	done = true;
	add_table(rv64i_table);
#define ADD(t) add_table(t);
	K64_TABLES(ADD)
	for (unsigned o = 0; o < 32; o++)
		if (bucket_n[o])
			qsort(bucket[o], bucket_n[o], sizeof *bucket[o], by_specificity);
}

static int64_t sext(uint64_t v, unsigned bits) { return (int64_t)(v << (64 - bits)) >> (64 - bits); }

static int64_t immediate(unsigned fmt, uint32_t w)
{
	switch (fmt) {
	case K64_FMT_I: return sext(w >> 20, 12);
	case K64_FMT_S: return sext(((w >> 25) << 5) | ((w >> 7) & 31), 12);
	case K64_FMT_B: return sext(((w >> 31) << 12) | (((w >> 7) & 1) << 11) | (((w >> 25) & 63) << 5) |
				    (((w >> 8) & 15) << 1), 13);
	case K64_FMT_U: return sext(w & 0xfffff000u, 32);
	case K64_FMT_J: return sext(((w >> 31) << 20) | (((w >> 12) & 255) << 12) | (((w >> 20) & 1) << 11) |
				    (((w >> 21) & 1023) << 1), 21);
	case K64_FMT_SH: return (w >> 20) & 63;
	case K64_FMT_CSR: return (w >> 20) & 0xfff;
	default: return 0;
	}
}

const struct k64_insn_desc *k64_lookup(const struct k64_isa *isa, uint32_t w)
{
	if ((w & 3) != 3)
		return NULL;
	unsigned o = (w >> 2) & 31;
	for (unsigned i = 0; i < bucket_n[o]; i++) {
		const struct k64_insn_desc *t = bucket[o][i];
		if ((w & t->mask) == t->match && k64_has(isa, (enum k64_ext)t->ext))
			return t;
	}
	return NULL;
}

bool k64_decode(const struct k64_hart *h, uint32_t raw, uint64_t pc, struct k64_dinsn *d)
{
	uint32_t w = raw;
	memset(d, 0, sizeof *d);
	d->raw = raw;
	d->pc = pc;
	d->len = 4;
	if ((raw & 3) != 3) {
		d->len = 2;
		w = k64_rvc_expand((uint16_t)raw, &h->isa);
	}
	d->word = w;
	const struct k64_insn_desc *t = w ? k64_lookup(&h->isa, w) : NULL;
	if (!t) {
		d->op = K64_OP_illegal;
		d->cls = K64_IC_ILLEGAL;
		return false;
	}
	d->cls = t->tm.cls;
	d->desc = t;
	d->op = t->op;
	d->fn = t->fn;
	d->rd = (w >> 7) & 31;
	d->rs1 = (w >> 15) & 31;
	d->rs2 = (w >> 20) & 31;
	d->rs3 = (w >> 27) & 31;
	d->rm = (w >> 12) & 7;
	d->imm = immediate(t->fmt, w);
	if ((t->flags & K64_F_WX) && d->rd == 0)
		d->rd = K64_XSINK;
	return true;
}
