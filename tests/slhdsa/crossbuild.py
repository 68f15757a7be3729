#!/usr/bin/env python3
"""Cross-build identity of SLH-DSA: the same kpqc commands on several builds must give
bit-identical output and exit status. The first build is the reference (its correctness is
run_vectors.py's job); each other build counts one check per command.
Commands: keygen of every set from random seeds; for the f sets also sign (internal
deterministic, external with context, hedged), verify of each signature, and verify of a
corrupted one. (s-set signing: 10^9+ guest instructions each, left to the vector runs.)
--quick (CI): keygen of the f sets only, signing with SLH-DSA-SHAKE-128f only.
usage: crossbuild.py [--quick] NAME=RUNNER:KPQC ...   (RUNNER may be empty: host)"""
import random
import sys
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from run_vectors import SETS, N, alg, run_batch  # noqa: E402
from karu64_run import cross_args  # noqa: E402


def main():
    quick, builds = cross_args(sys.argv[1:], __doc__)
    rnd = random.Random(205)
    hx = lambda n: bytes(rnd.getrandbits(8) for _ in range(n)).hex()  # noqa: E731
    keygens = []
    for s in SETS:
        n = N[s[:3]]
        if quick and s.endswith("s"):
            continue
        for _ in range(2 if s.endswith("f") and not quick else 1):
            keygens.append((s, "%s keygen %s %s %s" % (alg(s), hx(n), hx(n), hx(n))))
    ref_name, ref_cmd = builds[0]
    ans, note = run_batch(ref_cmd, [c for _, c in keygens])
    if note:
        print(note)
        print("0 passed, 1 failed")
        return 1
    cmds = [c for _, c in keygens]
    signs = []
    for (s, _), (st, lines) in zip(keygens, ans):
        if not s.endswith("f") or (quick and s != "128f"):
            continue
        pk, sk = lines
        msg, ctx = hx(rnd.randrange(0, 300)), hx(rnd.randrange(1, 40))
        signs += [(s, pk, msg, None, "%s sign %s %s --internal" % (alg(s), sk, msg)),
                  (s, pk, msg, ctx, "%s sign %s %s --ctx %s" % (alg(s), sk, msg, ctx)),
                  (s, pk, msg, ctx, "%s sign %s %s --ctx %s --rnd %s" % (alg(s), sk, msg, ctx, hx(N[s[:3]])))]
    sans, note = run_batch(ref_cmd, [c for *_, c in signs])
    if note:
        print(note)
        print("0 passed, 1 failed")
        return 1
    cmds += [c for *_, c in signs]
    for (s, pk, msg, ctx, _), (st, lines) in zip(signs, sans):
        sig = lines[0]
        opt = " --ctx %s" % ctx if ctx else " --internal"
        bad = sig[:40] + "%02x" % (int(sig[40:42], 16) ^ 0x10) + sig[42:]
        cmds += ["%s verify %s %s %s%s" % (alg(s), pk, msg, sig, opt),
                 "%s verify %s %s %s%s" % (alg(s), pk, msg, bad, opt)]

    def run(b):
        return run_batch(b[1], cmds)
    with ThreadPoolExecutor(2) as ex:
        results = list(ex.map(run, builds))
    ref, note = results[0]
    if note:
        print("%s: %s" % (ref_name, note))
    passed = failed = 0
    for (name, _), (got, note) in zip(builds[1:], results[1:]):
        same = sum(1 for i, c in enumerate(cmds) if got and i < len(got) and got[i] == ref[i])
        diff = len(cmds) - same
        print("%-10s vs %s: %d of %d slh-dsa commands bit-identical%s"
              % (name, ref_name, same, len(cmds), " (%s)" % note if note else ""))
        for i, c in enumerate(cmds):
            if not got or i >= len(got) or got[i] != ref[i]:
                print("  differs: %s" % c[:100])
                break
        passed += same
        failed += diff
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
