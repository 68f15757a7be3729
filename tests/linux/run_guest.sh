#!/usr/bin/env bash
# Runs the Linux user-mode guest tests under karu64 (and, where the behaviour is the Linux
# ABI's and not karu64's own choice, under QEMU too, which validates the tests' expectations).
# Usage: run_guest.sh KARU64 QEMU BINDIR   — prints "N passed, N failed" last.
K=$1; Q=$2; D=$3
pass=0; fail=0
ok()   { echo "ok: $*"; pass=$((pass + 1)); }
bad()  { echo "FAIL: $*"; fail=$((fail + 1)); }
T="timeout 120"

# Guest programs that count their own checks: add their totals.
run_counted() {   # label, command...
	local label=$1; shift
	local out; out=$($T "$@" </dev/null 2>&1); local rc=$?
	echo "$out" | grep -v '^ok: ' | sed "s/^/  [$label] /"
	local line; line=$(echo "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed$' | tail -n1)
	if [ -z "$line" ] || [ $rc -ne 0 ]; then bad "$label: exit $rc, result '${line:-none}'"; return; fi
	pass=$((pass + $(echo "$line" | awk '{print $1}'))); fail=$((fail + $(echo "$line" | awk '{print $3}')))
}

scratch=$(mktemp -d); trap 'rm -rf "$scratch"' EXIT
run_counted "karu64 t_signals" $K $D/t_signals
run_counted "karu64 t_vsignal" $K $D/t_vsignal
run_counted "karu64 t_vsignal vlen 1024" $K --vlen=1024 $D/t_vsignal
run_counted "karu64 t_auxv" $K $D/t_auxv imafdcv
run_counted "karu64 t_auxv vlen 128" $K --vlen=128 $D/t_auxv imafdcv
run_counted "karu64 t_auxv rv64gc" $K --isa=rv64gc $D/t_auxv imafdc
run_counted "karu64 t_syscalls" $K $(realpath $D/t_syscalls) $(realpath $D/t_syscalls) "$scratch"
run_counted "karu64 t_syscalls virtual clock" $K --virtual-clock $(realpath $D/t_syscalls) $(realpath $D/t_syscalls) "$scratch"
run_counted "karu64 t_hwprobe full" $K $D/t_hwprobe full
run_counted "karu64 t_hwprobe gc" $K --isa=rv64gc_zba_zbb_zbs_zicond $D/t_hwprobe gc
if [ -x "$Q" ]; then
	run_counted "qemu t_signals" $Q $D/t_signals
	run_counted "qemu t_auxv" $Q $D/t_auxv
	run_counted "qemu t_syscalls" $Q $(realpath $D/t_syscalls) $(realpath $D/t_syscalls) "$scratch"
else
	bad "QEMU ($Q) missing: run make setup"
fi

# Exit status and the one-line diagnostic of fatal signals (128 + signal number, as for a
# process killed by it; QEMU's status must agree).
while read -r mode want lines; do
	$T $K $D/t_fatal $mode >/dev/null 2>"$scratch/err"; rc=$?
	n=$(wc -l <"$scratch/err")
	pat='^karu64: guest terminated by signal [0-9]+ \(SIG[A-Z]+\) at pc 0x[0-9a-f]+ \(insn 0x[0-9a-f]+\)$'
	if [ $rc -eq $want ] && [ $n -eq $lines ] && { [ $lines -eq 0 ] || grep -qE "$pat" "$scratch/err"; }; then
		ok "t_fatal $mode: exit $rc, $n stderr line(s) $(head -c 120 "$scratch/err")"
	else
		bad "t_fatal $mode: exit $rc (want $want), $n stderr lines (want $lines): $(cat "$scratch/err")"
	fi
	if [ -x "$Q" ]; then
		# (through sh, whose "Killed by signal" notices go to /dev/null)
		sh -c '"$@" >/dev/null 2>&1' sh $T $Q $D/t_fatal $mode 2>/dev/null; qrc=$?
		[ $qrc -eq $want ] && ok "qemu t_fatal $mode: exit $qrc" || bad "qemu t_fatal $mode: exit $qrc (want $want)"
	fi
done <<'CASES'
exit 44 0
ill 132 1
segv 139 1
ebreak 133 1
abort 134 1
blocked-segv 139 1
ignored-ill 132 1
handled-ill 99 0
kill-term 143 1
unknown-syscall 7 0
CASES

$T $K --strict $D/t_fatal unknown-syscall >/dev/null 2>"$scratch/err"; rc=$?
if [ $rc -eq 125 ] && [ "$(cat "$scratch/err")" = "karu64: error: unsupported system call 999 (unknown)" ]; then
	ok "--strict: unknown system call 999 stops with 125 and one line"
else
	bad "--strict: exit $rc, stderr: $(cat "$scratch/err")"
fi

# Terminal ioctls (TCGETS/TCSETS/TIOCGWINSZ translation) on a pseudo-terminal, and ENOTTY on a pipe.
if [ -x "$Q" ] && command -v script >/dev/null; then
	k=$(script -qec "$K $D/t_tty" /dev/null </dev/null | tr -d '\r'); q=$(script -qec "$Q $D/t_tty" /dev/null </dev/null | tr -d '\r')
	[ -n "$k" ] && [ "$k" = "$q" ] && ok "terminal ioctls on a pty match QEMU: $k" || bad "pty: karu64 '$k' vs QEMU '$q'"
fi
k=$(echo | $T $K $D/t_tty)
case "$k" in "tcgetattr=-1 (Inappropriate ioctl for device)"*) ok "tcgetattr on a pipe: $k";; *) bad "pipe: $k";; esac

