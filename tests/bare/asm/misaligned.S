// Misaligned loads and stores complete without a trap (the execution environment supports
// them; unprivileged spec 2.6), also across a page boundary. Expected values are the
// little-endian byte sequences 01 02 03 ... of the data below.
// expect-exit: 0
#include "common.h"
	START_WITH_HANDLER(handler)
	la s0, bytes
	ld t0, 1(s0)
	FAIL_IF_NE(t0, 0x0908070605040302, 2)
	lw t0, 3(s0)
	FAIL_IF_NE(t0, 0x07060504, 3)
	lh t0, 7(s0)
	FAIL_IF_NE(t0, 0x0908, 4)
	lhu t0, 15(s0)
	FAIL_IF_NE(t0, 0x1110, 5)
	li t1, 0x1122334455667788
	sd t1, 5(s0)
	ld t0, 5(s0)
	FAIL_IF_NE(t0, 0x1122334455667788, 6)
	ld t0, 0(s0)
	FAIL_IF_NE(t0, 0x6677880504030201, 7)
	la s1, page_end
	addi s1, s1, -3            // an 8-byte access that spans two pages
	sd t1, 0(s1)
	ld t0, 0(s1)
	FAIL_IF_NE(t0, 0x1122334455667788, 8)
	lw t0, 2(s1)
	FAIL_IF_NE(t0, 0x33445566, 9)
	EXIT(0)

	.balign 4
handler:
	csrr t0, mcause
	addi t0, t0, 100
	mv a0, t0
	slli t0, t0, 1
	ori t0, t0, 1
	la t1, tohost
	sd t0, 0(t1)
1:	j 1b

	.data
	.balign 16
bytes:	.byte 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18
	.balign 4096
	.space 4096
page_end:
	.space 16
	HTIF_SECTION
