"""karu64-sweep's one link to the evaluation (eval/experiments.py, eval/report.py): the workloads a
sweep can run, the karu64 command line of each, and how its numbers are read.

A report benchmark run by a sweep is the command report.run_job builds for it (`karu64
--clear-env --model=CONFIG --stats-json=F <build options> ./kbench ARGS` from the build's folder,
fixed argv) with the point's --vlen and --param options added, and its value is formatted as
report.build_tables formats that row, so that the default point of a sweep gives REPORT.md's
numbers (tests/sweep/test_report.py checks it against report.run_job itself).

What this module uses of the evaluation, so that whoever changes those keeps them stable:
  experiments.py: CONFIGS, BUILDS, INTEGRATIONS (build names), build_options(build), FAMILIES,
                  all_sets(), ops(f, s), display(s), PERMUTATION_ROWS, WRAPPER_BUILD,
                  SOFTWARE_KECCAK, SHAKE_OPS, SHAKE_RATES, SHAKE_BLOCKS
  report.py:      JOB_TIMEOUT, lines_dict(res); the command of run_job (mirrored in command())
  the kbench output lines: `permute C I`, `resident_24 C I`, ..., `shake OP RATE BLOCKS CYCLES`,
                  `op ALG OP N CYCLES INSNS CALLS`; --stats-json's vkeccak.engine_cycles_24 and
                  vkeccak.permutations_24; `karu64 --list-params` (name value ... lines)."""
import os, re, subprocess, sys

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import experiments as X  # noqa: E402
import report as R       # noqa: E402

MODELS = list(X.CONFIGS)
DEFAULT_MODEL = "karu64-fpga"
DEFAULT_VLEN = 256                      # karu64 --help: the default --vlen
KBENCH_BUILDS = list(dict.fromkeys(X.BUILDS + [b for _, b, _ in X.INTEGRATIONS]))


class RunError(Exception):
    """A simulation that failed: str(e) is the simulator's error line."""


def err(where, msg):
    from sweep_file import SweepError
    raise SweepError("%s: %s" % (where, msg))


# ---- parameters and points ---------------------------------------------------------------------

class ParamNames:
    """The model parameters karu64 knows: those --list-params prints, and any other name karu64
    accepts in --param (an alias kept for a renamed parameter), asked of karu64 once each."""

    def __init__(self, karu64):
        self.karu64, self.extra = karu64, {}
        r = subprocess.run([karu64, "--model=karu64-sim", "--list-params"], capture_output=True, text=True)
        if r.returncode:
            raise RunError("%s --list-params failed: %s" % (karu64, last_line(r)))
        self.listed = [l.split()[0] for l in r.stdout.splitlines()[2:] if l.strip()]

    def __contains__(self, name):
        if name in self.listed:
            return True
        if not re.fullmatch(r"[a-z0-9_]+", name):
            return False
        if name not in self.extra:
            r = subprocess.run([self.karu64, "--model=karu64-sim", "--param", name + "=1", "--list-params"],
                               capture_output=True, text=True)
            self.extra[name] = "unknown parameter" not in r.stderr
        return self.extra[name]


def param_names(karu64):
    if not os.access(karu64, os.X_OK):
        err(karu64, "no simulator here (run make, or give --karu64)")
    return ParamNames(karu64)


def point_options(p):
    """The karu64 options of point p (model, vlen, parameters in the point's order)."""
    o = ["--model=" + p["model"], "--vlen=%d" % p["vlen"]]
    return o + [x for k, v in p.items() if k not in ("model", "vlen") for x in ("--param", "%s=%d" % (k, v))]


def point_text(p):
    return " ".join("%s=%s" % kv for kv in p.items())


def check_point(karu64, p):
    """None, or the simulator's error line for point p's options (karu64 --list-params)."""
    r = subprocess.run([karu64] + point_options(p) + ["--list-params"], capture_output=True, text=True)
    return last_line(r) if r.returncode else None


def point_values(karu64, p):
    """Every parameter's value at point p (name -> int), as karu64 --list-params prints them."""
    r = subprocess.run([karu64] + point_options(p) + ["--list-params"], capture_output=True, text=True)
    return {f[0]: f[1] for f in (l.split() for l in r.stdout.splitlines()[2:]) if len(f) > 1}


