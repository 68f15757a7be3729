/* RVC expansion for RV64.  References: unprivileged ISA manual, chapter "C" Standard Extension
 * for Compressed Instructions (v2.0), "RVC Instruction Set Listings" for the encodings, and
 * "HINT Instructions" for the hint code points; chapter "Zc*" (Zcb) and chapter "Zcmop".
 * Every expansion is the 32-bit instruction the manual gives as the compressed form's meaning. */
#include "isa/rvc.h"

enum {
	OP_LOAD = 0x03, OP_LOAD_FP = 0x07, OP_IMM = 0x13, OP_IMM_32 = 0x1b, OP_STORE = 0x23,
	OP_STORE_FP = 0x27, OP_OP = 0x33, OP_LUI = 0x37, OP_OP_32 = 0x3b, OP_BRANCH = 0x63,
	OP_JALR = 0x67, OP_JAL = 0x6f,
};

#define NOP 0x00000013u          /* addi x0, x0, 0 */
#define EBREAK 0x00100073u

static inline uint32_t bits(uint32_t x, int hi, int lo) { return (x >> lo) & ((1u << (hi - lo + 1)) - 1); }
static inline uint32_t bit(uint32_t x, int n) { return (x >> n) & 1; }
/* Sign-extends the low n bits of x. */
static inline int32_t sext(uint32_t x, int n) { return (int32_t)(x << (32 - n)) >> (32 - n); }

static uint32_t itype(uint32_t op, uint32_t rd, uint32_t f3, uint32_t rs1, int32_t imm)
{
	return ((uint32_t)imm & 0xfff) << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}
static uint32_t stype(uint32_t op, uint32_t f3, uint32_t rs1, uint32_t rs2, int32_t imm)
{
	uint32_t u = (uint32_t)imm;
	return bits(u, 11, 5) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | bits(u, 4, 0) << 7 | op;
}
static uint32_t rtype(uint32_t op, uint32_t f7, uint32_t rd, uint32_t f3, uint32_t rs1, uint32_t rs2)
{
	return f7 << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}
static uint32_t btype(uint32_t f3, uint32_t rs1, uint32_t rs2, int32_t off)
{
	uint32_t u = (uint32_t)off;
	return bit(u, 12) << 31 | bits(u, 10, 5) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 |
	       bits(u, 4, 1) << 8 | bit(u, 11) << 7 | OP_BRANCH;
}
static uint32_t jal(uint32_t rd, int32_t off)
{
	uint32_t u = (uint32_t)off;
	return bit(u, 20) << 31 | bits(u, 10, 1) << 21 | bit(u, 11) << 20 | bits(u, 19, 12) << 12 |
	       rd << 7 | OP_JAL;
}

/* Scaled immediates, named after the instructions of the listings that use them. */
static uint32_t imm_ld(uint32_t c) { return bits(c, 12, 10) << 3 | bits(c, 6, 5) << 6; }          /* c.ld/c.sd/c.fld/c.fsd */
static uint32_t imm_lw(uint32_t c) { return bits(c, 12, 10) << 3 | bit(c, 6) << 2 | bit(c, 5) << 6; } /* c.lw/c.sw */
static int32_t imm_ci(uint32_t c) { return sext(bit(c, 12) << 5 | bits(c, 6, 2), 6); }
static uint32_t shamt_ci(uint32_t c) { return bit(c, 12) << 5 | bits(c, 6, 2); }
static int32_t imm_cj(uint32_t c)
{
	return sext(bit(c, 12) << 11 | bit(c, 11) << 4 | bits(c, 10, 9) << 8 | bit(c, 8) << 10 |
		    bit(c, 7) << 6 | bit(c, 6) << 7 | bits(c, 5, 3) << 1 | bit(c, 2) << 5, 12);
}
static int32_t imm_cb(uint32_t c)
{
	return sext(bit(c, 12) << 8 | bits(c, 11, 10) << 3 | bits(c, 6, 5) << 6 | bits(c, 4, 3) << 1 |
		    bit(c, 2) << 5, 9);
}

