/* Backend (c): resident-state multi-block absorb and squeeze (zvknhk.md "Software idioms").
 * One asm region loads the state once into v0..v7, runs N blocks with vl = rate/8 under a
 * tail-undisturbed policy (so the vxor leaves lanes rate/8..24 alone), and stores it once.
 * The state cannot live across asm regions: the psABI makes every vector register caller-saved
 * and Linux discards vector state at system calls.
 * Falls back to the generic per-block loop over backend (b) when
 *   - VLEN = 128: the group is v0..v15 and a 21-word block spans two m8 groups; the per-block
 *     vtype switches that needs are not worth a second asm variant here;
 *   - the data pointer is not 8-byte aligned: vle64/vse64 need element alignment, which RVV
 *     does not guarantee for misaligned addresses. */
#include <stdint.h>
#include "keccak.h"

#ifdef KECCAK_BACKEND_VKR
#ifndef KECCAK_BACKEND_VK
#error "KECCAK_BACKEND_VKR needs KECCAK_BACKEND_VK (the permutation itself)"
#endif
#include "zvknhk.h"

#define VKR_CLOBBER "memory", "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", \
                    "v10", "v11", "v12", "v13", "v14", "v15", "vl", "vtype"

#define VKR_ABSORB(imm)                                                                     \
    __asm__ volatile("vsetivli zero, 25, e64, m8, tu, mu\n\t"                              \
                     "vle64.v v0, (%[st])\n\t"                                              \
                     "vsetvli zero, %[w], e64, m8, tu, mu\n\t"                              \
                     "1:\n\t"                                                               \
                     "vle64.v v8, (%[p])\n\t"                                               \
                     "vxor.vv v0, v0, v8\n\t" VKECCAK_VI(0, imm)                            \
                     "add %[p], %[p], %[rate]\n\t"                                          \
                     "addi %[n], %[n], -1\n\t"                                              \
                     "bnez %[n], 1b\n\t"                                                    \
                     "vsetivli zero, 25, e64, m8, tu, mu\n\t"                              \
                     "vse64.v v0, (%[st])\n\t"                                              \
                     : [p] "+r"(p), [n] "+r"(n)                                             \
                     : [st] "r"(s), [w] "r"(words), [rate] "r"(step)                         \
                     : VKR_CLOBBER)

#define VKR_SQUEEZE(imm)                                                                    \
    __asm__ volatile("vsetivli zero, 25, e64, m8, tu, mu\n\t"                              \
                     "vle64.v v0, (%[st])\n\t"                                              \
                     "vsetvli zero, %[w], e64, m8, tu, mu\n\t"                              \
                     "1:\n\t" VKECCAK_VI(0, imm)                                            \
                     "vse64.v v0, (%[p])\n\t"                                               \
                     "add %[p], %[p], %[rate]\n\t"                                          \
                     "addi %[n], %[n], -1\n\t"                                              \
                     "bnez %[n], 1b\n\t"                                                    \
                     "vsetivli zero, 25, e64, m8, tu, mu\n\t"                              \
                     "vse64.v v0, (%[st])\n\t"                                              \
                     : [p] "+r"(p), [n] "+r"(n)                                             \
                     : [st] "r"(s), [w] "r"(words), [rate] "r"(step)                         \
                     : VKR_CLOBBER)

static int vkr_usable(const void *p)
{
    unsigned long vlenb;
    __asm__ volatile("csrr %0, vlenb" : "=r"(vlenb));
    return vlenb >= 32 && ((uintptr_t)p & 7) == 0;
}

size_t keccak_absorb_blocks(uint64_t s[25], unsigned rate, const uint8_t *in, size_t nblocks,
                            unsigned nrounds)
{
    if (nblocks == 0)
        return 0;
    if (!vkr_usable(in)) {
        for (size_t i = 0; i < nblocks; i++) {
            keccak_p1600_add_bytes(s, in + i * rate, 0, rate);
            keccak_p1600_permute(s, nrounds);
        }
        return nblocks * rate;
    }
    const uint8_t *p = in;
    size_t n = nblocks, words = rate / 8, step = rate;
    keccak_permute_calls += nblocks;
    if (nrounds == 12)
        VKR_ABSORB(1);
    else
        VKR_ABSORB(0);
    return nblocks * rate;
}

void keccak_squeeze_blocks(uint64_t s[25], unsigned rate, uint8_t *out, size_t nblocks,
                           unsigned nrounds)
{
    if (nblocks == 0)
        return;
    if (!vkr_usable(out)) {
        for (size_t i = 0; i < nblocks; i++) {
            keccak_p1600_permute(s, nrounds);
            keccak_p1600_extract_bytes(s, out + i * rate, 0, rate);
        }
        return;
    }
    uint8_t *p = out;
    size_t n = nblocks, words = rate / 8, step = rate;
    keccak_permute_calls += nblocks;
    if (nrounds == 12)
        VKR_SQUEEZE(1);
    else
        VKR_SQUEEZE(0);
}

#else
typedef int keccak_vkr_unused;
#endif
