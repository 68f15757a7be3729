#!/usr/bin/env python3
"""`make report`: the Karu64 evaluation (issue 9, ../shared/spec/karu64.md §5).

Expands the experiments of eval/experiments.py into independent simulations, runs them on all
cores with a progress display, and writes OUT/: REPORT.md, one CSV per table, report.json and
gnuplot PNG plots. Every number comes from this run: rdcycle/rdinstret read by eval/kbench.c
around each measured call under `karu64 --model=...`, the per-function profile (--profile,
--profile-folded) for the cycles inside the permutation, --stats-json for vkeccak.vi counts and
cycles by cause, and tests/timing/calib.py (imported) for the calibration points of §4."""
import argparse, concurrent.futures, csv, datetime, json, os, platform, resource, shutil, subprocess, sys, time

sys.dont_write_bytecode = True     # no __pycache__ in the source tree
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "tests", "timing"))
import experiments as X  # noqa: E402

JOB_TIMEOUT = 1800


def fail(msg):
    sys.exit("report: error: " + msg)


# ---- jobs --------------------------------------------------------------------------------------

class Job:
    def __init__(self, exp, config, build, alg, args, weight, profile=False, stats=True, tag=""):
        self.exp, self.config, self.build, self.alg, self.args = exp, config, build, alg, args
        self.weight, self.profile, self.stats, self.tag = weight, profile, stats, tag
        self.result = None
        self.seconds = 0.0          # wall clock when it finished (report.json only)

    @property
    def name(self):
        return "/".join(x for x in (self.exp, self.config, self.build, self.alg, self.tag) if x)


def expand(quick, sets=()):
    """Every experiment of experiments.py as a list of Jobs."""
    jobs = []
    for e in X.EXPERIMENTS:
        fams = X.families(quick, e["name"], sets) if "families" in e else []
        for cfg in X.CONFIGS:
            if e["kind"] == "micro":
                for b in e["builds"]:
                    jobs.append(Job("micro", cfg, b, "", ["micro"], 2))
            elif e["kind"] == "shake":
                for b in e["builds"]:
                    jobs.append(Job("shake", cfg, b, "", ["shake"], 30 if b in X.SOFTWARE_KECCAK else 1))
            elif e["kind"] == "pqc":
                for f in fams:
                    for s in f["sets"]:
                        for b in e["builds"]:
                            w = X.cost(f, s) * f["reps"] * (4 if b in X.SOFTWARE_KECCAK else 1)
                            jobs.append(Job("pqc", cfg, b, s, ["pqc", s, str(f["reps"])], w, profile=True))
            elif e["kind"] == "one":
                for f in fams:
                    for s in f["sets"]:
                        for op in X.ops(f, s):
                            for b in e["builds"]:
                                w = X.cost(f, s) * (2 if b in X.SOFTWARE_KECCAK else 1)
                                for skip in (False, True):
                                    jobs.append(Job("breakdown", cfg, b, s, ["one", s, op] + (["--skip"] if skip else []),
                                                    w, tag=op + ("-skip" if skip else "")))
            elif e["kind"] == "integrations":
                for b in e["builds"]:
                    sw = b == X.INTEGRATION_BASE
                    jobs.append(Job("integrations", cfg, b, "", ["micro"], 2, tag="micro"))
                    jobs.append(Job("integrations", cfg, b, "", ["oneshot"], 20 if sw else 2, tag="oneshot"))
                    for s in e["sets"]:
                        f = next(g for g in X.FAMILIES if s in g["sets"])
                        w = X.cost(f, s) * f["quick_reps"] * (4 if sw else 1)
                        jobs.append(Job("integrations", cfg, b, s, ["pqc", s, str(f["quick_reps"])], w))
    jobs.append(Job("calibration", "", "", "", [], 3, stats=False))
    return jobs


def run_job(job, a, tmp):
    """Runs one simulation; returns the parsed result (dict). Deterministic: fixed argv[0]
    ("./kbench", run from the build's folder), --clear-env, fixed arguments."""
    if job.exp == "calibration":
        return run_calibration(a, tmp)
    base = os.path.join(tmp, job.name.replace("/", "_"))
    cmd = [os.path.abspath(a.karu64), "--clear-env", "--model=" + job.config]
    if job.stats:
        cmd.append("--stats-json=" + base + ".json")
    if job.profile:
        cmd += ["--profile=" + base + ".prof", "--profile-folded=" + base + ".folded"]
    cmd += X.build_options(job.build) + ["./kbench"] + job.args
    cwd = os.path.join(a.kbench_dir, job.build)
    r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=JOB_TIMEOUT)
    shown = "cd %s && %s" % (os.path.relpath(cwd, ROOT), " ".join(os.path.relpath(c, cwd) if c.startswith("/") else c for c in cmd))
    if r.returncode:
        raise RuntimeError("%s exited %d: %s" % (shown, r.returncode, (r.stderr or r.stdout).strip()[-500:]))
    res = {"command": "cd %s && %s %s" % (os.path.relpath(cwd), os.path.relpath(cmd[0], os.path.abspath(cwd)), " ".join(
               c for c in cmd[1:] if not c.startswith(("--stats-json", "--profile")))),
           "lines": [l.split() for l in r.stdout.splitlines() if l.strip()]}
    if job.stats:
        res["stats"] = json.load(open(base + ".json"))
    if job.profile:
        res["profile_calls"] = profile_calls(base + ".prof")
        res["folded"] = open(base + ".folded").read()
    return res


def profile_calls(path):
    """calls per function from the --profile table (last column is the name)."""
    calls = {}
    for line in open(path).read().splitlines()[1:]:
        f = line.split()
        if len(f) >= 8 and f[-1] != "[total]":
            calls[f[-1]] = int(f[6])
    return calls


def run_calibration(a, tmp):
    """The calibration points of §4, measured by tests/timing/calib.py's own program."""
    import calib
    out = os.path.join(tmp, "calib")
    elf = calib.build(a.bare_cc, out)
    res = {}
    for cfg in X.CONFIGS:
        rows, stats = calib.run(a.karu64, elf, cfg)
        res[cfg] = {
            "rolled_24": int(rows["rolled_vkeccak.vi_loop,_24_rounds"][0]) / 100.0,
            "rolled_12": int(rows["rolled_vkeccak.vi_loop,_12_rounds"][0]) / 100.0,
            "points": {key: int(rows["%s_0@16" % key][0]) / 16.0 for key, _, conf, _, _, _ in calib.POINTS},
            "engine_24": float(stats.get("keccak-engine-cycles-per-permutation-24", "0")),
            "keccak_unrolled": [int(x) for x in rows["keccak_unrolled"]],
            "keccak_compact": [int(x) for x in rows["keccak_compact"]],
        }
    res["command"] = "python3 tests/timing/calib.py (its build() and run(): bare metal, --bare --model=CONFIG --stats)"
    return res


