#!/usr/bin/env python3
"""The front door: what a newcomer meets before anything else.
- `make` on a machine without the build's dependencies stops with one line naming `make setup`
  (the probe pointed at an empty sysroot, or at a compiler that does not exist), and the setup
  goals themselves do not need the compiler;
- `karu64 --version` prints the version of include/karu64.h and the commit git names for the
  tree (git itself is the oracle), also from a `git archive` tarball (no .git) and a plain copy;
- `make help` lists the top-level targets and every target of make check;
- the README's headline table is what eval/headline.json says (scripts/headline-readme --check);
- doc/options.md is what `karu64 --help` prints (scripts/doc-options --check);
- every folder under src/ opens with a README naming what it holds and what it may use;
- README.md and the manual's own pages speak to users (no issue numbers, no insider phrases).
usage: run.py KARU64 TMPDIR RESULTS"""
import json, os, re, subprocess, sys, shutil

karu64, tmp, results = (os.path.abspath(x) for x in sys.argv[1:4])
top = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
shutil.rmtree(tmp, ignore_errors=True)
os.makedirs(tmp)
log = []
passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
    line = ("PASS " if ok else "FAIL ") + name + ("" if ok else " " + str(detail)[:2000])
    print(line)
    log.append(line)


def sh(cmd, **kw):
    return subprocess.run(cmd, cwd=kw.pop("cwd", top), capture_output=True, text=True, timeout=kw.pop("timeout", 120), **kw)


def make(*args):
    # a make of its own: no -j or goals inherited from the make that runs this test
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES")}
    return sh(["make", "--no-print-directory"] + list(args), env=env)


# ---- the build's dependency probe -------------------------------------------------------------
empty = os.path.join(tmp, "empty-sysroot")
os.makedirs(empty)
for name, over in [("an empty sysroot", "PROBE_SYSROOT=" + empty),
                   ("a compiler that does not exist", "PROBE_CC=" + os.path.join(tmp, "no-such-cc"))]:
    b = os.path.join(tmp, "b-" + str(len(log)))
    r = make("B=" + b, over)
    lines = (r.stdout + r.stderr).strip().splitlines()
    check("make with the probe at %s fails" % name, r.returncode != 0, r.returncode)
    check("make with the probe at %s says one line naming `make setup`" % name,
          len(lines) == 1 and "make setup" in lines[0], lines)
    check("make with the probe at %s prints no compiler error" % name,
          not re.search(r"fatal error|No such file|error:|not found", r.stdout + r.stderr), lines)
    check("make with the probe at %s compiles nothing" % name, not os.path.exists(os.path.join(b, "obj")))
r = make("-n", "B=" + os.path.join(tmp, "b-ok"))
check("make -n with the default probe would compile the simulator", r.returncode == 0 and "src/core/hart.c" in r.stdout,
      r.stderr[-500:])
for goal in ["setup", "setup-build", "help", "clean"]:
    r = make("-n", "B=" + os.path.join(tmp, "b-goal"), "PROBE_SYSROOT=" + empty, goal)
    check("make -n %s does not need the compiler" % goal, r.returncode == 0, r.stderr[-500:])

# ---- karu64 --version -------------------------------------------------------------------------
version = re.search(r'#define K64_VERSION "([^"]+)"', open(os.path.join(top, "include/karu64.h")).read()).group(1)
git = shutil.which("git") and sh(["git", "rev-parse", "--show-toplevel"]).stdout.strip() == os.path.realpath(top)
if git:
    head = sh(["git", "rev-parse", "--short=12", "HEAD"]).stdout.strip()
    dirty = sh(["git", "diff", "--quiet", "HEAD", "--"]).returncode != 0
    want_commit = head + ("-dirty" if dirty else "")
else:
    head, want_commit = None, "unknown"
r = sh([karu64, "--version"])
check("karu64 --version prints the version and the commit",
      r.returncode == 0 and r.stdout == "karu64 %s (commit %s)\n" % (version, want_commit), (r.stdout, want_commit))
if git:
    # a tarball made by git archive has no .git: the commit comes from export-subst
    arch = os.path.join(tmp, "archive")
    os.makedirs(arch)
    a = subprocess.run("git archive HEAD scripts/commit-id scripts/commit-id.txt | tar -x -C %s" % arch,
                       shell=True, cwd=top, capture_output=True, text=True)
    got = sh([os.path.join(arch, "scripts/commit-id")], cwd=arch).stdout.strip() if a.returncode == 0 else None
    check("commit-id in a git archive tarball names HEAD", got == head, (a.stderr, got, head))
