#!/usr/bin/env python3
"""Differential test of the ratified vector crypto instructions: tests/crypto/vdiff.c in QEMU 10
and karu64 at each VLEN, compared line by line (trap count, vstart/vl/vtype after, destination
group, hash of the register file). Beyond equality, every case the generator built as legal
(per the vector crypto spec) must not trap, and every case that breaks one rule must trap once
and leave all 32 vector registers unchanged. Writes "N passed, N failed" (one per case)."""
import argparse
import collections
import os
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import harness  # noqa: E402

QEMU_EXT = "zvkned=true,zvknhb=true,zvkg=true,zvksed=true,zvksh=true,zvbc=true"


def run(cmd, timeout=600):
    return harness.run_text(cmd, timeout=timeout)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cc", required=True)
    ap.add_argument("--qemu", required=True)
    ap.add_argument("--karu64", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--results", required=True)
    ap.add_argument("--cases", type=int, default=120, help="cases per instruction and VLEN")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--vlens", default="128,256,512")
    ap.add_argument("--ones-vlens", default="256",
                    help="VLENs also run with agnostic elements set to all ones (QEMU rvv_ta/ma_all_1s)")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    here = os.path.dirname(os.path.abspath(__file__))
    prog = os.path.join(a.out, "vdiff")
    cc = a.cc.split() + ["-O2", "-fno-vectorize", "-fno-slp-vectorize", "-Wall", "-Wextra",
                         "-march=rv64gcv_zvkned_zvknhb_zvkg_zvksed_zvksh_zvbc_zvbb",
                         "-o", prog, os.path.join(here, "vdiff.c")]
    rc, out, err = run(cc)
    report = []
    passed = failed = 0
    if rc:
        report.append("compile failed:\n" + err)
        failed = 1
    else:
        # (VLEN, all-ones agnostic policy, Zvknha only: every other instruction and SEW = 64
        # vsha2* must trap)
        runs = [(int(v), False, False) for v in a.vlens.split(",")]
        runs += [(int(v), True, False) for v in a.ones_vlens.split(",") if v]
        runs += [(256, False, True)]
        for vlen, ones, zvknha in runs:
            seed = str(a.seed * 1000 + vlen + (7 if ones else 0) + (13 if zvknha else 0))
            args = [prog, seed, str(a.cases if not zvknha else a.cases // 3)]
            qcpu = "rva23u64,vlen=%d,%s" % (vlen, "zvknha=true" if zvknha else QEMU_EXT)
            qcpu += ",rvv_ta_all_1s=true,rvv_ma_all_1s=true" if ones else ""
            kopt = (["--vector-agnostic=ones"] if ones else []) + (["--isa=rv64gcv_zvknha"] if zvknha else [])
            qrc, qout, qerr = run([a.qemu, "-cpu", qcpu] + args)
            krc, kout, kerr = run([a.karu64, "--vlen=%d" % vlen] + kopt + args)
            tag = "%d%s" % (vlen, "-ones" if ones else "-zvknha-only" if zvknha else "")
            with open(os.path.join(a.out, "qemu-%s.txt" % tag), "w") as f:
                f.write(qout)
            with open(os.path.join(a.out, "karu64-%s.txt" % tag), "w") as f:
                f.write(kout)
            vlen = tag
            if qrc or krc:
                report.append("VLEN %s: exit status qemu %d karu64 %d\n%s%s" % (vlen, qrc, krc, qerr[-500:], kerr[-500:]))
                failed += 1
                continue
            ql, kl = qout.splitlines()[1:], kout.splitlines()[1:]
            stats = collections.OrderedDict()
            shown = 0
            if len(ql) != len(kl):
                report.append("VLEN %s: %d lines from QEMU, %d from karu64" % (vlen, len(ql), len(kl)))
                failed += 1
            for q, k in zip(ql, kl):
                f = q.split()
                name, cls = f[0], f[1]
                if zvknha and (not name.startswith("vsha2") or int(f[3][6:], 16) >> 3 & 7 == 3):
                    cls = "not-in-isa"
                st = stats.setdefault(name, [0, 0, 0])
                trap = "trap=1" in f
                ok = q == k
                why = "differs from QEMU"
                if ok and cls == "legal" and trap:
                    ok, why = False, "legal case trapped"
                if ok and cls != "legal" and not (trap and q.endswith("unchanged")):
                    ok, why = False, "reserved case (%s) did not trap cleanly" % cls
                st[0 if cls == "legal" else 1] += 1
                if ok:
                    passed += 1
                else:
                    failed += 1
                    st[2] += 1
                    if shown < 5:
                        shown += 1
                        report.append("VLEN %s mismatch (%s):\n  qemu:   %s\n  karu64: %s" % (vlen, why, q[:400], k[:400]))
            report.append("VLEN %s (seed %s): %-12s %6s %9s %9s" % (vlen, seed, "instruction", "legal", "reserved", "failed"))
            for name, (lg, il, fl) in stats.items():
                report.append("VLEN %s: %-12s %6d %9d %9d" % (vlen, name, lg, il, fl))
            report.append("VLEN %s: %d cases compared with QEMU" % (vlen, sum(s[0] + s[1] for s in stats.values())))
    report.append("%d passed, %d failed" % (passed, failed))
    text = "\n".join(report) + "\n"
    sys.stdout.write(text)
    with open(a.results, "w") as f:
        f.write(text)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
