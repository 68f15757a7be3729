# vkeccak.vi at the instruction level: known answers, state tail and registers outside the group
# preserved, every illegal case, both rule sets, VLEN 128..4096 (issue 4).
check-zvknhk: $(KARU64)
	@mkdir -p $(B)/test-results
	python3 tests/zvknhk/run.py $(KARU64) "$(RV_CC)" $(B)/tests/zvknhk $(B)/test-results/zvknhk.txt

CHECK += check-zvknhk
.PHONY: check-zvknhk
