/* kbench: the guest benchmark program of the evaluation (issue 9, ../shared/spec/karu64.md §5).
 * Built once per guest build with that build's flags and libraries (eval/rules.mk); run under
 * `karu64 --model=... --clear-env` by eval/report.py. Every measurement reads rdcycle and
 * rdinstret around the measured code (modelled cycles under --model), never a whole process.
 * Inputs come from a splitmix64 generator seeded from the experiment's name and the repetition
 * number, so they differ from operation to operation and are the same in every build; no input
 * is drawn through Keccak (the profile would count it).
 *
 *   kbench micro                 empty-region overhead, one Keccak-p call as the build makes it
 *                                (wrapper or C), forward NTTs; +K builds also the vkeccak.vi loops
 *   kbench shake                 cycles of sponge absorb/squeeze loops (rates 168, 136; 16 and
 *                                256 blocks; best of 3)
 *   kbench pqc ALG N             N of each operation of ALG (keygen, then encaps/sign on those
 *                                keys, then decaps/verify on those results), sums per operation;
 *                                slh-dsa-shake-128s: keygen and verify only, on the inputs of
 *                                slhdsa_vector.h (eval/slhdsa_vector.py: ACVP keyGen seeds, a
 *                                signature made by the host build; a -128s signature costs
 *                                about 10^10 instructions)
 *   kbench one ALG OP [--skip]   the setup of repetition 0 and OP once (or not, with --skip),
 *                                printing nothing: two runs' --stats-json differ by one operation
 *   kbench repeat ALG OP N [--skip]  the setup of repetitions 0..N-1, then OP on each (or not,
 *                                with --skip), printing nothing: whole-process counts (perf stat
 *                                under Linux, eval/linux.py) of the two runs differ by N operations
 * Output lines: "KEY value..." (see each command). Exit 1 if a result is wrong (decapsulated key
 * differs, signature rejected), 2 on bad usage, with one error line. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keccak.h"
#include "mlkem.h"
#include "poly.h"
#include "mldsa.h"
#include "mldsa_internal.h"
#include "slhdsa.h"
#include "hqc.h"
#include "slhdsa_vector.h"            /* generated into build/eval/ by eval/slhdsa_vector.py */
#if defined(KECCAK_BACKEND_VK)
#include "zvknhk.h"
#endif

/* ---- counters ---------------------------------------------------------------------------- */

static inline uint64_t rdcycle(void)
{
    uint64_t v;
    __asm__ volatile("rdcycle %0" : "=r"(v)::"memory");
    return v;
}

static inline uint64_t rdinstret(void)
{
    uint64_t v;
    __asm__ volatile("rdinstret %0" : "=r"(v)::"memory");
    return v;
}

struct acc { uint64_t cycles, insns, calls, n; };

/* Time one call: Keccak-p calls, cycles and instructions between the counter reads. */
/* no_counters (kbench repeat): the operations run without reading the counters, which user
 * mode may not read under Linux (kernel.perf_user_access = 1, Debian's default: rdcycle traps);
 * tested before the measured region, so the region's code is the same either way */
static int no_counters;

#define TIMED(a, call)                                                                   \
    do {                                                                                 \
        if (no_counters) {                                                               \
            call;                                                                        \
            break;                                                                       \
        }                                                                                \
        uint64_t k0_ = keccak_permute_calls;                                             \
        uint64_t c0_ = rdcycle(), i0_ = rdinstret();                                     \
        call;                                                                            \
        uint64_t c1_ = rdcycle(), i1_ = rdinstret();                                     \
        (a).cycles += c1_ - c0_;                                                         \
        (a).insns += i1_ - i0_;                                                          \
        (a).calls += keccak_permute_calls - k0_;                                         \
        (a).n++;                                                                         \
    } while (0)

static void die(int status, const char *msg, const char *arg)
{
    fprintf(stderr, "kbench: error: %s%s%s\n", msg, arg ? " " : "", arg ? arg : "");
    exit(status);
}

/* ---- deterministic inputs ------------------------------------------------------------------ */

static uint64_t rng_state;

static void rng_seed(const char *what, unsigned rep)
{
    uint64_t h = 0xcbf29ce484222325ull;           /* FNV-1a of the name, then the repetition */
    for (const char *p = what; *p; p++)
        h = (h ^ (uint8_t)*p) * 0x100000001b3ull;
    rng_state = h ^ ((uint64_t)rep * 0x9e3779b97f4a7c15ull);
}

static uint64_t rng_next(void)                   /* splitmix64 */
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static void rng_bytes(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(rng_next() >> 56);
}

static void *xmalloc(size_t n)
{
    void *p = calloc(1, n ? n : 1);
    if (!p)
        die(1, "out of memory", NULL);
    return p;
}

