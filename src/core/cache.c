/* The block cache: straight-line runs of pre-decoded instructions, keyed by start pc, ending at
 * the first control-transfer or system instruction. Blocks are bump-allocated and all dropped at
 * once (fence.i, a store into decoded code, a mapping change); pages holding decoded code are
 * marked K64_PERM_CODE so that stores to them take the slow path and schedule the flush. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include "core/cache.h"
#include "core/ops.h"
#include "jit/jit.h"

#define HASH_BITS 16
#define ARENA_SIZE (256ull << 20)

struct k64_cache {
	struct k64_block *hash[1u << HASH_BITS];
	uint8_t *arena;
	size_t used;
	uint64_t *code_pages;     /* page offsets marked CODE */
	size_t ncode, capcode;
	uint64_t flushes;
	_Alignas(16) uint8_t step[sizeof(struct k64_block) + 2 * sizeof(struct k64_dinsn)];
};

static unsigned hash_pc(uint64_t pc) { return (unsigned)((pc >> 1) ^ (pc >> (HASH_BITS + 1))) & ((1u << HASH_BITS) - 1); }

struct k64_cache *k64_cache_new(void)
{
	struct k64_cache *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->arena = mmap(NULL, ARENA_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (c->arena == MAP_FAILED) {
		free(c);
		return NULL;
	}
	return c;
}

void k64_cache_free(struct k64_cache *c)
{
	if (!c)
		return;
	munmap(c->arena, ARENA_SIZE);
	free(c->code_pages);
	free(c);
}

void k64_cache_flush(struct k64_hart *h)
{
	struct k64_cache *c = h->cache;
	memset(c->hash, 0, sizeof c->hash);
	c->used = 0;
	for (size_t i = 0; i < c->ncode; i++)
		if (c->code_pages[i] < h->mem->size >> K64_PAGE_SHIFT)
			h->mem->perm[c->code_pages[i]] &= (uint8_t)~K64_PERM_CODE;
	c->ncode = 0;
	c->flushes++;
	h->flush_pending = false;
	if (h->jit)
		k64_jit_flush(h->jit);   /* translations die with their blocks */
}

uint64_t k64_cache_flushes(const struct k64_hart *h) { return h->cache->flushes; }

static void mark_code(struct k64_hart *h, uint64_t a)
{
	struct k64_cache *c = h->cache;
	uint64_t p = (a - h->mem->base) >> K64_PAGE_SHIFT;
	uint8_t *perm = &h->mem->perm[p];
	if (*perm & K64_PERM_CODE)
		return;
	*perm |= K64_PERM_CODE;
	/* Stores to the page must take the slow path from now on, through whichever virtual page
	 * the TLB reaches it by. */
	uintptr_t host = (uintptr_t)h->mem->host + (p << K64_PAGE_SHIFT);
	for (unsigned i = 0; i < K64_TLB_SIZE; i++) {
		struct k64_tlb_entry *e = &h->tlb[i];
		if (e->tag_w != ~0ull && (uintptr_t)((e->tag_w << K64_PAGE_SHIFT) + (uint64_t)e->addend) == host)
			e->tag_w = ~0ull;
	}
	if (c->ncode == c->capcode) {
		c->capcode = c->capcode ? 2 * c->capcode : 256;
		c->code_pages = realloc(c->code_pages, c->capcode * sizeof *c->code_pages);
		if (!c->code_pages) {
			fputs("karu64: error: out of memory\n", stderr);
			exit(125);
		}
	}
	c->code_pages[c->ncode++] = p;
}

/* Fetches the instruction at pc; false if its first parcel cannot be fetched (PMP included). A 32-bit
 * instruction whose second half is not executable is a fetch fault too (at pc + 2). With
 * translation on, each parcel is translated on its own (the halves may be on different pages)
 * and *cause is the fault's cause; untranslated, *cause = 0 (the dispatch loop picks it). */
static int fetch(struct k64_hart *h, uint64_t pc, uint32_t *raw, uint64_t *bad, uint64_t *cause)
{
	struct k64_mem *m = h->mem;
	uint64_t pa = pc;
	*cause = 0;
	if ((h->fetch_key >> 63) && (*cause = k64_mmu_fetch(h, pc, &pa))) {
		*bad = pc;
		return 0;
	}
	if (!(k64_mem_page_perm(m, pa) & K64_PERM_X) || !k64_mem_contains(m, pa, 2)) {
		*bad = pc;
		return 0;
	}
	if (!(h->fetch_key >> 63) && !k64_pmp_ok(h, pa, 2, K64_PERM_X, h->priv)) {   /* 3.7 */
		*bad = pc;
		*cause = K64_CAUSE_FETCH_ACCESS;
		return 0;
	}
	uint16_t lo, hi;
	memcpy(&lo, m->host + (pa - m->base), 2);
	mark_code(h, pa);
	if ((lo & 3) != 3) {
		*raw = lo;
		return 1;
	}
	pa += 2;
	if ((h->fetch_key >> 63) && !((pc + 2) & (K64_PAGE_SIZE - 1)) && (*cause = k64_mmu_fetch(h, pc + 2, &pa))) {
		*bad = pc + 2;
		return 0;
	}
	if (!(k64_mem_page_perm(m, pa) & K64_PERM_X) || !k64_mem_contains(m, pa, 2)) {
		*bad = pc + 2;
		return 0;
	}
	if (!k64_pmp_ok(h, pa, 2, K64_PERM_X, h->priv)) {   /* translated: pa + 2 was not checked */
		*bad = pc + 2;
		*cause = K64_CAUSE_FETCH_ACCESS;
		return 0;
	}
	memcpy(&hi, m->host + (pa - m->base), 2);
	mark_code(h, pa);
	*raw = lo | (uint32_t)hi << 16;
	return 1;
}

static void set_thr(const struct k64_hart *h, struct k64_dinsn *d)
{
	d->thr = h->thr ? h->thr[d->op] : NULL;
}

/* Branch and jal targets are static: a misaligned one (IALIGN = 32, unprivileged spec 2.5) gets
 * the checking form of the op, so that the common forms need no check. */
static void static_target_check(const struct k64_hart *h, struct k64_dinsn *d)
{
	if (!((d->pc + (uint64_t)d->imm) & h->ialign_mask))
		return;
	switch (d->op) {
	case K64_OP_beq: d->op = K64_OP_beq_m; break;
	case K64_OP_bne: d->op = K64_OP_bne_m; break;
	case K64_OP_blt: d->op = K64_OP_blt_m; break;
	case K64_OP_bge: d->op = K64_OP_bge_m; break;
	case K64_OP_bltu: d->op = K64_OP_bltu_m; break;
	case K64_OP_bgeu: d->op = K64_OP_bgeu_m; break;
	case K64_OP_jal: d->op = K64_OP_jal_m; break;
	default: break;
	}
}

static uint16_t self_form(uint16_t op)
{
	switch (op) {
#define CASE(c, o, v) case K64_OP_##c: return K64_OP_##c##_self;
	K64_SELF_OPS(CASE)
#undef CASE
	default: return op;
	}
}

/* The fused op for an addi followed by the branch `next` (see core/ops.h). */
static uint16_t fused_addi(uint16_t next)
{
	switch (next) {
	case K64_OP_beq: return K64_OP_addi_beq;
	case K64_OP_bne: return K64_OP_addi_bne;
	case K64_OP_blt: return K64_OP_addi_blt;
	case K64_OP_bge: return K64_OP_addi_bge;
	case K64_OP_bltu: return K64_OP_addi_bltu;
	case K64_OP_bgeu: return K64_OP_addi_bgeu;
	default: return K64_OP_addi;
	}
}

static unsigned build(struct k64_hart *h, struct k64_block *b, uint64_t pc, unsigned max)
{
	unsigned n = 0;
	b->pc = pc;
	b->key = h->fetch_key;
	b->obs_gen = 0;
	b->obs_note = NULL;
	b->succ[0] = b->succ[1] = NULL;
	b->jit_code = NULL;
	for (;;) {
		struct k64_dinsn *d = &b->d[n];
		uint32_t raw;
		uint64_t bad, cause;
		if (!fetch(h, pc, &raw, &bad, &cause)) {
			if (n == 0) {
				memset(d, 0, sizeof *d);
				d->op = K64_OP_fetch_fault;
				d->pc = pc;
				d->imm = (int64_t)bad;
				d->word = (uint32_t)cause;   /* 0: by privilege (dispatch.inc) */
				n = 1;
			} else {
				/* end before it; the fault is taken when it is reached */
				memset(d, 0, sizeof *d);
				d->op = K64_OP_fall;
				d->pc = pc;
				d->idx = (uint8_t)(n - 1);   /* d->idx + 1 = the block's records (dispatch.inc) */
				set_thr(h, d);
			}
			break;
		}
		/* a debugger's breakpoint is an ebreak that core/debug.c recognises by its pc */
		if (unlikely(h->dbg != NULL) && k64_debug_is_bp(h->dbg, pc))
			raw = 0x00100073;
		k64_decode(h, raw, pc, d);
		d->idx = (uint8_t)n;
		const struct k64_insn_desc *t = d->desc;
		n++;
		if (!t || (t->flags & K64_F_END)) {
			if (t && d->op == K64_OP_CALL)
				d->op = K64_OP_call_end;
			break;
		}
		pc += d->len;
		if (n == max) {
			struct k64_dinsn *f = &b->d[n];
			memset(f, 0, sizeof *f);
			f->op = K64_OP_fall;
			f->pc = pc;
			f->idx = (uint8_t)(n - 1);
			set_thr(h, f);
			break;
		}
	}
	for (unsigned i = 0; i < n; i++) {
		struct k64_dinsn *d = &b->d[i];
		d->left = (uint8_t)(n - i);
		static_target_check(h, d);
	}
	if (n >= 2 && b->d[n - 2].op == K64_OP_addi)
		b->d[n - 2].op = fused_addi(b->d[n - 1].op);
	for (unsigned i = 0; i < n; i++) {
		struct k64_dinsn *d = &b->d[i];
		if (d->rd == d->rs1)
			d->op = self_form(d->op);
		set_thr(h, d);
	}
	b->n = n;
	return n;
}

struct k64_block *k64_cache_probe(struct k64_hart *h, uint64_t pc)
{
	for (struct k64_block *b = h->cache->hash[hash_pc(pc)]; b; b = b->hnext)
		if (b->pc == pc && b->key == h->fetch_key)
			return b;
	return NULL;
}

struct k64_block *k64_cache_lookup(struct k64_hart *h, uint64_t pc, bool step)
{
	struct k64_cache *c = h->cache;
	if (step) {
		struct k64_block *b = (struct k64_block *)c->step;
		build(h, b, pc, 1);
		b->hnext = b;   /* marks the uncached single-step block */
		return b;
	}
	unsigned i = hash_pc(pc);
	for (struct k64_block *b = c->hash[i]; b; b = b->hnext)
		if (b->pc == pc && b->key == h->fetch_key)
			return b;
	size_t need = sizeof(struct k64_block) + (K64_BLOCK_MAX + 1) * sizeof(struct k64_dinsn);
	if (c->used + need > ARENA_SIZE) {
		k64_cache_flush(h);
		i = hash_pc(pc);
	}
	struct k64_block *b = (struct k64_block *)(c->arena + c->used);
	unsigned n = build(h, b, pc, K64_BLOCK_MAX);
	/* n instructions and possibly a trailing K64_OP_fall */
	c->used += sizeof(struct k64_block) + (n + 1) * sizeof(struct k64_dinsn);
	c->used = (c->used + 15) & ~(size_t)15;
	b->hnext = c->hash[i];
	c->hash[i] = b;
	if (h->jit && h->thr == k64_threaded[0])
		k64_jit_block_built(h, b);   /* the functional loop counts its entries */
	return b;
}
