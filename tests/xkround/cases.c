/* xkround at the instruction level (doc/xkround.md), for tests/xkround/run.py, which computes
 * every expected line itself (keccak_ref.py rounds, hashlib): each case loads the private state,
 * executes instructions, and prints the 25 lanes read back and the SIGILL count. A SIGILL
 * handler counts traps and skips the 32-bit word.
 *   cases     all cases (xkround enabled)
 *   off       one of each instruction, expecting three traps (xkround not enabled) */
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <ucontext.h>
#include "xkround.h"

static volatile int sigills;
static void on_sigill(int sig, siginfo_t *si, void *ctx)
{
    (void)sig, (void)si;
    ucontext_t *uc = ctx;
    sigills++;
    uc->uc_mcontext.__gregs[0] += 4;   /* REG_PC: skip the 32-bit word */
}

static uint64_t rng = 0x9e3779b97f4a7c15u;
static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static void load(const uint64_t *s) { XKR_LOAD_STATE(s); }
static void store(uint64_t *s) { XKR_STORE_STATE(s); }

static void show(const char *name, const uint64_t *s)
{
    printf("CASE %s sigill=%d", name, sigills);
    for (int i = 0; i < 25; i++)
        printf(" %016" PRIx64, s[i]);
    printf("\n");
    sigills = 0;
}

static void fill(uint64_t *s, int kind)
{
    for (int i = 0; i < 25; i++)
        s[i] = kind == 0 ? 0 : kind == 1 ? (uint64_t)i : next();
}

/* One round, index x + k, with x in a register. */
#define ROUND(x, k) __asm__ volatile(XKR_ROUND_TXT("%0", k) : : "r"((unsigned long)(x)))

int main(int argc, char **argv)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_sigill;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGILL, &sa, 0);
    uint64_t s[25], t[25];

    if (argc > 1 && !strcmp(argv[1], "off")) {
        uint64_t v = 7;
        XKR_WLANE(0, v);
        XKR_RLANE(0, v);
        ROUND(0, 0);
        printf("OFF sigill=%d v=%" PRIu64 "\n", sigills, v);
        return 0;
    }

    /* Keccak-p[1600, 24] as a loop over the register operand, and unrolled on base 0 / 12 */
    for (int kind = 0; kind < 3; kind++) {
        fill(s, kind);
        load(s);
        for (unsigned long r = 0; r < 24; r++)
            ROUND(r, 0);
        store(s);
        char name[16];
        snprintf(name, sizeof name, "loop24_%d", kind);
        show(name, s);
        fill(s, kind == 2 ? 3 : kind);
        load(s);
        ROUND(12, 0); ROUND(12, 1); ROUND(12, 2); ROUND(12, 3); ROUND(12, 4); ROUND(12, 5);
        ROUND(12, 6); ROUND(12, 7); ROUND(12, 8); ROUND(12, 9); ROUND(12, 10); ROUND(12, 11);
        store(s);
        snprintf(name, sizeof name, "imm12_%d", kind);
        show(name, s);
    }
    /* each round index alone, as x = ir / 2 plus k = ir - ir / 2 (one case per index) */
    for (unsigned ir = 0; ir < 24; ir++) {
        fill(s, 2);
        load(s);
        switch (ir) {
#define C(i) case i: ROUND(i / 2, i - i / 2); break;
        C(0) C(1) C(2) C(3) C(4) C(5) C(6) C(7) C(8) C(9) C(10) C(11)
        C(12) C(13) C(14) C(15) C(16) C(17) C(18) C(19) C(20) C(21) C(22) C(23)
#undef C
        }
        store(s);
        char name[16];
        snprintf(name, sizeof name, "round%u", ir);
        show(name, s);
    }
    /* lanes: write, read back; overwrite one lane; read into x0 changes nothing */
    fill(s, 2);
    load(s);
    store(t);
    show("lanes", t);
    XKR_WLANE(7, 0x0123456789abcdefull);
    __asm__ volatile(".insn i 0x0b, 1, x0, x0, 3");
    store(t);
    show("lane7", t);

    /* illegal: each leaves the state (the last one loaded) and rd unchanged */
    fill(s, 2);
    load(s);
