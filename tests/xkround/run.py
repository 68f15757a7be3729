#!/usr/bin/env python3
"""xkround at the instruction level (doc/xkround.md) on build/karu64: tests/xkround/cases.c
runs each case and prints the private state read back; the expected state of every case is
computed here, from the specification, with the rounds of ../zvknhk/keccak_ref.py (an
independent Python Keccak, checked against FIPS 202 known answers at import) and whole hashes
with Python's hashlib. Also: illegal encodings and operands trap and change nothing; without
xkround in the ISA string (the default) every instruction traps; the same results under both
timing models; --trace --disasm names the instructions and logs the rlane write.

usage: run.py KARU64 "RV_CC" OUTDIR RESULTS"""
import hashlib, os, re, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "zvknhk"))
import keccak_ref  # noqa: E402
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import harness  # noqa: E402

karu64, cc, out, results = sys.argv[1:5]
ISA = "--isa=rv64gc_xkround"
M = (1 << 64) - 1
passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL " + what)


class Rng:
    def __init__(self):
        self.x = 0x9E3779B97F4A7C15

    def next(self):
        x = self.x
        x ^= (x << 13) & M
        x ^= x >> 7
        x ^= (x << 17) & M
        self.x = x
        return x


def expected():
    """{case: (sigill, lanes)} and {hash: hex}, in the guest's order of random draws."""
    rng = Rng()
    fill = lambda kind: [0] * 25 if kind == 0 else list(range(25)) if kind == 1 else [rng.next() for _ in range(25)]
    e = {}
    for kind in range(3):
        e[f"loop24_{kind}"] = (0, keccak_ref.rounds(fill(kind), range(24)))
        e[f"imm12_{kind}"] = (0, keccak_ref.rounds(fill(3 if kind == 2 else kind), range(12, 24)))
    for ir in range(24):
        e[f"round{ir}"] = (0, keccak_ref.rounds(fill(2), [ir]))
    s = fill(2)
    e["lanes"] = (0, s)
    s7 = list(s)
    s7[7] = 0x0123456789ABCDEF
    e["lane7"] = (0, s7)
    s = fill(2)
    for name in ["wlane25", "wlane31", "rlane25", "rlane31", "round_0_24", "round_20_4", "round_24_0",
                 "round_m1_1", "round_2p32_0", "imm32", "imm_bit30", "imm_m1", "wlane_rd", "rlane_rs1",
                 "round_rd", "funct3_3", "funct3_4", "funct3_7"]:
        e[name] = (1, s)
    h = {"sha3_256_abc": hashlib.sha3_256(b"abc").hexdigest(),
         "shake128_200": hashlib.shake_128(bytes(range(200))).hexdigest(32)}
    return e, h


def run(args):
    o = harness.run([karu64] + args, timeout=300, text=True)
    return o.status, o.out or "", o.err or o.why


def parse(text):
    cases, hashes, rds = {}, {}, []
    for ln in text.splitlines():
        f = ln.split()
        if f and f[0] == "CASE":
            cases[f[1]] = (int(f[2].split("=")[1]), [int(w, 16) for w in f[3:]])
        elif f and f[0] == "HASH":
            hashes[f[1]] = f[2]
        elif f and f[0] == "RD":
            rds.append(int(f[1], 16))
    return cases, hashes, rds


