#!/usr/bin/env python3
"""--trace against Spike's --log-commits format (issue 14), and scripts/trace-compare.

tests/trace/spike_log.S runs each case of the issue once (CSR write order, mret, fflags raised
by FP arithmetic also when already set, fcsr written as its fields, vector register groups,
vector element accesses, vstart/vl/vtype/vxsat/mstatus.VS writes, the final tohost store);
tests/trace/spike_log.expected holds Spike's lines for it, computed by hand ('#' lines say how).
tests/trace/spike_more.S (more vector, privilege and atomic cases) is checked against
spike_more.expected, a local Spike run's log; tests/trace/spike_found.S (what the comparison of
riscv-tests and riscv-vector-tests with a full Spike found: cbo.zero, a segment store that
overwrites its own elements) against hand-computed lines; tests/trace/spike_trap.S (vector loads
and stores faulting part-way, exceptions, an interrupt, a trap delegated to S-mode) against
spike_trap.expected, hand-computed and confirmed with a local Spike. tests/trace/trace_virt.S:
--trace-virt's V field in HS, VS and M, and its absence by default.
Every expected line is one check. Then the --disasm column must strip with `cut -f1`, and
trace-compare must find identical logs identical (past a boot ROM, -l disassembly lines and a
halt loop), and report the first differing instruction and field, or one error line."""
import os, re, shlex, subprocess, sys

karu64, cc, out, results = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))
compare = os.path.join(root, "scripts", "trace-compare")
sys.path.insert(0, os.path.join(here, "..", "lib"))
import harness  # noqa: E402
os.makedirs(out, exist_ok=True)
passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"PASS {name}")
    else:
        failed += 1
        print(f"FAIL {name} {detail}")


def expected(name):
    """The expected lines of NAME.expected and, for each, the '#' line before it (the case)."""
    want, why = [], ""
    for line in open(os.path.join(here, name + ".expected")).read().splitlines():
        if line.startswith("#"):
            why = line[2:]
        elif line:
            want.append((line, why))
    return want


def run_program(name, march):
    """Build NAME.S, run it under --trace, check every line against NAME.expected."""
    elf = os.path.join(out, name)
    subprocess.run(shlex.split(cc) + ["-mcmodel=medany", f"-march={march}", "-T",
                   os.path.join(root, "tests", "bare", "link.ld"), os.path.join(here, name + ".S"), "-o", elf],
                   check=True)
    log = os.path.join(out, name + ".trace")
    # Spike resets PMP entry 0 to all memory RWX; karu64 resets every entry to OFF (privileged
    # spec 3.4), so that the S-mode cases fetch without a PMP entry, they run with none (--pmp=0).
    r = harness.run([karu64, "--bare", "--vlen=256", "--pmp=0", f"--trace={log}", elf], timeout=60, text=True)
    check(f"{name} runs to its HTIF exit", r.status == 0, (r.status, r.err))
    got = open(log).read().splitlines()
    want = expected(name)
    for i, (line, case) in enumerate(want):
        g = got[i] if i < len(got) else "(no line)"
        check(f"{name} line {i + 1}: {line[:60]}...", g == line, f"\n  case:     {case}\n  expected: {line}\n  got:      {g}")
    check(f"{name}: no extra lines", len(got) == len(want), (len(got), len(want)))
    return elf, log, got, want


# spike_log: the cases, hand-computed; spike_more: a local Spike run's log;
# spike_found: what the riscv-tests and riscv-vector-tests comparison found, hand-computed;
# spike_trap: traps (RAM ends at 0x90000000, karu64's default --mem)
elf, log, got, want = run_program("spike_log", "rv64gcv")
run_program("spike_more", "rv64gcv")
run_program("spike_found", "rv64gcv_zicboz")
run_program("spike_trap", "rv64gcv")

# --disasm adds a tab-separated column: `cut -f1` gives the plain log back
r = harness.run([karu64, "--bare", "--vlen=256", "--pmp=0", "--trace", "--disasm", elf], timeout=60, text=True)
dis = [l for l in r.err.splitlines() if l.startswith("core")]
check("--disasm column strips with cut -f1", [l.split("\t")[0] for l in dis] == got and all("\t# " in l for l in dis))

# --trace-virt: a V field after the privilege (tests/trace/trace_virt.S: HS and VS both print
# privilege 1; the pcs and values are worked out by hand beside the instructions)
tv = os.path.join(out, "trace_virt")
subprocess.run(shlex.split(cc) + ["-mcmodel=medany", "-march=rv64gc_h", "-T", os.path.join(root, "tests", "bare", "link.ld"),
               os.path.join(here, "trace_virt.S"), "-o", tv], check=True)
