// Commit-log cases that the comparison with a full local Spike found (doc/verification.md);
// tests/trace/spike_found.expected holds Spike's lines for them, written by hand (VLEN = 256).
	.option norvc
	.option arch, +zicboz
	.section .text.init
	.global _start
_start:
	// cbo.zero: Spike zeroes the 64-byte block one byte store at a time, from the block's base
	la a0, buf
	cbo.zero (a0)
	addi a1, a0, 40
	cbo.zero (a1)
	// mstatus as Spike resets it (FS = VS = Off), then VS = Initial
	addi t1, zero, 0x11
	slli t1, t1, 9
	csrc mstatus, t1
	addi t1, zero, 0x200
	csrs mstatus, t1
	// a segment store that overwrites its own elements (stride 0): Spike logs the value each
	// element store wrote, not what memory holds afterwards
	vsetivli zero, 2, e8, m1, ta, ma
	vid.v v8
	vadd.vi v9, v8, 2
	vssseg2e8.v v8, (a0), zero
	li t6, 1
	la t5, tohost
	sd t6, 0(t5)
2:	j 2b

	.section .tohost, "aw", @progbits
	.balign 64; .global tohost; tohost: .dword 0
	.balign 64; .global fromhost; fromhost: .dword 0
	.data
	.balign 64
buf:	.fill 64, 1, 0x5a
