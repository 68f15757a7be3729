// SYS_EXIT (0x18) with {ADP_Stopped_ApplicationExit = 0x20026, 7}: exit status 7. No tohost
// in this program: bare-metal mode must be forced with --bare.
// karu64-args: --bare
// expect-exit: 7
	.section .text.init
	.global _start
_start:
	li a0, 0x18
	la a1, blk
	.balign 16
	.option push
	.option norvc
	slli x0, x0, 0x1f
	ebreak
	srai x0, x0, 7
	.option pop
1:	j 1b
	.data
	.balign 8
blk:	.dword 0x20026, 7
