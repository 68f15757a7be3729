/* x86-64 encodings (Intel SDM vol. 2, chapter 2: REX prefix, ModR/M and SIB bytes). */
#include <string.h>
#include "jit/emit.h"

void x64_byte(struct x64_emit *e, uint8_t b)
{
	if (e->pos >= e->cap) {
		e->failed = true;
		return;
	}
	e->buf[e->pos++] = b;
}

void x64_u32(struct x64_emit *e, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		x64_byte(e, (uint8_t)(v >> (8 * i)));
}

/* REX.W R X B; emitted when a bit is set or `force` (byte registers spl..dil). */
static void rex(struct x64_emit *e, bool w, int reg, int index, int base, bool force)
{
	uint8_t r = (uint8_t)(0x40 | (w ? 8 : 0) | (reg >= 8 ? 4 : 0) | (index >= 8 ? 2 : 0) | (base >= 8 ? 1 : 0));
	if (r != 0x40 || force)
		x64_byte(e, r);
}

static void modrm_mem(struct x64_emit *e, int reg, struct x64_mem m)
{
	int mod = m.disp == 0 && (m.base & 7) != 5 ? 0 : m.disp >= -128 && m.disp <= 127 ? 1 : 2;
	if (m.index == NOREG && (m.base & 7) != 4) {
		x64_byte(e, (uint8_t)(mod << 6 | (reg & 7) << 3 | (m.base & 7)));
	} else {
		int sc = m.scale == 8 ? 3 : m.scale == 4 ? 2 : m.scale == 2 ? 1 : 0;
		x64_byte(e, (uint8_t)(mod << 6 | (reg & 7) << 3 | 4));
		x64_byte(e, (uint8_t)(sc << 6 | (m.index == NOREG ? 4 : m.index & 7) << 3 | (m.base & 7)));
	}
	if (mod == 1)
		x64_byte(e, (uint8_t)(int8_t)m.disp);
	else if (mod == 2)
		x64_u32(e, (uint32_t)m.disp);
}

static void modrm_rr(struct x64_emit *e, int reg, int rm) { x64_byte(e, (uint8_t)(0xc0 | (reg & 7) << 3 | (rm & 7))); }

/* opcode bytes (1 or 2, 0x0f first) with a memory operand */
static void op_mem(struct x64_emit *e, bool w, const uint8_t *op, unsigned nop, int reg, struct x64_mem m, bool force)
{
	rex(e, w, reg, m.index, m.base, force);
	for (unsigned i = 0; i < nop; i++)
		x64_byte(e, op[i]);
	modrm_mem(e, reg, m);
}

static void op_rr(struct x64_emit *e, bool w, const uint8_t *op, unsigned nop, int reg, int rm)
{
	rex(e, w, reg, 0, rm, false);
	for (unsigned i = 0; i < nop; i++)
		x64_byte(e, op[i]);
	modrm_rr(e, reg, rm);
}

void x64_mov_rr(struct x64_emit *e, bool w, int dst, int src) { op_rr(e, w, (const uint8_t[]){ 0x8b }, 1, dst, src); }
void x64_mov_rm(struct x64_emit *e, bool w, int dst, struct x64_mem m) { op_mem(e, w, (const uint8_t[]){ 0x8b }, 1, dst, m, false); }

void x64_mov_mr(struct x64_emit *e, unsigned size, struct x64_mem m, int src)
{
	if (size == 2)
		x64_byte(e, 0x66);
	op_mem(e, size == 8, (const uint8_t[]){ size == 1 ? 0x88 : 0x89 }, 1, src, m, size == 1 && src >= 4);
}

void x64_mov_mi(struct x64_emit *e, struct x64_mem m, int32_t imm)
{
	op_mem(e, true, (const uint8_t[]){ 0xc7 }, 1, 0, m, false);
	x64_u32(e, (uint32_t)imm);
}

