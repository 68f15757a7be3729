#!/usr/bin/env python3
"""Runs the SLH-DSA-SHAKE known-answer vectors of ../shared/vectors through kpqc --batch.

Usage: run_vectors.py [--subset N] [--s-sign N] [--sets 128f,...] [--badinput]
                      [--vectors DIR] -- KPQC [RUNNER...]
  the command after -- is the runner and kpqc, e.g. `-- build/karu64 build/sw/vauto_k/kpqc`.
  --subset N   the first N cases of every test group (sigGen: N deterministic and N hedged)
  --s-sign N   only N deterministic and N hedged sigGen cases of the s sets (0: none; an s-set
               signature costs about 10^9..10^10 guest instructions, seconds on the host)
  --sets       only these parameter sets (default all six SHAKE sets)
  --badinput   also the bad-input rules of kpqc (separate processes: exit 2, one error line)

Expected values come from the vector files only: NIST ACVP session vsId 53 (FIPS 205 final)
as bundled by liboqs, CIRCL and RustCrypto (keyGen, sigVer) and converted by Bouncy Castle
(sigGen, internal interface, deterministic and hedged). No file has answers for the external
(pure, with context) interface or for CIRCL's sigGen prompts: those prompts are counted as
skipped, and the external interface is checked against its definition, FIPS 205 Algorithms 22
and 24 (sign(M, ctx) = sign_internal(0 || |ctx| || ctx || M)), on top of KAT-checked internal
signatures, plus its context rules (|ctx| <= 255, a wrong context fails).
"""
import json
import os
import subprocess
import sys
from collections import OrderedDict

SETS = ["128s", "128f", "192s", "192f", "256s", "256f"]
N = {"128": 16, "192": 24, "256": 32}
# FIPS 205 Table 2: pk and signature bytes.
SIZES = {"128s": (32, 7856), "128f": (32, 17088), "192s": (48, 16224), "192f": (48, 35664),
         "256s": (64, 29792), "256f": (64, 49856)}


def setname(ps):
    """'SLH-DSA-SHAKE-128f' -> '128f'; None for the SHA2 sets (out of scope)."""
    return ps[len("SLH-DSA-SHAKE-"):] if ps.startswith("SLH-DSA-SHAKE-") else None


def alg(s):
    return "slh-dsa-shake-" + s


def hx(s):
    return s.lower() if s else '""'


def load(path):
    with open(path) as f:
        return json.load(f)


def kv_records(path):
    """Bouncy Castle's `key = value` text: records separated by blank lines."""
    recs, cur = [], {}
    with open(path) as f:
        for ln in f:
            ln = ln.strip()
            if not ln:
                if cur:
                    recs.append(cur)
                cur = {}
                continue
            k, v = ln.split(" = ", 1)
            cur[k] = v
    if cur:
        recs.append(cur)
    return recs


def acvp_cases(label, prompt, expected, a):
    exp = {(g["tgId"], t["tcId"]): t for g in expected["testGroups"] for t in g["tests"]}
    mode = prompt["mode"]
    for g in prompt["testGroups"]:
        s = setname(g["parameterSet"])
        if s is None or s not in a.sets:
            continue
        tests = g["tests"] if a.subset is None else g["tests"][:a.subset]
        for t in tests:
            e = exp.get((g["tgId"], t["tcId"]))
            tc = "%s/%s" % (g["tgId"], t["tcId"])
            if mode == "keyGen":
                yield (label, s, tc, "%s keygen %s %s %s" % (alg(s), t["skSeed"], t["skPrf"], t["pkSeed"]),
                       (0, [e["pk"].lower(), e["sk"].lower()]))
            elif mode == "sigVer":
                want = (0, ["ok"]) if e["testPassed"] else (1, ["fail"])
                yield (label, s, tc, "%s verify %s %s %s --internal"
                       % (alg(s), t["pk"], hx(t["message"]), hx(t["signature"])), want)
            elif mode == "sigGen":
                if e is None:
                    yield (label, s, "group %d" % g["tgId"], None,
                           "skip: prompts only, no expected signatures in this folder")
                    break
            else:
                raise SystemExit("unknown mode %r in %s" % (mode, label))


