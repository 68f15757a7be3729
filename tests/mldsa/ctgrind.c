/* Constant-time test of ML-DSA KeyGen and Sign under valgrind memcheck (the ctgrind technique):
 * the secret inputs (xi, sk, rnd) are marked undefined, so memcheck reports every conditional
 * branch and memory address that depends on them, except where sw/mldsa declassifies at its
 * marked MLDSA_DECLASSIFY calls. Built with -DMLDSA_CTGRIND; run under
 * valgrind --error-exitcode=1. `ctgrind canary` branches on a secret on purpose
 * (tests/ct/ctgrind.h), to show that the harness detects a leak (that run must fail). */
#include "../ct/ctgrind.h"
#include "../../sw/mldsa/mldsa.h"

int main(int argc, char **argv)
{
    static uint8_t pk[2592], sk[4896], sig[4627];
    static const int levels[3] = {44, 65, 87};
    int runs = 0, bad = 0;

    CTGRIND_CANARY(argc, argv);
    for (int li = 0; li < 3; li++) {
        int level = levels[li];
        for (uint32_t s = 0; s < 2; s++) {
            uint8_t xi[32], rnd[32], msg[100], ctx[10];
            fill(xi, sizeof xi, 1000 * (uint32_t)level + s);
            fill(msg, sizeof msg, 7 + s);
            fill(ctx, sizeof ctx, 9 + s);
            SECRET(xi, sizeof xi);
            mldsa_keygen(level, pk, sk, xi);
            PUBLIC(pk, sizeof pk);
            /* Several messages, deterministic and hedged, so the signing loop rejects a few
             * times and both exits of every check run. */
            for (int m = 0; m < 3; m++) {
                msg[0] = (uint8_t)m;
                memset(rnd, 0, sizeof rnd);
                if (m == 2)
                    fill(rnd, sizeof rnd, 77 + s);
                SECRET(sk, sizeof sk);
                SECRET(rnd, sizeof rnd);
                if (m == 1)
                    mldsa_sign_internal(level, sig, sk, msg, sizeof msg, rnd);
                else
                    mldsa_sign(level, sig, sk, msg, sizeof msg, ctx, sizeof ctx, rnd);
                /* The signature is output: public. Verify it so a broken build cannot pass. */
                PUBLIC(sig, sizeof sig);
                int ok = m == 1 ? mldsa_verify_internal(level, pk, msg, sizeof msg, sig,
                                                        mldsa_sig_bytes(level))
                                : mldsa_verify(level, pk, msg, sizeof msg, ctx, sizeof ctx, sig,
                                               mldsa_sig_bytes(level));
                runs++;
                if (ok != 0) {
                    printf("ML-DSA-%d: signature %d does not verify\n", level, m);
                    bad++;
                }
            }
        }
        printf("ML-DSA-%d: KeyGen x2 and Sign x6 (external, internal, hedged) with secret "
               "xi, sk, rnd\n", level);
    }
    printf("%d signatures made and verified, %d failed\n", runs, bad);
    return bad ? 1 : 0;
}
