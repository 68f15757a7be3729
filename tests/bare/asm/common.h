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

/* START_WITH_HANDLER(h): the test's entry, _start in .text.init, with mtvec = h (the tests that
 * take traps in M-mode). Clobbers t0. */
#define START_WITH_HANDLER(h) \
	.section .text.init;  \
	.global _start;       \
_start:                       \
	la t0, h;             \
	csrw mtvec, t0

/* PMP_ALLOW_ALL: PMP entry 0 = all memory, RWX (NAPOT), as firmware sets before it enters S or U
 * mode: with PMP entries implemented and none matching, S and U have no access (privileged
 * spec 3.7.1). Clobbers t0. */
#define PMP_ALLOW_ALL         \
	li t0, -1;            \
	csrw pmpaddr0, t0;    \
	li t0, 0x1f;          \
	csrw pmpcfg0, t0

/* MRET_PAST_MEPC: a trap handler's return to the instruction after the one at mepc, 2 bytes
 * if its low bits are not 11, else 4. Clobbers t0-t2. */
#define MRET_PAST_MEPC         \
	csrr t0, mepc;         \
	lhu t1, 0(t0);         \
	andi t1, t1, 3;        \
	addi t0, t0, 2;        \
	li t2, 3;              \
	bne t1, t2, 3f;        \
	addi t0, t0, 2;        \
3:	csrw mepc, t0;         \
	mret

#define HTIF_SECTION                                      \
	.section .tohost, "aw", @progbits;                \
	.balign 64; .global tohost; tohost: .dword 0;     \
	.balign 64; .global fromhost; fromhost: .dword 0;