void x64_mov_ri(struct x64_emit *e, int dst, uint64_t imm)
{
	if (imm <= 0xffffffffull) {          /* mov r32, imm32 zero-extends */
		rex(e, false, 0, 0, dst, false);
		x64_byte(e, (uint8_t)(0xb8 + (dst & 7)));
		x64_u32(e, (uint32_t)imm);
	} else if ((int64_t)imm == (int32_t)imm) {   /* mov r64, simm32 */
		rex(e, true, 0, 0, dst, false);
		x64_byte(e, 0xc7);
		modrm_rr(e, 0, dst);
		x64_u32(e, (uint32_t)imm);
	} else {
		rex(e, true, 0, 0, dst, false);
		x64_byte(e, (uint8_t)(0xb8 + (dst & 7)));
		x64_u32(e, (uint32_t)imm);
		x64_u32(e, (uint32_t)(imm >> 32));
	}
}

void x64_load_ext(struct x64_emit *e, int dst, struct x64_mem m, unsigned size, bool sign)
{
	if (size == 8)
		x64_mov_rm(e, true, dst, m);
	else if (size == 4 && sign)
		op_mem(e, true, (const uint8_t[]){ 0x63 }, 1, dst, m, false);       /* movsxd */
	else if (size == 4)
		x64_mov_rm(e, false, dst, m);
	else
		op_mem(e, sign, (const uint8_t[]){ 0x0f, (uint8_t)((sign ? 0xbe : 0xb6) + (size == 2)) }, 2, dst, m, false);
}

void x64_ext_rr(struct x64_emit *e, int dst, int src, unsigned size, bool sign)
{
	if (size == 8) {
		if (dst != src)
			x64_mov_rr(e, true, dst, src);
	} else if (size == 4 && sign) {
		x64_movsxd(e, dst, src);
	} else if (size == 4) {
		x64_mov_rr(e, false, dst, src);
	} else {
		rex(e, sign, dst, 0, src, size == 1 && src >= 4);
		x64_byte(e, 0x0f);
		x64_byte(e, (uint8_t)((sign ? 0xbe : 0xb6) + (size == 2)));
		modrm_rr(e, dst, src);
	}
}

void x64_lea(struct x64_emit *e, int dst, struct x64_mem m) { op_mem(e, true, (const uint8_t[]){ 0x8d }, 1, dst, m, false); }
void x64_alu_rr(struct x64_emit *e, bool w, enum x64_alu op, int dst, int src)
{
	op_rr(e, w, (const uint8_t[]){ (uint8_t)(8 * op + 3) }, 1, dst, src);
}
void x64_alu_rm(struct x64_emit *e, bool w, enum x64_alu op, int dst, struct x64_mem m)
{
	op_mem(e, w, (const uint8_t[]){ (uint8_t)(8 * op + 3) }, 1, dst, m, false);
}

void x64_alu_ri(struct x64_emit *e, bool w, enum x64_alu op, int dst, int32_t imm)
{
	bool small = imm >= -128 && imm <= 127;
	op_rr(e, w, (const uint8_t[]){ small ? 0x83 : 0x81 }, 1, op, dst);
	if (small)
		x64_byte(e, (uint8_t)(int8_t)imm);
	else
		x64_u32(e, (uint32_t)imm);
}

void x64_alu_mi(struct x64_emit *e, bool w, enum x64_alu op, struct x64_mem m, int32_t imm)
{
	bool small = imm >= -128 && imm <= 127;
	op_mem(e, w, (const uint8_t[]){ small ? 0x83 : 0x81 }, 1, op, m, false);
	if (small)
		x64_byte(e, (uint8_t)(int8_t)imm);
	else
		x64_u32(e, (uint32_t)imm);
}

void x64_alu_mr(struct x64_emit *e, bool w, enum x64_alu op, struct x64_mem m, int src)
{
	op_mem(e, w, (const uint8_t[]){ (uint8_t)(8 * op + 1) }, 1, src, m, false);
}

void x64_shift_ri(struct x64_emit *e, bool w, enum x64_shift op, int dst, unsigned n)
{
	op_rr(e, w, (const uint8_t[]){ 0xc1 }, 1, op, dst);
	x64_byte(e, (uint8_t)n);
}

void x64_shift_rcl(struct x64_emit *e, bool w, enum x64_shift op, int dst) { op_rr(e, w, (const uint8_t[]){ 0xd3 }, 1, op, dst); }
void x64_test_rr(struct x64_emit *e, bool w, int a, int b) { op_rr(e, w, (const uint8_t[]){ 0x85 }, 1, b, a); }

