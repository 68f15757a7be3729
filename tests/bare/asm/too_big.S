// A program that does not fit in the RAM given by --mem (8 KiB here; its data starts 8 KiB
// above 0x80000000) is refused before it runs with exit status 125.
// karu64-args: --mem=8K
// expect-exit: 125
// expect-stderr: RAM
#include "common.h"
	.section .text.init
	.global _start
_start:
	EXIT(0)
	.data
	.space 64
	HTIF_SECTION
