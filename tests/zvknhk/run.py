#!/usr/bin/env python3
"""vkeccak.vi at the instruction level (issue 4, ../shared/spec/zvknhk.md), on build/karu64 at
VLEN 128..4096, in both rule sets (v0.1 default, v0.2 with --zvknhk=v0.2).

Each case loads all 32 vector registers from a pattern (whole-register loads), sets vtype/vl and
vstart, executes one instruction word, reads vstart, and dumps all 32 registers. A guest SIGILL
handler counts traps and skips the word. The expected register file, trap and vstart are
computed here from the specification, with the permutation from keccak_ref.py (an independent
Python model checked against the spec's known answers).

usage: run.py KARU64 "RV_CC" OUTDIR RESULTS [--vlens 128,256,...]"""
import os, random, struct, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import keccak_ref  # noqa: E402
import harness  # noqa: E402

karu64, cc, out, results = sys.argv[1:5]
vlens = [128, 256, 512, 1024, 2048, 4096]
if "--vlens" in sys.argv:
    vlens = [int(v) for v in sys.argv[sys.argv.index("--vlens") + 1].split(",")]
os.makedirs(out, exist_ok=True)

WORD = lambda vd, imm: 0xA6092077 | vd << 7 | imm << 20
OBSOLETE = 0xA788A877          # the pre-draft encoding (vs1 selector 10001, vd = v16)
VILL = 1 << 63


def vtype(sew, lmul_log2, ta=0, ma=0):
    vsew = {8: 0, 16: 1, 32: 2, 64: 3}[sew]
    return (lmul_log2 & 7) | vsew << 3 | ta << 6 | ma << 7


# (name, word, vtype, avl, vstart). vd is in the word.
CASES = [
    ("v0_24_m8", WORD(0, 0), vtype(64, 3), 32, 0),
    ("v0_12_m8", WORD(0, 1), vtype(64, 3), 32, 0),
    ("v16_24_m8", WORD(16, 0), vtype(64, 3), 32, 0),
    ("v16_12_m1_vl1", WORD(16, 1), vtype(64, 0), 1, 0),
    ("v0_vl0", WORD(0, 0), vtype(64, 3), 0, 0),
    ("v0_m1_vl1", WORD(0, 0), vtype(64, 0), 1, 0),
    ("v0_m4_vl16", WORD(0, 0), vtype(64, 2), 16, 0),
    ("v0_m8_vl25", WORD(0, 0), vtype(64, 3), 25, 0),
    ("v8", WORD(8, 0), vtype(64, 3), 32, 0),
    ("v24", WORD(24, 1), vtype(64, 3), 32, 0),
    ("v4", WORD(4, 0), vtype(64, 2), 32, 0),
    ("v2", WORD(2, 0), vtype(64, 1), 32, 0),
    ("v1", WORD(1, 0), vtype(64, 0), 32, 0),
    ("v31", WORD(31, 0), vtype(64, 0), 32, 0),
    ("sew32", WORD(0, 0), vtype(32, 3), 32, 0),
    ("sew8", WORD(0, 0), vtype(8, 0), 8, 0),
    ("imm2", WORD(0, 2), vtype(64, 3), 32, 0),
    ("imm31", WORD(0, 31), vtype(64, 3), 32, 0),
    ("vstart1", WORD(0, 0), vtype(64, 3), 32, 1),
    ("vstart32", WORD(0, 0), vtype(64, 3), 64, 32),
    ("vill", WORD(0, 0), VILL, 32, 0),
    ("vm0", WORD(0, 0) & ~(1 << 25), vtype(64, 3), 32, 0),
    ("obsolete", OBSOLETE, vtype(64, 3), 32, 0),
    ("v0_m8_vl64", WORD(0, 0), vtype(64, 3), 64, 0),
    ("v0_m8_vl64_ta", WORD(0, 0), vtype(64, 3, ta=1), 64, 0),
    ("v0_m8_vlmax", WORD(0, 1), vtype(64, 3), 1 << 20, 0),
    ("v8_m4_vl32", WORD(8, 0), vtype(64, 2), 32, 0),
]

