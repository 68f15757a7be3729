/* SLH-DSA key generation, signing and verification (FIPS 205 §9, §10) and the SHAKE parameter
 * sets of Table 2. */
#include <string.h>
#include "slhdsa_internal.h"

/* sig_bytes = (1 + k(1 + a) + h + d * len) * n, pk 2n, sk 4n; Table 2 lists the same sizes. */
#define SET(nm, n_, h_, d_, a_, k_, m_) \
    {nm, n_, h_, d_, (h_) / (d_), a_, k_, 4, m_, 2 * (n_) + 3, 2 * (n_), 4 * (n_), \
     (size_t)(1 + (k_) * (1 + (a_)) + (h_) + (d_) * (2 * (n_) + 3)) * (n_)}

static const slhdsa_params sets[6] = {
    SET("SLH-DSA-SHAKE-128s", 16, 63, 7, 12, 14, 30),
    SET("SLH-DSA-SHAKE-128f", 16, 66, 22, 6, 33, 34),
    SET("SLH-DSA-SHAKE-192s", 24, 63, 7, 14, 17, 39),
    SET("SLH-DSA-SHAKE-192f", 24, 66, 22, 8, 33, 42),
    SET("SLH-DSA-SHAKE-256s", 32, 64, 8, 14, 22, 47),
    SET("SLH-DSA-SHAKE-256f", 32, 68, 17, 9, 35, 49),
};

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }

static int same_name(const char *a, const char *b)
{
    while (*a && lower((unsigned char)*a) == lower((unsigned char)*b))
        a++, b++;
    return *a == 0 && *b == 0;
}

const slhdsa_params *slhdsa_params_find(const char *name)
{
    for (unsigned i = 0; i < 6; i++)
        if (same_name(name, sets[i].name) || same_name(name, sets[i].name + 8))
            return &sets[i];
    return NULL;
}

const slhdsa_params *slhdsa_params_at(unsigned i) { return i < 6 ? &sets[i] : NULL; }

void slhdsa_keygen_internal(const slhdsa_params *p, uint8_t *sk, uint8_t *pk,
                            const uint8_t *sk_seed, const uint8_t *sk_prf, const uint8_t *pk_seed)
{
    uint8_t root[SLHDSA_N_MAX];
    slh_adrs adrs = {0};
    adrs_set_layer(adrs, p->d - 1);
    slh_xmss_node(p, root, sk_seed, 0, p->hp, pk_seed, adrs);
    memmove(sk, sk_seed, p->n);
    memmove(sk + p->n, sk_prf, p->n);
    memmove(sk + 2 * p->n, pk_seed, p->n);
    memcpy(sk + 3 * p->n, root, p->n);
    memcpy(pk, sk + 2 * p->n, 2 * p->n);
}

static uint64_t to_int(const uint8_t *x, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v = v << 8 | x[i];
    return v;
}

/* Lines 7-10 of Algorithms 19 and 20: md, idx_tree and idx_leaf from the digest. */
static void split_digest(const slhdsa_params *p, const uint8_t *digest, uint64_t *idx_tree,
                                   uint32_t *idx_leaf)
{
    unsigned md_bytes = (p->k * p->a + 7) / 8, tree_bits = p->h - p->hp;
    unsigned tree_bytes = (tree_bits + 7) / 8, leaf_bytes = (p->hp + 7) / 8;
    uint64_t t = to_int(digest + md_bytes, tree_bytes);
    *idx_tree = tree_bits == 64 ? t : t & (((uint64_t)1 << tree_bits) - 1);
    *idx_leaf = (uint32_t)to_int(digest + md_bytes + tree_bytes, leaf_bytes) & ((1u << p->hp) - 1);
}

