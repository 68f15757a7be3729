/* HQC-PKE and HQC-KEM (2025-08-22 specification, §3 and §4): the parameter sets, Keygen,
 * Encrypt, Decrypt, and the FO transform with implicit rejection, K and theta derived from
 * (H(ek), m, salt). The hash functions are SHA3 with a trailing domain byte:
 * G = SHA3-512(. || 0), H = SHA3-256(. || 1), I = SHA3-512(. || 2), J = SHA3-256(. || 3). */
#include <string.h>
#include "hqc_internal.h"
#include "pqc_ct.h"

#define SET(lv, n_, n1_, n2_, w_, we_, wr_, delta_, k_) \
    {lv, n_, n1_, n2_, w_, we_, wr_, delta_, k_, (1u << 24) / (n_) * (n_), ((n_) + 7) / 8, \
     (n1_) * (n2_) / 8, ((n_) + 63) / 64, 32 + ((n_) + 7) / 8, 32 + ((n_) + 7) / 8 + 32 + (k_) + 32, \
     ((n_) + 7) / 8 + (n1_) * (n2_) / 8 + 16}

/* The specification's Table 5 parameters; sizes as its Table 6 (HQC-1: ek 2241, dk 2321,
 * ct 4433 bytes). */
static const hqc_params sets[3] = {
    SET(1, 17669, 46, 384, 66, 75, 75, 15, 16),
    SET(3, 35851, 56, 640, 100, 114, 114, 16, 24),
    SET(5, 57637, 90, 640, 131, 149, 149, 29, 32),
};

const hqc_params *hqc_params_get(int level)
{
    return level == 1 ? &sets[0] : level == 3 ? &sets[1] : level == 5 ? &sets[2] : NULL;
}

size_t hqc_ek_bytes(int level) { const hqc_params *p = hqc_params_get(level); return p ? p->ek_bytes : 0; }
size_t hqc_dk_bytes(int level) { const hqc_params *p = hqc_params_get(level); return p ? p->dk_bytes : 0; }
size_t hqc_ct_bytes(int level) { const hqc_params *p = hqc_params_get(level); return p ? p->ct_bytes : 0; }
size_t hqc_m_bytes(int level) { const hqc_params *p = hqc_params_get(level); return p ? p->k : 0; }

/* SHA3-256 or -512 of a || b || c || domain byte. */
static void sha3_dom(uint8_t *out, unsigned outlen, const uint8_t *a, size_t alen, const uint8_t *b,
                     size_t blen, const uint8_t *c, size_t clen, uint8_t dom)
{
    keccak_sponge sp;
    sponge_init(&sp, outlen == 32 ? SHA3_256_RATE : SHA3_512_RATE, 24, 0x06);
    sponge_absorb(&sp, a, alen);
    if (blen)
        sponge_absorb(&sp, b, blen);
    if (clen)
        sponge_absorb(&sp, c, clen);
    sponge_absorb(&sp, &dom, 1);
    sponge_squeeze(&sp, out, outlen);
}

/* HQC-PKE.Keygen(seed_PKE): (seed_dk, seed_ek) = I(seed_PKE); y, x from seed_dk; h from
 * seed_ek; s = x + y h; ek = (seed_ek, s), dk = seed_dk. */
