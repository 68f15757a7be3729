#!/bin/busybox sh
# /init of the KVM test's host initramfs (tests/kvm/rules.mk): loads kvm.ko (from the board
# kernel's own linux-image package), shows KVM's lines of the kernel log and /dev/kvm, runs the
# guest (Debian's kernel again, with a one-program initramfs) in tests/kvm/vmm.c, then powers off.
/bin/busybox mkdir -p /bin /sbin /usr/bin /usr/sbin
/bin/busybox --install -s
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
export PATH=/bin:/sbin:/usr/bin:/usr/sbin HOME=/root
insmod /lib/kvm.ko || echo "karu64-kvm: cannot load kvm.ko"
dmesg | grep 'kvm \['
ls -l /dev/kvm
# watchdog_thresh=60 (soft lockups reported after 120 s, not 20): at the FPGA core's 75 MHz
# (--model=karu64-fpga) jitterentropy's start-up self test runs over 20 s of guest time without a
# schedule, which the default threshold reports as a soft lockup (doc/board.md, "KVM")
append="console=ttyS0 loglevel=6 watchdog_thresh=60"
for a in $(cat /proc/cmdline); do
  case "$a" in karu64.guest=*) append=$(echo "${a#karu64.guest=}" | tr , ' ') ;; esac
done
# bad input first: one line and status 2 each
/bin/vmm /bin/busybox; echo "karu64-kvm: vmm on a non-Image exit status $?"
/bin/vmm --mem 16 /guest/Image; echo "karu64-kvm: vmm with 16 MiB exit status $?"
/bin/vmm --mem 128 --append "$append" /guest/Image /guest/initramfs.cpio
echo "karu64-kvm: vmm exit status $?"
poweroff -f
