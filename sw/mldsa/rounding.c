/* FIPS 204, Section 7.4: high- and low-order bits and hints.
 * Power2Round and Decompose run on secret values in KeyGen and Sign, so they use masks and a
 * multiply-shift division instead of branches, comparisons and the divide instruction. */
#include "mldsa_internal.h"

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
