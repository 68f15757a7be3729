// Machine-level CSRs (privileged spec chapter 3): values the specification fixes for an RV64
// hart with IMAFDC, plus this implementation's documented WARL choices (marked "karu64").
// expect-exit: 0
#include "common.h"
	START_WITH_HANDLER(handler)
	li s1, 0
	// misa: MXL = 2 (bits 63:62), letters A C D F I M present (3.1.1)
	csrr t0, misa
	srli t1, t0, 62
	FAIL_IF_NE(t1, 2, 2)
	li t2, 0x112d
	and t1, t0, t2
	FAIL_IF_NE(t1, 0x112d, 3)
	// karu64: misa is read-only
	csrw misa, zero
	csrr t1, misa
	bne t0, t1, fail4
	// mvendorid, marchid, mimpid, mhartid: 0 (3.1.2-3.1.5: 0 = not implemented / hart 0)
	csrr t0, mvendorid
	FAIL_IF_NE(t0, 0, 5)
	csrr t0, mhartid
	FAIL_IF_NE(t0, 0, 6)
	// mstatus.UXL = SXL = 2 on a hart that only runs RV64 (3.1.6.3)
	csrr t0, mstatus
	srli t1, t0, 32
	andi t1, t1, 15
	FAIL_IF_NE(t1, 10, 7)
	// MPP never holds the reserved value 2 (3.1.6.1)
	li t1, 3 << 11
	csrc mstatus, t1
	li t1, 2 << 11
	csrs mstatus, t1
	csrr t0, mstatus
	srli t0, t0, 11
	andi t0, t0, 3
	li t1, 2
	beq t0, t1, fail8
	// sstatus does not show MPP (10.1.1)
	li t1, 3 << 11
	csrs mstatus, t1
	csrr t0, sstatus
	and t0, t0, t1
	FAIL_IF_NE(t0, 0, 9)
	// mepc[0] is always 0 (3.1.14)
	li t0, 0x80001235
	csrw mepc, t0
	csrr t0, mepc
	FAIL_IF_NE(t0, 0x80001234, 10)
	// medeleg[11] (ecall from M) is read-only 0 (3.1.8)
	li t0, -1
	csrw medeleg, t0
	csrr t0, medeleg
	srli t0, t0, 11
	andi t0, t0, 1
	FAIL_IF_NE(t0, 0, 11)
	csrw medeleg, zero
	// satp: writing an unsupported MODE (Sv48 = 9; karu64 has Bare and Sv39 unless --mmu says
	// more) has no effect (10.1.11)
	li t0, (9 << 60) | 1
	csrw satp, t0
	csrr t0, satp
	FAIL_IF_NE(t0, 0, 12)
	// mscratch holds any value
	li t0, 0x0123456789abcdef
	csrw mscratch, t0
	csrr t1, mscratch
	bne t0, t1, fail13
	// karu64: pmpaddr holds address bits 55:2, so bits 63:54 read 0 (3.7.1)
	li t0, -1
	csrw pmpaddr0, t0
	csrr t0, pmpaddr0
	FAIL_IF_NE(t0, 0x003fffffffffffff, 14)
	// writing a read-only CSR (bits 11:10 = 11) is illegal (2.1)
	li s1, 0
	csrw mhartid, zero
	FAIL_IF_NE(s1, 1, 15)
	FAIL_IF_NE(s2, 2, 16)
	// vectored mtvec: exceptions still go to BASE (3.1.7)
	la t0, handler
	ori t0, t0, 1
	csrw mtvec, t0
	li s1, 0
	ecall
	FAIL_IF_NE(s1, 1, 17)
	FAIL_IF_NE(s2, 11, 18)
	EXIT(0)
fail4:	EXIT(4)
fail8:	EXIT(8)
fail13:	EXIT(13)

	.balign 64
handler:
	addi s1, s1, 1
	csrr s2, mcause
	csrr t0, mepc
	addi t0, t0, 4
	csrw mepc, t0
	mret
	HTIF_SECTION
