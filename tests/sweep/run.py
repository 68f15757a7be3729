#!/usr/bin/env python3
"""check-sweep: karu64-sweep's tests.

  unit     the sweep-file parser and grid expansion: counts, order, derived parameters, shared
           simulations, bad files refused with one line (CLI exit status 1, one stderr line)
  report   a sweep's default point gives the report's numbers (report.run_job's own run) and
           the spec's engine latency (§2: 24 rounds at one per cycle = nr + 1 = 25 cycles)
  local    tests/sweep/small.toml with --local: run whole; run again, killed in the middle
           (SIGKILL to its process group), rerun: same merged CSV byte for byte; a failing point
  plot     line, heat map, Pareto (formula and the shipped cost table), speedup: PNG and SVG,
           non-empty, axes labelled
  slurm    the same sweep with --slurm on a single-node Slurm (tests/sweep/minislurm.py), waiting
           and with --no-wait + collect: the CSV equals --local's; skipped, and said so in its
           result line, only where the daemons cannot start

Writes RESULTS/sweep.txt and RESULTS/sweep-slurm.txt ("N passed, N failed")."""
import argparse, csv, io, json, os, shutil, signal, subprocess, sys, time

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "eval"))
sys.path.insert(0, HERE)
SWEEP = os.path.join(ROOT, "scripts", "karu64-sweep")
SMALL = os.path.join(HERE, "small.toml")


class Results:
    def __init__(self):
        self.p, self.f, self.lines = 0, 0, []

    def check(self, ok, what, detail=""):
        if ok:
            self.p += 1
            self.lines.append("ok   " + what)
        else:
            self.f += 1
            self.lines.append("FAIL " + what + (": " + detail if detail else ""))
        print(self.lines[-1], flush=True)
        return ok

    def write(self, path, name, note=""):
        open(path, "w").write("%s\n%s\n%d passed, %d failed%s\n" % (name, "\n".join(self.lines), self.p, self.f, note))


def sweep(a, *args, timeout=600):
    return subprocess.run([sys.executable, SWEEP] + list(args) + ([] if args[0] in ("collect", "plot") else
                          ["--karu64", a.karu64, "--kbench-dir", a.kbench_dir]),
                          capture_output=True, text=True, timeout=timeout)


def write(path, text):
    open(path, "w").write(text)
    return path


# ---- unit --------------------------------------------------------------------------------------

WL = '[[workload]]\nkind = "shake"\nbuild = "vintr_kr"\noperation = "absorb"\nrate = 168\nblocks = 16\n'


