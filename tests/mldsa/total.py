#!/usr/bin/env python3
"""Copies stdin to stdout and ends with the sum of its "N passed, N failed" lines.

Usage: total.py EXPECTED  -- EXPECTED is how many result lines the parts must print; each
missing one (a part that crashed before reporting) counts as one failure. Exits 1 on failure.
"""
import re
import sys

expected = int(sys.argv[1])
passed = failed = seen = 0
for line in sys.stdin:
    sys.stdout.write(line)
    m = re.match(r"^(\d+) passed, (\d+) failed\s*$", line)
    if m:
        seen += 1
        passed += int(m.group(1))
        failed += int(m.group(2))
if seen < expected:
    print("total: %d of %d parts gave no result line (counted as failures)" % (expected - seen, expected))
    failed += expected - seen
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed or not passed else 0)