def main():
    os.makedirs(out, exist_ok=True)
    exe = os.path.join(out, "cases")
    subprocess.run(cc.split() + ["-O2", "-march=rv64gc", "-I" + os.path.join(HERE, "..", "..", "sw", "include"),
                                 "-o", exe, os.path.join(HERE, "cases.c")], check=True)
    exp, exph = expected()
    outputs = {}
    for label, extra in [("functional", []), ("karu64-sim", ["--model=karu64-sim"]),
                         ("karu64-fpga", ["--model=karu64-fpga"])]:
        rc, so, se = run([ISA] + extra + [exe])
        check(rc == 0, f"{label}: exit {rc} {se.strip()[:200]}")
        outputs[label] = so
        cases, hashes, rds = parse(so)
        for name, (sig, lanes) in exp.items():
            got = cases.get(name)
            ok = got is not None and got[0] == sig and got[1] == lanes
            if not ok and got:
                diff = next((i for i in range(25) if i >= len(got[1]) or got[1][i] != lanes[i]), None)
                print(f"  {label} {name}: sigill {got[0]} (want {sig}), first differing lane {diff}")
            check(ok, f"{label} {name}")
        for name, hx in exph.items():
            check(hashes.get(name) == hx, f"{label} {name}: {hashes.get(name)} want {hx} (hashlib)")
        check(rds == [0x5555AAAA5555AAAA] * 2, f"{label}: rd unchanged by the trapping xkr.rlane ({rds})")
        print(f"{label}: {len(exp)} cases and {len(exph)} hashes compared")
    check(outputs["functional"] == outputs["karu64-sim"] == outputs["karu64-fpga"],
          "same output with and without a timing model")

    # off by default, and with an ISA string that does not name it
    for extra in [[], ["--isa=rv64gcv_zba_zbb_zbs_zvknhk"]]:
        rc, so, se = run(extra + [exe, "off"])
        check(rc == 0 and "OFF sigill=3" in so, f"without xkround {extra}: every instruction traps ({so.strip()} {se.strip()[:100]})")

    # the commit log names them; xkr.rlane logs its x register write, the others write nothing
    rc, so, se = run([ISA, "--trace", "--disasm", exe, "off"])
    log = so + se
    wl = [ln for ln in log.splitlines() if "# xkr.wlane 0, " in ln]
    rl = [ln for ln in log.splitlines() if re.search(r"# xkr\.rlane \w+, 0$", ln)]
    rd = [ln for ln in log.splitlines() if re.search(r"# xkr\.round \w+, 0$", ln)]
    check(rc == 0 and len(wl) == 1 and len(rl) == 1 and len(rd) == 1,
          f"--trace --disasm names xkr.wlane/rlane/round ({len(wl)}, {len(rl)}, {len(rd)})")
    check(bool(rl) and re.search(r"\) x\d+ +0x[0-9a-f]{16}\t", rl[0]) is not None and
          bool(wl) and re.search(r"\(0x[0-9a-f]{8}\)\t#", wl[0]) is not None,
          f"commit log entries: rlane writes x[rd], wlane nothing ({rl[:1]} {wl[:1]})")
    for ln in (wl + rl + rd)[:3]:
        print("  trace: " + ln)

    # the cycle model: the keccak cause is the xkr instructions' i2i from the parameters (lane
    # moves xkr_lane_move, rounds xkr_issue + xkr_round_latency, or the waits for the unit with
    # xkr_round_overlap), and the causes still add up to the total
    def stats(extra):
        rc, so, se = run([ISA, "--stats"] + extra + [exe])
        st = dict(ln.split(": ", 1) for ln in se.splitlines() if ": " in ln)
        return rc, st

    base = {}
    for model in ["karu64-sim", "karu64-fpga"]:
        for label, params in [("default", []), ("latency 5", ["--param", "xkr_round_latency=5"]),
                              ("moves 2", ["--param", "xkr_lane_move=2"]), ("overlap", ["--param", "xkr_round_overlap=1"])]:
            rc, st = stats(["--model=" + model] + params)
            rounds, moves = int(st.get("xkround-rounds", -1)), int(st.get("xkround-lane-moves", -1))
            kc, cyc = int(st.get("cycles-keccak", -1)), int(st.get("cycles", -1))
            causes = sum(int(v) for k, v in st.items() if k.startswith("cycles-"))
            check(rc == 0 and causes == cyc, f"{model} {label}: cycles by cause add up ({causes} vs {cyc})")
            lat = 5 if label == "latency 5" else 1
            mv = 2 if label == "moves 2" else 1
            if label == "overlap":
                # back-to-back rounds wait for the unit: 2 of their 3 cycles stay keccak's
                check(0 < kc < 3 * rounds + moves and cyc < base[model][1],
                      f"{model} overlap: keccak {kc} below {3 * rounds + moves}, cycles {cyc} < {base[model][1]}")
            else:
                want = (2 + lat) * rounds + mv * moves
                check(kc == want, f"{model} {label}: cycles-keccak {kc} = (2 + {lat}) * {rounds} rounds + {mv} * {moves} moves = {want}")
            if label == "default":
                check(rounds == 24 * 3 + 12 * 3 + 24 + 24 * 3 and moves > 50 * 9, f"{model}: {rounds} rounds, {moves} lane moves counted")
                base[model] = (kc, cyc)
                print(f"  {model}: {cyc} cycles, {rounds} rounds, {moves} lane moves, keccak cause {kc}")
            elif label == "latency 5":
                # fetch of the next words proceeds under a round, so part of it may be hidden
                d = cyc - base[model][1]
                check(0 < d <= 4 * rounds, f"{model}: latency 5 adds up to 4 cycles per round ({d} for {rounds})")

    # bad use of the parameters: one error line, non-zero exit
    rc, so, se = run(["--model=karu64-sim", "--param", "xkr_round_overlap=2", exe])
    check(rc != 0 and len(se.strip().splitlines()) == 1, f"bad xkr_round_overlap: {rc} {se.strip()}")
    rc, so, se = run(["--isa=rv64gc_xkroundd", exe])
    check(rc != 0 and len(se.strip().splitlines()) == 1 and "xkroundd" in se, f"misspelt extension: {rc} {se.strip()}")

    with open(results, "w") as f:
        f.write(f"xkround instructions\n{passed} passed, {failed} failed\n")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


sys.exit(main())
