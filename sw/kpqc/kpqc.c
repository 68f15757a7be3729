/* kpqc: command-line front end to the guest PQC library (issue 5). Hex in, hex out, one value
 * per line. Exit status: 0 ok, 1 signature verification failed, 2 bad input.
 * Extensions used by the tests (documented in --help): --batch runs one command per stdin
 * line, so a whole vector file costs one process (matters under simulation); --repeat-to N
 * makes the hash message MSG repeated up to N bytes (ACVP "large data" tests). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fips202.h"
#include "hqc.h"
#include "keccak.h"
#include "mldsa.h"
#include "mlkem.h"
#include "slhdsa.h"

/* ML-DSA comes from sw/mldsa, linked if it built; weak references let kpqc link without it. */
#pragma weak mldsa_pk_bytes
#pragma weak mldsa_sk_bytes
#pragma weak mldsa_sig_bytes
#pragma weak mldsa_keygen
#pragma weak mldsa_sign
#pragma weak mldsa_sign_internal
#pragma weak mldsa_verify
#pragma weak mldsa_verify_internal

#define EXIT_FAIL 1
#define EXIT_BAD 2
#define MAX_ARGS 16

static FILE *out;   /* results */
static FILE *err;   /* error lines: stderr, or stdout in batch mode to keep them in order */

static const char usage[] =
    "usage: kpqc ALG OP ARGS... | kpqc HASH MSG [OUTLEN] [--domain D] | kpqc --help\n"
    "  ml-kem-512|768|1024 keygen D Z        -> ek, dk\n"
    "  ml-kem-512|768|1024 encaps EK M       -> ct, shared secret\n"
    "  ml-kem-512|768|1024 decaps DK CT      -> shared secret\n"
    "  ml-dsa-44|65|87 keygen XI             -> pk, sk\n"
    "  ml-dsa-44|65|87 sign SK MSG [--ctx CTX] [--rnd RND] [--internal]   -> signature\n"
    "  ml-dsa-44|65|87 verify PK MSG SIG [--ctx CTX] [--internal]  -> ok (exit 0) | fail (exit 1)\n"
    "  slh-dsa-shake-128s|128f|192s|192f|256s|256f keygen SKSEED SKPRF PKSEED  -> pk, sk\n"
    "  slh-dsa-shake-* sign SK MSG [--ctx CTX] [--rnd ADDRND] [--internal]  -> signature\n"
    "                  (no --rnd: deterministic, opt_rand = PK.seed; ADDRND n bytes: hedged)\n"
    "  slh-dsa-shake-* verify PK MSG SIG [--ctx CTX] [--internal]  -> ok (exit 0) | fail (exit 1)\n"
    "  hqc-1|3|5 keygen SEED                 -> ek, dk        (SEED: seed_KEM, 32 bytes)\n"
    "  hqc-1|3|5 encaps EK M SALT            -> ct, shared secret (M: 16|24|32 bytes, SALT 16)\n"
    "  hqc-1|3|5 decaps DK CT                -> shared secret\n"
    "  sha3-224|sha3-256|sha3-384|sha3-512 MSG\n"
    "  shake128|shake256 MSG [OUTLEN]                 (default 32 | 64 bytes)\n"
    "  turboshake128|turboshake256 MSG [OUTLEN] [--domain D]  (D hex byte 01..7f, default 1f)\n"
    "All values hex (either case in, lowercase out); an empty argument is the empty string.\n"
    "Bad input prints one error line and exits 2.\n"
    "Test extensions: --batch reads one command per stdin line (tokens separated by spaces,\n"
    "\"\" for an empty value) and ends each command's output with a line '=STATUS';\n"
    "hash commands take --repeat-to N: the message is MSG repeated to N bytes.\n";

/* Failure of the current command; in batch mode the message goes to stdout. */
static int bad(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("kpqc: error: ", err);
    vfprintf(err, fmt, ap);
    fputc('\n', err);
    va_end(ap);
    return EXIT_BAD;
}

typedef struct {
    uint8_t *p;
    size_t n;
} bytes;

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

