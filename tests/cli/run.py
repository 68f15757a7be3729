#!/usr/bin/env python3
"""Command-line behaviour of build/karu64 (issue 2, "What a user gets" and "Bad input"):
exit statuses, one-line errors, --max-insns, --trace format, --stats keys, self-modifying code.
Expected values come from the issue's contract and from hand computation of tiny programs."""
import os, re, subprocess, sys, tempfile
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import harness  # noqa: E402

karu64, cc, out, results = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
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

def run(args, **kw):
    """karu64 with args: returncode (the shell's status; -1 if it did not finish, the reason then
    in stderr), stdout and stderr as text."""
    o = harness.run([karu64] + args, timeout=60, text=True, **kw)
    return subprocess.CompletedProcess(args, -1 if o.status is None else o.status, o.out or "", o.err or o.why)

def build(src, *extra):
    exe = os.path.join(out, os.path.basename(src)[:-2])
    subprocess.run(cc.split() + ["-nostdlib", "-march=rv64gc", "-o", exe, src, *extra], check=True)
    return exe

here = os.path.dirname(os.path.abspath(__file__))
loop = build(os.path.join(here, "loop.S"))
smc = build(os.path.join(here, "smc.S"))
trap_loop = build(os.path.join(here, "trap_loop.S"), "-Wl,--image-base=0x80000000", "-Wl,--build-id=none")

def one_error_line(r, status=125):
    lines = r.stderr.strip().splitlines()
    return r.returncode == status and len(lines) == 1 and lines[0].startswith("karu64: error: ")

# exit status of the guest: 5050 & 0xff
r = run([loop]); check("guest exit status", r.returncode == 5050 & 0xff, r.returncode)
# instruction count: li, li, 3 x 100 loop, li, ecall (does not retire) = 2 + 300 + 1
r = run(["--stats", loop])
m = re.search(r"^instructions: (\d+)$", r.stderr, re.M)
check("--stats instructions", m and int(m.group(1)) == 303, r.stderr)
check("--stats keys", all(re.search(rf"^{k}: ", r.stderr, re.M) for k in ("instructions", "seconds", "mips")))
# --max-insns: exact stop, status 124, one line
r = run(["--max-insns=10", "--stats", loop])
m = re.search(r"^instructions: (\d+)$", r.stderr, re.M)
check("--max-insns status 124", r.returncode == 124, r.returncode)
check("--max-insns exact", m and int(m.group(1)) == 10, r.stderr)
# --trace: Spike commit-log lines; first instruction li t0,100 = addi t0, zero, 100 (c.li when
# compressed); its write of x5 = 100 must be shown
r = run(["--trace", "--max-insns=5", loop])
lines = [l for l in r.stderr.splitlines() if l.startswith("core")]
pat = re.compile(r"^core   0: 0 0x[0-9a-f]{16} \(0x([0-9a-f]{4}|[0-9a-f]{8})\)( x\d+ +0x[0-9a-f]{16})?( mem 0x[0-9a-f]{16}( 0x[0-9a-f]+)?)*$")
check("--trace line count", len(lines) == 5, len(lines))
check("--trace format", all(pat.match(l) for l in lines), lines[:2])
check("--trace first write", lines and lines[0].endswith(" x5  0x0000000000000064"), lines[:1])
r = run(["--trace", "--disasm", "--max-insns=1", loop])
check("--disasm column", "\t# addi t0, zero, 100" in r.stderr, r.stderr)
tf = os.path.join(out, "trace.txt")
r = run([f"--trace={tf}", loop])
check("--trace=FILE", r.returncode == 186 and sum(1 for _ in open(tf)) == 303)
# self-modifying code with fence.i
r = run([smc]); check("fence.i makes a patched instruction visible", r.returncode == 43, r.returncode)
# a bare-metal hart that traps forever is stopped with one line
r = run(["--bare", trap_loop])
check("trap loop stops", r.returncode == 125 and len(r.stderr.strip().splitlines()) == 1
      and "trap loop" in r.stderr, (r.returncode, r.stderr))
# environment and arguments reach the guest (exit status of /bin/sh is not available: use printenv-like check via the diff corpus); here: options
bad_params = os.path.join(out, "bad.params")
with open(bad_params, "w") as f:
    f.write("# a comment\nmem_read = 3\n\nnot a parameter line\n")
