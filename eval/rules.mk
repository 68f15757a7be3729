# The evaluation (../shared/spec/karu64.md §5): `make report` writes build/report/.
#   $(B)/eval/<build>/kbench   the guest benchmark program, one per guest build, compiled with
#                              that build's compiler and flags ($(SW_CC_<build>)) and libraries
#   report-run                 (what `make report` runs) every experiment of eval/experiments.py;
#                              QUICK=1: the reduced set; SETS=a,b: parameter sets added to it
#                              (or, without QUICK, the only ones), e.g. SETS=slh-dsa-shake-128s;
#                              then eval/headline.py writes build/report/headline.md and
#                              eval/headline.json (version, commit, figures) and fills the README's
#                              headline table from it
#                              LINUX=1: then eval/linux.py, perf stat on the Debian image
#   headline-readme            only the last step: the README's table from eval/headline.json
#   check-report-quick (CHECK) the quick report into $(B)/report-quick, then eval/check.py checks
#                              every CSV's header, rows and values
EVAL_BUILDS := $(SW_VARIANTS)
EVAL_KBENCH := $(foreach v,$(EVAL_BUILDS),$(B)/eval/$(v)/kbench)

# The SLH-DSA-SHAKE-128s inputs of kbench (keygen seeds, a signature made by the host build).
EVAL_SLH_VECTOR := $(B)/eval/slhdsa_vector.h
$(EVAL_SLH_VECTOR): eval/slhdsa_vector.py $(B)/sw/host/kpqc
	@mkdir -p $(dir $@)
	@echo "  GEN $@"; python3 eval/slhdsa_vector.py $(B)/sw/host/kpqc $@.tmp && mv $@.tmp $@

define EVAL_BUILD_RULES
$(B)/eval/$(1)/kbench: eval/kbench.c $(SW_LIBS_$(1)) sw/keccak/keccak_c.c $(EVAL_SLH_VECTOR)
	@mkdir -p $$(dir $$@)
	@echo "  CC $$@"; $(SW_CC_$(1)) -I$(B)/eval -o $$@ $$< $(SW_LIBS_$(1))
endef
$(foreach v,$(EVAL_BUILDS),$(eval $(call EVAL_BUILD_RULES,$(v))))

EVAL_ARGS = --karu64 $(KARU64) --kbench-dir $(B)/eval --bare-cc "$(RV_BARE_CC)" --guest-cc "$(RV_CC)" \
            --flags-file $(B)/eval/flags.txt --openssl-root $(OPENSSL_ROOT)
$(B)/eval/flags.txt: sw/sw.mk eval/rules.mk
	@mkdir -p $(dir $@)
	@{ $(foreach v,$(EVAL_BUILDS),echo "$(v) $(SW_FLAGS_$(v))";) } > $@

eval-kbench: $(EVAL_KBENCH) $(B)/eval/flags.txt
# LINUX=1 adds the under-Linux columns (eval/linux.py): it builds the Debian image (make rootfs,
# long the first time) and measures with perf stat on it; LINUX_MODEL, LINUX_BUILDS select.
LINUX_MODEL ?= karu64-fpga
report-run: $(KARU64) eval-kbench $(if $(filter 1,$(LINUX)),rootfs) | $(OPENSSL_ROOT)/.packages
	python3 eval/report.py $(EVAL_ARGS) --out $(B)/report $(if $(filter-out 0,$(QUICK)),--quick) \
	  $(if $(SETS),--sets $(SETS))
	$(if $(filter 1,$(LINUX)),python3 eval/linux.py --karu64 $(KARU64) --args "$(DISK_BOOT_ARGS)" --out $(B)/report \
	  --model $(LINUX_MODEL) $(if $(filter-out 0,$(QUICK)),--quick,--openssl) $(if $(LINUX_BUILDS),--builds $(LINUX_BUILDS)))
	python3 eval/headline.py make $(B)/report --karu64 $(KARU64) --json eval/headline.json
	python3 eval/headline.py readme

headline-readme:
	python3 eval/headline.py readme

# Where the under-Linux difference comes from (eval/linux_events.py; doc/evaluation.md): the
# model's cache and TLB events of the kbench processes, by perf on the initramfs board (the
# board's kernel; no Debian image needed) and by --stats in user mode. LINUX_MODEL, LINUX_BUILDS;
# NO_ASLR=1: the kernel's address-space randomisation off.
$(B)/eval/perfstat: eval/perfstat.c
	@mkdir -p $(dir $@)
	$(RV_CC) -O2 -Wall -o $@ $<
linux-events: $(KARU64) eval-kbench $(B)/eval/perfstat | $(BOOT_DIR)/.packages
	python3 eval/linux_events.py --karu64 $(KARU64) --bios $(BOOT_FW) --kernel $(BOOT_IMAGE) --busybox $(BOOT_DIR)/busybox \
	  --kbench-dir $(B)/eval --perfstat $(B)/eval/perfstat --out $(B)/report --model $(LINUX_MODEL) \
	  $(if $(LINUX_BUILDS),--builds $(LINUX_BUILDS)) $(if $(filter 1,$(NO_ASLR)),--no-aslr)

check-report-quick: $(KARU64) eval-kbench | $(OPENSSL_ROOT)/.packages
	@mkdir -p $(B)/test-results
	python3 eval/report.py $(EVAL_ARGS) --out $(B)/report-quick --quick || \
	  { printf 'report-quick\n0 passed, 1 failed\n' > $(B)/test-results/report-quick.txt; exit 1; }
	python3 eval/check.py $(B)/report-quick --results $(B)/test-results/report-quick.txt

CHECK += check-report-quick
.PHONY: eval-kbench report-run check-report-quick headline-readme linux-events
-include $(EVAL_KBENCH:=.d)
