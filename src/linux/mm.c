/* Guest memory management system calls: brk, mmap, munmap, mprotect, mremap, madvise.
 * Mappings are page permissions in the arena (mem.h); K64_LINUX_PERM_MAPPED marks every
 * guest mapping so PROT_NONE pages are not mistaken for free ones. Private file mappings
 * copy the file contents in (there is one process, so G_MAP_SHARED anonymous memory is the
 * same as private). Flag values: include/uapi/asm-generic/mman-common.h. */
#define _GNU_SOURCE
#include "linux/internal.h"
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <string.h>
#include <unistd.h>

#define G_PROT_READ  1u
#define G_PROT_WRITE 2u
#define G_PROT_EXEC  4u
#define G_PROT_GROWSDOWN 0x01000000u
#define G_PROT_GROWSUP   0x02000000u
#define G_MAP_SHARED 0x01u
#define G_MAP_PRIVATE 0x02u
#define G_MAP_SHARED_VALIDATE 0x03u
#define G_MAP_TYPE 0x0fu
#define G_MAP_FIXED 0x10u
#define G_MAP_ANONYMOUS 0x20u
#define G_MAP_FIXED_NOREPLACE 0x100000u
#define G_MREMAP_MAYMOVE 1u
#define G_MREMAP_FIXED 2u
#define G_MREMAP_DONTUNMAP 4u
#define G_MADV_DONTNEED 4
#define MMAP_MIN 0x10000ull            /* vm.mmap_min_addr */
#define PAGE K64_PAGE_SIZE
#define PAGE_MASK (K64_PAGE_SIZE - 1)

static unsigned prot_perm(uint64_t prot)
{
	/* RISC-V has no write-only pages: Linux maps G_PROT_WRITE as read-write. */
	return (prot & G_PROT_READ ? K64_PERM_R : 0) | (prot & G_PROT_WRITE ? K64_PERM_R | K64_PERM_W : 0) |
	       (prot & G_PROT_EXEC ? K64_PERM_X : 0) | K64_LINUX_PERM_MAPPED;
}

bool k64_linux_page_mapped(struct k64_linux *lx, uint64_t addr)
{
	return (k64_mem_page_perm(lx->m, addr) & (K64_PERM_RWX | K64_LINUX_PERM_MAPPED)) != 0;
}

/* Before pages change or disappear: drop decoded blocks if any of them holds code (the
 * block cache is dropped whole, so only when needed: munmap of data is frequent) and the
 * software TLB. */
static void invalidate(struct k64_linux *lx, uint64_t addr, uint64_t len)
{
	for (uint64_t a = addr & ~PAGE_MASK; a < addr + len; a += PAGE)
		if (k64_mem_page_perm(lx->m, a) & K64_PERM_CODE) {
			k64_cache_flush(lx->h);
			break;
		}
	k64_tlb_flush(lx->h);
}

/* The user address range [addr, addr + len) lies in the arena (len > 0, page-aligned). */
static bool user_range(uint64_t addr, uint64_t len)
{
	return addr >= MMAP_MIN && addr + len > addr && addr + len <= K64_LINUX_ARENA_SIZE;
}

static bool range_free(struct k64_linux *lx, uint64_t addr, uint64_t len)
{
	for (uint64_t a = addr; a < addr + len; a += PAGE)
		if (k64_linux_page_mapped(lx, a))
			return false;
	return true;
}

static bool range_any_mapped(struct k64_linux *lx, uint64_t addr, uint64_t len)
{
	return !range_free(lx, addr, len);
}

/* Top-down search below K64_LINUX_MMAP_TOP, as Linux's default mmap layout. */
static uint64_t find_free(struct k64_linux *lx, uint64_t len)
{
	uint64_t top = K64_LINUX_MMAP_TOP, run = 0;
	for (uint64_t a = top; a >= MMAP_MIN + PAGE; a -= PAGE) {
		if (k64_linux_page_mapped(lx, a - PAGE)) {
			run = 0;
			top = a - PAGE;
			continue;
		}
		run += PAGE;
		if (run == len)
			return top - len;
	}
	return 0;
}

static void unmap(struct k64_linux *lx, uint64_t addr, uint64_t len)
{
	invalidate(lx, addr, len);
	k64_mem_set_perm(lx->m, addr, len, 0);
}

