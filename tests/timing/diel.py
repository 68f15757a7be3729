#!/usr/bin/env python3
"""DIEL (Zvkt): every vector crypto instruction (Zvkned, Zvknhb, Zvksed, Zvksh, Zvkg, Zvkb) and
vkeccak.vi takes the same cycles with different random operand values, at VLEN 128, 256, 512,
in both timing configurations. The expectation is the property itself (karu64.md §2: "All
crypto latencies are data-independent"); diel.c prints two timings per instruction."""
import argparse, os, shlex, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import harness  # noqa: E402
MARCH = "rv64gcv_zvkned_zvknhb_zvksed_zvksh_zvkg_zvbb"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cc", required=True)
    ap.add_argument("--karu64", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--results", required=True)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    elf = os.path.join(a.out, "diel")
    cmd = shlex.split(a.cc) + ["-O2", "-march=" + MARCH, os.path.join(HERE, "diel.c"), "-o", elf]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        sys.exit("diel: build failed: %s\n%s" % (" ".join(cmd), r.stderr))
    passed = failed = 0
    for model in ["karu64-sim", "karu64-fpga"]:
        for vlen in [128, 256, 512]:
            r = harness.run([a.karu64, "--model=" + model, "--vlen=%d" % vlen, elf], timeout=300, text=True)
            rows = [l.split() for l in r.out.splitlines()] if r.status is not None else []
            ok = r.status == 0 and len(rows) == 32 and all(int(x[1]) == int(x[2]) > 0 for x in rows)
            bad = [x for x in rows if x[1] != x[2]]
            if ok:
                passed += 1
            else:
                failed += 1
            print("%s %s VLEN=%d: %d instructions, data-independent cycles%s" % (
                "PASS" if ok else "FAIL", model, vlen, len(rows), "" if ok else " -- differ: %r, status %s %s"
                % (bad, r.status, r.why or r.err[-300:])))
            if vlen == 256 and model == "karu64-sim":
                print("  " + ", ".join("%s %s" % (x[0], x[1]) for x in rows))
    with open(a.results, "w") as f:
        f.write("timing-diel\n%d passed, %d failed\n" % (passed, failed))
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
