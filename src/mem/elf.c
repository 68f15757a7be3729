/* ELF64 reader and loader (see elf.h). Field offsets follow the ELF-64 Object File Format,
 * version 1.5 (Elf64_Ehdr, Elf64_Phdr, Elf64_Shdr, Elf64_Sym); read with explicit
 * little-endian loads so no host structure or alignment is assumed. */
#include "mem/elf.h"
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

enum {
	EHDR_SIZE = 64, PHDR_SIZE = 56, SHDR_SIZE = 64, SYM_SIZE = 24,
	ET_EXEC = 2, ET_DYN = 3, EM_RISCV = 243,
	PT_LOAD = 1, PT_DYNAMIC = 2, PT_INTERP = 3, PT_PHDR = 6,
	PF_X = 1, PF_W = 2, PF_R = 4,
	SHT_SYMTAB = 2, SHT_STRTAB = 3,
	EF_RISCV_RVE = 0x8,
};
#define MAX_FILE_SIZE (1ull << 31)   /* larger programs are not plausible guests */
#define PAGE_MASK (K64_PAGE_SIZE - 1)

static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
static uint32_t rd32(const uint8_t *p) { return rd16(p) | (uint32_t)rd16(p + 2) << 16; }
static uint64_t rd64(const uint8_t *p) { return rd32(p) | (uint64_t)rd32(p + 4) << 32; }

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

/* [off, off + len) lies inside a file of `size` bytes, without overflow. */
static bool in_file(uint64_t off, uint64_t len, size_t size)
{
	return off <= size && len <= size - off;
}

static const char *machine_name(unsigned m)
{
	switch (m) {
	case 3: return "x86";
	case 40: return "ARM";
	case 62: return "x86-64";
	case 183: return "AArch64";
	case 243: return "RISC-V";
	case 258: return "LoongArch";
	default: return "unknown";
	}
}

