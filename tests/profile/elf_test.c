/* k64_profile_load_elf against the toolchain's own view of a guest program. Usage:
 *   profile_elf FILE BIAS FUNCS NAME=ADDR...
 * FUNCS lists the defined STT_FUNC symbols as llvm-readelf-19 -s prints them ("value size bind
 * name" per line, value in hex); each NAME=ADDR is a function's address as llvm-nm-19 prints it.
 * Every function must be found at its address + BIAS with the extent its size gives (a
 * zero-size one up to the next function). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "timing/profile.h"

static int pass, fail;
#define CHECK(c, ...) do { if (c) { pass++; printf("ok: "); } else { fail++; printf("FAIL: "); } \
	printf(__VA_ARGS__); printf("\n"); } while (0)

struct sym {
	unsigned long long value, size;
	char bind[16], name[256];
};

static int by_value(const void *a, const void *b)
{
	const struct sym *x = a, *y = b;
	return x->value < y->value ? -1 : x->value > y->value;
}

int main(int argc, char **argv)
{
	if (argc < 4) {
		fprintf(stderr, "usage: profile_elf FILE BIAS FUNCS NAME=ADDR...\n");
		return 2;
	}
	unsigned long long bias = strtoull(argv[2], NULL, 0);
	FILE *f = fopen(argv[3], "r");
	size_t n = 0, cap = 1024;
	struct sym *s = malloc(cap * sizeof *s);
	while (f && fscanf(f, "%llx %lli %15s %255s", &s[n].value, &s[n].size, s[n].bind, s[n].name) == 4)
		if (++n == cap)
			s = realloc(s, (cap *= 2) * sizeof *s);
	if (f)
		fclose(f);
	qsort(s, n, sizeof *s, by_value);
	CHECK(n > 0, "%zu function symbols from llvm-readelf", n);

	struct k64_profile *p = k64_profile_new();
	char err[256];
	int r = k64_profile_load_elf(p, argv[1], bias, err, sizeof err);
	CHECK(r == 0, "load %s at bias 0x%llx (%s)", argv[1], bias, r ? err : "ok");

	/* Each distinct address: the name is one of its aliases (a global one if there is one),
	 * the range starts there and ends at its size or the next function, whichever is first. */
	size_t addrs = 0, good = 0;
	for (size_t i = 0; i < n;) {
		size_t j = i;
		while (j < n && s[j].value == s[i].value)
			j++;
		unsigned long long next = j < n ? s[j].value : 0;
		uint64_t lo = 0, hi = 0;
		const char *got = k64_profile_symbol(p, s[i].value + bias, &lo, &hi);
		const struct sym *match = NULL;
		int any_global = 0;
		for (size_t k = i; k < j; k++) {
			any_global |= !strcmp(s[k].bind, "GLOBAL");
			if (!strcmp(s[k].name, got))
				match = &s[k];
		}
		int ok = match && lo == s[i].value + bias && (!any_global || !strcmp(match->bind, "GLOBAL"));
		if (ok && match->size) {
			unsigned long long end = match->value + match->size;
			ok = hi == (next && next < end ? next : end) + bias;
		} else if (ok && next) {
			ok = hi == next + bias;
		}
		if (!ok)
			printf("FAIL: 0x%llx: got %s [0x%llx, 0x%llx), readelf has %s size %llu, next function at 0x%llx\n",
			       s[i].value, got, (unsigned long long)lo, (unsigned long long)hi, s[i].name, s[i].size, next);
		addrs++;
		good += ok;
		i = j;
	}
	CHECK(addrs && good == addrs, "%zu of %zu function addresses found with their names and extents", good, addrs);

	for (int a = 4; a < argc; a++) {
		char name[256];
		unsigned long long addr;
		if (sscanf(argv[a], "%255[^=]=%llx", name, &addr) != 2) {
			CHECK(0, "bad argument %s", argv[a]);
			continue;
		}
		uint64_t lo;
		const char *got = k64_profile_symbol(p, addr + bias, &lo, NULL);
		CHECK(!strcmp(got, name) && lo == addr + bias, "nm: %s at 0x%llx, profile finds %s at 0x%llx", name,
		      addr + bias, got, (unsigned long long)lo);
		if (bias) {
			got = k64_profile_symbol(p, addr, NULL, NULL);
			CHECK(strcmp(got, name) != 0, "nm: %s is not at its unbiased address 0x%llx (%s there)", name,
			      addr, got);
		}
	}
	k64_profile_free(p);
	free(s);
	printf("%d passed, %d failed\n", pass, fail);
	return fail != 0;
}
