/* The translator: a decoded block (core/cache.c) becomes straight-line x86-64 code that keeps the
 * guest registers in h->x[] (rbx holds h), inlines the software-TLB fast path of loads and
 * stores, calls the instruction's own helper for everything else, and at the block's end either
 * jumps to the successor's translation (through b->succ, as the dispatch loop chains) or hands
 * the block's last instruction back to the loop, which runs it as it always does. See
 * doc/jit.md for the contract with core/dispatch.inc. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "jit/jit.h"
#include "core/cache.h"
#include "core/hart.h"
#include "core/ops.h"

#if defined(__x86_64__) && defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#include "jit/emit.h"

#define CODE_SIZE (64u << 20)      /* one buffer; a full one is flushed with the block cache */
#define BLOCK_CODE_MAX (64u << 10) /* the most one block may take (64 instructions need < 16 KiB) */

/* Why a block stays with the interpreter (--stats "jit-fallback-...") */
enum { FB_EMPTY, FB_DEBUG, FB_FULL, FB_MPROTECT, FB_COUNT };
static const char *const fb_name[FB_COUNT] = { "system-only", "debugger", "buffer-full", "mprotect" };

struct k64_jit {
	uint8_t *code;
	size_t used, base;            /* base: the end of the trampoline */
	size_t page;
	unsigned threshold;
	bool stats;
	size_t epilogue;              /* offset of the trampoline's return path */
	struct k64_jit_exit (*enter)(struct k64_hart *h, const void *code);
	uint64_t blocks, flushes;
	uint64_t insn_inline, insn_helper, insn_table, ends_interp;   /* at translation */
	uint64_t run;                 /* instructions run translated (counted by the code, with stats) */
	uint64_t fallback[FB_COUNT];
};

/* ---- the per-op helpers: each RV64I-table op's semantics, for the ops emitted as calls ---------- */
#define WX K64_F_WX
#define OP(c, name, match, mask, ext, fmt, cls, fl, args, sem) \
	static void op_##c(struct k64_hart *h, const struct k64_dinsn *d) { (void)h; (void)d; sem; }
K64_RV64I_OPS(OP)
#undef OP
#undef WX
static const k64_exec_fn op_helper[K64_OP_COUNT] = {
#define OP(c, ...) [K64_OP_##c] = op_##c,
	K64_RV64I_OPS(OP)
#undef OP
};

/* ---- layout facts the code uses ---------------------------------------------------------------- */
#define HX(r) ((int32_t)(offsetof(struct k64_hart, x) + 8u * (r)))
#define H_INSTRET ((int32_t)offsetof(struct k64_hart, instret))
#define H_LIMIT ((int32_t)offsetof(struct k64_hart, limit))
#define H_IALIGN ((int32_t)offsetof(struct k64_hart, ialign_mask))
#define H_TLB ((int32_t)offsetof(struct k64_hart, tlb))
#define B_SUCC(s) ((int32_t)(offsetof(struct k64_block, succ) + 8u * (s)))
#define B_JIT ((int32_t)offsetof(struct k64_block, jit_code))
#define B_N ((int32_t)offsetof(struct k64_block, n))
#define B_PC ((int32_t)offsetof(struct k64_block, pc))
_Static_assert(offsetof(struct k64_hart, tlb) < (1u << 30), "hart fields reachable with disp32");

/* the translation of one block */
/* Guest registers live in h->x[]; within a block, the ones it uses are cached in host registers
 * (NPOOL of them, least recently used evicted) and written back (if changed) before anything that
 * reads h->x: a helper call, a slow path that may fault, the block's exit or its chained jump. */
#define NPOOL 8
static const int pool_reg[NPOOL] = { RBP, R12, R13, R14, R15, R9, R10, R11 };
static bool caller_saved(int r) { return r >= R8 && r <= R11; }
struct cache {
	int8_t host[K64_XSINK + 1];   /* pool index caching guest register g, or -1 */
	int8_t guest[NPOOL];          /* guest register in pool slot i, or -1 */
	bool dirty[NPOOL];
	uint32_t used[NPOOL];         /* LRU stamps */
	uint32_t clock;
};
struct slow { size_t jump, back; const struct k64_dinsn *d; struct cache c; int val; };
struct tr {
	struct x64_emit e;
	struct k64_jit *j;
	struct k64_block *b;
	struct cache c;
	struct slow slow[K64_BLOCK_MAX];
	unsigned nslow;
	size_t exits[8];              /* jumps to the exit stub of the block's last instruction */
	unsigned nexit;
};

static struct x64_mem XR(unsigned r) { return x64_m(RBX, HX(r)); }
static void st(struct tr *t, unsigned r, int reg) { x64_mov_mr(&t->e, 8, XR(r), reg); }

static void cache_reset(struct cache *c)
{
	memset(c->host, -1, sizeof c->host);
	memset(c->guest, -1, sizeof c->guest);
	memset(c->dirty, 0, sizeof c->dirty);
	memset(c->used, 0, sizeof c->used);
	c->clock = 0;
}

