/* Guest memory arena and page permissions (see mem.h). */
#include "mem/mem.h"
#include <string.h>
#include <sys/mman.h>

int k64_mem_init(struct k64_mem *m, uint64_t base, uint64_t size)
{
	memset(m, 0, sizeof *m);
	size = (size + K64_PAGE_SIZE - 1) & ~(K64_PAGE_SIZE - 1);
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED)
		return -1;
	void *q = mmap(NULL, size >> K64_PAGE_SHIFT, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (q == MAP_FAILED) {
		munmap(p, size);
		return -1;
	}
	m->host = p;
	m->perm = q;
	m->base = base;
	m->size = size;
	return 0;
}

void k64_mem_free(struct k64_mem *m)
{
	if (m->host)
		munmap(m->host, m->size);
	if (m->perm)
		munmap(m->perm, m->size >> K64_PAGE_SHIFT);
	memset(m, 0, sizeof *m);
}

int k64_mem_set_perm(struct k64_mem *m, uint64_t addr, uint64_t len, unsigned perm)
{
	uint64_t start = addr & ~(K64_PAGE_SIZE - 1);
	uint64_t end = addr + len;
	if (end < addr)
		return -1;
	end = (end + K64_PAGE_SIZE - 1) & ~(K64_PAGE_SIZE - 1);
	if (!k64_mem_contains(m, start, end - start))
		return -1;
	uint64_t first = (start - m->base) >> K64_PAGE_SHIFT, n = (end - start) >> K64_PAGE_SHIFT;
	bool shrink = false;
	for (uint64_t i = 0; i < n; i++) {
		uint8_t old = m->perm[first + i];
		if (old & ~perm & K64_PERM_RWX)
			shrink = true;
		/* CODE, WATCH and BACKED marks survive a permission change of a still-mapped page. */
		unsigned now = perm ? perm | (old & (K64_PERM_CODE | K64_PERM_WATCH | K64_PERM_BACKED)) : 0;
		if (now & K64_PERM_RWX)
			now |= K64_PERM_BACKED;
		m->backed += (uint64_t)((now & K64_PERM_BACKED) != 0) - ((old & K64_PERM_BACKED) != 0);
		m->perm[first + i] = (uint8_t)now;
	}
	if (!perm) /* unmapped pages read as zero when mapped again */
		madvise(m->host + (start - m->base), end - start, MADV_DONTNEED);
	if (shrink || !perm)
		m->gen++;
	return 0;
}

void *k64_mem_host(struct k64_mem *m, uint64_t addr, uint64_t len, unsigned need)
{
	if (!k64_mem_contains(m, addr, len))
		return NULL;
	uint64_t off = addr - m->base;
	if (len) {
		for (uint64_t p = off >> K64_PAGE_SHIFT; p <= (off + len - 1) >> K64_PAGE_SHIFT; p++) {
			unsigned perm = m->perm[p];
			if (!(perm & K64_PERM_RWX) || (perm & need) != need)
				return NULL;
		}
	}
	return m->host + off;
}

int k64_mem_read(struct k64_mem *m, uint64_t addr, void *dst, uint64_t len)
{
	void *p = k64_mem_host(m, addr, len, K64_PERM_R);
	if (!p)
		return -1;
	memcpy(dst, p, len);
	return 0;
}

int k64_mem_write(struct k64_mem *m, uint64_t addr, const void *src, uint64_t len)
{
	void *p = k64_mem_host(m, addr, len, K64_PERM_W);
	if (!p)
		return -1;
	memcpy(p, src, len);
	return 0;
}

int k64_mem_poke(struct k64_mem *m, uint64_t addr, const void *src, uint64_t len)
{
	void *p = k64_mem_host(m, addr, len, 0);
	if (!p)
		return -1;
	memcpy(p, src, len);
	return 0;
}
