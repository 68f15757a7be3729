#!/usr/bin/env python3
"""The GDB stub (--gdb, doc/gdb.md) driven by Debian's gdb-multiarch in batch mode, and by a
raw remote-protocol client for what gdb does not show (checksums, error replies, the target
description's numbering, Ctrl-C as the 0x03 byte, a lost connection).

The guests are tests/gdb/linux.c (Linux user mode, also built as a dynamically linked PIE),
tests/gdb/bare.S (bare metal, HTIF) and tests/gdb/sv39.S (S-mode under Sv39: virtual addresses);
every value checked comes from their source, addresses from `nm`, instruction lengths from
llvm-objdump: nothing checked is read back through the stub alone. karu64 is started with
--gdb 0 and prints the port the system chose. Every process runs under a timeout.

  tests/gdb/run.py KARU64 RV_CC RV_BARE_CC OUTDIR RESULTS"""
import os, re, shlex, signal, socket, subprocess, sys, threading, time
import xml.etree.ElementTree as ET

karu64, rv_cc, bare_cc, out, results = sys.argv[1:6]
here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))
os.makedirs(out, exist_ok=True)
GDB = "gdb-multiarch"
lines, passed, failed = [], 0, 0


def check(name, ok, detail=""):
    global passed, failed
    line = f"{'PASS' if ok else 'FAIL'} {name}" + ("" if ok else f"  {detail}")
    print(line)
    lines.append(line)
    if ok:
        passed += 1
    else:
        failed += 1


def finish():
    with open(results, "w") as f:
        f.write("".join(l + "\n" for l in lines))
        f.write(f"{passed} passed, {failed} failed\n")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


def tool(*names):
    for n in names:
        if subprocess.run(["sh", "-c", f"command -v {n}"], capture_output=True).returncode == 0:
            return n
    return None


if not tool(GDB):
    check("gdb-multiarch is installed (scripts/setup installs it)", False, "not found")
    finish()
objdump = tool("llvm-objdump-19", "llvm-objdump")
nm = tool("llvm-nm-19", "llvm-nm")

linux_elf = os.path.join(out, "linux")
bare_elf = os.path.join(out, "bare")
sv39_elf = os.path.join(out, "sv39")
subprocess.run(shlex.split(rv_cc) + ["-O1", "-g", "-march=rv64gcv", os.path.join(here, "linux.c"), "-o", linux_elf],
               check=True)
subprocess.run(shlex.split(bare_cc) + ["-g", "-march=rv64gcv", "-mcmodel=medany", "-T",
               os.path.join(root, "tests", "bare", "link.ld"), os.path.join(here, "bare.S"), "-o", bare_elf], check=True)
subprocess.run(shlex.split(bare_cc) + ["-g", "-march=rv64gc", "-mcmodel=medany", "-T",
               os.path.join(root, "tests", "bare", "link.ld"), os.path.join(here, "sv39.S"), "-o", sv39_elf], check=True)


def symbols(elf):
    syms = {}
    for l in subprocess.run([nm, elf], capture_output=True, text=True, check=True).stdout.splitlines():
        f = l.split()
        if len(f) == 3:
            syms.setdefault(f[2], int(f[0], 16))
    return syms


def insn_lengths(elf):
    """address -> length of the instruction there, from the disassembler's encoding column;
    and address -> target of each jal"""
    lens, jal = {}, {}
    for l in subprocess.run([objdump, "-d", elf], capture_output=True, text=True, check=True).stdout.splitlines():
        m = re.match(r"\s*([0-9a-f]+):\s+((?:[0-9a-f]{2,8} ?)+)\s+(\S+)\s*(\S*)", l)
        if m:
            a = int(m.group(1), 16)
            lens[a] = len(m.group(2).replace(" ", "")) // 2
            if m.group(3) == "jal" and re.fullmatch(r"0x[0-9a-f]+", m.group(4)):
                jal[a] = int(m.group(4), 16)
    return lens, jal


def ecall_in(elf, fn):
    r = subprocess.run([objdump, "-d", f"--disassemble-symbols={fn}", elf], capture_output=True, text=True)
    for l in r.stdout.splitlines():
        m = re.match(r"\s*([0-9a-f]+):\s+00000073\s+ecall", l)
        if m:
            return int(m.group(1), 16)
    return None