/* stores of the changed cached registers (the cache keeps them, now clean unless keep_dirty) */
static void write_back(struct x64_emit *e, struct cache *c, bool mark_clean)
{
	for (unsigned i = 0; i < NPOOL; i++)
		if (c->guest[i] >= 0 && c->dirty[i]) {
			x64_mov_mr(e, 8, x64_m(RBX, HX((unsigned)c->guest[i])), pool_reg[i]);
			if (mark_clean)
				c->dirty[i] = false;
		}
}

static void forget(struct cache *c) { cache_reset(c); }

static unsigned slot_for(struct tr *t, unsigned g)
{
	struct cache *c = &t->c;
	unsigned best = 0;
	for (unsigned i = 0; i < NPOOL; i++) {
		if (c->guest[i] < 0) {
			best = i;
			break;
		}
		if (c->used[i] < c->used[best])
			best = i;
	}
	if (c->guest[best] >= 0) {
		if (c->dirty[best])
			st(t, (unsigned)c->guest[best], pool_reg[best]);
		c->host[c->guest[best]] = -1;
	}
	c->guest[best] = (int8_t)g;
	c->host[g] = (int8_t)best;
	c->dirty[best] = false;
	return best;
}

/* the host register holding guest register g (loaded on first use) */
static int S(struct tr *t, unsigned g)
{
	struct cache *c = &t->c;
	int i = c->host[g];
	if (i < 0) {
		i = (int)slot_for(t, g);
		x64_mov_rm(&t->e, true, pool_reg[i], XR(g));
	}
	c->used[i] = ++c->clock;
	return pool_reg[i];
}

/* the host register that becomes guest register g (its old value not loaded) */
static int D(struct tr *t, unsigned g)
{
	struct cache *c = &t->c;
	int i = c->host[g];
	if (i < 0)
		i = (int)slot_for(t, g);
	c->used[i] = ++c->clock;
	c->dirty[i] = true;
	return pool_reg[i];
}

/* guest register g = host register v */
static void W(struct tr *t, unsigned g, int v)
{
	int r = D(t, g);
	if (r != v)
		x64_mov_rr(&t->e, true, r, v);
}

/* rdi = h, rsi = d, call fn (the stack is 16-byte aligned in translated code); fn may read and
 * write any guest register */
static void call_d(struct tr *t, const struct k64_dinsn *d, k64_exec_fn fn)
{
	write_back(&t->e, &t->c, true);
	forget(&t->c);
	x64_mov_rr(&t->e, true, RDI, RBX);
	x64_mov_ri(&t->e, RSI, (uint64_t)(uintptr_t)d);
	x64_mov_ri(&t->e, RAX, (uint64_t)(uintptr_t)fn);
	x64_call_r(&t->e, RAX);
}

/* the exit stub: back to the dispatch loop at d (of block b); the cache is written back */
static void exit_to(struct tr *t, const struct k64_dinsn *d)
{
	x64_mov_ri(&t->e, RAX, (uint64_t)(uintptr_t)d);
	x64_mov_ri(&t->e, RDX, (uint64_t)(uintptr_t)t->b);
	/* the emitter counts from the block's start; the epilogue is behind it in the buffer */
	x64_patch(&t->e, x64_jmp(&t->e), (size_t)((ptrdiff_t)t->j->epilogue - (ptrdiff_t)t->j->used));
}

static void count_run(struct tr *t, unsigned n)
{
	if (!t->j->stats || !n)
		return;
	x64_mov_ri(&t->e, RCX, (uint64_t)(uintptr_t)&t->j->run);
	x64_alu_mi(&t->e, true, ALU_ADD, x64_m(RCX, 0), (int32_t)n);
}

/* rsi = x[rs1] + imm; rax = the TLB entry's offset from h; compares the tag (of the access's
 * last byte) and jumps to a slow path on a mismatch, which sees the cache as it is here. Leaves
 * rax = the addend on a hit. */
static void tlb_check(struct tr *t, const struct k64_dinsn *d, unsigned size, bool write, int val)
{
	struct x64_emit *e = &t->e;
	int a = S(t, d->rs1);
	if (d->imm)
		x64_lea(e, RSI, x64_m(a, (int32_t)d->imm));
	else
		x64_mov_rr(e, true, RSI, a);
	x64_mov_rr(e, true, RAX, RSI);
	x64_shift_ri(e, true, SH_SHR, RAX, K64_PAGE_SHIFT - 5);
	x64_alu_ri(e, false, ALU_AND, RAX, (K64_TLB_SIZE - 1) << 5);
	if (size > 1)
		x64_lea(e, RDX, x64_m(RSI, (int32_t)size - 1));
	else
		x64_mov_rr(e, true, RDX, RSI);
	x64_shift_ri(e, true, SH_SHR, RDX, K64_PAGE_SHIFT);
	int32_t tag = H_TLB + (int32_t)(write ? offsetof(struct k64_tlb_entry, tag_w) : offsetof(struct k64_tlb_entry, tag_r));
	x64_alu_rm(e, true, ALU_CMP, RDX, x64_mi(RBX, RAX, tag));
	struct slow *s = &t->slow[t->nslow];
	s->jump = x64_jcc(e, CC_NE);
	s->d = d;
	s->c = t->c;
	s->val = val;
	x64_mov_rm(e, true, RAX, x64_mi(RBX, RAX, H_TLB + (int32_t)offsetof(struct k64_tlb_entry, addend)));
}

