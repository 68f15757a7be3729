#!/usr/bin/env python3
"""make boot-test: boots Debian 13's OpenSBI and Linux kernel on the Karu64 board with the
initramfs of tests/boot/rules.mk and checks what the guest prints (tests/boot/guest.sh) against
independent expectations: hashlib for the digests and checksums, the zvknhk spec for SIGILL, the
ISA string karu64 is configured with for /proc/cpuinfo; then the ML-KEM (kpqc) and ML-DSA known
answers of ../shared/vectors on the +K builds inside the booted system; then bad input.

usage: run.py --karu64 K --bios FW --kernel IMAGE --initrd CPIO --kpqc "BUILDS" --result FILE"""
import argparse
import hashlib
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True   # no __pycache__ in the source tree
from results import check, finish  # noqa: E402


# Extensions the default profile enables that Linux 6.12 names in /proc/cpuinfo's isa line
# (its riscv_isa_ext table; zvknhk, xkround and svade are not in it).
CPUINFO_EXTS = ["zicbom", "zicboz", "zicntr", "zicond", "zicsr", "zifencei", "zihintntl", "zihintpause",
                "zihpm", "zimop", "zawrs", "zfa", "zfhmin", "zca", "zcb", "zcd", "zcmop", "zba", "zbb", "zbc",
                "zbs", "zkt", "zvbb", "zvbc", "zvfhmin", "zvkb", "zvkg", "zvkned", "zvknha", "zvknhb", "zvksed",
                "zvksh", "zvkt", "sstc", "svinval", "svnapot", "svpbmt"]


def sections(out):
    sec, cur = {}, None
    for line in out.splitlines():
        line = line.rstrip("\r")
        m = re.match(r"^== ([\w-]+)$", line)
        if m:
            cur = m.group(1)
            sec[cur] = []
        elif cur:
            sec[cur].append(line)
    return sec


def dt_seeds_want(seed):
    """/chosen's (kaslr-seed, rng-seed) for --dt-seed=seed as doc/board.md defines them: bytes
    0..7 and 8..39 of SHAKE256 of the seed as 8 bytes little-endian (hashlib)."""
    d = hashlib.shake_256(seed.to_bytes(8, "little")).digest(40)
    return d[:8], d[8:]


def dtseed_checks(lines, seed, what):
    """The guest's dtseed section (tests/boot/guest.sh): Linux takes rng-seed into its entropy
    and removes it from the tree (drivers/of/fdt.c, early_init_dt_scan_chosen); this kernel
    leaves kaslr-seed as the board wrote it (no KASLR: its _text does not move with the seed)."""
    check("rng-seed absent" in lines, "%s: the kernel took /chosen/rng-seed (it is gone from "
          "/proc/device-tree: %s)" % (what, lines[:1]))
    want = dt_seeds_want(seed)[0].hex()
    check("kaslr-seed " + want in lines, "%s: /proc/device-tree/chosen/kaslr-seed = SHAKE256 of --dt-seed=%#x "
          "(%s; %s)" % (what, seed, want, next((l for l in lines if l.startswith("kaslr-seed")), "none")))