def last_line(r):
    lines = [l for l in (r.stderr or r.stdout or "").splitlines() if l.strip()]
    return lines[-1].strip() if lines else "exit status %d, no message" % r.returncode


def version(karu64):
    r = subprocess.run([karu64, "--version"], capture_output=True, text=True)
    return (r.stdout.strip().splitlines() or ["unknown"])[0]


# ---- runs --------------------------------------------------------------------------------------

class Run:
    """One simulation: a program with arguments in a folder, with extra karu64 options."""

    def __init__(self, key, cwd, program, args, options=()):
        self.key, self.cwd, self.program, self.args, self.options = key, cwd, program, list(args), list(options)

    def __eq__(self, o):
        return self.key == o.key

    def spec(self):
        return dict(key=self.key, cwd=self.cwd, program=self.program, args=self.args, options=self.options)


def command(karu64, p, run, stats_path):
    """report.run_job's command line for this run, with the point's options."""
    return ([os.path.abspath(karu64), "--clear-env"] + point_options(p) + ["--stats-json=" + stats_path] +
            run.options + [run.program] + run.args)


def execute(karu64, p, run, stats_path):
    """Runs it; returns the result (output lines and statistics) or raises RunError."""
    import json
    cmd = command(karu64, p, run, stats_path)
    try:
        r = subprocess.run(cmd, cwd=run.cwd, capture_output=True, text=True, timeout=R.JOB_TIMEOUT)
    except subprocess.TimeoutExpired:
        raise RunError("no result after %d s (timeout)" % R.JOB_TIMEOUT)
    except OSError as e:
        raise RunError("%s: %s" % (run.program, e.strerror))
    if r.returncode:
        raise RunError(last_line(r))
    stats = json.load(open(stats_path))
    stats.pop("parameters", None)        # the CSV takes them from --list-params
    stats.pop("seconds", None)           # wall clock: not a result
    return dict(lines=[l.split() for l in r.stdout.splitlines() if l.strip()], stats=stats)


# ---- workloads ---------------------------------------------------------------------------------

class Workload:
    """A row of a sweep: name, kind, the runs it needs and how its value is read from them."""

    def __init__(self, name, kind, build, runs, value, case=""):
        self.name, self.kind, self.build, self.case = name, kind, build, case
        self._runs, self._value = runs, value

    def runs(self, rep):
        return self._runs(rep)

    def value(self, results):
        """results: the results of runs(rep), in their order. Returns (metric, value,
        instructions) as strings."""
        return self._value(results)


def kbench_run(kbench_dir, build, args):
    return Run(build + "." + "_".join(args), os.path.join(kbench_dir, build), "./kbench", args, X.build_options(build))


def choose(t, key, allowed, where, default=None):
    v = t.get(key, default)
    if v is None:
        err(where, "missing %s (one of: %s)" % (key, ", ".join(map(str, allowed))))
    if v not in allowed:
        err(where, "bad value for %s: %r (one of: %s)" % (key, v, ", ".join(map(str, allowed))))
    return v


KEYS = {"pqc": {"algorithm", "operation", "build", "reps"}, "shake": {"build", "operation", "rate", "blocks"},
        "permutation": {"row"}, "program": {"program", "args", "cwd", "options"}}