# Writing to a pipe without readers: SIGPIPE, status 141, as under Linux and QEMU.
k=$( { $T $K $D/t_fatal pipe 2>"$scratch/err"; echo $? >"$scratch/rc"; } | head -1 )
rc=$(cat "$scratch/rc"); n=$(wc -l <"$scratch/err")
[ "$k" = line ] && [ "$rc" = 141 ] && [ $n -eq 1 ] && ok "SIGPIPE: exit $rc, $(cat "$scratch/err")" || bad "SIGPIPE: exit $rc, '$k', $(cat "$scratch/err")"
if [ -x "$Q" ]; then
	{ sh -c '"$@" 2>/dev/null; echo $? >"$0"' "$scratch/qrc" $T $Q $D/t_fatal pipe 2>/dev/null; } | head -1 >/dev/null
	[ "$(cat "$scratch/qrc")" = 141 ] && ok "qemu SIGPIPE: exit 141" || bad "qemu SIGPIPE: exit $(cat "$scratch/qrc")"
fi

# Vector state across a system call: discarded by default like Linux
# (riscv_v_vstate_discard: registers all ones, vtype vill, vl 0), kept with --keep-vector-state.
k=$($T $K $D/t_vdiscard)
[ "$k" = "vl=0 vill=1 v1=ff" ] && ok "vector state discarded at a system call: $k" || bad "discard: $k"
k=$($T $K --keep-vector-state $D/t_vdiscard)
[ "$k" = "vl=32 vill=0 v1=05" ] && ok "--keep-vector-state keeps it: $k" || bad "keep: $k"

# Static PIE (ET_DYN without PT_INTERP).
out=$($T $K $D/t_pie 2>&1); rc=$?
[ $rc -eq 0 ] && [ "$out" = "static-pie ok" ] && ok "static PIE runs: '$out'" || bad "static PIE: exit $rc, output '$out'"

# Reproducibility: the same --seed gives the same getrandom/AT_RANDOM bytes, another differs;
# --virtual-clock starts CLOCK_REALTIME at the documented epoch 1735689600.
a=$($T $K --seed=7 --virtual-clock $D/t_random); b=$($T $K --seed=7 --virtual-clock $D/t_random)
c=$($T $K --seed=8 --virtual-clock $D/t_random); d=$($T $K $D/t_random); e=$($T $K $D/t_random)
[ -n "$a" ] && [ "$a" = "$b" ] && ok "same seed, same output" || bad "same seed differs: '$a' vs '$b'"
[ "$(echo "$a" | head -2)" != "$(echo "$c" | head -2)" ] && ok "different seed, different random bytes" || bad "seeds 7 and 8 agree"
[ "$(echo "$d" | head -2)" = "$(echo "$e" | head -2)" ] && ok "default seed is fixed" || bad "default seed varies"
[ "$(echo "$a" | sed -n 3p)" = "realtime 1735689600" ] && ok "virtual realtime at the epoch: $(echo "$a" | sed -n 3p)" || bad "virtual realtime: $(echo "$a" | sed -n 3p)"

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
