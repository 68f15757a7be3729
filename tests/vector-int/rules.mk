# RVV integer, memory, mask, permutation and Zvbb tests (issue 3), see tests/vector-int/run.py.
# Differential against QEMU 10 (-cpu rva23u64,vlen=N) at VLEN 128, 256, 512 and 1024:
#   - intrinsics programs (intr_*.c) and clang -O3 auto-vectorised loops (auto_loops.c);
#   - the encoding sweep (sweep.c): random instruction words of every integer/mask/permutation/
#     Zvbb opcode and every load/store form, random registers, vtype, vl and vstart, plus
#     vsetvl* forms; which encodings trap is compared too; also with tail/mask-agnostic
#     elements as all ones (QEMU rvv_ta_all_1s/rvv_ma_all_1s vs --vector-agnostic=ones).
# Known-value programs (expectations from the RVV 1.0 spec), under karu64 and QEMU:
#   fault-only-first trimming, part-way faults with vstart and resumption, vstart != 0
#   (known_fault.c); the illegal-encoding rules (known_illegal.c).
# At VLEN 2048 and 4096 (beyond QEMU): auto_loops must print what QEMU prints at VLEN 256, and
# the known-value programs must pass.
#   check-vint-quick   CI: 2 seeds x 3000 arithmetic + 1500 memory encodings per VLEN, ...
#   check-vint-full    CHECK_FULL: 6 seeds x 20000 + 10000 per VLEN
VINT_RUN = python3 tests/vector-int/run.py --cc "$(RV_CC)" --qemu $(QEMU) --karu64 $(KARU64) \
	--out $(B)/tests/vector-int

check-vint-quick: $(KARU64)
	@mkdir -p $(B)/test-results
	$(VINT_RUN) --results $(B)/test-results/vint-quick.txt

check-vint-full: $(KARU64)
	@mkdir -p $(B)/test-results
	$(VINT_RUN) --full --results $(B)/test-results/vint-full.txt

CHECK += check-vint-quick
CHECK_FULL += check-vint-full
.PHONY: check-vint-quick check-vint-full
