# The translator (src/jit/, doc/jit.md), every block translated on its first entry
# (--jit=on --jit-threshold=1), against independent oracles:
#   check-jit          tests/jit/run.sh: t_jit.c (self-modifying code, code rewritten across
#                      mprotect, unmapped code, faults inside a block, signals in tight loops)
#                      against --jit=off and QEMU 10; --max-insns exactness; the bench programs'
#                      output and instret against --jit=off; bad option values
#   check-jit-randgen  tests/randgen's random programs against QEMU 10, translated
JIT_T := $(B)/tests/jit
JIT_BENCH := sha256 crc_hash matmul sort_sieve

$(JIT_T)/t_jit: tests/jit/t_jit.c
	@mkdir -p $(dir $@)
	$(RV_CC) -O2 -Wall -o $@ $<
$(JIT_BENCH:%=$(JIT_T)/bench/%): $(JIT_T)/bench/%: bench/%.c
	@mkdir -p $(dir $@)
	$(RV_CC) -O2 -march=rv64gc -o $@ $<
$(JIT_T)/bench/vec_kernels: bench/vec_kernels.c
	@mkdir -p $(dir $@)
	$(RV_CC) -O3 -march=rv64gcv_zbb -o $@ $<

check-jit: $(KARU64) $(JIT_T)/t_jit $(JIT_BENCH:%=$(JIT_T)/bench/%) $(JIT_T)/bench/vec_kernels
	@mkdir -p $(B)/test-results
	@set -o pipefail; tests/jit/run.sh $(KARU64) $(QEMU) $(JIT_T)/t_jit $(JIT_T)/bench | tee $(B)/test-results/jit.txt

check-jit-randgen: $(KARU64)
	@mkdir -p $(B)/test-results
	python3 tests/randgen/randgen.py check --cc "$(RV_CC)" --qemu $(QEMU) --karu64 $(KARU64) --out $(B)/randgen-jit -j 2 \
	  --programs 64 --insns 20000 --seed $(RANDGEN_SEED) --min-executed 1000000 \
	  --karu64-args "--jit=on --jit-threshold=1" --results $(B)/test-results/jit-randgen.txt

CHECK += check-jit check-jit-randgen
.PHONY: check-jit check-jit-randgen