static void emit_load(struct tr *t, const struct k64_dinsn *d, unsigned size, bool sign)
{
	tlb_check(t, d, size, false, NOREG);
	x64_load_ext(&t->e, RAX, x64_mi(RSI, RAX, 0), size, sign);
	t->slow[t->nslow++].back = t->e.pos;
	W(t, d->rd, RAX);
}

static void emit_store(struct tr *t, const struct k64_dinsn *d, unsigned size)
{
	int v = S(t, d->rs2);   /* the most recent: rs1's load (if any) evicts another */
	tlb_check(t, d, size, true, v);
	x64_mov_mr(&t->e, size, x64_mi(RSI, RAX, 0), v);
	t->slow[t->nslow++].back = t->e.pos;
}

static unsigned mem_size(unsigned op, bool *sign, bool *store)
{
	*sign = false;
	*store = false;
	switch (op) {
	case K64_OP_lb: *sign = true; return 1;
	case K64_OP_lh: *sign = true; return 2;
	case K64_OP_lw: *sign = true; return 4;
	case K64_OP_ld: return 8;
	case K64_OP_lbu: return 1;
	case K64_OP_lhu: return 2;
	case K64_OP_lwu: return 4;
	case K64_OP_sb: *store = true; return 1;
	case K64_OP_sh: *store = true; return 2;
	case K64_OP_sw: *store = true; return 4;
	case K64_OP_sd: *store = true; return 8;
	default: return 0;
	}
}

/* The slow paths of the block's loads and stores, after its code: the cache written back (the
 * access may fault), the core's own slow path with the instruction's d (which raises the fault
 * precisely), the caller-saved cached registers reloaded, then back. */
static void emit_slow_paths(struct tr *t)
{
	struct x64_emit *e = &t->e;
	for (unsigned i = 0; i < t->nslow; i++) {
		struct slow *s = &t->slow[i];
		bool sign, store;
		unsigned size = mem_size(s->d->op, &sign, &store);
		x64_patch(e, s->jump, e->pos);
		write_back(e, &s->c, false);
		if (store)
			x64_mov_rr(e, true, R8, s->val);
		x64_mov_rr(e, true, RDI, RBX);
		x64_mov_rr(e, true, RDX, RSI);
		x64_mov_ri(e, RSI, (uint64_t)(uintptr_t)s->d);
		x64_mov_ri(e, RCX, size);
		x64_mov_ri(e, RAX, (uint64_t)(uintptr_t)(store ? (void *)k64_store_slow : (void *)k64_load_slow));
		x64_call_r(e, RAX);
		if (!store)
			x64_ext_rr(e, RAX, RAX, size, sign);
		for (unsigned k = 0; k < NPOOL; k++)
			if (s->c.guest[k] >= 0 && caller_saved(pool_reg[k]))
				x64_mov_rm(e, true, pool_reg[k], XR((unsigned)s->c.guest[k]));
		x64_patch(e, x64_jmp(e), s->back);
	}
}

/* The plain op an op stands for (rd = rs1 forms, the addi of a fused pair). */
static unsigned base_op(unsigned op)
{
	switch (op) {
#define CASE(c, o, v) case K64_OP_##c##_self: return K64_OP_##c;
	K64_SELF_OPS(CASE)
#undef CASE
	case K64_OP_addi_beq: case K64_OP_addi_bne: case K64_OP_addi_blt: case K64_OP_addi_bge:
	case K64_OP_addi_bltu: case K64_OP_addi_bgeu:
		return K64_OP_addi;
	default:
		return op;
	}
}

/* x[rd] = x[rs1] op x[rs2] (w: 64-bit; else 32-bit, sign-extended), computed in rd's host register
 * unless rd is rs2 (then in rax) */
static void rr_alu(struct tr *t, const struct k64_dinsn *d, enum x64_alu op, bool w)
{
	int a = S(t, d->rs1), b = S(t, d->rs2);
	if (d->rd == d->rs2 && d->rs1 != d->rs2) {
		x64_mov_rr(&t->e, w, RAX, a);
		x64_alu_rr(&t->e, w, op, RAX, b);
		if (!w)
			x64_movsxd(&t->e, RAX, RAX);
		W(t, d->rd, RAX);
		return;
	}
	int r = D(t, d->rd);
	if (r != a || !w)
		x64_mov_rr(&t->e, w, r, a);
	x64_alu_rr(&t->e, w, op, r, b);
	if (!w)
		x64_movsxd(&t->e, r, r);
}

static void ri_alu(struct tr *t, const struct k64_dinsn *d, enum x64_alu op, bool w)
{
	int a = S(t, d->rs1);
	int r = D(t, d->rd);
	if (r != a || !w)
		x64_mov_rr(&t->e, w, r, a);
	if (d->imm || op == ALU_AND)
		x64_alu_ri(&t->e, w, op, r, (int32_t)d->imm);
	if (!w)
		x64_movsxd(&t->e, r, r);
}