static uint32_t q0(uint32_t c, const struct k64_isa *isa)
{
	uint32_t rd = 8 + bits(c, 4, 2), rs1 = 8 + bits(c, 9, 7);   /* rd'/rs2' and rs1' */
	switch (bits(c, 15, 13)) {
	case 0: {   /* c.addi4spn; nzuimm = 0 is reserved (covers the all-zero defined illegal word) */
		uint32_t imm = bits(c, 12, 11) << 4 | bits(c, 10, 7) << 6 | bit(c, 6) << 2 | bit(c, 5) << 3;
		return imm ? itype(OP_IMM, rd, 0, 2, (int32_t)imm) : 0;
	}
	case 1:     /* c.fld (Zcd) */
		return k64_has(isa, K64_EXT_ZCD) ? itype(OP_LOAD_FP, rd, 3, rs1, (int32_t)imm_ld(c)) : 0;
	case 2:     /* c.lw */
		return itype(OP_LOAD, rd, 2, rs1, (int32_t)imm_lw(c));
	case 3:     /* c.ld (RV64) */
		return itype(OP_LOAD, rd, 3, rs1, (int32_t)imm_ld(c));
	case 4: {   /* reserved in Zca; Zcb loads and stores (Zc* chapter, Zcb listings) */
		if (!k64_has(isa, K64_EXT_ZCB))
			return 0;
		uint32_t u1 = bit(c, 5) << 1, u0 = bit(c, 6);
		switch (bits(c, 12, 10)) {
		case 0: return itype(OP_LOAD, rd, 4, rs1, (int32_t)(u1 | u0));          /* c.lbu */
		case 1: return itype(OP_LOAD, rd, u0 ? 1 : 5, rs1, (int32_t)u1);        /* c.lh / c.lhu */
		case 2: return stype(OP_STORE, 0, rs1, rd, (int32_t)(u1 | u0));         /* c.sb */
		case 3: return u0 ? 0 : stype(OP_STORE, 1, rs1, rd, (int32_t)u1);       /* c.sh; bit 6 set is reserved */
		default: return 0;
		}
	}
	case 5:     /* c.fsd (Zcd) */
		return k64_has(isa, K64_EXT_ZCD) ? stype(OP_STORE_FP, 3, rs1, rd, (int32_t)imm_ld(c)) : 0;
	case 6:     /* c.sw */
		return stype(OP_STORE, 2, rs1, rd, (int32_t)imm_lw(c));
	default:    /* c.sd (RV64) */
		return stype(OP_STORE, 3, rs1, rd, (int32_t)imm_ld(c));
	}
}

/* Funct6 100111 of quadrant 1: c.subw/c.addw and the Zcb arithmetic forms. */
static uint32_t q1_arith_w(uint32_t c, const struct k64_isa *isa)
{
	uint32_t rd = 8 + bits(c, 9, 7), rs2 = 8 + bits(c, 4, 2);
	switch (bits(c, 6, 5)) {
	case 0: return rtype(OP_OP_32, 0x20, rd, 0, rd, rs2);                      /* c.subw */
	case 1: return rtype(OP_OP_32, 0x00, rd, 0, rd, rs2);                      /* c.addw */
	case 2:     /* c.mul: Zcb, and needs M (Zcb chapter) */
		if (!k64_has(isa, K64_EXT_ZCB) || !k64_has(isa, K64_EXT_M))
			return 0;
		return rtype(OP_OP, 0x01, rd, 0, rd, rs2);
	}
	if (!k64_has(isa, K64_EXT_ZCB))
		return 0;
	/* Zcb unary forms; each one needs the extension of its 32-bit form (Zcb chapter). */
	bool zbb = k64_has(isa, K64_EXT_ZBB);
	switch (bits(c, 4, 2)) {
	case 0: return itype(OP_IMM, rd, 7, rd, 0xff);                             /* c.zext.b = andi rd, rd, 255 */
	case 1: return zbb ? itype(OP_IMM, rd, 1, rd, 0x604) : 0;                  /* c.sext.b = sext.b */
	case 2: return zbb ? rtype(OP_OP_32, 0x04, rd, 4, rd, 0) : 0;              /* c.zext.h = zext.h (RV64) */
	case 3: return zbb ? itype(OP_IMM, rd, 1, rd, 0x605) : 0;                  /* c.sext.h = sext.h */
	case 4:     /* c.zext.w = add.uw rd, rd, x0 (Zba) */
		return k64_has(isa, K64_EXT_ZBA) ? rtype(OP_OP_32, 0x04, rd, 0, rd, 0) : 0;
	case 5: return itype(OP_IMM, rd, 4, rd, -1);                               /* c.not = xori rd, rd, -1 */
	default: return 0;                                                         /* reserved */
	}
}

