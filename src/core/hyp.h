/* Bits of the hypervisor extension's CSRs (RISC-V Privileged Architecture 1.13, chapter 21),
 * shared by core/priv.c (trap entry, xRET, interrupts) and core/hyp.c (the CSRs, HLV/HSV). */
#ifndef K64_CORE_HYP_H
#define K64_CORE_HYP_H
#include "core/hart.h"

/* hstatus (21.2.1) */
#define HS_VSBE  (1ull << 5)
#define HS_GVA   (1ull << 6)
#define HS_SPV   (1ull << 7)
#define HS_SPVP  (1ull << 8)
#define HS_HU    (1ull << 9)
#define HS_VTVM  (1ull << 20)
#define HS_VTW   (1ull << 21)
#define HS_VTSR  (1ull << 22)
#define HS_VSXL  (3ull << 32)
/* mstatus with H (3.1.6): GVA and MPV */
#define MS_GVA   (1ull << 38)
#define MS_MPV   (1ull << 39)

/* VS-level interrupts (mip/mie bits 2, 6, 10) and the supervisor guest external one (12) */
#define IRQ_VSSI 2
#define IRQ_VSTI 6
#define IRQ_VSEI 10
#define IRQ_SGEI 12
#define IRQ_VS_MASK ((1ull << IRQ_VSSI) | (1ull << IRQ_VSTI) | (1ull << IRQ_VSEI))
/* mideleg's read-only-one bits with H (21.4.2) */
#define MIDELEG_H_ONES (IRQ_VS_MASK | (1ull << IRQ_SGEI))

/* henvcfg.STCE and PBMTE (as menvcfg's) */
#define HENVCFG_STCE  (1ull << 63)
#define HENVCFG_PBMTE (1ull << 62)

/* hgatp (21.2.10): MODE 63:60 (0 Bare, 8 Sv39x4, 9 Sv48x4, 10 Sv57x4), VMID 57:44 (VMIDLEN = 14),
 * PPN 43:0 with bits 1:0 zero (the root table is 16 KiB) */
#define HGATP_VMID (((1ull << 14) - 1) << 44)
#define HGATP_PPN  (((1ull << 44) - 1) & ~3ull)

static inline bool k64_hyp_on(const struct k64_hart *h) { return k64_has(&h->isa, K64_EXT_H); }
/* henvcfg as it acts: STCE and PBMTE are read-only zero while menvcfg's are zero (21.2.5) */
static inline uint64_t k64_henvcfg(const struct k64_hart *h)
{
	return h->henvcfg & (h->menvcfg | ~(HENVCFG_STCE | HENVCFG_PBMTE));
}
#endif
