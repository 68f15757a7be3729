// mret with mstatus.MPP = U enters user mode at mepc (privileged spec 3.3.2). In U-mode an
// M-level CSR read and mret are illegal (mcause 2, mtval = the instruction, mstatus.MPP = U
// after the trap), and ecall traps with mcause 8 (environment call from U-mode).
// expect-exit: 0
#include "common.h"
	START_WITH_HANDLER(handler)
	PMP_ALLOW_ALL
	li s1, 0
	la t0, user
	csrw mepc, t0
	li t0, 3 << 11
	csrc mstatus, t0           // MPP = U
	mret
	EXIT(2)                    // not reached

user:
	csrr a0, mstatus           // illegal in U (step 1)
	mret                       // illegal in U (step 2)
	ecall                      // step 3
	EXIT(3)                    // not reached: the handler ends the test

	.balign 4
handler:
	addi s1, s1, 1
	csrr t0, mstatus
	srli t0, t0, 11
	andi t0, t0, 3
	FAIL_IF_NE(t0, 0, 4)       // came from U
	csrr t0, mcause
	csrr t1, mtval
	li t2, 1
	beq s1, t2, step1
	li t2, 2
	beq s1, t2, step2
	FAIL_IF_NE(t0, 8, 5)
	FAIL_IF_NE(t1, 0, 6)
	EXIT(0)
step1:
	FAIL_IF_NE(t0, 2, 7)
	FAIL_IF_NE(t1, 0x30002573, 8)   // csrrs a0, mstatus, zero
	j resume
step2:
	FAIL_IF_NE(t0, 2, 9)
	FAIL_IF_NE(t1, 0x30200073, 10)  // mret
resume:
	csrr t0, mepc
	addi t0, t0, 4
	csrw mepc, t0
	mret                       // MPP is U again: back to user mode
	HTIF_SECTION
