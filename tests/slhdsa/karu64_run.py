#!/usr/bin/env python3
"""SLH-DSA on build/karu64 for every guest build: the vectors (run_vectors.py with the given
options) per build, two builds at a time (both cores), then the cross-build identity test of
all of them against the host build.
usage: karu64_run.py [--quick] KARU64 BUILD_DIR "VARIANTS" [run_vectors options...]
(--quick: the quick cross-build test)"""
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

here = os.path.dirname(os.path.abspath(__file__))


def main():
    args = sys.argv[1:]
    quick = ["--quick"] if args and args[0] == "--quick" else []
    args = args[len(quick):]
    k64, bdir, variants = args[0], args[1], args[2].split()
    opts = args[3:]

    def one(v):
        cmd = [sys.executable, os.path.join(here, "run_vectors.py")] + opts + \
              ["--", k64, os.path.join(bdir, "sw", v, "kpqc")]
        r = subprocess.run(cmd, capture_output=True, text=True)
        return "== %s on karu64 (VLEN=256): SLH-DSA vectors %s\n%s%s" % (
            v, " ".join(opts), r.stdout, r.stderr)
    with ThreadPoolExecutor(2) as ex:
        for out in ex.map(one, variants):
            sys.stdout.write(out)
            sys.stdout.flush()
    print("== cross-build identity: host and %s on karu64" % " ".join(variants))
    sys.stdout.flush()
    builds = ["host=:" + os.path.join(bdir, "sw", "host", "kpqc")] + \
             ["%s=%s:%s" % (v, k64, os.path.join(bdir, "sw", v, "kpqc")) for v in variants]
    subprocess.run([sys.executable, os.path.join(here, "crossbuild.py")] + quick + builds)


if __name__ == "__main__":
    main()
