/* Illegal-encoding rules of the vector floating-point and fixed-point instructions (RVV 1.0
 * §5.2, §5.3, §13 with Zve64d + Zvfhmin, §12): each case sets vtype and frm, executes one
 * instruction word (.insn) and prints whether it raised SIGILL. The expected answer comes from
 * QEMU 10 (run_diff.py compares); each case's name says what it probes. */
#include <setjmp.h>
#include <signal.h>
#include "common.h"

static sigjmp_buf jb;
static void on_ill(int sig) { (void)sig; siglongjmp(jb, 1); }

/* vtype: SEW (8..64) and LMUL code (0..3 = m1..m8, 5..7 = mf8..mf2), ta, ma. */
#define VT(sew, lm) ((uint64_t)(__builtin_ctz(sew) - 3) << 3 | (lm) | 0xc0)
/* An OP-V word: funct6, vm, vs2, vs1/rs1, funct3, vd. */
#define W(f6, vm, vs2, vs1, f3, vd) (((uint32_t)(f6) << 26) | ((vm) << 25) | ((vs2) << 20) | ((vs1) << 15) | ((f3) << 12) | ((vd) << 7) | 0x57)

#define V 1   /* OPFVV */
#define F 5   /* OPFVF */
#define CASES(X) \
	X("vfadd.vv e8 (no FP at SEW 8)", 8, 0, 0, W(0x00, 1, 2, 3, V, 1)) \
	X("vfadd.vv e16 (Zvfh only)", 16, 0, 0, W(0x00, 1, 2, 3, V, 1)) \
	X("vfadd.vv e32", 32, 0, 0, W(0x00, 1, 2, 3, V, 1)) \
	X("vfadd.vv e64", 64, 0, 0, W(0x00, 1, 2, 3, V, 1)) \
	X("vfadd.vf e16 (Zvfh only)", 16, 0, 0, W(0x00, 1, 2, 1, F, 1)) \
	X("vfadd.vv e32 m2 vs2=v3 misaligned", 32, 1, 0, W(0x00, 1, 3, 4, V, 2)) \
	X("vfadd.vv e32 m2 vd=v1 misaligned", 32, 1, 0, W(0x00, 1, 2, 4, V, 1)) \
	X("vfadd.vv e32 m8 vs1=v4 misaligned", 32, 3, 0, W(0x00, 1, 8, 4, V, 16)) \
	X("vfadd.vv masked vd=v0", 32, 0, 0, W(0x00, 0, 2, 3, V, 0)) \
	X("vfadd.vv masked vs2=v0", 32, 0, 0, W(0x00, 0, 0, 3, V, 1)) \
	X("vfadd.vv masked vs1=v0", 32, 0, 0, W(0x00, 0, 2, 0, V, 1)) \
	X("vfadd.vv frm=5 (reserved)", 32, 0, 5, W(0x00, 1, 2, 3, V, 1)) \
	X("vfadd.vv frm=7 (reserved)", 32, 0, 7, W(0x00, 1, 2, 3, V, 1)) \
	X("vfsgnj.vv frm=6", 32, 0, 6, W(0x08, 1, 2, 3, V, 1)) \
	X("vfmacc.vv masked vs1=v0", 64, 0, 0, W(0x2c, 0, 2, 0, V, 1)) \
	X("vmfeq.vv masked vs2=v0", 32, 0, 0, W(0x18, 0, 0, 3, V, 1)) \
	X("vmfeq.vv masked vd=v0", 32, 0, 0, W(0x18, 0, 2, 3, V, 0)) \
	X("vmflt.vv m4 vd=vs2+1 (not lowest part)", 32, 2, 0, W(0x1b, 1, 4, 8, V, 5)) \
	X("vmflt.vv m4 vd=vs2", 32, 2, 0, W(0x1b, 1, 4, 8, V, 4)) \
	X("vfmerge.vfm vd=v0", 32, 0, 0, W(0x17, 0, 2, 1, F, 0)) \
	X("vfmerge.vfm vs2=v0", 32, 0, 0, W(0x17, 0, 0, 1, F, 2)) \
	X("vfmv.v.f e16 (Zvfh only)", 16, 0, 0, W(0x17, 1, 0, 1, F, 2)) \
	X("vfmv.v.f e64 m8 vd=v8", 64, 3, 0, W(0x17, 1, 0, 1, F, 8)) \
	X("vfsqrt.v e16", 16, 0, 0, W(0x13, 1, 2, 0x00, V, 1)) \
	X("vfrec7.v e16", 16, 0, 0, W(0x13, 1, 2, 0x05, V, 1)) \
	X("vfrsqrt7.v e64", 64, 0, 0, W(0x13, 1, 2, 0x04, V, 1)) \
	X("vfclass.v masked vs2=v0", 32, 0, 0, W(0x13, 0, 0, 0x10, V, 1)) \
	X("vfwadd.vv e32 m1", 32, 0, 0, W(0x30, 1, 4, 5, V, 2)) \
	X("vfwadd.vv e16 (Zvfh only)", 16, 0, 0, W(0x30, 1, 4, 5, V, 2)) \
	X("vfwadd.vv e64 (no 128-bit)", 64, 0, 0, W(0x30, 1, 4, 5, V, 2)) \
	X("vfwadd.vv e32 m8 (EMUL 16)", 32, 3, 0, W(0x30, 1, 8, 16, V, 24)) \
	X("vfwadd.vv e32 m1 vd=v3 misaligned", 32, 0, 0, W(0x30, 1, 4, 5, V, 3)) \
	X("vfwadd.vv e32 m1 vd=v4 overlaps vs2", 32, 0, 0, W(0x30, 1, 4, 6, V, 4)) \
	X("vfwadd.vv e32 m1 vd=v4 vs2=v5 (high)", 32, 0, 0, W(0x30, 1, 5, 6, V, 4)) \
	X("vfwadd.vv e32 mf2 vd=v4 vs2=v5", 32, 7, 0, W(0x30, 1, 5, 6, V, 4)) \
	X("vfwadd.wv e32 m1 vs1 in vs2", 32, 0, 0, W(0x34, 1, 2, 3, V, 4)) \
	X("vfwadd.wv e32 m1 vd=vs2", 32, 0, 0, W(0x34, 1, 2, 6, V, 2)) \
	X("vfwmacc.vv e32 m4 vs2 high part", 32, 2, 0, W(0x3c, 1, 12, 16, V, 8)) \
	X("vfwmacc.vv e32 m4 vs2 low part", 32, 2, 0, W(0x3c, 1, 8, 16, V, 8)) \
	X("vfwmul.vf e32 m2", 32, 1, 0, W(0x38, 1, 2, 1, F, 4)) \
	X("vfwmacc.vf e32 m2 vs2 high part", 32, 1, 0, W(0x3c, 1, 6, 1, F, 4)) \
	X("vfwmacc.vf e32 m2 vs2 disjoint", 32, 1, 0, W(0x3c, 1, 8, 1, F, 4)) \
	X("vfwnmsac.vv e32 m1 vs1 high part", 32, 0, 0, W(0x3f, 1, 8, 5, V, 4)) \
	X("vfwcvt.f.f.v e16 (Zvfhmin)", 16, 0, 0, W(0x12, 1, 3, 0x0c, V, 4)) \
	X("vfwcvt.f.f.v e8", 8, 0, 0, W(0x12, 1, 3, 0x0c, V, 4)) \
	X("vfwcvt.f.f.v e32 m4", 32, 2, 0, W(0x12, 1, 4, 0x0c, V, 8)) \
	X("vfwcvt.f.f.v e32 m8", 32, 3, 0, W(0x12, 1, 8, 0x0c, V, 16)) \
	X("vfwcvt.f.f.v e64", 64, 0, 0, W(0x12, 1, 3, 0x0c, V, 4)) \
	X("vfwcvt.f.x.v e16 (i16->f32)", 16, 0, 0, W(0x12, 1, 3, 0x0b, V, 4)) \
	X("vfwcvt.f.x.v e8 (Zvfh only)", 8, 0, 0, W(0x12, 1, 3, 0x0b, V, 4)) \
	X("vfwcvt.x.f.v e16 (Zvfh only)", 16, 0, 0, W(0x12, 1, 3, 0x09, V, 4)) \
	X("vfwcvt.x.f.v e32", 32, 0, 0, W(0x12, 1, 3, 0x09, V, 4)) \
	X("vfwcvt.rtz.xu.f.v e32 masked vs2=v0", 32, 0, 0, W(0x12, 0, 0, 0x0e, V, 4)) \
	X("vfncvt.f.f.w e16 (Zvfhmin)", 16, 0, 0, W(0x12, 1, 4, 0x14, V, 3)) \
	X("vfncvt.f.f.w e32", 32, 0, 0, W(0x12, 1, 4, 0x14, V, 3)) \
	X("vfncvt.f.f.w e64", 64, 0, 0, W(0x12, 1, 4, 0x14, V, 3)) \
	X("vfncvt.rod.f.f.w e16 (Zvfh only)", 16, 0, 0, W(0x12, 1, 4, 0x15, V, 3)) \
	X("vfncvt.rod.f.f.w e32", 32, 0, 0, W(0x12, 1, 4, 0x15, V, 3)) \
	X("vfncvt.f.f.w e32 vd=vs2 (low part)", 32, 0, 0, W(0x12, 1, 4, 0x14, V, 4)) \
	X("vfncvt.f.f.w e32 vd=vs2+1 (high part)", 32, 0, 0, W(0x12, 1, 4, 0x14, V, 5)) \
	X("vfncvt.f.f.w e32 m8", 32, 3, 0, W(0x12, 1, 16, 0x14, V, 8)) \
	X("vfncvt.x.f.w e16 (f32->i16)", 16, 0, 0, W(0x12, 1, 4, 0x11, V, 3)) \
	X("vfncvt.x.f.w e8 (Zvfh only)", 8, 0, 0, W(0x12, 1, 4, 0x11, V, 3)) \
	X("vfncvt.f.x.w e16 (Zvfh only)", 16, 0, 0, W(0x12, 1, 4, 0x13, V, 3)) \
	X("vfncvt.f.xu.w e32", 32, 0, 0, W(0x12, 1, 4, 0x12, V, 3)) \
	X("vfcvt.x.f.v e16 (Zvfh only)", 16, 0, 0, W(0x12, 1, 4, 0x01, V, 3)) \
	X("vfredosum.vs e32 m8", 32, 3, 0, W(0x03, 1, 8, 1, V, 2)) \
	X("vfredosum.vs e32 m8 vs2 misaligned", 32, 3, 0, W(0x03, 1, 4, 1, V, 2)) \
	X("vfredusum.vs masked vd=v0", 32, 0, 0, W(0x01, 0, 4, 1, V, 0)) \
	X("vfredmax.vs e16", 16, 0, 0, W(0x07, 1, 4, 1, V, 2)) \
	X("vfwredosum.vs e32 m8", 32, 3, 0, W(0x33, 1, 8, 1, V, 2)) \
	X("vfwredusum.vs e64", 64, 0, 0, W(0x31, 1, 4, 1, V, 2)) \
	X("vfwredusum.vs e16 (Zvfh only)", 16, 0, 0, W(0x31, 1, 4, 1, V, 2)) \
	X("vsmul.vv e64", 64, 0, 0, W(0x27, 1, 2, 3, 0, 1)) \
	X("vsadd.vv masked vs2=v0", 8, 0, 0, W(0x21, 0, 0, 3, 0, 1)) \
	X("vaadd.vv m2 vd misaligned", 16, 1, 0, W(0x09, 1, 2, 4, 2, 3)) \
	X("vnclip.wv e64", 64, 0, 0, W(0x2f, 1, 2, 3, 0, 1)) \
	X("vnclip.wi e32 m8", 32, 3, 0, W(0x2f, 1, 16, 3, 3, 8)) \
	X("vnclip.wi e32 m4", 32, 2, 0, W(0x2f, 1, 16, 3, 3, 8)) \
	X("vnclipu.wi vd=vs2 (low part)", 16, 1, 0, W(0x2e, 1, 4, 3, 3, 4)) \
	X("vnclipu.wi vd=vs2+2 (high part)", 16, 1, 0, W(0x2e, 1, 4, 3, 3, 6)) \
	X("vnclipu.wv vs1 in vs2", 16, 0, 0, W(0x2e, 1, 4, 5, 0, 2)) \
	X("vnclipu.wx masked vs2=v0", 16, 0, 0, W(0x2e, 0, 0, 5, 4, 2)) \
	X("vssra.vi e8 mf8", 8, 5, 0, W(0x2b, 1, 2, 31, 3, 1)) \


static void show(const char *what, unsigned sew, unsigned lm, unsigned frm, int trapped)
{
	printf("%-42s e%-2u lmul=%u frm=%u: %s\n", what, sew, lm, frm, trapped ? "SIGILL" : "executes");
}

#define RUN(what, sew, lm, frm, word)                                                           \
	if (sigsetjmp(jb, 1) == 0) {                                                            \
		unsigned long vt_ = VT(sew, lm), avl_ = 5;                                      \
		__asm__ volatile("vsetvl x0, %0, %1" : : "r"(avl_), "r"(vt_));                  \
		__asm__ volatile("fsrm %0" : : "r"((unsigned long)(frm)));                      \
		__asm__ volatile(".4byte %0" : : "i"(word) : "memory");                         \
		__asm__ volatile("fsrmi 0");                                                    \
		show(what, sew, lm, frm, 0);                                                    \
	} else {                                                                                \
		__asm__ volatile("fsrmi 0");                                                    \
		show(what, sew, lm, frm, 1);                                                    \
	}

int main(void)
{
	signal(SIGILL, on_ill);
	CASES(RUN)
	return 0;
}
