// --fs-vs-reset=off: Spike's reset state, mstatus.FS = VS = Off (bits 14:13 and 10:9 = 00). An FP
// instruction with FS = Off is an illegal-instruction exception (privileged spec 3.1.6.6:
// mcause 2, mtval = the instruction bits); after `csrs mstatus` sets FS to Initial the same
// instruction runs and makes FS Dirty.
// karu64-args: --fs-vs-reset=off
// expect-exit: 0
#include "common.h"
	START_WITH_HANDLER(handler)
	li s1, 0
	csrr s0, mstatus
	srli t0, s0, 13
	andi t0, t0, 3
	FAIL_IF_NE(t0, 0, 2)
	srli t0, s0, 9
	andi t0, t0, 3
	FAIL_IF_NE(t0, 0, 3)
fp1:	fmv.d.x ft0, zero                // traps: FS = Off
	FAIL_IF_NE(s1, 1, 4)
	FAIL_IF_NE(s2, 2, 5)
	FAIL_IF_NE(s3, 0xf2000053, 6)    // fmv.d.x ft0, zero
	li t0, 1 << 13
	csrs mstatus, t0                 // FS = Initial
	fmv.d.x ft0, zero
	FAIL_IF_NE(s1, 1, 7)             // no second trap
	csrr s0, mstatus
	srli t0, s0, 13
	andi t0, t0, 3
	FAIL_IF_NE(t0, 3, 8)
	EXIT(0)

	.balign 4
handler:
	addi s1, s1, 1
	csrr s2, mcause
	csrr s3, mtval
	MRET_PAST_MEPC
	HTIF_SECTION
