#!/usr/bin/env bash
# Guest threads (issue 13): t_pthreads under karu64 prints what it prints under QEMU 10, static
# and dynamically linked; a deterministic run (--virtual-clock, a model) gives identical output
# and instruction counts run after run, whatever the thread quantum; then the modes that end
# the process, LR/SC across a switch, deadlocks, fork, and bad options (one error line, 125).
# Usage: run.sh KARU64 QEMU ROOT BINDIR — prints "N passed, N failed" last.
K=$(realpath "$1"); Q=$(realpath "$2"); R=$3; D=$(realpath "$4")
pass=0; fail=0
ok()   { echo "ok: $*"; pass=$((pass + 1)); }
bad()  { echo "FAIL: $*"; fail=$((fail + 1)); }
T="timeout 120"
S=$(mktemp -d); trap 'rm -rf "$S"' EXIT
unset QEMU_LD_PREFIX

same() {   # label, file A, file B
	if cmp -s "$2" "$3"; then ok "$1 ($(wc -l <"$2") lines)"; else bad "$1: $(diff "$2" "$3" | head -n 4 | tr '\n' ' ')"; fi
}
# run LABEL CMD...: stdout to $S/LABEL.out, stderr to $S/LABEL.err, status to $S/LABEL.rc
run() {
	local l=$1; shift
	$T "$@" </dev/null >"$S/$l.out" 2>"$S/$l.err"; echo $? >"$S/$l.rc"
}
rc() { cat "$S/$1.rc"; }
# run_settled LABEL CMD...: runs on the host's clocks (QEMU, karu64 without a guest clock) whose
# timing checks can miss when the host is loaded: up to three tries until the program reports
# no failure. Deterministic runs never get a second try.
run_settled() {
	local l=$1; shift
	for try in 1 2 3; do
		run "$l" "$@"
		[ "$(rc "$l")" = 0 ] && tail -n1 "$S/$l.out" | grep -q ' 0 failed$' && return
		echo "note: $l: try $try reported a failure (host timing), trying again"
	done
}
stat_of() { grep -E "^$2: " "$S/$1.err" | awk '{print $2}'; }

if [ ! -x "$Q" ]; then bad "QEMU ($Q) missing: run make setup"; fi
P=$D/t_pthreads
run_settled q $Q $P
[ "$(rc q)" = 0 ] && tail -n1 "$S/q.out" | grep -q ' 0 failed$' && ok "QEMU: t_pthreads $(tail -n1 "$S/q.out")" \
	|| bad "QEMU: t_pthreads exit $(rc q): $(grep -v '^ok' "$S/q.out" | head -n 3 | tr '\n' ' ')"
run_settled k $K $P
same "karu64 t_pthreads prints what QEMU prints (host clock)" "$S/q.out" "$S/k.out"
[ "$(rc k)" = 0 ] && ok "karu64 t_pthreads exit 0" || bad "karu64 t_pthreads exit $(rc k): $(head -n 2 "$S/k.err")"

# Deterministic runs: output = QEMU's, instruction (and cycle) counts equal over three runs.
det() {   # label, options...
	local l=$1; shift
	local counts=()
	for i in 1 2 3; do
		run "$l$i" $K --stats "$@" $P
		counts+=("$(stat_of "$l$i" instructions)/$(stat_of "$l$i" cycles)")
	done
	same "karu64 $* prints what QEMU prints" "$S/q.out" "$S/${l}1.out"
	if [ "${counts[0]}" = "${counts[1]}" ] && [ "${counts[1]}" = "${counts[2]}" ] && cmp -s "$S/${l}1.out" "$S/${l}2.out" \
	   && cmp -s "$S/${l}1.out" "$S/${l}3.out"; then
		ok "karu64 $*: three runs, identical output and instructions/cycles ${counts[0]}"
	else
		bad "karu64 $*: runs differ: ${counts[*]}"
	fi
}
det vc --virtual-clock
det vq64 --virtual-clock --thread-quantum=64
det vq1k --virtual-clock --thread-quantum=1000
det vq1m --virtual-clock --thread-quantum=1M
det fpga --model=karu64-fpga

