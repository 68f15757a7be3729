#!/usr/bin/env bash
# Runs the ctgrind programs under valgrind memcheck (see ctgrind.c). Each build must run clean;
# the canary (a deliberate branch on a secret) must be reported, or the harness is blind.
# Usage: ctgrind.sh BIN...
vg=(valgrind -q --error-exitcode=1 --track-origins=yes)
for bin in "$@"; do
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
