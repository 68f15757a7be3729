#!/usr/bin/env bash
# Whole-program FP check: the guest of the oracle test (guest_main.h) runs under QEMU and under
# karu64 (decoder, fcsr CSRs, SIGILL delivery to the guest's handler, siglongjmp included); the
# outputs must be identical line for line. Usage: run_karu64.sh QEMU KARU64 GUEST N SEED RESULT
set -uo pipefail
qemu=$1 karu64=$2 guest=$3 n=$4 seed=$5 result=$6
dir=$(dirname "$result")
mkdir -p "$dir"
exp="$result.qemu" got="$result.karu64"
{
  echo "== guest $guest $n $seed under QEMU (-cpu rva23u64) and karu64"
  "$qemu" -cpu rva23u64 "$guest" "$n" "$seed" > "$exp"; qs=$?
  "$karu64" "$guest" "$n" "$seed" > "$got"; ks=$?
  echo "exit status: qemu $qs, karu64 $ks"
  total=$(wc -l < "$exp")
  bad=$(diff "$exp" "$got" | grep -c '^[<>]' || true)
  diff "$exp" "$got" | head -20
  [ "$qs" -eq 0 ] || { echo "error: qemu exited with $qs"; bad=$((bad + 1)); }
  [ "$qs" -eq "$ks" ] || bad=$((bad + 1))
  [ "$total" -gt 0 ] || bad=$((bad + 1))
  echo "lines compared: $total (differing lines counted once per side)"
  echo "$((total > bad ? total - bad : 0)) passed, $bad failed"
} | tee "$result"
rm -f "$exp" "$got"
tail -1 "$result" | grep -q ' 0 failed$'