/* ---- the measured operations (out of line, so that the profile names them) -----------------
 * NOTAIL keeps each one on the call stack while the operation runs (no tail call), so the
 * profile's folded stacks attribute the operation's cycles to it. */
#define NOTAIL(r) __asm__ volatile("" : "+r"(r)::"memory")

__attribute__((noinline)) void bench_mlkem_keygen(int lv, uint8_t *ek, uint8_t *dk, const uint8_t *d,
                                                  const uint8_t *z)
{
    int r = mlkem_keygen_internal(lv, ek, dk, d, z);
    NOTAIL(r);
}
__attribute__((noinline)) int bench_mlkem_encaps(int lv, uint8_t *ct, uint8_t *ss, const uint8_t *ek,
                                                 const uint8_t *m)
{
    int r = mlkem_encaps(lv, ct, ss, ek, m);
    NOTAIL(r);
    return r;
}
__attribute__((noinline)) int bench_mlkem_decaps(int lv, uint8_t *ss, const uint8_t *dk, const uint8_t *ct)
{
    int r = mlkem_decaps(lv, ss, dk, ct);
    NOTAIL(r);
    return r;
}
__attribute__((noinline)) int bench_mldsa_keygen(int lv, uint8_t *pk, uint8_t *sk, const uint8_t *xi)
{
    int r = mldsa_keygen(lv, pk, sk, xi);
    NOTAIL(r);
    return r;
}
__attribute__((noinline)) int bench_mldsa_sign(int lv, uint8_t *sig, const uint8_t *sk, const uint8_t *m,
                                               size_t mlen, const uint8_t *rnd)
{
    int r = mldsa_sign(lv, sig, sk, m, mlen, NULL, 0, rnd);
    NOTAIL(r);
    return r;
}
__attribute__((noinline)) int bench_mldsa_verify(int lv, const uint8_t *pk, const uint8_t *m, size_t mlen,
                                                 const uint8_t *sig, size_t siglen)
{
    int r = mldsa_verify(lv, pk, m, mlen, NULL, 0, sig, siglen);
    NOTAIL(r);
    return r;
}
__attribute__((noinline)) void bench_slhdsa_keygen(const slhdsa_params *p, uint8_t *sk, uint8_t *pk,
                                                   const uint8_t *seeds)
{
    slhdsa_keygen_internal(p, sk, pk, seeds, seeds + p->n, seeds + 2 * p->n);
    __asm__ volatile("" ::: "memory");
}
__attribute__((noinline)) int bench_slhdsa_sign(const slhdsa_params *p, uint8_t *sig, const uint8_t *m,
                                                size_t mlen, const uint8_t *sk, const uint8_t *rnd)
{
    int r = slhdsa_sign(p, sig, m, mlen, NULL, 0, sk, rnd);
    NOTAIL(r);
    return r;
}
__attribute__((noinline)) int bench_slhdsa_verify(const slhdsa_params *p, const uint8_t *m, size_t mlen,
                                                  const uint8_t *sig, const uint8_t *pk)
{
    int r = slhdsa_verify(p, m, mlen, NULL, 0, sig, p->sig_bytes, pk);
    NOTAIL(r);
    return r;
}
__attribute__((noinline)) int bench_hqc_keygen(int lv, uint8_t *ek, uint8_t *dk, const uint8_t *seed)
{
    int r = hqc_keygen(lv, ek, dk, seed);
    NOTAIL(r);
    return r;
}
__attribute__((noinline)) int bench_hqc_encaps(int lv, uint8_t *ct, uint8_t *ss, const uint8_t *ek,
                                               const uint8_t *m, const uint8_t *salt)
{
    int r = hqc_encaps(lv, ct, ss, ek, m, salt);
    NOTAIL(r);
    return r;
}
__attribute__((noinline)) int bench_hqc_decaps(int lv, uint8_t *ss, const uint8_t *dk, const uint8_t *ct)
{
    int r = hqc_decaps(lv, ss, dk, ct);
    NOTAIL(r);
    return r;
}

/* ---- the three-operation families ----------------------------------------------------------
 * Every family runs: op 0 (key generation) N times, op 1 N times on those keys, op 2 N times on
 * op 1's outputs. `only` >= 0 runs the setup of repetition 0 and then only that operation
 * (skipped when skip is set), for the cycle breakdown. */

struct family {
    const char *prefix;          /* "ml-kem-", ... */
    const char *ops[3];
    /* sets up and runs repetition r of operation op; returns 0, or -1 if its result is wrong */
    int (*run)(void *ctx, int op, unsigned r, struct acc *a, int timed);
    void *(*init)(const char *set, unsigned n);
};

static int bad_result(const char *what)
{
    fprintf(stderr, "kbench: error: %s\n", what);
    return -1;
}

struct kem {
    int level;
    size_t ekn, dkn, ctn, mn;
    char name[24];
    uint8_t *ek, *dk, *ct, *ss, *ss2;
    int hqc;
};

