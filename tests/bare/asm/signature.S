// --signature=FILE writes the words from begin_signature to end_signature, one 32-bit word per
// line in lowercase hex (riscv-arch-test format). Expected words, by hand:
//   0x12345678 + 0x11111111 = 0x23456789;  0xdeadbeef ^ 0xffffffff = 0x21524110;
//   0x10001 * 0x10001 = 0x1_0002_0001 (low word 00020001, high word 00000001);
//   (2^64 - 1) >> 4 = 0x0fffffff_ffffffff (low ffffffff, high 0fffffff);
//   bytes 11 22 then halfword 0x4433 = word 0x44332211; the last word keeps its initial value.
// expect-exit: 0
// expect-signature: 23456789 21524110 00020001 00000001 ffffffff 0fffffff 44332211 cafef00d
#include "common.h"
	.section .text.init
	.global _start
_start:
	la s0, begin_signature
	li t0, 0x12345678
	li t1, 0x11111111
	addw t2, t0, t1
	sw t2, 0(s0)
	li t0, 0xdeadbeef
	not t0, t0
	sw t0, 4(s0)
	li t0, 0x10001
	mul t1, t0, t0
	sd t1, 8(s0)
	li t0, -1
	srli t0, t0, 4
	sd t0, 16(s0)
	li t0, 0x11
	sb t0, 24(s0)
	li t0, 0x22
	sb t0, 25(s0)
	li t0, 0x4433
	sh t0, 26(s0)
	EXIT(0)

	.data
	.balign 16
	.global begin_signature
begin_signature:
	.word 0, 0, 0, 0, 0, 0, 0, 0xcafef00d
	.global end_signature
end_signature:
	HTIF_SECTION
