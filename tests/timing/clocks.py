#!/usr/bin/env python3
"""Guest clocks under the cycle model (issue 8): over the same loop, rdtime ticks = cycles x
10 MHz / 75 MHz, CLOCK_MONOTONIC and gettimeofday advance cycles / 75 MHz (within the cost of
the reads themselves), rdinstret counts instructions (fewer than cycles), a 250 ms nanosleep
advances the monotonic clock by 250 ms; --param core_hz changes the conversion accordingly; and
two runs print the same (deterministic guest time). Expected ratios are the spec's clocks."""
import argparse, os, shlex, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import harness  # noqa: E402


def run(karu64, elf, *args):
    """(exit status, the key-value pairs printed, stdout); a run that hangs or cannot start has
    status None and prints nothing, so its checks fail."""
    o = harness.run([karu64, *args, elf], timeout=300, env={}, text=True)
    out = o.out if o.status is not None else ""
    vals = {}
    for line in out.splitlines():
        f = line.split()
        for k, v in zip(f[::2], f[1::2]):
            vals[k] = int(v)
    return o.status, vals, out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cc", required=True)
    ap.add_argument("--karu64", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--results", required=True)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    elf = os.path.join(a.out, "clocks")
    r = subprocess.run(shlex.split(a.cc) + ["-O2", os.path.join(HERE, "clocks.c"), "-o", elf], capture_output=True, text=True)
    if r.returncode:
        sys.exit("clocks: build failed\n" + r.stderr)
    passed = failed = 0

    def check(ok, what):
        nonlocal passed, failed
        print(("PASS " if ok else "FAIL ") + what)
        passed, failed = passed + ok, failed + (not ok)

    for model, hz in [("karu64-sim", 75e6), ("karu64-fpga", 75e6)]:
        st, v, out = run(a.karu64, elf, "--model=" + model)
        c = v.get("cycles", 0)
        check(st == 0 and c > v.get("instret", 0) > 3000000, "%s: cycles %d > instructions %d" % (model, c, v.get("instret", 0)))
        check(abs(v.get("time", 0) - c * 10e6 / hz) <= 2, "%s: rdtime %d ticks = cycles x 10/75 (%.1f)" % (model, v.get("time", 0), c * 10e6 / hz))
        ns = c * 1e9 / hz
        check(abs(v.get("mono_ns", 0) - ns) <= 20000, "%s: CLOCK_MONOTONIC %d ns = cycles / 75 MHz (%.0f ns; the two clock reads around the loop cost a few microseconds)" % (model, v.get("mono_ns", 0), ns))
        check(abs(v.get("tod_us", 0) - ns / 1000) <= 20, "%s: gettimeofday %d us (%.0f us)" % (model, v.get("tod_us", 0), ns / 1000))
        check(250000000 <= v.get("slept_ns", 0) <= 250000000 + 200000, "%s: nanosleep 250 ms -> %d ns" % (model, v.get("slept_ns", 0)))
        st2, v2, out2 = run(a.karu64, elf, "--model=" + model)
        check(out2 == out, "%s: a second run prints the same times" % model)
    st, v, _ = run(a.karu64, elf, "--model=karu64-sim", "--param", "core_hz=150000000")
    check(abs(v.get("mono_ns", 0) - v.get("cycles", 0) * 1e9 / 150e6) <= 20000 and abs(v.get("time", 0) - v.get("cycles", 0) / 15) <= 2,
          "core_hz=150 MHz: clocks at half the nanoseconds per cycle")
    st, v, _ = run(a.karu64, elf)
    check(st == 0 and v.get("cycles") is not None, "functional mode runs the program (rdcycle counts instructions)")
    with open(a.results, "w") as f:
        f.write("timing-clocks\n%d passed, %d failed\n" % (passed, failed))
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
