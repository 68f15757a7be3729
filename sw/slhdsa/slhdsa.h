/* SLH-DSA (FIPS 205) with the SHAKE parameter sets SLH-DSA-SHAKE-128s/128f/192s/192f/256s/256f:
 * the public interface used by kpqc, the tests and the benchmarks. Byte strings are the
 * FIPS 205 encodings: sk = SK.seed || SK.prf || PK.seed || PK.root, pk = PK.seed || PK.root,
 * sig = R || SIG_FORS || SIG_HT (§9, §10). */
#ifndef SLHDSA_H
#define SLHDSA_H

#include <stddef.h>
#include <stdint.h>

/* One row of FIPS 205 Table 2 plus the derived sizes. */
typedef struct {
    const char *name;       /* "SLH-DSA-SHAKE-128s" ... */
    unsigned n;             /* security parameter: bytes per hash value */
    unsigned h, d, hp;      /* hypertree height, layers, XMSS tree height h' = h/d */
    unsigned a, k;          /* FORS: tree height, number of trees */
    unsigned lg_w, m;       /* WOTS+ log2(w) (4 for every set); H_msg output bytes */
    unsigned len;           /* WOTS+ chains: len1 + len2 = 2n + 3 (§5, lg_w = 4) */
    size_t pk_bytes, sk_bytes, sig_bytes;
} slhdsa_params;

/* Largest sizes over the six sets (SHAKE-256f). */
#define SLHDSA_N_MAX 32
#define SLHDSA_PK_BYTES_MAX 64
#define SLHDSA_SK_BYTES_MAX 128
#define SLHDSA_SIG_BYTES_MAX 49856

/* The parameter set named name, case-insensitively: "SLH-DSA-SHAKE-128f" or "shake-128f";
 * NULL if it is not one of the six SHAKE sets. */
const slhdsa_params *slhdsa_params_find(const char *name);
/* The six sets in Table 2 order (128s, 128f, 192s, 192f, 256s, 256f); NULL past the end. */
const slhdsa_params *slhdsa_params_at(unsigned i);

/* FIPS 205, Algorithm 18 (slh_keygen_internal): the key pair from the three n-byte seeds. */
void slhdsa_keygen_internal(const slhdsa_params *p, uint8_t *sk, uint8_t *pk,
                            const uint8_t *sk_seed, const uint8_t *sk_prf, const uint8_t *pk_seed);

/* FIPS 205, Algorithm 19 (slh_sign_internal) of the message M. addrnd is n bytes of fresh
 * randomness (hedged) or NULL (deterministic: opt_rand = PK.seed). */
void slhdsa_sign_internal(const slhdsa_params *p, uint8_t *sig, const uint8_t *m, size_t mlen,
                          const uint8_t *sk, const uint8_t *addrnd);

/* FIPS 205, Algorithm 22 (slh_sign), pure SLH-DSA with context string ctx: signs
 * M' = toByte(0,1) || toByte(|ctx|,1) || ctx || M. addrnd as above. Returns 0, or -1 if
 * ctxlen > 255 (sig is then untouched). */
int slhdsa_sign(const slhdsa_params *p, uint8_t *sig, const uint8_t *m, size_t mlen,
                const uint8_t *ctx, size_t ctxlen, const uint8_t *sk, const uint8_t *addrnd);

/* FIPS 205, Algorithm 20 (slh_verify_internal). 0 = valid; -1 = invalid (including a
 * signature of the wrong length). */
int slhdsa_verify_internal(const slhdsa_params *p, const uint8_t *m, size_t mlen,
                           const uint8_t *sig, size_t siglen, const uint8_t *pk);

/* FIPS 205, Algorithm 24 (slh_verify), pure SLH-DSA with context string ctx. 0 = valid;
 * -1 = invalid (including ctxlen > 255). */
int slhdsa_verify(const slhdsa_params *p, const uint8_t *m, size_t mlen, const uint8_t *ctx,
                  size_t ctxlen, const uint8_t *sig, size_t siglen, const uint8_t *pk);

#endif