class Karu:
    """karu64 --gdb 0 ... in the background; its port from the line it prints"""

    def __init__(self, name, args):
        self.outp = os.path.join(out, name + ".out")
        self.errp = os.path.join(out, name + ".err")
        self.p = subprocess.Popen([karu64, "--gdb", "0"] + args, stdout=open(self.outp, "w"),
                                  stderr=open(self.errp, "w"), stdin=subprocess.DEVNULL)
        self.port = None
        t0 = time.time()
        while time.time() - t0 < 20 and self.p.poll() is None:
            m = re.search(r"karu64: waiting for gdb on 127\.0\.0\.1:(\d+)", open(self.errp).read())
            if m:
                self.port = int(m.group(1))
                break
            time.sleep(0.05)

    def wait(self):
        try:
            self.p.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()
        return self.p.returncode, open(self.outp).read(), open(self.errp).read()


def gdb_session(name, elf, cmds, args=None, sigint_after=None, pre=()):
    """Runs gdb-multiarch -batch with cmds against karu64; returns (gdb output, values printed
    as `KV name value`, karu64's status, stdout, stderr)."""
    global last_pid
    k = Karu(name, (args or []) + [elf])
    last_pid = k.p.pid
    check(f"{name}: karu64 prints the port it waits on", k.port is not None, open(k.errp).read())
    if k.port is None:
        k.p.kill()
        return "", {}, None, "", ""
    argv = [GDB, "-nx", "-batch", "-ex", "set confirm off", "-ex", "set pagination off"]
    for c in pre:
        argv += ["-ex", c]
    argv += ["-ex", f"target remote 127.0.0.1:{k.port}"]
    for c in cmds:
        argv += ["-ex", c]
    argv.append(elf)
    g = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                         stdin=subprocess.DEVNULL)
    got = []
    reader = threading.Thread(target=lambda: got.extend(iter(g.stdout.readline, "")), daemon=True)
    reader.start()
    if sigint_after:
        # Ctrl-C once gdb has said (echo RUNNING) that it is about to continue, and a moment later
        t0 = time.time()
        while time.time() - t0 < 60 and not any("RUNNING" in l for l in got) and g.poll() is None:
            time.sleep(0.05)
        time.sleep(sigint_after)
        g.send_signal(signal.SIGINT)
    reader.join(timeout=90)
    if reader.is_alive():
        g.kill()
        reader.join()
        check(f"{name}: gdb finishes", False, "timeout")
    g.wait()
    gout = "".join(got)
    status, kout, kerr = k.wait()
    with open(os.path.join(out, name + ".gdb"), "w") as f:
        f.write(gout)
    kv = {}
    for l in gout.splitlines():
        m = re.match(r"KV (\S+) (\S+)$", l)
        if m:
            kv.setdefault(m.group(1), []).append(m.group(2))
    return gout, kv, status, kout, kerr


def kv1(kv, key, i=0):
    v = kv.get(key, [])
    return int(v[i], 16) if len(v) > i else None


def pr(key, expr):
    return f'printf "KV {key} %lx\\n", {expr}'


VBYTES = "{" + ", ".join(f"0x{0x10 + i:x}" for i in range(32)) + "}"

# ---- Linux user mode ------------------------------------------------------------------------
ls = symbols(linux_elf)
ll, ljal = insn_lengths(linux_elf)
wr = ecall_in(linux_elf, "write")
check("linux: the test program has an ecall in write()", wr is not None)

gout, kv, st, kout, kerr = gdb_session("linux-break", linux_elf, [
    pr("pc0", "$pc"), "stepi", pr("pc1", "$pc"),
    "break known_fn", "continue", pr("pc", "$pc"), "info registers a0 a1",
    pr("a0", "$a0"), pr("a1", "$a1"),
    "stepi", pr("pcs", "$pc"),
    "x/4gx &table",
    "set var result = 0x2a",
    "continue", pr("a0", "$a0"), pr("a1", "$a1"), "set $a1 = 0x10",
    "delete", f"break *0x{wr or 0:x}", "continue", pr("pcw", "$pc"), "stepi", pr("pcw1", "$pc"), pr("written", "$a0"),
    "continue"])
entry = kv1(kv, "pc0")
check("linux: stopped before the first instruction (pc = the ELF entry, _start)", entry == ls.get("_start"), (entry, ls.get("_start")))
check("linux: stepi from the entry (glibc's _start: jal load_gp) lands at the jal's target",
      entry in ljal and kv1(kv, "pc1") == ljal[entry], (kv.get("pc1"), ljal.get(entry)))
check("linux: break known_fn + continue stops at the symbol's address (nm)", kv1(kv, "pc") == ls["known_fn"], (kv.get("pc"), hex(ls["known_fn"])))
check("linux: at the breakpoint the arguments are known_fn's (a0 = 0x1234, a1 = 0x5678)",
      kv1(kv, "a0") == 0x1234 and kv1(kv, "a1") == 0x5678, (kv.get("a0"), kv.get("a1")))
