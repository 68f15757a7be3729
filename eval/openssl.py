#!/usr/bin/env python3
"""The stock-OpenSSL table (issue 13): what ratified vector crypto buys unmodified software.

Runs Debian 13's stock riscv64 `openssl speed -mr -bytes 16384 -seconds N` (from the guest root
of scripts/setup) under `karu64 --model=CONFIG` for AES-128-GCM, GHASH, SHA-256, SHA-512 and
AES-128-XTS, with OPENSSL_riscvcap selecting OpenSSL's scalar code (rv64gc) or its vector-crypto
code (Zvkned, Zvkg, Zvknhb, Zvbb, Zvkb, Zvkt). openssl speed times its loop with times() and
alarm(), which karu64 runs on modelled time at the core clock under a model, so its bytes per
second are Karu64's. Writes OUT/openssl.csv (config,algorithm,capability,bytes_per_second) and
OUT/openssl.md (the table with cycles per byte and the speedup).

A cross-check that needs no timer: OUT/openssl-stats.csv gives cycles per byte from --stats-json
cycles for fixed work, `openssl dgst` / `openssl enc` over a 1 MiB file minus the same command
over an empty file (process start, loading and exit cancel)."""
import argparse, concurrent.futures, csv, json, os, subprocess, sys, tempfile

sys.dont_write_bytecode = True
SCALAR = "rv64gc"
VECTOR = "rv64gc_v_zvkned_zvknhb_zvkg_zvbb_zvkb_zvkt"
CAPS = [("scalar", SCALAR), ("vector", VECTOR)]
# (algorithm, openssl speed arguments, the name speed prints)
SPEED = [("AES-128-GCM", ["-evp", "aes-128-gcm"], "AES-128-GCM"),
         ("GHASH", ["ghash"], "ghash"),
         ("SHA-256", ["sha256"], "sha256"),
         ("SHA-512", ["sha512"], "sha512"),
         ("AES-128-XTS", ["-evp", "aes-128-xts"], "AES-128-XTS")]
# (algorithm, openssl arguments before the input file)
STATS = [("SHA-256", ["dgst", "-sha256"]),
         ("SHA-512", ["dgst", "-sha512"]),
         ("AES-128-CTR", ["enc", "-aes-128-ctr", "-K", "2b7e151628aed2a6abf7158809cf4f3c", "-iv", "000102030405060708090a0b0c0d0e0f", "-out", "/dev/null", "-in"]),
         ("AES-128-CBC", ["enc", "-aes-128-cbc", "-K", "2b7e151628aed2a6abf7158809cf4f3c", "-iv", "000102030405060708090a0b0c0d0e0f", "-out", "/dev/null", "-in"])]
BLOCK = 16384
MIB = 1 << 20


def run(a, config, cap, args, stats=None):
    cmd = [a.karu64, "--model=" + config, "--clear-env", "--env", "OPENSSL_riscvcap=" + cap, "-L", a.root]
    if stats:
        cmd.append("--stats-json=" + stats)
    cmd += [os.path.join(a.root, "usr/bin/openssl")] + args
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=1800)
    if r.returncode:
        raise RuntimeError("%s: exit %d: %s" % (" ".join(cmd), r.returncode, r.stderr.strip()[-300:]))
    return r.stdout


def speed(a, config, alg, cap_name, cap):
    name, args, label = alg
    out = run(a, config, cap, ["speed", "-mr", "-bytes", str(BLOCK), "-seconds", str(a.seconds)] + args)
    for line in out.splitlines():   # +F:<n>:<label>:<bytes per second>
        f = line.split(":")
        if f[0] == "+F" and f[2] == label:
            return [config, name, cap_name, "%.0f" % float(f[3])]
    raise RuntimeError("no +F line for %s in: %s" % (label, out.strip()[-300:]))


