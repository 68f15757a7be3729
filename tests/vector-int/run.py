#!/usr/bin/env python3
"""RVV integer/memory/mask/permutation tests (issue 3), run at several VLENs.

Differential (the reference is QEMU 10, `-cpu rva23u64,vlen=N`): every program in DIFF and the
encoding sweep (sweep.c, several seeds) must print the same stdout and exit with the same status
under QEMU and under `karu64 --vlen=N`.
Known-value (the expected values come from the RVV 1.0 specification, written into the
programs): the programs in KNOWN print `FAIL ...` lines for mismatches and `N passed, M failed`
at the end; they run under karu64 (and QEMU where it can follow: not for vector state in
signal frames).

  run.py --cc "RV_CC" --qemu QEMU --karu64 KARU64 --out DIR --results FILE [--full]
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
MARCH = "rv64gcv_zvbb"
DIFF = ["intr_arith", "intr_mem", "intr_mask_perm", "auto_loops"]
KNOWN = ["known_fault", "known_illegal"]
TIMEOUT = 300


def build(cc, name, out, opt):
    src = os.path.join(HERE, name + ".c")
    exe = os.path.join(out, name)
    deps = [src, os.path.join(HERE, "common.h")]
    if os.path.exists(exe) and all(os.path.getmtime(exe) >= os.path.getmtime(d) for d in deps if os.path.exists(d)):
        return exe, None
    cmd = shlex.split(cc) + [opt, "-march=" + MARCH, "-Wall", "-Wextra", "-I" + HERE, src, "-o", exe]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        return None, "build failed: %s\n%s" % (" ".join(cmd), r.stderr.strip()[-2000:])
    return exe, None


def run(cmd):
    return harness.run_pair(cmd, timeout=TIMEOUT, tail=300)


def first_diff(a, b):
    return harness.first_diff(a, b, "qemu", "karu64", 160)


def diff_case(qemu, karu, vlen, exe, args, ones=False):
    # ones: tail/mask-agnostic elements written as all ones (QEMU's rvv_ta_all_1s and
    # rvv_ma_all_1s against karu64 --vector-agnostic=ones)
    cpu = "rva23u64,vlen=%d" % vlen + (",rvv_ta_all_1s=on,rvv_ma_all_1s=on" if ones else "")
    q, qe = run([qemu, "-cpu", cpu, exe] + args)
    if q is None:
        return False, "qemu: " + qe
    k, ke = run([karu, "--vlen=%d" % vlen] + (["--vector-agnostic=ones"] if ones else []) + [exe] + args)
    if k is None:
        return False, "karu64: " + ke
    if q[1] != k[1]:
        return False, "status qemu %d karu64 %d (%s)" % (q[1], k[1], ke)
    if q[0] != k[0]:
        return False, "stdout differs: " + first_diff(q[0], k[0])
    return True, "%d lines" % q[0].count(b"\n")


def cross_vlen_case(qemu, karu, vlen, exe):
    q, qe = run([qemu, "-cpu", "rva23u64,vlen=256", exe])
    if q is None:
        return False, "qemu: " + qe
    k, ke = run([karu, "--vlen=%d" % vlen, exe])
    if k is None:
        return False, "karu64: " + ke
    if q != k:
        return False, "differs: " + first_diff(q[0], k[0])
    return True, "%d lines" % q[0].count(b"\n")


def known_case(sim, vlen, exe):
    res, err = run(sim + [exe])
    if res is None:
        return False, err
    out, st = res
    lines = out.decode(errors="replace").strip().splitlines()
    fails = [l for l in lines if l.startswith("FAIL")]
    last = lines[-1] if lines else ""
    ok = st == 0 and not fails and last.endswith(" 0 failed")
    return ok, (last if ok else "; ".join(fails[:3]) or "status %d: %s %s" % (st, last, err))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cc", required=True)
    ap.add_argument("--qemu", required=True)
    ap.add_argument("--karu64", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--results", required=True)
    ap.add_argument("--full", action="store_true")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    os.makedirs(os.path.dirname(a.results), exist_ok=True)
    lines, passed, failed = [], 0, 0

    exes = {}
    for name in DIFF + KNOWN + ["sweep"]:
        exe, err = build(a.cc, name, a.out, "-O3" if name.startswith("auto") else "-O2")
        if err:
            lines.append("FAIL build %s: %s" % (name, err))
            failed += 1
        exes[name] = exe
    for tool in (a.qemu, a.karu64):
        if not os.access(tool, os.X_OK):
            lines.append("FAIL missing %s" % tool)
            failed += 1

    vlens = [128, 256, 512, 1024]
    nsw = 20000 if a.full else 3000
    seeds = [1, 2, 3, 4, 5, 6] if a.full else [1, 2]
    jobs = []
    with cf.ThreadPoolExecutor(max_workers=2) as pool:
        for v in vlens:
            for name in DIFF:
                if exes.get(name):
                    jobs.append(("diff %s vlen=%d" % (name, v), pool.submit(diff_case, a.qemu, a.karu64, v, exes[name], [])))
            if exes.get("sweep"):
                for s in seeds:
                    jobs.append(("sweep arith seed=%d n=%d vlen=%d" % (s, nsw, v),
                                 pool.submit(diff_case, a.qemu, a.karu64, v, exes["sweep"], ["arith", str(nsw), str(s)])))
                    jobs.append(("sweep mem seed=%d n=%d vlen=%d" % (s, nsw // 2, v),
                                 pool.submit(diff_case, a.qemu, a.karu64, v, exes["sweep"], ["mem", str(nsw // 2), str(s)])))
                jobs.append(("sweep vset seed=%d n=%d vlen=%d" % (seeds[0], nsw // 2, v),
                             pool.submit(diff_case, a.qemu, a.karu64, v, exes["sweep"], ["vset", str(nsw // 2), str(seeds[0])])))
                for kind in ("arith", "mem"):
                    jobs.append(("sweep %s agnostic=ones seed=%d n=%d vlen=%d" % (kind, 100 + v, nsw // 2, v),
                                 pool.submit(diff_case, a.qemu, a.karu64, v, exes["sweep"],
                                             [kind, str(nsw // 2), str(100 + v)], True)))
            for name in KNOWN:
                if exes.get(name):
                    jobs.append(("known %s karu64 vlen=%d" % (name, v),
                                 pool.submit(known_case, [a.karu64, "--vlen=%d" % v], v, exes[name])))
                    # The same expectations hold for QEMU (it reads vstart from the CSR where
                    # karu64 provides the Linux signal-frame vector context): a check of the test.
                    jobs.append(("known %s qemu vlen=%d" % (name, v),
                                 pool.submit(known_case, [a.qemu, "-cpu", "rva23u64,vlen=%d" % v], v, exes[name])))
        # VLEN 2048 and 4096, where QEMU cannot follow: the VLEN-independent program must print
        # what QEMU prints at VLEN 256, and the known-value programs must pass.
        for v in (2048, 4096):
            if exes.get("auto_loops"):
                jobs.append(("auto_loops karu64 vlen=%d = qemu vlen=256" % v,
                             pool.submit(cross_vlen_case, a.qemu, a.karu64, v, exes["auto_loops"])))
            for name in KNOWN:
                if exes.get(name):
                    jobs.append(("known %s karu64 vlen=%d" % (name, v),
                                 pool.submit(known_case, [a.karu64, "--vlen=%d" % v], v, exes[name])))
        for label, fut in jobs:
            ok, msg = fut.result()
            lines.append("%s %s: %s" % ("PASS" if ok else "FAIL", label, msg))
            passed += ok
            failed += not ok
    lines.append("%d passed, %d failed" % (passed, failed))
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    with open(a.results, "w") as f:
        f.write(text)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