# Dynamically linked: the same output as QEMU with the same guest root.
run qd $Q -L "$R" $D/t_pthreads-dyn
run kd $K --virtual-clock -L "$R" $D/t_pthreads-dyn
same "dynamically linked t_pthreads: QEMU = static QEMU" "$S/q.out" "$S/qd.out"
same "dynamically linked t_pthreads: karu64 = QEMU" "$S/qd.out" "$S/kd.out"

# What QEMU 10 leaves out (clone3, robust-list calls): Linux's answers, checked by the program.
run kk $K $P kernel-only
[ "$(rc kk)" = 0 ] && ok "karu64 t_pthreads kernel-only: $(tail -n1 "$S/kk.out")" \
	|| bad "karu64 t_pthreads kernel-only exit $(rc kk): $(grep -v '^ok' "$S/kk.out" | head -n 3 | tr '\n' ' ')"

# Modes that end the process: output and status as under QEMU.
for m in exit-group fault main-exit; do
	run "q_$m" $Q $P $m; run "k_$m" $K $P $m
	same "$m: karu64 prints what QEMU prints" "$S/q_$m.out" "$S/k_$m.out"
	[ "$(rc "q_$m")" = "$(rc "k_$m")" ] && ok "$m: exit status $(rc "k_$m") as QEMU's" \
		|| bad "$m: karu64 exit $(rc "k_$m"), QEMU $(rc "q_$m")"
done
grep -q '^karu64: guest terminated by signal 11 (SIGSEGV)' "$S/k_fault.err" && [ "$(wc -l <"$S/k_fault.err")" = 1 ] \
	&& ok "fault in a thread: one line naming SIGSEGV" || bad "fault in a thread: $(head -n 3 "$S/k_fault.err")"

# LR/SC: the reservation is dropped at a switch (the program checks the rule itself).
run lrsc $K --thread-quantum=1000 $D/t_lrsc
[ "$(rc lrsc)" = 0 ] && ok "t_lrsc: $(tail -n1 "$S/lrsc.out")" || bad "t_lrsc exit $(rc lrsc): $(grep -v '^ok' "$S/lrsc.out" | head -n 3)"

# Deadlocks (QEMU hangs on them): one error line, status 125, promptly.
for m in deadlock-self deadlock-pair deadlock-timer; do
	run "k_$m" $K --virtual-clock $P $m
	if [ "$(rc "k_$m")" = 125 ] && [ "$(wc -l <"$S/k_$m.err")" = 1 ] && grep -q '^karu64: error: deadlock: ' "$S/k_$m.err"; then
		ok "$m: $(cat "$S/k_$m.err")"
	else
		bad "$m: exit $(rc "k_$m"): $(head -n 2 "$S/k_$m.err")"
	fi
done
grep -q 'all 2 threads' "$S/k_deadlock-pair.err" && ok "deadlock-pair names both threads" || bad "deadlock-pair message"

# New processes are not provided: fork fails with ENOSYS, fatal under --strict.
run k_fork $K $P fork
[ "$(rc k_fork)" = 0 ] && grep -qx 'fork: Function not implemented' "$S/k_fork.out" && ok "fork: ENOSYS" \
	|| bad "fork: exit $(rc k_fork): $(cat "$S/k_fork.out" "$S/k_fork.err" | head -n 2)"
run k_fork_strict $K --strict $P fork
[ "$(rc k_fork_strict)" = 125 ] && [ "$(wc -l <"$S/k_fork_strict.err")" = 1 ] && \
	grep -q '^karu64: error: unsupported system call 220 (clone)' "$S/k_fork_strict.err" \
	&& ok "fork under --strict: $(cat "$S/k_fork_strict.err")" || bad "fork --strict: exit $(rc k_fork_strict): $(head -n 2 "$S/k_fork_strict.err")"

