# Checkpoints (doc/board.md, "Checkpoints"): tests/ckpt/run.py. Bare metal and small board runs
# compare a checkpoint-and-restore with the uninterrupted run and check the refusals; the
# initramfs boots functionally and is restored with karu64-fpga to run a benchmark (about 35 s;
# about 100 s under ASan).
#   make check-ckpt         the tests
#   make ckpt-boot          boot the initramfs functionally until the guest asks for a checkpoint
#                           ($(CKPT_FILE)), then stop
#   make ckpt-bench         restore it with karu64-fpga and run the benchmark (CKPT_PROG, CKPT_ARGS)
CKPT_FILE ?= $(B)/ckpt/boot.ck
CKPT_PROG ?= kpqc-vintr_k
CKPT_ARGS ?= sha3-256,61,--repeat-to,100000
CKPT_MODEL ?= karu64-fpga
CKPT_BOOT = $(BOOT_ARGS) --append "console=ttyS0 earlycon=sbi karu64.mode=ckpt karu64.prog=$(CKPT_PROG) karu64.args=$(CKPT_ARGS)"

$(B)/tests/ckpt/vecfp.elf: tests/ckpt/vecfp.c tests/bare/link.ld
	@mkdir -p $(dir $@)
	$(RV_BARE_CC) -mcmodel=medany -mabi=lp64d -march=rv64gcv -O2 -ffreestanding -T tests/bare/link.ld $< -o $@

$(B)/tests/ckpt/blk.elf: tests/ckpt/blk.c tests/bare/link.ld
	@mkdir -p $(dir $@)
	$(RV_BARE_CC) -mcmodel=medany -mabi=lp64d -march=rv64gc -O2 -ffreestanding -T tests/bare/link.ld $< -o $@

check-ckpt: $(KARU64) $(B)/tests/hyp/hyp.elf $(B)/tests/ckpt/vecfp.elf $(B)/tests/ckpt/blk.elf $(BOOT_GUEST)/timer.elf $(B)/tests/disk/vblk.elf $(BOOT_GUEST)/initramfs.cpio
	@mkdir -p $(B)/test-results
	python3 tests/ckpt/run.py --karu64 $(KARU64) --hyp $(B)/tests/hyp/hyp.elf --vecfp $(B)/tests/ckpt/vecfp.elf --timer $(BOOT_GUEST)/timer.elf --vblk $(B)/tests/disk/vblk.elf \
	  --blk $(B)/tests/ckpt/blk.elf \
	  --bios $(BOOT_FW) --kernel $(BOOT_IMAGE) --initrd $(BOOT_GUEST)/initramfs.cpio --work $(B)/ckpt/test \
	  --result $(B)/test-results/ckpt.txt

ckpt-boot: $(KARU64) $(BOOT_GUEST)/initramfs.cpio
	@mkdir -p $(dir $(CKPT_FILE))
	$(KARU64) $(CKPT_BOOT) --checkpoint-at=guest:$(CKPT_FILE) --checkpoint-exit

ckpt-bench: $(KARU64) $(BOOT_GUEST)/initramfs.cpio
	$(KARU64) $(CKPT_BOOT) --restore=$(CKPT_FILE) --model=$(CKPT_MODEL) --stats

CHECK += check-ckpt
.PHONY: check-ckpt ckpt-boot ckpt-bench