static void ri_shift(struct tr *t, const struct k64_dinsn *d, enum x64_shift op, bool w)
{
	int a = S(t, d->rs1);
	int r = D(t, d->rd);
	if (r != a || !w)
		x64_mov_rr(&t->e, w, r, a);
	x64_shift_ri(&t->e, w, op, r, (unsigned)d->imm & (w ? 63 : 31));
	if (!w)
		x64_movsxd(&t->e, r, r);
}

static void rr_shift(struct tr *t, const struct k64_dinsn *d, enum x64_shift op, bool w)
{
	x64_mov_rr(&t->e, true, RCX, S(t, d->rs2));
	x64_mov_rr(&t->e, w, RAX, S(t, d->rs1));
	x64_shift_rcl(&t->e, w, op, RAX);   /* x86 masks the count as RISC-V does (63 or 31) */
	if (!w)
		x64_movsxd(&t->e, RAX, RAX);
	W(t, d->rd, RAX);
}

static void set_cmp(struct tr *t, const struct k64_dinsn *d, enum x64_cc cc, bool imm)
{
	int a = S(t, d->rs1);
	if (imm)
		x64_alu_ri(&t->e, true, ALU_CMP, a, (int32_t)d->imm);
	else
		x64_alu_rr(&t->e, true, ALU_CMP, a, S(t, d->rs2));
	x64_setcc(&t->e, cc, RCX);
	x64_ext_rr(&t->e, RCX, RCX, 1, false);
	W(t, d->rd, RCX);
}

/* x[rd] = (x[rs1] << k) + x[rs2], x[rs1] zero-extended from 32 bits with uw */
static void sh_add(struct tr *t, const struct k64_dinsn *d, unsigned k, bool uw)
{
	int b = S(t, d->rs2);
	x64_mov_rr(&t->e, !uw, RAX, S(t, d->rs1));
	if (k)
		x64_shift_ri(&t->e, true, SH_SHL, RAX, k);
	x64_alu_rr(&t->e, true, ALU_ADD, RAX, b);
	W(t, d->rd, RAX);
}

static void minmax(struct tr *t, const struct k64_dinsn *d, enum x64_cc take_rs2)
{
	int b = S(t, d->rs2);
	x64_mov_rr(&t->e, true, RAX, S(t, d->rs1));
	x64_alu_rr(&t->e, true, ALU_CMP, RAX, b);
	x64_cmov(&t->e, take_rs2, RAX, b);
	W(t, d->rd, RAX);
}

static void unary(struct tr *t, const struct k64_dinsn *d, unsigned size, bool sign)
{
	x64_ext_rr(&t->e, RAX, S(t, d->rs1), size, sign);
	W(t, d->rd, RAX);
}

