#!/usr/bin/env python3
"""Speed benchmark (issues 2 and 8, "Speed"): the same compute-bound riscv64 programs (bench/*.c,
-O2 -march=rv64gc) in karu64 and in QEMU 10's qemu-riscv64, in one run. The retired-instruction
count comes from `karu64 --stats` (both simulators execute the same instructions); wall-clock
seconds are the best of --runs runs for each. Prints a table and writes it as markdown to
build/bench/speed.md. Both simulators' stdout must agree, or the row is marked.

  bench/speed.py --cc "RV_CC" --qemu build/tools/qemu-riscv64 --karu64 build/karu64 [--runs 3] [NAME...]
"""
import argparse
import os
import platform
import shlex
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAMS = ["crc_hash", "sha256", "sort_sieve", "matmul", "vec_kernels"]


def timed(cmd):
    t = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, stdin=subprocess.DEVNULL)
    return time.perf_counter() - t, r


def cpu_name():
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.machine()


def runs_of(names):
    """(program, VLEN) pairs: vector programs (vec_*.c) run at VLEN 128 and 256, the others once."""
    return [(n, None) for n in names if not n.startswith("vec_")] + \
           [(n, v) for n in names if n.startswith("vec_") for v in (128, 256)]


def build(cc, name, vlen, out, who):
    """bench/NAME.c built into OUT (again if the source is newer): vector programs
    auto-vectorised for RVV at -O3, the others -O2 rv64gc. The path, or None with the error."""
    src, exe = os.path.join(HERE, name + ".c"), os.path.join(out, name)
    flags = ["-O3", "-march=rv64gcv_zbb"] if vlen else ["-O2", "-march=rv64gc"]
    if not os.path.exists(exe) or os.path.getmtime(exe) < os.path.getmtime(src):
        r = subprocess.run(shlex.split(cc) + flags + [src, "-o", exe], capture_output=True, text=True)
        if r.returncode:
            print("%s: error: building %s failed:\n%s" % (who, name, r.stderr), file=sys.stderr)
            return None
    return exe


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cc", required=True)
    ap.add_argument("--qemu", default="build/tools/qemu-riscv64")
    ap.add_argument("--karu64", default="build/karu64")
    ap.add_argument("--karu64-args", default="", help="extra karu64 options")
    ap.add_argument("--out", default="build/bench")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--jit", action="store_true",
                    help="also time karu64 --jit=on (columns karu64 jit s, jit MIPS, jit/QEMU; doc/jit.md)")
    ap.add_argument("--no-model", action="store_true", help="leave out the karu64-fpga runs")
    ap.add_argument("names", nargs="*")
    a = ap.parse_args()
    names = a.names or PROGRAMS
    os.makedirs(a.out, exist_ok=True)
    have_karu = os.access(a.karu64, os.X_OK)
    if not os.access(a.qemu, os.X_OK):
        print("speed: error: %s missing (run `make setup`)" % a.qemu, file=sys.stderr)
        return 1
    if not have_karu:
        print("speed: %s missing: QEMU columns only" % a.karu64, file=sys.stderr)

    rows, bad = [], 0
    # vector programs (vec_*.c) are auto-vectorised for RVV and run at VLEN 128 and 256
    for n, vlen in runs_of(names):
        exe = build(a.cc, n, vlen, a.out, "speed")
        if not exe:
            return 1
        qt, qout = [], None
        kt, kout, insns = [], None, None
        mt, mout = [], None      # karu64 with the cycle model (karu64-fpga)
        jt, jout = [], None      # karu64 --jit=on
        for _ in range(a.runs):   # interleaved, so a burst of machine load hits both alike
            t, r = timed([a.qemu] + (["-cpu", "rva23u64,vlen=%d" % vlen] if vlen else []) + [exe])
            qt.append(t)
            qout = (r.stdout, r.returncode)
            if have_karu:
                t, r = timed([a.karu64, "--stats"] + (["--vlen=%d" % vlen] if vlen else []) + shlex.split(a.karu64_args) + [exe])
                kt.append(t)
                kout = (r.stdout, r.returncode)
                for line in r.stderr.decode(errors="replace").splitlines():
                    if line.startswith("instructions:"):
                        insns = int(line.split(":")[1])
                if a.jit:
                    t, r = timed([a.karu64, "--jit=on"] + (["--vlen=%d" % vlen] if vlen else []) +
                                 shlex.split(a.karu64_args) + [exe])
                    jt.append(t)
                    jout = (r.stdout, r.returncode)
                if a.no_model:
                    continue
                t, r = timed([a.karu64, "--model=karu64-fpga"] + (["--vlen=%d" % vlen] if vlen else []) +
                             shlex.split(a.karu64_args) + [exe])
                mt.append(t)
                mout = (r.stdout, r.returncode)
        note = ""
        if qout[1] != 0:
            note = "qemu exit %d" % qout[1]
        elif have_karu and kout != qout:
            note = "OUTPUT DIFFERS (karu64 exit %d)" % kout[1]
        elif have_karu and not insns:
            note = "no instruction count from --stats"
        elif have_karu and not a.no_model and mout != qout:
            note = "OUTPUT DIFFERS with --model (exit %d)" % mout[1]
        elif have_karu and a.jit and jout != qout:
            note = "OUTPUT DIFFERS with --jit=on (exit %d)" % jout[1]
        bad += bool(note)
        rows.append((n + ("@VLEN%d" % vlen if vlen else ""), insns, min(kt) if kt else None, min(qt),
                     min(mt) if mt else None, min(jt) if jt else None, note))

    def fmt(v, f):
        return f % v if v is not None else "n/a"

    hdr = ["program", "instructions", "karu64 s", "karu64 MIPS", "QEMU s", "QEMU MIPS", "karu64/QEMU",
           "karu64-fpga s", "karu64-fpga MIPS", "model/functional time"]
    if a.jit:
        hdr[7:7] = ["karu64 jit s", "jit MIPS", "jit/QEMU"]
    table = []
    for n, insns, ks, qs, ms, js, note in rows:
        kmips = insns / ks / 1e6 if insns and ks else None
        qmips = insns / qs / 1e6 if insns else None
        mmips = insns / ms / 1e6 if insns and ms else None
        ratio = qs / ks if ks else None
        table.append([n, fmt(insns, "%d"), fmt(ks, "%.3f"), fmt(kmips, "%.0f"), "%.3f" % qs, fmt(qmips, "%.0f"),
                      fmt(ratio, "%.2f"), fmt(ms, "%.3f"), fmt(mmips, "%.0f"),
                      fmt(ms / ks if ms and ks else None, "%.2f") + ((" " + note) if note else "")])
        if a.jit:
            table[-1][7:7] = [fmt(js, "%.3f"), fmt(insns / js / 1e6 if insns and js else None, "%.0f"),
                              fmt(qs / js if js else None, "%.2f")]
    # the geometric means of karu64/QEMU (and jit/QEMU) over the scalar programs
    def gmean(vals):
        vals = [v for v in vals if v]
        p = 1.0
        for v in vals:
            p *= v
        return p ** (1.0 / len(vals)) if vals else None
    scalar = [r for r in rows if "@VLEN" not in r[0]]
    gm = gmean([r[3] / r[2] for r in scalar if r[2]])
    gm_line = "geometric mean karu64/QEMU over the scalar programs: %s" % fmt(gm, "%.2f")
    if a.jit:
        gm_line += ", jit/QEMU: %s" % fmt(gmean([r[3] / r[5] for r in scalar if r[5]]), "%.2f")
    if a.no_model:   # the karu64-fpga columns (the last three; a note stays with the row)
        hdr = hdr[:-3]
        table = [r[:-3] + ([r[-1][4:].strip()] if r[-1].startswith("n/a ") else []) for r in table]
        hdr += ["note"] if any(len(r) > len(hdr) for r in table) else []
        table = [r + [""] * (len(hdr) - len(r)) for r in table]
    w = [max(len(r[i]) for r in table + [hdr]) for i in range(len(hdr))]
    line = lambda r: "  ".join(c.rjust(w[i]) if i else c.ljust(w[i]) for i, c in enumerate(r))
    print(line(hdr))
    for r in table:
        print(line(r))
    print(gm_line)
    print("(best of %d wall-clock runs each; ratio > 1 means karu64 is faster; %s)" % (a.runs, cpu_name()))
    md = ["| " + " | ".join(hdr) + " |", "|" + "|".join("---" if i == 0 else "---:" for i in range(len(hdr))) + "|"]
    md += ["| " + " | ".join(r) + " |" for r in table]
    md.append("")
    md.append(gm_line + ".")
    md.append("")
    md.append("Best of %d wall-clock runs per simulator; instructions from `karu64 --stats`; MIPS = instructions / "
              "seconds for all; karu64/QEMU = QEMU seconds / karu64 seconds; karu64-fpga = karu64 with "
              "`--model=karu64-fpga` (the cycle model), its last column = its seconds / functional karu64's; "
              "karu64 jit = karu64 `--jit=on` (doc/jit.md). Programs: bench/*.c, "
              "`clang-19 -O2 -march=rv64gc`, static. Host: %s, %d CPUs." % (a.runs, cpu_name(), os.cpu_count() or 0))
    with open(os.path.join(a.out, "speed.md"), "w") as fh:
        fh.write("\n".join(md) + "\n")
    print("wrote %s" % os.path.join(a.out, "speed.md"))
    return 1 if bad or not have_karu else 0


if __name__ == "__main__":
    sys.exit(main())
