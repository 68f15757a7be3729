# A tiny static riscv64 Linux program with known behaviour (tests/cli/run.py):
# sums 1..100 in a0 (5050), then exits with status (5050 & 0xff) = 186 via exit_group.
	.globl _start
_start:
	li	t0, 100
	li	a0, 0
1:	add	a0, a0, t0
	addi	t0, t0, -1
	bnez	t0, 1b
	li	a7, 94
	ecall
