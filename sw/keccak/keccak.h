/* Keccak-p[1600, nr] permutation interface (FIPS 202 §3, §3.3; RFC 9861 §2.2 for nr = 12).
 * One interface, backends chosen at build time (karu64.md §5):
 *   default               keccak_c.c   portable C, lanes in registers
 *   KECCAK_BACKEND_VK     keccak_vk.c  vkeccak.vi memory-to-memory wrapper (zvknhk.md "Software idioms")
 *   + KECCAK_BACKEND_VKR  keccak_vkr.c resident-state multi-block absorb/squeeze (needs KECCAK_BACKEND_VK)
 *   KECCAK_BACKEND_XR     keccak_xr.c  round-step instructions of xkround (doc/xkround.md)
 *   KECCAK_BACKEND_DMA    keccak_dma.c memory-mapped Keccak device with DMA (doc/keccak-dma.md)
 *   + KECCAK_BACKEND_SPONGE_DMA        one-shot sponge device for rate-136 sponges (needs _DMA)
 * The state is 25 little-endian lanes, lane A[x,y] at s[x + 5*y] (FIPS 202 §3.1.2, §B.1). */
#ifndef KECCAK_H
#define KECCAK_H

#include <stddef.h>
#include <stdint.h>

/* Keccak-p[1600, nrounds] for nrounds 24 (Keccak-f[1600], RC[0..23]) or 12 (RC[12..23]). */
void keccak_p1600_permute(uint64_t s[25], unsigned nrounds);

/* XOR len bytes of in into the state starting at byte offset off (off + len <= 200). */
void keccak_p1600_add_bytes(uint64_t s[25], const uint8_t *in, unsigned off, unsigned len);

/* Copy len bytes of the state starting at byte offset off to out (off + len <= 200). */
void keccak_p1600_extract_bytes(const uint64_t s[25], uint8_t *out, unsigned off, unsigned len);

/* Absorb nblocks whole rate blocks: for each, XOR `rate` bytes at offset 0, then permute.
 * rate is a multiple of 8 and < 200. Returns the number of bytes absorbed (nblocks * rate). */
size_t keccak_absorb_blocks(uint64_t s[25], unsigned rate, const uint8_t *in, size_t nblocks,
                            unsigned nrounds);

/* Squeeze nblocks whole rate blocks: for each, permute, then copy `rate` bytes from offset 0.
 * (Permute first: a finalized sponge holds a padded block that still needs its permutation.) */
void keccak_squeeze_blocks(uint64_t s[25], unsigned rate, uint8_t *out, size_t nblocks,
                           unsigned nrounds);

/* Number of Keccak-p calls since start (every backend counts each permutation once). */
extern uint64_t keccak_permute_calls;
uint64_t keccak_permute_count(void);

#ifdef KECCAK_BACKEND_SPONGE_DMA
/* The whole sponge of rate 136, 24 rounds, domain byte ds (0x1f SHAKE256, 0x06 SHA3-256) in
 * the sponge device; 0 if it declined (unaligned buffers, lengths over 32 bits, ERROR). */
int keccak_dma_sponge136(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen, uint8_t ds);
#endif

/* Name of the compiled-in backend: "c", "vk", "vkr", "dma", "sponge" or "xr". */
const char *keccak_backend_name(void);

#endif
