#!/usr/bin/env python3
"""make check-ckpt: checkpoints (doc/board.md, "Checkpoints").

Bare metal (--virtual-clock, so that time is the instruction count): the hypervisor tests,
checkpointed half-way and restored, print what the uninterrupted run prints, with its exit
status, instruction count and, from the checkpoint on, its commit log line for line; two
restores with karu64-fpga give the same output, instruction count and cycles; checkpoints at 15
points of it and of tests/ckpt/vecfp.c (vector, FP and LR/SC state live throughout) restore
exactly. Refusals: another ISA string, VLEN, --mem or device list, a changed program, a truncated file, a
flipped byte (header, payload, last byte): each exits non-zero with one "karu64: error:" line
and runs nothing.
The board: a bare-metal --bios with the CLINT timer and Sstc and a virtio drive (checkpoint and
restore give the uninterrupted run's output, exit status and instruction count; a changed drive
is refused); the virtio-blk driver of tests/disk on a snapshot and a readonly drive,
checkpointed at eight points, functional and with karu64-fpga (requests in flight);
tests/ckpt/blk.c, a write to a snapshot drive in flight at the guest's checkpoint, read back
after the restore. The initramfs (unless --skip-boot): boots functionally, the guest asks for a
checkpoint from its shell (karu64-checkpoint), a functional restore continues exactly as the
run that wrote it did, a restore with karu64-fpga runs the benchmark (kpqc's SHA3-256 of 100000
bytes, checked against hashlib) to its end, twice with the same cycles.

usage: run.py --karu64 K --hyp HYP.ELF --vecfp VECFP.ELF --timer TIMER.ELF --vblk VBLK.ELF
              --blk BLK.ELF --bios FW --kernel IMAGE --initrd CPIO --work DIR --result FILE
              [--skip-boot]"""
import argparse
import hashlib
import os
import re
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "boot"))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
sys.dont_write_bytecode = True
from results import check, finish  # noqa: E402
import harness  # noqa: E402


def run(cmd, timeout=300):
    """(exit status, stdout, stderr); a run that hangs (killed: its output so far) or cannot
    start has status None and the reason as its stderr."""
    o = harness.run(cmd, timeout=timeout)
    if o.status is None:
        return None, o.out or b"", o.why
    return o.status, o.out, o.err.decode(errors="replace")


def stat(err, key):
    m = re.search(r"^%s: (\d+)$" % re.escape(key), err, re.M)
    return int(m.group(1)) if m else None


def refused(what, cmd):
    rc, out, err = run(cmd)
    lines = [l for l in err.splitlines() if l]
    check(rc not in (None, 0, 124) and len(lines) == 1 and lines[0].startswith("karu64: error: ") and not out,
          "refused, %s: exit %d, %r" % (what, rc, lines[0] if lines else ""))


def points(k, prog, ck, name, ref):
    """Checkpoints at 15 points over the whole run, each restored: the uninterrupted run's output,
    exit status and instruction count."""
    rc0, out0, n0 = ref
    ok = bool(n0)
    for i in range(1, 16):
        at = n0 * i // 16 + i
        p1 = run(k + ["--checkpoint-at=%d:%s" % (at, ck), "--checkpoint-exit", prog])
        p2 = run(k + ["--stats", "--restore=" + ck, prog])
        ok &= p1[0] == 0 and p1[1] + p2[1] == out0 and p2[0] == rc0 and stat(p2[2], "instructions") == n0
    check(ok, "%s: checkpoints at 15 points, each restored = the uninterrupted run (%s instructions)" % (name, n0))