def unit(a, R):
    import sweep_file as F
    parse = lambda p: F.parse(p, a.karu64, a.kbench_dir)
    sw = parse(SMALL)
    pts = [(p["vlen"], p["keccak_rounds_per_cycle"]) for p in sw["points"]]
    R.check(pts == [(256, 1), (256, 4), (512, 1), (512, 4)], "grid: 2 x 2 points, the last key fastest", str(pts))
    R.check(all(p["mem_read"] == 10 and p["mem_write"] == 7 and p["model"] == "karu64-fpga" for p in sw["points"]),
            "[params] and [derived] (mem_write = mem_read - 3 = 7) in every point")
    R.check(sw["axes"] == ["model", "vlen", "mem_read", "keccak_rounds_per_cycle", "mem_write"], "axes in order", str(sw["axes"]))
    t = F.tasks(sw)
    # per point and repetition: vintr_kr shake (two workloads share it), vintr shake, vintr_k micro, vintr_kr pqc
    R.check(len(t) == 4 * 2 * 4, "tasks: 4 points x 2 repetitions x 4 simulations (shared SHAKE run) = 32", str(len(t)))
    R.check(len({x[0] for x in t}) == len(t), "task ids unique")
    R.check([x[0] for x in t[:2]] == ["p0000.r0.vintr_kr.shake", "p0000.r0.vintr.shake"], "task order", str(t[:2]))
    d = a.work
    g = write(os.path.join(d, "g.toml"), 'repetitions = 3\n[grid]\nmodel = ["karu64-sim", "karu64-fpga"]\n'
              'vlen = [128, 256, 1024]\nmem_read = [1, 5, 10, 20]\n' + WL)
    sw = parse(g)
    R.check(len(sw["points"]) == 24 and len(F.tasks(sw)) == 72, "grid 2 x 3 x 4 = 24 points, x 3 repetitions = 72 simulations",
            "%d %d" % (len(sw["points"]), len(F.tasks(sw))))
    R.check(sw["points"][0] == dict(model="karu64-sim", vlen=128, mem_read=1) and
            sw["points"][5] == dict(model="karu64-sim", vlen=256, mem_read=5) and
            sw["points"][23] == dict(model="karu64-fpga", vlen=1024, mem_read=20), "grid order: model slowest, mem_read fastest")
    p = write(os.path.join(d, "p.toml"), '[grid]\nvlen = [256, 512]\n[[point]]\nvlen = 1024\nmem_read = 40\n'
              '[[point]]\nmodel = "karu64-sim"\n' + WL)
    sw = parse(p)
    R.check([(x["model"], x["vlen"], x.get("mem_read")) for x in sw["points"]] ==
            [("karu64-fpga", 256, None), ("karu64-fpga", 512, None), ("karu64-fpga", 1024, 40), ("karu64-sim", 256, None)],
            "grid then listed points, defaults karu64-fpga and VLEN 256", str(sw["points"]))
    only = parse(write(os.path.join(d, "o.toml"), WL))
    R.check(len(only["points"]) == 1 and only["stats"] == ["cycles", "instructions"], "no grid: one point; stats default cycles, instret")

    bad = [
        ("unknown parameter", "[grid]\nno_such_param = [1, 2]\n" + WL, "unknown parameter 'no_such_param'"),
        ("bad value (string)", "[grid]\nmem_read = [1, \"x\"]\n" + WL, "bad value for mem_read"),
        ("bad value (float)", "[params]\nmem_read = 1.5\n" + WL, "bad value for mem_read"),
        ("bad value (negative)", "[grid]\nmem_read = [-1]\n" + WL, "bad value for mem_read"),
        ("bad VLEN", "[grid]\nvlen = [256, 384]\n" + WL, "bad value for vlen"),
        ("bad model", 'model = "karu64-asic"\n' + WL, "bad value for model"),
        ("missing workload", "[grid]\nvlen = [256]\n", "missing workload"),
        ("missing program", '[[workload]]\nkind = "program"\nprogram = "no/such/prog"\n', "missing workload: no program"),
        ("unknown workload kind", '[[workload]]\nkind = "dhrystone"\n', "bad value for kind"),
        ("operation of another family", '[[workload]]\nkind = "pqc"\nalgorithm = "ml-dsa-44"\noperation = "encaps"\nbuild = "vintr"\n',
         "bad value for operation"),
        ("unknown build", '[[workload]]\nkind = "pqc"\nalgorithm = "ml-kem-512"\noperation = "encaps"\nbuild = "rv32i"\n',
         "bad value for build"),
        ("unknown workload key", WL + "blokcs = 16\n", "unknown key 'blokcs'"),
        ("not TOML", "[grid\nvlen = 1\n", "not TOML"),
        ("unknown top-level key", "grids = 1\n" + WL, "unknown key 'grids'"),
        ("empty list", "[grid]\nvlen = []\n" + WL, "non-empty list"),
        ("same point twice", "[grid]\nvlen = [256]\n[[point]]\nvlen = 256\n" + WL, "same point"),
        ("unknown statistic", 'stats = ["cycles", "wallclock"]\n' + WL, "unknown statistic 'wallclock'"),
        ("formula with a call", '[derived]\nmem_write = "__import__(\'os\').getpid()"\n' + WL, "bad formula"),
        ("formula over an unset name", '[derived]\nmem_write = "mem_read - 2"\n' + WL, "mem_read not set in every point"),
        ("repetitions 0", "repetitions = 0\n" + WL, "repetitions"),
    ]
    for what, text, want in bad:
        path = write(os.path.join(d, "bad.toml"), text)
        r = sweep(a, "check", path)
        lines = r.stderr.strip().splitlines()
        R.check(r.returncode == 1 and len(lines) == 1 and want in lines[0] and "Traceback" not in r.stderr,
                "refused with one line: %s" % what, "status %d, stderr %r" % (r.returncode, r.stderr.strip()[-300:]))
    r = sweep(a, "check", os.path.join(d, "none.toml"))
    R.check(r.returncode == 1 and len(r.stderr.strip().splitlines()) == 1, "refused with one line: no such file")


