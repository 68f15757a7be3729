// Probes of the hypervisor tests (tests/hyp/hyp_test.c): one instruction each, written as
// .word with its encoding worked out by hand (the trap value of an illegal or virtual
// instruction is this word), then ret. The trap handlers step over the 4-byte instruction, so
// a0 keeps its input when it traps. Also the HS-mode trap handler and the VS-mode interrupt
// handler. Run-time: tests/mmu/rt.S.
	.option norvc
	.text
	.global h_csrr_hstatus, h_csrr_mstatus, h_csrr_vsstatus, h_csrr_sstatus, h_csrr_satp
	.global h_csrr_cycle, h_csrr_stimecmp, h_csrr_senvcfg, h_csrr_sscratch, h_csrw_sscratch
	.global h_hlv_d, h_hsv_d, h_hlvx_wu, h_hlv_w, h_hfence_vvma, h_hfence_gvma, h_hinval_gvma
	.global h_wfi, h_sret, h_sfence, h_ld, h_sd, h_fadd, h_ecall, h_nop, h_csrr_sip, h_csrr_time, h_sc_w
	.global hs_trap, vs_irq, h_enter_v, m_clear_mpv, h_walk_cycles, h_hlv_cycles
h_csrr_hstatus:  .word 0x60002573        // csrrs a0, hstatus (0x600), zero
	ret
h_csrr_mstatus:  .word 0x30002573        // csrrs a0, mstatus, zero
	ret
h_csrr_vsstatus: .word 0x20002573        // csrrs a0, vsstatus (0x200), zero
	ret
h_csrr_sstatus:  .word 0x10002573        // csrrs a0, sstatus, zero
	ret
h_csrr_satp:     .word 0x18002573        // csrrs a0, satp, zero
	ret
h_csrr_cycle:    .word 0xc0002573        // csrrs a0, cycle, zero
	ret
h_csrr_time:     .word 0xc0102573        // csrrs a0, time, zero
	ret
h_csrr_stimecmp: .word 0x14d02573        // csrrs a0, stimecmp (0x14d), zero
	ret
h_csrr_senvcfg:  .word 0x10a02573        // csrrs a0, senvcfg (0x10a), zero
	ret
h_csrr_sscratch: .word 0x14002573        // csrrs a0, sscratch, zero
	ret
h_csrw_sscratch: .word 0x14051073        // csrrw zero, sscratch, a0
	ret
h_csrr_sip:      .word 0x14402573        // csrrs a0, sip, zero
	ret
h_hlv_d:         .word 0x6c054573        // hlv.d a0, (a0)
	ret
h_hsv_d:         .word 0x6eb54073        // hsv.d a1, (a0)
	ret
h_hlvx_wu:       .word 0x68354573        // hlvx.wu a0, (a0)
	ret
h_hlv_w:         .word 0x68054573        // hlv.w a0, (a0)
	ret
h_hfence_vvma:   .word 0x22000073        // hfence.vvma zero, zero
	ret
h_hfence_gvma:   .word 0x62000073        // hfence.gvma zero, zero
	ret
h_hinval_gvma:   .word 0x66000073        // hinval.gvma zero, zero
	ret
h_wfi:           .word 0x10500073        // wfi
	ret
h_sret:          .word 0x10200073        // sret
	ret
h_sfence:        .word 0x12000073        // sfence.vma zero, zero
	ret
h_ld:            .word 0x00053503        // ld a0, 0(a0)
	ret
h_sd:            .word 0x00b53023        // sd a1, 0(a0)
	ret
h_sc_w:          .word 0x18b5252f        // sc.w a0, a1, (a0)
	ret
h_fadd:          .word 0x02a57553        // fadd.d fa0, fa0, fa0 (rm = dyn)
	ret
h_ecall:         .word 0x00000073        // ecall
	ret
h_nop:           addi a0, zero, 7
	ret
// Entry into V mode from HS: run() mrets here (HS) with sepc = the probe, hstatus.SPV = 1 and
// sstatus.SPP = the guest's privilege when mstatus.MPV cannot be written (hyp_test.c run()).
h_enter_v:       sret
// void m_clear_mpv(void), in M: clears mstatus.MPV where a CSR write does not, by an MRET with
// MPP = M, which stays in M and sets MPV = 0 (21.6.4); MPIE is cleared first so that MIE stays 0.
m_clear_mpv:
	li t0, 0x1800
	csrs mstatus, t0
	li t0, 0x80
	csrc mstatus, t0
	csrw mepc, ra
	mret

// The cycle model's two-stage walks (hyp_test.c t_model_walk): four loads at a0, a0, a0 + 0x80,
// a0 + 0x88, each timed from the rdcycle before it to the one after; the four differences in
// the 16-bit fields of a0, the first lowest. One 64-byte line, 8-byte aligned pairs: each
// rdcycle + ld pair is one fetch word.
	.balign 64
h_walk_cycles:
	rdcycle t0
	ld t1, 0(a0)
	rdcycle t2
	ld t1, 0(a0)
	rdcycle t3
	ld t1, 0x80(a0)
	rdcycle t4
	ld t1, 0x88(a0)
	rdcycle t5
	sub t5, t5, t4
	sub t4, t4, t3
	sub t3, t3, t2
	sub t2, t2, t0
	slli t5, t5, 48
	slli t4, t4, 32
	slli t3, t3, 16
	or a0, t2, t3
	or a0, a0, t4
	or a0, a0, t5
	ret
// two hlv.d at a0, each timed as above: the first difference in bits 31:0, the second in 63:32
	.balign 64
h_hlv_cycles:
	rdcycle t0
	.word 0x6c054373                 // hlv.d t1, (a0)
	rdcycle t2
	.word 0x6c054373                 // hlv.d t1, (a0)
	rdcycle t3
	sub t3, t3, t2
	sub t2, t2, t0
	slli t3, t3, 32
	or a0, t2, t3
	ret

// HS-mode trap handler: records scause, stval, sepc, htval, htinst, hstatus in hs_rec (sscratch
// points to it) and steps over the instruction; an interrupt clears hvip and hie instead.
	.balign 4
hs_trap:
	csrrw t0, sscratch, t0
	sd t1, 0(t0)
	csrr t1, scause
	sd t1, 8(t0)
	csrr t1, stval
	sd t1, 16(t0)
	csrr t1, sepc
	sd t1, 24(t0)
	csrr t1, 0x643                 // htval
	sd t1, 32(t0)
	csrr t1, 0x64a                 // htinst
	sd t1, 40(t0)
	csrr t1, 0x600                 // hstatus
	sd t1, 48(t0)
	ld t1, 56(t0)
	addi t1, t1, 1
	sd t1, 56(t0)
	csrr t1, scause
	bltz t1, 1f
	csrr t1, sepc
	addi t1, t1, 4
	csrw sepc, t1
	j 2f
1:	csrw 0x645, zero               // hvip
	csrw 0x604, zero               // hie
2:	ld t1, 0(t0)
	csrrw t0, sscratch, t0
	sret

// VS-mode interrupt handler: records scause (vscause) in s_rec[1], clears sip and sie (vsip,
// vsie) and returns to the interrupted instruction.
	.balign 4
vs_irq:
	csrrw t0, sscratch, t0
	sd t1, 0(t0)
	csrr t1, scause
	sd t1, 8(t0)
	csrw sip, zero
	csrw sie, zero
	ld t1, 0(t0)
	csrrw t0, sscratch, t0
	sret
