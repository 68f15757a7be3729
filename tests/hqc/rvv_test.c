/* Self-check of the PQC_VINTR sparse product (sw/hqc/gf2x_rvv.c) against the scalar C
 * (gf2x.c) on random supports and dense vectors, at every level, with the extreme positions
 * 0 and n - 1 included. A cross-check of the vector code; the KAT hashes are the oracle.
 * usage: rvv_test [ROUNDS]  -> one line per level, then "P passed, F failed" */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../../sw/hqc/hqc_internal.h"

static uint64_t st = 0x243f6a8885a308d3u;
static uint64_t rnd(void)
{
    st ^= st << 13;
    st ^= st >> 7;
    st ^= st << 17;
    return st;
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 20, failed = 0;
    static uint64_t d[HQC_WORDS_MAX], r1[HQC_WORDS_MAX], r2[HQC_WORDS_MAX];
    uint32_t supp[HQC_W_MAX];
    for (int lv = 1; lv <= 5; lv += 2) {
        const hqc_params *p = hqc_params_get(lv);
        int bad = 0;
        for (int r = 0; r < rounds; r++) {
            for (unsigned i = 0; i < p->words; i++)
                d[i] = rnd();
            if (p->n % 64)
                d[p->words - 1] &= ((uint64_t)1 << (p->n % 64)) - 1;
            unsigned w = 1 + (unsigned)(rnd() % p->wr);
            for (unsigned i = 0; i < w; i++)
                supp[i] = (uint32_t)(rnd() % p->n);
            if (r == 0)
                supp[0] = 0, supp[w - 1] = p->n - 1;
            hqc_vect_mul_sparse(r1, supp, w, d, p);
            hqc_vect_mul_sparse_scalar(r2, supp, w, d, p);
            bad += memcmp(r1, r2, p->words * 8) != 0;
        }
        printf("HQC-%d: %s sparse product vs scalar C on %d random inputs: %d mismatches\n", lv,
#ifdef PQC_VINTR
               "RVV",
#else
               "scalar",
#endif
               rounds, bad);
        failed += bad != 0;
    }
    printf("%d passed, %d failed\n", 3 - failed, failed);
    return failed != 0;
}
