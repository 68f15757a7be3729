# The cycle model (issue 8, doc/cycle-model.md).
#  check-timing-calib:      the §4 calibration points and the §4a RTL rows in bare metal
#                           (tests/timing/calib.py; expected values typed from the spec)
#  check-timing-cache:      the cache and TLB models on hand-counted access patterns
#  check-timing-invariance: programs that do not read time behave identically with and without
#                           a model (output, exit status, instruction count); runs are repeatable,
#                           and block summaries time them as the per-instruction loop does
#  check-timing-diel:       every crypto instruction's cycles are independent of operand values
#  check-timing-clocks:     rdtime and the Linux clocks follow modelled cycles at 75 MHz / 10 MHz
check-timing-calib: $(KARU64)
	@mkdir -p $(B)/test-results
	python3 tests/timing/calib.py --cc "$(RV_BARE_CC)" --karu64 $(KARU64) --out $(B)/tests/timing/calib \
	  --results $(B)/test-results/timing-calib.txt --table $(B)/tests/timing/calib/table.md

$(B)/tests/timing/cache_unit: tests/timing/cache_unit.c src/timing/cachesim.c src/timing/timing.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -o $@ tests/timing/cache_unit.c src/timing/cachesim.c $(LDLIBS)

check-timing-cache: $(B)/tests/timing/cache_unit
	@mkdir -p $(B)/test-results
	@$(B)/tests/timing/cache_unit > $(B)/test-results/timing-cache.txt; s=$$?; cat $(B)/test-results/timing-cache.txt; exit $$s

check-timing-invariance: $(KARU64) $(B)/sw/rv64gc/kpqc $(B)/sw/vintr_k/kpqc $(B)/sw/vintr_kr/kpqc
	@mkdir -p $(B)/test-results
	python3 tests/timing/invariance.py --cc "$(RV_CC)" --karu64 $(KARU64) --sw $(B)/sw \
	  --out $(B)/tests/timing/inv --results $(B)/test-results/timing-invariance.txt

check-timing-diel: $(KARU64)
	@mkdir -p $(B)/test-results
	python3 tests/timing/diel.py --cc "$(RV_CC)" --karu64 $(KARU64) --out $(B)/tests/timing/diel \
	  --results $(B)/test-results/timing-diel.txt

check-timing-clocks: $(KARU64)
	@mkdir -p $(B)/test-results
	python3 tests/timing/clocks.py --cc "$(RV_CC)" --karu64 $(KARU64) --out $(B)/tests/timing/clocks \
	  --results $(B)/test-results/timing-clocks.txt

CHECK += check-timing-calib check-timing-cache check-timing-invariance check-timing-diel check-timing-clocks
.PHONY: check-timing-calib check-timing-cache check-timing-invariance check-timing-diel check-timing-clocks
