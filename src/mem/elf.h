/* ELF64 loading for riscv64 executables (ET_EXEC and ET_DYN: static PIE, dynamic linkers and,
 * on request, dynamically linked programs), shared by the Linux user-mode and bare-metal
 * front-ends. The whole file is read into memory and every header,
 * segment and table is validated before anything is trusted (ELF-64 Object File Format 1.5;
 * RISC-V ELF psABI). */
#ifndef K64_MEM_ELF_H
#define K64_MEM_ELF_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "mem/mem.h"

struct k64_mem;

struct k64_elf_seg {
	uint64_t vaddr, memsz, offset, filesz;
	unsigned perm;            /* K64_PERM_R/W/X from p_flags */
};

#define K64_ELF_MAX_LOAD 64

struct k64_elf {
	uint8_t *data;            /* the whole file */
	size_t size;
	bool owned;               /* data was allocated by k64_elf_open */
	uint16_t type;            /* ET_EXEC (2) or ET_DYN (3) */
	bool is_pie;              /* ET_DYN: the loader chooses a bias */
	uint32_t flags;           /* e_flags (RISC-V float ABI, RVC, ...) */
	uint64_t entry;           /* unbiased */
	uint64_t phoff;
	uint16_t phnum, phentsize;
	uint64_t phdr_vaddr;      /* unbiased address of the program headers in memory (AT_PHDR),
	                             0 if no PT_LOAD covers them */
	uint64_t load_lo, load_hi; /* page-aligned unbiased span of all PT_LOAD segments */
	uint64_t bias;            /* set by k64_elf_load */
	const char *interp;       /* PT_INTERP path inside data (NUL-terminated), or NULL */
	uint64_t dyn_off, dyn_size; /* PT_DYNAMIC in the file (dyn_size 0: none) */
	unsigned nseg;
	struct k64_elf_seg seg[K64_ELF_MAX_LOAD];
};

/* Reads and validates path. Returns 0, or -1 with a one-line reason in err (without the path:
 * callers print "karu64: error: PATH: REASON"). */
int k64_elf_open(const char *path, struct k64_elf *e, char *err, size_t errlen);
/* k64_elf_open_flags: K64_ELF_INTERP accepts a program with PT_INTERP (a dynamically linked
 * one) and points e->interp at the dynamic linker's path; without it such programs are refused.
 * K64_ELF_LIBRARY also accepts a shared library (its entry point is not checked). */
#define K64_ELF_INTERP 1u
#define K64_ELF_LIBRARY 2u
int k64_elf_open_flags(const char *path, unsigned flags, struct k64_elf *e, char *err, size_t errlen);
/* Same checks on a buffer the caller owns (tests); e->data aliases buf, k64_elf_close skips it. */
int k64_elf_parse(const uint8_t *buf, size_t size, struct k64_elf *e, char *err, size_t errlen);
/* Copies the PT_LOAD segments to address + bias and zeroes their bss. With set_perms, maps each
 * page with its segment's R/W/X (pages shared by two segments get the union); otherwise the
 * target must already be mapped (bare-metal RAM). */
int k64_elf_load(struct k64_elf *e, struct k64_mem *m, uint64_t bias, bool set_perms,
		 char *err, size_t errlen);
/* One defined .symtab entry as k64_elf_symbols passes it (value unbiased). */
struct k64_elf_sym {
	const char *name;         /* NUL-terminated inside the file's string table */
	uint64_t value, size;
	uint8_t type, bind;       /* ELF64_ST_TYPE and ELF64_ST_BIND of st_info */
	uint16_t shndx;
};
/* Calls fn for every defined symbol of .symtab in table order, stopping at the first nonzero
 * return of fn. Returns 0 (also when there is no .symtab), fn's nonzero value, or -1 if the
 * table or its string table lies outside the file. */
int k64_elf_symbols(const struct k64_elf *e, int (*fn)(void *ctx, const struct k64_elf_sym *s), void *ctx);
/* Value of a symbol from .symtab (unbiased). Returns 0, or -1 if absent or the table is bad. */
int k64_elf_symbol(const struct k64_elf *e, const char *name, uint64_t *value);
/* Calls fn for each DT_NEEDED (tag 1), DT_RPATH (15) and DT_RUNPATH (29) string of the dynamic
 * section, in order. Returns 0 (also without PT_DYNAMIC), or -1 if the section is malformed. */
int k64_elf_dynamic_strings(const struct k64_elf *e, void (*fn)(void *ctx, uint64_t tag, const char *s),
			    void *ctx);
void k64_elf_close(struct k64_elf *e);
#endif
