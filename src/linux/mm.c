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
#include <sys/stat.h>
#include <sys/sysmacros.h>
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

/* --host-mem-limit: would backing the pages of [addr, addr + len) not yet backed pass the
 * ceiling? Linux fails a mapping past its commit limit with ENOMEM the same way (mm/mmap.c,
 * __vm_enough_memory); a PROT_NONE reservation costs nothing until it becomes accessible. */
static bool over_limit(struct k64_linux *lx, uint64_t addr, uint64_t len)
{
	uint64_t limit = lx->cfg.mem_limit >> K64_PAGE_SHIFT;
	if (!lx->cfg.mem_limit || lx->m->backed + (len >> K64_PAGE_SHIFT) <= limit)
		return false;
	uint64_t more = 0;
	for (uint64_t a = addr & ~PAGE_MASK; a < addr + len; a += PAGE)
		more += !(k64_mem_page_perm(lx->m, a) & K64_PERM_BACKED);
	return lx->m->backed + more > limit;
}

/* ---- file-backed mappings (names for /proc/self/maps) ------------------------------------ */
static int vma_insert(struct k64_linux *lx, size_t at, const struct k64_linux_vma *v)
{
	if (lx->nvma == lx->vma_cap) {
		size_t cap = lx->vma_cap ? 2 * lx->vma_cap : 16;
		struct k64_linux_vma *n = realloc(lx->vma, cap * sizeof *n);
		if (!n)
			return (int)KERR(ENOMEM);
		lx->vma = n;
		lx->vma_cap = cap;
	}
	memmove(&lx->vma[at + 1], &lx->vma[at], (lx->nvma - at) * sizeof *lx->vma);
	lx->vma[at] = *v;
	lx->nvma++;
	return 0;
}

/* Forgets the file names of [lo, hi), splitting a mapping that straddles it. */
static void vma_clear(struct k64_linux *lx, uint64_t lo, uint64_t hi)
{
	for (size_t i = 0; i < lx->nvma;) {
		struct k64_linux_vma *v = &lx->vma[i];
		if (v->hi <= lo || v->lo >= hi) {
			i++;
		} else if (v->lo >= lo && v->hi <= hi) {
			free(v->name);
			memmove(v, v + 1, (lx->nvma - i - 1) * sizeof *v);
			lx->nvma--;
		} else if (v->lo < lo && v->hi > hi) {
			struct k64_linux_vma tail = *v;
			tail.off += hi - v->lo;
			tail.lo = hi;
			tail.name = strdup(v->name);
			v->hi = lo;
			if (!tail.name || vma_insert(lx, i + 1, &tail) != 0)
				free(tail.name);   /* out of memory: the tail loses its name */
			i += 2;
		} else if (v->lo < lo) {
			v->hi = lo;
			i++;
		} else {
			v->off += hi - v->lo;
			v->lo = hi;
			i++;
		}
	}
}

int k64_linux_vma_file(struct k64_linux *lx, uint64_t lo, uint64_t hi, uint64_t off, int hfd,
		       const char *path)
{
	vma_clear(lx, lo, hi);
	if (lx->nvma >= K64_LINUX_MAX_VMAS)
		return (int)KERR(ENOMEM);
	struct k64_linux_vma v = { .lo = lo, .hi = hi, .off = off };
	char buf[PATH_MAX];
	struct stat st;
	if (hfd >= 0) {
		char link[64];
		snprintf(link, sizeof link, "/proc/self/fd/%d", hfd);
		ssize_t n = readlink(link, buf, sizeof buf - 1);
		buf[n > 0 ? n : 0] = 0;
		path = buf;
		if (fstat(hfd, &st) != 0)
			memset(&st, 0, sizeof st);
	} else if (stat(path, &st) != 0) {
		memset(&st, 0, sizeof st);
	}
	v.dev = st.st_dev;
	v.ino = st.st_ino;
	if (!(v.name = strdup(path)))
		return (int)KERR(ENOMEM);
	size_t at = 0;
	while (at < lx->nvma && lx->vma[at].lo < lo)
		at++;
	int r = vma_insert(lx, at, &v);
	if (r)
		free(v.name);
	return r;
}

