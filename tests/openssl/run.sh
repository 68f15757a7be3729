#!/usr/bin/env bash
# Stock Debian 13 OpenSSL (issue 13): the guest root's unmodified /usr/bin/openssl and a project
# program linked against its libcrypto, run by karu64 (functional and --model=karu64-fpga) and
# by QEMU 10, with OPENSSL_riscvcap selecting OpenSSL's scalar code or its vector-crypto code
# (Zvkned, Zvknhb, Zvkg, Zvbb, Zvkb, Zvkt). Every digest, MAC and ciphertext must equal what the
# host's own OpenSSL (Debian 12, OpenSSL 3.0: an independent build) computes; under the cycle
# model the instruction classes show which path ran (vector-crypto instructions, or none).
# Usage: run.sh KARU64 QEMU ROOT BINDIR — BINDIR holds t_evp (riscv64) and t_evp-host.
# Prints "N passed, N failed" last.
K=$(realpath "$1"); Q=$(realpath "$2"); R=$(realpath "$3"); D=$(realpath "$4")
pass=0; fail=0
ok()   { echo "ok: $*"; pass=$((pass + 1)); }
bad()  { echo "FAIL: $*"; fail=$((fail + 1)); }
T="timeout 300"
S=$(mktemp -d); trap 'rm -rf "$S"' EXIT
unset QEMU_LD_PREFIX LD_LIBRARY_PATH OPENSSL_riscvcap OPENSSL_CONF
OSSL=$R/usr/bin/openssl
SCALAR=rv64gc
VECTOR=rv64gc_v_zvkned_zvknhb_zvkg_zvbb_zvkb_zvkt
[ -x "$Q" ] || bad "QEMU ($Q) missing: run make setup"
command -v openssl >/dev/null || bad "the host's openssl (the oracle) is missing: run make setup"
echo "guest: $($K -L "$R" "$OSSL" version 2>&1); host oracle: $(openssl version)"

# Inputs, the same on every run: relative names, so that dgst's lines name them alike.
cd "$S" || exit 1
python3 - <<'EOF'
import hashlib
for n in (0, 1, 3, 55, 56, 64, 111, 112, 128, 1000, 262147):
    open(f"in{n}", "wb").write(hashlib.shake_256(b"karu64 openssl %d" % n).digest(n))
EOF
FILES=(in0 in1 in3 in55 in56 in64 in111 in112 in128 in1000 in262147)
ENC_FILES=(in3 in1000 in262147)
BIG=in262147
KEY=2b7e151628aed2a6abf7158809cf4f3c762e7160f38b4da56a784d9045190cfe
IV=000102030405060708090a0b0c0d0e0f
DGSTS=("-sha256" "-sha512" "-sha3-256" "-shake128 -xoflen 32" "-sha256 -hmac karu64-key" "-sha512 -hmac karu64-key")
CIPHERS=(aes-128-cbc aes-192-cbc aes-256-cbc aes-128-ctr aes-256-ctr aes-128-ecb)
keyfor() { case $1 in aes-128*) echo "${KEY:0:32}";; aes-192*) echo "${KEY:0:48}";; *) echo "$KEY";; esac; }

# The oracle: the host's OpenSSL.
mkdir -p host
for i in "${!DGSTS[@]}"; do openssl dgst ${DGSTS[$i]} "${FILES[@]}" >"host/dgst$i" || bad "host openssl dgst ${DGSTS[$i]}"; done
openssl mac -digest SHA3-256 -macopt hexkey:$KEY -in $BIG HMAC >host/mac || bad "host openssl mac"
for c in "${CIPHERS[@]}"; do for f in "${ENC_FILES[@]}"; do
	openssl enc -$c -K "$(keyfor $c)" -iv $IV -in $f -out host/$c.$f || bad "host openssl enc -$c"
done; done
"$D/t_evp-host" >host/evp || bad "host t_evp: $(tail -n 1 host/evp)"
"$D/t_evp-host" gcm gmac >host/evp-gcm; "$D/t_evp-host" xts >host/evp-xts
grep -q '^checks: [1-9][0-9]* ok, 0 bad$' host/evp || bad "host t_evp self-checks: $(tail -n 1 host/evp)"