#define ILL(name, ...) do { __VA_ARGS__; store(t); show(name, t); } while (0)
    uint64_t keep = 0x5555aaaa5555aaaaull, v;
    ILL("wlane25", XKR_WLANE(25, keep));
    ILL("wlane31", XKR_WLANE(31, keep));
    ILL("rlane25", v = keep; __asm__ volatile(".insn i 0x0b, 1, %0, x0, 25" : "+r"(v)));
    printf("RD %016" PRIx64 "\n", v);
    ILL("rlane31", v = keep; __asm__ volatile(".insn i 0x0b, 1, %0, x0, 31" : "+r"(v)));
    printf("RD %016" PRIx64 "\n", v);
    ILL("round_0_24", ROUND(0, 24));
    ILL("round_20_4", ROUND(20, 4));
    ILL("round_24_0", ROUND(24, 0));
    ILL("round_m1_1", ROUND(-1, 1));
    ILL("round_2p32_0", ROUND(1ull << 32, 0));
    ILL("imm32", __asm__ volatile(".insn i 0x0b, 0, x0, %0, 32" : : "r"(keep)));
    ILL("imm_bit30", __asm__ volatile(".insn i 0x0b, 2, x0, x0, 0x400"));
    ILL("imm_m1", __asm__ volatile(".insn i 0x0b, 0, x0, %0, -1" : : "r"(keep)));
    ILL("wlane_rd", __asm__ volatile(".insn i 0x0b, 0, x5, %0, 0" : : "r"(keep) : "t0"));
    ILL("rlane_rs1", __asm__ volatile(".insn i 0x0b, 1, x6, x5, 0" : : : "t0", "t1"));
    ILL("round_rd", __asm__ volatile(".insn i 0x0b, 2, x5, x0, 0" : : : "t0"));
    ILL("funct3_3", __asm__ volatile(".insn i 0x0b, 3, x0, x0, 0"));
    ILL("funct3_4", __asm__ volatile(".insn i 0x0b, 4, x0, x0, 0"));
    ILL("funct3_7", __asm__ volatile(".insn i 0x0b, 7, x0, x0, 0"));

    /* SHA3-256("abc") and SHAKE128 of 200 bytes, 32 output bytes, straight on the instructions:
     * pad into the state (FIPS 202 §5.1, domain bits 01 / 1111), absorb block by block */
    static const struct { const char *name; unsigned rate, len; uint8_t dom; } hs[] = {
        { "sha3_256_abc", 136, 3, 0x06 }, { "shake128_200", 168, 200, 0x1f },
    };
    for (unsigned k = 0; k < 2; k++) {
        uint8_t msg[400] = { 0 }, out[200];
        unsigned rate = hs[k].rate, len = hs[k].len;
        for (unsigned i = 0; i < len; i++)
            msg[i] = k == 0 ? (uint8_t)("abc"[i]) : (uint8_t)i;
        unsigned padded = (len / rate + 1) * rate;
        msg[len] ^= hs[k].dom;
        msg[padded - 1] ^= 0x80;
        memset(s, 0, sizeof s);
        load(s);
        for (unsigned off = 0; off < padded; off += rate) {
            store(s);
            for (unsigned i = 0; i < rate; i++)
                s[i / 8] ^= (uint64_t)msg[off + i] << (8 * (i % 8));
            load(s);
            for (unsigned long r = 0; r < 24; r++)
                ROUND(r, 0);
        }
        store(s);
        memcpy(out, s, 32);
        printf("HASH %s ", hs[k].name);
        for (int i = 0; i < 32; i++)
            printf("%02x", out[i]);
        printf("\n");
    }
    return 0;
}
