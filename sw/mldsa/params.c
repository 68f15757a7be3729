/* The ML-DSA parameter sets (FIPS 204, Tables 1 and 2) and sizes derived from them. */
#include "mldsa_internal.h"

#define PARAMS(lv, k_, l_, eta_, tau_, omega_, g1, g2, lambda, etab, zb, w1b, pk, sk, sig) \
    { lv, k_, l_, eta_, tau_, (tau_) * (eta_), omega_, g1, g2, (lambda) / 4, etab, zb, w1b, \
      (MLDSA_Q - 1) / (2 * (g2)),                                                             \
      ((1ULL << MLDSA_DIV_SHIFT) + 2 * (g2) - 1) / (2 * (g2)), pk, sk, sig }

/* FIPS 204, Table 1 and Table 2. */
static const mldsa_params params[3] = {
    PARAMS(44, 4, 4, 2, 39, 80, 1 << 17, (MLDSA_Q - 1) / 88, 128, 3, 18, 6, 1312, 2560, 2420),
    PARAMS(65, 6, 5, 4, 49, 55, 1 << 19, (MLDSA_Q - 1) / 32, 192, 4, 20, 4, 1952, 4032, 3309),
    PARAMS(87, 8, 7, 2, 60, 75, 1 << 19, (MLDSA_Q - 1) / 32, 256, 3, 20, 4, 2592, 4896, 4627),
};

const mldsa_params *mldsa_params_get(int level)
{
    switch (level) {
    case 44: return &params[0];
    case 65: return &params[1];
    case 87: return &params[2];
    default: return 0;
    }
}