static int parse(const uint8_t *buf, size_t size, unsigned flags, struct k64_elf *e, char *err,
		 size_t errlen)
{
	memset(e, 0, sizeof *e);
	e->data = (uint8_t *)buf;
	e->size = size;
	const uint8_t *h = buf;
	if (size < 4 || memcmp(h, "\177ELF", 4) != 0)
		return fail(err, errlen, "not an ELF file");
	if (size < EHDR_SIZE)
		return fail(err, errlen, "truncated ELF header (%zu bytes)", size);
	if (h[4] == 1)
		return fail(err, errlen, "32-bit ELF (%s); karu64 runs 64-bit RISC-V programs",
			    machine_name(rd16(h + 18)));
	if (h[4] != 2)
		return fail(err, errlen, "bad ELF class %u", h[4]);
	if (h[5] != 1)
		return fail(err, errlen, "not a little-endian ELF");
	if (h[6] != 1 || rd32(h + 20) != 1)
		return fail(err, errlen, "bad ELF version");
	unsigned machine = rd16(h + 18);
	if (machine != EM_RISCV)
		return fail(err, errlen, "not a RISC-V ELF (machine %u, %s)", machine, machine_name(machine));
	e->type = rd16(h + 16);
	if (e->type != ET_EXEC && e->type != ET_DYN)
		return fail(err, errlen, "not an executable ELF (type %u)", e->type);
	e->is_pie = e->type == ET_DYN;
	e->flags = rd32(h + 48);
	if (e->flags & EF_RISCV_RVE)
		return fail(err, errlen, "RV64E programs are not supported");
	e->entry = rd64(h + 24);
	e->phoff = rd64(h + 32);
	e->phentsize = rd16(h + 54);
	e->phnum = rd16(h + 56);
	if (rd16(h + 52) < EHDR_SIZE)
		return fail(err, errlen, "bad ELF header size %u", rd16(h + 52));
	if (e->phnum == 0)
		return fail(err, errlen, "no program headers");
	if (e->phnum == 0xffff)
		return fail(err, errlen, "too many program headers");
	if (e->phentsize != PHDR_SIZE)
		return fail(err, errlen, "bad program header size %u", e->phentsize);
	if (!in_file(e->phoff, (uint64_t)e->phnum * PHDR_SIZE, size))
		return fail(err, errlen, "program headers outside the file (offset 0x%llx, %u entries, file %zu bytes)",
			    (unsigned long long)e->phoff, e->phnum, size);

	uint64_t phdr_pt = 0;
	bool have_phdr_pt = false;
	for (unsigned i = 0; i < e->phnum; i++) {
		const uint8_t *p = h + e->phoff + (uint64_t)i * PHDR_SIZE;
		uint32_t type = rd32(p), pflags = rd32(p + 4);
		uint64_t off = rd64(p + 8), vaddr = rd64(p + 16), filesz = rd64(p + 32);
		uint64_t memsz = rd64(p + 40), align = rd64(p + 48);
		if (type == PT_INTERP) {
			if (!(flags & K64_ELF_INTERP))
				return fail(err, errlen, "dynamically linked programs are not supported (link with -static)");
			/* A NUL-terminated path; like Linux's load_elf_binary(), only the segment's
			 * last byte must be the NUL. */
			if (!in_file(off, filesz, size) || filesz < 2 || filesz > 4096 || h[off + filesz - 1] ||
			    !h[off])
				return fail(err, errlen, "bad PT_INTERP segment (offset 0x%llx, size 0x%llx)",
					    (unsigned long long)off, (unsigned long long)filesz);
			e->interp = (const char *)h + off;
		}
		if (type == PT_DYNAMIC && in_file(off, filesz, size)) {
			e->dyn_off = off;
			e->dyn_size = filesz;
		}
		if (type == PT_PHDR) {
			phdr_pt = vaddr;
			have_phdr_pt = true;
		}
		if (type != PT_LOAD)
			continue;
		if (!in_file(off, filesz, size))
			return fail(err, errlen, "segment %u lies outside the file (offset 0x%llx, size 0x%llx, file %zu bytes)",
				    i, (unsigned long long)off, (unsigned long long)filesz, size);
		if (filesz > memsz)
			return fail(err, errlen, "segment %u: file size 0x%llx exceeds memory size 0x%llx",
				    i, (unsigned long long)filesz, (unsigned long long)memsz);
		if (memsz == 0)
			continue;
		if (vaddr + memsz < vaddr || vaddr + memsz > (1ull << 56))
			return fail(err, errlen, "segment %u: address range overflows", i);
		if (align > 1 && (align & (align - 1)))
			return fail(err, errlen, "segment %u: alignment 0x%llx is not a power of two",
				    i, (unsigned long long)align);
		/* p_vaddr = p_offset modulo the page size (ELF-64 "Program loading"), which
		 * also keeps the in-memory program headers where AT_PHDR says. */
		if (align >= K64_PAGE_SIZE && ((vaddr - off) & PAGE_MASK))
			return fail(err, errlen, "segment %u: address 0x%llx and offset 0x%llx disagree modulo the page size",
				    i, (unsigned long long)vaddr, (unsigned long long)off);
		if (e->nseg == K64_ELF_MAX_LOAD)
			return fail(err, errlen, "too many loadable segments");
		struct k64_elf_seg *s = &e->seg[e->nseg++];
		s->vaddr = vaddr;
		s->memsz = memsz;
		s->offset = off;
		s->filesz = filesz;
		s->perm = (pflags & PF_R ? K64_PERM_R : 0) | (pflags & PF_W ? K64_PERM_W | K64_PERM_R : 0) |
			  (pflags & PF_X ? K64_PERM_X : 0);
		if (!e->phdr_vaddr && e->phoff >= off && e->phoff - off < filesz &&
		    (uint64_t)e->phnum * PHDR_SIZE <= filesz - (e->phoff - off))
			e->phdr_vaddr = vaddr + (e->phoff - off);
	}
	if (e->nseg == 0)
		return fail(err, errlen, "no loadable segments");
	if (!e->phdr_vaddr && have_phdr_pt)
		e->phdr_vaddr = phdr_pt;

	/* Sort by address (insertion sort: few segments), then reject overlaps. */
	for (unsigned i = 1; i < e->nseg; i++)
		for (unsigned j = i; j > 0 && e->seg[j].vaddr < e->seg[j - 1].vaddr; j--) {
			struct k64_elf_seg t = e->seg[j];
			e->seg[j] = e->seg[j - 1];
			e->seg[j - 1] = t;
		}
	for (unsigned i = 1; i < e->nseg; i++) {
		const struct k64_elf_seg *a = &e->seg[i - 1], *b = &e->seg[i];
		if (a->vaddr + a->memsz > b->vaddr)
			return fail(err, errlen, "loadable segments overlap ([0x%llx, 0x%llx) and [0x%llx, 0x%llx))",
				    (unsigned long long)a->vaddr, (unsigned long long)(a->vaddr + a->memsz),
				    (unsigned long long)b->vaddr, (unsigned long long)(b->vaddr + b->memsz));
	}
	e->load_lo = e->seg[0].vaddr & ~PAGE_MASK;
	const struct k64_elf_seg *last = &e->seg[e->nseg - 1];
	e->load_hi = (last->vaddr + last->memsz + PAGE_MASK) & ~PAGE_MASK;

	bool entry_ok = false;
	for (unsigned i = 0; i < e->nseg; i++)
		if (e->entry - e->seg[i].vaddr < e->seg[i].memsz && (e->seg[i].perm & K64_PERM_X))
			entry_ok = true;
	if (!entry_ok && !(flags & K64_ELF_LIBRARY))
		return fail(err, errlen, "entry point 0x%llx is not in an executable segment",
			    (unsigned long long)e->entry);
	return 0;
}