static void *kem_init(const char *alg, unsigned n, int hqc)
{
    struct kem *k = xmalloc(sizeof *k);
    k->hqc = hqc;
    k->level = atoi(alg + (hqc ? 4 : 7));
    snprintf(k->name, sizeof k->name, "%s", alg);
    k->ekn = hqc ? hqc_ek_bytes(k->level) : mlkem_ek_bytes(k->level);
    k->dkn = hqc ? hqc_dk_bytes(k->level) : mlkem_dk_bytes(k->level);
    k->ctn = hqc ? hqc_ct_bytes(k->level) : mlkem_ct_bytes(k->level);
    k->mn = hqc ? hqc_m_bytes(k->level) : 32;
    if (!k->ekn)
        die(2, "unknown parameter set", alg);
    k->ek = xmalloc(n * k->ekn);
    k->dk = xmalloc(n * k->dkn);
    k->ct = xmalloc(n * k->ctn);
    k->ss = xmalloc(n * 32);
    k->ss2 = xmalloc(n * 32);
    return k;
}
static void *mlkem_init(const char *alg, unsigned n) { return kem_init(alg, n, 0); }
static void *hqc_init(const char *alg, unsigned n) { return kem_init(alg, n, 1); }

static int kem_run(void *ctx, int op, unsigned r, struct acc *a, int timed)
{
    struct kem *k = ctx;
    uint8_t *ek = k->ek + r * k->ekn, *dk = k->dk + r * k->dkn, *ct = k->ct + r * k->ctn;
    uint8_t in[64], salt[HQC_SALT_BYTES];
    char what[48];
    struct acc dummy = {0};
    struct acc *t = timed ? a : &dummy;
    int rc = 0;

    snprintf(what, sizeof what, "%s/op%d", k->name, op);
    rng_seed(what, r);
    if (op == 0) {
        rng_bytes(in, 64);
        if (k->hqc)
            TIMED(*t, rc = bench_hqc_keygen(k->level, ek, dk, in));
        else
            TIMED(*t, bench_mlkem_keygen(k->level, ek, dk, in, in + 32));
    } else if (op == 1) {
        rng_bytes(in, k->mn);
        rng_bytes(salt, sizeof salt);
        if (k->hqc)
            TIMED(*t, rc = bench_hqc_encaps(k->level, ct, k->ss + 32 * r, ek, in, salt));
        else
            TIMED(*t, rc = bench_mlkem_encaps(k->level, ct, k->ss + 32 * r, ek, in));
    } else {
        if (k->hqc)
            TIMED(*t, rc = bench_hqc_decaps(k->level, k->ss2 + 32 * r, dk, ct));
        else
            TIMED(*t, rc = bench_mlkem_decaps(k->level, k->ss2 + 32 * r, dk, ct));
        if (rc == 0 && memcmp(k->ss + 32 * r, k->ss2 + 32 * r, 32))
            return bad_result("decapsulated key differs from the encapsulated one");
    }
    return rc ? bad_result("operation failed") : 0;
}

#define SIG_MSG_BYTES 32

struct sig {
    int level;
    const slhdsa_params *slh;
    size_t pkn, skn, sgn;
    char name[32];
    uint8_t *pk, *sk, *sg, *msg;
    int fixed;                   /* SLH-DSA-SHAKE-128s: inputs of slhdsa_vector.h, no signing */
};

static void *sig_init(const char *alg, unsigned n, int slh)
{
    struct sig *s = xmalloc(sizeof *s);
    snprintf(s->name, sizeof s->name, "%s", alg);
    if (slh) {
        s->slh = slhdsa_params_find(alg + 8);        /* "slh-dsa-shake-128f" -> "shake-128f" */
        if (!s->slh)
            die(2, "unknown parameter set", alg);
        s->pkn = s->slh->pk_bytes, s->skn = s->slh->sk_bytes, s->sgn = s->slh->sig_bytes;
        s->fixed = !strcmp(alg, "slh-dsa-shake-128s");
        if (s->fixed && (3 * s->slh->n != sizeof slh128s_seeds || s->pkn != sizeof slh128s_pk ||
                         s->sgn != sizeof slh128s_sig))
            die(1, "slhdsa_vector.h does not fit", alg);
    } else {
        s->level = atoi(alg + 7);
        s->pkn = mldsa_pk_bytes(s->level), s->skn = mldsa_sk_bytes(s->level);
        s->sgn = mldsa_sig_bytes(s->level);
        if (!s->pkn)
            die(2, "unknown parameter set", alg);
    }
    s->pk = xmalloc(n * s->pkn);
    s->sk = xmalloc(n * s->skn);
    s->sg = xmalloc(n * s->sgn);
    s->msg = xmalloc(n * SIG_MSG_BYTES);
    return s;
}
static void *mldsa_init(const char *alg, unsigned n) { return sig_init(alg, n, 0); }
static void *slhdsa_init(const char *alg, unsigned n) { return sig_init(alg, n, 1); }

