#!/usr/bin/env bash
# The translator's guest checks (doc/jit.md): translated runs (--jit=on --jit-threshold=1, every
# block translated on its first entry) against the interpreter (--jit=off) and QEMU 10.
# Usage: run.sh KARU64 QEMU T_JIT BENCHDIR — prints "N passed, N failed" last.
K=$1; Q=$2; P=$3; BD=$4
ON="--jit=on --jit-threshold=1"
pass=0; fail=0
ok()  { echo "ok: $*"; pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
T="timeout 120"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# 1. t_jit's own checks, translated, interpreted and under QEMU; karu64's two runs must print the
# same (including the retired-instruction deltas of `counts`), and QEMU the same checks.
$T $K $ON --stats $P counts >"$tmp/on" 2>"$tmp/on.err"; rc_on=$?
$T $K --jit=off $P counts >"$tmp/off" 2>/dev/null; rc_off=$?
$T $Q $P >"$tmp/q" 2>/dev/null; rc_q=$?
grep -E '^(ok|FAIL):' "$tmp/on" | sed 's/^/  [jit on] /'
last=$(tail -n1 "$tmp/on")
[ $rc_on -eq 0 ] && [ "$last" = "12 passed, 0 failed" ] && ok "t_jit translated: $last" || bad "t_jit translated: exit $rc_on, '$last'"
blocks=$(awk '/^jit-blocks:/{print $2}' "$tmp/on.err")
[ "${blocks:-0}" -gt 0 ] && ok "t_jit translated $blocks blocks" || bad "t_jit: no block translated (--stats: $(grep '^jit' "$tmp/on.err" | tr '\n' ' '))"
cmp -s "$tmp/on" "$tmp/off" && [ $rc_off -eq 0 ] && ok "t_jit: output identical with --jit=off" || bad "t_jit: output differs from --jit=off: $(diff "$tmp/on" "$tmp/off" | head -5 | tr '\n' ' ')"
grep -v '^instret' "$tmp/on" >"$tmp/on.q"
cmp -s "$tmp/on.q" "$tmp/q" && [ $rc_q -eq 0 ] && ok "t_jit: checks identical under QEMU" || bad "t_jit: QEMU printed otherwise (exit $rc_q): $(diff "$tmp/on.q" "$tmp/q" | head -5 | tr '\n' ' ')"

# 2. --max-insns in a tight translated loop (one 3-instruction block chained to itself): the run
# stops at exactly N retired instructions (exit 124), at the pc the interpreter stops at.
for n in 1000000 1000001 1000002 7; do
	$T $K $ON --stats --max-insns=$n $P spin >/dev/null 2>"$tmp/m_on"; r1=$?
	$T $K --jit=off --stats --max-insns=$n $P spin >/dev/null 2>"$tmp/m_off"; r2=$?
	i1=$(awk '/^instructions:/{print $2}' "$tmp/m_on"); l1=$(grep 'limit reached' "$tmp/m_on"); l2=$(grep 'limit reached' "$tmp/m_off")
	if [ $r1 -eq 124 ] && [ $r2 -eq 124 ] && [ "$i1" = "$n" ] && [ -n "$l1" ] && [ "$l1" = "$l2" ]; then
		ok "--max-insns=$n: stops at $i1, as --jit=off ($l1)"
	else
		bad "--max-insns=$n: exit $r1/$r2, instructions $i1, '$l1' vs '$l2'"
	fi
done

# 3. The bench programs: output and retired instructions identical with the translator on and
# off (--virtual-clock: the programs read the time, which must not depend on the host).
for b in "$BD"/*; do
	name=$(basename "$b"); vl=""; case $name in vec_*) vl="--vlen=256";; esac
	$T $K $ON $vl --virtual-clock --stats "$b" >"$tmp/b_on" 2>"$tmp/b_on.err"; r1=$?
	$T $K --jit=off $vl --virtual-clock --stats "$b" >"$tmp/b_off" 2>"$tmp/b_off.err"; r2=$?
	i1=$(awk '/^instructions:/{print $2}' "$tmp/b_on.err"); i2=$(awk '/^instructions:/{print $2}' "$tmp/b_off.err")
	share=$(awk '/^jit-run-share:/{print $2}' "$tmp/b_on.err")
	if [ $r1 -eq $r2 ] && [ $r1 -eq 0 ] && cmp -s "$tmp/b_on" "$tmp/b_off" && [ -n "$i1" ] && [ "$i1" = "$i2" ]; then
		ok "bench $name: output and $i1 instructions identical (share run translated $share)"
	else
		bad "bench $name: exit $r1/$r2, instructions $i1/$i2, output $(cmp "$tmp/b_on" "$tmp/b_off" >/dev/null && echo same || echo differs)"
	fi
done

# 4. Bad option values: one error line, exit 125.
for opt in --jit=maybe --jit-threshold=0 --jit-threshold=x; do
	$K $opt $P >/dev/null 2>"$tmp/e"; r=$?
	[ $r -eq 125 ] && [ "$(wc -l <"$tmp/e")" -eq 1 ] && grep -q '^karu64: error: ' "$tmp/e" && ok "$opt: $(cat "$tmp/e")" \
		|| bad "$opt: exit $r, $(cat "$tmp/e")"
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
