#!/usr/bin/env python3
"""The soak (make check-soak; doc/verification.md): a long differential and back-to-back boots.

1. Random programs from the scalar generator (tests/randgen/randgen.py) and the vector one
   (tests/vector/vrandom.py, at VLEN 128, 256, 512 and 1024), each stream run many times in a loop
   (--repeat) so that one process carries millions of instructions, against QEMU 10, in batches
   on -j cores, until --insns instructions were compared (karu64 --stats counts them). A line of
   progress after each batch. Each mismatch is reported with its replay command.
2. --boots full-system boots of the board to poweroff (Debian's OpenSBI and kernel, the test
   initramfs, karu64.mode=test karu64.only=cpuinfo,dtseed), varying --mem (256M, 512M, 1G, 2G),
   the cycle model (none, karu64-sim, karu64-fpga) and --dt-seed (the device tree's kaslr-seed
   and rng-seed: a 64-bit seed per boot from the run's seed); each must power off (exit 0, the
   kernel's "reboot: Power down", the guest's cpuinfo line, and the kaslr-seed the guest reads
   in /proc/device-tree = SHAKE256 of its --dt-seed, doc/board.md) within --boot-timeout seconds.

    soak.py --karu64 K --qemu Q --cc CC --bios FW --kernel IMAGE --initrd CPIO --out DIR
            [--insns N] [--boots B] [--seed S] [-j J] [--results FILE]
The karu64 under test is copied into DIR first, so a rebuild during the run does not change it."""
import argparse
import concurrent.futures as cf
import hashlib
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import harness  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
RANDGEN = os.path.join(HERE, "..", "randgen", "randgen.py")
VRANDOM = os.path.join(HERE, "..", "vector", "vrandom.py")
MEMS = ["256M", "512M", "1G", "2G"]
MODELS = ["none", "karu64-sim", "karu64-fpga"]


def batch(a, karu64, kind, seed):
    """One batch of the generator `kind`: (instructions compared, passed, failed, FAIL lines, s)."""
    t0 = time.time()
    if kind == "scalar":
        cmd = [sys.executable, RANDGEN, "check", "--cc", a.cc, "--qemu", a.qemu, "--karu64", karu64,
               "--out", os.path.join(a.out, "randgen"), "-j", str(a.j), "--programs", str(2 * a.j),
               "--insns", "20000", "--repeat", str(a.scalar_repeat), "--seed", str(seed), "--no-bisect"]
        pat = r"(\d+) executed in karu64"
    else:
        cmd = [sys.executable, VRANDOM, "check", "--cc", a.cc, "--qemu", a.qemu, "--karu64", karu64,
               "--out", os.path.join(a.out, "vrandom"), "-j", str(a.j), "--programs", str(a.j),
               "--insns", "5000", "--repeat", str(a.vector_repeat), "--vlens", "128,256,512,1024",
               "--seed", str(seed)]
        pat = r"(\d+) executed in karu64"
    os.makedirs(os.path.join(a.out, "randgen" if kind == "scalar" else "vrandom"), exist_ok=True)
    o = harness.run(cmd, timeout=3600, text=True)
    out = o.out or ""
    m = re.search(pat, out)
    c = re.findall(r"^(\d+) passed, (\d+) failed$", out, re.M)
    fails = [l for l in out.splitlines() if l.startswith("FAIL")]
    if o.status is None or not m or not c:
        return 0, 0, 1, fails + ["FAIL %s batch seed %d: %s" % (kind, seed, o.why or o.err_text()[-300:] or "no summary")], time.time() - t0
    return int(m.group(1)), int(c[-1][0]), int(c[-1][1]), fails, time.time() - t0


def boot_dt_seed(seed, i):
    """Boot i's --dt-seed: 64 bits of SHA-256("soak boot SEED I"), spread over the whole range."""
    return int.from_bytes(hashlib.sha256(b"soak boot %d %d" % (seed, i)).digest()[:8], "little")


