/* Constant-time test of HQC Keygen, Encaps and Decaps under valgrind memcheck (the ctgrind
 * technique, as tests/mldsa/ctgrind.c): seed_KEM, m and the secret part of dk (seed_dk,
 * sigma, seed_KEM) are marked undefined, so memcheck reports every conditional branch and
 * memory address that depends on them, except the fixed-weight sampler's rejection decision,
 * declassified at its one HQC_DECLASSIFY call (sw/hqc/sample.c). Decaps runs on a valid and on
 * a corrupted ciphertext (implicit rejection). Built with -DHQC_CTGRIND; run under
 * valgrind --error-exitcode=1. `ctgrind canary` branches on a secret on purpose
 * (tests/ct/ctgrind.h). */
#include "../ct/ctgrind.h"
#include "../../sw/hqc/hqc.h"

int main(int argc, char **argv)
{
    static uint8_t ek[HQC_EK_BYTES_MAX], dk[HQC_DK_BYTES_MAX], ct[HQC_CT_BYTES_MAX];
    static const int levels[3] = {1, 3, 5};
    int runs = 0, bad = 0;

    CTGRIND_CANARY(argc, argv);
    for (int li = 0; li < 3; li++) {
        int lv = levels[li];
        size_t ekn = hqc_ek_bytes(lv), dkn = hqc_dk_bytes(lv), ctn = hqc_ct_bytes(lv);
        uint8_t seed[HQC_SEED_BYTES], m[HQC_M_BYTES_MAX], salt[HQC_SALT_BYTES];
        uint8_t ss[HQC_SS_BYTES], ss2[HQC_SS_BYTES], ss3[HQC_SS_BYTES];
        fill(seed, sizeof seed, 100 + (uint32_t)lv);
        fill(m, sizeof m, 200 + (uint32_t)lv);
        fill(salt, sizeof salt, 300 + (uint32_t)lv);
        SECRET(seed, sizeof seed);
        hqc_keygen(lv, ek, dk, seed);
        PUBLIC(ek, ekn);        /* output: public */
        PUBLIC(dk, ekn);        /* dk starts with ek */
        SECRET(m, sizeof m);
        hqc_encaps(lv, ct, ss, ek, m, salt);
        PUBLIC(ct, ctn);        /* output: public */
        SECRET(dk + ekn, dkn - ekn);
        hqc_decaps(lv, ss2, dk, ct);
        ct[7] ^= 1;
        SECRET(dk + ekn, dkn - ekn);
        hqc_decaps(lv, ss3, dk, ct);
        /* Compare the secrets only now (a test, not the code under test). */
        PUBLIC(ss, sizeof ss);
        PUBLIC(ss2, sizeof ss2);
        PUBLIC(ss3, sizeof ss3);
        runs++;
        if (memcmp(ss, ss2, sizeof ss) || !memcmp(ss, ss3, sizeof ss)) {
            printf("HQC-%d: decapsulation gave the wrong key\n", lv);
            bad++;
        }
        printf("HQC-%d: Keygen, Encaps, Decaps (valid and corrupted ciphertext) with secret "
               "seed_KEM, m, dk\n", lv);
    }
    printf("%d levels run, %d failed\n", runs, bad);
    return bad ? 1 : 0;
}