static int sig_run(void *ctx, int op, unsigned r, struct acc *a, int timed)
{
    struct sig *s = ctx;
    uint8_t *pk = s->pk + r * s->pkn, *sk = s->sk + r * s->skn, *sg = s->sg + r * s->sgn;
    uint8_t *m = s->msg + r * SIG_MSG_BYTES;
    uint8_t in[3 * SLHDSA_N_MAX];
    char what[48];
    struct acc dummy = {0};
    struct acc *t = timed ? a : &dummy;
    int rc = 0;

    snprintf(what, sizeof what, "%s/op%d", s->name, op);
    rng_seed(what, r);
    if (op == 0) {
        rng_bytes(in, sizeof in);
        if (s->fixed)
            memcpy(in, slh128s_seeds, sizeof slh128s_seeds);
        if (s->slh)
            TIMED(*t, bench_slhdsa_keygen(s->slh, sk, pk, in));
        else
            TIMED(*t, rc = bench_mldsa_keygen(s->level, pk, sk, in));
        if (s->fixed && memcmp(pk, slh128s_pk, s->pkn))
            return bad_result("public key differs from the ACVP keyGen answer");
    } else if (op == 1 && s->fixed) {              /* not measured: the host build's signature */
        memcpy(m, slh128s_msg, SIG_MSG_BYTES);
        memcpy(sg, slh128s_sig, s->sgn);
    } else if (op == 1) {
        rng_bytes(m, SIG_MSG_BYTES);
        rng_bytes(in, sizeof in);                  /* hedged: fresh (seeded) randomness */
        if (s->slh)
            TIMED(*t, rc = bench_slhdsa_sign(s->slh, sg, m, SIG_MSG_BYTES, sk, in));
        else
            TIMED(*t, rc = bench_mldsa_sign(s->level, sg, sk, m, SIG_MSG_BYTES, in));
    } else {
        if (s->slh)
            TIMED(*t, rc = bench_slhdsa_verify(s->slh, m, SIG_MSG_BYTES, sg, pk));
        else
            TIMED(*t, rc = bench_mldsa_verify(s->level, pk, m, SIG_MSG_BYTES, sg, s->sgn));
        if (rc)
            return bad_result("signature rejected");
        if (s->fixed) {                            /* untimed: one changed byte must be rejected */
            sg[s->sgn / 2] ^= 1;
            rc = slhdsa_verify(s->slh, m, SIG_MSG_BYTES, NULL, 0, sg, s->sgn, pk);
            sg[s->sgn / 2] ^= 1;
            if (!rc)
                return bad_result("a changed signature was accepted");
            rc = 0;
        }
    }
    return rc ? bad_result("operation failed") : 0;
}

static const struct family families[] = {
    {"ml-kem-", {"keygen", "encaps", "decaps"}, kem_run, mlkem_init},
    {"ml-dsa-", {"keygen", "sign", "verify"}, sig_run, mldsa_init},
    {"slh-dsa-", {"keygen", "sign", "verify"}, sig_run, slhdsa_init},
    {"hqc-", {"keygen", "encaps", "decaps"}, kem_run, hqc_init},
};

static const struct family *family_of(const char *alg)
{
    for (size_t i = 0; i < sizeof families / sizeof families[0]; i++)
        if (!strncmp(alg, families[i].prefix, strlen(families[i].prefix)))
            return &families[i];
    die(2, "unknown algorithm", alg);
    return NULL;
}

static int cmd_pqc(const char *alg, unsigned n)
{
    const struct family *f = family_of(alg);
    void *ctx = f->init(alg, n);
    for (int op = 0; op < 3; op++) {
        struct acc a = {0};
        for (unsigned r = 0; r < n; r++)
            if (f->run(ctx, op, r, &a, 1))
                return 1;
        if (a.n)                                  /* (an operation the set does not measure: none) */
            printf("op %s %s %u %llu %llu %llu\n", alg, f->ops[op], n, (unsigned long long)a.cycles,
                   (unsigned long long)a.insns, (unsigned long long)a.calls);
    }
    printf("total_keccak_calls %llu\n", (unsigned long long)keccak_permute_calls);
    return 0;
}

/* f's operation named opname (0..2); exits with status 2 if there is none */
static int op_index(const struct family *f, const char *opname)
{
    for (int i = 0; i < 3; i++)
        if (!strcmp(opname, f->ops[i]))
            return i;
    die(2, "unknown operation", opname);
    return -1;
}

