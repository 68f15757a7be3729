/* HQC-1, HQC-3, HQC-5: HQC-KEM as specified by the HQC team's 2025-08-22 specification, in the
 * variant liboqs ships (see README.md for the two readings of its sampling and XOF). The
 * public interface used by kpqc, the tests and the benchmarks; level is 1, 3 or 5 (any other
 * level makes the size functions return 0 and the others -1). */
#ifndef HQC_H
#define HQC_H

#include <stddef.h>
#include <stdint.h>

#define HQC_SEED_BYTES 32
#define HQC_SALT_BYTES 16
#define HQC_SS_BYTES 32
#define HQC_EK_BYTES_MAX 7237
#define HQC_DK_BYTES_MAX 7333
#define HQC_CT_BYTES_MAX 14421
#define HQC_M_BYTES_MAX 32

size_t hqc_ek_bytes(int level);
size_t hqc_dk_bytes(int level);
size_t hqc_ct_bytes(int level);
size_t hqc_m_bytes(int level);      /* the message m of Encaps: 16, 24 or 32 bytes */

/* HQC-KEM.Keygen with its seed seed_KEM (32 bytes) given. 0 on success. */
int hqc_keygen(int level, uint8_t *ek, uint8_t *dk, const uint8_t seed_kem[HQC_SEED_BYTES]);

/* HQC-KEM.Encaps with m (hqc_m_bytes) and salt (16 bytes) given: ct and the shared secret. */
int hqc_encaps(int level, uint8_t *ct, uint8_t ss[HQC_SS_BYTES], const uint8_t *ek,
               const uint8_t *m, const uint8_t salt[HQC_SALT_BYTES]);

/* HQC-KEM.Decaps (implicit rejection: a ciphertext that does not re-encrypt gives
 * K~ = J(H(ek) || sigma || ct)). */
int hqc_decaps(int level, uint8_t ss[HQC_SS_BYTES], const uint8_t *dk, const uint8_t *ct);

#endif
