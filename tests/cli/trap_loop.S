# Bare metal: mtvec points outside memory, so the first trap's handler fetch faults forever.
# karu64 must stop with one error line (and exit status 125) instead of hanging.
	.globl _start
_start:
	csrw	mtvec, zero
	ecall
