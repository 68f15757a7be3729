# Stock Debian 13 OpenSSL in user mode (issue 13): the unmodified riscv64 /usr/bin/openssl of
# the guest root that scripts/setup unpacks, and t_evp (AES-GCM, GMAC, AES-XTS through EVP)
# linked against that root's libcrypto, under karu64 (functional and karu64-fpga) and QEMU 10,
# with OpenSSL's scalar and vector-crypto code; the oracle is the host's OpenSSL (Debian 12).
#   check-openssl   digests, HMAC, enc, EVP AEAD/XTS, paths taken, hwprobe, exit statuses, and
#                   t_timer_cpi (openssl speed's alarm: timers on time when the CPI rises)
# If the root is missing, scripts/setup fetches it; the test is skipped (with a message, and
# counted as one failure by nothing) only if that cannot be done.
OPENSSL_T := $(B)/tests/openssl
# scripts/setup unpacks it in build/ (whatever B is, like build/tools/qemu-riscv64 for check-asan).
OPENSSL_ROOT := build/trixie-rv64-root
# The root has libssl-dev's headers (its configuration.h is riscv64's) and libcrypto.so, but no
# libc6-dev: libc comes from the Debian 12 cross toolchain (an older glibc, which the root's
# newer one runs).
OPENSSL_GUEST_CC = $(LINUX_DYN_CC) -I$(OPENSSL_ROOT)/usr/include -I$(OPENSSL_ROOT)/usr/include/riscv64-linux-gnu \
	-L$(OPENSSL_ROOT)/usr/lib/riscv64-linux-gnu

$(OPENSSL_ROOT)/.packages:
	@$(SETUP) || echo "check-openssl: scripts/setup could not fetch the Debian 13 riscv64 guest root"

$(OPENSSL_T)/t_evp: tests/openssl/t_evp.c | $(OPENSSL_ROOT)/.packages
	@mkdir -p $(dir $@)
	$(OPENSSL_GUEST_CC) -O2 -Wall -Wextra -o $@ $< -lcrypto
# A static program: timers under a model when the cycles per instruction rise after arming.
$(OPENSSL_T)/t_timer_cpi: tests/openssl/t_timer_cpi.c tests/linux/check.h
	@mkdir -p $(dir $@)
	$(RV_CC) -O2 -Wall -o $@ $<
$(OPENSSL_T)/t_evp-host: tests/openssl/t_evp.c
	@mkdir -p $(dir $@)
	$(CC) -O2 -Wall -Wextra -o $@ $< -lcrypto

check-openssl: $(KARU64) $(OPENSSL_T)/t_evp-host $(OPENSSL_T)/t_timer_cpi | $(OPENSSL_ROOT)/.packages
	@mkdir -p $(B)/test-results
	@if [ ! -f $(OPENSSL_ROOT)/.packages ]; then \
	  echo "SKIP check-openssl: no Debian 13 riscv64 guest root in $(OPENSSL_ROOT) (make setup could not fetch it)" \
	    | tee $(B)/test-results/openssl.txt; echo "0 passed, 0 failed" >> $(B)/test-results/openssl.txt; \
	else $(MAKE) --no-print-directory $(OPENSSL_T)/t_evp && set -o pipefail && \
	  tests/openssl/run.sh $(KARU64) $(QEMU) $(OPENSSL_ROOT) $(OPENSSL_T) | tee $(B)/test-results/openssl.txt; fi

CHECK += check-openssl
.PHONY: check-openssl

# The stock-OpenSSL table alone (issue 13; make report runs it too, into build/report/):
# eval/openssl.py writes
# $(B)/report-openssl/openssl.csv (openssl speed on modelled time), openssl-stats.csv (cycles
# per byte from --stats-json, no timers) and openssl.md. OPENSSL_SECONDS (default 3) is openssl
# speed -seconds, OPENSSL_CONFIGS the models (default karu64-fpga,karu64-sim).
OPENSSL_SECONDS ?= 3
OPENSSL_CONFIGS ?= karu64-fpga,karu64-sim
report-openssl: $(KARU64) | $(OPENSSL_ROOT)/.packages
	python3 eval/openssl.py --karu64 $(KARU64) --root $(OPENSSL_ROOT) --out $(B)/report-openssl \
	  --seconds $(OPENSSL_SECONDS) --configs $(OPENSSL_CONFIGS)
.PHONY: report-openssl
