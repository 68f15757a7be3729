#!/usr/bin/env python3
"""Cycle-model calibration (issue 8): the loops of ../shared/spec/karu64.md §4a and the
calibration points of §4, run in bare metal under karu64 with a cycle model, compared with the
published numbers typed from the spec (the independent source).

  scalar rows of §4a: within 5 % in karu64-sim (the RTL's own configuration)       -> checked
  §4 resident vkeccak loop 79.06 / 67.38 (karu64-sim): within 3 %                   -> checked
  Keccak engine alone: 25 cycles per vkeccak.vi (Keccak-busy statistic)             -> checked
  C Keccak-f[1600] on rv64gc: CPI within 10 % of 4.23 (compact) and 3.79 (unrolled)
  and within 3.5..4.5 CPI                                                            -> checked
  vector rows of §4a and vkeccak alone (older design), karu64-fpga resident loop    -> reported
  the same vector rows with the older design's transfer widths (rtl-june-2026.params):
  within 10 % of the RTL, vkeccak alone within 5 %                                   -> checked
Writes the table to --table (doc/cycle-model.md quotes it) and the test result file."""
import argparse, os, re, shlex, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PICO = "/usr/lib/picolibc/riscv64-unknown-elf"
PICO_LIB = PICO + "/lib/rv64imafdc/lp64d"
LIBGCC = "/usr/lib/gcc-cross/riscv64-linux-gnu/12/libgcc.a"