def workload(t, where, base_dir, kbench_dir):
    """The Workload of one [[workload]] table (paths of `program` workloads relative to base_dir)."""
    kind = choose(t, "kind", sorted(KEYS), where)
    extra = set(t) - KEYS[kind] - {"kind", "name"}
    if extra:
        err(where, "unknown key %r for kind %s (known: %s)" % (sorted(extra)[0], kind, ", ".join(sorted(KEYS[kind]))))
    name = t.get("name")
    if name is not None and (not isinstance(name, str) or not re.fullmatch(r"[A-Za-z0-9_.+-]+", name)):
        err(where, "name: letters, digits and _ . + - only")

    def need_kbench(build):
        k = os.path.join(kbench_dir, build, "kbench")
        if not os.access(k, os.X_OK):
            err(where, "missing workload: no benchmark program %s (make eval-kbench)" % k)

    if kind == "pqc":
        alg = choose(t, "algorithm", X.all_sets(), where)
        fam = next(f for f in X.FAMILIES if alg in f["sets"])
        op = choose(t, "operation", X.ops(fam, alg), where)
        build = choose(t, "build", KBENCH_BUILDS, where)
        reps = t.get("reps", fam["reps"])
        if isinstance(reps, bool) or not isinstance(reps, int) or not 1 <= reps <= 1000:
            err(where, "reps: an integer 1..1000 (REPORT.md: %d, QUICK=1: %d)" % (fam["reps"], fam["quick_reps"]))
        need_kbench(build)
        run = kbench_run(kbench_dir, build, ["pqc", alg, str(reps)])

        def value(res):      # report.build_tables, pqc.csv: kcycles, instructions per operation
            l = next(l for l in res[0]["lines"] if l[0] == "op" and l[2] == op)
            n = int(l[3])
            return "kcycles", "%.3f" % (int(l[4]) / n / 1000), "%.1f" % (int(l[5]) / n)
        return Workload(name or "%s.%s.%s" % (alg, op, build), kind, build, lambda r: [run], value,
                        "%s %s" % (X.display(alg), op))

    if kind == "shake":
        build = choose(t, "build", KBENCH_BUILDS, where)
        op = choose(t, "operation", X.SHAKE_OPS, where)
        rate = choose(t, "rate", X.SHAKE_RATES, where)
        blocks = choose(t, "blocks", X.SHAKE_BLOCKS, where)
        need_kbench(build)
        run = kbench_run(kbench_dir, build, ["shake"])

        def value(res):      # report.build_tables, shake.csv: cycles_per_block
            l = next(l for l in res[0]["lines"] if l[:4] == ["shake", op, str(rate), str(blocks)])
            return "cycles_per_block", "%.2f" % (int(l[4]) / int(l[3])), ""
        sh = "shake%d" % (128 if rate == 168 else 256)
        return Workload(name or "%s.%s.%d.%s" % (sh, op, blocks, build), kind, build, lambda r: [run], value,
                        "%s %s, %d blocks" % (sh.upper(), op, blocks))

    if kind == "permutation":
        row = choose(t, "row", X.PERMUTATION_ROWS, where)
        build = row[len("software_"):] if row.startswith("software_") else X.WRAPPER_BUILD
        need_kbench(build)
        run = kbench_run(kbench_dir, build, ["micro"])
        key = {"wrapper_call": "permute"}.get(row, "permute" if row.startswith("software_") else row)

        def value(res):      # report.build_tables, permutation.csv
            if row == "engine":
                vk = res[0]["stats"]["vkeccak"]
                return "cycles", "%.2f" % (vk["engine_cycles_24"] / vk["permutations_24"]), "1"
            c, i = R.lines_dict(res[0])[key][:2]
            return "cycles", c, i
        return Workload(name or "permutation." + row, kind, build, lambda r: [run], value,
                        "Keccak-p[1600,24] call" if row == "wrapper_call" or row.startswith("software_") else row)

    # any guest program: the statistics of the whole run; {rep} in args is the repetition number
    prog = t.get("program")
    if not isinstance(prog, str) or not prog:
        err(where, "missing program (the guest program's path)")
    path = prog if os.path.isabs(prog) else os.path.normpath(os.path.join(base_dir, prog))
    if not os.path.isfile(path):
        err(where, "missing workload: no program %s" % path)
    args, opts = t.get("args", []), t.get("options", [])
    for k, v in (("args", args), ("options", opts)):
        if not isinstance(v, list) or not all(isinstance(x, (str, int)) for x in v):
            err(where, "%s: a list of strings" % k)
    cwd = t.get("cwd")
    cwd = os.path.dirname(path) if cwd is None else (cwd if os.path.isabs(cwd) else os.path.normpath(os.path.join(base_dir, cwd)))
    if not os.path.isdir(cwd):
        err(where, "cwd: no folder %s" % cwd)
    nm = name or os.path.basename(path)
    if not re.fullmatch(r"[A-Za-z0-9_.+-]+", nm):
        err(where, "give the workload a name (letters, digits and _ . + -)")

    def runs(rep):
        a = [str(x).replace("{rep}", str(rep + 1)) for x in args]        # rep counts from 0, {rep} from 1
        return [Run("prog.%s" % nm + ("" if a == [str(x) for x in args] else ".r%d" % (rep + 1)), cwd, path, a,
                    [str(o) for o in opts])]

    def value(res):
        return "cycles", str(res[0]["stats"]["cycles"]), str(res[0]["stats"]["instructions"])
    return Workload(nm, kind, "", runs, value)
