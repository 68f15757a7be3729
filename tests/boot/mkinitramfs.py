#!/usr/bin/env python3
"""Writes an initramfs (cpio "newc", the format the kernel unpacks: Linux's
Documentation/driver-api/early-userspace/buffer-format.rst) for the Karu64 board.

usage: mkinitramfs.py OUT INIT BUSYBOX [GUEST_PATH=HOST_FILE ...]

It holds /init, /bin/busybox, the directories init mounts on, a /dev/console node (so that
init has a console before devtmpfs is mounted) and the given files (mode 0755) with their
parent directories. Written here
rather than with cpio(1) because the archive needs a device node, which cpio can only copy from
the file system (mknod needs root)."""
import os
import sys


def header(ino, mode, size, name, rdev=(0, 0), nlink=1):
    fields = [ino, mode, 0, 0, nlink, 0, size, 0, 0, rdev[0], rdev[1], len(name) + 1, 0]
    return b"070701" + b"".join(b"%08X" % f for f in fields) + name.encode() + b"\0"


def pad4(b):
    return b + b"\0" * (-len(b) % 4)


def write_cpio(out, entries):
    """The archive of entries (name, mode, data, (rdev major, minor)), inodes 1.., and its trailer."""
    blob = b""
    for ino, (name, mode, data, rdev) in enumerate(entries, 1):
        blob += pad4(header(ino, mode, len(data), name, rdev)) + pad4(data)
    blob += pad4(header(0, 0, 0, "TRAILER!!!"))
    with open(out, "wb") as f:
        f.write(blob)


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__.split("\n\n")[1])
    out, init, busybox = sys.argv[1:4]
    entries = []   # (name, mode, data, rdev)
    for d in ("bin", "dev", "proc", "sys", "tmp", "etc", "root", "sbin", "usr", "usr/bin", "usr/sbin"):
        entries.append((d, 0o040755, b"", (0, 0)))
    entries.append(("dev/console", 0o020600, b"", (5, 1)))
    files = [("init", init), ("bin/busybox", busybox)]
    for spec in sys.argv[4:]:
        guest, _, host = spec.partition("=")
        files.append((guest.lstrip("/"), host))
    dirs = {e[0] for e in entries}
    for guest, _ in files:
        parts = guest.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            d = "/".join(parts[:i])
            if d not in dirs:
                dirs.add(d)
                entries.append((d, 0o040755, b"", (0, 0)))
    for guest, host in files:
        with open(host, "rb") as f:
            entries.append((guest, 0o100755, f.read(), (0, 0)))
    write_cpio(out, entries)


if __name__ == "__main__":
    main()
