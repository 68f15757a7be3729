// --no-semihosting's probe (tests/limits/jail.py): a semihosting SYS_REMOVE "victim" (relative to
// the simulator's working directory). With semihosting off the sequence's ebreak is a breakpoint
// exception (mcause 3, privileged spec 3.1.15), which the handler reports as exit 0 (HTIF); if the
// call is served instead, the program goes on and exits 1; another trap exits 2.
	.section .text.init
	.global _start
_start:
	la t0, handler
	csrw mtvec, t0
	li a0, 0x0e            // SYS_REMOVE
	la a1, remove_blk
	.option push
	.option norvc
	slli x0, x0, 0x1f
	ebreak
	srai x0, x0, 7
	.option pop
	li s0, 1               // served: exit 1
	j exit
	.balign 4
handler:
	csrr t0, mcause
	li t1, 3
	li s0, 0
	beq t0, t1, exit
	li s0, 2
exit:
	slli s0, s0, 1
	ori s0, s0, 1
	la t0, tohost
	sd s0, 0(t0)
1:	j 1b

	.data
	.balign 8
remove_blk: .dword name_victim, 6
name_victim: .asciz "victim"
	.balign 64
	.global tohost
tohost: .dword 0
	.global fromhost
fromhost: .dword 0
