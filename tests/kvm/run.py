#!/usr/bin/env python3
"""make kvm-test: Linux's KVM on the board (doc/board.md, "KVM").

The board boots Debian's kernel with the KVM test's initramfs (tests/kvm/init.sh), which loads
kvm.ko from the same linux-image package and runs tests/kvm/vmm.c: a guest of the same kernel
with a one-program initramfs (tests/kvm/guest_init.c), on a polled ns16550a and a syscon
poweroff served from MMIO exits. Expectations come from Linux's arch/riscv/kvm (its start-up
lines; the G-stage mode is Sv39x4 on an Sv39 hart, Shgatpa; VMIDLEN 14 as doc/privileged.md
documents), include/linux/miscdevice.h (KVM_MINOR 232), the kernel package's version
(build/boot/.packages) and the guest programs' own strings; and that the kernel logs no
warning, oops or panic on either side; the VMM refuses bad input with one line and status 2.

usage: run.py --karu64 K --bios FW --kernel IMAGE --initrd CPIO --result FILE [--model M]"""
import argparse
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "boot"))
sys.dont_write_bytecode = True
from results import check, finish  # noqa: E402

TIMEOUT = 1200                 # seconds (ASan on a loaded machine)
GUEST_LINE = "karu64-kvm-guest: init is running in the KVM guest"


def kernel_version(bios):
    """6.12.117+deb13-riscv64 from linux-image-6.12.117+deb13-riscv64_..._riscv64.deb."""
    with open(os.path.join(os.path.dirname(bios), ".packages")) as f:
        for line in f:
            if line.startswith("linux-image-"):
                return line[len("linux-image-"):].split("_")[0]
    sys.exit("run.py: error: build/boot/.packages names no linux-image package")


def main():
    p = argparse.ArgumentParser()
    for o in ("karu64", "bios", "kernel", "initrd", "result"):
        p.add_argument("--" + o, required=True)
    p.add_argument("--model")
    a = p.parse_args()
    kver = kernel_version(a.bios)
    cmd = [a.karu64, "--machine=karu64", "--bios", a.bios, "--kernel", a.kernel, "--initrd", a.initrd,
           "--append", "console=ttyS0 quiet"]
    if a.model:
        cmd.append("--model=" + a.model)
    t0 = time.time()
    try:
        r = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True, errors="replace",
                           timeout=TIMEOUT)
        out, status = r.stdout + r.stderr, r.returncode
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode(errors="replace") if isinstance(e.stdout, bytes) else e.stdout or ""
        status = None
    secs = time.time() - t0
    with open(a.result + ".log", "w") as f:
        f.write(out)
    lines = out.splitlines()

    def at(pattern, start=0):
        """The index of the first line from start that matches, or None."""
        for i in range(start, len(lines)):
            if re.search(pattern, lines[i]):
                return i
        return None

    label = " (%s)" % a.model if a.model else ""
    host_kvm = at(r"kvm \[\d+\]: hypervisor extension available")
    check(host_kvm is not None, "host: kvm.ko loads: 'kvm [N]: hypervisor extension available'" + label)
    check(at(r"kvm \[\d+\]: using Sv39x4 G-stage page table format") is not None,
          "host: KVM uses Sv39x4 for the G stage (Shgatpa on an Sv39 hart)")
    check(at(r"kvm \[\d+\]: VMID 14 bits available") is not None, "host: KVM finds 14 VMID bits")
    check(at(r"^crw------- .* 10, 232 .*/dev/kvm$") is not None, "host: /dev/kvm is character device 10, 232")
    e1 = at(r"^vmm: error: /bin/busybox is not a Linux/RISC-V Image$")
    check(e1 is not None and at(r"^karu64-kvm: vmm on a non-Image exit status 2$", e1) == e1 + 1,
          "the VMM refuses a file that is not an Image: one line, status 2")
    e2 = at(r"^vmm: error: /guest/Image \(\d+ bytes\) does not fit in guest RAM$")
    check(e2 is not None and at(r"^karu64-kvm: vmm with 16 MiB exit status 2$", e2) == e2 + 1,
          "the VMM refuses an Image larger than guest RAM: one line, status 2")
    vmm = at(r"^vmm: 128 MiB at 0x80000000, kernel 0x80200000")
    check(vmm is not None, "the VMM created the VM and loaded the guest (128 MiB, Image at 0x80200000)")
    start = vmm or 0
    banner = at(r"^\[ *0\.000000\] Linux version " + re.escape(kver) + " ", start)
    check(vmm is not None and banner is not None, "guest: the kernel's banner 'Linux version %s' after the VMM started" % kver)
    check(at(r"Kernel command line: console=ttyS0 loglevel=6 watchdog_thresh=60$", start) is not None,
          "guest: its own command line (from the VMM's device tree)")
    line = at("^" + GUEST_LINE + "$", start)
    check(line is not None, "guest: init's line on the console: " + GUEST_LINE)
    goff = at(r"reboot: Power down", line or start)
    check(line is not None and goff is not None, "guest: the kernel powers down after init's line")
    voff = at(r"^vmm: the guest powered off$", goff or start)
    check(goff is not None and voff is not None, "the VMM saw the guest's syscon poweroff (0x5555 by MMIO)")
    check(at(r"^karu64-kvm: vmm exit status 0$", voff or start) is not None, "the VMM exits with status 0")
    hoff = at(r"reboot: Power down", (voff or start) + 1)
    check(voff is not None and hoff is not None and status == 0,
          "host: powers down after the guest; board exit status %s" % status)
    bad = [l for l in lines if re.search(r"WARNING:|Oops|Kernel panic|BUG:|Unable to handle|kvm.*(fail|error)", l)]
    check(not bad, "no kernel warning, oops or panic (host or guest)" + ("" if not bad else ": " + bad[0]))
    excerpt = [l for l in lines if re.search(r"kvm \[|/dev/kvm|^vmm:|Linux version|" + GUEST_LINE + "|Power down|karu64-kvm:", l)]
    finish(a.result, ["kvm-test%s: %.1f s wall for the whole run (host boot, guest boot, both power-offs)" % (label, secs)]
           + ["log: " + l for l in excerpt])


if __name__ == "__main__":
    main()
