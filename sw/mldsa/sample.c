/* FIPS 204, Section 7.3: pseudorandom sampling (ExpandA, ExpandS, ExpandMask, SampleInBall). */
#include <string.h>

#include "../fips202/fips202.h"
#include "mldsa_internal.h"

/* 5 blocks of SHAKE128 give 280 candidates: enough for 256 coefficients except with
 * probability below 2^-30 (each candidate is rejected with probability about 1/1000). */
#define REJ_NTT_BLOCKS 5

/* FIPS 204, Algorithm 30 (RejNTTPoly) on the stream SHAKE128(seed[0..33]). */
static void rej_ntt_poly(mldsa_poly *a, const uint8_t seed[34])
{
    uint8_t buf[REJ_NTT_BLOCKS * SHAKE128_RATE];
    keccak_sponge ctx;
    shake128_init(&ctx);
    sponge_absorb(&ctx, seed, 34);
    sponge_finalize(&ctx);
    sponge_squeeze(&ctx, buf, sizeof buf);
    unsigned ctr = mldsa_rej_uniform(a->c, 0, MLDSA_N, buf, sizeof buf);
    while (ctr < MLDSA_N) {
        sponge_squeeze(&ctx, buf, SHAKE128_RATE);
        ctr = mldsa_rej_uniform(a->c, ctr, MLDSA_N, buf, SHAKE128_RATE);
    }
}

/* FIPS 204, Algorithm 32 (ExpandA): A[r][s] = RejNTTPoly(rho || s || r). */
void mldsa_expand_a(const mldsa_params *p, mldsa_poly a[MLDSA_KMAX][MLDSA_LMAX],
                    const uint8_t rho[32])
{
    uint8_t seed[34];
    memcpy(seed, rho, 32);
    /* Declassified: rho is part of the public key, and A is the public matrix sampled from it,
     * so the rejections in RejNTTPoly (and their number) reveal nothing secret. This is the
     * only place rho enters the sampler, in KeyGen, Sign and Verify alike. */
    MLDSA_DECLASSIFY(seed, 32);
    for (int r = 0; r < p->k; r++) {
        for (int s = 0; s < p->l; s++) {
            seed[32] = (uint8_t)s;
            seed[33] = (uint8_t)r;
            rej_ntt_poly(&a[r][s], seed);
        }
    }
}

/* FIPS 204, Algorithm 31 (RejBoundedPoly) on the stream SHAKE256(seed[0..65]), with
 * CoeffFromHalfByte (Algorithm 15) for each half byte. */
static void rej_bounded_poly(const mldsa_params *p, mldsa_poly *a, const uint8_t seed[66])
{
    /* 256 coefficients take about 137 bytes for eta = 2 (acceptance 15/16) and 228 for
     * eta = 4 (9/16): squeeze 1 or 2 blocks at once, then one block at a time as needed. */
    uint8_t buf[2 * SHAKE256_RATE];
    size_t len = (p->eta == 2 ? 1 : 2) * SHAKE256_RATE;
    keccak_sponge ctx;
    unsigned ctr = 0;
    shake256_init(&ctx);
    sponge_absorb(&ctx, seed, 66);
    sponge_finalize(&ctx);
    while (ctr < MLDSA_N) {
        sponge_squeeze(&ctx, buf, len);
        for (unsigned i = 0; i < 2 * len && ctr < MLDSA_N; i++) {
            int32_t b = (buf[i / 2] >> (4 * (i & 1))) & 15;
            int32_t bound = p->eta == 2 ? 15 : 9;
            /* eta = 2: 2 - (b mod 5), with b mod 5 = b - 5 * floor(205 b / 1024) for b < 15. */
            int32_t v = p->eta == 2 ? 2 - (b - 5 * ((205 * b) >> 10)) : 4 - b;
            uint32_t accept = (uint32_t)(b - bound) >> 31;
            /* Declassified: whether a half byte is rejected. The stream is secret, but a rejected
             * half byte is discarded and independent of the accepted ones, so which positions
             * were rejected says nothing about s1 and s2 (the sampler is rejection sampling by
             * design). Only this bit is released, never the value. */
            MLDSA_DECLASSIFY(&accept, sizeof accept);
            if (accept)
                a->c[ctr++] = v;
        }
        len = SHAKE256_RATE;
    }
    mldsa_wipe(buf, sizeof buf);
    mldsa_wipe(&ctx, sizeof ctx);
}

/* FIPS 204, Algorithm 33 (ExpandS): s1[r] from rho' || r, s2[r] from rho' || (r + l),
 * with r encoded on two bytes little-endian. */
void mldsa_expand_s(const mldsa_params *p, mldsa_poly *s1, mldsa_poly *s2,
                    const uint8_t rhop[64])
{
    uint8_t seed[66];
    memcpy(seed, rhop, 64);
    seed[65] = 0;
    for (int r = 0; r < p->l + p->k; r++) {
        seed[64] = (uint8_t)r;
        rej_bounded_poly(p, r < p->l ? &s1[r] : &s2[r - p->l], seed);
    }
    mldsa_wipe(seed, sizeof seed);
}

/* FIPS 204, Algorithm 34 (ExpandMask): y[r] = BitUnpack(H(rho'' || (kappa + r), 32c),
 * gamma1 - 1, gamma1) with c = 1 + bitlen(gamma1 - 1). */
void mldsa_expand_mask(const mldsa_params *p, mldsa_poly *y, const uint8_t rhopp[64],
                       uint16_t kappa)
{
    uint8_t seed[66];
    uint8_t buf[32 * 20];
    memcpy(seed, rhopp, 64);
    for (int r = 0; r < p->l; r++) {
        uint16_t n = (uint16_t)(kappa + r);
        seed[64] = (uint8_t)n;
        seed[65] = (uint8_t)(n >> 8);
        shake256(buf, 32 * (size_t)p->z_bits, seed, sizeof seed);
        mldsa_unpack_bits(y[r].c, buf, (unsigned)p->z_bits, p->gamma1);
    }
    mldsa_wipe(seed, sizeof seed);
    mldsa_wipe(buf, sizeof buf);
}

/* FIPS 204, Algorithm 29 (SampleInBall): tau coefficients +-1 placed by a Fisher-Yates shuffle
 * driven by H(ctilde). Its input is public (Verify) or declassified (Sign, see sign.c). */
void mldsa_sample_in_ball(const mldsa_params *p, mldsa_poly *c, const uint8_t *ctilde)
{
    uint8_t buf[SHAKE256_RATE];
    keccak_sponge ctx;
    shake256_init(&ctx);
    sponge_absorb(&ctx, ctilde, (size_t)p->ctilde_bytes);
    sponge_finalize(&ctx);
    sponge_squeeze(&ctx, buf, sizeof buf);
    uint64_t signs = 0;
    for (int i = 0; i < 8; i++)
        signs |= (uint64_t)buf[i] << (8 * i);
    unsigned pos = 8;
    memset(c, 0, sizeof *c);
    for (int i = MLDSA_N - p->tau; i < MLDSA_N; i++) {
        unsigned j;
        do {
            if (pos == sizeof buf) {
                sponge_squeeze(&ctx, buf, sizeof buf);
                pos = 0;
            }
            j = buf[pos++];
        } while (j > (unsigned)i);
        c->c[i] = c->c[j];
        c->c[j] = 1 - 2 * (int32_t)(signs & 1);
        signs >>= 1;
    }
}
