# The full-system board (doc/board.md; issue 10): Debian 13's OpenSBI and kernel boot an
# initramfs of busybox and the project's guest programs.
#   make boot        boots to a shell on the terminal (Ctrl-A X quits)
#   make boot-test   boots, runs tests/boot/guest.sh and the kpqc known answers on the +K builds
#                    (tests/boot/run.py; expectations from hashlib, ../shared/vectors and the spec);
#                    under ASan (check-asan) the known answers are left out (four more boots)
# where scripts/setup puts the Debian images (the same under check-asan)
BOOT_DIR := build/boot
BOOT_FW := $(BOOT_DIR)/fw_dynamic.bin
BOOT_IMAGE := $(BOOT_DIR)/Image
BOOT_GUEST := $(B)/tests/boot
BOOT_KPQC := vintr_k vintr_kr
BOOT_PROGS := $(BOOT_GUEST)/proc $(BOOT_GUEST)/sigill $(BOOT_GUEST)/rdcycle $(BOOT_GUEST)/sighandler \
	$(BOOT_GUEST)/xproc-vk $(BOOT_GUEST)/xproc-xr $(BOOT_GUEST)/perfcount $(BOOT_GUEST)/perfsample $(BOOT_GUEST)/perfcycles
BOOT_CC := $(RV_CC) -O2 -march=rv64gcv -Isw/include

$(BOOT_GUEST)/%: tests/boot/%.c sw/include/zvknhk.h
	@mkdir -p $(dir $@)
	$(BOOT_CC) -o $@ $<
$(BOOT_GUEST)/sighandler: tests/xkround/private.c tests/xkround/sha3_accel.h sw/include/zvknhk.h
	@mkdir -p $(dir $@)
	$(BOOT_CC) -DUSE_VK -o $@ $<

$(BOOT_GUEST)/xproc-vk: tests/boot/xproc.c tests/xkround/sha3_accel.h sw/include/zvknhk.h
	@mkdir -p $(dir $@)
	$(BOOT_CC) -DUSE_VK -o $@ $<
$(BOOT_GUEST)/xproc-xr: tests/boot/xproc.c tests/xkround/sha3_accel.h sw/include/xkround.h
	@mkdir -p $(dir $@)
	$(BOOT_CC) -DUSE_XR -o $@ $<

$(BOOT_GUEST)/initramfs.cpio: tests/boot/mkinitramfs.py tests/boot/init.sh tests/boot/guest.sh tests/boot/karu64-checkpoint $(BOOT_PROGS) \
		$(BOOT_KPQC:%=$(B)/sw/%/kpqc) $(BOOT_KPQC:%=$(B)/tests/mldsa/%/driver) | setup
	python3 tests/boot/mkinitramfs.py $@ tests/boot/init.sh $(BOOT_DIR)/busybox bin/boot-tests=tests/boot/guest.sh bin/karu64-checkpoint=tests/boot/karu64-checkpoint \
	  $(foreach p,$(BOOT_PROGS),bin/$(notdir $(p))=$(p)) $(foreach v,$(BOOT_KPQC),bin/kpqc-$(v)=$(B)/sw/$(v)/kpqc bin/mldsa-$(v)=$(B)/tests/mldsa/$(v)/driver)

$(BOOT_GUEST)/%.elf: tests/boot/%.c tests/bare/link.ld
	@mkdir -p $(dir $@)
	$(RV_BARE_CC) -mcmodel=medany -mabi=lp64d -march=rv64gc -O2 -ffreestanding -T tests/bare/link.ld $< -o $@

BOOT_ARGS := --machine=karu64 --bios $(BOOT_FW) --kernel $(BOOT_IMAGE) --initrd $(BOOT_GUEST)/initramfs.cpio

boot: $(KARU64) $(BOOT_GUEST)/initramfs.cpio
	$(KARU64) $(BOOT_ARGS)

check-boot boot-test: $(KARU64) $(BOOT_GUEST)/initramfs.cpio $(BOOT_GUEST)/dma_irq.elf $(BOOT_GUEST)/reboot.elf $(BOOT_GUEST)/timer.elf
	@mkdir -p $(B)/test-results
	python3 tests/boot/run.py --karu64 $(KARU64) --bios $(BOOT_FW) --kernel $(BOOT_IMAGE) \
	  --initrd $(BOOT_GUEST)/initramfs.cpio --kpqc "$(BOOT_KPQC)" --dma-elf $(BOOT_GUEST)/dma_irq.elf --reboot-elf $(BOOT_GUEST)/reboot.elf --timer-elf $(BOOT_GUEST)/timer.elf --result $(B)/test-results/boot.txt \
	  $(if $(ASAN),--skip-kat)

CHECK += check-boot
.PHONY: boot boot-test check-boot
