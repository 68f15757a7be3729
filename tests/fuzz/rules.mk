# Fuzzing (doc/verification.md): every tests/fuzz/NAME.c defining LLVMFuzzerTestOneInput is a
# target, built with clang-19's libFuzzer, ASan and UBSan against the simulator library (its
# objects rebuilt with the same instrumentation in $(B)/fuzz/) and run only in the jail
# (tests/fuzz/jail; the targets refuse to start elsewhere). Corpora (tests/fuzz/corpus/NAME/)
# grow across runs and are committed minimised; tests/fuzz/regress/NAME/ holds the inputs of
# fixed findings.
#   make fuzz FUZZ_SECONDS=N [FUZZ_TARGET=NAME]  fuzz each target N s (default 60), grow and
#                                                minimise its corpus, log the run in tests/fuzz/stats.tsv
#   make fuzz-smoke   each target 20 s (FUZZ_SMOKE_SECONDS), then the replay (CI)
#   make check-fuzz   the replay: every committed corpus input and reproducer once (make check)
#   make check-fuzz-jail  writes from guest code outside the jail fail, inside succeed
FUZZ_DIR := $(B)/fuzz
FUZZ_CC := clang-19
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -fsanitize-address-use-after-return=never
# A trap loop (traps without a retired instruction) stops after 20000 traps instead of 10^6:
# the fuzzer finds such loops often, and each would cost seconds under the sanitizers.
FUZZ_CFLAGS := -std=gnu11 -O1 -g $(WARN) -Iinclude -Isrc -Itests/lib -MMD -MP $(FUZZ_SAN) -DTRAP_LOOP_LIMIT=20000
FUZZ_NAMES := $(sort $(basename $(notdir $(wildcard tests/fuzz/*.c))))
FUZZ_BINS := $(FUZZ_NAMES:%=$(FUZZ_DIR)/bin/%)
FUZZ_LIB_OBJS := $(SIM_SRCS:%.c=$(FUZZ_DIR)/obj/%.o)
FUZZ_GUESTS := $(FUZZ_DIR)/guest/insn_stub.elf $(FUZZ_DIR)/guest/syscall_stub $(FUZZ_DIR)/guest/mmio_player.elf \
  $(FUZZ_DIR)/guest/jail_probe $(FUZZ_DIR)/guest/jail_semihost.elf
FUZZ_SECONDS ?= 60
FUZZ_SMOKE_SECONDS ?= 20
FUZZ_TARGET ?=

$(FUZZ_DIR)/obj/%.o: %.c | fuzz-setup
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@

$(FUZZ_DIR)/libkaru64.a: $(FUZZ_LIB_OBJS)
	@rm -f $@
	ar rcs $@ $^

$(FUZZ_DIR)/bin/%: tests/fuzz/%.c tests/lib/fuzz_jail.c tests/lib/fuzz.h $(FUZZ_DIR)/libkaru64.a | fuzz-setup
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< tests/lib/fuzz_jail.c $(FUZZ_DIR)/libkaru64.a $(LDLIBS) -lpthread

# The cli target compiles src/cli/main.c into itself, which includes the generated version.h.
$(FUZZ_DIR)/bin/cli: $(B)/gen/version.h
$(FUZZ_DIR)/bin/cli: FUZZ_CFLAGS += -I$(B)/gen
$(FUZZ_DIR)/guest/insn_stub.elf: tests/fuzz/guest/insn_stub.S tests/fuzz/guest/insn.ld
	@mkdir -p $(dir $@)
	$(RV_BARE_CC) -mcmodel=medany -march=rv64gcv -T tests/fuzz/guest/insn.ld $< -o $@
$(FUZZ_DIR)/guest/mmio_player.elf: tests/fuzz/guest/mmio_player.S tests/fuzz/guest/insn.ld
	@mkdir -p $(dir $@)
	$(RV_BARE_CC) -mcmodel=medany -march=rv64gc -T tests/fuzz/guest/insn.ld $< -o $@
$(FUZZ_DIR)/guest/jail_semihost.elf: tests/fuzz/guest/jail_semihost.S tests/bare/link.ld
	@mkdir -p $(dir $@)
	$(RV_BARE_CC) -mcmodel=medany -march=rv64gc -T tests/bare/link.ld $< -o $@
$(FUZZ_DIR)/guest/syscall_stub: tests/fuzz/guest/syscall_stub.S
	@mkdir -p $(dir $@)
	$(RV_CC) -nostdlib -no-pie -Wl,--no-relax $< -o $@
$(FUZZ_DIR)/guest/jail_probe: tests/fuzz/guest/jail_probe.c
	@mkdir -p $(dir $@)
	$(RV_CC) -O2 $< -o $@

fuzz-build: $(FUZZ_BINS) $(FUZZ_GUESTS) $(KARU64)
fuzz-setup:
	@KARU64_SETUP_QUIET=1 scripts/setup-fuzz

# One target at a time and under nice: the machine is shared. The setup step comes before any
# fuzz object (order-only), so that clang's libFuzzer run-time is there.
fuzz: fuzz-build
	nice -n 10 tests/fuzz/run fuzz $(FUZZ_DIR) $(FUZZ_SECONDS) $(or $(FUZZ_TARGET),$(FUZZ_NAMES))

fuzz-smoke: fuzz-build
	@mkdir -p $(B)/test-results
	nice -n 10 tests/fuzz/run smoke $(FUZZ_DIR) $(FUZZ_SMOKE_SECONDS) $(FUZZ_NAMES) | tee $(B)/test-results/fuzz-smoke.txt; \
	  exit $${PIPESTATUS[0]}

check-fuzz: fuzz-build
	@mkdir -p $(B)/test-results
	@tests/fuzz/run replay $(FUZZ_DIR) 0 $(FUZZ_NAMES) > $(B)/test-results/fuzz-replay.txt; s=$$?; \
	  cat $(B)/test-results/fuzz-replay.txt; exit $$s

check-fuzz-jail: fuzz-build
	@mkdir -p $(B)/test-results
	@tests/fuzz/jail_test.sh $(KARU64) $(FUZZ_DIR)/guest/jail_probe $(FUZZ_DIR)/guest/jail_semihost.elf \
	  $(FUZZ_DIR)/bin/parse $(FUZZ_DIR)/jail-scratch $(B)/test-results/fuzz-jail.txt

-include $(FUZZ_LIB_OBJS:.o=.d)
# (already sanitized: not again under check-asan)
ifndef ASAN
CHECK += check-fuzz check-fuzz-jail
endif
.PHONY: fuzz fuzz-smoke fuzz-build fuzz-setup check-fuzz check-fuzz-jail