/* Algorithm 19 over M = m0 || m1 (m0 is Algorithm 22's prefix 0 || |ctx| || ctx, or empty). */
static void sign_internal(const slhdsa_params *p, uint8_t *sig, const uint8_t *m0, size_t m0len,
                          const uint8_t *m1, size_t m1len, const uint8_t *sk, const uint8_t *addrnd)
{
    const uint8_t *sk_seed = sk, *sk_prf = sk + p->n, *pk_seed = sk + 2 * p->n, *pk_root = sk + 3 * p->n;
    uint8_t digest[64], pk_fors[SLHDSA_N_MAX];
    uint64_t idx_tree;
    uint32_t idx_leaf;
    slh_adrs adrs = {0};

    slh_prf_msg(p, sig, sk_prf, addrnd ? addrnd : pk_seed, m0, m0len, m1, m1len);   /* R */
    /* R is the first n bytes of the signature: public. */
    SLHDSA_DECLASSIFY(sig, p->n);
    slh_h_msg(p, digest, sig, pk_seed, pk_root, m0, m0len, m1, m1len);
    const uint8_t *md = digest;   /* its first ceil(k * a / 8) bytes */
    split_digest(p, digest, &idx_tree, &idx_leaf);
    adrs_set_tree(adrs, idx_tree);
    adrs_set_type_and_clear(adrs, SLH_FORS_TREE);
    adrs_set_keypair(adrs, idx_leaf);
    uint8_t *sig_fors = sig + p->n;
    slh_fors_sign(p, sig_fors, md, sk_seed, pk_seed, adrs);
    slh_fors_pk_from_sig(p, pk_fors, sig_fors, md, pk_seed, adrs);
    /* PK_FORS is public: the verifier recomputes it from SIG_FORS (Algorithm 20). */
    SLHDSA_DECLASSIFY(pk_fors, p->n);
    slh_ht_sign(p, sig_fors + (size_t)p->k * (p->a + 1) * p->n, pk_fors, sk_seed, pk_seed,
                idx_tree, idx_leaf);
}

static int verify_internal(const slhdsa_params *p, const uint8_t *m0, size_t m0len, const uint8_t *m1,
                           size_t m1len, const uint8_t *sig, size_t siglen, const uint8_t *pk)
{
    const uint8_t *pk_seed = pk, *pk_root = pk + p->n;
    uint8_t digest[64], pk_fors[SLHDSA_N_MAX];
    uint64_t idx_tree;
    uint32_t idx_leaf;
    slh_adrs adrs = {0};

    if (siglen != p->sig_bytes)
        return -1;
    slh_h_msg(p, digest, sig, pk_seed, pk_root, m0, m0len, m1, m1len);
    const uint8_t *md = digest;   /* its first ceil(k * a / 8) bytes */
    split_digest(p, digest, &idx_tree, &idx_leaf);
    adrs_set_tree(adrs, idx_tree);
    adrs_set_type_and_clear(adrs, SLH_FORS_TREE);
    adrs_set_keypair(adrs, idx_leaf);
    const uint8_t *sig_fors = sig + p->n;
    slh_fors_pk_from_sig(p, pk_fors, sig_fors, md, pk_seed, adrs);
    return slh_ht_verify(p, pk_fors, sig_fors + (size_t)p->k * (p->a + 1) * p->n, pk_seed, idx_tree,
                         idx_leaf, pk_root) ? 0 : -1;
}

void slhdsa_sign_internal(const slhdsa_params *p, uint8_t *sig, const uint8_t *m, size_t mlen,
                          const uint8_t *sk, const uint8_t *addrnd)
{
    sign_internal(p, sig, NULL, 0, m, mlen, sk, addrnd);
}

int slhdsa_verify_internal(const slhdsa_params *p, const uint8_t *m, size_t mlen,
                           const uint8_t *sig, size_t siglen, const uint8_t *pk)
{
    return verify_internal(p, NULL, 0, m, mlen, sig, siglen, pk);
}

/* toByte(0, 1) || toByte(|ctx|, 1) || ctx: the prefix of M' in Algorithms 22 and 24. */
static size_t ctx_prefix(uint8_t prefix[257], const uint8_t *ctx, size_t ctxlen)
{
    prefix[0] = 0;
    prefix[1] = (uint8_t)ctxlen;
    if (ctxlen)
        memcpy(prefix + 2, ctx, ctxlen);
    return ctxlen + 2;
}

int slhdsa_sign(const slhdsa_params *p, uint8_t *sig, const uint8_t *m, size_t mlen,
                const uint8_t *ctx, size_t ctxlen, const uint8_t *sk, const uint8_t *addrnd)
{
    uint8_t prefix[257];
    if (ctxlen > 255)
        return -1;
    sign_internal(p, sig, prefix, ctx_prefix(prefix, ctx, ctxlen), m, mlen, sk, addrnd);
    return 0;
}

int slhdsa_verify(const slhdsa_params *p, const uint8_t *m, size_t mlen, const uint8_t *ctx,
                  size_t ctxlen, const uint8_t *sig, size_t siglen, const uint8_t *pk)
{
    uint8_t prefix[257];
    if (ctxlen > 255)
        return -1;
    return verify_internal(p, prefix, ctx_prefix(prefix, ctx, ctxlen), m, mlen, sig, siglen, pk);
}
