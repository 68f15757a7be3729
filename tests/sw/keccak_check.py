#!/usr/bin/env python3
"""Runs tests/sw keccak_test (host or guest, through an optional runner) and compares every
line with the independent Python Keccak in keccak_ref.py.
usage: keccak_check.py PROGRAM [--runner 'CMD ARGS'] [--result FILE] [--identity]
--identity: for the test-only build whose vkeccak.vi is replaced by nothing (QEMU lacks it);
the oracle's permutation is then the identity, which checks the code around the instruction."""
import argparse
import os
import shlex
import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import keccak_ref as K  # noqa: E402
import harness  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("program")
    ap.add_argument("--runner", default="")
    ap.add_argument("--result")
    ap.add_argument("--identity", action="store_true",
                    help="the program was built with ZVKNHK_TEST_IDENTITY: vkeccak.vi is a no-op")
    a = ap.parse_args()
    if a.identity:
        K.permute = lambda st, nr=24: list(st)
    cmd = shlex.split(a.runner) + [a.program]
    r = harness.run(cmd, timeout=600, text=True)
    passed = failed = 0
    log = []

    def check(ok, what):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            log.append("FAIL " + what)

    if r.status != 0:
        check(False, f"{' '.join(cmd)} exited {r.status}: {r.why or r.err.strip()[:200]}")
    lines = r.out.splitlines() if r.status is not None else []
    kinds = {}
    for ln in lines:
        f = ln.split()
        if not f:
            continue
        kinds[f[0]] = kinds.get(f[0], 0) + 1
        if f[0] == "backend":
            log.append(f"backend {f[1]}")
        elif f[0] == "perm":
            nr = int(f[1])
            st = [int(x, 16) for x in f[2:27]]
            got = [int(x, 16) for x in f[27:52]]
            check(K.permute(st, nr) == got, f"perm nr={nr} in[0]={st[0]:x}")
        elif f[0] in ("absorb", "squeeze"):
            rate, nr, nb, mis = map(int, f[1:5])
            st = [int(x, 16) for x in f[5:30]]
            if f[0] == "absorb":
                data = bytes.fromhex(f[30])
                got = [int(x, 16) for x in f[31:56]]
                nbytes, calls = int(f[56]), int(f[57])
                for b in range(nb):
                    for i in range(rate // 8):
                        st[i] ^= int.from_bytes(data[b * rate + 8 * i: b * rate + 8 * i + 8], "little")
                    st = K.permute(st, nr)
                check(got == st and nbytes == nb * rate and calls == nb,
                      f"absorb rate={rate} nr={nr} nblocks={nb} misalign={mis} (calls {calls})")
            else:
                out = bytes.fromhex(f[30])
                got = [int(x, 16) for x in f[31:56]]
                calls = int(f[56])
                exp = b""
                for b in range(nb):
                    st = K.permute(st, nr)
                    exp += b"".join(st[i].to_bytes(8, "little") for i in range(rate // 8))
                check(got == st and out == exp and calls == nb,
                      f"squeeze rate={rate} nr={nr} nblocks={nb} misalign={mis} (calls {calls})")
        elif f[0] == "bytes":
            st = [int(x, 16) for x in f[1:26]]
            data = bytes.fromhex(f[26])
            got = [int(x, 16) for x in f[27:52]]
            ext = bytes.fromhex(f[52])
            raw = bytearray(b"".join(v.to_bytes(8, "little") for v in st))
            for i, b in enumerate(data):
                raw[3 + i] ^= b
            exp = [int.from_bytes(raw[8 * i: 8 * i + 8], "little") for i in range(25)]
            check(got == exp and ext == bytes(raw[5:195]), "add_bytes/extract_bytes at odd offsets")
        elif f[0] == "sentinel":
            g = [int(x, 16) for x in f[1:33]]
            got = [int(x, 16) for x in f[33:65]]
            check(got[:25] == K.permute(g[:25], 24), "vkeccak.vi group of 32: lanes 0..24")
            check(got[25:] == g[25:], "vkeccak.vi group of 32: elements 25..31 preserved")
        elif f[0] == "wrapper":
            st = [int(x, 16) for x in f[1:26]]
            got = [int(x, 16) for x in f[26:51]]
            check(got == K.permute(st, 24), "keccakf1600_vkeccak (zvknhk.h)")
        else:
            check(False, f"unexpected line: {ln[:80]}")
    for k in ("perm", "absorb", "squeeze", "bytes"):
        if k not in kinds:
            check(False, f"no '{k}' lines in the output")
    summary = (f"keccak backend test of {a.runner + ' ' if a.runner else ''}{a.program}"
               f"{' (vkeccak.vi replaced by identity)' if a.identity else ''}: compared " +
               ", ".join(f"{v} {k}" for k, v in kinds.items()) +
               " lines with keccak_ref.py (independent Python Keccak, self-checked with hashlib)")
    text = "\n".join(log + [summary, f"{passed} passed, {failed} failed"]) + "\n"
    sys.stdout.write(text)
    if a.result:
        with open(a.result, "w") as fh:
            fh.write(text)
    sys.exit(1 if failed else 0)


main()