# The five calibration points of §4 (tests/timing/calib.py's POINTS): what each is, and its
# derivation term by term with the default parameters (doc/cycle-model.md derives each).
CALIB_HARNESS = {"unrolled": "16 steps between two cycle reads, per step",
                 "rolled": "rolled loop, best of 21 at 16 blocks, per block"}
CALIB_TEXT = {
    "vkeccak_unrolled_24": ("16 x `vkeccak.vi v0, 0` back to back, 24 rounds",
                            "(1 + 16 x (issue 2 + 8 fills x 3 + handshake 3 + engine 25 + write-back 24 = 78)) / 16"),
    "vkeccak_unrolled_12": ("the same, 12 rounds", "(1 + 16 x (2 + 24 + 3 + 13 + 24 = 66)) / 16"),
    "shake128_absorb_unrolled": ("SHAKE128 absorb step (vle64 vl=21 m8; vxor.vv; vkeccak.vi; c.add)",
                                 "vle64 79 (issue 2 + 6 fills x 3 + 11 writes + 11 granules x 4 + page 3 + 1) + vxor 57 "
                                 "(2 + 11 granules x 5) + vkeccak.vi 78 + c.add 1 + fetch 1.3"),
    "resident_rolled": ("resident permutation, rolled loop (vkeccak.vi; addi; bnez)",
                        "16 x (taken branch 8 + vkeccak.vi 78 + addi->bnez 1) (entry 1 and exit 7 replace one branch)"),
    "load_permute_store_rolled": ("load-permute-store loop (vle64 m8 vl=25; vkeccak.vi; vse64; addi; bnez)",
                                  "taken 8 + vle64 92 (2 + 1 + 7 fills x 3 + page 3 + 13 x 4 + 13) + vkeccak.vi 78 + "
                                  "vse64 222 (2 + 1 + 21 + 3 + 13 granules x (8 + DDR write 7)) + addi 1"),
}


# ---- progress ----------------------------------------------------------------------------------

class Progress:
    """i of n, the experiment/config/build/algorithm just finished, elapsed time and an estimate
    of what is left (from the jobs' weights): a bar redrawn every second on a terminal, one plain
    line per finished simulation otherwise."""

    def __init__(self, jobs):
        self.total = sum(j.weight for j in jobs)
        self.n, self.done_w, self.i = len(jobs), 0, 0
        self.t0 = time.time()
        self.tty = sys.stdout.isatty()
        self.last = "starting"

    def line(self):
        el = time.time() - self.t0
        left = "~" + fmt_t(el / self.done_w * (self.total - self.done_w)) if self.done_w else "?"
        return "[%d/%d] %s  elapsed %s  left %s" % (self.i, self.n, self.last, fmt_t(el), left)

    def redraw(self):
        width = 30
        fill = int(width * self.done_w / self.total)
        sys.stdout.write("\r\033[K[%s%s] %s" % ("#" * fill, "." * (width - fill), self.line()))
        sys.stdout.flush()

    def finished(self, job):
        self.i += 1
        self.done_w += job.weight
        self.last = job.name
        if self.tty:
            self.redraw()
            if self.i == self.n:
                sys.stdout.write("\n")
        else:
            sys.stdout.write("report: " + self.line() + "\n")
        sys.stdout.flush()