def child_buf(k):
    n = 136 * 7710
    return bytes((13 * k * i + 7 * k + i // 256) & 0xff for i in range(n))


def perf_checks(pc, model):
    """perf_event_open through the SBI PMU: the privilege filters (Smcntrpmf/Sscofpmf) work."""
    loop = next((int(l.split()[1]) for l in pc if l.startswith("loop ")), 0)
    ins = next((l.split() for l in pc if l.startswith("instructions ")), [])
    cyc = next((l.split() for l in pc if l.startswith("cycles ")), [])
    if len(ins) != 5 or len(cyc) != 5:
        check(False, "%s: perfcount printed its counts (%s)" % (model, pc))
        return
    iu, ia, cu, ca = int(ins[2]), int(ins[4]), int(cyc[2]), int(cyc[4])
    check(loop <= iu <= loop + 2000, "%s: perf instructions with exclude_kernel count the user loop only "
          "(%d for a %d-instruction loop)" % (model, iu, loop))
    check(ia > iu + 1000, "%s: perf instructions without exclude_kernel count the kernel too (%d)" % (model, ia))
    check(iu <= cu < ca, "%s: perf cycles with exclude_kernel: at least the instructions, fewer than with the "
          "kernel (%d, %d)" % (model, cu, ca))


def sample_checks(ps, model):
    """perf_event_open sampling (tests/boot/perfsample.c): Sscofpmf's overflow interrupt on a
    programmable counter through the device tree's riscv,pmu node; named cache events and a raw one."""
    loop = next((int(l.split()[1]) for l in ps if l.startswith("loop ")), 0)
    for ev in ("cycles", "instructions"):
        mm = next((re.match(r"sample %s period (\d+) count (\d+) samples (\d+) inloop (\d+) lost (\d+)" % ev, l)
                   for l in ps if l.startswith("sample %s " % ev)), None)
        if not mm:
            check(False, "%s: perfsample sampled %s:u (%s)" % (model, ev, ps))
            continue
        period, count, n, inloop, lost = (int(x) for x in mm.groups())
        check(count >= loop and abs(n - count / period) <= 0.1 * count / period and lost == 0,
              "%s: perf sampling %s:u every %d: %d samples for a count of %d (within 10 %% of count / period)"
              % (model, ev, period, n, count))
        check(n > 0 and inloop >= 0.95 * n, "%s: %s:u samples' IPs are in the sampled loop (%d of %d)"
              % (model, ev, inloop, n))
        if ev == "instructions":
            check(loop <= count <= loop + 2000, "%s: instructions:u of the sampled loop: %d for %d instructions"
                  % (model, count, loop))
    mm = next((re.match(r"cache lines (\d+) pages (\d+) l1d-read-miss (-?\d+) dtlb-read-miss (-?\d+) raw4 (-?\d+)", l)
               for l in ps if l.startswith("cache ")), None)
    if not mm:
        check(False, "%s: perfsample counted the cache events (%s)" % (model, ps))
        return
    lines, pages, l1d, dtlb, raw4 = (int(x) for x in mm.groups())
    if model == "functional":
        check((l1d, dtlb, raw4) == (0, 0, 0), "functional: the cache events open and count zero without a model "
              "(%d, %d, %d)" % (l1d, dtlb, raw4))
        return
    # every first touch of a line (of a page) misses in the D-cache (the TLB); the loop's own
    # instruction fetches and stack accesses add a few
    check(lines <= l1d <= lines + 1000, "%s: perf L1-dcache-load-misses:u over %d fresh lines: %d" % (model, lines, l1d))
    check(pages <= dtlb <= pages + 100, "%s: perf dTLB-load-misses:u over %d fresh pages: %d" % (model, pages, dtlb))
    check(lines <= raw4 <= lines + 1000, "%s: perf raw event r4 (D-cache read misses) over %d fresh lines: %d"
          % (model, lines, raw4))


# perf's cycles:u against the model's own user cycles (tests/boot/perfcycles.c; doc/board.md,
# "Markers"). The markers bracket perf's window; what lies between them and perf's count:
#  - perf starts counting at the cycle after each sret into user mode issues (core/pmu.c); the
#    model's split charges the sret's own cycles (its i2i, `fence`) to the supervisor: per user
#    entry perf counts fence - 1 cycles more. The entries perf sees are those between the
#    markers less the last, the DISABLE ioctl's return.
#  - both charge a trap from user mode (timer interrupts, the DISABLE ioctl's ecall) and its
#    entry cycles to user mode; the kernel's cycles are in neither.
#  - the model's window has some user cycles perf's has not: after the DISABLE ioctl returns, the
#    second marker's store and a jump, fetched and translated anew after the kernel ran.
#    At most two I-cache line refills and two table walks of three refills each, a device store
#    and a few single-cycle instructions: below EDGE cycles on both configurations (karu64-fpga,
#    the slower: 2 * (5 + 2 + 19) + 6 * 19 + (7 + 2 + 4 + 7) + 4 = 190).
# So perf - model = (fence - 1) * entries - edge, with 0 <= edge <= EDGE.
EDGE = 400


def cycles_checks(pc, err, model, fence):
    mm = next((re.match(r"perfcycles loop (\d+) cycles:u (\d+)$", l) for l in pc if l.startswith("perfcycles ")), None)
    marks = [dict(zip(l.split()[3::2], (int(x) for x in l.split()[4::2]))) for l in err.splitlines()
             if l.startswith("karu64: marker ")]
    if not mm or len(marks) != 2:
        check(False, "%s: perfcycles printed its count and karu64 two marker lines (%s; %d markers)"
              % (model, pc, len(marks)))
        return
    loop, perf = int(mm.group(1)), int(mm.group(2))
    if fence is None:   # functional: cycles are retired instructions
        check(loop <= perf <= loop + 2000, "functional: cycles:u of a %d-instruction loop counts %d" % (loop, perf))
        check(marks[1]["instructions"] - marks[0]["instructions"] >= loop,
              "functional: the markers bracket the loop (%d instructions between them)"
              % (marks[1]["instructions"] - marks[0]["instructions"]))
        return
    user = marks[1]["user-cycles"] - marks[0]["user-cycles"]
    entries = marks[1]["user-entries"] - marks[0]["user-entries"] - 1
    edge = (fence - 1) * entries - (perf - user)
    check(user >= loop and 0 <= edge <= EDGE,
          "%s: perf cycles:u %d = the model's user cycles between the markers %d + (fence - 1) x %d user entries "
          "- %d (the second marker's edge, 0..%d)" % (model, perf, user, entries, edge, EDGE))


def perf_model(a):
    """The same user-only counts and the sampling with the cycle model on, from a fresh boot with
    each configuration (karu64-fpga's I-cache misses once wrapped OpenSBI's counter-width probe:
    core/pmu.c k64_pmu_no_events), and cycles:u against the model's user cycles."""
    for model in ("karu64-sim", "karu64-fpga"):
        params = subprocess.run([a.karu64, "--model=" + model, "--list-params"], capture_output=True, text=True)
        fence = next((int(l.split()[1]) for l in params.stdout.splitlines() if l.startswith("fence ")), None)
        cmd = [a.karu64, "--machine=karu64", "--model=" + model, "--bios", a.bios, "--kernel", a.kernel, "--initrd",
               a.initrd, "--append", "console=ttyS0 quiet karu64.mode=test karu64.only=perfcount,perfsample,perfcycles"]
        p = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True, errors="replace", timeout=900)
        check(p.returncode == 0 and fence, "%s boot for perfcount powered off (exit %d)" % (model, p.returncode))
        sec = sections(p.stdout)
        perf_checks(sec.get("perfcount", []), model)
        sample_checks(sec.get("perfsample", []), model)
        cycles_checks(sec.get("perfcycles", []), p.stderr, model, fence or 1)


def model_blocks(a):
    """The cycle model times a block from its summary unless another observer needs each
    instruction's cycles (--profile): a deterministic boot (no input; the cpuinfo test, then
    poweroff) must give the same statistics both ways, through the kernel's sfence.vma and
    fence.i (which drop the decoded blocks and their summaries), table walks and traps."""
    cmd = [a.karu64, "--machine=karu64", "--model=karu64-fpga", "--stats", "--bios", a.bios, "--kernel", a.kernel,
           "--initrd", a.initrd, "--append", "console=ttyS0 quiet karu64.mode=test karu64.only=cpuinfo"]
    runs = []
    prof = os.path.join(tempfile.mkdtemp(), "profile.txt")   # not among the result files
    for extra in ([], ["--profile=" + prof]):
        p = subprocess.run(cmd + extra, stdin=subprocess.DEVNULL, capture_output=True, text=True, errors="replace",
                           timeout=900)
        stats = [l for l in p.stderr.splitlines() if re.match(r"[a-z_-]+: ", l) and
                 not l.startswith(("seconds:", "mips:"))]
        runs.append((p.returncode, p.stdout, stats))
    (r0, o0, s0), (r1, o1, s1) = runs
    cyc = [l for l in s0 if l.startswith("cycles:")]
    check(r0 == 0 and r1 == 0 and cyc, "karu64-fpga boots with and without --profile powered off (exit %d, %d)"
          % (r0, r1))
    check(s0 == s1 and o0 == o1, "karu64-fpga: block summaries time the boot as the per-instruction loop does "
          "(%s; %d statistics lines, the console output)" % (cyc[0] if cyc else "no cycles", len(s0)))


def guest_tests(a):
    cmd = [a.karu64, "--machine=karu64", "--isa=+xkround", "--bios", a.bios, "--kernel", a.kernel, "--initrd", a.initrd,
           "--append", "console=ttyS0 earlycon=sbi karu64.mode=test", "--max-insns=20000000000"]
    p = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True, errors="replace",
                       timeout=900)
    out = p.stdout
    with open(os.path.join(a.outdir, "boot-test.log"), "w") as f:
        f.write(out + p.stderr)
    check(p.returncode == 0, "the board powered off with exit status 0 (got %d)" % p.returncode)
    check("OpenSBI v" in out, "OpenSBI printed its banner")
    check("Linux version 6." in out, "the Debian kernel printed its banner")
    check("reboot: Power down" in out, "the kernel powered the board down (poweroff -f)")
    sec = sections(out)
    isa = next((l for l in sec.get("cpuinfo", []) if l.startswith("isa")), "")
    exts = isa.split(":", 1)[1].strip() if ":" in isa else ""
    check(exts.startswith("rv64imafdc") and "v" in exts.split("_")[0][4:],
          "/proc/cpuinfo isa begins rv64imafdc...v: %r" % exts.split("_")[0])
    have = set(exts.split("_")[1:])
    for e in ["zvkned", "zvknhb", "zvkg", "zvbb"] + [x for x in CPUINFO_EXTS if x not in ("zvkned", "zvknhb", "zvkg", "zvbb")]:
        check(e in have, "/proc/cpuinfo isa lists %s" % e)
    check(any("sv39" in l for l in sec.get("cpuinfo", [])), "/proc/cpuinfo mmu is sv39")
    dtseed_checks(sec.get("dtseed", []), 0, "the default --dt-seed (0)")
    # two processes
    proc = sec.get("proc", [])
    for k in (1, 2):
        buf = child_buf(k)
        want_sum = sum(int.from_bytes(buf[i:i + 4], "little") for i in range(0, len(buf), 4)) * 2 % (1 << 64)
        want_sha = hashlib.shake_256(buf * 96).hexdigest(32)
        line = next((l for l in proc if l.startswith("child %d sum" % k)), "")
        check(line == "child %d sum %016x shake256 %s" % (k, want_sum, want_sha),
              "process %d: vector checksum and resident-state vkeccak.vi SHAKE256 = hashlib (%s)" % (k, line[:60]))
    spans = {}
    for l in proc:
        mm = re.match(r"child (\d) chunk \d seq (\d+) (\d+)$", l)
        if mm:
            k, a0, b0 = int(mm.group(1)), int(mm.group(2)), int(mm.group(3))
            lo, hi = spans.get(k, (a0, b0))
            spans[k] = (min(lo, a0), max(hi, b0))
    check(len(spans) == 2 and spans[1][0] < spans[2][1] and spans[2][0] < spans[1][1],
          "the two processes ran at the same time (chunk spans in the shared order: %s)" % spans)
    pre = [int(l.split()[-1]) for l in proc if re.match(r"child \d preempted", l)]
    check(len(pre) == 2 and sum(pre) > 0, "timer preemption switched them in mid-computation (%s)" % pre)
    check("proc done ok" in proc, "both processes exited with status 0")
    # SIGILL: vkeccak.vi needs SEW = 64 (ILL_ILLOPC = 1)
    check(sec.get("sigill", [""])[0:1] == ["sigill signal 4 code 1 at-insn yes"],
          "vkeccak.vi with SEW=32 raises SIGILL at the instruction (%s)" % sec.get("sigill"))
    # a signal handler using vkeccak.vi does not disturb the interrupted resident state
    m = bytes((7 * i + 1) & 0xff for i in range(200))
    sh = sec.get("sighandler", [])
    check("main " + hashlib.sha3_256(m).hexdigest() in sh,
          "the interrupted vkeccak.vi SHA3-256 is right after a handler used vkeccak.vi")
    check("handler " + hashlib.sha3_256(b"hashed by the signal handler").hexdigest() in sh,
          "the handler's vkeccak.vi SHA3-256 is right")
    check("signals 1" in sh, "the handler ran once")
    # the private-state argument across a context switch (tests/boot/xproc.c)
    sys.path.insert(0, os.path.join(TOP, "tests", "sw"))
    import keccak_ref

    def sha3_state(msg):
        b = bytearray(200)
        b[:len(msg)] = msg
        b[len(msg)] ^= 0x06
        b[135] ^= 0x80
        return [int.from_bytes(b[8 * i:8 * i + 8], "little") for i in range(25)]

    def dig(lanes):
        return b"".join(w.to_bytes(8, "little") for w in lanes)[:32].hex()
    other = b"hashed by the other process"
    vk = sec.get("xproc-vk", [])
    check("main " + hashlib.sha3_256(m).hexdigest() in vk and "other " + hashlib.sha3_256(other).hexdigest() in vk,
          "vkeccak.vi: the state of a process preempted mid-hash survives another process's hash (both = hashlib)")
    xr = sec.get("xproc-xr", [])
    b_final = keccak_ref.permute(sha3_state(other))
    predicted = dig(keccak_ref.permute(b_final, 12))
    right = hashlib.sha3_256(b"interrupted between rounds").hexdigest()
    check("other " + hashlib.sha3_256(other).hexdigest() in xr, "xkround: the other process's hash is right")
    check("main " + predicted in xr and predicted != right,
          "xkround: the preempted process's hash is corrupted as predicted (its private state is not switched)")
    perf_checks(sec.get("perfcount", []), "functional")
    sample_checks(sec.get("perfsample", []), "functional")
    cycles_checks(sec.get("perfcycles", []), p.stderr, "functional", None)
    rc = sec.get("rdcycle", [""])
    mm = re.match(r"rdcycle (\d+) rdinstret (\d+) rdtime (\d+)", rc[0] if rc else "")
    check(mm and 200001 <= int(mm.group(2)) <= 200001 + 1000 and int(mm.group(1)) >= int(mm.group(2)) and
          int(mm.group(3)) > 0, "user-mode rdcycle/rdinstret/rdtime with perf_user_access = 2 and perf events "
          "open: a 200,001-instruction loop (%s)" % (rc[0] if rc else ""))
    check("kernel.perf_user_access = 2" in out, "the init script says it set kernel.perf_user_access")