static uint32_t q1(uint32_t c, const struct k64_isa *isa)
{
	uint32_t rd = bits(c, 11, 7);
	switch (bits(c, 15, 13)) {
	case 0:     /* c.addi; rd = x0 (c.nop and nonzero-imm HINTs) and imm = 0 HINTs keep their form */
		return itype(OP_IMM, rd, 0, rd, imm_ci(c));
	case 1:     /* c.addiw (RV64): rd = x0 is reserved */
		return rd ? itype(OP_IMM_32, rd, 0, rd, imm_ci(c)) : 0;
	case 2:     /* c.li; rd = x0 is a HINT */
		return itype(OP_IMM, rd, 0, 0, imm_ci(c));
	case 3:
		if (rd == 2) {   /* c.addi16sp; nzimm = 0 is reserved */
			int32_t imm = sext(bit(c, 12) << 9 | bit(c, 6) << 4 | bit(c, 5) << 6 |
					   bits(c, 4, 3) << 7 | bit(c, 2) << 5, 10);
			return imm ? itype(OP_IMM, 2, 0, 2, imm) : 0;
		}
		if (bit(c, 12) == 0 && bits(c, 6, 2) == 0) {
			/* c.lui with nzimm = 0 is reserved; Zcmop takes the odd rd x1..x15 as c.mop.n,
			 * which writes no register in this version of Zcmop, so a nop is equivalent. */
			if (k64_has(isa, K64_EXT_ZCMOP) && (rd & 1) && rd < 16)
				return NOP;
			return 0;
		}
		/* c.lui; rd = x0 is a HINT */
		return (uint32_t)sext(bit(c, 12) << 17 | bits(c, 6, 2) << 12, 18) | rd << 7 | OP_LUI;
	case 4: {
		uint32_t r = 8 + bits(c, 9, 7), rs2 = 8 + bits(c, 4, 2);
		switch (bits(c, 11, 10)) {
		case 0: return itype(OP_IMM, r, 5, r, (int32_t)shamt_ci(c));           /* c.srli; shamt = 0 is a HINT */
		case 1: return itype(OP_IMM, r, 5, r, (int32_t)(shamt_ci(c) | 0x400)); /* c.srai; shamt = 0 is a HINT */
		case 2: return itype(OP_IMM, r, 7, r, imm_ci(c));                      /* c.andi */
		}
		if (bit(c, 12))
			return q1_arith_w(c, isa);
		static const uint32_t f3[4] = { 0, 4, 6, 7 }, f7[4] = { 0x20, 0, 0, 0 };  /* sub xor or and */
		return rtype(OP_OP, f7[bits(c, 6, 5)], r, f3[bits(c, 6, 5)], r, rs2);
	}
	case 5:     /* c.j */
		return jal(0, imm_cj(c));
	case 6:     /* c.beqz */
		return btype(0, 8 + bits(c, 9, 7), 0, imm_cb(c));
	default:    /* c.bnez */
		return btype(1, 8 + bits(c, 9, 7), 0, imm_cb(c));
	}
}

static uint32_t q2(uint32_t c, const struct k64_isa *isa)
{
	uint32_t rd = bits(c, 11, 7), rs2 = bits(c, 6, 2);
	uint32_t imm_ldsp = bit(c, 12) << 5 | bits(c, 6, 5) << 3 | bits(c, 4, 2) << 6;
	uint32_t imm_sdsp = bits(c, 12, 10) << 3 | bits(c, 9, 7) << 6;
	switch (bits(c, 15, 13)) {
	case 0:     /* c.slli; rd = x0 and shamt = 0 are HINTs */
		return itype(OP_IMM, rd, 1, rd, (int32_t)shamt_ci(c));
	case 1:     /* c.fldsp (Zcd) */
		return k64_has(isa, K64_EXT_ZCD) ? itype(OP_LOAD_FP, rd, 3, 2, (int32_t)imm_ldsp) : 0;
	case 2: {   /* c.lwsp; rd = x0 is reserved */
		uint32_t imm = bit(c, 12) << 5 | bits(c, 6, 4) << 2 | bits(c, 3, 2) << 6;
		return rd ? itype(OP_LOAD, rd, 2, 2, (int32_t)imm) : 0;
	}
	case 3:     /* c.ldsp (RV64); rd = x0 is reserved */
		return rd ? itype(OP_LOAD, rd, 3, 2, (int32_t)imm_ldsp) : 0;
	case 4:
		if (!bit(c, 12)) {
			if (rs2)   /* c.mv = add rd, x0, rs2; rd = x0 is a HINT */
				return rtype(OP_OP, 0, rd, 0, 0, rs2);
			/* c.jr = jalr x0, 0(rs1); rs1 = x0 is reserved */
			return rd ? itype(OP_JALR, 0, 0, rd, 0) : 0;
		}
		if (rs2)           /* c.add; rd = x0 is a HINT */
			return rtype(OP_OP, 0, rd, 0, rd, rs2);
		if (rd)            /* c.jalr = jalr x1, 0(rs1) */
			return itype(OP_JALR, 1, 0, rd, 0);
		return EBREAK;     /* c.ebreak */
	case 5:     /* c.fsdsp (Zcd) */
		return k64_has(isa, K64_EXT_ZCD) ? stype(OP_STORE_FP, 3, 2, rs2, (int32_t)imm_sdsp) : 0;
	case 6:     /* c.swsp */
		return stype(OP_STORE, 2, 2, rs2, (int32_t)(bits(c, 12, 9) << 2 | bits(c, 8, 7) << 6));
	default:    /* c.sdsp (RV64) */
		return stype(OP_STORE, 3, 2, rs2, (int32_t)imm_sdsp);
	}
}

uint32_t k64_rvc_expand(uint16_t c, const struct k64_isa *isa)
{
	if (!k64_has(isa, K64_EXT_ZCA))
		return 0;
	switch (c & 3) {
	case 0: return q0(c, isa);
	case 1: return q1(c, isa);
	case 2: return q2(c, isa);
	default: return 0;   /* quadrant 3 is the 32-bit encoding space, not RVC */
	}
}
