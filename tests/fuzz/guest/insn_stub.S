// The instruction-stream harness's bare-metal stub (tests/fuzz/insn.c). The harness writes the
// fuzz input's code at `code` (0x80010000) and sets a0 before the first instruction:
//   bits 1:0  the privilege the code runs at: 0 U, 1 S, 2 or 3 M
//   bit 2     satp on: Sv39, one gigapage mapping 0x80000000.. to itself (U bit for U-mode code)
//   bit 3     S-mode code: exceptions delegated to S (medeleg), taken by s_handler
// Every trap skips the instruction that took it (2 or 4 bytes) and returns; an interrupt turns
// interrupts off; a trap from outside the code page ends the run (HTIF exit 0).
	.section .text.init
	.global _start
_start:
	la t0, m_handler
	csrw mtvec, t0
	li t0, -1
	csrw pmpaddr0, t0
	li t0, 0x1f
	csrw pmpcfg0, t0
	li t0, (1 << 13) | (1 << 9)      // mstatus.FS = VS = initial
	csrs mstatus, t0
	andi s0, a0, 3
	li t0, 3
	bltu s0, t0, 1f
	li s0, 3
1:	andi t0, a0, 4
	beqz t0, 2f
	// Sv39 root: entry 2 maps VA 0x80000000 (1 GiB) to PA 0x80000000: V R W X A D (+U)
	li t1, (0x80000 << 10) | 0xcf
	bnez s0, 3f
	ori t1, t1, 0x10
3:	la t2, root_pt
	sd t1, 16(t2)
	srli t2, t2, 12
	li t0, 8 << 60
	or t2, t2, t0
	csrw satp, t2
	sfence.vma
2:	li t0, 1
	bne s0, t0, 4f
	andi t0, a0, 8
	beqz t0, 4f
	la t0, s_handler
	csrw stvec, t0
	li t0, 0xb1ff                    // all synchronous exceptions but ecall from S/M
	csrw medeleg, t0
4:	li t0, 3 << 11
	csrc mstatus, t0
	slli t0, s0, 11
	csrs mstatus, t0                 // MPP = the code's privilege
	la t0, code
	csrw mepc, t0
	li a0, 0
	mret

	.balign 4
m_handler:
	csrr t0, mcause
	bltz t0, m_irq
	csrr t0, mepc
	la t1, code
	bltu t0, t1, stop
	li t1, 0x10000
	la t2, code
	add t1, t1, t2
	bgeu t0, t1, stop
	lhu t1, 0(t0)
	andi t1, t1, 3
	addi t0, t0, 2
	li t2, 3
	bne t1, t2, 5f
	addi t0, t0, 2
5:	csrw mepc, t0
	mret
m_irq:
	csrw mie, zero
	mret
stop:
	li t0, 1
	la t1, tohost
	sd t0, 0(t1)
6:	j 6b

	.balign 4
s_handler:
	csrr t0, sepc
	la t1, code
	bltu t0, t1, 7f
	lhu t1, 0(t0)
	andi t1, t1, 3
	addi t0, t0, 2
	li t2, 3
	bne t1, t2, 8f
	addi t0, t0, 2
8:	csrw sepc, t0
	sret
7:	ecall                            // back to M, which stops

	.section .tohost, "aw"
	.balign 64
	.global tohost
tohost: .dword 0
	.global fromhost
fromhost: .dword 0

	.data
	.balign 4096
root_pt: .zero 4096

	.section .text.code, "ax"
	.balign 65536
	.global code
code: .zero 65536