check("linux: info registers shows a0 0x1234 and a1 0x5678",
      re.search(r"^a0\s+0x1234\s", gout, re.M) is not None and re.search(r"^a1\s+0x5678\s", gout, re.M) is not None)
check("linux: stepi at the breakpoint advances pc by the instruction's length",
      kv1(kv, "pcs") == ls["known_fn"] + ll.get(ls["known_fn"], -99), (kv.get("pcs"), ll.get(ls["known_fn"])))
want_table = re.findall(r"0x(1{16}|2{16}|3{16}|4{16})", gout)
check("linux: x/4gx &table shows the array's four values", want_table == ["1" * 16, "2" * 16, "3" * 16, "4" * 16], want_table)
check("linux: the breakpoint is hit again on the second call (a0 = 3, a1 = 4)",
      kv1(kv, "a0", 1) == 3 and kv1(kv, "a1", 1) == 4, (kv.get("a0"), kv.get("a1")))
check("linux: break at write()'s ecall stops there", kv1(kv, "pcw") == wr, (kv.get("pcw"), wr))
check("linux: stepi over the system call ends after it (pc + 4)", wr is not None and kv1(kv, "pcw1") == wr + 4, kv.get("pcw1"))
check("linux: the program's output shows the register write (known_fn(3, 0x10) = 0x13)", "known_fn: 68ac 13\n" in kout, kout)
check("linux: the program's output shows the memory write (result = 0x2a)", "result: 2a\n" in kout, kout)
check("linux: write() returned the output's length", kv1(kv, "written") == len(kout.encode()), (kv.get("written"), len(kout)))
check("linux: continue to the end: gdb reports the exit code (3 + 0x2a = 055 octal)", "exited with code 055]" in gout, gout[-300:])
check("linux: karu64's exit status is the program's (45)", st == 45, (st, kerr))

gout, kv, st, kout, kerr = gdb_session("linux-vector", linux_elf, [
    "break checkpoint", "continue", "p/x $v1.b", pr("vl", "$vl"), pr("vtype", "$vtype"), pr("vlenb", "$vlenb"),
    pr("fcsr", "$fcsr"), pr("frm", "$frm"), pr("fflags", "$fflags"), pr("priv", "$priv"),
    "info registers vector", "detach"])
check("linux: p/x $v1.b shows the bytes the program loaded (0x10..0x2f)", f"= {VBYTES}" in gout, gout[-600:])
check("linux: $vl = 32, $vtype = e8 m1 ta ma (0xc0), $vlenb = 32",
      (kv1(kv, "vl"), kv1(kv, "vtype"), kv1(kv, "vlenb")) == (32, 0xc0, 32), (kv.get("vl"), kv.get("vtype"), kv.get("vlenb")))
check("linux: $fcsr = 0x45, $frm = 2, $fflags = 5 (the program's csrw fcsr)",
      (kv1(kv, "fcsr"), kv1(kv, "frm"), kv1(kv, "fflags")) == (0x45, 2, 5), (kv.get("fcsr"), kv.get("frm"), kv.get("fflags")))
check("linux: $priv = 0 (user mode)", kv1(kv, "priv") == 0, kv.get("priv"))
check("linux: info registers vector lists v0..v31, v1 with the loaded bytes",
      re.search(r"^v1\s+\{b = " + re.escape(VBYTES), gout, re.M) is not None and re.search(r"^v31\s", gout, re.M) is not None)
check("linux: after detach the program runs to its end (status 3, its output)", st == 3 and "known_fn: 68ac 7\n" in kout, (st, kout))

gout, kv, st, kout, kerr = gdb_session("linux-ctrlc", linux_elf, [
    "set var spin = 1", "echo RUNNING\\n", "continue", pr("pc", "$pc"), "set var spin = 0", "continue"],
    sigint_after=0.5)
names = sorted((a, n) for n, a in ls.items())
after_main = min((a for a, n in names if a > ls["main"]), default=None)
pc = kv1(kv, "pc")
check("linux: Ctrl-C (SIGINT to gdb) stops the spinning program: SIGINT reported", "received signal SIGINT" in gout, gout[-400:])
check("linux: ... with pc inside main's loop", pc is not None and ls["main"] <= pc < (after_main or 0), (kv.get("pc"), hex(ls["main"])))
check("linux: continue after the interrupt runs to the end (status 3)", st == 3 and "exited with code 03]" in gout, (st, gout[-300:]))

