#!/usr/bin/env python3
"""Runs every ML-DSA known-answer vector in ../shared/vectors through tests/mldsa/driver.

Usage: run_vectors.py [--subset N] [--vectors DIR] -- DRIVER [ARGS...]
DRIVER reads one command per line (see driver.c); it runs once for all vectors so that a guest
build under QEMU starts only once. --subset N keeps the first N cases of every test group
(for CI time on the guest builds); without it every case runs.

Expected values come from the vector files only (NIST ACVP as bundled by CIRCL, RustCrypto,
liboqs and AWS-LC). Out-of-scope groups (HashML-DSA preHash, externalMu) are counted as
skipped with the reason printed; these files currently contain none.
"""
import json
import os
import subprocess
import sys
from collections import OrderedDict

LEVELS = {"ML-DSA-44": 44, "ML-DSA-65": 65, "ML-DSA-87": 87}
ZERO_RND = "00" * 32


def hx(s):
    return s.lower() if s else "-"


def load(path):
    with open(path) as f:
        return json.load(f)


def cases_from(name, prompt, expected, subset):
    """Yields (file label, tcId, command line, expected answer) for one ACVP vector set."""
    exp = {}
    for g in expected["testGroups"]:
        for t in g["tests"]:
            exp[(g["tgId"], t["tcId"])] = t
    mode = prompt["mode"]
    for g in prompt["testGroups"]:
        level = LEVELS[g["parameterSet"]]
        iface = g.get("signatureInterface", "internal")
        if g.get("preHash", "pure") != "pure":
            yield (name, g["tgId"], None, "skip: HashML-DSA (preHash) is out of scope")
            continue
        if g.get("externalMu", False):
            yield (name, g["tgId"], None, "skip: externalMu is out of scope")
            continue
        tests = g["tests"] if subset is None else g["tests"][:subset]
        for t in tests:
            e = exp[(g["tgId"], t["tcId"])]
            if mode == "keyGen":
                cmd = "keygen %d %s" % (level, t["seed"])
                want = "%s %s" % (e["pk"].lower(), e["sk"].lower())
            elif mode == "sigGen":
                rnd = t.get("rnd", ZERO_RND) if not g.get("deterministic") else ZERO_RND
                if iface == "external":
                    cmd = "sign %d %s %s %s %s" % (level, t["sk"], hx(t["message"]),
                                                  hx(t.get("context", "")), rnd)
                else:
                    cmd = "signi %d %s %s %s" % (level, t["sk"], hx(t["message"]), rnd)
                want = e["signature"].lower()
            elif mode == "sigVer":
                pk = t.get("pk", g.get("pk"))
                if iface == "external":
                    cmd = "verify %d %s %s %s %s" % (level, pk, hx(t["message"]),
                                                    hx(t.get("context", "")), hx(t["signature"]))
                else:
                    cmd = "verifyi %d %s %s %s" % (level, pk, hx(t["message"]), hx(t["signature"]))
                want = "ok" if e["testPassed"] else "fail"
            else:
                raise SystemExit("unknown mode %r in %s" % (mode, name))
            yield (name, "%s/%s" % (g["tgId"], t["tcId"]), cmd, want)


def length_cases(vdir):
    """FIPS 204 input-length rules, built from vector-file keys and signatures: Algorithms 2
    and 3 reject a context longer than 255 bytes (error / false), and sigDecode (Algorithm 27)
    is defined only for a signature of exactly the right length, so Verify must say false."""
    label = "FIPS 204 length checks (ctx > 255, signature length)"
    sv = load(os.path.join(vdir, "acvp-via-circl", "ML-DSA-sigVer-FIPS204", "prompt.json"))
    sve = load(os.path.join(vdir, "acvp-via-circl", "ML-DSA-sigVer-FIPS204", "expectedResults.json"))
    sg = load(os.path.join(vdir, "acvp-via-circl", "ML-DSA-sigGen-FIPS204", "prompt.json"))
    ok = {(g["tgId"], t["tcId"]) for g in sve["testGroups"] for t in g["tests"] if t["testPassed"]}
    ctx256 = "ab" * 256
    for g in sv["testGroups"]:
        level = LEVELS[g["parameterSet"]]
        t = next(t for t in g["tests"] if (g["tgId"], t["tcId"]) in ok)
        msg, sig = hx(t["message"]), t["signature"]
        yield (label, "%d/verifyi-valid" % level,
               "verifyi %d %s %s %s" % (level, g["pk"], msg, sig), "ok")
        yield (label, "%d/verifyi-short" % level,
               "verifyi %d %s %s %s" % (level, g["pk"], msg, sig[:-2]), "fail")
        yield (label, "%d/verifyi-long" % level,
               "verifyi %d %s %s %s00" % (level, g["pk"], msg, sig), "fail")
        yield (label, "%d/verify-ctx256" % level,
               "verify %d %s %s %s %s" % (level, g["pk"], msg, ctx256, sig), "fail")
    for g in sg["testGroups"]:
        if not g["deterministic"]:
            continue
        level = LEVELS[g["parameterSet"]]
        t = g["tests"][0]
        yield (label, "%d/sign-ctx256" % level,
               "sign %d %s %s %s %s" % (level, t["sk"], hx(t["message"]), ctx256, ZERO_RND),
               "refused")