/* One straight-line instruction; the counters say how it was emitted. */
static void emit_insn(struct tr *t, const struct k64_dinsn *d)
{
	struct x64_emit *e = &t->e;
	unsigned op = base_op(d->op);
	bool sign, store;
	unsigned size = mem_size(op, &sign, &store);
	t->j->insn_inline++;
	if (size) {
		if (store)
			emit_store(t, d, size);
		else
			emit_load(t, d, size, sign);
		return;
	}
	switch (op) {
	case K64_OP_lui: x64_mov_ri(e, D(t, d->rd), (uint64_t)d->imm); return;
	case K64_OP_auipc: x64_mov_ri(e, D(t, d->rd), d->pc + (uint64_t)d->imm); return;
	case K64_OP_addi: ri_alu(t, d, ALU_ADD, true); return;
	case K64_OP_xori: ri_alu(t, d, ALU_XOR, true); return;
	case K64_OP_ori: ri_alu(t, d, ALU_OR, true); return;
	case K64_OP_andi: ri_alu(t, d, ALU_AND, true); return;
	case K64_OP_addiw: ri_alu(t, d, ALU_ADD, false); return;
	case K64_OP_slti: set_cmp(t, d, CC_L, true); return;
	case K64_OP_sltiu: set_cmp(t, d, CC_B, true); return;
	case K64_OP_slt: set_cmp(t, d, CC_L, false); return;
	case K64_OP_sltu: set_cmp(t, d, CC_B, false); return;
	case K64_OP_slli: ri_shift(t, d, SH_SHL, true); return;
	case K64_OP_srli: ri_shift(t, d, SH_SHR, true); return;
	case K64_OP_srai: ri_shift(t, d, SH_SAR, true); return;
	case K64_OP_slliw: ri_shift(t, d, SH_SHL, false); return;
	case K64_OP_srliw: ri_shift(t, d, SH_SHR, false); return;
	case K64_OP_sraiw: ri_shift(t, d, SH_SAR, false); return;
	case K64_OP_rori: ri_shift(t, d, SH_ROR, true); return;
	case K64_OP_roriw: ri_shift(t, d, SH_ROR, false); return;
	case K64_OP_add: rr_alu(t, d, ALU_ADD, true); return;
	case K64_OP_sub: rr_alu(t, d, ALU_SUB, true); return;
	case K64_OP_and: rr_alu(t, d, ALU_AND, true); return;
	case K64_OP_or: rr_alu(t, d, ALU_OR, true); return;
	case K64_OP_xor: rr_alu(t, d, ALU_XOR, true); return;
	case K64_OP_addw: rr_alu(t, d, ALU_ADD, false); return;
	case K64_OP_subw: rr_alu(t, d, ALU_SUB, false); return;
	case K64_OP_sll: rr_shift(t, d, SH_SHL, true); return;
	case K64_OP_srl: rr_shift(t, d, SH_SHR, true); return;
	case K64_OP_sra: rr_shift(t, d, SH_SAR, true); return;
	case K64_OP_sllw: rr_shift(t, d, SH_SHL, false); return;
	case K64_OP_srlw: rr_shift(t, d, SH_SHR, false); return;
	case K64_OP_sraw: rr_shift(t, d, SH_SAR, false); return;
	case K64_OP_rol: rr_shift(t, d, SH_ROL, true); return;
	case K64_OP_ror: rr_shift(t, d, SH_ROR, true); return;
	case K64_OP_rolw: rr_shift(t, d, SH_ROL, false); return;
	case K64_OP_rorw: rr_shift(t, d, SH_ROR, false); return;
	case K64_OP_mul:
	case K64_OP_mulw: {
		int b = S(t, d->rs2);
		x64_mov_rr(e, op == K64_OP_mul, RAX, S(t, d->rs1));
		x64_imul_rr(e, op == K64_OP_mul, RAX, b);
		if (op == K64_OP_mulw)
			x64_movsxd(e, RAX, RAX);
		W(t, d->rd, RAX);
		return;
	}
	case K64_OP_mulh:
	case K64_OP_mulhu: {
		int b = S(t, d->rs2);
		x64_mov_rr(e, true, RAX, S(t, d->rs1));
		x64_mul1_r(e, op == K64_OP_mulh, b);
		W(t, d->rd, RDX);
		return;
	}
	case K64_OP_sh1add: sh_add(t, d, 1, false); return;
	case K64_OP_sh2add: sh_add(t, d, 2, false); return;
	case K64_OP_sh3add: sh_add(t, d, 3, false); return;
	case K64_OP_add_uw: sh_add(t, d, 0, true); return;
	case K64_OP_sh1add_uw: sh_add(t, d, 1, true); return;
	case K64_OP_sh2add_uw: sh_add(t, d, 2, true); return;
	case K64_OP_sh3add_uw: sh_add(t, d, 3, true); return;
	case K64_OP_slli_uw:
		x64_mov_rr(e, false, RAX, S(t, d->rs1));
		x64_shift_ri(e, true, SH_SHL, RAX, (unsigned)d->imm & 63);
		W(t, d->rd, RAX);
		return;
	case K64_OP_andn:
	case K64_OP_orn: {
		int a = S(t, d->rs1);
		x64_mov_rr(e, true, RAX, S(t, d->rs2));
		x64_not(e, RAX);
		x64_alu_rr(e, true, op == K64_OP_andn ? ALU_AND : ALU_OR, RAX, a);
		W(t, d->rd, RAX);
		return;
	}
	case K64_OP_xnor: {
		int b = S(t, d->rs2);
		x64_mov_rr(e, true, RAX, S(t, d->rs1));
		x64_alu_rr(e, true, ALU_XOR, RAX, b);
		x64_not(e, RAX);
		W(t, d->rd, RAX);
		return;
	}
	case K64_OP_max: minmax(t, d, CC_L); return;
	case K64_OP_min: minmax(t, d, CC_G); return;
	case K64_OP_maxu: minmax(t, d, CC_B); return;
	case K64_OP_minu: minmax(t, d, CC_A); return;
	case K64_OP_sext_b: unary(t, d, 1, true); return;
	case K64_OP_sext_h: unary(t, d, 2, true); return;
	case K64_OP_zext_h: unary(t, d, 2, false); return;
	case K64_OP_rev8:
		x64_mov_rr(e, true, RAX, S(t, d->rs1));
		x64_bswap(e, RAX);
		W(t, d->rd, RAX);
		return;
	case K64_OP_bseti: case K64_OP_bclri: case K64_OP_binvi:
		x64_mov_rr(e, true, RAX, S(t, d->rs1));
		x64_bt_ri(e, op == K64_OP_bseti ? 5 : op == K64_OP_bclri ? 6 : 7, RAX, (unsigned)d->imm & 63);
		W(t, d->rd, RAX);
		return;
	case K64_OP_bset: case K64_OP_bclr: case K64_OP_binv: {
		int b = S(t, d->rs2);
		x64_mov_rr(e, true, RAX, S(t, d->rs1));
		x64_bt_rr(e, op == K64_OP_bset ? 0xab : op == K64_OP_bclr ? 0xb3 : 0xbb, RAX, b);   /* bit index mod 64 */
		W(t, d->rd, RAX);
		return;
	}
	case K64_OP_bexti:
		x64_mov_rr(e, true, RAX, S(t, d->rs1));
		x64_shift_ri(e, true, SH_SHR, RAX, (unsigned)d->imm & 63);
		x64_alu_ri(e, false, ALU_AND, RAX, 1);
		W(t, d->rd, RAX);
		return;
	case K64_OP_bext:
		x64_mov_rr(e, true, RCX, S(t, d->rs2));
		x64_mov_rr(e, true, RAX, S(t, d->rs1));
		x64_shift_rcl(e, true, SH_SHR, RAX);
		x64_alu_ri(e, false, ALU_AND, RAX, 1);
		W(t, d->rd, RAX);
		return;
	case K64_OP_czero_eqz:
	case K64_OP_czero_nez: {
		int b = S(t, d->rs2);
		x64_mov_rr(e, true, RAX, S(t, d->rs1));
		x64_alu_rr(e, false, ALU_XOR, RCX, RCX);
		x64_test_rr(e, true, b, b);
		x64_cmov(e, op == K64_OP_czero_eqz ? CC_E : CC_NE, RAX, RCX);
		W(t, d->rd, RAX);
		return;
	}
	case K64_OP_fence: return;
	case K64_OP_mop_r: case K64_OP_mop_rr: x64_mov_ri(e, D(t, d->rd), 0); return;
	case K64_OP_CALL_:
		t->j->insn_inline--;
		t->j->insn_table++;
		call_d(t, d, d->fn);
		return;
	default:
		break;
	}
	t->j->insn_inline--;
	t->j->insn_helper++;
	call_d(t, d, op_helper[op]);
}

