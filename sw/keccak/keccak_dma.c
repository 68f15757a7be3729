/* Backend (d): the memory-mapped Keccak devices with their own DMA (issue 11, design 1;
 * doc/keccak-dma.md). KECCAK_BACKEND_DMA: every Keccak-f[1600] (24 rounds) goes through the raw
 * device keccak-dma; 12-round Keccak-p runs in software (keccak_c.c). KECCAK_BACKEND_SPONGE_DMA
 * (with KECCAK_BACKEND_DMA): whole-message sponges of rate 136 with 24 rounds (SHAKE256 and
 * SHA3-256, one-shot, output length known) run in keccak-sponge-dma (keccak_dma_sponge136,
 * called by fips202.c).
 *
 * The driver, as the device's own: the state buffer (25 little-endian lanes, 8-byte aligned: on
 * RV64 the lanes are already the packed 50-word image the device reads), program the
 * registers, start with a 0-to-1 edge on CTRL, poll STATUS, invalidate the destination's cache
 * lines (cbo.inval: the write-through D-cache is not coherent with the DMA), read the result.
 * On ERROR (or an unaligned buffer for the sponge) it falls back to software. The devices must
 * be enabled (--device=keccak-dma, --device=keccak-sponge-dma) at their default bases, or at
 * KECCAK_DMA_BASE / KECCAK_SPONGE_DMA_BASE. */
#include "keccak.h"

#ifdef KECCAK_BACKEND_DMA
#ifndef KECCAK_DMA_BASE
#define KECCAK_DMA_BASE 0x40000000ul
#endif
#ifndef KECCAK_SPONGE_DMA_BASE
#define KECCAK_SPONGE_DMA_BASE 0x40001000ul
#endif

/* register offsets, in 32-bit words (doc/keccak-dma.md) */
enum { K_SRC = 0, K_DST = 1, K_LEN = 2, K_CTRL = 3, K_STATUS = 4, K_SRC_HI = 16, K_DST_HI = 17 };
enum { S_SRC = 0, S_DST = 1, S_LEN = 2, S_OUT_LEN = 3, S_DOMAIN = 4, S_CTRL = 5, S_STATUS = 6,
       S_LAST_PERMS = 10, S_SRC_HI = 16, S_DST_HI = 17 };
enum { ST_DONE = 1, ST_BUSY = 2, ST_ERROR = 4 };

void keccak_p1600_permute_c(uint64_t s[25], unsigned nrounds);   /* keccak_c.c */

/* Zicbom cbo.inval on every 64-byte block of [p, p + len). */
static void cache_invalidate(const void *p, size_t len)
{
    uintptr_t a = (uintptr_t)p & ~(uintptr_t)63, end = (uintptr_t)p + len;
    for (; a < end; a += 64)
        __asm__ volatile(".insn i 0x0f, 2, x0, 0(%0)" : : "r"(a) : "memory");   /* cbo.inval (a) */
}

/* Starts the operation programmed in regs (CTRL at word ctrl) and waits; true on DONE. */
static int run(volatile uint32_t *regs, unsigned ctrl, unsigned status)
{
    uint32_t st;
    __asm__ volatile("" : : : "memory");   /* the buffers are written before the start */
    regs[ctrl] = 0;
    regs[ctrl] = 1;                        /* START: a 0-to-1 edge */
    while ((st = regs[status]) & ST_BUSY)
        ;
    regs[ctrl] = 0;
    return (st & (ST_DONE | ST_ERROR)) == ST_DONE;
}

static int dma_permute(uint64_t s[25])
{
    volatile uint32_t *regs = (volatile uint32_t *)KECCAK_DMA_BASE;
    uintptr_t a = (uintptr_t)s;
    regs[K_SRC] = (uint32_t)a;
    regs[K_SRC_HI] = (uint32_t)((uint64_t)a >> 32);
    regs[K_DST] = (uint32_t)a;
    regs[K_DST_HI] = (uint32_t)((uint64_t)a >> 32);
    regs[K_LEN] = 200;
    if (!run(regs, K_CTRL, K_STATUS))
        return 0;
    cache_invalidate(s, 200);
    return 1;
}

void keccak_p1600_permute(uint64_t s[25], unsigned nrounds)
{
    if (nrounds == 24 && dma_permute(s)) {
        keccak_permute_calls++;
        return;
    }
    keccak_p1600_permute_c(s, nrounds);       /* counts the call */
}

#ifdef KECCAK_BACKEND_SPONGE_DMA
int keccak_dma_sponge136(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen, uint8_t ds)
{
    volatile uint32_t *regs = (volatile uint32_t *)KECCAK_SPONGE_DMA_BASE;
    uintptr_t src = (uintptr_t)in, dst = (uintptr_t)out;
    if (((src | dst) & 3) || inlen > 0xffffffffu || outlen > 0xffffffffu)
        return 0;
    regs[S_SRC] = (uint32_t)src;
    regs[S_SRC_HI] = (uint32_t)((uint64_t)src >> 32);
    regs[S_DST] = (uint32_t)dst;
    regs[S_DST_HI] = (uint32_t)((uint64_t)dst >> 32);
    regs[S_LEN] = (uint32_t)inlen;
    regs[S_OUT_LEN] = (uint32_t)outlen;
    regs[S_DOMAIN] = ds;
    if (!run(regs, S_CTRL, S_STATUS))
        return 0;
    keccak_permute_calls += regs[S_LAST_PERMS];
    cache_invalidate(out, outlen);
    return 1;
}
#endif

#else
typedef int keccak_dma_unused;
#endif
