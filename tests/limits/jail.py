#!/usr/bin/env python3
"""The path jail (--jail=DIR) and --no-semihosting (doc/verification.md): guest writes outside
the jail fail, the same writes inside it succeed, `..` and symbolic links do not lead out, and
with semihosting off a bare-metal guest's semihosting call is the breakpoint exception the
privileged spec gives ebreak (mcause 3) and removes nothing. The oracle is the host's file
system, listed before and after each run.
    jail.py KARU64 PROBE ESCAPE SEMIHOST_OFF SYSCALLS SCRATCH RESULTS
PROBE is tests/fuzz/guest/jail_probe (a write of every kind on a folder; exit status = the number
that succeeded), ESCAPE tests/limits/t_escape, SEMIHOST_OFF tests/limits/semihost_off.S built, SYSCALLS tests/linux/t_syscalls (its checks
must pass with --jail=/ as without a jail: every path call goes through the jail's code)."""
import os
import shutil
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import harness


def listing(d):
    out = []
    for root, dirs, files in os.walk(d):
        for n in sorted(dirs + files):
            p = os.path.join(root, n)
            st = os.lstat(p)
            out.append("%s %o %d" % (os.path.relpath(p, d), st.st_mode, st.st_size))
    return sorted(out)


def fresh(d):
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    with open(os.path.join(d, "victim"), "w") as f:
        f.write("victim\n")


def main():
    karu64, probe, escape, semi, syscalls, scratch, results = [os.path.abspath(x) for x in sys.argv[1:8]]
    t = harness.Tally(results)
    jail, out, free = (os.path.join(scratch, n) for n in ("jail", "out", "free"))
    # Without the jail the probe's writes reach the folder: the number to expect inside.
    fresh(free)
    o = harness.run([karu64, probe, free])
    n_free = o.status
    t.check(n_free is not None and n_free >= 7, "without --jail the probe's writes reach the host (%s of 8)" % n_free)
    fresh(out)
    before = listing(out)
    shutil.rmtree(jail, ignore_errors=True)
    os.makedirs(jail)
    fresh(os.path.join(jail, "in"))
    o = harness.run([karu64, "--jail=" + jail, probe, out])
    t.check(o.status == 0, "with --jail every write on a folder outside fails (%s succeeded)" % o.status)
    o = harness.run([karu64, "--jail=" + jail, probe, "/in"])
    t.check(o.status == n_free, "with --jail the same writes on /in succeed (%s of %s)" % (o.status, n_free))
    t.check(os.path.exists(os.path.join(jail, "in", "created")) and not os.path.exists(os.path.join(out, "created")),
            "they were made in the jail's /in, not in the host's /in")
    t.check(listing(out) == before, "the folder outside is unchanged")
    # The escape attempts, from a working directory outside the jail.
    fresh(os.path.join(jail, "in"))
    os.symlink(out, os.path.join(jail, "link_out"))
    o = harness.run([karu64, "--jail=" + jail, escape, out], text=True, cwd=scratch)
    lines = (o.out or "").splitlines()
    for l in lines:
        if l.startswith("ok: ") or l.startswith("FAIL: "):
            t.check(l.startswith("ok: "), "t_escape: " + l.split(": ", 1)[1])
    t.check(o.status == 0 and lines and lines[-1].endswith(" 0 failed"),
            "t_escape ran to its end (exit %s, %s)" % (o.status, o.why or (lines[-1] if lines else "no output")))
    t.check(listing(out) == before, "the folder outside is still unchanged")
    t.check(os.path.isdir(os.path.join(jail, "made")) and not os.path.exists(os.path.join(scratch, "made")),
            "mkdir /in/../../../made made the jail's /made")
    t.check(os.path.exists(os.path.join(jail, "in", "ok")) and not os.path.exists(os.path.join(scratch, "in")),
            "in/ok was created in the jail")
    o = harness.run([karu64, "--jail=" + os.path.join(scratch, "nowhere"), probe, "/in"])
    t.check(o.status == 125 and o.err_text().startswith("karu64: error: ") and ": --jail " in o.err_text() and len(o.err_text().splitlines()) == 1,
            "a missing jail folder is one error line, exit 125 (%s: %s)" % (o.status, o.err_text()))
    # Semihosting off: the call is a breakpoint exception and the victim stays.
    fresh(out)
    o = harness.run([karu64, "--bare", "--no-semihosting", semi], cwd=out)
    t.check(o.status == 0, "--no-semihosting: the semihosting ebreak is a breakpoint exception (exit %s)" % o.status)
    t.check(os.path.exists(os.path.join(out, "victim")), "--no-semihosting: the victim is still there")
    o = harness.run([karu64, "--bare", semi], cwd=out)
    t.check(o.status == 1 and not os.path.exists(os.path.join(out, "victim")),
            "with semihosting the same call removes the victim (exit %s)" % o.status)
    # The system-call tests through the jail's code, with the host's root as the jail.
    os.makedirs(os.path.join(scratch, "sys"))
    o = harness.run([karu64, "--jail=/", syscalls, syscalls, os.path.join(scratch, "sys")], text=True, timeout=120)
    last = (o.out or "").strip().splitlines()[-1:] or [o.why]
    t.check(o.status == 0 and last[0].endswith(" 0 failed"), "t_syscalls with --jail=/: %s" % last[0])
    shutil.rmtree(scratch, ignore_errors=True)
    return t.finish()


if __name__ == "__main__":
    sys.exit(main())
