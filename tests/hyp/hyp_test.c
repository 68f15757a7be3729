/* Bare-metal tests of the hypervisor extension (H, RISC-V Privileged Architecture 1.13 chapter
 * 21, with RVA23S64's Sha): CSR masks and aliasing, V-mode traps with their tval, htval/mtval2 and
 * htinst/mtinst, delegation M -> HS -> VS, the G-stage and two-stage walks (superpages, faults at
 * each level, the implicit G-stage translation of VS-stage PTE reads), HLV/HLVX/HSV (from M, HS
 * and U with hstatus.HU), virtual-instruction cases, VS-level interrupts, FS dirty state in V
 * mode and the fences. Every expected value is worked out by hand from the specification
 * (sections cited), not from the simulator. M-mode builds the tables, enters VS/VU/HS/U through
 * tests/mmu/rt.S's enter() and runs one probe of tests/hyp/probes.S.
 * Prints PASS/FAIL per check and "N passed, N failed" last.
 *
 * Physical memory: RAM at 0x80000000 (256 MiB); test pages at T (beyond the program).
 * G stage (Sv39x4, hgatp): GPA 0x80000000 + 1 GiB identity (a gigapage, U = 1: all G-stage leaves
 * are U-mode pages, 21.5.1), GPA GW + 2 MiB through gl1/gl0 (4 KiB test pages), GPA GW + 2 MiB
 * a megapage, GPA 0x140000000 a gigapage onto 0x80000000, and GPA 2^40 + 0x80000000 (root index
 * 1026: the 11-bit top index of Sv39x4).
 * VS stage (Sv39, vsatp): VA 0x80000000 + 1 GiB identity (U = 0), VA TV + 2 MiB through vl1/vl0. */
#include "../lib/bare_rt.h"

#define PTE_V (1ull << 0)
#define PTE_R (1ull << 1)
#define PTE_W (1ull << 2)
#define PTE_X (1ull << 3)
#define PTE_U (1ull << 4)
#define PTE_A (1ull << 6)
#define PTE_D (1ull << 7)
#define RWXAD (PTE_V | PTE_R | PTE_W | PTE_X | PTE_A | PTE_D)
#define URWXAD (RWXAD | PTE_U)

#define PRIV_M 3
#define T 0x80800000ull              /* physical test pages */
#define TP(i) (T + 4096ull * (i))
#define PA_2M 0x80a00000ull          /* 2 MiB aligned */
#define GW 0x100000000ull            /* G-stage test window (GPA) */
#define TV 0x40000000ull             /* VS-stage test window (VA) */

#define HFENCE() __asm__ volatile(".word 0x62000073\n .word 0x22000073" ::: "memory")  /* hfence.gvma, .vvma */

#define MS_SIE (1ull << 1)
#define MS_SPIE (1ull << 5)
#define MS_SPP (1ull << 8)
#define MS_FS (3ull << 13)
#define MS_MXR (1ull << 19)
#define MS_SUM (1ull << 18)
#define MS_TVM (1ull << 20)
#define MS_TW (1ull << 21)
#define MS_GVA (1ull << 38)
#define MS_MPV (1ull << 39)
#define HS_GVA (1ull << 6)
#define HS_SPV (1ull << 7)
#define HS_SPVP (1ull << 8)
#define HS_HU (1ull << 9)
#define HS_VTVM (1ull << 20)
#define HS_VTW (1ull << 21)
#define HS_VTSR (1ull << 22)
#define IRQ 0x8000000000000000ull

/* tests/mmu/rt.S */
extern char strap[];
/* tests/hyp/probes.S */
void h_csrr_hstatus(void), h_csrr_mstatus(void), h_csrr_vsstatus(void), h_csrr_sstatus(void), h_csrr_satp(void);
void h_csrr_cycle(void), h_csrr_stimecmp(void), h_csrr_senvcfg(void), h_csrr_sscratch(void), h_csrw_sscratch(void);
void h_hlv_d(void), h_hsv_d(void), h_hlvx_wu(void), h_hlv_w(void), h_hfence_vvma(void), h_hfence_gvma(void);
void h_hinval_gvma(void), h_wfi(void), h_sret(void), h_sfence(void), h_ld(void), h_sd(void), h_fadd(void);
void h_ecall(void), h_nop(void), h_csrr_sip(void), h_csrr_time(void), h_sc_w(void);
extern char hs_trap[], vs_irq[], h_enter_v[];
void m_clear_mpv(void);
void h_walk_cycles(void);
u64 h_hlv_cycles(u64 va);

u64 hs_rec[8];                       /* probes.S hs_trap: t1, scause, stval, sepc, htval, htinst, hstatus, count */

static u64 groot[2048] __attribute__((aligned(16384)));   /* Sv39x4 root: 16 KiB */
static u64 gl1[512] __attribute__((aligned(4096))), gl0[512] __attribute__((aligned(4096)));
static u64 vroot[512] __attribute__((aligned(4096))), vl1[512] __attribute__((aligned(4096)));
static u64 vl0[512] __attribute__((aligned(4096)));

static volatile u64 t_cause, t_tval, t_tval2, t_tinst, t_status, back_cause, back_status;



/* ---- M-mode trap handler (rt.S mtrap) ------------------------------------------------------ */
u64 mtrap_c(u64 *f)
{
	u64 cause = CSR_READ(mcause), epc = CSR_READ(mepc);
	if ((cause == 8 || cause == 9 || cause == 10 || cause == 11) && epc == (u64)(uintptr_t)back) {
		back_cause = cause;              /* the entered code returned (ecall at back) */
		back_status = CSR_READ(mstatus);
		return 1;
	}
	t_cause = cause;
	t_tval = CSR_READ(mtval);
	t_tval2 = CSR_READ(mtval2);
	t_tinst = CSR_READ(mtinst);
	t_status = CSR_READ(mstatus);
	if (cause == 1 || cause == 12 || cause == 20) {   /* fetch fault: back to the caller */
		CSR_WRITE(mepc, f[1]);
		return 0;
	}
	CSR_WRITE(mepc, epc + 4);
	return 0;
}

/* V mode is entered by mret with MPV = 1, or, where mstatus.MPV does not keep a written 1 (set
 * in t_csrs; HYP_ENTER_BY_SRET forces it), by an mret to an sret in HS with hstatus.SPV = 1 and
 * sstatus.SPP (21.6.4: SRET in HS sets V to SPV), SPIE = SIE so that sstatus.SIE is kept. Where
 * a written 0 does not clear MPV either (after a trap from V), an mret to M clears it. */
#ifdef HYP_ENTER_BY_SRET
static int enter_by_sret = 1;
#else
static int enter_by_sret;
#endif

