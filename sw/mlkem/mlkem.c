/* ML-KEM (FIPS 203 §5-§7): K-PKE and the KEM on top of it. */
#include <string.h>
#include "fips202.h"
#include "mlkem.h"
#include "poly.h"
#include "pqc_ct.h"

typedef struct {
    unsigned k, eta1, eta2, du, dv;
} mlkem_params;

/* FIPS 203 §8, Table 2. */
static int get_params(int level, mlkem_params *p)
{
    switch (level) {
    case 512: *p = (mlkem_params){2, 3, 2, 10, 4}; return 0;
    case 768: *p = (mlkem_params){3, 2, 2, 10, 4}; return 0;
    case 1024: *p = (mlkem_params){4, 2, 2, 11, 5}; return 0;
    default: return -1;
    }
}

size_t mlkem_ek_bytes(int level)
{
    mlkem_params p;
    return get_params(level, &p) ? 0 : 384 * p.k + 32;
}

size_t mlkem_dk_bytes(int level)
{
    mlkem_params p;
    return get_params(level, &p) ? 0 : 768 * p.k + 96;
}

size_t mlkem_ct_bytes(int level)
{
    mlkem_params p;
    return get_params(level, &p) ? 0 : 32 * (p.du * p.k + p.dv);
}

/* PRF_eta(s, b) = SHAKE256(s || b, 64 eta) (FIPS 203 §4.1, eq. 4.3), then SamplePolyCBD. */
static void sample_cbd(poly *p, const uint8_t s[32], uint8_t b, unsigned eta)
{
    uint8_t in[33], buf[3 * 64];
    memcpy(in, s, 32);
    in[32] = b;
    shake256(buf, 64 * eta, in, sizeof in);
    poly_cbd(p, buf, eta);
}

/* A_hat[i][j] = SampleNTT(rho || j || i) (FIPS 203, Algorithm 13 step 6 and Algorithm 14
 * step 6); `transposed` yields A_hat^T, as Encrypt needs. */
static void gen_matrix(poly *a, const uint8_t rho[32], unsigned k, int transposed)
{
    for (unsigned i = 0; i < k; i++)
        for (unsigned j = 0; j < k; j++)
            poly_sample_ntt(&a[i * k + j], rho, (uint8_t)(transposed ? j : i),
                            (uint8_t)(transposed ? i : j));
}

/* FIPS 203, Algorithm 13 (K-PKE.KeyGen). ek_pke = 384k + 32 bytes, dk_pke = 384k bytes. */
static void kpke_keygen(const mlkem_params *P, uint8_t *ek, uint8_t *dk, const uint8_t d[32])
{
    unsigned k = P->k;
    uint8_t in[33], g[64];
    poly a[MLKEM_KMAX * MLKEM_KMAX], s[MLKEM_KMAX], e[MLKEM_KMAX], t;
    const uint8_t *rho = g, *sigma = g + 32;

    memcpy(in, d, 32);
    in[32] = (uint8_t)k;
#ifdef MLKEM_TEST_IPD_KEYGEN
    /* Test-only build (tests/sw): FIPS 203 ipd's G(d), to run the CCTV vectors made for it. */
    sha3_512(g, in, 32);
#else
    sha3_512(g, in, sizeof in);                /* (rho, sigma) = G(d || k) */
#endif
    /* rho is public: it is the last 32 bytes of ek, and the matrix is sampled from it by
     * rejection (whose branches reveal only A_hat, itself public). */
    PQC_DECLASSIFY(g, 32);
    gen_matrix(a, rho, k, 0);
    for (unsigned i = 0; i < k; i++)
        sample_cbd(&s[i], sigma, (uint8_t)i, P->eta1);
    for (unsigned i = 0; i < k; i++)
        sample_cbd(&e[i], sigma, (uint8_t)(k + i), P->eta1);
    for (unsigned i = 0; i < k; i++) {
        poly_ntt(&s[i]);
        poly_ntt(&e[i]);
    }
    for (unsigned i = 0; i < k; i++) {         /* t_hat = A_hat o s_hat + e_hat */
        polyvec_basemul_acc(&t, &a[i * k], s, k);
        poly_tomont(&t);
        poly_add(&t, &e[i]);
        poly_reduce(&t);
        poly_tobytes(ek + 384 * i, &t);
        poly_tobytes(dk + 384 * i, &s[i]);
    }
    memcpy(ek + 384 * k, rho, 32);
}

/* FIPS 203, Algorithm 14 (K-PKE.Encrypt). ek is assumed to have passed the modulus check. */
static void kpke_encrypt(const mlkem_params *P, uint8_t *c, const uint8_t *ek,
                         const uint8_t m[32], const uint8_t r[32])
{
    unsigned k = P->k;
    poly a[MLKEM_KMAX * MLKEM_KMAX], th[MLKEM_KMAX], y[MLKEM_KMAX], u, v, e, mu;
    uint8_t n = 0;

    for (unsigned i = 0; i < k; i++)
        poly_frombytes(&th[i], ek + 384 * i);
    gen_matrix(a, ek + 384 * k, k, 1);
    for (unsigned i = 0; i < k; i++)
        sample_cbd(&y[i], r, n++, P->eta1);
    for (unsigned i = 0; i < k; i++)
        poly_ntt(&y[i]);
    for (unsigned i = 0; i < k; i++) {         /* u = NTT^-1(A_hat^T o y_hat) + e1 */
        sample_cbd(&e, r, n++, P->eta2);
        polyvec_basemul_acc(&u, &a[i * k], y, k);
        poly_invntt(&u);
        poly_add(&u, &e);
        poly_reduce(&u);
        poly_compress(c + 32 * P->du * i, &u, P->du);
    }
    sample_cbd(&e, r, n, P->eta2);             /* v = NTT^-1(t_hat^T o y_hat) + e2 + mu */
    polyvec_basemul_acc(&v, th, y, k);
    poly_invntt(&v);
    poly_add(&v, &e);
    poly_frommsg(&mu, m);
    poly_add(&v, &mu);
    poly_reduce(&v);
    poly_compress(c + 32 * P->du * k, &v, P->dv);
}