# a plain copy (no .git, no export-subst), inside another git tree: "unknown"
plain = os.path.join(tmp, "plain", "scripts")
os.makedirs(plain)
shutil.copy(os.path.join(top, "scripts/commit-id"), plain)
open(os.path.join(plain, "commit-id.txt"), "w").write("$Format:%H$\n")
r = sh([os.path.join(plain, "commit-id")], cwd=plain)
check("commit-id in a copy without .git says unknown", r.stdout == "unknown\n", r.stdout)

# ---- make help --------------------------------------------------------------------------------
r = make("help")
out = r.stdout.splitlines()
r2 = make("-pn", "B=" + os.path.join(tmp, "b-p"), "help")
m = re.search(r"^CHECK := (.*)$", r2.stdout, re.M)
checks = m.group(1).split() if m else []
check("make help lists the main targets, one line each",
      r.returncode == 0 and all(any(l.startswith("make %s " % t) for l in out)
                                for t in ["setup", "report", "check", "check-full", "check-asan", "clean"]), out[:20])
check("make help lists every target of make check",
      len(checks) > 20 and all(any(l.split() and l.split()[0] == t for l in out) for t in checks),
      [t for t in checks if not any(l.split() and l.split()[0] == t for l in out)])

# ---- generated text is current ----------------------------------------------------------------
for args, what in [(["eval/headline.py", "readme", "--check"], "the README headline table matches eval/headline.json"),
                   (["scripts/doc-options", "--check", karu64], "doc/options.md matches karu64 --help")]:
    r = sh(["python3"] + args) if os.path.exists(os.path.join(top, args[0])) else None
    check(what, r is not None and r.returncode == 0, r and (r.stdout + r.stderr)[-1500:])

# the check can fail: a README whose table has one figure changed
h = json.load(open(os.path.join(top, "eval/headline.json")))
fig = h["figures"][0]["values"]["karu64-sim"]
text = open(os.path.join(top, "README.md")).read()
bad_readme = os.path.join(tmp, "README.md")
open(bad_readme, "w").write(text.replace("| %s |" % fig, "| %s9 |" % fig, 1))
r = sh(["python3", "eval/headline.py", "readme", "--check", "--readme", bad_readme])
check("the headline check fails on a README with one figure changed", fig in text and r.returncode != 0, r.stdout + r.stderr)

# every manual page the table of contents names exists, and every page of doc/ is in it
toc = open(os.path.join(top, "doc/README.md")).read()
named = set(re.findall(r"\]\(([^)#]+)", toc))
check("doc/README.md names only pages that exist", all(os.path.exists(os.path.join(top, "doc", n)) for n in named),
      [n for n in named if not os.path.exists(os.path.join(top, "doc", n))])
unlisted = [f for f in os.listdir(os.path.join(top, "doc")) if f.endswith(".md") and f != "README.md" and f not in named]
check("doc/README.md lists every page of doc/", not unlisted, unlisted)

# ---- src/ folders and user-facing text ----------------------------------------------------------
src = os.path.join(top, "src")
missing = [d for d in sorted(os.listdir(src)) if os.path.isdir(os.path.join(src, d))
           and not (os.path.exists(os.path.join(src, d, "README.md"))
                    and re.search(r"may (use|depend|include)", open(os.path.join(src, d, "README.md")).read(), re.I))]
check("every folder under src/ has a README saying what it may depend on", not missing, missing)
own = ["README.md", "doc/README.md", "doc/usage.md", "doc/linux-user.md", "doc/threads.md", "doc/vkeccak.md",
       "doc/evaluation.md", "doc/development.md", "doc/options.md", "doc/tests.md", "doc/speed.md"]
bad = []
for f in own:
    p = os.path.join(top, f)
    if os.path.exists(p):
        for n, line in enumerate(open(p), 1):
            if re.search(r"\bissues? #?[0-9]|this project's|our machine", line, re.I):
                bad.append("%s:%d: %s" % (f, n, line.strip()[:100]))
check("README.md and the manual's general pages name no issue numbers or insider phrases", not bad, bad)
broken = []
for f in own:
    p = os.path.join(top, f)
    if os.path.exists(p):
        for t in re.findall(r"\]\(([^)#\s]+)", open(p).read()):
            if not t.startswith(("http:", "https:")) and not os.path.exists(os.path.join(os.path.dirname(p), t)):
                broken.append("%s -> %s" % (f, t))
check("the links of README.md and the manual's general pages lead to files", not broken, broken)
lines = open(os.path.join(top, "README.md")).read().count("\n")
check("README.md is one screen (at most 90 lines)", lines <= 90, lines)

with open(results, "w") as f:
    f.write("frontdoor\n" + "\n".join(log) + "\n%d passed, %d failed\n" % (passed, failed))
sys.exit(1 if failed else 0)
