#!/usr/bin/env python3
"""Simulation cost as a count (a benchmark, not a test): the host instructions karu64 executes
per guest instruction on bench-speed's programs (bench/*.c), under valgrind's callgrind, for
the functional loop and the cycle models. Unlike wall time, the count does not depend on the
machine's load, so two builds compare to a fraction of a percent on a shared machine (wall
times of one binary spread by 15 % there, doc/cycle-model.md). Each run stops after --insns
guest instructions (the same instructions for every build, since the programs are
deterministic), so startup is a small, equal part of it.

valgrind cannot reserve karu64's 2^38-byte Linux arena: `make bench-callgrind` builds
build-cg/karu64 with -DK64_LINUX_ARENA_BITS=35 (linux/linux.h). To compare against an older
commit, build that commit the same way (before the option existed: change K64_LINUX_ARENA_SIZE
and the layout below it in src/linux/linux.h, and LINUX_SPACE in src/board/machine.c, to
2^35 in a worktree) and pass it as --base.

  bench/callgrind.py --cc "RV_CC" --karu64 build-cg/karu64 [--base OTHER/karu64] [--insns N]
                     [--models none,karu64-fpga] [NAME...]
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
import speed  # noqa: E402  (bench/speed.py: the programs and how they are built)

PROGRAMS = speed.PROGRAMS


def count(karu64, model, vlen, insns, exe, out):
    """Host instructions (callgrind's Ir) of one run, or None with the reason printed."""
    args = ["--max-insns=%d" % insns] + (["--model=" + model] if model != "none" else []) + \
           (["--vlen=%d" % vlen] if vlen else [])
    cmd = [shutil.which("valgrind"), "--tool=callgrind", "--callgrind-out-file=" + out, karu64] + args + [exe]
    # an empty environment: the guest sees the same stack whatever the caller's environment
    r = subprocess.run(cmd, capture_output=True, text=True, env={}, stdin=subprocess.DEVNULL)
    m = re.search(r"I\s+refs:\s+([\d,]+)", r.stderr)
    if not m or "karu64: error" in r.stderr:
        err = [l for l in r.stderr.splitlines() if "karu64" in l or "error" in l.lower()]
        print("callgrind: error: %s: %s" % (" ".join(cmd), err[-1] if err else "no count"), file=sys.stderr)
        return None
    return int(m.group(1).replace(",", ""))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cc", required=True)
    ap.add_argument("--karu64", default="build-cg/karu64")
    ap.add_argument("--base", help="another karu64 built the same way, to compare against")
    ap.add_argument("--insns", type=int, default=50000000, help="guest instructions per run")
    ap.add_argument("--models", default="none,karu64-fpga")
    ap.add_argument("--out", default="build/bench-cg")
    ap.add_argument("names", nargs="*")
    a = ap.parse_args()
    if not shutil.which("valgrind"):
        print("callgrind: error: valgrind missing (run `make setup`)", file=sys.stderr)
        return 1
    builds = [("new", a.karu64)] + ([("base", a.base)] if a.base else [])
    for _, k in builds:
        if not os.access(k, os.X_OK):
            print("callgrind: error: %s missing" % k, file=sys.stderr)
            return 1
    os.makedirs(a.out, exist_ok=True)
    names = a.names or PROGRAMS
    rows, bad = [], 0
    for n, vlen in speed.runs_of(names):
        exe = speed.build(a.cc, n, vlen, a.out, "callgrind")
        if not exe:
            return 1
        for model in a.models.split(","):
            got = {}
            for tag, k in builds:
                got[tag] = count(k, model, vlen, a.insns, exe,
                                 os.path.join(a.out, "%s%s.%s.%s.cg" % (n, vlen or "", model, tag)))
                bad += got[tag] is None
            rows.append((n + ("@VLEN%d" % vlen if vlen else ""), model, got.get("new"), got.get("base")))
    hdr = ["program", "model", "host insns", "per guest insn"] + (["base host insns", "new / base"] if a.base else [])
    table = []
    for n, model, new, base in rows:
        r = [n, model, "%d" % new if new else "n/a", "%.2f" % (new / a.insns) if new else "n/a"]
        if a.base:
            r += ["%d" % base if base else "n/a", "%.4f" % (new / base) if new and base else "n/a"]
        table.append(r)
    w = [max(len(r[i]) for r in table + [hdr]) for i in range(len(hdr))]
    line = lambda r: "  ".join(c.rjust(w[i]) if i > 1 else c.ljust(w[i]) for i, c in enumerate(r))
    print(line(hdr))
    for r in table:
        print(line(r))
    md = ["| " + " | ".join(hdr) + " |", "|---|---|" + "|".join("---:" for _ in hdr[2:]) + "|"]
    md += ["| " + " | ".join(r) + " |" for r in table]
    md.append("")
    md.append("Host instructions (valgrind callgrind, Ir) of `karu64 --max-insns=%d` on each program; per guest "
              "insn = that / %d (startup included). %s" % (a.insns, a.insns, "new / base: the two builds' counts."
                                                            if a.base else ""))
    with open(os.path.join(a.out, "callgrind.md"), "w") as fh:
        fh.write("\n".join(md) + "\n")
    print("wrote %s" % os.path.join(a.out, "callgrind.md"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
