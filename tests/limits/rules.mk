# Resource limits and confinement of the guest (doc/verification.md, "Hostile input").
#   check-limits   --host-mem-limit: a guest mapping memory without bound gets ENOMEM and the
#                  host's peak resident memory stays under the ceiling
LIMITS_T := $(B)/tests/limits

$(LIMITS_T)/t_memhog: tests/limits/t_memhog.c
	@mkdir -p $(dir $@)
	$(RV_CC) -O2 -Wall -o $@ $<

check-limits: $(KARU64) $(LIMITS_T)/t_memhog
	@mkdir -p $(B)/test-results
	@python3 tests/limits/run.py $(KARU64) $(LIMITS_T)/t_memhog $(B)/test-results/limits.txt

CHECK += check-limits
.PHONY: check-limits
