# HQC tests (sw/hqc), included by the top Makefile. Oracles: the SHA-256 of liboqs 8979276's
# KAT output for HQC-1/3/5 (../shared/vectors/kat-hashes-8979276-via-liboqs/kats.json; HQC at
# its 2025-08-22 specification), with the KAT seed procedure and the record text rebuilt in
# Python (tests/hqc/kat.py); the implicit-rejection key recomputed with hashlib; valgrind.
#   check-hqc-host     host kpqc: all 100 KAT records of each level (`all` hashes), implicit
#                      rejection on every record, kpqc bad input
#   check-hqc-ct       Keygen, Encaps, Decaps (valid and corrupted) of HQC-1/3/5 under valgrind
#                      memcheck with seed_KEM, m and dk secret (gcc -O2, clang-19 -O3), a canary,
#                      and a build without the one declassification that must be reported
#   check-hqc-rvv      vintr (PQC_VINTR) under QEMU at VLEN 128, 256, 512, 1024: the RVV sparse
#                      product against the scalar C (tests/hqc/rvv_test.c), and record 0 of
#                      every level (the `single` hashes)
#   check-hqc-karu64   every guest build on karu64 (VLEN 256), two at a time: record 0 of every
#                      level (the `single` hashes) with its rejection check; the quick cross-build
#                      test (one key per level) against the host build
#   check-hqc-full     (CHECK_FULL) all 100 records of every level on every guest build, and
#                      the full cross-build test

HQC_TB := $(B)/tests/hqc
HQC_SRCS := $(wildcard sw/hqc/*.c) sw/fips202/fips202.c sw/keccak/keccak.c sw/keccak/keccak_c.c
HQC_DEPS := $(HQC_SRCS) $(wildcard sw/hqc/*.h sw/fips202/*.h sw/keccak/*.h sw/include/*.h)
HQC_INC := -Isw/keccak -Isw/fips202 -Isw/include
HQC_VARIANTS := rv64gc rv64gc_zbb vauto vauto_k vintr vintr_k vintr_kr
HQC_KPQC := $(HQC_VARIANTS:%=$(B)/sw/%/kpqc) $(B)/sw/host/kpqc
HQC_KARU64 = python3 tests/slhdsa/karu64_run.py $(1) --script tests/hqc/kat.py --cross tests/hqc/crossbuild.py \
	$(KARU64) $(B) "$(HQC_VARIANTS)"

include tests/ct/ctgrind.mk
$(eval $(call CTGRIND_RULES,hqc,HQC,$(HQC_TB),$(HQC_INC),$(HQC_SRCS),$(HQC_DEPS),sample|gf2x|code|hqc))

$(HQC_TB)/rvv_test: tests/hqc/rvv_test.c $(B)/sw/vintr/libpqc.a
	@mkdir -p $(dir $@)
	$(SW_CC_vintr) -o $@ $< $(B)/sw/vintr/libpqc.a

check-hqc-rvv: $(HQC_TB)/rvv_test $(B)/sw/vintr/kpqc
	@mkdir -p $(B)/test-results
	@set -o pipefail; { for v in 128 256 512 1024; do \
	    echo "== vintr under QEMU, VLEN=$$v: RVV sparse product vs scalar, HQC KAT record 0"; \
	    $(QEMU) -cpu rva23u64,vlen=$$v $(HQC_TB)/rvv_test 30; \
	    python3 tests/hqc/kat.py --count 1 -- $(QEMU) -cpu rva23u64,vlen=$$v $(B)/sw/vintr/kpqc; done; } 2>&1 \
	  | tests/mldsa/total.py 8 | tee $(B)/test-results/hqc-rvv.txt

check-hqc-host: $(B)/sw/host/kpqc
	@mkdir -p $(B)/test-results
	@set -o pipefail; { echo "== host: HQC-1/3/5 KAT records 0..99, kpqc bad input"; \
	  python3 tests/hqc/kat.py --badinput -- $<; } 2>&1 \
	  | tests/mldsa/total.py 1 | tee $(B)/test-results/hqc-host.txt

check-hqc-karu64: $(KARU64) $(HQC_KPQC)
	@mkdir -p $(B)/test-results
	@set -o pipefail; $(call HQC_KARU64,--quick) --count 1 2>&1 \
	  | tests/mldsa/total.py 8 | tee $(B)/test-results/hqc-karu64.txt

check-hqc-full: $(KARU64) $(HQC_KPQC)
	@mkdir -p $(B)/test-results
	@set -o pipefail; $(call HQC_KARU64,) --count 100 2>&1 \
	  | tests/mldsa/total.py 8 | tee $(B)/test-results/hqc-full.txt

CHECK += check-hqc-host check-hqc-ct check-hqc-rvv check-hqc-karu64
CHECK_FULL += check-hqc-full
.PHONY: check-hqc-host check-hqc-ct check-hqc-rvv check-hqc-karu64 check-hqc-full
