/* HQC internals: parameter sets, GF(2)[x]/(x^n - 1) vectors, sampling, the concatenated
 * Reed-Solomon / duplicated Reed-Muller code. Vectors are uint64_t words, bit i of the vector
 * at bit i % 64 of word i / 64; byte strings are the same bits little-endian. */
#ifndef HQC_INTERNAL_H
#define HQC_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include "fips202.h"
#include "hqc.h"

typedef struct {
    int level;
    unsigned n, n1, n2;          /* ring length; RS length; duplicated RM length (128 * copies) */
    unsigned w, we, wr;          /* weights of x, y; e; r1, r2 */
    unsigned delta, k;           /* RS correction capacity; message bytes (RS dimension) */
    uint32_t rej;                /* floor(2^24 / n) * n: rejection threshold of fixed-weight sampling */
    unsigned n_bytes, n1n2_bytes, words;
    size_t ek_bytes, dk_bytes, ct_bytes;
} hqc_params;

#define HQC_N_MAX 57637
#define HQC_WORDS_MAX ((HQC_N_MAX + 63) / 64)
#define HQC_W_MAX 149
#define HQC_N1_MAX 90
#define HQC_DELTA_MAX 29

const hqc_params *hqc_params_get(int level);

/* Constant-time testing (tests/hqc/ctgrind.c): see sample.c for the one declassification. */
#if defined(HQC_CTGRIND) && !defined(HQC_CTGRIND_NO_DECLASSIFY)
#include <valgrind/memcheck.h>
#define HQC_DECLASSIFY(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))
#else
#define HQC_DECLASSIFY(p, n) ((void)(p), (void)(n))
#endif

/* ---- sample.c: the XOF (SHAKE256 with domain byte 1) and the samplers ---- */
void hqc_xof_init(keccak_sponge *xof, const uint8_t *seed, size_t len);
/* SampleFixedWeightVect$ (key generation): weight w, rejection sampling on 24-bit draws. */
void hqc_sample_fixed_weight1(keccak_sponge *xof, uint32_t *support, unsigned weight, const hqc_params *p);
/* SampleFixedWeightVect (encryption): weight w, no rejection (slightly biased by design). */
void hqc_sample_fixed_weight2(keccak_sponge *xof, uint32_t *support, unsigned weight, const hqc_params *p);
/* A uniform vector of F_2^n. */
void hqc_sample_vect(keccak_sponge *xof, uint64_t *v, const hqc_params *p);

/* ---- gf2x.c ---- */
/* v = the vector with ones at support[0..weight) (distinct positions). */
void hqc_vect_from_support(uint64_t *v, const uint32_t *support, unsigned weight, const hqc_params *p);
/* r = (sum of x^support[i]) * d mod x^n - 1, d reduced; constant time in the support.
 * PQC_VINTR builds: RVV (gf2x_rvv.c); the scalar C stays available for the self-test. */
void hqc_vect_mul_sparse(uint64_t *r, const uint32_t *support, unsigned weight, const uint64_t *d,
                         const hqc_params *p);
void hqc_vect_mul_sparse_scalar(uint64_t *r, const uint32_t *support, unsigned weight, const uint64_t *d,
                                const hqc_params *p);
void hqc_vect_fold(uint64_t *r, const uint64_t *acc, const hqc_params *p);
void hqc_vect_from_bytes(uint64_t *v, const uint8_t *b, const hqc_params *p);   /* n bits, rest cleared */
void hqc_vect_to_bytes(uint8_t *b, const uint64_t *v, size_t nbytes);

/* ---- code.c ---- */
/* C.Encode: RS(n1, k) over GF(2^8) then each symbol through duplicated RM(1,7); n1*n2 bits. */
void hqc_code_encode(uint64_t *v, const uint8_t *m, const hqc_params *p);
/* C.Decode of the first n1*n2 bits of v into k bytes. */
void hqc_code_decode(uint8_t *m, const uint64_t *v, const hqc_params *p);

#endif
