#!/usr/bin/env bash
# Runs the FP oracle test: the guest under QEMU prints expected results, the harness replays them
# through karu64 (see harness.c). Usage: run_qemu.sh QEMU GUEST HARNESS N RESULT SEED...
# Writes RESULT (ending in "N passed, N failed"); per-instruction counts go next to HARNESS.
set -uo pipefail
qemu=$1 guest=$2 harness=$3 n=$4 result=$5
shift 5
mkdir -p "$(dirname "$result")"
work=$(dirname "$harness") name=$(basename "${result%.txt}")
tmp="$work/$name.tmp"
{
  total_p=0 total_f=0
  for seed in "$@"; do
    table="$work/$name-seed$seed-insns.log"
    echo "== seed $seed: $n operations per instruction and rounding-mode variant"
    "$qemu" -cpu rva23u64 "$guest" "$n" "$seed" | "$harness" - "$table" > "$tmp"
    st=("${PIPESTATUS[@]}")
    # A QEMU failure or a harness error (non-zero without a mismatch) counts as a failure.
    [ "${st[0]}" -eq 0 ] || { echo "error: qemu exited with ${st[0]}"; total_f=$((total_f + 1)); }
    sed '$d' "$tmp"
    p=$(tail -1 "$tmp" | awk '{print $1}') f=$(tail -1 "$tmp" | awk '{print $3}')
    [[ "$p" =~ ^[0-9]+$ && "$f" =~ ^[0-9]+$ ]] || { echo "error: harness exited with ${st[1]}"; p=0 f=1; }
    [ "${st[1]}" -eq 0 ] || [ "$f" -gt 0 ] || { echo "error: harness exited with ${st[1]}"; f=1; }
    total_p=$((total_p + p)) total_f=$((total_f + f))
    echo "per-instruction counts: $table"
  done
  rm -f "$tmp"
  echo "$total_p passed, $total_f failed"
} | tee "$result"
tail -1 "$result" | grep -q ' 0 failed$'
