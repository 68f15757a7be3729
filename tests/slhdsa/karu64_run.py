#!/usr/bin/env python3
"""A vector script on build/karu64 for every guest build, two builds at a time (both cores),
then a cross-build identity test of all of them against the host build. Defaults: SLH-DSA
(run_vectors.py, crossbuild.py here); tests/hqc passes its own.
usage: karu64_run.py [--quick] [--script S] [--cross C] KARU64 BUILD_DIR "VARIANTS" [options of S...]
(--quick: passed to the cross-build test)"""
import os
import shlex
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

here = os.path.dirname(os.path.abspath(__file__))


def cross_args(args, doc):
    """The arguments main() passes a cross-build test, [--quick] NAME=RUNNER:KPQC ... (RUNNER
    may be empty: host), as (quick, [(name, command list)]); at least two builds, else exit
    with doc. Used by tests/slhdsa/crossbuild.py and tests/hqc/crossbuild.py."""
    quick = bool(args) and args[0] == "--quick"
    builds = []
    for b in args[1:] if quick else args:
        name, rest = b.split("=", 1)
        runner, path = rest.rsplit(":", 1)
        builds.append((name, shlex.split(runner) + [path]))
    if len(builds) < 2:
        raise SystemExit(doc)
    return quick, builds


def main():
    args = sys.argv[1:]
    quick = []
    script = os.path.join(here, "run_vectors.py")
    cross = os.path.join(here, "crossbuild.py")
    while args and args[0] in ("--quick", "--script", "--cross"):
        if args[0] == "--quick":
            quick, args = ["--quick"], args[1:]
        elif args[0] == "--script":
            script, args = args[1], args[2:]
        else:
            cross, args = args[1], args[2:]
    k64, bdir, variants = args[0], args[1], args[2].split()
    opts = args[3:]

    def one(v):
        cmd = [sys.executable, script] + opts + \
              ["--", k64, os.path.join(bdir, "sw", v, "kpqc")]
        r = subprocess.run(cmd, capture_output=True, text=True)
        return "== %s on karu64 (VLEN=256): %s %s\n%s%s" % (
            v, os.path.relpath(script), " ".join(opts), r.stdout, r.stderr)
    with ThreadPoolExecutor(2) as ex:
        for out in ex.map(one, variants):
            sys.stdout.write(out)
            sys.stdout.flush()
    print("== cross-build identity: host and %s on karu64" % " ".join(variants))
    sys.stdout.flush()
    builds = ["host=:" + os.path.join(bdir, "sw", "host", "kpqc")] + \
             ["%s=%s:%s" % (v, k64, os.path.join(bdir, "sw", v, "kpqc")) for v in variants]
    subprocess.run([sys.executable, cross] + quick + builds)


if __name__ == "__main__":
    main()