gout, kv, st, kout, kerr = gdb_session("linux-kill", linux_elf, ["break known_fn", "continue", "kill"])
check("linux: kill ends karu64 with status 137 and one line", st == 137 and "karu64: killed by the debugger" in kerr and kout == "",
      (st, kerr, kout))

gout, kv, st, kout, kerr = gdb_session("linux-limit", linux_elf, ["continue"], args=["--max-insns=5000"])
check("linux: --max-insns running out under gdb: SIGXCPU, status 124",
      "terminated with signal SIGXCPU" in gout and st == 124, (st, gout[-300:]))

# a dynamically linked, position-independent build: GDB relocates it and finds the C library
# through the auxiliary vector (qXfer:auxv:read) and the dynamic linker's list in guest memory
dyn_cc = [a for a in shlex.split(rv_cc) if a != "-static" and not a.startswith("--sysroot")]
dyn_elf = os.path.join(out, "linux-dyn")
subprocess.run(dyn_cc + ["-O1", "-g", "-march=rv64gcv", os.path.join(here, "linux.c"), "-o", dyn_elf], check=True)
ds = symbols(dyn_elf)
gout, kv, st, kout, kerr = gdb_session("linux-dyn", dyn_elf, [
    "break known_fn", "continue", pr("pc", "$pc"), pr("a0", "$a0"), pr("a1", "$a1"), "info sharedlibrary",
    "break printf", "continue", "continue", pr("pcp", "$pc"), "bt 1"],
    args=["-L", "/usr/riscv64-linux-gnu"], pre=["set sysroot /usr/riscv64-linux-gnu"])
pc = kv1(kv, "pc")
check("linux (PIE, dynamic): break known_fn stops there, relocated: a0 = 0x1234, a1 = 0x5678, pc = nm + a page multiple",
      pc is not None and kv1(kv, "a0") == 0x1234 and kv1(kv, "a1") == 0x5678 and pc != ds["known_fn"] and
      (pc - ds["known_fn"]) % 4096 == 0, (kv.get("pc"), hex(ds["known_fn"]), kv.get("a0")))
check("linux (PIE, dynamic): info sharedlibrary lists the dynamic linker and libc.so.6",
      re.search(r"ld-linux-riscv64-lp64d\.so\.1", gout) is not None and re.search(r"/libc\.so\.6", gout) is not None, gout[-800:])
check("linux (PIE, dynamic): break printf stops in the C library", re.search(r"in printf \(\) from \S*libc\.so\.6", gout) is not None,
      gout[-500:])
check("linux (PIE, dynamic): after detach the program ends normally", st == 3 and "known_fn: 68ac 7\n" in kout, (st, kout, kerr))

# ---- bare metal ------------------------------------------------------------------------------
bs = symbols(bare_elf)
bl, _ = insn_lengths(bare_elf)
gout, kv, st, kout, kerr = gdb_session("bare-break", bare_elf, [
    pr("pc0", "$pc"), "stepi", pr("pc1", "$pc"),
    "break known_fn", "continue", pr("pc", "$pc"), pr("a0", "$a0"), pr("a1", "$a1"), "info registers a0 a1",
    "stepi", pr("pcs", "$pc"),
    "continue", pr("a0", "$a0"), pr("a1", "$a1"),
    "break checkpoint", "continue", pr("pcc", "$pc"), "p/x $v1.b", pr("vl", "$vl"), pr("vtype", "$vtype"),
    pr("mscratch", "$mscratch"), pr("fcsr", "$fcsr"), pr("priv", "$priv"), pr("mtvec", "$mtvec"),
    "x/4gx &table", "set var *(long *)&result = 5", "set $s2 = 30", "continue"])
b0 = kv1(kv, "pc0")
check("bare: stopped before the first instruction (pc = _start)", b0 == bs["_start"], (kv.get("pc0"), hex(bs["_start"])))
check("bare: stepi advances pc by the instruction's length (auipc: 4)",
      b0 is not None and kv1(kv, "pc1") == b0 + bl.get(b0, -99) and bl.get(b0) == 4, (kv.get("pc1"), bl.get(b0)))
check("bare: break known_fn + continue stops at the symbol's address (nm)", kv1(kv, "pc") == bs["known_fn"], kv.get("pc"))
check("bare: the arguments at the breakpoint: a0 = 0x1234, a1 = 0x5678",
      kv1(kv, "a0") == 0x1234 and kv1(kv, "a1") == 0x5678, (kv.get("a0"), kv.get("a1")))
