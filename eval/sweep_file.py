"""The sweep file of karu64-sweep (doc/sweep.md): TOML, parsed with Python's tomllib.

    name = "example"             # optional: the default output folder's name
    model = "karu64-fpga"        # optional defaults of every point
    vlen = 256
    repetitions = 1              # runs of each point x workload (karu64 is deterministic)
    stats = ["cycles", "instret", "cycles_by_cause", "cache_misses"]   # from --stats-json

    [params]                     # --param NAME=VALUE of every point
    dcache_size = 4096
    [grid]                       # the cross product, in this key order, the last key fastest
    vlen = [256, 512]
    keccak_rounds_per_cycle = [1, 2, 4]
    [[point]]                    # and/or a list of points, after the grid's
    vlen = 1024
    mem_read = 40
    [derived]                    # parameters computed from the point's
    mem_write = "mem_read - 2"

    [[workload]]                 # one or more
    kind = "pqc"                 # pqc | shake | permutation | program
    ...

The keys of a point are `model`, `vlen` and model parameter names (`karu64 --list-params`).
Every error is a SweepError with one line; parse() checks everything it can before a run."""
import ast, hashlib, itertools, math, os, re

try:
    import tomllib
except ImportError:                      # Python < 3.11
    tomllib = None

import sweep_adapter as A

TOP_KEYS = {"name", "model", "vlen", "repetitions", "stats", "params", "grid", "point", "derived", "workload"}
STAT_ALIASES = {"instret": ["instructions"], "cache_misses": ["events.icache_misses", "events.dcache_misses"],
                "cycles_by_cause": ["cycles_by_cause"]}
STAT_TOP = {"cycles", "instructions", "cpi", "traps", "instructions_by_group", "instructions_by_class",
            "cycles_by_cause", "events", "vkeccak", "xkround"}
VLENS = [128 << i for i in range(6)]


class SweepError(Exception):
    """A bad sweep file: str(e) is the one line to print."""


def fail(where, msg):
    raise SweepError("%s: %s" % (where, msg))


# ---- formulas ----------------------------------------------------------------------------------

_OPS = (ast.Expression, ast.BinOp, ast.UnaryOp, ast.Constant, ast.Name, ast.Load, ast.Add, ast.Sub, ast.Mult,
        ast.Div, ast.FloorDiv, ast.Mod, ast.Pow, ast.USub, ast.UAdd, ast.Call, ast.IfExp, ast.Compare, ast.Eq,
        ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE)
_FUNCS = {"min": min, "max": max, "log2": math.log2}


def formula(text, where):
    """A compiled arithmetic expression over names (+ - * / // % **, min, max, log2, a if c else b);
    returns (code, names). Anything else (attributes, subscripts, other calls) is refused."""
    try:
        tree = ast.parse(str(text), mode="eval")
    except SyntaxError as e:
        fail(where, "bad formula %r: %s" % (text, e.msg))
    for n in ast.walk(tree):
        if not isinstance(n, _OPS) or (isinstance(n, ast.Call) and not (isinstance(n.func, ast.Name) and n.func.id in _FUNCS)):
            fail(where, "bad formula %r: only numbers, names, + - * / // %% **, min, max, log2, if-else" % text)
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} - set(_FUNCS)
    return compile(tree, where, "eval"), names


def evaluate(code, env, where):
    try:
        return eval(code, {"__builtins__": {}}, dict(_FUNCS, **env))
    except Exception as e:               # a division by zero, a name the point lacks
        fail(where, "formula: %s" % e)


# ---- values ------------------------------------------------------------------------------------

def check_value(key, v, where, known):
    """A point value: model name, VLEN or integer parameter value; returns it normalised."""
    if key == "model":
        if v not in A.MODELS:
            fail(where, "bad value for model: %r (known: %s)" % (v, ", ".join(A.MODELS)))
        return v
    if isinstance(v, bool) or not isinstance(v, int):
        fail(where, "bad value for %s: %r (an integer)" % (key, v))
    if key == "vlen":
        if v not in VLENS:
            fail(where, "bad value for vlen: %d (a power of two 128..4096)" % v)
        return v
    if key not in known:
        fail(where, "unknown parameter %r (karu64 --list-params names them)" % key)
    if v < 0:
        fail(where, "bad value for %s: %d (not negative)" % (key, v))
    return v


def listed(table, key, where):
    v = table[key]
    if not isinstance(v, list) or not v:
        fail(where, "%s: a non-empty list of values" % key)
    if len(set(map(repr, v))) != len(v):
        fail(where, "%s: a value repeats" % key)
    return v


# ---- parse -------------------------------------------------------------------------------------

