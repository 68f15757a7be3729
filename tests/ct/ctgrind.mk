# The valgrind constant-time check of one library (the ctgrind technique), shared by
# tests/{mldsa,slhdsa,hqc}/rules.mk, which include this file and call
#   $(eval $(call CTGRIND_RULES,LIB,MACRO,TB,INC,SRCS,DEPS,FILES))
# LIB: mldsa, slhdsa or hqc (its program is tests/LIB/ctgrind.c); MACRO: the prefix of its
# -DMACRO_CTGRIND and -DMACRO_CTGRIND_NO_DECLASSIFY; TB: the folder of the programs; INC, SRCS,
# DEPS: its include flags, sources and dependencies; FILES: the regex of its source files in
# which the build without declassifications must be reported (tests/ct/ctgrind.sh). Makes
#   TB/ctgrind-gcc     gcc -O2
#   TB/ctgrind-clang   clang-19 -O3 (DWARF 4: valgrind 3.19 cannot read clang-19's DWARF 5)
#   TB/ctgrind-nodecl  gcc -O2 without the library's declassifications
#   check-LIB-ct       the three under tests/ct/ctgrind.sh into $(B)/test-results/LIB-ct.txt
define CTGRIND_RULES
$(3)/ctgrind-gcc: tests/$(1)/ctgrind.c tests/ct/ctgrind.h $(6)
	@mkdir -p $$(dir $$@)
	gcc -std=gnu11 $$(WARN) -O2 -g -D$(2)_CTGRIND $(4) -o $$@ $$< $(5)

$(3)/ctgrind-nodecl: tests/$(1)/ctgrind.c tests/ct/ctgrind.h $(6)
	@mkdir -p $$(dir $$@)
	gcc -std=gnu11 $$(WARN) -O2 -g -D$(2)_CTGRIND -D$(2)_CTGRIND_NO_DECLASSIFY $(4) -o $$@ $$< $(5)

$(3)/ctgrind-clang: tests/$(1)/ctgrind.c tests/ct/ctgrind.h $(6)
	@mkdir -p $$(dir $$@)
	clang-19 -std=gnu11 $$(WARN) -O3 -gdwarf-4 -D$(2)_CTGRIND $(4) -o $$@ $$< $(5)

check-$(1)-ct: $(3)/ctgrind-gcc $(3)/ctgrind-clang $(3)/ctgrind-nodecl
	@mkdir -p $$(B)/test-results
	@set -o pipefail; tests/ct/ctgrind.sh $(1) '$(7)' $(3)/ctgrind-gcc $(3)/ctgrind-clang \
	  --no-declassify $(3)/ctgrind-nodecl 2>&1 | tests/mldsa/total.py 5 | tee $$(B)/test-results/$(1)-ct.txt
endef
