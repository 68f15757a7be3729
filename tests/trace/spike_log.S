// The commit-log cases of issue 14, one after the other; tests/trace/spike_log.expected holds
// the lines Spike's --log-commits prints for them (VLEN = 256), written by hand.
	.option norvc
	.section .text.init
	.global _start
_start:
	// mstatus as Spike resets it (FS = VS = Off; karu64's bare mode starts with both Initial)
	li t1, 0x2200
	csrc mstatus, t1
	// csrrw with a destination: x5 (key 5 << 4) before c832_mscratch (key 0x340 << 4 | 4)
	li t1, 0x1234
	csrrw t0, mscratch, t1
	csrrw t0, mscratch, zero
	// mret: the implicit mstatus write (MPP = M so that execution stays in M-mode)
	li t1, 0x1800
	csrs mstatus, t1
	la t1, 1f
	csrw mepc, t1
	mret
1:	// FS = Initial; the first f write makes it Dirty (c768_mstatus), fdiv by zero raises DZ
	li t1, 0x2000
	csrs mstatus, t1
	li t1, 0x3ff0000000000000
	fmv.d.x f1, t1
	fmv.d.x f0, zero
	fdiv.d f2, f1, f0
	// DZ again while fflags is already 0x08: Spike writes (and logs) fflags again
	fdiv.d f3, f1, f0
	// csrrw x1, fflags: c1_fflags (key 0x14) sorts after x1 (0x10)
	csrrw ra, fflags, zero
	// csrw fcsr: logged as its fields, c1_fflags and c2_frm
	li t1, 0x81
	csrw fcsr, t1
	csrw fcsr, zero
	// vectors: VS = Initial, the first vector instruction makes it Dirty
	li t1, 0x200
	csrs mstatus, t1
	vsetvli t0, zero, e8, m8, ta, ma
	vmv.v.i v8, 1
	vsetivli zero, 8, e32, m1, tu, mu
	la a0, data
	vle32.v v16, (a0)
	la a1, out
	vse32.v v16, (a1)
	li t1, 8
	vlse32.v v17, (a0), t1
	vmv.x.s a2, v16
	vmseq.vv v0, v16, v17
	// masked: only element 0 is active, so one access and one register
	vle32.v v18, (a0), v0.t
	vredsum.vs v2, v16, v17
	vsetivli zero, 16, e16, m1, tu, mu
	vwaddu.vv v4, v16, v17
	vsetivli zero, 2, e8, m1, tu, mu
	vmv.v.i v6, -1
	vsaddu.vv v7, v6, v6
	vsetvli zero, zero, e8, m1, tu, mu
	vs1r.v v16, (a1)
	// saturating again while vxsat is 1: Spike writes (and logs) vxsat again
	vsaddu.vv v7, v6, v6
	// mret into S-mode (MPP = S), then sret (SPP = S): both log mstatus
	li t1, 0x800
	csrs mstatus, t1
	la t1, 3f
	csrw mepc, t1
	mret
3:	li t1, 0x100
	csrs sstatus, t1
	la t1, 4f
	csrw sepc, t1
	sret
4:	csrw sie, zero
	// lr/sc: sc logs its store only when it succeeds
	lr.d t4, (a1)
	sc.d t5, t4, (a1)
	sc.d t5, t4, (a1)
	// LMUL = 8 with vl = 8 at SEW = 32: the body fills one register, Spike logs that one only
	vsetivli zero, 8, e32, m8, ta, ma
	vmv.v.i v16, 0
	// the end: HTIF tohost store (karu64 stops; Spike keeps running the loop)
	li t6, 1
	la t5, tohost
	sd t6, 0(t5)
2:	j 2b

	.section .tohost, "aw", @progbits
	.balign 64; .global tohost; tohost: .dword 0
	.balign 64; .global fromhost; fromhost: .dword 0
	.data
	.balign 64
data:	.word 0x11111111, 0x22222222, 0x33333333, 0x44444444, 0x55555555, 0x66666666, 0x77777777, 0x88888888
	.word 0x99999999, 0xaaaaaaaa, 0xbbbbbbbb, 0xcccccccc, 0xdddddddd, 0xeeeeeeee, 0xffffffff, 0x01010101
	.balign 64
out:	.fill 32, 1, 0
