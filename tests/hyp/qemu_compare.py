#!/usr/bin/env python3
"""Compares one run of tests/hyp on karu64 and one on QEMU (`make hyp-qemu`), check by check.

Both runs print "PASS name: value" or "FAIL name: got X, expected Y" per check against the
expectations worked out by hand in tests/hyp/hyp_test.c, then "N passed, N failed". A check
agrees when QEMU meets the expectation that karu64 meets; every other check must be listed in
TABLE (tests/hyp/qemu10.txt: "class | check name | why", class warl or spec). Prints one line per
check and the counts; exits 1 when a run is incomplete, karu64 fails a check, the two runs list
different checks, a disagreement is not in TABLE or a line of TABLE no longer disagrees.

usage: qemu_compare.py TABLE KARU64_OUTPUT QEMU_OUTPUT"""
import sys

CLASSES = {"warl": "QEMU WARL/configuration", "spec": "QEMU differs from the spec"}


def checks(path):
    """[(name, passed, text)] of a run, and whether it printed its count line."""
    out, complete = [], False
    for line in open(path, errors="replace"):
        line = line.rstrip("\n")
        if line.startswith("PASS "):
            out.append((line[5:].rsplit(": ", 1)[0], True, line[5:]))
        elif line.startswith("FAIL "):
            out.append((line[5:].split(": got ", 1)[0], False, line[5:]))
        elif line.endswith(" failed") and " passed, " in line:
            complete = True
    return out, complete


def table(path):
    rows = {}
    for n, line in enumerate(open(path), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = [p.strip() for p in line.split(" | ")]
        if len(parts) != 3 or parts[0] not in CLASSES:
            sys.exit(f"{path}:{n}: expected 'warl|spec | check name | why'")
        rows[parts[1]] = (parts[0], parts[2])
    return rows


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__.strip().splitlines()[-1])
    rows = table(sys.argv[1])
    karu, karu_done = checks(sys.argv[2])
    qemu, qemu_done = checks(sys.argv[3])
    problems = []
    if not karu_done:
        problems.append("the karu64 run printed no count line")
    if not qemu_done:
        problems.append("the QEMU run printed no count line (hung or crashed: see its output)")
    if [c[0] for c in karu] != [c[0] for c in qemu]:
        problems.append(f"the runs list different checks ({len(karu)} on karu64, {len(qemu)} on QEMU)")
    counts = {"agree": 0, "warl": 0, "spec": 0}
    seen = set()
    for i, (name, ok, text) in enumerate(qemu):
        if i < len(karu) and not karu[i][1]:
            problems.append(f"karu64 fails: {karu[i][2]}")
        if ok:
            counts["agree"] += 1
            print(f"agree  {text}")
            continue
        if name not in rows:
            problems.append(f"not classified in {sys.argv[1]}: {text}")
            print(f"NEW    {text}")
            continue
        cls, why = rows[name]
        seen.add(name)
        counts[cls] += 1
        print(f"{cls:6s} {text}\n         {why}")
    for name in rows:
        if name not in seen:
            problems.append(f"listed in {sys.argv[1]} but not a disagreement now: {name}")
    print(f"hyp-qemu: {len(qemu)} checks: {counts['agree']} agree, {counts['warl']} {CLASSES['warl']}, "
          f"{counts['spec']} {CLASSES['spec']}; karu64: {sum(c[1] for c in karu)} of {len(karu)} pass")
    for p in problems:
        print(f"hyp-qemu: error: {p}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
