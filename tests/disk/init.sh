#!/bin/busybox sh
# /init of the board's disk initramfs (tests/disk/rules.mk): busybox and the kernel modules a
# virtio disk with an ext4 root needs (from the board kernel's own linux-image package,
# scripts/rootfs modules), loaded in the order of /lib/ko/order. Then, by the command line:
#   karu64.disktest=NAME   run /bin/disk-tests NAME (tests/disk/guest.sh), then power off
#   root=/dev/vdX          mount it (rootfstype ext4; ro unless "rw") and switch_root to its
#                          init (init=PATH, default /sbin/init)
#   otherwise              a shell on the console
/bin/busybox mkdir -p /bin /sbin /usr/bin /usr/sbin
/bin/busybox --install -s
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
export PATH=/bin:/sbin:/usr/bin:/usr/sbin HOME=/root
for m in $(cat /lib/ko/order); do
  insmod "/lib/ko/$m.ko" || echo "karu64-init: cannot load $m"
done
test= root= init=/sbin/init mode=ro
for a in $(cat /proc/cmdline); do
  case "$a" in karu64.disktest=*) test=${a#karu64.disktest=} ;; root=*) root=${a#root=} ;;
    init=*) init=${a#init=} ;; rw) mode=rw ;; esac
done
if [ -n "$test" ]; then
  sh /bin/disk-tests "$test"
  poweroff -f
fi
if [ -n "$root" ]; then
  i=0
  while [ ! -b "$root" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
  mkdir -p /newroot
  if mount -t ext4 -o "$mode" "$root" /newroot; then
    umount /proc /sys
    mount --move /dev /newroot/dev 2>/dev/null || umount /dev
    exec switch_root /newroot "$init"
  fi
  echo "karu64-init: cannot mount $root; a shell"
fi
setsid cttyhack sh -l
poweroff -f
