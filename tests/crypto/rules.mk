# Ratified vector crypto tests (issue 4): Zvkned, Zvknh[ab], Zvkg, Zvksed, Zvksh, Zvbc.
#  check-crypto-diff: random operands, vtype, vl, vstart and registers plus one-rule-broken
#                     reserved cases, QEMU 10 vs karu64 at VLEN 128, 256 and 512, at 256 also
#                     with all-ones agnostic elements and with Zvknha only (tests/crypto/vdiff.c).
#  check-crypto-kat:  standard known answers through guest code that uses the instructions
#                     (tests/crypto/kat.c): FIPS-197, FIPS 180-4 (and Python's hashlib), GHASH
#                     with Zvkg and with Zvbc, AES-GCM (host OpenSSL libcrypto), SM3, SM4.
#  check-crypto-sm4-million (CHECK_FULL): GB/T 32907 example 2, 1,000,000 encryptions.
#  check-crypto-diff-full (CHECK_FULL): the differential test with 1000 cases per instruction
#                     at VLEN 128..1024 (QEMU's largest) and another seed.
CRYPTO_SEED ?= 1
check-crypto-diff: $(KARU64)
	@mkdir -p $(B)/test-results
	python3 tests/crypto/run_diff.py --cc "$(RV_CC)" --qemu $(QEMU) --karu64 $(KARU64) \
	  --seed $(CRYPTO_SEED) --cases 150 --out $(B)/tests/crypto --results $(B)/test-results/crypto-diff.txt

CHECK += check-crypto-diff
.PHONY: check-crypto-diff

check-crypto-diff-full: $(KARU64)
	@mkdir -p $(B)/test-results
	python3 tests/crypto/run_diff.py --cc "$(RV_CC)" --qemu $(QEMU) --karu64 $(KARU64) \
	  --seed 2 --cases 1000 --vlens 128,256,512,1024 --ones-vlens 128,1024 \
	  --out $(B)/tests/crypto-full --results $(B)/test-results/crypto-diff-full.txt

CHECK_FULL += check-crypto-diff-full
.PHONY: check-crypto-diff-full

check-crypto-kat: $(KARU64)
	@mkdir -p $(B)/test-results
	python3 tests/crypto/run_kat.py --cc "$(RV_CC)" --hostcc "$(CC)" --qemu $(QEMU) --karu64 $(KARU64) \
	  --seed $(CRYPTO_SEED) --out $(B)/tests/crypto-kat --results $(B)/test-results/crypto-kat.txt

check-crypto-sm4-million: $(KARU64)
	@mkdir -p $(B)/test-results
	python3 tests/crypto/run_kat.py --million --cc "$(RV_CC)" --hostcc "$(CC)" --qemu $(QEMU) --karu64 $(KARU64) \
	  --out $(B)/tests/crypto-kat-million --results $(B)/test-results/crypto-sm4-million.txt

CHECK += check-crypto-kat
CHECK_FULL += check-crypto-sm4-million
.PHONY: check-crypto-kat check-crypto-sm4-million
