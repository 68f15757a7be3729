// Run-time of the MMU tests (tests/mmu/mmu.c): start-up, the M-mode trap entry, entering S or
// U mode, the S-mode trap handler and the probes that run in S or U mode. Probes are assembled
// without C so that every instruction is 4 bytes and a trap handler may step over one.
	.option norvc
	.section .text.init
	.global _start
_start:
	la sp, m_stack_top
	la t0, mtrap
	csrw mtvec, t0
	la t0, frame
	csrw mscratch, t0
	li t0, (1 << 9) | (1 << 13)        // mstatus.VS, FS = Initial: vector tests
	csrs mstatus, t0
	li t0, -1                         // PMP entry 0: all of memory RWX for S and U (3.7),
	csrw pmpaddr0, t0                 // which QEMU checks and karu64 does not enforce
	li t0, 0x1f                       // NAPOT, R, W, X
	csrw pmpcfg0, t0
	call main
	slli a0, a0, 1                    // HTIF exit: tohost = code << 1 | 1
	ori a0, a0, 1
	la t0, tohost
	sd a0, 0(t0)
1:	j 1b

// uint64_t enter(uint64_t pc, uint64_t a0, uint64_t a1, uint64_t a2): runs the code at pc in the
// mode mstatus.MPP holds, with a0..a2, sp = lo_stack_top and ra = enter_ra (back); the code returns with
// ret, back's ecall comes to mtrap, and enter returns the code's a0.
	.text
	.global enter
enter:
	la t0, m_ctx
	sd ra, 0(t0)
	sd sp, 8(t0)
	sd s0, 16(t0)
	sd s1, 24(t0)
	sd s2, 32(t0)
	sd s3, 40(t0)
	sd s4, 48(t0)
	sd s5, 56(t0)
	sd s6, 64(t0)
	sd s7, 72(t0)
	sd s8, 80(t0)
	sd s9, 88(t0)
	sd s10, 96(t0)
	sd s11, 104(t0)
	sd gp, 112(t0)
	sd tp, 120(t0)
	csrw mepc, a0
	mv a0, a1
	mv a1, a2
	mv a2, a3
	la sp, lo_stack_top
	la ra, enter_ra                   // back, or its U-mode alias
	ld ra, 0(ra)
	mret
	.global back
back:
	ecall

// M-mode trap entry: saves x1..x31 in `frame` (mscratch), calls mtrap_c(frame); a nonzero
// result means "the code entered by enter() is done": enter returns frame.a0.
	.balign 4
mtrap:
	csrrw sp, mscratch, sp
	sd x1, 8(sp)
	sd x3, 24(sp)
	sd x4, 32(sp)
	sd x5, 40(sp)
	sd x6, 48(sp)
	sd x7, 56(sp)
	sd x8, 64(sp)
	sd x9, 72(sp)
	sd x10, 80(sp)
	sd x11, 88(sp)
	sd x12, 96(sp)
	sd x13, 104(sp)
	sd x14, 112(sp)
	sd x15, 120(sp)
	sd x16, 128(sp)
	sd x17, 136(sp)
	sd x18, 144(sp)
	sd x19, 152(sp)
	sd x20, 160(sp)
	sd x21, 168(sp)
	sd x22, 176(sp)
	sd x23, 184(sp)
	sd x24, 192(sp)
	sd x25, 200(sp)
	sd x26, 208(sp)
	sd x27, 216(sp)
	sd x28, 224(sp)
	sd x29, 232(sp)
	sd x30, 240(sp)
	sd x31, 248(sp)
	csrr t0, mscratch
	sd t0, 16(sp)
	csrw mscratch, sp
	mv a0, sp
	call mtrap_c
	bnez a0, 2f
	ld x1, 8(sp)
	ld x3, 24(sp)
	ld x4, 32(sp)
	ld x5, 40(sp)
	ld x6, 48(sp)
	ld x7, 56(sp)
	ld x8, 64(sp)
	ld x9, 72(sp)
	ld x10, 80(sp)
	ld x11, 88(sp)
	ld x12, 96(sp)
	ld x13, 104(sp)
	ld x14, 112(sp)
	ld x15, 120(sp)
	ld x16, 128(sp)
	ld x17, 136(sp)
	ld x18, 144(sp)
	ld x19, 152(sp)
	ld x20, 160(sp)
	ld x21, 168(sp)
	ld x22, 176(sp)
	ld x23, 184(sp)
	ld x24, 192(sp)
	ld x25, 200(sp)
	ld x26, 208(sp)
	ld x27, 216(sp)
	ld x28, 224(sp)
	ld x29, 232(sp)
	ld x30, 240(sp)
	ld x31, 248(sp)
	ld x2, 16(sp)
	mret
