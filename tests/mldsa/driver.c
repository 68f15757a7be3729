/* Test driver for sw/mldsa: reads one command per line on stdin, writes one answer line.
 * Hex arguments; "-" is the empty string. Used by run_vectors.py on the host and under QEMU.
 *   keygen L XI                 -> PK SK
 *   sign L SK MSG CTX RND       -> SIG        (ML-DSA.Sign, external interface)
 *   signi L SK MPRIME RND       -> SIG        (ML-DSA.Sign_internal)
 *   verify L PK MSG CTX SIG     -> ok | fail  (ML-DSA.Verify)
 *   verifyi L PK MPRIME SIG     -> ok | fail  (ML-DSA.Verify_internal)
 * A malformed line gives "error: ..." on stdout (so answers stay aligned) and exit status 2. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../sw/mldsa/mldsa.h"

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

static void run(char *line)
{
    char *tok[8];
    int ntok = 0;
    for (char *s = strtok(line, " \t\r\n"); s; s = strtok(NULL, " \t\r\n"))
        if (ntok < 8)
            tok[ntok++] = s;
    if (ntok == 0)
        return fail("empty line");
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
            fail("sign refused");
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
