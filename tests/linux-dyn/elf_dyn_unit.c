/* Host unit test of the ELF reader's dynamic-linking fields (src/mem/elf.c): for a dynamically
 * linked program, k64_elf_open refuses it, k64_elf_open_flags(K64_ELF_INTERP) accepts it with
 * the PT_INTERP path, and k64_elf_dynamic_strings lists the DT_NEEDED names; the expected values
 * come from llvm-readelf (rules.mk). A shared library parses only with K64_ELF_LIBRARY.
 * Usage: elf_dyn_unit PROGRAM INTERP NEEDED,NEEDED,... LIBRARY */
#include <stdio.h>
#include <string.h>
#include "mem/elf.h"

static int pass, fail;
#define CHECK(c, ...) do { if (c) { pass++; printf("ok: "); } else { fail++; printf("FAIL: "); } \
	printf(__VA_ARGS__); printf("\n"); } while (0)

static void add(void *ctx, uint64_t tag, const char *s)
{
	if (tag != 1)
		return;
	char *list = ctx;
	if (*list)
		strcat(list, ",");
	strncat(list, s, 4096 - strlen(list) - 1);
}

int main(int argc, char **argv)
{
	if (argc != 5) {
		fprintf(stderr, "usage: elf_dyn_unit PROGRAM INTERP NEEDED,NEEDED,... LIBRARY\n");
		return 2;
	}
	char err[256];
	struct k64_elf e;
	int r = k64_elf_open(argv[1], &e, err, sizeof err);
	CHECK(r != 0 && strstr(err, "-static"), "k64_elf_open refuses a dynamic program (%s)", r ? err : "accepted");
	if (!r)
		k64_elf_close(&e);
	r = k64_elf_open_flags(argv[1], K64_ELF_INTERP, &e, err, sizeof err);
	CHECK(r == 0, "k64_elf_open_flags(K64_ELF_INTERP) accepts it (%s)", r ? err : "ok");
	if (r)
		return 1;
	CHECK(e.interp && !strcmp(e.interp, argv[2]), "PT_INTERP %s, readelf says %s", e.interp ? e.interp : "(none)", argv[2]);
	static char needed[4096];
	CHECK(k64_elf_dynamic_strings(&e, add, needed) == 0 && !strcmp(needed, argv[3]),
	      "DT_NEEDED %s, readelf says %s", needed, argv[3]);
	k64_elf_close(&e);

	r = k64_elf_open_flags(argv[4], K64_ELF_INTERP, &e, err, sizeof err);
	int entry0 = r != 0;
	if (!r)
		k64_elf_close(&e);
	r = k64_elf_open_flags(argv[4], K64_ELF_INTERP | K64_ELF_LIBRARY, &e, err, sizeof err);
	CHECK(r == 0, "K64_ELF_LIBRARY accepts %s%s", argv[4], entry0 ? " (refused without it)" : "");
	if (!r) {
		needed[0] = 0;
		CHECK(k64_elf_dynamic_strings(&e, add, needed) == 0, "its DT_NEEDED: %s", needed);
		k64_elf_close(&e);
	}
	printf("%d passed, %d failed\n", pass, fail);
	return fail != 0;
}
