#!/usr/bin/env python3
"""make check-disk: the board's virtio block device (doc/board.md, "Disks").

- Debian 13's stock kernel, with virtio_mmio and virtio_blk from its own package loaded by the
  disk initramfs (tests/disk/init.sh), finds two drives; what the guest reads equals the image
  files (hashlib); its writes, a discard and a sync are in the file after the simulator is
  killed with SIGKILL; the readonly drive refuses writes and stays untouched.
- snapshot: the guest reads back its writes and the discard, the file is never written.
- Bare metal (tests/disk/vblk.c, functional and karu64-fpga): requests checked against the
  files (an FNV-1a hash computed here), IOERR for a write to a readonly drive, a read beyond
  the disk and a partial sector, UNSUPP for an unknown type, GET_ID, event index, fourteen
  malformed chains and rings each giving DEVICE_NEEDS_RESET with a configuration interrupt and
  one log line in all, and a read waited for in wfi whose interrupt comes through PLIC source 1
  no earlier than the modelled latency (blk_latency + the transfer at the DMA rate).
- root=/dev/vda on a small ext4 image: the initramfs loads ext4 (jbd2, mbcache, crc16,
  crc32c), mounts it and switch_roots to its init, which runs as PID 1 with / = /dev/vda.
- Bad --drive options: one line and status 125 each.

usage: run.py --karu64 K --bios FW --kernel IMAGE --initrd CPIO --elf VBLK.ELF --busybox BB --result FILE"""
import argparse
import fcntl
import hashlib
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "boot"))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
sys.dont_write_bytecode = True   # no __pycache__ in the source tree
from results import check, finish  # noqa: E402
import harness  # noqa: E402

SECTORS = 2048                 # 1 MiB images
PATTERN = (b"karu64-disk\n" * 6000)[:65536]
READS = [(0, 1), (3, 5), (1000, 24), (2047, 1)]
BOOT_TIMEOUT = 1500            # seconds for one Linux boot (ASan on a loaded machine: minutes)


def sha(b):
    return hashlib.sha256(b).hexdigest()


def fnv(b):
    h = 0xcbf29ce484222325
    for x in b:
        h = ((h ^ x) * 0x100000001b3) & (2**64 - 1)
    return "%x" % h


def image(path, seed):
    data = random.Random(seed).randbytes(SECTORS * 512)
    with open(path, "wb") as f:
        f.write(data)
    return data


def sec(data, s, n=1):
    return data[s * 512:(s + n) * 512]


def board(a, drives, append=None, model=None, bios=None):
    cmd = [a.karu64, "--machine=karu64", "--bios", bios or a.bios]
    if model:
        cmd.append("--model=" + model)
    if not bios:
        cmd += ["--kernel", a.kernel, "--initrd", a.initrd, "--append", append]
    return cmd + ["--drive=" + d for d in drives]


def run(cmd, timeout):
    """The run's CompletedProcess (text); on a timeout (a hung boot) one with returncode None,
    the output so far and the reason as its stderr."""
    o = harness.run(cmd, timeout=timeout, text=True)
    return subprocess.CompletedProcess(cmd, o.status, o.out or "", o.err if o.status is not None else o.why)


def check_reads(lines, dev, data):
    for s, n in READS:
        want = "read %s %d %d %s" % (dev, s, n, sha(sec(data, s, n)))
        check(want in lines, "%s: sectors %d..%d read in the guest equal the file (sha256)" % (dev, s, s + n - 1))


