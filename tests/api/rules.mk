# The public C API used as a library (build/libkaru64.a + include/karu64.h).
$(B)/tests/api/api_test: tests/api/api_test.c $(B)/libkaru64.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -o $@ $< $(B)/libkaru64.a $(LDLIBS)

check-api: $(B)/tests/api/api_test check-cli
	@mkdir -p $(B)/test-results
	@$(B)/tests/api/api_test $(B)/tests/cli/loop > $(B)/test-results/api.txt; s=$$?; cat $(B)/test-results/api.txt; exit $$s

CHECK += check-api
.PHONY: check-api