static void pke_keygen(const hqc_params *p, uint8_t *ek, uint8_t *seed_dk_out, const uint8_t *seed_pke)
{
    uint8_t seeds[64];
    uint32_t ys[HQC_W_MAX], xs[HQC_W_MAX];
    uint64_t h[HQC_WORDS_MAX], s[HQC_WORDS_MAX], x[HQC_WORDS_MAX];
    keccak_sponge xof;

    sha3_dom(seeds, 64, seed_pke, HQC_SEED_BYTES, NULL, 0, NULL, 0, 2);
    hqc_xof_init(&xof, seeds, HQC_SEED_BYTES);
    hqc_sample_fixed_weight1(&xof, ys, p->w, p);
    hqc_sample_fixed_weight1(&xof, xs, p->w, p);
    hqc_xof_init(&xof, seeds + 32, HQC_SEED_BYTES);
    hqc_sample_vect(&xof, h, p);
    hqc_vect_mul_sparse(s, ys, p->w, h, p);
    hqc_vect_from_support(x, xs, p->w, p);
    for (unsigned i = 0; i < p->words; i++)
        s[i] ^= x[i];
    memcpy(ek, seeds + 32, HQC_SEED_BYTES);
    hqc_vect_to_bytes(ek + HQC_SEED_BYTES, s, p->n_bytes);
    memcpy(seed_dk_out, seeds, HQC_SEED_BYTES);
}

/* HQC-PKE.Encrypt(ek, m, theta): r2, e, r1 from theta; u = r1 + h r2,
 * v = C.Encode(m) + Truncate(s r2 + e). Writes u || v (n_bytes + n1n2_bytes). */
static void pke_encrypt(const hqc_params *p, uint8_t *c, const uint8_t *ek, const uint8_t *m,
                        const uint8_t *theta)
{
    uint32_t r2s[HQC_W_MAX], es[HQC_W_MAX], r1s[HQC_W_MAX];
    uint64_t h[HQC_WORDS_MAX], s[HQC_WORDS_MAX], t[HQC_WORDS_MAX], a[HQC_WORDS_MAX];
    keccak_sponge xof;
    unsigned vw = p->n1 * p->n2 / 64;

    hqc_xof_init(&xof, ek, HQC_SEED_BYTES);
    hqc_sample_vect(&xof, h, p);
    hqc_vect_from_bytes(s, ek + HQC_SEED_BYTES, p);
    hqc_xof_init(&xof, theta, HQC_SEED_BYTES);
    hqc_sample_fixed_weight2(&xof, r2s, p->wr, p);
    hqc_sample_fixed_weight2(&xof, es, p->we, p);
    hqc_sample_fixed_weight2(&xof, r1s, p->wr, p);

    hqc_vect_mul_sparse(t, r2s, p->wr, h, p);           /* u */
    hqc_vect_from_support(a, r1s, p->wr, p);
    for (unsigned i = 0; i < p->words; i++)
        t[i] ^= a[i];
    hqc_vect_to_bytes(c, t, p->n_bytes);

    hqc_vect_mul_sparse(t, r2s, p->wr, s, p);           /* v */
    hqc_vect_from_support(a, es, p->we, p);
    hqc_code_encode(s, m, p);                           /* s is free now */
    for (unsigned i = 0; i < vw; i++)
        s[i] ^= t[i] ^ a[i];
    hqc_vect_to_bytes(c + p->n_bytes, s, p->n1n2_bytes);
}

/* HQC-PKE.Decrypt(dk, (u, v)): m = C.Decode(v - Truncate(u y)), y regenerated from seed_dk. */
static void pke_decrypt(const hqc_params *p, uint8_t *m, const uint8_t *seed_dk, const uint8_t *c)
{
    uint32_t ys[HQC_W_MAX];
    uint64_t u[HQC_WORDS_MAX], t[HQC_WORDS_MAX];
    keccak_sponge xof;
    unsigned vw = p->n1 * p->n2 / 64;

    hqc_xof_init(&xof, seed_dk, HQC_SEED_BYTES);
    hqc_sample_fixed_weight1(&xof, ys, p->w, p);
    hqc_vect_from_bytes(u, c, p);
    hqc_vect_mul_sparse(t, ys, p->w, u, p);
    for (unsigned i = 0; i < vw; i++) {
        uint64_t v = 0;
        for (unsigned b = 0; b < 8; b++)
            v |= (uint64_t)c[p->n_bytes + 8 * i + b] << (8 * b);
        t[i] ^= v;
    }
    hqc_code_decode(m, t, p);
}