struct res { u64 cause, tval, tval2, tinst, mpv, gva, value; };
/* Runs f at privilege priv with V = virt, a0, a1. */
static struct res run(unsigned priv, unsigned virt, void (*f)(void), u64 a0, u64 a1)
{
	u64 pc = (u64)(uintptr_t)f;
	t_cause = NONE;
	t_tval = t_tval2 = t_tinst = t_status = 0;
	CSR_CLEAR(mstatus, MS_MPP | MS_MPV);
	if (CSR_READ(mstatus) & MS_MPV)
		m_clear_mpv();
	if (virt && enter_by_sret) {
		u64 ms = CSR_READ(mstatus) & ~(MS_SPP | MS_SPIE);
		ms |= (priv == PRIV_S ? MS_SPP : 0) | (ms & MS_SIE ? MS_SPIE : 0) | (u64)PRIV_S << 11;
		CSR_WRITE(mstatus, ms);
		CSR_SET(hstatus, HS_SPV);
		CSR_WRITE(sepc, pc);
		pc = (u64)(uintptr_t)h_enter_v;
	} else {
		CSR_SET(mstatus, (u64)priv << 11 | (virt ? MS_MPV : 0));
	}
	enter_ra = (u64)(uintptr_t)back;
	struct res r;
	r.value = enter(pc, a0, a1, 0);
	r.cause = t_cause;
	r.tval = t_tval;
	r.tval2 = t_tval2;
	r.tinst = t_tinst;
	r.mpv = (t_status >> 39) & 1;
	r.gva = (t_status >> 38) & 1;
	return r;
}
#define VS(f, a0, a1) run(PRIV_S, 1, f, a0, a1)
#define VU(f, a0, a1) run(PRIV_U, 1, f, a0, a1)
#define HS(f, a0, a1) run(PRIV_S, 0, f, a0, a1)
#define HU(f, a0, a1) run(PRIV_U, 0, f, a0, a1)

static u64 pte(u64 pa, u64 flags) { return (pa >> 12) << 10 | flags; }
static u64 pa_of(const void *p) { return (u64)(uintptr_t)p; }
static void poke64(u64 pa, u64 v) { *(volatile u64 *)(uintptr_t)pa = v; }
static u64 peek64(u64 pa) { return *(volatile u64 *)(uintptr_t)pa; }
#define HGATP_SV39X4 (8ull << 60 | pa_of(groot) >> 12)
#define VSATP_SV39 (8ull << 60 | pa_of(vroot) >> 12)

/* "what field" as one check name */
static char name_buf[160];
static const char *named(const char *what, const char *field)
{
	unsigned n = 0;
	while (*what && n < sizeof name_buf - 20)
		name_buf[n++] = *what++;
	name_buf[n++] = ':';
	name_buf[n++] = ' ';
	while (*field && n < sizeof name_buf - 1)
		name_buf[n++] = *field++;
	name_buf[n] = 0;
	return name_buf;
}
static void check_trap(const char *what, struct res r, u64 cause, u64 tval)
{
	check(named(what, "cause"), r.cause, cause);
	check(named(what, "tval"), r.tval, tval);
}
/* a guest-page fault taken into M: cause, mtval (the guest virtual address), mtval2 = GPA >> 2,
 * mtinst, MPV and GVA (21.2.1, 21.4.4) */
static void check_guest(const char *what, struct res r, u64 cause, u64 va, u64 gpa, u64 tinst, u64 mpv)
{
	check_trap(what, r, cause, va);
	check(named(what, "mtval2"), r.tval2, gpa >> 2);
	check(named(what, "mtinst"), r.tinst, tinst);
	check(named(what, "MPV, GVA"), r.mpv << 1 | r.gva, mpv << 1 | 1);
}

/* ---- CSR masks (21.2) ------------------------------------------------------------------------ */
static void t_csrs(void)
{
	check("misa.H", (CSR_READ(misa) >> 7) & 1, 1);
	CSR_WRITE(mideleg, 0);
	check("mideleg VSSIP, VSTIP, VSEIP, SGEIP read-only one (21.4.2)", CSR_READ(mideleg), 0x1444);
	CSR_WRITE(mideleg, ~0ull);
	check("mideleg all: S bits 1, 5, 9, 13 and the VS ones", CSR_READ(mideleg), 0x3666);
	CSR_WRITE(mideleg, 0);
	CSR_WRITE(medeleg, ~0ull);
	/* 0-9, 12, 13, 15 (3.1.8) and 10, 20-23 with H; 11 (ecall from M) read-only zero */
	check("medeleg all", CSR_READ(medeleg), 0xf0b7ff);
	CSR_WRITE(medeleg, 0);
	CSR_WRITE(hedeleg, ~0ull);
	check("hedeleg: 9, 10, 11, 20-23 read-only zero (21.2.2)", CSR_READ(hedeleg), 0xb1ff);
	CSR_WRITE(hedeleg, 0);
	CSR_WRITE(hideleg, ~0ull);
	check("hideleg: VS-level bits 2, 6, 10", CSR_READ(hideleg), 0x444);
	CSR_WRITE(hideleg, 0);
	CSR_WRITE(hstatus, ~0ull);
	/* GVA, SPV, SPVP, HU, VTVM, VTW, VTSR; VSXL = 2; VSBE 0 (little-endian), VGEIN 0 (GEILEN 0) */
	check("hstatus all", CSR_READ(hstatus), 0x2007003c0ull);
	CSR_WRITE(hstatus, 0);
	check("hstatus zero: VSXL = 2", CSR_READ(hstatus), 0x200000000ull);
	CSR_WRITE(hvip, ~0ull);
	check("hvip: VSSIP, VSTIP, VSEIP", CSR_READ(hvip), 0x444);
	check("hip follows hvip", CSR_READ(hip) & 0x444, 0x444);
	check("mip shows hvip's bits", CSR_READ(mip) & 0x444, 0x444);
	CSR_WRITE(hvip, 0);
	check("hip clear", CSR_READ(hip), 0);
	CSR_WRITE(hie, ~0ull);
	check("hie: VSSIE, VSTIE, VSEIE, SGEIE", CSR_READ(hie), 0x1444);
	check("mie shows hie", CSR_READ(mie) & 0x1444, 0x1444);
	check("vsie with hideleg = 0 reads 0 (21.2.11)", CSR_READ(vsie), 0);
	CSR_WRITE(hideleg, 0x444);
	check("vsie with hideleg: hie's bits shifted down by one", CSR_READ(vsie), 0x222);
	CSR_WRITE(hideleg, 0);
	CSR_WRITE(hie, 0);
	CSR_WRITE(hgeie, ~0ull);
	check("hgeie: GEILEN = 0", CSR_READ(hgeie), 0);
	check("hgeip: GEILEN = 0", CSR_READ(hgeip), 0);
	CSR_WRITE(hcounteren, ~0ull);
	check("hcounteren: 32 writable bits (Shcounterenw)", CSR_READ(hcounteren), 0xffffffffull);
	CSR_WRITE(hcounteren, 0);
	CSR_WRITE(hgatp, 8ull << 60 | ~0ull >> 4);
	/* Sv39x4, VMIDLEN 14 (57:44), PPN with bits 1:0 zero (a 16 KiB root) */
	check("hgatp Sv39x4", CSR_READ(hgatp), 8ull << 60 | 0x3fffull << 44 | ((1ull << 44) - 4));
	/* an unsupported MODE: unlike satp's, the write is not ignored, hgatp's fields are WARL
	 * (21.2, hgatp): MODE keeps a legal value, VMID and PPN are written (PPN bits 1:0 zero) */
	CSR_WRITE(hgatp, 9ull << 60 | 5);
	check("hgatp Sv48x4 without --mmu=sv48: MODE unchanged", CSR_READ(hgatp) >> 60, 8);
	check("... VMID, PPN written", CSR_READ(hgatp) & ~(15ull << 60), 4);
	CSR_WRITE(hgatp, 0);
	check("hgatp Bare", CSR_READ(hgatp), 0);
	CSR_WRITE(vsatp, ~0ull >> 4 | 8ull << 60);
	check("vsatp Sv39: ASID 16 bits, PPN 44 (Shvsatpa)", CSR_READ(vsatp), ~0ull >> 4 | 8ull << 60);
	CSR_WRITE(vsatp, 10ull << 60);
	check("vsatp Sv57 without --mmu=sv57: unchanged", CSR_READ(vsatp) >> 60, 8);
	CSR_WRITE(vsatp, 0);
	CSR_WRITE(menvcfg, 0);
	CSR_WRITE(henvcfg, ~0ull);
	check("henvcfg: FIOM, CBIE, CBCFE, CBZE; STCE, PBMTE zero with menvcfg's", CSR_READ(henvcfg), 0xf1);
	CSR_WRITE(menvcfg, 3ull << 62);
	/* written again: what a bit that was read-only zero holds once it becomes writable is not
	 * specified */
	CSR_WRITE(henvcfg, ~0ull);
	check("henvcfg: STCE, PBMTE with menvcfg's", CSR_READ(henvcfg), 3ull << 62 | 0xf1);
	CSR_WRITE(henvcfg, 0);
	CSR_WRITE(menvcfg, 0);
	CSR_WRITE(mstateen0, 0);
	CSR_WRITE(hstateen0, ~0ull);
	check("hstateen0 with mstateen0 = 0 reads 0 (Smstateen)", CSR_READ(hstateen0), 0);
	CSR_WRITE(mstateen0, 3ull << 62);
	CSR_WRITE(hstateen0, ~0ull);
	check("hstateen0: SE0, ENVCFG", CSR_READ(hstateen0), 3ull << 62);
	CSR_WRITE(hstateen0, 0);
	CSR_WRITE(mstateen0, 0);
	CSR_WRITE(vsstatus, ~0ull);
	/* SIE, SPIE, SPP, VS, FS, SUM, MXR writable; UXL = 2; SD = FS or VS dirty */
	check("vsstatus all", CSR_READ(vsstatus), 0x80000002000c6722ull);
	CSR_WRITE(vsstatus, 0);
	check("vsstatus zero: UXL = 2", CSR_READ(vsstatus), 2ull << 32);
	CSR_WRITE(vstvec, ~0ull);
	check("vstvec: MODE bit 1 zero (Shvstvecd: direct)", CSR_READ(vstvec), ~2ull);
	CSR_WRITE(vsepc, ~0ull);
	check("vsepc: bit 0 zero", CSR_READ(vsepc), ~1ull);
	CSR_WRITE(htval, ~0ull);
	CSR_WRITE(mtval2, 0x1234);
	check("htval writable", CSR_READ(htval), ~0ull);
	check("mtval2 writable", CSR_READ(mtval2), 0x1234);
	u64 ms = CSR_READ(mstatus);
	CSR_SET(mstatus, MS_GVA | MS_MPV);
	check("mstatus GVA, MPV writable", (CSR_READ(mstatus) >> 38) & 3, 3);
	if (!(CSR_READ(mstatus) & MS_MPV))
		enter_by_sret = 1;
	CSR_WRITE(mstatus, ms);
}

