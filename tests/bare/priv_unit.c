/* Host unit test of core/priv.c: reset values, WARL fields, privilege checks, trap entry and
 * delegation, xRET, interrupts (k64_priv_interrupt, not yet reachable from guest code). Linked
 * with priv.o, pmp.o and pmu.o alone; k64_raise is stubbed to record the exception. Expected
 * values are taken from the RISC-V Privileged Architecture 1.13 (sections cited per check). */
#include <setjmp.h>
#include <stdio.h>
#include "core/hart.h"

bool k64_priv_interrupt(struct k64_hart *h);
void k64_priv_sret(struct k64_hart *h, const struct k64_dinsn *d);
void k64_exec_wfi(struct k64_hart *h, const struct k64_dinsn *d);

static jmp_buf jb;
static uint64_t raised;
void k64_raise(struct k64_hart *h, const struct k64_dinsn *d, uint64_t cause, uint64_t tval)
{
	(void)h; (void)d; (void)tval;
	raised = cause;
	longjmp(jb, 1);
}
void k64_tlb_flush(struct k64_hart *h) { (void)h; }
void k64_mmu_sync(struct k64_hart *h) { (void)h; }    /* core/mmu.c is tested by tests/mmu */
void k64_mmu_fence(struct k64_hart *h) { (void)h; }
/* core/hyp.c's hypervisor loads and stores and the time base: not exercised here (tests/hyp) */
void *k64_mmu_hyp_access(struct k64_hart *h, const struct k64_dinsn *d, uint64_t va, unsigned size, unsigned acc,
			 bool hlvx) { (void)h; (void)d; (void)va; (void)size; (void)acc; (void)hlvx; return NULL; }
uint64_t k64_time_ticks(const struct k64_hart *h, uint64_t now) { (void)h; return now; }
void k64_observe_trap(struct k64_hart *h, uint64_t cause, uint64_t tval) { (void)h; (void)cause; (void)tval; }   /* no observers here */
void k64_observe_entered(struct k64_hart *h) { (void)h; }
uint64_t k64_now(struct k64_hart *h, const struct k64_dinsn *d) { (void)d; return h->instret; }   /* wfi on a board: not here */

static int passed, failed;
static void check(const char *what, uint64_t got, uint64_t want)
{
	if (got == want) {
		passed++;
		printf("PASS %s: 0x%llx\n", what, (unsigned long long)want);
	} else {
		failed++;
		printf("FAIL %s: got 0x%llx, expected 0x%llx\n", what, (unsigned long long)got, (unsigned long long)want);
	}
}

static uint64_t rd(struct k64_hart *h, unsigned csr)
{
	uint64_t v = 0xbad;
	if (!k64_priv_csr_read(h, csr, &v))
		return 0xdead;
	return v;
}

/* Runs fn; returns the exception cause it raised, or ~0 if none. */
static uint64_t try_exec(void (*fn)(struct k64_hart *, const struct k64_dinsn *), struct k64_hart *h)
{
	static struct k64_dinsn d;
	raised = ~0ull;
	if (!setjmp(jb))
		fn(h, &d);
	return raised;
}

static void setup(struct k64_hart *h, bool with_c)
{
	memset(h, 0, sizeof *h);
	unsigned e[] = { K64_EXT_I, K64_EXT_M, K64_EXT_A, K64_EXT_F, K64_EXT_D, K64_EXT_ZICSR };
	for (unsigned i = 0; i < sizeof e / sizeof e[0]; i++)
		h->isa.ext |= 1ull << e[i];
	if (with_c)
		h->isa.ext |= 1ull << K64_EXT_C;
	h->pmp_n = 16;   /* the command line's default */
	k64_priv_reset(h, K64_PRIV_M);
}

static struct k64_hart hart;

