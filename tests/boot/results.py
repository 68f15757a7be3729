"""The checks of a test script and the result file every test target writes
(build/test-results/NAME.txt ending in "N passed, N failed", added up by tests/summary)."""
import sys

results = []


def check(ok, what):
    results.append((bool(ok), what))
    print(("ok   " if ok else "FAIL ") + what, flush=True)


def finish(path, notes=()):
    """Writes the result file (notes first) and exits 1 if a check failed."""
    p = sum(ok for ok, _ in results)
    f = len(results) - p
    with open(path, "w") as fh:
        fh.write("".join(n + "\n" for n in notes))
        fh.write("".join(("ok   " if ok else "FAIL ") + w + "\n" for ok, w in results))
        fh.write("%d passed, %d failed\n" % (p, f))
    for n in notes:
        print(n)
    print("%d passed, %d failed" % (p, f))
    sys.exit(1 if f else 0)