# ---- report ------------------------------------------------------------------------------------

def rows_of(path):
    return list(csv.DictReader(open(path)))


def report_numbers(a, R, rows):
    """The default point of the sweep (vlen 256, rounds 1, mem_read 10, mem_write 7: karu64-fpga's
    own values) against report.run_job's runs, formatted as report.build_tables formats them."""
    import report
    ns = argparse.Namespace(karu64=a.karu64, kbench_dir=a.kbench_dir)
    tmp = os.path.join(a.work, "report-runs")
    os.makedirs(tmp, exist_ok=True)
    at = lambda w: next(r for r in rows if r["point"] == "1" and r["repetition"] == "1" and r["workload"] == w)
    sh = report.run_job(report.Job("shake", "karu64-fpga", "vintr_kr", "", ["shake"], 1), ns, tmp)
    l = next(l for l in sh["lines"] if l[:4] == ["shake", "absorb", "168", "16"])
    want = "%.2f" % (int(l[4]) / int(l[3]))
    got = at("shake128.absorb.16.vintr_kr")["value"]
    R.check(got == want, "SHAKE128 absorb 16 blocks, vintr_kr: the report's cycles_per_block", "%s != %s" % (got, want))
    pq = report.run_job(report.Job("pqc", "karu64-fpga", "vintr_kr", "ml-kem-768", ["pqc", "ml-kem-768", "2"], 1), ns, tmp)
    l = next(l for l in pq["lines"] if l[:3] == ["op", "ml-kem-768", "encaps"])
    want = "%.3f" % (int(l[4]) / int(l[3]) / 1000)
    got = at("ml-kem-768.encaps.vintr_kr")["value"]
    R.check(got == want, "ML-KEM-768 encaps, vintr_kr: the report's kcycles", "%s != %s" % (got, want))
    R.check(at("permutation.engine")["value"] == "25.00", "engine: 24 rounds at one per cycle = nr + 1 = 25 cycles (spec §2)",
            at("permutation.engine")["value"])
    four = next(r for r in rows if r["keccak_rounds_per_cycle"] == "4" and r["vlen"] == "256" and r["workload"] == "permutation.engine")
    R.check(float(four["value"]) < 25, "engine: 4 rounds per cycle take fewer cycles than 25", four["value"])
    by = {}
    for r in rows:
        by.setdefault((r["point"], r["workload"]), set()).add(tuple(v for k, v in r.items() if k != "repetition"))
    R.check(all(len(v) == 1 for v in by.values()), "the two repetitions of every row agree (a deterministic simulator)")


def children(pid):
    out = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                st = open("/proc/%s/stat" % d).read()
            except OSError:
                continue
            if int(st.rpartition(")")[2].split()[1]) == pid:
                out.append(int(d))
    return out


def kill_tree(pid):
    """SIGKILL to pid and every descendant (GNU parallel puts each job in its own process group):
    stopped first, until no new one appears, so none finishes its simulation after the kill."""
    seen = set()
    todo = [pid]
    while todo:
        q = todo.pop()
        if q in seen:
            continue
        try:
            os.kill(q, signal.SIGSTOP)
        except ProcessLookupError:
            continue
        seen.add(q)
        todo += children(q)
    for q in seen:
        try:
            os.kill(q, signal.SIGKILL)
        except ProcessLookupError:
            pass


# ---- local -------------------------------------------------------------------------------------

