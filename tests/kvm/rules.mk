# Linux's KVM on the board (doc/board.md, "KVM"): Debian's kernel loads kvm.ko and runs a guest
# (the same kernel, with a one-program initramfs) in the project's VMM (tests/kvm/vmm.c).
#   make kvm-test   boots the board with the host initramfs and checks the host's KVM line,
#                   /dev/kvm, the guest kernel's banner, the guest init's line and both power-offs
#                   (tests/kvm/run.py)
# The VMM is cross-compiled against trixie's riscv64 linux-libc-dev (the KVM uapi of 6.12) and
# libfdt, which scripts/rootfs kvm unpacks into build/disk/kvm/ with kvm.ko.
KVM_GUEST := $(B)/tests/kvm
KVM_DEV := build/disk/kvm/dev/usr

$(KVM_DEV)/include/linux/kvm.h: scripts/rootfs $(BOOT_DIR)/.packages | setup
	scripts/rootfs kvm
	@touch $@

$(KVM_GUEST)/vmm: tests/kvm/vmm.c $(KVM_DEV)/include/linux/kvm.h
	@mkdir -p $(dir $@)
	$(RV_CC) -O2 -Wall -Wextra -Werror -isystem $(KVM_DEV)/include -isystem $(KVM_DEV)/include/riscv64-linux-gnu \
	  -o $@ $< $(KVM_DEV)/lib/riscv64-linux-gnu/libfdt.a

$(KVM_GUEST)/guest_init: tests/kvm/guest_init.c
	@mkdir -p $(dir $@)
	$(RV_CC) -O2 -Wall -Werror -o $@ $<

$(KVM_GUEST)/guest.cpio: tests/kvm/mkguest.py tests/boot/mkinitramfs.py $(KVM_GUEST)/guest_init
	python3 tests/kvm/mkguest.py $@ $(KVM_GUEST)/guest_init

$(KVM_GUEST)/initramfs.cpio: tests/boot/mkinitramfs.py tests/kvm/init.sh $(KVM_GUEST)/vmm $(KVM_GUEST)/guest.cpio | setup
	python3 tests/boot/mkinitramfs.py $@ tests/kvm/init.sh $(BOOT_DIR)/busybox lib/kvm.ko=build/disk/kvm/kvm.ko \
	  bin/vmm=$(KVM_GUEST)/vmm guest/Image=$(BOOT_IMAGE) guest/initramfs.cpio=$(KVM_GUEST)/guest.cpio

kvm-test check-kvm: $(KARU64) $(KVM_GUEST)/initramfs.cpio
	@mkdir -p $(B)/test-results
	python3 tests/kvm/run.py --karu64 $(KARU64) --bios $(BOOT_FW) --kernel $(BOOT_IMAGE) \
	  --initrd $(KVM_GUEST)/initramfs.cpio --result $(B)/test-results/kvm.txt

# The same run with the cycle model of the FPGA build (time is the 75 MHz core's modelled cycles):
# minutes, so in make check-full only (its time: doc/board.md, "KVM").
check-kvm-fpga: $(KARU64) $(KVM_GUEST)/initramfs.cpio
	@mkdir -p $(B)/test-results
	python3 tests/kvm/run.py --karu64 $(KARU64) --bios $(BOOT_FW) --kernel $(BOOT_IMAGE) \
	  --initrd $(KVM_GUEST)/initramfs.cpio --result $(B)/test-results/kvm-fpga.txt --model karu64-fpga

.PHONY: kvm-test check-kvm check-kvm-fpga

CHECK += check-kvm
CHECK_FULL += check-kvm-fpga
