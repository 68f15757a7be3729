#!/usr/bin/env python3
"""The RTL comparison: bare-metal microbenchmarks (tests/rtl/rows.py) and compiled code
(tests/rtl/kernels.c: the C Keccak-f[1600] permutations, ML-KEM-768), run on the Karu64 RTL
through a user-supplied command (--rtl-run CMD: CMD PROGRAM.elf runs the ELF in the RTL's
Verilator testbench and prints its output) and on karu64's cycle model with the RTL's own
configuration (karu64-sim + tests/timing/rtl-june-2026.params). Prints RTL cycles, model cycles
and the error per row (doc/rtl-compare.md).

Without --rtl-run (the CI check) it runs the model side only and checks that every program
measures what it claims: each row's retired instruction count equals the count written in its
program (hand-derived from rows.py's loop bodies), and the compiled code gives the known answers
(Keccak-p[1600] of A[i] = i, element 0, from zvknhk.md; ML-KEM decapsulation recovers the key)."""
import argparse, hashlib, os, shlex, struct, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import rows as R  # noqa: E402

PICO = "/usr/lib/picolibc/riscv64-unknown-elf"
PARAMS = os.path.join(ROOT, "tests/timing/rtl-june-2026.params")
ZVK = "rv64gcv_zvkned_zvknhb_zvksed_zvksh_zvkg_zvkb"
LIMIT = 2.0     # per cent: scalar and crypto rows (the cycle-model work's target)


def programs(out):
    """name -> (march, sources, defines, link with picolibc's libc for memcpy and friends)."""
    srcs = {"rows.S": R.assembly(), "rows-rtl.S": R.assembly(rtl_encoding=True), "fetch.S": R.assembly(rows=R.FETCH),
            "harness.S": R.assembly(rows=R.HARNESS), "harness-rtl.S": R.assembly(rtl_encoding=True, rows=R.HARNESS)}
    for name, text in srcs.items():
        with open(os.path.join(out, name), "w") as f:
            f.write(text)
    rows_s, rows_rtl, fetch_s, harness_s, harness_rtl = (os.path.join(out, n) for n in srcs)
    kern = [os.path.join(HERE, "kernels.c"), os.path.join(ROOT, "sw/keccak/keccak_c.c"),
            os.path.join(ROOT, "tests/timing/keccak_compact.c")]
    mlkem = [os.path.join(ROOT, p) for p in ("sw/keccak/keccak.c", "sw/fips202/fips202.c",
                                             "sw/mlkem/poly.c", "sw/mlkem/mlkem.c")]
    return {
        "micro": (ZVK, [os.path.join(HERE, "micro.c"), rows_s], [], False),
        "micro-rtl": (ZVK, [os.path.join(HERE, "micro.c"), rows_rtl], [], False),
        "fetch": ("rv64gc", [os.path.join(HERE, "micro.c"), fetch_s], [], False),
        "harness": (ZVK, [os.path.join(HERE, "micro.c"), harness_s], [], False),
        "harness-rtl": (ZVK, [os.path.join(HERE, "micro.c"), harness_rtl], [], False),
        "kernels-rv64gc": ("rv64gc", kern, [], False),
        "kernels-zbb": ("rv64gc_zbb", kern, [], False),
        "mlkem768": ("rv64gc", kern + mlkem, ["-DWITH_MLKEM"], True),
    }


def build(cc, out):
    os.makedirs(out, exist_ok=True)
    elfs = {}
    for name, (march, srcs, defs, libc) in programs(out).items():
        elf = os.path.join(out, name + ".elf")
        cmd = shlex.split(cc) + ["-mcmodel=medany", "-mabi=lp64d", "-march=" + march, "-O2",
                                 "-ffreestanding", "-isystem", PICO + "/include", "-I" + HERE,
                                 "-I" + os.path.join(ROOT, "sw/include"), "-I" + os.path.join(ROOT, "sw/keccak"),
                                 "-I" + os.path.join(ROOT, "sw/fips202"), "-I" + os.path.join(ROOT, "sw/mlkem"),
                                 *defs, "-T", os.path.join(ROOT, "tests/bare/link.ld"),
                                 os.path.join(HERE, "start.S"), os.path.join(HERE, "htif.c"), *srcs, "-o", elf]
        if libc:
            cmd += ["-L" + PICO + "/lib/rv64imafdc/lp64d", "-lc"]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode:
            sys.exit("rtl-compare: build failed: %s\n%s" % (" ".join(cmd), r.stderr))
        elfs[name] = elf
    return elfs


