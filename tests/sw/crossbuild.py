#!/usr/bin/env python3
"""Cross-build test: the same kpqc commands on several builds must give bit-identical output
(and exit status). The first build is the reference; each build's result is one check per
command. Commands: every hash with message lengths around the rates, TurboSHAKE domains,
ML-KEM keygen/encaps/decaps (valid and corrupted ciphertexts) at all levels, ML-DSA
keygen/sign (deterministic, hedged, context)/verify at all levels.
usage: crossbuild.py [--result FILE] [--quick] NAME=RUNNER:PATH ..."""
import argparse
import random
import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from kpqc_tests import Kpqc  # noqa: E402


def commands(rnd):
    cmds = []
    hx = lambda n: bytes(rnd.getrandbits(8) for _ in range(n)).hex()  # noqa: E731
    for name in ("sha3-224", "sha3-256", "sha3-384", "sha3-512"):
        for n in (0, 1, 71, 72, 73, 135, 136, 137, 200, 1000):
            cmds.append([name, hx(n)])
    for name in ("shake128", "shake256", "turboshake128", "turboshake256"):
        for n in (0, 3, 136, 168, 400):
            cmds.append([name, hx(n), str(rnd.choice([1, 32, 168, 500]))])
    for d in ("01", "06", "1f", "7f"):
        cmds.append(["turboshake128", hx(50), "64", "--domain", d])
        cmds.append(["turboshake256", hx(300), "64", "--domain", d])
    return cmds


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--result")
    ap.add_argument("builds", nargs="+")
    a = ap.parse_args()
    rnd = random.Random(5)
    builds = []
    for b in a.builds:
        name, rest = b.split("=", 1)
        runner, path = rest.rsplit(":", 1)
        builds.append((name, runner, path))
    ref_name, ref_runner, ref_path = builds[0]
    ref = Kpqc(ref_path, ref_runner)
    cmds = commands(rnd)
    expected = [ref.run(*c) for c in cmds]
    # Key-dependent commands: keys from the reference build (their correctness is the vector
    # tests' job), then every build must reproduce the same keys, ciphertexts, secrets.
    for lv, ctn in (("512", 768), ("768", 1088), ("1024", 1568)):
        alg = "ml-kem-" + lv
        for _ in range(3):
            d, z, m = (bytes(rnd.getrandbits(8) for _ in range(32)).hex() for _ in range(3))
            c = [alg, "keygen", d, z]
            st, (ek, dk) = ref.run(*c)
            cmds.append(c); expected.append((st, [ek, dk]))
            c = [alg, "encaps", ek, m]
            r = ref.run(*c)
            cmds.append(c); expected.append(r)
            ct = r[1][0]
            for cc in (ct, ct[:-2] + "%02x" % (int(ct[-2:], 16) ^ 1),
                       bytes(rnd.getrandbits(8) for _ in range(ctn)).hex()):
                c = [alg, "decaps", dk, cc]
                cmds.append(c); expected.append(ref.run(*c))
    for lv in ("44", "65", "87"):
        alg = "ml-dsa-" + lv
        xi = bytes(rnd.getrandbits(8) for _ in range(32)).hex()
        c = [alg, "keygen", xi]
        r = ref.run(*c)
        cmds.append(c); expected.append(r)
        if r[0] != 0:
            continue  # ML-DSA not built: every build must say so identically (checked above)
        pk, sk = r[1]
        msg = bytes(rnd.getrandbits(8) for _ in range(100)).hex()
        for opts in ([], ["--rnd", "11" * 32], ["--ctx", "abcd"], ["--internal"]):
            c = [alg, "sign", sk, msg] + opts
            rs = ref.run(*c)
            cmds.append(c); expected.append(rs)
            if rs[0] == 0:
                vopts = [o for o in opts if o != "--rnd" and o != "11" * 32]
                c = [alg, "verify", pk, msg, rs[1][0]] + vopts
                cmds.append(c); expected.append(ref.run(*c))
    ref.close()
    lines = [f"cross-build: {len(cmds)} kpqc commands; reference {ref_name} ({ref_path})"]
    passed = failed = 0
    for name, runner, path in builds[1:]:
        k = Kpqc(path, runner)
        bad = 0
        for c, e in zip(cmds, expected):
            got = k.run(*c)
            if got != e:
                bad += 1
                if bad <= 5:
                    lines.append(f"FAIL {name}: {' '.join(x[:16] for x in c[:3])} differs from {ref_name}")
        k.close()
        passed += len(cmds) - bad
        failed += bad
        lines.append(f"  {name} ({(runner + ' ') if runner else ''}{path}): {len(cmds) - bad} identical, {bad} different")
    lines.append(f"{passed} passed, {failed} failed")
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    if a.result:
        open(a.result, "w").write(text)
    sys.exit(1 if failed or not passed else 0)


main()