/* ---- V mode: ecall, aliasing, virtual instructions (21.2.12, 21.6.1) ------------------------- */
static void t_vmode(void)
{
	CSR_WRITE(hgatp, 0);
	CSR_WRITE(vsatp, 0);
	struct res r = VS(h_nop, 0, 0);
	check("VS runs: value", r.value, 7);
	check("VS returns with ecall from VS (cause 10)", back_cause, 10);
	check("... MPV = 1 after it", (back_status >> 39) & 1, 1);
	r = VU(h_nop, 0, 0);
	check("VU: ecall from U (cause 8)", back_cause, 8);
	check("... MPV = 1", (back_status >> 39) & 1, 1);
	r = VS(h_ecall, 0, 0);
	check_trap("ecall in VS", r, 10, 0);

	CSR_WRITE(sscratch, 0x1111);
	CSR_WRITE(vsscratch, 0x2222);
	r = VS(h_csrr_sscratch, 0, 0);
	check("VS reads sscratch = vsscratch", r.value, 0x2222);
	r = VS(h_csrw_sscratch, 0x3333, 0);
	check("VS writes vsscratch", CSR_READ(vsscratch), 0x3333);
	check("... not sscratch", CSR_READ(sscratch), 0x1111);
	CSR_WRITE(vsstatus, MS_SUM | MS_SIE);
	r = VS(h_csrr_sstatus, 0, 0);
	check("VS reads sstatus = vsstatus", r.value, MS_SUM | MS_SIE | 2ull << 32);
	CSR_WRITE(vsstatus, 0);

	check_trap("csrr hstatus in VS: virtual instruction", VS(h_csrr_hstatus, 0, 0), 22, 0x60002573);
	check_trap("csrr vsstatus in VS: virtual instruction", VS(h_csrr_vsstatus, 0, 0), 22, 0x20002573);
	check_trap("csrr mstatus in VS: illegal", VS(h_csrr_mstatus, 0, 0), 2, 0x30002573);
	check_trap("csrr sstatus in VU: virtual instruction", VU(h_csrr_sstatus, 0, 0), 22, 0x10002573);
	check_trap("csrr hstatus in VU: virtual instruction", VU(h_csrr_hstatus, 0, 0), 22, 0x60002573);
	check_trap("hlv.d in VS: virtual instruction", VS(h_hlv_d, pa_of(s_rec), 0), 22, 0x6c054573);
	check_trap("hfence.vvma in VS: virtual instruction", VS(h_hfence_vvma, 0, 0), 22, 0x22000073);
	check_trap("hfence.gvma in VU: virtual instruction", VU(h_hfence_gvma, 0, 0), 22, 0x62000073);
	check_trap("wfi in VU (TW = 0): virtual instruction", VU(h_wfi, 0, 0), 22, 0x10500073);
	check_trap("sret in VU: virtual instruction", VU(h_sret, 0, 0), 22, 0x10200073);
	check_trap("sfence.vma in VU: virtual instruction", VU(h_sfence, 0, 0), 22, 0x12000073);
	/* with a VS interrupt pending and enabled in hie but masked by vsstatus.SIE = 0, so that a WFI
	 * that stalls resumes (3.3.3: whatever the global enables); none is taken */
	CSR_WRITE(hideleg, 0x444);
	CSR_WRITE(hie, 1ull << 2);
	CSR_WRITE(hvip, 1ull << 2);
	check("wfi in VS (VTW = 0) completes", VS(h_wfi, 0, 0).cause, NONE);
	CSR_WRITE(hvip, 0);
	CSR_WRITE(hie, 0);
	CSR_WRITE(hideleg, 0);
	CSR_WRITE(hstatus, HS_VTW | HS_VTSR | HS_VTVM);
	check_trap("wfi in VS with VTW: virtual instruction", VS(h_wfi, 0, 0), 22, 0x10500073);
	check_trap("sret in VS with VTSR: virtual instruction", VS(h_sret, 0, 0), 22, 0x10200073);
	check_trap("sfence.vma in VS with VTVM: virtual instruction", VS(h_sfence, 0, 0), 22, 0x12000073);
	check_trap("satp in VS with VTVM: virtual instruction", VS(h_csrr_satp, 0, 0), 22, 0x18002573);
	CSR_WRITE(hstatus, 0);
	CSR_SET(mstatus, MS_TW);
	check_trap("wfi in VS with mstatus.TW: illegal", VS(h_wfi, 0, 0), 2, 0x10500073);
	CSR_CLEAR(mstatus, MS_TW);
	check("sfence.vma in VS (VTVM = 0) completes", VS(h_sfence, 0, 0).cause, NONE);

	/* counters (21.2.6): mcounteren first (illegal), then hcounteren (virtual) */
	CSR_WRITE(mcounteren, 0);
	check_trap("cycle in VS with mcounteren.CY = 0: illegal", VS(h_csrr_cycle, 0, 0), 2, 0xc0002573);
	CSR_WRITE(mcounteren, ~0ull);
	CSR_WRITE(hcounteren, 0);
	check_trap("cycle in VS with hcounteren.CY = 0: virtual instruction", VS(h_csrr_cycle, 0, 0), 22, 0xc0002573);
	CSR_WRITE(hcounteren, ~0ull);
	CSR_WRITE(scounteren, 0);
	check("cycle in VS with hcounteren.CY = 1 reads", VS(h_csrr_cycle, 0, 0).cause, NONE);
	check_trap("cycle in VU with scounteren.CY = 0: virtual instruction", VU(h_csrr_cycle, 0, 0), 22, 0xc0002573);
	CSR_WRITE(scounteren, ~0ull);
	check("cycle in VU with scounteren.CY = 1 reads", VU(h_csrr_cycle, 0, 0).cause, NONE);
	/* htimedelta: VS time = time + htimedelta (21.2.8): 1 << 60 dwarfs the run's ticks */
	CSR_WRITE(htimedelta, 1ull << 60);
	check("time in VS has htimedelta added", VS(h_csrr_time, 0, 0).value >> 60, 1);
	CSR_WRITE(htimedelta, 0);
	/* Sstc: menvcfg.STCE and mcounteren.TM set, henvcfg.STCE = 0: virtual instruction */
	CSR_WRITE(menvcfg, 1ull << 63);
	CSR_WRITE(henvcfg, 0);
	check_trap("stimecmp in VS with henvcfg.STCE = 0: virtual instruction", VS(h_csrr_stimecmp, 0, 0), 22,
		   0x14d02573);
	CSR_WRITE(henvcfg, 1ull << 63);
	CSR_WRITE(vstimecmp, 0x5555);
	check("stimecmp in VS reads vstimecmp", VS(h_csrr_stimecmp, 0, 0).value, 0x5555);
	CSR_WRITE(vstimecmp, ~0ull);
	CSR_WRITE(henvcfg, 0);
	CSR_WRITE(menvcfg, 0);
	CSR_WRITE(mcounteren, 0);
	CSR_WRITE(hcounteren, 0);
	CSR_WRITE(scounteren, 0);
	/* Smstateen: senvcfg in VS, mstateen0.ENVCFG = 1 and hstateen0.ENVCFG = 0: virtual */
	CSR_WRITE(mstateen0, 3ull << 62);
	CSR_WRITE(hstateen0, 0);
	check_trap("senvcfg in VS with hstateen0.ENVCFG = 0: virtual instruction", VS(h_csrr_senvcfg, 0, 0), 22,
		   0x10a02573);
	CSR_WRITE(hstateen0, 3ull << 62);
	check("senvcfg in VS with hstateen0.ENVCFG = 1 reads", VS(h_csrr_senvcfg, 0, 0).cause, NONE);
	CSR_WRITE(mstateen0, 0);
	check_trap("senvcfg in VS with mstateen0.ENVCFG = 0: illegal", VS(h_csrr_senvcfg, 0, 0), 2, 0x10a02573);
	CSR_WRITE(hstateen0, 0);

	/* FS (21.2.12): an FP instruction in V mode makes mstatus.FS and vsstatus.FS Dirty; with
	 * vsstatus.FS = Off it is illegal */
	CSR_CLEAR(mstatus, MS_FS);
	CSR_SET(mstatus, 1ull << 13);            /* Initial */
	CSR_WRITE(vsstatus, 1ull << 13);
	r = VS(h_fadd, 0, 0);
	check("fadd in VS: no trap", r.cause, NONE);
	check("... mstatus.FS Dirty", (CSR_READ(mstatus) >> 13) & 3, 3);
	check("... vsstatus.FS Dirty, SD", ((CSR_READ(vsstatus) >> 13) & 3) | CSR_READ(vsstatus) >> 61, 7);
	CSR_WRITE(vsstatus, 0);
	check_trap("fadd in VS with vsstatus.FS = Off: illegal", VS(h_fadd, 0, 0), 2, 0x02a57553);
}

