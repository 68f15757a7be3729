# ML-DSA tests (sw/mldsa), included by the top Makefile. Oracles: the NIST ACVP vectors in
# ../shared/vectors (every ML-DSA folder: keyGen, sigGen, sigVer; 600 cases) and valgrind.
#   check-mldsa-host    host driver, all vectors
#   check-mldsa-ct      KeyGen and Sign under valgrind memcheck with secrets undefined (gcc -O2
#                       and clang-19 -O3 builds), plus a canary that must be caught and a
#                       build without the declassifications that must be reported
#   check-mldsa-rv64gc  guest rv64gc driver under QEMU, all vectors
#   check-mldsa-vintr   guest PQC_VINTR rv64gcv_zbb driver under QEMU at VLEN 128, 256 and 512:
#                       all vectors at each VLEN, and the RVV code against the scalar C
#   check-mldsa-full    (CHECK_FULL) all vectors on the other QEMU-runnable guest builds
#                       (rv64gc_zbb, vauto = rv64gcv_zbb auto-vectorised) and vintr at VLEN 1024,
#                       plus a long RVV self-check at every VLEN
#   check-mldsa-karu64  every build variant on karu64 (VLEN 256), the first 2 cases of every
#                       test group plus the length checks; -full (CHECK_FULL): all vectors
# The vauto_k/vintr_k/vintr_kr builds need vkeccak.vi, which QEMU lacks: they run on karu64
# only. Each run of the vectors starts the driver once (run_vectors.py).

