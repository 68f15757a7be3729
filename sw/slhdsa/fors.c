/* FORS, forest of random subsets (FIPS 205 §8). */
#include <string.h>
#include "slhdsa_internal.h"

/* Algorithm 14 (fors_skGen). */
static void fors_sk_gen(const slhdsa_params *p, uint8_t *sk, const uint8_t *sk_seed,
                        const uint8_t *pk_seed, const slh_adrs adrs, uint32_t idx)
{
    slh_adrs sk_adrs;
    memcpy(sk_adrs, adrs, 32);
    adrs_set_type_and_clear(sk_adrs, SLH_FORS_PRF);
    adrs_set_keypair(sk_adrs, adrs_get_keypair(adrs));
    adrs_set_tree_index(sk_adrs, idx);
    slh_thash(p, sk, pk_seed, sk_adrs, sk_seed, p->n);
}

/* Algorithm 15 (fors_node): node i at height z over all k trees' leaves (tree t's leaves are
 * t * 2^a .. (t+1) * 2^a - 1). */
static void fors_node(const slhdsa_params *p, uint8_t *node, const uint8_t *sk_seed, uint32_t i,
                      unsigned z, const uint8_t *pk_seed, slh_adrs adrs)
{
    if (z == 0) {
        uint8_t sk[SLHDSA_N_MAX];
        fors_sk_gen(p, sk, sk_seed, pk_seed, adrs, i);
        adrs_set_tree_height(adrs, 0);
        adrs_set_tree_index(adrs, i);
        slh_thash(p, node, pk_seed, adrs, sk, p->n);
        return;
    }
    uint8_t lr[2 * SLHDSA_N_MAX];
    fors_node(p, lr, sk_seed, 2 * i, z - 1, pk_seed, adrs);
    fors_node(p, lr + p->n, sk_seed, 2 * i + 1, z - 1, pk_seed, adrs);
    adrs_set_tree_height(adrs, z);
    adrs_set_tree_index(adrs, i);
    slh_thash(p, node, pk_seed, adrs, lr, 2 * p->n);
}

void slh_fors_sign(const slhdsa_params *p, uint8_t *sig, const uint8_t *md, const uint8_t *sk_seed,
                   const uint8_t *pk_seed, const slh_adrs adrs_in)
{
    uint32_t indices[SLHDSA_K_MAX];
    slh_adrs adrs;
    memcpy(adrs, adrs_in, 32);
    slh_base_2b(indices, md, p->a, p->k);
    for (unsigned i = 0; i < p->k; i++) {
        fors_sk_gen(p, sig, sk_seed, pk_seed, adrs, (i << p->a) + indices[i]);
        sig += p->n;
        for (unsigned j = 0; j < p->a; j++) {
            uint32_t s = (indices[i] >> j) ^ 1;
            fors_node(p, sig, sk_seed, (i << (p->a - j)) + s, j, pk_seed, adrs);
            sig += p->n;
        }
    }
}

void slh_fors_pk_from_sig(const slhdsa_params *p, uint8_t *pk, const uint8_t *sig, const uint8_t *md,
                          const uint8_t *pk_seed, const slh_adrs adrs_in)
{
    uint32_t indices[SLHDSA_K_MAX];
    uint8_t roots[SLHDSA_K_MAX * SLHDSA_N_MAX], pair[2 * SLHDSA_N_MAX];
    slh_adrs adrs;
    memcpy(adrs, adrs_in, 32);
    slh_base_2b(indices, md, p->a, p->k);
    for (unsigned i = 0; i < p->k; i++) {
        const uint8_t *sk = sig + (size_t)i * (p->a + 1) * p->n, *auth = sk + p->n;
        adrs_set_tree_height(adrs, 0);
        adrs_set_tree_index(adrs, (i << p->a) + indices[i]);
        slh_thash(p, pair, pk_seed, adrs, sk, p->n);   /* node[0] */
        for (unsigned j = 0; j < p->a; j++) {
            adrs_set_tree_height(adrs, j + 1);
            if (((indices[i] >> j) & 1) == 0) {
                adrs_set_tree_index(adrs, adrs_get_tree_index(adrs) / 2);
                memcpy(pair + p->n, auth + j * p->n, p->n);
            } else {
                adrs_set_tree_index(adrs, (adrs_get_tree_index(adrs) - 1) / 2);
                memcpy(pair + p->n, pair, p->n);
                memcpy(pair, auth + j * p->n, p->n);
            }
            slh_thash(p, pair, pk_seed, adrs, pair, 2 * p->n);
        }
        memcpy(roots + i * p->n, pair, p->n);
    }
    slh_adrs pk_adrs;
    memcpy(pk_adrs, adrs, 32);
    adrs_set_type_and_clear(pk_adrs, SLH_FORS_ROOTS);
    adrs_set_keypair(pk_adrs, adrs_get_keypair(adrs));
    slh_thash(p, pk, pk_seed, pk_adrs, roots, (size_t)p->k * p->n);
}
