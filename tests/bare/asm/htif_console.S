// HTIF console (device 1, command 1 = putchar) and the syscall proxy (device 0, command 0 with
// the address of {64 = write, fd, buf, len}): the host answers in fromhost and puts write's
// result (the byte count, 6) in the block's first word.
// expect-exit: 0
// expect-stdout: OK\nproxy\n
#include "common.h"
	.section .text.init
	.global _start
_start:
	la s0, tohost
	la s1, fromhost
	li s2, (1 << 56) | (1 << 48)
	ori t0, s2, 'O'
	sd t0, 0(s0)
wait1:	ld t0, 0(s0)            // the host clears tohost once it has taken the command
	bnez t0, wait1
	ori t0, s2, 'K'
	sd t0, 0(s0)
wait2:	ld t0, 0(s0)
	bnez t0, wait2
	ori t0, s2, '\n'
	sd t0, 0(s0)
wait3:	ld t0, 0(s0)
	bnez t0, wait3
	sd zero, 0(s1)
	la a0, magic
	li t0, 64
	sd t0, 0(a0)
	li t0, 1
	sd t0, 8(a0)
	la t0, text
	sd t0, 16(a0)
	li t0, 6
	sd t0, 24(a0)
	sd a0, 0(s0)
wait4:	ld t0, 0(s1)
	beqz t0, wait4
	FAIL_IF_NE(t0, 1, 2)
	ld t0, 0(a0)
	FAIL_IF_NE(t0, 6, 3)
	EXIT(0)

	.section .rodata
text:	.ascii "proxy\n"
	.data
	.balign 64
magic:	.dword 0, 0, 0, 0, 0, 0, 0, 0
	HTIF_SECTION