VEC = "li t5, 0x200; csrs mstatus, t5; vsetvli t5, zero, {}"   # vl = VLMAX
VECL = "li t5, 0x200; csrs mstatus, t5; li t5, {}; vsetvli zero, t5, {}"
BUF = "la a1, buf; mv t4, a1; sd t4, 0(a1)"
VK = ".insn r 0x77, 0x2, 0x53, x0, x18, x{}"
# name, setup, body (one repetition), repetitions, rvc, published cycles per iteration, kind
ROWS = [
    ("empty loop", "", [], 0, False, 8, "scalar"),
    ("100 x addi", "", ["addi t3, t3, 1"], 100, False, 358, "scalar"),
    ("100 x c.addi", "", ["c.addi t3, 1"], 100, True, 233, "scalar"),
    ("16 x lui", "", ["lui t3, 1"], 16, False, 64, "scalar"),
    ("16 x not-taken bnez", "", ["bnez zero, 1b"], 16, False, 64, "scalar"),
    ("16 x j next", "", ["j 2f", "2:"], 16, False, 120, "scalar"),
    ("16 x ld", BUF, ["ld t3, 0(a1)"], 16, False, 104, "scalar"),
    ("16 x ld pointer chase", BUF, ["ld t4, 0(t4)"], 16, False, 104, "scalar"),
    ("16 x (ld; add)", BUF, ["ld t3, 0(a1)", "add t5, t5, t3"], 16, False, 200, "scalar"),
    ("16 x sd", BUF, ["sd t3, 8(a1)"], 16, False, 136, "scalar"),
    ("16 x (ld; addi; sd)", BUF, ["ld t3, 16(a1)", "addi t3, t3, 1", "sd t3, 16(a1)"], 16, False, 288, "scalar"),
    ("16 x (sd; ld same)", BUF, ["sd t3, 24(a1)", "ld t3, 24(a1)"], 16, False, 232, "scalar"),
    ("16 x mul", "li t3, 7", ["mul t4, t3, t3"], 16, False, 80, "scalar"),
    ("16 x mulhu", "li t3, 7", ["mulhu t4, t3, t3"], 16, False, 80, "scalar"),
    ("16 x div", "li t3, 7", ["div t4, t3, t3"], 16, False, 80, "scalar"),
    ("16 x divu", "li t3, 7", ["divu t4, t3, t3"], 16, False, 80, "scalar"),
    ("16 x rem", "li t3, 7", ["rem t4, t3, t3"], 16, False, 80, "scalar"),
    ("16 x divw", "li t3, 7", ["divw t4, t3, t3"], 16, False, 80, "scalar"),
    ("16 x vsetvli", VEC.format("e64, m1, ta, ma"), ["vsetvli zero, zero, e64, m1, ta, ma"], 16, False, 64, "scalar"),
    ("16 x vadd.vv e64 m1", VEC.format("e64, m1, tu, mu"), ["vadd.vv v1, v2, v3"], 16, False, 232, "vector"),
    ("16 x vadd.vv e8 m1", VEC.format("e8, m1, tu, mu"), ["vadd.vv v1, v2, v3"], 16, False, 232, "vector"),
    ("16 x vmul.vv e64 m1", VEC.format("e64, m1, tu, mu"), ["vmul.vv v1, v2, v3"], 16, False, 232, "vector"),
    ("4 x vadd.vv e64 m8", VEC.format("e64, m8, tu, mu"), ["vadd.vv v8, v16, v24"], 4, False, 400, "vector"),
    ("16 x vle64.v m1", VEC.format("e64, m1, tu, mu") + "; la a1, buf", ["vle64.v v1, (a1)"], 16, False, 360, "vector"),
    ("16 x vse64.v m1", VEC.format("e64, m1, tu, mu") + "; la a1, buf", ["vse64.v v1, (a1)"], 16, False, 488, "vector"),
    ("4 x vle64.v m8 vl=32", VECL.format(32, "e64, m8, tu, mu") + "; la a1, buf", ["vle64.v v8, (a1)"], 4, False, 544, "vector"),
    ("4 x vle64.v m8 vl=25", VECL.format(25, "e64, m8, tu, mu") + "; la a1, buf", ["vle64.v v8, (a1)"], 4, False, 496, "vector"),
    ("4 x vse64.v m8 vl=32", VECL.format(32, "e64, m8, tu, mu") + "; la a1, buf", ["vse64.v v8, (a1)"], 4, False, 800, "vector"),
    ("4 x vse64.v m8 vl=25", VECL.format(25, "e64, m8, tu, mu") + "; la a1, buf", ["vse64.v v8, (a1)"], 4, False, 692, "vector"),
    ("16 x vrgather.vv e64 m1", VEC.format("e64, m1, tu, mu") + "; vmv.v.i v3, 0", ["vrgather.vv v1, v2, v3"], 16, False, 312, "vector"),
    ("16 x vrgather.vv e8 m1", VEC.format("e8, m1, tu, mu") + "; vmv.v.i v3, 0", ["vrgather.vv v1, v2, v3"], 16, False, 760, "vector"),
    ("16 x vslideup.vi", VEC.format("e64, m1, tu, mu"), ["vslideup.vi v1, v2, 1"], 16, False, 312, "vector"),
    ("16 x vredsum.vs", VEC.format("e64, m1, tu, mu"), ["vredsum.vs v1, v2, v3"], 16, False, 328, "vector"),
    ("16 x vmv.v.x", VEC.format("e64, m1, tu, mu"), ["vmv.v.x v1, t3"], 16, False, 120, "vector"),
    ("16 x vmv.x.s", VEC.format("e64, m1, tu, mu"), ["vmv.x.s t3, v1"], 16, False, 88, "vector"),
    ("resident vkeccak.vi loop, 24 rounds", VEC.format("e64, m1, tu, mu"), [VK.format(0)], 1, False, 79.06, "calib"),
    ("resident vkeccak.vi loop, 12 rounds", VEC.format("e64, m1, tu, mu"), [VK.format(1)], 1, False, 67.38, "calib"),
]
FPGA_LOOP = 87.98      # §4: the resident loop on the board (reported, not a target)
PERM = {"keccak_unrolled": 3.79, "keccak_compact": 4.23}   # §4a CPI on rv64gc (clang -O2)
KNOWN_A0 = 0x8374b05252ed8115   # zvknhk.md: Keccak-p[1600,24] of A[i] = i, element 0


