/* Checks k64_rvc_expand against the cases gen_rvc_cases.py derived from LLVM 19 and the ISA
 * manual.  Input lines: "isa <string>" starts a section; "<hex16> <hex32> <note>" is one case
 * (expected 0 = reserved/illegal).  Prints per-section counts and "N passed, N failed". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/isa.h"
#include "isa/rvc.h"

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: test_rvc CASES_FILE\n");
		return 2;
	}
	FILE *f = fopen(argv[1], "r");
	if (!f) {
		fprintf(stderr, "test_rvc: error: cannot open %s\n", argv[1]);
		return 2;
	}
	struct k64_isa isa = { 0, 0 };
	char line[512], isa_name[512] = "", err[256];
	long passed = 0, failed = 0, sec_pass = 0, sec_fail = 0, sec_zero = 0, shown = 0;
	int have_isa = 0;
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = 0;
		if (strncmp(line, "isa ", 4) == 0) {
			if (have_isa)
				printf("  %-28s %ld compared (%ld expected reserved), %ld failed\n", isa_name,
				       sec_pass + sec_fail, sec_zero, sec_fail);
			snprintf(isa_name, sizeof isa_name, "%s", line + 4);
			if (k64_isa_parse(isa_name, &isa, err, sizeof err) != 0) {
				fprintf(stderr, "test_rvc: error: bad ISA '%s': %s\n", isa_name, err);
				return 2;
			}
			have_isa = 1, sec_pass = sec_fail = sec_zero = 0;
			continue;
		}
		unsigned c, want;
		int pos = 0;
		if (!have_isa || sscanf(line, "%x %x %n", &c, &want, &pos) < 2 || c > 0xffff) {
			fprintf(stderr, "test_rvc: error: malformed line '%s'\n", line);
			return 2;
		}
		uint32_t got = k64_rvc_expand((uint16_t)c, &isa);
		sec_zero += want == 0;
		if (got == want) {
			passed++, sec_pass++;
		} else {
			failed++, sec_fail++;
			if (shown++ < 40)
				printf("FAIL %s %04x: got %08x want %08x (%s)\n", isa_name, c, got, want, line + pos);
		}
	}
	fclose(f);
	if (have_isa)
		printf("  %-28s %ld compared (%ld expected reserved), %ld failed\n", isa_name,
		       sec_pass + sec_fail, sec_zero, sec_fail);
	printf("%ld passed, %ld failed\n", passed, failed);
	return failed || passed == 0;
}
