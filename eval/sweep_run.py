"""karu64-sweep's backends: the output folder, one simulation per task, GNU parallel (--local),
a Slurm job array (--slurm) and the merge (collect).

OUT/sweep.toml      the sweep file as run (its hash names the sweep; another file is refused)
OUT/sweep.json      what every task needs: points, their karu64 options, the tasks' commands
OUT/tasks.txt       one task id a line (GNU parallel's input; a Slurm chunk is every M-th line)
OUT/results/ID.json one finished simulation, written whole (a temporary file, then renamed)
OUT/failed/ID.json  a failed one: the point, the command and the simulator's error line
OUT/joblog          GNU parallel's --joblog (its --resume-failed reruns what did not finish)
OUT/slurm/          job.sh (sbatch), task-N.out (each array task's output), job id
OUT/results.csv     the merge: one row per point x workload x repetition, in that order
OUT/config.json     the configuration: sweep file, hash, points, workloads, statistics"""
import csv, io, json, os, re, shlex, shutil, signal, subprocess, sys, time

import sweep_adapter as A
import sweep_file as F

SCRIPT = os.path.join(os.path.dirname(A.HERE), "scripts", "karu64-sweep")


def die(msg):
    sys.exit("karu64-sweep: error: " + msg)


def atomic_write(path, text):
    tmp = "%s.tmp.%d" % (path, os.getpid())
    with open(tmp, "w") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def load(out):
    try:
        return json.load(open(os.path.join(out, "sweep.json")))
    except OSError:
        die("%s holds no sweep (karu64-sweep run FILE --out %s first)" % (out, out))


# ---- prepare -----------------------------------------------------------------------------------

def prepare(path, out, karu64, kbench_dir):
    """Parses the sweep file and writes OUT/sweep.json and OUT/tasks.txt (or checks that OUT
    holds this same sweep). Returns (sweep, meta)."""
    try:
        sw = F.parse(path, karu64, kbench_dir)
    except (F.SweepError, A.RunError) as e:
        die(str(e))
    old = os.path.join(out, "sweep.json")
    if os.path.exists(old):
        prev = json.load(open(old))
        if prev["hash"] != sw["hash"]:
            die("%s holds the results of another sweep file (hash %s, this one %s): give another --out "
                "or remove it" % (out, prev["hash"], sw["hash"]))
    os.makedirs(os.path.join(out, "results"), exist_ok=True)
    os.makedirs(os.path.join(out, "failed"), exist_ok=True)
    shutil.copyfile(path, os.path.join(out, "sweep.toml"))
    tasks = F.tasks(sw)
    cols = []
    for p in sw["points"]:                  # every axis's value at every point (model defaults too)
        vals = A.point_values(karu64, p)
        cols.append({k: str(p.get(k, vals.get(k, ""))) for k in sw["axes"]})
    meta = dict(hash=sw["hash"], name=sw["name"], file=sw["file"], base_dir=os.path.dirname(sw["file"]),
                karu64=os.path.abspath(karu64), kbench_dir=os.path.abspath(kbench_dir), axes=sw["axes"], derived=sw["derived"],
                points=sw["points"], columns=cols, stats=sw["stats"], repetitions=sw["repetitions"],
                workloads=[dict(name=w.name, kind=w.kind, build=w.build, case=w.case) for w in sw["workloads"]],
                tasks=[dict(id=t, point=pi, rep=r, run=run.spec()) for t, pi, run, r in tasks])
    atomic_write(old, json.dumps(meta, indent=1) + "\n")        # in order: a point's keys are its axes' order
    atomic_write(os.path.join(out, "tasks.txt"), "".join(t[0] + "\n" for t in tasks))
    return sw, meta


def status(out, meta):
    res = set(f[:-5] for f in os.listdir(os.path.join(out, "results")) if f.endswith(".json"))
    return [t["id"] for t in meta["tasks"] if t["id"] in res]


# ---- one task ----------------------------------------------------------------------------------

