# Dynamically linked programs in Linux user mode (issue 13, first part): PT_INTERP, -L DIR and
# QEMU_LD_PREFIX, file mmap, /proc/self/maps, bad input. The guest root is Debian 12's riscv64
# cross glibc (scripts/setup); the oracle is QEMU 10 with the same root, and static builds.
#   check-linux-dyn-corpus  tests/diff programs linked dynamically = QEMU dynamic = static build
#   check-linux-dyn         dlopen of libm, /proc/self/maps and auxv, root lookup, bad input,
#                           and a host unit test of the ELF reader's PT_INTERP/DT_NEEDED (llvm-readelf)
LINUX_DYN_T := $(B)/tests/linux-dyn
LINUX_DYN_ROOT := /usr/riscv64-linux-gnu
# No --sysroot: the root's libc.so linker script names /usr/riscv64-linux-gnu/lib/libc.so.6
# absolutely, which lld would look for under the sysroot again.
LINUX_DYN_CC := clang-19 --target=riscv64-linux-gnu --gcc-toolchain=/usr -fuse-ld=lld
LINUX_DYN_GUESTS := t_dlopen t_maps t_root

$(LINUX_DYN_GUESTS:%=$(LINUX_DYN_T)/%): $(LINUX_DYN_T)/%: tests/linux-dyn/%.c tests/linux/check.h
	@mkdir -p $(dir $@)
	$(LINUX_DYN_CC) -O2 -Wall -o $@ $< -lm
$(LINUX_DYN_T)/t_root-runpath: tests/linux-dyn/t_root.c
	@mkdir -p $(dir $@)
	$(LINUX_DYN_CC) -O2 -Wall -Wl,--enable-new-dtags,-rpath,'$$ORIGIN/lib2' -o $@ $< -lm
$(LINUX_DYN_T)/t_root-static: tests/linux-dyn/t_root.c
	@mkdir -p $(dir $@)
	$(RV_CC) -O2 -Wall -o $@ $< -lm

$(LINUX_DYN_T)/elf_dyn_unit: tests/linux-dyn/elf_dyn_unit.c src/mem/elf.c src/mem/mem.c src/mem/elf.h src/mem/mem.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -o $@ tests/linux-dyn/elf_dyn_unit.c src/mem/elf.c src/mem/mem.c

check-linux-dyn: $(KARU64) $(LINUX_DYN_GUESTS:%=$(LINUX_DYN_T)/%) $(LINUX_DYN_T)/t_root-static \
		$(LINUX_DYN_T)/t_root-runpath $(LINUX_DYN_T)/elf_dyn_unit
	@mkdir -p $(B)/test-results
	@set -o pipefail; tests/linux-dyn/run.sh $(KARU64) $(QEMU) $(LINUX_DYN_ROOT) $(LINUX_DYN_T) \
	  | tee $(B)/test-results/linux-dyn.txt

check-linux-dyn-corpus: $(KARU64)
	@mkdir -p $(B)/test-results
	@set -o pipefail; python3 tests/linux-dyn/corpus.py --cc-dyn "$(LINUX_DYN_CC)" --cc-static "$(RV_CC)" \
	  --root $(LINUX_DYN_ROOT) --qemu $(QEMU) --karu64 $(KARU64) --out $(LINUX_DYN_T)/corpus \
	  | tee $(B)/test-results/linux-dyn-corpus.txt

CHECK += check-linux-dyn check-linux-dyn-corpus
.PHONY: check-linux-dyn check-linux-dyn-corpus
