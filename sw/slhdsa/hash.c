/* The SHAKE instantiation of SLH-DSA's hash functions (FIPS 205 §11.1), on the project's
 * SHAKE256 (sw/fips202), so every Keccak backend applies. */
#include <string.h>
#include "fips202.h"
#include "slhdsa_internal.h"

/* F, H, T_l, PRF: SHAKE256(PK.seed || ADRS || X, 8n). The input is built in one 8-byte aligned
 * buffer so that T_len's several blocks reach keccak_absorb_blocks in one run (the resident
 * backend needs aligned input). */
void slh_thash(const slhdsa_params *p, uint8_t *out, const uint8_t *pk_seed, const slh_adrs adrs,
               const uint8_t *in, size_t inlen)
{
    uint64_t buf[(SLHDSA_N_MAX + 32 + SLHDSA_LEN_MAX * SLHDSA_N_MAX) / 8];
    uint8_t *b = (uint8_t *)buf;
    memcpy(b, pk_seed, p->n);
    memcpy(b + p->n, adrs, 32);
    memcpy(b + p->n + 32, in, inlen);
    shake256(out, p->n, b, p->n + 32 + inlen);
}

void slh_prf_msg(const slhdsa_params *p, uint8_t *out, const uint8_t *sk_prf, const uint8_t *opt_rand,
                 const uint8_t *m0, size_t m0len, const uint8_t *m1, size_t m1len)
{
    keccak_sponge sp;
    shake256_init(&sp);
    sponge_absorb(&sp, sk_prf, p->n);
    sponge_absorb(&sp, opt_rand, p->n);
    if (m0len)
        sponge_absorb(&sp, m0, m0len);
    if (m1len)
        sponge_absorb(&sp, m1, m1len);
    sponge_squeeze(&sp, out, p->n);
}

void slh_h_msg(const slhdsa_params *p, uint8_t *out, const uint8_t *r, const uint8_t *pk_seed,
               const uint8_t *pk_root, const uint8_t *m0, size_t m0len, const uint8_t *m1, size_t m1len)
{
    keccak_sponge sp;
    shake256_init(&sp);
    sponge_absorb(&sp, r, p->n);
    sponge_absorb(&sp, pk_seed, p->n);
    sponge_absorb(&sp, pk_root, p->n);
    if (m0len)
        sponge_absorb(&sp, m0, m0len);
    if (m1len)
        sponge_absorb(&sp, m1, m1len);
    sponge_squeeze(&sp, out, p->m);
}
