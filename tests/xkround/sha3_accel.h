/* What the private-state programs share (tests/xkround/private.c, tests/boot/xproc.c): the
 * SHA3-256 padding and the Keccak-f[1600] permutation through the accelerator the build picks:
 * -DUSE_XR xkround's private state (doc/xkround.md), -DUSE_VK vkeccak.vi (zvknhk.md). */
#ifndef SHA3_ACCEL_H
#define SHA3_ACCEL_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(USE_XR)
#include "xkround.h"
#elif defined(USE_VK)
#include "zvknhk.h"
#else
#error "build with -DUSE_XR or -DUSE_VK"
#endif

#define RATE 136   /* SHA3-256 (FIPS 202 §6.1: c = 512) */

/* SHA3-256 padding (FIPS 202 §5.1, §6.1: M || 01 || 10*1) of the last block into s. */
static inline void pad_block(uint64_t s[25], const uint8_t *m, size_t len)
{
    uint8_t b[RATE] = { 0 };
    memcpy(b, m, len);
    b[len] ^= 0x06;
    b[RATE - 1] ^= 0x80;
    for (unsigned i = 0; i < RATE; i++)
        s[i / 8] ^= (uint64_t)b[i] << (8 * (i % 8));
}

#if defined(USE_XR)
static inline void xr_load(const uint64_t *s) { XKR_LOAD_STATE(s); }
static inline void xr_store(uint64_t *s) { XKR_STORE_STATE(s); }
static inline void xr_rounds(unsigned long first, unsigned long end)
{
    for (unsigned long r = first; r < end; r++)
        __asm__ volatile(XKR_ROUND_TXT("%0", 0) : : "r"(r));
}
static inline void permute(uint64_t s[25]) { xr_load(s); xr_rounds(0, 24); xr_store(s); }
#else
static inline void permute(uint64_t s[25]) { keccakf1600_vkeccak(s); }
#endif
#endif