static int cmd_one(const char *alg, const char *opname, int skip)
{
    const struct family *f = family_of(alg);
    int op = op_index(f, opname);
    void *ctx = f->init(alg, 1);
    struct acc a = {0};
    for (int i = 0; i < op; i++)
        if (f->run(ctx, i, 0, &a, 0))
            return 1;
    if (!skip && f->run(ctx, op, 0, &a, 1))
        return 1;
    if (!skip && !a.n)
        die(2, "operation not measured for", alg);
    return 0;
}

static int cmd_repeat(const char *alg, const char *opname, unsigned n, int skip)
{
    const struct family *f = family_of(alg);
    int op = op_index(f, opname);
    void *ctx = f->init(alg, n);
    struct acc a = {0};
    no_counters = 1;
    for (unsigned r = 0; r < n; r++)
        for (int i = 0; i < op; i++)
            if (f->run(ctx, i, r, &a, 0))
                return 1;
    for (unsigned r = 0; r < n && !skip; r++)
        if (f->run(ctx, op, r, &a, 0))
            return 1;
    return 0;
}

/* ---- microbenchmarks ----------------------------------------------------------------------- */

#define MICRO_REPS 16

__attribute__((noinline)) static void empty_call(void) { __asm__ volatile(""); }

static void micro_print(const char *key, const struct acc *a, const struct acc *ovh)
{
    /* mean per call, less the mean of the empty timed region (counter reads and the call) */
    printf("%s %.2f %.2f\n", key, (double)a->cycles / a->n - (double)ovh->cycles / ovh->n,
           (double)a->insns / a->n - (double)ovh->insns / ovh->n);
}

#if defined(KECCAK_BACKEND_VK)
/* The loops of §4 and §5 ("resident loop", "load-permute-store loop"), 32-bit instructions,
 * the loop 8-byte aligned as in tests/timing/calib.py. Returns cycles for n iterations. */
