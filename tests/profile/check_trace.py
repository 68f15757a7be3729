#!/usr/bin/env python3
"""Checks the profile of a traced guest run (profile_trace's table and folded stacks) against
counts made here from the commit log and llvm-readelf's symbol table, and against what the
guest's source says about its calls (tests/profile/guest.c).
Usage: check_trace.py TRACE FUNCS TABLE FOLDED"""
import re
import sys

trace, funcs, table, folded = sys.argv[1:5]
passed = failed = 0


def check(ok, msg):
    global passed, failed
    passed += bool(ok)
    failed += not ok
    print(("ok: " if ok else "FAIL: ") + msg)


# Function ranges: [value, value + size), a zero-size one up to the next function.
syms = []
for line in open(funcs):
    v, s, _, n = line.split()[:4]
    syms.append((int(v, 16), int(s, 0), n))
syms.sort()
rng = {}
for i, (v, s, n) in enumerate(syms):
    nxt = next((w for w, _, _ in syms[i + 1:] if w > v), None)
    rng[n] = (v, v + s if s else nxt)

pcs = [int(m.group(1), 16) for m in (re.match(r"core +\d+: \d+ 0x([0-9a-f]+) ", l) for l in open(trace)) if m]
rows = {}
lines = open(table).read().splitlines()
for l in lines[1:]:
    f = l.split(None, 7)
    rows[f[7]] = dict(self_cyc=int(f[0]), incl_cyc=int(f[2]), self=int(f[4]), incl=int(f[5]), calls=int(f[6]))
total = rows.pop("[total]")
check(total["self"] == len(pcs), f"total instructions {total['self']}, trace has {len(pcs)} lines")

for n in ["main", "fib", "leaf_global", "leaf_local", "zero_size_fn", "tail_caller", "tail_target"]:
    lo, hi = rng[n]
    count = sum(1 for pc in pcs if lo <= pc < hi)
    got = rows.get(n, {}).get("self")
    check(got == count, f"{n}: self instructions {got}, trace has {count} in [0x{lo:x}, 0x{hi:x})")

calls = {"main": 1, "fib": 1973, "leaf_global": 1, "leaf_local": 1, "zero_size_fn": 1, "tail_caller": 1,
         "tail_target": 0}
for n, c in calls.items():
    got = rows.get(n, {}).get("calls")
    check(got == c, f"{n}: {got} calls, the source makes {c}")

r = lambda n, k: rows.get(n, {}).get(k, 0)
check(r("fib", "incl") == r("fib", "self"), "fib calls only itself: inclusive = self instructions")
lg = r("leaf_global", "self") + r("leaf_local", "self") + r("zero_size_fn", "self")
check(r("leaf_global", "incl") == lg, f"leaf_global inclusive {r('leaf_global', 'incl')} = its self plus its callees' {lg}")
m = r("main", "self") + r("fib", "incl") + r("leaf_global", "incl") + r("tail_caller", "self") + r("tail_target", "self")
check(r("main", "incl") == m, f"main inclusive {r('main', 'incl')} = its self plus what it calls {m}")
check(r("tail_caller", "incl") == r("tail_caller", "self"), "the tail call leaves tail_caller's frame to tail_target")

fl = [l.rsplit(" ", 1) for l in open(folded).read().splitlines()]
check(sum(int(c) for _, c in fl) == len(pcs), "folded counts add up to the instructions")
deepest = max(s.split(";").count("fib") for s, _ in fl)
check(deepest == 15, f"deepest fib stack has {deepest} frames (fib(15) down to fib(1): 15)")
fibline = [s for s, _ in fl if s.endswith(";main;fib")]
check(len(fibline) == 1, f"one stack ends main;fib: {fibline}")
check(any(s.endswith(";main;tail_target") for s, _ in fl), "tail_target runs in main's callee frame")
print(f"{passed} passed, {failed} failed")
sys.exit(failed != 0)
