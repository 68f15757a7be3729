/* ML-KEM-512/768/1024 (FIPS 203). level is 512, 768 or 1024. All functions are constant time
 * in the secret inputs; the only data-dependent branches are on public values (the encoded
 * keys' modulus and hash checks, rejection sampling of the matrix from rho). */
#ifndef MLKEM_H
#define MLKEM_H

#include <stddef.h>
#include <stdint.h>

#define MLKEM_EK_BYTES_MAX 1568
#define MLKEM_DK_BYTES_MAX 3168
#define MLKEM_CT_BYTES_MAX 1568
#define MLKEM_SS_BYTES 32

/* Sizes (FIPS 203 §8, Table 3); 0 for an unknown level. */
size_t mlkem_ek_bytes(int level);
size_t mlkem_dk_bytes(int level);
size_t mlkem_ct_bytes(int level);

/* FIPS 203, Algorithm 16 (ML-KEM.KeyGen_internal): ek, dk from the seeds d and z.
 * Returns 0, or -1 for an unknown level. */
int mlkem_keygen_internal(int level, uint8_t *ek, uint8_t *dk, const uint8_t d[32],
                          const uint8_t z[32]);

/* FIPS 203, Algorithm 17 (ML-KEM.Encaps_internal): ct and the shared key K from ek and m.
 * No input check (see mlkem_encaps). */
int mlkem_encaps_internal(int level, uint8_t *ct, uint8_t ss[32], const uint8_t *ek,
                          const uint8_t m[32]);

/* FIPS 203, Algorithm 18 (ML-KEM.Decaps_internal), with implicit rejection. No input check. */
int mlkem_decaps_internal(int level, uint8_t ss[32], const uint8_t *dk, const uint8_t *ct);

/* FIPS 203 §7.2 encapsulation key check 2 (modulus check): 0 if every 12-bit value of
 * ek[0 : 384k] is < q, else -1. Length check 1 is the caller's (sizes are fixed here). */
int mlkem_check_ek(int level, const uint8_t *ek);

/* FIPS 203 §7.3 decapsulation key check 3 (hash check): 0 if H(dk[384k : 768k+32]) equals
 * dk[768k+32 : 768k+64], else -1. */
int mlkem_check_dk(int level, const uint8_t *dk);

/* FIPS 203, Algorithm 20 (ML-KEM.Encaps) with m given instead of drawn: modulus check, then
 * Algorithm 17. Returns 0, or -1 if ek fails the check (ct, ss untouched). */
int mlkem_encaps(int level, uint8_t *ct, uint8_t ss[32], const uint8_t *ek, const uint8_t m[32]);

/* FIPS 203, Algorithm 21 (ML-KEM.Decaps): hash check, then Algorithm 18. Returns 0, or -1
 * if dk fails the check (ss untouched). */
int mlkem_decaps(int level, uint8_t ss[32], const uint8_t *dk, const uint8_t *ct);

#endif
