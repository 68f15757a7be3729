# The board's virtio block disk (doc/board.md, "Disks").
#   make check-disk   bare-metal driver tests (functional and karu64-fpga), bad --drive input, and
#                     three boots of Debian's kernel with the disk initramfs (tests/disk/run.py);
#                     under ASan (check-asan) the ext4-root boot is left out (initramfs scripting only)
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
	  --initrd $(DISK_GUEST)/initramfs.cpio --elf $(DISK_GUEST)/vblk.elf --busybox $(BOOT_DIR)/busybox --result $(B)/test-results/disk.txt \
	  $(if $(ASAN),--skip-root)

CHECK += check-disk
.PHONY: check-disk

# The Debian trixie root (scripts/rootfs; doc/board.md "A Debian root"):
#   make rootfs      build/disk/debian.img: debootstrap's first stage under fakeroot, the second
#                    stage on the board (long: cached, rebuilt only when scripts/rootfs, the
#                    kernel or the disk initramfs change), then /opt/karu64 (the eval builds'
#                    kbench and the kpqc tools)
#   make boot-disk   boots it (root=/dev/vda, snapshot: the image is never written) to root's
#                    shell on the terminal; `poweroff` ends the run with status 0
#   check-disk-full  (check-full) builds it and boots it: tests/disk/debian.py
DISK_IMG := build/disk/debian.img
# eval/rules.mk (read after this file) builds one kbench per guest build, $(SW_VARIANTS)
DISK_KBENCH := $(foreach v,$(SW_VARIANTS),$(B)/eval/$(v)/kbench)
DISK_OPT := $(foreach v,$(SW_VARIANTS),$(v)/kbench=$(B)/eval/$(v)/kbench) \
	$(foreach v,rv64gc $(BOOT_KPQC),$(v)/kpqc=$(B)/sw/$(v)/kpqc) perfloop=$(DISK_GUEST)/perfloop \
	karu64-checkpoint=$(DISK_GUEST)/karu64-checkpoint
DISK_BOOT_ARGS := --machine=karu64 --bios $(BOOT_FW) --kernel $(BOOT_IMAGE) --initrd $(DISK_GUEST)/initramfs.cpio \
	--drive=$(DISK_IMG),snapshot

# perf stat's known loop (no C library: its instruction count is known by construction)
$(DISK_GUEST)/perfloop: tests/disk/perfloop.S
	@mkdir -p $(dir $@)
	$(RV_CC) -nostdlib -static -o $@ $<

# the guest's checkpoint request (doc/board.md, "Checkpoints")
$(DISK_GUEST)/karu64-checkpoint: tests/disk/checkpoint.c
	@mkdir -p $(dir $@)
	$(RV_CC) -O2 -Wall -o $@ $<

rootfs: $(KARU64) $(DISK_GUEST)/initramfs.cpio $(DISK_KBENCH) $(foreach v,rv64gc $(BOOT_KPQC),$(B)/sw/$(v)/kpqc) $(DISK_GUEST)/perfloop \
	$(DISK_GUEST)/karu64-checkpoint
	nice -n 10 scripts/rootfs base $(KARU64)
	scripts/rootfs image $(DISK_OPT)

boot-disk: rootfs
	$(KARU64) $(DISK_BOOT_ARGS) --append "console=ttyS0 quiet root=/dev/vda rw"

check-disk-full: rootfs
	@mkdir -p $(B)/test-results
	python3 tests/disk/debian.py --karu64 $(KARU64) --args "$(DISK_BOOT_ARGS)" --packages build/disk/debian.packages \
	  --opt "$(DISK_OPT)" --time build/disk/debian-base.time --result $(B)/test-results/disk-full.txt

CHECK_FULL += check-disk-full
.PHONY: rootfs boot-disk check-disk-full
