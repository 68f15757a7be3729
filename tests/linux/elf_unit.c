/* Host unit test of src/mem/elf.c. Usage:
 *   elf_unit GOOD.elf ENTRY PHNUM SYMBOL VALUE [BAD.elf ...]
 * ENTRY, PHNUM and the symbol's VALUE come from llvm-readelf/llvm-nm (the rule passes them);
 * segment contents are compared with the file bytes read here; every BAD file must be
 * rejected with a one-line reason. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mem/elf.h"
#include "mem/mem.h"

static int pass, fail;
#define CHECK(c, ...) do { if (c) { pass++; printf("ok: "); } else { fail++; printf("FAIL: "); } \
	printf(__VA_ARGS__); printf("\n"); } while (0)

int main(int argc, char **argv)
{
	if (argc < 6) {
		fprintf(stderr, "usage: elf_unit GOOD ENTRY PHNUM SYMBOL VALUE [BAD...]\n");
		return 2;
	}
	char err[256];
	struct k64_elf e;
	int r = k64_elf_open(argv[1], &e, err, sizeof err);
	CHECK(r == 0, "open %s (%s)", argv[1], r ? err : "accepted");
	if (r)
		return 1;
	unsigned long long entry = strtoull(argv[2], NULL, 0), phnum = strtoull(argv[3], NULL, 0);
	unsigned long long symv = strtoull(argv[5], NULL, 16);
	CHECK(e.entry == entry, "entry 0x%llx, readelf says 0x%llx", (unsigned long long)e.entry, entry);
	CHECK(e.phnum == phnum, "phnum %u, readelf says %llu", e.phnum, phnum);
	uint64_t v = 0;
	CHECK(k64_elf_symbol(&e, argv[4], &v) == 0 && v == symv, "symbol %s = 0x%llx, nm says 0x%llx",
	      argv[4], (unsigned long long)v, symv);
	CHECK(k64_elf_symbol(&e, "no_such_symbol_here", &v) != 0, "absent symbol not found");
	CHECK(e.phdr_vaddr != 0, "program headers are inside a loaded segment");

	struct k64_mem m;
	CHECK(k64_mem_init(&m, 0, 1ull << 32) == 0, "arena");
	uint64_t bias = e.is_pie ? 0x40000000 : 0;
	r = k64_elf_load(&e, &m, bias, true, err, sizeof err);
	CHECK(r == 0, "load (%s)", r ? err : "ok");
	FILE *f = fopen(argv[1], "rb");
	for (unsigned i = 0; f && i < e.nseg; i++) {
		const struct k64_elf_seg *s = &e.seg[i];
		unsigned char *file = malloc(s->filesz + 1);
		fseek(f, (long)s->offset, SEEK_SET);
		size_t got = fread(file, 1, s->filesz, f);
		const unsigned char *mem = k64_mem_host(&m, s->vaddr + bias, s->memsz, 0);
		int zero = 1;
		for (uint64_t k = s->filesz; mem && k < s->memsz; k++)
			zero &= mem[k] == 0;
		CHECK(got == s->filesz && mem && memcmp(mem, file, s->filesz) == 0 && zero,
		      "segment %u at 0x%llx: %llu file bytes copied, %llu bss bytes zero", i,
		      (unsigned long long)s->vaddr, (unsigned long long)s->filesz,
		      (unsigned long long)(s->memsz - s->filesz));
		unsigned perm = k64_mem_page_perm(&m, s->vaddr + bias) & K64_PERM_RWX;
		CHECK((perm & s->perm) == s->perm, "segment %u page permissions include %c%c%c", i,
		      s->perm & K64_PERM_R ? 'r' : '-', s->perm & K64_PERM_W ? 'w' : '-', s->perm & K64_PERM_X ? 'x' : '-');
		free(file);
	}
	if (f)
		fclose(f);
	k64_mem_free(&m);
	k64_elf_close(&e);

	for (int i = 6; i < argc; i++) {
		r = k64_elf_open(argv[i], &e, err, sizeof err);
		CHECK(r != 0 && err[0] && !strchr(err, '\n'), "rejected %s: %s", argv[i], r ? err : "ACCEPTED");
		if (!r)
			k64_elf_close(&e);
	}
	printf("%d passed, %d failed\n", pass, fail);
	return fail != 0;
}
