# karu64 — top-level build. `make` builds build/karu64 (or names `make setup` when the compiler
# or libfdt is missing); `make check` runs every test; `make report` runs the evaluation;
# `make check-full` runs the long suites; `make help` lists the targets.
# Each folder adds its own rules in a fragment (sw/sw.mk, tests/*/rules.mk, bench/rules.mk,
# eval/rules.mk): a fragment appends its test targets to CHECK (fast, CI) and CHECK_FULL (long),
# and to CHECK_ASAN_EXCLUDE those that check-asan leaves out.

.DEFAULT_GOAL := all
SHELL := /bin/bash
B := build
SETUP := scripts/setup

CC ?= gcc
CFLAGS ?= -O2 -g
WARN := -Wall -Wextra -Werror=implicit-function-declaration
CFLAGS_ALL := -std=gnu11 $(WARN) $(CFLAGS) -Iinclude -Isrc -MMD -MP $(SAN)
LDLIBS := -lfdt -lzstd -lm

# Guest toolchain (Debian 12 packages; scripts/setup installs them).
RV_CC := clang-19 --target=riscv64-linux-gnu --sysroot=/usr/riscv64-linux-gnu --gcc-toolchain=/usr -fuse-ld=lld -static
RV_BARE_CC := clang-19 --target=riscv64-unknown-elf -fuse-ld=lld -nostdlib
QEMU := $(B)/tools/qemu-riscv64
KARU64 := $(B)/karu64