def run_tasks(out, ids):
    """Runs the tasks (skips those with a result); prints `ok ID`, `skip ID` or `failed ID: line`
    for each. Returns the number that failed."""
    meta = load(out)
    by = {t["id"]: t for t in meta["tasks"]}
    bad = 0
    ver = None
    for tid in ids:
        t = by.get(tid)
        if t is None:
            die("no task %s in %s" % (tid, out))
        dest = os.path.join(out, "results", tid + ".json")
        failed = os.path.join(out, "failed", tid + ".json")
        if os.path.exists(dest):
            print("skip " + tid, flush=True)
            continue
        p = meta["points"][t["point"]]
        run = A.Run(**t["run"])
        stats_path = os.path.join(out, "results", ".%s.stats.%d" % (tid, os.getpid()))
        try:
            res = A.execute(meta["karu64"], p, run, stats_path)
            ver = ver or A.version(meta["karu64"])
            res.update(task=tid, version=ver)
            atomic_write(dest, json.dumps(res, sort_keys=True) + "\n")
            if os.path.exists(failed):
                os.remove(failed)
            print("ok " + tid, flush=True)
        except (A.RunError, OSError, ValueError) as e:
            bad += 1
            cmd = A.command(meta["karu64"], p, run, "STATS.json")
            atomic_write(failed, json.dumps(dict(task=tid, point=t["point"] + 1, settings=A.point_text(p),
                                                 command="cd %s && %s" % (run.cwd, " ".join(cmd)), error=str(e)),
                                            sort_keys=True) + "\n")
            print("failed %s: %s" % (tid, e), flush=True)
        finally:
            if os.path.exists(stats_path):
                os.remove(stats_path)
    return bad


def chunk(meta, k, m):
    """Array task k of m: every m-th task from the k-th."""
    return [t["id"] for i, t in enumerate(meta["tasks"]) if i % m == k]


# ---- progress ----------------------------------------------------------------------------------

class Progress:
    """done/total, failed, elapsed and ETA: a bar redrawn in place on a terminal, a plain line
    per finished simulation otherwise."""

    def __init__(self, total, done):
        self.total, self.done, self.start_done, self.failed = total, done, done, 0
        self.t0 = time.time()
        self.tty = sys.stdout.isatty()

    def line(self):
        el = time.time() - self.t0
        n = self.done - self.start_done
        eta = "~%s" % fmt_t(el / n * (self.total - self.done)) if n else "?"
        return "%d/%d done%s, elapsed %s, ETA %s" % (self.done, self.total, ", %d failed" % self.failed if self.failed else "",
                                                     fmt_t(el), eta)

    def show(self, last=""):
        if self.tty:
            w = 30
            fill = int(w * self.done / max(self.total, 1))
            sys.stdout.write("\r\033[K[%s%s] %s" % ("#" * fill, "." * (w - fill), self.line()))
        else:
            sys.stdout.write("karu64-sweep: %s%s\n" % (self.line(), "  " + last if last else ""))
        sys.stdout.flush()

    def end(self):
        if self.tty:
            sys.stdout.write("\n")


