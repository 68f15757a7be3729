# The front door (tests/frontdoor/run.py): `make` without the build's dependencies names
# `make setup` in one line (the probe pointed at an empty sysroot and at a missing compiler),
# `karu64 --version` names the commit, `make help`, the README's generated headline, the
# generated option reference, the src/ folder READMEs, no insider text in the front pages.
check-frontdoor: $(KARU64)
	@mkdir -p $(B)/test-results
	python3 tests/frontdoor/run.py $(KARU64) $(B)/tests/frontdoor $(B)/test-results/frontdoor.txt

CHECK += check-frontdoor
.PHONY: check-frontdoor
