#!/usr/bin/env python3
"""The cycle model never changes what a program does (issue 8): programs that do not read time
give the same stdout, exit status and retired-instruction count with --model=none,
--model=karu64-sim and --model=karu64-fpga; and a modelled run repeated gives the same cycle
count. And the model's two ways of timing a block agree: a run with the profiler attached (which
takes the per-instruction loop, as the profiler needs each instruction's cycles) gives the same
cycles, causes and events as one without (which times whole blocks from their summaries,
doc/cycle-model.md, Speed). Programs: the differential corpus (tests/diff, built rv64gc) and the guest cryptography
(kpqc of the rv64gc, vintr_k and vintr_kr builds: SHA-3, SHAKE, ML-KEM, ML-DSA).
The reference is the functional run (--model=none), itself checked against QEMU by
check-diff-corpus and against the known-answer vectors by check-sw-karu64."""
import argparse, concurrent.futures as cf, os, shlex, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import harness  # noqa: E402

DIFF = os.path.join(os.path.dirname(HERE), "diff")
# corpus programs that read a clock (their output or control flow may depend on time).
# sys_file reads one through glibc: mkstemp draws its name from CLOCK_MONOTONIC (getrandom only
# for mktemp), and its rejection step retries for about 1 clock value in 22.
READS_TIME = {"sys_misc", "sys_edge", "sys_file"}
ARGS = ["alpha", "two words"]
SEED_D = "00" * 32
SEED_Z = "11" * 32
XI = "22" * 32


def run(karu64, model, prog, args, extra=()):
    """(stdout, exit status, instructions, cycles, the timing statistics); a run that hangs or
    cannot start has status None and no statistics, so its case fails."""
    cmd = [karu64, "--model=" + model, "--stats"] + list(extra) + [prog] + args
    o = harness.run(cmd, timeout=600, env={"LC_ALL": "C"})
    st = dict(l.split(": ", 1) for l in o.err_text().splitlines() if ": " in l) if o.status is not None else {}
    timing = {k: v for k, v in st.items() if k not in ("seconds", "mips")}
    return o.out or b"", o.status, st.get("instructions"), st.get("cycles"), timing


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cc", required=True)
    ap.add_argument("--karu64", required=True)
    ap.add_argument("--sw", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--results", required=True)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    cases = []
    for src in sorted(os.listdir(DIFF)):
        if not src.endswith(".c") or src[:-2] in READS_TIME:
            continue
        elf = os.path.join(a.out, src[:-2])
        cmd = shlex.split(a.cc) + ["-O2", "-march=rv64gc", "-I" + DIFF, os.path.join(DIFF, src), "-o", elf, "-lm"]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode:
            sys.exit("invariance: build failed: %s\n%s" % (" ".join(cmd), r.stderr))
        cases.append((src[:-2], elf, ARGS))
    for build in ["rv64gc", "vintr_k", "vintr_kr"]:
        k = os.path.join(a.sw, build, "kpqc")
        cases += [
            ("%s sha3-256" % build, k, ["sha3-256", "616263"]),
            ("%s shake128" % build, k, ["shake128", "00" * 200, "500"]),
            ("%s ml-kem-768 keygen" % build, k, ["ml-kem-768", "keygen", SEED_D, SEED_Z]),
            ("%s ml-dsa-44 keygen" % build, k, ["ml-dsa-44", "keygen", XI]),
        ]
    passed = failed = 0

    def one(case):
        name, prog, args = case
        ref = run(a.karu64, "none", prog, args)
        sim = run(a.karu64, "karu64-sim", prog, args)
        fpga = run(a.karu64, "karu64-fpga", prog, args)
        fpga2 = run(a.karu64, "karu64-fpga", prog, args, ["--profile=" + os.devnull])
        same = all(x[:3] == ref[:3] for x in (sim, fpga))
        # repeated, and timed per instruction (fpga2, profiled) as by block summaries (fpga)
        repeat = fpga2[4] == fpga[4] and fpga[3] is not None
        return name, ref, sim, fpga, same, repeat

    with cf.ThreadPoolExecutor(max_workers=2) as ex:
        for name, ref, sim, fpga, same, repeat in ex.map(one, cases):
            ok = same and repeat and ref[2] is not None
            if ok:
                passed += 1
                print("PASS %s: status %d, %s instructions, %d output bytes; cycles sim %s, fpga %s (repeatable, "
                      "the same per instruction)"
                      % (name, ref[1], ref[2], len(ref[0]), sim[3], fpga[3]))
            else:
                failed += 1
                print("FAIL %s: none %r, sim %r, fpga %r; repeatable and the same per instruction %s" % (
                    name, (ref[1], ref[2], len(ref[0])), (sim[1], sim[2], len(sim[0])),
                    (fpga[1], fpga[2], len(fpga[0])), repeat))
    with open(a.results, "w") as f:
        f.write("timing-invariance\n%d passed, %d failed\n" % (passed, failed))
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
