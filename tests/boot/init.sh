#!/bin/busybox sh
# /init of the Karu64 board's initramfs (tests/boot/mkinitramfs.py). The kernel command line
# chooses what it does:
#   karu64.mode=test   run /bin/boot-tests (tests/boot/guest.sh; karu64.only=NAME[,NAME...]: those tests alone),
#                      then power off
#   karu64.mode=kpqc   karu64.prog=P: run /bin/P --batch on the console (raw, no echo: one
#                      answer per command, interactively), then power off
#   karu64.mode=batch  karu64.prog=P: read a byte count N and N bytes of input from the
#                      console, run /bin/P on them (stdin at EOF after them), print its output
#                      and KARU64-END, then power off
#   karu64.mode=ckpt   the boot is done: ask karu64 for a checkpoint (karu64-checkpoint), then run
#                      /bin/P (karu64.prog=P) with the arguments of karu64.args (commas for
#                      spaces), print KARU64-END and its exit status, then power off
#   otherwise          a shell on the console; leaving it powers off
/bin/busybox mkdir -p /bin /sbin /usr/bin /usr/sbin
/bin/busybox --install -s
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mkdir -p /dev/pts /tmp
export PATH=/bin:/sbin:/usr/bin:/usr/sbin HOME=/root
mode=
for a in $(cat /proc/cmdline); do
  case "$a" in karu64.mode=*) mode=${a#karu64.mode=} ;; karu64.prog=*) prog=${a#karu64.prog=} ;;
    karu64.only=*) export only=${a#karu64.only=} ;;
    karu64.perfperiod=*) export perfperiod=${a#karu64.perfperiod=} ;;
    karu64.args=*) args=${a#karu64.args=} ;; esac
done
# Stock Linux blocks user-mode rdcycle unless kernel.perf_user_access allows it (2: direct
# rdcycle, as the paper's measurements read it).
echo 2 > /proc/sys/kernel/perf_user_access && echo "karu64-init: kernel.perf_user_access = 2 (user-mode rdcycle allowed)"
case "$mode" in
  test)
    sh /bin/boot-tests
    ;;
  kpqc)
    stty -F /dev/console raw -echo
    echo KARU64-KPQC-READY
    "/bin/$prog" --batch < /dev/console > /dev/console 2>&1
    ;;
  batch)
    stty -F /dev/console raw -echo
    echo KARU64-BATCH-READY
    read -r n < /dev/console
    head -c "$n" < /dev/console > /tmp/input
    "/bin/$prog" < /tmp/input > /dev/console 2>&1
    echo KARU64-END
    ;;
  ckpt)
    karu64-checkpoint
    # shellcheck disable=SC2086  # the arguments are meant to split
    "/bin/$prog" $(echo "$args" | tr , ' ')
    echo "KARU64-END $?"
    ;;
  *)
    echo "karu64-init: a shell; 'poweroff' or leaving it powers the board off (Ctrl-A X quits karu64)"
    setsid cttyhack sh -l
    ;;
esac
poweroff -f