/* FIPS 203, Algorithm 15 (K-PKE.Decrypt). */
static void kpke_decrypt(const mlkem_params *P, uint8_t m[32], const uint8_t *dk,
                         const uint8_t *c)
{
    unsigned k = P->k;
    poly u[MLKEM_KMAX], s[MLKEM_KMAX], v, w;

    for (unsigned i = 0; i < k; i++) {
        poly_decompress(&u[i], c + 32 * P->du * i, P->du);
        poly_ntt(&u[i]);
        poly_frombytes(&s[i], dk + 384 * i);
    }
    poly_decompress(&v, c + 32 * P->du * k, P->dv);
    polyvec_basemul_acc(&w, s, u, k);          /* w = v - NTT^-1(s_hat^T o NTT(u')) */
    poly_invntt(&w);
    poly_sub(&w, &v);
    poly_reduce(&w);
    poly_tomsg(m, &w);
}

int mlkem_keygen_internal(int level, uint8_t *ek, uint8_t *dk, const uint8_t d[32],
                          const uint8_t z[32])
{
    mlkem_params P;
    if (get_params(level, &P))
        return -1;
    size_t eklen = 384 * P.k + 32;
    kpke_keygen(&P, ek, dk, d);
    memcpy(dk + 384 * P.k, ek, eklen);         /* dk = dk_pke || ek || H(ek) || z */
    sha3_256(dk + 384 * P.k + eklen, ek, eklen);
    memcpy(dk + 384 * P.k + eklen + 32, z, 32);
    return 0;
}

int mlkem_encaps_internal(int level, uint8_t *ct, uint8_t ss[32], const uint8_t *ek,
                          const uint8_t m[32])
{
    mlkem_params P;
    uint8_t in[64], kr[64];
    if (get_params(level, &P))
        return -1;
    memcpy(in, m, 32);
    sha3_256(in + 32, ek, 384 * P.k + 32);     /* (K, r) = G(m || H(ek)) */
    sha3_512(kr, in, sizeof in);
    kpke_encrypt(&P, ct, ek, m, kr + 32);
    memcpy(ss, kr, 32);
    return 0;
}

int mlkem_decaps_internal(int level, uint8_t ss[32], const uint8_t *dk, const uint8_t *ct)
{
    mlkem_params P;
    uint8_t in[64], kr[64], kbar[32], cprime[MLKEM_CT_BYTES_MAX];
    keccak_sponge j;
    if (get_params(level, &P))
        return -1;
    size_t ctlen = 32 * (P.du * P.k + P.dv);
    const uint8_t *ek = dk + 384 * P.k, *h = ek + 384 * P.k + 32, *z = h + 32;

    kpke_decrypt(&P, in, dk, ct);              /* m' */
    memcpy(in + 32, h, 32);
    sha3_512(kr, in, sizeof in);               /* (K', r') = G(m' || h) */
    shake256_init(&j);                         /* K_bar = J(z || c) = SHAKE256(z || c, 32) */
    sponge_absorb(&j, z, 32);
    sponge_absorb(&j, ct, ctlen);
    sponge_squeeze(&j, kbar, 32);
    kpke_encrypt(&P, cprime, ek, in, kr + 32);

    /* if c != c' then K' = K_bar: compare every byte and select by mask. */
    uint32_t diff = 0;
    for (size_t i = 0; i < ctlen; i++)
        diff |= (uint32_t)(ct[i] ^ cprime[i]);
    uint8_t mask = pqc_value_barrier_u8((uint8_t)(0u - ((diff | (0u - diff)) >> 31)));
    for (unsigned i = 0; i < 32; i++)
        ss[i] = (uint8_t)((kr[i] & (uint8_t)~mask) | (kbar[i] & mask));
    return 0;
}

int mlkem_check_ek(int level, const uint8_t *ek)
{
    mlkem_params P;
    if (get_params(level, &P))
        return -1;
    /* ek == ByteEncode_12(ByteDecode_12(ek)) iff no 12-bit value is >= q. */
    for (unsigned i = 0; i < 384 * P.k; i += 3) {
        unsigned d1 = ek[i] | (ek[i + 1] & 0x0fu) << 8, d2 = (ek[i + 1] >> 4) | ek[i + 2] << 4;
        if (d1 >= MLKEM_Q || d2 >= MLKEM_Q)
            return -1;
    }
    return 0;
}

int mlkem_check_dk(int level, const uint8_t *dk)
{
    mlkem_params P;
    uint8_t h[32];
    if (get_params(level, &P))
        return -1;
    const uint8_t *ek = dk + 384 * P.k;
    sha3_256(h, ek, 384 * P.k + 32);
    /* ek and H(ek) are public parts of dk: a plain comparison leaks nothing secret. */
    return memcmp(h, ek + 384 * P.k + 32, 32) ? -1 : 0;
}

int mlkem_encaps(int level, uint8_t *ct, uint8_t ss[32], const uint8_t *ek, const uint8_t m[32])
{
    if (mlkem_check_ek(level, ek))
        return -1;
    return mlkem_encaps_internal(level, ct, ss, ek, m);
}

int mlkem_decaps(int level, uint8_t ss[32], const uint8_t *dk, const uint8_t *ct)
{
    if (mlkem_check_dk(level, dk))
        return -1;
    return mlkem_decaps_internal(level, ss, dk, ct);
}
