// The bare-metal guest of check-gdb (tests/gdb/run.py), M-mode with HTIF: the values the
// debugger checks are the constants below. known_fn is called twice; at checkpoint v1 holds
// the bytes 0x10..0x2f (VLEN 256, vl = 32), mscratch 0x5a5a5a5a, fcsr 0x45; `spin` (0) keeps
// the program in spin_loop while non-zero (the Ctrl-C test). It exits with s2 + result
// (7 + 0 unless a debugger changed them).
	.section .text.init
	.global _start
_start:
	la t0, trap
	csrw mtvec, t0
	li t0, (1 << 13) | (1 << 9)      // mstatus.FS = VS = Initial
	csrs mstatus, t0
	li s2, 7
	li a0, 0x1234
	li a1, 0x5678
	call known_fn
	mv s3, a0
	li a0, 3
	li a1, 4
	call known_fn
	la t0, vbytes
	li t1, 32
	vsetvli t2, t1, e8, m1, ta, ma
	vle8.v v1, (t0)
	li t0, 0x5a5a5a5a
	csrw mscratch, t0
	li t0, 0x45
	csrw fcsr, t0
	.global checkpoint
checkpoint:
	nop
	la t0, spin
	.global spin_loop
spin_loop:
	ld t1, 0(t0)
	bnez t1, spin_loop
	.global spin_end
spin_end:
	la t0, result
	ld t0, 0(t0)
	add s2, s2, t0
	slli s2, s2, 1
	ori s2, s2, 1
	la t0, tohost
	sd s2, 0(t0)
1:	j 1b

	.global known_fn
known_fn:
	add a0, a0, a1
	ret

	.balign 4
trap:
	li s2, 99 << 1 | 1               // an unexpected trap: exit 99
	la t0, tohost
	sd s2, 0(t0)
2:	j 2b

	.data
	.balign 8
	.global table
table:	.dword 0x1111111111111111, 0x2222222222222222, 0x3333333333333333, 0x4444444444444444
	.global result
result:	.dword 0
	.global spin
spin:	.dword 0
vbytes:	.byte 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f
	.byte 0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x2b, 0x2c, 0x2d, 0x2e, 0x2f

	.section .tohost, "aw", @progbits
	.balign 64
	.global tohost
tohost:	.dword 0
	.balign 64
	.global fromhost
fromhost: .dword 0