/* jalr whose slot holds another block (or none): the translated block the dispatch loop's hash
 * lookup would find at the target, which the slot then remembers (as the loop links it); NULL if
 * there is none, or it is not translated. */
static struct k64_block *jalr_probe(struct k64_hart *h, uint64_t pc, struct k64_block *from)
{
	struct k64_block *nb = k64_cache_probe(h, pc);
	if (!nb || !nb->jit_code)
		return NULL;
	from->succ[0] = nb;
	return nb;
}

/* Enter successor slot s of the block when it is translated and fits under the limit (the
 * dispatch loop's rule: instret + n <= limit, instret counted at entry); for jalr (target in
 * rsi), the block must start at the target, else the block the loop would look up. Otherwise
 * fall through to an exit. ran: instructions to count (the control instruction, if any). */
static void chain(struct tr *t, unsigned s, bool pc, const struct k64_dinsn *jalr, unsigned ran)
{
	struct x64_emit *e = &t->e;
	size_t j_probe = 0, j_probe2 = 0;
	x64_mov_ri(e, RCX, (uint64_t)(uintptr_t)t->b);
	x64_mov_rm(e, true, RAX, x64_m(RCX, B_SUCC(s)));
	x64_test_rr(e, true, RAX, RAX);
	if (pc) {
		j_probe = x64_jcc(e, CC_E);
		x64_alu_rm(e, true, ALU_CMP, RSI, x64_m(RAX, B_PC));
		j_probe2 = x64_jcc(e, CC_NE);
	} else {
		t->exits[t->nexit++] = x64_jcc(e, CC_E);
	}
	size_t have = e->pos;
	x64_mov_rm(e, true, RDX, x64_m(RAX, B_JIT));
	x64_test_rr(e, true, RDX, RDX);
	t->exits[t->nexit++] = x64_jcc(e, CC_E);
	x64_mov_rm(e, false, RCX, x64_m(RAX, B_N));
	x64_alu_rm(e, true, ALU_ADD, RCX, x64_m(RBX, H_INSTRET));
	x64_alu_rm(e, true, ALU_CMP, RCX, x64_m(RBX, H_LIMIT));
	t->exits[t->nexit++] = x64_jcc(e, CC_A);
	if (jalr) {   /* the link register only now: the dispatch loop runs jalr again on an exit */
		x64_mov_ri(e, RAX, jalr->pc + jalr->len);
		st(t, jalr->rd, RAX);
	}
	x64_mov_mr(e, 8, x64_m(RBX, H_INSTRET), RCX);
	count_run(t, ran);   /* the control instruction (none for a block cut at its size) */
	x64_jmp_r(e, RDX);
	if (pc) {   /* the probe (guest registers are written back: a call may clobber the cache's) */
		x64_patch(e, j_probe, e->pos);
		x64_patch(e, j_probe2, e->pos);
		x64_mov_rr(e, true, RDI, RBX);
		x64_mov_ri(e, RDX, (uint64_t)(uintptr_t)t->b);
		x64_mov_ri(e, RAX, (uint64_t)(uintptr_t)jalr_probe);
		x64_call_r(e, RAX);
		x64_test_rr(e, true, RAX, RAX);
		t->exits[t->nexit++] = x64_jcc(e, CC_E);
		x64_patch(e, x64_jmp(e), have);
	}
}