# Timers and CPU time on the guest clock: what QEMU prints, host clock, virtual clock, model;
# deterministic runs identical twice.
TM=$D/t_timers
run_settled tq $Q $TM
[ "$(rc tq)" = 0 ] && ok "QEMU: t_timers $(tail -n1 "$S/tq.out")" || bad "QEMU: t_timers exit $(rc tq)"
for o in "" --virtual-clock --model=karu64-fpga; do
	l=tk${o//[^a-z0-9]/}
	if [ -n "$o" ]; then run "${l}1" $K --stats $o $TM; run "${l}2" $K --stats $o $TM; else run_settled "${l}1" $K --stats $TM; fi
	same "karu64 $o t_timers prints what QEMU prints" "$S/tq.out" "$S/${l}1.out"
	[ "$(rc "${l}1")" = 0 ] || bad "karu64 $o t_timers exit $(rc "${l}1"): $(head -n 2 "$S/${l}1.err")"
	if [ -n "$o" ]; then
		c1="$(stat_of "${l}1" instructions)/$(stat_of "${l}1" cycles)"; c2="$(stat_of "${l}2" instructions)/$(stat_of "${l}2" cycles)"
		[ "$c1" = "$c2" ] && ok "karu64 $o t_timers: two runs, instructions/cycles $c1" || bad "karu64 $o t_timers: $c1 vs $c2"
	fi
done

run k_exec $K $P exec
[ "$(rc k_exec)" = 0 ] && grep -qx 'execve: Function not implemented' "$S/k_exec.out" && ok "execve: ENOSYS" \
	|| bad "execve: exit $(rc k_exec): $(cat "$S/k_exec.out" "$S/k_exec.err" | head -n 2)"
run k_exec_strict $K --strict $P exec
[ "$(rc k_exec_strict)" = 125 ] && [ "$(wc -l <"$S/k_exec_strict.err")" = 1 ] && \
	grep -q '^karu64: error: unsupported system call 221 (execve)' "$S/k_exec_strict.err" \
	&& ok "execve under --strict: $(cat "$S/k_exec_strict.err")" || bad "execve --strict: exit $(rc k_exec_strict): $(head -n 2 "$S/k_exec_strict.err")"

# A timer on time while the guest spins: alarm(1) lands one guest second later.
for o in --virtual-clock --model=karu64-sim --model=karu64-fpga; do
	run alarm $K $o $D/t_alarm
	[ "$(rc alarm)" = 0 ] && [ "$(cat "$S/alarm.out")" = "alarm after 1.000 s" ] && ok "$o: alarm(1) while spinning: $(cat "$S/alarm.out")" \
		|| bad "$o: alarm(1): exit $(rc alarm): $(cat "$S/alarm.out" "$S/alarm.err" | head -n 2)"
done

# The profiler follows each thread's calls: the folded stacks keep worker_a -> leaf_a and
# worker_b -> leaf_b apart at any quantum (the program's call structure is the oracle).
for q in 64 1000 100000; do
	run prof $K --virtual-clock --thread-quantum=$q --profile="$S/prof.txt" --profile-folded="$S/prof.folded" $D/t_prof
	a=$(grep -c ';worker_a;leaf_a ' "$S/prof.folded"); b=$(grep -c ';worker_b;leaf_b ' "$S/prof.folded")
	mixed=$(grep -E 'worker_a.*(worker_b|leaf_b)|worker_b.*(worker_a|leaf_a)|leaf_a;|leaf_b;' "$S/prof.folded" | head -n 2 | tr '\n' ' ')
	calls=$(awk '$NF == "leaf_a" || $NF == "leaf_b" {print $7}' "$S/prof.txt" | paste -sd,)
	if [ "$(rc prof)" = 0 ] && [ "$a" = 1 ] && [ "$b" = 1 ] && [ -z "$mixed" ] && [ "$calls" = "3000,3000" ]; then
		ok "--profile, quantum $q: each thread's call chain on its own stack, 3000 calls of each leaf"
	else
		bad "--profile, quantum $q: exit $(rc prof), a=$a b=$b calls=$calls mixed: $mixed"
	fi
done

# Bad options.
for opt in --thread-quantum=10 --thread-quantum=0 --thread-quantum=x --thread-quantum=; do
	run badopt $K $opt $P
	[ "$(rc badopt)" = 125 ] && [ "$(wc -l <"$S/badopt.err")" = 1 ] && grep -q '^karu64: error: ' "$S/badopt.err" \
		&& ok "$opt: $(cat "$S/badopt.err")" || bad "$opt: exit $(rc badopt): $(head -n 2 "$S/badopt.err")"
done

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
