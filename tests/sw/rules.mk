# Tests of the guest cryptography (sw/, issue 5). Oracles: ../shared/vectors, Python hashlib,
# an independent Python Keccak (tests/sw/keccak_ref.py), the scalar C code for the RVV code,
# and valgrind memcheck for constant time.
#   CHECK:      check-sw-host        every vector suite on the host build (+ Keccak backend test)
#               check-sw-host-ipd    CCTV keygen vectors (FIPS 203 ipd) on the test-only ipd build
#               check-sw-qemu        rv64gc, rv64gc_zbb, vauto, vintr under QEMU: Keccak backend
#                                    test, RVV-vs-scalar ML-KEM test, vectors with --limit 3
#               check-sw-cross       bit-identical kpqc output across host and the QEMU builds
#               check-sw-ct          valgrind constant-time test of ML-KEM (host)
#               check-sw-karu64      the vkeccak builds (and all others) on build/karu64, subset;
#                                    skipped with a message if karu64 is missing or lacks V
#   CHECK_FULL: check-sw-full-qemu   every vector on the four QEMU builds
#               check-sw-full-karu64 every vector on every guest build on karu64
#               check-sw-host-long   SHA-3 1 GiB LDT tests, CCTV accumulated 10 000 ML-KEM tests

SW_T := $(B)/sw-tests
SW_RES := $(B)/test-results
SW_QEMU_VARIANTS := rv64gc rv64gc_zbb vauto vintr
SW_K_VARIANTS := vauto_k vintr_k vintr_kr
# the xkround round-step build (doc/xkround.md): karu64 only, with --isa=..._xkround (karu64_run.sh)
SW_K_VARIANTS += vintr_round
# QEMU does not implement vkeccak.vi, so the +K builds run only on karu64.
SW_QEMU_CPU_rv64gc := -cpu rv64
SW_QEMU_CPU_rv64gc_zbb := -cpu rv64
SW_QEMU_CPU_vauto := -cpu rva23u64,vlen=256
SW_QEMU_CPU_vintr := -cpu rva23u64,vlen=256
SW_QLIMIT := 3

$(B)/sw/%/keccak_test: tests/sw/keccak_test.c $(B)/sw/%/libpqc.a
	$(SW_CC_$*) -o $@ $< $(B)/sw/$*/libpqc.a

# Backends (b) and (c) with vkeccak.vi replaced by nothing (ZVKNHK_TEST_IDENTITY): QEMU can then
# run the vector loads, XORs, stores and the VLEN = 128 splits around the instruction.
$(SW_T)/keccak_test_vk_identity: tests/sw/keccak_test.c sw/keccak/keccak.c sw/keccak/keccak_vk.c \
                                 sw/keccak/keccak_vkr.c sw/keccak/keccak.h sw/include/zvknhk.h
	@mkdir -p $(dir $@)
	$(SW_CC_vintr_kr) -DZVKNHK_TEST_IDENTITY -o $@ $(filter %.c,$^)

check-sw-qemu-rvv: $(B)/sw/vintr/mlkem_rvv_test
	@mkdir -p $(SW_RES)
	@python3 tests/sw/rvv_check.py $< --runner "$(QEMU) -cpu rva23u64,vlen={vlen}" \
	   --vlens 128,256,512,1024 --result $(SW_RES)/sw-rvv-vintr.txt

check-sw-qemu-vk-identity: $(SW_T)/keccak_test_vk_identity
	@mkdir -p $(SW_RES)
	@for v in 128 256 512; do python3 tests/sw/keccak_check.py $< --identity \
	   --runner "$(QEMU) -cpu rva23u64,vlen=$$v" --result $(SW_RES)/sw-vk-identity-$$v.txt || exit 1; done

$(SW_T)/probe_v: tests/sw/probe_v.c sw/include/zvknhk.h
	@mkdir -p $(dir $@)
	$(SW_CC_vauto_k) -o $@ $<

$(B)/sw/%/mlkem_rvv_test: tests/sw/mlkem_rvv_test.c $(B)/sw/%/libpqc.a
	$(SW_CC_$*) -o $@ $< $(B)/sw/$*/libpqc.a

check-sw-host: $(B)/sw/host/kpqc $(B)/sw/host/keccak_test
	@mkdir -p $(SW_RES)
	@python3 tests/sw/keccak_check.py $(B)/sw/host/keccak_test --result $(SW_RES)/sw-keccak-host.txt
	@python3 tests/sw/kpqc_tests.py --kpqc $(B)/sw/host/kpqc --result $(SW_RES)/sw-host.txt

check-sw-host-ipd: $(B)/sw/host-ipd/kpqc
	@mkdir -p $(SW_RES)
	@python3 tests/sw/kpqc_tests.py --kpqc $< --ipd --suites mlkem-cctv --result $(SW_RES)/sw-host-ipd.txt

check-sw-host-long: $(B)/sw/host/kpqc $(B)/sw/host-ipd/kpqc
	@mkdir -p $(SW_RES)
	@python3 tests/sw/kpqc_tests.py --kpqc $(B)/sw/host/kpqc --suites acvp-sha3-ldt --result $(SW_RES)/sw-host-ldt.txt
	@python3 tests/sw/kpqc_tests.py --kpqc $(B)/sw/host-ipd/kpqc --ipd --suites mlkem-accum --result $(SW_RES)/sw-host-accum.txt