check("bare: info registers shows a0 0x1234 and a1 0x5678",
      re.search(r"^a0\s+0x1234\s", gout, re.M) is not None and re.search(r"^a1\s+0x5678\s", gout, re.M) is not None)
check("bare: stepi at the breakpoint advances pc by its length",
      kv1(kv, "pcs") == bs["known_fn"] + bl.get(bs["known_fn"], -99), (kv.get("pcs"), bl.get(bs["known_fn"])))
check("bare: the breakpoint is hit again on the second call (a0 = 3, a1 = 4)",
      kv1(kv, "a0", 1) == 3 and kv1(kv, "a1", 1) == 4, (kv.get("a0"), kv.get("a1")))
check("bare: break checkpoint stops there", kv1(kv, "pcc") == bs["checkpoint"], kv.get("pcc"))
check("bare: p/x $v1.b shows the bytes loaded (0x10..0x2f)", f"= {VBYTES}" in gout, gout[-600:])
check("bare: $vl = 32, $vtype = 0xc0", (kv1(kv, "vl"), kv1(kv, "vtype")) == (32, 0xc0), (kv.get("vl"), kv.get("vtype")))
check("bare: $mscratch = 0x5a5a5a5a, $fcsr = 0x45", (kv1(kv, "mscratch"), kv1(kv, "fcsr")) == (0x5a5a5a5a, 0x45),
      (kv.get("mscratch"), kv.get("fcsr")))
check("bare: $priv = 3 (M-mode), $mtvec = the trap label (nm)", (kv1(kv, "priv"), kv1(kv, "mtvec")) == (3, bs["trap"]),
      (kv.get("priv"), kv.get("mtvec")))
want_table = re.findall(r"0x(1{16}|2{16}|3{16}|4{16})", gout)
check("bare: x/4gx &table shows the four dwords", want_table == ["1" * 16, "2" * 16, "3" * 16, "4" * 16], want_table)
check("bare: the exit status shows the memory and register writes (30 + 5 = 35)", st == 35 and "exited with code 043]" in gout,
      (st, gout[-300:]))

gout, kv, st, kout, kerr = gdb_session("bare-ctrlc", bare_elf, [
    "set var *(long *)&spin = 1", "echo RUNNING\\n", "continue", pr("pc", "$pc"), "set var *(long *)&spin = 0",
    "continue"], sigint_after=0.5)
pc = kv1(kv, "pc")
check("bare: Ctrl-C stops the spinning program (SIGINT)", "received signal SIGINT" in gout, gout[-400:])
check("bare: ... with pc in spin_loop", pc is not None and bs["spin_loop"] <= pc < bs["spin_end"], kv.get("pc"))
check("bare: continue after it runs to the end (status 7)", st == 7 and "exited with code 07]" in gout, (st, gout[-300:]))


# S-mode with Sv39 on: the debugger's addresses are virtual (VA 0xc0000000 aliases PA 0x80000000)
vs = symbols(sv39_elf)
alias = vs["table"] + 0x40000000
gout, kv, st, kout, kerr = gdb_session("bare-sv39", sv39_elf, [
    "break s_checkpoint", "continue", pr("pc", "$pc"), pr("priv", "$priv"), pr("satp", "$satp"),
    f"x/2gx 0x{alias:x}", "x/gx 0x40000000", f"set var *(long *)0x{alias + 8:x} = 0x77", "x/2gx &table", "continue"])
check("sv39: break in S-mode code stops there with priv = 1 and satp = Sv39 | pt >> 12 (nm)",
      kv1(kv, "pc") == vs["s_checkpoint"] and kv1(kv, "priv") == 1 and kv1(kv, "satp") == (8 << 60 | vs["pt"] >> 12),
      (kv.get("pc"), kv.get("priv"), kv.get("satp")))
check("sv39: x/2gx at the alias VA reads the table through the page table",
      re.search(r"0x%x[^\n]*:\s+0x1111111111111111\s+0x2222222222222222" % alias, gout) is not None, gout[-600:])
check("sv39: an unmapped VA cannot be read", "Cannot access memory at address 0x40000000" in gout)
check("sv39: a write through the alias is seen at the table's own address",
      re.search(r"0x%x[^\n]*:\s+0x1111111111111111\s+0x0000000000000077" % vs["table"], gout) is not None, gout[-400:])
check("sv39: the S-mode ecall ends the run (status 0)", st == 0 and "exited normally" in gout, (st, gout[-200:]))

