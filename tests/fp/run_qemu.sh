#!/usr/bin/env bash
# Runs the FP oracle test: the guest under QEMU prints expected results, the harness replays them
# through karu64 (see harness.c). Usage: run_qemu.sh QEMU GUEST HARNESS N RESULT SEED...
# Writes RESULT (ending in "N passed, N failed") and per-instruction counts next to it.
set -uo pipefail
qemu=$1 guest=$2 harness=$3 n=$4 result=$5
shift 5
mkdir -p "$(dirname "$result")"
total_p=0 total_f=0 status=0
{
  for seed in "$@"; do
    table="${result%.txt}-seed$seed-insns.txt"
    echo "== seed $seed: $n operations per instruction and rounding-mode variant"
    "$qemu" -cpu rva23u64 "$guest" "$n" "$seed" | "$harness" - "$table" > "$result.tmp"
    st=("${PIPESTATUS[@]}")
    [ "${st[0]}" -eq 0 ] || { echo "error: qemu exited with ${st[0]}"; status=1; }
    [ "${st[1]}" -eq 0 ] || status=1
    sed '$d' "$result.tmp"
    p=$(tail -1 "$result.tmp" | awk '{print $1}') f=$(tail -1 "$result.tmp" | awk '{print $3}')
    total_p=$((total_p + ${p:-0})) total_f=$((total_f + ${f:-1}))
    echo "per-instruction counts: $table"
  done
  rm -f "$result.tmp"
  echo "$total_p passed, $total_f failed"
} | tee "$result"
[ $status -eq 0 ] && [ $total_f -eq 0 ] 2>/dev/null && tail -1 "$result" | grep -q ' 0 failed$'