# Per variant $(1): Keccak backend test, RVV-vs-scalar ML-KEM test (vintr only), and the vector
# suites with --limit $(SW_QLIMIT) (check-sw-qemu-$(1)) or all of them (check-sw-full-qemu-$(1)).
define SW_QEMU_RULES
check-sw-qemu-$(1): $(B)/sw/$(1)/kpqc $(B)/sw/$(1)/keccak_test
	@mkdir -p $(SW_RES)
	@python3 tests/sw/keccak_check.py $(B)/sw/$(1)/keccak_test --runner "$(QEMU) $(SW_QEMU_CPU_$(1))" \
	   --result $(SW_RES)/sw-keccak-$(1).txt
	@python3 tests/sw/kpqc_tests.py --kpqc $(B)/sw/$(1)/kpqc --runner "$(QEMU) $(SW_QEMU_CPU_$(1))" \
	   --limit $(SW_QLIMIT) --result $(SW_RES)/sw-qemu-$(1).txt

check-sw-full-qemu-$(1): $(B)/sw/$(1)/kpqc
	@mkdir -p $(SW_RES)
	@python3 tests/sw/kpqc_tests.py --kpqc $(B)/sw/$(1)/kpqc --runner "$(QEMU) $(SW_QEMU_CPU_$(1))" \
	   --result $(SW_RES)/sw-full-qemu-$(1).txt
.PHONY: check-sw-qemu-$(1) check-sw-full-qemu-$(1)
endef
$(foreach v,$(SW_QEMU_VARIANTS),$(eval $(call SW_QEMU_RULES,$(v))))

check-sw-qemu: $(foreach v,$(SW_QEMU_VARIANTS),check-sw-qemu-$(v)) check-sw-qemu-rvv check-sw-qemu-vk-identity
check-sw-full-qemu: $(foreach v,$(SW_QEMU_VARIANTS),check-sw-full-qemu-$(v))

check-sw-cross: $(foreach v,host $(SW_QEMU_VARIANTS),$(B)/sw/$(v)/kpqc)
	@mkdir -p $(SW_RES)
	@python3 tests/sw/crossbuild.py --result $(SW_RES)/sw-cross.txt host=:$(B)/sw/host/kpqc \
	   $(foreach v,$(SW_QEMU_VARIANTS),$(v)="$(QEMU) $(SW_QEMU_CPU_$(v))":$(B)/sw/$(v)/kpqc)

check-sw-ct: $(SW_T)/ct_mlkem
	@mkdir -p $(SW_RES)
	@tests/sw/ct_run.sh $< $(SW_RES)/sw-ct.txt

$(SW_T)/ct_mlkem: tests/sw/ct_mlkem.c $(SW_LIB_SRCS)
	@mkdir -p $(dir $@)
	$(CC) -std=gnu11 $(WARN) -O2 -g -DPQC_CT_TEST $(SW_INCLUDES) -o $@ $< $(SW_LIB_SRCS)

# karu64: every guest build; the +K builds exercise vkeccak.vi (backends b and c), at VLEN 256
# and, for the Keccak backend test, at VLEN 128 (the 16 + 9 split and the VKR fallback).
SW_K64_ALL := $(SW_QEMU_VARIANTS) $(SW_K_VARIANTS)
check-sw-karu64: $(KARU64) $(foreach v,host $(SW_K64_ALL),$(B)/sw/$(v)/kpqc) \
                 $(foreach v,$(SW_K64_ALL),$(B)/sw/$(v)/keccak_test) $(B)/sw/vintr/mlkem_rvv_test $(SW_T)/probe_v
	@mkdir -p $(SW_RES)
	@tests/sw/karu64_run.sh "$(KARU64)" "$(B)" "$(SW_RES)" $(SW_QLIMIT) "$(SW_K64_ALL)"

check-sw-full-karu64: $(KARU64) $(foreach v,host $(SW_K64_ALL),$(B)/sw/$(v)/kpqc) \
                      $(foreach v,$(SW_K64_ALL),$(B)/sw/$(v)/keccak_test) $(B)/sw/vintr/mlkem_rvv_test $(SW_T)/probe_v
	@mkdir -p $(SW_RES)
	@tests/sw/karu64_run.sh "$(KARU64)" "$(B)" "$(SW_RES)" 0 "$(SW_K64_ALL)"

# Everything of this area that CI runs, for use while working on sw/.
check-sw: check-sw-host check-sw-host-ipd check-sw-qemu check-sw-cross check-sw-ct check-sw-karu64

CHECK += check-sw-host check-sw-host-ipd check-sw-qemu check-sw-cross check-sw-ct check-sw-karu64
CHECK_FULL += check-sw-full-qemu check-sw-full-karu64 check-sw-host-long
.PHONY: check-sw check-sw-qemu-rvv check-sw-qemu-vk-identity check-sw-host check-sw-host-ipd check-sw-host-long check-sw-qemu check-sw-full-qemu \
        check-sw-cross check-sw-ct check-sw-karu64 check-sw-full-karu64
