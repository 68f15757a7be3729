/* vkeccak.vi (Zvknhk v0.1, ../shared/spec/zvknhk.md) for guest code compiled with V enabled.
 * The assembler has no mnemonic yet, so the instruction is emitted with `.insn r`:
 * funct7 0x53 = funct6 101001 with vm = 1, rs1 field x18 = the vs1 selector 10010,
 * rs2 field = imm5 (zvknhk.md "Encoding"). */
#ifndef ZVKNHK_H
#define ZVKNHK_H

#include <stdint.h>

#define ZVKNHK_STR_(x) #x
#define ZVKNHK_STR(x) ZVKNHK_STR_(x)
/* Assembler text for `vkeccak.vi v<vd>, <imm5>`; vd and imm5 are integer literals,
 * e.g. VKECCAK_VI(0, 0) or VKECCAK_VI(16, 1). */
#define VKECCAK_VI(vd, imm5) \
    ".insn r 0x77, 0x2, 0x53, x" ZVKNHK_STR(vd) ", x18, x" ZVKNHK_STR(imm5) "\n\t"

/* Test hook (tests/sw only): ZVKNHK_TEST_IDENTITY replaces the instruction by nothing, so the
 * load/xor/store code around it can be checked on QEMU, which has no vkeccak.vi. */
#ifdef ZVKNHK_TEST_IDENTITY
#undef VKECCAK_VI
#define VKECCAK_VI(vd, imm5) ""
#endif

/* The instruction word, for `.word` or for decoders: 0xa6092077 | vd << 7 | imm5 << 20. */
#define VKECCAK_VI_WORD(vd, imm5) (0xa6092077u | ((uint32_t)(vd) << 7) | ((uint32_t)(imm5) << 20))

#if defined(__riscv_vector)
/* Keccak-f[1600] of s through vkeccak.vi v0, 0, correct at every VLEN >= 128 (zvknhk.md
 * "Software idioms"): for VLEN >= 256 one m8 load of 25 words covers the group; at VLEN = 128
 * the group is v0..v15 and the 25 words are loaded as 16 into v0..v7 and 9 into v8..v15. */
static inline void keccakf1600_vkeccak(uint64_t s[25])
{
    unsigned long vlenb;
    __asm__ volatile("csrr %0, vlenb" : "=r"(vlenb));
    if (vlenb >= 32) {
        __asm__ volatile("vsetivli zero, 25, e64, m8, tu, mu\n\t"
                         "vle64.v v0, (%0)\n\t"
                         VKECCAK_VI(0, 0)
                         "vse64.v v0, (%0)\n\t"
                         :
                         : "r"(s)
                         : "memory", "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "vl", "vtype");
    } else {
        __asm__ volatile("vsetivli zero, 16, e64, m8, tu, mu\n\t"
                         "vle64.v v0, (%0)\n\t"
                         "vsetivli zero, 9, e64, m8, tu, mu\n\t"
                         "vle64.v v8, (%1)\n\t"
                         VKECCAK_VI(0, 0)
                         "vse64.v v8, (%1)\n\t"
                         "vsetivli zero, 16, e64, m8, tu, mu\n\t"
                         "vse64.v v0, (%0)\n\t"
                         :
                         : "r"(s), "r"(s + 16)
                         : "memory", "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9",
                           "v10", "v11", "v12", "v13", "v14", "v15", "vl", "vtype");
    }
}
#endif

#endif