void k64_linux_vma_free(struct k64_linux *lx)
{
	for (size_t i = 0; i < lx->nvma; i++)
		free(lx->vma[i].name);
	free(lx->vma);
	lx->vma = NULL;
	lx->nvma = lx->vma_cap = 0;
}

/* mremap: the names of [from, from + len) move to [to, to + len). */
static void vma_move(struct k64_linux *lx, uint64_t from, uint64_t len, uint64_t to)
{
	size_t n = 0;
	for (size_t i = 0; i < lx->nvma; i++)
		n += lx->vma[i].lo < from + len && lx->vma[i].hi > from;
	if (!n)
		return;
	struct k64_linux_vma *moved = calloc(n, sizeof *moved);
	if (!moved)
		return;
	n = 0;
	for (size_t i = 0; i < lx->nvma; i++) {
		const struct k64_linux_vma *v = &lx->vma[i];
		if (v->lo >= from + len || v->hi <= from)
			continue;
		uint64_t lo = v->lo > from ? v->lo : from, hi = v->hi < from + len ? v->hi : from + len;
		moved[n] = *v;
		moved[n].off += lo - v->lo;
		moved[n].lo = lo - from + to;
		moved[n].hi = hi - from + to;
		moved[n].name = strdup(v->name);
		n++;
	}
	vma_clear(lx, from, from + len);
	vma_clear(lx, to, to + len);
	for (size_t k = 0; k < n; k++) {
		size_t at = 0;
		while (at < lx->nvma && lx->vma[at].lo < moved[k].lo)
			at++;
		if (!moved[k].name || lx->nvma >= K64_LINUX_MAX_VMAS || vma_insert(lx, at, &moved[k]) != 0)
			free(moved[k].name);
	}
	free(moved);
}

static void unmap(struct k64_linux *lx, uint64_t addr, uint64_t len)
{
	invalidate(lx, addr, len);
	k64_mem_set_perm(lx->m, addr, len, 0);
	vma_clear(lx, addr, addr + len);
}

