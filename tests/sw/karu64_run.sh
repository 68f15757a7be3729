#!/usr/bin/env bash
# Guest-software tests on the simulator: every guest build, including the +K builds that QEMU
# cannot run (vkeccak.vi). Skips, with a message and a "0 passed, 0 failed" result, when
# build/karu64 is missing, cannot run a vector instruction, or (for the +K builds only) lacks
# Zvknhk. LIMIT 0 = every vector on every build (check-full); otherwise (CI) the Keccak backend
# test and the cross-build test on every build, but the vector suites (LIMIT per file/group)
# only on the +K, DMA and round-step (*_round) builds, since QEMU already runs them on the
# others (QEMU has neither vkeccak.vi, the devices nor xkround).
# KARU64 may carry options (e.g. the --device options the DMA builds need).
# usage: karu64_run.sh KARU64 BUILD_DIR RESULT_DIR LIMIT "VARIANTS" [TAG]
k64=$1; B=$2; res=$3; limit=$4; variants=$5
read -ra k64cmd <<< "$k64"
tag=$([ "$limit" = 0 ] && echo full-karu64 || echo karu64)${6:+-$6}
skip() { printf 'skipped: %s\n0 passed, 0 failed\n' "$1" | tee "$res/sw-$tag.txt"; exit 0; }
[ -x "${k64cmd[0]}" ] || skip "$k64 does not exist (run make first); the guest-software tests on karu64 did not run"
probe=$("${k64cmd[@]}" "$B/sw-tests/probe_v" v 2>&1) || skip "$k64 cannot run vector code yet (probe: $(echo "$probe" | tail -n1))"
kprobe=$("${k64cmd[@]}" "$B/sw-tests/probe_v" k 2>&1)
have_k=0; echo "$kprobe" | grep -q "vkeccak ok" && have_k=1
status=0
notes=()
# the *_round builds use xkround (doc/xkround.md), which only an ISA string naming it enables
# (the Karu64 profile, karu64's default, plus xkround)
XKR_ISA=rv64imafdcv_zicbom_zicbop_zicboz_zicntr_zicond_zicsr_zifencei_zihintntl_zihintpause_zihpm_zimop_zawrs_zfa_zfhmin_zca_zcb_zcd_zcmop_zba_zbb_zbc_zbs_zkt_zvbb_zvbc_zvfhmin_zvkb_zvkg_zvkned_zvknha_zvknhb_zvknhk_zvksed_zvksh_zvkt_xkround
run_of() { case $1 in *_round) echo "$k64 --isa=$XKR_ISA";; *) echo "$k64";; esac; }
for v in $variants; do
  case $v in *_k|*_kr) if [ $have_k = 0 ]; then notes+=("skipped $v: no working vkeccak.vi ($(echo "$kprobe" | tail -n1))"); continue; fi;; esac
  python3 tests/sw/keccak_check.py "$B/sw/$v/keccak_test" --runner "$(run_of $v)" --result "$res/sw-$tag-keccak-$v.txt" || status=1
  case $v in *_k|*_kr)  # the VLEN = 128 paths: 16 + 9 split, resident-state fallback
    python3 tests/sw/keccak_check.py "$B/sw/$v/keccak_test" --runner "$k64 --vlen=128" \
      --result "$res/sw-$tag-keccak128-$v.txt" || status=1;;
  esac
  if [ "$v" = vintr ]; then
    python3 tests/sw/rvv_check.py "$B/sw/vintr/mlkem_rvv_test" --runner "$k64 --vlen={vlen}" \
      --vlens 128,256,512 --result "$res/sw-$tag-rvv-vintr.txt" || status=1
  fi
  lim=(); [ "$limit" = 0 ] || lim=(--limit "$limit")
  case $v in *_k|*_kr|*_dma|*_sponge|*_round) ;; *) [ "$limit" = 0 ] || continue;; esac
  python3 tests/sw/kpqc_tests.py --kpqc "$B/sw/$v/kpqc" --runner "$(run_of $v)" "${lim[@]}" \
    --result "$res/sw-$tag-$v.txt" || status=1
done
builds=(host=:"$B/sw/host/kpqc")
for v in $variants; do
  case $v in *_k|*_kr) [ $have_k = 1 ] || continue;; esac
  builds+=("$v=$(run_of $v):$B/sw/$v/kpqc")
done
python3 tests/sw/crossbuild.py --result "$res/sw-$tag-cross.txt" "${builds[@]}" || status=1
if [ ${#notes[@]} -gt 0 ]; then
  { printf '%s\n' "${notes[@]}"; echo "0 passed, 0 failed"; } | tee "$res/sw-$tag-skipped.txt"
fi
exit $status