def linux_rw(a, tmp):
    va, vb = os.path.join(tmp, "rw.img"), os.path.join(tmp, "ro.img")
    da, db = image(va, 1), image(vb, 2)
    p = subprocess.Popen(board(a, [va, vb + ",readonly"], "console=ttyS0 quiet karu64.disktest=rw"),
                         stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    watchdog = threading.Timer(BOOT_TIMEOUT, p.kill)
    watchdog.start()
    lines = []
    for line in p.stdout:
        line = line.rstrip("\r\n")
        lines.append(line)
        if line == "KARU64-SYNCED":
            p.send_signal(signal.SIGKILL)
            break
    p.wait()
    watchdog.cancel()
    err = p.stderr.read()
    check("KARU64-SYNCED" in lines and p.returncode == -signal.SIGKILL,
          "the rw boot reached its sync and was killed (%s)" % p.returncode)
    check("info vda size=%d ro=0" % SECTORS in lines, "Debian's kernel finds vda: %d sectors, writable" % SECTORS)
    check("info vdb size=%d ro=1" % SECTORS in lines, "vdb (readonly) is a read-only disk to Linux")
    check_reads(lines, "vda", da)
    check_reads(lines, "vdb", db)
    check("write pattern rc=0" in lines and "write copy rc=0" in lines and "discard rc=0" in lines,
          "the guest's writes and discard succeed")
    check(any(re.match(r"write vdb rc=[1-9]", l) for l in lines), "a write to the readonly vdb fails in the guest")
    with open(va, "rb") as f:
        after = f.read()
    want = bytearray(da)
    want[64 * 4096:64 * 4096 + 65536] = PATTERN
    want[10 * 512:18 * 512] = sec(db, 100, 8)
    want[524288:524288 + 65536] = bytes(65536)
    check(after[64 * 4096:64 * 4096 + 65536] == PATTERN, "after SIGKILL the file holds the written pattern")
    check(after[10 * 512:18 * 512] == sec(db, 100, 8), "after SIGKILL the file holds the sectors copied from vdb")
    check(after[524288:524288 + 65536] == bytes(65536), "the discarded range reads as zeros in the file")
    check(after == bytes(want), "nothing else in the file changed")
    with open(vb, "rb") as f:
        check(f.read() == db, "the readonly image is untouched")
    check("malformed" not in err, "no device error in a Linux boot")


def linux_snapshot(a, tmp):
    va = os.path.join(tmp, "snap.img")
    da = image(va, 3)
    st0 = os.stat(va)
    p = run(board(a, [va + ",snapshot"], "console=ttyS0 quiet karu64.disktest=snap"), BOOT_TIMEOUT)
    lines = [l.rstrip("\r") for l in p.stdout.splitlines()]
    check(p.returncode == 0 and "KARU64-DISK-END" in lines, "the snapshot boot ran and powered off (exit %s)" % p.returncode)
    check("write pattern rc=0" in lines and "discard rc=0" in lines, "snapshot: the guest's write and discard succeed")
    check("readback pattern " + sha(PATTERN) in lines, "snapshot: the guest reads back what it wrote (page cache dropped)")
    check("readback discard " + sha(bytes(65536 - 4096)) in lines, "snapshot: the discarded range reads as zeros in the guest")
    check("readback zeroed+written " + sha(bytes(1024) + PATTERN[:512] + bytes(2560)) in lines,
          "snapshot: a sector written into the discarded range reads back among zeros")
    check_reads(lines, "vda", da)
    with open(va, "rb") as f:
        check(f.read() == da and os.stat(va).st_mtime_ns == st0.st_mtime_ns, "snapshot: the file is untouched")


INIT = r"""#!/bin/busybox sh
/bin/busybox mount -t proc proc /proc
set -- $(/bin/busybox grep ' / ' /proc/mounts | /bin/busybox tail -n 1)
echo "pid=$$ root=$1 $3"
echo KARU64-ROOT-OK
/bin/busybox poweroff -f
"""


def linux_root(a, tmp):
    """root=/dev/vda on ext4: the initramfs loads ext4 and its helpers, mounts the disk and
    switch_roots to its init (a busybox shell script here; Debian's in check-disk-full)."""
    root = os.path.join(tmp, "root")
    for d in ("bin", "sbin", "dev", "proc", "sys"):
        os.makedirs(os.path.join(root, d), exist_ok=True)
    shutil.copy(a.busybox, os.path.join(root, "bin", "busybox"))
    with open(os.path.join(root, "sbin", "init"), "w") as f:
        f.write(INIT)
    os.chmod(os.path.join(root, "sbin", "init"), 0o755)
    os.chmod(os.path.join(root, "bin", "busybox"), 0o755)
    img = os.path.join(tmp, "ext4.img")
    subprocess.run(["mke2fs", "-q", "-F", "-t", "ext4", "-d", root, img, "16M"], check=True, capture_output=True)
    p = run(board(a, [img + ",snapshot"], "console=ttyS0 quiet root=/dev/vda rw"), BOOT_TIMEOUT)
    lines = [l.rstrip("\r") for l in p.stdout.splitlines()]
    check(p.returncode == 0 and "KARU64-ROOT-OK" in lines and "pid=1 root=/dev/vda ext4" in lines,
          "root=/dev/vda: the initramfs mounts the ext4 disk and switch_roots to its init as PID 1 (%s)"
          % [l for l in lines if l.startswith("pid=")])


def bare(a, tmp, model):
    va, vb = os.path.join(tmp, "b%s-rw.img" % model), os.path.join(tmp, "b%s-ro.img" % model)
    da, db = image(va, 4), image(vb, 5)
    p = run(board(a, [va, vb + ",readonly"], model=model, bios=a.elf) + ["--max-insns=200000000"], 600)
    out = {}
    for line in p.stdout.splitlines():
        w = line.split()
        if w:
            out[w[0] if w[0] != "bad" else "bad " + w[1]] = dict(x.split("=", 1) for x in w[1:] if "=" in x)
    m = "bare metal %s:" % model
    check(p.returncode == 0 and "wfi" in out, "%s the driver ran to its end (exit %s)" % (m, p.returncode))
    f = out.get("features", {})
    lo = int(f.get("lo", "0"), 16)
    # VIRTIO_BLK_F_SEG_MAX 2, BLK_SIZE 6, FLUSH 9, DISCARD 13, WRITE_ZEROES 14, INDIRECT 28, EVENT_IDX 29
    check(all(lo >> b & 1 for b in (2, 6, 9, 13, 14, 28, 29)) and not lo >> 5 & 1 and f.get("hi") == "1",
          "%s vda offers VERSION_1, indirect, event index, flush, discard, write zeroes, not RO (0x%x)" % (m, lo))
    check(int(f.get("vdb_lo", "0"), 16) >> 5 & 1, "%s vdb offers VIRTIO_BLK_F_RO" % m)
    check(f.get("capacity") == "%x" % SECTORS and f.get("blk_size") == "200", "%s capacity and blk_size" % m)
    r = out.get("read", {})
    check(r.get("status") == "0" and r.get("len") == "401" and r.get("fnv") == fnv(sec(da, 3, 2)),
          "%s a 2-sector read: status OK, used length 1025, the data equal the file" % m)
    r = out.get("indirect", {})
    check(r.get("status") == "0" and r.get("fnv") == fnv(sec(da, 7)), "%s a read through an indirect table" % m)
    check(out.get("write", {}) == {"status": "0", "flush": "0"}, "%s a write and a flush complete OK" % m)
    with open(va, "rb") as fh:
        check(sec(fh.read(), 9) == bytes((i * 7 + 1) & 255 for i in range(512)), "%s the written sector is in the file" % m)
    r = out.get("beyond", {})
    check(r.get("status") == "1" and r.get("partial") == "1" and r.get("unknown") == "2",
          "%s IOERR beyond the disk and for a partial sector, UNSUPP for an unknown type" % m)
    check(r.get("id") == "karu64-vda", "%s GET_ID returns the serial" % m)
    r = out.get("readonly", {})
    check(r.get("write") == "1" and r.get("read") == "0" and r.get("fnv") == fnv(sec(db, 2)),
          "%s the readonly drive fails a write with VIRTIO_BLK_S_IOERR and still reads" % m)
    with open(vb, "rb") as fh:
        check(fh.read() == db, "%s the readonly image is untouched" % m)
    r = out.get("eventidx", {})
    check(r == {"isr_ahead": "0", "avail_event": "1", "isr_reached": "1"},
          "%s event index: no interrupt before used_event, one at it, avail_event published (%s)" % (m, r))
    bad = [k for k in out if k.startswith("bad ")]
    check(len(bad) == 14 and all(int(out[k]["status"], 16) & 0x40 and int(out[k]["isr"], 16) & 2 for k in bad),
          "%s %d malformed chains/rings: each DEVICE_NEEDS_RESET and a configuration interrupt" % (m, len(bad)))
    check(p.stderr.count("malformed") == 1, "%s the device error is logged once" % m)
    r = out.get("wfi", {})
    check(r.get("status") == "0" and r.get("claim") == "1" and r.get("isr") == "1" and r.get("fnv") == fnv(sec(da, 3, 2)),
          "%s after the resets a read completes, its interrupt claimed as PLIC source 1" % m)
    if model:
        # blk_latency 7500 cycles + 1024 bytes at 4 bytes per beat, at 75 MHz in 10 MHz ticks
        lat = 7500 + 1024 // 4
        check(int(out.get("read", {}).get("cycles", "0"), 16) >= lat,
              "%s the polled read completes no earlier than %d cycles" % (m, lat))
        check(int(r.get("ticks", "0"), 16) >= lat * 10 // 75,
              "%s in wfi the interrupt comes no earlier than %d cycles of time" % (m, lat))


def bad_input(a, tmp):
    odd = os.path.join(tmp, "odd.img")
    with open(odd, "wb") as f:
        f.write(b"x" * 1000)
    ok = os.path.join(tmp, "ok.img")
    image(ok, 6)
    cases = [
        ([a.karu64, "--drive=" + ok, a.elf], "--drive without --machine"),
        (board(a, [os.path.join(tmp, "missing.img")], bios=a.elf), "a missing image"),
        (board(a, [odd], bios=a.elf), "an image that is not whole sectors"),
        (board(a, [ok + ",format=qcow2"], bios=a.elf), "format=qcow2"),
        (board(a, [ok + ",cache=none"], bios=a.elf), "an unknown option"),
        (board(a, [ok + ",snapshot"] * 9, bios=a.elf), "nine drives"),
        (board(a, [tmp], bios=a.elf), "a directory"),
    ]
    for cmd, what in cases:
        p = run(cmd, 60)
        check(p.returncode == 125 and len(p.stderr.strip().splitlines()) == 1 and not p.stdout,
              "bad input, %s: one line, status 125 (%s: %s)" % (what, p.returncode, p.stderr.strip()))
    with open(ok, "rb+") as f:   # another writer holds the image
        fcntl.flock(f, fcntl.LOCK_EX)
        p = run(board(a, [ok], bios=a.elf), 60)
        check(p.returncode == 125 and "in use" in p.stderr, "an image another process writes is refused")


def main():
    ap = argparse.ArgumentParser()
    for o in ("karu64", "bios", "kernel", "initrd", "elf", "busybox", "result"):
        ap.add_argument("--" + o, required=True)
    ap.add_argument("--skip-root", action="store_true", help="leave out the ext4 root boot (check-asan)")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        bare(a, tmp, None)
        bare(a, tmp, "karu64-fpga")
        bad_input(a, tmp)
        linux_rw(a, tmp)
        linux_snapshot(a, tmp)
        if not a.skip_root:
            linux_root(a, tmp)
    finish(a.result)


if __name__ == "__main__":
    main()
