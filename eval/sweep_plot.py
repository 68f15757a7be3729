"""karu64-sweep plot: gnuplot plots (PNG and SVG) of a merged sweep (OUT/results.csv).

  line-W      each workload W's value against one parameter (--x; default the first swept one),
              one line per combination of the other swept parameters
  heat-W      a heat map of W's value over two parameters (--heat P,Q; default the first two
              swept), the others at their first value (or --where)
  pareto-W    W's value against a cost (--cost table or --cost-formula), the Pareto front
              (no other point both cheaper and faster) joined and labelled
  speedup-C   for a case measured in software builds and vkeccak.vi builds (the same PQC
              operation, SHAKE row or permutation call): software value / vkeccak.vi value
              against VLEN, one line per build pair and combination of the other parameters

Repetitions are averaged (karu64 is deterministic: they agree). gnuplot is the plotter the
evaluation already uses (eval/report.py)."""
import csv, json, os, re, shutil, subprocess, sys

import experiments as X
import sweep_file as F

PALETTE = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
           "#9c755f", "#bab0ac", "#1f1f1f", "#d37295"]


def die(msg):
    sys.exit("karu64-sweep: error: " + msg)


def num(s):
    try:
        return int(s)
    except ValueError:
        return float(s)


def safe(name):
    return re.sub(r"[^A-Za-z0-9_.+-]+", "_", name)


class Plotter:
    def __init__(self, outdir):
        self.dir = outdir
        self.made = []
        os.makedirs(os.path.join(outdir, "data"), exist_ok=True)

    def plot(self, name, data, script):
        """data: text of NAME.dat (tab separated); script: gnuplot commands with DAT for the file.
        Writes NAME.png and NAME.svg."""
        dat = os.path.join(self.dir, "data", name + ".dat")
        open(dat, "w").write(data)
        body = "set datafile separator '\\t'\nset grid\nset key outside right top\n" + \
            "".join("set linetype %d lc rgb '%s' lw 2 pt 7\n" % (i + 1, c) for i, c in enumerate(PALETTE)) + \
            "set linetype cycle %d\n" % len(PALETTE) + script.replace("DAT", "'%s'" % dat)
        for term, ext in (("pngcairo size 1100,600 noenhanced font ',10'", "png"), ("svg size 1100,600 noenhanced font 'sans,11'", "svg")):
            out = os.path.join(self.dir, "%s.%s" % (name, ext))
            gp = "set terminal %s\nset output '%s'\n%s" % (term, out, body)
            open(os.path.join(self.dir, "data", name + ".gp"), "w").write(gp)
            r = subprocess.run(["gnuplot"], input=gp, capture_output=True, text=True)
            if r.returncode or not os.path.getsize(out):
                die("gnuplot failed for %s: %s" % (name, r.stderr.strip()[-300:]))
        self.made.append(name)


def load(out, where):
    try:
        rows = list(csv.DictReader(open(os.path.join(out, "results.csv"))))
        cfg = json.load(open(os.path.join(out, "config.json")))
    except OSError as e:
        die("%s: %s (karu64-sweep collect %s first)" % (e.filename, e.strerror, out))
    for w in where:
        k, _, v = w.partition("=")
        if k not in cfg["axes"] or not v:
            die("--where %s: not P=V with P one of %s" % (w, ", ".join(cfg["axes"])))
        rows = [r for r in rows if r[k] == v]
    rows = [r for r in rows if r["status"] == "ok"]
    if not rows:
        die("no successful rows to plot in %s/results.csv" % out)
    return rows, cfg


def swept(rows, axes):
    out = []
    for a in axes:
        vals = sorted({r[a] for r in rows}, key=lambda v: (not re.fullmatch(r"-?\d+", v), num(v) if re.fullmatch(r"-?\d+", v) else v))
        if len(vals) > 1:
            out.append((a, vals))
    return out


def mean_by(rows, keys):
    """(values of keys) -> mean of value."""
    acc = {}
    for r in rows:
        acc.setdefault(tuple(r[k] for k in keys), []).append(float(r["value"]))
    return {k: sum(v) / len(v) for k, v in acc.items()}


def label(keys, vals):
    return " ".join("%s=%s" % kv for kv in zip(keys, vals)) or "all"