def bc_siggen_cases(path, s, a):
    label = "acvp-slhdsa-vs53-via-bouncycastle/" + os.path.basename(path)
    recs = kv_records(path)
    det = [r for r in recs if "additionalRandomness" not in r]
    hed = [r for r in recs if "additionalRandomness" in r]
    if a.subset is not None:
        det, hed = det[:a.subset], hed[:a.subset]
    if a.s_sign is not None and s.endswith("s"):
        det, hed = det[:a.s_sign], hed[:a.s_sign]
    for i, r in enumerate(det + hed):
        msg = r["message"]
        assert int(r["messageLength"]) == 4 * len(msg)
        rnd = " --rnd " + r["additionalRandomness"] if "additionalRandomness" in r else ""
        yield (label, s, "%s %d" % ("hedged" if rnd else "det", i),
               "%s sign %s %s --internal%s" % (alg(s), r["sk"], hx(msg), rnd),
               (0, [r["signature"].lower()]))


def all_cases(vdir, a):
    for src in sorted(os.listdir(vdir)):
        sdir = os.path.join(vdir, src)
        if not os.path.isdir(sdir):
            continue
        for sub in sorted(os.listdir(sdir)):
            d = os.path.join(sdir, sub)
            if not sub.startswith("SLH-DSA-") or not os.path.isdir(d):
                continue
            label = "%s/%s" % (src, sub)
            if os.path.exists(os.path.join(d, "internalProjection.json")):
                p = load(os.path.join(d, "internalProjection.json"))
                yield from acvp_cases(label, p, p, a)
            elif os.path.exists(os.path.join(d, "expectedResults.json")):
                yield from acvp_cases(label, load(os.path.join(d, "prompt.json")),
                                      load(os.path.join(d, "expectedResults.json")), a)
            else:
                yield from acvp_cases(label, load(os.path.join(d, "prompt.json")), {"testGroups": []}, a)
    bdir = os.path.join(vdir, "acvp-slhdsa-vs53-via-bouncycastle")
    for f in sorted(os.listdir(bdir)):
        s = setname(f[len("sigGen_"):-len(".txt")])
        if s is None or s not in a.sets:
            continue
        if a.s_sign == 0 and s.endswith("s"):
            yield ("acvp-slhdsa-vs53-via-bouncycastle/" + f, s, "all", None,
                   "skip: s-set signing left out here (--s-sign 0)")
            continue
        yield from bc_siggen_cases(os.path.join(bdir, f), s, a)


def run_batch(cmd, lines):
    """kpqc --batch: one command per line, each answer ended by '=STATUS'."""
    try:
        proc = subprocess.run(cmd + ["--batch"], input="".join(l + "\n" for l in lines),
                              capture_output=True, text=True)
    except OSError as e:
        return None, "cannot run %s: %s" % (cmd[0], e.strerror)
    answers, cur = [], []
    for ln in proc.stdout.split("\n"):
        if ln.startswith("="):
            answers.append((int(ln[1:]), cur))
            cur = []
        elif ln:
            cur.append(ln)
    note = None
    if proc.returncode != 0 or len(answers) != len(lines):
        note = "kpqc exited with %d after %d of %d answers: %s" % (
            proc.returncode, len(answers), len(lines), proc.stderr.strip()[:200])
    return answers, note


