/* A process whose user-mode instruction count is known by construction, for `perf stat` on the
 * Debian image (tests/disk/debian.py): no C library, no dynamic loader. It retires
 * 2 (li) + 2 * N (the loop) + 2 (li a0, li a7) instructions; the exit ecall traps and does not
 * retire. N = 5,000,000: 10,000,004 instructions. */
	.globl _start
	.text
	.balign 8
_start:
	li t0, 5000000
1:	addi t0, t0, -1
	bnez t0, 1b
	li a0, 0
	li a7, 93           /* exit */
	ecall
