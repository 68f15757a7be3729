"""Shared scaffolding of karu64's Python test scripts: running a command with a timeout the way
a shell reports it, comparing outputs line by line, and counting checks into the results file
every test target writes (build/test-results/<name>.txt, ending in "N passed, N failed").

A script in tests/<dir>/ imports it with
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
    import harness
"""
import subprocess


def shell_status(returncode):
    """The exit status as a shell reports it: 128 + N for a process killed by signal N."""
    return returncode if returncode >= 0 else 128 - returncode


class Outcome:
    """How one command ended: out/err (bytes, or str with text=True), status (shell-like), or
    status None with why ("timeout after N s", "cannot run X: ...") if it did not finish; then
    out/err hold what the command had written before it was killed (empty if it never ran)."""

    def __init__(self, out=None, err=None, status=None, why=""):
        self.out, self.err, self.status, self.why = out, err, status, why

    def err_text(self):
        e = self.err or b""
        return (e.decode(errors="replace") if isinstance(e, bytes) else e).strip()

    def err_last_line(self):
        return (self.err_text().splitlines() or [""])[-1]


def _partial(b, text):
    """What a killed command had written (TimeoutExpired holds bytes, or None)."""
    b = b or b""
    if isinstance(b, bytes) and text:
        return b.decode(errors="replace")
    return b


def run(cmd, timeout=60, input=None, env=None, text=False, cwd=None):
    """Runs cmd (stdin from input, else /dev/null), capturing its output; never raises for a
    timeout or a program that cannot be started."""
    if isinstance(input, str) and not text:
        input = input.encode()
    try:
        r = subprocess.run(cmd, capture_output=True, input=input,
                           stdin=None if input is not None else subprocess.DEVNULL,
                           timeout=timeout, env=env, text=text, cwd=cwd)
    except subprocess.TimeoutExpired as e:
        return Outcome(_partial(e.stdout, text), _partial(e.stderr, text), why="timeout after %d s" % timeout)
    except OSError as e:
        return Outcome(_partial(None, text), _partial(None, text), why="cannot run %s: %s" % (cmd[0], e))
    return Outcome(r.stdout, r.stderr, shell_status(r.returncode))


def run_text(cmd, timeout=60, input=None, env=None, cwd=None):
    """(status, stdout, stderr) as text, undecodable bytes replaced; a command that did not finish
    gives status -1 and the reason as its stderr."""
    o = run(cmd, timeout=timeout, input=input, env=env, cwd=cwd)
    if o.status is None:
        return -1, "", o.why
    return o.status, o.out.decode(errors="replace"), o.err.decode(errors="replace")


def run_pair(cmd, timeout=60, env=None, tail=None):
    """The differential scripts' form: ((stdout, status), stderr's last line), or (None, why).
    tail=N gives stderr's last N characters instead of its last line."""
    o = run(cmd, timeout=timeout, env=env)
    if o.status is None:
        return None, o.why
    return (o.out, o.status), (o.err_text()[-tail:] if tail else o.err_last_line())


def first_diff(a, b, la="qemu", lb="karu64", width=120):
    """Where two outputs (bytes) first differ, by line."""
    xa, xb = a.split(b"\n"), b.split(b"\n")
    for i, (x, y) in enumerate(zip(xa, xb)):
        if x != y:
            return "line %d: %s %r, %s %r" % (i + 1, la, x[:width], lb, y[:width])
    return "%s %d lines, %s %d lines" % (la, len(xa), lb, len(xb))


class Tally:
    """PASS/FAIL lines on stdout and in the results file, and the count line at the end."""

    def __init__(self, results=None):
        self.passed = self.failed = 0
        self.lines = []
        self.results = results

    def check(self, ok, label, detail=""):
        line = ("PASS " if ok else "FAIL ") + label + ("" if ok or detail == "" else ": %s" % detail)
        self.lines.append(line)
        print(line, flush=True)
        if ok:
            self.passed += 1
        else:
            self.failed += 1
        return ok

    def finish(self):
        """Writes the results file; the exit status for sys.exit."""
        count = "%d passed, %d failed" % (self.passed, self.failed)
        print(count)
        if self.results:
            with open(self.results, "w") as f:
                f.write("\n".join(self.lines + [count]) + "\n")
        return 1 if self.failed else 0
