/* Entry of the RTL comparison programs (bare metal, M mode, at 0x80000000): stack below 4 MiB
 * (the RTL testbench's RAM with its 22 address bits), the FPU and vector unit switched on
 * (mstatus.FS and VS), main(), then the HTIF exit command with main's value (tohost = code << 1 | 1).
 * A trap prints "trap MCAUSE MEPC" and exits with 3 (so an instruction the core lacks ends the
 * run instead of restarting it).
 * The same binary runs on karu64 --bare and in the RTL's Verilator testbench, whose HTIF device
 * watches the same tohost word. */
#include "../bare/asm/common.h"
	.section .text.init
	.option norvc
	.global _start
_start:
	li sp, 0x80400000 - 16
	li t0, 0x2200
	csrs mstatus, t0
	la t0, trap
	csrw mtvec, t0
	call main
	.global htif_exit
htif_exit:
	slli a0, a0, 1
	ori a0, a0, 1
	la t0, tohost
	sd a0, 0(t0)
1:	j 1b

	.balign 4
trap:	csrr a0, mcause
	csrr a1, mepc
	li sp, 0x80400000 - 16
	call trap_report

	HTIF_SECTION
