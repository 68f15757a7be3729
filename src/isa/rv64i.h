/* Straight-line integer instructions as data: RV64I, M, Zba, Zbb, Zbs, Zbc, Zicond, Zimop and the
 * hint/no-op encodings. Each row: C name, assembler name, MATCH, MASK (riscv-opcodes), required
 * extension, format, flags, disassembly operands, and the semantics as a C expression in the
 * manual's terms (RD is written last; RS1/RS2/IMM/PC are the pre-decoded operands).
 * core/dispatch.c expands the rows into inline dispatch targets, core/decode.c into the table.
 * Branches, jumps, system instructions, CSRs and atomics live elsewhere (they are not
 * straight-line). */
#ifndef K64_ISA_RV64I_H
#define K64_ISA_RV64I_H
#include <stdint.h>

#define RD  h->x[d->rd]
#define RS1 h->x[d->rs1]
#define RS2 h->x[d->rs2]
#define IMM ((uint64_t)d->imm)
#define PC  d->pc
#define SX32(v) ((uint64_t)(int64_t)(int32_t)(uint32_t)(v))
#define ADDR (RS1 + IMM)

static inline uint64_t k64_mulhu(uint64_t a, uint64_t b) { return (uint64_t)(((unsigned __int128)a * b) >> 64); }
static inline uint64_t k64_mulh(uint64_t a, uint64_t b) { return (uint64_t)(((__int128)(int64_t)a * (int64_t)b) >> 64); }
static inline uint64_t k64_mulhsu(uint64_t a, uint64_t b) { return (uint64_t)(((__int128)(int64_t)a * (unsigned __int128)b) >> 64); }
/* M extension, "Division Operations": x/0 = -1, x%0 = x, overflow -2^(n-1)/-1 = -2^(n-1), rem 0. */
static inline uint64_t k64_div(uint64_t a, uint64_t b)
{
	if (b == 0) return ~0ull;
	if ((int64_t)a == INT64_MIN && (int64_t)b == -1) return a;
	return (uint64_t)((int64_t)a / (int64_t)b);
}
static inline uint64_t k64_rem(uint64_t a, uint64_t b)
{
	if (b == 0) return a;
	if ((int64_t)a == INT64_MIN && (int64_t)b == -1) return 0;
	return (uint64_t)((int64_t)a % (int64_t)b);
}
static inline uint64_t k64_divw(uint64_t a, uint64_t b)
{
	int32_t x = (int32_t)a, y = (int32_t)b;
	if (y == 0) return ~0ull;
	if (x == INT32_MIN && y == -1) return SX32(x);
	return SX32(x / y);
}
static inline uint64_t k64_remw(uint64_t a, uint64_t b)
{
	int32_t x = (int32_t)a, y = (int32_t)b;
	if (y == 0) return SX32(x);
	if (x == INT32_MIN && y == -1) return 0;
	return SX32(x % y);
}
static inline uint64_t k64_divuw(uint64_t a, uint64_t b)
{
	uint32_t x = (uint32_t)a, y = (uint32_t)b;
	return y == 0 ? ~0ull : SX32(x / y);
}
static inline uint64_t k64_remuw(uint64_t a, uint64_t b)
{
	uint32_t x = (uint32_t)a, y = (uint32_t)b;
	return y == 0 ? SX32(x) : SX32(x % y);
}
static inline uint64_t k64_rol(uint64_t a, unsigned s) { s &= 63; return s ? (a << s) | (a >> (64 - s)) : a; }
static inline uint64_t k64_ror(uint64_t a, unsigned s) { s &= 63; return s ? (a >> s) | (a << (64 - s)) : a; }
static inline uint32_t k64_rol32(uint32_t a, unsigned s) { s &= 31; return s ? (a << s) | (a >> (32 - s)) : a; }
static inline uint32_t k64_ror32(uint32_t a, unsigned s) { s &= 31; return s ? (a >> s) | (a << (32 - s)) : a; }
static inline uint64_t k64_orcb(uint64_t a)
{
	uint64_t r = 0;
	for (int i = 0; i < 64; i += 8)
		if ((a >> i) & 0xff) r |= 0xffull << i;
	return r;
}
/* Zbc: carry-less products (clmul low half, clmulh high half, clmulr bits 126:63). */
static inline uint64_t k64_clmul(uint64_t a, uint64_t b)
{
	uint64_t r = 0;
	for (int i = 0; i < 64; i++)
		if ((b >> i) & 1) r ^= a << i;
	return r;
}
static inline uint64_t k64_clmulh(uint64_t a, uint64_t b)
{
	uint64_t r = 0;
	for (int i = 1; i < 64; i++)
		if ((b >> i) & 1) r ^= a >> (64 - i);
	return r;
}
static inline uint64_t k64_clmulr(uint64_t a, uint64_t b)
{
	uint64_t r = 0;
	for (int i = 0; i < 64; i++)
		if ((b >> i) & 1) r ^= a >> (63 - i);
	return r;
}
static inline uint64_t k64_clz(uint64_t a) { return a ? (uint64_t)__builtin_clzll(a) : 64; }
static inline uint64_t k64_ctz(uint64_t a) { return a ? (uint64_t)__builtin_ctzll(a) : 64; }
static inline uint64_t k64_clzw(uint64_t a) { return (uint32_t)a ? (uint64_t)__builtin_clz((uint32_t)a) : 32; }
static inline uint64_t k64_ctzw(uint64_t a) { return (uint32_t)a ? (uint64_t)__builtin_ctz((uint32_t)a) : 32; }