def parse(text):
    res = {}
    for line in text.splitlines():
        f = line.split()
        if len(f) == 3 and f[1].isdigit() and f[2].isdigit():
            res[f[0]] = (int(f[1]), int(f[2]))
    return res


def run(cmd, what):
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    except (OSError, subprocess.TimeoutExpired) as e:
        sys.exit("rtl-compare: %s: %s" % (what, e))
    res = parse(r.stdout)
    if r.returncode or not res:
        sys.exit("rtl-compare: %s exited %d:\n%s" % (what, r.returncode, (r.stdout + r.stderr)[-2000:]))
    return res


def image_hash(elf):
    """SHA-256 of what a loader puts in memory: the entry point and each PT_LOAD segment's address,
    size and bytes (not the symbol table, which names the build folder)."""
    with open(elf, "rb") as f:
        d = f.read()
    h = hashlib.sha256(d[0x18:0x20])
    phoff, = struct.unpack_from("<Q", d, 0x20)
    phentsize, phnum = struct.unpack_from("<HH", d, 0x36)
    for i in range(phnum):
        ptype, _, off, vaddr, _, filesz, memsz, _ = struct.unpack_from("<IIQQQQQQ", d, phoff + i * phentsize)
        if ptype == 1:
            h.update(struct.pack("<QQ", vaddr, memsz) + d[off:off + filesz])
    return h.hexdigest()


def run_rtl(cmd, elf, cache):
    """The RTL's output for elf, from cache (keyed by the loaded image) when it has it: an RTL
    simulation runs at tens of kHz, and its result depends on nothing but the program."""
    path = None
    if cache:
        os.makedirs(cache, exist_ok=True)
        path = os.path.join(cache, image_hash(elf) + ".out")
        if os.path.exists(path):
            with open(path) as f:
                return parse(f.read())
    print("rtl-compare: running %s on the RTL" % os.path.basename(elf), file=sys.stderr, flush=True)
    try:
        r = subprocess.run(shlex.split(cmd) + [elf], capture_output=True, text=True, timeout=7200)
    except (OSError, subprocess.TimeoutExpired) as e:
        sys.exit("rtl-compare: RTL_RUN %s: %s" % (elf, e))
    res = parse(r.stdout)
    if r.returncode or not res:
        sys.exit("rtl-compare: RTL_RUN %s exited %d:\n%s" % (elf, r.returncode, (r.stdout + r.stderr)[-2000:]))
    if path:
        with open(path, "w") as f:
            f.write(r.stdout)
    return res


