/* Test driver for sw/mldsa: reads one command per line on stdin, writes one answer line.
 * Hex arguments; "-" is the empty string. Used by run_vectors.py on the host and under QEMU.
 *   keygen L XI                 -> PK SK
 *   sign L SK MSG CTX RND       -> SIG | refused (ML-DSA.Sign, external interface)
 *   signi L SK MPRIME RND       -> SIG        (ML-DSA.Sign_internal)
 *   verify L PK MSG CTX SIG     -> ok | fail  (ML-DSA.Verify)
 *   verifyi L PK MPRIME SIG     -> ok | fail  (ML-DSA.Verify_internal)
 *   selftest N                  -> what was compared, then "P passed, F failed" (one per function):
 *                                  the NTT, inverse NTT, pointwise products and uniform
 *                                  rejection sampling in use (RVV in PQC_VINTR builds) against
 *                                  the scalar C on N random inputs each (a cross-check of the
 *                                  vector code; the known-answer vectors are the oracle)
 * A malformed line gives "error: ..." on stdout (so answers stay aligned) and exit status 2. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../sw/mldsa/mldsa.h"
#include "../../sw/mldsa/mldsa_internal.h"

static int bad;

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Decodes tok into a fresh buffer (never NULL); *len gets its length. -1 on bad hex. */
static int unhex(const char *tok, uint8_t **out, size_t *len)
{
    size_t n = strcmp(tok, "-") == 0 ? 0 : strlen(tok);
    if (n % 2)
        return -1;
    *out = malloc(n / 2 + 1);
    if (!*out)
        return -1;
    for (size_t i = 0; i < n / 2; i++) {
        int hi = hexval(tok[2 * i]), lo = hexval(tok[2 * i + 1]);
        if (hi < 0 || lo < 0)
            return -1;
        (*out)[i] = (uint8_t)(hi << 4 | lo);
    }
    *len = n / 2;
    return 0;
}

static void puthex(const uint8_t *p, size_t n)
{
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        putchar(digits[p[i] >> 4]);
        putchar(digits[p[i] & 15]);
    }
}

static void fail(const char *why)
{
    printf("error: %s\n", why);
    bad = 1;
}

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static uint32_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}

/* Uniform in [-bound, bound], with the extremes themselves every so often. */
static int32_t rnd_in(int32_t bound)
{
    uint32_t r = rng();
    if ((r & 31) == 0)
        return (r & 32) ? bound : -bound;
    return (int32_t)(rng() % (2 * (uint32_t)bound + 1)) - bound;
}

static void selftest(int rounds)
{
    /* One count per function compared: ntt, invntt, pointwise, pointwise-acc, rej_uniform. */
    int mismatch[5] = {0};
    for (int r = 0; r < rounds; r++) {
        mldsa_poly a, b, c, x, y;
        for (int i = 0; i < MLDSA_N; i++) {
            a.c[i] = rnd_in(MLDSA_Q - 1);
            b.c[i] = rnd_in(9 * MLDSA_Q - 1);
            c.c[i] = (int32_t)(rng() % MLDSA_Q);
        }
        x = a, y = a;
        mldsa_poly_ntt(&x);
        mldsa_poly_ntt_scalar(&y);
        mismatch[0] += memcmp(&x, &y, sizeof x) != 0;
        x = a, y = a;
        mldsa_poly_invntt_tomont(&x);
        mldsa_poly_invntt_tomont_scalar(&y);
        mismatch[1] += memcmp(&x, &y, sizeof x) != 0;
        mldsa_poly_pointwise_montgomery(&x, &c, &b);
        mldsa_poly_pointwise_montgomery_scalar(&y, &c, &b);
        mismatch[2] += memcmp(&x, &y, sizeof x) != 0;
        x = a, y = a;
        mldsa_poly_pointwise_acc_montgomery(&x, &c, &b);
        mldsa_poly_pointwise_acc_montgomery_scalar(&y, &c, &b);
        mismatch[3] += memcmp(&x, &y, sizeof x) != 0;

        /* Streams of 3-byte groups, some with many candidates >= q, and a partly filled r. */
        uint8_t buf[5 * 168];
        uint32_t reject_rate = rng() % 4;
        for (size_t i = 0; i < sizeof buf; i++)
            buf[i] = (uint8_t)rng();
        for (size_t i = 0; i + 3 <= sizeof buf; i += 3)
            if (rng() % 4 < reject_rate)
                buf[i + 1] = 0xff, buf[i + 2] |= 0x7f;
        unsigned start = rng() % 200, len = 3 * (rng() % (sizeof buf / 3 + 1));
        memset(&x, 0, sizeof x);
        memset(&y, 0, sizeof y);
        unsigned n1 = mldsa_rej_uniform(x.c, start, MLDSA_N, buf, len);
        unsigned n2 = mldsa_rej_uniform_scalar(y.c, start, MLDSA_N, buf, len);
        mismatch[4] += n1 != n2 || memcmp(&x, &y, sizeof x) != 0;
    }
    static const char *names[5] = {"ntt", "invntt_tomont", "pointwise", "pointwise_acc",
                                   "rej_uniform"};
    int failed = 0;
    for (int f = 0; f < 5; f++) {
        printf("selftest: %s %s vs scalar C on %d random inputs: %d mismatches\n",
#ifdef PQC_VINTR
               "RVV",
#else
               "scalar",
#endif
               names[f], rounds, mismatch[f]);
        failed += mismatch[f] != 0;
    }
    printf("%d passed, %d failed\n", 5 - failed, failed);
    if (failed)
        bad = 1;
}