/* Decodes hex; returns 0 or an exit status after printing an error naming `what`. */
static int unhex(bytes *b, const char *s, const char *what)
{
    size_t len = strlen(s);
    b->p = NULL;
    b->n = 0;
    if (len % 2)
        return bad("%s: odd number of hex digits", what);
    b->p = malloc(len / 2 + 1);
    if (!b->p)
        return bad("%s: out of memory", what);
    for (size_t i = 0; i < len / 2; i++) {
        int hi = hexval((unsigned char)s[2 * i]), lo = hexval((unsigned char)s[2 * i + 1]);
        if (hi < 0 || lo < 0) {
            free(b->p);
            b->p = NULL;
            return bad("%s: not hex", what);
        }
        b->p[i] = (uint8_t)(hi << 4 | lo);
    }
    b->n = len / 2;
    return 0;
}

static int unhex_len(bytes *b, const char *s, const char *what, size_t want)
{
    int st = unhex(b, s, what);
    if (st)
        return st;
    if (b->n != want) {
        free(b->p);
        b->p = NULL;
        return bad("%s: %zu bytes, expected %zu", what, b->n, want);
    }
    return 0;
}

static void puthex(const uint8_t *p, size_t n)
{
    static const char digits[] = "0123456789abcdef";
    char buf[4096];
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        buf[k++] = digits[p[i] >> 4];
        buf[k++] = digits[p[i] & 15];
        if (k == sizeof buf) {
            fwrite(buf, 1, k, out);
            k = 0;
        }
    }
    fwrite(buf, 1, k, out);
    fputc('\n', out);
}

/* A decimal size without sign or trailing junk, at most max. */
static int parse_size(const char *s, size_t max, size_t *v, const char *what)
{
    char *end;
    if (!*s || *s < '0' || *s > '9')
        return bad("%s: not a decimal number: '%s'", what, s);
    errno = 0;
    unsigned long long x = strtoull(s, &end, 10);
    if (*end || errno || x > max)
        return bad("%s: out of range or not a number: '%s'", what, s);
    *v = (size_t)x;
    return 0;
}

/* Options and positional arguments of one command. */
typedef struct {
    const char *pos[MAX_ARGS];
    int npos;
    const char *ctx, *rnd, *domain, *repeat_to;
    int internal;
} cmdline;

static int split_args(cmdline *c, int argc, char **argv)
{
    memset(c, 0, sizeof *c);
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        const char **slot = NULL;
        if (!strcmp(a, "--ctx"))
            slot = &c->ctx;
        else if (!strcmp(a, "--rnd"))
            slot = &c->rnd;
        else if (!strcmp(a, "--domain"))
            slot = &c->domain;
        else if (!strcmp(a, "--repeat-to"))
            slot = &c->repeat_to;
        else if (!strcmp(a, "--internal")) {
            c->internal = 1;
            continue;
        } else if (a[0] == '-' && a[1] == '-')
            return bad("unknown option '%s'", a);
        if (slot) {
            if (i + 1 >= argc)
                return bad("option '%s' needs a value", a);
            *slot = argv[++i];
            continue;
        }
        if (c->npos == MAX_ARGS)
            return bad("too many arguments");
        c->pos[c->npos++] = a;
    }
    return 0;
}

static int need_args(const cmdline *c, int lo, int hi, const char *form)
{
    if (c->npos < lo || c->npos > hi)
        return bad("usage: kpqc %s", form);
    return 0;
}

/* argv = ALG OP ARGS...: the options and arguments after OP (ops: the usage line's OP list). */
static int op_args(cmdline *c, int argc, char **argv, const char *ops)
{
    if (argc < 2)
        return bad("usage: kpqc %s %s ...", argv[0], ops);
    return split_args(c, argc - 2, argv + 2);
}

/* The options of a signature scheme's commands (ML-DSA, SLH-DSA): --ctx of at most 255 bytes
 * (decoded into ctx, which the caller frees), not with --internal (which_ctx: why); keygen
 * takes none, verify no --rnd. Returns 0 or an exit status. */
