// ecall in M-mode traps to mtvec with mcause = 11 (environment call from M-mode), mepc = the
// ecall's address, mtval = 0, mstatus.MPP = 3 and MPIE = the old MIE (privileged spec 3.1.6.1,
// 3.1.15, 3.3.1); mret returns to mepc (here advanced past the ecall).
// expect-exit: 0
#include "common.h"
	START_WITH_HANDLER(handler)
	csrsi mstatus, 8           // MIE = 1: expect MPIE = 1, MIE = 0 in the handler
	li s1, 0
the_ecall:
	ecall
	FAIL_IF_NE(s1, 1, 2)       // the handler ran once
	csrr t0, mstatus
	li t1, 8
	and t0, t0, t1
	FAIL_IF_NE(t0, 8, 3)       // mret restored MIE from MPIE
	EXIT(0)

	.balign 4
handler:
	addi s1, s1, 1
	csrr t0, mcause
	FAIL_IF_NE(t0, 11, 4)
	csrr t0, mepc
	la t1, the_ecall
	beq t0, t1, mepc_ok
	EXIT(5)
mepc_ok:
	csrr t0, mtval
	FAIL_IF_NE(t0, 0, 6)
	csrr t0, mstatus
	srli t1, t0, 11
	andi t1, t1, 3
	FAIL_IF_NE(t1, 3, 7)       // MPP = M
	andi t1, t0, 0x88
	FAIL_IF_NE(t1, 0x80, 8)    // MPIE = 1, MIE = 0
	csrr t0, mepc
	addi t0, t0, 4
	csrw mepc, t0
	mret
	HTIF_SECTION
