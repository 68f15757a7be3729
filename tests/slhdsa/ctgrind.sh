#!/usr/bin/env bash
# Runs the ctgrind programs under valgrind memcheck (see ctgrind.c).
# Usage: ctgrind.sh BIN... [--no-declassify NBIN]
# Each BIN must run clean, and its canary (a deliberate branch on a secret) must be reported,
# or the harness is blind. NBIN is built with the declassifications of sw/slhdsa removed: there
# memcheck must report secret-dependent branches or addresses inside sw/slhdsa, which shows
# that the secrets reach the code under test and that each marked call is what silences it.
vg=(valgrind -q --error-exitcode=1 --track-origins=yes)
while [ $# -gt 0 ]; do
  if [ "$1" = --no-declassify ]; then
    bin=$2; shift 2
    echo "== $bin: sw/slhdsa without its SLHDSA_DECLASSIFY calls: memcheck must report"
    log=$("${vg[@]}" --num-callers=4 "$bin" 2>&1); rc=$?
    sites=$(grep -oE "\((slhdsa|xmss|fors|wots|hash)\.c:[0-9]+\)" <<<"$log" | sort -u | tr '\n' ' ')
    if [ $rc -ne 0 ] && [ -n "$sites" ]; then
      echo "reported at $sites"; echo "1 passed, 0 failed"
    else
      echo "$log" | tail -20; echo "no report (exit $rc): secrets do not reach the code, or the check is blind"
      echo "0 passed, 1 failed"
    fi
    continue
  fi
  bin=$1; shift
  echo "== $bin: KeyGen and Sign under valgrind memcheck, secrets undefined"
  if "${vg[@]}" "$bin"; then echo "1 passed, 0 failed"; else echo "0 passed, 1 failed"; fi
  echo "== $bin canary: a secret-dependent branch must be reported"
  log=$("${vg[@]}" "$bin" canary 2>&1); rc=$?
  if [ $rc -ne 0 ] && grep -q "depends on uninitialised value" <<<"$log"; then
    echo "canary reported by memcheck"; echo "1 passed, 0 failed"
  else
    echo "$log"; echo "canary NOT reported (exit $rc): the constant-time check is blind"; echo "0 passed, 1 failed"
  fi
done