def local(a, R):
    outa, outb = os.path.join(a.work, "local-a"), os.path.join(a.work, "local-b")
    t0 = time.time()
    r = sweep(a, "run", SMALL, "--local", "-j", "2", "--out", outa)
    ta = time.time() - t0
    R.check(r.returncode == 0, "--local -j 2: the small sweep runs (%.1f s)" % ta, (r.stdout + r.stderr)[-400:])
    R.check("40/40" not in r.stdout and "32/32 done" in r.stdout and "ETA" in r.stdout, "progress: done/total and ETA",
            r.stdout[-300:])
    rows = rows_of(os.path.join(outa, "results.csv"))
    R.check(len(rows) == 4 * 5 * 2 and all(x["status"] == "ok" for x in rows), "merged CSV: 4 points x 5 workloads x 2 repetitions, all ok",
            str(len(rows)))
    head = list(rows[0])
    R.check(not [h for h in head if any(w in h for w in ("second", "time", "host", "date", "wall"))] and
            "sweep_hash" in head and "karu64_version" in head and "run.cycles_by_cause.keccak" in head and
            "run.events.dcache_misses" in head, "columns: parameters, statistics, version, hash; no clock or host", ",".join(head))
    log = [l.split("\t") for l in open(os.path.join(outa, "joblog")).read().splitlines()[1:]]
    R.check(len(log) == 8 and all(l[6] == "0" for l in log), "GNU parallel's joblog: 8 jobs of 4 simulations, all exit 0",
            str(len(log)))
    cfg = json.load(open(os.path.join(outa, "config.json")))
    R.check(cfg["hash"] == rows[0]["sweep_hash"] and len(cfg["points"]) == 4 and "[grid]" in cfg["sweep_file"], "config.json")
    report_numbers(a, R, rows)

    # killed in the middle, then resumed
    shutil.rmtree(outb, ignore_errors=True)
    cmd = [sys.executable, SWEEP, "run", SMALL, "--local", "-j", "2", "--out", outb, "--karu64", a.karu64, "--kbench-dir", a.kbench_dir]
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    res = os.path.join(outb, "results")
    n = 0
    for _ in range(600):
        n = len([f for f in os.listdir(res) if f.endswith(".json")]) if os.path.isdir(res) else 0
        if n >= 8 or p.poll() is not None:
            break
        time.sleep(0.05)
    kill_tree(p.pid)
    p.wait()
    done = [f for f in os.listdir(res) if f.endswith(".json")]
    R.check(8 <= len(done) < 32, "killed with %d of 32 simulations done" % len(done), str(len(done)))
    whole = True
    for f in done:
        try:
            json.load(open(os.path.join(res, f)))
        except ValueError:
            whole = False
    R.check(whole, "every result file left by the kill is whole")
    r = sweep(a, "run", SMALL, "--local", "-j", "2", "--out", outb)
    R.check(r.returncode == 0 and ("%d already done" % len(done)) in r.stdout, "rerun: skips the %d finished" % len(done),
            r.stdout[:300])
    R.check(open(os.path.join(outb, "results.csv")).read() == open(os.path.join(outa, "results.csv")).read(),
            "killed and resumed: the merged CSV equals the uninterrupted run's, byte for byte")
    r = sweep(a, "run", SMALL, "--out", outb)
    R.check(r.returncode == 0 and "32 already done" in r.stdout, "a third run simulates nothing", r.stdout[:200])
    other = write(os.path.join(a.work, "other.toml"), open(SMALL).read().replace("repetitions = 2", "repetitions = 1"))
    r = sweep(a, "run", other, "--out", outb)
    R.check(r.returncode == 1 and len(r.stderr.strip().splitlines()) == 1 and "another sweep file" in r.stderr,
            "another sweep file in the same folder: refused with one line", r.stderr[-300:])

    # a failing point: the sweep goes on, reports the point and the simulator's line, exits 1
    kb = os.path.join(a.kbench_dir, "vintr_kr", "kbench")
    fail = write(os.path.join(a.work, "fail.toml"), 'repetitions = 2\n[grid]\nkeccak_rounds_per_cycle = [0, 2]\n' + WL +
                 '[[workload]]\nkind = "permutation"\nrow = "engine"\n'
                 '[[workload]]\nkind = "program"\nname = "kem512"\nprogram = "%s"\nargs = ["pqc", "ml-kem-512", "{rep}"]\n' % kb)
    outf = os.path.join(a.work, "local-fail")
    shutil.rmtree(outf, ignore_errors=True)
    r = sweep(a, "run", fail, "--out", outf, "-j", "2")
    sim = subprocess.run([a.karu64, "--clear-env", "--model=karu64-fpga", "--param", "keccak_rounds_per_cycle=0", "./kbench", "shake"],
                         cwd=os.path.join(a.kbench_dir, "vintr_kr"), capture_output=True, text=True)
    line = sim.stderr.strip().splitlines()[-1]
    R.check(sim.returncode != 0 and r.returncode == 1 and ("point 1 (model=karu64-fpga vlen=256 keccak_rounds_per_cycle=0) "
                                                            "shake128.absorb.16.vintr_kr repetition 1: " + line) in r.stdout,
            "a failing point: reported with the point and the simulator's line (%s)" % line, r.stdout[-600:])
    rows = rows_of(os.path.join(outf, "results.csv"))
    R.check([x["status"] for x in rows] == ["failed"] * 6 + ["ok"] * 6, "the other point's rows are kept",
            str([x["status"] for x in rows]))
    # a guest program with {rep} in its arguments: the whole run's cycles, as karu64 itself reports them
    st = os.path.join(a.work, "direct.json")
    subprocess.run([a.karu64, "--clear-env", "--model=karu64-fpga", "--vlen=256", "--param", "keccak_rounds_per_cycle=2",
                    "--stats-json=" + st, kb, "pqc", "ml-kem-512", "2"], cwd=os.path.dirname(kb), capture_output=True, check=True)
    want = json.load(open(st))
    got = [x for x in rows if x["workload"] == "kem512" and x["point"] == "2"]
    R.check([(x["repetition"], x["value"], x["instructions"]) for x in got][1:] ==
            [("2", str(want["cycles"]), str(want["instructions"]))] and got[0]["value"] != got[1]["value"],
            "a program workload, {rep} = 2: karu64's own cycles and instructions", str([(x["repetition"], x["value"]) for x in got]))


