# Privileged-architecture tests (issue 10): PMP, counters (mcountinhibit, Smcntrpmf, Sscofpmf,
# Zihpm), Smstateen and absent CSRs, in one bare-metal program (tests/priv/priv_test.c, with the
# run-time of the MMU tests, tests/mmu/rt.S) whose expectations are worked out by hand from the
# specifications. Built for --pmp=16 (the default; all PMP cases), --pmp=4 and --pmp=0 (which
# entries exist, default deny), and once more for the run with the cycle model (the observed
# dispatch loop; cycle counts are then the model's and only instruction counts are checked).
PRIV_TEST_SRCS := tests/mmu/rt.S tests/priv/priv_test.c
PRIV_TEST_DEPS := $(PRIV_TEST_SRCS) tests/priv/pmp_csrs.h tests/bare/link.ld
PRIV_TEST_CC = $(RV_BARE_CC) -mcmodel=medany -mabi=lp64d -march=rv64gcv_svinval -O2 -ffreestanding \
  -fno-builtin -Wall -Werror -T tests/bare/link.ld

$(B)/tests/priv/priv_%.elf: $(PRIV_TEST_DEPS)
	@mkdir -p $(dir $@)
	$(PRIV_TEST_CC) -DPMP_N=$* $(PRIV_TEST_SRCS) -o $@

$(B)/tests/priv/priv_model.elf: $(PRIV_TEST_DEPS)
	@mkdir -p $(dir $@)
	$(PRIV_TEST_CC) -DPMP_N=16 -DMODEL $(PRIV_TEST_SRCS) -o $@

check-priv: $(KARU64) $(B)/tests/priv/priv_16.elf $(B)/tests/priv/priv_4.elf $(B)/tests/priv/priv_0.elf \
  $(B)/tests/priv/priv_model.elf
	@mkdir -p $(B)/test-results
	@r=$(B)/test-results/priv.txt; : > $$r; \
	for t in "16:" "4:--pmp=4" "0:--pmp=0" "model:--model=karu64-sim"; do n=$${t%%:*}; o=$${t#*:}; \
	  echo "== priv_$$n $$o" >> $$r; \
	  timeout 60 $(KARU64) --bare $$o $(B)/tests/priv/priv_$$n.elf > $$r.$$n 2>&1; s=$$?; \
	  cat $$r.$$n >> $$r; rm -f $$r.$$n; \
	  if ! tail -1 $$r | grep -q ' passed, .* failed$$'; then echo "FAIL priv_$$n: exit $$s without a count" >> $$r; \
	    echo "0 passed, 1 failed" >> $$r; fi; \
	done; \
	awk '/ passed, .* failed$$/ { p += $$1; f += $$3 } END { printf "%d passed, %d failed\n", p, f; exit f != 0 }' $$r > $$r.tot; s=$$?; \
	cat $$r.tot >> $$r; rm -f $$r.tot; grep -v '^PASS' $$r; exit $$s

CHECK += check-priv
.PHONY: check-priv