# sim MODE CAP OUT PROGRAM ARGS...: runs the guest, stdout to OUT (stderr to OUT.err); status in $rc.
# Under the model, the statistics go to OUT.json.
sim() {
	local mode=$1 cap=$2 out=$3; shift 3
	case $mode in
	karu64) $T env OPENSSL_riscvcap=$cap "$K" -L "$R" "$@" >"$out" 2>"$out.err" </dev/null;;
	fpga)   $T env OPENSSL_riscvcap=$cap "$K" --model=karu64-fpga --stats-json="$out.json" -L "$R" "$@" \
		  >"$out" 2>"$out.err" </dev/null;;
	qemu)   $T env OPENSSL_riscvcap=$cap "$Q" -L "$R" "$@" >"$out" 2>"$out.err" </dev/null;;
	esac
	rc=$?
}
same() {   # label, file A (guest), file B (oracle)
	if [ $rc -ne 0 ]; then bad "$1: exit $rc: $(head -c 300 "$2.err" | tr '\n' ' ')"
	elif cmp -s "$2" "$3"; then ok "$1"
	else bad "$1: differs from the host's OpenSSL: $(cmp "$2" "$3" 2>&1 | head -n 1)"; fi
}
# The instruction classes of a run under the model: "VAES VSHA2 VGHASH ALLV" (ALLV: every vector class).
classes() {
	python3 -c '
import json, sys
c = json.load(open(sys.argv[1]))["instructions_by_class"]
print(c.get("VAES", 0), c.get("VSHA2", 0), c.get("VGHASH", 0), sum(v for k, v in c.items() if k.startswith("V")))' "$1"
}
# path LABEL OUT CAP WANT: under the model, the scalar capability runs no vector instruction at
# all, and the vector one runs the named vector-crypto classes (WANT: a list of VAES VSHA2 VGHASH).
path() {
	local label=$1 out=$2 cap=$3 want=$4
	[ -f "$out.json" ] || { bad "$label: no statistics"; return; }
	read -r vaes vsha2 vghash allv < <(classes "$out.json")
	if [ "$cap" = "$SCALAR" ]; then
		[ "$allv" = 0 ] && ok "$label: scalar code only (no vector instruction)" || bad "$label: $allv vector instructions under OPENSSL_riscvcap=$SCALAR"
		return
	fi
	local miss=""
	for w in $want; do
		case $w in VAES) [ "$vaes" -gt 0 ] || miss+=" VAES";; VSHA2) [ "$vsha2" -gt 0 ] || miss+=" VSHA2";;
			   VGHASH) [ "$vghash" -gt 0 ] || miss+=" VGHASH";; esac
	done
	[ -z "$miss" ] && ok "$label: vector-crypto path ($want: $vaes VAES, $vsha2 VSHA2, $vghash VGHASH)" ||
		bad "$label: no$miss instructions (VAES $vaes, VSHA2 $vsha2, VGHASH $vghash)"
}

mkdir -p out
for mode in karu64 fpga qemu; do
	for cap in $SCALAR $VECTOR; do
		tag="$mode ${cap%%_*}$([ $cap = $VECTOR ] && echo +zvk)"
		o=out/$mode-$cap; mkdir -p "$o"
		for i in "${!DGSTS[@]}"; do
			sim $mode $cap "$o/dgst$i" "$OSSL" dgst ${DGSTS[$i]} "${FILES[@]}"
			same "$tag: openssl dgst ${DGSTS[$i]} (${#FILES[@]} files)" "$o/dgst$i" "host/dgst$i"
			[ $mode = fpga ] && case "${DGSTS[$i]}" in -sha256|-sha512) path "$tag: dgst ${DGSTS[$i]}" "$o/dgst$i" $cap VSHA2;; esac
		done
		sim $mode $cap "$o/mac" "$OSSL" mac -digest SHA3-256 -macopt hexkey:$KEY -in $BIG HMAC
		same "$tag: openssl mac HMAC-SHA3-256" "$o/mac" host/mac
		for c in "${CIPHERS[@]}"; do
			files=("${ENC_FILES[@]}"); [ $mode = fpga ] && files=($BIG)
			for f in "${files[@]}"; do
				sim $mode $cap "$o/$c.$f" "$OSSL" enc -$c -K "$(keyfor $c)" -iv $IV -in $f
				same "$tag: openssl enc -$c ($(stat -c %s $f) bytes)" "$o/$c.$f" "host/$c.$f"
				[ $mode = fpga ] && path "$tag: enc -$c" "$o/$c.$f" $cap VAES
			done
			sim $mode $cap "$o/$c.d" "$OSSL" enc -d -$c -K "$(keyfor $c)" -iv $IV -in "host/$c.$BIG"
			same "$tag: openssl enc -d -$c of the host's ciphertext" "$o/$c.d" $BIG
		done
		# AES-GCM, GMAC and AES-XTS through EVP; under the model each mode on its own, so that
		# each shows its own vector-crypto instructions.
		if [ $mode = fpga ] && [ $cap = $VECTOR ]; then
			sim $mode $cap "$o/evp-gcm" "$D/t_evp" gcm gmac
			same "$tag: t_evp gcm gmac (EVP, $(grep -c '' host/evp-gcm) lines)" "$o/evp-gcm" host/evp-gcm
			path "$tag: AES-GCM and GMAC" "$o/evp-gcm" $cap "VAES VGHASH"
			sim $mode $cap "$o/evp-xts" "$D/t_evp" xts
			same "$tag: t_evp xts (EVP, $(grep -c '' host/evp-xts) lines)" "$o/evp-xts" host/evp-xts
			path "$tag: AES-XTS" "$o/evp-xts" $cap "VAES VGHASH"
		else
			sim $mode $cap "$o/evp" "$D/t_evp"
			same "$tag: t_evp (AES-GCM, GMAC, AES-XTS through EVP, $(grep -c '' host/evp) lines)" "$o/evp" host/evp
			[ $mode = fpga ] && path "$tag: t_evp" "$o/evp" $cap ""
		fi
	done
