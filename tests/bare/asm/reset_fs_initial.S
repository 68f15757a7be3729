// The default reset state (doc/privileged.md "Reset"): mstatus.FS = Initial (bits 14:13 = 01)
// and VS = Initial (bits 10:9 = 01) on a core with F and V (privileged spec 3.1.6.6: FS and VS
// may reset to any value; karu64 picks Initial), SD = 0, and an FP instruction runs at once and
// makes FS Dirty (11) and SD = 1.
// expect-exit: 0
#include "common.h"
	START_WITH_HANDLER(handler)
	csrr s0, mstatus
	srli t0, s0, 13
	andi t0, t0, 3
	FAIL_IF_NE(t0, 1, 2)
	srli t0, s0, 9
	andi t0, t0, 3
	FAIL_IF_NE(t0, 1, 3)
	srli t0, s0, 63
	FAIL_IF_NE(t0, 0, 4)
	fmv.d.x ft0, zero
	csrr s0, mstatus
	srli t0, s0, 13
	andi t0, t0, 3
	FAIL_IF_NE(t0, 3, 5)
	srli t0, s0, 63
	FAIL_IF_NE(t0, 1, 6)
	EXIT(0)

	.balign 4
handler:
	EXIT(7)                          // no trap is expected
	HTIF_SECTION
