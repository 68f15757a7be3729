// More commit-log cases; tests/trace/spike_more.expected is a local Spike run's log of them
// (doc/verification.md), checked by make check-trace: LMUL = 2 groups, slides, vcompress,
// narrowing, segment and indexed accesses, vmv2r.v, mask instructions, fault-only-first,
// whole-register and mask loads/stores, vl = 0, vmerge/vadc/vmadc, widening reductions, vzext,
// vxsat and vector fflags raised again, S-mode sret, vcsr, sie, AMO, lr/sc, fsd/fld. Built and
// run as tests/trace/spike_log.S (VLEN = 256).
	.option norvc
	.section .text.init
	.global _start
_start:
	li t1, 0x6600
	csrs mstatus, t1
	la a0, data
	la a1, out
	vsetvli t0, zero, e64, m2, ta, mu
	vid.v v4
	vslideup.vi v8, v4, 3
	vslidedown.vi v10, v4, 2
	vsetivli zero, 8, e32, m1, ta, mu
	vle32.v v1, (a0)
	vmseq.vi v0, v1, 0
	vmsne.vi v0, v1, 0
	vcompress.vm v2, v1, v0
	vsetivli zero, 4, e16, mf2, ta, mu
	vnsrl.wi v3, v1, 4
	vsetivli zero, 4, e32, m1, ta, mu
	vlseg2e32.v v12, (a0)
	vid.v v5
	vsll.vi v5, v5, 2
	vluxei32.v v6, (a0), v5
	vsuxei32.v v6, (a1), v5
	vsseg2e32.v v12, (a1)
	vmv2r.v v16, v12
	vmsbf.m v7, v0
	viota.m v9, v0
	vcpop.m t2, v0
	vfirst.m t3, v0
	vmand.mm v7, v0, v0
	vle8ff.v v18, (a0)
	vl2re32.v v20, (a0)
	vsm.v v0, (a1)
	vlm.v v19, (a0)
	vsetivli zero, 0, e32, m1, ta, mu
	vredsum.vs v22, v1, v1
	vsetivli zero, 4, e32, m1, ta, mu
	vmerge.vvm v23, v1, v5, v0
	vadc.vvm v24, v1, v5, v0
	vmadc.vvm v25, v1, v5, v0
	vwredsum.vs v26, v1, v1
	vzext.vf2 v27, v1
	vmv.s.x v28, t2
	vsetivli zero, 4, e8, m1, ta, mu
	vmv.v.i v29, -1
	vsaddu.vv v30, v29, v29
	vsaddu.vv v30, v29, v29
	vsetivli zero, 2, e64, m1, ta, mu
	li t1, 0x3ff0000000000000
	fmv.d.x f1, t1
	li t1, 3
	fcvt.d.l f2, t1
	fdiv.d f3, f1, f2
	vfmv.s.f v31, f1
	vfmv.v.f v30, f2
	vfdiv.vv v29, v31, v30
	vfdiv.vv v28, v31, v30
	vfmv.f.s f4, v29
	// S-mode and sret
	li t1, 0x1800
	csrc mstatus, t1
	li t1, 0x800
	csrs mstatus, t1
	la t1, 1f
	csrw mepc, t1
	mret
1:	li t1, 0x100
	csrs sstatus, t1
	la t1, 2f
	csrw sepc, t1
	sret
2:	csrwi vcsr, 5
	csrw sie, zero
	amoadd.d t4, t1, (a1)
	lr.d t4, (a1)
	sc.d t5, t4, (a1)
	fsd f3, 8(a1)
	fld f5, 8(a1)
	li t6, 1
	la t5, tohost
	sd t6, 0(t5)
3:	j 3b

	.section .tohost, "aw", @progbits
	.balign 64; .global tohost; tohost: .dword 0
	.balign 64; .global fromhost; fromhost: .dword 0
	.data
	.balign 64
data:	.word 0x11111111, 0x22222222, 0x33333333, 0x44444444, 0x55555555, 0x66666666, 0x77777777, 0x88888888
	.word 0x99999999, 0xaaaaaaaa, 0xbbbbbbbb, 0xcccccccc, 0xdddddddd, 0xeeeeeeee, 0xffffffff, 0x01010101
	.fill 64, 1, 0x5a
	.balign 64
out:	.fill 128, 1, 0
