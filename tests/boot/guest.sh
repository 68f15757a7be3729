# /bin/boot-tests on the board (karu64.mode=test): each test prints its lines between markers
# that tests/boot/run.py parses; the expectations are the host's (hashlib, the spec).
echo "== cpuinfo"
grep -m1 '^isa' /proc/cpuinfo
grep -m1 '^mmu' /proc/cpuinfo
echo "== proc"
/bin/proc
echo "== sigill"
/bin/sigill
echo "== sighandler"
/bin/sighandler
echo "== xproc-vk"
/bin/xproc-vk
echo "== xproc-xr"
/bin/xproc-xr
echo "== rdcycle"
/bin/rdcycle
echo "== perfcount"
/bin/perfcount
echo "== end"
