#!/usr/bin/env python3
"""Known-answer tests of the ratified vector crypto instructions through guest code that uses
them (tests/crypto/kat.c), run in karu64 at each VLEN (and once in QEMU 10 as a check of the
guest code itself). Expected values: the standards' examples (constants below, with their
source), Python's hashlib (SHA-2, SM3) and the host's OpenSSL libcrypto (tests/crypto/oracle.c:
AES, key schedules, GHASH with Zvkg and with Zvbc, AES-GCM, SM4) for random inputs. One comparison per line."""
import argparse
import hashlib
import os
import random
import subprocess
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import harness  # noqa: E402

# Examples of the standards: (command line, expected output).
STANDARD = [
    # FIPS-197 Appendix C.1, C.2, C.3 (cipher and inverse cipher)
    ("aes 000102030405060708090a0b0c0d0e0f 00112233445566778899aabbccddeeff", "69c4e0d86a7b0430d8cdb78070b4c55a"),
    ("aes 000102030405060708090a0b0c0d0e0f1011121314151617 00112233445566778899aabbccddeeff",
     "dda97ca4864cdfe06eaf70a0ec0d7191"),
    ("aes 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f 00112233445566778899aabbccddeeff",
     "8ea2b7ca516745bfeafc49904b496089"),
    ("aesdec 000102030405060708090a0b0c0d0e0f 69c4e0d86a7b0430d8cdb78070b4c55a", "00112233445566778899aabbccddeeff"),
    ("aesdec 000102030405060708090a0b0c0d0e0f1011121314151617 dda97ca4864cdfe06eaf70a0ec0d7191",
     "00112233445566778899aabbccddeeff"),
    ("aesdec 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f 8ea2b7ca516745bfeafc49904b496089",
     "00112233445566778899aabbccddeeff"),
    # FIPS 180-4 examples (NIST CSRC example values): "abc" and the two-block messages
    ("sha256 616263", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    ("sha256 " + b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".hex(),
     "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ("sha512 616263", "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
     "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"),
    ("sha512 " + b"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu".hex(),
     "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
     "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909"),
    # GB/T 32905-2016 Appendix A: "abc" and the 64-byte "abcd" x 16
    ("sm3 616263", "66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0"),
    ("sm3 " + b"abcd".hex() * 16, "debe9ff92275b8a138604889c18e5a4d6fdb70e5387e5765293dcba39c0c5732"),
    # GB/T 32907-2016 Appendix A, example 1
    ("sm4 0123456789abcdeffedcba9876543210 0123456789abcdeffedcba9876543210", "681edf34d206965e86b3e94f536e4246"),
    ("sm4dec 0123456789abcdeffedcba9876543210 681edf34d206965e86b3e94f536e4246", "0123456789abcdeffedcba9876543210"),
    # The GCM specification (McGrew & Viega), test cases 1 and 2
    ("gcm 00000000000000000000000000000000 000000000000000000000000 - -", "58e2fccefa7e3061367f1d57a4e7455a"),
    ("gcm 00000000000000000000000000000000 000000000000000000000000 - 00000000000000000000000000000000",
     "0388dace60b6a392f328c2b971b2fe78ab6e47d42cec13bdf53a67b21257bddf"),
]
# FIPS-197 Appendix A.1-A.3: the last four words of each key expansion.
KEY_TAILS = [
    ("aeskey 2b7e151628aed2a6abf7158809cf4f3c", "d014f9a8c9ee2589e13f0cc8b6630ca6"),
    ("aeskey 8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b", "e98ba06f448c773c8ecc720401002202"),
    ("aeskey 603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4", "fe4890d1e6188d0b046df344706c631e"),
]
# GB/T 32907-2016 Appendix A, example 2: 1,000,000 encryptions
SM4_MILLION = ("sm4iter 0123456789abcdeffedcba9876543210 0123456789abcdeffedcba9876543210 1000000",
               "595298c7c6fd271f0402f804c33d3f66")


def rhex(r, n):
    return bytes(r.getrandbits(8) for _ in range(n)).hex() or "-"


def random_lines(seed):
    r = random.Random(seed)
    out = []
    for _ in range(12):
        for kl in (16, 24, 32):
            out.append("aes %s %s" % (rhex(r, kl), rhex(r, 16 * r.randint(1, 24))))
            out.append("aesdec %s %s" % (rhex(r, kl), rhex(r, 16 * r.randint(1, 6))))
            out.append("aeskey %s" % rhex(r, kl))
            out.append("ghash %s %s" % (rhex(r, kl), rhex(r, r.choice([16, 32, r.randint(0, 130)]))))
            out.append("ghashclmul %s %s" % (rhex(r, kl), rhex(r, r.choice([16, 32, r.randint(0, 130)]))))
            out.append("gcm %s %s %s %s" % (rhex(r, kl), rhex(r, 12), rhex(r, r.randint(0, 40)), rhex(r, r.randint(0, 150))))
        out.append("sm4 %s %s" % (rhex(r, 16), rhex(r, 16 * r.randint(1, 24))))
        out.append("sm4dec %s %s" % (rhex(r, 16), rhex(r, 16 * r.randint(1, 6))))
    lens = list(range(0, 130)) + [183, 239, 240, 255, 256, 500, 1000, 1500]
    for n in lens:
        out.append("sha256 %s" % rhex(r, n))
        out.append("sha512 %s" % rhex(r, n))
        out.append("sm3 %s" % rhex(r, n))
    return out


def run(cmd, inp, timeout=900):
    rc, out, err = harness.run_text(cmd, timeout=timeout, input=inp)
    return rc, out.splitlines(), err


def expected(lines, oracle):
    """hashlib for SHA-2 and SM3 (OpenSSL-backed sm3 if hashlib lacks it), oracle for the rest."""
    rc, olines, err = run([oracle], "\n".join(lines) + "\n")
    if rc or len(olines) != len(lines):
        sys.exit("oracle failed: " + err)
    exp = []
    for ln, o in zip(lines, olines):
        cmd, *f = ln.split()
        msg = bytes.fromhex(f[0]) if f and f[0] != "-" else b""
        if cmd in ("sha256", "sha256mf2"):
            exp.append("%s %s" % (cmd, hashlib.sha256(msg).hexdigest()))
        elif cmd == "sha512":
            exp.append("%s %s" % (cmd, hashlib.sha512(msg).hexdigest()))
        elif cmd == "sm3" and "sm3" in hashlib.algorithms_available:
            exp.append("%s %s" % (cmd, hashlib.new("sm3", msg).hexdigest()))
        else:
            exp.append(o)
    return exp


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cc", required=True)
    ap.add_argument("--hostcc", default="cc")
    ap.add_argument("--qemu", required=True)
    ap.add_argument("--karu64", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--results", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--vlens", default="128,256,512")
    ap.add_argument("--million", action="store_true", help="only the 1,000,000-iteration SM4 example")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    here = os.path.dirname(os.path.abspath(__file__))
    subprocess.check_call([sys.executable, os.path.join(here, "gen_consts.py"), os.path.join(a.out, "kat_consts.h")])
    guest, oracle = os.path.join(a.out, "kat"), os.path.join(a.out, "oracle")
    subprocess.check_call(a.cc.split() + ["-O2", "-fno-vectorize", "-fno-slp-vectorize", "-Wall", "-Wextra",
                                          "-march=rv64gcv_zvkned_zvknhb_zvkg_zvksed_zvksh_zvbc_zvbb", "-I", a.out,
                                          "-o", guest, os.path.join(here, "kat.c")])
    subprocess.check_call(a.hostcc.split() + ["-O2", "-Wall", "-Wextra", "-o", oracle, os.path.join(here, "oracle.c"),
                                              "-lcrypto"])
    report, passed, failed = [], 0, 0

    def check(label, got, exp, lines):
        nonlocal passed, failed
        bad = 0
        if len(got) != len(exp):
            report.append("%s: %d output lines, %d expected" % (label, len(got), len(exp)))
            failed += 1
        for ln, g, e in zip(lines, got, exp):
            if g == e:
                passed += 1
            else:
                failed += 1
                bad += 1
                if bad <= 3:
                    report.append("%s MISMATCH on: %s\n  got      %s\n  expected %s" % (label, ln[:120], g[:200], e[:200]))
        return bad

    # The standards' values must also be what the oracles say.
    if a.million:
        std = [SM4_MILLION]
    else:
        std = STANDARD
        exp_std = expected([ln for ln, _ in std], oracle)
        for (ln, want), e in zip(std, exp_std):
            if e != ln.split()[0] + " " + want:
                report.append("oracle disagrees with the standard on %s: %s" % (ln[:60], e[:80]))
                failed += 1
    lines = [ln for ln, _ in std] + ([] if a.million else [ln for ln, _ in KEY_TAILS] + random_lines(a.seed))
    exp = [ln.split()[0] + " " + want for ln, want in std] + ([] if a.million else expected(lines[len(std):], oracle))
    if not a.million:
        for i, (ln, tail) in enumerate(KEY_TAILS):
            if not exp[len(std) + i].endswith(tail):
                report.append("oracle key schedule disagrees with FIPS-197 Appendix A: %s" % ln)
                failed += 1
    vlens = [int(v) for v in a.vlens.split(",")]
    runs = [("karu64 VLEN %d" % v, [a.karu64, "--vlen=%d" % v, guest], v) for v in vlens]
    if not a.million:
        runs.append(("qemu VLEN 256", [a.qemu, "-cpu", "rva23u64,vlen=256,zvkned=true,zvknhb=true,zvkg=true,"
                                       "zvksed=true,zvksh=true,zvbc=true", guest], 0))
    for label, cmd, vlen in runs:
        ls, es = list(lines), list(exp)
        if vlen >= 256:     # LMUL = 1/2 with EGW = 128 <= VLEN / 2: legal per the spec (QEMU 10 traps)
            extra = [ln.replace("sha256 ", "sha256mf2 ", 1) for ln in lines if ln.startswith("sha256 ")][:40]
            ls += extra
            es += expected(extra, oracle)
        rc, got, err = run(cmd, "\n".join(ls) + "\n")
        if rc:
            report.append("%s: exit status %d: %s" % (label, rc, err[-300:]))
            failed += 1
        bad = check(label, got, es, ls)
        kinds = {}
        for ln in ls:
            kinds[ln.split()[0]] = kinds.get(ln.split()[0], 0) + 1
        report.append("%s: %d lines compared (%s), %d mismatches" %
                      (label, len(ls), ", ".join("%s %d" % kv for kv in sorted(kinds.items())), bad))
    report.append("%d passed, %d failed" % (passed, failed))
    text = "\n".join(report) + "\n"
    sys.stdout.write(text)
    with open(a.results, "w") as f:
        f.write(text)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