def fmt_t(s):
    return "%d:%02d" % (s // 60, s % 60)


def run_all(jobs, a, tmp):
    prog = Progress(jobs)
    workers = a.jobs or os.cpu_count() or 1
    order = sorted(jobs, key=lambda j: -j.weight)      # longest first: the pool ends together
    errors = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as pool:
        futs = {pool.submit(run_job, j, a, tmp): j for j in order}
        pending = set(futs)
        while pending:
            done, pending = concurrent.futures.wait(pending, timeout=1.0, return_when=concurrent.futures.FIRST_COMPLETED)
            for fu in done:
                j = futs[fu]
                try:
                    j.result = fu.result()
                    j.seconds = time.time() - prog.t0
                except Exception as ex:               # reported after the run, all at once
                    errors.append("%s: %s" % (j.name, ex))
                prog.finished(j)
            if prog.tty and pending:
                prog.redraw()
    if errors:
        fail("%d simulation(s) failed, the first: %s" % (len(errors), " | ".join(sorted(errors)[:3])))
    return workers


# ---- tables ------------------------------------------------------------------------------------

def lines_dict(res):
    return {l[0]: l[1:] for l in res["lines"]}


def keccak_frames(build):
    return {"keccak_p1600_permute"} | ({"keccak_absorb_blocks", "keccak_squeeze_blocks"} if build in X.RESIDENT else set())


def folded_keccak(folded, frame, kset):
    """(cycles of frame, cycles inside the permutation under frame): sums over the folded
    stacks through frame; a stack counts as permutation from the first Keccak function on."""
    tot = kec = 0
    for line in folded.splitlines():
        stack, _, n = line.rpartition(" ")
        fr = stack.split(";")
        if frame not in fr:
            continue
        n = int(n)
        tot += n
        if any(f in kset for f in fr[fr.index(frame) + 1:]):
            kec += n
    return tot, kec


def build_tables(jobs, quick, sets=()):
    by = {}
    for j in jobs:
        by[(j.exp, j.config, j.build, j.alg, j.tag)] = j.result
    T = {k: [] for k in X.HEADERS}
    fams = X.families(quick, "pqc", sets)
    extra = {"pqc": {}, "checks": []}
    for cfg in X.CONFIGS:
        # permutation.csv
        wr = by[("micro", cfg, X.WRAPPER_BUILD, "", "")]
        w = lines_dict(wr)
        vk = wr["stats"]["vkeccak"]
        T["permutation.csv"].append([cfg, "engine", "%.2f" % (vk["engine_cycles_24"] / vk["permutations_24"]), "1"])
        # the published harnesses (§4): karu64-sim 16 unrolled steps, karu64-fpga the rolled loop
        hw = {l[1]: l for l in wr["lines"] if l[0] == "harness"}
        for k in ("resident_24", "resident_12", "load_permute_store"):
            h = hw[k]
            T["permutation.csv"].append([cfg, k, h[3] if cfg == "karu64-sim" else h[4], h[5]])
        T["permutation.csv"].append([cfg, "wrapper_call", w["permute"][0], w["permute"][1]])
        for b in X.SOFTWARE_KECCAK:
            m = lines_dict(by[("micro", cfg, b, "", "")])
            T["permutation.csv"].append([cfg, "software_" + b, m["permute"][0], m["permute"][1]])
        # ntt.csv
        for b in X.BUILDS:
            m = lines_dict(by[("micro", cfg, b, "", "")])
            for s in X.NTT_SCHEMES:
                T["ntt.csv"].append([cfg, s, b, m["ntt_" + s.lower()][0]])
        # shake.csv
        for b in X.experiment("shake")["builds"]:
            for l in by[("shake", cfg, b, "", "")]["lines"]:
                if l[0] == "shake":   # the C sponge loops; in the resident build "as called from C"
                    T["shake.csv"].append([cfg, X.SHAKE_BUILD_NAMES.get(b, b) + ("_c" if b in X.RESIDENT else ""),
                                           l[1], l[2], l[3], "%.2f" % (int(l[4]) / int(l[3]))])
                elif l[0] == "harness":   # the published harnesses (§5), as the permutation rows
                    op, rate = l[1].split("_")
                    T["shake.csv"].append([cfg, X.SHAKE_BUILD_NAMES.get(b, b), op, rate, l[2],
                                           l[3] if cfg == "karu64-sim" else l[4]])
        # pqc.csv
        for f in fams:
            for s in f["sets"]:
                for b in X.BUILDS:
                    res = by[("pqc", cfg, b, s, "")]
                    for l in res["lines"]:
                        if l[0] != "op":
                            continue
                        op, n, cyc, ins, calls = l[2], int(l[3]), int(l[4]), int(l[5]), int(l[6])
                        _, kec = folded_keccak(res["folded"], f["frame"] + op, keccak_frames(b))
                        row = [cfg, X.display(s), op, b, "%.3f" % (cyc / n / 1000), "%.1f" % (ins / n),
                               "%.2f" % (calls / n), "%.3f" % (kec / n / 1000)]
                        T["pqc.csv"].append(row)
                        extra["pqc"][(cfg, s, op, b)] = dict(kcycles=cyc / n / 1000, keccak_kcycles=kec / n / 1000,
                                                             calls=calls / n, family=f["family"])
                    # consistency of the counters and the profile (report.json; eval/check.py checks)
                    tk = int(lines_dict(res)["total_keccak_calls"][0])
                    vkc = res["stats"]["vkeccak"]
                    extra["checks"].append(dict(config=cfg, build=b, alg=s, total_keccak_calls=tk,
                                                vkeccak=vkc["permutations_24"] + vkc["permutations_12"],
                                                profile_permute_calls=res["profile_calls"].get("keccak_p1600_permute", 0)))
        # amdahl.csv
        perm = {r[1]: float(r[2]) for r in T["permutation.csv"] if r[0] == cfg}
        sp = perm["software_vintr"] / perm["wrapper_call"]
        for f in fams:
            for s in f["sets"]:
                for op in X.ops(f, s):
                    v, k = extra["pqc"][(cfg, s, op, "vintr")], extra["pqc"][(cfg, s, op, "vintr_k")]
                    share = v["keccak_kcycles"] / v["kcycles"]
                    pred = 1 / ((1 - share) + share / sp)
                    T["amdahl.csv"].append([cfg, X.display(s), op, "%.4f" % share, "%.2f" % sp, "%.3f" % pred,
                                            "%.3f" % (v["kcycles"] / k["kcycles"])])
        # breakdown.csv
        for f in X.families(quick, "breakdown", sets):
            for s in f["sets"]:
                for op in X.ops(f, s):
                    for b in X.experiment("breakdown")["builds"]:
                        on = by[("breakdown", cfg, b, s, op)]["stats"]["cycles_by_cause"]
                        off = by[("breakdown", cfg, b, s, op + "-skip")]["stats"]["cycles_by_cause"]
                        for cause in on:
                            T["breakdown.csv"].append([cfg, X.display(s), op, b, cause, "%.3f" % ((on[cause] - off[cause]) / 1000)])
        # integrations.csv (issue 11)
        e = X.experiment("integrations")
        base = None
        for label, b, _ in X.INTEGRATIONS:
            perm = lines_dict(by[("integrations", cfg, b, "", "micro")])["permute"]
            one = {int(l[3]): int(l[4]) for l in by[("integrations", cfg, b, "", "oneshot")]["lines"] if l[0] == "oneshot"}
            e2e = []
            for s in e["sets"]:
                e2e.append({l[2]: int(l[4]) / int(l[3]) for l in by[("integrations", cfg, b, s, "")]["lines"] if l[0] == "op"})
            cur = dict(perm=float(perm[0]), one=one[max(X.ONESHOT_BLOCKS)] / max(X.ONESHOT_BLOCKS), e2e=e2e)
            if b == X.INTEGRATION_BASE:
                base = cur
            mean = lambda k: sum(base["e2e"][k][op] / cur["e2e"][k][op] for op in cur["e2e"][k]) / len(cur["e2e"][k])
            T["integrations.csv"].append([cfg, label, b, perm[0], perm[1], "%.2f" % cur["one"], "%.2f" % (base["one"] / cur["one"]),
                                          "%.2f" % (base["perm"] / cur["perm"]), "%.3f" % mean(0), "%.3f" % mean(1)])
    return T, extra


# ---- REPORT.md ---------------------------------------------------------------------------------

def md_table(header, rows, align=None):
    out = ["| " + " | ".join(header) + " |",
           "|" + "|".join(("---:" if (align or "l" + "r" * 99)[i] == "r" else "---") for i in range(len(header))) + "|"]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(out)


def speedups(extra, fams, cfg):
    """rows of per-operation ratios and the per-family means (arithmetic mean of all of the
    family's per-operation ratios: nine for ML-KEM and ML-DSA, as the paper defines it)."""
    P = extra["pqc"]
    rows, means = [], []
    for f in fams:
        acc = {r[0]: [] for r in X.RATIOS}
        for s in f["sets"]:
            for op in X.ops(f, s):
                row = [X.display(s), op]
                for name, num, den in X.RATIOS:
                    q = P[(cfg, s, op, num)]["kcycles"] / P[(cfg, s, op, den)]["kcycles"]
                    acc[name].append(q)
                    row.append("%.2f" % q)
                rows.append(row)
        means.append([f["family"], str(len(acc[X.RATIOS[0][0]]))] + ["%.2f" % (sum(v) / len(v)) for v in acc.values()])
    return rows, means


def ntt_rows(T, cfg):
    """build, then one NTT's cycles per scheme (ntt.csv of cfg)."""
    return [[b] + [r[3] for s in X.NTT_SCHEMES for r in T["ntt.csv"] if r[0] == cfg and r[1] == s and r[2] == b]
            for b in X.BUILDS]


def breakdown_causes(T):
    """The causes of breakdown.csv, in their first order."""
    causes = []
    for r in T["breakdown.csv"]:
        if r[4] not in causes:
            causes.append(r[4])
    return causes


def shake_gains(T, cfg):
    rows = {}
    for r in T["shake.csv"]:
        if r[0] == cfg:
            rows[(r[1], r[2], r[3], r[4])] = float(r[5])
    out = []
    for op in X.SHAKE_OPS:
        for rate in X.SHAKE_RATES:
            for bl in X.SHAKE_BLOCKS:
                k = rows[("vkeccak_resident", op, str(rate), str(bl))]
                out.append(["SHAKE%d %s" % (128 if rate == 168 else 256, op), str(rate), str(bl), "%.1f" % k] +
                           ["%.1f" % (rows[(b, op, str(rate), str(bl))] / k) for b in X.SOFTWARE_KECCAK[:3]])
    return out


def fixed_inputs_note(fams):
    """What the sets measured on fewer operations (experiments.py set_ops) take as inputs."""
    short = [(f, s) for f in fams for s in f["sets"] if X.ops(f, s) != f["ops"]]
    if not short:
        return ""
    return ("; %s: %s only, keygen from the seeds of an ACVP keyGen case (its public key checked in the guest), verify "
            "of a signature the host build made beforehand (`eval/slhdsa_vector.py`: one signature costs about 10^10 "
            "instructions per build)" % (", ".join(X.display(s) for _, s in short), " and ".join(X.ops(*short[0]))))


def write_report(out, T, extra, jobs, meta, fams, plots):
    L = []
    w = L.append
    w("# Karu64 evaluation: what vkeccak.vi buys post-quantum cryptography")
    w("")
    w("Produced by `%s` on %s (%s, %d cores, %d simulations in parallel); the whole report took %s. "
      "Every number below was measured in this run on karu64's cycle model; the CSV files beside this "
      "page hold every table, `report.json` everything in one file. The simulations used %.0f s of CPU time "
      "(load average %.1f at the end%s)." % (meta["command"], meta["date"], meta["host"], meta["cores"], meta["workers"],
                                           meta["duration"], meta["cpu_seconds"], meta["load"],
                                           ": other work shared the machine" if meta["load"] > 1.5 * meta["cores"] else ""))
    w("")
    w("The question (`../shared/spec/karu64.md` §5): after operand movement and integration, what does a "
      "whole-permutation Keccak instruction buy post-quantum cryptography? Each operation is timed inside a guest "
      "benchmark program (`eval/kbench.c`) with `rdcycle`/`rdinstret` around each call, over deterministic seeded "
      "inputs that differ from operation to operation and are the same in every build, and the mean is reported. "
      "The cycles inside the permutation come from karu64's function profile (`--profile-folded`) of "
      "`keccak_p1600_permute` and, in vintr_kr, the resident routines `keccak_absorb_blocks`/`keccak_squeeze_blocks`; "
      "all are out of line (the profile's call counts are checked against the guest's permutation counter).")
    w("")
    if meta["quick"]:
        w("**QUICK=1: the reduced set** (one parameter set per family, fewer repetitions%s); `make report` runs all."
          % ("; with SETS: also " + ", ".join(X.display(x) for x in meta["sets"]) if meta["sets"] else ""))
        w("")
    elif meta["sets"]:
        w("**SETS: only %s** in the post-quantum tables; `make report` runs all." % ", ".join(X.display(x) for x in meta["sets"]))
        w("")
    w("## Headline")
    w("")
    w(headline_md(T, extra, fams))
    w("")
    w("## Configurations, builds, tools")
    w("")
    w("- Simulator: `build/karu64 --clear-env --model=CONFIG` (guest argv fixed, run from the build's folder as "
      "`./kbench`); the two configurations of §3: `karu64-sim` (ideal memory, I-cache off, 1-cycle mul/div) and "
      "`karu64-fpga` (I-cache, DDR4 behind AXI, 4/64-cycle mul/div). Parameters that differ between them "
      "(all others are equal; the full lists are in `report.json`):")
    w("")
    ps = meta["parameters"]
    diff = [k for k in ps[X.CONFIGS[0]] if ps[X.CONFIGS[0]][k] != ps[X.CONFIGS[1]].get(k)]
    w(md_table(["parameter"] + X.CONFIGS, [[k] + [str(ps[c][k]) for c in X.CONFIGS] for k in diff], "lrr"))
    w("")
    w("- Guest builds (`sw/sw.mk`; `eval/kbench.c` is compiled with the same compiler and flags and linked with the "
      "build's libraries), compiler: `%s`:" % meta["compiler"])
    w("")
    w(md_table(["build", "flags"], [[b, "`%s`" % meta["flags"].get(b, "?")] for b in X.BUILDS], "ll"))
    w("")
    w("- Example command lines, one per experiment kind (each also gets `--stats-json=FILE`, and the pqc runs "
      "`--profile=FILE --profile-folded=FILE`; every run of the report is in `report.json`):")
    w("")
    seen = set()
    for j in jobs:
        if j.exp not in seen and j.exp != "calibration":
            seen.add(j.exp)
            w("  - %s: `%s`" % (j.exp, j.result["command"]))
    w("")
    w("## Calibration points (§4) beside the model")
    w("")
    w("Measured with the bare-metal loops of `tests/timing/calib.py` (the same program `make check-timing-calib` "
      "runs), and in Linux user mode by `kbench micro` (permutation table below).")
    w("")
    cal = extra["calibration"]
    import calib
    crow = [["Keccak engine alone, 24 rounds", "engine request to done", "both", "25",
             "%.2f / %.2f" % (cal["karu64-sim"]["engine_24"], cal["karu64-fpga"]["engine_24"]), "%+.1f %%" % (
                 (cal["karu64-sim"]["engine_24"] - 25) / 0.25), "ceil(24 / rounds per cycle) + 1"]]
    for key, spec, conf, kind, _, _ in calib.POINTS:
        v = cal[conf]["points"][key]
        crow.append([CALIB_TEXT[key][0], CALIB_HARNESS[kind], conf, "%g" % spec, "%.2f" % v,
                     "%+.1f %%" % ((v - spec) / spec * 100), CALIB_TEXT[key][1]])
    crow += [["rolled loop `vkeccak.vi v0,0; addi; bnez`, 24 rounds (the old reading of §4, not a published point)",
              "cycles per iteration, 110 - 10 iterations", "karu64-sim / -fpga", "", "%.2f / %.2f" % (
                  cal["karu64-sim"]["rolled_24"], cal["karu64-fpga"]["rolled_24"]), "", "taken branch + vkeccak.vi + word crossing"]]
    crow += [["plain RV64GC C (Keccak-f[1600] %s), cycles per instruction" % k.split("_")[1], "one call, best of 3",
              "karu64-sim", "about 4", "%.2f (%d / %d)" % (cal["karu64-sim"][k][0] / cal["karu64-sim"][k][1],
                                                          cal["karu64-sim"][k][0], cal["karu64-sim"][k][1]), "", "the mechanisms of §4b"]
             for k in ("keccak_unrolled", "keccak_compact")]
    w(md_table(["measurement", "harness as run", "config", "published cycles", "model", "error", "derivation (doc/cycle-model.md)"],
               crow, "lllrrrl"))
    w("")
    for cfg in X.CONFIGS:
        w("## %s" % cfg)
        w("")
        w("### Permutation microbenchmarks (`permutation.csv`)")
        w("")
        w("`engine`: Keccak engine cycles per vkeccak.vi (`--stats-json`); `resident_*`, `load_permute_store`: the "
          "published harnesses of §4 (%s), steps `vkeccak.vi v0,IMM` and `vle64; vkeccak.vi; vse64`, the region 8-byte "
          "aligned, cycles per step; `wrapper_call`: one C call of the memory-to-memory wrapper "
          "`keccak_p1600_permute` (vintr_k); `software_<build>`: one call of the C Keccak-f[1600] in that build. Calls: mean "
          "of 16 after one warm-up, less the empty timed region (%s cycles)." % (
              "16 steps written out between two cycle reads" if cfg == "karu64-sim" else
              "a rolled loop (`addi; bnez`) over warmed input, best of 21 runs of 16 steps",
              lines_dict(next(j for j in jobs if j.exp == "micro" and j.config == cfg).result)["overhead"][0]))
        w("")
        w(md_table(["benchmark", "cycles", "instructions"], [r[1:] for r in T["permutation.csv"] if r[0] == cfg], "lrr"))
        w("")
        w("### SHAKE throughput (`shake.csv`)")
        w("")
        w("Cycles per rate block: C sponge loops (XOR of the block, then the C permutation inlined into the loop; "
          "squeeze: permute, copy out; best of 3, state zeroed each run) in the software builds vs `vkeccak_resident`, "
          "the published harness of §5 with the state in v0..v7 (%s; absorb step `vle64.v v8` at vl = rate/8, "
          "`vxor.vv v0, v0, v8`, `vkeccak.vi`, `c.add`; squeeze step `vse64.v v0`, `vkeccak.vi`, `c.add`). "
          "`vkeccak_resident_c` in shake.csv: the same state-resident work as called from C (vintr_kr's "
          "`keccak_absorb_blocks`/`keccak_squeeze_blocks`). Gain = software cycles / resident cycles." % (
              "the steps written out between two cycle reads, best of 3" if cfg == "karu64-sim" else
              "a rolled loop over warmed input, best of 21 runs at 16 blocks and of 7 at 256"))
        w("")
        w(md_table(["operation", "rate", "blocks", "vkeccak_resident"] + ["gain over %s" % b for b in X.SOFTWARE_KECCAK[:3]],
                   shake_gains(T, cfg), "lrrrrrr"))
        w("")
        w("![cycles per SHAKE block](shake-%s.png)" % cfg)
        w("")
        w("### Post-quantum operations (`pqc.csv`)")
        w("")
        w("Thousands of cycles per operation (mean of %s), n_f = Keccak-p calls per operation (the guest's counter). "
          "Inputs: keygen seeds, then encaps/sign on those keys (32-byte messages, hedged signing with seeded "
          "randomness, empty context), then decaps/verify of those results (checked)%s." %
          (", ".join("%d for %s" % (f["reps"], f["family"]) for f in fams), fixed_inputs_note(fams)))
        w("")
        rows = []
        for f in fams:
            for s in f["sets"]:
                for op in X.ops(f, s):
                    rows.append([X.display(s), op] + ["%.1f" % extra["pqc"][(cfg, s, op, b)]["kcycles"] for b in X.BUILDS] +
                                ["%.1f" % extra["pqc"][(cfg, s, op, "rv64gc")]["calls"]])
        w(md_table(["algorithm", "operation"] + X.BUILDS + ["n_f"], rows, "ll" + "r" * 8))
        w("")
        srows, means = speedups(extra, fams, cfg)
        w("Speedups (cycles ratios): each build over rv64gc, then vintr -> vintr_k, vauto -> vauto_k, vintr_k -> vintr_kr.")
        w("")
        w(md_table(["algorithm", "operation"] + [r[0] for r in X.RATIOS], srows, "ll" + "r" * 9))
        w("")
        w("Mean speedup per family: the arithmetic mean of its per-operation ratios (ML-KEM, ML-DSA: nine, as the paper "
          "defines it; later families: all of theirs).")
        w("")
        w(md_table(["family", "ratios"] + [r[0] for r in X.RATIOS], means, "lr" + "r" * 9))
        w("")
        w("![speedup over rv64gc](speedup-%s.png)" % cfg)
        w("")
        w("### Keccak share and Amdahl's law (`amdahl.csv`)")
        w("")
        w("keccak_share: cycles inside the permutation / all cycles of the operation in vintr (profile); "
          "permutation_speedup: software_vintr / wrapper_call cycles (permutation table); predicted = "
          "1 / ((1 - share) + share / permutation_speedup); measured = vintr / vintr_k cycles.")
        w("")
        w(md_table(["algorithm", "operation", "keccak_share", "permutation_speedup", "predicted", "measured"],
                   [r[1:] for r in T["amdahl.csv"] if r[0] == cfg], "llrrrr"))
        w("")
        w("![Keccak share](keccak-share-%s.png)" % cfg)
        w("")
        w("### Forward NTT (`ntt.csv`)")
        w("")
        w("One forward NTT (ML-KEM: `poly_ntt`, ML-DSA: `mldsa_poly_ntt`), cycles, mean of 16 after a warm-up (which "
          "builds the vintr zeta tables), less the empty timed region.")
        w("")
        w(md_table(["build"] + X.NTT_SCHEMES, ntt_rows(T, cfg), "lrr"))
        w("")
        w("![NTT cycles](ntt-%s.png)" % cfg)
        w("")
        w("### Keccak integrations side by side (`integrations.csv`)")
        w("")
        w("The same core, configuration and software with the Keccak layer on each integration (the builds' "
          "permutation backends, `sw/keccak/`; doc/xkround.md, doc/keccak-dma.md): cycles and instructions of one "
          "`keccak_p1600_permute` call as ML-KEM and ML-DSA make it (mean of 16, less the empty timed region; the "
          "sponge device build permutes on the raw device); one-shot SHAKE256 of a %d-block message, cycles per "
          "block (the call the sponge device takes whole; elsewhere the library sponge on the build's permutation); "
          "the speedups over %s of each, and of %s (mean over the operations, %s repetitions)."
          % (max(X.ONESHOT_BLOCKS), X.INTEGRATION_BASE, " and ".join(X.display(x) for x in X.INTEGRATION_SETS),
             "/".join(str(next(f for f in X.FAMILIES if x in f["sets"])["quick_reps"]) for x in X.INTEGRATION_SETS)))
        w("")
        w(md_table(["integration", "build", "cycles/permutation", "instructions/permutation", "SHAKE256 cycles/block",
                    "SHAKE256 speedup", "Keccak-layer speedup"] + ["%s speedup" % X.display(x) for x in X.INTEGRATION_SETS],
                   [r[1:] for r in T["integrations.csv"] if r[0] == cfg], "llrrrrrrr"))
        w("")
        w("The designs' own published figures, measured on other cores with other software (context, not a "
          "validation): " + "; ".join("%s: %s" % p for p in X.PUBLISHED) + ".")
        w("")
        w("![Keccak integrations](integrations-%s.png)" % cfg)
        w("")
        w("### Where the cycles go (`breakdown.csv`)")
        w("")
        w("Cycles by cause (the model's categories; they add up to all cycles) of one operation (repetition 0's "
          "inputs), in thousands: `--stats-json` of a run that does the setup and the operation minus one that does "
          "only the setup (so process start and exit cancel).")
        w("")
        causes = breakdown_causes(T)
        brow = {}
        for r in T["breakdown.csv"]:
            if r[0] == cfg:
                brow.setdefault((r[1], r[2], r[3]), {})[r[4]] = r[5]
        w(md_table(["algorithm", "operation", "build"] + causes + ["total"],
                   [list(k) + [v[c] for c in causes] + ["%.1f" % sum(float(v[c]) for c in causes)] for k, v in brow.items()],
                   "lll" + "r" * (len(causes) + 1)))
        w("")
        w(" ".join("![cycle breakdown, %s](breakdown-%s-%s.png)" % (f["family"], cfg, f["family"])
                   for f in X.families(meta["quick"], "breakdown", meta["sets"])))
        w("")
    if meta.get("openssl_md"):
        w(meta["openssl_md"].strip())
        w("")
    w("## Checks made on these numbers")
    w("")
    w("`make check-report-quick` (in `make check`) runs this report with QUICK=1 and `eval/check.py` checks every CSV "
      "header and expected row, that values are positive, that keccak_calls are identical across builds of an "
      "operation, that software-Keccak builds execute no vkeccak.vi and +K builds one per permutation, that the "
      "profile saw every permutation as a call (out of line), and the calibration points of §4 within 3 %.")
    w("")
    w("## What to keep in mind")
    w("")
    w("- pqc.csv counts the timed region as the guest sees it: the counter reads and the call (about 40-65 cycles, "
      "the `overhead` of `kbench micro`) are included; the permutation and NTT rows subtract them.")
    w("- The breakdown is one operation with repetition 0's inputs, not the mean of pqc.csv: ML-DSA signing "
      "repeats a data-dependent number of rejection rounds, so its totals differ from the means.")
    w("- karu64-fpga has a direct-mapped 4 KiB I-cache: small changes of code layout (another build, another "
      "benchmark binary) move its cycle counts by a per cent or two; karu64-sim has no I-cache.")
    for f in fams:
        if f["family"] not in X.PAPER_FAMILIES:
            w("- %s: %d repetition(s) of %s only (a later family, kept small to bound the report's time)%s."
              % (f["family"], f["reps"], ", ".join(X.display(x) for x in f["sets"]),
                 "" if f["family"] in [g["family"] for g in X.families(meta["quick"], "breakdown", meta["sets"])] else "; not in the breakdown"))
    w("")
    w("Plots: %s (gnuplot)." % ", ".join(plots) if plots else "Plots: none (gnuplot missing).")
    open(os.path.join(out, "REPORT.md"), "w").write("\n".join(L) + "\n")


def headline_md(T, extra, fams):
    rows = []
    for cfg in X.CONFIGS:
        _, means = speedups(extra, fams, cfg)
        idx = [r[0] for r in X.RATIOS].index("vintr->vintr_k") + 2
        idx2 = [r[0] for r in X.RATIOS].index("vintr_k->vintr_kr") + 2
        for m in means:
            rows.append([cfg, m[0], m[idx], m[idx2]])
    t1 = md_table(["config", "family", "mean vintr -> vintr_k", "mean vintr_k -> vintr_kr"], rows, "llrr")
    rows = []
    for cfg in X.CONFIGS:
        g = {(r[0], r[2]): r for r in shake_gains(T, cfg) if r[2] == "256"}
        for (op, _), r in sorted(g.items()):
            rows.append([cfg, op + " (256 blocks)", r[3]] + r[4:])
    t2 = md_table(["config", "SHAKE", "cycles/block, resident vkeccak.vi"] + ["gain over %s" % b for b in X.SOFTWARE_KECCAK[:3]],
                  rows, "llrrrr")
    return t1 + "\n\n" + t2


# ---- plots -------------------------------------------------------------------------------------

PALETTE = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
           "#9c755f", "#bab0ac", "#1f1f1f", "#d37295"]     # twelve distinct colours: one per cause


