// An exit code above 255 (tohost = 300 << 1 | 1) is printed and the status is 1.
// expect-exit: 1
// expect-stderr: 300
#include "common.h"
	.section .text.init
	.global _start
_start:
	EXIT(300)
	HTIF_SECTION
