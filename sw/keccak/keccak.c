/* Byte access to the Keccak state and the generic multi-block loops, shared by every backend.
 * Lanes are little-endian (FIPS 202 §B.1), independent of the host byte order. */
#include <string.h>
#include "keccak.h"

uint64_t keccak_permute_calls;

uint64_t keccak_permute_count(void)
{
    return keccak_permute_calls;
}

const char *keccak_backend_name(void)
{
#if defined(KECCAK_BACKEND_SPONGE_DMA)
    return "sponge";
#elif defined(KECCAK_BACKEND_DMA)
    return "dma";
#elif defined(KECCAK_BACKEND_VKR)
    return "vkr";
#elif defined(KECCAK_BACKEND_VK)
    return "vk";
#elif defined(KECCAK_BACKEND_XR)
    return "xr";
#else
    return "c";
#endif
}

static inline uint64_t load64_le(const uint8_t *p)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < 8; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

static inline void store64_le(uint8_t *p, uint64_t v)
{
    for (unsigned i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

void keccak_p1600_add_bytes(uint64_t s[25], const uint8_t *in, unsigned off, unsigned len)
{
    while (len > 0 && (off & 7)) {
        s[off >> 3] ^= (uint64_t)*in++ << (8 * (off & 7));
        off++, len--;
    }
    for (; len >= 8; off += 8, len -= 8, in += 8)
        s[off >> 3] ^= load64_le(in);
    for (; len > 0; off++, len--)
        s[off >> 3] ^= (uint64_t)*in++ << (8 * (off & 7));
}

void keccak_p1600_extract_bytes(const uint64_t s[25], uint8_t *out, unsigned off, unsigned len)
{
    while (len > 0 && (off & 7)) {
        *out++ = (uint8_t)(s[off >> 3] >> (8 * (off & 7)));
        off++, len--;
    }
    for (; len >= 8; off += 8, len -= 8, out += 8)
        store64_le(out, s[off >> 3]);
    for (; len > 0; off++, len--)
        *out++ = (uint8_t)(s[off >> 3] >> (8 * (off & 7)));
}

#ifndef KECCAK_BACKEND_VKR
size_t keccak_absorb_blocks(uint64_t s[25], unsigned rate, const uint8_t *in, size_t nblocks,
                            unsigned nrounds)
{
    for (size_t i = 0; i < nblocks; i++, in += rate) {
        keccak_p1600_add_bytes(s, in, 0, rate);
        keccak_p1600_permute(s, nrounds);
    }
    return nblocks * rate;
}

void keccak_squeeze_blocks(uint64_t s[25], unsigned rate, uint8_t *out, size_t nblocks,
                           unsigned nrounds)
{
    for (size_t i = 0; i < nblocks; i++, out += rate) {
        keccak_p1600_permute(s, nrounds);
        keccak_p1600_extract_bytes(s, out, 0, rate);
    }
}
#endif
