/* Backend (b): every Keccak-p call through vkeccak.vi, memory to memory (zvknhk.md "Software
 * idioms", karu64.md §5 "+K" builds). imm5 = 0 is Keccak-p[1600,24], imm5 = 1 is
 * Keccak-p[1600,12] (zvknhk.md "Semantics"). VLEN is read from vlenb on every call, as the
 * measured wrapper does; at VLEN = 128 the 25 words are split 16 + 9 into v0..v7, v8..v15. */
#include "keccak.h"

#ifdef KECCAK_BACKEND_VK
#if !defined(__riscv_vector)
#error "KECCAK_BACKEND_VK needs a RISC-V target with V"
#endif
#include "zvknhk.h"

#define VK_CLOBBER_8 "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7"
#define VK_CLOBBER_16 VK_CLOBBER_8, "v8", "v9", "v10", "v11", "v12", "v13", "v14", "v15"

#define VK_WIDE(imm)                                                                         \
    __asm__ volatile("vsetivli zero, 25, e64, m8, tu, mu\n\t"                               \
                     "vle64.v v0, (%0)\n\t" VKECCAK_VI(0, imm) "vse64.v v0, (%0)\n\t"       \
                     :                                                                       \
                     : "r"(s)                                                                \
                     : "memory", VK_CLOBBER_8, "vl", "vtype")

#define VK_SPLIT(imm)                                                                        \
    __asm__ volatile("vsetivli zero, 16, e64, m8, tu, mu\n\t"                               \
                     "vle64.v v0, (%0)\n\t"                                                  \
                     "vsetivli zero, 9, e64, m8, tu, mu\n\t"                                \
                     "vle64.v v8, (%1)\n\t" VKECCAK_VI(0, imm) "vse64.v v8, (%1)\n\t"       \
                     "vsetivli zero, 16, e64, m8, tu, mu\n\t"                               \
                     "vse64.v v0, (%0)\n\t"                                                  \
                     :                                                                       \
                     : "r"(s), "r"(s + 16)                                                   \
                     : "memory", VK_CLOBBER_16, "vl", "vtype")

void keccak_p1600_permute(uint64_t s[25], unsigned nrounds)
{
    unsigned long vlenb;

    keccak_permute_calls++;
    __asm__ volatile("csrr %0, vlenb" : "=r"(vlenb));
    if (vlenb >= 32) {
        if (nrounds == 12)
            VK_WIDE(1);
        else
            VK_WIDE(0);
    } else {
        if (nrounds == 12)
            VK_SPLIT(1);
        else
            VK_SPLIT(0);
    }
}

#else
typedef int keccak_vk_unused;
#endif
