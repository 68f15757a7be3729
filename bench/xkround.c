/* Keccak-layer costs of one guest build, for the round-step comparison (issue 11, design 2;
 * doc/xkround.md "Measurements"): cycles and instructions of one Keccak-p call as the build
 * makes it (24 and 12 rounds), and per rate block of SHAKE128 absorbing and squeezing through
 * keccak_absorb_blocks / keccak_squeeze_blocks (the sponge's path: the generic per-block loop,
 * or the resident routines of vintr_kr). The xkround build also times a resident absorb loop
 * written here (state kept in the unit across blocks: per lane xkr.rlane, ld, xor, xkr.wlane),
 * the lower bound of moving a block through scalar registers. Counters are rdcycle/rdinstret
 * around the measured code (modelled cycles under --model), the empty region subtracted.
 * Output: "KEY cycles instructions" per line. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "keccak.h"
#if defined(KECCAK_BACKEND_XR)
#include "xkround.h"
#endif

static inline uint64_t rdcycle(void)
{
    uint64_t v;
    __asm__ volatile("rdcycle %0" : "=r"(v)::"memory");
    return v;
}
static inline uint64_t rdinstret(void)
{
    uint64_t v;
    __asm__ volatile("rdinstret %0" : "=r"(v)::"memory");
    return v;
}

__attribute__((noinline)) static void empty(void) { __asm__ volatile(""); }

static double ovh_c, ovh_i;
#define REPS 16
/* mean over REPS calls after one untimed call, per `per` units, empty region subtracted */
#define MEASURE(key, per, call)                                                          \
    do {                                                                                 \
        call;                                                                            \
        uint64_t c_ = 0, i_ = 0;                                                         \
        for (int r_ = 0; r_ < REPS; r_++) {                                              \
            uint64_t c0_ = rdcycle(), i0_ = rdinstret();                                 \
            call;                                                                        \
            uint64_t c1_ = rdcycle(), i1_ = rdinstret();                                 \
            c_ += c1_ - c0_, i_ += i1_ - i0_;                                            \
        }                                                                                \
        printf("%s %.2f %.2f\n", key, ((double)c_ / REPS - ovh_c) / (per),               \
               ((double)i_ / REPS - ovh_i) / (per));                                     \
    } while (0)

#if defined(KECCAK_BACKEND_XR)
#define X1(i) do { uint64_t v_, w_; XKR_RLANE(i, v_); memcpy(&w_, in + 8 * (i), 8); XKR_WLANE(i, v_ ^ w_); } while (0)
#define X5(i) X1(i); X1(i + 1); X1(i + 2); X1(i + 3); X1(i + 4)
#define RND(k) XKR_ROUND_TXT("%0", k)
/* SHAKE128 absorb (rate 168 = 21 lanes) with the state resident in the unit; in is 8-byte
 * aligned (whole-lane loads) */
__attribute__((noinline)) static void xr_absorb168(uint64_t s[25], const uint8_t *in_, size_t nblocks)
{
    const uint8_t *in = __builtin_assume_aligned(in_, 8);
    XKR_LOAD_STATE(s);
    for (size_t b = 0; b < nblocks; b++, in += 168) {
        X5(0); X5(5); X5(10); X5(15); X1(20);
        for (unsigned long base = 0; base < 24; base += 12)
            __asm__ volatile(RND(0) RND(1) RND(2) RND(3) RND(4) RND(5) RND(6) RND(7) RND(8) RND(9)
                             RND(10) RND(11) : : "r"(base));
    }
    XKR_STORE_STATE(s);
}
#endif

int main(void)
{
    static uint64_t s[25], buf[256 * 168 / 8];
    uint64_t x = 0x9e3779b97f4a7c15ull;
    for (size_t i = 0; i < sizeof buf / 8; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        buf[i] = x;
    }
    memcpy(s, buf, sizeof s);
    uint64_t c_ = 0, i_ = 0;
    for (int r = 0; r < REPS; r++) {
        uint64_t c0 = rdcycle(), i0 = rdinstret();
        empty();
        uint64_t c1 = rdcycle(), i1 = rdinstret();
        c_ += c1 - c0, i_ += i1 - i0;
    }
    ovh_c = (double)c_ / REPS, ovh_i = (double)i_ / REPS;
    printf("backend %s\n", keccak_backend_name());
    printf("overhead %.2f %.2f\n", ovh_c, ovh_i);
    MEASURE("permute24", 1, keccak_p1600_permute(s, 24));
    MEASURE("permute12", 1, keccak_p1600_permute(s, 12));
    MEASURE("shake128_absorb_16", 16, keccak_absorb_blocks(s, 168, (const uint8_t *)buf, 16, 24));
    MEASURE("shake128_absorb_256", 256, keccak_absorb_blocks(s, 168, (const uint8_t *)buf, 256, 24));
    MEASURE("shake128_squeeze_16", 16, keccak_squeeze_blocks(s, 168, (uint8_t *)buf, 16, 24));
    MEASURE("shake128_squeeze_256", 256, keccak_squeeze_blocks(s, 168, (uint8_t *)buf, 256, 24));
#if defined(KECCAK_BACKEND_XR)
    /* the resident loop must agree with the library's absorb */
    uint64_t a[25], b[25];
    memcpy(a, buf, sizeof a), memcpy(b, buf, sizeof b);
    keccak_absorb_blocks(a, 168, (const uint8_t *)buf, 16, 24);
    xr_absorb168(b, (const uint8_t *)buf, 16);
    if (memcmp(a, b, sizeof a)) {
        fprintf(stderr, "xkround bench: error: resident absorb differs from keccak_absorb_blocks\n");
        return 1;
    }
    MEASURE("shake128_absorb_16_resident", 16, xr_absorb168(s, (const uint8_t *)buf, 16));
    MEASURE("shake128_absorb_256_resident", 256, xr_absorb168(s, (const uint8_t *)buf, 256));
#endif
    return 0;
}
