# Unit tests of simulator pieces that need no guest program (included by the top Makefile).
#   check-unit-isa  ISA string parser/formatter against hand-written tables from the naming rules
#   check-unit-rvc  RVC expansion against LLVM 19 (hand table + sweep of every 16-bit word);
#                   needs clang-19 and llvm-19 (llvm-objdump-19, llvm-objcopy-19)

UNIT_B := $(B)/unit

$(UNIT_B)/test_isa: tests/unit/test_isa.c $(B)/obj/src/core/isa.o
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -o $@ $(filter %.c %.o,$^)

$(UNIT_B)/test_rvc: tests/unit/test_rvc.c $(B)/obj/src/core/isa.o $(B)/obj/src/isa/rvc.o
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -o $@ $(filter %.c %.o,$^)

check-unit-isa: $(UNIT_B)/test_isa
	@mkdir -p $(B)/test-results
	@set -o pipefail; $< | tee $(B)/test-results/unit-isa.txt

# The cases are regenerated on every run from the toolchain (never committed).
check-unit-rvc: $(UNIT_B)/test_rvc
	@mkdir -p $(B)/test-results $(UNIT_B)/rvc-work
	@set -o pipefail; { python3 tests/unit/gen_rvc_cases.py $(UNIT_B)/rvc-cases.txt $(UNIT_B)/rvc-work && \
	  $< $(UNIT_B)/rvc-cases.txt; } 2>&1 | tee $(B)/test-results/unit-rvc.txt

CHECK += check-unit-isa check-unit-rvc
.PHONY: check-unit-isa check-unit-rvc
-include $(UNIT_B)/test_isa.d $(UNIT_B)/test_rvc.d
