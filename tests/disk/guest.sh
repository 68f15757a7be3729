# The disk tests inside the booted board (tests/disk/init.sh runs `sh /bin/disk-tests NAME`);
# tests/disk/run.py boots with the drives each test expects and checks every line it prints
# against the image files on the host.
h() { sha256sum | cut -d' ' -f1; }
info() { echo "info $1 size=$(cat /sys/block/$1/size) ro=$(cat /sys/block/$1/ro)"; }
reads() {   # DEV: sha256 of sector ranges, read from the device (the page cache dropped first)
  echo 3 > /proc/sys/vm/drop_caches
  for r in 0:1 3:5 1000:24 2047:1; do
    echo "read $1 ${r%:*} ${r#*:} $(dd if=/dev/$1 bs=512 skip=${r%:*} count=${r#*:} 2>/dev/null | h)"
  done
}
pattern() { yes karu64-disk | head -c 65536; }
case "$1" in
  rw)   # vda read-write, vdb readonly: reads, writes, a discard, sync; the host then kills us
    info vda; info vdb
    reads vda; reads vdb
    pattern | dd of=/dev/vda bs=4096 seek=64 conv=fsync 2>/dev/null; echo "write pattern rc=$?"
    dd if=/dev/vdb bs=512 skip=100 count=8 2>/dev/null | dd of=/dev/vda bs=512 seek=10 conv=fsync 2>/dev/null
    echo "write copy rc=$?"
    blkdiscard -o 524288 -l 65536 /dev/vda; echo "discard rc=$?"
    dd if=/dev/zero of=/dev/vdb bs=512 count=1 conv=fsync 2>/dev/null; echo "write vdb rc=$?"
    sync
    echo KARU64-SYNCED
    sleep 600
    ;;
  snap) # vda snapshot: the guest sees its writes, the file never does
    info vda
    pattern | dd of=/dev/vda bs=4096 seek=64 conv=fsync 2>/dev/null; echo "write pattern rc=$?"
    blkdiscard -o 524288 -l 65536 /dev/vda; echo "discard rc=$?"
    pattern | head -c 512 | dd of=/dev/vda bs=512 seek=1026 conv=fsync 2>/dev/null   # into the zeroed range
    sync; echo 3 > /proc/sys/vm/drop_caches
    echo "readback zeroed+written $(dd if=/dev/vda bs=4096 skip=128 count=1 2>/dev/null | h)"
    echo "readback pattern $(dd if=/dev/vda bs=4096 skip=64 count=16 2>/dev/null | h)"
    echo "readback discard $(dd if=/dev/vda bs=4096 skip=129 count=15 2>/dev/null | h)"
    reads vda
    ;;
esac
echo KARU64-DISK-END
