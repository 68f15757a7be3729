/* A small x86-64 instruction emitter (Intel SDM vol. 2 encodings): the forms the translator
 * needs, register-register, register-immediate and register-[base + index + disp]. Emission
 * never writes past the buffer: an overflow sets `failed` and the caller drops the code. */
#ifndef K64_JIT_EMIT_H
#define K64_JIT_EMIT_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum x64_reg { RAX, RCX, RDX, RBX, RSP, RBP, RSI, RDI, R8, R9, R10, R11, R12, R13, R14, R15, NOREG = -1 };
/* Condition codes (the low nibble of Jcc/SETcc/CMOVcc). */
enum x64_cc { CC_O, CC_NO, CC_B, CC_AE, CC_E, CC_NE, CC_BE, CC_A, CC_S, CC_NS, CC_P, CC_NP, CC_L, CC_GE, CC_LE, CC_G };
/* The ALU group (opcode /digit of 81 and the "r, r/m" opcode 8 * n + 3). */
enum x64_alu { ALU_ADD, ALU_OR, ALU_ADC, ALU_SBB, ALU_AND, ALU_SUB, ALU_XOR, ALU_CMP };
/* The shift group (/digit of C1 and D3). */
enum x64_shift { SH_ROL = 0, SH_ROR = 1, SH_SHL = 4, SH_SHR = 5, SH_SAR = 7 };

struct x64_emit {
	uint8_t *buf;
	size_t pos, cap;
	bool failed;
};

/* A memory operand [base + index * scale + disp]; index NOREG for none. */
struct x64_mem { int base, index, scale; int32_t disp; };
static inline struct x64_mem x64_m(int base, int32_t disp) { return (struct x64_mem){ base, NOREG, 1, disp }; }
static inline struct x64_mem x64_mi(int base, int index, int32_t disp) { return (struct x64_mem){ base, index, 1, disp }; }

void x64_byte(struct x64_emit *e, uint8_t b);
void x64_u32(struct x64_emit *e, uint32_t v);

/* w: 64-bit operand size (REX.W); else 32-bit, which zero-extends into the full register. */
void x64_mov_rr(struct x64_emit *e, bool w, int dst, int src);
void x64_mov_rm(struct x64_emit *e, bool w, int dst, struct x64_mem m);      /* dst = [m] */
void x64_mov_mr(struct x64_emit *e, unsigned size, struct x64_mem m, int src); /* [m] = src (1, 2, 4, 8 bytes) */
void x64_mov_mi(struct x64_emit *e, struct x64_mem m, int32_t imm);          /* qword [m] = sign-extended imm */
void x64_mov_ri(struct x64_emit *e, int dst, uint64_t imm);                  /* shortest form */
/* Loads that extend: size 1, 2 or 4 bytes, sign- or zero-extended to 64 bits. */
void x64_load_ext(struct x64_emit *e, int dst, struct x64_mem m, unsigned size, bool sign);
void x64_ext_rr(struct x64_emit *e, int dst, int src, unsigned size, bool sign);   /* the same from a register */
void x64_lea(struct x64_emit *e, int dst, struct x64_mem m);
void x64_alu_rr(struct x64_emit *e, bool w, enum x64_alu op, int dst, int src);
void x64_alu_rm(struct x64_emit *e, bool w, enum x64_alu op, int dst, struct x64_mem m);
void x64_alu_ri(struct x64_emit *e, bool w, enum x64_alu op, int dst, int32_t imm);
void x64_alu_mi(struct x64_emit *e, bool w, enum x64_alu op, struct x64_mem m, int32_t imm);  /* [m] op= imm */
void x64_alu_mr(struct x64_emit *e, bool w, enum x64_alu op, struct x64_mem m, int src);      /* [m] op= src */
void x64_shift_ri(struct x64_emit *e, bool w, enum x64_shift op, int dst, unsigned n);
void x64_shift_rcl(struct x64_emit *e, bool w, enum x64_shift op, int dst);   /* by cl */
void x64_test_rr(struct x64_emit *e, bool w, int a, int b);
void x64_test_ri(struct x64_emit *e, int a, int32_t imm);   /* 64-bit test with a sign-extended imm */
void x64_imul_rm(struct x64_emit *e, bool w, int dst, struct x64_mem m);
void x64_mul1_m(struct x64_emit *e, bool sign, struct x64_mem m);   /* rdx:rax = rax * [m] */
void x64_imul_rr(struct x64_emit *e, bool w, int dst, int src);
void x64_mul1_r(struct x64_emit *e, bool sign, int r);              /* rdx:rax = rax * r */
void x64_not(struct x64_emit *e, int r);
void x64_bswap(struct x64_emit *e, int r);
void x64_bt_ri(struct x64_emit *e, unsigned digit, int r, unsigned bit);   /* digit 5 bts, 6 btr, 7 btc */
void x64_bt_rr(struct x64_emit *e, uint8_t op, int r, int bit);            /* op 0xab bts, 0xb3 btr, 0xbb btc */
void x64_setcc(struct x64_emit *e, enum x64_cc cc, int r);     /* r's low byte; r < 4 */
void x64_cmov(struct x64_emit *e, enum x64_cc cc, int dst, int src);
void x64_movsxd(struct x64_emit *e, int dst, int src);
void x64_push(struct x64_emit *e, int r);
void x64_pop(struct x64_emit *e, int r);
void x64_ret(struct x64_emit *e);
void x64_call_r(struct x64_emit *e, int r);
void x64_jmp_r(struct x64_emit *e, int r);
/* Forward and backward jumps with 32-bit displacements: x64_jcc/x64_jmp return the position of
 * the displacement, which x64_patch points at a target position. */
size_t x64_jcc(struct x64_emit *e, enum x64_cc cc);
size_t x64_jmp(struct x64_emit *e);
void x64_patch(struct x64_emit *e, size_t at, size_t target);
#endif
