#!/usr/bin/env python3
"""--profile / --profile-folded through the command line (issue 8): the guest (guest.c) calls
fib 1973 times (2 fib(16) - 1 for fib(15), from the source); the table's totals must be the
run's own --stats counts (instructions; cycles minus the trap entries, which belong to no
instruction), the folded stacks must add up to the same cycles, and fib's stack must show.
Without a model every instruction costs one cycle."""
import subprocess, sys

karu64, guest, out = sys.argv[1:4]
passed = failed = 0


def check(ok, what):
    global passed, failed
    print(("PASS " if ok else "FAIL ") + what)
    passed, failed = passed + ok, failed + (not ok)


for model in ["karu64-sim", "none"]:
    tab, fold = out + "." + model + ".txt", out + "." + model + ".folded"
    r = subprocess.run([karu64, "--model=" + model, "--stats", "--profile=" + tab, "--profile-folded=" + fold, guest],
                       capture_output=True, text=True)
    st = dict(l.split(": ", 1) for l in r.stderr.splitlines() if ": " in l)
    check(r.returncode == 118, "%s: guest exits 118 (got %d)" % (model, r.returncode))
    rows = {}
    for line in open(tab).read().splitlines()[1:]:
        f = line.split()
        rows[f[-1]] = f
    insns = int(st["instructions"])
    cycles = int(st.get("cycles", insns))
    trap_cycles = 3 * int(st.get("traps", "0")) if model != "none" else 0
    tot = rows.get("[total]")
    check(tot is not None and int(tot[4]) == insns, "%s: total instructions %s = --stats %d" % (model, tot and tot[4], insns))
    check(tot is not None and int(tot[0]) == cycles - trap_cycles,
          "%s: total cycles %s = --stats cycles %d - trap entries %d" % (model, tot and tot[0], cycles, trap_cycles))
    check("fib" in rows and int(rows["fib"][6]) == 1973, "%s: fib called 1973 times (%s)" % (model, rows.get("fib", ["?"] * 7)[6]))
    folded = [l.rsplit(" ", 1) for l in open(fold).read().splitlines()]
    check(sum(int(c) for _, c in folded) == int(tot[0]), "%s: folded stacks add up to the total cycles" % model)
    check(any(s.endswith("main;fib;fib;fib") for s, _ in folded), "%s: a folded stack main;fib;fib;fib" % model)
r = subprocess.run([karu64, "--profile=/nonexistent-dir/p.txt", guest], capture_output=True, text=True)
check(r.returncode == 125 and len(r.stderr.strip().splitlines()) == 1, "unwritable --profile file: one error line, 125")
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
