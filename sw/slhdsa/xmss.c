/* XMSS (FIPS 205 §6) and the hypertree (§7). */
#include <string.h>
#include "slhdsa_internal.h"

void slh_xmss_node(const slhdsa_params *p, uint8_t *node, const uint8_t *sk_seed, uint32_t i,
                   unsigned z, const uint8_t *pk_seed, slh_adrs adrs)
{
    if (z == 0) {
        adrs_set_type_and_clear(adrs, SLH_WOTS_HASH);
        adrs_set_keypair(adrs, i);
        slh_wots_pkgen(p, node, sk_seed, pk_seed, adrs);
        return;
    }
    uint8_t lr[2 * SLHDSA_N_MAX];
    slh_xmss_node(p, lr, sk_seed, 2 * i, z - 1, pk_seed, adrs);
    slh_xmss_node(p, lr + p->n, sk_seed, 2 * i + 1, z - 1, pk_seed, adrs);
    adrs_set_type_and_clear(adrs, SLH_TREE);
    adrs_set_tree_height(adrs, z);
    adrs_set_tree_index(adrs, i);
    slh_thash(p, node, pk_seed, adrs, lr, 2 * p->n);
}

/* Algorithm 10 (xmss_sign): WOTS+ signature of msg, then the authentication path. */
static void xmss_sign(const slhdsa_params *p, uint8_t *sig, const uint8_t *msg, const uint8_t *sk_seed,
                      uint32_t idx, const uint8_t *pk_seed, slh_adrs adrs)
{
    uint8_t *auth = sig + (size_t)p->len * p->n;
    for (unsigned j = 0; j < p->hp; j++)
        slh_xmss_node(p, auth + j * p->n, sk_seed, (idx >> j) ^ 1, j, pk_seed, adrs);
    adrs_set_type_and_clear(adrs, SLH_WOTS_HASH);
    adrs_set_keypair(adrs, idx);
    slh_wots_sign(p, sig, msg, sk_seed, pk_seed, adrs);
}

/* Algorithm 11 (xmss_pkFromSig). */
static void xmss_pk_from_sig(const slhdsa_params *p, uint8_t *root, uint32_t idx, const uint8_t *sig,
                             const uint8_t *msg, const uint8_t *pk_seed, slh_adrs adrs)
{
    const uint8_t *auth = sig + (size_t)p->len * p->n;
    uint8_t pair[2 * SLHDSA_N_MAX];
    adrs_set_type_and_clear(adrs, SLH_WOTS_HASH);
    adrs_set_keypair(adrs, idx);
    slh_wots_pk_from_sig(p, pair, sig, msg, pk_seed, adrs);   /* node[0] */
    adrs_set_type_and_clear(adrs, SLH_TREE);
    adrs_set_tree_index(adrs, idx);
    for (unsigned k = 0; k < p->hp; k++) {
        adrs_set_tree_height(adrs, k + 1);
        if (((idx >> k) & 1) == 0) {
            adrs_set_tree_index(adrs, adrs_get_tree_index(adrs) / 2);
            memcpy(pair + p->n, auth + k * p->n, p->n);
        } else {
            adrs_set_tree_index(adrs, (adrs_get_tree_index(adrs) - 1) / 2);
            memcpy(pair + p->n, pair, p->n);
            memcpy(pair, auth + k * p->n, p->n);
        }
        slh_thash(p, pair, pk_seed, adrs, pair, 2 * p->n);
    }
    memcpy(root, pair, p->n);
}

void slh_ht_sign(const slhdsa_params *p, uint8_t *sig, const uint8_t *msg, const uint8_t *sk_seed,
                 const uint8_t *pk_seed, uint64_t idx_tree, uint32_t idx_leaf)
{
    size_t xmss_bytes = (size_t)(p->len + p->hp) * p->n;
    uint8_t root[SLHDSA_N_MAX];
    slh_adrs adrs = {0};
    adrs_set_tree(adrs, idx_tree);
    xmss_sign(p, sig, msg, sk_seed, idx_leaf, pk_seed, adrs);
    xmss_pk_from_sig(p, root, idx_leaf, sig, msg, pk_seed, adrs);
    /* Each XMSS root is public: the verifier recomputes it from the signature (Algorithm 13). */
    SLHDSA_DECLASSIFY(root, p->n);
    for (unsigned j = 1; j < p->d; j++) {
        idx_leaf = (uint32_t)(idx_tree & ((1u << p->hp) - 1));
        idx_tree >>= p->hp;
        sig += xmss_bytes;
        adrs_set_layer(adrs, j);
        adrs_set_tree(adrs, idx_tree);
        xmss_sign(p, sig, root, sk_seed, idx_leaf, pk_seed, adrs);
        if (j < p->d - 1) {
            xmss_pk_from_sig(p, root, idx_leaf, sig, root, pk_seed, adrs);
            SLHDSA_DECLASSIFY(root, p->n);
        }
    }
}

int slh_ht_verify(const slhdsa_params *p, const uint8_t *msg, const uint8_t *sig, const uint8_t *pk_seed,
                  uint64_t idx_tree, uint32_t idx_leaf, const uint8_t *pk_root)
{
    size_t xmss_bytes = (size_t)(p->len + p->hp) * p->n;
    uint8_t node[SLHDSA_N_MAX];
    slh_adrs adrs = {0};
    adrs_set_tree(adrs, idx_tree);
    xmss_pk_from_sig(p, node, idx_leaf, sig, msg, pk_seed, adrs);
    for (unsigned j = 1; j < p->d; j++) {
        idx_leaf = (uint32_t)(idx_tree & ((1u << p->hp) - 1));
        idx_tree >>= p->hp;
        sig += xmss_bytes;
        adrs_set_layer(adrs, j);
        adrs_set_tree(adrs, idx_tree);
        xmss_pk_from_sig(p, node, idx_leaf, sig, node, pk_seed, adrs);
    }
    return memcmp(node, pk_root, p->n) == 0;
}
