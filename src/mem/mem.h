/* Guest physical/virtual memory: one contiguous host arena covering [base, base + size) of the
 * guest address space, plus one permission byte per 4 KiB page. The hart reaches it through a
 * small software TLB (see core/hart.h); everything else (ELF loader, system calls, devices) uses
 * k64_mem_host(), which checks every page, so no guest address reaches host memory outside the
 * guest's own mappings. */
#ifndef K64_MEM_MEM_H
#define K64_MEM_MEM_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define K64_PAGE_SHIFT 12
#define K64_PAGE_SIZE  4096ull

enum {
	K64_PERM_R = 1, K64_PERM_W = 2, K64_PERM_X = 4,
	K64_PERM_CODE  = 8,   /* decoded instructions exist here: stores take the slow path */
	K64_PERM_WATCH = 16,  /* a front-end watches stores here (HTIF tohost) */
	K64_PERM_BACKED = 32, /* had R, W or X since it was last unmapped: may hold host memory
	                         (kept by a PROT_NONE-like change, dropped by unmapping) */
	K64_PERM_RWX = 7,
	K64_PERM_FRONTEND = 0x80,  /* reserved for a front-end's own bookkeeping (Linux: mapped) */
};

struct k64_mem {
	uint8_t *host;        /* host address of guest address `base` */
	uint64_t base, size;  /* size is a multiple of the page size */
	uint8_t *perm;        /* size >> 12 entries */
	uint64_t gen;         /* bumped whenever permissions shrink: TLBs compare it */
	uint64_t backed;      /* pages marked K64_PERM_BACKED: the most host memory the guest holds */
};

/* Reserves the arena (MAP_NORESERVE: untouched pages cost nothing). All pages start unmapped. */
int k64_mem_init(struct k64_mem *m, uint64_t base, uint64_t size);
void k64_mem_free(struct k64_mem *m);
/* Sets permissions of the pages covering [addr, addr + len); perm 0 unmaps (and zeroes) them.
 * Keeps m->backed, the count of K64_PERM_BACKED pages, up to date.
 * Returns -1 if the range is outside the arena. */
int k64_mem_set_perm(struct k64_mem *m, uint64_t addr, uint64_t len, unsigned perm);
/* Host pointer for [addr, addr + len) if every page has all bits of `need` (0 = any mapped page),
 * else NULL. len may be 0. */
void *k64_mem_host(struct k64_mem *m, uint64_t addr, uint64_t len, unsigned need);
/* Copies, with the same checks; return 0 or -1. */
int k64_mem_read(struct k64_mem *m, uint64_t addr, void *dst, uint64_t len);
int k64_mem_write(struct k64_mem *m, uint64_t addr, const void *src, uint64_t len);
/* Raw access for loaders (ignores R/W/X but still requires the pages to be mapped). */
int k64_mem_poke(struct k64_mem *m, uint64_t addr, const void *src, uint64_t len);

static inline bool k64_mem_contains(const struct k64_mem *m, uint64_t addr, uint64_t len)
{
	uint64_t off = addr - m->base;
	return off < m->size && len <= m->size - off;
}
static inline unsigned k64_mem_page_perm(const struct k64_mem *m, uint64_t addr)
{
	uint64_t off = addr - m->base;
	return off < m->size ? m->perm[off >> K64_PAGE_SHIFT] : 0;
}
#endif
