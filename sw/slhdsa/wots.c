/* WOTS+ one-time signatures (FIPS 205 §5), with w = 16 (lg_w = 4) as in every SHAKE set. */
#include <string.h>
#include "fips202.h"
#include "slhdsa_internal.h"

#define W 16u

void slh_base_2b(uint32_t *out, const uint8_t *x, unsigned b, unsigned out_len)
{
    unsigned in = 0, bits = 0;
    uint32_t total = 0;     /* only its low bits + b bits matter; higher ones wrap away */
    for (unsigned i = 0; i < out_len; i++) {
        while (bits < b) {
            total = total << 8 | x[in++];
            bits += 8;
        }
        bits -= b;
        out[i] = (total >> bits) & ((1u << b) - 1);
    }
}

/* Algorithm 5 (chain): s iterations of F from index i. The buffer PK.seed || ADRS || tmp is
 * built once; each step rewrites the hash address and the n-byte value in place. */
static void chain(const slhdsa_params *p, uint8_t *out, const uint8_t *x, uint32_t i, uint32_t s,
                  const uint8_t *pk_seed, slh_adrs adrs)
{
    uint64_t buf[(SLHDSA_N_MAX + 32 + SLHDSA_N_MAX) / 8];
    uint8_t *b = (uint8_t *)buf, *a = b + p->n, *tmp = a + 32;
    memcpy(b, pk_seed, p->n);
    memcpy(a, adrs, 32);
    memcpy(tmp, x, p->n);
    for (uint32_t j = i; j < i + s; j++) {
        adrs_set_hash(a, j);
        shake256(tmp, p->n, b, 2 * p->n + 32);
    }
    memcpy(adrs, a, 32);
    memcpy(out, tmp, p->n);
}

/* The len base-w digits of msg followed by its checksum (Algorithms 7 and 8, lines 1-7). */
static void wots_digits(const slhdsa_params *p, uint32_t *digits, const uint8_t *msg)
{
    unsigned len1 = 2 * p->n;
    uint32_t csum = 0;
    uint8_t cb[2];
    slh_base_2b(digits, msg, 4, len1);
    for (unsigned i = 0; i < len1; i++)
        csum += W - 1 - digits[i];
    csum <<= 4;   /* (8 - ((len2 * lg_w) mod 8)) mod 8 with len2 = 3, lg_w = 4 */
    cb[0] = (uint8_t)(csum >> 8), cb[1] = (uint8_t)csum;
    slh_base_2b(digits + len1, cb, 4, 3);
}

/* The i-th WOTS+ secret value: PRF(PK.seed, SK.seed, skADRS) (Algorithms 6 and 7). */
static void wots_sk(const slhdsa_params *p, uint8_t *sk, const uint8_t *sk_seed,
                    const uint8_t *pk_seed, const slh_adrs adrs, uint32_t i)
{
    slh_adrs sk_adrs;
    memcpy(sk_adrs, adrs, 32);
    adrs_set_type_and_clear(sk_adrs, SLH_WOTS_PRF);
    adrs_set_keypair(sk_adrs, adrs_get_keypair(adrs));
    adrs_set_chain(sk_adrs, i);
    slh_thash(p, sk, pk_seed, sk_adrs, sk_seed, p->n);
}

/* T_len(PK.seed, wotspkADRS, tmp) (Algorithms 6 and 8, last lines). */
static void wots_compress(const slhdsa_params *p, uint8_t *pk, const uint8_t *tmp,
                          const uint8_t *pk_seed, const slh_adrs adrs)
{
    slh_adrs pk_adrs;
    memcpy(pk_adrs, adrs, 32);
    adrs_set_type_and_clear(pk_adrs, SLH_WOTS_PK);
    adrs_set_keypair(pk_adrs, adrs_get_keypair(adrs));
    slh_thash(p, pk, pk_seed, pk_adrs, tmp, (size_t)p->len * p->n);
}

void slh_wots_pkgen(const slhdsa_params *p, uint8_t *pk, const uint8_t *sk_seed,
                    const uint8_t *pk_seed, slh_adrs adrs)
{
    uint8_t tmp[SLHDSA_LEN_MAX * SLHDSA_N_MAX], sk[SLHDSA_N_MAX];
    for (unsigned i = 0; i < p->len; i++) {
        wots_sk(p, sk, sk_seed, pk_seed, adrs, i);
        adrs_set_chain(adrs, i);
        chain(p, tmp + i * p->n, sk, 0, W - 1, pk_seed, adrs);
    }
    wots_compress(p, pk, tmp, pk_seed, adrs);
}

void slh_wots_sign(const slhdsa_params *p, uint8_t *sig, const uint8_t *msg, const uint8_t *sk_seed,
                   const uint8_t *pk_seed, slh_adrs adrs)
{
    uint32_t digits[SLHDSA_LEN_MAX];
    uint8_t sk[SLHDSA_N_MAX];
    wots_digits(p, digits, msg);
    for (unsigned i = 0; i < p->len; i++) {
        wots_sk(p, sk, sk_seed, pk_seed, adrs, i);
        adrs_set_chain(adrs, i);
        chain(p, sig + i * p->n, sk, 0, digits[i], pk_seed, adrs);
    }
}

void slh_wots_pk_from_sig(const slhdsa_params *p, uint8_t *pk, const uint8_t *sig, const uint8_t *msg,
                          const uint8_t *pk_seed, slh_adrs adrs)
{
    uint32_t digits[SLHDSA_LEN_MAX];
    uint8_t tmp[SLHDSA_LEN_MAX * SLHDSA_N_MAX];
    wots_digits(p, digits, msg);
    for (unsigned i = 0; i < p->len; i++) {
        adrs_set_chain(adrs, i);
        chain(p, tmp + i * p->n, sig + i * p->n, digits[i], W - 1 - digits[i], pk_seed, adrs);
    }
    wots_compress(p, pk, tmp, pk_seed, adrs);
}
