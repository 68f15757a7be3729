# MMU tests (issue 10): a bare-metal program with hand-built page tables (tests/mmu/mmu_test.c,
# run-time in rt.S) checks translation, permissions, faults and fences against values worked
# out from the privileged and vector specifications. Built three times: Sv39 only (default
# karu64; also run with the cycle model, i.e. the observed dispatch loop), -DSV48 for
# --mmu=sv48 and -DSV57 for --mmu=sv57 (which satp modes are accepted; 4- and 5-level walks).
MMU_TEST_SRCS := tests/mmu/rt.S tests/mmu/mmu_test.c
MMU_TEST_CC = $(RV_BARE_CC) -mcmodel=medany -mabi=lp64d -march=rv64gcv_svinval -O2 -ffreestanding \
  -fno-builtin -Wall -Werror -T tests/bare/link.ld

$(B)/tests/mmu/mmu_sv39.elf: $(MMU_TEST_SRCS) tests/bare/link.ld
	@mkdir -p $(dir $@)
	$(MMU_TEST_CC) $(MMU_TEST_SRCS) -o $@

$(B)/tests/mmu/mmu_sv48.elf: $(MMU_TEST_SRCS) tests/bare/link.ld
	@mkdir -p $(dir $@)
	$(MMU_TEST_CC) -DSV48 $(MMU_TEST_SRCS) -o $@

$(B)/tests/mmu/mmu_sv57.elf: $(MMU_TEST_SRCS) tests/bare/link.ld
	@mkdir -p $(dir $@)
	$(MMU_TEST_CC) -DSV57 $(MMU_TEST_SRCS) -o $@

# Each program prints PASS/FAIL lines and "N passed, N failed"; the totals line adds them up
# (a program that dies early has no count line: counted as one failure).
check-mmu: $(KARU64) $(B)/tests/mmu/mmu_sv39.elf $(B)/tests/mmu/mmu_sv48.elf $(B)/tests/mmu/mmu_sv57.elf
	@mkdir -p $(B)/test-results
	@r=$(B)/test-results/mmu.txt; : > $$r; \
	for t in "sv39:" "sv39:--model=karu64-sim" "sv48:--mmu=sv48" "sv57:--mmu=sv57"; do n=$${t%%:*}; o=$${t#*:}; \
	  echo "== mmu_$$n $$o" >> $$r; \
	  timeout 60 $(KARU64) --bare $$o $(B)/tests/mmu/mmu_$$n.elf > $$r.$$n 2>&1; s=$$?; \
	  cat $$r.$$n >> $$r; rm -f $$r.$$n; \
	  if ! tail -1 $$r | grep -q ' passed, .* failed$$'; then echo "FAIL mmu_$$n: exit $$s without a count" >> $$r; \
	    echo "0 passed, 1 failed" >> $$r; fi; \
	done; \
	awk '/ passed, .* failed$$/ { p += $$1; f += $$3 } END { printf "%d passed, %d failed\n", p, f; exit f != 0 }' $$r > $$r.tot; s=$$?; \
	cat $$r.tot >> $$r; rm -f $$r.tot; grep -v '^PASS' $$r; exit $$s

CHECK += check-mmu
.PHONY: check-mmu
