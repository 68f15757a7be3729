// The device harness's firmware (tests/fuzz/mmio.c), run by the board as --bios: it plays the
// table of accesses the harness writes at `recs` (a count, then per access its address, value
// and kind: bits 1:0 the width 1/2/4/8, bit 2 a store, bit 3 instead sets mie to the value and
// turns on mstatus.MIE), then powers off through the syscon. A trap skips the instruction that
// took it (all instructions are 4 bytes); an interrupt turns interrupts off.
	.option norvc
	.section .text.init
	.global _start
_start:
	la t0, handler
	csrw mtvec, t0
	la s0, recs
	ld s1, 0(s0)
	addi s0, s0, 8
1:	beqz s1, 9f
	ld t0, 0(s0)
	ld t1, 8(s0)
	ld t2, 16(s0)
	addi s0, s0, 24
	addi s1, s1, -1
	andi t3, t2, 8
	bnez t3, 8f
	andi t3, t2, 4
	andi t2, t2, 3
	slli t2, t2, 3
	add t2, t2, t3
	slli t2, t2, 1
	la t4, ops
	add t4, t4, t2
	jr t4
ops:	lb t5, 0(t0)
	j 1b
	lh t5, 0(t0)
	j 1b
	lw t5, 0(t0)
	j 1b
	ld t5, 0(t0)
	j 1b
	sb t1, 0(t0)
	j 1b
	sh t1, 0(t0)
	j 1b
	sw t1, 0(t0)
	j 1b
	sd t1, 0(t0)
	j 1b
8:	csrw mie, t1
	csrsi mstatus, 8
	j 1b
9:	li t0, 0x100000         // syscon: poweroff (sifive,test0 FINISHER_PASS)
	li t1, 0x5555
	sw t1, 0(t0)
10:	j 10b

	.balign 4
handler:
	csrr t5, mcause
	bltz t5, 11f
	csrr t5, mepc
	addi t5, t5, 4
	csrw mepc, t5
	mret
11:	csrw mie, zero
	mret

	.data
	.balign 4096
	.global recs
recs: .zero 8 + 24 * 256
	.balign 4096
	.global dmabuf
dmabuf: .zero 65536