int k64_elf_parse(const uint8_t *buf, size_t size, struct k64_elf *e, char *err, size_t errlen)
{
	return parse(buf, size, 0, e, err, errlen);
}

int k64_elf_open(const char *path, struct k64_elf *e, char *err, size_t errlen)
{
	return k64_elf_open_flags(path, 0, e, err, errlen);
}

int k64_elf_open_flags(const char *path, unsigned flags, struct k64_elf *e, char *err, size_t errlen)
{
	memset(e, 0, sizeof *e);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return fail(err, errlen, "cannot open: %s", strerror(errno));
	struct stat st;
	if (fstat(fd, &st) != 0) {
		int en = errno;
		close(fd);
		return fail(err, errlen, "cannot stat: %s", strerror(en));
	}
	if (S_ISDIR(st.st_mode)) {
		close(fd);
		return fail(err, errlen, "is a directory");
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		return fail(err, errlen, "not a regular file");
	}
	if ((uint64_t)st.st_size > MAX_FILE_SIZE) {
		close(fd);
		return fail(err, errlen, "file too large (%lld bytes)", (long long)st.st_size);
	}
	size_t size = (size_t)st.st_size;
	uint8_t *buf = malloc(size ? size : 1);
	if (!buf) {
		close(fd);
		return fail(err, errlen, "out of memory");
	}
	size_t got = 0;
	while (got < size) {
		ssize_t n = read(fd, buf + got, size - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			int en = n < 0 ? errno : EIO;
			free(buf);
			close(fd);
			return fail(err, errlen, "cannot read: %s", strerror(en));
		}
		got += (size_t)n;
	}
	close(fd);
	if (parse(buf, size, flags, e, err, errlen) != 0) {
		free(buf);
		memset(e, 0, sizeof *e);
		return -1;
	}
	e->owned = true;
	return 0;
}

/* Zeroes a segment's bss. Whole host pages are given back to the kernel (the guest memory is a
 * private anonymous mapping: they read as zeros again and take no host memory until touched),
 * as Linux maps a bss: a huge p_memsz must not commit host memory or take time. */
static void zero(uint8_t *p, uint64_t len)
{
	uintptr_t pg = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t lo = ((uintptr_t)p + pg - 1) & ~(pg - 1), hi = ((uintptr_t)p + len) & ~(pg - 1);
	if (hi > lo && madvise((void *)lo, hi - lo, MADV_DONTNEED) == 0) {
		memset(p, 0, lo - (uintptr_t)p);
		memset((void *)hi, 0, (uintptr_t)p + len - hi);
	} else {
		memset(p, 0, len);
	}
}