done

# openssl speed arms alarm() and then runs vector-crypto loops of a much higher CPI than the
# setup before: timers must fire on time all the same (a static program, counted checks).
for m in --virtual-clock --model=karu64-sim --model=karu64-fpga; do
	out=$($T "$K" $m "$D/t_timer_cpi" </dev/null 2>&1); trc=$?
	echo "$out" | sed "s/^/  [t_timer_cpi $m] /"
	line=$(echo "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed$' | tail -n1)
	if [ -z "$line" ] || [ $trc -ne 0 ]; then bad "t_timer_cpi $m: exit $trc, result '${line:-none}'"; continue; fi
	pass=$((pass + $(echo "$line" | awk '{print $1}'))); fail=$((fail + $(echo "$line" | awk '{print $3}')))
done
# openssl speed itself: a 1 s alarm ends the loop after 1 s of modelled CPU time (times(),
# 10 ms ticks), not later.
sim fpga $VECTOR out/speed "$OSSL" speed -mr -seconds 1 -bytes 16384 -evp aes-128-xts
t=$(cat out/speed out/speed.err | sed -n 's/^+R:[0-9]*:AES-128-XTS:\([0-9.]*\)$/\1/p')
[ $rc -eq 0 ] && [ -n "$t" ] && python3 -c "import sys; sys.exit(not 0.9 <= float('$t') <= 1.1)" &&
	ok "fpga: openssl speed -seconds 1 aes-128-xts (vector) timed ${t} s" || bad "fpga: openssl speed -seconds 1 timed '${t}' s (exit $rc): $(tr '\n' ' ' <out/speed)"

# What runs the same under karu64 and QEMU, and bad input.
o=out/misc; mkdir -p $o
sim karu64 $SCALAR $o/prov "$OSSL" list -providers; krc=$rc
sim qemu $SCALAR $o/prov.q "$OSSL" list -providers
[ $krc -eq 0 ] && grep -q 'OpenSSL Default Provider' $o/prov && cmp -s $o/prov $o/prov.q &&
	ok "openssl list -providers: the default provider, as under QEMU" || bad "openssl list -providers: exit $krc: $(tr '\n' ' ' <$o/prov)"
grep -q '^OpenSSL 3\.' <("$K" -L "$R" "$OSSL" version) && ok "openssl version: $("$K" -L "$R" "$OSSL" version)" || bad "openssl version"
# OpenSSL's own capability detection (riscv_hwprobe, no OPENSSL_riscvcap) sees the ISA karu64 runs.
cpu() { $T "$K" "$@" -L "$R" "$OSSL" version -a </dev/null 2>&1 | sed -n 's/^CPUINFO: OPENSSL_riscvcap=//p'; }
c=$(cpu); miss=""
for x in V ZBA ZBB ZBC ZBS ZKT ZVBB ZVKB ZVKG ZVKNED ZVKNHA ZVKNHB "vlen:256"; do [[ "_${c// /_}_" == *_${x}_* ]] || miss+=" $x"; done
[ -z "$miss" ] && ok "hwprobe: OpenSSL detects the default ISA ($c)" || bad "hwprobe: '$c' lacks$miss"
c=$(cpu --isa=rv64gc); [ "$c" = RV64GC ] && ok "hwprobe: --isa=rv64gc gives $c" || bad "hwprobe: --isa=rv64gc gives '$c'"
c=$(cpu --isa=rv64gcv_zvkned --vlen=128); [ "$c" = "RV64GC_V_ZVKNED vlen:128" ] && ok "hwprobe: --isa=rv64gcv_zvkned --vlen=128 gives $c" ||
	bad "hwprobe: --isa=rv64gcv_zvkned --vlen=128 gives '$c'"
# Exit statuses: a missing file, a wrong key (bad padding), SHAKE without a length (OpenSSL 3.5
# refuses it, 3.0 did not: compared with QEMU).
status() {   # label, host status, guest args...
	local label=$1 want=$2; shift 2
	sim karu64 $VECTOR $o/st "$OSSL" "$@"; local k=$rc
	sim qemu $VECTOR $o/st.q "$OSSL" "$@"; local q=$rc
	[ "$k" = "$want" ] && [ "$k" = "$q" ] && [ "$k" != 0 ] && ok "$label: exit $k, as the oracle's and QEMU's" ||
		bad "$label: karu64 exit $k, QEMU $q, want $want"
}
openssl dgst -sha256 no-such-file >/dev/null 2>&1; status "dgst of a missing file" $? dgst -sha256 no-such-file
openssl enc -d -aes-128-cbc -K 00112233445566778899aabbccddeeff -iv $IV -in host/aes-128-cbc.in1000 >/dev/null 2>&1
status "enc -d with the wrong key (bad decrypt)" $? enc -d -aes-128-cbc -K 00112233445566778899aabbccddeeff -iv $IV -in host/aes-128-cbc.in1000
sim qemu $VECTOR $o/sh.q "$OSSL" dgst -shake128 in3; status "dgst -shake128 without -xoflen" $rc dgst -shake128 in3

echo "$pass passed, $fail failed"
