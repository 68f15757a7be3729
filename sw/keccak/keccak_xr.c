/* Backend (d), -DKECCAK_BACKEND_XR: every Keccak-p call through the round-step instructions of
 * xkround (doc/xkround.md; design 2 of issue 11): the 25 lanes are moved from memory into the
 * unit's private state through integer registers (ld, xkr.wlane), the rounds run one
 * instruction each (RC index = base register + immediate), and the lanes come back the same
 * way (xkr.rlane, sd). Keccak-p[1600, 24] is rounds 0..23, Keccak-p[1600, 12] rounds 12..23
 * (FIPS 202 §3.3, Algorithm 7; RFC 9861 §2.2). The round sequence is unrolled twelve at a time
 * (twelve xkr.round with immediates 0..11 on base 0 or 12), so a permutation is 24 or 12
 * round instructions plus the 100 lane moves, loads and stores. */
#include "keccak.h"

#ifdef KECCAK_BACKEND_XR
#include "xkround.h"

/* Twelve rounds, indices base + 0 .. base + 11. */
static inline void xr_rounds12(unsigned long base)
{
    __asm__ volatile(XKR_ROUND_TXT("%0", 0) XKR_ROUND_TXT("%0", 1) XKR_ROUND_TXT("%0", 2)
                     XKR_ROUND_TXT("%0", 3) XKR_ROUND_TXT("%0", 4) XKR_ROUND_TXT("%0", 5)
                     XKR_ROUND_TXT("%0", 6) XKR_ROUND_TXT("%0", 7) XKR_ROUND_TXT("%0", 8)
                     XKR_ROUND_TXT("%0", 9) XKR_ROUND_TXT("%0", 10) XKR_ROUND_TXT("%0", 11)
                     :
                     : "r"(base));
}

void keccak_p1600_permute(uint64_t s[25], unsigned nrounds)
{
    keccak_permute_calls++;
    XKR_LOAD_STATE(s);
    if (nrounds != 12)
        xr_rounds12(0);
    xr_rounds12(12);
    XKR_STORE_STATE(s);
}

#else
typedef int keccak_xr_unused;
#endif
