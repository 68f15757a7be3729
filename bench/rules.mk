# Speed benchmark (issue 2, "Speed"): karu64 against QEMU 10 on compute-bound programs; prints a
# table and writes $(B)/bench/speed.md for the README. A benchmark, not a test: not in CHECK.
bench-speed: $(KARU64)
	python3 bench/speed.py --cc "$(RV_CC)" --qemu $(QEMU) --karu64 $(KARU64) --out $(B)/bench

.PHONY: bench-speed
