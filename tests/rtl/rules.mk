# The RTL comparison (doc/rtl-compare.md): bare-metal microbenchmarks and compiled code on the
# Karu64 RTL and on karu64-sim with the RTL's configuration (tests/timing/rtl-june-2026.params).
#  rtl-compare RTL_RUN=CMD:  CMD PROGRAM.elf runs the ELF in the RTL's Verilator testbench and
#                            prints its output (a wrapper the user builds; not part of karu64);
#                            RTL_COMMIT=HASH names the RTL's commit in the table; the RTL's output
#                            is kept per program in build/tests/rtl/rtl-cache (delete it to rerun);
#                            RTL_MODEL_ARGS="--param NAME=VALUE ..." adds karu64 options for the model side
#  check-rtl-model:          the model side alone (CI has no RTL): every program builds, runs on
#                            karu64 and retires the instructions written in it, with the known answers
RTL_COMPARE = python3 tests/rtl/compare.py --cc "$(RV_BARE_CC)" --karu64 $(KARU64) --out $(B)/tests/rtl

rtl-compare: $(KARU64)
	@if [ -z "$(RTL_RUN)" ]; then echo "rtl-compare: give the command that runs an ELF on the RTL: make rtl-compare RTL_RUN='CMD' (doc/rtl-compare.md)" >&2; exit 2; fi
	$(RTL_COMPARE) --rtl-run "$(RTL_RUN)" --rtl-commit "$(RTL_COMMIT)" --rtl-cache $(B)/tests/rtl/rtl-cache \
	  $(foreach a,$(RTL_MODEL_ARGS),--model-arg=$(a)) --table $(B)/tests/rtl/table.md

check-rtl-model: $(KARU64)
	@mkdir -p $(B)/test-results
	$(RTL_COMPARE) --results $(B)/test-results/rtl-model.txt

CHECK += check-rtl-model
.PHONY: rtl-compare check-rtl-model
