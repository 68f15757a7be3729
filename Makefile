# karu64 — top-level build. `make` builds build/karu64; `make check` runs every test;
# `make report` runs the evaluation; `make check-full` runs the long suites.
# Each folder adds its own rules in a fragment (sw/sw.mk, tests/*/rules.mk, bench/rules.mk):
# a fragment appends its test targets to CHECK (fast, CI) and CHECK_FULL (long).

.DEFAULT_GOAL := all
SHELL := /bin/bash
B := build
SETUP := scripts/setup

CC ?= gcc
CFLAGS ?= -O2 -g
WARN := -Wall -Wextra -Werror=implicit-function-declaration
CFLAGS_ALL := -std=gnu11 $(WARN) $(CFLAGS) -Iinclude -Isrc -MMD -MP $(SAN)
LDLIBS := -lfdt -lm

# Guest toolchain (Debian 12 packages; scripts/setup installs them).
RV_CC := clang-19 --target=riscv64-linux-gnu --sysroot=/usr/riscv64-linux-gnu --gcc-toolchain=/usr -fuse-ld=lld -static
RV_BARE_CC := clang-19 --target=riscv64-unknown-elf -fuse-ld=lld -nostdlib
QEMU := $(B)/tools/qemu-riscv64
KARU64 := $(B)/karu64

SIM_SRCS := $(sort $(wildcard src/core/*.c src/isa/*.c src/vector/*.c src/crypto/*.c src/mem/*.c \
                              src/linux/*.c src/bare/*.c src/timing/*.c src/dev/*.c src/board/*.c src/gdb/*.c))
SIM_OBJS := $(SIM_SRCS:%.c=$(B)/obj/%.o)
CLI_OBJS := $(patsubst %.c,$(B)/obj/%.o,$(wildcard src/cli/*.c))

CHECK :=
CHECK_FULL :=

all: $(KARU64)

$(B)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -c $< -o $@

$(B)/libkaru64.a: $(SIM_OBJS)
	@rm -f $@
	ar rcs $@ $^

$(KARU64): $(CLI_OBJS) $(SIM_OBJS) $(B)/libkaru64.a
	$(CC) $(CFLAGS_ALL) -o $@ $(CLI_OBJS) $(SIM_OBJS) $(LDLIBS)

# Installs missing packages and QEMU 10 (idempotent; quiet when all is there).
setup:
	@$(SETUP)

-include $(wildcard sw/sw.mk tests/*/rules.mk bench/rules.mk eval/rules.mk)

# The sanitizer run (check-asan) covers what executes simulator code; it leaves out the tests of
# host-only or QEMU-only code, valgrind's constant-time tests (valgrind and ASan exclude each
# other) and the longest duplicates of targets it keeps.
CHECK_ASAN_EXCLUDE := check-fp-python check-fp-qemu check-mldsa-ct check-mldsa-host check-mldsa-rv64gc \
	check-mldsa-vintr check-mldsa-karu64 check-sw-ct check-sw-host check-sw-host-ipd check-sw-qemu check-sw-cross \
	check-zvknhk-sponge check-vector-random check-vector-selfcheck check-timing-invariance \
	check-slhdsa-host check-slhdsa-ct check-slhdsa-karu64 check-hqc-host check-hqc-ct check-hqc-rvv check-report-quick
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
	rm -rf $(B) build-asan

.PHONY: all setup check check-full check-asan report clean
-include $(SIM_OBJS:.o=.d) $(CLI_OBJS:.o=.d)
