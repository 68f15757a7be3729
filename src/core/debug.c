/* Debugger support (the GDB stub, src/gdb/, doc/gdb.md): breakpoints and exact stops.
 * A breakpoint is not written into guest memory: the block builder (core/cache.c) decodes the
 * instruction at a breakpoint address as ebreak, and the ebreak's trap stops the run here before
 * any front-end or the architectural trap sees it, so the guest neither executes the instruction
 * nor observes the breakpoint (its code reads back unchanged). A stop sets h->limit = 0 and the
 * dispatch loop returns at the next boundary (core/dispatch.c, k64_boundary). */
#include <stdlib.h>
#include "core/cache.h"
#include "core/hart.h"

#define MAX_BREAKPOINTS 4096

bool k64_debug_is_bp(const struct k64_debug *g, uint64_t pc)
{
	for (unsigned i = 0; i < g->n; i++)
		if (g->bp[i] == pc)
			return true;
	return false;
}

struct k64_debug *k64_debug_get(struct k64_hart *h)
{
	if (!h->dbg)
		h->dbg = calloc(1, sizeof *h->dbg);
	return h->dbg;
}

int k64_debug_insert(struct k64_hart *h, uint64_t pc)
{
	struct k64_debug *g = k64_debug_get(h);
	if (!g)
		return -1;
	if (k64_debug_is_bp(g, pc))
		return 0;
	if (g->n == g->cap) {
		unsigned cap = g->cap ? 2 * g->cap : 16;
		uint64_t *bp = cap <= MAX_BREAKPOINTS ? realloc(g->bp, cap * sizeof *bp) : NULL;
		if (!bp)
			return -1;
		g->bp = bp;
		g->cap = cap;
	}
	g->bp[g->n++] = pc;
	k64_cache_flush(h);   /* blocks decoded before hold the instruction itself */
	return 0;
}

int k64_debug_remove(struct k64_hart *h, uint64_t pc)
{
	struct k64_debug *g = h->dbg;
	for (unsigned i = 0; g && i < g->n; i++)
		if (g->bp[i] == pc) {
			g->bp[i] = g->bp[--g->n];
			k64_cache_flush(h);
			return 0;
		}
	return -1;
}

/* Called first for every exception (core/dispatch.c, k64_take_trap) while h->dbg is set: true
 * if it was a breakpoint's ebreak, which stops the run with pc at the breakpoint. While single
 * stepping, any other trap also ends the step once it has been taken (an ecall that a front-end
 * emulates does not retire, so the instruction limit alone would run on past it). */
bool k64_debug_trap(struct k64_hart *h, uint64_t cause, uint64_t tval)
{
	struct k64_debug *g = h->dbg;
	if (cause == K64_CAUSE_BREAKPOINT && tval == h->pc && k64_debug_is_bp(g, tval)) {
		g->hit = g->stop = true;
		h->limit = 0;
		return true;
	}
	if (g->step) {
		g->stop = true;
		h->limit = 0;
	}
	return false;
}

void k64_debug_free(struct k64_hart *h)
{
	if (h->dbg)
		free(h->dbg->bp);
	free(h->dbg);
	h->dbg = NULL;
}
