/* vstart != 0 (RVV 1.0 §3.7): elements below vstart are left unchanged, the instruction
 * resets vstart to 0; reductions require vstart = 0 (§14) and raise illegal otherwise. Each case
 * fills v8..v31 with a pattern, sets vl = 13 (LMUL chosen so that VLMAX >= 16 at VLEN 128) and
 * vstart = 3 (csrw), runs one fixed-point or FP instruction and prints a hash of v8.., vstart
 * afterwards, fflags and vxsat, or SIGILL. Only the 13 body elements of the destination are hashed
 * and every source starts at a fixed offset of the pattern, so the output is VLEN-independent. fa0 holds the bits of v0's pattern byte (a NaN-boxing
 * failure: it reads as the canonical NaN at SEW 32). Compared with QEMU 10 by run_diff.py. */
#include <setjmp.h>
#include <signal.h>
#include "common.h"

static sigjmp_buf jb;
static void on_ill(int sig) { (void)sig; siglongjmp(jb, 1); }
static uint8_t pat[16 * 512], out[8 * 512];

#define CASES(X) \
	X("vfadd.vv e32 m4", 52, "e32, m4", "vfadd.vv v8, v24, v16") \
	X("vfmacc.vf e64 m8", 104, "e64, m8", "vfmacc.vf v8, fa0, v16") \
	X("vfdiv.vv e64 m8 masked", 104, "e64, m8", "vfdiv.vv v8, v16, v16, v0.t") \
	X("vfsqrt.v e32 m4", 52, "e32, m4", "vfsqrt.v v8, v24") \
	X("vmfle.vv e32 m4", 2, "e32, m4", "vmfle.vv v8, v24, v16") \
	X("vfwcvt.f.f.v e32 m4", 104, "e32, m4", "vfwcvt.f.f.v v8, v16") \
	X("vfncvt.rod.f.f.w e32 m4", 52, "e32, m4", "vfncvt.rod.f.f.w v8, v16") \
	X("vfmerge.vfm e32 m4", 52, "e32, m4", "vfmerge.vfm v8, v24, fa0, v0") \
	X("vfmv.v.f e64 m8", 104, "e64, m8", "vfmv.v.f v8, fa0") \
	X("vfredosum.vs e32 m4", 4, "e32, m4", "vfredosum.vs v8, v24, v16") \
	X("vsaddu.vv e8 m1", 13, "e8, m1", "vsaddu.vv v8, v24, v16") \
	X("vsmul.vx e16 m2", 26, "e16, m2", "vsmul.vx v8, v24, t2") \
	X("vaaddu.vv e32 m4 masked", 52, "e32, m4", "vaaddu.vv v8, v24, v16, v0.t") \
	X("vssra.vi e64 m8", 104, "e64, m8", "vssra.vi v8, v16, 3") \
	X("vnclip.wi e16 m2", 26, "e16, m2", "vnclip.wi v8, v24, 4")

#define RUN(name, nbytes, vt, insn)                                                                     \
	{                                                                                       \
		unsigned long vs = 99, fl = 0, sat = 0;                                         \
		int ill = 0;                                                                    \
		clr_fflags(); clr_vxsat();                                                      \
		if (sigsetjmp(jb, 1) == 0) {                                                    \
			__asm__ volatile("vsetvli t0, x0, e8, m8, ta, ma\n\t"                   \
					 "vle8.v v8, (%0)\n\taddi t1, %0, 2047\n\taddi t1, t1, 2047\n\taddi t1, t1, 2\n\tvle8.v v16, (t1)\n\t" \
					 "addi t1, %0, 2000\n\tvle8.v v24, (t1)\n\t" \
					 "vsetvli t0, x0, e8, m1, ta, ma\n\tvmv.v.x v0, %1\n\t"  \
					 "li t2, 0x7ff\n\tfmv.d.x fa0, %1\n\t"                       \
					 "li t0, 13\n\tvsetvli x0, t0, " vt ", tu, mu\n\t"         \
					 "csrwi vstart, 3\n\t" insn "\n\t"                         \
					 "csrr %2, vstart\n\t"                                     \
					 "vsetvli t0, x0, e8, m8, ta, ma\n\tvse8.v v8, (%3)"        \
					 : : "r"(pat), "r"(0xa5l), "r"(vs), "r"(out)                \
					 : "t0", "t1", "t2", "fa0", "memory");                      \
			__asm__ volatile("csrr %0, vstart" : "=r"(vs));                         \
		} else {                                                                        \
			ill = 1;                                                                \
		}                                                                               \
		fl = rd_fflags(); sat = rd_vxsat();                                             \
		if (ill)                                                                        \
			printf("%-24s SIGILL\n", name);                                         \
		else                                                                            \
			printf("%-24s v8..=%016llx vstart=%lu fflags=%02lx vxsat=%lu\n", name,  \
			       (unsigned long long)fnv(out, nbytes), vs, fl, sat);          \
	}

int main(void)
{
	signal(SIGILL, on_ill);
	for (unsigned i = 0; i < sizeof pat; i++)
		pat[i] = (uint8_t)rnd();
	/* some floats that round, overflow and are NaN */
	uint32_t *p32 = (uint32_t *)pat;
	for (unsigned i = 0; i < sizeof pat / 4; i += 3)
		p32[i] = rnd_f32();
	CASES(RUN)
	return 0;
}
