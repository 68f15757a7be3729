#!/usr/bin/env bash
# The jail's test (doc/verification.md): guest writes to the host file system outside the jail
# fail, the same writes inside it succeed, and a fuzz target refuses to run outside it.
#   tests/fuzz/jail_test.sh KARU64 PROBE_ELF SEMIHOST_ELF FUZZ_TARGET SCRATCH RESULTS
set -u
karu64=$(realpath "$1") probe=$(realpath "$2") semi=$(realpath "$3") target=$(realpath "$4")
scratch=$(realpath -m "$5") results=$6
jail=$(dirname "$(realpath "$0")")/jail
pass=0 fail=0
check() { if eval "$2"; then echo "PASS $1"; pass=$((pass + 1)); else echo "FAIL $1"; fail=$((fail + 1)); fi; }
fresh() { rm -rf "$1"; mkdir -p "$1"; echo victim > "$1/victim"; chmod 644 "$1/victim"; }
listing() { (cd "$1" && find . -printf '%p %m %s\n' | sort); }
mkdir -p "$(dirname "$results")"
{
  # Without the jail the probe's writes reach the host (in a scratch folder): the count to expect.
  fresh "$scratch/free"
  "$karu64" "$probe" "$scratch/free" > /dev/null; n_free=$?
  check "without the jail the probe's writes reach the host ($n_free succeeded)" '[ "$n_free" -ge 6 ]'
  # In the jail, the same writes inside /tmp succeed ...
  "$jail" -- bash -c "mkdir /tmp/in && echo victim > /tmp/in/victim && $karu64 $probe /tmp/in > /dev/null"; n_in=$?
  check "in the jail the writes inside /tmp succeed ($n_in of $n_free)" '[ "$n_in" = "$n_free" ]'
  # ... and outside it every one fails and the folder is unchanged.
  fresh "$scratch/out"; before=$(listing "$scratch/out")
  "$jail" -- "$karu64" "$probe" "$scratch/out" > /dev/null; n_out=$?
  check "in the jail every write outside /tmp fails ($n_out succeeded)" '[ "$n_out" = 0 ]'
  check "the folder outside the jail is unchanged" '[ "$(listing "$scratch/out")" = "$before" ]'
  # Semihosting (bare metal): open for writing and remove, relative to the working directory.
  "$jail" -- bash -c "mkdir /tmp/sh && cd /tmp/sh && echo victim > victim && $karu64 --bare $semi"; s_in=$?
  check "semihosting writes inside the jail succeed (exit $s_in)" '[ "$s_in" = 0 ]'
  "$jail" -- bash -c "cd $scratch/out && $karu64 --bare $semi"; s_out=$?
  check "semihosting writes outside the jail fail (exit $s_out)" '[ "$s_out" = 3 ]'
  check "the folder outside the jail is still unchanged" '[ "$(listing "$scratch/out")" = "$before" ]'
  # A fuzz target will not start outside the jail, and does inside it.
  msg=$("$target" -runs=0 2>&1); s=$?
  check "a fuzz target outside the jail exits non-zero (exit $s) with a message" \
    '[ "$s" != 0 ] && grep -q "outside the jail" <<< "$msg"'
  "$jail" -- "$target" -runs=0 > /dev/null 2>&1; s=$?
  check "the same fuzz target starts in the jail (exit $s)" '[ "$s" = 0 ]'
  rm -rf "$scratch"
  echo "$pass passed, $fail failed"
} > "$results" 2>&1
cat "$results"
[ "$fail" = 0 ]