PROLOGUE = r"""
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <ucontext.h>
static volatile int sigills;
static void on_sigill(int sig, siginfo_t *si, void *ctx)
{
	(void)sig; (void)si;
	ucontext_t *uc = ctx;
	sigills++;
	uc->uc_mcontext.__gregs[0] += 4;   /* REG_PC: skip the 32-bit word */
}
static uint8_t regs[32 * 512] __attribute__((aligned(64)));
static unsigned long vlenb;
static void fill(unsigned seed)
{
	/* xorshift pattern, reproduced by run.py */
	uint64_t x = 0x9e3779b97f4a7c15ull ^ seed;
	for (unsigned i = 0; i < 32 * vlenb / 8; i++) {
		x ^= x << 13; x ^= x >> 7; x ^= x << 17;
		memcpy(regs + 8 * i, &x, 8);
	}
}
static void dump(const char *name)
{
	unsigned long vs;
	(void)vs;
	printf("CASE %s", name);
}
#define BODY(WORD) \
	__asm__ volatile( \
		"vl8re64.v v0, (%[r0])\n\tvl8re64.v v8, (%[r8])\n\tvl8re64.v v16, (%[r16])\n\tvl8re64.v v24, (%[r24])\n\t" \
		"vsetvl zero, %[avl], %[vt]\n\t" \
		"csrw vstart, %[vs]\n\t" \
		".word " #WORD "\n\t" \
		"csrr %[vso], vstart\n\t" \
		"csrw vstart, zero\n\t" \
		"csrr %[vlo], vl\n\t" \
		"vs8r.v v0, (%[r0])\n\tvs8r.v v8, (%[r8])\n\tvs8r.v v16, (%[r16])\n\tvs8r.v v24, (%[r24])\n\t" \
		: [vso] "=&r"(vso), [vlo] "=&r"(vlo) \
		: [r0] "r"(regs), [r8] "r"(regs + 8 * vlenb), [r16] "r"(regs + 16 * vlenb), \
		  [r24] "r"(regs + 24 * vlenb), [avl] "r"(avl), [vt] "r"(vt), [vs] "r"(vs) \
		: "memory", "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", \
		  "v13", "v14", "v15", "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23", "v24", "v25", \
		  "v26", "v27", "v28", "v29", "v30", "v31", "vl", "vtype")
"""


def guest_source():
    src = [PROLOGUE]
    for i, (name, word, vt, avl, vs) in enumerate(CASES):
        src.append(f"""
static void case_{i}(void)
{{
	unsigned long vso, vlo, avl = {avl}ul, vt = {vt:#x}ul, vs = {vs}ul;
	fill({i});
	sigills = 0;
	BODY({word:#010x});
	printf("CASE {name} sigill=%d vstart=%lu vl=%lu\\n", sigills, vso, vlo);
	for (unsigned j = 0; j < 32 * vlenb; j++)
		printf("%02x", regs[j]);
	printf("\\n");
}}""")
    src.append("""
int main(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_sigill;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGILL, &sa, 0);
	__asm__ volatile("csrr %0, vlenb" : "=r"(vlenb));
	printf("VLENB %lu\\n", vlenb);
""")
    for i in range(len(CASES)):
        src.append(f"\tcase_{i}();\n")
    src.append("\treturn 0;\n}\n")
    return "".join(src)


