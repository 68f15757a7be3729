/* Polynomials of R_q and T_q for ML-KEM (FIPS 203 §2.4.4, §4.3), q = 3329, n = 256.
 * Coefficients are int16_t, not necessarily reduced; "canonical" means in [0, q).
 * Multiplication in T_q uses Montgomery reduction with R = 2^16: poly_basemul_acc returns
 * the products times R^-1, which poly_tomont or poly_invntt compensates. */
#ifndef MLKEM_POLY_H
#define MLKEM_POLY_H

#include <stddef.h>
#include <stdint.h>

#define MLKEM_N 256
#define MLKEM_Q 3329
#define MLKEM_KMAX 4

typedef struct {
    _Alignas(32) int16_t c[MLKEM_N];
} poly;

int16_t mlkem_montgomery_reduce(int32_t a);
int16_t mlkem_barrett_reduce(int16_t a);
static inline int16_t mlkem_fqmul(int16_t a, int16_t b)
{
    return mlkem_montgomery_reduce((int32_t)a * b);
}

void poly_ntt(poly *p);                     /* FIPS 203, Algorithm 9; output |c| < 8q */
void poly_invntt(poly *p);                  /* FIPS 203, Algorithm 10; output times R */
/* r = sum_{i<k} a[i] o b[i] in T_q (FIPS 203, Algorithms 11 and 12), times R^-1, reduced. */
void polyvec_basemul_acc(poly *r, const poly *a, const poly *b, unsigned k);
void poly_reduce(poly *p);                  /* Barrett: |c| <= q/2 */
void poly_tomont(poly *p);                  /* times R */
void poly_add(poly *r, const poly *a);
void poly_sub(poly *r, const poly *a);      /* r = a - r */

/* Rejection sampling of FIPS 203, Algorithm 7 steps 4-14 from buf (a multiple of 3 bytes):
 * appends accepted values to r[*ctr..len) and returns the new count. Public data only. */
unsigned mlkem_rej_uniform(int16_t *r, unsigned ctr, unsigned len, const uint8_t *buf,
                           size_t buflen);
void poly_sample_ntt(poly *p, const uint8_t rho[32], uint8_t i, uint8_t j); /* Algorithm 7 */
void poly_cbd(poly *p, const uint8_t *buf, unsigned eta);                    /* Algorithm 8 */

void poly_tobytes(uint8_t out[384], const poly *p);           /* ByteEncode_12 (Algorithm 5) */
void poly_frombytes(poly *p, const uint8_t in[384]);          /* ByteDecode_12 (Algorithm 6) */
void poly_compress(uint8_t *out, const poly *p, unsigned d);  /* ByteEncode_d(Compress_d) */
void poly_decompress(poly *p, const uint8_t *in, unsigned d); /* Decompress_d(ByteDecode_d) */
void poly_frommsg(poly *p, const uint8_t m[32]);              /* Decompress_1(ByteDecode_1) */
void poly_tomsg(uint8_t m[32], const poly *p);                /* ByteEncode_1(Compress_1) */

#if defined(PQC_VINTR)
/* Hand-written RVV versions (mlkem_rvv.c); same results as the scalar code. */
void poly_ntt_rvv(poly *p);
void poly_invntt_rvv(poly *p);
void polyvec_basemul_acc_rvv(poly *r, const poly *a, const poly *b, unsigned k);
unsigned mlkem_rej_uniform_rvv(int16_t *r, unsigned ctr, unsigned len, const uint8_t *buf,
                               size_t buflen);
#endif
/* Scalar versions, always built (the vector code's tests compare against them). */
void poly_ntt_scalar(poly *p);
void poly_invntt_scalar(poly *p);
void polyvec_basemul_acc_scalar(poly *r, const poly *a, const poly *b, unsigned k);
unsigned mlkem_rej_uniform_scalar(int16_t *r, unsigned ctr, unsigned len, const uint8_t *buf,
                                  size_t buflen);

extern const int16_t mlkem_zetas[128];
extern const int16_t mlkem_gammas[128];

#endif
