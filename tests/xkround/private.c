/* The private-state argument (issue 11, design 2), executable. A timer signal arrives while the
 * main program is in the middle of a SHA3-256 computation with its Keccak state held in the
 * accelerator, and the handler hashes another message with the same accelerator.
 *   -DUSE_XR: the state is xkround's private state (doc/xkround.md); main is between rounds 11
 *             and 12 of its permutation. The signal frame does not hold the private state, so
 *             the handler's hash overwrites it: the interrupted hash comes out wrong.
 *   -DUSE_VK: the state is in v0..v7 (vkeccak.vi, resident between the two permutations of a
 *             two-block message inside one asm region); the kernel saves and restores the
 *             vector registers in the signal frame, so both hashes are right.
 * The argument "quiet" makes the handler not hash (the control: then both are right with
 * either accelerator). tests/xkround/run_private.py checks the digests against hashlib (and,
 * for xkround, against the corrupted value an independent Keccak model predicts). */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>

#include "sha3_accel.h"
static const char handler_msg[] = "hashed by the signal handler";
static volatile int fired, quiet;
static uint8_t handler_digest[32];

/* SHA3-256 of a message shorter than one block, through the accelerator. */
static void sha3_256_short(uint8_t out[32], const char *m)
{
    uint64_t s[25] = { 0 };
    pad_block(s, (const uint8_t *)m, strlen(m));
    permute(s);
    memcpy(out, s, 32);
}

static void on_alarm(int sig)
{
    (void)sig;
    if (!quiet)
        sha3_256_short(handler_digest, handler_msg);
    fired++;
}

static void hex(const char *what, const uint8_t *d)
{
    printf("%s ", what);
    for (int i = 0; i < 32; i++)
        printf("%02x", d[i]);
    printf("\n");
}

int main(int argc, char **argv)
{
    quiet = argc > 1 && !strcmp(argv[1], "quiet");
    signal(SIGALRM, on_alarm);
    struct itimerval it = { { 0, 0 }, { 0, 2000 } };   /* one SIGALRM after 2 ms */
    uint64_t s[25] = { 0 };
    uint8_t digest[32];
    setitimer(ITIMER_REAL, &it, NULL);
#if defined(USE_XR)
    static const char main_msg1[] = "interrupted between rounds";   /* one block */
    /* rounds 0..11, wait for the signal with the state in the unit, rounds 12..23 */
    pad_block(s, (const uint8_t *)main_msg1, strlen(main_msg1));
    xr_load(s);
    xr_rounds(0, 12);
    while (!fired)
        ;
    xr_rounds(12, 24);
    xr_store(s);
#else
    /* a 200-byte message: block 1 absorbed, state left in v0..v7 while waiting for the signal,
     * then block 2 (padded) absorbed; all in one asm region (the psABI makes v caller-saved) */
    uint8_t m[200];
    uint64_t b2[25] = { 0 };
    for (unsigned i = 0; i < sizeof m; i++)
        m[i] = (uint8_t)(7 * i + 1);
    for (unsigned i = 0; i < RATE; i++)
        s[i / 8] ^= (uint64_t)m[i] << (8 * (i % 8));
    pad_block(b2, m + RATE, sizeof m - RATE);
    __asm__ volatile("vsetivli zero, 25, e64, m8, tu, mu\n\t"
                     "vle64.v v0, (%[s])\n\t" VKECCAK_VI(0, 0)
                     "1: lw t0, (%[f])\n\t"
                     "beqz t0, 1b\n\t"
                     "vsetivli zero, 25, e64, m8, tu, mu\n\t"
                     "vle64.v v8, (%[b2])\n\t"
                     "vxor.vv v0, v0, v8\n\t" VKECCAK_VI(0, 0)
                     "vse64.v v0, (%[s])\n\t"
                     :
                     : [s] "r"(s), [b2] "r"(b2), [f] "r"(&fired)
                     : "memory", "t0", "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10",
                       "v11", "v12", "v13", "v14", "v15", "vl", "vtype");
#endif
    memcpy(digest, s, 32);
    printf("signals %d\n", fired);
    hex("main", digest);
    if (!quiet)
        hex("handler", handler_digest);
    return 0;
}
