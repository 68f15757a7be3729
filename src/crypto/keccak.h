/* Keccak-p[1600, nr] (FIPS 202, Sections 3.2 and 3.3): the permutation behind vkeccak.vi and the
 * other Keccak accelerators of the simulator. State: 25 lanes, A[x,y] = s[x + 5y]. */
#ifndef K64_CRYPTO_KECCAK_H
#define K64_CRYPTO_KECCAK_H
#include <stdint.h>
/* Applies the last nr rounds (RC[24 - nr] .. RC[23]); nr <= 24. */
void k64_keccak_p1600(uint64_t s[25], unsigned nr);
/* One round with round index ir (RC[ir]), ir <= 23: Keccak-p[1600, 24] is rounds 0..23. */
void k64_keccak_round(uint64_t s[25], unsigned ir);
#endif