def boot(a, karu64, i, seed):
    """Boot i: (ok, what, seconds)."""
    mem, model, dt_seed = MEMS[i % len(MEMS)], MODELS[i % len(MODELS)], boot_dt_seed(seed, i)
    cmd = [karu64, "--machine=karu64", "--bios", a.bios, "--kernel", a.kernel, "--initrd", a.initrd,
           "--mem=" + mem, "--dt-seed=%#x" % dt_seed,
           "--append", "console=ttyS0 quiet karu64.mode=test karu64.only=cpuinfo,dtseed"]
    if model != "none":
        cmd.append("--model=" + model)
    t0 = time.time()
    o = harness.run(cmd, timeout=a.boot_timeout, text=True)
    secs = time.time() - t0
    what = "boot %d (--mem=%s, model %s, --dt-seed=%#x)" % (i, mem, model, dt_seed)
    out = o.out or ""
    if o.status is None:
        return False, "%s: %s" % (what, o.why), secs
    # kaslr-seed as doc/board.md derives it: SHAKE256 of the seed, 8 bytes little-endian
    kaslr = hashlib.shake_256(dt_seed.to_bytes(8, "little")).digest(8).hex()
    ok = (o.status == 0 and "reboot: Power down" in out and "== cpuinfo" in out
          and re.search(r"^isa\s*:\s*rv64", out, re.M) is not None
          and re.search(r"^kaslr-seed %s\r?$" % kaslr, out, re.M) is not None and "== end" in out)
    if not ok:
        tail = (out.strip().splitlines() or [""])[-1][:200]
        return False, "%s: exit %s, last line %r, %s" % (what, o.status, tail, o.err_last_line()), secs
    return True, what, secs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--karu64", required=True)
    ap.add_argument("--qemu", required=True)
    ap.add_argument("--cc", required=True)
    ap.add_argument("--bios")
    ap.add_argument("--kernel")
    ap.add_argument("--initrd")
    ap.add_argument("--out", required=True)
    ap.add_argument("--insns", type=float, default=1e9, help="instructions to compare (default 10^9)")
    ap.add_argument("--boots", type=int, default=100)
    ap.add_argument("--boot-timeout", type=int, default=900)
    ap.add_argument("--seed", type=int, default=None, help="batch seeds start here (default: from the clock)")
    ap.add_argument("--scalar-repeat", type=int, default=400)
    ap.add_argument("--vector-repeat", type=int, default=200)
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--results")
    a = ap.parse_args()
    a.out = os.path.abspath(a.out)
    os.makedirs(a.out, exist_ok=True)
    karu64 = os.path.join(a.out, "karu64")
    shutil.copy2(a.karu64, karu64)
    lines = []

    def say(s):
        print(s, flush=True)
        lines.append(s)

    # 1. the differential (none with --insns 0)
    seed = a.seed if a.seed is not None else int(time.time()) % 90000 + 10000
    if a.insns:
        say("soak: differential against QEMU 10, target %d instructions, batch seeds from %d" % (a.insns, seed))
    else:
        say("soak: no differential (--insns 0)")
    t0 = time.time()
    done = {"scalar": 0, "vector": 0}
    runs = {"scalar": 0, "vector": 0}
    mismatches = 0
    k = 0
    while done["scalar"] + done["vector"] < a.insns:
        kind = "scalar" if k % 2 == 0 else "vector"
        n, p, f, fails, secs = batch(a, karu64, kind, seed + k)
        done[kind] += n
        runs[kind] += p + f
        mismatches += f
        for l in fails:
            say("  " + l)
        total = done["scalar"] + done["vector"]
        print("soak: %d of %d instructions compared (scalar %d, vector %d), %d runs, %d mismatches, %.0f s"
              % (total, a.insns, done["scalar"], done["vector"], runs["scalar"] + runs["vector"], mismatches,
                 time.time() - t0), flush=True)
        k += 1
        if n == 0 and f:
            break   # a batch that cannot run (setup): stop rather than loop
    diff_secs = time.time() - t0
    total = done["scalar"] + done["vector"]
    if a.insns:
        say("soak: differential: %d instructions compared (scalar %d in %d runs, vector %d in %d runs), "
            "%d mismatches, %.0f s (%d batches from seed %d)" % (total, done["scalar"], runs["scalar"],
                                                               done["vector"], runs["vector"], mismatches,
                                                               diff_secs, k, seed))
    diff_ok = mismatches == 0 and total >= a.insns
    diff_checks = 1 if a.insns else 0
    bad = 0
    # 2. the boots
    if a.boots:
        t1 = time.time()
        times = []
        say("soak: %d boots, --dt-seed of each from seed %d" % (a.boots, seed))
        with cf.ThreadPoolExecutor(a.j) as ex:
            for ok, what, secs in ex.map(lambda i: boot(a, karu64, i, seed), range(a.boots)):
                times.append(secs)
                if not ok:
                    bad += 1
                    say("  FAIL " + what)
                print("soak: %s: %s in %.1f s (%d of %d done, %d failed)" % (what, "powered off" if ok else "FAILED",
                      secs, len(times), a.boots, bad), flush=True)
        say("soak: boots: %d to poweroff, %d failed; %.1f s each (min %.1f, median %.1f, max %.1f), %.0f s in all"
            " on %d cores" % (a.boots - bad, bad, statistics.mean(times), min(times), statistics.median(times),
                              max(times), time.time() - t1, a.j))
        say("soak: boots: mean seconds by model: %s" % ", ".join(
            "%s %.1f" % (m, statistics.mean(times[i::len(MODELS)])) for i, m in enumerate(MODELS)
            if times[i::len(MODELS)]))
    failed = (diff_checks if not diff_ok else 0) + bad
    say("%d passed, %d failed" % ((diff_checks if diff_ok else 0) + a.boots - bad, failed))
    if a.results:
        with open(a.results, "w") as fh:
            fh.write("\n".join(lines) + "\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