def pattern(seed, vlenb):
    x = 0x9E3779B97F4A7C15 ^ seed
    m = (1 << 64) - 1
    words = []
    for _ in range(32 * vlenb // 8):
        x ^= (x << 13) & m
        x ^= x >> 7
        x ^= (x << 17) & m
        words.append(x)
    return words


def expected(case, seed, vlen, rules, has_zvknhk=True):
    """Returns (sigill, vstart, words) the specification predicts."""
    name, word, vt, avl, vs = case
    vlenb = vlen // 8
    words = pattern(seed, vlenb)
    vill = bool(vt >> 63) or (vt & 7) == 4 or ((vt >> 3) & 7) > 3
    sew = 8 << ((vt >> 3) & 7) if not vill else 0
    lmul_log2 = (vt & 7) - 8 if (vt & 7) >= 4 else (vt & 7)
    if not vill and lmul_log2 < 0 and sew > 64 * 2 ** lmul_log2:   # LMUL < SEW/ELEN
        vill = True
    vlmax = 0 if vill else (vlen * 2 ** lmul_log2) // sew if lmul_log2 >= 0 else int(vlen * 2 ** lmul_log2) // sew
    # VLMAX < AVL < 2*VLMAX is implementation-defined (RVV 6.3): such cases only appear where the
    # rules do not consult vl (v0.1, or v0.2 at VLEN = 128)
    vl = 0 if vill else min(avl, vlmax) if (avl <= vlmax or avl >= 2 * vlmax) else None
    ill = (False, vs, words)
    trap = (True, vs, words)
    # decode: exact match of MATCH/MASK
    if (word & 0xFE0FF07F) != 0xA6092077 or not has_zvknhk:
        return trap
    vd, imm = (word >> 7) & 31, (word >> 20) & 31
    if vill or sew != 64 or imm > 1:
        return trap
    nr = 24 if imm == 0 else 12
    if rules == 2 and vlen > 128:
        if (vlen * 2 ** lmul_log2) < 2048:
            return trap
        if lmul_log2 > 0 and vd % (1 << lmul_log2):
            return trap
        assert vl is not None, name
        if vl % 32 or vs % 32:
            return trap
        base = vd * vlenb // 8
        for e in range(vs, vl, 32):
            g = base + e
            words[g:g + 25] = keccak_ref.permute(words[g:g + 25], nr)
        ta = (vt >> 6) & 1
        # agnostic tail stays undisturbed with karu64's default policy (QEMU's default)
        return (False, 0, words)
    nreg = max(1, 2048 // vlen)
    if vd % nreg or vd + nreg > 32 or vs != 0:
        return trap
    base = vd * vlenb // 8
    words[base:base + 25] = keccak_ref.permute(words[base:base + 25], nr)
    del ill
    return (False, 0, words)


def main():
    src = os.path.join(out, "vkeccak_cases.c")
    exe = os.path.join(out, "vkeccak_cases")
    with open(src, "w") as f:
        f.write(guest_source())
    subprocess.run(cc.split() + ["-O1", "-march=rv64gcv", "-o", exe, src], check=True)
    passed = failed = 0
    runs = [(v, 1, []) for v in vlens] + [(v, 2, ["--zvknhk=v0.2"]) for v in vlens] + \
           [(256, 0, ["--isa=rv64gcv"])]
    for vlen, rules, extra in runs:
        label = f"VLEN={vlen} " + ("no-zvknhk" if rules == 0 else f"v0.{rules}")
        r = harness.run([karu64, f"--vlen={vlen}"] + extra + [exe], timeout=300, text=True)
        lines = r.out.splitlines()
        if r.status != 0 or not lines or lines[0] != f"VLENB {vlen // 8}":
            failed += 1
            print(f"FAIL {label}: exit {r.status} {r.why or r.err.strip()[:200]}")
            continue
        got = {}
        for hdr, dump in zip(lines[1::2], lines[2::2]):
            parts = hdr.split()
            got[parts[1]] = (int(parts[2].split("=")[1]), int(parts[3].split("=")[1]), dump)
        for i, case in enumerate(CASES):
            name = case[0]
            sig, vst, words = expected(case, i, vlen, max(rules, 1), has_zvknhk=rules != 0)
            if name not in got:
                failed += 1
                print(f"FAIL {label} {name}: no output")
                continue
            gsig, gvst, dump = got[name]
            exp_dump = b"".join(struct.pack("<Q", w) for w in words).hex()
            ok = (gsig == int(sig)) and gvst == vst and dump == exp_dump
            if ok:
                passed += 1
            else:
                failed += 1
                diff = next((k // 16 for k in range(0, len(dump), 16) if dump[k:k + 16] != exp_dump[k:k + 16]), None)
                print(f"FAIL {label} {name}: sigill {gsig} (want {int(sig)}), vstart {gvst} (want {vst}), "
                      f"first differing element {diff}")
        print(f"{label}: {len(CASES)} cases compared")
    with open(results, "w") as f:
        f.write(f"{passed} passed, {failed} failed\n")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


sys.exit(main())