/* ---- delegation (21.4.1, 21.5) --------------------------------------------------------------- */
static void t_deleg(void)
{
	CSR_WRITE(stvec, pa_of(hs_trap));
	CSR_WRITE(sscratch, pa_of(hs_rec));
	CSR_WRITE(vstvec, pa_of(strap));
	CSR_WRITE(vsscratch, pa_of(s_rec));
	CSR_WRITE(medeleg, 1ull << 2 | 1ull << 22);
	memset(hs_rec, 0, sizeof hs_rec);
	struct res r = VS(h_csrr_mstatus, 0, 0);
	check("illegal in VS, medeleg[2]: not in M", r.cause, NONE);
	check("... HS scause 2", hs_rec[1], 2);
	check("... HS stval = the instruction", hs_rec[2], 0x30002573);
	check("... HS sepc", hs_rec[3], pa_of(h_csrr_mstatus));
	check("... hstatus SPV, SPVP, GVA = 0", hs_rec[6] & (HS_SPV | HS_SPVP | HS_GVA), HS_SPV | HS_SPVP);
	check("... returned to VS (back: ecall from VS)", back_cause, 10);
	r = VU(h_csrr_hstatus, 0, 0);
	check("virtual instruction in VU, medeleg[22]: HS scause 22", hs_rec[1], 22);
	check("... hstatus SPVP = 0 (from VU)", hs_rec[6] & (HS_SPV | HS_SPVP), HS_SPV);
	CSR_WRITE(hedeleg, 1ull << 2);
	memset(s_rec, 0, sizeof s_rec);
	hs_rec[1] = 0;
	r = VS(h_csrr_mstatus, 0, 0);
	check("illegal in VS, hedeleg[2]: VS vscause 2", s_rec[1], 2);
	check("... vstval", s_rec[2], 0x30002573);
	check("... vsepc", s_rec[3], pa_of(h_csrr_mstatus));
	check("... HS not involved", hs_rec[1], 0);
	check("... back in VS", back_cause, 10);
	r = HS(h_csrr_mstatus, 0, 0);
	check("illegal in HS (V = 0), hedeleg[2]: HS scause 2", hs_rec[1], 2);
	check("... hstatus SPV = 0", hs_rec[6] & HS_SPV, 0);
	CSR_WRITE(hedeleg, 0);
	CSR_WRITE(medeleg, 0);
}