# ---- plot --------------------------------------------------------------------------------------

def plots(a, R):
    out = os.path.join(a.work, "local-a")
    short = write(os.path.join(a.work, "short-cost.csv"), "vlen,cost\n256,1\n")
    for args, want in [(["collect", os.path.join(a.work, "none")], "holds no sweep"),
                       (["plot", os.path.join(a.work, "none")], "No such file"),
                       (["plot", out, "--x", "nosuch"], "not a swept parameter"),
                       (["plot", out, "--cost", short], "no cost for vlen=512"),
                       (["plot", out, "--cost-formula", "area * 2"], "area is not a swept parameter"),
                       (["plot", out, "--where", "vlen"], "not P=V")]:
        r = sweep(a, *args)
        R.check(r.returncode == 1 and len(r.stderr.strip().splitlines()) == 1 and want in r.stderr,
                "refused with one line: %s" % " ".join(args[:1] + args[2:]), r.stderr[-300:])
    checks = [("--cost-formula", "3894.17 + 31.2 * (keccak_rounds_per_cycle - 1)", "p1"),
              ("--cost", os.path.join(ROOT, "eval", "sweeps", "area-illustration.csv"), "p2")]
    for opt, val, sub in checks:
        pd = os.path.join(a.work, "plots-" + sub)
        shutil.rmtree(pd, ignore_errors=True)
        r = sweep(a, "plot", out, opt, val, "--cost-label", "area kGE (illustration)", "--plots", pd)
        R.check(r.returncode == 0, "plot %s" % opt, (r.stdout + r.stderr)[-300:])
        if r.returncode:
            continue
        want = {"line-ml-kem-768.encaps.vintr_kr": ("vlen", "kcycles"),
                "heat-shake128.absorb.16.vintr_kr": ("vlen", "keccak_rounds_per_cycle"),
                "pareto-permutation.engine": ("area kGE (illustration)", "cycles"),
                "speedup-SHAKE128_absorb_16_blocks": ("VLEN (bits)", "speedup (software / vkeccak.vi)")}
        for name, (xl, yl) in want.items():
            png, svg = os.path.join(pd, name + ".png"), os.path.join(pd, name + ".svg")
            ok = os.path.exists(png) and os.path.getsize(png) > 2000 and open(png, "rb").read(8) == b"\x89PNG\r\n\x1a\n"
            s = open(svg).read() if os.path.exists(svg) else ""
            R.check(ok and "<svg" in s and ">%s<" % xl in s and ">%s<" % yl in s,
                    "%s (%s): PNG and SVG, non-empty, axes labelled %r and %r" % (name, sub, xl, yl))


# ---- slurm -------------------------------------------------------------------------------------

