/* Dispatch indices of the inline operations (core/dispatch.c). K64_OP_CALL (0) calls d->fn. */
#ifndef K64_CORE_OPS_H
#define K64_CORE_OPS_H
#include "isa/rv64i.h"

/* The _m forms are branches and jumps whose target is misaligned (IALIGN = 32, known when the
 * block is built): only they check it when taken. addi_<branch> is an addi followed by that
 * branch (a loop counter and its test): the functional loop runs both with one dispatch. */
#define K64_CONTROL_OPS(X) \
	X(beq)  X(bne)  X(blt)  X(bge)  X(bltu)  X(bgeu) \
	X(beq_m) X(bne_m) X(blt_m) X(bge_m) X(bltu_m) X(bgeu_m) X(jal_m) \
	X(addi_beq) X(addi_bne) X(addi_blt) X(addi_bge) X(addi_bltu) X(addi_bgeu) \
	X(jal)  X(jalr) X(ecall) X(ebreak) X(fence_i) X(fall) X(illegal) X(fetch_fault) X(call_end)

/* rd = rs1 forms (as every two-address compressed instruction has): the functional loop reads
 * one register index fewer. X(op, C operator) for RD = RD op operand. */
#define K64_SELF_OPS(X) \
	X(addi, +, IMM) X(andi, &, IMM) X(ori, |, IMM) X(xori, ^, IMM) X(slli, <<, IMM) X(srli, >>, IMM) \
	X(add, +, RS2) X(sub, -, RS2) X(and, &, RS2) X(or, |, RS2) X(xor, ^, RS2) X(mul, *, RS2)

enum k64_op {
	K64_OP_CALL_ = 0,
#define K64_OP_ENUM(c, ...) K64_OP_##c,
	K64_RV64I_OPS(K64_OP_ENUM)
#define K64_OP_ENUM1(c) K64_OP_##c,
	K64_CONTROL_OPS(K64_OP_ENUM1)
#define K64_OP_ENUM_SELF(c, o, v) K64_OP_##c##_self,
	K64_SELF_OPS(K64_OP_ENUM_SELF)
	K64_OP_COUNT
};
extern const void *const *k64_threaded[2];   /* core/dispatch.c */
/* The functional loop's entries for the translator (jit/): [0] a counted block entry, [1] the
 * entry of a translated block; k64_dinsn.thr of a block's first instruction holds one of them. */
extern const void *k64_jit_labels[2];
#endif