def stats_cpb(a, config, alg, cap_name, cap, tmp):
    name, args = alg
    cyc = []
    for f in ("empty", "mib"):
        js = os.path.join(tmp, "%s-%s-%s-%s.json" % (config, name, cap_name, f))
        run(a, config, cap, args + [os.path.join(tmp, f)], stats=js)
        cyc.append(json.load(open(js))["cycles"])
    return [config, name, cap_name, "%.2f" % ((cyc[1] - cyc[0]) / MIB)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--karu64", required=True)
    ap.add_argument("--root", required=True, help="the Debian 13 riscv64 guest root (build/trixie-rv64-root)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--configs", default="karu64-fpga", help="comma-separated models (default karu64-fpga)")
    ap.add_argument("--seconds", type=int, default=1, help="openssl speed -seconds (modelled time)")
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    a.karu64, a.root = os.path.abspath(a.karu64), os.path.abspath(a.root)
    if not os.access(os.path.join(a.root, "usr/bin/openssl"), os.X_OK):
        sys.exit("openssl.py: error: no %s/usr/bin/openssl (run make setup)" % a.root)
    os.makedirs(a.out, exist_ok=True)
    configs = a.configs.split(",")
    version = subprocess.run([a.karu64, "-L", a.root, os.path.join(a.root, "usr/bin/openssl"), "version"],
                             capture_output=True, text=True).stdout.strip()
    hz = {}
    for c in configs:
        r = subprocess.run([a.karu64, "--model=" + c, "--list-params"], capture_output=True, text=True)
        hz[c] = next(int(l.split()[1]) for l in r.stdout.splitlines() if l.startswith("core_hz"))
    with tempfile.TemporaryDirectory() as tmp:
        open(os.path.join(tmp, "empty"), "wb").close()
        open(os.path.join(tmp, "mib"), "wb").write(bytes((i * 131 + 7) & 0xff for i in range(MIB)))
        with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
            sp = [pool.submit(speed, a, c, alg, cn, cap) for c in configs for alg in SPEED for cn, cap in CAPS]
            st = [pool.submit(stats_cpb, a, c, alg, cn, cap, tmp) for c in configs for alg in STATS for cn, cap in CAPS]
            rows = [f.result() for f in sp]
            srows = [f.result() for f in st]
    with open(os.path.join(a.out, "openssl.csv"), "w", newline="") as f:
        f.write("config,algorithm,capability,bytes_per_second\n")
        csv.writer(f, lineterminator="\n").writerows(rows)
    with open(os.path.join(a.out, "openssl-stats.csv"), "w", newline="") as f:
        f.write("config,algorithm,capability,cycles_per_byte\n")
        csv.writer(f, lineterminator="\n").writerows(srows)
    L = ["## Stock OpenSSL (`openssl.csv`)", "",
         "Debian 13's unmodified riscv64 `%s`: `openssl speed -mr -bytes %d -seconds %d` under `karu64 --model=CONFIG -L "
         "build/trixie-rv64-root`, OPENSSL_riscvcap=`%s` (scalar) or `%s` (vector); openssl speed's own figures, timed on "
         "modelled time (times(), alarm()). Cycles per byte = core clock / bytes per second." % (version, BLOCK, a.seconds, SCALAR, VECTOR), "",
         "| config | algorithm | scalar MB/s | vector MB/s | scalar cycles/B | vector cycles/B | speedup |",
         "|---|---|---:|---:|---:|---:|---:|"]
    by = {(r[0], r[1], r[2]): float(r[3]) for r in rows}
    for c in configs:
        for name, _, _ in SPEED:
            s, v = by[(c, name, "scalar")], by[(c, name, "vector")]
            L.append("| %s | %s | %.3f | %.3f | %.1f | %.1f | %.1f |" % (c, name, s / 1e6, v / 1e6, hz[c] / s, hz[c] / v, v / s))
    L += ["", "Cross-check without timers (`openssl-stats.csv`): `--stats-json` cycles of `openssl dgst`/`enc` over 1 MiB "
          "minus over an empty file, per byte.", "",
          "| config | algorithm | scalar cycles/B | vector cycles/B | speedup |", "|---|---|---:|---:|---:|"]
    sb = {(r[0], r[1], r[2]): float(r[3]) for r in srows}
    for c in configs:
        for name, _ in STATS:
            s, v = sb[(c, name, "scalar")], sb[(c, name, "vector")]
            L.append("| %s | %s | %.1f | %.1f | %.1f |" % (c, name, s, v, s / v))
    open(os.path.join(a.out, "openssl.md"), "w").write("\n".join(L) + "\n")
    print("\n".join(L))


if __name__ == "__main__":
    main()
