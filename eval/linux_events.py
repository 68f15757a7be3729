#!/usr/bin/env python3
"""Why an operation costs more under Linux than in karu64's user mode: the cycle model's cache
and TLB events, counted by perf for the process under Linux and by --stats in user mode
(doc/evaluation.md, "Under Linux": "Where the difference comes from").

Under Linux: the initramfs board (Debian's kernel and OpenSBI, as `make check-boot` boots them)
with the guest builds' kbench and eval/perfstat.c (perf_event_open with exclude_kernel on a child,
what `perf stat -e cycles:u,instructions:u,L1-icache-load-misses:u,L1-dcache-load-misses:u,
iTLB-load-misses:u,dTLB-load-misses:u,r6:u,r7:u,page-faults:u` counts; r6 and r7 are the
model's fetch-stall and memory-stall cycles), booted with the model from reset.
In user mode: the same kbench processes under `karu64 --model=M --stats` (Linux user mode: no
kernel, no interrupts, page tables not walked but an assumed walk per TLB miss). Each row is
`kbench repeat ALG OP N` minus `... --skip`, per operation, as eval/linux.py reads them.

Linux randomises each process's stack, heap and mappings (randomize_va_space = 2, the default);
with a 4 KiB direct-mapped D-cache, where data sits decides its conflict misses, so the two
processes of a row differ by their layouts too. --no-aslr sets randomize_va_space = 0.

Writes OUT/linux-events.csv and OUT/linux-events.md.

usage: linux_events.py --karu64 K --bios FW --kernel IMAGE --busybox BB --kbench-dir DIR
                       --perfstat BIN --out DIR [--model M] [--builds a,b] [--sets s,t]"""
import argparse
import csv
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.normpath(os.path.join(HERE, ".."))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True
import experiments as X  # noqa: E402

EVENTS = ["cycles", "instructions", "l1i", "l1d", "itlb", "dtlb", "fetchstall", "memstall"]
STATS = {"cycles": "cycles", "instructions": "instructions", "l1i": "icache_misses", "l1d": "dcache_misses",
         "itlb": "itlb_misses", "dtlb": "dtlb_misses", "fetchstall": "fetch_stall_cycles",
         "memstall": "memory_stall_cycles"}


def fail(msg):
    print("linux_events.py: error: " + msg, file=sys.stderr)
    sys.exit(1)


def rows_of(a):
    fams = [f for f in X.FAMILIES if f["family"] in ("ML-KEM", "ML-DSA")]
    rows = []
    for f in fams:
        sets = [s for s in f["sets"] if s in a.sets] if a.sets else f["quick_sets"]
        for s in sets:
            for b in a.builds:
                for op in f["ops"]:
                    rows.append((s, op, b, f["quick_reps"]))
    return rows


def under_linux(a, rows):
    """{(set, op, build, skip): {event: count, 'faults': n}} from one boot."""
    d = tempfile.mkdtemp()
    init = os.path.join(d, "init")
    lines = ["#!/bin/busybox sh", "/bin/busybox --install -s", "mount -t proc proc /proc",
             "mount -t sysfs sysfs /sys", "mount -t devtmpfs devtmpfs /dev",
             "echo 1 > /proc/sys/kernel/perf_user_access",
             "echo %d > /proc/sys/kernel/randomize_va_space" % (0 if a.no_aslr else 2),
             "/bin/%s/kbench repeat ml-kem-768 keygen 1 > /dev/null   # warms the model's caches" % rows[0][2]]
    for s, op, b, n in rows:
        for skip in ("", " --skip"):
            lines.append("echo '== %s %s %s%s'; /bin/perfstat /bin/%s/kbench repeat %s %s %d%s"
                         % (s, op, b, skip, b, s, op, n, skip))
    lines += ["echo '== end'", "poweroff -f"]
    with open(init, "w") as f:
        f.write("\n".join(lines) + "\n")
    cpio = os.path.join(d, "initramfs.cpio")
    files = ["bin/perfstat=" + a.perfstat] + ["bin/%s/kbench=%s" % (b, os.path.join(a.kbench_dir, b, "kbench"))
                                              for b in a.builds]
    subprocess.run([sys.executable, os.path.join(TOP, "tests", "boot", "mkinitramfs.py"), cpio, init, a.busybox]
                   + files, check=True)
    cmd = [a.karu64, "--machine=karu64", "--model=" + a.model, "--bios", a.bios, "--kernel", a.kernel,
           "--initrd", cpio, "--append", "console=ttyS0 quiet"]
    p = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True, errors="replace", timeout=7200)
    if p.returncode != 0 or "== end" not in p.stdout:
        fail("the board run failed (exit %d): %s" % (p.returncode, p.stdout[-400:]))
    got, cur = {}, None
    for l in p.stdout.splitlines():
        m = re.match(r"== (\S+) (\S+) (\S+)( --skip)?$", l.strip())
        if m:
            cur = (m.group(1), m.group(2), m.group(3), bool(m.group(4)))
            continue
        if cur and l.startswith("perfstat "):
            f = l.split()
            v = dict(zip(f[1::2], (int(x) for x in f[2::2])))
            if v.get("status") != 0 or min(v.values()) < 0:
                fail("perfstat under Linux for %s: %s" % (cur, l))
            got[cur] = v
            cur = None
    return got


