#!/usr/bin/env python3
"""A guest program on the booted Karu64 board as if it were a local command (a "runner" for
tests/sw/kpqc_tests.py and tests/mldsa/run_vectors.py): boots the board with the initramfs of
tests/boot/rules.mk and talks to the program through the console (karu64's stdin and stdout).

usage: console.py [--batch] KARU64 FW IMAGE INITRD /bin/PROG [ARGS...]
  default  init runs `PROG --batch` on the raw console (karu64.mode=kpqc): our stdin goes to
           it as it comes, its output comes back; our stdin at EOF ends the run
  --batch  all of our stdin is read first and handed over as a file (karu64.mode=batch), so the
           program sees EOF after it; its output up to init's KARU64-END marker is printed
The exit status is 0 when the guest reached its marker and powered off, 1 otherwise."""
import os
import subprocess
import sys
import threading

args = sys.argv[1:]
batch = bool(args) and args[0] == "--batch"
if batch:
    args = args[1:]
if len(args) < 5:
    sys.exit(__doc__.split("\n\n")[1])
karu64, fw, image, initrd, prog = args[:5]
name = os.path.basename(prog)
append = "console=ttyS0 quiet karu64.mode=%s karu64.prog=%s" % ("batch" if batch else "kpqc", name)
cmd = [karu64, "--machine=karu64", "--bios", fw, "--kernel", image, "--initrd", initrd, "--append", append]
p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
ready = b"KARU64-BATCH-READY" if batch else b"KARU64-KPQC-READY"


def wait_ready():
    while True:
        line = p.stdout.readline()
        if not line:
            sys.stderr.write("console.py: the board stopped before the program started\n")
            sys.exit(1)
        if ready in line:
            return


if batch:
    data = sys.stdin.buffer.read()
    wait_ready()
    p.stdin.write(b"%d\n" % len(data) + data)
    p.stdin.flush()
    out = sys.stdout.buffer
    ok = False
    for line in p.stdout:
        if b"KARU64-END" in line:
            ok = True
            break
        out.write(line)
    out.flush()
    p.stdin.close()
    rc = p.wait(timeout=120)
    sys.exit(0 if ok and rc == 0 else 1)

wait_ready()


def pump_out():
    while True:
        b = p.stdout.read1(65536) if hasattr(p.stdout, "read1") else os.read(p.stdout.fileno(), 65536)
        if not b:
            break
        sys.stdout.buffer.write(b)
        sys.stdout.buffer.flush()


t = threading.Thread(target=pump_out, daemon=True)
t.start()
for line in sys.stdin.buffer:
    p.stdin.write(line)
    p.stdin.flush()
p.kill()
p.wait()
sys.exit(0)