static void exits_here(struct tr *t, const struct k64_dinsn *d)
{
	for (unsigned i = 0; i < t->nexit; i++)
		x64_patch(&t->e, t->exits[i], t->e.pos);
	t->nexit = 0;
	exit_to(t, d);
}

static bool is_end(const struct k64_dinsn *d) { return !d->desc || (d->desc->flags & K64_F_END); }

static enum x64_cc branch_cc(unsigned op)
{
	switch (op) {
	case K64_OP_beq: return CC_E;
	case K64_OP_bne: return CC_NE;
	case K64_OP_blt: return CC_L;
	case K64_OP_bge: return CC_GE;
	case K64_OP_bltu: return CC_B;
	default: return CC_AE;   /* bgeu */
	}
}

/* Translates b into t->e; false if there is nothing worth translating. */
static bool translate(struct tr *t)
{
	struct k64_block *b = t->b;
	const struct k64_dinsn *last = &b->d[b->n - 1];
	bool end = is_end(last);
	unsigned body = end ? b->n - 1 : b->n;
	unsigned op = last->op;
	bool chains = !end || (op >= K64_OP_beq && op <= K64_OP_bgeu) || op == K64_OP_jal || op == K64_OP_jalr;
	if (!end && b->d[b->n].op != K64_OP_fall)
		return false;
	if (!body && !chains)
		return false;
	cache_reset(&t->c);
	count_run(t, body);
	for (unsigned i = 0; i < body; i++)
		emit_insn(t, &b->d[i]);
	struct x64_emit *e = &t->e;
	if (!end) {
		write_back(e, &t->c, true);
		chain(t, 1, false, NULL, 0);
		exits_here(t, &b->d[b->n]);
	} else if (op >= K64_OP_beq && op <= K64_OP_bgeu) {
		int a = S(t, last->rs1);
		x64_alu_rr(e, true, ALU_CMP, a, S(t, last->rs2));
		write_back(e, &t->c, true);   /* moves: the flags stay */
		size_t taken = x64_jcc(e, branch_cc(op));
		chain(t, 1, false, NULL, 1);
		x64_patch(e, taken, e->pos);
		chain(t, 0, false, NULL, 1);
		exits_here(t, last);
	} else if (op == K64_OP_jal) {
		write_back(e, &t->c, true);
		x64_mov_ri(e, RAX, last->pc + last->len);
		st(t, last->rd, RAX);   /* the dispatch loop writes the same value again on an exit */
		chain(t, 0, false, NULL, 1);
		exits_here(t, last);
	} else if (op == K64_OP_jalr) {
		x64_lea(e, RSI, x64_m(S(t, last->rs1), (int32_t)last->imm));
		x64_alu_ri(e, true, ALU_AND, RSI, -2);
		write_back(e, &t->c, true);
		x64_mov_rm(e, true, RDX, x64_m(RBX, H_IALIGN));
		x64_test_rr(e, true, RSI, RDX);
		t->exits[t->nexit++] = x64_jcc(e, CC_NE);   /* misaligned: the loop raises it */
		chain(t, 0, true, last, 1);
		exits_here(t, last);
	} else {
		write_back(e, &t->c, true);
		exit_to(t, last);   /* a system instruction, CSR access, ...: the loop runs it */
		t->j->ends_interp++;
	}
	emit_slow_paths(t);
	return !e->failed;
}

static void set_prot(struct k64_jit *j, size_t from, size_t to, int prot, bool *ok)
{
	size_t a = from & ~(j->page - 1), z = (to + j->page - 1) & ~(j->page - 1);
	if (z > CODE_SIZE)
		z = CODE_SIZE;
	if (mprotect(j->code + a, z - a, prot))
		*ok = false;
}

bool k64_jit_supported(void) { return true; }

/* The trampoline: saves the callee-saved registers, keeps the stack 16-byte aligned for the
 * helpers' calls, pins h in rbx and jumps to the block; the epilogue returns the exit (rax:rdx,
 * the SysV return registers of a two-pointer struct). */
static void emit_trampoline(struct k64_jit *j)
{
	struct x64_emit e = { j->code, 0, CODE_SIZE, false };
	static const int saved[] = { RBX, RBP, R12, R13, R14, R15 };
	for (unsigned i = 0; i < 6; i++)
		x64_push(&e, saved[i]);
	x64_alu_ri(&e, true, ALU_SUB, RSP, 8);    /* 8 (return address) + 48 + 8 = 64 */
	x64_mov_rr(&e, true, RBX, RDI);
	x64_jmp_r(&e, RSI);
	j->epilogue = e.pos;
	x64_alu_ri(&e, true, ALU_ADD, RSP, 8);
	for (unsigned i = 6; i-- > 0;)
		x64_pop(&e, saved[i]);
	x64_ret(&e);
	j->base = j->used = (e.pos + 63) & ~(size_t)63;
	j->enter = (struct k64_jit_exit (*)(struct k64_hart *, const void *))(void *)j->code;
}

