// --trace-virt (doc/trace.md): M enters HS (mret, MPP = S, MPV = 0), which runs one addi and
// an ecall; the M handler enters VS (MPV = 1), which runs one addi and an ecall; then M exits.
// Both addi lines are privilege 1: only the V field tells HS (V=0) from VS (V=1). hgatp and
// vsatp are Bare after reset, so VS fetches physical addresses. Offsets from _start
// (0x80000000, tests/bare/link.ld) are written beside each instruction.
	.option norvc
	.section .text.init
	.global _start
_start:
	la t0, mtrap             // 0x00, 0x04
	csrw mtvec, t0           // 0x08
	la t0, hs_code           // 0x0c, 0x10
	csrw mepc, t0            // 0x14
	addi t1, zero, 1         // 0x18
	slli t1, t1, 11          // 0x1c  MPP = S
	csrs mstatus, t1         // 0x20
	mret                     // 0x24
hs_code:
	addi a0, zero, 6         // 0x28  HS
	ecall                    // 0x2c  cause 9
vs_code:
	addi a0, zero, 5         // 0x30  VS
	ecall                    // 0x34  cause 10
mtrap:
	csrr t2, mcause          // 0x38
	addi t3, zero, 9         // 0x3c
	bne t2, t3, done         // 0x40
	la t0, vs_code           // 0x44, 0x48
	csrw mepc, t0            // 0x4c
	addi t1, zero, 1         // 0x50
	slli t1, t1, 39          // 0x54  MPV (MPP is S again: the ecall came from HS)
	csrs mstatus, t1         // 0x58
	mret                     // 0x5c
done:
	addi t1, zero, 1         // 0x60
	la t0, tohost
	sd t1, 0(t0)
1:	j 1b

	.section .tohost, "aw", @progbits
	.balign 64; .global tohost; tohost: .dword 0
	.balign 64; .global fromhost; fromhost: .dword 0