static int sig_options(const char *alg, const char *op, const cmdline *c, bytes *ctx, const char *which_ctx)
{
    int st;
    if (c->domain || c->repeat_to)
        return bad("%s takes no --domain or --repeat-to", alg);
    if (c->ctx && (st = unhex(ctx, c->ctx, "CTX")))
        return st;
    if (ctx->n > 255)
        return bad("CTX: %zu bytes, at most 255", ctx->n);
    if (c->ctx && c->internal)
        return bad("--ctx and --internal exclude each other (%s)", which_ctx);
    if (!strcmp(op, "keygen") && (c->ctx || c->rnd || c->internal))
        return bad("keygen takes no options");
    if (!strcmp(op, "verify") && c->rnd)
        return bad("verify takes no --rnd");
    return 0;
}

/* A verification's answer: "ok" (exit 0) or "fail" (exit 1). */
static int verdict(int rc)
{
    fputs(rc == 0 ? "ok\n" : "fail\n", out);
    return rc == 0 ? 0 : EXIT_FAIL;
}

/* ---- hashes ---- */

typedef struct {
    const char *name;
    unsigned rate, nrounds, deflen;
    uint8_t ds;
    int xof, turbo;
} hash_alg;

static const hash_alg hashes[] = {
    {"sha3-224", SHA3_224_RATE, 24, 28, 0x06, 0, 0},
    {"sha3-256", SHA3_256_RATE, 24, 32, 0x06, 0, 0},
    {"sha3-384", SHA3_384_RATE, 24, 48, 0x06, 0, 0},
    {"sha3-512", SHA3_512_RATE, 24, 64, 0x06, 0, 0},
    {"shake128", SHAKE128_RATE, 24, 32, 0x1f, 1, 0},
    {"shake256", SHAKE256_RATE, 24, 64, 0x1f, 1, 0},
    {"turboshake128", SHAKE128_RATE, 12, 32, 0x1f, 1, 1},
    {"turboshake256", SHAKE256_RATE, 12, 64, 0x1f, 1, 1},
};

#define OUTLEN_MAX ((size_t)1 << 30)

static int run_hash(const hash_alg *h, const cmdline *c)
{
    char form[128];
    bytes msg;
    size_t outlen = h->deflen, total = 0;
    uint8_t ds = h->ds;
    int st;

    snprintf(form, sizeof form, "%s MSG%s", h->name,
             h->turbo ? " [OUTLEN] [--domain D]" : h->xof ? " [OUTLEN]" : "");
    if ((st = need_args(c, 1, h->xof ? 2 : 1, form)))
        return st;
    if (c->domain) {
        bytes d;
        if (!h->turbo)
            return bad("--domain applies to turboshake128/256 only");
        if ((st = unhex(&d, c->domain, "domain")))
            return st;
        if (d.n != 1 || d.p[0] < 0x01 || d.p[0] > 0x7f) {
            free(d.p);
            return bad("domain: must be one hex byte 01..7f");
        }
        ds = d.p[0];
        free(d.p);
    }
    if (c->internal || c->ctx || c->rnd)
        return bad("%s takes no --ctx, --rnd or --internal", h->name);
    if (c->npos == 2 && (st = parse_size(c->pos[1], OUTLEN_MAX, &outlen, "OUTLEN")))
        return st;
    if (c->repeat_to && (st = parse_size(c->repeat_to, (size_t)1 << 40, &total, "--repeat-to")))
        return st;
    if ((st = unhex(&msg, c->pos[0], "MSG")))
        return st;
    if (c->repeat_to && msg.n == 0 && total > 0) {
        free(msg.p);
        return bad("--repeat-to needs a non-empty MSG");
    }
    uint8_t *digest = malloc(outlen ? outlen : 1);
    if (!digest) {
        free(msg.p);
        return bad("OUTLEN: out of memory");
    }
    keccak_sponge sp;
    sponge_init(&sp, h->rate, h->nrounds, ds);
    if (c->repeat_to) {
        /* Absorb in chunks of whole periods of MSG (about 64 KiB), not MSG at a time. */
        size_t per = msg.n ? (65536 / msg.n > 0 ? 65536 / msg.n : 1) : 0;
        uint8_t *chunk = per ? malloc(per * msg.n) : NULL;
        if (per && !chunk) {
            free(msg.p);
            free(digest);
            return bad("--repeat-to: out of memory");
        }
        for (size_t i = 0; i < per; i++)
            memcpy(chunk + i * msg.n, msg.p, msg.n);
        for (size_t done = 0; done < total;) {
            size_t n = total - done < per * msg.n ? total - done : per * msg.n;
            sponge_absorb(&sp, chunk, n);
            done += n;
        }
        free(chunk);
    } else {
        sponge_absorb(&sp, msg.p, msg.n);
    }
    sponge_finalize(&sp);
    sponge_squeeze(&sp, digest, outlen);
    puthex(digest, outlen);
    free(digest);
    free(msg.p);
    return 0;
}

