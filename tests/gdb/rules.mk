# The GDB stub (--gdb, doc/gdb.md): gdb-multiarch in batch mode and a raw remote-protocol client
# against Linux user-mode and bare-metal guests whose values are known from their source
# (tests/gdb/run.py).
check-gdb: $(KARU64)
	@mkdir -p $(B)/test-results
	timeout 600 python3 tests/gdb/run.py $(KARU64) "$(RV_CC)" "$(RV_BARE_CC)" $(B)/tests/gdb $(B)/test-results/gdb.txt

CHECK += check-gdb
.PHONY: check-gdb
