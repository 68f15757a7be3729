#!/usr/bin/env python3
"""Runs mlkem_rvv_test (RVV kernels vs scalar kernels) under a runner at several VLENs.
usage: rvv_check.py PROGRAM --runner 'qemu -cpu rva23u64,vlen={vlen}' --vlens 128,256 [--result FILE]
({vlen} in the runner is replaced by each VLEN.)"""
import argparse
import re
import shlex
import subprocess
import sys

ap = argparse.ArgumentParser()
ap.add_argument("program")
ap.add_argument("--runner", required=True)
ap.add_argument("--vlens", default="256")
ap.add_argument("--result")
a = ap.parse_args()
passed = failed = 0
out = [f"RVV ML-KEM kernels vs scalar kernels: {a.program}"]
for v in a.vlens.split(","):
    runner = shlex.split(a.runner.replace("{vlen}", v))
    r = subprocess.run(runner + [a.program], capture_output=True, text=True, timeout=600)
    m = re.search(r"VLEN (\d+): (\d+) passed, (\d+) failed", r.stdout)
    if not m or m.group(1) != v:
        failed += 1
        out.append(f"FAIL VLEN {v}: exit {r.returncode}: {(r.stdout + r.stderr).strip()[-200:]}")
        continue
    passed += int(m.group(2))
    failed += int(m.group(3))
    out.append(f"  VLEN {v}: {m.group(2)} passed, {m.group(3)} failed "
               f"({'; '.join(ln for ln in r.stdout.splitlines() if ':' in ln and 'VLEN' not in ln)})")
out.append(f"{passed} passed, {failed} failed")
text = "\n".join(out) + "\n"
sys.stdout.write(text)
if a.result:
    open(a.result, "w").write(text)
sys.exit(1 if failed or not passed else 0)