def kat_tests(a):
    runner = "python3 %s %s %s %s %s" % (os.path.join(HERE, "console.py"), a.karu64, a.bios, a.kernel, a.initrd)
    for v in a.kpqc.split():
        res = os.path.join(a.outdir, "boot-kpqc-%s.txt" % v)
        p = subprocess.run([sys.executable, os.path.join(TOP, "tests", "sw", "kpqc_tests.py"), "--kpqc",
                            "/bin/kpqc-" + v, "--runner", runner, "--suites", "mlkem-acvp", "--limit", "1",
                            "--result", res], capture_output=True, text=True, timeout=1800)
        last = (p.stdout.strip().splitlines() or [""])[-1]
        mm = re.match(r"(\d+) passed, (\d+) failed", last)
        check(p.returncode == 0 and mm and int(mm.group(1)) > 0,
              "ML-KEM ACVP known answers on the booted board, build %s: %s" % (v, last))
        p = subprocess.run([sys.executable, os.path.join(TOP, "tests", "mldsa", "run_vectors.py"), "--subset", "1",
                            "--", *runner.split()[:2], "--batch", *runner.split()[2:], "/bin/mldsa-" + v],
                           capture_output=True, text=True, timeout=1800)
        with open(os.path.join(a.outdir, "boot-mldsa-%s.txt" % v), "w") as f:
            f.write(p.stdout + p.stderr)
        tot = [re.fullmatch(r"(\d+) passed, (\d+) failed", l) for l in p.stdout.splitlines()]
        tot = [t for t in tot if t]
        passed, failed = (int(tot[-1].group(1)), int(tot[-1].group(2))) if tot else (0, 0)
        check(p.returncode == 0 and passed > 0 and failed == 0,
              "ML-DSA known answers on the booted board, build %s: %d passed, %d failed" % (v, passed, failed))