/* ---- two-stage translation (21.5) ------------------------------------------------------------ */
static void g_setup(void)
{
	memset(groot, 0, sizeof groot);
	memset(gl1, 0, sizeof gl1);
	memset(gl0, 0, sizeof gl0);
	groot[2] = pte(0x80000000ull, URWXAD);                     /* identity gigapage */
	groot[GW >> 30] = pte(pa_of(gl1), PTE_V);
	gl1[0] = pte(pa_of(gl0), PTE_V);
	groot[5] = pte(0x80000000ull, URWXAD);                     /* GPA 0x140000000: gigapage */
	groot[1026] = pte(0x80000000ull, URWXAD);                  /* GPA 2^40 + 0x80000000 */
	memset(vroot, 0, sizeof vroot);
	memset(vl1, 0, sizeof vl1);
	memset(vl0, 0, sizeof vl0);
	vroot[2] = pte(0x80000000ull, RWXAD);                      /* VS identity, U = 0 */
	vroot[TV >> 30] = pte(pa_of(vl1), PTE_V);
	vl1[0] = pte(pa_of(vl0), PTE_V);
	CSR_WRITE(hgatp, HGATP_SV39X4);
	CSR_WRITE(vsatp, 0);
	HFENCE();
}

static void t_gstage(void)
{
	g_setup();
	poke64(TP(0), 0x1111222233334444ull);
	gl0[0] = pte(TP(0), URWXAD);
	HFENCE();
	struct res r = VS(h_ld, GW + 8 - 8, 0);
	check("G stage 4 KiB: VS load", r.value, 0x1111222233334444ull);
	r = VS(h_sd, GW + 16, 0xabcd);
	check("G stage 4 KiB: VS store reached the page", peek64(TP(0) + 16), 0xabcd);
	poke64(PA_2M + 0x1ff008, 0x2222);
	gl1[1] = pte(PA_2M, URWXAD);
	HFENCE();
	check("G stage megapage", VS(h_ld, GW + 0x200000 + 0x1ff008, 0).value, 0x2222);
	poke64(TP(1), 0x3333);
	check("G stage gigapage", VS(h_ld, 0x140000000ull + (TP(1) - 0x80000000ull), 0).value, 0x3333);
	check("Sv39x4 11-bit root index (GPA bit 40)", VS(h_ld, (1ull << 40) + TP(1), 0).value, 0x3333);
	/* guest-page faults (21.5.1): invalid at each level, U = 0, A = 0, D = 0, W = 0 */
	check_guest("G unmapped at level 0", VS(h_ld, GW + 0x1000 + 8, 0), 21, GW + 0x1008, GW + 0x1008, 0, 1);
	check_guest("G unmapped at level 1", VS(h_ld, GW + 0x400010, 0), 21, GW + 0x400010, GW + 0x400010, 0, 1);
	check_guest("G unmapped at the root", VS(h_ld, 0xc0000000ull, 0), 21, 0xc0000000ull, 0xc0000000ull, 0, 1);
	check_guest("G store unmapped: 23", VS(h_sd, GW + 0x1000, 1), 23, GW + 0x1000, GW + 0x1000, 0, 1);
	check_guest("GPA beyond 41 bits", VS(h_ld, 1ull << 41, 0), 21, 1ull << 41, 1ull << 41, 0, 1);
	gl0[2] = pte(TP(2), RWXAD);                                  /* U = 0 */
	gl0[3] = pte(TP(3), URWXAD & ~PTE_A);
	gl0[4] = pte(TP(4), URWXAD & ~PTE_D);
	gl0[5] = pte(TP(5), (URWXAD & ~PTE_W));
	gl0[6] = pte(TP(6), PTE_V | PTE_X | PTE_U | PTE_A);           /* execute-only */
	gl1[2] = pte(PA_2M + 0x1000, URWXAD);                        /* misaligned megapage */
	HFENCE();
	check_guest("G leaf with U = 0", VS(h_ld, GW + 0x2000, 0), 21, GW + 0x2000, GW + 0x2000, 0, 1);
	check_guest("G leaf with A = 0 (Svade)", VS(h_ld, GW + 0x3000, 0), 21, GW + 0x3000, GW + 0x3000, 0, 1);
	check_guest("G leaf with D = 0, store (Svade)", VS(h_sd, GW + 0x4000, 1), 23, GW + 0x4000, GW + 0x4000, 0, 1);
	check("G leaf with D = 0, load", VS(h_ld, GW + 0x4000, 0).cause, NONE);
	check_guest("G leaf with W = 0, store", VS(h_sd, GW + 0x5000, 1), 23, GW + 0x5000, GW + 0x5000, 0, 1);
	check_guest("G execute-only, load", VS(h_ld, GW + 0x6000, 0), 21, GW + 0x6000, GW + 0x6000, 0, 1);
	/* sc.w with no reservation on a page the G stage makes read-only: the SC fails, but "no SC
	 * shall retire unless it passes memory permission checks" (unprivileged spec, Zalrsc), so it
	 * is a store guest-page fault; mtinst is 0 or the transformed sc.w (rs1 field = the address
	 * offset, 0 here: 0x18b5252f -> 0x18b0252f, 21.6.3) */
	r = VS(h_sc_w, GW + 0x5000, 1);
	check_trap("G leaf with W = 0, sc.w without a reservation", r, 23, GW + 0x5000);
	check("... mtval2 = GPA >> 2", r.tval2, (GW + 0x5000) >> 2);
	check("... mtinst 0 or the transformed sc.w", r.tinst == 0 || r.tinst == 0x18b0252full, 1);
	CSR_SET(mstatus, MS_MXR);
	check("G execute-only, load with mstatus.MXR", VS(h_ld, GW + 0x6000, 0).cause, NONE);
	CSR_CLEAR(mstatus, MS_MXR);
	check_guest("G misaligned megapage", VS(h_ld, GW + 0x400000, 0), 21, GW + 0x400000, GW + 0x400000, 0, 1);
	/* fetch from an unmapped GPA: instruction guest-page fault (20) */
	r = VS((void (*)(void))(uintptr_t)(GW + 0x7000), 0, 0);
	check_guest("G fetch unmapped", r, 20, GW + 0x7000, GW + 0x7000, 0, 1);
	/* VU: the G stage is the same for U */
	check_guest("G unmapped from VU", VU(h_ld, GW + 0x1000, 0), 21, GW + 0x1000, GW + 0x1000, 0, 1);
	/* delegated to HS: scause, stval, htval, hstatus.GVA (21.2.1) */
	CSR_WRITE(medeleg, 1ull << 21);
	hs_rec[1] = 0;
	VS(h_ld, GW + 0x1010, 0);
	check("G fault in HS: scause 21", hs_rec[1], 21);
	check("... stval = guest virtual address", hs_rec[2], GW + 0x1010);
	check("... htval = GPA >> 2", hs_rec[4], (GW + 0x1010) >> 2);
	check("... htinst = 0 (explicit access)", hs_rec[5], 0);
	check("... hstatus GVA, SPV, SPVP", hs_rec[6] & (HS_GVA | HS_SPV | HS_SPVP), HS_GVA | HS_SPV | HS_SPVP);
	CSR_WRITE(medeleg, 0);
	/* a VS-stage page fault in M: cause 13, mtval2 = 0, GVA = 1 */
	CSR_WRITE(vsatp, VSATP_SV39);
	HFENCE();
	r = VS(h_ld, TV + 0x5000, 0);
	check_trap("VS-stage invalid leaf: load page fault", r, 13, TV + 0x5000);
	check("... mtval2 = 0", r.tval2, 0);
	check("... MPV, GVA", r.mpv << 1 | r.gva, 3);
}

