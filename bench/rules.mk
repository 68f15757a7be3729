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