/* ---- ML-KEM ---- */

static int run_mlkem(int level, const char *op, const cmdline *c)
{
    char form[96];
    bytes a = {0}, b = {0};
    int st;
    uint8_t ek[MLKEM_EK_BYTES_MAX], dk[MLKEM_DK_BYTES_MAX], ct[MLKEM_CT_BYTES_MAX], ss[32];
    size_t ekn = mlkem_ek_bytes(level), dkn = mlkem_dk_bytes(level), ctn = mlkem_ct_bytes(level);

    if (c->ctx || c->rnd || c->internal || c->domain || c->repeat_to)
        return bad("ml-kem-%d takes no options", level);
    if (!strcmp(op, "keygen")) {
        snprintf(form, sizeof form, "ml-kem-%d keygen D Z", level);
        if ((st = need_args(c, 2, 2, form)) || (st = unhex_len(&a, c->pos[0], "D", 32)) ||
            (st = unhex_len(&b, c->pos[1], "Z", 32)))
            goto done;
        mlkem_keygen_internal(level, ek, dk, a.p, b.p);
        puthex(ek, ekn);
        puthex(dk, dkn);
    } else if (!strcmp(op, "encaps")) {
        snprintf(form, sizeof form, "ml-kem-%d encaps EK M", level);
        if ((st = need_args(c, 2, 2, form)) || (st = unhex_len(&a, c->pos[0], "EK", ekn)) ||
            (st = unhex_len(&b, c->pos[1], "M", 32)))
            goto done;
        if (mlkem_encaps(level, ct, ss, a.p, b.p)) {
            st = bad("EK: fails the FIPS 203 modulus check (a coefficient is >= q)");
            goto done;
        }
        puthex(ct, ctn);
        puthex(ss, 32);
    } else if (!strcmp(op, "decaps")) {
        snprintf(form, sizeof form, "ml-kem-%d decaps DK CT", level);
        if ((st = need_args(c, 2, 2, form)) || (st = unhex_len(&a, c->pos[0], "DK", dkn)) ||
            (st = unhex_len(&b, c->pos[1], "CT", ctn)))
            goto done;
        if (mlkem_decaps(level, ss, a.p, b.p)) {
            st = bad("DK: fails the FIPS 203 hash check (H(ek) does not match)");
            goto done;
        }
        puthex(ss, 32);
    } else {
        st = bad("unknown ml-kem operation '%s' (keygen, encaps, decaps)", op);
    }
done:
    free(a.p);
    free(b.p);
    return st;
}

/* ---- ML-DSA ---- */

