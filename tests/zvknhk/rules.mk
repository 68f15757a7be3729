# vkeccak.vi at the instruction level: known answers, state tail and registers outside the group
# preserved, every illegal case, both rule sets, VLEN 128..4096 (issue 4).
check-zvknhk: $(KARU64)
	@mkdir -p $(B)/test-results
	python3 tests/zvknhk/run.py $(KARU64) "$(RV_CC)" $(B)/tests/zvknhk $(B)/test-results/zvknhk.txt

CHECK += check-zvknhk
.PHONY: check-zvknhk

# Whole SHA-3/SHAKE/TurboSHAKE computations through vkeccak.vi: backend b (vauto_k) and backend c
# (vintr_kr), lengths 0..1000, alignments 0..15, a page-crossing message, VLEN 128..2048.
ZVKNHK_SPONGE = $(foreach v,vauto_k vintr_kr,$(B)/tests/zvknhk/$(v)/sponge)
$(B)/tests/zvknhk/%/sponge: tests/zvknhk/sponge.c $(B)/sw/%/libpqc.a
	@mkdir -p $(dir $@)
	$(RV_CC) -O2 $(SW_FLAGS_$*) $(SW_INCLUDES) -o $@ $< $(B)/sw/$*/libpqc.a

check-zvknhk-sponge: $(KARU64) $(ZVKNHK_SPONGE)
	@mkdir -p $(B)/test-results
	python3 tests/zvknhk/run_sponge.py $(KARU64) $(B)/test-results/zvknhk-sponge.txt \
	  $(B)/tests/zvknhk/vauto_k/sponge:128,256,512,1024,2048 $(B)/tests/zvknhk/vintr_kr/sponge:128,256,512,1024,2048

CHECK += check-zvknhk-sponge
.PHONY: check-zvknhk-sponge
