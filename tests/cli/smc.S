# Self-modifying code: patches the immediate of an addi, executes fence.i, runs it again.
# Exit status = 1 + 42 = 43 if the patched instruction is fetched after fence.i.
	.globl _start
_start:
	la	t1, target
	li	a0, 0
	jal	ra, target           # a0 += 1
	li	t2, 0x02a50513         # addi a0, a0, 42
	sw	t2, 0(t1)
	fence.i
	jal	ra, target           # a0 += 42
	li	a7, 94
	ecall
	.section .data.code, "awx"
	.balign 4
target:
	.word	0x00150513             # addi a0, a0, 1
	.word	0x00008067             # jalr zero, 0(ra)
