// Illegal instructions trap with mcause = 2 and mtval = the instruction bits (privileged spec
// 3.1.16): a word in the custom-0 major opcode (0x0b), a CSR number that does not exist (0x7ff),
// and the 16-bit all-zero word (defined illegal, unprivileged spec 26.5), whose mtval is 0.
// expect-exit: 0
#include "common.h"
	START_WITH_HANDLER(handler)
	li s1, 0
bad1:	.word 0xdeadc00b
	FAIL_IF_NE(s0, 0xdeadc00b, 2)
bad2:	csrr a0, 0x7ff
	FAIL_IF_NE(s0, 0x7ff02573, 3)
	li s0, -1
bad3:	.2byte 0
	FAIL_IF_NE(s0, 0, 4)
	FAIL_IF_NE(s1, 3, 5)
	EXIT(0)

	.balign 4
handler:
	addi s1, s1, 1
	csrr t0, mcause
	FAIL_IF_NE(t0, 2, 6)
	csrr s0, mtval
	MRET_PAST_MEPC                   // skip the faulting instruction
	HTIF_SECTION
