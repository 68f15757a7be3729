/* Inline-asm wrappers for single FP instructions on raw bit patterns (tests/diff FP programs).
 * Operands go in through fmv (bit-exact), so NaN payloads and signs reach the instruction. */
#ifndef DIFF_FP_COMMON_H
#define DIFF_FP_COMMON_H
#include "common.h"
#include <fenv.h>

/* A program may wrap every instruction, e.g. in ".option arch,+zfa" (see fp_zfa.c). */
#ifndef ASM_PRE
#define ASM_PRE ""
#define ASM_POST ""
#endif

#define D1(insn, a) ({ double _r; __asm__ volatile(ASM_PRE insn " %0,%1" ASM_POST : "=f"(_r) : "f"(bitsd(a))); dbits(_r); })
#define D2(insn, a, b) ({ double _r; __asm__ volatile(ASM_PRE insn " %0,%1,%2" ASM_POST : "=f"(_r) : "f"(bitsd(a)), "f"(bitsd(b))); dbits(_r); })
#define D2R(insn, a, b, rm) ({ double _r; __asm__ volatile(ASM_PRE insn " %0,%1,%2," ASM_POST rm : "=f"(_r) : "f"(bitsd(a)), "f"(bitsd(b))); dbits(_r); })
#define D3(insn, a, b, c) ({ double _r; __asm__ volatile(ASM_PRE insn " %0,%1,%2,%3" ASM_POST : "=f"(_r) : "f"(bitsd(a)), "f"(bitsd(b)), "f"(bitsd(c))); dbits(_r); })
#define S1(insn, a) ({ float _r; __asm__ volatile(ASM_PRE insn " %0,%1" ASM_POST : "=f"(_r) : "f"(bitsf(a))); fbits(_r); })
#define S2(insn, a, b) ({ float _r; __asm__ volatile(ASM_PRE insn " %0,%1,%2" ASM_POST : "=f"(_r) : "f"(bitsf(a)), "f"(bitsf(b))); fbits(_r); })
#define S2R(insn, a, b, rm) ({ float _r; __asm__ volatile(ASM_PRE insn " %0,%1,%2," ASM_POST rm : "=f"(_r) : "f"(bitsf(a)), "f"(bitsf(b))); fbits(_r); })
#define S3(insn, a, b, c) ({ float _r; __asm__ volatile(ASM_PRE insn " %0,%1,%2,%3" ASM_POST : "=f"(_r) : "f"(bitsf(a)), "f"(bitsf(b)), "f"(bitsf(c))); fbits(_r); })
/* FP -> integer register results (compares, fclass, conversions). */
#define XD(insn, a) ({ uint64_t _r; __asm__ volatile(ASM_PRE insn " %0,%1" ASM_POST : "=r"(_r) : "f"(bitsd(a))); _r; })
#define XS(insn, a) ({ uint64_t _r; __asm__ volatile(ASM_PRE insn " %0,%1" ASM_POST : "=r"(_r) : "f"(bitsf(a))); _r; })
#define XDR(insn, a, rm) ({ uint64_t _r; __asm__ volatile(ASM_PRE insn " %0,%1," ASM_POST rm : "=r"(_r) : "f"(bitsd(a))); _r; })
#define XSR(insn, a, rm) ({ uint64_t _r; __asm__ volatile(ASM_PRE insn " %0,%1," ASM_POST rm : "=r"(_r) : "f"(bitsf(a))); _r; })
#define XD2(insn, a, b) ({ uint64_t _r; __asm__ volatile(ASM_PRE insn " %0,%1,%2" ASM_POST : "=r"(_r) : "f"(bitsd(a)), "f"(bitsd(b))); _r; })
#define XS2(insn, a, b) ({ uint64_t _r; __asm__ volatile(ASM_PRE insn " %0,%1,%2" ASM_POST : "=r"(_r) : "f"(bitsf(a)), "f"(bitsf(b))); _r; })

/* Sets the dynamic rounding mode: the four C modes through fesetround, RMM (4), which C has no
 * name for, through fsrmi. Prints the mode read back from frm. */
static __attribute__((unused)) void set_rm(unsigned rm)
{
	static const int c_modes[] = { FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD };
	if (rm < 4)
		fesetround(c_modes[rm]);
	else
		__asm__ volatile("fsrmi 4" ::: "memory");
	printf("frm=%u (%s)\n", get_frm(), rm_names[rm]);
}
#endif