SIM_SRCS := $(sort $(wildcard src/core/*.c src/isa/*.c src/vector/*.c src/crypto/*.c src/mem/*.c \
                              src/linux/*.c src/bare/*.c src/timing/*.c src/dev/*.c src/board/*.c src/gdb/*.c src/jit/*.c))
SIM_OBJS := $(SIM_SRCS:%.c=$(B)/obj/%.o)
CLI_OBJS := $(patsubst %.c,$(B)/obj/%.o,$(wildcard src/cli/*.c))

CHECK :=
CHECK_FULL :=
# The sanitizer run (check-asan) covers what executes simulator code; it leaves out the tests of
# host-only or QEMU-only code, valgrind's constant-time tests (valgrind and ASan exclude each
# other) and the longest duplicates of targets it keeps. Fragments append to it.
CHECK_ASAN_EXCLUDE := check-fp-python check-fp-qemu check-mldsa-ct check-mldsa-host check-mldsa-rv64gc \
	check-mldsa-vintr check-mldsa-karu64 check-sw-ct check-sw-host check-sw-host-ipd check-sw-qemu check-sw-cross \
	check-zvknhk-sponge check-vector-random check-vector-selfcheck check-timing-invariance \
	check-slhdsa-host check-slhdsa-ct check-slhdsa-karu64 check-hqc-host check-hqc-ct check-hqc-rvv check-report-quick

# The build's dependencies (scripts/setup-build installs them): before anything is compiled, a
# probe compiles and links a small libfdt program with PROBE_CC (default: CC) and, when
# PROBE_SYSROOT is set, --sysroot=PROBE_SYSROOT. If that fails, make stops with one line naming
# `make setup` instead of a compiler error. The goals that install first (check, report, ...)
# probe in their inner make, after the setup has run.
PROBE_CC ?= $(CC)
PROBE_SYSROOT ?=
NO_PROBE_GOALS := setup setup-build setup-eval help clean check check-full check-asan report headline-readme
ifneq ($(filter-out $(NO_PROBE_GOALS),$(or $(MAKECMDGOALS),$(.DEFAULT_GOAL))),)
ifneq ($(shell scripts/probe-build "$(PROBE_CC)" "$(PROBE_SYSROOT)" >/dev/null 2>&1 && echo ok),ok)
$(error karu64: $(PROBE_CC) cannot build a libfdt program: run `make setup` (installs the compiler, libfdt and the test tools), then `make`)
endif
endif

all: $(KARU64)

$(B)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -c $< -o $@

$(B)/libkaru64.a: $(SIM_OBJS)
	@rm -f $@
	ar rcs $@ $^

$(KARU64): $(CLI_OBJS) $(SIM_OBJS) $(B)/libkaru64.a
	$(CC) $(CFLAGS_ALL) -o $@ $(CLI_OBJS) $(SIM_OBJS) $(LDLIBS)

# `karu64 --version` names the commit it was built from (scripts/commit-id); the header is
# rewritten only when that changes, so only main.o follows a new commit.
$(B)/gen/version.h: FORCE
	@mkdir -p $(dir $@)
	@printf '#define K64_COMMIT "%s"\n' "$$(scripts/commit-id)" > $@.tmp; \
	  if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi
$(B)/obj/src/cli/main.o: $(B)/gen/version.h
$(B)/obj/src/cli/main.o: CFLAGS_ALL += -I$(B)/gen

# Installs what is missing (idempotent; quiet when all is there): setup-build what `make` needs,
# setup-eval what the tests and the evaluation need besides, setup both.
setup:
	@$(SETUP)
setup-build:
	@scripts/setup-build
setup-eval:
	@scripts/setup-eval

-include $(wildcard sw/sw.mk tests/*/rules.mk bench/rules.mk eval/rules.mk)

ifdef ASAN
CHECK := $(filter-out $(CHECK_ASAN_EXCLUDE),$(CHECK))
endif

# Every test target writes build/test-results/<name>.txt ending in "N passed, N failed";
# tests/summary adds them up and fails if anything failed or nothing ran.
check: setup
	@rm -rf $(B)/test-results; mkdir -p $(B)/test-results
	@$(MAKE) --no-print-directory -k $(CHECK); status=$$?; tests/summary $(B)/test-results; s2=$$?; \
	  [ $$status -eq 0 ] && [ $$s2 -eq 0 ]

check-full: setup
	@rm -rf $(B)/test-results; mkdir -p $(B)/test-results
	@$(MAKE) --no-print-directory -k $(CHECK) $(CHECK_FULL); status=$$?; tests/summary $(B)/test-results; s2=$$?; \
	  [ $$status -eq 0 ] && [ $$s2 -eq 0 ]

# The same tests with AddressSanitizer and UndefinedBehaviorSanitizer, in build-asan/.
check-asan:
	@$(MAKE) --no-print-directory B=build-asan ASAN=1 SAN="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer" \
	  CFLAGS="-O1 -g" QEMU=$(QEMU) check

# The main job: the evaluation report (build/report/REPORT.md, eval/README.md); QUICK=1 for the
# reduced set.
report: setup
	@$(MAKE) --no-print-directory report-run

clean:
	rm -rf $(B) build-asan build-cg

# doc/options.md, the option reference, from `karu64 --help` (check-frontdoor checks it is current).
doc-options: $(KARU64)
	@scripts/doc-options $(KARU64)

# One line per target; the test targets are those the fragments add to CHECK and CHECK_FULL.
help:
	@printf '%s\n' \
	  'make                 build build/karu64 (names `make setup` when the compiler or libfdt is missing)' \
	  'make setup           install everything (setup-build, then setup-eval); idempotent' \
	  'make setup-build     install what `make` needs: make, gcc, libfdt, libzstd (Debian 12)' \
	  'make setup-eval      install the guest compilers, QEMU 10, the Debian 13 riscv64 root and board images' \
	  'make report          the evaluation: build/report/REPORT.md, CSVs, plots, headline.md (QUICK=1: reduced set)' \
	  'make check           every fast test (what CI runs first); results in build/test-results/' \
	  'make check-full      the fast tests and the long suites' \
	  'make check-asan      the tests again under AddressSanitizer and UBSan, in build-asan/' \
	  'make check-NAME      one test target (listed below)' \
	  'make sw              every guest software build (build/sw/<build>/)' \
	  'make bench-speed     simulation speed: karu64 against QEMU 10' \
	  'make bench-callgrind host instructions per guest instruction under callgrind (deterministic; BASE=other build)' \
	  'make check-soak      the soak: 10^9 random instructions against QEMU 10, 100 board boots (not in CI)' \
	  'make hyp-qemu        tests/hyp on QEMU 10'"'"'s qemu-system-riscv64 (fetched by scripts/setup-qemu-system), check by check (not in CI)' \
	  'make boot            boot Debian on the full-system board, to a shell (doc/board.md)' \
	  'make ckpt-boot       boot the board functionally to a checkpoint; make ckpt-bench: restore it with karu64-fpga, run a benchmark' \
	  'make headline-readme fill the README headline table from eval/headline.json' \
	  'make doc-options     regenerate doc/options.md from `karu64 --help`' \
	  'make clean           remove build/ and build-asan/'
	@echo 'the test targets of make check (also under check-asan unless marked):'
	@$(foreach t,$(CHECK),echo '  $(t)$(if $(filter $(t),$(CHECK_ASAN_EXCLUDE)),   (not in check-asan))';)
	@echo 'the long suites that make check-full adds:'
	@$(foreach t,$(CHECK_FULL),echo '  $(t)';)

FORCE:
.PHONY: all setup setup-build setup-eval check check-full check-asan report clean help doc-options FORCE
-include $(SIM_OBJS:.o=.d) $(CLI_OBJS:.o=.d)