def gnuplot(out, name, data, script):
    """Writes plots/NAME.dat and runs the gnuplot script; returns NAME.png or None."""
    if not shutil.which("gnuplot"):
        return None
    pd = os.path.join(out, "plots")
    os.makedirs(pd, exist_ok=True)
    dat = os.path.join(pd, name + ".dat")
    open(dat, "w").write(data)
    png = os.path.join(out, name + ".png")
    gp = ("set terminal pngcairo size 1200,560 noenhanced font ',10'\nset output '%s'\nset datafile separator '\\t'\n"
          "set style fill solid 0.85 border -1\nset key outside right top\nset grid ytics\nset xtics rotate by -40\n"
          % (png, )) + "".join("set linetype %d lc rgb '%s'\n" % (i + 1, c) for i, c in enumerate(PALETTE)) + script.replace("DAT", "'%s'" % dat)
    open(os.path.join(pd, name + ".gp"), "w").write(gp)
    r = subprocess.run(["gnuplot"], input=gp, capture_output=True, text=True)
    if r.returncode:
        fail("gnuplot failed for %s: %s" % (name, r.stderr.strip()[-300:]))
    return name + ".png"


def tsv(header, rows):
    return "\t".join(header) + "\n" + "".join("\t".join(str(c) for c in r) + "\n" for r in rows)