struct k64_jit *k64_jit_new(unsigned threshold, bool stats)
{
	struct k64_jit *j = calloc(1, sizeof *j);
	if (!j)
		return NULL;
	j->threshold = threshold ? threshold : 1;
	j->stats = stats;
	j->page = (size_t)sysconf(_SC_PAGESIZE);
	j->code = mmap(NULL, CODE_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (j->code == MAP_FAILED) {
		free(j);
		return NULL;
	}
	emit_trampoline(j);
	if (mprotect(j->code, CODE_SIZE, PROT_READ | PROT_EXEC)) {   /* W^X: executable, no longer writable */
		munmap(j->code, CODE_SIZE);
		free(j);
		return NULL;
	}
	return j;
}

void k64_jit_free(struct k64_jit *j)
{
	if (!j)
		return;
	munmap(j->code, CODE_SIZE);
	free(j);
}

void k64_jit_flush(struct k64_jit *j)
{
	j->used = j->base;
	j->flushes++;
}

void k64_jit_block_built(struct k64_hart *h, struct k64_block *b)
{
	(void)h;
	b->jit_code = NULL;
	b->jit_hits = 0;
	b->d[0].thr = k64_jit_labels[0];
}

static bool fallback(struct k64_jit *j, struct k64_block *b, unsigned why)
{
	j->fallback[why]++;
	b->d[0].thr = k64_threaded[0][b->d[0].op];   /* the block stays with the interpreter */
	return false;
}

bool k64_jit_hot(struct k64_hart *h, struct k64_block *b)
{
	struct k64_jit *j = h->jit;
	if (++b->jit_hits < j->threshold)
		return false;
	if (h->dbg)
		return fallback(j, b, FB_DEBUG);
	if (j->used + BLOCK_CODE_MAX > CODE_SIZE) {
		h->flush_pending = true;   /* the next boundary drops every block and translation */
		h->limit = 0;
		return fallback(j, b, FB_FULL);
	}
	bool ok = true;
	set_prot(j, j->used, j->used + BLOCK_CODE_MAX, PROT_READ | PROT_WRITE, &ok);
	if (!ok)
		return fallback(j, b, FB_MPROTECT);
	static struct tr t;   /* one translation at a time (a hart's dispatch loop); large for the stack */
	t.nslow = t.nexit = 0;
	t.e = (struct x64_emit){ j->code + j->used, 0, BLOCK_CODE_MAX, false };
	t.j = j;
	t.b = b;
	bool done = translate(&t);
	set_prot(j, j->used, j->used + BLOCK_CODE_MAX, PROT_READ | PROT_EXEC, &ok);
	if (!ok) {
		fputs("karu64: error: cannot make translated code executable\n", stderr);
		exit(125);
	}
	if (!done)
		return fallback(j, b, FB_EMPTY);
	b->jit_code = j->code + j->used;
	j->used = (j->used + t.e.pos + 15) & ~(size_t)15;
	j->blocks++;
	b->d[0].thr = k64_jit_labels[1];
	return true;
}

struct k64_jit_exit k64_jit_run(struct k64_hart *h, struct k64_block *b)
{
	return h->jit->enter(h, b->jit_code);
}

void k64_jit_print_stats(const struct k64_jit *j, FILE *f, uint64_t instret)
{
	fprintf(f, "jit: on\n");
	fprintf(f, "jit-blocks: %llu\n", (unsigned long long)j->blocks);
	fprintf(f, "jit-flushes: %llu\n", (unsigned long long)j->flushes);
	fprintf(f, "jit-insns-inline: %llu\n", (unsigned long long)j->insn_inline);
	fprintf(f, "jit-insns-helper: %llu\n", (unsigned long long)j->insn_helper);
	fprintf(f, "jit-insns-table: %llu\n", (unsigned long long)j->insn_table);
	fprintf(f, "jit-ends-interpreted: %llu\n", (unsigned long long)j->ends_interp);
	fprintf(f, "jit-run-insns: %llu\n", (unsigned long long)j->run);
	fprintf(f, "jit-run-share: %.4f\n", instret ? (double)j->run / (double)instret : 0.0);
	for (unsigned i = 0; i < FB_COUNT; i++)
		fprintf(f, "jit-fallback-%s: %llu\n", fb_name[i], (unsigned long long)j->fallback[i]);
}

#else   /* no translator on this host: the interpreter runs everything */
bool k64_jit_supported(void) { return false; }
struct k64_jit *k64_jit_new(unsigned threshold, bool stats) { (void)threshold; (void)stats; return NULL; }
void k64_jit_free(struct k64_jit *j) { (void)j; }
void k64_jit_block_built(struct k64_hart *h, struct k64_block *b) { (void)h; (void)b; }
bool k64_jit_hot(struct k64_hart *h, struct k64_block *b) { (void)h; (void)b; return false; }
struct k64_jit_exit k64_jit_run(struct k64_hart *h, struct k64_block *b) { (void)h; return (struct k64_jit_exit){ b->d, b }; }
void k64_jit_flush(struct k64_jit *j) { (void)j; }
void k64_jit_print_stats(const struct k64_jit *j, FILE *f, uint64_t instret) { (void)j; (void)instret; fprintf(f, "jit: off\n"); }
#endif
