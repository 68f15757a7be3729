# Hypervisor-extension tests: one bare-metal program (tests/hyp/hyp_test.c, probes in
# tests/hyp/probes.S, with the run-time of the MMU tests, tests/mmu/rt.S) whose expectations are
# worked out by hand from the privileged specification's H chapter. Run on the default karu64,
# with the cycle model in both configurations (the observed dispatch loop; t_model_walk times the
# two-stage walk), and once built to enter V mode through an sret in HS instead of an mret with
# MPV = 1 (HYP_ENTER_BY_SRET, the path QEMU 10 takes).
HYP_TEST_SRCS := tests/mmu/rt.S tests/hyp/probes.S tests/hyp/hyp_test.c
HYP_TEST_CC = $(RV_BARE_CC) -mcmodel=medany -mabi=lp64d -march=rv64gcv_svinval_h -O2 -ffreestanding \
  -fno-builtin -Wall -Werror -T tests/bare/link.ld

$(B)/tests/hyp/hyp.elf: $(HYP_TEST_SRCS) tests/bare/link.ld
	@mkdir -p $(dir $@)
	$(HYP_TEST_CC) $(HYP_TEST_SRCS) -o $@

$(B)/tests/hyp/hyp-sret.elf: $(HYP_TEST_SRCS) tests/bare/link.ld
	@mkdir -p $(dir $@)
	$(HYP_TEST_CC) -DHYP_ENTER_BY_SRET $(HYP_TEST_SRCS) -o $@

check-hyp: $(KARU64) $(B)/tests/hyp/hyp.elf $(B)/tests/hyp/hyp-sret.elf
	@mkdir -p $(B)/test-results
	@r=$(B)/test-results/hyp.txt; : > $$r; \
	for o in "hyp.elf" "hyp.elf --model=karu64-sim" "hyp.elf --model=karu64-fpga" "hyp-sret.elf"; do \
	  set -- $$o; elf=$$1; shift; \
	  echo "== $$elf $$*" >> $$r; \
	  timeout 60 $(KARU64) --bare $$* $(B)/tests/hyp/$$elf > $$r.1 2>&1; s=$$?; \
	  cat $$r.1 >> $$r; rm -f $$r.1; \
	  if ! tail -1 $$r | grep -q ' passed, .* failed$$'; then echo "FAIL hyp: exit $$s without a count" >> $$r; \
	    echo "0 passed, 1 failed" >> $$r; fi; \
	done; \
	awk '/ passed, .* failed$$/ { p += $$1; f += $$3 } END { printf "%d passed, %d failed\n", p, f; exit f != 0 }' $$r > $$r.tot; s=$$?; \
	cat $$r.tot >> $$r; rm -f $$r.tot; grep -v '^PASS' $$r; exit $$s

CHECK += check-hyp

# The same program on trixie's QEMU 10 system emulator (scripts/setup-qemu-system unpacks it; not
# in make check): every check compared with karu64's and the disagreements classified from
# tests/hyp/qemu10.txt (doc/privileged.md, "Against QEMU 10"). Results in $(B)/compare/.
QEMU_SYSTEM ?= build/tools/qemu-system-riscv64
HYP_QEMU_FLAGS := -M spike -cpu max -bios none -nographic -audio none
hyp-qemu: $(KARU64) $(B)/tests/hyp/hyp.elf
	@scripts/setup-qemu-system
	@mkdir -p $(B)/compare
	@d=$(B)/compare; \
	timeout 60 $(KARU64) --bare $(B)/tests/hyp/hyp.elf > $$d/hyp-karu64.txt 2>&1; \
	timeout 60 $(QEMU_SYSTEM) $(HYP_QEMU_FLAGS) -kernel $(B)/tests/hyp/hyp.elf > $$d/hyp-qemu-run.txt 2>&1; \
	[ $$? -ne 124 ] || echo "hyp-qemu: QEMU timed out after 60 s"; \
	python3 tests/hyp/qemu_compare.py tests/hyp/qemu10.txt $$d/hyp-karu64.txt $$d/hyp-qemu-run.txt > $$d/hyp-qemu.txt; s=$$?; \
	cat $$d/hyp-qemu.txt; exit $$s

.PHONY: check-hyp hyp-qemu