static int run_mldsa(int level, const char *op, const cmdline *c)
{
    char form[128], alg[16];
    bytes a = {0}, m = {0}, s = {0}, ctx = {0}, rnd = {0};
    uint8_t zero[32] = {0};
    int st;

    if (!mldsa_keygen || !mldsa_pk_bytes)
        return bad("ml-dsa is not built into this kpqc (sw/mldsa did not compile)");
    size_t pkn = mldsa_pk_bytes(level), skn = mldsa_sk_bytes(level), sgn = mldsa_sig_bytes(level);
    snprintf(alg, sizeof alg, "ml-dsa-%d", level);
    if ((st = sig_options(alg, op, c, &ctx, "M' already carries the context")))
        goto done;
    if (!strcmp(op, "keygen")) {
        snprintf(form, sizeof form, "ml-dsa-%d keygen XI", level);
        if ((st = need_args(c, 1, 1, form)) || (st = unhex_len(&a, c->pos[0], "XI", 32)))
            goto done;
        uint8_t *pk = malloc(pkn), *sk = malloc(skn);
        if (!pk || !sk || mldsa_keygen(level, pk, sk, a.p)) {
            st = bad("ml-dsa-%d keygen failed", level);
        } else {
            puthex(pk, pkn);
            puthex(sk, skn);
        }
        free(pk);
        free(sk);
    } else if (!strcmp(op, "sign")) {
        snprintf(form, sizeof form, "ml-dsa-%d sign SK MSG [--ctx CTX] [--rnd RND] [--internal]",
                 level);
        if ((st = need_args(c, 2, 2, form)) || (st = unhex_len(&a, c->pos[0], "SK", skn)) ||
            (st = unhex(&m, c->pos[1], "MSG")) ||
            (c->rnd && (st = unhex_len(&rnd, c->rnd, "RND", 32))))
            goto done;
        uint8_t *sig = malloc(sgn);
        const uint8_t *r = c->rnd ? rnd.p : zero;
        int rc = !sig ? -1
                 : c->internal ? mldsa_sign_internal(level, sig, a.p, m.p, m.n, r)
                               : mldsa_sign(level, sig, a.p, m.p, m.n, ctx.p, ctx.n, r);
        if (rc)
            st = bad("ml-dsa-%d sign failed", level);
        else
            puthex(sig, sgn);
        free(sig);
    } else if (!strcmp(op, "verify")) {
        snprintf(form, sizeof form, "ml-dsa-%d verify PK MSG SIG [--ctx CTX] [--internal]", level);
        if ((st = need_args(c, 3, 3, form)) || (st = unhex_len(&a, c->pos[0], "PK", pkn)) ||
            (st = unhex(&m, c->pos[1], "MSG")) || (st = unhex(&s, c->pos[2], "SIG")))
            goto done;
        /* A signature of the wrong length is a verification failure, not bad input. */
        st = verdict(c->internal ? mldsa_verify_internal(level, a.p, m.p, m.n, s.p, s.n)
                                 : mldsa_verify(level, a.p, m.p, m.n, ctx.p, ctx.n, s.p, s.n));
    } else {
        st = bad("unknown ml-dsa operation '%s' (keygen, sign, verify)", op);
    }
done:
    free(a.p);
    free(m.p);
    free(s.p);
    free(ctx.p);
    free(rnd.p);
    return st;
}

/* ---- SLH-DSA ---- */

