# The soak (doc/verification.md): the random scalar and vector programs against QEMU 10 with
# long looping streams, and back-to-back board boots to poweroff varying --mem, the cycle model
# and --dt-seed (the device tree's kaslr-seed and rng-seed). Not in CI; CI runs check-soak-short
# (10^7 instructions, 1 boot).
#   make check-soak [SOAK_INSNS=1e9] [SOAK_BOOTS=100] [SOAK_SEED=N]   (SOAK_INSNS=0: the boots alone)
SOAK_INSNS ?= 1e9
SOAK_BOOTS ?= 100
SOAK_SEED ?=
SOAK_ARGS = --karu64 $(KARU64) --qemu $(QEMU) --cc "$(RV_CC)" --bios $(BOOT_FW) --kernel $(BOOT_IMAGE) \
  --initrd $(BOOT_GUEST)/initramfs.cpio -j 2

check-soak: $(KARU64) $(BOOT_GUEST)/initramfs.cpio
	@mkdir -p $(B)/test-results
	nice -n 10 python3 tests/soak/soak.py $(SOAK_ARGS) --out $(B)/soak --insns $(SOAK_INSNS) \
	  --boots $(SOAK_BOOTS) $(if $(SOAK_SEED),--seed $(SOAK_SEED)) --results $(B)/test-results/soak.txt

check-soak-short: $(KARU64) $(BOOT_GUEST)/initramfs.cpio
	@mkdir -p $(B)/test-results
	python3 tests/soak/soak.py $(SOAK_ARGS) --out $(B)/soak-short --insns 1e7 --boots 1 --seed 1 \
	  --scalar-repeat 100 --vector-repeat 50 --results $(B)/test-results/soak-short.txt

CHECK += check-soak-short
# (check-randgen, check-vector-random and check-boot already run under the sanitizers)
CHECK_ASAN_EXCLUDE += check-soak-short
.PHONY: check-soak check-soak-short
