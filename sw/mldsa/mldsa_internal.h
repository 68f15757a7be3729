/* ML-DSA internals shared by the files of sw/mldsa (not part of the public API). */
#ifndef MLDSA_INTERNAL_H
#define MLDSA_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#define MLDSA_N 256
#define MLDSA_Q 8380417
#define MLDSA_D 13                      /* FIPS 204, Table 1: dropped bits of t */
#define MLDSA_QINV 58728449             /* q^-1 mod 2^32, for Montgomery reduction */
#define MLDSA_KMAX 8
#define MLDSA_LMAX 7
#define MLDSA_CTILDE_MAX 64             /* lambda/4 for ML-DSA-87 */
#define MLDSA_DIV_SHIFT 48

typedef struct {
    int32_t c[MLDSA_N];
} mldsa_poly;

/* One parameter set (FIPS 204, Table 1) plus derived sizes. */
typedef struct {
    int level;
    int k, l, eta, tau, beta, omega;
    int32_t gamma1, gamma2;
    int ctilde_bytes;       /* lambda/4 */
    int eta_bits;           /* bitlen(2*eta) */
    int z_bits;             /* 1 + bitlen(gamma1 - 1) */
    int w1_bits;            /* bitlen((q-1)/(2*gamma2) - 1) */
    int32_t m;              /* (q-1)/(2*gamma2) */
    uint64_t div2g2;        /* ceil(2^MLDSA_DIV_SHIFT / (2*gamma2)), see mldsa_decompose */
    size_t pk_bytes, sk_bytes, sig_bytes;
} mldsa_params;

const mldsa_params *mldsa_params_get(int level);

/* Constant-time testing (ctgrind): secret inputs are marked undefined for valgrind memcheck,
 * which then reports every branch and address that depends on them. A value is declassified
 * only where it is public or leaks nothing by design, each at one call site that says why.
 * MLDSA_CTGRIND_NO_DECLASSIFY drops the declassifications, for the test that shows memcheck
 * then reports these very sites. */
#if defined(MLDSA_CTGRIND) && !defined(MLDSA_CTGRIND_NO_DECLASSIFY)
#include <valgrind/memcheck.h>
#define MLDSA_DECLASSIFY(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))
#else
#define MLDSA_DECLASSIFY(p, n) ((void)(p), (void)(n))
#endif

/* A value barrier: keeps the compiler from turning mask arithmetic back into branches. */
static inline uint32_t mldsa_ct_barrier(uint32_t x)
{
#if defined(__GNUC__)
    __asm__("" : "+r"(x));
#endif
    return x;
}

/* All ones if x < 0, else 0 (x an int32_t). */
static inline int32_t mldsa_ct_negmask(int32_t x)
{
    return (int32_t)mldsa_ct_barrier((uint32_t)(x >> 31));
}

/* Zeroes n bytes in a way the compiler keeps (sign.c). */
void mldsa_wipe(void *p, size_t n);

/* Arithmetic mod q: ntt.c (scalar) or ntt_rvv.c (PQC_VINTR). */
int32_t mldsa_montgomery_reduce(int64_t a);
int32_t mldsa_reduce32(int32_t a);
int32_t mldsa_freeze(int32_t a);
void mldsa_poly_ntt(mldsa_poly *a);
void mldsa_poly_invntt_tomont(mldsa_poly *a);
void mldsa_poly_pointwise_montgomery(mldsa_poly *r, const mldsa_poly *a, const mldsa_poly *b);
void mldsa_poly_pointwise_acc_montgomery(mldsa_poly *r, const mldsa_poly *a,
                                         const mldsa_poly *b);
void mldsa_poly_ntt_scalar(mldsa_poly *a);
void mldsa_poly_invntt_tomont_scalar(mldsa_poly *a);
void mldsa_poly_pointwise_montgomery_scalar(mldsa_poly *r, const mldsa_poly *a,
                                            const mldsa_poly *b);
void mldsa_poly_pointwise_acc_montgomery_scalar(mldsa_poly *r, const mldsa_poly *a,
                                                const mldsa_poly *b);
/* CoeffFromThreeBytes over buf (len a multiple of 3), appending to r[ctr..n). Returns new ctr. */
unsigned mldsa_rej_uniform(int32_t *r, unsigned ctr, unsigned n, const uint8_t *buf, size_t len);
unsigned mldsa_rej_uniform_scalar(int32_t *r, unsigned ctr, unsigned n, const uint8_t *buf,
                                  size_t len);

/* rounding.c: FIPS 204, Section 7.4. */
void mldsa_power2round(int32_t *r1, int32_t *r0, int32_t r);
void mldsa_decompose(const mldsa_params *p, int32_t *r1, int32_t *r0, int32_t r);
int32_t mldsa_use_hint(const mldsa_params *p, int32_t h, int32_t r);
int32_t mldsa_center(int32_t a);

/* sample.c: FIPS 204, Section 7.3. */
void mldsa_expand_a(const mldsa_params *p, mldsa_poly a[MLDSA_KMAX][MLDSA_LMAX],
                    const uint8_t rho[32]);
void mldsa_expand_s(const mldsa_params *p, mldsa_poly *s1, mldsa_poly *s2,
                    const uint8_t rhop[64]);
void mldsa_expand_mask(const mldsa_params *p, mldsa_poly *y, const uint8_t rhopp[64],
                       uint16_t kappa);
void mldsa_sample_in_ball(const mldsa_params *p, mldsa_poly *c, const uint8_t *ctilde);

/* packing.c: FIPS 204, Sections 7.1 and 7.2. */
void mldsa_pack_bits(uint8_t *out, const int32_t *v, unsigned bits, int32_t b);
void mldsa_unpack_bits(int32_t *v, const uint8_t *in, unsigned bits, int32_t b);
void mldsa_pk_encode(const mldsa_params *p, uint8_t *pk, const uint8_t rho[32],
                     const mldsa_poly *t1);
void mldsa_pk_decode(const mldsa_params *p, uint8_t rho[32], mldsa_poly *t1, const uint8_t *pk);
void mldsa_sk_encode(const mldsa_params *p, uint8_t *sk, const uint8_t rho[32],
                     const uint8_t key[32], const uint8_t tr[64], const mldsa_poly *s1,
                     const mldsa_poly *s2, const mldsa_poly *t0);
void mldsa_sk_decode(const mldsa_params *p, uint8_t rho[32], uint8_t key[32], uint8_t tr[64],
                     mldsa_poly *s1, mldsa_poly *s2, mldsa_poly *t0, const uint8_t *sk);
void mldsa_sig_encode(const mldsa_params *p, uint8_t *sig, const uint8_t *ctilde,
                      const mldsa_poly *z, const mldsa_poly *h);
int mldsa_sig_decode(const mldsa_params *p, uint8_t *ctilde, mldsa_poly *z, mldsa_poly *h,
                     const uint8_t *sig);
void mldsa_w1_encode(const mldsa_params *p, uint8_t *out, const mldsa_poly *w1);

#endif