static void run(char *line)
{
    char *tok[8];
    int ntok = 0;
    for (char *s = strtok(line, " \t\r\n"); s; s = strtok(NULL, " \t\r\n"))
        if (ntok < 8)
            tok[ntok++] = s;
    if (ntok == 0)
        return fail("empty line");
    if (!strcmp(tok[0], "selftest") && ntok == 2)
        return selftest(atoi(tok[1]));
    int level = ntok > 1 ? atoi(tok[1]) : 0;
    size_t pkn = mldsa_pk_bytes(level), skn = mldsa_sk_bytes(level), sign = mldsa_sig_bytes(level);
    if (!pkn)
        return fail("unknown level");
    uint8_t *arg[5] = {0};
    size_t len[5] = {0};
    for (int i = 2; i < ntok; i++)
        if (unhex(tok[i], &arg[i - 2], &len[i - 2]) != 0) {
            fail("bad hex");
            goto out;
        }
    uint8_t *pk = malloc(pkn), *sk = malloc(skn), *sig = malloc(sign);
    const char *cmd = tok[0];
    if (!strcmp(cmd, "keygen") && ntok == 3 && len[0] == 32) {
        mldsa_keygen(level, pk, sk, arg[0]);
        puthex(pk, pkn);
        putchar(' ');
        puthex(sk, skn);
        putchar('\n');
    } else if (!strcmp(cmd, "sign") && ntok == 6 && len[0] == skn && len[3] == 32) {
        if (mldsa_sign(level, sig, arg[0], arg[1], len[1], arg[2], len[2], arg[3]) != 0)
            puts("refused");
        else {
            puthex(sig, sign);
            putchar('\n');
        }
    } else if (!strcmp(cmd, "signi") && ntok == 5 && len[0] == skn && len[2] == 32) {
        mldsa_sign_internal(level, sig, arg[0], arg[1], len[1], arg[2]);
        puthex(sig, sign);
        putchar('\n');
    } else if (!strcmp(cmd, "verify") && ntok == 6 && len[0] == pkn) {
        int r = mldsa_verify(level, arg[0], arg[1], len[1], arg[2], len[2], arg[3], len[3]);
        puts(r == 0 ? "ok" : "fail");
    } else if (!strcmp(cmd, "verifyi") && ntok == 5 && len[0] == pkn) {
        int r = mldsa_verify_internal(level, arg[0], arg[1], len[1], arg[2], len[2]);
        puts(r == 0 ? "ok" : "fail");
    } else {
        fail("unknown command or wrong argument count or length");
    }
    free(pk);
    free(sk);
    free(sig);
out:
    for (int i = 0; i < 5; i++)
        free(arg[i]);
}

int main(void)
{
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, stdin) > 0) {
        run(line);
        fflush(stdout);
    }
    free(line);
    return bad ? 2 : 0;
}
