// The jail's semihosting probe (tests/fuzz/jail_test.sh): SYS_OPEN "jail-probe" (relative to
// the simulator's working directory) for writing, then SYS_REMOVE "victim"; exits (HTIF) with
// 1 + 2 = 3 when both failed, 0 when both succeeded.
	.section .text.init
	.global _start
_start:
	li s0, 0
	li a0, 0x01            // SYS_OPEN, mode 4 ("w")
	la a1, open_blk
	call semihost
	li t0, -1
	bne a0, t0, 1f
	ori s0, s0, 1
1:	li a0, 0x0e            // SYS_REMOVE
	la a1, remove_blk
	call semihost
	beqz a0, 2f
	ori s0, s0, 2
2:	slli s0, s0, 1
	ori s0, s0, 1
	la t0, tohost
	sd s0, 0(t0)
3:	j 3b

	.balign 16
semihost:
	.option push
	.option norvc
	slli x0, x0, 0x1f
	ebreak
	srai x0, x0, 7
	.option pop
	ret

	.data
	.balign 8
open_blk:   .dword name_open, 4, 10
remove_blk: .dword name_victim, 6
name_open:  .asciz "jail-probe"
name_victim: .asciz "victim"
	.balign 64
	.global tohost
tohost: .dword 0
	.global fromhost
fromhost: .dword 0