def bad_input(a):
    d = tempfile.mkdtemp()
    junk = os.path.join(d, "junk.elf")
    with open(junk, "wb") as f:
        f.write(b"\x7fELF" + b"\0" * 60)
    empty = os.path.join(d, "empty")
    open(empty, "wb").close()
    spin = os.path.join(d, "spin.bin")
    with open(spin, "wb") as f:
        f.write((0x0000006f).to_bytes(4, "little"))   # j . : a firmware that never prints
    base = [a.karu64, "--machine=karu64"]
    cases = [
        (["--bios", os.path.join(d, "missing")], 125, "cannot open firmware"),
        (["--bios", junk], 125, "firmware"),
        (["--bios", empty], 125, "is empty"),
        (["--bios", a.bios, "--kernel", os.path.join(d, "missing")], 125, "cannot open kernel"),
        (["--bios", a.bios, "--kernel", a.kernel, "--initrd", os.path.join(d, "missing")], 125, "cannot open initrd"),
        (["--bios", a.bios, "--kernel", a.kernel, "--mem=16M"], 125, "does not fit in RAM"),
        (["--bios", a.bios, "--kernel", a.kernel, "--initrd", a.initrd, "--mem=36M", "--max-insns=100000000"], 125, "RAM too small"),
        ([], 125, "needs --bios"),
        (["--bios", spin, "--max-insns=1000000"], 124, "instruction limit reached"),
        (["--bios", a.bios, "prog"], 125, "takes no program"),
        (["--bios", a.bios, "--dt-seed=-1"], 125, "invalid value for --dt-seed"),
        (["--bios", a.bios, "--dt-seed=18446744073709551616"], 125, "invalid value for --dt-seed"),
        (["--bios", a.bios, "--dt-seed=0x1g"], 125, "invalid value for --dt-seed"),
    ]
    for extra, code, msg in cases:
        p = subprocess.run(base + extra, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
        lines = p.stderr.strip().splitlines()
        check(p.returncode == code and len(lines) == 1 and msg in lines[0],
              "bad input %s: exit %d, one line (%s)" % (" ".join(extra)[-60:] or "(none)", p.returncode,
                                                         lines[0][:80] if lines else ""))
    p = subprocess.run(base + ["--bios", spin, "--max-insns=1100000000"], stdin=subprocess.DEVNULL,
                       capture_output=True, text=True, timeout=300)
    lines = p.stderr.strip().splitlines()
    check(p.returncode == 124 and len(lines) == 2 and "no console output after 1000000000 instructions" in lines[0],
          "a guest that never prints gets one warning line after 10^9 instructions (%s)" % (lines[:1],))
    p = subprocess.run([a.karu64, "--bios", a.bios, "x"], capture_output=True, text=True)
    check(p.returncode == 125 and "need --machine=karu64" in p.stderr, "--bios without --machine is refused")
    p = subprocess.run([a.karu64, "--dt-seed=1", "x"], capture_output=True, text=True)
    check(p.returncode == 125 and len(p.stderr.splitlines()) == 1 and "need --machine=karu64" in p.stderr,
          "--dt-seed without --machine is refused in one line")
    dtb = os.path.join(d, "k.dtb")
    p = subprocess.run(base + ["--bios", spin, "--max-insns=10", "--dump-dtb", dtb], capture_output=True, text=True)
    dts = subprocess.run(["dtc", "-I", "dtb", "-O", "dts", dtb], capture_output=True, text=True)
    check(dts.returncode == 0 and "riscv,isa-extensions" in dts.stdout and "ns16550a" in dts.stdout,
          "--dump-dtb writes a blob that dtc decodes")
    dt_seed(a, spin)


def dt_seed(a, spin):
    """--dt-seed: the dumped tree's /chosen kaslr-seed and rng-seed (fdtget) for the default and
    two seeds, and the seed as the booted kernel sees it (/proc/device-tree), against hashlib."""
    d = tempfile.mkdtemp(prefix="k64dtseed")
    for seed in (None, 1, 0xffffffffffffffff):
        dtb = os.path.join(d, "k.dtb")
        opt = [] if seed is None else ["--dt-seed=%#x" % seed if seed > 1 else "--dt-seed=%d" % seed]
        subprocess.run([a.karu64, "--machine=karu64", "--bios", spin, "--max-insns=10", "--dump-dtb", dtb] + opt,
                       stdin=subprocess.DEVNULL, capture_output=True, timeout=60)
        got = []
        for prop in ("kaslr-seed", "rng-seed"):
            g = subprocess.run(["fdtget", "-t", "bx", dtb, "/chosen", prop], capture_output=True, text=True)
            got.append(bytes(int(x, 16) for x in g.stdout.split()) if g.returncode == 0 else None)
        want = dt_seeds_want(seed or 0)
        check(tuple(got) == want, "%s: /chosen kaslr-seed (8 bytes) and rng-seed (32) = SHAKE256 of the seed "
              "(kaslr-seed %s)" % (" ".join(opt) or "no --dt-seed", got[0].hex() if got[0] else None))
    seed = 0x5eed5eed5eed5eed
    p = subprocess.run([a.karu64, "--machine=karu64", "--bios", a.bios, "--kernel", a.kernel, "--initrd", a.initrd,
                        "--dt-seed=%d" % seed, "--append", "console=ttyS0 quiet karu64.mode=test karu64.only=dtseed"],
                       stdin=subprocess.DEVNULL, capture_output=True, text=True, errors="replace", timeout=900)
    check(p.returncode == 0 and "reboot: Power down" in p.stdout, "--dt-seed=%d: the board boots to poweroff "
          "(exit %d)" % (seed, p.returncode))
    dtseed_checks(sections(p.stdout).get("dtseed", []), seed, "--dt-seed=%d" % seed)


def dma_irq(a):
    """keccak-dma's interrupt through the PLIC, bare metal on the board (tests/boot/dma_irq.c)."""
    sys.path.insert(0, os.path.join(TOP, "tests", "sw"))
    import keccak_ref
    out = keccak_ref.permute([0x0101010101010101 * i for i in range(25)])
    for model in ("none", "karu64-fpga"):
        p = subprocess.run([a.karu64, "--machine=karu64", "--model=" + model, "--device=keccak-dma", "--bios",
                            a.dma_elf, "--max-insns=10000000"], stdin=subprocess.DEVNULL, capture_output=True,
                           text=True, timeout=120)
        lines = p.stdout.splitlines()
        f = [dict(zip(l.split()[1::2], l.split()[2::2])) for l in lines]
        done = f[0] if lines and lines[0].startswith("done") else {}
        err = f[2] if len(lines) > 2 and lines[2].startswith("error") else {}
        check(p.returncode == 0, "%s: the bare-metal program powered off (exit %d)" % (model, p.returncode))
        check(done.get("claim") == "%016x" % 11 and done.get("status") == "%016x" % 1,
              "%s: DONE raises PLIC source 11, the claim returns 11 and STATUS is DONE" % model)
        check(len(lines) > 1 and lines[1] == "out0 %016x out24 %016x" % (out[0], out[24]),
              "%s: the device's permutation = keccak_ref" % model)
        check(err.get("claim") == "%016x" % 11 and err.get("status") == "%016x" % 4,
              "%s: ERROR (DATA_LEN 0) raises the interrupt as well" % model)
        check(done.get("pending-after") == "%016x" % (1 << 11),
              "%s: the line stays high after the claim until the next start" % model)
        if model != "none" and done:
            check(int(done["waited"], 16) >= int(done["last_op"], 16),
                  "%s: the interrupt comes no earlier than the operation's cycles (%d >= %d)"
                  % (model, int(done["waited"], 16), int(done["last_op"], 16)))


def timers(a):
    """CLINT and Sstc timer interrupts in bare metal on the board (tests/boot/timer.c)."""
    for model in ("none", "karu64-fpga"):
        p = subprocess.run([a.karu64, "--machine=karu64", "--model=" + model, "--bios", a.timer_elf,
                            "--max-insns=10000000"], stdin=subprocess.DEVNULL, capture_output=True, text=True,
                           timeout=120)
        lines = p.stdout.splitlines()
        for l in lines:
            check(l.startswith("ok "), "%s: %s" % (model, l[5:]))
        check(p.returncode == 0 and len(lines) == 10, "%s: the timer program ran its 10 checks and passed (exit %d)"
              % (model, p.returncode))


def reboot(a):
    p = subprocess.run([a.karu64, "--machine=karu64", "--bios", a.reboot_elf, "--max-insns=1000000"],
                       stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
    check(p.returncode == 42 and p.stdout == "first boot\nsecond boot\n",
          "syscon reboot restarts the board (RAM kept), syscon fail 42 is exit status 42 (%d, %r)"
          % (p.returncode, p.stdout[:40]))


def interactive(a):
    """make boot on a terminal: a shell prompt, a command typed, Ctrl-A X."""
    import pty
    import select
    import time
    master, slave = pty.openpty()
    p = subprocess.Popen([a.karu64, "--machine=karu64", "--bios", a.bios, "--kernel", a.kernel, "--initrd",
                          a.initrd], stdin=slave, stdout=slave, stderr=slave, close_fds=True)
    os.close(slave)
    buf = b""

    def until(pat, secs):
        nonlocal buf
        end = time.monotonic() + secs
        while pat not in buf and time.monotonic() < end:
            r, _, _ = select.select([master], [], [], 0.5)
            if r:
                try:
                    buf += os.read(master, 65536)
                except OSError:
                    break
        return pat in buf
    ok = until(b"karu64-init: a shell", 600) and until(b"# ", 60)
    check(ok, "on a terminal the board boots to a shell prompt")
    if ok:
        os.write(master, b"echo karu64-$((6*7))\r")
        check(until(b"karu64-42", 60), "a command typed on the terminal runs in the guest shell")
    os.write(master, b"\x01x")
    try:
        rc = p.wait(timeout=60)
    except subprocess.TimeoutExpired:
        p.kill()
        rc = p.wait()
    until(b"(Ctrl-A X)", 2)
    os.close(master)
    check(rc == 0 and b"terminated (Ctrl-A X)" in buf, "Ctrl-A X quits with status 0 and one line (%d)" % rc)


def gdb_board(a):
    """The GDB stub on the board (doc/gdb.md): stopped at the reset vector, a breakpoint at the
    kernel's entry reached through OpenSBI, registers as the boot protocol sets them."""
    import time
    p = subprocess.Popen([a.karu64, "--gdb", "0", "--machine=karu64", "--bios", a.bios, "--kernel", a.kernel,
                          "--initrd", a.initrd], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    port, err = None, ""
    t0 = time.time()
    while port is None and time.time() - t0 < 30:
        line = p.stderr.readline()
        err += line
        m = re.search(r"waiting for gdb on 127\.0\.0\.1:(\d+)", line)
        port = int(m.group(1)) if m else None
    check(port is not None, "board --gdb 0 prints its port (%s)" % err.strip()[:80])
    if port is None:
        p.kill()
        return
    kv = lambda k, e: ["-ex", 'printf "KV %s %%lx\\n", %s' % (k, e)]
    cmd = ["gdb-multiarch", "-nx", "-batch", "-ex", "set confirm off", "-ex", "set architecture riscv:rv64",
           "-ex", "target remote 127.0.0.1:%d" % port] + kv("reset", "$pc") + \
          ["-ex", "break *0x80200000", "-ex", "continue"] + kv("pc", "$pc") + kv("a0", "$a0") + kv("a1", "$a1") + \
          kv("priv", "$priv") + kv("magic2", "*(unsigned int *)0x80200038") + ["-ex", "stepi"] + kv("step", "$pc") + \
          ["-ex", "kill"]
    g = subprocess.run(cmd, capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
    try:
        p.wait(timeout=60)
    except subprocess.TimeoutExpired:
        p.kill()
    got = dict(re.findall(r"KV (\S+) ([0-9a-f]+)", g.stdout))
    check(got.get("reset") == "1000", "gdb sees the hart at the reset vector 0x1000 (%s)" % got.get("reset"))
    check(got.get("pc") == "80200000", "a breakpoint at the kernel entry 0x80200000 is reached through OpenSBI")
    check(got.get("a0") == "0" and got.get("a1") == "%x" % (0x80000000 + (1 << 30) - (2 << 20)),
          "at the kernel entry a0 = hart 0 and a1 = the device tree (%s, %s)" % (got.get("a0"), got.get("a1")))
    check(got.get("priv") == "1", "the kernel is entered in S-mode ($priv = %s)" % got.get("priv"))
    check(got.get("magic2") == "5435352", "gdb reads the kernel Image's header magic2 'RSC\\x05' from memory")
    check(got.get("step") in ("80200002", "80200004"), "stepi advances by one instruction (%s)" % got.get("step"))


def main():
    ap = argparse.ArgumentParser()
    for o in ("karu64", "bios", "kernel", "initrd", "result"):
        ap.add_argument("--" + o, required=True)
    ap.add_argument("--kpqc", default="")
    ap.add_argument("--dma-elf", required=True)
    ap.add_argument("--reboot-elf", required=True)
    ap.add_argument("--timer-elf", required=True)
    ap.add_argument("--skip-kat", action="store_true")
    a = ap.parse_args()
    a.outdir = os.path.dirname(os.path.abspath(a.result))
    guest_tests(a)
    bad_input(a)
    if not a.skip_kat:
        perf_model(a)
        model_blocks(a)
    dma_irq(a)
    timers(a)
    reboot(a)
    interactive(a)
    gdb_board(a)
    if not a.skip_kat:
        kat_tests(a)
    finish(a.result)


if __name__ == "__main__":
    main()
