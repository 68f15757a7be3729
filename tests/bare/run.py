#!/usr/bin/env python3
"""Bare-metal tests: builds the guest programs of tests/bare/asm (assembly, HTIF exit) or
tests/bare/c (C with Debian's picolibc, semihosting), runs each under karu64 and compares what the
program's header comment promises:

  args: ARGS                 program arguments ({tmp} = a scratch file path)
  karu64-args: OPTS          extra karu64 options (e.g. --bare)
  expect-exit: N             exit status
  expect-stdout: TEXT        exact stdout (\\n escapes; {elf} = the program path)
  expect-stderr: TEXT        a substring of stderr
  expect-signature: W...     the --signature file, one 32-bit hex word per line

The expected values are written by hand in each program from the specifications they cite.
Writes "N passed, N failed" as the last line of --results."""
import argparse, os, re, shlex, subprocess, sys, tempfile

PICO = "/usr/lib/picolibc/riscv64-unknown-elf"
PICO_LIB = PICO + "/lib/rv64imafdc/lp64d"
LIBGCC = "/usr/lib/gcc-cross/riscv64-linux-gnu/12/libgcc.a"
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import harness  # noqa: E402


def header(path):
    keys = {}
    for line in open(path):
        m = re.match(r"\s*(?://|\*)\s*(args|karu64-args|expect-exit|expect-stdout|expect-stderr|expect-signature):\s?(.*)$", line)
        if m:
            keys[m.group(1)] = m.group(2).rstrip("\n")
    return keys


def build(cc, src, out):
    common = shlex.split(cc) + ["-mcmodel=medany", "-mabi=lp64d"]
    if src.endswith(".S"):
        cmd = common + ["-march=rv64gc", "-I" + os.path.join(HERE, "asm"),
                        "-T", os.path.join(HERE, "link.ld"), src, "-o", out]
    else:
        # ld.lld cannot read picolibc's own linker script: tests/bare/picolibc.ld replaces it.
        # fstat and gettimeofday are pulled in early so that libsemihost's weak references to
        # them (and to the timestamps fstat.c defines) resolve near the code.
        cmd = common + ["-march=rv64imafdc", "-O2", "-isystem", PICO + "/include",
                        PICO_LIB + "/crt0-semihost.o", src, "-L" + PICO_LIB,
                        "-T", os.path.join(HERE, "picolibc.ld"),
                        "-Wl,--undefined=gettimeofday,--undefined=fstat",
                        "-Wl,--start-group", "-lc", "-lsemihost", LIBGCC, "-Wl,--end-group", "-o", out]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        return r.stderr.strip() or "build failed"
    return None


def run_one(karu64, elf, keys, outdir, name):
    problems, notes = [], []
    tmp = os.path.join(outdir, name + ".scratch")
    args = [a.replace("{tmp}", tmp) for a in shlex.split(keys.get("args", ""))]
    cmd = [karu64] + shlex.split(keys.get("karu64-args", ""))
    sig = None
    if "expect-signature" in keys:
        sig = os.path.join(outdir, name + ".signature")
        if os.path.exists(sig):
            os.unlink(sig)
        cmd.append("--signature=" + sig)
    cmd += [elf] + args
    r = harness.run(cmd, timeout=60)
    if r.status is None:
        return [r.why], notes
    want = int(keys.get("expect-exit", "0"))
    if r.status != want:
        problems.append("exit status %d, expected %d" % (r.status, want))
    else:
        notes.append("exit %d" % want)
    if "expect-stdout" in keys:
        exp = keys["expect-stdout"].replace("{elf}", elf).encode().decode("unicode_escape").encode()
        if r.out != exp:
            problems.append("stdout %r, expected %r" % (r.out, exp))
        else:
            notes.append("stdout %d bytes" % len(exp))
    if "expect-stderr" in keys:
        if keys["expect-stderr"].encode() not in r.err:
            problems.append("stderr %r lacks %r" % (r.err, keys["expect-stderr"]))
        else:
            notes.append("stderr has %r" % keys["expect-stderr"])
    if sig:
        exp = keys["expect-signature"].split()
        got = open(sig).read().split("\n") if os.path.exists(sig) else None
        if got is None:
            problems.append("no signature file")
        elif got != exp + [""]:
            problems.append("signature %r, expected %r" % (got, exp))
        else:
            notes.append("signature %d words" % len(exp))
    return problems, notes


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cc", required=True)
    ap.add_argument("--karu64", required=True)
    ap.add_argument("--group", choices=["asm", "c"], required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--results", required=True)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    srcdir = os.path.join(HERE, a.group)
    srcs = sorted(f for f in os.listdir(srcdir) if f.endswith(".S") or f.endswith(".c"))
    passed = failed = 0
    lines = []
    for f in srcs:
        name = os.path.splitext(f)[0]
        src = os.path.join(srcdir, f)
        elf = os.path.join(a.out, name + ".elf")
        err = build(a.cc, src, elf)
        if err:
            problems, notes = ["build: " + err.splitlines()[0]], []
        else:
            problems, notes = run_one(a.karu64, elf, header(src), a.out, name)
        if problems:
            failed += 1
            lines.append("FAIL %s: %s" % (name, "; ".join(problems)))
        else:
            passed += 1
            lines.append("PASS %s: %s" % (name, ", ".join(notes)))
    lines.append("%d passed, %d failed" % (passed, failed))
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    with open(a.results, "w") as fh:
        fh.write(text)
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