MLDSA_TB := $(B)/tests/mldsa
MLDSA_SRCS := $(wildcard sw/mldsa/*.c) sw/fips202/fips202.c sw/keccak/keccak.c sw/keccak/keccak_c.c
MLDSA_DEPS := $(MLDSA_SRCS) $(wildcard sw/mldsa/*.h sw/fips202/*.h sw/keccak/*.h)
MLDSA_INC := -Isw/keccak -Isw/fips202
MLDSA_RV_FLAGS := -std=gnu11 $(WARN) -O3 $(MLDSA_INC)
MLDSA_QEMU_V = $(QEMU) -cpu rva23u64,vlen=$(1)
MLDSA_VECTORS := python3 tests/mldsa/run_vectors.py --

$(MLDSA_TB)/driver: tests/mldsa/driver.c $(MLDSA_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(filter-out -MMD -MP,$(CFLAGS_ALL)) $(MLDSA_INC) -o $@ $< $(MLDSA_SRCS)

include tests/ct/ctgrind.mk
$(eval $(call CTGRIND_RULES,mldsa,MLDSA,$(MLDSA_TB),$(MLDSA_INC),$(MLDSA_SRCS),$(MLDSA_DEPS),sample|sign|packing))

# Guest drivers, one per build variant of karu64.md section 5 (the flags of sw/sw.mk).
MLDSA_VARIANTS := rv64gc rv64gc_zbb vauto vauto_k vintr vintr_k vintr_kr
MLDSA_VF_rv64gc     := -march=rv64gc
MLDSA_VF_rv64gc_zbb := -march=rv64gc_zbb
MLDSA_VF_vauto      := -march=rv64gcv_zbb -mrvv-vector-bits=scalable
MLDSA_VF_vauto_k    := -march=rv64gcv -mrvv-vector-bits=scalable -DKECCAK_BACKEND_VK
MLDSA_VF_vintr      := -march=rv64gcv_zbb -mrvv-vector-bits=scalable -DPQC_VINTR
MLDSA_VF_vintr_k    := -march=rv64gcv -mrvv-vector-bits=scalable -DPQC_VINTR -DKECCAK_BACKEND_VK
MLDSA_VF_vintr_kr   := $(MLDSA_VF_vintr_k) -DKECCAK_BACKEND_VKR
MLDSA_GUEST_SRCS := $(wildcard sw/mldsa/*.c) sw/fips202/fips202.c $(wildcard sw/keccak/*.c)

$(MLDSA_TB)/%/driver: tests/mldsa/driver.c $(MLDSA_DEPS) $(wildcard sw/keccak/*.c sw/include/*.h)
	@mkdir -p $(dir $@)
	$(RV_CC) $(MLDSA_RV_FLAGS) -Isw/include $(MLDSA_VF_$*) -o $@ $< $(MLDSA_GUEST_SRCS)

check-mldsa-host: $(MLDSA_TB)/driver
	@mkdir -p $(B)/test-results
	@set -o pipefail; { echo "== host: all ML-DSA vectors"; $(MLDSA_VECTORS) $<; \
	  } 2>&1 | tests/mldsa/total.py 1 | tee $(B)/test-results/mldsa-host.txt

check-mldsa-rv64gc: $(MLDSA_TB)/rv64gc/driver
	@mkdir -p $(B)/test-results
	@set -o pipefail; { echo "== rv64gc under QEMU: all ML-DSA vectors"; $(MLDSA_VECTORS) $(QEMU) $<; } 2>&1 \
	  | tests/mldsa/total.py 1 | tee $(B)/test-results/mldsa-rv64gc.txt

check-mldsa-vintr: $(MLDSA_TB)/vintr/driver
	@mkdir -p $(B)/test-results
	@set -o pipefail; { for v in 128 256 512; do \
	    echo "== vintr (rv64gcv_zbb, PQC_VINTR) under QEMU, VLEN=$$v: all ML-DSA vectors"; \
	    $(MLDSA_VECTORS) $(call MLDSA_QEMU_V,$$v) $<; \
	    echo "selftest 300" | $(call MLDSA_QEMU_V,$$v) $<; done; } 2>&1 \
	  | tests/mldsa/total.py 6 | tee $(B)/test-results/mldsa-vintr.txt

check-mldsa-full: $(MLDSA_TB)/rv64gc_zbb/driver $(MLDSA_TB)/vauto/driver $(MLDSA_TB)/vintr/driver
	@mkdir -p $(B)/test-results
	@set -o pipefail; { \
	  for d in rv64gc_zbb vauto; do echo "== $$d under QEMU (VLEN=256): all ML-DSA vectors"; \
	    $(MLDSA_VECTORS) $(call MLDSA_QEMU_V,256) $(MLDSA_TB)/$$d/driver; done; \
	  echo "== vintr under QEMU, VLEN=1024: all ML-DSA vectors"; \
	  $(MLDSA_VECTORS) $(call MLDSA_QEMU_V,1024) $(MLDSA_TB)/vintr/driver; \
	  for v in 128 256 512 1024; do echo "== vintr RVV self-check, VLEN=$$v"; echo "selftest 20000" | $(call MLDSA_QEMU_V,$$v) $(MLDSA_TB)/vintr/driver; done; \
	  } 2>&1 | tests/mldsa/total.py 7 | tee $(B)/test-results/mldsa-full.txt

# The same vectors on karu64 itself, for every build variant (the +K ones run vkeccak.vi).
# check-mldsa-karu64 runs the first 2 cases of every test group plus the length checks per
# variant; check-mldsa-karu64-full runs all of them.
MLDSA_KARU64_RUN = { for v in $(MLDSA_VARIANTS); do echo "== $$v on karu64 (VLEN=256)$(2)"; \
	  python3 tests/mldsa/run_vectors.py $(1) -- $(KARU64) --vlen=256 $(MLDSA_TB)/$$v/driver; done; }

check-mldsa-karu64: $(KARU64) $(MLDSA_VARIANTS:%=$(MLDSA_TB)/%/driver)
	@mkdir -p $(B)/test-results
	@set -o pipefail; $(call MLDSA_KARU64_RUN,--subset 2,: 2 cases per test group) 2>&1 \
	  | tests/mldsa/total.py 7 | tee $(B)/test-results/mldsa-karu64.txt

check-mldsa-karu64-full: $(KARU64) $(MLDSA_VARIANTS:%=$(MLDSA_TB)/%/driver)
	@mkdir -p $(B)/test-results
	@set -o pipefail; $(call MLDSA_KARU64_RUN,,: all vectors) 2>&1 \
	  | tests/mldsa/total.py 7 | tee $(B)/test-results/mldsa-karu64-full.txt

CHECK += check-mldsa-host check-mldsa-ct check-mldsa-rv64gc check-mldsa-vintr check-mldsa-karu64
CHECK_FULL += check-mldsa-full check-mldsa-karu64-full
.PHONY: check-mldsa-host check-mldsa-ct check-mldsa-rv64gc check-mldsa-vintr check-mldsa-full \
        check-mldsa-karu64 check-mldsa-karu64-full