static int64_t sys_brk(struct k64_linux *lx, uint64_t want)
{
	uint64_t cur_end = (lx->brk_cur + PAGE_MASK) & ~PAGE_MASK;
	if (want < lx->brk_start || want > lx->stack_lo - (1ull << 30))
		return (int64_t)lx->brk_cur;
	uint64_t new_end = (want + PAGE_MASK) & ~PAGE_MASK;
	if (new_end > cur_end) {
		if (range_any_mapped(lx, cur_end, new_end - cur_end))
			return (int64_t)lx->brk_cur;
		k64_mem_set_perm(lx->m, cur_end, new_end - cur_end, K64_PERM_R | K64_PERM_W | K64_LINUX_PERM_MAPPED);
	} else if (new_end < cur_end) {
		unmap(lx, new_end, cur_end - new_end);
	}
	lx->brk_cur = want;
	return (int64_t)want;
}

static int64_t sys_mmap(struct k64_linux *lx, uint64_t addr, uint64_t len, uint64_t prot,
			uint64_t flags, int64_t fd, uint64_t off)
{
	uint32_t type = flags & G_MAP_TYPE;
	if (type != G_MAP_PRIVATE && type != G_MAP_SHARED && type != G_MAP_SHARED_VALIDATE)
		return KERR(EINVAL);
	if (prot & ~(uint64_t)(G_PROT_READ | G_PROT_WRITE | G_PROT_EXEC | G_PROT_GROWSDOWN | G_PROT_GROWSUP))
		return KERR(EINVAL);
	if (len == 0 || (off & PAGE_MASK))
		return KERR(EINVAL);
	uint64_t size = (len + PAGE_MASK) & ~PAGE_MASK;
	if (size < len || size > K64_LINUX_ARENA_SIZE)
		return KERR(ENOMEM);
	bool anon = flags & G_MAP_ANONYMOUS;
	int hfd = -1;
	if (!anon) {
		hfd = k64_linux_hostfd(lx, fd);
		if (hfd < 0)
			return KERR(EBADF);
		/* A writable shared file mapping would need writes to reach the file. */
		if (type != G_MAP_PRIVATE && (prot & G_PROT_WRITE))
			return KERR(ENODEV);
	}
	bool fixed = flags & (G_MAP_FIXED | G_MAP_FIXED_NOREPLACE);
	uint64_t at;
	if (fixed) {
		if (addr & PAGE_MASK)
			return KERR(EINVAL);
		if (!user_range(addr, size))
			return KERR(ENOMEM);
		if (range_any_mapped(lx, addr, size)) {
			if (!(flags & G_MAP_FIXED))
				return KERR(EEXIST);
			unmap(lx, addr, size);
		}
		at = addr;
	} else {
		uint64_t hint = addr & ~PAGE_MASK;
		if (hint && user_range(hint, size) && range_free(lx, hint, size))
			at = hint;
		else if (!(at = find_free(lx, size)))
			return KERR(ENOMEM);
	}
	if (!anon) {
		/* Copy the file in while the pages are writable, then apply prot. */
		k64_mem_set_perm(lx->m, at, size, K64_PERM_R | K64_PERM_W | K64_LINUX_PERM_MAPPED);
		uint8_t *p = k64_mem_host(lx->m, at, size, K64_PERM_W);
		uint64_t done = 0;
		while (done < size) {
			ssize_t n = pread(hfd, p + done, size - done, (off_t)(off + done));
			if (n < 0 && errno == EINTR)
				continue;
			if (n < 0) {
				int e = errno;
				unmap(lx, at, size);
				return KERR(e == EISDIR ? ENODEV : e);
			}
			if (n == 0)
				break;
			done += (uint64_t)n;
		}
	}
	k64_mem_set_perm(lx->m, at, size, prot_perm(prot));
	return (int64_t)at;
}

static int64_t sys_munmap(struct k64_linux *lx, uint64_t addr, uint64_t len)
{
	if ((addr & PAGE_MASK) || len == 0)
		return KERR(EINVAL);
	uint64_t size = (len + PAGE_MASK) & ~PAGE_MASK;
	if (size < len || addr + size < addr || addr + size > K64_LINUX_ARENA_SIZE)
		return KERR(EINVAL);
	unmap(lx, addr, size);
	return 0;
}