static void t_two_stage(void)
{
	g_setup();
	CSR_WRITE(vsatp, VSATP_SV39);
	poke64(TP(8), 0x8888);
	gl0[8] = pte(TP(8), URWXAD);
	vl0[1] = pte(GW + 0x8000, RWXAD);                  /* VA TV + 0x1000 -> GPA GW + 0x8000 -> TP(8) */
	HFENCE();
	check("two-stage 4 KiB over 4 KiB", VS(h_ld, TV + 0x1000, 0).value, 0x8888);
	check("VS reads satp = vsatp", VS(h_csrr_satp, 0, 0).value, VSATP_SV39);
	vl1[1] = pte(GW + 0x200000, RWXAD);                /* VS megapage onto the G megapage */
	gl1[1] = pte(PA_2M, URWXAD);
	poke64(PA_2M + 0x3008, 0x9999);
	HFENCE();
	check("two-stage VS megapage over G megapage", VS(h_ld, TV + 0x200000 + 0x3008, 0).value, 0x9999);
	vroot[3] = pte(0x140000000ull, RWXAD);             /* VS gigapage onto the G gigapage */
	HFENCE();
	check("two-stage VS gigapage over G gigapage", VS(h_ld, 0xc0000000ull + (TP(8) - 0x80000000ull), 0).value,
	      0x8888);
	/* the final GPA faults: guest-page fault with the GPA, mtinst 0 */
	vl0[2] = pte(GW + 0x9000, RWXAD);                  /* GW + 0x9000 not in the G stage */
	HFENCE();
	check_guest("two-stage: final GPA unmapped", VS(h_ld, TV + 0x2010, 0), 21, TV + 0x2010, GW + 0x9010, 0, 1);
	/* the VS-stage PTE read faults in the G stage (21.5.2): a guest-page fault of the original
	 * access type, mtval2 = the PTE's GPA >> 2, mtinst = 0x3000 (64-bit read pseudoinstruction,
	 * 21.6.3) */
	vl1[3] = pte(GW + 0xa000, PTE_V);                  /* level-0 table at an unmapped GPA */
	HFENCE();
	u64 va = TV + 0x600000 + 5 * 4096;
	check_guest("implicit PTE read unmapped: load", VS(h_ld, va, 0), 21, va, GW + 0xa000 + 5 * 8, 0x3000, 1);
	check_guest("implicit PTE read unmapped: store", VS(h_sd, va, 1), 23, va, GW + 0xa000 + 5 * 8, 0x3000, 1);
	vroot[4] = pte(0xc0000000ull, PTE_V);              /* level-1 table at GPA 0xc0000000: unmapped */
	HFENCE();
	va = 0x100000000ull + 0x40000000ull * 0 + 7 * 0x200000;
	check_guest("implicit level-1 PTE read unmapped", VS(h_ld, va, 0), 21, va, 0xc0000000ull + 7 * 8, 0x3000, 1);
	/* vsstatus.SUM for a VS load of a U page (10.3.1 with vsstatus, 21.2.12) */
	vl0[9] = pte(GW + 0x8000, RWXAD | PTE_U);
	HFENCE();
	check_trap("VS load of a U page, vsstatus.SUM = 0", VS(h_ld, TV + 0x9000, 0), 13, TV + 0x9000);
	CSR_WRITE(vsstatus, MS_SUM);
	check("VS load of a U page, vsstatus.SUM = 1", VS(h_ld, TV + 0x9000, 0).value, 0x8888);
	CSR_WRITE(vsstatus, 0);
	/* fences: a changed G-stage leaf after hfence.gvma, a changed VS leaf after hfence.vvma */
	poke64(TP(10), 0xaaaa);
	gl0[8] = pte(TP(10), URWXAD);
	HFENCE();
	check("hfence.gvma: the new G-stage leaf", VS(h_ld, TV + 0x1000, 0).value, 0xaaaa);
	gl0[8] = pte(TP(8), URWXAD);
	run(PRIV_M, 0, h_hinval_gvma, 0, 0);
	check("hinval.gvma: the new G-stage leaf", VS(h_ld, TV + 0x1000, 0).value, 0x8888);
	vl0[1] = pte(0x80000000ull + (TP(10) - 0x80000000ull), RWXAD);
	run(PRIV_M, 0, h_hfence_vvma, 0, 0);
	check("hfence.vvma: the new VS-stage leaf", VS(h_ld, TV + 0x1000, 0).value, 0xaaaa);
	check_trap("hfence.gvma in U: illegal", HU(h_hfence_gvma, 0, 0), 2, 0x62000073);
	CSR_SET(mstatus, MS_TVM);
	check_trap("hfence.gvma in HS with TVM: illegal", HS(h_hfence_gvma, 0, 0), 2, 0x62000073);
	CSR_CLEAR(mstatus, MS_TVM);
	check("hfence.gvma in HS completes", HS(h_hfence_gvma, 0, 0).cause, NONE);
	CSR_WRITE(vsatp, 0);
}

/* ---- HLV, HLVX, HSV (21.3.2) ------------------------------------------------------------------ */
static void t_hlv(void)
{
	g_setup();
	poke64(TP(12), 0x1234567890abcdefull);
	gl0[12] = pte(TP(12), URWXAD);
	gl0[13] = pte(TP(12), PTE_V | PTE_X | PTE_U | PTE_A);         /* execute-only */
	HFENCE();
	CSR_WRITE(hstatus, HS_SPVP);
	struct res r = run(PRIV_M, 0, h_hlv_d, GW + 0xc000, 0);
	check("hlv.d from M through the G stage", r.value, 0x1234567890abcdefull);
	r = run(PRIV_M, 0, h_hsv_d, GW + 0xc008, 0x55aa);
	check("hsv.d from M", peek64(TP(12) + 8), 0x55aa);
	r = HS(h_hlv_d, GW + 0xc000, 0);
	check("hlv.d from HS", r.value, 0x1234567890abcdefull);
	check("hlvx.wu of an execute-only page", run(PRIV_M, 0, h_hlvx_wu, GW + 0xd000, 0).value, 0x90abcdefull);
	r = run(PRIV_M, 0, h_hlv_w, GW + 0xd004, 0);
	check_guest("hlv.w of an execute-only page (from M)", r, 21, GW + 0xd004, GW + 0xd004, 0, 0);
	r = run(PRIV_M, 0, h_hsv_d, GW + 0xe000, 1);
	check_guest("hsv.d unmapped (from M)", r, 23, GW + 0xe000, GW + 0xe000, 0, 0);
	CSR_WRITE(hstatus, 0);
	check_trap("hlv.d from U with HU = 0: illegal", HU(h_hlv_d, GW + 0xc000, 0), 2, 0x6c054573);
	CSR_WRITE(hstatus, HS_HU);
	check("hlv.d from U with HU = 1", HU(h_hlv_d, GW + 0xc000, 0).value, 0x1234567890abcdefull);
	/* SPVP = 0: VU permissions in the VS stage (a U = 0 page faults) */
	CSR_WRITE(vsatp, VSATP_SV39);
	vl0[4] = pte(GW + 0xc000, RWXAD);
	vl0[5] = pte(GW + 0xc000, RWXAD | PTE_U);
	HFENCE();
	check_trap("hlv.d, SPVP = 0, VS page U = 0: page fault", run(PRIV_M, 0, h_hlv_d, TV + 0x4000, 0), 13,
		   TV + 0x4000);
	check("hlv.d, SPVP = 0, VS page U = 1", run(PRIV_M, 0, h_hlv_d, TV + 0x5000, 0).value, 0x1234567890abcdefull);
	CSR_WRITE(hstatus, HS_SPVP);
	check_trap("hlv.d, SPVP = 1, U page, vsstatus.SUM = 0: page fault", run(PRIV_M, 0, h_hlv_d, TV + 0x5000, 0),
		   13, TV + 0x5000);
	r = run(PRIV_M, 0, h_hlv_d, TV + 0x5000, 0);
	check("... GVA = 1, MPV = 0", r.mpv << 1 | r.gva, 1);
	check("hlv.d, SPVP = 1, U = 0 page", run(PRIV_M, 0, h_hlv_d, TV + 0x4000, 0).value, 0x1234567890abcdefull);
	CSR_WRITE(hstatus, 0);
	CSR_WRITE(vsatp, 0);
}

