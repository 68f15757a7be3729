# Command-line contract of build/karu64: exit statuses, errors, --max-insns, --trace, --stats.
check-cli: $(KARU64)
	@mkdir -p $(B)/test-results
	python3 tests/cli/run.py $(KARU64) "$(RV_CC)" $(B)/tests/cli $(B)/test-results/cli.txt

CHECK += check-cli
.PHONY: check-cli