def fmt_t(s):
    return "%d:%02d" % (s // 60, s % 60)


# ---- --local: GNU parallel ---------------------------------------------------------------------

def local(out, meta, jobs, batch=0):
    """Every unfinished task through GNU parallel (-j jobs, --joblog, --resume-failed), batch
    tasks per job (default: about four jobs per slot, at most 8 tasks: fewer Python starts)."""
    par = shutil.which("parallel")
    if not par:
        die("GNU parallel is not installed (scripts/setup-sweep installs it)")
    done = len(status(out, meta))
    prog = Progress(len(meta["tasks"]), done)
    print("karu64-sweep: %d simulations (%d points x %d repetitions), %d already done, %d at a time with GNU parallel"
          % (len(meta["tasks"]), len(meta["points"]), meta["repetitions"], done, jobs), flush=True)
    if done == len(meta["tasks"]):
        return
    batch = batch or max(1, min(8, len(meta["tasks"]) // (4 * jobs)))
    # --resume-failed goes by job number: a joblog of another batch size numbers other batches
    # (the result files are what counts: a task with one is skipped whatever the joblog says)
    log, mark = os.path.join(out, "joblog"), os.path.join(out, "joblog.batch")
    if not os.path.exists(mark) or open(mark).read().strip() != str(batch):
        if os.path.exists(log):
            os.remove(log)
        atomic_write(mark, "%d\n" % batch)
    cmd = [par, "--will-cite", "--joblog", os.path.join(out, "joblog"), "--resume-failed", "-j", str(jobs), "-N", str(batch),
           "--line-buffer", "--halt", "never", "--arg-file", os.path.join(out, "tasks.txt"),
           sys.executable, SCRIPT, "task", out]
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)

    def stop(sig, frame):                # parallel passes it on to the running simulations
        p.send_signal(signal.SIGTERM)
        p.wait()
        prog.end()
        sys.exit("karu64-sweep: interrupted with %d of %d simulations done; the same command resumes"
                 % (len(status(out, meta)), len(meta["tasks"])))
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    for line in p.stdout:
        line = line.rstrip("\n")
        if line.startswith("ok "):
            prog.done += 1
        elif line.startswith("failed "):
            prog.failed += 1
        elif line.startswith("skip "):
            continue
        else:
            sys.stdout.write(line + "\n")
            continue
        prog.show(line if line.startswith("failed") else "")
    p.wait()
    prog.end()


# ---- --slurm: a job array ----------------------------------------------------------------------

def slurm(out, meta, chunks, throttle, wait, sbatch_args):
    """Submits one array task per chunk of tasks; with wait, follows the job until it leaves the
    queue. Returns the job id."""
    for tool in ("sbatch", "squeue"):
        if not shutil.which(tool):
            die("%s not found: --slurm needs a Slurm client on this machine (Debian: slurm-client)" % tool)
    todo = len(meta["tasks"]) - len(status(out, meta))
    m = max(1, min(chunks or len(meta["tasks"]), len(meta["tasks"])))
    sd = os.path.join(out, "slurm")
    os.makedirs(sd, exist_ok=True)
    array = "0-%d" % (m - 1) + ("%%%d" % throttle if throttle else "")
    script = ("#!/bin/sh\n# karu64-sweep: array task N of %d runs every %d-th task of tasks.txt from the N-th\n"
              "#SBATCH --job-name=karu64-sweep-%s\n#SBATCH --array=%s\n#SBATCH --output=%s/task-%%a.out\n"
              "#SBATCH --cpus-per-task=1\n#SBATCH --ntasks=1\n"
              "exec %s %s chunk %s \"$SLURM_ARRAY_TASK_ID\" %d\n"
              % (m, m, meta["name"], array, sd, shlex.quote(sys.executable), shlex.quote(SCRIPT), shlex.quote(out), m))
    job = os.path.join(sd, "job.sh")
    atomic_write(job, script)
    r = subprocess.run(["sbatch", "--parsable"] + list(sbatch_args) + [job], capture_output=True, text=True)
    if r.returncode:
        die("sbatch failed: %s" % A.last_line(r))
    jid = r.stdout.strip().split(";")[0]
    atomic_write(os.path.join(sd, "jobid"), jid + "\n")
    print("karu64-sweep: submitted Slurm job %s: %d array tasks (%s) for %d simulations, %d to run"
          % (jid, m, array, len(meta["tasks"]), todo), flush=True)
    if not wait:
        print("karu64-sweep: when it has finished (squeue -j %s), merge: karu64-sweep collect %s" % (jid, out))
        return jid
    prog = Progress(len(meta["tasks"]), len(status(out, meta)))
    last = -1
    while True:
        q = subprocess.run(["squeue", "-h", "-j", jid, "-o", "%i %T"], capture_output=True, text=True)
        prog.done = len(status(out, meta))
        prog.failed = len(os.listdir(os.path.join(out, "failed")))
        if prog.done != last:
            prog.show()
            last = prog.done
        if q.returncode or not q.stdout.strip():
            break
        time.sleep(1)
    prog.end()
    return jid


# ---- collect -----------------------------------------------------------------------------------

def column(key):
    return "run." + re.sub(r"[^a-z0-9_.]+", "_", key.lower())


def collect(out, quiet=False):
    """Merges OUT/results into OUT/results.csv and OUT/config.json; prints the summary.
    Returns the number of simulations that failed or have no result."""
    meta = load(out)
    try:
        sw = F.parse(os.path.join(out, "sweep.toml"), meta["karu64"], meta["kbench_dir"], check_points=False,
                     base_dir=meta["base_dir"])
    except (F.SweepError, A.RunError) as e:
        die(str(e))
    res, failed = {}, {}
    for t in meta["tasks"]:
        f = os.path.join(out, "results", t["id"] + ".json")
        g = os.path.join(out, "failed", t["id"] + ".json")
        if os.path.exists(f):
            res[t["id"]] = json.load(open(f))
        elif os.path.exists(g):
            failed[t["id"]] = json.load(open(g))
    tid = {(t["point"], t["rep"], t["run"]["key"]): t["id"] for t in meta["tasks"]}

    def flat(stats):
        cols = []
        for key in meta["stats"]:
            v = stats
            for part in key.split("."):
                v = v.get(part) if isinstance(v, dict) else None
            if isinstance(v, dict):
                cols += [(column(key + "." + k), x) for k, x in v.items() if not isinstance(x, dict)]
            else:                        # a key this karu64 does not report: an empty column
                cols.append((column(key), "" if v is None else v))
        return cols

    rows, statcols, problems = [], [], []
    for pi, p in enumerate(meta["points"]):
        for r in range(meta["repetitions"]):
            for w in sw["workloads"]:
                ids = [tid[(pi, r, run.key)] for run in w.runs(r)]
                base = dict(sweep_hash=meta["hash"], point=str(pi + 1), **meta["columns"][pi])
                base.update(workload=w.name, kind=w.kind, build=w.build, repetition=str(r + 1))
                if all(i in res for i in ids):
                    try:
                        metric, value, ins = w.value([res[i] for i in ids])
                    except (StopIteration, KeyError, ValueError, ZeroDivisionError) as e:
                        problems.append("point %d (%s) %s: the output lacks the row (%s)" % (pi + 1, A.point_text(p), w.name, e))
                        base.update(status="failed")
                        rows.append(base)
                        continue
                    base.update(karu64_version=res[ids[0]]["version"], status="ok", metric=metric, value=value,
                                instructions=ins)
                    for k, v in flat(res[ids[0]]["stats"]):
                        if k not in statcols:
                            statcols.append(k)
                        base[k] = str(v)
                else:
                    base.update(status="failed" if any(i in failed for i in ids) else "missing")
                    for i in ids:
                        if i in failed:
                            problems.append("point %s (%s) %s repetition %d: %s" % (pi + 1, A.point_text(p), w.name, r + 1,
                                                                                    failed[i]["error"]))
                        elif i not in res:
                            problems.append("point %s (%s) %s repetition %d: no result yet (task %s)" % (
                                pi + 1, A.point_text(p), w.name, r + 1, i))
                rows.append(base)
    header = ["sweep_hash", "karu64_version", "point"] + meta["axes"] + \
             ["workload", "kind", "build", "repetition", "status", "metric", "value", "instructions"] + statcols
    buf = io.StringIO()
    wr = csv.writer(buf, lineterminator="\n")
    wr.writerow(header)
    for row in rows:
        wr.writerow([row.get(h, "") for h in header])
    atomic_write(os.path.join(out, "results.csv"), buf.getvalue())
    cfg = dict(sweep_file=open(os.path.join(out, "sweep.toml")).read(), hash=meta["hash"], name=meta["name"],
               axes=meta["axes"], derived=meta["derived"], points=meta["points"], workloads=meta["workloads"], repetitions=meta["repetitions"],
               stats=meta["stats"], columns=header, simulations=len(meta["tasks"]),
               versions=sorted({x["version"] for x in res.values()}),
               commands=sorted({"cd %s && karu64 %s" % (os.path.relpath(t["run"]["cwd"], meta["base_dir"]),
                                                        " ".join(t["run"]["options"] + [t["run"]["program"]] + t["run"]["args"]))
                                for t in meta["tasks"]}))
    atomic_write(os.path.join(out, "config.json"), json.dumps(cfg, indent=1) + "\n")
    if not quiet:
        print("karu64-sweep: %s/results.csv: %d rows (%d points x %d workloads x %d repetitions), %d of %d simulations done"
              % (out, len(rows), len(meta["points"]), len(sw["workloads"]), meta["repetitions"], len(res), len(meta["tasks"])))
    if problems:
        print("karu64-sweep: %d problem(s):" % len(problems))
        for x in problems:
            print("  " + x)
    return len(problems)
