# ML-DSA tests (sw/mldsa), included by the top Makefile. Oracles: the NIST ACVP vectors in
# ../shared/vectors (every ML-DSA folder: keyGen, sigGen, sigVer; 600 cases) and valgrind.
#   check-mldsa-host    host driver, all vectors
#   check-mldsa-ct      KeyGen and Sign under valgrind memcheck with secrets undefined (gcc -O2
#                       and clang-19 -O3 builds), plus a canary that must be caught
#   check-mldsa-rv64gc  guest rv64gc driver under QEMU, all vectors
#   check-mldsa-vintr   guest PQC_VINTR rv64gcv_zbb driver under QEMU at VLEN 128, 256 and 512:
#                       all vectors at each VLEN, and the RVV code against the scalar C
#   check-mldsa-full    (CHECK_FULL) all vectors on the other QEMU-runnable guest builds
#                       (rv64gc_zbb, vauto = rv64gcv_zbb auto-vectorised) and vintr at VLEN 1024,
#                       plus a long RVV self-check at every VLEN
# The vintr_k/vintr_kr/vauto_k builds need vkeccak.vi, which QEMU lacks: they run on karu64 via
# kpqc (sw.mk). Each run of the vectors starts the driver once (run_vectors.py).

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

$(MLDSA_TB)/ctgrind-gcc: tests/mldsa/ctgrind.c $(MLDSA_DEPS)
	@mkdir -p $(dir $@)
	gcc -std=gnu11 $(WARN) -O2 -g -DMLDSA_CTGRIND $(MLDSA_INC) -o $@ $< $(MLDSA_SRCS)

# DWARF 4: valgrind 3.19 cannot read clang-19's default DWARF 5.
$(MLDSA_TB)/ctgrind-clang: tests/mldsa/ctgrind.c $(MLDSA_DEPS)
	@mkdir -p $(dir $@)
	clang-19 -std=gnu11 $(WARN) -O3 -gdwarf-4 -DMLDSA_CTGRIND $(MLDSA_INC) -o $@ $< $(MLDSA_SRCS)

$(MLDSA_TB)/driver-rv64gc: tests/mldsa/driver.c $(MLDSA_DEPS)
	@mkdir -p $(dir $@)
	$(RV_CC) $(MLDSA_RV_FLAGS) -march=rv64gc -o $@ $< $(MLDSA_SRCS)

$(MLDSA_TB)/driver-rv64gc_zbb: tests/mldsa/driver.c $(MLDSA_DEPS)
	@mkdir -p $(dir $@)
	$(RV_CC) $(MLDSA_RV_FLAGS) -march=rv64gc_zbb -o $@ $< $(MLDSA_SRCS)

$(MLDSA_TB)/driver-vauto: tests/mldsa/driver.c $(MLDSA_DEPS)
	@mkdir -p $(dir $@)
	$(RV_CC) $(MLDSA_RV_FLAGS) -march=rv64gcv_zbb -o $@ $< $(MLDSA_SRCS)

$(MLDSA_TB)/driver-vintr: tests/mldsa/driver.c $(MLDSA_DEPS)
	@mkdir -p $(dir $@)
	$(RV_CC) $(MLDSA_RV_FLAGS) -march=rv64gcv_zbb -DPQC_VINTR -o $@ $< $(MLDSA_SRCS)

check-mldsa-host: $(MLDSA_TB)/driver
	@mkdir -p $(B)/test-results
	@set -o pipefail; { echo "== host: all ML-DSA vectors"; $(MLDSA_VECTORS) $<; \
	  } 2>&1 | tests/mldsa/total.py 1 | tee $(B)/test-results/mldsa-host.txt

check-mldsa-ct: $(MLDSA_TB)/ctgrind-gcc $(MLDSA_TB)/ctgrind-clang
	@mkdir -p $(B)/test-results
	@set -o pipefail; tests/mldsa/ctgrind.sh $^ 2>&1 | tests/mldsa/total.py 4 | tee $(B)/test-results/mldsa-ct.txt

check-mldsa-rv64gc: $(MLDSA_TB)/driver-rv64gc
	@mkdir -p $(B)/test-results
	@set -o pipefail; { echo "== rv64gc under QEMU: all ML-DSA vectors"; $(MLDSA_VECTORS) $(QEMU) $<; } 2>&1 \
	  | tests/mldsa/total.py 1 | tee $(B)/test-results/mldsa-rv64gc.txt

check-mldsa-vintr: $(MLDSA_TB)/driver-vintr
	@mkdir -p $(B)/test-results
	@set -o pipefail; { for v in 128 256 512; do \
	    echo "== vintr (rv64gcv_zbb, PQC_VINTR) under QEMU, VLEN=$$v: all ML-DSA vectors"; \
	    $(MLDSA_VECTORS) $(call MLDSA_QEMU_V,$$v) $<; \
	    echo "selftest 300" | $(call MLDSA_QEMU_V,$$v) $<; done; } 2>&1 \
	  | tests/mldsa/total.py 6 | tee $(B)/test-results/mldsa-vintr.txt

check-mldsa-full: $(MLDSA_TB)/driver-rv64gc_zbb $(MLDSA_TB)/driver-vauto $(MLDSA_TB)/driver-vintr
	@mkdir -p $(B)/test-results
	@set -o pipefail; { \
	  for d in rv64gc_zbb vauto; do echo "== $$d under QEMU (VLEN=256): all ML-DSA vectors"; \
	    $(MLDSA_VECTORS) $(call MLDSA_QEMU_V,256) $(MLDSA_TB)/driver-$$d; done; \
	  echo "== vintr under QEMU, VLEN=1024: all ML-DSA vectors"; \
	  $(MLDSA_VECTORS) $(call MLDSA_QEMU_V,1024) $(MLDSA_TB)/driver-vintr; \
	  for v in 128 256 512 1024; do echo "== vintr RVV self-check, VLEN=$$v"; echo "selftest 20000" | $(call MLDSA_QEMU_V,$$v) $(MLDSA_TB)/driver-vintr; done; \
	  } 2>&1 | tests/mldsa/total.py 7 | tee $(B)/test-results/mldsa-full.txt

CHECK += check-mldsa-host check-mldsa-ct check-mldsa-rv64gc check-mldsa-vintr
CHECK_FULL += check-mldsa-full
.PHONY: check-mldsa-host check-mldsa-ct check-mldsa-rv64gc check-mldsa-vintr check-mldsa-full
