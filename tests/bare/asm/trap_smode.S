// Delegation to S-mode (privileged spec 3.1.8, 10.1): with medeleg bit 8 set, an ecall from U
// traps to stvec with scause = 8, sepc = the ecall and sstatus.SPP = 0 (from U); sret returns
// to sepc in U-mode. An ecall from S (bit 9 not delegated) goes to M-mode with mcause = 9,
// mepc = the ecall and mstatus.MPP = 1. sret in U-mode is illegal (mcause 2, mtval = sret).
// expect-exit: 0
#include "common.h"
	START_WITH_HANDLER(mhandler)
	PMP_ALLOW_ALL
	la t0, shandler
	csrw stvec, t0
	li t0, 1 << 8
	csrw medeleg, t0
	li s1, 0                   // S-mode traps
	li s2, 0                   // M-mode traps
	// enter S-mode at supervisor
	la t0, supervisor
	csrw mepc, t0
	li t0, 3 << 11
	csrc mstatus, t0
	li t0, 1 << 11
	csrs mstatus, t0           // MPP = S
	mret

supervisor:
	// from S: drop to U at user via sret (SPP = 0)
	la t0, user
	csrw sepc, t0
	li t0, 1 << 8
	csrc sstatus, t0
	sret

user:
u_ecall:
	ecall                      // delegated: to shandler
	FAIL_IF_NE(s1, 1, 2)
	sret                       // illegal in U: to mhandler (not delegated)
	FAIL_IF_NE(s2, 1, 3)
	ecall                      // second delegated ecall: shandler moves on to S
	EXIT(4)                    // not reached

	.balign 4
shandler:
	addi s1, s1, 1
	csrr t0, scause
	FAIL_IF_NE(t0, 8, 5)
	csrr t0, sstatus
	andi t0, t0, 1 << 8
	FAIL_IF_NE(t0, 0, 6)       // SPP = U
	li t0, 2
	beq s1, t0, s_second
	csrr t0, sepc
	la t1, u_ecall
	bne t0, t1, fail8
	addi t0, t0, 4
	csrw sepc, t0
	sret
s_second:
	ecall                      // from S, not delegated: to mhandler with mcause 9
	EXIT(9)                    // not reached
fail8:	EXIT(8)

	.balign 4
mhandler:
	addi s2, s2, 1
	csrr t0, mcause
	li t1, 1
	beq s2, t1, m_first
	FAIL_IF_NE(t0, 9, 10)
	csrr t0, mepc
	la t1, s_second
	bne t0, t1, fail14
	csrr t0, mstatus
	srli t0, t0, 11
	andi t0, t0, 3
	FAIL_IF_NE(t0, 1, 11)      // MPP = S
	EXIT(0)
fail14:	EXIT(14)
m_first:
	FAIL_IF_NE(t0, 2, 12)      // sret in U
	csrr t0, mtval
	FAIL_IF_NE(t0, 0x10200073, 13)
	csrr t0, mepc
	addi t0, t0, 4
	csrw mepc, t0
	mret                       // MPP = U: back to user
	HTIF_SECTION
