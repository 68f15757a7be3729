# Resource limits and confinement of the guest (doc/verification.md, "Hostile input").
#   check-limits   --host-mem-limit: a guest mapping memory without bound gets ENOMEM and the
#                  host's peak resident memory stays under the ceiling
#   check-jail     --jail: guest writes outside the jail fail, `..` and symbolic links stay in it;
#                  --no-semihosting: the semihosting ebreak is a breakpoint exception
LIMITS_T := $(B)/tests/limits

$(LIMITS_T)/t_memhog $(LIMITS_T)/t_escape: $(LIMITS_T)/%: tests/limits/%.c
	@mkdir -p $(dir $@)
	$(RV_CC) -O2 -Wall -o $@ $<
$(LIMITS_T)/jail_probe: tests/fuzz/guest/jail_probe.c
	@mkdir -p $(dir $@)
	$(RV_CC) -O2 -Wall -o $@ $<
$(LIMITS_T)/semihost_off.elf: tests/limits/semihost_off.S tests/bare/link.ld
	@mkdir -p $(dir $@)
	$(RV_BARE_CC) -mcmodel=medany -march=rv64gc -T tests/bare/link.ld $< -o $@

check-limits: $(KARU64) $(LIMITS_T)/t_memhog
	@mkdir -p $(B)/test-results
	@python3 tests/limits/run.py $(KARU64) $(LIMITS_T)/t_memhog $(B)/test-results/limits.txt

check-jail: $(KARU64) $(LIMITS_T)/jail_probe $(LIMITS_T)/t_escape $(LIMITS_T)/semihost_off.elf $(B)/tests/linux/t_syscalls
	@mkdir -p $(B)/test-results
	@python3 tests/limits/jail.py $(KARU64) $(LIMITS_T)/jail_probe $(LIMITS_T)/t_escape \
	  $(LIMITS_T)/semihost_off.elf $(B)/tests/linux/t_syscalls $(LIMITS_T)/jail-scratch $(B)/test-results/jail.txt

CHECK += check-limits check-jail
.PHONY: check-limits check-jail
