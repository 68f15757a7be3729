/* FIPS 204, Section 7.4: high- and low-order bits and hints, and the parameter sets.
 * Power2Round and Decompose run on secret values in KeyGen and Sign, so they use masks and a
 * multiply-shift division instead of branches, comparisons and the divide instruction. */
#include "mldsa_internal.h"

#define MLDSA_DIV_SHIFT 48

#define PARAMS(lv, k_, l_, eta_, tau_, omega_, g1, g2, lambda, etab, zb, w1b, pk, sk, sig) \
    { lv, k_, l_, eta_, tau_, (tau_) * (eta_), omega_, g1, g2, (lambda) / 4, etab, zb, w1b, \
      (MLDSA_Q - 1) / (2 * (g2)),                                                             \
      ((1ULL << MLDSA_DIV_SHIFT) + 2 * (g2) - 1) / (2 * (g2)), pk, sk, sig }

/* FIPS 204, Table 1 and Table 2. */
static const mldsa_params params[3] = {
    PARAMS(44, 4, 4, 2, 39, 80, 1 << 17, (MLDSA_Q - 1) / 88, 128, 3, 18, 6, 1312, 2560, 2420),
    PARAMS(65, 6, 5, 4, 49, 55, 1 << 19, (MLDSA_Q - 1) / 32, 192, 4, 20, 4, 1952, 4032, 3309),
    PARAMS(87, 8, 7, 2, 60, 75, 1 << 19, (MLDSA_Q - 1) / 32, 256, 3, 20, 4, 2592, 4896, 4627),
};

const mldsa_params *mldsa_params_get(int level)
{
    switch (level) {
    case 44: return &params[0];
    case 65: return &params[1];
    case 87: return &params[2];
    default: return 0;
    }
}

/* FIPS 204, Algorithm 35 (Power2Round) for r in [0, q): r = r1 * 2^d + r0 with
 * r0 in (-2^(d-1), 2^(d-1)]. */
void mldsa_power2round(int32_t *r1, int32_t *r0, int32_t r)
{
    int32_t hi = (r + (1 << (MLDSA_D - 1)) - 1) >> MLDSA_D;
    *r1 = hi;
    *r0 = r - (hi << MLDSA_D);
}

/* FIPS 204, Algorithm 36 (Decompose) for r in [0, q): r = r1 * 2*gamma2 + r0 with
 * r0 in (-gamma2, gamma2], except that r - r0 = q - 1 gives r1 = 0 and r0 - 1. */
void mldsa_decompose(const mldsa_params *p, int32_t *r1, int32_t *r0, int32_t r)
{
    /* r1 = floor((r + gamma2 - 1) / (2 gamma2)) puts r0 in (-gamma2, gamma2]. The reciprocal
     * ceil(2^48 / (2 gamma2)) errs by less than 2 gamma2 < 2^20, so for numerators below 2^24
     * the product errs by less than 2^44 / 2^48 of a unit: the floor is exact. */
    uint64_t num = (uint64_t)(uint32_t)(r + p->gamma2 - 1);
    int32_t hi = (int32_t)((num * p->div2g2) >> MLDSA_DIV_SHIFT);
    int32_t lo = r - hi * 2 * p->gamma2;
    /* hi == m exactly when r - r0 = q - 1 (FIPS 204, Algorithm 36, line 3). */
    int32_t wrap = ~mldsa_ct_negmask((hi - p->m) | (p->m - hi));
    *r1 = hi & ~wrap;
    *r0 = lo - (wrap & 1);
}

/* FIPS 204, Algorithm 40 (UseHint), for r in [0, q). Verify only: all inputs are public. */
int32_t mldsa_use_hint(const mldsa_params *p, int32_t h, int32_t r)
{
    int32_t r1, r0;
    mldsa_decompose(p, &r1, &r0, r);
    if (h == 0)
        return r1;
    if (r0 > 0)
        return r1 + 1 == p->m ? 0 : r1 + 1;
    return r1 == 0 ? p->m - 1 : r1 - 1;
}

/* a mod+- q: the representative in [-(q-1)/2, (q-1)/2] of any a in reduce32's input range. */
int32_t mldsa_center(int32_t a)
{
    a = mldsa_freeze(a);
    return a - (mldsa_ct_negmask((MLDSA_Q - 1) / 2 - a) & MLDSA_Q);
}
