# Random instruction-stream differential test (issue 2, "Tests" 2): QEMU 10 against karu64.
# CI: 64 programs x 20000 stream instructions (>= 1,000,000 executed, checked with karu64 --stats),
# from a fixed seed so CI runs are reproducible; RANDGEN_SEED=N picks another. Each failure prints
# its program seed and a `randgen.py replay` command that bisects to the first diverging instruction.
RANDGEN_SEED ?= 1
RANDGEN_ARGS = --cc "$(RV_CC)" --qemu $(QEMU) --karu64 $(KARU64) --out $(B)/randgen -j 2

check-randgen: $(KARU64)
	@mkdir -p $(B)/test-results
	python3 tests/randgen/randgen.py check $(RANDGEN_ARGS) --programs 64 --insns 20000 \
	  --seed $(RANDGEN_SEED) --min-executed 1000000 --results $(B)/test-results/randgen.txt

# At least 10 million executed random instructions, from a random (printed) seed.
check-randgen-full: $(KARU64)
	@mkdir -p $(B)/test-results
	python3 tests/randgen/randgen.py check $(RANDGEN_ARGS) --programs 600 --insns 20000 \
	  --min-executed 10000000 --results $(B)/test-results/randgen-full.txt

# The generator against QEMU alone (assembles, runs twice, checks the dump); for development.
check-randgen-ref:
	python3 tests/randgen/randgen.py check $(RANDGEN_ARGS) --ref-only --programs 8 --seed $(RANDGEN_SEED)

CHECK += check-randgen
CHECK_FULL += check-randgen-full
.PHONY: check-randgen check-randgen-full check-randgen-ref