# ---- stops change nothing: the commit log under gdb equals the one without ------------------
# (the guest's clock from its instruction count, and stdout a file in both runs: the C library
# asks fstat what it writes to). The process id is karu64's own, so a line may differ only where
# one run has its process id and the other run has its own: a line is the same if it is equal as
# it stands or equal with each run's id replaced by PID. (Replacing the ids everywhere first
# would also replace an address or a value that happens to equal one run's process id.)
def same_log(a, b, pid_a, pid_b):
    la, lb = a.split("\n"), b.split("\n")
    if len(la) != len(lb):
        return False
    ra, rb = re.compile(r"0x0*%x\b" % pid_a), re.compile(r"0x0*%x\b" % pid_b)
    return all(x == y or ra.sub("PID", x) == rb.sub("PID", y) for x, y in zip(la, lb))



steps = {
    "linux": ["stepi", "break checkpoint", "continue", "stepi 3", "break known_fn", "continue", "stepi", "stepi",
              "continue", "delete", f"break *0x{wr or 0:x}", "continue", "stepi", "stepi", "delete", "continue"],
    "bare": ["stepi", "break known_fn", "continue", "stepi", "stepi", "continue", "break checkpoint", "continue",
             "stepi 3", "delete", "continue"],
}
for gname, elf, extra in [("linux", linux_elf, ["--virtual-clock"]), ("bare", bare_elf, [])]:
    plain = os.path.join(out, f"{gname}-plain.trace")
    with open(os.path.join(out, f"{gname}-plain.out"), "w") as f:
        p = subprocess.Popen([karu64, f"--trace={plain}"] + extra + [elf], stdout=f, stderr=subprocess.DEVNULL,
                             stdin=subprocess.DEVNULL)
        p.wait(timeout=120)
    traced = os.path.join(out, f"{gname}-gdb.trace")
    gout, kv, st, kout, kerr = gdb_session(f"{gname}-trace", elf, steps[gname], args=[f"--trace={traced}"] + extra)
    stops = len(re.findall(r"^Breakpoint \d+, ", gout, re.M))
    check(f"{gname}: that run stopped at each breakpoint ({stops} stops) and ran to its end",
          stops == {"linux": 4, "bare": 3}[gname] and "exited with code" in gout, gout[-500:])
    a, b = open(plain).read(), open(traced).read()
    check(f"{gname}: the commit log of a run with breakpoints and steps is the plain run's ({a.count(chr(10))} lines)",
          len(a) > 0 and same_log(a, b, p.pid, last_pid), (len(a), len(b)))

# ---- the remote protocol by hand -----------------------------------------------------------
class Rsp:
    def __init__(self, port):
        self.s = socket.create_connection(("127.0.0.1", port), timeout=20)
        self.noack = False
        self.buf = b""

    def byte(self):
        while not self.buf:
            d = self.s.recv(65536)
            if not d:
                raise EOFError
            self.buf += d
        c, self.buf = self.buf[:1], self.buf[1:]
        return c

    def raw(self, data):
        self.s.sendall(data)

    def send(self, payload, bad_sum=False):
        p = payload.encode("latin-1") if isinstance(payload, str) else payload
        s = (sum(p) + (1 if bad_sum else 0)) & 0xff
        self.s.sendall(b"$" + p + b"#%02x" % s)

    def ack(self):
        return self.byte()

    def reply(self):
        while self.byte() != b"$":
            pass
        data = b""
        while (c := self.byte()) != b"#":
            data += c
        self.byte(), self.byte()
        if not self.noack:
            self.s.sendall(b"+")
        return re.sub(rb"\}(.)", lambda m: bytes([m.group(1)[0] ^ 0x20]), data, flags=re.S).decode("latin-1")

    def cmd(self, payload):
        self.send(payload)
        if not self.noack:
            self.ack()
        return self.reply()