void x64_test_ri(struct x64_emit *e, int a, int32_t imm)
{
	op_rr(e, true, (const uint8_t[]){ 0xf7 }, 1, 0, a);
	x64_u32(e, (uint32_t)imm);
}

void x64_imul_rm(struct x64_emit *e, bool w, int dst, struct x64_mem m) { op_mem(e, w, (const uint8_t[]){ 0x0f, 0xaf }, 2, dst, m, false); }
void x64_mul1_m(struct x64_emit *e, bool sign, struct x64_mem m) { op_mem(e, true, (const uint8_t[]){ 0xf7 }, 1, sign ? 5 : 4, m, false); }
void x64_imul_rr(struct x64_emit *e, bool w, int dst, int src) { op_rr(e, w, (const uint8_t[]){ 0x0f, 0xaf }, 2, dst, src); }
void x64_mul1_r(struct x64_emit *e, bool sign, int r) { op_rr(e, true, (const uint8_t[]){ 0xf7 }, 1, sign ? 5 : 4, r); }
void x64_not(struct x64_emit *e, int r) { op_rr(e, true, (const uint8_t[]){ 0xf7 }, 1, 2, r); }

void x64_bswap(struct x64_emit *e, int r)
{
	rex(e, true, 0, 0, r, false);
	x64_byte(e, 0x0f);
	x64_byte(e, (uint8_t)(0xc8 + (r & 7)));
}

void x64_bt_ri(struct x64_emit *e, unsigned digit, int r, unsigned bit)
{
	op_rr(e, true, (const uint8_t[]){ 0x0f, 0xba }, 2, (int)digit, r);
	x64_byte(e, (uint8_t)bit);
}

void x64_bt_rr(struct x64_emit *e, uint8_t op, int r, int bit) { op_rr(e, true, (const uint8_t[]){ 0x0f, op }, 2, bit, r); }

void x64_setcc(struct x64_emit *e, enum x64_cc cc, int r)
{
	rex(e, false, 0, 0, r, r >= 4);
	x64_byte(e, 0x0f);
	x64_byte(e, (uint8_t)(0x90 + cc));
	modrm_rr(e, 0, r);
}

void x64_cmov(struct x64_emit *e, enum x64_cc cc, int dst, int src) { op_rr(e, true, (const uint8_t[]){ 0x0f, (uint8_t)(0x40 + cc) }, 2, dst, src); }
void x64_movsxd(struct x64_emit *e, int dst, int src) { op_rr(e, true, (const uint8_t[]){ 0x63 }, 1, dst, src); }

void x64_push(struct x64_emit *e, int r)
{
	rex(e, false, 0, 0, r, false);
	x64_byte(e, (uint8_t)(0x50 + (r & 7)));
}

void x64_pop(struct x64_emit *e, int r)
{
	rex(e, false, 0, 0, r, false);
	x64_byte(e, (uint8_t)(0x58 + (r & 7)));
}

void x64_ret(struct x64_emit *e) { x64_byte(e, 0xc3); }
void x64_call_r(struct x64_emit *e, int r) { op_rr(e, false, (const uint8_t[]){ 0xff }, 1, 2, r); }
void x64_jmp_r(struct x64_emit *e, int r) { op_rr(e, false, (const uint8_t[]){ 0xff }, 1, 4, r); }

size_t x64_jcc(struct x64_emit *e, enum x64_cc cc)
{
	x64_byte(e, 0x0f);
	x64_byte(e, (uint8_t)(0x80 + cc));
	size_t at = e->pos;
	x64_u32(e, 0);
	return at;
}

size_t x64_jmp(struct x64_emit *e)
{
	x64_byte(e, 0xe9);
	size_t at = e->pos;
	x64_u32(e, 0);
	return at;
}

void x64_patch(struct x64_emit *e, size_t at, size_t target)
{
	if (e->failed || at + 4 > e->pos)
		return;
	uint32_t rel = (uint32_t)((int64_t)target - (int64_t)(at + 4));
	memcpy(e->buf + at, &rel, 4);
}
