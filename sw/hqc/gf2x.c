/* Vectors of F_2^n as polynomials of GF(2)[x]/(x^n - 1). The secret operands of HQC's
 * products (y, r2) are sparse, of small fixed weight, so a product is a sum of weight
 * rotations of the dense operand; each rotation is a barrel shifter whose stages are selected
 * by masks, so neither a branch nor an address depends on the secret positions. */
#include <string.h>
#include "hqc_internal.h"
#include "pqc_ct.h"

static uint64_t mask64(uint32_t bit) { return -(uint64_t)pqc_value_barrier_u32(bit); }

void hqc_vect_from_support(uint64_t *v, const uint32_t *support, unsigned weight, const hqc_params *p)
{
    for (unsigned i = 0; i < p->words; i++) {
        uint64_t w = 0;
        for (unsigned j = 0; j < weight; j++) {
            uint32_t d = (support[j] >> 6) ^ i;            /* 0 iff the position is in word i */
            uint64_t in_word = mask64(((d - 1) >> 31) & 1); /* d < 2^26 */
            w |= in_word & ((uint64_t)1 << (support[j] & 63));
        }
        v[i] = w;
    }
}

void hqc_vect_from_bytes(uint64_t *v, const uint8_t *b, const hqc_params *p)
{
    memset(v, 0, p->words * 8);
    for (unsigned i = 0; i < p->n_bytes; i++)
        v[i / 8] |= (uint64_t)b[i] << (8 * (i % 8));
    if (p->n % 64)
        v[p->words - 1] &= ((uint64_t)1 << (p->n % 64)) - 1;
}

void hqc_vect_to_bytes(uint8_t *b, const uint64_t *v, size_t nbytes)
{
    for (size_t i = 0; i < nbytes; i++)
        b[i] = (uint8_t)(v[i / 8] >> (8 * (i % 8)));
}

/* t (2 * words) = d << s for 0 <= s < n, in constant time. */
static void shift_left(uint64_t *t, const uint64_t *d, uint32_t s, const hqc_params *p)
{
    unsigned w2 = 2 * p->words;
    /* Bits: stages of 1, 2, 4, ..., 32 bits, each selected by a mask (constant shift amounts:
     * memcheck cannot follow a vector shift by a secret count, and no CPU needs to). */
    memcpy(t, d, p->words * 8);
    for (unsigned i = p->words; i < w2; i++)
        t[i] = 0;
    for (unsigned b = 0; b < 6; b++) {
        uint64_t m = mask64((s >> b) & 1), prev = 0;
        unsigned k = 1u << b;
        for (unsigned i = 0; i <= p->words; i++) {
            uint64_t x = t[i];
            t[i] = (x & ~m) | (((x << k) | (prev >> (64 - k))) & m);
            prev = x;
        }
    }
    /* Words: stage b moves by 2^b words if bit b of s / 64 is set. */
    uint32_t q = s >> 6;
    for (unsigned b = 0; (1u << b) < w2; b++) {
        uint64_t m = mask64((q >> b) & 1);
        unsigned k = 1u << b;
        for (unsigned i = w2; i-- > k;)
            t[i] = (t[i] & ~m) | (t[i - k] & m);
        for (unsigned i = 0; i < k && i < w2; i++)
            t[i] &= ~m;
    }
}

/* r = acc mod x^n - 1 for acc of 2 * words words: bit n + i folds onto bit i (public shifts). */
void hqc_vect_fold(uint64_t *r, const uint64_t *acc, const hqc_params *p)
{
    unsigned nw = p->n / 64, nb = p->n % 64;
    for (unsigned i = 0; i < p->words; i++) {
        uint64_t hi = nb ? (acc[nw + i] >> nb) | (acc[nw + i + 1] << (64 - nb)) : acc[nw + i];
        r[i] = acc[i] ^ hi;
    }
    if (nb)
        r[p->words - 1] &= ((uint64_t)1 << nb) - 1;
}

void hqc_vect_mul_sparse_scalar(uint64_t *r, const uint32_t *support, unsigned weight, const uint64_t *d,
                                const hqc_params *p)
{
    uint64_t acc[2 * HQC_WORDS_MAX], t[2 * HQC_WORDS_MAX];
    unsigned w2 = 2 * p->words;
    memset(acc, 0, w2 * 8);
    for (unsigned j = 0; j < weight; j++) {
        shift_left(t, d, support[j], p);
        for (unsigned i = 0; i < w2; i++)
            acc[i] ^= t[i];
    }
    hqc_vect_fold(r, acc, p);
}

#ifndef PQC_VINTR
void hqc_vect_mul_sparse(uint64_t *r, const uint32_t *support, unsigned weight, const uint64_t *d,
                         const hqc_params *p)
{
    hqc_vect_mul_sparse_scalar(r, support, weight, d, p);
}
#endif