def slurm(a, R):
    from minislurm import MiniSlurm, Unavailable
    want = open(os.path.join(a.work, "local-a", "results.csv")).read()
    t0 = time.time()
    try:
        with MiniSlurm(os.path.join(a.work, "slurm-daemons")) as s:
            R.check(True, "single-node Slurm up in %.1f s (munged, slurmctld, slurmd)" % (time.time() - t0))
            env = s.env
            out = os.path.join(a.work, "slurm-a")
            shutil.rmtree(out, ignore_errors=True)
            r = subprocess.run([sys.executable, SWEEP, "run", SMALL, "--slurm", "--chunks", "5", "--throttle", "2", "--out", out,
                                "--karu64", a.karu64, "--kbench-dir", a.kbench_dir], capture_output=True, text=True, env=env, timeout=300)
            R.check(r.returncode == 0 and "5 array tasks (0-4%2)" in r.stdout, "--slurm --chunks 5 --throttle 2: waits, merges",
                    (r.stdout + r.stderr)[-400:])
            outs = sorted(os.listdir(os.path.join(out, "slurm")))
            R.check([f for f in outs if f.startswith("task-")] == ["task-%d.out" % i for i in range(5)], "one output file per array task",
                    str(outs))
            got = open(os.path.join(out, "results.csv")).read() if os.path.exists(os.path.join(out, "results.csv")) else ""
            R.check(got == want, "--slurm: the merged CSV equals --local's, byte for byte")
            out2 = os.path.join(a.work, "slurm-b")
            shutil.rmtree(out2, ignore_errors=True)
            r = subprocess.run([sys.executable, SWEEP, "run", SMALL, "--slurm", "--chunks", "4", "--no-wait", "--out", out2,
                                "--karu64", a.karu64, "--kbench-dir", a.kbench_dir], capture_output=True, text=True, env=env, timeout=120)
            jid = open(os.path.join(out2, "slurm", "jobid")).read().strip() if r.returncode == 0 else ""
            R.check(r.returncode == 0 and "karu64-sweep collect" in r.stdout and not os.path.exists(os.path.join(out2, "results.csv")),
                    "--no-wait: returns after submitting", (r.stdout + r.stderr)[-300:])
            for _ in range(600):
                q = subprocess.run(["squeue", "-h", "-j", jid], capture_output=True, text=True, env=env)
                if not q.stdout.strip():
                    break
                time.sleep(0.5)
            r = subprocess.run([sys.executable, SWEEP, "collect", out2], capture_output=True, text=True, env=env)
            got = open(os.path.join(out2, "results.csv")).read() if os.path.exists(os.path.join(out2, "results.csv")) else ""
            R.check(r.returncode == 0 and got == want, "--no-wait, then collect: the same CSV", (r.stdout + r.stderr)[-300:])
    except Unavailable as e:
        return "Slurm test skipped: %s" % e
    R.check(True, "Slurm test took %.1f s, daemons stopped" % (time.time() - t0))
    return ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--karu64", required=True)
    ap.add_argument("--kbench-dir", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--results", required=True)
    ap.add_argument("--no-slurm", action="store_true")
    a = ap.parse_args()
    a.karu64, a.kbench_dir, a.work = map(os.path.abspath, (a.karu64, a.kbench_dir, a.work))
    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.work)
    os.makedirs(a.results, exist_ok=True)
    t0 = time.time()
    R = Results()
    for part in (unit, local, plots):
        try:
            part(a, R)
        except Exception as e:        # a crash of a part is one failure, the others still run
            import traceback
            R.check(False, "%s: raised %s" % (part.__name__, e), traceback.format_exc()[-600:].replace("\n", " | "))
    R.write(os.path.join(a.results, "sweep.txt"), "sweep")
    S = Results()
    note = ""
    if a.no_slurm:
        note = "Slurm test skipped: --no-slurm"
    else:
        try:
            note = slurm(a, S)
        except Exception as e:
            import traceback
            S.check(False, "slurm: raised %s" % e, traceback.format_exc()[-600:].replace("\n", " | "))
    if note:
        print(note)
    S.write(os.path.join(a.results, "sweep-slurm.txt"), "sweep-slurm", " (%s)" % note if note else "")
    print("check-sweep: %d passed, %d failed; slurm: %d passed, %d failed%s (%.0f s)"
          % (R.p, R.f, S.p, S.f, ", " + note if note else "", time.time() - t0))
    return 1 if R.f or S.f else 0


if __name__ == "__main__":
    sys.exit(main())
