#!/usr/bin/env python3
"""make check-disk-full: boots the Debian trixie image of `make rootfs` (build/disk/debian.img,
snapshot) on the board and checks, through the console:
- "booted" (doc/board.md): agetty's autologin gives root's shell prompt on ttyS0 and
  `runlevel` says 2 (sysvinit's rc 2 has run);
- the disk came up through the initramfs: virtio_blk and ext4 are loaded, / is /dev/vda;
- `apt list --installed` equals the packages debootstrap fetched (names and versions read
  from the .deb files on the host, build/disk/debian.packages);
- `openssl version` prints OpenSSL 3.5, `ldd /usr/bin/openssl` resolves every library,
  `perf --version` runs; `perf stat -e instructions:u,cycles:u` of a process of known length
  counts it within 0.1 %; `perf record -e cycles:u` of a Keccak-heavy run samples within 10 % of
  cycles / period and `perf report` names the permutation its top symbol;
- /opt/karu64 holds the guest benchmark builds, byte for byte (sha256 against the host files);
- a file written in the guest leaves the image untouched (snapshot); `poweroff` ends the run
  with status 0.
The seconds to the prompt are printed and go into the result file.

usage: debian.py --karu64 K --args "BOARD ARGS" --packages LIST --opt "GUEST=HOST ..." --result FILE
                 [--model M] [--time STAGE_TIMES]"""
import argparse
import hashlib
import os
import queue
import re
import shlex
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "boot"))
sys.dont_write_bytecode = True   # no __pycache__ in the source tree
from results import check, finish  # noqa: E402


class Console:
    def __init__(self, cmd):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0)
        self.q = queue.Queue()
        self.buf = b""
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self):
        while True:
            b = self.p.stdout.read1(65536) if hasattr(self.p.stdout, "read1") else os.read(self.p.stdout.fileno(), 65536)
            self.q.put(b)
            if not b:
                return

    def expect(self, pattern, timeout):
        """Reads until the regex matches; the text before it (None on timeout or EOF)."""
        end = time.time() + timeout
        while True:
            m = re.search(pattern, self.buf)
            if m:
                before, self.buf = self.buf[:m.start()], self.buf[m.end():]
                return before
            try:
                b = self.q.get(timeout=max(0.1, end - time.time()))
            except queue.Empty:
                return None
            if not b:
                return None
            self.buf += b

    def send(self, s):
        self.p.stdin.write(s.encode())
        self.p.stdin.flush()

    def run(self, cmd, timeout=600):
        """Runs cmd in the guest shell; its output (str) or None."""
        # the markers are split by quotes so the echoed command line does not match them
        self.send("echo KARU64-B''EGIN; %s; echo KARU64-E''ND-$?\n" % cmd)
        if self.expect(rb"KARU64-BEGIN\r?\n", timeout) is None:
            return None
        out = self.expect(rb"KARU64-END-\d+", timeout)
        return None if out is None else out.decode(errors="replace").replace("\r", "")


PERFLOOP_INSNS = 2 + 2 * 5000000 + 2   # tests/disk/perfloop.S, by construction
PERIOD = 20000


def perf_stat(c, events, cmd):
    """`perf stat -x,` of cmd in the guest: {event: count} (None where not counted)."""
    out = c.run("perf stat -x, -e %s %s 2>&1 >/dev/null" % (events, cmd)) or ""
    res = {}
    for l in out.splitlines():
        f = l.split(",")
        if len(f) >= 3 and f[2] in events.split(","):
            res[f[2]] = int(f[0]) if f[0].isdigit() else None
    return res, out


def perf_checks(c):
    """Debian's perf through the SBI PMU (doc/board.md, "Device tree" and "perf")."""
    st, out = perf_stat(c, "instructions:u,cycles:u", "/opt/karu64/perfloop")
    ins, cyc = st.get("instructions:u"), st.get("cycles:u")
    check(ins is not None and abs(ins - PERFLOOP_INSNS) <= PERFLOOP_INSNS // 1000,
          "perf stat -e instructions:u of a %d-instruction process: %s (within 0.1 %%)" % (PERFLOOP_INSNS, ins))
    check(cyc is not None and ins is not None and cyc >= ins, "perf stat -e cycles:u: %s, at least the instructions"
          % cyc)
    # (kpqc reads no counters: user-mode rdcycle traps under Debian's kernel.perf_user_access = 1)
    keccak = "/opt/karu64/rv64gc/kpqc sha3-256 61 --repeat-to 200000"
    st, out = perf_stat(c, "cycles:u", keccak)
    cyc = st.get("cycles:u")
    out = c.run("perf record -q -e cycles:u -c %d -o /tmp/perf.data %s >/dev/null 2>&1;"
                " perf script -i /tmp/perf.data -F ip 2>/dev/null | wc -l;"
                " perf report -i /tmp/perf.data --stdio -q --sort symbol 2>/dev/null | head -3" % (PERIOD, keccak)) or ""
    lines = [l for l in out.splitlines() if l.strip()]
    n = int(lines[0]) if lines and lines[0].strip().isdigit() else 0
    check(cyc and abs(n - cyc / PERIOD) <= 0.1 * cyc / PERIOD,
          "perf record -e cycles:u -c %d of SHA3-256 of 200,000 bytes: %d samples for %s cycles (within 10 %% of cycles / period)"
          % (PERIOD, n, cyc))
    top = lines[1] if len(lines) > 1 else ""
    check("keccak_p1600_permute" in top, "perf report: the top symbol of SHA3-256 on the rv64gc build (scalar "
          "Keccak) is the permutation (%s)" % top.strip())


