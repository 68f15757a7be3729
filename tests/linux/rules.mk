# Linux user-mode front-end (src/linux/) and ELF loader (src/mem/elf.c) tests.
#   check-linux-elf      host unit test of the ELF parser/loader (fields from llvm-readelf/nm)
#   check-linux-bad-elf  malformed programs: one "karu64: error:" line, exit 125
#   check-linux-guest    guest programs: signals, auxv, system calls, hwprobe, exit paths
LINUX_T := $(B)/tests/linux
LINUX_GUESTS := t_signals t_vsignal t_vdiscard t_tty t_auxv t_syscalls t_hwprobe t_fatal t_random t_min
LINUX_RV_DYN_CC := clang-19 --target=riscv64-linux-gnu --gcc-toolchain=/usr -fuse-ld=lld
LINUX_RV_NOLIBC := clang-19 --target=riscv64-linux-gnu -fuse-ld=lld -nostdlib -fPIE -static-pie
LINUX_RV32_CC := clang-19 --target=riscv32-unknown-elf -fuse-ld=lld -nostdlib

$(LINUX_GUESTS:%=$(LINUX_T)/%): $(LINUX_T)/%: tests/linux/%.c tests/linux/check.h
	@mkdir -p $(dir $@)
	$(RV_CC) -O2 -Wall -o $@ $<
$(LINUX_T)/t_pie: tests/linux/t_pie.c
	@mkdir -p $(dir $@)
	$(LINUX_RV_NOLIBC) -O2 -o $@ $<
$(LINUX_T)/dynamic: tests/linux/t_min.c
	@mkdir -p $(dir $@)
	$(LINUX_RV_DYN_CC) -O2 -o $@ $<
$(LINUX_T)/rv32: tests/linux/loop_start.c
	@mkdir -p $(dir $@)
	$(LINUX_RV32_CC) -O2 -o $@ $<
$(LINUX_T)/elf_unit: tests/linux/elf_unit.c src/mem/elf.c src/mem/mem.c src/mem/elf.h src/mem/mem.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -o $@ tests/linux/elf_unit.c src/mem/elf.c src/mem/mem.c

check-linux-elf: $(LINUX_T)/elf_unit $(LINUX_T)/t_min $(LINUX_T)/t_pie $(LINUX_T)/rv32 $(LINUX_T)/dynamic
	@mkdir -p $(B)/test-results
	@set -o pipefail; { \
	  for p in t_min t_pie; do f=$(LINUX_T)/$$p; sym=$$( [ $$p = t_min ] && echo main || echo _start ); \
	    $(LINUX_T)/elf_unit $$f $$(llvm-readelf-19 -h $$f | awk '/Entry point/{print $$4}') \
	      $$(llvm-readelf-19 -h $$f | awk '/Number of program headers/{print $$5}') $$sym \
	      $$(llvm-nm-19 $$f | awk -v s=$$sym '$$3==s{print $$1}') \
	      $$( [ $$p = t_min ] && echo $(LINUX_T)/rv32 $(LINUX_T)/dynamic /bin/true tests/linux/check.h ) \
	      || echo "FAIL: elf_unit $$p"; \
	  done; } | awk '/^[0-9]+ passed, [0-9]+ failed$$/{p+=$$1; f+=$$3; next} /^FAIL/{f++} {print} END{print p " passed, " f " failed"; exit f>0}' \
	  | tee $(B)/test-results/linux-elf.txt

check-linux-bad-elf: $(KARU64) $(LINUX_T)/t_min $(LINUX_T)/rv32 $(LINUX_T)/dynamic
	@mkdir -p $(B)/test-results
	@set -o pipefail; python3 tests/linux/bad_elf.py --karu64 $(KARU64) --good $(LINUX_T)/t_min \
	  --rv32 $(LINUX_T)/rv32 --dynamic $(LINUX_T)/dynamic --out $(LINUX_T)/bad \
	  | tee $(B)/test-results/linux-bad-elf.txt

check-linux-guest: $(KARU64) $(LINUX_GUESTS:%=$(LINUX_T)/%) $(LINUX_T)/t_pie
	@mkdir -p $(B)/test-results
	@set -o pipefail; tests/linux/run_guest.sh $(KARU64) $(QEMU) $(LINUX_T) | tee $(B)/test-results/linux-guest.txt

CHECK += check-linux-elf check-linux-bad-elf check-linux-guest
.PHONY: check-linux-elf check-linux-bad-elf check-linux-guest
