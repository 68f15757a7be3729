#!/usr/bin/env bash
# Runs ct_mlkem under valgrind memcheck for every level and operation; a check passes when
# memcheck reports no error (no branch or address depending on a secret) and the program
# succeeds. The negative control (leak) passes when memcheck does report an error.
# usage: ct_run.sh CT_MLKEM RESULT_FILE
prog=$1; res=$2
pass=0; fail=0; out=()
vg() { valgrind -q --error-exitcode=99 --track-origins=yes "$@" 2>&1; }
for lv in 512 768 1024; do
  for op in keygen encaps decaps decaps-bad; do
    log=$(vg "$prog" "$lv" "$op"); rc=$?
    if [ $rc -eq 0 ]; then pass=$((pass+1)); out+=("  ml-kem-$lv $op: no secret-dependent branch or index")
    else fail=$((fail+1)); out+=("FAIL ml-kem-$lv $op (exit $rc):" "$(echo "$log" | head -n 20)"); fi
  done
done
log=$(vg "$prog" 512 leak); rc=$?
if [ $rc -eq 99 ] && echo "$log" | grep -q "depends on uninitialised"; then
  pass=$((pass+1)); out+=("  negative control: a deliberate secret-dependent branch is reported")
else fail=$((fail+1)); out+=("FAIL negative control not detected (exit $rc)"); fi
{ echo "constant-time (valgrind memcheck, secrets marked undefined): $prog"
  printf '%s\n' "${out[@]}"
  echo "$pass passed, $fail failed"; } | tee "$res"
[ $fail -eq 0 ]
