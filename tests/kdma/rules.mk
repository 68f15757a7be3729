# The memory-mapped Keccak DMA devices (issue 11, design 1; doc/keccak-dma.md).
#  check-kdma:           register semantics and every defined bad use (tests/kdma/kdma_test.c, Linux
#                        user mode, functional and both cycle models, custom bases), permutations
#                        against tests/sw/keccak_ref.py, sponges against hashlib, the --device
#                        errors, cycles-by-cause sums. (The bare-metal test is tests/bare/c/keccak_dma.c,
#                        in check-bare-picolibc.)
#  check-sw-karu64-dma:  the vintr_dma and vintr_sponge guest builds on karu64 with the devices:
#                        Keccak backend test, known-answer suites (subset), cross-build identity.
KDMA_DEV := --device=keccak-dma --device=keccak-sponge-dma

$(B)/tests/kdma/kdma_test: tests/kdma/kdma_test.c
	@mkdir -p $(dir $@)
	$(RV_CC) -O2 $(WARN) -march=rv64gcv -o $@ $<

$(B)/tests/kdma/htif_pass.elf: tests/bare/asm/htif_pass.S
	@mkdir -p $(dir $@)
	$(RV_BARE_CC) -mcmodel=medany -mabi=lp64d -march=rv64gc -Itests/bare/asm -T tests/bare/link.ld $< -o $@

check-kdma: $(KARU64) $(B)/tests/kdma/kdma_test $(B)/tests/kdma/htif_pass.elf
	@mkdir -p $(B)/test-results
	@python3 tests/kdma/kdma_check.py --karu64 $(KARU64) --program $(B)/tests/kdma/kdma_test \
	   --bare-elf $(B)/tests/kdma/htif_pass.elf --result $(B)/test-results/kdma.txt

SW_DMA_VARIANTS := vintr_dma vintr_sponge
check-sw-karu64-dma: $(KARU64) $(foreach v,host $(SW_DMA_VARIANTS),$(B)/sw/$(v)/kpqc) \
                     $(foreach v,$(SW_DMA_VARIANTS),$(B)/sw/$(v)/keccak_test) $(B)/sw-tests/probe_v
	@mkdir -p $(B)/test-results
	@tests/sw/karu64_run.sh "$(KARU64) $(KDMA_DEV)" "$(B)" "$(B)/test-results" $(SW_QLIMIT) "$(SW_DMA_VARIANTS)" dma

CHECK += check-kdma check-sw-karu64-dma
.PHONY: check-kdma check-sw-karu64-dma

# Not a test: cycles per permutation and per SHAKE256 block with each Keccak integration under
# --model=karu64-fpga (and karu64-sim), the numbers quoted in doc/keccak-dma.md.
KDMA_BENCH_VARIANTS := vintr vintr_k vintr_dma vintr_sponge
$(B)/tests/kdma/bench-%: tests/kdma/kdma_bench.c $(B)/sw/%/libpqc.a
	@mkdir -p $(dir $@)
	$(SW_CC_$*) -o $@ $< $(B)/sw/$*/libpqc.a

bench-kdma: $(KARU64) $(foreach v,$(KDMA_BENCH_VARIANTS),$(B)/tests/kdma/bench-$(v))
	@for m in karu64-fpga karu64-sim; do echo "== $$m"; for v in $(KDMA_BENCH_VARIANTS); do \
	  $(KARU64) --model=$$m $(KDMA_DEV) $(B)/tests/kdma/bench-$$v || exit 1; done; done
.PHONY: bench-kdma

# ML-DSA's vectors (tests/mldsa, 2 cases per group) on the two DMA builds, with the devices.
MLDSA_VF_vintr_dma    := -march=rv64gcv_zbb -mrvv-vector-bits=scalable -DPQC_VINTR -DKECCAK_BACKEND_DMA
MLDSA_VF_vintr_sponge := $(MLDSA_VF_vintr_dma) -DKECCAK_BACKEND_SPONGE_DMA
check-mldsa-karu64-dma: $(KARU64) $(SW_DMA_VARIANTS:%=$(B)/tests/mldsa/%/driver)
	@mkdir -p $(B)/test-results
	@set -o pipefail; { for v in $(SW_DMA_VARIANTS); do echo "== $$v on karu64 with the devices: 2 cases per test group"; \
	  python3 tests/mldsa/run_vectors.py --subset 2 -- $(KARU64) $(KDMA_DEV) $(B)/tests/mldsa/$$v/driver; done; } 2>&1 \
	  | tests/mldsa/total.py $(words $(SW_DMA_VARIANTS)) | tee $(B)/test-results/mldsa-karu64-dma.txt
CHECK += check-mldsa-karu64-dma
.PHONY: check-mldsa-karu64-dma

# SLH-DSA-SHAKE's vectors (first case per group, 128f and 192f) on the two DMA builds: its F, H
# and T hashes are one-shot SHAKE256 calls, the sponge device's main customer.
check-slhdsa-karu64-dma: $(KARU64) $(SW_DMA_VARIANTS:%=$(B)/sw/%/kpqc)
	@mkdir -p $(B)/test-results
	@set -o pipefail; { for v in $(SW_DMA_VARIANTS); do echo "== $$v on karu64 with the devices"; \
	  python3 tests/slhdsa/run_vectors.py --subset 1 --s-sign 0 --sets 128f,192f -- $(KARU64) $(KDMA_DEV) \
	    $(B)/sw/$$v/kpqc; done; } 2>&1 | tests/mldsa/total.py $(words $(SW_DMA_VARIANTS)) \
	  | tee $(B)/test-results/slhdsa-karu64-dma.txt
CHECK += check-slhdsa-karu64-dma
.PHONY: check-slhdsa-karu64-dma