static int64_t sys_mprotect(struct k64_linux *lx, uint64_t addr, uint64_t len, uint64_t prot)
{
	if (addr & PAGE_MASK)
		return KERR(EINVAL);
	if (prot & ~(uint64_t)(G_PROT_READ | G_PROT_WRITE | G_PROT_EXEC | G_PROT_GROWSDOWN | G_PROT_GROWSUP))
		return KERR(EINVAL);
	uint64_t size = (len + PAGE_MASK) & ~PAGE_MASK;
	if (size < len || addr + size < addr)
		return KERR(ENOMEM);
	if (size == 0)
		return 0;
	if (addr + size > K64_LINUX_ARENA_SIZE)
		return KERR(ENOMEM);
	for (uint64_t a = addr; a < addr + size; a += PAGE)
		if (!k64_linux_page_mapped(lx, a))
			return KERR(ENOMEM);
	invalidate(lx, addr, size);
	k64_mem_set_perm(lx->m, addr, size, prot_perm(prot));
	return 0;
}

static int64_t sys_mremap(struct k64_linux *lx, uint64_t old, uint64_t old_len, uint64_t new_len,
			  uint64_t flags, uint64_t new_addr)
{
	if (flags & ~(uint64_t)(G_MREMAP_MAYMOVE | G_MREMAP_FIXED | G_MREMAP_DONTUNMAP))
		return KERR(EINVAL);
	if ((flags & G_MREMAP_FIXED) && !(flags & G_MREMAP_MAYMOVE))
		return KERR(EINVAL);
	if (flags & G_MREMAP_DONTUNMAP)
		return KERR(EINVAL);
	if (old & PAGE_MASK)
		return KERR(EINVAL);
	uint64_t osz = (old_len + PAGE_MASK) & ~PAGE_MASK, nsz = (new_len + PAGE_MASK) & ~PAGE_MASK;
	if (osz < old_len || nsz < new_len || nsz == 0 || nsz > K64_LINUX_ARENA_SIZE)
		return KERR(EINVAL);
	if (osz == 0 || !user_range(old, osz))
		return KERR(EFAULT);
	for (uint64_t a = old; a < old + osz; a += PAGE)
		if (!k64_linux_page_mapped(lx, a))
			return KERR(EFAULT);
	if (!(flags & G_MREMAP_FIXED)) {
		if (nsz <= osz) {
			if (nsz < osz) {
				unmap(lx, old + nsz, osz - nsz);
			}
			return (int64_t)old;
		}
		if (user_range(old + osz, nsz - osz) && range_free(lx, old + osz, nsz - osz)) {
			unsigned perm = k64_mem_page_perm(lx->m, old + osz - PAGE) & (K64_PERM_RWX | K64_LINUX_PERM_MAPPED);
			k64_mem_set_perm(lx->m, old + osz, nsz - osz, perm);
			return (int64_t)old;
		}
		if (!(flags & G_MREMAP_MAYMOVE))
			return KERR(ENOMEM);
	}
	uint64_t to;
	if (flags & G_MREMAP_FIXED) {
		if ((new_addr & PAGE_MASK) || !user_range(new_addr, nsz))
			return KERR(EINVAL);
		if (new_addr < old + osz && old < new_addr + nsz)
			return KERR(EINVAL);
		unmap(lx, new_addr, nsz);
		to = new_addr;
	} else if (!(to = find_free(lx, nsz))) {
		return KERR(ENOMEM);
	}
	/* Move page by page, keeping each page's permissions; growth takes the last page's. */
	uint64_t copy = nsz < osz ? nsz : osz;
	for (uint64_t i = 0; i < nsz; i += PAGE) {
		unsigned perm = k64_mem_page_perm(lx->m, old + (i < copy ? i : osz - PAGE)) &
				(K64_PERM_RWX | K64_LINUX_PERM_MAPPED);
		k64_mem_set_perm(lx->m, to + i, PAGE, perm | K64_PERM_R);
		if (i < copy)
			memcpy(lx->m->host + to + i, lx->m->host + old + i, PAGE);
		k64_mem_set_perm(lx->m, to + i, PAGE, perm);
	}
	unmap(lx, old, osz);
	return (int64_t)to;
}

