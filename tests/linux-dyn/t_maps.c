/* A dynamically linked program's view of itself: /proc/self/maps names libc's mappings, and the
 * offsets there are right (the bytes at an address equal the file's bytes at offset + (address
 * - start)); /proc/self/exe is the program; the auxiliary vector points at the dynamic linker
 * (AT_BASE holds its ELF header, AT_PHDR/AT_ENTRY the program's); a file the program maps
 * itself keeps its name and offsets through a partial munmap and an mremap.
 * Usage: t_maps ABSOLUTE-PATH-OF-THIS-PROGRAM */
#define _GNU_SOURCE
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <stdint.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <unistd.h>
#include "../linux/check.h"

extern char _start[];

struct line {
	unsigned long lo, hi, off, ino;
	char perms[8], path[400];
};

/* The /proc/self/maps line containing addr, or 0. */
static int find(uintptr_t addr, struct line *out)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char buf[512];
	int found = 0;
	while (f && !found && fgets(buf, sizeof buf, f)) {
		struct line l = { 0 };
		unsigned maj, min;
		int n = sscanf(buf, "%lx-%lx %7s %lx %x:%x %lu %399s", &l.lo, &l.hi, l.perms, &l.off, &maj, &min,
			       &l.ino, l.path);
		if (n >= 7 && addr >= l.lo && addr < l.hi) {
			*out = l;
			found = 1;
		}
	}
	if (f)
		fclose(f);
	return found;
}

/* The mapped bytes at addr equal the named file's at the offset the line gives. */
static int same_as_file(const struct line *l, uintptr_t addr, size_t n)
{
	int fd = open(l->path, O_RDONLY);
	unsigned char buf[256];
	int ok = fd >= 0 && n <= sizeof buf && pread(fd, buf, n, (off_t)(l->off + (addr - l->lo))) == (ssize_t)n &&
		 memcmp(buf, (void *)addr, n) == 0;
	if (fd >= 0)
		close(fd);
	return ok;
}