static int64_t sys_brk(struct k64_linux *lx, uint64_t want)
{
	uint64_t cur_end = (lx->brk_cur + PAGE_MASK) & ~PAGE_MASK;
	if (want < lx->brk_start || want > lx->stack_lo - (1ull << 30))
		return (int64_t)lx->brk_cur;
	uint64_t new_end = (want + PAGE_MASK) & ~PAGE_MASK;
	if (new_end > cur_end) {
		if (range_any_mapped(lx, cur_end, new_end - cur_end) ||
		    over_limit(lx, cur_end, new_end - cur_end))
			return (int64_t)lx->brk_cur;   /* glibc and musl take this as ENOMEM */
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
	bool fixed = flags & (G_MAP_FIXED | G_MAP_FIXED_NOREPLACE), replace = false;
	uint64_t at;
	if (fixed) {
		if (addr & PAGE_MASK)
			return KERR(EINVAL);
		if (!user_range(addr, size))
			return KERR(ENOMEM);
		if (range_any_mapped(lx, addr, size)) {
			if (!(flags & G_MAP_FIXED))
				return KERR(EEXIST);
			replace = true;
		}
		at = addr;
	} else {
		uint64_t hint = addr & ~PAGE_MASK;
		if (hint && user_range(hint, size) && range_free(lx, hint, size))
			at = hint;
		else if (!(at = find_free(lx, size)))
			return KERR(ENOMEM);
	}
	/* A file mapping is copied in, so it is backed even without access. */
	if ((!anon || (prot_perm(prot) & K64_PERM_RWX)) && over_limit(lx, at, size))
		return KERR(ENOMEM);
	if (replace)
		unmap(lx, at, size);
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
		int r = k64_linux_vma_file(lx, at, at + size, off, hfd, NULL);
		if (r) {
			unmap(lx, at, size);
			return r;
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
	if ((prot_perm(prot) & K64_PERM_RWX) && over_limit(lx, addr, size))
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
			if ((perm & K64_PERM_RWX) && over_limit(lx, old + osz, nsz - osz))
				return KERR(ENOMEM);
			k64_mem_set_perm(lx->m, old + osz, nsz - osz, perm);
			return (int64_t)old;
		}
		if (!(flags & G_MREMAP_MAYMOVE))
			return KERR(ENOMEM);
	}
	/* A move backs the new range (its pages are written) before the old one is unmapped. */
	if (lx->cfg.mem_limit && (lx->m->backed + (nsz >> K64_PAGE_SHIFT)) * PAGE > lx->cfg.mem_limit)
		return KERR(ENOMEM);
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
	vma_move(lx, old, copy, to);
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
/* What /proc/self/maps says about the page at a: a file (with the offset of a in it) or a
 * special name, valid up to end. */
struct region {
	const char *name;
	uint64_t off, dev, ino, end;
};

static struct region region_at(const struct k64_linux *lx, uint64_t a)
{
	struct region r = { "", 0, 0, 0, UINT64_MAX };
	size_t i = 0;
	while (i < lx->nvma && lx->vma[i].hi <= a)
		i++;
	if (i < lx->nvma && lx->vma[i].lo <= a) {
		const struct k64_linux_vma *v = &lx->vma[i];
		r.name = v->name;
		r.off = v->off + (a - v->lo);
		r.dev = v->dev;
		r.ino = v->ino;
		r.end = v->hi;
		return r;
	}
	if (i < lx->nvma)
		r.end = lx->vma[i].lo;
	uint64_t heap_end = (lx->brk_cur + PAGE_MASK) & ~PAGE_MASK;
	if (a >= lx->brk_start && a < heap_end) {
		r.name = "[heap]";
		r.end = heap_end < r.end ? heap_end : r.end;
	} else if (a >= lx->stack_lo && a < K64_LINUX_STACK_TOP) {
		r.name = "[stack]";
		r.end = K64_LINUX_STACK_TOP < r.end ? K64_LINUX_STACK_TOP : r.end;
	} else if (a == K64_LINUX_SIGTRAMP) {
		r.name = "[sigreturn]";
		r.end = a + PAGE;
	} else {
		/* Anonymous memory ends where a special region starts. */
		uint64_t starts[] = { lx->brk_start, lx->stack_lo, K64_LINUX_SIGTRAMP };
		for (size_t k = 0; k < sizeof starts / sizeof starts[0]; k++)
			if (starts[k] > a && starts[k] < r.end)
				r.end = starts[k];
	}
	return r;
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
		struct region r = region_at(lx, start);
		uint64_t j = i + 1, end_page = r.end >> K64_PAGE_SHIFT;
		while (j < npages && j < end_page && (perm[j] & (K64_PERM_RWX | K64_LINUX_PERM_MAPPED)) == p)
			j++;
		/* fs/proc/task_mmu.c show_map_vma(): the name starts at column 73 (seq_pad). */
		int n = fprintf(f, "%08llx-%08llx %c%c%cp %08llx %02x:%02x %llu ", (unsigned long long)start,
				(unsigned long long)(j << K64_PAGE_SHIFT), p & K64_PERM_R ? 'r' : '-',
				p & K64_PERM_W ? 'w' : '-', p & K64_PERM_X ? 'x' : '-',
				(unsigned long long)r.off, major((dev_t)r.dev), minor((dev_t)r.dev),
				(unsigned long long)r.ino);
		if (*r.name)
			fprintf(f, "%*s%s", n < 73 ? 73 - n : 0, "", r.name);
		fputc('\n', f);
		i = j;
	}
	fclose(f);
	int fd = k64_linux_memfd(text, size);
	free(text);
	return fd;
}