static int run_slhdsa(const slhdsa_params *p, const char *alg, const char *op, const cmdline *c)
{
    char form[160];
    bytes a = {0}, b = {0}, d = {0}, m = {0}, s = {0}, ctx = {0}, rnd = {0};
    int st = 0;

    if ((st = sig_options(alg, op, c, &ctx, "the internal interface has no context")))
        goto done;
    if (!strcmp(op, "keygen")) {
        snprintf(form, sizeof form, "%s keygen SKSEED SKPRF PKSEED", alg);
        if ((st = need_args(c, 3, 3, form)) || (st = unhex_len(&a, c->pos[0], "SKSEED", p->n)) ||
            (st = unhex_len(&b, c->pos[1], "SKPRF", p->n)) ||
            (st = unhex_len(&d, c->pos[2], "PKSEED", p->n)))
            goto done;
        uint8_t pk[SLHDSA_PK_BYTES_MAX], sk[SLHDSA_SK_BYTES_MAX];
        slhdsa_keygen_internal(p, sk, pk, a.p, b.p, d.p);
        puthex(pk, p->pk_bytes);
        puthex(sk, p->sk_bytes);
    } else if (!strcmp(op, "sign")) {
        snprintf(form, sizeof form, "%s sign SK MSG [--ctx CTX] [--rnd ADDRND] [--internal]", alg);
        if ((st = need_args(c, 2, 2, form)) || (st = unhex_len(&a, c->pos[0], "SK", p->sk_bytes)) ||
            (st = unhex(&m, c->pos[1], "MSG")) ||
            (c->rnd && (st = unhex_len(&rnd, c->rnd, "ADDRND", p->n))))
            goto done;
        uint8_t *sig = malloc(p->sig_bytes);
        if (!sig) {
            st = bad("%s sign: out of memory", alg);
            goto done;
        }
        if (c->internal)
            slhdsa_sign_internal(p, sig, m.p, m.n, a.p, rnd.p);
        else
            slhdsa_sign(p, sig, m.p, m.n, ctx.p, ctx.n, a.p, rnd.p);
        puthex(sig, p->sig_bytes);
        free(sig);
    } else if (!strcmp(op, "verify")) {
        snprintf(form, sizeof form, "%s verify PK MSG SIG [--ctx CTX] [--internal]", alg);
        if ((st = need_args(c, 3, 3, form)) || (st = unhex_len(&a, c->pos[0], "PK", p->pk_bytes)) ||
            (st = unhex(&m, c->pos[1], "MSG")) || (st = unhex(&s, c->pos[2], "SIG")))
            goto done;
        /* A signature of the wrong length is a verification failure, not bad input. */
        st = verdict(c->internal ? slhdsa_verify_internal(p, m.p, m.n, s.p, s.n, a.p)
                                 : slhdsa_verify(p, m.p, m.n, ctx.p, ctx.n, s.p, s.n, a.p));
    } else {
        st = bad("unknown slh-dsa operation '%s' (keygen, sign, verify)", op);
    }
done:
    free(a.p);
    free(b.p);
    free(d.p);
    free(m.p);
    free(s.p);
    free(ctx.p);
    free(rnd.p);
    return st;
}

/* ---- HQC ---- */

static int run_hqc(int level, const char *op, const cmdline *c)
{
    char form[96];
    bytes a = {0}, b = {0}, d = {0};
    int st = 0;
    uint8_t ss[HQC_SS_BYTES];
    size_t ekn = hqc_ek_bytes(level), dkn = hqc_dk_bytes(level), ctn = hqc_ct_bytes(level);

    if (c->ctx || c->rnd || c->internal || c->domain || c->repeat_to)
        return bad("hqc-%d takes no options", level);
    if (!strcmp(op, "keygen")) {
        snprintf(form, sizeof form, "hqc-%d keygen SEED", level);
        if ((st = need_args(c, 1, 1, form)) || (st = unhex_len(&a, c->pos[0], "SEED", HQC_SEED_BYTES)))
            goto done;
        uint8_t *ek = malloc(ekn), *dk = malloc(dkn);
        if (!ek || !dk || hqc_keygen(level, ek, dk, a.p)) {
            st = bad("hqc-%d keygen failed", level);
        } else {
            puthex(ek, ekn);
            puthex(dk, dkn);
        }
        free(ek);
        free(dk);
    } else if (!strcmp(op, "encaps")) {
        snprintf(form, sizeof form, "hqc-%d encaps EK M SALT", level);
        if ((st = need_args(c, 3, 3, form)) || (st = unhex_len(&a, c->pos[0], "EK", ekn)) ||
            (st = unhex_len(&b, c->pos[1], "M", hqc_m_bytes(level))) ||
            (st = unhex_len(&d, c->pos[2], "SALT", HQC_SALT_BYTES)))
            goto done;
        uint8_t *ct = malloc(ctn);
        if (!ct || hqc_encaps(level, ct, ss, a.p, b.p, d.p)) {
            st = bad("hqc-%d encaps failed", level);
        } else {
            puthex(ct, ctn);
            puthex(ss, HQC_SS_BYTES);
        }
        free(ct);
    } else if (!strcmp(op, "decaps")) {
        snprintf(form, sizeof form, "hqc-%d decaps DK CT", level);
        if ((st = need_args(c, 2, 2, form)) || (st = unhex_len(&a, c->pos[0], "DK", dkn)) ||
            (st = unhex_len(&b, c->pos[1], "CT", ctn)))
            goto done;
        hqc_decaps(level, ss, a.p, b.p);
        puthex(ss, HQC_SS_BYTES);
    } else {
        st = bad("unknown hqc operation '%s' (keygen, encaps, decaps)", op);
    }
done:
    free(a.p);
    free(b.p);
    free(d.p);
    return st;
}

