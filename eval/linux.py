#!/usr/bin/env python3
"""The under-Linux measurements of `make report LINUX=1` (doc/usage.md, "Under Linux").

Boots the Debian image of `make rootfs` (build/disk/debian.img, snapshot) on the board
functionally to a checkpoint at root's prompt (/opt/karu64/karu64-checkpoint), continues from it
with a cycle model (--boot-with-model: boots with the model instead), and measures the ML-KEM and ML-DSA operations the way the published tables were
measured: Debian's `perf stat -e cycles:u,instructions:u` around a whole benchmark process,
divided by the number of operations it ran (ML-KEM 100, ML-DSA 10). Each row is measured twice:
  whole/N    the process that sets up N repetitions and runs the operation on each, divided by
             N (the paper's reading: it includes the set-up of the operation's inputs);
  per op     that count minus the count of the same process with the operation skipped
             (`kbench repeat ALG OP N` and `... --skip`), divided by N: the operation alone.
Beside them, the in-guest user-mode figure of the main report (build/report/pqc.csv, no Linux), so that
the difference is what Linux adds (kbench's own rdcycle reads are not used under Linux: with
Debian's perf_user_access = 1 they trap, and in the legacy mode 2 the counters stay stopped
unless a perf event holds them): timer interrupts and page faults whose returns leave the
caches and TLB disturbed; :u excludes the kernel's own cycles.

Writes OUT/linux.csv and OUT/linux.md, and appends the table to OUT/REPORT.md when it exists.
With --openssl, also `openssl speed` of the image's stock OpenSSL, the algorithms and
capabilities of eval/openssl.py (OUT/linux-openssl.csv).

usage: linux.py --karu64 K --args "BOARD ARGS" --out DIR [--model M] [--quick] [--builds a,b]"""
import argparse
import csv
import os
import re
import shlex
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "tests", "disk"))
sys.dont_write_bytecode = True
import experiments as X  # noqa: E402
import openssl as O  # noqa: E402
from debian import Console  # noqa: E402


def fail(msg):
    print("linux.py: error: " + msg, file=sys.stderr)
    sys.exit(1)


def perf_stat(c, cmd):
    """(cycles:u, instructions:u) of the process cmd in the guest, or fail."""
    out = c.run("perf stat -x, -e cycles:u,instructions:u %s 2>&1 >/dev/null; echo rc=$?" % cmd, timeout=7200)
    if out is None:
        fail("no answer from the guest for: " + cmd)
    got = {}
    for l in out.splitlines():
        f = l.split(",")
        if len(f) >= 3 and f[2] in ("cycles:u", "instructions:u") and f[0].isdigit():
            got[f[2]] = int(f[0])
    if "rc=0" not in out or len(got) != 2:
        fail("perf stat of %s: %s" % (cmd, out.strip()[-300:]))
    return got["cycles:u"], got["instructions:u"]


