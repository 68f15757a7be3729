// RISC-V semihosting calls from assembly (Arm semihosting v2 operations, 8-byte fields):
// SYS_WRITE0, SYS_WRITEC, SYS_OPEN ":tt" for writing (stdout), SYS_WRITE (returns 0 = all
// written), SYS_ISERROR, SYS_GET_CMDLINE (the program and its arguments, here "{elf} one two"),
// then SYS_EXIT_EXTENDED {ADP_Stopped_ApplicationExit, 42}. A plain ebreak and a c.ebreak
// between the slli/srai markers are ordinary breakpoints (mcause 3).
// args: one two
// expect-exit: 42
// expect-stdout: hello\n!\ntt\n{elf} one two\n
#include "common.h"
#define SEMIHOST(op, arg)  \
	li a0, op;         \
	la a1, arg;        \
	.balign 16;        \
	.option push;      \
	.option norvc;     \
	slli x0, x0, 0x1f; \
	ebreak;            \
	srai x0, x0, 7;    \
	.option pop

	START_WITH_HANDLER(handler)
	li s1, 0
	SEMIHOST(0x04, msg_hello)          // SYS_WRITE0
	SEMIHOST(0x03, bang)               // SYS_WRITEC
	SEMIHOST(0x03, newline)
	SEMIHOST(0x01, open_tt)            // SYS_OPEN ":tt", mode 4 ("w")
	li t0, -1
	beq a0, t0, fail2
	la t1, write_blk
	sd a0, 0(t1)
	SEMIHOST(0x05, write_blk)          // SYS_WRITE: returns bytes not written
	FAIL_IF_NE(a0, 0, 3)
	SEMIHOST(0x08, minus_one)          // SYS_ISERROR(-1) != 0
	beqz a0, fail4
	SEMIHOST(0x15, cmdline_blk)        // SYS_GET_CMDLINE
	FAIL_IF_NE(a0, 0, 5)
	SEMIHOST(0x04, cmdline_buf)
	SEMIHOST(0x03, newline)
	// not semihosting: plain ebreak, and c.ebreak between the markers
	.option push
	.option norvc
	ebreak
	.balign 16
	slli x0, x0, 0x1f
	.option rvc
	c.ebreak
	c.nop
	.option norvc
	srai x0, x0, 7
	.option pop
	FAIL_IF_NE(s1, 2, 6)
	SEMIHOST(0x20, exit_blk)           // SYS_EXIT_EXTENDED
	EXIT(7)                            // not reached
fail2:	EXIT(2)
fail4:	EXIT(4)

	.balign 4
handler:
	addi s1, s1, 1
	csrr t0, mcause
	FAIL_IF_NE(t0, 3, 8)
	MRET_PAST_MEPC

	.section .rodata
msg_hello:	.asciz "hello\n"
bang:		.byte '!'
newline:	.byte '\n'
tt_name:	.asciz ":tt"
tt_text:	.ascii "tt\n"
	.data
	.balign 8
open_tt:	.dword tt_name, 4, 3
write_blk:	.dword 0, tt_text, 3
minus_one:	.dword -1
cmdline_blk:	.dword cmdline_buf, 256
exit_blk:	.dword 0x20026, 42
cmdline_buf:	.space 256
	HTIF_SECTION
