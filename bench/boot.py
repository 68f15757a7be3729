#!/usr/bin/env python3
"""make bench-boot: wall time from start to the shell prompt of the board's initramfs
(tests/boot/init.sh without karu64.mode), on karu64 (functional, and karu64-fpga) and on
QEMU's qemu-system-riscv64 (Debian 12's, virt machine) with the same OpenSBI, kernel and
initramfs. karu64 also reports the guest instructions to the prompt (--stats after poweroff).
A benchmark, not a test: the numbers depend on the host.

usage: boot.py KARU64 FW IMAGE INITRD"""
import os
import re
import subprocess
import sys
import time

karu64, fw, image, initrd = sys.argv[1:5]
PROMPT = re.compile(rb"karu64-init: a shell.*?# ", re.S)


def to_prompt(cmd):
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out = b""
    os.set_blocking(p.stdout.fileno(), False)
    while time.monotonic() - t0 < 600:
        try:
            b = os.read(p.stdout.fileno(), 65536)
        except BlockingIOError:
            b = None
        if b == b"":
            break
        if b:
            out += b
            if PROMPT.search(out):
                break
        else:
            time.sleep(0.005)
    t = time.monotonic() - t0
    ok = bool(PROMPT.search(out))
    # power off from the shell; karu64 then prints its statistics
    try:
        p.stdin.write(b"poweroff -f\n")
        p.stdin.flush()
    except BrokenPipeError:
        pass
    try:
        _, err = p.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        p.kill()
        _, err = p.communicate()
    return ok, t, err.decode(errors="replace")


args = ["--machine=karu64", "--bios", fw, "--kernel", image, "--initrd", initrd, "--stats"]
rows = []
for label, extra in (("karu64 (functional)", []), ("karu64 --model=karu64-fpga", ["--model=karu64-fpga"])):
    ok, t, err = to_prompt([karu64] + extra + args)
    m = re.search(r"instructions: (\d+)", err)
    rows.append((label, ok, t, int(m.group(1)) if m else None))
qemu = ["qemu-system-riscv64", "-M", "virt", "-m", "1G", "-nographic", "-cpu", "rv64,v=true,vlen=256,vext_spec=v1.0",
        "-bios", fw, "-kernel", image, "-initrd", initrd, "-append", "console=ttyS0 earlycon=sbi"]
ok, t, _ = to_prompt(qemu)
rows.append(("qemu-system-riscv64 " + subprocess.run(["qemu-system-riscv64", "--version"], capture_output=True,
                                                      text=True).stdout.split()[3], ok, t, None))
print("| simulator | reached the prompt | wall seconds to the prompt | guest instructions (boot to poweroff) |")
print("|---|---|---|---|")
for label, ok, t, n in rows:
    print("| %s | %s | %.1f | %s |" % (label, "yes" if ok else "NO", t, "%d" % n if n else "-"))