def main():
    ap = argparse.ArgumentParser()
    for o in ("karu64", "args", "packages", "opt", "result"):
        ap.add_argument("--" + o, required=True)
    ap.add_argument("--model")
    ap.add_argument("--time")
    a = ap.parse_args()
    args = shlex.split(a.args)
    img = next(x.split("=", 1)[1].split(",")[0] for x in args if x.startswith("--drive="))
    st0 = os.stat(img)
    cmd = [a.karu64] + args + ["--append", "console=ttyS0 quiet root=/dev/vda rw"]
    if a.model:
        cmd.append("--model=" + a.model)
    mode = a.model or "functional"
    t0 = time.time()
    c = Console(cmd)
    booted = c.expect(rb"root@karu64:~# ", 3600 if a.model else 1200)
    t_prompt = time.time() - t0
    check(booted is not None, "%s: the board boots to root's autologin prompt in %.0f s" % (mode, t_prompt))
    if booted is None:
        c.p.kill()
        return finish(a.result)
    c.send("stty -echo\n")
    c.expect(rb"# ", 60)
    out = c.run("runlevel") or ""
    check(re.search(r"\b2\s*$", out.strip()) is not None, "runlevel is 2 (%r)" % out.strip())
    out = c.run("lsmod; findmnt -n -o SOURCE /") or ""
    check(all(re.search(r"^%s\s" % m, out, re.M) for m in ("virtio_blk", "virtio_mmio", "ext4", "jbd2")) and
          "/dev/vda" in out, "virtio_mmio, virtio_blk, ext4 and jbd2 are loaded and / is /dev/vda")
    out = c.run("apt list --installed 2>/dev/null | cat") or ""   # not a terminal: no progress or columns
    got = sorted(re.sub(r"/\S+", "", l.split(" ")[0]) + " " + l.split(" ")[1]
                 for l in out.splitlines() if "/" in l and "[installed" in l)
    with open(a.packages) as f:
        want = sorted(l.strip() for l in f if l.strip())
    check(got == want and want, "apt list --installed equals the %d packages fetched (%d listed; differing: %s)"
          % (len(want), len(got), sorted(set(got) ^ set(want))[:6]))
    out = c.run("openssl version") or ""
    check(re.match(r"OpenSSL 3\.5\.", out.strip()) is not None, "openssl version: %s" % out.strip())
    out = c.run("ldd /usr/bin/openssl") or ""
    libs = [l for l in out.splitlines() if l.strip()]
    check(len(libs) >= 3 and not any("not found" in l for l in libs) and any("libssl.so.3 => /" in l for l in libs),
          "ldd /usr/bin/openssl resolves every library (%d lines)" % len(libs))
    out = c.run("perf --version") or ""
    check(out.startswith("perf version 6.12"), "perf --version: %s" % out.strip())
    perf_checks(c)
    specs = [s.split("=", 1) for s in a.opt.split()]
    out = c.run("cd /opt/karu64 && sha256sum " + " ".join(g for g, _ in specs)) or ""
    got = dict(reversed(l.split()) for l in out.splitlines() if len(l.split()) == 2)
    bad = [g for g, h in specs if got.get(g) != hashlib.sha256(open(h, "rb").read()).hexdigest()]
    check(specs and not bad, "/opt/karu64 holds the %d guest builds byte for byte (differing: %s)" % (len(specs), bad[:4]))
    out = c.run("echo snapshot > /root/written && sync && cat /root/written") or ""
    check(out.strip() == "snapshot", "the guest writes to its disk")
    c.send("poweroff\n")
    try:
        rc = c.p.wait(timeout=600)
    except subprocess.TimeoutExpired:
        c.p.kill()
        rc = None
    check(rc == 0, "poweroff ends the run with status 0 (%s)" % rc)
    st1 = os.stat(img)
    check((st1.st_mtime_ns, st1.st_size) == (st0.st_mtime_ns, st0.st_size), "snapshot: the image file is untouched")
    notes = ["boot to the prompt (%s): %.0f s" % (mode, t_prompt)]
    if a.time and os.path.exists(a.time):
        notes.append("image build: " + open(a.time).read().strip())
    finish(a.result, notes)


if __name__ == "__main__":
    main()
