// HTIF exit with tohost = 5 << 1 | 1: riscv-tests' "test 5 failed", exit status 5. The store is
// split in two 32-bit halves (low word first), as riscv-tests' write_tohost does.
// expect-exit: 5
#include "common.h"
	.section .text.init
	.global _start
_start:
	li t0, (5 << 1) | 1
	la t1, tohost
	sw t0, 0(t1)
	sw zero, 4(t1)
1:	j 1b
	HTIF_SECTION
