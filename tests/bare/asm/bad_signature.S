// --signature on a program without begin_signature/end_signature is refused before it runs:
// one error line naming the missing symbols, exit status 125 (the simulator's own error).
// karu64-args: --signature=/dev/null
// expect-exit: 125
// expect-stderr: begin_signature
#include "common.h"
	.section .text.init
	.global _start
_start:
	EXIT(0)
	HTIF_SECTION