k = Karu("rsp", [linux_elf])
check("rsp: karu64 prints the port", k.port is not None)
if k.port:
    r = Rsp(k.port)
    r.send("qSupported", bad_sum=True)
    check("rsp: a bad checksum is answered with '-'", r.ack() == b"-")
    sup = r.cmd("qSupported:multiprocess+;swbreak+")
    check("rsp: qSupported offers PacketSize, qXfer:features:read+, QStartNoAckMode+",
          "PacketSize=" in sup and "qXfer:features:read+" in sup and "QStartNoAckMode+" in sup, sup)
    check("rsp: QStartNoAckMode", r.cmd("QStartNoAckMode") == "OK")
    r.noack = True
    check("rsp: ? reports a SIGTRAP stop of thread 1", r.cmd("?").startswith("T05thread:1;"))
    xml, off = "", 0
    while True:
        part = r.cmd(f"qXfer:features:read:target.xml:{off:x},200")
        xml += part[1:]
        off += len(part) - 1
        if part[:1] != "m" or len(xml) > 1 << 20:
            break
    check("rsp: target.xml read in 0x200-byte pieces ends with 'l'", part[:1] == "l", part[:20])
    try:
        t = ET.fromstring(xml)
        regs = {e.get("name"): int(e.get("regnum")) for e in t.iter("reg")}
        feats = [f.get("name") for f in t.iter("feature")]
    except ET.ParseError as e:
        regs, feats = {}, []
        check("rsp: target.xml is well-formed XML", False, e)
    check("rsp: target.xml has the cpu, fpu, csr and vector features",
          all(f"org.gnu.gdb.riscv.{f}" in feats for f in ("cpu", "fpu", "csr", "vector")), feats)
    want = {"zero": 0, "a0": 10, "t6": 31, "pc": 32, "ft0": 33, "ft11": 64, "fflags": 66, "frm": 67, "fcsr": 68,
            "mstatus": 65 + 0x300, "vl": 65 + 0xc20, "vtype": 65 + 0xc21, "vlenb": 65 + 0xc22, "v0": 4162, "v31": 4193}
    check("rsp: GDB's RISC-V numbering: x 0..31, pc 32, f 33..64, CSR n at 65 + n, v0..v31 at 4162..4193",
          all(regs.get(n) == v for n, v in want.items()), {n: regs.get(n) for n in want})
    check("rsp: qXfer of another annex: E00", r.cmd("qXfer:features:read:other.xml:0,100") == "E00")
    check("rsp: qXfer of an object not offered: the empty reply", r.cmd("qXfer:threads:read::0,100") == "")
    check("rsp: qSupported offers qXfer:auxv:read+ in Linux user mode", "qXfer:auxv:read+" in sup, sup)
    av = r.cmd("qXfer:auxv:read::0,1000").encode("latin-1")
    pairs = {int.from_bytes(av[i + 1:i + 9], "little"): int.from_bytes(av[i + 9:i + 17], "little")
             for i in range(0, len(av) - 16, 16)} if av[:1] == b"l" else {}
    check("rsp: qXfer:auxv:read: AT_PAGESZ 4096, AT_ENTRY = _start (nm), AT_NULL last",
          pairs.get(6) == 4096 and pairs.get(9) == ls["_start"] and av[-16:] == bytes(16), (av[:1], pairs))
    g = r.cmd("g")
    check("rsp: g returns x0..x31, pc and f0..f31 (65 x 8 bytes)", len(g) == 65 * 16 and g[:16] == "0" * 16, len(g))
    pc_le = int.from_bytes(bytes.fromhex(g[32 * 16:33 * 16]), "little")
    check("rsp: pc in g is the entry point", pc_le == ls["_start"], hex(pc_le))
    check("rsp: p of pc (0x20) matches", r.cmd("p20") == g[32 * 16:33 * 16])
    check("rsp: p of a register that is not there: E01", r.cmd("p1062") == "E01" and r.cmd("p801") == "E01" and r.cmd("pzz") == "E01")
    check("rsp: P sets a register, p reads it back", r.cmd("Pa=efbeadde00000000") == "OK" and r.cmd("pa") == "efbeadde00000000")
    check("rsp: writes to x0 are ignored", r.cmd("P0=0100000000000000") == "OK" and r.cmd("p0") == "0" * 16)
    check("rsp: m of the guest's unmapped page 0: E14", r.cmd("m0,8") == "E14")
    check("rsp: m of a host-sized address outside the guest: E14", r.cmd("mffffffffffff0000,8") == "E14" and
          r.cmd("m7fffffffffff,10") == "E14")
    check("rsp: m with an overflowing address: E01", r.cmd("m11112222333344445,8") == "E01")
    tbl = r.cmd(f"m{ls['table']:x},10")
    check("rsp: m reads the table's first two dwords", tbl == "11" * 8 + "22" * 8, tbl)
    check("rsp: M and X at an unmapped address: E14", r.cmd("M10,4:01020304") == "E14" and r.cmd("X10,1:a") == "E14")
    check("rsp: M with a wrong data length: E01", r.cmd(f"M{ls['table']:x},4:0102") == "E01")
    check("rsp: X writes binary data with } escapes ('#' and '}' bytes)",
          r.cmd(f"X{ls['table']:x},2:" + "}\x03}\x5d") == "OK" and r.cmd(f"m{ls['table']:x},2") == "237d")
    check("rsp: M writes the table back", r.cmd(f"M{ls['table']:x},2:1111") == "OK")
    check("rsp: an unknown packet gets the empty reply", r.cmd("qNoSuchThing") == "" and r.cmd("vNoSuch") == "")
    check("rsp: vCont? offers c, C, s, S", r.cmd("vCont?") == "vCont;c;C;s;S")
    check("rsp: one thread: qfThreadInfo m1, qsThreadInfo l, qC QC1",
          (r.cmd("qfThreadInfo"), r.cmd("qsThreadInfo"), r.cmd("qC")) == ("m1", "l", "QC1"))
    check("rsp: a packet longer than PacketSize: E01", r.cmd("X" + "0" * 20000) == "E01")
    check("rsp: P puts a0 back (the entry's a0 is rtld_fini)", r.cmd("Pa=0000000000000000") == "OK")
    check("rsp: Z0 at the entry and M spin = 1", r.cmd(f"Z0,{ls['_start']:x},2") == "OK" and
          r.cmd(f"M{ls['spin']:x},8:0100000000000000") == "OK")
    r.send("c")   # from a breakpoint under pc: it is stepped over
    time.sleep(0.5)
    r.raw(b"\x03")
    check("rsp: 0x03 while running stops the program with SIGINT", r.reply() == "T02thread:1;")
    check("rsp: M spin = 0, Z0 at known_fn, vCont;c: a software-breakpoint stop",
          r.cmd(f"M{ls['spin']:x},8:0000000000000000") == "OK" and r.cmd(f"Z0,{ls['known_fn']:x},2") == "OK" and
          r.cmd("vCont;c").startswith("T05thread:1;swbreak:;"))
    check("rsp: ? repeats the last stop", r.cmd("?") == "T05thread:1;swbreak:;")
    check("rsp: ... at known_fn with a0 = 0x1234", r.cmd("p20") == ls["known_fn"].to_bytes(8, "little").hex() and
          r.cmd("pa") == (0x1234).to_bytes(8, "little").hex())
    check("rsp: z0 removes it, Z1 (hardware breakpoint) puts one there again",
          r.cmd(f"z0,{ls['known_fn']:x},2") == "OK" and r.cmd(f"Z1,{ls['known_fn']:x},2") == "OK")
    check("rsp: continue from under it stops at the second call (a0 = 3)",
          r.cmd("c").startswith("T05") and r.cmd("pa") == (3).to_bytes(8, "little").hex())
    check("rsp: Z2 (watchpoints) is not supported: empty reply", r.cmd(f"Z2,{ls['table']:x},8") == "")
    check("rsp: vCont;s:1 steps one instruction (c.add: pc + 2)", r.cmd("vCont;s:1").startswith("T05") and
          int.from_bytes(bytes.fromhex(r.cmd("p20")), "little") == ls["known_fn"] + ll.get(ls["known_fn"], -99))
    check("rsp: z1 removes the hardware breakpoint", r.cmd(f"z1,{ls['known_fn']:x},2") == "OK")
    r.s.close()   # the debugger vanishes without a word
    st, kout, kerr = k.wait()
    check("rsp: after the connection is lost the program runs to its end", st == 3 and "known_fn: 68ac 7\n" in kout, (st, kout, kerr))
