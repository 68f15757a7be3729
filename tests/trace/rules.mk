# The commit log against Spike's --log-commits format (issue 14) and scripts/trace-compare:
# expected lines computed by hand in tests/trace/spike_log.expected (tests/trace/run.py).
check-trace: $(KARU64)
	@mkdir -p $(B)/test-results
	python3 tests/trace/run.py $(KARU64) "$(RV_BARE_CC)" $(B)/tests/trace $(B)/test-results/trace.txt

CHECK += check-trace
.PHONY: check-trace
