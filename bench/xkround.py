#!/usr/bin/env python3
"""The round-step comparison (issue 11, design 2; doc/xkround.md "Measurements"): runs
bench/xkround.c of each build under karu64-sim and karu64-fpga and prints one table of cycles
and instructions per permutation and per SHAKE128 block. A benchmark, not a test.

usage: xkround.py KARU64 XKR_ISA BUILD=ELF..."""
import subprocess, sys

karu64, isa = sys.argv[1:3]
builds = [a.split("=", 1) for a in sys.argv[3:]]
rows = {}
for model in ["karu64-sim", "karu64-fpga"]:
    for name, elf in builds:
        cmd = [karu64, "--model=" + model] + (["--isa=" + isa] if name.endswith("_round") else []) + [elf]
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
        if r.returncode:
            sys.exit(f"xkround.py: error: {' '.join(cmd)}: exit {r.returncode}: {r.stderr.strip()[:200]}")
        for ln in r.stdout.splitlines():
            f = ln.split()
            if len(f) == 3 and f[0] not in ("overhead",):
                rows.setdefault(f[0], {})[(model, name)] = (float(f[1]), float(f[2]))
keys = [k for k in rows]
print("| measurement | " + " | ".join(f"{n} sim" for n, _ in builds) + " | " +
      " | ".join(f"{n} fpga" for n, _ in builds) + " | instructions (" + ", ".join(n for n, _ in builds) + ") |")
print("|---|" + "---:|" * (2 * len(builds) + 1))
for k in keys:
    cells = []
    for model in ["karu64-sim", "karu64-fpga"]:
        for n, _ in builds:
            v = rows[k].get((model, n))
            cells.append("%.1f" % v[0] if v else "")
    ins = ", ".join("%.1f" % rows[k][("karu64-sim", n)][1] if ("karu64-sim", n) in rows[k] else "-" for n, _ in builds)
    print(f"| {k} | " + " | ".join(cells) + f" | {ins} |")
