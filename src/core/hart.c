/* Hart creation and reset. */
#include <stdio.h>
#include <stdlib.h>
#include "core/cache.h"
#include "core/hart.h"
#include "jit/jit.h"

void k64_hart_init(struct k64_hart *h, struct k64_mem *mem, const struct k64_isa *isa, unsigned vlen)
{
	memset(h, 0, sizeof *h);
	k64_decode_init();
	h->mem = mem;
	h->isa = *isa;
	h->vlen = vlen;
	h->vlenb = vlen / 8;
	h->vtype = 1ull << 63; /* vill until the first vsetvl */
	h->ialign_mask = k64_has(isa, K64_EXT_C) || k64_has(isa, K64_EXT_ZCA) ? 0 : 2;
	h->cache = k64_cache_new();
	if (!h->cache) {
		fputs("karu64: error: cannot allocate the block cache\n", stderr);
		exit(125);
	}
	h->satp_modes = 1u << 8;   /* Sv39; --mmu adds Sv48 and Sv57 */
	k64_tlb_flush(h);
	k64_priv_reset(h, K64_PRIV_M);
}

void k64_hart_free(struct k64_hart *h)
{
	k64_cache_free(h->cache);
	h->cache = NULL;
	k64_jit_free(h->jit);
	h->jit = NULL;
	k64_debug_free(h);
	free(h->acc);
	h->acc = NULL;
	h->nobs = 0;
}

void k64_observe_context(struct k64_hart *h, uint64_t id)
{
	for (unsigned i = 0; i < h->nobs; i++)
		if (h->obs[i].context)
			h->obs[i].context(h->obs[i].ctx, h, id);
}
