/* vintr kernels against the scalar ones (whose results the ML-KEM vectors check): NTT,
 * inverse NTT, pointwise multiplication for k = 2..4, and rejection sampling, on random
 * inputs within each function's documented input range. Prints one line per kernel and
 * "N passed, N failed". Run at several VLENs (rvv_check.py). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "poly.h"

#if !defined(PQC_VINTR)
#error "build with -DPQC_VINTR"
#endif

static uint64_t rng = 0x243f6a8885a308d3u;

static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* Uniform in [-bound, bound]. */
static int16_t coef(int bound)
{
    return (int16_t)((int)(next() % (uint64_t)(2 * bound + 1)) - bound);
}

int main(void)
{
    unsigned long vlenb;
    __asm__ volatile("csrr %0, vlenb" : "=r"(vlenb));
    unsigned pass = 0, fail = 0, n;
    poly a[4], b[4], x, y;

    for (n = 0; n < 200; n++) {           /* NTT inputs: |c| < q (decompressed, CBD, ...) */
        for (int i = 0; i < MLKEM_N; i++)
            x.c[i] = coef(MLKEM_Q - 1);
        y = x;
        poly_ntt_scalar(&x);
        poly_ntt_rvv(&y);
        memcmp(&x, &y, sizeof x) ? fail++ : pass++;
    }
    printf("ntt: %u cases\n", n);
    for (n = 0; n < 200; n++) {           /* inverse NTT inputs: reduced, |c| <= q/2 */
        for (int i = 0; i < MLKEM_N; i++)
            x.c[i] = coef(MLKEM_Q / 2);
        y = x;
        poly_invntt_scalar(&x);
        poly_invntt_rvv(&y);
        memcmp(&x, &y, sizeof x) ? fail++ : pass++;
    }
    printf("invntt: %u cases\n", n);
    for (n = 0; n < 150; n++) {           /* basemul: |c| < q */
        unsigned k = 2 + n % 3;
        for (unsigned m = 0; m < k; m++)
            for (int i = 0; i < MLKEM_N; i++) {
                a[m].c[i] = coef(MLKEM_Q - 1);
                b[m].c[i] = coef(MLKEM_Q / 2);
            }
        polyvec_basemul_acc_scalar(&x, a, b, k);
        polyvec_basemul_acc_rvv(&y, a, b, k);
        memcmp(&x, &y, sizeof x) ? fail++ : pass++;
    }
    printf("basemul: %u cases (k = 2, 3, 4)\n", n);
    for (n = 0; n < 300; n++) {           /* rejection sampling: lengths, offsets, buffer sizes */
        uint8_t buf[3 * 168];
        int16_t r1[MLKEM_N], r2[MLKEM_N];
        size_t blen = 3 * (1 + next() % 168);
        for (size_t i = 0; i < blen; i++)  /* bias towards large values to reject often */
            buf[i] = (uint8_t)(n % 2 ? next() | 0xc0 : next());
        unsigned ctr = (unsigned)(next() % MLKEM_N), len = ctr + (unsigned)(next() % (MLKEM_N - ctr + 1));
        memset(r1, 0x55, sizeof r1);
        memset(r2, 0x55, sizeof r2);
        unsigned c1 = mlkem_rej_uniform_scalar(r1, ctr, len, buf, blen);
        unsigned c2 = mlkem_rej_uniform_rvv(r2, ctr, len, buf, blen);
        (c1 != c2 || memcmp(r1, r2, sizeof r1)) ? fail++ : pass++;
    }
    printf("rej_uniform: %u cases (including the untouched tail of the output)\n", n);
    printf("VLEN %lu: %u passed, %u failed\n", vlenb * 8, pass, fail);
    return fail != 0;
}