def user_mode_rows(out, model):
    """{(set display, op, build): kcycles} of the main report's pqc.csv for model."""
    path = os.path.join(out, "pqc.csv")
    rows = {}
    if os.path.exists(path):
        with open(path) as f:
            for r in csv.DictReader(f):
                if r.get("config") == model:
                    rows[(r["algorithm"], r["operation"], r["build"])] = float(r["kcycles"])
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--karu64", required=True)
    ap.add_argument("--args", required=True, help="the board's arguments (the Debian image as --drive)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--model", default="karu64-fpga")
    ap.add_argument("--quick", action="store_true", help="ML-KEM-768 and ML-DSA-44 only, fewer repetitions")
    ap.add_argument("--builds", default="", help="comma-separated guest builds (default: all)")
    ap.add_argument("--openssl", action="store_true", help="also openssl speed of the image's OpenSSL")
    ap.add_argument("--boot-with-model", action="store_true",
                    help="boot with the model too (default: a functional boot to a checkpoint, restored with it)")
    ap.add_argument("--tables-only", action="store_true",
                    help="no boot: remake linux.md and the REPORT.md section from OUT/linux.csv, linux-openssl.csv "
                         "and the main report's pqc.csv (after `make report` regenerated REPORT.md)")
    a = ap.parse_args()
    if a.tables_only:
        return write_tables(a, *read_measured(a.out))
    builds = a.builds.split(",") if a.builds else X.BUILDS
    for b in builds:
        if b not in X.BUILDS:
            fail("unknown build %s (one of %s)" % (b, ", ".join(X.BUILDS)))
    fams = [f for f in X.FAMILIES if f["family"] in ("ML-KEM", "ML-DSA")]
    os.makedirs(a.out, exist_ok=True)
    boot = [a.karu64] + shlex.split(a.args) + ["--append", "console=ttyS0 quiet root=/dev/vda rw"]
    t0 = time.time()
    if a.boot_with_model:
        print("linux.py: booting the Debian image with %s" % a.model, flush=True)
        c = Console(boot + ["--model=" + a.model])
    else:   # boot functionally, checkpoint at the prompt, continue from it with the model
        print("linux.py: booting the Debian image functionally to a checkpoint", flush=True)
        ck = os.path.join(a.out, "linux-boot.ck")
        if os.path.exists(ck):
            os.remove(ck)
        c = Console(boot + ["--checkpoint-at=guest:" + ck, "--checkpoint-exit"])
    if c.expect(rb"root@karu64:~# ", 7200) is None:
        c.p.kill()
        fail("the board did not reach root's prompt (%s)" % " ".join(boot))
    t_boot = time.time() - t0
    c.send("stty -echo\n")
    c.expect(rb"# ", 60)
    if not a.boot_with_model:
        c.send("/opt/karu64/karu64-checkpoint\n")
        if c.p.wait(timeout=900) != 0 or not os.path.exists(ck):
            fail("the guest's checkpoint was not written (%s)" % ck)
        c = Console(boot + ["--restore=" + ck, "--model=" + a.model])
        c.send("\n")
        if c.expect(rb"# ", 600) is None:
            c.p.kill()
            fail("no prompt after restoring %s with %s" % (ck, a.model))
        # the model starts cold at the restore: one untimed process warms it
        c.run("/opt/karu64/rv64gc/kbench repeat ml-kem-768 keygen 1", timeout=1800)
    rows = []
    for f in fams:
        sets = f["quick_sets"] if a.quick else f["sets"]
        n = f["quick_reps"] if a.quick else f["reps"]
        for s in sets:
            for b in builds:
                kb = "/opt/karu64/%s/kbench" % b
                for op in f["ops"]:
                    t1 = time.time()
                    cyc, ins = perf_stat(c, "%s repeat %s %s %d" % (kb, s, op, n))
                    cyc0, ins0 = perf_stat(c, "%s repeat %s %s %d --skip" % (kb, s, op, n))
                    row = dict(config=a.model, set=X.display(s), op=op, build=b, n=n,
                               whole_kcycles="%.3f" % (cyc / n / 1000), whole_insns="%.1f" % (ins / n),
                               perf_kcycles="%.3f" % ((cyc - cyc0) / n / 1000), perf_insns="%.1f" % ((ins - ins0) / n))
                    rows.append(row)
                    print("linux.py: %s %s %s: %s kcycles per op (perf stat, %.0f s)" % (s, op, b, row["perf_kcycles"],
                                                                                        time.time() - t1), flush=True)
    ossl = []
    if a.openssl:   # the algorithms and capabilities of the user-mode table (eval/openssl.py)
        for name, args, label in O.SPEED:
            for cap_name, cap in O.CAPS:
                out = c.run("OPENSSL_riscvcap=%s openssl speed -mr -bytes %d -seconds 1 %s 2>/dev/null"
                            % (cap, O.BLOCK, " ".join(args)), timeout=7200) or ""
                bps = next((float(l.split(":")[3]) for l in out.splitlines()
                            if l.startswith("+F:") and l.split(":")[2] == label), None)
                if bps is None:
                    fail("openssl speed %s under Linux: %s" % (name, out.strip()[-300:]))
                ossl.append([a.model, name, cap_name, "%.0f" % bps])
                print("linux.py: openssl speed %s %s: %.0f B/s" % (name, cap_name, bps), flush=True)
        with open(os.path.join(a.out, "linux-openssl.csv"), "w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["config", "algorithm", "capability", "bytes_per_second"])
            w.writerows(ossl)
    c.send("poweroff\n")
    try:
        c.p.wait(timeout=900)
    except Exception:
        c.p.kill()
    with open(os.path.join(a.out, "linux-boot.txt"), "w") as fh:
        fh.write("%s %.0f\n" % ("model" if a.boot_with_model else "functional", t_boot))
    write_tables(a, rows, ossl, t_boot, a.boot_with_model)


KEYS = ["config", "set", "op", "build", "n", "whole_kcycles", "whole_insns", "perf_kcycles", "perf_insns",
        "rdcycle_user_kcycles"]


def read_measured(out):
    """The rows, openssl rows, boot seconds and boot kind of an earlier run (--tables-only)."""
    path = os.path.join(out, "linux.csv")
    if not os.path.exists(path):
        fail("%s missing: run the measurements first" % path)
    with open(path) as fh:
        rows = [dict(r, n=int(r["n"])) for r in csv.DictReader(fh)]
    ossl = []
    path = os.path.join(out, "linux-openssl.csv")
    if os.path.exists(path):
        with open(path) as fh:
            ossl = [[r["config"], r["algorithm"], r["capability"], r["bytes_per_second"]] for r in csv.DictReader(fh)]
    kind, t_boot = "functional", 0.0
    path = os.path.join(out, "linux-boot.txt")
    if os.path.exists(path):
        with open(path) as fh:
            kind, t = fh.read().split()
            t_boot = float(t)
    return rows, ossl, t_boot, kind == "model"


def write_tables(a, rows, ossl, t_boot, with_model):
    """linux.csv (with the main report's user-mode column as it is now), linux.md, and the
    section of REPORT.md."""
    um = user_mode_rows(a.out, a.model)
    for r in rows:
        k = (r["set"], r["op"], r["build"])
        r["rdcycle_user_kcycles"] = "%.3f" % um[k] if k in um else ""
    with open(os.path.join(a.out, "linux.csv"), "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=KEYS)
        w.writeheader()
        w.writerows(rows)
    md = ["## Under Linux: perf stat on the Debian image (`make report LINUX=1`)", "",
          "The board boots the Debian trixie image (%s to root's prompt: %.0f s; by default functionally to "
          "a checkpoint at the prompt, restored with the model, whose caches then start cold and are "
          "warmed by one untimed process); each row is Debian's `perf stat -e "
          "cycles:u,instructions:u` of a whole `kbench repeat` process (N operations), as the published "
          "tables were measured. *whole/N*: the process's count / N (it includes setting up the inputs: "
          "key generation before encapsulation, ...); *perf per op*: minus the same process with the "
          "operation skipped, / N; "
          "*rdcycle (user mode)*: the main tables (karu64 user mode, no kernel). `:u` counts user mode "
          "only: the kernel's timer interrupts and page faults add none of their own cycles, but their "
          "returns find the caches and TLB disturbed, and the first touch of each page faults."
          % (a.model if with_model else "functionally", t_boot),
          "", "| set | op | build | N | whole/N kcycles | perf per op kcycles | perf per op insns | "
          "rdcycle (user mode) kcycles | Linux / user mode |",
          "|---|---|---|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        ratio = ("%.3f" % (float(r["perf_kcycles"]) / float(r["rdcycle_user_kcycles"]))
                 if r["rdcycle_user_kcycles"] else "")
        md.append("| %s | %s | %s | %d | %s | %s | %s | %s | %s |" % (
            r["set"], r["op"], r["build"], r["n"], r["whole_kcycles"], r["perf_kcycles"], r["perf_insns"],
            r["rdcycle_user_kcycles"], ratio))
    if ossl:
        um_ossl = {}
        path = os.path.join(a.out, "openssl.csv")
        if os.path.exists(path):
            with open(path) as fh:
                um_ossl = {(r["config"], r["algorithm"], r["capability"]): float(r["bytes_per_second"])
                           for r in csv.DictReader(fh)}
        md += ["", "Stock OpenSSL from the image, under Linux: `OPENSSL_riscvcap=CAP openssl speed -mr -bytes "
               "%d -seconds 1` (the guest's seconds: the board's timer runs on modelled time), beside the "
               "user-mode run of the main table (`openssl.csv`):" % O.BLOCK, "",
               "| algorithm | capability | under Linux MB/s | user mode MB/s | Linux / user mode |",
               "|---|---|---:|---:|---:|"]
        for cfg, name, cap_name, bps in ossl:
            u = um_ossl.get((cfg, name, cap_name))
            md.append("| %s | %s | %.3f | %s | %s |" % (name, cap_name, float(bps) / 1e6,
                                                        "%.3f" % (u / 1e6) if u else "", "%.3f" % (float(bps) / u) if u else ""))
    text = "\n".join(md) + "\n"
    with open(os.path.join(a.out, "linux.md"), "w") as fh:
        fh.write(text)
    rep = os.path.join(a.out, "REPORT.md")
    if os.path.exists(rep):
        with open(rep) as fh:
            old = fh.read()
        old = old.split("\n## Under Linux: perf stat")[0].rstrip("\n") + "\n"
        with open(rep, "w") as fh:
            fh.write(old + "\n" + text)
    print("linux.py: %d rows in %s" % (len(rows), os.path.join(a.out, "linux.csv")))


if __name__ == "__main__":
    main()
