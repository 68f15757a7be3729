/* Prints Keccak-p results of the compiled-in backend for tests/sw/keccak_check.py, which
 * recomputes each with an independent Python Keccak (keccak_ref.py). Covers the permutation
 * (24 and 12 rounds), keccak_absorb_blocks / keccak_squeeze_blocks for every rate used by
 * FIPS 202 at aligned and misaligned addresses, the call counter, and on V targets
 * vkeccak.vi's preservation of elements 25..31 (zvknhk.md "Semantics"). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "keccak.h"
#if defined(KECCAK_BACKEND_VK)
#include "zvknhk.h"
#endif

static uint64_t rng = 0x9e3779b97f4a7c15u;

static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static void words(const uint64_t *s, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        printf(" %016" PRIx64, s[i]);
}

static void hexbytes(const uint8_t *p, size_t n)
{
    putchar(' ');
    for (size_t i = 0; i < n; i++)
        printf("%02x", p[i]);
}

int main(void)
{
    static const unsigned rates[] = {168, 144, 136, 104, 72};
    uint64_t s[25];
    _Alignas(8) uint8_t buf[8 * 168 + 8];

    printf("backend %s\n", keccak_backend_name());
    for (unsigned t = 0; t < 6; t++)
        for (unsigned nr = 12; nr <= 24; nr += 12) {
            for (unsigned i = 0; i < 25; i++)
                s[i] = t == 0 ? 0 : t == 1 ? i : next();
            printf("perm %u", nr);
            words(s, 25);
            keccak_p1600_permute(s, nr);
            words(s, 25);
            putchar('\n');
        }
    for (unsigned r = 0; r < sizeof rates / sizeof rates[0]; r++)
        for (unsigned nr = 12; nr <= 24; nr += 12)
            for (unsigned mis = 0; mis <= 3; mis += 3)
                for (unsigned nb = 1; nb <= 5; nb += 4) {
                    unsigned rate = rates[r];
                    uint8_t *p = buf + mis;
                    for (unsigned i = 0; i < 25; i++)
                        s[i] = next();
                    for (unsigned i = 0; i < nb * rate; i++)
                        p[i] = (uint8_t)next();
                    uint64_t c0 = keccak_permute_calls;
                    printf("absorb %u %u %u %u", rate, nr, nb, mis);
                    words(s, 25);
                    hexbytes(p, nb * rate);
                    size_t got = keccak_absorb_blocks(s, rate, p, nb, nr);
                    words(s, 25);
                    printf(" %zu %" PRIu64 "\n", got, keccak_permute_calls - c0);

                    c0 = keccak_permute_calls;
                    printf("squeeze %u %u %u %u", rate, nr, nb, mis);
                    words(s, 25);
                    memset(p, 0, nb * rate);
                    keccak_squeeze_blocks(s, rate, p, nb, nr);
                    hexbytes(p, nb * rate);
                    words(s, 25);
                    printf(" %" PRIu64 "\n", keccak_permute_calls - c0);
                }
    /* Partial-lane byte access at odd offsets. */
    for (unsigned i = 0; i < 25; i++)
        s[i] = next();
    printf("bytes");
    words(s, 25);
    for (unsigned i = 0; i < 200; i++)
        buf[i] = (uint8_t)next();
    keccak_p1600_add_bytes(s, buf, 3, 150);
    keccak_p1600_extract_bytes(s, buf + 200, 5, 190);
    hexbytes(buf, 150);
    words(s, 25);
    hexbytes(buf + 200, 190);
    putchar('\n');

#if defined(KECCAK_BACKEND_VK)
    {
        /* Whole element group of 32: 25 lanes, 7 sentinels that vkeccak.vi must keep. */
        uint64_t g[32];
        unsigned long vlenb;
        __asm__ volatile("csrr %0, vlenb" : "=r"(vlenb));
        for (unsigned i = 0; i < 32; i++)
            g[i] = i < 25 ? next() : 0xA5A5A5A500000000u + i;
        printf("sentinel");
        words(g, 32);
        if (vlenb >= 32) {
            __asm__ volatile("vsetvli zero, %1, e64, m8, tu, mu\n\t"
                             "vle64.v v0, (%0)\n\t" VKECCAK_VI(0, 0) "vse64.v v0, (%0)\n\t"
                             : : "r"(g), "r"(32ul) : "memory", "v0", "v1", "v2", "v3", "v4", "v5", "v6",
                               "v7", "vl", "vtype");
        } else {
            __asm__ volatile("vsetivli zero, 16, e64, m8, tu, mu\n\t"
                             "vle64.v v0, (%0)\n\t"
                             "vle64.v v8, (%1)\n\t" VKECCAK_VI(0, 0)
                             "vse64.v v0, (%0)\n\t"
                             "vse64.v v8, (%1)\n\t"
                             : : "r"(g), "r"(g + 16) : "memory", "v0", "v1", "v2", "v3", "v4",
                               "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14",
                               "v15", "vl", "vtype");
        }
        words(g, 32);
        putchar('\n');
        uint64_t w[25];
        for (unsigned i = 0; i < 25; i++)
            w[i] = next();
        printf("wrapper");
        words(w, 25);
        keccakf1600_vkeccak(w);
        words(w, 25);
        putchar('\n');
    }
#endif
    return 0;
}
