/* Backend (c): resident-state multi-block absorb and squeeze (zvknhk.md "Software idioms").
 * One asm region loads the state once, runs N blocks with vl = rate/8 under a tail-undisturbed
 * policy (so the vxor leaves lanes rate/8..24 alone), and stores it once. The state cannot live
 * across asm regions: the psABI makes every vector register caller-saved and Linux discards
 * vector state at system calls.
 *   VLEN >= 256: state in v0..v7 (one m8 group), block temporary v8..v15.
 *   VLEN = 128: the vkeccak group is v0..v15; a block of w words is split into words 0..15
 *   (v16..v23, XORed into v0..v7) and words 16..w-1 (v24..v31, XORed into v8..v15), each part
 *   with its own vl, so rates above 128 bytes cost two vsetvli per block.
 * Falls back to the per-block loop over backend (b) when the data pointer is not 8-byte
 * aligned: RVV does not promise misaligned vle64/vse64. */
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

#define VKR128_CLOBBER "memory", "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9",   \
                       "v10", "v11", "v12", "v13", "v14", "v15", "v16", "v17", "v18", "v19", \
                       "v20", "v21", "v22", "v23", "v24", "v25", "v26", "v27", "v28", "v29", \
                       "v30", "v31", "vl", "vtype"
#define VKR128_LOAD "vsetivli zero, 16, e64, m8, tu, mu\n\t"                                  \
                    "vle64.v v0, (%[st])\n\t"                                                 \
                    "vsetivli zero, 9, e64, m8, tu, mu\n\t"                                  \
                    "vle64.v v8, (%[st2])\n\t"
#define VKR128_STORE "vsetivli zero, 9, e64, m8, tu, mu\n\t"                                 \
                     "vse64.v v8, (%[st2])\n\t"                                              \
                     "vsetivli zero, 16, e64, m8, tu, mu\n\t"                                \
                     "vse64.v v0, (%[st])\n\t"

/* w1 = min(w, 16) words into v0..v7, w2 = w - w1 into v8..v15 (skipped when 0). */
#define VKR128_ABSORB(imm)                                                                  \
    __asm__ volatile(VKR128_LOAD                                                            \
                     "1:\n\t"                                                              \
                     "vsetvli zero, %[w1], e64, m8, tu, mu\n\t"                            \
                     "vle64.v v16, (%[p])\n\t"                                             \
                     "vxor.vv v0, v0, v16\n\t"                                             \
                     "beqz %[w2], 2f\n\t"                                                  \
                     "addi t0, %[p], 128\n\t"                                              \
                     "vsetvli zero, %[w2], e64, m8, tu, mu\n\t"                            \
                     "vle64.v v24, (t0)\n\t"                                               \
                     "vxor.vv v8, v8, v24\n\t"                                             \
                     "2:\n\t" VKECCAK_VI(0, imm)                                            \
                     "add %[p], %[p], %[rate]\n\t"                                         \
                     "addi %[n], %[n], -1\n\t"                                             \
                     "bnez %[n], 1b\n\t" VKR128_STORE                                      \
                     : [p] "+r"(p), [n] "+r"(n)                                             \
                     : [st] "r"(s), [st2] "r"(s + 16), [w1] "r"(w1), [w2] "r"(w2),          \
                       [rate] "r"(step)                                                     \
                     : "t0", VKR128_CLOBBER)

#define VKR128_SQUEEZE(imm)                                                                 \
    __asm__ volatile(VKR128_LOAD                                                            \
                     "1:\n\t" VKECCAK_VI(0, imm)                                            \
                     "vsetvli zero, %[w1], e64, m8, tu, mu\n\t"                            \
                     "vse64.v v0, (%[p])\n\t"                                              \
                     "beqz %[w2], 2f\n\t"                                                  \
                     "addi t0, %[p], 128\n\t"                                              \
                     "vsetvli zero, %[w2], e64, m8, tu, mu\n\t"                            \
                     "vse64.v v8, (t0)\n\t"                                                \
                     "2:\n\t"                                                              \
                     "add %[p], %[p], %[rate]\n\t"                                         \
                     "addi %[n], %[n], -1\n\t"                                             \
                     "bnez %[n], 1b\n\t" VKR128_STORE                                      \
                     : [p] "+r"(p), [n] "+r"(n)                                             \
                     : [st] "r"(s), [st2] "r"(s + 16), [w1] "r"(w1), [w2] "r"(w2),          \
                       [rate] "r"(step)                                                     \
                     : "t0", VKR128_CLOBBER)

static unsigned long vlenb_read(void)
{
    unsigned long vlenb;
    __asm__ volatile("csrr %0, vlenb" : "=r"(vlenb));
    return vlenb;
}

size_t keccak_absorb_blocks(uint64_t s[25], unsigned rate, const uint8_t *in, size_t nblocks,
                            unsigned nrounds)
{
    if (nblocks == 0)
        return 0;
    if ((uintptr_t)in & 7) {
        for (size_t i = 0; i < nblocks; i++) {
            keccak_p1600_add_bytes(s, in + i * rate, 0, rate);
            keccak_p1600_permute(s, nrounds);
        }
        return nblocks * rate;
    }
    const uint8_t *p = in;
    size_t n = nblocks, words = rate / 8, step = rate;
    keccak_permute_calls += nblocks;
    if (vlenb_read() >= 32) {
        if (nrounds == 12)
            VKR_ABSORB(1);
        else
            VKR_ABSORB(0);
    } else {
        size_t w1 = words < 16 ? words : 16, w2 = words - w1;
        if (nrounds == 12)
            VKR128_ABSORB(1);
        else
            VKR128_ABSORB(0);
    }
    return nblocks * rate;
}

void keccak_squeeze_blocks(uint64_t s[25], unsigned rate, uint8_t *out, size_t nblocks,
                           unsigned nrounds)
{
    if (nblocks == 0)
        return;
    if ((uintptr_t)out & 7) {
        for (size_t i = 0; i < nblocks; i++) {
            keccak_p1600_permute(s, nrounds);
            keccak_p1600_extract_bytes(s, out + i * rate, 0, rate);
        }
        return;
    }
    uint8_t *p = out;
    size_t n = nblocks, words = rate / 8, step = rate;
    keccak_permute_calls += nblocks;
    if (vlenb_read() >= 32) {
        if (nrounds == 12)
            VKR_SQUEEZE(1);
        else
            VKR_SQUEEZE(0);
    } else {
        size_t w1 = words < 16 ? words : 16, w2 = words - w1;
        if (nrounds == 12)
            VKR128_SQUEEZE(1);
        else
            VKR128_SQUEEZE(0);
    }
}

#else
typedef int keccak_vkr_unused;
#endif