def make_plots(out, T, extra, fams, meta_quick, sets=()):
    made = []
    for cfg in X.CONFIGS:
        srows = []
        for f in fams:
            for s in f["sets"]:
                for op in X.ops(f, s):
                    srows.append(["%s %s" % (X.display(s), op)] +
                                 ["%.3f" % (extra["pqc"][(cfg, s, op, "rv64gc")]["kcycles"] / extra["pqc"][(cfg, s, op, b)]["kcycles"])
                                  for b in X.BUILDS[1:]])
        made.append(gnuplot(out, "speedup-" + cfg, tsv(["op"] + X.BUILDS[1:], srows),
                            "set title 'Speedup over rv64gc per operation (%s)'\nset ylabel 'speedup (x)'\n"
                            "set style data histograms\nset style histogram clustered gap 1\nset yrange [0:*]\n"
                            "plot for [i=2:%d] DAT using i:xtic(1) title columnheader(i)\n" % (cfg, len(X.BUILDS))))
        sh = {}
        for r in T["shake.csv"]:
            if r[0] == cfg:
                sh.setdefault("%s r%s %sb" % (r[2], r[3], r[4]), {})[r[1]] = r[5]
        bn = [X.SHAKE_BUILD_NAMES.get(b, b) for b in X.experiment("shake")["builds"]] + \
             [X.SHAKE_BUILD_NAMES[b] + "_c" for b in X.RESIDENT]
        made.append(gnuplot(out, "shake-" + cfg, tsv(["case"] + bn, [[k] + [v[b] for b in bn] for k, v in sh.items()]),
                            "set title 'Cycles per SHAKE block (%s)'\nset ylabel 'cycles per block (log)'\nset logscale y\n"
                            "set style data histograms\nset style histogram clustered gap 1\n"
                            "plot for [i=2:%d] DAT using i:xtic(1) title columnheader(i)\n" % (cfg, len(bn) + 1)))
        krows = [["%s %s" % (r[1], r[2]), "%.4f" % float(r[3]), "%.4f" % (1 - float(r[3]))] for r in T["amdahl.csv"] if r[0] == cfg]
        made.append(gnuplot(out, "keccak-share-" + cfg, tsv(["op", "Keccak", "other"], krows),
                            "set title 'Share of cycles inside the permutation, vintr (%s)'\nset ylabel 'share'\n"
                            "set yrange [0:1]\nset style data histograms\nset style histogram rowstacked\nset boxwidth 0.7\n"
                            "plot DAT using 2:xtic(1) title columnheader(2), '' using 3 title columnheader(3)\n" % cfg))
        made.append(gnuplot(out, "ntt-" + cfg, tsv(["build"] + X.NTT_SCHEMES, ntt_rows(T, cfg)),
                            "set title 'One forward NTT (%s)'\nset ylabel 'cycles'\nset yrange [0:*]\nset style data histograms\n"
                            "set style histogram clustered gap 1\nplot for [i=2:3] DAT using i:xtic(1) title columnheader(i)\n" % cfg))
        irows = [[r[1].split(" (")[0]] + [r[i] for i in (6, 7, 8, 9)] for r in T["integrations.csv"] if r[0] == cfg]
        made.append(gnuplot(out, "integrations-" + cfg,
                            tsv(["integration", "SHAKE256 one-shot", "Keccak layer"] + [X.display(x) for x in X.INTEGRATION_SETS], irows),
                            "set title 'Speedup over %s of each Keccak integration (%s)'\nset ylabel 'speedup (x, log)'\n"
                            "set logscale y\nset style data histograms\nset style histogram clustered gap 1\n"
                            "plot for [i=2:5] DAT using i:xtic(1) title columnheader(i)\n" % (X.INTEGRATION_BASE, cfg)))
        causes = breakdown_causes(T)
        for f in X.families(meta_quick, "breakdown", sets):   # one plot per family: scales differ widely
            brow = {}
            names = [X.display(x) for x in f["sets"]]
            for r in T["breakdown.csv"]:
                if r[0] == cfg and r[1] in names:
                    brow.setdefault("%s %s %s" % (r[1], r[2], r[3]), {})[r[4]] = r[5]
            made.append(gnuplot(out, "breakdown-%s-%s" % (cfg, f["family"]),
                                tsv(["op"] + causes, [[k] + [v[c] for c in causes] for k, v in brow.items()]),
                                "set title 'Cycles by cause of one operation, vintr and vintr_k: %s (%s)'\nset ylabel 'kcycles'\n"
                                "set yrange [0:*]\nset style data histograms\nset style histogram rowstacked\nset boxwidth 0.7\n"
                                "plot for [i=2:%d] DAT using i:xtic(1) title columnheader(i)\n" % (f["family"], cfg, len(causes) + 1)))
    return [m for m in made if m]


