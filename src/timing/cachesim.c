/* Set-associative cache model with LRU replacement: the L1 caches (direct-mapped on Karu64) and,
 * as one set of page-sized lines, the fully associative TLBs. Only tags: timing needs hit or
 * miss, never data. */
#include <stdlib.h>
#include "timing/timing.h"

static bool pow2(uint64_t v) { return v && !(v & (v - 1)); }

int k64_cachesim_init(struct k64_cachesim *c, uint64_t size, uint64_t line, unsigned ways)
{
	c->tag = NULL;
	c->hits = c->misses = 0;
	if (!pow2(line) || !ways || size % (line * ways) || !pow2(size / (line * ways)))
		return -1;
	c->sets = (unsigned)(size / (line * ways));
	c->ways = ways;
	c->line_shift = (unsigned)__builtin_ctzll(line);
	c->tag = malloc((size_t)c->sets * ways * sizeof *c->tag);
	if (!c->tag)
		return -1;
	k64_cachesim_flush(c);
	return 0;
}

void k64_cachesim_free(struct k64_cachesim *c)
{
	free(c->tag);
	c->tag = NULL;
}

void k64_cachesim_flush(struct k64_cachesim *c)
{
	for (size_t i = 0; i < (size_t)c->sets * c->ways; i++)
		c->tag[i] = ~0ull;
}

void k64_cachesim_invalidate(struct k64_cachesim *c, uint64_t addr)
{
	uint64_t ln = addr >> c->line_shift;
	uint64_t *set = c->tag + (size_t)(ln & (c->sets - 1)) * c->ways;
	for (unsigned w = 0; w < c->ways; w++)
		if (set[w] == ln)
			set[w] = ~0ull;
}
