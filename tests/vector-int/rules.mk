# RVV integer, memory, mask, permutation and Zvbb tests (issue 3), see tests/vector-int/run.py.
# Differential against QEMU 10 (-cpu rva23u64,vlen=N) at VLEN 128, 256, 512 and 1024: intrinsics
# programs, clang -O3 auto-vectorised loops and an encoding sweep (random registers, vtype, vl,
# vstart; which encodings trap is compared too). Known-value programs (expected values from the
# RVV 1.0 spec): fault-only-first trimming, a segment load faulting part-way and resumed, and
# the illegal-encoding rules.
#   check-vint-quick   CI: 2 sweep seeds x 4000 arithmetic + 2000 memory encodings per VLEN
#   check-vint-full    CHECK_FULL: 6 seeds x 20000 + 10000 per VLEN
VINT_RUN = python3 tests/vector-int/run.py --cc "$(RV_CC)" --qemu $(QEMU) --karu64 $(KARU64) \
	--out $(B)/tests/vector-int

check-vint-quick: $(KARU64)
	@mkdir -p $(B)/test-results
	$(VINT_RUN) --results $(B)/test-results/vint-quick.txt

check-vint-full: $(KARU64)
	@mkdir -p $(B)/test-results
	$(VINT_RUN) --full --results $(B)/test-results/vint-full.txt

CHECK += check-vint-quick
CHECK_FULL += check-vint-full
.PHONY: check-vint-quick check-vint-full