tv_log, tv_plain = tv + ".virt.trace", tv + ".trace"
r = harness.run([karu64, "--bare", "--pmp=0", f"--trace={tv_log}", "--trace-virt", tv], timeout=60, text=True)
r2 = harness.run([karu64, "--bare", "--pmp=0", f"--trace={tv_plain}", tv], timeout=60, text=True)
check("trace_virt runs to its HTIF exit", r.status == 0 and r2.status == 0, (r.status, r.err, r2.err))
vl, pl = open(tv_log).read().splitlines(), open(tv_plain).read().splitlines()
check("--trace-virt: every line has V=0 or V=1 after the privilege",
      vl and all(re.match(r"core   0: [0-3] V=[01] 0x", l) for l in vl), vl[:3])
hs = "core   0: 1 V=0 0x0000000080000028 (0x00600513) x10 0x0000000000000006"
vs = "core   0: 1 V=1 0x0000000080000030 (0x00500513) x10 0x0000000000000005"
check("--trace-virt: the HS addi is 1 V=0", hs in vl, hs)
check("--trace-virt: the VS addi is 1 V=1", vs in vl, vs)
check("--trace-virt: only the VS addi has V=1", sum("V=1" in l for l in vl) == 1, [l for l in vl if "V=1" in l])
check("--trace-virt: the mret into VS executed in M (3 V=0)",
      any(l.startswith("core   0: 3 V=0 0x000000008000005c (0x30200073)") for l in vl))
check("without --trace-virt: Spike's format (no V field)",
      "core   0: 1 0x0000000080000030 (0x00500513) x10 0x0000000000000005" in pl and not any("V=" in l for l in pl))
r = harness.run([compare, tv_plain, tv_log], timeout=60, text=True)
check("trace-compare strips the V field", r.status == 0 and r.out.startswith(f"identical: {len(pl)} instructions"),
      (r.status, r.out))


def run_compare(spike_lines, karu_path=log):
    p = os.path.join(out, "spike.log")
    with open(p, "w") as f:
        f.write("".join(l + "\n" for l in spike_lines))
    return harness.run([compare, p, karu_path], timeout=60, text=True)


exp = [l for l, _ in want]
rom = ["core   0: 3 0x0000000000001000 (0x00000297) x5  0x0000000000001000",
       "core   0: 3 0x0000000000001004 (0x02028593) x11 0x0000000000001020",
       "core   0: 3 0x0000000000001008 (0xf1402573) x10 0x0000000000000000",
       "core   0: 3 0x000000000000100c (0x0182b283) x5  0x0000000080000000 mem 0x0000000000001018",
       "core   0: 3 0x0000000000001010 (0x00028067)"]
halt = exp[-2:] * 3   # the store to tohost and the jump back, again and again
r = run_compare(rom + exp + halt)
check("trace-compare: identical past the boot ROM and the halt loop",
      r.status == 0 and r.out.startswith(f"identical: {len(exp)} instructions"), (r.status, r.out))
dl = []
for l in exp:   # spike -l: a disassembly line (no privilege digit) before each commit line
    dl.append(re.sub(r": [0-3] 0x", ": 0x", l.split(") ", 1)[0], count=1) + ") addi    t1, zero, 17")
    dl.append(l)
r = run_compare(dl)
check("trace-compare: skips spike -l disassembly lines", r.status == 0, (r.status, r.out))
bad = list(exp)
bad[18] = bad[18].replace("c768_mstatus 0x8000000a00006080", "c768_mstatus 0x8000000a00006000")
r = run_compare(bad)
check("trace-compare: first difference, its instruction count and field",
      r.status == 1 and "at instruction 19 " in r.out and "'0x8000000a00006000', karu64 '0x8000000a00006080'" in r.out,
      (r.status, r.out))
r = run_compare(exp[:-5])
check("trace-compare: spike's log ends first", r.status == 1 and f"instruction {len(exp) - 4}:" in r.out,
      (r.status, r.out))
r = run_compare(exp + ["core   0: 3 0x0000000080000400 (0x00000013)"])
check("trace-compare: spike goes on at a new pc", r.status == 1 and "new pc" in r.out, (r.status, r.out))
for name, args in [("missing file", [os.path.join(out, "no-such.log"), log]),
                   ("no commit lines", [os.path.join(here, "run.py"), log]),
                   ("one argument", [log])]:
    r = harness.run([compare] + args, timeout=60, text=True)
    errs = r.err.strip().splitlines()
    check(f"trace-compare error: {name}", r.status == 2 and len(errs) == 1 and errs[0].startswith("trace-compare: error: "),
          (r.status, r.err))

with open(results, "w") as f:
    f.write(f"{passed} passed, {failed} failed\n")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