static int64_t sys_madvise(struct k64_linux *lx, uint64_t addr, uint64_t len, int64_t advice)
{
	if (addr & PAGE_MASK)
		return KERR(EINVAL);
	uint64_t size = (len + PAGE_MASK) & ~PAGE_MASK;
	if (size < len || addr + size < addr || addr + size > K64_LINUX_ARENA_SIZE)
		return KERR(EINVAL);
	int64_t r = 0;
	if (advice == G_MADV_DONTNEED)
		invalidate(lx, addr, size);
	for (uint64_t a = addr; a < addr + size; a += PAGE) {
		if (!k64_linux_page_mapped(lx, a)) {
			r = KERR(ENOMEM);
			continue;
		}
		/* Private anonymous pages read as zero after G_MADV_DONTNEED (and may after
		 * G_MADV_FREE): zero them so programs relying on it behave as on Linux. */
		if (advice == G_MADV_DONTNEED)
			memset(lx->m->host + a, 0, PAGE);
	}
	return r;
}

int64_t k64_linux_sys_mm(struct k64_linux *lx, uint64_t nr, const uint64_t *a, bool *handled)
{
	*handled = true;
	switch (nr) {
	case 214: return sys_brk(lx, a[0]);
	case 215: return sys_munmap(lx, a[0], a[1]);
	case 216: return sys_mremap(lx, a[0], a[1], a[2], a[3], a[4]);
	case 222: return sys_mmap(lx, a[0], a[1], a[2], a[3], (int32_t)a[4], a[5]);
	case 226: return sys_mprotect(lx, a[0], a[1], a[2]);
	case 227: return 0;          /* msync: private copies have nothing to write back */
	case 228: case 229: case 230: case 231: case 284:
		return 0;            /* mlock family: all guest memory is resident */
	case 233: return sys_madvise(lx, a[0], a[1], (int32_t)a[2]);
	}
	*handled = false;
	return 0;
}

/* ---- /proc/self/maps ---------------------------------------------------------------------- */
static const char *region_name(struct k64_linux *lx, uint64_t a)
{
	if (a >= lx->image_lo && a < lx->image_hi)
		return lx->exe;
	if (a >= lx->brk_start && a < ((lx->brk_cur + PAGE_MASK) & ~PAGE_MASK))
		return "[heap]";
	if (a >= lx->stack_lo && a < K64_LINUX_STACK_TOP)
		return "[stack]";
	if (a == K64_LINUX_SIGTRAMP)
		return "[sigreturn]";
	return "";
}

int k64_linux_memfd(const void *data, size_t len)
{
	int fd = memfd_create("karu64-proc", MFD_CLOEXEC);
	if (fd < 0)
		return (int)KERR(errno);
	const uint8_t *p = data;
	while (len) {
		ssize_t n = write(fd, p, len);
		if (n <= 0) {
			close(fd);
			return (int)KERR(EIO);
		}
		p += n;
		len -= (size_t)n;
	}
	lseek(fd, 0, SEEK_SET);
	return fd;
}

int k64_linux_maps_fd(struct k64_linux *lx)
{
	char *text = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&text, &size);
	if (!f)
		return (int)KERR(ENOMEM);
	const uint8_t *perm = lx->m->perm;
	uint64_t npages = lx->m->size >> K64_PAGE_SHIFT;
	uint64_t i = 0;
	while (i < npages) {
		if (!(i & 7) && i + 8 <= npages) {   /* skip unmapped space a word at a time */
			uint64_t w;
			memcpy(&w, perm + i, 8);
			if (!w) {
				i += 8;
				continue;
			}
		}
		unsigned p = perm[i] & (K64_PERM_RWX | K64_LINUX_PERM_MAPPED);
		if (!p) {
			i++;
			continue;
		}
		uint64_t start = i << K64_PAGE_SHIFT;
		const char *name = region_name(lx, start);
		uint64_t j = i + 1;
		while (j < npages && (perm[j] & (K64_PERM_RWX | K64_LINUX_PERM_MAPPED)) == p &&
		       region_name(lx, j << K64_PAGE_SHIFT) == name)
			j++;
		fprintf(f, "%08llx-%08llx %c%c%cp 00000000 00:00 0%s%s\n", (unsigned long long)start,
			(unsigned long long)(j << K64_PAGE_SHIFT), p & K64_PERM_R ? 'r' : '-',
			p & K64_PERM_W ? 'w' : '-', p & K64_PERM_X ? 'x' : '-', *name ? "                          " : "",
			name);
		i = j;
	}
	fclose(f);
	int fd = k64_linux_memfd(text, size);
	free(text);
	return fd;
}