def expected_rows():
    """key -> (label, group, divisor, retired instructions written in the program)."""
    exp = {}
    for name, _, body, reps, _, kind, group in R.ROWS + R.FETCH + R.HARNESS:
        n = sum(1 for b in body if not b.endswith(":") and "not executed" not in b)
        if kind == "alone":
            exp[R.key(name)] = (name, group, 1, reps * n + 2)
        elif kind == "own":
            exp[R.key(name)] = (name, group, 16, 16 * n)
        else:
            exp[R.key(name)] = (name, group, 16, 16 * (reps * n + 2))
    return exp


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cc", required=True)
    ap.add_argument("--karu64", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--rtl-run", help="command that runs a bare-metal ELF on the RTL")
    ap.add_argument("--rtl-commit", default="", help="the RTL's commit, for the table's title")
    ap.add_argument("--rtl-cache", help="keep the RTL's output per program here and reuse it")
    ap.add_argument("--params", default=PARAMS)
    ap.add_argument("--model-arg", action="append", default=[], help="extra karu64 option")
    ap.add_argument("--results", help="test result file (model side only)")
    ap.add_argument("--table", help="write the table (markdown) here")
    a = ap.parse_args()
    elfs = build(a.cc, a.out)
    model, rtl = {}, {}
    # the compiled programs print the same names (each has its own Keccak rows and check line)
    compiled = [n for n in elfs if n.startswith(("kernels", "mlkem"))]

    def add(into, name, res):
        into.update({(name + "/" + k if name in compiled else k): v for k, v in res.items()})

    for name, elf in elfs.items():
        if name.endswith("-rtl"):
            continue
        add(model, name, run([a.karu64, "--bare", "--model=karu64-sim", "--param-file=" + a.params, *a.model_arg,
                              elf], "karu64 " + name))
        if a.rtl_run:
            # the RTL runs the same program with its own vkeccak.vi encoding
            add(rtl, name, run_rtl(a.rtl_run, elfs.get(name + "-rtl", elf), a.rtl_cache))
    exp = expected_rows()
    kernels = [("%s/%s" % (p, k), "%s (%s program)" % (k.replace("_", " "), p), "compiled", 1) for p in compiled
               for k in ("keccak_unrolled", "keccak_compact", "mlkem768_keygen", "mlkem768_encaps", "mlkem768_decaps")
               if "%s/%s" % (p, k) in model]
    passed = failed = 0
    log = []

    def check(ok, what):
        nonlocal passed, failed
        passed, failed = passed + bool(ok), failed + (not ok)
        log.append(("ok   " if ok else "FAIL ") + what)
        if not ok or not a.rtl_run:
            print(log[-1])

    for k, (label, _, _, n) in exp.items():
        got = model.get(k, (0, -1))[1]
        check(got == n, "%s: %d instructions retired, the program has %d" % (label, got, n))
    for p in compiled:
        check(model.get(p + "/check", (0, 0))[0] == 1, "%s: the Keccak known answer%s" % (
            p, " and the ML-KEM-768 round trip" if p.startswith("mlkem") else ""))
        if rtl:
            check(rtl.get(p + "/check", (0, 0))[0] == 1, "%s on the RTL: the same" % p)
    if not a.rtl_run:
        if a.results:
            os.makedirs(os.path.dirname(a.results), exist_ok=True)
            with open(a.results, "w") as f:
                f.write("\n".join(["rtl-compare-model"] + log + ["%d passed, %d failed\n" % (passed, failed)]))
        print("%d passed, %d failed" % (passed, failed))
        sys.exit(1 if failed else 0)

    lines = ["RTL %s; model karu64-sim --param-file=%s%s. Loop rows are cycles per loop iteration "
             "(loop addi + bnez included), alone rows one instruction between two cycle reads, compiled rows "
             "cycles per call." % (a.rtl_commit or "(commit not given)", os.path.relpath(a.params, ROOT),
                                   "".join(" " + m for m in a.model_arg)), "",
             "| row | group | RTL cycles | model cycles | error | RTL instructions |",
             "|---|---|---:|---:|---:|---:|"]
    worst = []
    rowlist = [(k, v[0], v[1], v[2]) for k, v in exp.items()] + kernels
    for k, label, group, div in rowlist:
        if k not in rtl or k not in model:
            lines.append("| %s | %s | %s | %s | | |" % (label, group, "missing" if k not in rtl else "",
                                                         "missing" if k not in model else ""))
            continue
        rc, mc = rtl[k][0] / div, model[k][0] / div
        err = (mc - rc) / rc * 100 if rc else 0.0
        if group in ("scalar", "crypto", "compiled", "keccak"):
            worst.append((abs(err), label, group, rc, mc, err))
        lines.append("| %s | %s | %.2f | %.2f | %+.1f %% | %.2f |" % (label, group, rc, mc, err, rtl[k][1] / div))
    worst.sort(reverse=True)
    within = sum(1 for w in worst if w[0] <= LIMIT)
    lines += ["", "Scalar, crypto, Keccak and compiled rows within %g %%: %d of %d." % (LIMIT, within, len(worst))]
    text = "\n".join(lines) + "\n"
    print(text)
    print("worst rows:")
    for w in worst[:12]:
        print("  %-60s %-8s RTL %10.2f model %10.2f %+6.1f %%" % (w[1], w[2], w[3], w[4], w[5]))
    if a.table:
        with open(a.table, "w") as f:
            f.write(text)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
