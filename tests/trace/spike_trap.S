// Commit-log cases around traps: vector loads and stores that fault part-way, exceptions and
// an interrupt into an M-mode handler, and a trap delegated to S-mode (doc/trace.md).
// RAM ends at 0x90000000 (karu64's default --mem=256M; Spike run with -m0x80000000:0x10000000).
	.option norvc
	.section .text.init
	.global _start
_start:
	la t0, mtrap
	csrw mtvec, t0
	// mstatus as Spike resets it (FS = VS = Off), then VS = Initial
	addi t1, zero, 0x11
	slli t1, t1, 9
	csrc mstatus, t1
	addi t1, zero, 0x200
	csrs mstatus, t1
	// a0 = the last 16 bytes of RAM, holding their own address
	addi a0, zero, 9
	slli a0, a0, 28
	addi a0, a0, -16
	sd a0, 0(a0)
	sd a0, 8(a0)
	vsetivli zero, 4, e64, m1, ta, ma
	vid.v v8
	// unit-stride load: elements 0 and 1 load, element 2 (0x90000000) faults, vstart = 2
	vle64.v v8, (a0)
	// the same at element 0: nothing loaded, vstart = 0
	addi a1, a0, 16
	vle64.v v9, (a1)
	// unit-stride store: elements 0 and 1 stored, element 2 faults
	vse64.v v8, (a0)
	// a segment load that faults at field 1 of element 1: element 0 and field 0 of element 1 load
	addi a2, a0, -8
	vlseg2e64.v v10, (a2)
	// a fault-only-first load that faults at element 0 traps too
	vle64ff.v v12, (a1)
	// masked (v0 = 0b0101): element 0 loads, element 1 is inactive, element 2 faults
	vmv.v.i v0, 5
	vle64.v v20, (a0), v0.t
	// a whole-register load of v16, v17 from 40 bytes before the end: elements 0..4 load
	addi a4, a0, -24
	vl2re64.v v16, (a4)
	// strided, stride -8 from the start of RAM: element 1 at 0x7ffffff8 faults
	addi t1, zero, -8
	la t0, _start
	vlse64.v v22, (t0), t1
	// ecall and an illegal instruction in M-mode; VS = Clean first, so that the handler's first
	// instruction (csrwi vstart) makes it Dirty again
	addi t1, zero, 0x200
	csrc mstatus, t1
	ecall
	unimp
	// a machine software-style interrupt: SSIP pending and enabled, not delegated
	csrsi mie, 2
	csrsi mstatus, 8
	csrsi mip, 2
	csrci mstatus, 8
	csrci mie, 2
	// S-mode: illegal instructions delegated, the rest traps to M
	addi t0, zero, 4
	csrw medeleg, t0
	la t0, strap
	csrw stvec, t0
	addi t0, zero, 3
	slli t0, t0, 11
	csrc mstatus, t0
	addi t0, zero, 1
	slli t0, t0, 11
	csrs mstatus, t0
	// FS = Initial: the S-mode handler's first instruction makes it Dirty
	addi t0, zero, 1
	slli t0, t0, 13
	csrs mstatus, t0
	la t0, smode
	csrw mepc, t0
	mret
smode:
	unimp
	ecall
	li t6, 1
	la t5, tohost
	sd t6, 0(t5)
2:	j 2b

mtrap:
	csrwi vstart, 0
	csrr t3, mcause
	bltz t3, 1f
	csrr t4, mepc
	addi t4, t4, 4
	csrw mepc, t4
	mret
1:	csrci mip, 2
	mret

strap:
	fmv.d.x f1, zero
	csrr t3, scause
	csrr t4, sepc
	addi t4, t4, 4
	csrw sepc, t4
	sret

	.section .tohost, "aw", @progbits
	.balign 64; .global tohost; tohost: .dword 0
	.balign 64; .global fromhost; fromhost: .dword 0
