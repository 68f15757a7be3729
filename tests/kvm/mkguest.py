#!/usr/bin/env python3
"""Writes the KVM guest's initramfs (cpio "newc", as tests/boot/mkinitramfs.py): /init (a
static program) and a /dev/console node, nothing else.

usage: mkguest.py OUT INIT"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "boot"))
from mkinitramfs import write_cpio  # noqa: E402


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.split("\n\n")[1])
    out, init = sys.argv[1:]
    with open(init, "rb") as f:
        prog = f.read()
    entries = [("dev", 0o040755, b"", (0, 0)), ("dev/console", 0o020600, b"", (5, 1)),
               ("init", 0o100755, prog, (0, 0))]
    write_cpio(out, entries)


if __name__ == "__main__":
    main()
