#!/usr/bin/env python3
"""Vector differential programs (issue 3, "Tests" 1): builds tests/vector/*.c (RVV intrinsics
and clang-19 -O3 auto-vectorised loops) for riscv64 and compares karu64's stdout and exit status
with QEMU 10's (the reference) at VLEN 128, 256, 512 and 1024. Every program strip-mines its
loops, so its output does not depend on VLEN: at VLEN 2048 and 4096, which QEMU cannot run,
karu64 must print what QEMU printed at VLEN 256 (and QEMU's outputs at its four VLENs must agree).

  tests/vector/run_diff.py --cc "RV_CC" --qemu QEMU --karu64 KARU64 --out DIR --results FILE [NAME...]
"""
import argparse
import concurrent.futures as cf
import glob
import os
import shlex
import subprocess
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import harness  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
QEMU_CPU = "rva23u64,vlen=%d"
MARCH = "rv64gcv_zvfhmin"
QEMU_VLENS = [128, 256, 512, 1024]
SELF_VLENS = [2048, 4096]
TIMEOUT = 300


def build(cc, src, out):
    deps = [src, os.path.join(HERE, "common.h")]
    if os.path.exists(out) and all(os.path.getmtime(out) >= os.path.getmtime(d) for d in deps):
        return None
    cmd = shlex.split(cc) + ["-O3", "-march=" + MARCH, "-Wall", "-Wextra", "-I" + HERE, src, "-o", out, "-lm"]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        return "build failed: %s\n%s" % (" ".join(shlex.quote(c) for c in cmd), r.stderr.strip())
    return None


def run(cmd):
    return harness.run_pair(cmd, timeout=TIMEOUT)


def first_diff(a, b):
    return harness.first_diff(a, b, "expected", "karu64", 100)


def check(name, exe, qemu, karu):
    """Returns a list of (label, ok, detail)."""
    res = []
    ref = {}
    for v in QEMU_VLENS:
        q, qerr = run([qemu, "-cpu", QEMU_CPU % v, exe])
        if q is None or q[1] != 0:
            res.append(("%s vlen=%d" % (name, v), False, "qemu failed: %s" % (qerr if q is None else q[1])))
            continue
        ref[v] = q
        k, kerr = run([karu, "--vlen=%d" % v, exe])
        if k is None:
            res.append(("%s vlen=%d" % (name, v), False, "karu64: %s" % kerr))
        elif b" BAD" in k[0]:
            res.append(("%s vlen=%d" % (name, v), False, "a known-value line says BAD"))
        elif k != q:
            why = "exit %d vs %d %s" % (q[1], k[1], kerr) if k[1] != q[1] else first_diff(q[0], k[0])
            res.append(("%s vlen=%d" % (name, v), False, why))
        else:
            res.append(("%s vlen=%d" % (name, v), True, "%d lines" % q[0].count(b"\n")))
    if 256 in ref:
        agree = all(ref[v] == ref[256] for v in ref)
        res.append(("%s qemu VLEN-independent" % name, agree, "" if agree else "QEMU output depends on VLEN"))
        for v in SELF_VLENS:
            k, kerr = run([karu, "--vlen=%d" % v, exe])
            ok = k is not None and k == ref[256]
            why = "same as QEMU at VLEN 256" if ok else (kerr if k is None else first_diff(ref[256][0], k[0]))
            res.append(("%s vlen=%d (vs QEMU vlen=256)" % (name, v), ok, why))
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cc", required=True)
    ap.add_argument("--qemu", required=True)
    ap.add_argument("--karu64", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--results")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("names", nargs="*")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    srcs = sorted(glob.glob(os.path.join(HERE, "*.c")))
    if a.names:
        srcs = [s for s in srcs if os.path.splitext(os.path.basename(s))[0] in a.names]
    lines, npass, nfail = [], 0, 0
    with cf.ThreadPoolExecutor(a.j) as ex:
        jobs = {}
        for s in srcs:
            name = os.path.splitext(os.path.basename(s))[0]
            jobs[name] = ex.submit(build, a.cc, s, os.path.join(a.out, name))
        built = []
        for name, f in jobs.items():
            err = f.result()
            if err:
                lines.append("FAIL %s: %s" % (name, err))
                nfail += 1
            else:
                built.append(name)
        futs = {n: ex.submit(check, n, os.path.join(a.out, n), a.qemu, a.karu64) for n in built}
        for n in built:
            for label, ok, why in futs[n].result():
                lines.append("%s %s: %s" % ("ok  " if ok else "FAIL", label, why))
                npass += ok
                nfail += not ok
    lines.append("%d passed, %d failed" % (npass, nfail))
    out = "\n".join(lines) + "\n"
    sys.stdout.write(out)
    if a.results:
        with open(a.results, "w") as f:
            f.write(out)
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main())
