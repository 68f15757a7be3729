# xkround, our round-step Keccak instructions (doc/xkround.md; issue 11, design 2).
#  check-xkround:         every instruction and illegal case against keccak_ref.py rounds and
#                         hashlib, off by default, the commit log, the cycle model's keccak cause
#  check-xkround-private: the private-state argument: a signal handler hashing between rounds
#                         corrupts the interrupted xkround hash; with vkeccak.vi both are right
check-xkround: $(KARU64)
	@mkdir -p $(B)/test-results
	python3 tests/xkround/run.py $(KARU64) "$(RV_CC)" $(B)/tests/xkround $(B)/test-results/xkround.txt

CHECK += check-xkround
.PHONY: check-xkround

check-xkround-private: $(KARU64)
	@mkdir -p $(B)/test-results
	python3 tests/xkround/run_private.py $(KARU64) "$(RV_CC)" $(B)/tests/xkround $(B)/test-results/xkround-private.txt

CHECK += check-xkround-private
.PHONY: check-xkround-private