/* X(cname, "name", MATCH, MASK, ext, fmt, class (core/observe.h), flags, "args", semantics) */
#define K64_RV64I_OPS(X) \
	/* RV64I (unprivileged spec, chapters 2 and 4) */ \
	X(lui,    "lui",    0x00000037, 0x0000007f, I, U, ALU, WX, "d,u",   RD = IMM) \
	X(auipc,  "auipc",  0x00000017, 0x0000007f, I, U, ALU, WX, "d,u",   RD = PC + IMM) \
	X(addi,   "addi",   0x00000013, 0x0000707f, I, I, ALU, WX, "d,s,i", RD = RS1 + IMM) \
	X(slti,   "slti",   0x00002013, 0x0000707f, I, I, ALU, WX, "d,s,i", RD = (int64_t)RS1 < (int64_t)IMM) \
	X(sltiu,  "sltiu",  0x00003013, 0x0000707f, I, I, ALU, WX, "d,s,i", RD = RS1 < IMM) \
	X(xori,   "xori",   0x00004013, 0x0000707f, I, I, ALU, WX, "d,s,i", RD = RS1 ^ IMM) \
	X(ori,    "ori",    0x00006013, 0x0000707f, I, I, ALU, WX, "d,s,i", RD = RS1 | IMM) \
	X(andi,   "andi",   0x00007013, 0x0000707f, I, I, ALU, WX, "d,s,i", RD = RS1 & IMM) \
	X(slli,   "slli",   0x00001013, 0xfc00707f, I, SH, ALU, WX, "d,s,i", RD = RS1 << IMM) \
	X(srli,   "srli",   0x00005013, 0xfc00707f, I, SH, ALU, WX, "d,s,i", RD = RS1 >> IMM) \
	X(srai,   "srai",   0x40005013, 0xfc00707f, I, SH, ALU, WX, "d,s,i", RD = (uint64_t)((int64_t)RS1 >> IMM)) \
	X(add,    "add",    0x00000033, 0xfe00707f, I, R, ALU, WX, "d,s,t", RD = RS1 + RS2) \
	X(sub,    "sub",    0x40000033, 0xfe00707f, I, R, ALU, WX, "d,s,t", RD = RS1 - RS2) \
	X(sll,    "sll",    0x00001033, 0xfe00707f, I, R, ALU, WX, "d,s,t", RD = RS1 << (RS2 & 63)) \
	X(slt,    "slt",    0x00002033, 0xfe00707f, I, R, ALU, WX, "d,s,t", RD = (int64_t)RS1 < (int64_t)RS2) \
	X(sltu,   "sltu",   0x00003033, 0xfe00707f, I, R, ALU, WX, "d,s,t", RD = RS1 < RS2) \
	X(xor,    "xor",    0x00004033, 0xfe00707f, I, R, ALU, WX, "d,s,t", RD = RS1 ^ RS2) \
	X(srl,    "srl",    0x00005033, 0xfe00707f, I, R, ALU, WX, "d,s,t", RD = RS1 >> (RS2 & 63)) \
	X(sra,    "sra",    0x40005033, 0xfe00707f, I, R, ALU, WX, "d,s,t", RD = (uint64_t)((int64_t)RS1 >> (RS2 & 63))) \
	X(or,     "or",     0x00006033, 0xfe00707f, I, R, ALU, WX, "d,s,t", RD = RS1 | RS2) \
	X(and,    "and",    0x00007033, 0xfe00707f, I, R, ALU, WX, "d,s,t", RD = RS1 & RS2) \
	X(addiw,  "addiw",  0x0000001b, 0x0000707f, I, I, ALU, WX, "d,s,i", RD = SX32(RS1 + IMM)) \
	X(slliw,  "slliw",  0x0000101b, 0xfe00707f, I, SH, ALU, WX, "d,s,i", RD = SX32((uint32_t)RS1 << IMM)) \
	X(srliw,  "srliw",  0x0000501b, 0xfe00707f, I, SH, ALU, WX, "d,s,i", RD = SX32((uint32_t)RS1 >> IMM)) \
	X(sraiw,  "sraiw",  0x4000501b, 0xfe00707f, I, SH, ALU, WX, "d,s,i", RD = SX32((int32_t)RS1 >> IMM)) \
	X(addw,   "addw",   0x0000003b, 0xfe00707f, I, R, ALU, WX, "d,s,t", RD = SX32(RS1 + RS2)) \
	X(subw,   "subw",   0x4000003b, 0xfe00707f, I, R, ALU, WX, "d,s,t", RD = SX32(RS1 - RS2)) \
	X(sllw,   "sllw",   0x0000103b, 0xfe00707f, I, R, ALU, WX, "d,s,t", RD = SX32((uint32_t)RS1 << (RS2 & 31))) \
	X(srlw,   "srlw",   0x0000503b, 0xfe00707f, I, R, ALU, WX, "d,s,t", RD = SX32((uint32_t)RS1 >> (RS2 & 31))) \
	X(sraw,   "sraw",   0x4000503b, 0xfe00707f, I, R, ALU, WX, "d,s,t", RD = SX32((int32_t)RS1 >> (RS2 & 31))) \
	X(lb,     "lb",     0x00000003, 0x0000707f, I, I, LOAD, WX | K64_F_LOAD, "d,o", RD = k64_ld_s8(h, d, ADDR)) \
	X(lh,     "lh",     0x00001003, 0x0000707f, I, I, LOAD, WX | K64_F_LOAD, "d,o", RD = k64_ld_s16(h, d, ADDR)) \
	X(lw,     "lw",     0x00002003, 0x0000707f, I, I, LOAD, WX | K64_F_LOAD, "d,o", RD = k64_ld_s32(h, d, ADDR)) \
	X(ld,     "ld",     0x00003003, 0x0000707f, I, I, LOAD, WX | K64_F_LOAD, "d,o", RD = k64_ld_u64(h, d, ADDR)) \
	X(lbu,    "lbu",    0x00004003, 0x0000707f, I, I, LOAD, WX | K64_F_LOAD, "d,o", RD = k64_ld_u8(h, d, ADDR)) \
	X(lhu,    "lhu",    0x00005003, 0x0000707f, I, I, LOAD, WX | K64_F_LOAD, "d,o", RD = k64_ld_u16(h, d, ADDR)) \
	X(lwu,    "lwu",    0x00006003, 0x0000707f, I, I, LOAD, WX | K64_F_LOAD, "d,o", RD = k64_ld_u32(h, d, ADDR)) \
	X(sb,     "sb",     0x00000023, 0x0000707f, I, S, STORE, K64_F_STORE, "t,o", k64_st_u8(h, d, ADDR, RS2)) \
	X(sh,     "sh",     0x00001023, 0x0000707f, I, S, STORE, K64_F_STORE, "t,o", k64_st_u16(h, d, ADDR, RS2)) \
	X(sw,     "sw",     0x00002023, 0x0000707f, I, S, STORE, K64_F_STORE, "t,o", k64_st_u32(h, d, ADDR, RS2)) \
	X(sd,     "sd",     0x00003023, 0x0000707f, I, S, STORE, K64_F_STORE, "t,o", k64_st_u64(h, d, ADDR, RS2)) \
	/* FENCE, PAUSE (Zihintpause) and the reserved fence encodings: no effect on one hart. */ \
	X(fence,  "fence",  0x0000000f, 0x0000707f, I, NONE, FENCE, 0, "", (void)0) \
	/* M */ \
	X(mul,    "mul",    0x02000033, 0xfe00707f, M, R, MUL, WX, "d,s,t", RD = RS1 * RS2) \
	X(mulh,   "mulh",   0x02001033, 0xfe00707f, M, R, MUL, WX, "d,s,t", RD = k64_mulh(RS1, RS2)) \
	X(mulhsu, "mulhsu", 0x02002033, 0xfe00707f, M, R, MUL, WX, "d,s,t", RD = k64_mulhsu(RS1, RS2)) \
	X(mulhu,  "mulhu",  0x02003033, 0xfe00707f, M, R, MUL, WX, "d,s,t", RD = k64_mulhu(RS1, RS2)) \
	X(div,    "div",    0x02004033, 0xfe00707f, M, R, DIV, WX, "d,s,t", RD = k64_div(RS1, RS2)) \
	X(divu,   "divu",   0x02005033, 0xfe00707f, M, R, DIV, WX, "d,s,t", RD = RS2 ? RS1 / RS2 : ~0ull) \
	X(rem,    "rem",    0x02006033, 0xfe00707f, M, R, DIV, WX, "d,s,t", RD = k64_rem(RS1, RS2)) \
	X(remu,   "remu",   0x02007033, 0xfe00707f, M, R, DIV, WX, "d,s,t", RD = RS2 ? RS1 % RS2 : RS1) \
	X(mulw,   "mulw",   0x0200003b, 0xfe00707f, M, R, MUL, WX, "d,s,t", RD = SX32(RS1 * RS2)) \
	X(divw,   "divw",   0x0200403b, 0xfe00707f, M, R, DIV, WX, "d,s,t", RD = k64_divw(RS1, RS2)) \
	X(divuw,  "divuw",  0x0200503b, 0xfe00707f, M, R, DIV, WX, "d,s,t", RD = k64_divuw(RS1, RS2)) \
	X(remw,   "remw",   0x0200603b, 0xfe00707f, M, R, DIV, WX, "d,s,t", RD = k64_remw(RS1, RS2)) \
	X(remuw,  "remuw",  0x0200703b, 0xfe00707f, M, R, DIV, WX, "d,s,t", RD = k64_remuw(RS1, RS2)) \
	/* Zba */ \
	X(sh1add, "sh1add", 0x20002033, 0xfe00707f, ZBA, R, ALU, WX, "d,s,t", RD = (RS1 << 1) + RS2) \
	X(sh2add, "sh2add", 0x20004033, 0xfe00707f, ZBA, R, ALU, WX, "d,s,t", RD = (RS1 << 2) + RS2) \
	X(sh3add, "sh3add", 0x20006033, 0xfe00707f, ZBA, R, ALU, WX, "d,s,t", RD = (RS1 << 3) + RS2) \
	X(add_uw, "add.uw", 0x0800003b, 0xfe00707f, ZBA, R, ALU, WX, "d,s,t", RD = (uint32_t)RS1 + RS2) \
	X(sh1add_uw, "sh1add.uw", 0x2000203b, 0xfe00707f, ZBA, R, ALU, WX, "d,s,t", RD = ((uint64_t)(uint32_t)RS1 << 1) + RS2) \
	X(sh2add_uw, "sh2add.uw", 0x2000403b, 0xfe00707f, ZBA, R, ALU, WX, "d,s,t", RD = ((uint64_t)(uint32_t)RS1 << 2) + RS2) \
	X(sh3add_uw, "sh3add.uw", 0x2000603b, 0xfe00707f, ZBA, R, ALU, WX, "d,s,t", RD = ((uint64_t)(uint32_t)RS1 << 3) + RS2) \
	X(slli_uw, "slli.uw", 0x0800101b, 0xfc00707f, ZBA, SH, ALU, WX, "d,s,i", RD = (uint64_t)(uint32_t)RS1 << IMM) \
	/* Zbb */ \
	X(andn,   "andn",   0x40007033, 0xfe00707f, ZBB, R, ALU, WX, "d,s,t", RD = RS1 & ~RS2) \
	X(orn,    "orn",    0x40006033, 0xfe00707f, ZBB, R, ALU, WX, "d,s,t", RD = RS1 | ~RS2) \
	X(xnor,   "xnor",   0x40004033, 0xfe00707f, ZBB, R, ALU, WX, "d,s,t", RD = ~(RS1 ^ RS2)) \
	X(clz,    "clz",    0x60001013, 0xfff0707f, ZBB, R, ALU, WX, "d,s",   RD = k64_clz(RS1)) \
	X(clzw,   "clzw",   0x6000101b, 0xfff0707f, ZBB, R, ALU, WX, "d,s",   RD = k64_clzw(RS1)) \
	X(ctz,    "ctz",    0x60101013, 0xfff0707f, ZBB, R, ALU, WX, "d,s",   RD = k64_ctz(RS1)) \
	X(ctzw,   "ctzw",   0x6010101b, 0xfff0707f, ZBB, R, ALU, WX, "d,s",   RD = k64_ctzw(RS1)) \
	X(cpop,   "cpop",   0x60201013, 0xfff0707f, ZBB, R, ALU, WX, "d,s",   RD = (uint64_t)__builtin_popcountll(RS1)) \
	X(cpopw,  "cpopw",  0x6020101b, 0xfff0707f, ZBB, R, ALU, WX, "d,s",   RD = (uint64_t)__builtin_popcount((uint32_t)RS1)) \
	X(max,    "max",    0x0a006033, 0xfe00707f, ZBB, R, ALU, WX, "d,s,t", RD = (int64_t)RS1 > (int64_t)RS2 ? RS1 : RS2) \
	X(maxu,   "maxu",   0x0a007033, 0xfe00707f, ZBB, R, ALU, WX, "d,s,t", RD = RS1 > RS2 ? RS1 : RS2) \
	X(min,    "min",    0x0a004033, 0xfe00707f, ZBB, R, ALU, WX, "d,s,t", RD = (int64_t)RS1 < (int64_t)RS2 ? RS1 : RS2) \
	X(minu,   "minu",   0x0a005033, 0xfe00707f, ZBB, R, ALU, WX, "d,s,t", RD = RS1 < RS2 ? RS1 : RS2) \
	X(sext_b, "sext.b", 0x60401013, 0xfff0707f, ZBB, R, ALU, WX, "d,s",   RD = (uint64_t)(int64_t)(int8_t)RS1) \
	X(sext_h, "sext.h", 0x60501013, 0xfff0707f, ZBB, R, ALU, WX, "d,s",   RD = (uint64_t)(int64_t)(int16_t)RS1) \
	X(zext_h, "zext.h", 0x0800403b, 0xfff0707f, ZBB, R, ALU, WX, "d,s",   RD = (uint16_t)RS1) \
	X(rol,    "rol",    0x60001033, 0xfe00707f, ZBB, R, ALU, WX, "d,s,t", RD = k64_rol(RS1, RS2)) \
	X(ror,    "ror",    0x60005033, 0xfe00707f, ZBB, R, ALU, WX, "d,s,t", RD = k64_ror(RS1, RS2)) \
	X(rori,   "rori",   0x60005013, 0xfc00707f, ZBB, SH, ALU, WX, "d,s,i", RD = k64_ror(RS1, IMM)) \
	X(rolw,   "rolw",   0x6000103b, 0xfe00707f, ZBB, R, ALU, WX, "d,s,t", RD = SX32(k64_rol32(RS1, RS2))) \
	X(rorw,   "rorw",   0x6000503b, 0xfe00707f, ZBB, R, ALU, WX, "d,s,t", RD = SX32(k64_ror32(RS1, RS2))) \
	X(roriw,  "roriw",  0x6000501b, 0xfe00707f, ZBB, SH, ALU, WX, "d,s,i", RD = SX32(k64_ror32(RS1, IMM))) \
	X(orc_b,  "orc.b",  0x28705013, 0xfff0707f, ZBB, R, ALU, WX, "d,s",   RD = k64_orcb(RS1)) \
	X(rev8,   "rev8",   0x6b805013, 0xfff0707f, ZBB, R, ALU, WX, "d,s",   RD = __builtin_bswap64(RS1)) \
	/* Zbc */ \
	X(clmul,  "clmul",  0x0a001033, 0xfe00707f, ZBC, R, ALU, WX, "d,s,t", RD = k64_clmul(RS1, RS2)) \
	X(clmulh, "clmulh", 0x0a003033, 0xfe00707f, ZBC, R, ALU, WX, "d,s,t", RD = k64_clmulh(RS1, RS2)) \
	X(clmulr, "clmulr", 0x0a002033, 0xfe00707f, ZBC, R, ALU, WX, "d,s,t", RD = k64_clmulr(RS1, RS2)) \
	/* Zbs */ \
	X(bclr,   "bclr",   0x48001033, 0xfe00707f, ZBS, R, ALU, WX, "d,s,t", RD = RS1 & ~(1ull << (RS2 & 63))) \
	X(bclri,  "bclri",  0x48001013, 0xfc00707f, ZBS, SH, ALU, WX, "d,s,i", RD = RS1 & ~(1ull << IMM)) \
	X(bext,   "bext",   0x48005033, 0xfe00707f, ZBS, R, ALU, WX, "d,s,t", RD = (RS1 >> (RS2 & 63)) & 1) \
	X(bexti,  "bexti",  0x48005013, 0xfc00707f, ZBS, SH, ALU, WX, "d,s,i", RD = (RS1 >> IMM) & 1) \
	X(binv,   "binv",   0x68001033, 0xfe00707f, ZBS, R, ALU, WX, "d,s,t", RD = RS1 ^ (1ull << (RS2 & 63))) \
	X(binvi,  "binvi",  0x68001013, 0xfc00707f, ZBS, SH, ALU, WX, "d,s,i", RD = RS1 ^ (1ull << IMM)) \
	X(bset,   "bset",   0x28001033, 0xfe00707f, ZBS, R, ALU, WX, "d,s,t", RD = RS1 | (1ull << (RS2 & 63))) \
	X(bseti,  "bseti",  0x28001013, 0xfc00707f, ZBS, SH, ALU, WX, "d,s,i", RD = RS1 | (1ull << IMM)) \
	/* Zicond */ \
	X(czero_eqz, "czero.eqz", 0x0e005033, 0xfe00707f, ZICOND, R, ALU, WX, "d,s,t", RD = RS2 ? RS1 : 0) \
	X(czero_nez, "czero.nez", 0x0e007033, 0xfe00707f, ZICOND, R, ALU, WX, "d,s,t", RD = RS2 ? 0 : RS1) \
	/* Zimop: may-be-operations write 0 to rd until redefined (Zimop chapter). */ \
	X(mop_r,  "mop.r",  0x81c04073, 0xb3c0707f, ZIMOP, R, ALU, WX, "d,s",   RD = 0) \
	X(mop_rr, "mop.rr", 0x82004073, 0xb200707f, ZIMOP, R, ALU, WX, "d,s,t", RD = 0)

#endif
