/* Shared macros for the bare-metal assembly tests. Each test starts in M-mode at _start and
 * ends with EXIT(code): an HTIF exit command, tohost = code << 1 | 1 (riscv-tests convention). */
#define EXIT(code)                 \
	li t6, ((code) << 1) | 1;  \
	la t5, tohost;             \
	sd t6, 0(t5);              \
1:	j 1b

/* FAIL_IF_NE(reg, value, code): exit with `code` unless reg == value. */
#define FAIL_IF_NE(reg, value, code) \
	li t6, value;                \
	beq reg, t6, 2f;             \
	EXIT(code);                  \
2:

#define HTIF_SECTION                                      \
	.section .tohost, "aw", @progbits;                \
	.balign 64; .global tohost; tohost: .dword 0;     \
	.balign 64; .global fromhost; fromhost: .dword 0;