/* HQC-KEM.Keygen: seed_PKE and sigma from XOF(seed_KEM); dk = (ek, dk_PKE, sigma, seed_KEM). */
int hqc_keygen(int level, uint8_t *ek, uint8_t *dk, const uint8_t seed_kem[HQC_SEED_BYTES])
{
    const hqc_params *p = hqc_params_get(level);
    uint8_t seed_pke[HQC_SEED_BYTES];
    keccak_sponge xof;
    if (!p)
        return -1;
    hqc_xof_init(&xof, seed_kem, HQC_SEED_BYTES);
    sponge_squeeze(&xof, seed_pke, HQC_SEED_BYTES);
    sponge_squeeze(&xof, dk + p->ek_bytes + HQC_SEED_BYTES, p->k);        /* sigma */
    pke_keygen(p, ek, dk + p->ek_bytes, seed_pke);
    memcpy(dk, ek, p->ek_bytes);
    memcpy(dk + p->ek_bytes + HQC_SEED_BYTES + p->k, seed_kem, HQC_SEED_BYTES);
    return 0;
}

/* HQC-KEM.Encaps with m and salt given: (K, theta) = G(H(ek) || m || salt),
 * ct = (Encrypt(ek, m, theta), salt), ss = K. */
int hqc_encaps(int level, uint8_t *ct, uint8_t ss[HQC_SS_BYTES], const uint8_t *ek,
               const uint8_t *m, const uint8_t salt[HQC_SALT_BYTES])
{
    const hqc_params *p = hqc_params_get(level);
    uint8_t hek[32], kt[64];
    if (!p)
        return -1;
    sha3_dom(hek, 32, ek, p->ek_bytes, NULL, 0, NULL, 0, 1);
    sha3_dom(kt, 64, hek, 32, m, p->k, salt, HQC_SALT_BYTES, 0);
    pke_encrypt(p, ct, ek, m, kt + 32);
    memcpy(ct + p->n_bytes + p->n1n2_bytes, salt, HQC_SALT_BYTES);
    memcpy(ss, kt, HQC_SS_BYTES);
    return 0;
}

/* HQC-KEM.Decaps: m' = Decrypt; (K', theta') = G(H(ek) || m' || salt); re-encrypt; if the
 * ciphertext differs, K~ = J(H(ek) || sigma || ct). The comparison and the choice are masks. */
int hqc_decaps(int level, uint8_t ss[HQC_SS_BYTES], const uint8_t *dk, const uint8_t *ct)
{
    const hqc_params *p = hqc_params_get(level);
    uint8_t hek[32], kt[64], kbar[32], m[HQC_M_BYTES_MAX], c2[HQC_CT_BYTES_MAX];
    if (!p)
        return -1;
    const uint8_t *ek = dk, *seed_dk = dk + p->ek_bytes, *sigma = seed_dk + HQC_SEED_BYTES;
    const uint8_t *salt = ct + p->n_bytes + p->n1n2_bytes;
    size_t cpke = p->n_bytes + p->n1n2_bytes;

    pke_decrypt(p, m, seed_dk, ct);
    sha3_dom(hek, 32, ek, p->ek_bytes, NULL, 0, NULL, 0, 1);
    sha3_dom(kt, 64, hek, 32, m, p->k, salt, HQC_SALT_BYTES, 0);
    pke_encrypt(p, c2, ek, m, kt + 32);
    sha3_dom(kbar, 32, hek, 32, sigma, p->k, ct, p->ct_bytes, 3);
    uint8_t diff = 0;
    for (size_t i = 0; i < cpke; i++)
        diff |= c2[i] ^ ct[i];
    uint8_t keep = (uint8_t)(pqc_value_barrier_u32(((uint32_t)diff - 1) >> 31) * 0xff);  /* ff iff equal */
    for (int i = 0; i < HQC_SS_BYTES; i++)
        ss[i] = (uint8_t)((kt[i] & keep) | (kbar[i] & ~keep));
    return 0;
}