# ---- stock OpenSSL (issue 13) -----------------------------------------------------------------

def run_openssl(a, workers, plots):
    """eval/openssl.py into the report's folder (openssl.csv, openssl-stats.csv, openssl.md):
    both models in the full report, karu64-fpga alone (openssl speed -seconds 1) in QUICK=1.
    Returns its section of REPORT.md; adds the plot of its speedups to plots."""
    if not os.access(os.path.join(a.openssl_root, "usr/bin/openssl"), os.X_OK):
        fail("no stock OpenSSL in %s (make setup fetches the Debian 13 riscv64 guest root)" % a.openssl_root)
    configs = ["karu64-fpga"] if a.quick else X.CONFIGS[::-1]
    cmd = [sys.executable, os.path.join(ROOT, "eval/openssl.py"), "--karu64", os.path.abspath(a.karu64),
           "--root", a.openssl_root, "--out", a.out, "--configs", ",".join(configs),
           "--seconds", "1" if a.quick else "3", "--jobs", str(workers)]
    print("report: stock OpenSSL, %s" % ", ".join(configs))
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        fail("eval/openssl.py failed: %s" % (r.stderr or r.stdout).strip()[-400:])
    rows = list(csv.reader(open(os.path.join(a.out, "openssl.csv"))))[1:]
    by = {(c, alg, cap): float(v) for c, alg, cap, v in rows}
    for cfg in configs:
        algs = sorted({alg for c, alg, _ in by if c == cfg})
        png = gnuplot(a.out, "openssl-" + cfg, tsv(["algorithm", "vector over scalar"],
                                                   [[x, "%.2f" % (by[(cfg, x, "vector")] / by[(cfg, x, "scalar")])] for x in algs]),
                      "set title 'Stock OpenSSL: vector-crypto over scalar code (%s)'\nset ylabel 'speedup (x)'\n"
                      "set yrange [0:*]\nset style data histograms\nset boxwidth 0.6\n"
                      "plot DAT using 2:xtic(1) title columnheader(2)\n" % cfg)
        if png:
            plots.append(png)
    md = open(os.path.join(a.out, "openssl.md")).read()
    return md + "\n" + \
        "\n".join("![Stock OpenSSL %s](openssl-%s.png)" % (c, c) for c in configs if "openssl-%s.png" % c in plots)


