/* Constant-time test of SLH-DSA KeyGen and Sign under valgrind memcheck (the ctgrind technique,
 * as tests/mldsa/ctgrind.c): SK.seed, SK.prf and addrnd are marked undefined, so memcheck
 * reports every conditional branch and memory address that depends on them, except where
 * sw/slhdsa declassifies at its marked SLHDSA_DECLASSIFY calls (values the verifier
 * recomputes from the signature). PK.seed is public. Built with -DSLHDSA_CTGRIND; run under
 * valgrind --error-exitcode=1. `ctgrind canary` branches on a secret on purpose
 * (tests/ct/ctgrind.h). */
#include "../ct/ctgrind.h"
#include "../../sw/slhdsa/slhdsa.h"

int main(int argc, char **argv)
{
    static uint8_t sig[SLHDSA_SIG_BYTES_MAX];
    /* One set: every set runs the same code with other sizes; an s-set signature would take
     * minutes under valgrind. */
    static const char *sets[] = {"shake-128f"};
    int runs = 0, bad = 0;

    CTGRIND_CANARY(argc, argv);
    for (unsigned si = 0; si < sizeof sets / sizeof sets[0]; si++) {
        const slhdsa_params *p = slhdsa_params_find(sets[si]);
        uint8_t seeds[3 * SLHDSA_N_MAX], sk[SLHDSA_SK_BYTES_MAX], pk[SLHDSA_PK_BYTES_MAX];
        uint8_t addrnd[SLHDSA_N_MAX], msg[100], ctx[10];
        fill(seeds, sizeof seeds, 17 + si);
        fill(msg, sizeof msg, 7);
        fill(ctx, sizeof ctx, 9);
        fill(addrnd, sizeof addrnd, 77);
        SECRET(seeds, 2 * p->n);   /* SK.seed, SK.prf */
        slhdsa_keygen_internal(p, sk, pk, seeds, seeds + p->n, seeds + 2 * p->n);
        /* PK.seed || PK.root: public, in pk and in the second half of sk. */
        PUBLIC(pk, p->pk_bytes);
        PUBLIC(sk + 2 * p->n, 2 * p->n);
        for (int m = 0; m < 3; m++) {
            SECRET(sk, 2 * p->n);
            SECRET(addrnd, p->n);
            if (m == 0)
                slhdsa_sign_internal(p, sig, msg, sizeof msg, sk, NULL);
            else
                slhdsa_sign(p, sig, msg, sizeof msg, ctx, sizeof ctx, sk, m == 2 ? addrnd : NULL);
            /* The signature is output: public. Verify it so a broken build cannot pass. */
            PUBLIC(sig, p->sig_bytes);
            int ok = m == 0 ? slhdsa_verify_internal(p, msg, sizeof msg, sig, p->sig_bytes, pk)
                            : slhdsa_verify(p, msg, sizeof msg, ctx, sizeof ctx, sig, p->sig_bytes, pk);
            runs++;
            if (ok != 0) {
                printf("%s: signature %d does not verify\n", p->name, m);
                bad++;
            }
        }
        printf("%s: KeyGen and Sign x3 (internal, external with ctx, hedged) with secret "
               "SK.seed, SK.prf, addrnd\n", p->name);
    }
    printf("%d signatures made and verified, %d failed\n", runs, bad);
    return bad ? 1 : 0;
}
