# xkround, our round-step Keccak instructions (doc/xkround.md; issue 11, design 2).
#  check-xkround:         every instruction and illegal case against keccak_ref.py rounds and
#                         hashlib, off by default, the commit log, the cycle model's keccak cause
#  check-xkround-private: the private-state argument: a signal handler hashing between rounds
#                         corrupts the interrupted xkround hash; with vkeccak.vi both are right
check-xkround: $(KARU64)
	@mkdir -p $(B)/test-results
	python3 tests/xkround/run.py $(KARU64) "$(RV_CC)" $(B)/tests/xkround $(B)/test-results/xkround.txt

CHECK += check-xkround
.PHONY: check-xkround

check-xkround-private: $(KARU64)
	@mkdir -p $(B)/test-results
	python3 tests/xkround/run_private.py $(KARU64) "$(RV_CC)" $(B)/tests/xkround $(B)/test-results/xkround-private.txt

CHECK += check-xkround-private
.PHONY: check-xkround-private

# The round-step comparison (a benchmark, not in CHECK): bench/xkround.c on the software
# builds, the vkeccak.vi wrapper and resident builds and vintr_round, both timing models.
XKR_BENCH_BUILDS := rv64gc vintr vintr_k vintr_kr vintr_round
XKR_ISA := $(shell sed -n 's/^XKR_ISA=//p' tests/sw/karu64_run.sh)
$(foreach v,$(XKR_BENCH_BUILDS),$(eval $(B)/bench/xkround/$(v): bench/xkround.c $(B)/sw/$(v)/libpqc.a ; \
	@mkdir -p $$(dir $$@); $$(SW_CC_$(v)) -o $$@ $$< $(B)/sw/$(v)/libpqc.a))
bench-xkround: $(KARU64) $(XKR_BENCH_BUILDS:%=$(B)/bench/xkround/%)
	python3 bench/xkround.py $(KARU64) $(XKR_ISA) $(foreach v,$(XKR_BENCH_BUILDS),$(v)=$(B)/bench/xkround/$(v))
.PHONY: bench-xkround
