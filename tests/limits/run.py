#!/usr/bin/env python3
"""The host-memory ceiling (--host-mem-limit, doc/verification.md): a guest that maps memory
without bound gets ENOMEM, as Linux gives past its commit limit, and karu64's peak resident
memory stays within the ceiling (above what the same run without the guest's mappings holds).
The oracle is the Linux ABI (ENOMEM from mmap, sbrk's failure) and the host kernel's own count
of the process's peak resident memory (wait4's ru_maxrss).
    run.py KARU64 MEMHOG RESULTS"""
import os
import re
import signal
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import harness

MIB = 1 << 20


def run_peak(cmd, timeout=120):
    """(stdout, status, peak resident MiB) of cmd, with wait4 giving this child's own peak."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        os.dup2(w, 1)
        devnull = os.open(os.devnull, os.O_RDWR)
        os.dup2(devnull, 0)
        os.execv(cmd[0], cmd)
    os.close(w)
    chunks = []
    signal.alarm(timeout)
    try:
        while True:
            b = os.read(r, 65536)
            if not b:
                break
            chunks.append(b)
        _, status, ru = os.wait4(pid, 0)
    finally:
        signal.alarm(0)
        os.close(r)
    return b"".join(chunks).decode(), harness.shell_status(os.waitstatus_to_exitcode(status)), ru.ru_maxrss / 1024


def main():
    karu64, memhog, results = sys.argv[1:4]
    t = harness.Tally(results)
    base = run_peak([karu64, "--host-mem-limit=64M", memhog, "none"])
    t.check(base[1] == 0 and base[0].startswith("none:"), "the guest runs under --host-mem-limit=64M",
            repr(base))
    got = {}
    for limit in (32, 64):
        for mode in ("mmap", "hide", "brk"):
            out, st, peak = run_peak([karu64, "--host-mem-limit=%dM" % limit, memhog, mode])
            m = re.match(r"%s: (\d+) MiB, errno (\S+)" % mode, out)
            ok = st == 0 and m is not None
            t.check(ok, "%s, --host-mem-limit=%dM: exit %s, %s" % (mode, limit, st, out.strip()))
            if not ok:
                continue
            n, err = int(m.group(1)), m.group(2)
            got[mode, limit] = n
            # The program, its 8 MiB stack and glibc's own pages come out of the ceiling too.
            t.check(err == "ENOMEM" and limit - 16 <= n <= limit,
                    "%s: ENOMEM after %d MiB of a %d MiB ceiling" % (mode, n, limit))
            held = peak - base[2]
            t.check(held <= limit, "%s: peak resident %.1f MiB, %.1f MiB above the run without "
                    "mappings (ceiling %d MiB)" % (mode, peak, held, limit))
    for mode in ("mmap", "hide", "brk"):
        if (mode, 32) in got and (mode, 64) in got:
            d = got[mode, 64] - got[mode, 32]
            t.check(d == 32, "%s: a ceiling 32 MiB higher gives 32 MiB more (%d)" % (mode, d))
    out, st, _ = run_peak([karu64, "--host-mem-limit=32M", memhog, "reserve"])
    t.check(st == 0 and out.strip() == "reserve: 16384 MiB, errno none",
            "PROT_NONE reservations of 16 GiB cost nothing under a 32 MiB ceiling: %s" % out.strip())
    o = harness.run([karu64, "--machine=karu64", "--bios=/dev/null", "--mem=512M",
                     "--host-mem-limit=64M"], timeout=30)
    t.check(o.status == 125 and o.err_last_line().startswith("karu64: error: guest RAM")
            and len(o.err_text().splitlines()) == 1,
            "board: --mem above the ceiling is one error line, exit 125 (%s: %s)" % (o.status, o.err_text()))
    o = harness.run([karu64, "--host-mem-limit=1", memhog], timeout=30)
    t.check(o.status == 125 and "--host-mem-limit" in o.err_text(),
            "a ceiling below 1M is refused (%s: %s)" % (o.status, o.err_text()))
    return t.finish()


if __name__ == "__main__":
    sys.exit(main())