/* ---- VS-level interrupts (21.4.3) ------------------------------------------------------------ */
static void t_irq(void)
{
	CSR_WRITE(hgatp, 0);
	CSR_WRITE(vsatp, 0);
	CSR_WRITE(stvec, pa_of(hs_trap));
	CSR_WRITE(sscratch, pa_of(hs_rec));
	CSR_WRITE(vstvec, pa_of(vs_irq));
	CSR_WRITE(vsscratch, pa_of(s_rec));
	/* to VS: hideleg, vsstatus.SIE, vsie (hie) */
	static const struct { const char *name; u64 bit, vscause; } vs[] = {
		{ "VSSIP from hvip taken in VS", 1ull << 2, IRQ | 1 },
		{ "VSTIP from hvip taken in VS", 1ull << 6, IRQ | 5 },
		{ "VSEIP from hvip taken in VS", 1ull << 10, IRQ | 9 },
	};
	for (unsigned i = 0; i < 3; i++) {
		s_rec[1] = 0;
		CSR_WRITE(hideleg, 0x444);
		CSR_WRITE(vsstatus, MS_SIE);
		CSR_WRITE(hie, vs[i].bit);
		CSR_WRITE(hvip, vs[i].bit);
		struct res r = VS(h_nop, 0, 0);
		check(vs[i].name, s_rec[1], vs[i].vscause);
		check("... the probe ran after it", r.value, 7);
		CSR_WRITE(hvip, 0);
	}
	s_rec[1] = 0;
	CSR_WRITE(vsstatus, 0);
	CSR_WRITE(hie, 1ull << 2);
	CSR_WRITE(hvip, 1ull << 2);
	VS(h_nop, 0, 0);
	check("VSSIP with vsstatus.SIE = 0: not taken in VS", s_rec[1], 0);
	check("vsip in VS shows SSIP", VS(h_csrr_sip, 0, 0).value, 2);
	CSR_WRITE(hvip, 0);
	/* not delegated to VS: taken in HS from V mode whatever sstatus.SIE says, cause 2 */
	CSR_WRITE(hideleg, 0);
	CSR_CLEAR(mstatus, MS_SIE);
	hs_rec[1] = 0;
	CSR_WRITE(hie, 1ull << 2);
	CSR_WRITE(hvip, 1ull << 2);
	VS(h_nop, 0, 0);
	check("VSSIP not in hideleg: taken in HS from VS", hs_rec[1], IRQ | 2);
	/* ... and not in HS itself with SIE = 0 */
	hs_rec[1] = 0;
	CSR_WRITE(hie, 1ull << 2);
	CSR_WRITE(hvip, 1ull << 2);
	HS(h_nop, 0, 0);
	check("VSSIP in HS with sstatus.SIE = 0: not taken", hs_rec[1], 0);
	CSR_WRITE(hvip, 0);
	CSR_WRITE(hie, 0);
	/* vstimecmp (Sstc with henvcfg.STCE): time + htimedelta >= vstimecmp sets hip.VSTIP */
	CSR_WRITE(menvcfg, 1ull << 63);
	CSR_WRITE(henvcfg, 1ull << 63);
	CSR_WRITE(vstimecmp, 0);
	check("vstimecmp = 0: hip.VSTIP", CSR_READ(hip) & 0x40, 0x40);
	CSR_WRITE(vstimecmp, ~0ull);
	check("vstimecmp = ~0: hip.VSTIP clear", CSR_READ(hip) & 0x40, 0);
	CSR_WRITE(htimedelta, -CSR_READ(time) + ~0ull - 100);   /* VS time near the top */
	CSR_WRITE(vstimecmp, ~0ull - 200);
	check("htimedelta moves VS time past vstimecmp", CSR_READ(hip) & 0x40, 0x40);
	s_rec[1] = 0;
	CSR_WRITE(hideleg, 0x444);
	CSR_WRITE(vsstatus, MS_SIE);
	CSR_WRITE(hie, 1ull << 6);
	VS(h_nop, 0, 0);
	check("vstimecmp interrupt taken in VS: vscause 5", s_rec[1], IRQ | 5);
	CSR_WRITE(vstimecmp, ~0ull);
	CSR_WRITE(htimedelta, 0);
	CSR_WRITE(henvcfg, 0);
	CSR_WRITE(menvcfg, 0);
	CSR_WRITE(hideleg, 0);
	CSR_WRITE(hie, 0);
	CSR_WRITE(vsstatus, 0);
}

/* ---- the cycle model's two-stage walks (doc/cycle-model.md, "Table walks") --------------------
 * A VS-mode load at WV with both stages Sv39 (vsatp) over Sv39x4 (hgatp), every level a 4 KiB
 * table, no superpage on WV's path. The two-stage walk (21.5.2; 10.3.2's steps for each stage):
 * each of the 3 VS-stage levels reads one PTE whose address is a guest physical address, and
 * that read is itself preceded by a 3-level G-stage walk of that address (21.5.2: "each
 * VS-stage PTE access ... is translated by the G stage"); then the final guest physical address
 * takes a 3-level G-stage walk: N = 3 x (3 + 1) + 3 = 15 PTE reads.
 * To have all of them hit the data MMU's 4-line PTE cache, the tables share lines: the G stage's
 * levels 1 and 0 are one table gq (gq[0] points to gq itself), the VS stage's three levels one
 * table vp (vp[1] points to vp itself, at the guest physical address GW + 0x1000 that gq[1] maps
 * onto vp). WV = TV + 2 MiB + 3 pages: VPN[2] = 1, VPN[1] = 1, VPN[0] = 3. The reads:
 *   VS level 2: G walk of GW + 0x1008: groot[4], gq[0], gq[1]; then vp[1]
 *   VS level 1: G walk of GW + 0x1008: groot[4], gq[0], gq[1]; then vp[1]
 *   VS level 0: G walk of GW + 0x1018: groot[4], gq[0], gq[1]; then vp[3] -> GPA GW + 0x2000
 *   final:      G walk of GW + 0x2000: groot[4], gq[0], gq[2]     -> TP(20)
 * three 64-byte lines: groot[0..7], gq[0..7], vp[0..7]. The VS code runs at VA = GPA = PA
 * (vp[2] a VS gigapage, groot[2] a G gigapage), through the other (instruction) MMU.
 * Expected from the parameters (doc/cycle-model.md): ptec_hit = 2; a PTE line refill is a 64-byte
 * line refill, the D-cache read miss's, measured here as D; the TLBs are emptied when V changes
 * [assumed], so every VS entry's first load walks, and the second hits; hfence.vvma empties the
 * TLBs and the PTE caches (as sfence.vma does), so the next walk refills the three lines first
 * seen at reads 1, 2 and 4: 12 x ptec_hit + 3 x D. HLV from M walks the same 15 PTEs and is
 * never kept in the TLB [assumed]: each one walks and counts as a data-TLB miss (event 12). */
