#!/usr/bin/env python3
"""The private-state argument (issue 11, design 2; doc/xkround.md "State and the kernel"):
tests/xkround/private.c built with xkround (USE_XR) and with vkeccak.vi (USE_VK). A SIGALRM
handler hashes a message with the same accelerator while the main program's SHA3-256 state is
held in it. Expected values from hashlib:
  xkround:    the handler's digest is right; the interrupted digest is wrong, and is exactly
              what an independent Keccak model predicts: rounds 12..23 applied to the state the
              handler's permutation left in the unit (the private state is in no signal frame);
  vkeccak.vi: both digests right (the kernel saves v0..v31 in the signal frame).
Control ("quiet": the handler does not hash): the interrupted digest is right with both.
Each under the functional simulator and both timing models (timers on modelled time).

usage: run_private.py KARU64 "RV_CC" OUTDIR RESULTS"""
import hashlib, os, struct, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "zvknhk"))
import keccak_ref  # noqa: E402
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import harness  # noqa: E402

karu64, cc, out, results = sys.argv[1:5]
passed = failed = 0

XR_MAIN = b"interrupted between rounds"
VK_MAIN = bytes((7 * i + 1) & 255 for i in range(200))
HANDLER = b"hashed by the signal handler"


def check(ok, what):
    global passed, failed
    passed += ok
    failed += not ok
    print(("ok   " if ok else "FAIL ") + what)


def sha3_256_block_state(m):
    """The SHA3-256 state after absorbing a one-block message m (FIPS 202 padding 01 || 10*1)."""
    b = bytearray(200)
    b[:len(m)] = m
    b[len(m)] ^= 0x06
    b[135] ^= 0x80
    return [struct.unpack_from("<Q", b, 8 * i)[0] for i in range(25)]


def digest(lanes):
    return b"".join(struct.pack("<Q", w) for w in lanes)[:32].hex()


def run(args):
    o = harness.run([karu64] + args, timeout=300, text=True)
    got = dict(ln.split(" ", 1) for ln in (o.out or "").splitlines() if " " in ln)
    return o.status, got, (o.err or o.why).strip()


def main():
    os.makedirs(out, exist_ok=True)
    src = os.path.join(HERE, "private.c")
    inc = "-I" + os.path.join(HERE, "..", "..", "sw", "include")
    xr, vk = os.path.join(out, "private_xr"), os.path.join(out, "private_vk")
    subprocess.run(cc.split() + ["-O2", "-march=rv64gc", "-DUSE_XR", inc, "-o", xr, src], check=True)
    subprocess.run(cc.split() + ["-O2", "-march=rv64gcv", "-DUSE_VK", inc, "-o", vk, src], check=True)
    h_xr_main, h_vk_main = hashlib.sha3_256(XR_MAIN).hexdigest(), hashlib.sha3_256(VK_MAIN).hexdigest()
    h_handler = hashlib.sha3_256(HANDLER).hexdigest()
    # what the interrupted xkround hash must give if the handler's state replaced it
    left = keccak_ref.permute(sha3_256_block_state(HANDLER), 24)
    corrupted = digest(keccak_ref.rounds(left, range(12, 24)))
    assert digest(keccak_ref.permute(sha3_256_block_state(XR_MAIN), 24)) == h_xr_main   # model vs hashlib
    for label, extra in [("functional", []), ("karu64-sim", ["--model=karu64-sim"]),
                         ("karu64-fpga", ["--model=karu64-fpga"])]:
        rc, got, err = run(["--isa=rv64gc_xkround"] + extra + [xr])
        check(rc == 0 and got.get("signals") == "1", f"{label} xkround: one SIGALRM taken between rounds 11 and 12 ({rc} {err[:100]})")
        check(got.get("handler") == h_handler, f"{label} xkround: the handler's SHA3-256 is right ({got.get('handler')})")
        check(got.get("main") != h_xr_main, f"{label} xkround: the interrupted SHA3-256 is wrong ({got.get('main')}, "
              f"hashlib {h_xr_main})")
        check(got.get("main") == corrupted, f"{label} xkround: it is rounds 12..23 of the handler's final state ({corrupted})")
        rc, got, err = run(["--isa=rv64gc_xkround"] + extra + [xr, "quiet"])
        check(rc == 0 and got.get("main") == h_xr_main, f"{label} xkround control (handler does not hash): "
              f"the interrupted SHA3-256 is right ({got.get('main')})")
        rc, got, err = run(extra + [vk])
        check(rc == 0 and got.get("signals") == "1", f"{label} vkeccak.vi: one SIGALRM taken between the two blocks ({rc} {err[:100]})")
        check(got.get("handler") == h_handler, f"{label} vkeccak.vi: the handler's SHA3-256 is right ({got.get('handler')})")
        check(got.get("main") == h_vk_main, f"{label} vkeccak.vi: the interrupted SHA3-256 is right ({got.get('main')})")
        rc, got, err = run(extra + [vk, "quiet"])
        check(rc == 0 and got.get("main") == h_vk_main, f"{label} vkeccak.vi control: right ({got.get('main')})")
    with open(results, "w") as f:
        f.write(f"xkround private state\n{passed} passed, {failed} failed\n")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


sys.exit(main())