def gen_rows(path):
    out = ["# generated by tests/timing/calib.py", "\t.text", "\t.option norvc"]
    for i, (name, setup, body, reps, rvc, _, _) in enumerate(ROWS):
        out += ["\t.globl row%d" % i, "\t.balign 8", "row%d:" % i]
        out += ["\t" + s.strip() for s in setup.split(";") if s.strip()]
        out += ["\tmv t2, a0", "\tcsrr t0, cycle", "\t.balign 8", "1:"]
        if rvc:
            out.append("\t.option rvc")
        for _ in range(reps):
            out += ["\t" + b for b in body]
        if rvc:
            out.append("\t.option norvc")
        out += ["\taddi t2, t2, -1", "\tbnez t2, 1b", "\tcsrr t1, cycle", "\tsub a0, t1, t0", "\tret"]
    out += ["\t.globl keccak_alone", "\t.balign 8", "keccak_alone:",
            "\t" + VEC.format("e64, m1, tu, mu").replace("; ", "\n\t"), "\t.balign 8",
            "\tcsrr t0, cycle", "\t" + VK.format(0), "\tcsrr t1, cycle", "\tsub a0, t1, t0", "\tret"]
    out += ["\t.section .rodata", "\t.balign 8", "names:"]
    for i, r in enumerate(ROWS):
        out += ["n%d: .asciz \"%s\"" % (i, r[0].replace(" ", "_"))]
    out += ["\t.balign 8", "\t.globl rows", "rows:"]
    for i in range(len(ROWS)):
        out += ["\t.dword n%d, row%d" % (i, i)]
    out += ["\t.globl nrows", "nrows: .word %d" % len(ROWS)]
    out += ["\t.bss", "\t.balign 4096", "\t.globl buf", "buf: .space 8192"]
    open(path, "w").write("\n".join(out) + "\n")


def build(cc, outdir):
    os.makedirs(outdir, exist_ok=True)
    rows = os.path.join(outdir, "rows.S")
    gen_rows(rows)
    elf = os.path.join(outdir, "calib.elf")
    common = shlex.split(cc) + ["-mcmodel=medany", "-mabi=lp64d"]
    objs = []
    for src, march, extra in [(rows, "rv64gcv", []),
                              (os.path.join(HERE, "calib.c"), "rv64gc", ["-O2"]),
                              (os.path.join(HERE, "keccak_compact.c"), "rv64gc", ["-O2"]),
                              (os.path.join(ROOT, "sw/keccak/keccak_c.c"), "rv64gc", ["-O2", "-I" + os.path.join(ROOT, "sw/keccak")])]:
        o = os.path.join(outdir, os.path.basename(src) + ".o")
        cmd = common + ["-march=" + march, "-isystem", PICO + "/include"] + extra + ["-c", src, "-o", o]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode:
            sys.exit("calib: build failed: %s\n%s" % (" ".join(cmd), r.stderr))
        objs.append(o)
    cmd = common + ["-march=rv64gc", PICO_LIB + "/crt0-semihost.o"] + objs + [
        "-L" + PICO_LIB, "-T", os.path.join(ROOT, "tests/bare/picolibc.ld"),
        "-Wl,--undefined=gettimeofday,--undefined=fstat",
        "-Wl,--start-group", "-lc", "-lsemihost", LIBGCC, "-Wl,--end-group", "-o", elf]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        sys.exit("calib: link failed: %s\n%s" % (" ".join(cmd), r.stderr))
    return elf