for name, args in [
    ("unknown option", ["--frobnicate", loop]),
    ("missing program", []),
    ("bad --vlen", ["--vlen=100", loop]),
    ("bad --vlen text", ["--vlen=abc", loop]),
    ("--vlen too big", ["--vlen=8192", loop]),
    ("bad --max-insns", ["--max-insns=-3", loop]),
    ("bad --isa", ["--isa=rv64gcxyz", loop]),
    ("rv32 --isa", ["--isa=rv32gc", loop]),
    ("--vlen below zvl", ["--isa=rv64gcv_zvl512b", "--vlen=256", loop]),
    ("bad --zvknhk", ["--zvknhk=v9", loop]),
    ("bad --mem", ["--mem=12Q", loop]),
    ("--pmp too big", ["--pmp=65", loop]),
    ("bad --pmp", ["--pmp=many", loop]),
    ("--env without =", ["--env", "FOO", loop]),
    ("option missing value", ["--isa"]),
    ("missing file", [os.path.join(out, "no-such-file")]),
    ("directory", [out]),
    ("unknown --model", ["--model=karu64-asic", loop]),
    ("unknown --param", ["--model=karu64-sim", "--param", "no_such=1", loop]),
    ("bad --param value", ["--model=karu64-sim", "--param", "mem_read=fast", loop]),
    ("negative --param value", ["--model=karu64-sim", "--param", "mem_read=-1", loop]),
    ("--param without =", ["--model=karu64-sim", "--param", "mem_read", loop]),
    ("bool --param out of range", ["--model=karu64-sim", "--param", "dcache_enable=2", loop]),
    ("bad cache geometry", ["--model=karu64-fpga", "--param", "dcache_size=3000", loop]),
    ("--param without a model", ["--param", "mem_read=2", loop]),
    ("missing --param-file", ["--model=karu64-sim", "--param-file", os.path.join(out, "no-such-file"), loop]),
    ("bad line in --param-file", ["--model=karu64-sim", "--param-file", bad_params, loop]),
]:
    r = run(args)
    check(f"error: {name}", one_error_line(r), (r.returncode, r.stderr))
r = run(["--help"]); check("--help", r.returncode == 0 and "usage: karu64" in r.stdout)
# the cycle model's options: --list-params names every parameter with unit and meaning, and
# shows an override; a good parameter file is taken
r = run(["--model=karu64-fpga", "--param", "mem_read=33", "--list-params"])
rows = {l.split()[0]: l.split()[1] for l in r.stdout.splitlines()[2:] if l.strip()}
check("--list-params", r.returncode == 0 and rows.get("mem_read") == "33" and rows.get("icache_enable") == "1"
      and len(rows) > 40, (r.returncode, r.stdout[:200]))
r = run(["--list-params"])
check("--list-params defaults to karu64-sim", r.returncode == 0 and "karu64-sim" in r.stdout.splitlines()[0])
good_params = os.path.join(out, "good.params")
with open(good_params, "w") as f:
    f.write("# slower memory\nmem_read=20   # cycles\n\ndcache_size = 8K\n")
r = run(["--model=karu64-sim", "--param-file", good_params, "--list-params"])
rows = {l.split()[0]: l.split()[1] for l in r.stdout.splitlines()[2:] if l.strip()}
check("--param-file", r.returncode == 0 and rows.get("mem_read") == "20" and rows.get("dcache_size") == "8192",
      (r.returncode, r.stderr))
r = run(["--model=karu64-sim", "--stats", loop])
st = dict(l.split(": ", 1) for l in r.stderr.splitlines() if ": " in l)
check("--stats with a model", r.returncode == 186 and int(st.get("cycles", "0")) > int(st.get("instructions", "0")) > 0
      and "cpi" in st and "cycles-fetch" in st, r.stderr[-300:])
causes = sum(int(v) for k, v in st.items() if k.startswith("cycles-"))
check("cycles by cause add up to cycles", causes == int(st.get("cycles", "-1")), (causes, st.get("cycles")))
privs = [int(st.get(k + "-cycles", "-1")) for k in ("user", "supervisor", "machine")]
check("cycles by privilege: Linux user mode runs in user mode only", privs == [int(st.get("cycles", "-1")), 0, 0],
      (privs, st.get("cycles")))
r = run(["--version"]); check("--version", r.returncode == 0 and r.stdout.startswith("karu64 "))

with open(results, "w") as f:
    f.write(f"{passed} passed, {failed} failed\n")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
