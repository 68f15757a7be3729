# Hypervisor-extension tests: one bare-metal program (tests/hyp/hyp_test.c, probes in
# tests/hyp/probes.S, with the run-time of the MMU tests, tests/mmu/rt.S) whose expectations are
# worked out by hand from the privileged specification's H chapter. Run on the default karu64
# and with the cycle model in both configurations (the observed dispatch loop; t_model_walk times
# the two-stage walk).
HYP_TEST_SRCS := tests/mmu/rt.S tests/hyp/probes.S tests/hyp/hyp_test.c
HYP_TEST_CC = $(RV_BARE_CC) -mcmodel=medany -mabi=lp64d -march=rv64gcv_svinval_h -O2 -ffreestanding \
  -fno-builtin -Wall -Werror -T tests/bare/link.ld

$(B)/tests/hyp/hyp.elf: $(HYP_TEST_SRCS) tests/bare/link.ld
	@mkdir -p $(dir $@)
	$(HYP_TEST_CC) $(HYP_TEST_SRCS) -o $@

check-hyp: $(KARU64) $(B)/tests/hyp/hyp.elf
	@mkdir -p $(B)/test-results
	@r=$(B)/test-results/hyp.txt; : > $$r; \
	for o in "" "--model=karu64-sim" "--model=karu64-fpga"; do \
	  echo "== hyp $$o" >> $$r; \
	  timeout 60 $(KARU64) --bare $$o $(B)/tests/hyp/hyp.elf > $$r.1 2>&1; s=$$?; \
	  cat $$r.1 >> $$r; rm -f $$r.1; \
	  if ! tail -1 $$r | grep -q ' passed, .* failed$$'; then echo "FAIL hyp: exit $$s without a count" >> $$r; \
	    echo "0 passed, 1 failed" >> $$r; fi; \
	done; \
	awk '/ passed, .* failed$$/ { p += $$1; f += $$3 } END { printf "%d passed, %d failed\n", p, f; exit f != 0 }' $$r > $$r.tot; s=$$?; \
	cat $$r.tot >> $$r; rm -f $$r.tot; grep -v '^PASS' $$r; exit $$s

CHECK += check-hyp
.PHONY: check-hyp