def run(karu64, elf, model, extra=()):
    cmd = [karu64, "--bare", "--model=" + model, "--stats", *extra, elf]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if r.returncode:
        sys.exit("calib: %s exited %d: %s" % (" ".join(cmd), r.returncode, r.stderr[-2000:]))
    res = {}
    for line in r.stdout.splitlines():
        f = line.split()
        res[f[0]] = f[1:]
    stats = dict(l.split(": ", 1) for l in r.stderr.splitlines() if ": " in l)
    return res, stats


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cc", required=True)
    ap.add_argument("--karu64", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--results", required=True)
    ap.add_argument("--table")
    a = ap.parse_args()
    elf = build(a.cc, a.out)
    sim, sim_stats = run(a.karu64, elf, "karu64-sim")
    fpga, _ = run(a.karu64, elf, "karu64-fpga")
    old, _ = run(a.karu64, elf, "karu64-sim", ["--param-file", os.path.join(HERE, "rtl-june-2026.params")])
    passed = failed = 0
    lines = ["| loop (per iteration) | RTL / published | karu64-sim | diff | older-design parameters | diff | karu64-fpga | check |",
             "|---|---:|---:|---:|---:|---:|---:|---|"]

    def check(ok, what):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
        print(("ok   " if ok else "FAIL ") + what)

    for name, _, _, _, _, spec, kind in ROWS:
        key = name.replace(" ", "_")
        v = int(sim[key][0]) / 100.0
        f = int(fpga[key][0]) / 100.0
        o = int(old[key][0]) / 100.0
        diff = (v - spec) / spec * 100
        odiff = (o - spec) / spec * 100
        limit = {"scalar": 5.0, "calib": 3.0}.get(kind)
        verdict = "within %.0f %%" % limit if limit else "reported (older design)"
        if limit:
            check(abs(diff) <= limit, "%s: model %.2f, published %g (%+.1f %%, limit %.0f %%)" % (name, v, spec, diff, limit))
            verdict = ("ok, " if abs(diff) <= limit else "FAIL, ") + verdict
        else:
            print("info %s: model %.2f, published %g (%+.1f %%, older design)" % (name, v, spec, diff))
            # the same mechanisms with the older design's transfer widths reproduce the RTL row
            check(abs(odiff) <= 10.0, "%s with the older design's parameters: %.2f, RTL %g (%+.1f %%, limit 10 %%)"
                  % (name, o, spec, odiff))
        extra = "" if kind != "calib" or "24" not in name else " (board: %g)" % FPGA_LOOP
        ocol = ("%.2f" % o, "%+.1f %%" % odiff) if kind == "vector" else ("", "")
        lines.append("| %s | %g | %.2f | %+.1f %% | %s | %s | %.2f%s | %s |" % (name, spec, v, diff, ocol[0], ocol[1], f, extra, verdict))
    ka = int(sim["vkeccak_alone"][0]) / 100.0
    print("info vkeccak.vi alone between two cycle reads: model %.0f, published 135 (older design)" % ka)
    ko = int(old["vkeccak_alone"][0]) / 100.0
    check(abs(ko - 135) <= 135 * 0.05, "vkeccak.vi alone with the older design's parameters: %.0f, RTL 135" % ko)
    lines.append("| vkeccak.vi alone between two cycle reads | 135 | %.0f | %+.1f %% | %.0f | %+.1f %% | %.0f | reported (older design) |"
                 % (ka, (ka - 135) / 1.35, ko, (ko - 135) / 1.35, int(fpga["vkeccak_alone"][0]) / 100.0))
    eng = float(sim_stats.get("keccak-engine-cycles-per-permutation-24", "0"))
    check(abs(eng - 25) <= 25 * 0.03, "Keccak engine per vkeccak.vi (24 rounds): %.2f cycles, published 25" % eng)
    eng12 = float(sim_stats.get("keccak-engine-cycles-per-permutation-12", "0"))
    check(eng12 == 13, "Keccak engine per vkeccak.vi (12 rounds): %.2f cycles, nr + 1 = 13 (§2)" % eng12)
    for k, spec in PERM.items():
        c, n = int(sim[k][0]), int(sim[k][1])
        cpi = c / n
        check(abs(cpi - spec) / spec <= 0.10 and 3.5 <= cpi <= 4.5,
              "%s: %d cycles / %d instructions = CPI %.2f (§4a: %.2f, limit 10 %% and 3.5..4.5)" % (k, c, n, cpi, spec))
        lines.append("| C Keccak-f[1600], %s, rv64gc: CPI | %.2f | %.2f (%d / %d) | %+.1f %% | | | %.2f | within 10 %% |"
                     % (k.split("_")[1], spec, cpi, c, n, (cpi - spec) / spec * 100, int(fpga[k][0]) / int(fpga[k][1])))
    kc = sim["keccak_check"]
    check(int(kc[0], 16) == KNOWN_A0 and kc[1] == "1", "both C permutations give the known answer of A[i] = i")
    if a.table:
        open(a.table, "w").write("\n".join(lines) + "\n")
    print("\n".join(lines))
    os.makedirs(os.path.dirname(a.results), exist_ok=True)
    open(a.results, "w").write("timing-calibration\n%d passed, %d failed\n" % (passed, failed))
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