#define VK_LOOP(name, body)                                                                  \
    __attribute__((noinline)) static uint64_t name(uint64_t n, uint64_t *st)                 \
    {                                                                                        \
        uint64_t c0, c1;                                                                     \
        __asm__ volatile(".option push\n\t.option norvc\n\t"                                \
                         "vsetivli zero, 25, e64, m8, tu, mu\n\t"                           \
                         "vle64.v v0, (%[st])\n\t"                                          \
                         "rdcycle %[c0]\n\t"                                                \
                         ".option rvc\n\t.balign 8\n\t.option norvc\n"                      \
                         "1:\n\t" body                                                      \
                         "addi %[n], %[n], -1\n\t"                                          \
                         "bnez %[n], 1b\n\t"                                                \
                         "rdcycle %[c1]\n\t"                                                \
                         "vse64.v v0, (%[st])\n\t"                                          \
                         ".option pop\n\t"                                                  \
                         : [c0] "=&r"(c0), [c1] "=&r"(c1), [n] "+r"(n)                      \
                         : [st] "r"(st)                                                     \
                         : "memory", "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "vl",  \
                           "vtype");                                                        \
        return c1 - c0;                                                                      \
    }
VK_LOOP(loop_resident_24, VKECCAK_VI(0, 0))
VK_LOOP(loop_resident_12, VKECCAK_VI(0, 1))
VK_LOOP(loop_lps, "vle64.v v0, (%[st])\n\t" VKECCAK_VI(0, 0) "vse64.v v0, (%[st])\n\t")

/* The published harnesses of ../shared/spec/karu64.md §4 and §5, as assembly: the simulation
 * rows are N steps written out back to back between two cycle reads (kb_u_*), the FPGA rows a
 * rolled loop of n steps (kb_r_*), both with the region's first cycle read 8-byte aligned,
 * 32-bit instructions but for the compressed pointer update (c.add) of the SHAKE steps. A step:
 * the permutation alone (perm), a load-permute-store of the state in memory (lps), absorbing a
 * rate block at vl = rate / 8 (vle64 v8; vxor.vv v0, v0, v8; vkeccak.vi; c.add) or squeezing one
 * (vse64 v0; vkeccak.vi; c.add). Arguments: a0 = n (rolled), a1 = the input or output, a2 = the
 * 25-lane state (loaded before, stored after the region); returns the cycles between the reads. */
#define KB_ALIGN ".option rvc\n.balign 8\n.option norvc\n"
__asm__(".pushsection .text\n.option push\n.option norvc\n"
        ".macro KB_STEP kind, nr\n"
        " .ifc \\kind, absorb\n vle64.v v8, (a1)\n vxor.vv v0, v0, v8\n .endif\n"
        " .ifc \\kind, squeeze\n vse64.v v0, (a1)\n .endif\n"
        " .ifc \\kind, lps\n vle64.v v0, (a2)\n .endif\n"
        " .insn r 0x77, 0x2, 0x53, x0, x18, x\\nr\n"
        " .ifc \\kind, lps\n vse64.v v0, (a2)\n .endif\n"
        " .ifnc \\kind, perm\n .ifnc \\kind, lps\n .option rvc\n c.add a1, a3\n .option norvc\n .endif\n .endif\n"
        ".endm\n"
        ".macro KB_FN name, kind, nr, vl, steps\n"
        KB_ALIGN ".globl \\name\n\\name:\n"
        " li t5, 25\n vsetvli zero, t5, e64, m8, tu, mu\n vle64.v v0, (a2)\n"
        " li t5, \\vl\n vsetvli zero, t5, e64, m8, tu, mu\n li a3, 8 * \\vl\n"
        KB_ALIGN " csrr t0, cycle\n"
        " .ifeq \\steps\n"
        "1: KB_STEP \\kind, \\nr\n addi a0, a0, -1\n bnez a0, 1b\n"
        " .else\n .rept \\steps\n KB_STEP \\kind, \\nr\n .endr\n .endif\n"
        " csrr t1, cycle\n"
        " li t5, 25\n vsetvli zero, t5, e64, m8, tu, mu\n vse64.v v0, (a2)\n"
        " sub a0, t1, t0\n ret\n"
        ".endm\n"
        "KB_FN kb_u_perm24, perm, 0, 25, 16\n"
        "KB_FN kb_u_perm12, perm, 1, 25, 16\n"
        "KB_FN kb_r_perm24, perm, 0, 25, 0\n"
        "KB_FN kb_r_perm12, perm, 1, 25, 0\n"
        "KB_FN kb_r_lps, lps, 0, 25, 0\n"
        "KB_FN kb_u_lps, lps, 0, 25, 16\n"
        "KB_FN kb_u_absorb168_16, absorb, 0, 21, 16\n"
        "KB_FN kb_u_absorb168_256, absorb, 0, 21, 256\n"
        "KB_FN kb_u_absorb136_16, absorb, 0, 17, 16\n"
        "KB_FN kb_u_absorb136_256, absorb, 0, 17, 256\n"
        "KB_FN kb_u_squeeze168_16, squeeze, 0, 21, 16\n"
        "KB_FN kb_u_squeeze168_256, squeeze, 0, 21, 256\n"
        "KB_FN kb_u_squeeze136_16, squeeze, 0, 17, 16\n"
        "KB_FN kb_u_squeeze136_256, squeeze, 0, 17, 256\n"
        "KB_FN kb_r_absorb168, absorb, 0, 21, 0\n"
        "KB_FN kb_r_absorb136, absorb, 0, 17, 0\n"
        "KB_FN kb_r_squeeze168, squeeze, 0, 21, 0\n"
        "KB_FN kb_r_squeeze136, squeeze, 0, 17, 0\n"
        ".option pop\n.popsection\n");
typedef uint64_t kb_fn(uint64_t n, void *io, uint64_t *st);
kb_fn kb_u_perm24, kb_u_perm12, kb_r_perm24, kb_r_perm12, kb_r_lps, kb_u_lps;
kb_fn kb_u_absorb168_16, kb_u_absorb168_256, kb_u_absorb136_16, kb_u_absorb136_256;
kb_fn kb_u_squeeze168_16, kb_u_squeeze168_256, kb_u_squeeze136_16, kb_u_squeeze136_256;
kb_fn kb_r_absorb168, kb_r_absorb136, kb_r_squeeze168, kb_r_squeeze136;

/* The best of `runs` after one warming run: cycles of n steps (rolled: n is the loop count). */
static uint64_t kb_best(kb_fn *fn, uint64_t n, void *io, int runs)
{
    static uint64_t st[25];
    uint64_t b = ~0ull;
    (void)fn(n, io, st);
    for (int i = 0; i < runs; i++) {
        uint64_t c = fn(n, io, st);
        if (c < b)
            b = c;
    }
    return b;
}

/* "harness KEY BLOCKS UNROLLED ROLLED INSNS": cycles per step of the two harnesses (unrolled:
 * best of 3; rolled: best of 21 at 16 steps, 7 at 256) and the instructions per step. */
static void harness_print(const char *key, kb_fn *u, kb_fn *r, uint64_t n, void *io, double insns)
{
    uint64_t cu = kb_best(u, n, io, 3), cr = kb_best(r, n, io, n > 16 ? 7 : 21);
    printf("harness %s %llu %.2f %.2f %.2f\n", key, (unsigned long long)n, (double)cu / n, (double)cr / n, insns);
}

/* Cycles per iteration: best of 3 at 110 minus best of 3 at 10 iterations, over 100. */
static void loop_print(const char *key, uint64_t (*fn)(uint64_t, uint64_t *), unsigned insns)
{
    static uint64_t st[32];
    uint64_t b[2] = {~0ull, ~0ull}, n[2] = {10, 110};
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < 3; i++) {
            uint64_t c = fn(n[k], st);
            if (c < b[k])
                b[k] = c;
        }
    printf("%s %.2f %u\n", key, (double)(b[1] - b[0]) / 100.0, insns);
}
#endif

static int cmd_micro(void)
{
    static uint64_t st[25];
    static poly kp;
    static mldsa_poly dp;
    struct acc ovh = {0}, perm = {0}, nk = {0}, nd = {0};

    for (unsigned r = 0; r < MICRO_REPS; r++)
        TIMED(ovh, empty_call());
    rng_seed("keccak_p1600_permute", 0);
    for (int i = 0; i < 25; i++)
        st[i] = rng_next();
    /* one untimed call of each first: tables built on first use (vintr NTT), cold caches */
    keccak_p1600_permute(st, 24);
    poly_ntt(&kp);
    mldsa_poly_ntt(&dp);
    for (unsigned r = 0; r < MICRO_REPS; r++)
        TIMED(perm, keccak_p1600_permute(st, 24));
    for (unsigned r = 0; r < MICRO_REPS; r++) {
        rng_seed("ntt/ml-kem", r);
        for (int i = 0; i < MLKEM_N; i++)
            kp.c[i] = (int16_t)(rng_next() % MLKEM_Q);
        TIMED(nk, poly_ntt(&kp));
        rng_seed("ntt/ml-dsa", r);
        for (int i = 0; i < MLDSA_N; i++)
            dp.c[i] = (int32_t)(rng_next() % MLDSA_Q);
        TIMED(nd, mldsa_poly_ntt(&dp));
    }
    printf("overhead %.2f %.2f\n", (double)ovh.cycles / ovh.n, (double)ovh.insns / ovh.n);
    micro_print("permute", &perm, &ovh);
    micro_print("ntt_ml-kem", &nk, &ovh);
    micro_print("ntt_ml-dsa", &nd, &ovh);
#if defined(KECCAK_BACKEND_VK)
    loop_print("resident_24", loop_resident_24, 3);
    loop_print("resident_12", loop_resident_12, 3);
    loop_print("load_permute_store", loop_lps, 5);
    static uint64_t io[32];
    harness_print("resident_24", kb_u_perm24, kb_r_perm24, 16, io, 1);
    harness_print("resident_12", kb_u_perm12, kb_r_perm12, 16, io, 1);
    harness_print("load_permute_store", kb_u_lps, kb_r_lps, 16, io, 3);
#endif
    printf("backend %s\n", keccak_backend_name());
    return 0;
}

/* ---- SHAKE sponge loops -------------------------------------------------------------------- */

#if !defined(KECCAK_BACKEND_VK) && !defined(KECCAK_BACKEND_XR) && !defined(KECCAK_BACKEND_DMA)
/* Software builds: the sponge loop with the C permutation (sw/keccak/keccak_c.c) inlined into it,
 * as compiler-generated C sponge code would have it (§5 "versus compiler-generated C ... sponge
 * loops with the permutation inlined"). */
#define keccak_p1600_permute kbench_permute_inlined
static inline __attribute__((always_inline)) void kbench_permute_inlined(uint64_t s[25], unsigned nrounds);
#include "keccak_c.c"
#undef keccak_p1600_permute

__attribute__((noinline)) static void sponge_absorb(uint64_t s[25], unsigned rate, const uint8_t *in,
                                                    size_t nblocks)
{
    for (size_t b = 0; b < nblocks; b++, in += rate) {
        for (unsigned i = 0; i < rate / 8; i++) {
            uint64_t w;
            memcpy(&w, in + 8 * i, 8);             /* little-endian lanes (FIPS 202 §B.1) */
            s[i] ^= w;
        }
        kbench_permute_inlined(s, 24);
    }
}

__attribute__((noinline)) static void sponge_squeeze(uint64_t s[25], unsigned rate, uint8_t *out,
                                                     size_t nblocks)
{
    for (size_t b = 0; b < nblocks; b++, out += rate) {
        kbench_permute_inlined(s, 24);
        memcpy(out, s, rate);
    }
}
#define SPONGE "c_inlined"
#else
/* +K builds: the resident-state routines when built (vintr_kr), else the wrapper loop; the
 * round-step and DMA builds (issue 11): the library's block loop on their permutation. */
static void sponge_absorb(uint64_t s[25], unsigned rate, const uint8_t *in, size_t nblocks)
{
    keccak_absorb_blocks(s, rate, in, nblocks, 24);
}
static void sponge_squeeze(uint64_t s[25], unsigned rate, uint8_t *out, size_t nblocks)
{
    keccak_squeeze_blocks(s, rate, out, nblocks, 24);
}
#if defined(KECCAK_BACKEND_VKR)
#define SPONGE "vkeccak_resident"
#elif defined(KECCAK_BACKEND_VK)
#define SPONGE "vkeccak_wrapper"
#else
#define SPONGE "library_blocks"
#endif
#endif

static int cmd_shake(void)
{
    static uint64_t buf[256 * 168 / 8];
    static const unsigned rates[2] = {168, 136}, blocks[2] = {16, 256};
    uint64_t s[25];

    rng_seed("shake", 0);
    for (size_t i = 0; i < sizeof buf / 8; i++)
        buf[i] = rng_next();
    printf("sponge %s\n", SPONGE);
#if defined(KECCAK_BACKEND_VKR)
    /* the published harnesses (§5): state in v0..v7, input warmed by the first run */
    static kb_fn *const hu[2][2][2] = {{{kb_u_absorb168_16, kb_u_absorb168_256}, {kb_u_absorb136_16, kb_u_absorb136_256}},
                                       {{kb_u_squeeze168_16, kb_u_squeeze168_256}, {kb_u_squeeze136_16, kb_u_squeeze136_256}}};
    static kb_fn *const hr[2][2] = {{kb_r_absorb168, kb_r_absorb136}, {kb_r_squeeze168, kb_r_squeeze136}};
    for (int op = 0; op < 2; op++)
        for (int ri = 0; ri < 2; ri++)
            for (int bi = 0; bi < 2; bi++) {
                char key[32];
                snprintf(key, sizeof key, "%s_%u", op ? "squeeze" : "absorb", rates[ri]);
                harness_print(key, hu[op][ri][bi], hr[op][ri], blocks[bi], buf, op ? 3 : 4);
            }
#endif
    for (int op = 0; op < 2; op++)
        for (int ri = 0; ri < 2; ri++)
            for (int bi = 0; bi < 2; bi++) {
                uint64_t best = ~0ull;
                for (int run = 0; run < 3; run++) {
                    memset(s, 0, sizeof s);
                    uint64_t c0 = rdcycle();
                    if (op == 0)
                        sponge_absorb(s, rates[ri], (const uint8_t *)buf, blocks[bi]);
                    else
                        sponge_squeeze(s, rates[ri], (uint8_t *)buf, blocks[bi]);
                    uint64_t c = rdcycle() - c0;
                    if (c < best)
                        best = c;
                }
                printf("shake %s %u %u %llu\n", op ? "squeeze" : "absorb", rates[ri], blocks[bi],
                       (unsigned long long)best);
            }
    return 0;
}

/* One-shot SHAKE256 (sw/fips202: the whole-message call the sponge device takes over in
 * vintr_sponge) of a message that pads to exactly n blocks of 136 bytes, 32 bytes out: cycles
 * of the call, best of 3, for n = 1, 16 and 256. */
void shake256(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen);   /* fips202.h */
static int cmd_oneshot(void)
{
    static uint8_t msg[256 * 136];
    static const unsigned blocks[3] = {1, 16, 256};
    uint8_t out[32];

    rng_seed("oneshot", 0);
    for (size_t i = 0; i < sizeof msg; i += 8) {
        uint64_t w = rng_next();
        memcpy(msg + i, &w, 8);
    }
    for (int bi = 0; bi < 3; bi++) {
        uint64_t best = ~0ull;
        for (int run = 0; run < 3; run++) {
            uint64_t c0 = rdcycle();
            shake256(out, sizeof out, msg, blocks[bi] * 136u - 1);   /* the padding fills the last */
            uint64_t c = rdcycle() - c0;
            if (c < best)
                best = c;
        }
        printf("oneshot shake256 136 %u %llu %02x%02x%02x%02x\n", blocks[bi], (unsigned long long)best,
               out[0], out[1], out[2], out[3]);
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "micro"))
        return cmd_micro();
    if (argc == 2 && !strcmp(argv[1], "oneshot"))
        return cmd_oneshot();
    if (argc == 2 && !strcmp(argv[1], "shake"))
        return cmd_shake();
    if (argc == 4 && !strcmp(argv[1], "pqc")) {
        long n = strtol(argv[3], NULL, 10);
        if (n < 1 || n > 1000)
            die(2, "repetitions must be 1..1000:", argv[3]);
        return cmd_pqc(argv[2], (unsigned)n);
    }
    if ((argc == 4 || (argc == 5 && !strcmp(argv[4], "--skip"))) && !strcmp(argv[1], "one"))
        return cmd_one(argv[2], argv[3], argc == 5);
    if ((argc == 5 || (argc == 6 && !strcmp(argv[5], "--skip"))) && !strcmp(argv[1], "repeat")) {
        long n = strtol(argv[4], NULL, 10);
        if (n < 1 || n > 1000)
            die(2, "repetitions must be 1..1000:", argv[4]);
        return cmd_repeat(argv[2], argv[3], (unsigned)n, argc == 6);
    }
    die(2, "usage: kbench micro | shake | oneshot | pqc ALG N | one ALG OP [--skip] | repeat ALG OP N [--skip]", NULL);
    return 2;
}
