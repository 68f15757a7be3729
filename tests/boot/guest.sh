# /bin/boot-tests on the board (karu64.mode=test): each test prints its lines after a marker
# that tests/boot/run.py parses; the expectations are the host's (hashlib, the spec). With
# karu64.only=NAME[,NAME...] on the kernel command line only those tests run.
t() {   # NAME COMMAND...
  name=$1; shift
  case ",${only:-$name}," in *",$name,"*) ;; *) return 0 ;; esac
  echo "== $name"
  "$@"
}
cpuinfo() { grep -m1 '^isa' /proc/cpuinfo; grep -m1 '^mmu' /proc/cpuinfo; }
# perf_user_access = 2 is Linux's legacy mode: cycle and instret are then fixed counters with
# no privilege filter (SBI "skip match"); counts with exclude_kernel need the default, 1
perfcount() { echo 1 > /proc/sys/kernel/perf_user_access; /bin/perfcount; echo 2 > /proc/sys/kernel/perf_user_access; }
perfsample() { echo 1 > /proc/sys/kernel/perf_user_access; /bin/perfsample $perfperiod; echo 2 > /proc/sys/kernel/perf_user_access; }
# the device tree's seeds (--dt-seed, doc/board.md) as the booted kernel shows them
dtseed() {
  if [ -e /proc/device-tree/chosen/rng-seed ]; then echo "rng-seed present"; else echo "rng-seed absent"; fi
  echo "kaslr-seed $(od -An -tx1 /proc/device-tree/chosen/kaslr-seed 2>/dev/null | tr -d ' \n')"
}
perfcycles() { echo 1 > /proc/sys/kernel/perf_user_access; /bin/perfcycles; echo 2 > /proc/sys/kernel/perf_user_access; }
t cpuinfo cpuinfo
t dtseed dtseed
t proc /bin/proc
t sigill /bin/sigill
t sighandler /bin/sighandler
t xproc-vk /bin/xproc-vk
t xproc-xr /bin/xproc-xr
t rdcycle /bin/rdcycle
t perfcount perfcount
t perfsample perfsample
t perfcycles perfcycles
echo "== end"
