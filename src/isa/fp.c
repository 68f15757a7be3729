/* F, D, Zfa and Zfhmin instructions (unprivileged manual chapters "F", "D", "Zfa", "Zfh"):
 * register access with NaN boxing, rounding-mode resolution and the instruction table. The
 * arithmetic itself is in isa/fp_arith.c (API in isa/fp.h, shared with the vector unit). */
#include "core/hart.h"
#include "isa/fp.h"

/* ---- register access (D chapter, "NaN Boxing of Narrower Values") ------------------------ */
/* A narrower operand that is not properly NaN-boxed reads as the canonical NaN. */
static inline uint64_t f_read(const struct k64_hart *h, unsigned w, unsigned r)
{
	uint64_t v = h->f[r];
	if (w == 64)
		return v;
	if (w == 32)
		return (v >> 32) == 0xffffffffu ? (uint32_t)v : 0x7fc00000u;
	return (v >> 16) == 0xffffffffffffull ? (uint16_t)v : 0x7e00u;
}
static inline void f_write(struct k64_hart *h, unsigned w, unsigned r, uint64_t v)
{
	h->f[r] = w == 64 ? v : v | (~0ull << w);
}

/* Rounding mode of d: the static field, or frm for dyn; 5, 6 and an invalid frm are reserved
 * (F chapter, "Floating-Point Control and Status Register"): illegal instruction. */
static inline unsigned fp_rm(struct k64_hart *h, const struct k64_dinsn *d)
{
	unsigned rm = d->rm == K64_RM_DYN ? h->frm : d->rm;
	if (unlikely(rm > K64_RM_RMM))
		k64_illegal(h, d);
	return rm;
}

/* Instructions of one extension that need a second one too (e.g. Zfa's .d forms need D). */
static inline void require_ext(struct k64_hart *h, const struct k64_dinsn *d, enum k64_ext e)
{
	if (unlikely(!k64_has(&h->isa, e)))
		k64_illegal(h, d);
}

#define EXEC(name) static void k64_exec_##name(struct k64_hart *h, const struct k64_dinsn *d)

/* ---- loads and stores: transfers, no boxing check (D chapter) ---------------------------- */
EXEC(flh) { k64_require_fp(h, d); f_write(h, 16, d->rd, k64_ld_u16(h, d, h->x[d->rs1] + d->imm)); }
EXEC(flw) { k64_require_fp(h, d); f_write(h, 32, d->rd, k64_ld_u32(h, d, h->x[d->rs1] + d->imm)); }
EXEC(fld) { k64_require_fp(h, d); f_write(h, 64, d->rd, k64_ld_u64(h, d, h->x[d->rs1] + d->imm)); }
EXEC(fsh) { k64_require_fp(h, d); k64_st_u16(h, d, h->x[d->rs1] + d->imm, h->f[d->rs2]); }
EXEC(fsw) { k64_require_fp(h, d); k64_st_u32(h, d, h->x[d->rs1] + d->imm, h->f[d->rs2]); }
EXEC(fsd) { k64_require_fp(h, d); k64_st_u64(h, d, h->x[d->rs1] + d->imm, h->f[d->rs2]); }

/* ---- arithmetic --------------------------------------------------------------------------- */
#define ARITH2(op, sfx, W)                                                                      \
	EXEC(f##op##_##sfx)                                                                     \
	{                                                                                       \
		unsigned rm = fp_rm(h, d);                                                      \
		k64_require_fp(h, d);                                                           \
		f_write(h, W, d->rd, k64_fp_##op(W, f_read(h, W, d->rs1), f_read(h, W, d->rs2), \
						 rm, &h->fflags));                              \
	}
