#!/usr/bin/env bash
# Runs a library's ctgrind programs under valgrind memcheck (tests/ct/ctgrind.h, and the
# library's tests/LIB/ctgrind.c): the shared driver of check-mldsa-ct, check-slhdsa-ct and
# check-hqc-ct (tests/ct/ctgrind.mk).
# Usage: ctgrind.sh LIB FILES BIN... [--no-declassify NBIN]
#   LIB    the library under test, sw/LIB, whose declassifications are LIB_DECLASSIFY calls
#          (upper case): mldsa, slhdsa, hqc
#   FILES  the regex of its source files (without .c) in which NBIN's reports must stand
# Each BIN must run clean, and its canary (a deliberate branch on a secret) must be reported,
# or the harness is blind. NBIN is built with the declassifications of sw/LIB removed: there
# memcheck must report secret-dependent branches or addresses inside sw/LIB, which shows that
# the secrets reach the code under test and that each marked call is what silences it.
if [ $# -lt 3 ]; then
  echo "usage: ctgrind.sh LIB FILES BIN... [--no-declassify NBIN]" >&2; exit 2
fi
lib=$1 files=$2; shift 2
vg=(valgrind -q --error-exitcode=1 --track-origins=yes)
while [ $# -gt 0 ]; do
  if [ "$1" = --no-declassify ]; then
    bin=$2; shift 2
    echo "== $bin: sw/$lib without its ${lib^^}_DECLASSIFY calls: memcheck must report"
    log=$("${vg[@]}" --num-callers=4 "$bin" 2>&1); rc=$?
    sites=$(grep -oE "\(($files)\.c:[0-9]+\)" <<<"$log" | sort -u | tr '\n' ' ')
    if [ $rc -ne 0 ] && [ -n "$sites" ]; then
      echo "reported at $sites"; echo "1 passed, 0 failed"
    else
      echo "$log" | tail -20; echo "no report (exit $rc): secrets do not reach the code, or the check is blind"
      echo "0 passed, 1 failed"
    fi
    continue
  fi
  bin=$1; shift
  echo "== $bin: under valgrind memcheck, secrets undefined"
  if "${vg[@]}" "$bin"; then echo "1 passed, 0 failed"; else echo "0 passed, 1 failed"; fi
  echo "== $bin canary: a secret-dependent branch must be reported"
  log=$("${vg[@]}" "$bin" canary 2>&1); rc=$?
  if [ $rc -ne 0 ] && grep -q "depends on uninitialised value" <<<"$log"; then
    echo "canary reported by memcheck"; echo "1 passed, 0 failed"
  else
    echo "$log"; echo "canary NOT reported (exit $rc): the constant-time check is blind"; echo "0 passed, 1 failed"
  fi
done