def all_cases(vdir, subset):
    """Every ML-DSA folder of the vector collection, in a fixed order."""
    for src in sorted(os.listdir(vdir)):
        sdir = os.path.join(vdir, src)
        if not os.path.isdir(sdir):
            continue
        for sub in sorted(os.listdir(sdir)):
            d = os.path.join(sdir, sub)
            if not sub.startswith("ML-DSA-") or not os.path.isdir(d):
                continue
            label = "%s/%s" % (src, sub)
            if os.path.exists(os.path.join(d, "internalProjection.json")):
                # Prompts and answers in one file (liboqs, RustCrypto).
                p = load(os.path.join(d, "internalProjection.json"))
                yield from cases_from(label, p, p, subset)
            else:
                yield from cases_from(label, load(os.path.join(d, "prompt.json")),
                                      load(os.path.join(d, "expectedResults.json")), subset)
        # AWS-LC keeps NIST's sample sessions as vectors-X.json / expected-X.json lists.
        v = os.path.join(sdir, "vectors-ML-DSA.json")
        if os.path.exists(v):
            prompts = load(v)
            answers = load(os.path.join(sdir, "expected-ML-DSA.json"))
            seen = []
            for p, e in zip(prompts, answers):
                if "testGroups" not in p:
                    continue  # the leading {"acvVersion": ...} entry
                if p in seen:
                    # The file lists one sigGen session twice, identically; run it once.
                    print("note: %s/vectors-ML-DSA.json: vsId %s %s repeated, run once"
                          % (src, p["vsId"], p["mode"]))
                    continue
                seen.append(p)
                label = "%s/vectors-ML-DSA.json[%s]" % (src, p["mode"])
                yield from cases_from(label, p, e, subset)


def main():
    args = sys.argv[1:]
    subset = None
    vdir = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                        "shared", "vectors")
    while args and args[0] != "--":
        if args[0] == "--subset":
            subset = int(args[1])
            args = args[2:]
        elif args[0] == "--vectors":
            vdir = args[1]
            args = args[2:]
        else:
            raise SystemExit("usage: run_vectors.py [--subset N] [--vectors DIR] -- DRIVER...")
    driver = args[1:]
    if not driver:
        raise SystemExit("usage: run_vectors.py [--subset N] [--vectors DIR] -- DRIVER...")

    cases = list(all_cases(vdir, subset)) + list(length_cases(vdir))
    runnable = [c for c in cases if c[2] is not None]
    stdin = "".join(c[2] + "\n" for c in runnable)
    try:
        proc = subprocess.run(driver, input=stdin, capture_output=True, text=True)
    except OSError as e:
        print("cannot run %s: %s (for QEMU: make setup)" % (driver[0], e.strerror))
        print("0 passed, %d failed" % len(runnable))
        return 1
    got = proc.stdout.split("\n")
    if proc.returncode != 0 or len(got) < len(runnable):
        print("driver exited with %d after %d of %d answers: %s"
              % (proc.returncode, len(got) - 1, len(runnable), proc.stderr.strip()[:200]))

    per_file = OrderedDict()
    passed = failed = skipped = 0
    i = 0
    for label, tc, cmd, want in cases:
        stats = per_file.setdefault(label, [0, 0, 0])
        if cmd is None:
            print("%s group %s: %s" % (label, tc, want))
            stats[2] += 1
            skipped += 1
            continue
        answer = got[i] if i < len(got) else "<no answer>"
        i += 1
        if answer == want:
            stats[0] += 1
            passed += 1
        else:
            stats[1] += 1
            failed += 1
            print("FAIL %s tc %s: %s: got %s... want %s..."
                  % (label, tc, cmd.split()[0], answer[:48], want[:48]))
    for label, (p, f, s) in per_file.items():
        print("%-60s %4d passed, %d failed%s" % (label, p, f, ", %d groups skipped" % s if s else ""))
    print("compared keys, signatures and verdicts against the vector files and FIPS 204's "
          "length rules%s"
          % ("" if subset is None else " (first %d cases per test group)" % subset))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed or passed == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
