/* The sponge construction (FIPS 202 §4, Algorithm 8) with pad10*1 (§5.1) and the
 * domain-separation suffixes of §6 folded into the first padding byte: SHA-3 appends 01,
 * SHAKE 1111, TurboSHAKE the byte D (RFC 9861 §2.2). Runs of whole blocks go through
 * keccak_absorb_blocks/keccak_squeeze_blocks so a resident-state backend can take them. */
#include <string.h>
#include "fips202.h"

void sponge_init(keccak_sponge *sp, unsigned rate, unsigned nrounds, uint8_t ds)
{
    memset(sp->s, 0, sizeof sp->s);
    sp->rate = rate;
    sp->pos = 0;
    sp->nrounds = nrounds;
    sp->ds = ds;
    sp->squeezing = 0;
}

void shake128_init(keccak_sponge *sp) { sponge_init(sp, SHAKE128_RATE, 24, 0x1f); }
void shake256_init(keccak_sponge *sp) { sponge_init(sp, SHAKE256_RATE, 24, 0x1f); }
void turboshake128_init(keccak_sponge *sp, uint8_t ds) { sponge_init(sp, SHAKE128_RATE, 12, ds); }
void turboshake256_init(keccak_sponge *sp, uint8_t ds) { sponge_init(sp, SHAKE256_RATE, 12, ds); }

void sponge_absorb(keccak_sponge *sp, const uint8_t *in, size_t len)
{
    if (sp->pos > 0) {
        unsigned n = sp->rate - sp->pos;
        if (len < n)
            n = (unsigned)len;
        keccak_p1600_add_bytes(sp->s, in, sp->pos, n);
        sp->pos += n, in += n, len -= n;
        if (sp->pos < sp->rate)
            return;
        keccak_p1600_permute(sp->s, sp->nrounds);
        sp->pos = 0;
    }
    if (len >= sp->rate) {
        size_t done = keccak_absorb_blocks(sp->s, sp->rate, in, len / sp->rate, sp->nrounds);
        in += done, len -= done;
    }
    keccak_p1600_add_bytes(sp->s, in, 0, (unsigned)len);
    sp->pos = (unsigned)len;
}

void sponge_finalize(keccak_sponge *sp)
{
    uint8_t last = 0x80;
    keccak_p1600_add_bytes(sp->s, &sp->ds, sp->pos, 1);
    keccak_p1600_add_bytes(sp->s, &last, sp->rate - 1, 1);
    sp->pos = sp->rate;
    sp->squeezing = 1;
}

void sponge_squeeze(keccak_sponge *sp, uint8_t *out, size_t len)
{
    if (!sp->squeezing)
        sponge_finalize(sp);
    while (len > 0) {
        if (sp->pos == sp->rate) {
            if (len >= sp->rate) {
                size_t n = len / sp->rate;
                keccak_squeeze_blocks(sp->s, sp->rate, out, n, sp->nrounds);
                out += n * sp->rate, len -= n * sp->rate;
                continue;
            }
            keccak_p1600_permute(sp->s, sp->nrounds);
            sp->pos = 0;
        }
        unsigned n = sp->rate - sp->pos;
        if (len < n)
            n = (unsigned)len;
        keccak_p1600_extract_bytes(sp->s, out, sp->pos, n);
        sp->pos += n, out += n, len -= n;
    }
}

static void sponge_oneshot(unsigned rate, unsigned nrounds, uint8_t ds, uint8_t *out,
                           size_t outlen, const uint8_t *in, size_t inlen)
{
    keccak_sponge sp;
#ifdef KECCAK_BACKEND_SPONGE_DMA
    /* the one-shot sponge device: SHAKE256 and SHA3-256 (rate 136, 24 rounds) */
    if (rate == 136 && nrounds == 24 && keccak_dma_sponge136(out, outlen, in, inlen, ds))
        return;
#endif
    sponge_init(&sp, rate, nrounds, ds);
    sponge_absorb(&sp, in, inlen);
    sponge_squeeze(&sp, out, outlen);
}

/* SHA3-d(M) = Keccak[c = 2d](M || 01, d) (FIPS 202 §6.1). */
void sha3_224(uint8_t *out, const uint8_t *in, size_t len) { sponge_oneshot(SHA3_224_RATE, 24, 0x06, out, 28, in, len); }
void sha3_256(uint8_t *out, const uint8_t *in, size_t len) { sponge_oneshot(SHA3_256_RATE, 24, 0x06, out, 32, in, len); }
void sha3_384(uint8_t *out, const uint8_t *in, size_t len) { sponge_oneshot(SHA3_384_RATE, 24, 0x06, out, 48, in, len); }
void sha3_512(uint8_t *out, const uint8_t *in, size_t len) { sponge_oneshot(SHA3_512_RATE, 24, 0x06, out, 64, in, len); }

/* SHAKE128/256(M, d) = Keccak[256/512](M || 1111, d) (FIPS 202 §6.2). */
void shake128(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen) { sponge_oneshot(SHAKE128_RATE, 24, 0x1f, out, outlen, in, inlen); }
void shake256(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen) { sponge_oneshot(SHAKE256_RATE, 24, 0x1f, out, outlen, in, inlen); }

/* TurboSHAKE128/256(M, D, L) (RFC 9861 §2.2): Keccak-p[1600,12] sponge, capacity 256/512. */
void turboshake128(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen, uint8_t ds) { sponge_oneshot(SHAKE128_RATE, 12, ds, out, outlen, in, inlen); }
void turboshake256(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen, uint8_t ds) { sponge_oneshot(SHAKE256_RATE, 12, ds, out, outlen, in, inlen); }
