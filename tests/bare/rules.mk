# Bare-metal mode (issue 2): guest programs written for these tests, expected results in each
# program's header (tests/bare/run.py).
#  check-bare-asm:      assembly: HTIF exit/console/syscall proxy, M/S/U trap flow and CSRs,
#                       misaligned accesses, semihosting calls, --signature.
#  check-bare-picolibc: C with Debian's picolibc (semihosting crt0 and library): printf, argv,
#                       file I/O and the exit status.
#  check-bare-priv:     host unit test of src/core/priv.c (WARL fields, privilege checks,
#                       delegation, xRET, interrupts).
check-bare-asm: $(KARU64)
	@mkdir -p $(B)/test-results
	python3 tests/bare/run.py --cc "$(RV_BARE_CC)" --karu64 $(KARU64) --group asm \
	  --out $(B)/tests/bare/asm --results $(B)/test-results/bare-asm.txt

check-bare-picolibc: $(KARU64)
	@mkdir -p $(B)/test-results
	python3 tests/bare/run.py --cc "$(RV_BARE_CC)" --karu64 $(KARU64) --group c \
	  --out $(B)/tests/bare/c --results $(B)/test-results/bare-picolibc.txt

$(B)/tests/bare/priv_unit: tests/bare/priv_unit.c src/core/priv.c src/core/hyp.c src/core/pmp.c src/core/pmu.c src/core/hart.h \
  src/core/csr.h src/core/csr.def
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -o $@ tests/bare/priv_unit.c src/core/priv.c src/core/hyp.c src/core/pmp.c src/core/pmu.c $(LDLIBS)

check-bare-priv: $(B)/tests/bare/priv_unit
	@mkdir -p $(B)/test-results
	@$(B)/tests/bare/priv_unit > $(B)/test-results/bare-priv.txt; s=$$?; cat $(B)/test-results/bare-priv.txt; exit $$s

CHECK += check-bare-asm check-bare-picolibc check-bare-priv
.PHONY: check-bare-asm check-bare-picolibc check-bare-priv