def parse(path, karu64, kbench_dir, check_points=True, base_dir=None):
    """The sweep in PATH as a dict: name, hash, axes (the point columns, in order), points (list of
    dicts: settings of each), workloads (A.Workload), repetitions, stats (dotted --stats-json keys).
    karu64 names the parameters and, with check_points, checks every point's options; program
    paths are relative to base_dir (default: the file's folder)."""
    if tomllib is None:
        raise SweepError("karu64-sweep needs Python 3.11 or later (tomllib); /usr/bin/python3 of Debian 12 is 3.11")
    try:
        raw = open(path, "rb").read()
    except OSError as e:
        raise SweepError("%s: %s" % (path, e.strerror))
    try:
        doc = tomllib.loads(raw.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise SweepError("%s: not TOML: %s" % (path, e))
    where = os.path.basename(path)
    for k in doc:
        if k not in TOP_KEYS:
            fail(where, "unknown key %r (known: %s)" % (k, ", ".join(sorted(TOP_KEYS))))
    known = A.param_names(karu64)
    reps = doc.get("repetitions", 1)
    if isinstance(reps, bool) or not isinstance(reps, int) or not 1 <= reps <= 1000:
        fail(where, "repetitions: an integer 1..1000, not %r" % (reps,))

    # fixed settings, then the grid's cross product, then the listed points
    fixed = {}
    for k in ("model", "vlen"):
        if k in doc:
            fixed[k] = check_value(k, doc[k], where, known)
    for k, v in doc.get("params", {}).items():
        fixed[k] = check_value(k, v, where + " [params]", known)
    grid = doc.get("grid", {})
    if not isinstance(grid, dict):
        fail(where, "[grid] is a table of lists")
    gkeys = list(grid)
    gvals = [[check_value(k, v, where + " [grid]", known) for v in listed(grid, k, where + " [grid]")] for k in gkeys]
    points = [dict(fixed, **dict(zip(gkeys, combo))) for combo in itertools.product(*gvals)] if gkeys else []
    plist = doc.get("point", [])
    if not isinstance(plist, list):
        fail(where, "[[point]] is an array of tables")
    for i, p in enumerate(plist):
        points.append(dict(fixed, **{k: check_value(k, v, "%s [[point]] %d" % (where, i + 1), known) for k, v in p.items()}))
    if not points:
        points = [dict(fixed)]
    derived = []
    for k, text in doc.get("derived", {}).items():
        w = "%s [derived] %s" % (where, k)
        check_value(k, 0, w, known)
        code, names = formula(text, w)
        derived.append((k, code, names, w))
    for p in points:
        for k, code, names, w in derived:
            missing = names - set(p)
            if missing:
                fail(w, "%s not set in every point" % ", ".join(sorted(missing)))
            v = evaluate(code, p, w)
            if isinstance(v, float) and v.is_integer():
                v = int(v)
            p[k] = check_value(k, v, w + " (= %r)" % v, known)
    axes = []
    for p in points:
        p.setdefault("model", A.DEFAULT_MODEL)
        p.setdefault("vlen", A.DEFAULT_VLEN)
        for k in ["model", "vlen"] + list(p):
            if k not in axes:
                axes.append(k)
    points = [{k: p[k] for k in axes if k in p} for p in points]      # each point in the axes' order
    seen = {}
    for i, p in enumerate(points):
        key = tuple(sorted(p.items()))
        if key in seen:
            fail(where, "points %d and %d are the same point (%s)" % (seen[key] + 1, i + 1, A.point_text(p)))
        seen[key] = i

    # workloads
    wl = doc.get("workload", [])
    if not isinstance(wl, list) or not wl:
        fail(where, "missing workload: at least one [[workload]] table")
    workloads = [A.workload(w, "%s [[workload]] %d" % (where, i + 1), base_dir or os.path.dirname(os.path.abspath(path)), kbench_dir)
                 for i, w in enumerate(wl)]
    names = [w.name for w in workloads]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        fail(where, "workload name %s used twice (name = \"...\" tells them apart)" % dup[0])

    # statistics
    stats = []
    st = doc.get("stats", ["cycles", "instret"])
    if not isinstance(st, list):
        fail(where, "stats: a list of names")
    for s in st:
        if not isinstance(s, str):
            fail(where, "stats: a list of names, not %r" % (s,))
        for key in STAT_ALIASES.get(s, [s]):
            if key.split(".")[0] not in STAT_TOP:
                fail(where, "unknown statistic %r (known: %s, or their dotted keys)"
                     % (s, ", ".join(sorted(STAT_TOP | set(STAT_ALIASES)))))
            if key not in stats:
                stats.append(key)

    sweep = dict(name=doc.get("name") or os.path.splitext(where)[0], file=os.path.abspath(path),
                 hash=hashlib.sha256(raw).hexdigest()[:16], axes=axes, derived=[d[0] for d in derived], points=points, workloads=workloads,
                 repetitions=reps, stats=stats)
    if not re.fullmatch(r"[A-Za-z0-9_.-]+", sweep["name"]):
        fail(where, "name: letters, digits, '_', '.', '-' only")
    if check_points:
        for i, p in enumerate(points):
            err = A.check_point(karu64, p)
            if err:
                fail(where, "point %d (%s): %s" % (i + 1, A.point_text(p), err))
    return sweep


def tasks(sweep):
    """Every simulation of the sweep, in order: (task id, point index, run, repetition). Workloads
    that need the same simulation (same build and program arguments) share it."""
    out = []
    for pi in range(len(sweep["points"])):
        for r in range(sweep["repetitions"]):
            runs = []
            for w in sweep["workloads"]:
                for run in w.runs(r):
                    if run not in runs:
                        runs.append(run)
            out += [("p%04d.r%d.%s" % (pi, r, run.key), pi, run, r) for run in runs]
    return out
