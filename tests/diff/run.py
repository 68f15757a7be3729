#!/usr/bin/env python3
"""Differential corpus: builds tests/diff/*.c for riscv64 (two -march variants), runs each binary
in QEMU 10 (the reference) and in karu64, and compares stdout and exit status byte for byte.

  tests/diff/run.py --cc "RV_CC" --qemu build/tools/qemu-riscv64 --karu64 build/karu64 \
      --out build/tests/diff --results build/test-results/diff-corpus.txt [NAME...]

--ref-only runs QEMU alone (twice per binary, and checks that both -march variants print the
same), for developing the corpus before karu64 exists; it never writes the results file.
The expected output is QEMU's; nothing is compared against karu64's own earlier output.
"""
import argparse
import concurrent.futures as cf
import os
import shlex
import subprocess
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import harness  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
# RVA23U64 has neither Zbc nor Zifencei (karu64 implements both; the corpus uses clmul and fence.i),
# so the reference enables them explicitly.
QEMU_CPU = "rva23u64,zbc=true,zifencei=true"
VARIANTS = [("zb", "rv64gc_zba_zbb_zbs_zicond_zfa"), ("gc", "rv64gc")]
GUEST_ARGS = ["alpha", "two words", "", "--dash"]
GUEST_ENV = {"DIFF_A": "1", "DIFF_B": "hello world", "DIFF_EMPTY": "", "LC_ALL": "C"}
TIMEOUT = 120


def build(cc, src, out, march):
    deps = [src, os.path.join(HERE, "common.h")]
    if os.path.exists(out) and all(os.path.getmtime(out) >= os.path.getmtime(d) for d in deps):
        return None
    cmd = shlex.split(cc) + ["-O2", "-march=" + march, "-Wall", "-Wextra", "-I" + HERE, src, "-o", out, "-lm"]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        return "build failed: %s\n%s" % (" ".join(shlex.quote(c) for c in cmd), r.stderr.strip())
    return None


def run(cmd):
    return harness.run_pair(cmd + GUEST_ARGS, timeout=TIMEOUT, env=GUEST_ENV)


first_diff = harness.first_diff


def compare(name, exe, qemu, karu, ref_only):
    q, qerr = run([qemu, "-cpu", QEMU_CPU, exe])
    if q is None:
        return False, "qemu: %s" % qerr
    if ref_only:
        q2, _ = run([qemu, "-cpu", QEMU_CPU, exe])
        if q2 != q:
            return False, "qemu: two runs differ (%s)" % first_diff(q[0], q2[0])
        return True, "status %d, %d lines" % (q[1], q[0].count(b"\n"))
    k, kerr = run([karu, exe])
    if k is None:
        return False, "karu64: %s" % kerr
    for tag, out in (("qemu", q[0]), ("karu64", k[0])):   # both outputs kept for a failure only
        if q != k:
            with open("%s.%s.out" % (exe, tag), "wb") as fh:
                fh.write(out)
        elif os.path.exists("%s.%s.out" % (exe, tag)):
            os.unlink("%s.%s.out" % (exe, tag))
    if q[1] != k[1]:
        return False, "exit status: qemu %d, karu64 %d %s" % (q[1], k[1], kerr)
    if q[0] != k[0]:
        return False, "stdout differs at %s (outputs in %s.{qemu,karu64}.out)" % (first_diff(q[0], k[0]), exe)
    return True, "status %d, %d lines" % (q[1], q[0].count(b"\n"))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cc", required=True)
    ap.add_argument("--qemu", required=True)
    ap.add_argument("--karu64", required=True)
    ap.add_argument("--out", default="build/tests/diff")
    ap.add_argument("--results", default="build/test-results/diff-corpus.txt")
    ap.add_argument("--ref-only", action="store_true")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("names", nargs="*")
    a = ap.parse_args()

    srcs = sorted(f[:-2] for f in os.listdir(HERE) if f.endswith(".c"))
    if a.names:
        srcs = [s for s in srcs if s in a.names]
    os.makedirs(a.out, exist_ok=True)
    lines = []

    def emit(s):
        print(s, flush=True)
        lines.append(s)

    def finish(p, f):
        emit("%d passed, %d failed" % (p, f))
        if not a.ref_only:
            os.makedirs(os.path.dirname(a.results) or ".", exist_ok=True)
            with open(a.results, "w") as fh:
                fh.write("\n".join(lines) + "\n")
        return 0 if f == 0 and p > 0 else 1

    if not os.access(a.qemu, os.X_OK):
        emit("FAIL setup: %s missing (run `make setup`)" % a.qemu)
        return finish(0, 1)
    if not a.ref_only and not os.access(a.karu64, os.X_OK):
        emit("FAIL setup: %s missing (build it with `make`)" % a.karu64)
        return finish(0, 1)

    jobs = [(s, v, m, os.path.join(a.out, "%s-%s" % (s, v))) for s in srcs for v, m in VARIANTS]
    with cf.ThreadPoolExecutor(a.j) as ex:
        errs = list(ex.map(lambda j: build(a.cc, os.path.join(HERE, j[0] + ".c"), j[3], j[2]), jobs))
        res = list(ex.map(lambda je: (False, je[1]) if je[1] else compare(je[0][0], je[0][3], a.qemu, a.karu64, a.ref_only),
                          zip(jobs, errs)))
    passed = failed = 0
    for (s, v, _, _), (ok, msg) in zip(jobs, res):
        emit("%s %s-%s: %s" % ("PASS" if ok else "FAIL", s, v, msg))
        passed += ok
        failed += not ok
    if a.ref_only:
        # Both -march variants of one program compute the same thing: their QEMU outputs must agree.
        for s in srcs:
            outs = []
            for v, _ in VARIANTS:
                exe = os.path.join(a.out, "%s-%s" % (s, v))
                o = run([a.qemu, "-cpu", QEMU_CPU, exe])[0]
                outs.append(o and (o[0].replace(exe.encode(), b"PROG"), o[1]))
            if outs[0] != outs[1]:
                emit("FAIL %s: variants differ under qemu (%s)" % (s, first_diff(outs[0][0], outs[1][0]) if outs[0] and outs[1] else "no output"))
                failed += 1
    return finish(passed, failed)


if __name__ == "__main__":
    sys.exit(main())
