# Differential corpus (issue 2, "Tests" 1): C programs in tests/diff/ built for riscv64 in two
# -march variants, run in QEMU 10 (reference) and karu64; stdout and exit status must match.
# Fails (does not skip) when karu64 is missing.
check-diff-corpus: $(KARU64)
	@mkdir -p $(B)/test-results
	python3 tests/diff/run.py --cc "$(RV_CC)" --qemu $(QEMU) --karu64 $(KARU64) \
	  --out $(B)/tests/diff --results $(B)/test-results/diff-corpus.txt

# The corpus under QEMU alone (determinism, both variants agree); for developing the corpus.
check-diff-corpus-ref:
	python3 tests/diff/run.py --ref-only --cc "$(RV_CC)" --qemu $(QEMU) --karu64 $(KARU64) --out $(B)/tests/diff

CHECK += check-diff-corpus
.PHONY: check-diff-corpus check-diff-corpus-ref
