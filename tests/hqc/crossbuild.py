#!/usr/bin/env python3
"""Cross-build identity of HQC: the same kpqc commands on several builds must give
bit-identical output and exit status; the first build is the reference (correctness is
kat.py's job). Commands: keygen from random seeds, encaps with random m and salt, decaps of
the valid ciphertext and of two corrupted ones, at every level (--quick: 1 key per level,
else 3).
usage: crossbuild.py [--quick] NAME=RUNNER:KPQC ...   (RUNNER may be empty: host)"""
import os
import random
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.append(os.path.join(HERE, "..", "slhdsa"))
from kat import K, batch  # noqa: E402
from karu64_run import cross_args  # noqa: E402  (tests/slhdsa/karu64_run.py runs this test)


def main():
    quick, builds = cross_args(sys.argv[1:], __doc__)
    rnd = random.Random(2025)
    hx = lambda n: bytes(rnd.getrandbits(8) for _ in range(n)).hex()  # noqa: E731
    ref = builds[0][1]
    keygens = [(lv, "hqc-%d keygen %s" % (lv, hx(32))) for lv in (1, 3, 5) for _ in range(1 if quick else 3)]
    keys = batch(ref, [c for _, c in keygens])
    encs = [(lv, k[1], "hqc-%d encaps %s %s %s" % (lv, k[1][0], hx(K[lv]), hx(16)))
            for (lv, _), k in zip(keygens, keys)]
    cts = batch(ref, [c for *_, c in encs])
    cmds = [c for _, c in keygens] + [c for *_, c in encs]
    for (lv, (ek, dk), _), (_, (ct, ss)) in zip(encs, cts):
        i = rnd.randrange(len(ct) // 2)
        bad = ct[:2 * i] + "%02x" % (int(ct[2 * i:2 * i + 2], 16) ^ 0x40) + ct[2 * i + 2:]
        cmds += ["hqc-%d decaps %s %s" % (lv, dk, c) for c in (ct, bad, ct[:-2] + "00")]
    with ThreadPoolExecutor(2) as ex:
        results = list(ex.map(lambda b: batch(b[1], cmds), builds))
    passed = failed = 0
    for (name, _), got in zip(builds[1:], results[1:]):
        same = sum(1 for a, b in zip(got, results[0]) if a == b and a[0] is not None)
        print("%-10s vs %s: %d of %d hqc commands bit-identical" % (name, builds[0][0], same, len(cmds)))
        passed += same
        failed += len(cmds) - same
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