def costs(rows, cfg, a):
    """point -> cost, from the table (CSV with some axes' columns and a cost column) or formula."""
    out = {}
    if a.cost_formula:
        code, names = F.formula(a.cost_formula, "--cost-formula")
        bad = names - set(cfg["axes"])
        if bad:
            die("--cost-formula: %s is not a swept parameter (%s)" % (", ".join(sorted(bad)), ", ".join(cfg["axes"])))
        for r in rows:
            try:
                out[r["point"]] = float(F.evaluate(code, {k: num(r[k]) for k in names}, "--cost-formula"))
            except F.SweepError as e:
                die(str(e))
        return out
    try:
        table = [l for l in csv.reader(open(a.cost)) if l and not l[0].startswith("#")]
    except OSError as e:
        die("--cost %s: %s" % (a.cost, e.strerror))
    head, body = table[0], table[1:]
    if "cost" not in head:
        die("--cost %s: no column named cost" % a.cost)
    keys = [h for h in head if h in cfg["axes"]]
    ci = head.index("cost")
    look = {}
    for l in body:
        try:
            look[tuple(l[head.index(k)] for k in keys)] = float(l[ci])
        except (ValueError, IndexError):
            die("--cost %s: bad row %s" % (a.cost, ",".join(l)))
    for r in rows:
        k = tuple(r[x] for x in keys)
        if k not in look:
            die("--cost %s: no cost for %s" % (a.cost, label(keys, k)))
        out[r["point"]] = look[k]
    return out


def pareto(pts):
    """The points (cost, value, ...) that no other point beats on both (lower is better)."""
    front, best = [], float("inf")
    for p in sorted(pts, key=lambda p: (p[0], p[1])):
        if p[1] < best:
            front.append(p)
            best = p[1]
    return front


