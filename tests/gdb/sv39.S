// The S-mode guest of check-gdb (tests/gdb/run.py): M-mode sets up Sv39 with two 1 GiB pages,
// VA 0x80000000 -> PA 0x80000000 (identity: the code runs there) and VA 0xc0000000 -> PA
// 0x80000000 (an alias), and enters S-mode at s_checkpoint; its ecall ends the run (status 0;
// any other trap: 99). A debugger stopped at s_checkpoint reads the program's virtual
// addresses: `table` also at table + 0x40000000, nothing at 0x40000000.
	.section .text.init
	.global _start
_start:
	la t0, trap
	csrw mtvec, t0
	la t0, pt
	li t1, (0x80000 << 10) | 0xcf      // PPN of 0x80000000, D A X W R V
	sd t1, 16(t0)                      // root[2]: VA 0x80000000
	sd t1, 24(t0)                      // root[3]: VA 0xc0000000
	srli t0, t0, 12
	li t1, 8 << 60                     // MODE = Sv39
	or t0, t0, t1
	csrw satp, t0
	sfence.vma
	li t0, -1                          // PMP entry 0: all memory RWX (NAPOT), as firmware
	csrw pmpaddr0, t0                  // sets before S-mode (with entries, none matching
	li t0, 0x1f                        // denies S, privileged spec 3.7.1)
	csrw pmpcfg0, t0
	li t0, 3 << 11                     // mstatus.MPP = S
	csrc mstatus, t0
	li t0, 1 << 11
	csrs mstatus, t0
	la t0, s_checkpoint
	csrw mepc, t0
	mret

	.global s_checkpoint
s_checkpoint:
	nop
	ecall

	.balign 4
trap:
	csrr t0, mcause
	li t1, 9                           // environment call from S-mode
	li s2, 1
	beq t0, t1, 1f
	li s2, 99 << 1 | 1
1:	la t0, tohost
	sd s2, 0(t0)
2:	j 2b

	.data
	.balign 8
	.global table
table:	.dword 0x1111111111111111, 0x2222222222222222
	.balign 4096
	.global pt
pt:	.zero 4096

	.section .tohost, "aw", @progbits
	.balign 64
	.global tohost
tohost:	.dword 0
	.balign 64
	.global fromhost
fromhost: .dword 0
