# Vector tests (issue 3): floating point and fixed point (RVV part 2) and the random vector
# instruction-stream generator.
#  check-vector-diff:   tests/vector/*.c (intrinsics, auto-vectorised loops) in QEMU 10 and
#                       karu64 at VLEN 128..1024; at 2048/4096 karu64 against QEMU's VLEN 256.
#  check-vector-random: random vector instruction streams, QEMU 10 vs karu64 at VLEN
#                       128..1024 (>= 1,000,000 instructions per VLEN); -agnostic: all-ones policy.
#  check-vector-selfcheck: VLEN 2048/4096 random streams against the model vmodel.py.
check-vector-diff: $(KARU64)
	@mkdir -p $(B)/test-results
	python3 tests/vector/run_diff.py --cc "$(RV_CC)" --qemu $(QEMU) --karu64 $(KARU64) \
	  --out $(B)/tests/vector --results $(B)/test-results/vector-diff.txt

CHECK += check-vector-diff
.PHONY: check-vector-diff

# 100 programs x 10,000 vector instructions = 1,000,000 per VLEN, each at VLEN 128, 256, 512 and
# 1024 in QEMU 10 and karu64. VRANDOM_SEED picks another stream (the seed is printed).
VRANDOM_SEED ?= 1
check-vector-random: $(KARU64)
	@mkdir -p $(B)/test-results
	python3 tests/vector/vrandom.py check --seed $(VRANDOM_SEED) --programs 100 --insns 10000 -j 2 \
	  --cc "$(RV_CC)" --qemu $(QEMU) --karu64 $(KARU64) --out $(B)/tests/vector-random \
	  --results $(B)/test-results/vector-random.txt

CHECK += check-vector-random
.PHONY: check-vector-random

# Self-checking mode at VLEN 2048 and 4096 (beyond QEMU): karu64's final state against the
# independent Python reference model tests/vector/vmodel.py, which evaluates every instruction
# the generator emits element by element (see its docstring). CI: 25 x 4,000 instructions per VLEN;
# check-vector-selfcheck-full: 100 x 10,000 (1,000,000 per VLEN).
check-vector-selfcheck: $(KARU64)
	@mkdir -p $(B)/test-results
	python3 tests/vector/vrandom.py selfcheck --seed $(VRANDOM_SEED) --programs 25 --insns 4000 -j 2 \
	  --vlens 2048,4096 --cc "$(RV_CC)" --qemu $(QEMU) --karu64 $(KARU64) --out $(B)/tests/vector-self \
	  --results $(B)/test-results/vector-selfcheck.txt
check-vector-selfcheck-full: $(KARU64)
	@mkdir -p $(B)/test-results
	python3 tests/vector/vrandom.py selfcheck --seed $(VRANDOM_SEED) --programs 100 --insns 10000 -j 2 \
	  --vlens 2048,4096 --cc "$(RV_CC)" --qemu $(QEMU) --karu64 $(KARU64) --out $(B)/tests/vector-self \
	  --results $(B)/test-results/vector-selfcheck-full.txt

CHECK += check-vector-selfcheck
CHECK_FULL += check-vector-selfcheck-full
.PHONY: check-vector-selfcheck check-vector-selfcheck-full

# The same with tail/mask-agnostic elements set to all ones in both simulators (QEMU
# rvv_ta_all_1s/rvv_ma_all_1s, karu64 --vector-agnostic=ones): CI 10 x 5,000, full 100 x 10,000.
check-vector-random-agnostic: $(KARU64)
	@mkdir -p $(B)/test-results
	python3 tests/vector/vrandom.py check --agnostic --seed $(VRANDOM_SEED) --programs 10 --insns 5000 -j 2 \
	  --cc "$(RV_CC)" --qemu $(QEMU) --karu64 $(KARU64) --out $(B)/tests/vector-random-ag \
	  --results $(B)/test-results/vector-random-agnostic.txt
check-vector-random-agnostic-full: $(KARU64)
	@mkdir -p $(B)/test-results
	python3 tests/vector/vrandom.py check --agnostic --seed $(VRANDOM_SEED) --programs 100 --insns 10000 -j 2 \
	  --cc "$(RV_CC)" --qemu $(QEMU) --karu64 $(KARU64) --out $(B)/tests/vector-random-ag \
	  --results $(B)/test-results/vector-random-agnostic-full.txt

CHECK += check-vector-random-agnostic
CHECK_FULL += check-vector-random-agnostic-full
.PHONY: check-vector-random-agnostic check-vector-random-agnostic-full