def main(a):
    if not shutil.which("gnuplot"):
        die("gnuplot is not installed (scripts/setup installs gnuplot-nox)")
    out = os.path.abspath(a.out)
    rows, cfg = load(out, a.where)
    P = Plotter(os.path.abspath(a.plots or os.path.join(out, "plots")))
    axes = [x for x in cfg["axes"] if x not in cfg.get("derived", [])]     # derived ones follow the others
    sw = swept(rows, axes)
    names = [s[0] for s in sw]
    vals = dict(sw)
    numeric = [n for n in names if all(re.fullmatch(r"-?\d+", v) for v in vals[n])]
    wls = [w for w in cfg["workloads"] if any(r["workload"] == w["name"] for r in rows)]
    metric = {w["name"]: next(r["metric"] for r in rows if r["workload"] == w["name"]) for w in wls}
    logy = "set logscale y\n" if a.logy else ""
    wh = " [%s]" % ", ".join(a.where) if a.where else ""        # the rows kept, in every title
    for x in ([a.x] if a.x else []) + ([a.heat] if a.heat else []):
        for p in x.split(","):
            if p not in names:
                die("%s is not a swept parameter of this sweep (swept: %s)" % (p, ", ".join(names) or "none"))

    # metric against one parameter
    xs = a.x or (numeric[0] if numeric else None)
    if xs:
        others = [n for n in names if n != xs]
        for w in wls:
            wr = [r for r in rows if r["workload"] == w["name"]]
            m = mean_by(wr, [xs] + others)
            groups = sorted({k[1:] for k in m}, key=lambda g: [num(v) if v.isdigit() else v for v in g])
            data = "\t".join([xs] + [label(others, g) for g in groups]) + "\n"
            for xv in vals[xs]:
                data += "\t".join([xv] + ["%g" % m[(xv,) + g] if (xv,) + g in m else "NaN" for g in groups]) + "\n"
            P.plot("line-" + safe(w["name"]), data,
                   "set title '%s: %s against %s%s'\nset xlabel '%s'\nset ylabel '%s'\n%s%s"
                   "plot for [i=2:%d] DAT using 1:i with linespoints title columnheader(i)\n"
                   % (w["name"], metric[w["name"]], xs, wh, xs, metric[w["name"]], logy,
                      "set logscale x 2\n" if xs == "vlen" else "", len(groups) + 1))

    # heat map over two parameters
    hp = a.heat.split(",") if a.heat else names[:2]
    if len(hp) == 2 and hp[0] != hp[1]:
        px, py = hp
        rest = [n for n in names if n not in hp]
        fixed = {n: vals[n][0] for n in rest}
        for w in wls:
            wr = [r for r in rows if r["workload"] == w["name"] and all(r[k] == v for k, v in fixed.items())]
            m = mean_by(wr, [px, py])
            data = "".join("%d\t%d\t%g\t%s\n" % (i, j, m[(xv, yv)], "%.4g" % m[(xv, yv)])
                           for i, xv in enumerate(vals[px]) for j, yv in enumerate(vals[py]) if (xv, yv) in m)
            tics = lambda ax, vs: "set %stics (%s)\n" % (ax, ", ".join("'%s' %d" % (v, i) for i, v in enumerate(vs)))
            P.plot("heat-" + safe(w["name"]), data,
                   "set title '%s: %s%s%s'\nset xlabel '%s'\nset ylabel '%s'\nset cblabel '%s'\n%s%s"
                   "set view map\nset palette rgbformulae 33,13,10\nunset grid\nunset key\n"
                   "set xrange [-0.5:%g]\nset yrange [-0.5:%g]\n"
                   "plot DAT using 1:2:3 with image, '' using 1:2:4 with labels font ',10'\n"
                   % (w["name"], metric[w["name"]], (" (" + label(rest, [fixed[n] for n in rest]) + ")") if rest else "", wh,
                      px, py, metric[w["name"]], tics("x", vals[px]), tics("y", vals[py]),
                      len(vals[px]) - 0.5, len(vals[py]) - 0.5))

    # Pareto front against a cost
    if a.cost or a.cost_formula:
        cost = costs(rows, cfg, a)
        for w in wls:
            wr = [r for r in rows if r["workload"] == w["name"]]
            m = mean_by(wr, ["point"])
            pt = {r["point"]: r for r in wr}
            pts = [(cost[p], v, p) for (p,), v in sorted(m.items(), key=lambda kv: int(kv[0][0]))]
            front = pareto(pts)
            # front labels: only what differs along the front, staggered so that near points stay legible
            var = [n for n in names if len({pt[p][n] for _, _, p in front}) > 1] or names[:1]
            lab = lambda p: ", ".join("%s %s" % (n, pt[p][n]) for n in var)
            fl = ["%g\t%g\t%s\t%d\n" % (c, v, lab(p), i % 3) for i, (c, v, p) in enumerate(front)]
            data = "".join("%g\t%g\t%s\n" % p for p in pts) + "\n\n" + "".join(fl)
            labels = ", ".join("DAT index 1 using 1:2:($4 == %d ? stringcolumn(3) : '') with labels left offset 1,%.1f "
                               "font ',8' notitle" % (k, 0.7 + 1.1 * k) for k in range(3))
            P.plot("pareto-" + safe(w["name"]), data,
                   "set title '%s: %s against %s, Pareto front joined%s'\nset xlabel '%s'\nset ylabel '%s'\n%s"
                   "set key inside top right\nset offsets graph 0.05, graph 0.25, graph 0.08, graph 0.12\n"
                   "plot DAT index 0 using 1:2 with points pt 7 ps 1 lc rgb '#9c9c9c' title 'every point', "
                   "DAT index 1 using 1:2 with steps lw 2 lc rgb '#e15759' title 'Pareto front', "
                   "DAT index 1 using 1:2 with points pt 7 ps 1.4 lc rgb '#e15759' notitle, %s\n"
                   % (w["name"], metric[w["name"]], a.cost_label, wh, a.cost_label, metric[w["name"]], logy, labels))

    # speedup of the vkeccak.vi builds over the software builds across VLEN
    if "vlen" in names:
        others = [n for n in names if n != "vlen"]
        cases = {}
        for w in wls:
            if w.get("case") and w["build"]:
                cases.setdefault(w["case"], []).append(w)
        for case, ws in cases.items():
            soft = [w for w in ws if w["build"] in X.SOFTWARE_KECCAK]
            vk = [w for w in ws if w["build"] not in X.SOFTWARE_KECCAK]
            if not soft or not vk:
                continue
            series = {}
            for s in soft:
                ms = mean_by([r for r in rows if r["workload"] == s["name"]], ["vlen"] + others)
                for k in vk:
                    mk = mean_by([r for r in rows if r["workload"] == k["name"]], ["vlen"] + others)
                    for key in ms:
                        if key in mk:
                            series.setdefault(("%s over %s" % (k["build"], s["build"]),) + key[1:], {})[key[0]] = ms[key] / mk[key]
            groups = sorted(series)
            data = "\t".join(["vlen"] + [g[0] + (" " + label(others, g[1:]) if others else "") for g in groups]) + "\n"
            for v in vals["vlen"]:
                data += "\t".join([v] + ["%g" % series[g][v] if v in series[g] else "NaN" for g in groups]) + "\n"
            P.plot("speedup-" + safe(case.replace(",", "")), data,
                   "set title 'Speedup of vkeccak.vi over software: %s (%s)%s'\nset xlabel 'VLEN (bits)'\n"
                   "set ylabel 'speedup (software / vkeccak.vi)'\nset logscale x 2\nset yrange [0:*]\n"
                   "plot for [i=2:%d] DAT using 1:i with linespoints title columnheader(i)\n"
                   % (case, metric[ws[0]["name"]], wh, len(groups) + 1))
    print("karu64-sweep: %d plots (PNG and SVG) in %s: %s" % (len(P.made), P.dir, ", ".join(P.made) or "none"))
    return 0 if P.made else 1
