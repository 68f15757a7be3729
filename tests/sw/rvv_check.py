#!/usr/bin/env python3
"""Runs mlkem_rvv_test (RVV kernels vs scalar kernels) under a runner at several VLENs.
usage: rvv_check.py PROGRAM --runner 'qemu -cpu rva23u64,vlen={vlen}' --vlens 128,256 [--result FILE]
({vlen} in the runner is replaced by each VLEN.)"""
import argparse
import re
import os
import shlex
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import harness  # noqa: E402

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
    r = harness.run(runner + [a.program], timeout=600, text=True)
    m = re.search(r"VLEN (\d+): (\d+) passed, (\d+) failed", r.out) if r.status is not None else None
    if not m or m.group(1) != v:
        failed += 1
        out.append(f"FAIL VLEN {v}: exit {r.status}: {r.why or (r.out + r.err).strip()[-200:]}")
        continue
    passed += int(m.group(2))
    failed += int(m.group(3))
    out.append(f"  VLEN {v}: {m.group(2)} passed, {m.group(3)} failed "
               f"({'; '.join(ln for ln in r.out.splitlines() if ':' in ln and 'VLEN' not in ln)})")
out.append(f"{passed} passed, {failed} failed")
text = "\n".join(out) + "\n"
sys.stdout.write(text)
if a.result:
    open(a.result, "w").write(text)
sys.exit(1 if failed or not passed else 0)
