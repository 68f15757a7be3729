# SLH-DSA tests (sw/slhdsa), included by the top Makefile. Oracles: the NIST ACVP SLH-DSA
# vectors in ../shared/vectors (session vsId 53, FIPS 205 final: keyGen via liboqs, CIRCL and
# RustCrypto, sigVer via RustCrypto, sigGen with signatures via Bouncy Castle), FIPS 205's own
# definition of the external interface (Algorithms 22, 24) and Table 2, and valgrind.
#   check-slhdsa-host        host kpqc: every SHAKE vector except SHAKE-192s sigGen, of which the
#                            first deterministic and the first hedged case (the rest: -full);
#                            the external-interface checks; kpqc bad input
#   check-slhdsa-ct          KeyGen and Sign (128f) under valgrind memcheck, SK.seed,
#                            SK.prf and addrnd undefined (gcc -O2 and clang-19 -O3), a canary
#                            that must be caught, a build without the declassifications that
#                            must be reported
#   check-slhdsa-karu64      every guest build on karu64 (VLEN 256), two at a time: the f sets
#                            only, first case per group (sigGen: one deterministic, one hedged
#                            for 128f and 256f), external interface on 128f; then the quick
#                            cross-build identity test (f-set keygen, 128f sign/verify) against
#                            the host build
#   check-slhdsa-full        (CHECK_FULL) host: all 14 SHAKE-192s sigGen cases too; karu64:
#                            every build, every set, every case except SHAKE-192s sigGen (first 2
#                            deterministic and 2 hedged: about 10^10 instructions each on the
#                            scalar builds), and the full cross-build test

SLHDSA_TB := $(B)/tests/slhdsa
SLHDSA_SRCS := $(wildcard sw/slhdsa/*.c) sw/fips202/fips202.c sw/keccak/keccak.c sw/keccak/keccak_c.c
SLHDSA_DEPS := $(SLHDSA_SRCS) $(wildcard sw/slhdsa/*.h sw/fips202/*.h sw/keccak/*.h)
SLHDSA_INC := -Isw/keccak -Isw/fips202 -Isw/include
SLHDSA_VARIANTS := rv64gc rv64gc_zbb vauto vauto_k vintr vintr_k vintr_kr
SLHDSA_KPQC := $(SLHDSA_VARIANTS:%=$(B)/sw/%/kpqc) $(B)/sw/host/kpqc

include tests/ct/ctgrind.mk
$(eval $(call CTGRIND_RULES,slhdsa,SLHDSA,$(SLHDSA_TB),$(SLHDSA_INC),$(SLHDSA_SRCS),$(SLHDSA_DEPS),slhdsa|xmss|fors|wots|hash))

check-slhdsa-host: $(B)/sw/host/kpqc
	@mkdir -p $(B)/test-results
	@set -o pipefail; { echo "== host: SLH-DSA-SHAKE vectors (SHAKE-192s sigGen: 1 + 1 cases), kpqc bad input"; \
	  python3 tests/slhdsa/run_vectors.py --s-sign 1 --badinput -- $<; } 2>&1 \
	  | tests/mldsa/total.py 1 | tee $(B)/test-results/slhdsa-host.txt

check-slhdsa-karu64: $(KARU64) $(SLHDSA_KPQC)
	@mkdir -p $(B)/test-results
	@set -o pipefail; python3 tests/slhdsa/karu64_run.py --quick $(KARU64) $(B) "$(SLHDSA_VARIANTS)" \
	  --subset 1 --s-sign 0 --sets 128f,192f,256f 2>&1 \
	  | tests/mldsa/total.py 8 | tee $(B)/test-results/slhdsa-karu64.txt

check-slhdsa-full: $(KARU64) $(SLHDSA_KPQC)
	@mkdir -p $(B)/test-results
	@set -o pipefail; { echo "== host: every SLH-DSA-SHAKE vector"; \
	  python3 tests/slhdsa/run_vectors.py -- $(B)/sw/host/kpqc; \
	  python3 tests/slhdsa/karu64_run.py $(KARU64) $(B) "$(SLHDSA_VARIANTS)" --s-sign 2; } 2>&1 \
	  | tests/mldsa/total.py 9 | tee $(B)/test-results/slhdsa-full.txt

CHECK += check-slhdsa-host check-slhdsa-ct check-slhdsa-karu64
CHECK_FULL += check-slhdsa-full
.PHONY: check-slhdsa-host check-slhdsa-ct check-slhdsa-karu64 check-slhdsa-full
