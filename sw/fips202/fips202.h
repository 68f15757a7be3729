/* SHA-3, SHAKE (FIPS 202 §6) and TurboSHAKE (RFC 9861 §2), written once on the Keccak-p
 * interface of sw/keccak/keccak.h. */
#ifndef FIPS202_H
#define FIPS202_H

#include <stddef.h>
#include <stdint.h>
#include "keccak.h"

#define SHAKE128_RATE 168
#define SHAKE256_RATE 136
#define SHA3_224_RATE 144
#define SHA3_256_RATE 136
#define SHA3_384_RATE 104
#define SHA3_512_RATE 72

/* A sponge: state, rate in bytes, position in the current block, rounds (24 or 12), the
 * domain-separation byte that starts the padding (SHA-3 0x06, SHAKE 0x1f, TurboSHAKE D), and
 * whether finalize has run. After finalize, pos == rate means "permute before the next byte". */
typedef struct {
    uint64_t s[25];
    unsigned rate, pos, nrounds;
    uint8_t ds;
    int squeezing;
} keccak_sponge;

void sponge_init(keccak_sponge *sp, unsigned rate, unsigned nrounds, uint8_t ds);
void shake128_init(keccak_sponge *sp);
void shake256_init(keccak_sponge *sp);
/* ds is the domain byte D, 0x01..0x7f (RFC 9861 §2.2). */
void turboshake128_init(keccak_sponge *sp, uint8_t ds);
void turboshake256_init(keccak_sponge *sp, uint8_t ds);

void sponge_absorb(keccak_sponge *sp, const uint8_t *in, size_t len);
void sponge_finalize(keccak_sponge *sp);
void sponge_squeeze(keccak_sponge *sp, uint8_t *out, size_t len);

void sha3_224(uint8_t *out, const uint8_t *in, size_t len);
void sha3_256(uint8_t *out, const uint8_t *in, size_t len);
void sha3_384(uint8_t *out, const uint8_t *in, size_t len);
void sha3_512(uint8_t *out, const uint8_t *in, size_t len);
void shake128(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen);
void shake256(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen);
void turboshake128(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen, uint8_t ds);
void turboshake256(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen, uint8_t ds);

#endif
