// The system-call harness's guest (tests/fuzz/syscall.c), a static riscv64 Linux program
// without libc: it makes the system calls of the table the harness writes at `calls` before
// the first instruction (a count, then per call the number and six arguments, 8 bytes each),
// then exits with status 0. `scratch` is the memory the calls' pointer arguments point into.
	.text
	.global _start
_start:
	la s0, calls
	ld s1, 0(s0)
	addi s0, s0, 8
1:	beqz s1, 2f
	ld a7, 0(s0)
	ld a0, 8(s0)
	ld a1, 16(s0)
	ld a2, 24(s0)
	ld a3, 32(s0)
	ld a4, 40(s0)
	ld a5, 48(s0)
	ecall
	addi s0, s0, 56
	addi s1, s1, -1
	j 1b
2:	li a0, 0
	li a7, 94               // exit_group
	ecall

	.data
	.balign 4096
	.global calls
calls: .zero 8 + 56 * 64
	.balign 4096
	.global scratch
scratch: .zero 65536