else:
    k.p.kill()

# ---- bad input ---------------------------------------------------------------------------------
for bad in ["70000", "abc", "-1", ""]:
    r = subprocess.run([karu64, f"--gdb={bad}", linux_elf], capture_output=True, text=True, timeout=30)
    errs = r.stderr.strip().splitlines()
    check(f"bad port '{bad}': one error line, status 125",
          r.returncode == 125 and len(errs) == 1 and errs[0].startswith("karu64: error: "), (r.returncode, r.stderr))
r = subprocess.run([karu64, "--gdb"], capture_output=True, text=True, timeout=30)
check("--gdb without a value: one error line, status 125", r.returncode == 125 and len(r.stderr.strip().splitlines()) == 1,
      (r.returncode, r.stderr))
busy = socket.socket()
busy.bind(("127.0.0.1", 0))
busy.listen(1)
bport = busy.getsockname()[1]
r = subprocess.run([karu64, "--gdb", str(bport), linux_elf], capture_output=True, text=True, timeout=30)
errs = r.stderr.strip().splitlines()
check("port in use: one error line naming the port, status 125",
      r.returncode == 125 and len(errs) == 1 and f"cannot listen on 127.0.0.1:{bport}" in errs[0], (r.returncode, r.stderr))
busy.close()
r = subprocess.run([karu64, "--help"], capture_output=True, text=True, timeout=30)
check("--help documents --gdb", "--gdb=PORT" in r.stdout)
finish()
