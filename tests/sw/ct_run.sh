#!/usr/bin/env bash
# Runs ct_mlkem under valgrind memcheck for each level (see ct_mlkem.c): a line per operation,
# "ok" when memcheck reported no error during it (the negative control: when it did).
# usage: ct_run.sh CT_MLKEM RESULT_FILE
prog=$1; res=$2
# Two at a time (the machine has two cores); valgrind's reports go to RESULT_FILE.LEVEL.log.
vg() { valgrind -q --track-origins=yes "$prog" "$1" 2>"$res.$1.log"; }
out=$( { vg 512 & vg 768; wait; vg 1024; } )
pass=$(grep -c '^ok ' <<<"$out"); fail=$(grep -c '^FAIL ' <<<"$out")
[ $((pass + fail)) -eq 15 ] || fail=$((fail + 15 - pass - fail))
{ echo "constant-time (valgrind memcheck, secrets marked undefined): $prog"
  sort <<<"$out"
  echo "$pass passed, $fail failed"; } | tee "$res"
[ "$fail" -eq 0 ]
