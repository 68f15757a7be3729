#!/usr/bin/env python3
"""The differential corpus (tests/diff/*.c) linked dynamically against the guest root's glibc:
each program, run by karu64 with -L ROOT, must print the same stdout and exit with the same
status as (1) the same dynamic binary under QEMU 10 with -L ROOT and (2) the program's static
build under QEMU 10 (the corpus reference; the program's own path is replaced by PROG, since the
two binaries have different names).

  tests/linux-dyn/corpus.py --cc-dyn "CC" --cc-static "CC -static" --root /usr/riscv64-linux-gnu \
      --qemu build/tools/qemu-riscv64 --karu64 build/karu64 --out build/tests/linux-dyn/corpus
Prints one line per program and "N passed, N failed" last.
"""
import argparse
import concurrent.futures as cf
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "diff"))
import run as diff  # noqa: E402  (tests/diff/run.py: build, run, first_diff, QEMU_CPU)

MARCH = "rv64gc_zba_zbb_zbs_zicond_zfa"
# Programs whose dynamic build QEMU itself does not run reproducibly: compared with the static
# build only, and the line says so.
QEMU_DYNAMIC_UNRELIABLE = {
    # QEMU 10 puts a dynamic program's brk a layout-dependent distance below its mmap area, so
    # sbrk(64 MiB) fails in some runs (always under setarch -R), and without -cpu its misaligned
    # amoadd.d does not trap; karu64 and the static build agree in every run.
    "mem_edge": "QEMU's dynamic run is layout-dependent (sbrk 64 MiB)",
}


def check(name, dyn, static, a):
    q_dyn, qerr = diff.run([a.qemu, "-L", a.root, "-cpu", diff.QEMU_CPU, dyn])
    q_st, serr = diff.run([a.qemu, "-cpu", diff.QEMU_CPU, static])
    k, kerr = diff.run([a.karu64, "-L", a.root, dyn])
    if q_dyn is None or q_st is None:
        return False, "qemu: %s" % (qerr if q_dyn is None else serr)
    if k is None:
        return False, "karu64: %s" % kerr
    note = ""
    if name in QEMU_DYNAMIC_UNRELIABLE and k != q_dyn:
        note = " (not compared with QEMU's dynamic run: %s)" % QEMU_DYNAMIC_UNRELIABLE[name]
    elif k != q_dyn:
        if k[1] != q_dyn[1]:
            return False, "exit status: qemu %d, karu64 %d %s" % (q_dyn[1], k[1], kerr)
        return False, "stdout differs from qemu's (dynamic) at %s" % diff.first_diff(q_dyn[0], k[0])
    norm_k = k[0].replace(dyn.encode(), b"PROG")
    norm_s = q_st[0].replace(static.encode(), b"PROG")
    if (norm_k, k[1]) != (norm_s, q_st[1]):
        if k[1] != q_st[1]:
            return False, "exit status: static build %d, dynamic under karu64 %d" % (q_st[1], k[1])
        return False, "stdout differs from the static build's at %s" % diff.first_diff(norm_s, norm_k)
    return True, "status %d, %d lines, = %sstatic build%s" % (k[1], k[0].count(b"\n"),
                                                         "" if note else "qemu dynamic = ", note)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    for opt in ("--cc-dyn", "--cc-static", "--root", "--qemu", "--karu64", "--out"):
        ap.add_argument(opt, required=True)
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("names", nargs="*")
    a = ap.parse_args()
    srcs = sorted(f[:-2] for f in os.listdir(diff.HERE) if f.endswith(".c"))
    if a.names:
        srcs = [s for s in srcs if s in a.names]
    os.makedirs(a.out, exist_ok=True)
    for tool in (a.qemu, a.karu64):
        if not os.access(tool, os.X_OK):
            print("FAIL setup: %s missing\n0 passed, 1 failed" % tool)
            return 1

    def job(s):
        src = os.path.join(diff.HERE, s + ".c")
        dyn, static = os.path.join(a.out, s + "-dyn"), os.path.join(a.out, s + "-static")
        e = diff.build(a.cc_dyn, src, dyn, MARCH) or diff.build(a.cc_static, src, static, MARCH)
        return (False, e) if e else check(s, dyn, static, a)

    with cf.ThreadPoolExecutor(a.j) as ex:
        res = list(ex.map(job, srcs))
    passed = failed = 0
    for s, (ok, msg) in zip(srcs, res):
        print("%s %s: %s" % ("PASS" if ok else "FAIL", s, msg), flush=True)
        passed += ok
        failed += not ok
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
