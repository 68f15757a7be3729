/* SLH-DSA internals: addresses (FIPS 205 §4.2), the SHAKE hash functions (§11.1), WOTS+ (§5),
 * XMSS (§6), the hypertree (§7) and FORS (§8). Every hash value is p->n bytes. */
#ifndef SLHDSA_INTERNAL_H
#define SLHDSA_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include "slhdsa.h"

#define SLHDSA_LEN_MAX 67   /* 2n + 3 at n = 32 */
#define SLHDSA_HP_MAX 9
#define SLHDSA_A_MAX 14
#define SLHDSA_K_MAX 35

/* Constant-time testing (ctgrind, tests/slhdsa): SK.seed, SK.prf and addrnd are marked
 * undefined for valgrind memcheck. A value is declassified only where the verifier can
 * recompute it from the signature, each at one call site that says so.
 * SLHDSA_CTGRIND_NO_DECLASSIFY drops them, for the test that memcheck then reports. */
#if defined(SLHDSA_CTGRIND) && !defined(SLHDSA_CTGRIND_NO_DECLASSIFY)
#include <valgrind/memcheck.h>
#define SLHDSA_DECLASSIFY(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))
#else
#define SLHDSA_DECLASSIFY(p, n) ((void)(p), (void)(n))
#endif

/* ---- ADRS, the 32-byte address of §4.2 (Figure 2, Table 1), words big-endian ---- */

enum {
    SLH_WOTS_HASH = 0, SLH_WOTS_PK = 1, SLH_TREE = 2, SLH_FORS_TREE = 3, SLH_FORS_ROOTS = 4,
    SLH_WOTS_PRF = 5, SLH_FORS_PRF = 6
};

typedef uint8_t slh_adrs[32];

static inline void slh_put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24), p[1] = (uint8_t)(v >> 16), p[2] = (uint8_t)(v >> 8), p[3] = (uint8_t)v;
}

static inline uint32_t slh_get32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static inline void adrs_set_layer(slh_adrs a, uint32_t l) { slh_put32(a, l); }

/* Tree address: 12 bytes; every idx_tree of Table 2 fits in the low 8. */
static inline void adrs_set_tree(slh_adrs a, uint64_t t)
{
    slh_put32(a + 4, 0);
    slh_put32(a + 8, (uint32_t)(t >> 32));
    slh_put32(a + 12, (uint32_t)t);
}

static inline void adrs_set_type_and_clear(slh_adrs a, uint32_t type)
{
    slh_put32(a + 16, type);
    for (int i = 20; i < 32; i++)
        a[i] = 0;
}

static inline void adrs_set_keypair(slh_adrs a, uint32_t i) { slh_put32(a + 20, i); }
static inline uint32_t adrs_get_keypair(const slh_adrs a) { return slh_get32(a + 20); }
static inline void adrs_set_chain(slh_adrs a, uint32_t i) { slh_put32(a + 24, i); }
static inline void adrs_set_tree_height(slh_adrs a, uint32_t z) { slh_put32(a + 24, z); }
static inline void adrs_set_hash(slh_adrs a, uint32_t i) { slh_put32(a + 28, i); }
static inline void adrs_set_tree_index(slh_adrs a, uint32_t i) { slh_put32(a + 28, i); }
static inline uint32_t adrs_get_tree_index(const slh_adrs a) { return slh_get32(a + 28); }

/* ---- hash.c: §11.1, all through SHAKE256 ---- */

/* F, H, T_l and PRF share one shape: SHAKE256(PK.seed || ADRS || X, 8n) with X of inlen bytes
 * (F: n, H: 2n, T_l: l*n, PRF: SK.seed). */
void slh_thash(const slhdsa_params *p, uint8_t *out, const uint8_t *pk_seed, const slh_adrs adrs,
               const uint8_t *in, size_t inlen);
/* PRF_msg(SK.prf, opt_rand, M) = SHAKE256(SK.prf || opt_rand || M, 8n), M = m0 || m1. */
void slh_prf_msg(const slhdsa_params *p, uint8_t *out, const uint8_t *sk_prf, const uint8_t *opt_rand,
                 const uint8_t *m0, size_t m0len, const uint8_t *m1, size_t m1len);
/* H_msg(R, PK.seed, PK.root, M) = SHAKE256(R || PK.seed || PK.root || M, 8m), M = m0 || m1. */
void slh_h_msg(const slhdsa_params *p, uint8_t *out, const uint8_t *r, const uint8_t *pk_seed,
               const uint8_t *pk_root, const uint8_t *m0, size_t m0len, const uint8_t *m1, size_t m1len);

/* ---- wots.c ---- */

/* Algorithm 4 (base_2b): out_len integers of b bits from x, most significant bits first. */
void slh_base_2b(uint32_t *out, const uint8_t *x, unsigned b, unsigned out_len);
/* Algorithm 6 (wots_pkGen). adrs: WOTS_HASH with layer, tree and key pair set; changed. */
void slh_wots_pkgen(const slhdsa_params *p, uint8_t *pk, const uint8_t *sk_seed,
                    const uint8_t *pk_seed, slh_adrs adrs);
/* Algorithm 7 (wots_sign): len*n bytes of signature of the n-byte message msg. */
void slh_wots_sign(const slhdsa_params *p, uint8_t *sig, const uint8_t *msg, const uint8_t *sk_seed,
                   const uint8_t *pk_seed, slh_adrs adrs);
/* Algorithm 8 (wots_pkFromSig). */
void slh_wots_pk_from_sig(const slhdsa_params *p, uint8_t *pk, const uint8_t *sig, const uint8_t *msg,
                          const uint8_t *pk_seed, slh_adrs adrs);

/* ---- xmss.c ---- */

/* Algorithm 9 (xmss_node): the node at height z, index i. */
void slh_xmss_node(const slhdsa_params *p, uint8_t *node, const uint8_t *sk_seed, uint32_t i,
                   unsigned z, const uint8_t *pk_seed, slh_adrs adrs);
/* Algorithm 12 (ht_sign): d * (len + h') * n bytes. */
void slh_ht_sign(const slhdsa_params *p, uint8_t *sig, const uint8_t *msg, const uint8_t *sk_seed,
                 const uint8_t *pk_seed, uint64_t idx_tree, uint32_t idx_leaf);
/* Algorithm 13 (ht_verify): 1 if the signature leads to pk_root. */
int slh_ht_verify(const slhdsa_params *p, const uint8_t *msg, const uint8_t *sig, const uint8_t *pk_seed,
                  uint64_t idx_tree, uint32_t idx_leaf, const uint8_t *pk_root);

/* ---- fors.c ---- */

/* Algorithm 16 (fors_sign): k * (1 + a) * n bytes for the message digest md. */
void slh_fors_sign(const slhdsa_params *p, uint8_t *sig, const uint8_t *md, const uint8_t *sk_seed,
                   const uint8_t *pk_seed, const slh_adrs adrs);
/* Algorithm 17 (fors_pkFromSig). */
void slh_fors_pk_from_sig(const slhdsa_params *p, uint8_t *pk, const uint8_t *sig, const uint8_t *md,
                          const uint8_t *pk_seed, const slh_adrs adrs);

#endif