2:	ld a0, 80(sp)
	la t0, m_ctx
	ld ra, 0(t0)
	ld sp, 8(t0)
	ld s0, 16(t0)
	ld s1, 24(t0)
	ld s2, 32(t0)
	ld s3, 40(t0)
	ld s4, 48(t0)
	ld s5, 56(t0)
	ld s6, 64(t0)
	ld s7, 72(t0)
	ld s8, 80(t0)
	ld s9, 88(t0)
	ld s10, 96(t0)
	ld s11, 104(t0)
	ld gp, 112(t0)
	ld tp, 120(t0)
	ret

// S-mode trap handler for delegated exceptions: records scause, stval, sepc in s_rec (which
// sscratch points to) and steps over the 4-byte instruction.
	.balign 4
	.global strap
strap:
	csrrw t0, sscratch, t0
	sd t1, 0(t0)
	csrr t1, scause
	sd t1, 8(t0)
	csrr t1, stval
	sd t1, 16(t0)
	csrr t1, sepc
	sd t1, 24(t0)
	addi t1, t1, 4
	csrw sepc, t1
	ld t1, 0(t0)
	csrrw t0, sscratch, t0
	sret

// Probes: one access each. On a fault mtrap_c steps over the access, so a0 keeps its input.
	.global p_ld, p_lw, p_lbu, p_sd, p_sw, p_amoadd, p_lr, p_sc, p_sfence, p_sfence_va, p_sfence_asid
	.global p_sinval, p_sfence_w_inval, p_sfence_inval_ir, p_satp_read, p_mprv_ld, p_satp_swap_ld, p_ld_cross, p_sd_cross
	.global p_vle32, p_vse32, p_vlse64, p_vle32ff, p_fence_i, p_ld_cycles
p_ld:	ld a0, 0(a0)
	ret
// the cycles from one rdcycle to the next around a load (mcounteren.CY set)
p_ld_cycles:
	rdcycle t0
	ld t1, 0(a0)
	rdcycle a0
	sub a0, a0, t0
	ret
p_lw:	lw a0, 0(a0)
	ret
p_lbu:	lbu a0, 0(a0)
	ret
p_sd:	sd a1, 0(a0)
	ret
p_sw:	sw a1, 0(a0)
	ret
p_amoadd: amoadd.d a0, a1, (a0)
	ret
p_lr:	lr.d a0, (a0)
	ret
p_sc:	lr.d t0, (a0)                 // with a reservation: the sc must store
	sc.d a0, a1, (a0)
	ret
p_sfence: sfence.vma
	li a0, 0
	ret
p_sfence_va: sfence.vma a0, zero
	li a0, 0
	ret
p_sfence_asid: sfence.vma zero, a0
	li a0, 0
	ret
p_sinval: sinval.vma zero, zero
	li a0, 0
	ret
p_sfence_w_inval: sfence.w.inval
	li a0, 0
	ret
p_sfence_inval_ir: sfence.inval.ir
	li a0, 0
	ret
p_satp_read: csrr a0, satp
	ret
p_fence_i: fence.i
	ret
// M-mode: one load with mstatus |= a1 (MPRV and friends), then mstatus &= ~a1.
p_mprv_ld:
	csrs mstatus, a1
	ld a0, 0(a0)
	csrc mstatus, a1
	ret
// S-mode: t0 = load a2 under the current satp, satp = a0, t1 = load a2, satp = a1;
// returns t0 | t1 << 32.
p_satp_swap_ld:
	ld t0, 0(a2)
	csrw satp, a0
	ld t1, 0(a2)
	csrw satp, a1
	slli t1, t1, 32
	or a0, t0, t1
	ret
p_ld_cross:
	ld a0, 0(a0)
	ret
p_sd_cross:
	sd a1, 0(a0)
	ret
// Vector probes: vl = 8 32-bit elements (4 64-bit ones for the strided load).
p_vle32:                       // (va, out): v8 = 0, vle32 v8 from va, v8 -> out
	vsetivli t0, 8, e32, m1, ta, mu
	vmv.v.i v8, 0
	vle32.v v8, (a0)
	vse32.v v8, (a1)
	ret
p_vse32:                       // (va, in): v8 <- in, v8 -> va
	vsetivli t0, 8, e32, m1, ta, mu
	vle32.v v8, (a1)
	vse32.v v8, (a0)
	ret
p_vlse64:                      // (va, stride, out)
	vsetivli t0, 4, e64, m1, ta, mu
	vmv.v.i v8, 0
	vlse64.v v8, (a0), a1
	vse64.v v8, (a2)
	ret
p_vle32ff:                     // (va, out): returns vl after vle32ff
	vsetivli t0, 8, e32, m1, ta, mu
	vmv.v.i v8, 0
	vle32ff.v v8, (a0)
	csrr a0, vl
	vse32.v v8, (a1)
	ret

	.section .tohost, "aw", @progbits
	.balign 64
	.global tohost
tohost: .dword 0
	.size tohost, 8                   // QEMU's HTIF wants the symbols' sizes
	.balign 64
	.global fromhost
fromhost: .dword 0
	.size fromhost, 8
