/* Dispatch indices of the inline operations (core/dispatch.c). K64_OP_CALL (0) calls d->fn. */
#ifndef K64_CORE_OPS_H
#define K64_CORE_OPS_H
#include "isa/rv64i.h"

#define K64_CONTROL_OPS(X) \
	X(beq)  X(bne)  X(blt)  X(bge)  X(bltu)  X(bgeu) \
	X(jal)  X(jalr) X(ecall) X(ebreak) X(fence_i) X(fall) X(illegal) X(fetch_fault) X(call_end)

enum k64_op {
	K64_OP_CALL_ = 0,
#define K64_OP_ENUM(c, ...) K64_OP_##c,
	K64_RV64I_OPS(K64_OP_ENUM)
#define K64_OP_ENUM1(c) K64_OP_##c,
	K64_CONTROL_OPS(K64_OP_ENUM1)
	K64_OP_COUNT
};
#endif
