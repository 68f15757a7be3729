# Guest function profiler (src/timing/profile.c), included by the top Makefile.
#   check-profile-unit  synthetic symbol tables and retire streams with hand-computed counts
#   check-profile-elf   k64_profile_load_elf on a static and a static-PIE guest against
#                       llvm-readelf-19 (every STT_FUNC symbol) and llvm-nm-19 (named functions)
#   check-profile-trace a karu64 --trace run of the static guest fed to the profiler: self counts
#                       against the trace's own per-function counts, calls against the source
#   check-profile-cli   --profile/--profile-folded of build/karu64 on the guest, with and without a model
#   bench-profile       ns per k64_profile_retire, 1e8 plain retires (a benchmark, not a test)
PROF_T := $(B)/tests/profile
PROF_OBJS := $(B)/obj/src/timing/profile.o $(B)/obj/src/mem/elf.o $(B)/obj/src/mem/mem.o
PROF_NM_FUNCS := main fib leaf_local leaf_global zero_size_fn

$(PROF_T)/profile_unit: tests/profile/profile_unit.c $(PROF_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -o $@ $(filter %.c %.o,$^) $(LDLIBS)
$(PROF_T)/profile_elf: tests/profile/elf_test.c $(PROF_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -o $@ $(filter %.c %.o,$^) $(LDLIBS)
$(PROF_T)/guest: tests/profile/guest.c
	@mkdir -p $(dir $@)
	$(RV_CC) -O2 -o $@ $<
$(PROF_T)/guest_pie: tests/profile/guest.c
	@mkdir -p $(dir $@)
	clang-19 --target=riscv64-linux-gnu -fuse-ld=lld -nostdlib -fPIE -static-pie -O2 -DNOLIBC -o $@ $<

check-profile-unit: $(PROF_T)/profile_unit
	@mkdir -p $(B)/test-results
	@set -o pipefail; $< | tee $(B)/test-results/profile-unit.txt

# The static guest is linked at its addresses (bias 0); the static PIE is placed as the loader
# would place it, at a bias.
check-profile-elf: $(PROF_T)/profile_elf $(PROF_T)/guest $(PROF_T)/guest_pie
	@mkdir -p $(B)/test-results
	@set -o pipefail; { \
	  for g in guest:0 guest_pie:0x40000000; do f=$(PROF_T)/$${g%%:*}; \
	    llvm-readelf-19 -sW $$f | awk '/^Symbol table/{st = index($$0, "'"'"'.symtab'"'"'") > 0} \
	      st && $$4 == "FUNC" && $$7 != "UND" {print $$2, $$3, $$5, $$8}' > $$f.funcs; \
	    $(PROF_T)/profile_elf $$f $${g##*:} $$f.funcs \
	      $$(for s in $(PROF_NM_FUNCS); do llvm-nm-19 $$f | awk -v s=$$s '$$3 == s {print s "=" $$1}'; done) \
	      || echo "FAIL: profile_elf $$f"; \
	  done; } | awk '/^[0-9]+ passed, [0-9]+ failed$$/{p+=$$1; f+=$$3; next} /^FAIL/{f++} {print} END{print p " passed, " f " failed"; exit f>0}' \
	  | tee $(B)/test-results/profile-elf.txt

# A traced run of the static guest through the profile, as the dispatch observer will feed it.
$(PROF_T)/profile_trace: tests/profile/trace_feed.c $(PROF_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -o $@ $(filter %.c %.o,$^) $(LDLIBS)

check-profile-trace: $(KARU64) $(PROF_T)/profile_trace $(PROF_T)/guest
	@mkdir -p $(B)/test-results
	@set -o pipefail; f=$(PROF_T)/guest; { \
	  $(KARU64) --trace=$$f.trace $$f; s=$$?; echo "guest exits $$s (expected 118)"; [ $$s -eq 118 ] && echo "1 passed, 0 failed" || echo "0 passed, 1 failed"; \
	  llvm-readelf-19 -sW $$f | awk '/^Symbol table/{st = index($$0, "'"'"'.symtab'"'"'") > 0} \
	    st && $$4 == "FUNC" && $$7 != "UND" {print $$2, $$3, $$5, $$8}' > $$f.funcs; \
	  $(PROF_T)/profile_trace $$f $$f.trace $$f.profile $$f.folded && \
	    python3 tests/profile/check_trace.py $$f.trace $$f.funcs $$f.profile $$f.folded || echo "FAIL: profile_trace"; \
	  } | awk '/^[0-9]+ passed, [0-9]+ failed$$/{p+=$$1; f+=$$3; next} /^FAIL/{f++} {print} END{print p " passed, " f " failed"; exit f>0}' \
	  | tee $(B)/test-results/profile-trace.txt

# --profile and --profile-folded of build/karu64, with and without the cycle model.
check-profile-cli: $(KARU64) $(PROF_T)/guest
	@mkdir -p $(B)/test-results
	@set -o pipefail; python3 tests/profile/cli_check.py $(KARU64) $(PROF_T)/guest $(PROF_T)/cli | tee $(B)/test-results/profile-cli.txt

bench-profile: $(PROF_T)/profile_unit
	$< --bench 100000000

CHECK += check-profile-unit check-profile-elf check-profile-trace check-profile-cli
.PHONY: check-profile-unit check-profile-elf check-profile-trace check-profile-cli bench-profile
-include $(PROF_T)/profile_unit.d $(PROF_T)/profile_elf.d $(PROF_T)/profile_trace.d
