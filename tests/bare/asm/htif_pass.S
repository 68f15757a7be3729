// HTIF exit with tohost = 1: riscv-tests' "pass", exit status 0.
// expect-exit: 0
#include "common.h"
	.section .text.init
	.global _start
_start:
	EXIT(0)
	HTIF_SECTION