static int run(int argc, char **argv)
{
    cmdline c;
    int st;

    if (argc < 1)
        return bad("no algorithm given (kpqc --help lists them)");
    const char *alg = argv[0];
    for (size_t i = 0; i < sizeof hashes / sizeof hashes[0]; i++)
        if (!strcmp(alg, hashes[i].name)) {
            if ((st = split_args(&c, argc - 1, argv + 1)))
                return st;
            return run_hash(&hashes[i], &c);
        }
    int kem = !strncmp(alg, "ml-kem-", 7), dsa = !strncmp(alg, "ml-dsa-", 7);
    if (kem || dsa) {
        const char *lv = alg + 7;
        int level = !strcmp(lv, "512") ? 512 : !strcmp(lv, "768") ? 768 : !strcmp(lv, "1024") ? 1024
                  : !strcmp(lv, "44") ? 44 : !strcmp(lv, "65") ? 65 : !strcmp(lv, "87") ? 87 : 0;
        if (!level || (kem && level < 512) || (dsa && level >= 512))
            return bad("unknown algorithm '%s'", alg);
        if ((st = op_args(&c, argc, argv, kem ? "keygen|encaps|decaps" : "keygen|sign|verify")))
            return st;
        return kem ? run_mlkem(level, argv[1], &c) : run_mldsa(level, argv[1], &c);
    }
    if (!strncmp(alg, "hqc-", 4)) {
        int level = !strcmp(alg + 4, "1") ? 1 : !strcmp(alg + 4, "3") ? 3 : !strcmp(alg + 4, "5") ? 5 : 0;
        if (!level)
            return bad("unknown algorithm '%s' (HQC: hqc-1, hqc-3, hqc-5)", alg);
        if ((st = op_args(&c, argc, argv, "keygen|encaps|decaps")))
            return st;
        return run_hqc(level, argv[1], &c);
    }
    if (!strncmp(alg, "slh-dsa-", 8)) {
        const slhdsa_params *p = slhdsa_params_find(alg + 8);
        if (!p || strncmp(alg + 8, "shake-", 6))
            return bad("unknown algorithm '%s' (SLH-DSA: slh-dsa-shake-128s|128f|192s|192f|256s|256f)", alg);
        if ((st = op_args(&c, argc, argv, "keygen|sign|verify")))
            return st;
        return run_slhdsa(p, alg, argv[1], &c);
    }
    return bad("unknown algorithm '%s' (kpqc --help lists them)", alg);
}

/* --batch: one command per line; tokens split on spaces, "" is the empty string. */
static int batch(void)
{
    size_t cap = 0;
    char *line = NULL;
    ssize_t n;
    while ((n = getline(&line, &cap, stdin)) >= 0) {
        char *argv[2 * MAX_ARGS];
        int argc = 0;
        while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
            line[--n] = 0;
        for (char *tok = strtok(line, " "); tok && argc < 2 * MAX_ARGS; tok = strtok(NULL, " "))
            argv[argc++] = strcmp(tok, "\"\"") ? tok : (char *)"";
        int st = argc ? run(argc, argv) : bad("empty command");
        fprintf(out, "=%d\n", st);
        fflush(out);
    }
    free(line);
    return 0;
}

int main(int argc, char **argv)
{
    out = stdout;
    if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        fputs(usage, stdout);
        return 0;
    }
    err = stderr;
    if (argc == 2 && !strcmp(argv[1], "--batch")) {
        err = stdout;
        return batch();
    }
    if (argc == 2 && !strcmp(argv[1], "--backend")) {
        printf("keccak backend %s\n", keccak_backend_name());
        return 0;
    }
    int st = run(argc - 1, argv + 1);
    if (fflush(stdout))
        return EXIT_BAD;
    return st;
}
