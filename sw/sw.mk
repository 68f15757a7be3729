# Guest cryptography (issue 5, karu64.md §5): Keccak backends, SHA-3/SHAKE/TurboSHAKE, ML-KEM,
# ML-DSA (sw/mldsa) and the kpqc tool, built once per variant:
#   build/sw/<variant>/kpqc        the command-line tool
#   build/sw/<variant>/libpqc.a    Keccak + FIPS 202 + ML-KEM (link after libmldsa.a)
#   build/sw/<variant>/libmldsa.a  ML-DSA (empty, with a warning, if sw/mldsa does not build)
# Benchmarks: $(SW_LIBS_<variant>) is the link list, $(SW_INCLUDES) the -I flags; the Keccak-p
# call counter is `keccak_permute_calls` / keccak_permute_count() in sw/keccak/keccak.h.

SW_VARIANTS := rv64gc rv64gc_zbb vauto vauto_k vintr vintr_k vintr_kr vintr_dma vintr_sponge
SW_VARIANTS += vintr_round
SW_FLAGS_rv64gc     := -march=rv64gc
SW_FLAGS_rv64gc_zbb := -march=rv64gc_zbb
SW_FLAGS_vauto      := -march=rv64gcv_zbb -mrvv-vector-bits=scalable
SW_FLAGS_vauto_k    := -march=rv64gcv -mrvv-vector-bits=scalable -DKECCAK_BACKEND_VK
SW_FLAGS_vintr      := -march=rv64gcv_zbb -mrvv-vector-bits=scalable -DPQC_VINTR
SW_FLAGS_vintr_k    := -march=rv64gcv -mrvv-vector-bits=scalable -DPQC_VINTR -DKECCAK_BACKEND_VK
SW_FLAGS_vintr_kr   := $(SW_FLAGS_vintr_k) -DKECCAK_BACKEND_VKR
# the vintr build with every Keccak-p call on the xkround round-step instructions (doc/xkround.md)
SW_FLAGS_vintr_round := $(SW_FLAGS_vintr) -DKECCAK_BACKEND_XR
# the memory-mapped DMA devices (doc/keccak-dma.md): run with --device=keccak-dma (and
# --device=keccak-sponge-dma for vintr_sponge)
SW_FLAGS_vintr_dma    := $(SW_FLAGS_vintr) -DKECCAK_BACKEND_DMA
SW_FLAGS_vintr_sponge := $(SW_FLAGS_vintr_dma) -DKECCAK_BACKEND_SPONGE_DMA

SW_INCLUDES := -Isw/include -Isw/keccak -Isw/fips202 -Isw/mlkem -Isw/mldsa -Isw/slhdsa -Isw/hqc
SW_LIB_SRCS := sw/keccak/keccak.c sw/keccak/keccak_c.c sw/keccak/keccak_vk.c \
               sw/keccak/keccak_vkr.c sw/keccak/keccak_dma.c sw/fips202/fips202.c sw/mlkem/poly.c sw/mlkem/mlkem.c \
               sw/mlkem/mlkem_rvv.c $(sort $(wildcard sw/slhdsa/*.c)) \
               $(sort $(wildcard sw/hqc/*.c))
SW_LIB_SRCS += sw/keccak/keccak_xr.c
SW_MLDSA_SRCS = $(sort $(wildcard sw/mldsa/*.c))
SW_GUEST_CFLAGS := -std=gnu11 $(WARN) -Wno-unused-command-line-argument -O3 $(SW_INCLUDES) -MMD -MP
SW_HOST_CFLAGS = $(CFLAGS_ALL) $(SW_INCLUDES)

# $(1) variant, $(2) compiler and flags
define SW_VARIANT_RULES
$(B)/sw/$(1)/obj/%.o: %.c
	@mkdir -p $$(dir $$@)
	$(2) -c $$< -o $$@

$(B)/sw/$(1)/libpqc.a: $(SW_LIB_SRCS:%.c=$(B)/sw/$(1)/obj/%.o)
	@rm -f $$@
	ar rcs $$@ $$^

# ML-DSA belongs to another area and may be mid-change: if it does not compile, the archive is
# left empty and kpqc's ml-dsa commands say "not built" (weak references in kpqc.c).
$(B)/sw/$(1)/libmldsa.a: $$(SW_MLDSA_SRCS) $$(wildcard sw/mldsa/*.h) sw/fips202/fips202.h sw/keccak/keccak.h
	@mkdir -p $(B)/sw/$(1)/obj/sw/mldsa; rm -f $$@
	@ok=1; objs=""; for s in $$(SW_MLDSA_SRCS); do o=$(B)/sw/$(1)/obj/$$$${s%.c}.o; \
	  $(2) -c $$$$s -o $$$$o 2>>$$@.log || ok=0; objs="$$$$objs $$$$o"; done; \
	  if [ $$$$ok = 1 ] && [ -n "$$$$objs" ]; then ar rcs $$@ $$$$objs; rm -f $$@.log; \
	  else echo "sw: warning: sw/mldsa did not compile for $(1); kpqc without ML-DSA (see $$@.log)"; \
	       ar rcs $$@; fi

$(B)/sw/$(1)/kpqc: $(B)/sw/$(1)/obj/sw/kpqc/kpqc.o $(B)/sw/$(1)/libmldsa.a $(B)/sw/$(1)/libpqc.a
	@$(2) -o $$@ $$< -Wl,--whole-archive $(B)/sw/$(1)/libmldsa.a -Wl,--no-whole-archive \
	   $(B)/sw/$(1)/libpqc.a 2>$$@.link.log && rm -f $$@.link.log || { \
	   echo "sw: warning: ML-DSA does not link for $(1); kpqc without ML-DSA (see $$@.link.log)"; \
	   $(2) -o $$@ $$< $(B)/sw/$(1)/libpqc.a; }
	@echo "  built $$@"

SW_LIBS_$(1) := $(B)/sw/$(1)/libmldsa.a $(B)/sw/$(1)/libpqc.a
SW_CC_$(1) := $(2)
-include $(SW_LIB_SRCS:%.c=$(B)/sw/$(1)/obj/%.d) $(B)/sw/$(1)/obj/sw/kpqc/kpqc.d
endef

$(foreach v,$(SW_VARIANTS),$(eval $(call SW_VARIANT_RULES,$(v),$(RV_CC) $(SW_GUEST_CFLAGS) $(SW_FLAGS_$(v)))))
$(eval $(call SW_VARIANT_RULES,host,$(CC) $(SW_HOST_CFLAGS)))
# Test-only: FIPS 203 ipd's keygen (G(d) without k), for the CCTV vectors made for it (tests/sw).
$(eval $(call SW_VARIANT_RULES,host-ipd,$(CC) $(SW_HOST_CFLAGS) -DMLKEM_TEST_IPD_KEYGEN))

SW_KPQC := $(foreach v,host $(SW_VARIANTS),$(B)/sw/$(v)/kpqc)

sw: $(SW_KPQC)
sw-host: $(B)/sw/host/kpqc

.PHONY: sw sw-host
