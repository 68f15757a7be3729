# Floating point (F, D, Zfa, Zfhmin; src/isa/fp*.c), included by the top Makefile.
#   check-fp-qemu    a riscv64 guest (tests/fp/gen_guest.py + guest_main.h, built with clang-19)
#                    runs every FP instruction in every rounding mode on random and corner
#                    operands under QEMU 10 (-cpu rva23u64), which prints results and fflags;
#                    tests/fp/harness.c replays each line through karu64's instruction table and
#                    semantics, with the host-FPU fast path and with the software path only.
#   check-fp-python  the arithmetic API (add, sub, mul, div, sqrt in RNE for binary16/32/64,
#                    integer conversions) against Python's IEEE doubles, struct's binary16/32
#                    packing and exact Fractions (tests/fp/pycases.py, tests/fp/api_test.c).
#   check-fp-karu64  the same guest program run whole under karu64 and QEMU: identical output
#                    (decoder, fcsr, SIGILL delivery and siglongjmp in the guest included).
#   check-fp-full    (CHECK_FULL) check-fp-qemu with 3x the operations and 4 more seeds, and
#                    check-fp-karu64 with 10x the operations.
FP_TB := $(B)/tests/fp
FP_SRCS := src/isa/fp.c src/isa/fp_arith.c
FP_QEMU_N := 3000

$(FP_TB)/guest.c: tests/fp/gen_guest.py
	@mkdir -p $(dir $@)
	python3 $< $@
$(FP_TB)/guest: $(FP_TB)/guest.c tests/fp/guest_main.h
	$(RV_CC) -march=rv64gc_zfa_zfhmin -O1 -Itests/fp -o $@ $<
$(FP_TB)/harness: tests/fp/harness.c $(FP_SRCS) src/isa/fp.h src/core/hart.h
	@mkdir -p $(dir $@)
	$(CC) $(filter-out -MMD -MP,$(CFLAGS_ALL)) -o $@ tests/fp/harness.c $(FP_SRCS)
$(FP_TB)/api_test: tests/fp/api_test.c src/isa/fp_arith.c src/isa/fp.h
	@mkdir -p $(dir $@)
	$(CC) $(filter-out -MMD -MP,$(CFLAGS_ALL)) -o $@ tests/fp/api_test.c src/isa/fp_arith.c

check-fp-qemu: $(FP_TB)/guest $(FP_TB)/harness
	@tests/fp/run_qemu.sh $(QEMU) $(FP_TB)/guest $(FP_TB)/harness $(FP_QEMU_N) $(B)/test-results/fp-qemu.txt 1

check-fp-karu64: $(FP_TB)/guest $(KARU64)
	@tests/fp/run_karu64.sh $(QEMU) $(KARU64) $(FP_TB)/guest 1000 11 $(B)/test-results/fp-karu64.txt

check-fp-full: $(FP_TB)/guest $(FP_TB)/harness $(KARU64)
	@tests/fp/run_qemu.sh $(QEMU) $(FP_TB)/guest $(FP_TB)/harness 10000 $(B)/test-results/fp-full.txt 2 3 4 5
	@tests/fp/run_karu64.sh $(QEMU) $(KARU64) $(FP_TB)/guest 10000 12 $(B)/test-results/fp-karu64-full.txt

check-fp-python: $(FP_TB)/api_test tests/fp/pycases.py
	@mkdir -p $(B)/test-results
	@set -o pipefail; python3 tests/fp/pycases.py 10000 1 | $(FP_TB)/api_test | tee $(B)/test-results/fp-python.txt

CHECK += check-fp-qemu check-fp-python check-fp-karu64
CHECK_FULL += check-fp-full
.PHONY: check-fp-qemu check-fp-full check-fp-python check-fp-karu64
