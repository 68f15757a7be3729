# The board's virtio block disk (doc/board.md, "Disks").
#   make check-disk   bare-metal driver tests (functional and karu64-fpga), bad --drive input, and
#                     two boots of Debian's kernel with the disk initramfs (tests/disk/run.py)
# The disk initramfs: busybox, tests/disk/init.sh and the disk modules of the board kernel's
# own linux-image package (scripts/rootfs modules, cached in build/disk/).
DISK_GUEST := $(B)/tests/disk
DISK_KO := build/disk/ko

$(DISK_KO)/order: scripts/rootfs $(BOOT_DIR)/.packages | setup
	scripts/rootfs modules
	@touch $@

$(DISK_GUEST)/initramfs.cpio: tests/boot/mkinitramfs.py tests/disk/init.sh tests/disk/guest.sh $(DISK_KO)/order | setup
	@mkdir -p $(dir $@)
	python3 tests/boot/mkinitramfs.py $@ tests/disk/init.sh $(BOOT_DIR)/busybox bin/disk-tests=tests/disk/guest.sh \
	  lib/ko/order=$(DISK_KO)/order $(foreach m,$(shell cat $(DISK_KO)/order 2>/dev/null),lib/ko/$(m).ko=$(DISK_KO)/$(m).ko)

$(DISK_GUEST)/vblk.elf: tests/disk/vblk.c tests/bare/link.ld
	@mkdir -p $(dir $@)
	$(RV_BARE_CC) -mcmodel=medany -mabi=lp64d -march=rv64gc -O2 -ffreestanding -T tests/bare/link.ld $< -o $@

check-disk: $(KARU64) $(DISK_GUEST)/initramfs.cpio $(DISK_GUEST)/vblk.elf
	@mkdir -p $(B)/test-results
	python3 tests/disk/run.py --karu64 $(KARU64) --bios $(BOOT_FW) --kernel $(BOOT_IMAGE) \
	  --initrd $(DISK_GUEST)/initramfs.cpio --elf $(DISK_GUEST)/vblk.elf --result $(B)/test-results/disk.txt

CHECK += check-disk
.PHONY: check-disk