int k64_elf_load(struct k64_elf *e, struct k64_mem *m, uint64_t bias, bool set_perms,
		 char *err, size_t errlen)
{
	if (e->load_lo + bias < e->load_lo || e->load_hi + bias < e->load_hi ||
	    !k64_mem_contains(m, e->load_lo + bias, e->load_hi - e->load_lo))
		return fail(err, errlen, "program does not fit the address space ([0x%llx, 0x%llx))",
			    (unsigned long long)(e->load_lo + bias), (unsigned long long)(e->load_hi + bias));
	e->bias = bias;
	for (unsigned i = 0; i < e->nseg; i++) {
		const struct k64_elf_seg *s = &e->seg[i];
		uint64_t a = s->vaddr + bias;
		if (set_perms && k64_mem_set_perm(m, a, s->memsz, K64_PERM_R | K64_PERM_W) != 0)
			return fail(err, errlen, "cannot map segment at 0x%llx", (unsigned long long)a);
		uint8_t *p = k64_mem_host(m, a, s->memsz, 0);
		if (!p)
			return fail(err, errlen, "segment at 0x%llx (0x%llx bytes) is outside memory",
				    (unsigned long long)a, (unsigned long long)s->memsz);
		memcpy(p, e->data + s->offset, s->filesz);
		zero(p + s->filesz, s->memsz - s->filesz);
	}
	if (!set_perms)
		return 0;
	/* Final permissions; a page shared by neighbouring segments gets the union. */
	for (unsigned i = 0; i < e->nseg; i++) {
		const struct k64_elf_seg *s = &e->seg[i];
		k64_mem_set_perm(m, s->vaddr + bias, s->memsz, s->perm);
	}
	for (unsigned i = 1; i < e->nseg; i++) {
		const struct k64_elf_seg *a = &e->seg[i - 1], *b = &e->seg[i];
		uint64_t a_last = (a->vaddr + a->memsz - 1) & ~PAGE_MASK;
		if (a_last == (b->vaddr & ~PAGE_MASK))
			k64_mem_set_perm(m, a_last + bias, 1, a->perm | b->perm);
	}
	return 0;
}

int k64_elf_symbols(const struct k64_elf *e, int (*fn)(void *ctx, const struct k64_elf_sym *s), void *ctx)
{
	const uint8_t *h = e->data;
	if (!h || e->size < EHDR_SIZE)
		return -1;
	uint64_t shoff = rd64(h + 40);
	unsigned shentsize = rd16(h + 58), shnum = rd16(h + 60);
	if (shoff == 0 || shnum == 0)
		return 0;
	if (shentsize != SHDR_SIZE || !in_file(shoff, (uint64_t)shnum * SHDR_SIZE, e->size))
		return -1;
	for (unsigned i = 0; i < shnum; i++) {
		const uint8_t *sh = h + shoff + (uint64_t)i * SHDR_SIZE;
		if (rd32(sh + 4) != SHT_SYMTAB)
			continue;
		uint64_t off = rd64(sh + 24), sz = rd64(sh + 32);
		unsigned link = rd32(sh + 40);
		if (!in_file(off, sz, e->size) || link >= shnum)
			return -1;
		const uint8_t *str = h + shoff + (uint64_t)link * SHDR_SIZE;
		uint64_t stroff = rd64(str + 24), strsz = rd64(str + 32);
		if (rd32(str + 4) != SHT_STRTAB || !in_file(stroff, strsz, e->size))
			return -1;
		for (uint64_t k = 0; k + SYM_SIZE <= sz; k += SYM_SIZE) {
			const uint8_t *sym = h + off + k;
			uint32_t st_name = rd32(sym);
			const char *name = (const char *)h + stroff + st_name;
			struct k64_elf_sym s = {
				.name = name, .value = rd64(sym + 8), .size = rd64(sym + 16),
				.type = sym[4] & 15, .bind = sym[4] >> 4, .shndx = rd16(sym + 6),
			};
			if (s.shndx == 0 || st_name >= strsz || !memchr(name, 0, strsz - st_name))
				continue;
			int r = fn(ctx, &s);
			if (r)
				return r;
		}
	}
	return 0;
}

