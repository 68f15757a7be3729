/* Constant-time test of ML-KEM (issue 5): run under valgrind memcheck with the secret inputs
 * marked undefined (PQC_SECRET); memcheck then reports every branch or memory address that
 * depends on them. Public values are declassified here only where the protocol makes them
 * public, each with the reason; inside the library the one declassification is rho in
 * K-PKE.KeyGen (sw/mlkem/mlkem.c).
 * usage: ct_mlkem LEVEL keygen|encaps|decaps|decaps-bad|leak     (leak: a deliberate
 * secret-dependent branch, the negative control that shows the harness detects one) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mlkem.h"
#include "pqc_ct.h"

static void fill(uint8_t *p, size_t n, uint8_t seed)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(seed + 131 * i + (i >> 3));
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: ct_mlkem LEVEL keygen|encaps|decaps|decaps-bad|leak\n");
        return 2;
    }
    int level = atoi(argv[1]);
    const char *op = argv[2];
    size_t ekn = mlkem_ek_bytes(level), ctn = mlkem_ct_bytes(level);
    if (!ekn) {
        fprintf(stderr, "ct_mlkem: unknown level %s\n", argv[1]);
        return 2;
    }
    unsigned k = (unsigned)(ekn - 32) / 384;
    uint8_t d[32], z[32], m[32], ek[MLKEM_EK_BYTES_MAX], dk[MLKEM_DK_BYTES_MAX];
    uint8_t ct[MLKEM_CT_BYTES_MAX], ss[32], ss2[32];
    fill(d, 32, 1);
    fill(z, 32, 2);
    fill(m, 32, 3);

    if (!strcmp(op, "leak")) {
        PQC_SECRET(d, 32);
        volatile int sink = 0;
        if (d[0] & 1)   /* deliberately secret-dependent: memcheck must report this */
            sink = 1;
        (void)sink;
        return 0;
    }
    if (!strcmp(op, "keygen")) {
        PQC_SECRET(d, 32);
        PQC_SECRET(z, 32);
        return mlkem_keygen_internal(level, ek, dk, d, z) ? 1 : 0;
    }
    /* Set-up with everything defined; the key pair itself is not under test here. */
    mlkem_keygen_internal(level, ek, dk, d, z);
    if (!strcmp(op, "encaps")) {
        PQC_SECRET(m, 32);           /* ek is public by definition */
        return mlkem_encaps(level, ct, ss, ek, m) ? 1 : 0;
    }
    mlkem_encaps(level, ct, ss, ek, m);
    if (!strcmp(op, "decaps-bad"))
        ct[ctn / 2] ^= 0x10;         /* implicit rejection path */
    else if (strcmp(op, "decaps")) {
        fprintf(stderr, "ct_mlkem: unknown operation %s\n", op);
        return 2;
    }
    /* dk = dk_PKE || ek || H(ek) || z: dk_PKE and z are secret; ek and H(ek) are public. The
     * ciphertext is public (it travels in the clear). */
    PQC_SECRET(dk, 384 * k);
    PQC_SECRET(dk + 768 * k + 64, 32);
    int rc = mlkem_decaps(level, ss2, dk, ct);
    /* Declassified only to report the functional result, after the operation under test. */
    PQC_DECLASSIFY(ss2, 32);
    PQC_DECLASSIFY(ss, 32);
    int same = !memcmp(ss, ss2, 32);
    if (rc || same != !strcmp(op, "decaps")) {
        fprintf(stderr, "ct_mlkem: decaps gave a wrong result\n");
        return 1;
    }
    return 0;
}