def bare(a, w):
    k = [a.karu64, "--bare", "--virtual-clock"]
    prog = os.path.join(w, "hyp.elf")
    shutil.copyfile(a.hyp, prog)
    ck = os.path.join(w, "bare.ck")
    ref_log, res_log = os.path.join(w, "ref.log"), os.path.join(w, "res.log")
    rc0, out0, err0 = run(k + ["--stats", "--trace=" + ref_log, prog])
    n0 = stat(err0, "instructions")
    check(rc0 == 0 and n0 and out0.endswith(b" 0 failed\n"), "bare: the uninterrupted run (exit %d, %s instructions)" % (rc0, n0))
    half = n0 // 2
    rc1, out1, err1 = run(k + ["--checkpoint-at=%d:%s" % (half, ck), "--checkpoint-exit", prog])
    check(rc1 == 0 and os.path.exists(ck), "bare: checkpoint at instruction %d (exit %d)" % (half, rc1))
    rc2, out2, err2 = run(k + ["--stats", "--restore=" + ck, "--trace=" + res_log, prog])
    check(out1 + out2 == out0, "bare: output before the checkpoint + after the restore = the uninterrupted output (%d bytes)" % len(out0))
    check(rc2 == rc0, "bare: exit status %d = %d" % (rc2, rc0))
    check(stat(err2, "instructions") == n0, "bare: instructions %s = %s" % (stat(err2, "instructions"), n0))
    with open(ref_log, "rb") as f:
        ref = f.read().splitlines()
    with open(res_log, "rb") as f:
        res = f.read().splitlines()
    check(len(res) == n0 - half and ref[-len(res):] == res,
          "bare: the commit log from the restore = the uninterrupted log's last %d lines" % len(res))
    # the hypervisor tests end by timing the model's walks (t_model_walk), which a run without a
    # model skips: a restore under the model is compared with the uninterrupted run under it
    m0 = run(k + ["--model=karu64-fpga", "--stats", prog])
    m_n0 = stat(m0[2], "instructions")
    runs = [run(k + ["--model=karu64-fpga", "--stats", "--restore=" + ck, prog]) for _ in range(2)]
    c = [stat(r[2], "cycles") for r in runs]
    check(runs[0][:2] == runs[1][:2] and runs[0][0] == m0[0] and out1 + runs[0][1] == m0[1] and c[0] and
          c[0] == c[1] and stat(runs[0][2], "instructions") == m_n0 == stat(runs[1][2], "instructions"),
          "bare: two restores with karu64-fpga: the same output, exit, instructions and cycles (%s, %s)" % tuple(c))
    points(k, prog, ck + ".i", "bare (hypervisor tests)", (rc0, out0, n0))
    vf = os.path.join(w, "vecfp.elf")
    shutil.copyfile(a.vecfp, vf)
    r = run(k + ["--stats", vf])
    check(r[0] == 0 and b"lr/sc " in r[1], "bare (vector and FP state): the uninterrupted run (exit %d)" % r[0])
    points(k, vf, ck + ".v", "bare (vector and FP state)", (r[0], r[1], stat(r[2], "instructions")))
    refused("another ISA string", k + ["--isa=rv64gc", "--restore=" + ck, prog])
    refused("another VLEN", k + ["--vlen=512", "--restore=" + ck, prog])
    refused("another --mem", k + ["--mem=128M", "--restore=" + ck, prog])
    refused("another device list", k + ["--device=keccak-dma", "--restore=" + ck, prog])
    with open(ck, "rb") as f:
        data = f.read()
    bad = os.path.join(w, "bad.ck")
    for what, b in [("truncated by 100 bytes", data[:-100]), ("truncated to its header", data[:40]),
                    ("empty", b""), ("trailing byte", data + b"\0")] + \
                   [("byte %d flipped" % i, data[:i] + bytes([data[i] ^ 0x10]) + data[i + 1:])
                    for i in (3, 20, 45, len(data) // 2, len(data) - 1)]:
        with open(bad, "wb") as f:
            f.write(b)
        refused("checkpoint " + what, k + ["--restore=" + bad, prog])
    os.utime(prog, ns=(1, 1))   # the same bytes, another modification time
    refused("a changed program", k + ["--restore=" + ck, prog])


def board(a, w):
    disk = os.path.join(w, "disk.img")
    with open(disk, "wb") as f:
        f.write(bytes(range(256)) * 4096)
    k = [a.karu64, "--machine=karu64", "--mem=64M", "--bios", a.timer, "--drive=" + disk]
    ck = os.path.join(w, "board.ck")
    rc0, out0, err0 = run(k + ["--stats"])
    n0 = stat(err0, "instructions")
    half = n0 // 2
    rc1, out1, _ = run(k + ["--checkpoint-at=%d:%s" % (half, ck), "--checkpoint-exit"])
    rc2, out2, err2 = run(k + ["--stats", "--restore=" + ck])
    check(rc1 == 0 and out1 + out2 == out0 and rc2 == rc0 and stat(err2, "instructions") == n0,
          "board (timer, drive): checkpoint at %d and restore = the uninterrupted run (exit %d, %s instructions)" %
          (half, rc2, n0))
    with open(disk, "r+b") as f:
        f.write(b"changed")
    refused("a changed drive", k + ["--restore=" + ck])


def disk(a, w):
    """The bare-metal virtio-blk driver (tests/disk/vblk.c) on a snapshot vda and a readonly vdb,
    checkpointed at many points: functional restores equal the uninterrupted run; with
    karu64-fpga (requests in flight for their modelled latency) a restored run prints what the
    uninterrupted one does but the cycle counts it measured, and two restores agree."""
    imgs = []
    for n, seed in (("a.img", 1), ("b.img", 2)):
        imgs.append(os.path.join(w, n))
        with open(imgs[-1], "wb") as f:
            f.write(hashlib.shake_256(bytes([seed])).digest(1 << 20))
    k = [a.karu64, "--machine=karu64", "--mem=64M", "--bios", a.vblk, "--drive=%s,snapshot" % imgs[0],
         "--drive=%s,readonly" % imgs[1]]
    mask = lambda b: re.sub(rb"(cycles|ticks)=[0-9a-f]+", rb"\1=-", b)   # noqa: E731
    for model in ([], ["--model=karu64-fpga"]):
        name = "disk driver" + (" (karu64-fpga)" if model else "")
        rc0, out0, err0 = run(k + model + ["--stats"])
        n0 = stat(err0, "instructions")
        ok, points = rc0 == 0 and b"wfi status=0" in out0, 0
        ck = os.path.join(w, "disk.ck")
        for i in range(1, 9):
            at = n0 * i // 9
            rc1, out1, _ = run(k + model + ["--checkpoint-at=%d:%s" % (at, ck), "--checkpoint-exit"])
            rc2, out2, err2 = run(k + model + ["--stats", "--restore=" + ck])
            if model:
                same = mask(out1 + out2) == mask(out0) and rc2 == rc0
                if i == 4:
                    again = run(k + model + ["--stats", "--restore=" + ck])
                    check(again[:2] == (rc2, out2) and stat(again[2], "cycles") == stat(err2, "cycles"),
                          "%s: two restores at %d: the same output and cycles (%s)" % (name, at, stat(err2, "cycles")))
            else:
                same = out1 + out2 == out0 and rc2 == rc0 and stat(err2, "instructions") == n0
            ok &= rc1 == 0 and same
            points += 1
        check(ok, "%s: checkpoints at %d points and restores give the uninterrupted run's output%s" %
              (name, points, " (but the measured cycles)" if model else ", exit status and instructions (%s)" % n0))


def fnv(b):
    h = 0xcbf29ce484222325
    for x in b:
        h = ((h ^ x) * 0x100000001b3) & (2**64 - 1)
    return b"%016x" % h


def blk(a, w):
    """tests/ckpt/blk.c: a write to a snapshot drive, the guest's checkpoint before its completion
    is reaped (in flight with a model), then reads: the restored run reads the write back from
    the overlay and the file's own data elsewhere (hashes from Python)."""
    img = os.path.join(w, "snap.img")
    with open(img, "wb") as f:
        f.write(hashlib.shake_256(b"snap").digest(1 << 20))
    with open(img, "rb") as f:
        d = f.read()
    want = [b"sector 9 " + fnv(bytes((i * 7 + 3) & 255 for i in range(512))),
            b"sector 10 " + fnv(d[10 * 512:11 * 512])]
    ck = os.path.join(w, "blk.ck")
    for model in ([], ["--model=karu64-fpga"]):
        k = [a.karu64, "--machine=karu64", "--mem=64M", "--bios", a.blk, "--drive=%s,snapshot" % img] + model
        rc0, out0, _ = run(k + ["--checkpoint-at=guest:" + ck], 60)
        rc1, out1, _ = run(k + ["--restore=" + ck], 60)
        lines = out1.splitlines()
        check(rc0 == rc1 == 0 and out1 and out0.endswith(out1) and all(x in lines for x in want),
              "snapshot drive%s: a write in flight at the guest's checkpoint, read back after the restore "
              "from the overlay, and the file's data beside it" % (" (karu64-fpga)" if model else ""))


def boot(a, w):
    k = [a.karu64, "--machine=karu64", "--bios", a.bios, "--kernel", a.kernel, "--initrd", a.initrd,
         "--append", "console=ttyS0 earlycon=sbi karu64.mode=ckpt karu64.prog=kpqc-vintr_k "
         "karu64.args=sha3-256,61,--repeat-to,100000"]
    want = hashlib.sha3_256(b"a" * 100000).hexdigest().encode()
    ck = os.path.join(w, "boot.ck")
    rc0, out0, err0 = run(k + ["--stats", "--checkpoint-at=guest:" + ck])
    n0 = stat(err0, "instructions")
    m = re.search(r"checkpoint '.*' written at instruction (\d+) \(([\d.]+) MiB in ([\d.]+) s\)", err0)
    check(rc0 == 0 and m and want in out0, "initramfs: a functional boot, the guest's checkpoint, the benchmark (exit %d)" % rc0)
    at = int(m.group(1)) if m else 0
    rc1, out1, err1 = run(k + ["--stats", "--restore=" + ck])
    check(rc1 == rc0 and stat(err1, "instructions") == n0 and out0.endswith(out1) and want in out1,
          "initramfs: a functional restore continues as the run that wrote it (%s instructions)" % n0)
    runs = [run(k + ["--stats", "--model=karu64-fpga", "--restore=" + ck]) for _ in range(2)]
    c = [stat(r[2], "cycles") for r in runs]
    check(all(r[0] == 0 and want in r[1] and b"KARU64-END 0" in r[1] for r in runs) and c[0] and c[0] == c[1],
          "initramfs: restored with karu64-fpga, the benchmark runs to its end, twice with %s cycles" % c[0])
    r = re.search(r"restored .* \(([\d.]+) s\)", runs[0][2])
    return ["note: initramfs checkpoint at instruction %d: %s MiB, written in %s s, restored in %s s" %
            (at, m.group(2) if m else "?", m.group(3) if m else "?", r.group(1) if r else "?")]


def main():
    ap = argparse.ArgumentParser()
    for o in ("karu64", "hyp", "vecfp", "timer", "vblk", "blk", "bios", "kernel", "initrd", "work", "result"):
        ap.add_argument("--" + o, required=True)
    ap.add_argument("--skip-boot", action="store_true")
    a = ap.parse_args()
    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.work)
    bare(a, a.work)
    board(a, a.work)
    disk(a, a.work)
    blk(a, a.work)
    notes = [] if a.skip_boot else boot(a, a.work)
    shutil.rmtree(a.work, ignore_errors=True)
    finish(a.result, notes)


if __name__ == "__main__":
    main()