def definition_cases(cmd, vdir, a):
    """FIPS 205 Algorithms 22 and 24 against the internal interface (KAT-checked above):
    for one key of each set (from the keyGen vectors), sign(M, ctx) must equal
    sign_internal(M') with M' = 0 || |ctx| || ctx || M, deterministic and hedged; verify must
    accept it with ctx, reject it with another ctx or none, and reject (as bad input) a
    ctx of 256 bytes. Also the FIPS 205 Table 2 sizes."""
    kg = load(os.path.join(vdir, "acvp-v1.1.0.40-via-liboqs", "SLH-DSA-keyGen-FIPS205",
                           "internalProjection.json"))
    label = "FIPS 205 Alg. 22/24 (external = internal over M'), Table 2 sizes"
    ctx = bytes(range(1, 12)).hex()
    msg = bytes(range(200, 240)).hex()
    mprime = "00%02x%s%s" % (len(ctx) // 2, ctx, msg)
    first, second = [], []
    for g in kg["testGroups"]:
        s = setname(g["parameterSet"])
        if s is None or s not in a.sets:
            continue
        if a.s_sign is not None and s.endswith("s"):
            continue   # the s sets only in full runs (each signature costs 10^9+ instructions)
        if a.subset is not None and s != "128f":
            continue   # subset runs: SLH-DSA-SHAKE-128f, deterministic only (the code is shared)
        t = g["tests"][0]
        sk, pk = t["sk"].lower(), t["pk"].lower()
        rnd = "ab" * N[s[:3]]
        first.append((s, "%s sign %s %s --internal" % (alg(s), sk, mprime), pk))
        second.append((s, "%s sign %s %s --ctx %s" % (alg(s), sk, msg, ctx)))
        if a.subset is None:
            first.append((s, "%s sign %s %s --internal --rnd %s" % (alg(s), sk, mprime, rnd), pk))
            second.append((s, "%s sign %s %s --ctx %s --rnd %s" % (alg(s), sk, msg, ctx, rnd)))
    ans, note = run_batch(cmd, [c for _, c, _ in first])
    if note:
        print(note)
    ans = ans or []
    lines, wants, whats = [], [], []
    for i, (s, c, pk) in enumerate(first):
        if i >= len(ans) or ans[i][0] != 0 or len(ans[i][1]) != 1:
            lines.append(c)
            wants.append(None)
            whats.append((s, "internal reference signature"))
            continue
        sig = ans[i][1][0]
        kind = "hedged" if "--rnd" in c else "det"
        lines.append(second[i][1])
        wants.append((0, [sig]))
        whats.append((s, "%s sign with ctx = sign_internal(M')" % kind))
        if kind == "det":
            lines.append("%s verify %s %s %s --ctx %s" % (alg(s), pk, msg, sig, ctx))
            wants.append((0, ["ok"]))
            whats.append((s, "verify with ctx"))
            lines.append("%s verify %s %s %s --ctx %s" % (alg(s), pk, msg, sig, ctx[:-2]))
            wants.append((1, ["fail"]))
            whats.append((s, "verify with a shorter ctx fails"))
            lines.append("%s verify %s %s %s" % (alg(s), pk, msg, sig))
            wants.append((1, ["fail"]))
            whats.append((s, "verify without ctx fails"))
            lines.append("%s verify %s %s %s --internal" % (alg(s), pk, mprime, sig))
            wants.append((0, ["ok"]))
            whats.append((s, "verify_internal of M' accepts"))
            lines.append("%s verify %s %s %s --ctx %s" % (alg(s), pk, msg, sig, "00" * 256))
            wants.append((2, ["kpqc: error: CTX: 256 bytes, at most 255"]))
            whats.append((s, "verify with a 256-byte ctx is refused"))
            n = len(sig) // 2
            sizes_ok = (len(pk) // 2, n) == SIZES[s]
            yield (label, s, "sizes", None, ("size", sizes_ok, "pk %d, sig %d bytes, Table 2 %s"
                                             % (len(pk) // 2, n, SIZES[s])))
    lines.append("%s sign %s %s --ctx %s" % (alg("128f"), "00" * 64, msg, "00" * 256))
    wants.append((2, ["kpqc: error: CTX: 256 bytes, at most 255"]))
    whats.append(("128f", "sign with a 256-byte ctx is refused"))
    for (s, what), line, want in zip(whats, lines, wants):
        yield (label, s, what, line, want)


BAD = [
    (["slh-dsa-shake-128x", "keygen", "00" * 16, "00" * 16, "00" * 16], "unknown SLH-DSA set"),
    (["slh-dsa-sha2-128f", "keygen", "00" * 16, "00" * 16, "00" * 16], "SHA2 set (not built)"),
    (["slh-dsa-shake-128f"], "no operation"),
    (["slh-dsa-shake-128f", "frob", "00"], "unknown operation"),
    (["slh-dsa-shake-128f", "keygen", "00" * 16, "00" * 16], "missing seed"),
    (["slh-dsa-shake-128f", "keygen", "00" * 16, "00" * 16, "00" * 15], "short PK.seed"),
    (["slh-dsa-shake-192f", "keygen", "00" * 16, "00" * 16, "00" * 16], "128-bit seeds for 192f"),
    (["slh-dsa-shake-128f", "keygen", "0" * 31, "00" * 16, "00" * 16], "odd-length hex"),
    (["slh-dsa-shake-128f", "keygen", "zz" * 16, "00" * 16, "00" * 16], "non-hex seed"),
    (["slh-dsa-shake-128f", "keygen", "00" * 16, "00" * 16, "00" * 16, "--ctx", "00"], "keygen option"),
    (["slh-dsa-shake-128f", "sign", "00" * 63, "00"], "sk of the wrong length"),
    (["slh-dsa-shake-128f", "sign", "00" * 64, "00", "--rnd", "00" * 32], "addrnd of the wrong length"),
    (["slh-dsa-shake-128f", "sign", "00" * 64, "00", "--ctx", "00", "--internal"], "ctx with --internal"),
    (["slh-dsa-shake-128f", "sign", "00" * 64, "00", "--ctx", "00" * 256], "ctx of 256 bytes"),
    (["slh-dsa-shake-128f", "sign", "00" * 64], "sign without message"),
    (["slh-dsa-shake-128f", "verify", "00" * 31, "00", "00"], "pk of the wrong length"),
    (["slh-dsa-shake-128f", "verify", "00" * 32, "00", "00", "--rnd", "00" * 16], "verify with --rnd"),
    (["slh-dsa-shake-128f", "verify", "00" * 32, "00", "0"], "odd-length signature"),
    (["slh-dsa-shake-128f", "sign", "00" * 64, "00", "--domain", "1f"], "--domain on slh-dsa"),
]


def badinput(cmd):
    print("== kpqc bad input (slh-dsa): exit 2, one error line on stderr, nothing on stdout")
    passed = failed = 0
    for args, what in BAD:
        r = subprocess.run(cmd + args, capture_output=True, text=True, timeout=600)
        lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
        ok = r.returncode == 2 and len(lines) == 1 and r.stdout == ""
        if ok:
            passed += 1
        else:
            failed += 1
            print("FAIL bad input %s: exit %d, %d stderr lines, stdout %d chars"
                  % (what, r.returncode, len(lines), len(r.stdout)))
    # A wrong-length signature is a verification failure (exit 1), not bad input.
    r = subprocess.run(cmd + ["slh-dsa-shake-128f", "verify", "00" * 32, "00", "00" * 10],
                       capture_output=True, text=True, timeout=600)
    if r.returncode == 1 and r.stdout == "fail\n":
        passed += 1
    else:
        failed += 1
        print("FAIL short signature: exit %d, stdout %r" % (r.returncode, r.stdout[:40]))
    print("%d passed, %d failed" % (passed, failed))
    return failed


def main():
    args = sys.argv[1:]

    class A:
        subset = None
        s_sign = None
        sets = SETS
        bad = False
    a = A()
    vdir = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                         "shared", "vectors"))
    while args and args[0] != "--":
        if args[0] == "--subset":
            a.subset = int(args[1])
            args = args[2:]
        elif args[0] == "--s-sign":
            a.s_sign = int(args[1])
            args = args[2:]
        elif args[0] == "--sets":
            a.sets = args[1].split(",")
            args = args[2:]
        elif args[0] == "--badinput":
            a.bad = True
            args = args[1:]
        elif args[0] == "--vectors":
            vdir = args[1]
            args = args[2:]
        else:
            raise SystemExit(__doc__)
    cmd = args[1:]
    if not cmd:
        raise SystemExit(__doc__)

    results = []   # (label, set, case, want, answer or None)

    def run_stage(cases):
        runnable = [c for c in cases if c[3] is not None]
        answers, note = run_batch(cmd, [c[3] for c in runnable])
        if note:
            print(note)
        it = iter(answers or [])
        for c in cases:
            results.append((c, next(it, None) if c[3] is not None else None))

    run_stage(list(all_cases(vdir, a)))
    run_stage(list(definition_cases(cmd, vdir, a)))

    per = OrderedDict()
    skips = OrderedDict()
    passed = failed = 0
    for (label, s, tc, line, want), got in results:
        st = per.setdefault(label, [0, 0, 0])
        if line is None and isinstance(want, str):
            skips.setdefault((label, want), []).append(s)
            st[2] += 1
            continue
        if line is None:   # a check made here (sizes)
            ok, detail = want[1], want[2]
        else:
            ok = want is not None and got == want
            detail = "got %s want %s" % (_short(got), _short(want))
        if ok:
            st[0] += 1
            passed += 1
        else:
            st[1] += 1
            failed += 1
            print("FAIL %s SLH-DSA-SHAKE-%s %s: %s" % (label, s, tc, detail))
    for (label, why), sets in skips.items():
        print("%s: %d groups (%s) %s" % (label, len(sets), ",".join(sorted(set(sets))), why))
    for label, (p, f, k) in per.items():
        print("%-78s %4d passed, %d failed%s" % (label, p, f, ", %d skipped" % k if k else ""))
    print("compared keys, signatures and verdicts with the vector files%s%s"
          % ("" if a.subset is None else " (first %d cases per group)" % a.subset,
             "" if a.s_sign is None else "; s-set sigGen: first %d deterministic and %d hedged"
             % (a.s_sign, a.s_sign)))
    if a.bad:
        failed += badinput(cmd)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed or not passed else 0


def _short(x):
    if x is None:
        return "<no answer>"
    st, lines = x
    return "exit %d %s" % (st, " ".join(l[:24] + ("..." if len(l) > 24 else "") for l in lines)[:80])


if __name__ == "__main__":
    sys.exit(main())