#define SQRT(sfx, W)                                                                            \
	EXEC(fsqrt_##sfx)                                                                       \
	{                                                                                       \
		unsigned rm = fp_rm(h, d);                                                      \
		k64_require_fp(h, d);                                                           \
		f_write(h, W, d->rd, k64_fp_sqrt(W, f_read(h, W, d->rs1), rm, &h->fflags));     \
	}
/* fmadd: rs1*rs2+rs3; fmsub: rs1*rs2-rs3; fnmsub: -(rs1*rs2)+rs3; fnmadd: -(rs1*rs2)-rs3. */
#define FMA(name, sfx, W, np, na)                                                               \
	EXEC(name##_##sfx)                                                                      \
	{                                                                                       \
		unsigned rm = fp_rm(h, d);                                                      \
		k64_require_fp(h, d);                                                           \
		f_write(h, W, d->rd, k64_fp_fma(W, f_read(h, W, d->rs1), f_read(h, W, d->rs2),  \
						f_read(h, W, d->rs3), np, na, rm, &h->fflags)); \
	}
#define SGNJ(name, sfx, W, kind)                                                                \
	EXEC(name##_##sfx)                                                                      \
	{                                                                                       \
		k64_require_fp(h, d);                                                           \
		f_write(h, W, d->rd, k64_fp_sgnj(W, f_read(h, W, d->rs1), f_read(h, W, d->rs2), kind)); \
	}
#define MINMAX(name, sfx, W, fn, REQ)                                                           \
	EXEC(name##_##sfx)                                                                      \
	{                                                                                       \
		REQ                                                                             \
		k64_require_fp(h, d);                                                           \
		f_write(h, W, d->rd, fn(W, f_read(h, W, d->rs1), f_read(h, W, d->rs2), &h->fflags)); \
	}
#define CMP(name, sfx, W, fn, REQ)                                                              \
	EXEC(name##_##sfx)                                                                      \
	{                                                                                       \
		REQ                                                                             \
		k64_require_fp(h, d);                                                           \
		h->x[d->rd] = fn(W, f_read(h, W, d->rs1), f_read(h, W, d->rs2), &h->fflags);    \
	}
#define CLASS(sfx, W)                                                                           \
	EXEC(fclass_##sfx)                                                                      \
	{                                                                                       \
		k64_require_fp(h, d);                                                           \
		h->x[d->rd] = k64_fp_class(W, f_read(h, W, d->rs1));                            \
	}
/* float -> integer; the result is written sign-extended (fcvt.wu.s too, F chapter). */
#define TO_INT(name, sfx, W, ib, sg)                                                            \
	EXEC(name##_##sfx)                                                                      \
	{                                                                                       \
		unsigned rm = fp_rm(h, d);                                                      \
		k64_require_fp(h, d);                                                           \
		h->x[d->rd] = k64_fp_to_int(W, f_read(h, W, d->rs1), ib, sg, rm, &h->fflags);   \
	}
#define FROM_INT(name, W, ib, sg)                                                               \
	EXEC(name)                                                                      \
	{                                                                                       \
		unsigned rm = fp_rm(h, d);                                                      \
		k64_require_fp(h, d);                                                           \
		f_write(h, W, d->rd, k64_fp_from_int(W, h->x[d->rs1], ib, sg, rm, &h->fflags)); \
	}

#define FP_COMMON(sfx, W)                                                                       \
	ARITH2(add, sfx, W) ARITH2(sub, sfx, W) ARITH2(mul, sfx, W) ARITH2(div, sfx, W)         \
	SQRT(sfx, W)                                                                            \
	FMA(fmadd, sfx, W, 0, 0) FMA(fmsub, sfx, W, 0, 1)                                       \
	FMA(fnmsub, sfx, W, 1, 0) FMA(fnmadd, sfx, W, 1, 1)                                     \
	SGNJ(fsgnj, sfx, W, 0) SGNJ(fsgnjn, sfx, W, 1) SGNJ(fsgnjx, sfx, W, 2)                  \
	MINMAX(fmin, sfx, W, k64_fp_min, ) MINMAX(fmax, sfx, W, k64_fp_max, )                   \
	CMP(feq, sfx, W, k64_fp_eq, ) CMP(flt, sfx, W, k64_fp_lt, ) CMP(fle, sfx, W, k64_fp_le, ) \
	CLASS(sfx, W)                                                                           \
	TO_INT(fcvt_w, sfx, W, 32, true) TO_INT(fcvt_wu, sfx, W, 32, false)                     \
	TO_INT(fcvt_l, sfx, W, 64, true) TO_INT(fcvt_lu, sfx, W, 64, false)                     \
	FROM_INT(fcvt_##sfx##_w, W, 32, true)                                                   \
	FROM_INT(fcvt_##sfx##_wu, W, 32, false)                                                 \
	FROM_INT(fcvt_##sfx##_l, W, 64, true)                                                   \
	FROM_INT(fcvt_##sfx##_lu, W, 64, false)
FP_COMMON(s, 32)
FP_COMMON(d, 64)

/* ---- format conversions (F, D and Zfhmin) ------------------------------------------------- */
#define CVT(name, TO, FROM, ext2)                                                               \
	EXEC(name)                                                                              \
	{                                                                                       \
		unsigned rm = fp_rm(h, d);                                                      \
		if (ext2 != K64_EXT_COUNT)                                                      \
			require_ext(h, d, ext2);                                                \
		k64_require_fp(h, d);                                                           \
		f_write(h, TO, d->rd, k64_fp_cvt(TO, FROM, f_read(h, FROM, d->rs1), rm, &h->fflags)); \
	}
CVT(fcvt_s_d, 32, 64, K64_EXT_COUNT)
CVT(fcvt_d_s, 64, 32, K64_EXT_COUNT)
CVT(fcvt_s_h, 32, 16, K64_EXT_COUNT)
CVT(fcvt_h_s, 16, 32, K64_EXT_COUNT)
CVT(fcvt_d_h, 64, 16, K64_EXT_D)
CVT(fcvt_h_d, 16, 64, K64_EXT_D)

/* ---- moves: transfers, no boxing check ---------------------------------------------------- */
EXEC(fmv_x_h) { k64_require_fp(h, d); h->x[d->rd] = (uint64_t)(int64_t)(int16_t)h->f[d->rs1]; }
EXEC(fmv_x_w) { k64_require_fp(h, d); h->x[d->rd] = (uint64_t)(int64_t)(int32_t)h->f[d->rs1]; }
EXEC(fmv_x_d) { k64_require_fp(h, d); h->x[d->rd] = h->f[d->rs1]; }
EXEC(fmv_h_x) { k64_require_fp(h, d); f_write(h, 16, d->rd, (uint16_t)h->x[d->rs1]); }
EXEC(fmv_w_x) { k64_require_fp(h, d); f_write(h, 32, d->rd, (uint32_t)h->x[d->rs1]); }
EXEC(fmv_d_x) { k64_require_fp(h, d); f_write(h, 64, d->rd, h->x[d->rs1]); }

/* ---- Zfa ------------------------------------------------------------------------------------ */
/* fli: rs1 indexes the manual's table of constants (Zfa chapter, "fli"). */
EXEC(fli_s) { k64_require_fp(h, d); f_write(h, 32, d->rd, k64_fp_fli(32, d->rs1)); }
EXEC(fli_d)
{
	require_ext(h, d, K64_EXT_D);
	k64_require_fp(h, d);
	f_write(h, 64, d->rd, k64_fp_fli(64, d->rs1));
}
#define REQ_D require_ext(h, d, K64_EXT_D);
MINMAX(fminm, s, 32, k64_fp_minm, )
MINMAX(fmaxm, s, 32, k64_fp_maxm, )
MINMAX(fminm, d, 64, k64_fp_minm, REQ_D)
MINMAX(fmaxm, d, 64, k64_fp_maxm, REQ_D)
CMP(fleq, s, 32, k64_fp_leq, )
CMP(fltq, s, 32, k64_fp_ltq, )
CMP(fleq, d, 64, k64_fp_leq, REQ_D)
CMP(fltq, d, 64, k64_fp_ltq, REQ_D)

/* fround/froundnx: round to an integral value in the format; only froundnx raises NX. */
#define ROUND(name, W, nx)                                                                      \
	EXEC(name)                                                                              \
	{                                                                                       \
		unsigned rm = fp_rm(h, d);                                                      \
		if (W == 64)                                                                    \
			require_ext(h, d, K64_EXT_D);                                           \
		k64_require_fp(h, d);                                                           \
		f_write(h, W, d->rd, k64_fp_round_int(W, f_read(h, W, d->rs1), rm, nx, &h->fflags)); \
	}
ROUND(fround_s, 32, false)
ROUND(froundnx_s, 32, true)
ROUND(fround_d, 64, false)
ROUND(froundnx_d, 64, true)

/* fcvtmod.w.d: the encoding fixes rm = RTZ (Zfa chapter). */
EXEC(fcvtmod_w_d)
{
	require_ext(h, d, K64_EXT_D);
	k64_require_fp(h, d);
	h->x[d->rd] = k64_fp_cvtmod_w_d(h->f[d->rs1], &h->fflags);
}

/* ---- the table ---------------------------------------------------------------------------- */
#define FP K64_F_FP
#define WF (K64_F_FP | K64_F_WF)
#define WX (K64_F_FP | K64_F_WX)
#define M_RM   0xfe00007fu   /* funct7, opcode; rm free */
#define M_RS2  0xfff0007fu   /* funct7, rs2, opcode; rm free */
#define M_F3   0xfe00707fu   /* funct7, funct3, opcode */
#define M_RS2F3 0xfff0707fu  /* funct7, rs2, funct3, opcode */
#define M_R4   0x0600007fu   /* fmt, opcode */
#define M_LS   0x0000707fu

#define OPFP(f7) (0x53u | (uint32_t)(f7) << 25)
/* cls: the instruction class (core/observe.h); prec: the precision in bytes the fmt field (or
 * the load/store width) gives */
#define ROW(n, match, mask, ext, fmt, fl, fn, args, sz, cls, prec) \
	{ n, match, mask, K64_EXT_##ext, K64_FMT_##fmt, fl, K64_OP_CALL, k64_exec_##fn, args, sz, \
	  { K64_IC_##cls, K64_IF_PLAIN, 0, prec, 0, 0 } }

/* One format's rows; fmt field (bits 26:25) is 0 for S, 1 for D (riscv-opcodes). */
#define FP_ROWS(S, sfx, fm, EXT, P)                                                                     \
	ROW("fadd." S, OPFP(0x00 | fm), M_RM, EXT, R, WF, fadd_##sfx, "D,S,T,m", 0, FADD, P),                  \
	ROW("fsub." S, OPFP(0x04 | fm), M_RM, EXT, R, WF, fsub_##sfx, "D,S,T,m", 0, FADD, P),                  \
	ROW("fmul." S, OPFP(0x08 | fm), M_RM, EXT, R, WF, fmul_##sfx, "D,S,T,m", 0, FMUL, P),                  \
	ROW("fdiv." S, OPFP(0x0c | fm), M_RM, EXT, R, WF, fdiv_##sfx, "D,S,T,m", 0, FDIV, P),                  \
	ROW("fsqrt." S, OPFP(0x2c | fm), M_RS2, EXT, R, WF, fsqrt_##sfx, "D,S,m", 0, FSQRT, P),                \
	ROW("fsgnj." S, OPFP(0x10 | fm), M_F3, EXT, R, WF, fsgnj_##sfx, "D,S,T", 0, FMISC, P),                 \
	ROW("fsgnjn." S, OPFP(0x10 | fm) | 0x1000, M_F3, EXT, R, WF, fsgnjn_##sfx, "D,S,T", 0, FMISC, P),      \
	ROW("fsgnjx." S, OPFP(0x10 | fm) | 0x2000, M_F3, EXT, R, WF, fsgnjx_##sfx, "D,S,T", 0, FMISC, P),      \
	ROW("fmin." S, OPFP(0x14 | fm), M_F3, EXT, R, WF, fmin_##sfx, "D,S,T", 0, FMISC, P),                   \
	ROW("fmax." S, OPFP(0x14 | fm) | 0x1000, M_F3, EXT, R, WF, fmax_##sfx, "D,S,T", 0, FMISC, P),          \
	ROW("fle." S, OPFP(0x50 | fm), M_F3, EXT, R, WX, fle_##sfx, "d,S,T", 0, FMISC, P),                     \
	ROW("flt." S, OPFP(0x50 | fm) | 0x1000, M_F3, EXT, R, WX, flt_##sfx, "d,S,T", 0, FMISC, P),            \
	ROW("feq." S, OPFP(0x50 | fm) | 0x2000, M_F3, EXT, R, WX, feq_##sfx, "d,S,T", 0, FMISC, P),            \
	ROW("fclass." S, OPFP(0x70 | fm) | 0x1000, M_RS2F3, EXT, R, WX, fclass_##sfx, "d,S", 0, FMISC, P),     \
	ROW("fcvt.w." S, OPFP(0x60 | fm), M_RS2, EXT, R, WX, fcvt_w_##sfx, "d,S,m", 0, FCVT, P),               \
	ROW("fcvt.wu." S, OPFP(0x60 | fm) | 1 << 20, M_RS2, EXT, R, WX, fcvt_wu_##sfx, "d,S,m", 0, FCVT, P),   \
	ROW("fcvt.l." S, OPFP(0x60 | fm) | 2 << 20, M_RS2, EXT, R, WX, fcvt_l_##sfx, "d,S,m", 0, FCVT, P),     \
	ROW("fcvt.lu." S, OPFP(0x60 | fm) | 3 << 20, M_RS2, EXT, R, WX, fcvt_lu_##sfx, "d,S,m", 0, FCVT, P),   \
	ROW("fcvt." S ".w", OPFP(0x68 | fm), M_RS2, EXT, R, WF, fcvt_##sfx##_w, "D,s,m", 0, FCVT, P),          \
	ROW("fcvt." S ".wu", OPFP(0x68 | fm) | 1 << 20, M_RS2, EXT, R, WF, fcvt_##sfx##_wu, "D,s,m", 0, FCVT, P),\
	ROW("fcvt." S ".l", OPFP(0x68 | fm) | 2 << 20, M_RS2, EXT, R, WF, fcvt_##sfx##_l, "D,s,m", 0, FCVT, P),\
	ROW("fcvt." S ".lu", OPFP(0x68 | fm) | 3 << 20, M_RS2, EXT, R, WF, fcvt_##sfx##_lu, "D,s,m", 0, FCVT, P),\
	ROW("fmadd." S, 0x43 | fm << 25, M_R4, EXT, R4, WF, fmadd_##sfx, "D,S,T,R,m", 0, FMA, P),              \
	ROW("fmsub." S, 0x47 | fm << 25, M_R4, EXT, R4, WF, fmsub_##sfx, "D,S,T,R,m", 0, FMA, P),              \
	ROW("fnmsub." S, 0x4b | fm << 25, M_R4, EXT, R4, WF, fnmsub_##sfx, "D,S,T,R,m", 0, FMA, P),            \
	ROW("fnmadd." S, 0x4f | fm << 25, M_R4, EXT, R4, WF, fnmadd_##sfx, "D,S,T,R,m", 0, FMA, P)

const struct k64_insn_desc k64_insns_fp[] = {
	ROW("flh", 0x1007, M_LS, ZFHMIN, I, WF | K64_F_LOAD, flh, "D,o", 2, FLOAD, 2),
	ROW("flw", 0x2007, M_LS, F, I, WF | K64_F_LOAD, flw, "D,o", 4, FLOAD, 4),
	ROW("fld", 0x3007, M_LS, D, I, WF | K64_F_LOAD, fld, "D,o", 8, FLOAD, 8),
	ROW("fsh", 0x1027, M_LS, ZFHMIN, S, FP | K64_F_STORE, fsh, "T,o", 2, FSTORE, 2),
	ROW("fsw", 0x2027, M_LS, F, S, FP | K64_F_STORE, fsw, "T,o", 4, FSTORE, 4),
	ROW("fsd", 0x3027, M_LS, D, S, FP | K64_F_STORE, fsd, "T,o", 8, FSTORE, 8),
	FP_ROWS("s", s, 0, F, 4),
	FP_ROWS("d", d, 1, D, 8),
	ROW("fcvt.s.d", OPFP(0x20) | 1 << 20, M_RS2, D, R, WF, fcvt_s_d, "D,S,m", 0, FCVT, 4),
	ROW("fcvt.d.s", OPFP(0x21), M_RS2, D, R, WF, fcvt_d_s, "D,S,m", 0, FCVT, 8),
	ROW("fcvt.s.h", OPFP(0x20) | 2 << 20, M_RS2, ZFHMIN, R, WF, fcvt_s_h, "D,S,m", 0, FCVT, 4),
	ROW("fcvt.h.s", OPFP(0x22), M_RS2, ZFHMIN, R, WF, fcvt_h_s, "D,S,m", 0, FCVT, 2),
	ROW("fcvt.d.h", OPFP(0x21) | 2 << 20, M_RS2, ZFHMIN, R, WF, fcvt_d_h, "D,S,m", 0, FCVT, 8),
	ROW("fcvt.h.d", OPFP(0x22) | 1 << 20, M_RS2, ZFHMIN, R, WF, fcvt_h_d, "D,S,m", 0, FCVT, 2),
	ROW("fmv.x.w", OPFP(0x70), M_RS2F3, F, R, WX, fmv_x_w, "d,S", 0, FMISC, 4),
	ROW("fmv.w.x", OPFP(0x78), M_RS2F3, F, R, WF, fmv_w_x, "D,s", 0, FMISC, 4),
	ROW("fmv.x.d", OPFP(0x71), M_RS2F3, D, R, WX, fmv_x_d, "d,S", 0, FMISC, 8),
	ROW("fmv.d.x", OPFP(0x79), M_RS2F3, D, R, WF, fmv_d_x, "D,s", 0, FMISC, 8),
	ROW("fmv.x.h", OPFP(0x72), M_RS2F3, ZFHMIN, R, WX, fmv_x_h, "d,S", 0, FMISC, 2),
	ROW("fmv.h.x", OPFP(0x7a), M_RS2F3, ZFHMIN, R, WF, fmv_h_x, "D,s", 0, FMISC, 2),
	/* Zfa (riscv-opcodes rv_zfa, rv64_zfa / rv_d_zfa) */
	ROW("fli.s", OPFP(0x78) | 1 << 20, M_RS2F3, ZFA, R, WF, fli_s, "D,z", 0, FMISC, 4),
	ROW("fli.d", OPFP(0x79) | 1 << 20, M_RS2F3, ZFA, R, WF, fli_d, "D,z", 0, FMISC, 8),
	ROW("fminm.s", OPFP(0x14) | 0x2000, M_F3, ZFA, R, WF, fminm_s, "D,S,T", 0, FMISC, 4),
	ROW("fmaxm.s", OPFP(0x14) | 0x3000, M_F3, ZFA, R, WF, fmaxm_s, "D,S,T", 0, FMISC, 4),
	ROW("fminm.d", OPFP(0x15) | 0x2000, M_F3, ZFA, R, WF, fminm_d, "D,S,T", 0, FMISC, 8),
	ROW("fmaxm.d", OPFP(0x15) | 0x3000, M_F3, ZFA, R, WF, fmaxm_d, "D,S,T", 0, FMISC, 8),
	ROW("fround.s", OPFP(0x20) | 4 << 20, M_RS2, ZFA, R, WF, fround_s, "D,S,m", 0, FMISC, 4),
	ROW("froundnx.s", OPFP(0x20) | 5 << 20, M_RS2, ZFA, R, WF, froundnx_s, "D,S,m", 0, FMISC, 4),
	ROW("fround.d", OPFP(0x21) | 4 << 20, M_RS2, ZFA, R, WF, fround_d, "D,S,m", 0, FMISC, 8),
	ROW("froundnx.d", OPFP(0x21) | 5 << 20, M_RS2, ZFA, R, WF, froundnx_d, "D,S,m", 0, FMISC, 8),
	ROW("fcvtmod.w.d", OPFP(0x61) | 8 << 20 | 0x1000, M_RS2F3, ZFA, R, WX, fcvtmod_w_d, "d,S,m", 0, FCVT, 8),
	ROW("fleq.s", OPFP(0x50) | 0x4000, M_F3, ZFA, R, WX, fleq_s, "d,S,T", 0, FMISC, 4),
	ROW("fltq.s", OPFP(0x50) | 0x5000, M_F3, ZFA, R, WX, fltq_s, "d,S,T", 0, FMISC, 4),
	ROW("fleq.d", OPFP(0x51) | 0x4000, M_F3, ZFA, R, WX, fleq_d, "d,S,T", 0, FMISC, 8),
	ROW("fltq.d", OPFP(0x51) | 0x5000, M_F3, ZFA, R, WX, fltq_d, "d,S,T", 0, FMISC, 8),
	{ 0 }
};