int main(void)
{
	struct k64_hart *h = &hart;
	setup(h, true);
	/* 3.1.1: MXL = 2; letters A C D F I M S U = bits 0 2 3 5 8 12 18 20 */
	check("misa of rv64imafdc", rd(h, 0x301), 0x800000000014112dull);
	/* 3.1.6: UXL = SXL = 2 (bits 33:32, 35:34); FS = Initial (01, bits 14:13) at our reset */
	check("mstatus at reset", rd(h, 0x300), 0x0000000a00002000ull);
	check("mhartid", rd(h, 0xf14), 0);

	/* 3.1.6.1: MPP = 2 is reserved; MIE/MPIE/SIE/SPIE/SPP writable */
	k64_priv_csr_write(h, 0x300, (2ull << 11) | 0x1aa);
	check("mstatus MPP=2 not kept", (rd(h, 0x300) >> 11) & 3, K64_PRIV_U);
	check("mstatus SIE/MIE/SPIE/MPIE/SPP", rd(h, 0x300) & 0x1aa, 0x1aa);
	/* 3.1.6.6: SD = 1 when FS = Dirty */
	k64_priv_csr_write(h, 0x300, 3ull << 13);
	check("mstatus SD with FS dirty", rd(h, 0x300) >> 63, 1);
	/* 10.1.1: sstatus shows SIE SPIE SPP FS ... but not MIE MPIE MPP; writes reach mstatus */
	k64_priv_csr_write(h, 0x300, (3ull << 11) | 0x88);
	check("sstatus hides MPP/MIE/MPIE", rd(h, 0x100) & ((3ull << 11) | 0x88), 0);
	k64_priv_csr_write(h, 0x100, 0x122);
	check("sstatus write sets SIE/SPIE/SPP", rd(h, 0x300) & 0x1aa, 0x1aa);
	check("sstatus write keeps MPP", (rd(h, 0x300) >> 11) & 3, 3);

	/* 3.1.14: mepc[0] = 0; without C, bit 1 reads 0 */
	k64_priv_csr_write(h, 0x341, 0x80000007);
	check("mepc with C", rd(h, 0x341), 0x80000006);
	setup(h, false);
	k64_priv_csr_write(h, 0x341, 0x80000007);
	check("mepc without C", rd(h, 0x341), 0x80000004);
	setup(h, true);

	/* 3.1.8: medeleg[11] is read-only 0 */
	k64_priv_csr_write(h, 0x302, ~0ull);
	check("medeleg bit 11", (rd(h, 0x302) >> 11) & 1, 0);
	/* 2.1: read-only CSRs (bits 11:10 = 11) cannot be written; 3.7.1: pmpcfg1 does not exist on RV64 */
	check("write mhartid refused", k64_priv_csr_write(h, 0xf14, 0), false);
	check("pmpcfg1 absent on RV64", rd(h, 0x3a1), 0xdead);
	/* 3.7.1: R=0,W=1 is reserved; a locked entry ignores writes to its cfg and pmpaddr */
	k64_priv_csr_write(h, 0x3a0, 0x02);
	check("pmpcfg W without R", rd(h, 0x3a0) & 0xff, 0);
	k64_priv_csr_write(h, 0x3b0, 0x1000);
	k64_priv_csr_write(h, 0x3a0, 0x9f);
	k64_priv_csr_write(h, 0x3a0, 0x00);
	k64_priv_csr_write(h, 0x3b0, 0x2000);
	check("locked pmpcfg0 entry", rd(h, 0x3a0) & 0xff, 0x9f);
	check("locked pmpaddr0", rd(h, 0x3b0), 0x1000);

	/* 2.1: a CSR's privilege level is bits 9:8 */
	setup(h, true);
	h->priv = K64_PRIV_U;
	check("mstatus from U", rd(h, 0x300), 0xdead);
	check("sstatus from U", rd(h, 0x100), 0xdead);
	h->priv = K64_PRIV_S;
	check("sstatus from S readable", rd(h, 0x100) != 0xdead, 1);
	check("mscratch from S", rd(h, 0x340), 0xdead);
	/* 3.1.6.5: TVM = 1 makes satp illegal in S */
	h->mstatus |= 1ull << 20;
	check("satp from S with TVM", rd(h, 0x180), 0xdead);

	/* 3.1.6.5: TSR = 1 makes sret illegal in S; TW = 1 makes wfi illegal in S */
	h->mstatus |= (1ull << 22) | (1ull << 21);
	check("sret with TSR", try_exec(k64_priv_sret, h), K64_CAUSE_ILLEGAL);
	check("wfi with TW", try_exec(k64_exec_wfi, h), K64_CAUSE_ILLEGAL);
	h->priv = K64_PRIV_M;
	check("wfi in M", try_exec(k64_exec_wfi, h), ~0ull);

	/* 3.3.2: mret from U is illegal; from M: priv = MPP, MIE = MPIE, MPIE = 1, MPP = U,
	 * MPRV = 0 when MPP != M */
	setup(h, true);
	h->priv = K64_PRIV_U;
	check("mret in U", try_exec(k64_priv_mret, h), K64_CAUSE_ILLEGAL);
	h->priv = K64_PRIV_M;
	h->mstatus = (h->mstatus & ~(3ull << 11)) | (1ull << 11) | 0x80 | (1ull << 17);
	h->mepc = 0x80001000;
	check("mret from M", try_exec(k64_priv_mret, h), ~0ull);
	check("mret: priv = S", h->priv, K64_PRIV_S);
	check("mret: pc = mepc", h->pc, 0x80001000);
	check("mret: MIE=1 MPIE=1 MPP=U MPRV=0", h->mstatus & ((1ull << 17) | (3ull << 11) | 0x88), 0x88);

	/* 3.1.9: interrupts. SSIP pending and enabled; in M with MIE = 0 nothing happens */
	setup(h, true);
	h->pc = 0x80000100;
	h->mtvec = 0x80002000 | 1; /* vectored */
	k64_priv_csr_write(h, 0x344, 1ull << 1);
	k64_priv_csr_write(h, 0x304, 1ull << 1);
	check("no interrupt with MIE = 0", k64_priv_interrupt(h), false);
	h->mstatus |= 1ull << 3;
	check("interrupt with MIE = 1", k64_priv_interrupt(h), true);
	check("interrupt mcause", h->mcause, (1ull << 63) | 1);
	check("interrupt mepc", h->mepc, 0x80000100);
	check("vectored pc = base + 4 * cause", h->pc, 0x80002004);
	check("interrupt clears MIE, sets MPIE", h->mstatus & 0x88, 0x80);
	/* delegated to S (mideleg): taken from U into S at stvec; not taken in M */
	setup(h, true);
	h->stvec = 0x80003000;
	k64_priv_csr_write(h, 0x303, 1ull << 1);
	k64_priv_csr_write(h, 0x344, 1ull << 1);
	k64_priv_csr_write(h, 0x304, (1ull << 1) | (1ull << 5));
	h->mstatus |= 1ull << 3;
	check("delegated SSI not taken in M", k64_priv_interrupt(h), false);
	k64_priv_csr_write(h, 0x303, (1ull << 1) | (1ull << 5));
	k64_priv_csr_write(h, 0x344, (1ull << 1) | (1ull << 5));
	h->priv = K64_PRIV_U;
	h->pc = 0x80000200;
	check("delegated interrupt from U", k64_priv_interrupt(h), true);
	check("to S-mode", h->priv, K64_PRIV_S);
	check("scause: SSI before STI", h->scause, (1ull << 63) | 1);
	check("sepc", h->sepc, 0x80000200);
	check("pc = stvec", h->pc, 0x80003000);
	check("SPP = U", (h->mstatus >> 8) & 1, 0);
	/* 10.1.3: sip shows only delegated bits; only SSIP is writable through it */
	k64_priv_csr_write(h, 0x144, 0);
	check("sip write clears SSIP", h->mip & 2, 0);

	/* 3.1.6.1 / 10.1.1: exceptions from U with the medeleg bit go to S, others to M */
	setup(h, true);
	h->medeleg = 1ull << K64_CAUSE_ECALL_U;
	h->stvec = 0x80004000;
	h->mtvec = 0x80005000;
	h->priv = K64_PRIV_U;
	h->pc = 0x80000300;
	k64_priv_trap(h, K64_CAUSE_ECALL_U, 0);
	check("delegated ecall -> S", h->priv, K64_PRIV_S);
	check("delegated ecall pc", h->pc, 0x80004000);
	k64_priv_trap(h, K64_CAUSE_ILLEGAL, 0x1234);
	check("undelegated illegal -> M", h->priv, K64_PRIV_M);
	check("mtval", h->mtval, 0x1234);
	check("MPP = S", (h->mstatus >> 11) & 3, K64_PRIV_S);
	/* traps never go to a lower privilege: delegated cause in M stays in M */
	h->pc = 0x80000400;
	k64_priv_trap(h, K64_CAUSE_ECALL_U, 0);
	check("delegated cause raised in M stays in M", h->pc, 0x80005000);

	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