# ---- main --------------------------------------------------------------------------------------

def compiler_version(cc):
    try:
        r = subprocess.run(cc.split()[:1] + ["--version"], capture_output=True, text=True)
        return r.stdout.splitlines()[0].strip()
    except (OSError, IndexError):
        return "unknown"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--karu64", required=True)
    ap.add_argument("--kbench-dir", required=True, help="folder holding <build>/kbench")
    ap.add_argument("--bare-cc", required=True, help="the bare-metal guest compiler (calibration)")
    ap.add_argument("--guest-cc", default="", help="the Linux guest compiler (for its version)")
    ap.add_argument("--flags-file", default="", help="lines 'build flags...' (from eval/rules.mk)")
    ap.add_argument("--openssl-root", default="", help="the Debian 13 riscv64 guest root: adds the stock-OpenSSL "
                    "table (eval/openssl.py)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--quick", action="store_true", help="the reduced set")
    ap.add_argument("--sets", default="", help="comma-separated parameter sets: with --quick, added to the reduced set; "
                    "without, the only sets of the pqc and breakdown experiments (make report SETS=...)")
    ap.add_argument("--jobs", type=int, default=0, help="parallel simulations (default: all cores)")
    a = ap.parse_args()
    sets = [x for x in a.sets.split(",") if x]
    unknown = [x for x in sets if x not in X.all_sets()]
    if unknown:
        fail("unknown parameter set(s) %s (known: %s)" % (", ".join(unknown), ", ".join(X.all_sets())))
    if not os.access(a.karu64, os.X_OK):
        fail("no simulator at %s (run make)" % a.karu64)
    for b in X.BUILDS:
        if not os.access(os.path.join(a.kbench_dir, b, "kbench"), os.X_OK):
            fail("no benchmark program %s/%s/kbench (run make eval-kbench)" % (a.kbench_dir, b))
    t0 = time.time()
    os.makedirs(a.out, exist_ok=True)
    for f in os.listdir(a.out):                       # nothing stale from an earlier run
        if f.endswith((".png", ".csv", ".md", ".json")):
            os.remove(os.path.join(a.out, f))
    shutil.rmtree(os.path.join(a.out, "plots"), ignore_errors=True)
    tmp = os.path.abspath(os.path.join(a.out, "runs"))
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    jobs = expand(a.quick, sets)
    print("report: %d simulations (%s%s), %s" % (len(jobs), "QUICK=1 reduced set" if a.quick else "full set",
                                                 (" + " if a.quick else " restricted to ") + ",".join(sets) if sets else "",
                                                 ", ".join(e["name"] for e in X.EXPERIMENTS)))
    workers = run_all(jobs, a, tmp)
    fams = X.families(a.quick, "pqc", sets)
    T, extra = build_tables(jobs, a.quick, sets)
    extra["calibration"] = next(j for j in jobs if j.exp == "calibration").result
    for name, rows in T.items():
        with open(os.path.join(a.out, name), "w", newline="") as f:
            f.write(X.HEADERS[name] + "\n")
            csv.writer(f, lineterminator="\n").writerows(rows)
    plots = make_plots(a.out, T, extra, fams, a.quick, sets)
    openssl_md = run_openssl(a, workers, plots) if a.openssl_root else ""
    flags = {}
    if a.flags_file and os.path.exists(a.flags_file):
        for line in open(a.flags_file):
            if line.strip():
                b, _, fl = line.strip().partition(" ")
                flags[b] = "-O3 " + fl
    stats_any = {cfg: next(j for j in jobs if j.exp == "micro" and j.config == cfg).result["stats"]["parameters"] for cfg in X.CONFIGS}
    meta = dict(command="make report" + (" QUICK=1" if a.quick else "") + (" SETS=" + ",".join(sets) if sets else ""),
                quick=a.quick, sets=sets, openssl_md=openssl_md,
                date=datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
                host="%s %s, %s" % (platform.node(), platform.machine(), cpu_name()), cores=os.cpu_count(), workers=workers,
                compiler=compiler_version(a.guest_cc or a.bare_cc), flags=flags, parameters=stats_any,
                duration=fmt_t(time.time() - t0) + " (m:s wall clock, until the tables were written)",
                cpu_seconds=round(cpu_children(), 1), load=os.getloadavg()[0])
    write_report(a.out, T, extra, jobs, meta, fams, plots)
    rep = dict(meta=meta, experiments=X.EXPERIMENTS, families=fams,
               tables={k: dict(header=X.HEADERS[k].split(","), rows=v) for k, v in T.items()},
               checks=extra["checks"], calibration=extra["calibration"],
               runs=[dict(name=j.name, experiment=j.exp, config=j.config, build=j.build, algorithm=j.alg, tag=j.tag,
                          command=(j.result or {}).get("command"), output=(j.result or {}).get("lines"),
                          vkeccak=(j.result or {}).get("stats", {}).get("vkeccak"),
                          cycles=(j.result or {}).get("stats", {}).get("cycles"),
                          finished_after_s=round(j.seconds, 1),
                          cycles_by_cause=(j.result or {}).get("stats", {}).get("cycles_by_cause"))
                     for j in jobs if j.exp != "calibration"])
    json.dump(rep, open(os.path.join(a.out, "report.json"), "w"), indent=1, sort_keys=True)
    shutil.rmtree(tmp, ignore_errors=True)
    print("report: wrote %s/REPORT.md, %d CSV files, report.json, %d plots in %s (simulations: %.0f s CPU)"
          % (a.out, len(T), len(plots), fmt_t(time.time() - t0), cpu_children()))
    print()
    print(headline_md(T, extra, fams))


def cpu_children():
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def cpu_name():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


if __name__ == "__main__":
    main()