static u64 gq[512] __attribute__((aligned(4096))), vp[512] __attribute__((aligned(4096)));
#define WV (TV + 0x200000 + 0x3000)
#define HFENCE_VVMA() __asm__ volatile(".word 0x22000073" ::: "memory")
#define SFENCE() __asm__ volatile("sfence.vma" ::: "memory")
static u64 field16(u64 v, unsigned i) { return (v >> (16 * i)) & 0xffff; }
/* The direct-mapped 4 KiB D-cache (the model's, keyed by the virtual address for translated
 * accesses) loses the lines of WV and WV + 0x80 to M-mode loads of the same sets, so that
 * h_walk_cycles' first and third loads miss it and the second and fourth hit. */
static void evict_lines(void)
{
	(void)peek64(TP(21));
	(void)peek64(TP(21) + 0x80);
}

static void t_model_walk(void)
{
	g_setup();
	memset(gq, 0, sizeof gq);
	memset(vp, 0, sizeof vp);
	groot[GW >> 30] = pte(pa_of(gq), PTE_V);
	gq[0] = pte(pa_of(gq), PTE_V);
	gq[1] = pte(pa_of(vp), URWXAD);
	gq[2] = pte(TP(20), URWXAD);
	vp[1] = pte(GW + 0x1000, PTE_V);
	vp[2] = pte(0x80000000ull, RWXAD);
	vp[3] = pte(GW + 0x2000, RWXAD);
	poke64(TP(20), 0x5151);
	CSR_WRITE(vsatp, 8ull << 60 | (GW + 0x1000) >> 12);
	HFENCE();
	check("model walk: VS load through the shared-line tables", VS(h_ld, WV, 0).value, 0x5151);
	CSR_WRITE(mcounteren, 1);
	CSR_WRITE(hcounteren, 1);
	CSR_WRITE(mhpmevent12, 12);            /* data-TLB misses */
	VS(h_walk_cycles, WV, 0);              /* the data line and the PTE lines in their caches */
	u64 cyc = CSR_READ(mcycle), ins = CSR_READ(minstret);
	u64 e0 = CSR_READ(mhpmcounter12);
	evict_lines();
	u64 a = VS(h_walk_cycles, WV, 0).value;
	u64 e1 = CSR_READ(mhpmcounter12);
	HFENCE_VVMA();
	evict_lines();
	u64 b = VS(h_walk_cycles, WV, 0).value;
	u64 e2 = CSR_READ(mhpmcounter12);
	CSR_WRITE(hstatus, HS_SPVP);           /* HLV as VS would (its pages have U = 0) */
	u64 hl = h_hlv_cycles(WV);
	u64 e3 = CSR_READ(mhpmcounter12);
	CSR_WRITE(hstatus, 0);
	/* HS with satp on (vp as an Sv39 root: vp[2] maps the program): the TLB keeps HS's data
	 * page from one HS entry to the next (V does not change), and hfence.vvma, hfence.gvma and
	 * hinval.gvma each empty it */
	CSR_WRITE(satp, 8ull << 60 | pa_of(vp) >> 12);
	SFENCE();
	HS(h_ld, TP(20), 0);
	u64 f0 = CSR_READ(mhpmcounter12);
	check("model walk: HS load with satp on", HS(h_ld, TP(20), 0).value, 0x5151);
	u64 f1 = CSR_READ(mhpmcounter12);
	u64 fence_miss[3];
	for (unsigned i = 0; i < 3; i++) {
		run(PRIV_M, 0, i == 0 ? h_hfence_vvma : i == 1 ? h_hfence_gvma : h_hinval_gvma, 0, 0);
		u64 g0 = CSR_READ(mhpmcounter12);
		HS(h_ld, TP(20), 0);
		fence_miss[i] = CSR_READ(mhpmcounter12) - g0;
	}
	CSR_WRITE(satp, 0);
	SFENCE();
	cyc = CSR_READ(mcycle) - cyc;
	ins = CSR_READ(minstret) - ins;
	CSR_WRITE(mhpmevent12, 0);
	CSR_WRITE(mcounteren, 0);
	CSR_WRITE(hcounteren, 0);
	CSR_WRITE(vsatp, 0);
	if (cyc < 2 * ins) {
		puts_("SKIP model walk: no cycle model (mcycle counts instructions)\n");
		return;
	}
	/* the four loads: TLB miss + D-cache miss, both hit, TLB hit + D-cache miss, both hit */
	u64 walk = field16(a, 0), hit = field16(a, 1), miss = field16(a, 2), hit2 = field16(a, 3);
	u64 d = miss - hit2;
	check("model walk: the repeated VS load hits the TLB and the D-cache like the last one", hit, hit2);
	check("model walk: a D-cache line refill costs cycles", d > 0 && d < 100, 1);
	check("model walk: two-stage, PTE lines cached: first - third load = 15 x ptec_hit", walk - miss, 30);
	check("model walk: one data-TLB miss per VS entry (the TLBs emptied when V changes)", e1 - e0, 1);
	check("model walk: after hfence.vvma: 12 x ptec_hit + 3 line refills", field16(b, 0) - field16(b, 2),
	      24 + 3 * d);
	check("model walk: after hfence.vvma the repeated load hits", field16(b, 1), hit);
	check("model walk: after hfence.vvma the D-cache miss costs the same", field16(b, 2) - field16(b, 3), d);
	check("model walk: one data-TLB miss after hfence.vvma", e2 - e1, 1);
	check("model walk: hlv.d from M: the second = a TLB-hit load + 15 x ptec_hit", (hl >> 32) - hit, 30);
	check("model walk: the first hlv.d walks too", (hl & 0xffffffffull) >= (hl >> 32), 1);
	check("model walk: each hlv.d a data-TLB miss", e3 - e2, 2);
	check("model walk: HS's data page stays in the TLB across HS entries", f1 - f0, 0);
	check("model walk: hfence.vvma empties the TLB (HS load misses)", fence_miss[0], 1);
	check("model walk: hfence.gvma empties the TLB", fence_miss[1], 1);
	check("model walk: hinval.gvma empties the TLB", fence_miss[2], 1);
}

int main(void)
{
	t_csrs();
	t_vmode();
	t_deleg();
	t_gstage();
	t_two_stage();
	t_hlv();
	t_irq();
	t_model_walk();
	putdec(passed);
	puts_(" passed, ");
	putdec(failed);
	puts_(" failed\n");
	return (int)failed;
}
