# Speed benchmark (issue 2, "Speed"): karu64 against QEMU 10 on compute-bound programs; prints a
# table and writes $(B)/bench/speed.md for the README. A benchmark, not a test: not in CHECK.
# BENCH_SPEED_ARGS: e.g. "--jit --no-model" adds the translator's columns (doc/jit.md).
BENCH_SPEED_ARGS ?=
bench-speed: $(KARU64)
	python3 bench/speed.py --cc "$(RV_CC)" --qemu $(QEMU) --karu64 $(KARU64) --out $(B)/bench $(BENCH_SPEED_ARGS)

.PHONY: bench-speed

# Boot to the shell prompt of the board's initramfs, karu64 beside qemu-system-riscv64 (bench/boot.py).
bench-boot: $(KARU64) $(BOOT_GUEST)/initramfs.cpio
	python3 bench/boot.py $(KARU64) $(BOOT_FW) $(BOOT_IMAGE) $(BOOT_GUEST)/initramfs.cpio
.PHONY: bench-boot

# The same programs' cost as a count: host instructions per guest instruction under valgrind's
# callgrind (bench/callgrind.py), in build-cg/ (a smaller Linux arena, which valgrind can
# reserve). Deterministic, so builds compare on a loaded machine; BASE=OTHER/karu64 adds a
# column against another build made the same way; MODELS=none,karu64-fpga,karu64-sim.
CG_B := build-cg
bench-callgrind:
	@$(MAKE) --no-print-directory B=$(CG_B) CFLAGS="-O2 -g -DK64_LINUX_ARENA_BITS=35" $(CG_B)/karu64
	python3 bench/callgrind.py --cc "$(RV_CC)" --karu64 $(CG_B)/karu64 $(if $(BASE),--base $(BASE)) \
	  $(if $(MODELS),--models $(MODELS)) --out $(B)/bench-cg
.PHONY: bench-callgrind