static int count_libc(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	if (strstr(info->dlpi_name, "libc.so.6"))
		*(uintptr_t *)data = info->dlpi_addr;
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: t_maps ABSOLUTE-PATH-OF-THIS-PROGRAM\n");
		return 2;
	}
	struct line l;
	uintptr_t fn = (uintptr_t)&fopen;   /* a libc function's address */
	CHECK(find(fn, &l), "maps has a line containing fopen (%#lx)", (unsigned long)fn);
	CHECK(strstr(l.path, "/libc.so.6") != NULL, "fopen's mapping names libc.so.6 (%s)", l.path);
	CHECK(!strcmp(l.perms, "r-xp"), "fopen's mapping is r-xp (%s)", l.perms);
	CHECK(l.ino != 0, "libc mapping has an inode");
	CHECK(same_as_file(&l, fn, 64), "64 bytes at fopen equal libc.so.6 at the mapping's offset");

	uintptr_t libc_base = 0;
	dl_iterate_phdr(count_libc, &libc_base);
	CHECK(libc_base != 0, "dl_iterate_phdr lists libc.so.6");
	struct line b;
	CHECK(libc_base && find(libc_base, &b) && strstr(b.path, "/libc.so.6") && b.off == 0,
	      "libc's load address starts a libc.so.6 mapping at offset 0");
	CHECK(libc_base && !memcmp((void *)libc_base, ELFMAG, SELFMAG), "libc's ELF header is mapped at its base");
	/* The writable data of libc: a variable's address is in a libc.so.6 rw-p mapping. */
	CHECK(find((uintptr_t)&stdout, &l) && strstr(l.path, "/libc.so.6") && !strcmp(l.perms, "rw-p") && l.off != 0,
	      "&stdout lies in a libc.so.6 rw-p mapping at a nonzero offset (%s %s %#lx)", l.path, l.perms, l.off);

	/* A file mapped by the program: four pages of libc from offset 0x1000, the second page
	 * unmapped, the fourth moved by mremap; every piece keeps its name and file offset. */
	char libc[400];
	snprintf(libc, sizeof libc, "%s", b.path);
	int fd = open(libc, O_RDONLY);
	char *m = fd >= 0 ? mmap(NULL, 4 * 4096, PROT_READ, MAP_PRIVATE, fd, 0x1000) : MAP_FAILED;
	CHECK(m != MAP_FAILED, "mmap 4 pages of %s at offset 0x1000", libc);
	if (m != MAP_FAILED) {
		CHECK(find((uintptr_t)m, &l) && !strcmp(l.path, libc) && l.off == 0x1000 && !strcmp(l.perms, "r--p"),
		      "the mapping names the file at offset 0x1000 (%s %s %#lx)", l.path, l.perms, l.off);
		munmap(m + 4096, 4096);
		CHECK(!find((uintptr_t)m + 4096, &l), "the unmapped second page is gone");
		CHECK(find((uintptr_t)m + 2 * 4096, &l) && !strcmp(l.path, libc) && l.off == 0x3000 &&
		      l.lo == (uintptr_t)m + 2 * 4096, "the third page starts a mapping at offset 0x3000 (%#lx)", l.off);
		char *to = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		char *moved = mremap(m + 3 * 4096, 4096, 4096, MREMAP_MAYMOVE | MREMAP_FIXED, to);
		CHECK(moved == to && find((uintptr_t)to, &l) && !strcmp(l.path, libc) && l.off == 0x4000,
		      "mremap moves the fourth page with its name and offset 0x4000 (%#lx)", l.off);
		CHECK(moved == to && same_as_file(&l, (uintptr_t)to, 64), "the moved page holds the file's bytes");
		munmap(m, 3 * 4096);
		munmap(to, 4096);
	}
	if (fd >= 0)
		close(fd);

	/* The program itself. */
	char exe[400];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	exe[n > 0 ? n : 0] = 0;
	CHECK(!strcmp(exe, argv[1]), "/proc/self/exe = %s (expected %s)", exe, argv[1]);
	CHECK(find((uintptr_t)main, &l) && !strcmp(l.path, argv[1]) && !strcmp(l.perms, "r-xp"),
	      "main lies in an r-xp mapping of the program (%s)", l.path);
	CHECK(same_as_file(&l, (uintptr_t)main, 32), "32 bytes at main equal the program file's");

	/* Auxiliary vector of a dynamically linked program. */
	uintptr_t base = getauxval(AT_BASE);
	CHECK(base != 0 && base % 4096 == 0, "AT_BASE %#lx is a page address", (unsigned long)base);
	CHECK(base && !memcmp((void *)base, ELFMAG, SELFMAG) && ((Elf64_Ehdr *)base)->e_type == ET_DYN,
	      "AT_BASE holds the dynamic linker's ELF header");
	CHECK(base && find(base, &l) && strstr(l.path, "ld-linux-riscv64-lp64d.so.1") && l.off == 0,
	      "AT_BASE starts the dynamic linker's mapping (%s)", l.path);
	CHECK_EQ(getauxval(AT_ENTRY), (uintptr_t)_start, "AT_ENTRY = the program's _start");
	const Elf64_Phdr *ph = (const Elf64_Phdr *)getauxval(AT_PHDR);
	int interp = 0;
	for (unsigned long i = 0; ph && i < getauxval(AT_PHNUM); i++)
		if (ph[i].p_type == PT_INTERP)
			interp = 1;
	CHECK(interp, "AT_PHDR/AT_PHNUM are the program's headers (they hold PT_INTERP)");
	CHECK_EQ(getauxval(AT_PHENT), sizeof(Elf64_Phdr), "AT_PHENT");
	CHECK_EQ(getauxval(AT_PAGESZ), 4096, "AT_PAGESZ");
	CHECK(getauxval(AT_RANDOM) != 0, "AT_RANDOM present");
	const char *execfn = (const char *)getauxval(AT_EXECFN);
	CHECK(execfn && !strcmp(execfn, argv[0]), "AT_EXECFN = argv[0]");
	return t_done();
}