def user_mode(a, s, op, b, n, skip):
    """As report.py runs kbench: an empty environment, ./kbench from its build's folder (the
    stack's layout, and so its D-cache conflicts, is the same in every run)."""
    cmd = [os.path.abspath(a.karu64), "--clear-env", "--model=" + a.model, "--stats", "./kbench", "repeat", s, op,
           str(n)] + (["--skip"] if skip else [])
    p = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=3600,
                       cwd=os.path.join(a.kbench_dir, b))
    st = dict(l.split(": ", 1) for l in p.stderr.splitlines() if ": " in l)
    if p.returncode != 0 or "cycles" not in st:
        fail("user mode %s: exit %d %s" % (" ".join(cmd), p.returncode, p.stderr[-300:]))
    return {e: int(st[STATS[e]]) for e in EVENTS}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for o in ("karu64", "bios", "kernel", "busybox", "kbench-dir", "perfstat", "out"):
        ap.add_argument("--" + o, required=True)
    ap.add_argument("--model", default="karu64-fpga")
    ap.add_argument("--builds", default="rv64gc,vintr,vintr_k")
    ap.add_argument("--no-aslr", action="store_true",
                    help="the kernel places every process's stack, heap and mappings at the same addresses")
    ap.add_argument("--sets", default="", help="parameter sets (default: the quick ones, ML-KEM-768 and ML-DSA-44)")
    a = ap.parse_args()
    a.builds = a.builds.split(",")
    a.sets = a.sets.split(",") if a.sets else []
    for b in a.builds:
        if b not in X.BUILDS:
            fail("unknown build %s (one of %s)" % (b, ", ".join(X.BUILDS)))
    rows = rows_of(a)
    lin = under_linux(a, rows)
    out = []
    for s, op, b, n in rows:
        L = {e: (lin[(s, op, b, False)][e] - lin[(s, op, b, True)][e]) / n for e in EVENTS}
        uw, us = user_mode(a, s, op, b, n, False), user_mode(a, s, op, b, n, True)
        U = {e: (uw[e] - us[e]) / n for e in EVENTS}
        r = dict(config=a.model, set=X.display(s), op=op, build=b, n=n,
                 faults=lin[(s, op, b, False)]["faults"], faults_skip=lin[(s, op, b, True)]["faults"])
        for e in EVENTS:
            r["linux_" + e] = "%.1f" % L[e]
            r["user_" + e] = "%.1f" % U[e]
        out.append(r)
        print("linux_events.py: %s %s %s: %.0f cycles per op under Linux, %.0f in user mode"
              % (s, op, b, L["cycles"], U["cycles"]), flush=True)
    os.makedirs(a.out, exist_ok=True)
    keys = list(out[0].keys())
    with open(os.path.join(a.out, "linux-events.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=keys)
        w.writeheader()
        w.writerows(out)
    md = ["| set | op | build | N | Linux / user cycles | extra kcycles | extra stall kcycles (fetch + memory) | "
          "L1I misses Linux / user | L1D misses Linux / user | iTLB misses Linux / user | dTLB misses Linux / user | "
          "page faults (process, skip) |",
          "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in out:
        lc, uc = float(r["linux_cycles"]), float(r["user_cycles"])
        stall = sum(float(r["linux_" + e]) - float(r["user_" + e]) for e in ("fetchstall", "memstall"))
        md.append("| %s | %s | %s | %d | %.3f | %.1f | %.1f | %s | %s | %s | %s | %d, %d |" % (
            r["set"], r["op"], r["build"], r["n"], lc / uc, (lc - uc) / 1000, stall / 1000,
            *("%.0f / %.0f" % (float(r["linux_" + e]), float(r["user_" + e])) for e in ("l1i", "l1d", "itlb", "dtlb")),
            r["faults"], r["faults_skip"]))
    with open(os.path.join(a.out, "linux-events.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    print("\n".join(md))


if __name__ == "__main__":
    main()