int k64_elf_symbol(const struct k64_elf *e, const char *name, uint64_t *value)
{
	const uint8_t *h = e->data;
	if (!h || e->size < EHDR_SIZE)
		return -1;
	uint64_t shoff = rd64(h + 40);
	unsigned shentsize = rd16(h + 58), shnum = rd16(h + 60);
	if (shoff == 0 || shnum == 0 || shentsize != SHDR_SIZE ||
	    !in_file(shoff, (uint64_t)shnum * SHDR_SIZE, e->size))
		return -1;
	for (unsigned i = 0; i < shnum; i++) {
		const uint8_t *sh = h + shoff + (uint64_t)i * SHDR_SIZE;
		if (rd32(sh + 4) != SHT_SYMTAB)
			continue;
		uint64_t off = rd64(sh + 24), sz = rd64(sh + 32);
		unsigned link = rd32(sh + 40);
		if (!in_file(off, sz, e->size) || link >= shnum)
			return -1;
		const uint8_t *str = h + shoff + (uint64_t)link * SHDR_SIZE;
		uint64_t stroff = rd64(str + 24), strsz = rd64(str + 32);
		if (rd32(str + 4) != SHT_STRTAB || !in_file(stroff, strsz, e->size))
			return -1;
		size_t nlen = strlen(name);
		for (uint64_t k = 0; k + SYM_SIZE <= sz; k += SYM_SIZE) {
			const uint8_t *sym = h + off + k;
			uint32_t st_name = rd32(sym);
			if (st_name >= strsz || nlen >= strsz - st_name)
				continue;
			const char *s = (const char *)h + stroff + st_name;
			if (memcmp(s, name, nlen + 1) == 0 && rd16(sym + 6) != 0 /* defined */) {
				*value = rd64(sym + 8);
				return 0;
			}
		}
	}
	return -1;
}

/* File offset of [vaddr, vaddr + len) when one PT_LOAD segment holds it in the file. */
static bool vaddr_to_off(const struct k64_elf *e, uint64_t vaddr, uint64_t len, uint64_t *off)
{
	for (unsigned i = 0; i < e->nseg; i++) {
		const struct k64_elf_seg *s = &e->seg[i];
		if (vaddr - s->vaddr < s->filesz && len <= s->filesz - (vaddr - s->vaddr)) {
			*off = s->offset + (vaddr - s->vaddr);
			return true;
		}
	}
	return false;
}

int k64_elf_dynamic_strings(const struct k64_elf *e, void (*fn)(void *ctx, uint64_t tag, const char *s),
			    void *ctx)
{
	enum { DT_NULL = 0, DT_NEEDED = 1, DT_STRTAB = 5, DT_STRSZ = 10, DT_RPATH = 15, DT_RUNPATH = 29 };
	if (!e->dyn_size)
		return 0;
	const uint8_t *d = e->data + e->dyn_off;
	uint64_t n = e->dyn_size / 16, strtab = 0, strsz = 0;
	for (uint64_t i = 0; i < n && rd64(d + 16 * i) != DT_NULL; i++) {
		uint64_t tag = rd64(d + 16 * i), val = rd64(d + 16 * i + 8);
		if (tag == DT_STRTAB)
			strtab = val;
		else if (tag == DT_STRSZ)
			strsz = val;
	}
	uint64_t stroff;
	if (!strsz || !vaddr_to_off(e, strtab, strsz, &stroff))
		return -1;
	const char *str = (const char *)e->data + stroff;
	for (uint64_t i = 0; i < n && rd64(d + 16 * i) != DT_NULL; i++) {
		uint64_t tag = rd64(d + 16 * i), val = rd64(d + 16 * i + 8);
		if (tag != DT_NEEDED && tag != DT_RPATH && tag != DT_RUNPATH)
			continue;
		if (val >= strsz || !memchr(str + val, 0, strsz - val))
			return -1;
		fn(ctx, tag, str + val);
	}
	return 0;
}

void k64_elf_close(struct k64_elf *e)
{
	if (e->owned)
		free(e->data);
	memset(e, 0, sizeof *e);
}
