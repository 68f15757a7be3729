/* HQC's XOF and samplers (2025-08-22 specification, §3 "Sampling"), as liboqs ships them:
 * every XOF read is a plain SHAKE256 squeeze, and SampleFixedWeightVect$ draws one 24-bit
 * little-endian candidate (3 bytes) at a time. */
#include <string.h>
#include "hqc_internal.h"
#include "pqc_ct.h"

#define XOF_DOMAIN 1

void hqc_xof_init(keccak_sponge *xof, const uint8_t *seed, size_t len)
{
    const uint8_t d = XOF_DOMAIN;
    shake256_init(xof);
    sponge_absorb(xof, seed, len);
    sponge_absorb(xof, &d, 1);
    sponge_finalize(xof);
}

/* 1 if a < b, for a, b < 2^31. */
static uint32_t ct_lt(uint32_t a, uint32_t b) { return pqc_value_barrier_u32((a - b) >> 31); }
/* 1 if a == b, for a, b < 2^31. */
static uint32_t ct_eq(uint32_t a, uint32_t b) { return pqc_value_barrier_u32(((a ^ b) - 1) >> 31); }

/* x mod n for x < 2^24, without division (Barrett with mu = floor(2^32 / n)). */
static uint32_t reduce_n(uint32_t x, uint32_t n)
{
    uint32_t mu = (uint32_t)(((uint64_t)1 << 32) / n);   /* public */
    uint32_t q = (uint32_t)(((uint64_t)x * mu) >> 32);
    uint32_t r = x - q * n;                             /* in [0, 2n) */
    return r - (n & -(1 - ct_lt(r, n)));
}

void hqc_sample_fixed_weight1(keccak_sponge *xof, uint32_t *support, unsigned weight, const hqc_params *p)
{
    for (unsigned i = 0; i < weight;) {
        uint8_t b[3];
        sponge_squeeze(xof, b, 3);
        uint32_t c = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16;
        uint32_t below = ct_lt(c, p->rej), dup = 0;
        c = reduce_n(c, p->n);
        for (unsigned j = 0; j < i; j++)
            dup |= ct_eq(c, support[j]);
        uint32_t accept = below & (dup ^ 1);
        /* The rejection decision: a rejected draw (too large, or a position already taken) is
         * discarded and independent of the kept ones, so whether it was rejected reveals
         * nothing about them (the specification's argument). The only declassification. */
        HQC_DECLASSIFY(&accept, sizeof accept);
        support[i] = c;
        i += accept;
    }
}

void hqc_sample_fixed_weight2(keccak_sponge *xof, uint32_t *support, unsigned weight, const hqc_params *p)
{
    uint8_t b[4 * HQC_W_MAX];
    sponge_squeeze(xof, b, 4 * (size_t)weight);
    for (unsigned i = 0; i < weight; i++) {
        uint64_t r = (uint64_t)b[4 * i] | (uint64_t)b[4 * i + 1] << 8 | (uint64_t)b[4 * i + 2] << 16 |
                     (uint64_t)b[4 * i + 3] << 24;
        support[i] = i + (uint32_t)((r * (p->n - i)) >> 32);
    }
    /* A position taken again by a later draw becomes i (no later draw can be i: draw j >= i + 1
     * lies in [j, n)), so the positions end up distinct. */
    for (unsigned i = weight - 1; i-- > 0;) {
        uint32_t found = 0;
        for (unsigned j = i + 1; j < weight; j++)
            found |= ct_eq(support[j], support[i]);
        uint32_t mask = -found;
        support[i] = (mask & i) | (~mask & support[i]);
    }
}

void hqc_sample_vect(keccak_sponge *xof, uint64_t *v, const hqc_params *p)
{
    uint8_t b[(HQC_N_MAX + 7) / 8];
    sponge_squeeze(xof, b, p->n_bytes);
    hqc_vect_from_bytes(v, b, p);
}
