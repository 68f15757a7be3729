/* ML-DSA-44/65/87 (FIPS 204): the public interface used by kpqc, the tests and the benchmarks.
 * level is 44, 65 or 87; any other level makes the size functions return 0 and the others -1.
 * Byte strings are the FIPS 204 encodings (pkEncode, skEncode, sigEncode). */
#ifndef MLDSA_H
#define MLDSA_H

#include <stddef.h>
#include <stdint.h>

size_t mldsa_pk_bytes(int level);
size_t mldsa_sk_bytes(int level);
size_t mldsa_sig_bytes(int level);

/* FIPS 204, Algorithm 6 (ML-DSA.KeyGen_internal): the key pair from the seed xi. 0 on success. */
int mldsa_keygen(int level, uint8_t *pk, uint8_t *sk, const uint8_t xi[32]);

/* FIPS 204, Algorithm 2 (ML-DSA.Sign), pure ML-DSA with context string ctx. rnd is the
 * per-signature randomness: 32 zero bytes give the deterministic variant, fresh random bytes
 * the hedged one. Returns 0, or -1 if ctxlen > 255 (sig is then left untouched). */
int mldsa_sign(int level, uint8_t *sig, const uint8_t *sk, const uint8_t *msg, size_t mlen,
               const uint8_t *ctx, size_t ctxlen, const uint8_t rnd[32]);

/* FIPS 204, Algorithm 7 (ML-DSA.Sign_internal) over the message representative M'. */
int mldsa_sign_internal(int level, uint8_t *sig, const uint8_t *sk, const uint8_t *mprime,
                        size_t mlen, const uint8_t rnd[32]);

/* FIPS 204, Algorithm 3 (ML-DSA.Verify). 0 = valid; -1 = invalid (including a signature of the
 * wrong length or ctxlen > 255). */
int mldsa_verify(int level, const uint8_t *pk, const uint8_t *msg, size_t mlen,
                 const uint8_t *ctx, size_t ctxlen, const uint8_t *sig, size_t siglen);

/* FIPS 204, Algorithm 8 (ML-DSA.Verify_internal) over the message representative M'. */
int mldsa_verify_internal(int level, const uint8_t *pk, const uint8_t *mprime, size_t mlen,
                          const uint8_t *sig, size_t siglen);

#endif
