/* Guest function profiler (see profile.h).
 *
 * Counting is lazy so that the common instruction costs one compare and two additions: the
 * profile keeps running totals of cycles and instructions, and charges them only when the
 * stack changes. A function's inclusive count is the total accumulated while it was on the
 * stack at least once (it remembers the totals when it went from 0 to 1 frames); a calling
 * context's self count is the total accumulated while it was the top of the stack. Calling
 * contexts form a tree (node = parent context + function) whose nodes are the folded-stack
 * lines; per-function self counts are sums over it. */
#include "timing/profile.h"
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "mem/elf.h"

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#define COLD __attribute__((cold, noinline))

#define NO_RET 1             /* return address of the root frame: odd, so no RET matches it */
#define TCACHE_SIZE 1024     /* direct-mapped cache of call targets -> segment */
#define STT_FUNC 2
#define STB_LOCAL 0
#define STB_GLOBAL 1
#define STB_WEAK 2

enum func_kind { FN_SYMBOL, FN_GAP, FN_UNKNOWN, FN_MARKER };
/* Alias preference at one address (higher wins). */
enum { RANK_LOCAL, RANK_OTHER, RANK_WEAK, RANK_GLOBAL };

struct func {
	uint32_t name;             /* offset in the name pool */
	uint8_t kind, rank;
	uint64_t lo, size, limit;  /* as added; a zero-size symbol ends at the next one or limit */
	uint32_t active;           /* frames on the stack running this function */
	uint64_t mark_cyc, mark_ins; /* totals when active became nonzero */
	uint64_t incl_cyc, incl_ins, calls;
};

/* The address map: disjoint segments sorted by lo, covering the whole address space. */
struct seg {
	uint64_t lo, hi;
	uint32_t func;
};

struct node {
	uint32_t parent, func;     /* node 0 is the root context above every stack */
	uint64_t self_cyc, self_ins;
};

struct frame {
	uint64_t ret;              /* the return address the CALL expects */
	uint64_t back_lo, back_span; /* the caller's cached segment, restored by the return */
	uint32_t func, node;
};

struct k64_profile {
	/* Hot: the segment of the top frame's function the last pc was in, and the totals. */
	uint64_t c_lo, c_span;
	uint64_t t_cyc, t_ins;
	uint64_t node_mark_cyc, node_mark_ins; /* totals when the top node became the top */

	struct frame *stack;
	size_t depth, stack_cap;
	struct func *fn;
	size_t nfn, fn_cap;
	char *pool;
	size_t pool_len, pool_cap;
	struct seg *seg;
	size_t nseg;
	bool dirty;                /* symbols added since the map was built */
	bool failed;               /* out of memory while counting: stop, writers return -1 */
	struct { uint64_t lo; uint32_t func; } *gap; /* gap records by address, sorted */
	size_t ngap, gap_cap;
	uint32_t unknown, marker;  /* the "[unknown]" and "[...]" records */
	struct node *node;
	size_t nnode, node_cap;
	uint32_t *child;           /* hash (parent, func) -> node, 0 = empty */
	size_t child_cap;
	struct { uint64_t pc; uint32_t seg; } tcache[TCACHE_SIZE];
	uint64_t ctx;              /* the running context (k64_profile_context) */
	struct saved_stack *saved; /* the stacks of the other contexts */
	size_t nsaved, saved_cap;
};

struct saved_stack {
	uint64_t id;
	struct frame *stack;
	size_t depth, cap;
};

static bool grow(void **a, size_t *cap, size_t need, size_t elem)
{
	if (need <= *cap)
		return true;
	size_t n = *cap ? *cap : 16;
	while (n < need)
		n *= 2;
	void *q = realloc(*a, n * elem);
	if (!q)
		return false;
	*a = q;
	*cap = n;
	return true;
}

static const char *fname(const struct k64_profile *p, uint32_t f)
{
	return p->pool + p->fn[f].name;
}

static uint32_t new_func(struct k64_profile *p, const char *name, enum func_kind kind, uint8_t rank,
			 uint64_t lo, uint64_t size, uint64_t limit)
{
	size_t len = strlen(name) + 1;
	if (p->nfn >= UINT32_MAX - 1 || !grow((void **)&p->fn, &p->fn_cap, p->nfn + 1, sizeof *p->fn) ||
	    !grow((void **)&p->pool, &p->pool_cap, p->pool_len + len, 1)) {
		p->failed = true;
		return 0;
	}
	memcpy(p->pool + p->pool_len, name, len);
	struct func *f = &p->fn[p->nfn];
	memset(f, 0, sizeof *f);
	f->name = (uint32_t)p->pool_len;
	f->kind = (uint8_t)kind;
	f->rank = rank;
	f->lo = lo;
	f->size = size;
	f->limit = limit;
	p->pool_len += len;
	return (uint32_t)p->nfn++;
}

struct k64_profile *k64_profile_new(void)
{
	struct k64_profile *p = calloc(1, sizeof *p);
	if (!p)
		return NULL;
	p->unknown = new_func(p, "[unknown]", FN_UNKNOWN, 0, 0, 0, 0);
	p->marker = new_func(p, "[...]", FN_MARKER, 0, 0, 0, 0);
	p->node = calloc(16, sizeof *p->node);
	p->node_cap = 16;
	p->nnode = 1;
	p->dirty = true;
	if (p->failed || !p->node) {
		k64_profile_free(p);
		return NULL;
	}
	return p;
}

void k64_profile_free(struct k64_profile *p)
{
	if (!p)
		return;
	free(p->stack);
	for (size_t i = 0; i < p->nsaved; i++)
		free(p->saved[i].stack);
	free(p->saved);
	free(p->fn);
	free(p->pool);
	free(p->seg);
	free(p->gap);
	free(p->node);
	free(p->child);
	free(p);
}

static void add_sym(struct k64_profile *p, const char *name, uint64_t lo, uint64_t size, uint64_t limit,
		    uint8_t rank)
{
	new_func(p, name, FN_SYMBOL, rank, lo, size, limit);
	p->dirty = true;
	p->c_span = 0; /* the next retire rebuilds the map */
}

void k64_profile_add_symbol(struct k64_profile *p, const char *name, uint64_t lo, uint64_t size)
{
	add_sym(p, name, lo, size, UINT64_MAX, RANK_GLOBAL);
}

struct elf_ctx {
	struct k64_profile *p;
	const struct k64_elf *e;
	uint64_t bias;
};

static int add_elf_sym(void *ctx, const struct k64_elf_sym *s)
{
	struct elf_ctx *c = ctx;
	if (s->type != STT_FUNC || !s->name[0])
		return 0;
	for (unsigned i = 0; i < c->e->nseg; i++) {
		const struct k64_elf_seg *g = &c->e->seg[i];
		if (!(g->perm & K64_PERM_X) || s->value - g->vaddr >= g->memsz)
			continue;
		uint64_t room = g->vaddr + g->memsz - s->value;
		uint8_t rank = s->bind == STB_GLOBAL ? RANK_GLOBAL : s->bind == STB_WEAK ? RANK_WEAK :
			       s->bind == STB_LOCAL ? RANK_LOCAL : RANK_OTHER;
		add_sym(c->p, s->name, s->value + c->bias, s->size < room ? s->size : room,
			g->vaddr + g->memsz + c->bias, rank);
		return 0;
	}
	return 0; /* not in an executable segment: no code of ours runs there */
}

int k64_profile_load_elf(struct k64_profile *p, const char *path, uint64_t bias, char *err, size_t errlen)
{
	struct k64_elf e;
	if (k64_elf_open(path, &e, err, errlen) != 0)
		return -1;
	struct elf_ctx c = { p, &e, bias };
	int r = k64_elf_symbols(&e, add_elf_sym, &c);
	k64_elf_close(&e);
	if (r != 0) {
		snprintf(err, errlen, "symbol table lies outside the file");
		return -1;
	}
	if (p->failed) {
		snprintf(err, errlen, "out of memory reading the symbols");
		return -1;
	}
	return 0;
}

/* ---- The address map ---- */

struct sym_key {
	uint64_t lo, size;
	const char *name;
	uint32_t func;
	uint8_t rank;
};

/* By address; at one address the preferred alias first; then by order of addition. */
static int sym_order(const void *a, const void *b)
{
	const struct sym_key *x = a, *y = b;
	if (x->lo != y->lo)
		return x->lo < y->lo ? -1 : 1;
	if (x->rank != y->rank)
		return x->rank > y->rank ? -1 : 1;
	if (x->size != y->size)
		return x->size > y->size ? -1 : 1;
	int c = strcmp(x->name, y->name);
	if (c)
		return c;
	return x->func < y->func ? -1 : 1;
}

static uint32_t gap_func(struct k64_profile *p, uint64_t lo)
{
	size_t a = 0, b = p->ngap;
	while (a < b) {
		size_t m = (a + b) / 2;
		if (p->gap[m].lo < lo)
			a = m + 1;
		else
			b = m;
	}
	if (a < p->ngap && p->gap[a].lo == lo)
		return p->gap[a].func;
	char name[40];
	snprintf(name, sizeof name, "[unknown 0x%llx]", (unsigned long long)lo);
	uint32_t f = new_func(p, name, FN_GAP, 0, lo, 0, 0);
	if (p->failed || !grow((void **)&p->gap, &p->gap_cap, p->ngap + 1, sizeof *p->gap)) {
		p->failed = true;
		return p->unknown;
	}
	memmove(&p->gap[a + 1], &p->gap[a], (p->ngap - a) * sizeof *p->gap);
	p->gap[a].lo = lo;
	p->gap[a].func = f;
	p->ngap++;
	return f;
}

static void emit(struct seg *out, size_t *n, uint64_t lo, uint64_t hi, uint32_t f)
{
	if (lo >= hi)
		return;
	if (*n && out[*n - 1].hi == lo && out[*n - 1].func == f) {
		out[*n - 1].hi = hi;
		return;
	}
	out[(*n)++] = (struct seg){ lo, hi, f };
}

/* Sorts the symbols, keeps one per address, gives zero-size ones their extent, lets a symbol
 * that starts inside another win from its start to its end (nested and overlapping symbols),
 * and fills the rest with unknown buckets. */
static int build_map(struct k64_profile *p)
{
	size_t ns = 0;
	struct sym_key *ord = malloc((p->nfn + 1) * sizeof *ord);
	uint64_t *hi = malloc((p->nfn + 1) * sizeof *hi);
	uint32_t *open = malloc((p->nfn + 1) * sizeof *open);
	struct seg *sym = malloc((2 * p->nfn + 1) * sizeof *sym);
	struct seg *out = malloc((4 * p->nfn + 2) * sizeof *out);
	if (!ord || !hi || !open || !sym || !out)
		goto oom;
	for (size_t i = 0; i < p->nfn; i++)
		if (p->fn[i].kind == FN_SYMBOL)
			ord[ns++] = (struct sym_key){ p->fn[i].lo, p->fn[i].size, fname(p, (uint32_t)i),
						      (uint32_t)i, p->fn[i].rank };
	qsort(ord, ns, sizeof *ord, sym_order);
	size_t nu = 0;
	for (size_t i = 0; i < ns; i++)
		if (nu == 0 || ord[i].lo != ord[nu - 1].lo)
			ord[nu++] = ord[i];
	for (size_t i = 0; i < nu; i++) {
		const struct func *f = &p->fn[ord[i].func];
		if (f->size)
			hi[i] = f->size > UINT64_MAX - f->lo ? UINT64_MAX : f->lo + f->size;
		else
			hi[i] = i + 1 < nu && ord[i + 1].lo < f->limit ? ord[i + 1].lo : f->limit;
	}

	/* Sweep: open[] holds the symbols still covering pos, ends strictly decreasing upwards. */
	size_t nsym = 0, no = 0;
	uint64_t pos = 0;
	for (size_t i = 0; i <= nu; i++) {
		uint64_t lo = i < nu ? ord[i].lo : UINT64_MAX;
		while (no && (i == nu || hi[open[no - 1]] <= lo)) {
			emit(sym, &nsym, pos, hi[open[no - 1]], ord[open[no - 1]].func);
			pos = hi[open[no - 1]] > pos ? hi[open[no - 1]] : pos;
			no--;
		}
		if (i == nu)
			break;
		if (hi[i] <= lo)
			continue;
		if (no)
			emit(sym, &nsym, pos, lo, ord[open[no - 1]].func);
		while (no && hi[open[no - 1]] <= hi[i])
			no--;
		open[no++] = (uint32_t)i;
		pos = lo;
	}

	size_t n = 0;
	uint64_t at = 0;
	for (size_t i = 0; i < nsym; i++) {
		if (sym[i].lo > at)
			emit(out, &n, at, sym[i].lo, i == 0 ? p->unknown : gap_func(p, at));
		emit(out, &n, sym[i].lo, sym[i].hi, sym[i].func);
		at = sym[i].hi;
	}
	if (n == 0 || at < UINT64_MAX)
		emit(out, &n, at, UINT64_MAX, p->unknown);
	if (n == 0) /* a symbol ends at UINT64_MAX exactly: impossible above, but keep seg[0] */
		out[n++] = (struct seg){ 0, UINT64_MAX, p->unknown };
	if (p->failed)
		goto oom;
	free(ord);
	free(hi);
	free(open);
	free(sym);
	free(p->seg);
	p->seg = out;
	p->nseg = n;
	p->dirty = false;
	for (size_t i = 0; i < TCACHE_SIZE; i++)
		p->tcache[i].pc = NO_RET;
	for (size_t i = 0; i < p->depth; i++)
		p->stack[i].back_span = 0; /* the old map's segments: look up again */
	p->c_span = 0;
	return 0;
oom:
	free(ord);
	free(hi);
	free(open);
	free(sym);
	free(out);
	p->failed = true;
	return -1;
}

/* The segment holding pc: the last one starting at or below it (seg[0] starts at 0). */
static size_t find_seg(const struct k64_profile *p, uint64_t pc)
{
	size_t a = 0, b = p->nseg;
	while (b - a > 1) {
		size_t m = (a + b) / 2;
		if (p->seg[m].lo <= pc)
			a = m;
		else
			b = m;
	}
	return a;
}

const char *k64_profile_symbol(struct k64_profile *p, uint64_t pc, uint64_t *lo, uint64_t *hi)
{
	if (p->dirty && build_map(p) != 0)
		return "[unknown]";
	const struct seg *s = &p->seg[find_seg(p, pc)];
	if (lo)
		*lo = s->lo;
	if (hi)
		*hi = s->hi;
	return fname(p, s->func);
}

/* ---- The shadow stack ---- */

static uint32_t child_node(struct k64_profile *p, uint32_t parent, uint32_t f)
{
	if (p->nnode * 2 >= p->child_cap) {
		size_t cap = p->child_cap ? p->child_cap * 2 : 1024;
		uint32_t *t = calloc(cap, sizeof *t);
		if (!t) {
			p->failed = true;
			return 0;
		}
		for (size_t i = 0; i < p->child_cap; i++) {
			uint32_t k = p->child[i];
			if (!k)
				continue;
			uint64_t h = ((uint64_t)p->node[k].parent << 32 | p->node[k].func) * 0x9e3779b97f4a7c15ull;
			size_t j = (size_t)(h >> 20) & (cap - 1);
			while (t[j])
				j = (j + 1) & (cap - 1);
			t[j] = k;
		}
		free(p->child);
		p->child = t;
		p->child_cap = cap;
	}
	uint64_t h = ((uint64_t)parent << 32 | f) * 0x9e3779b97f4a7c15ull;
	size_t j = (size_t)(h >> 20) & (p->child_cap - 1);
	for (; p->child[j]; j = (j + 1) & (p->child_cap - 1)) {
		const struct node *n = &p->node[p->child[j]];
		if (n->parent == parent && n->func == f)
			return p->child[j];
	}
	if (p->nnode >= UINT32_MAX - 1 ||
	    !grow((void **)&p->node, &p->node_cap, p->nnode + 1, sizeof *p->node)) {
		p->failed = true;
		return 0;
	}
	p->node[p->nnode] = (struct node){ parent, f, 0, 0 };
	p->child[j] = (uint32_t)p->nnode;
	return (uint32_t)p->nnode++;
}

/* The calling context of a frame at index d running f; below K64_PROFILE_FOLD_DEPTH frames
 * the contexts merge under a "[...]" marker after the outermost ones. */
static uint32_t frame_node(struct k64_profile *p, size_t d, uint32_t f)
{
	if (d < K64_PROFILE_FOLD_DEPTH)
		return child_node(p, d ? p->stack[d - 1].node : 0, f);
	uint32_t m = child_node(p, p->stack[K64_PROFILE_FOLD_DEPTH - 2].node, p->marker);
	return child_node(p, m, f);
}

static void activate(struct k64_profile *p, uint32_t f)
{
	struct func *fn = &p->fn[f];
	if (fn->active++ == 0) {
		fn->mark_cyc = p->t_cyc;
		fn->mark_ins = p->t_ins;
	}
}

static void deactivate(struct k64_profile *p, uint32_t f)
{
	struct func *fn = &p->fn[f];
	if (--fn->active == 0) {
		fn->incl_cyc += p->t_cyc - fn->mark_cyc;
		fn->incl_ins += p->t_ins - fn->mark_ins;
	}
}

/* Charges the top context with what retired since it became the top. */
static void leave_top(struct k64_profile *p)
{
	if (p->depth) {
		struct node *n = &p->node[p->stack[p->depth - 1].node];
		n->self_cyc += p->t_cyc - p->node_mark_cyc;
		n->self_ins += p->t_ins - p->node_mark_ins;
	}
	p->node_mark_cyc = p->t_cyc;
	p->node_mark_ins = p->t_ins;
}

static void push(struct k64_profile *p, uint32_t f, uint64_t ret)
{
	if (!grow((void **)&p->stack, &p->stack_cap, p->depth + 1, sizeof *p->stack)) {
		p->failed = true;
		return;
	}
	uint32_t node = frame_node(p, p->depth, f);
	leave_top(p);
	p->stack[p->depth++] = (struct frame){ ret, p->c_lo, p->c_span, f, node };
	activate(p, f);
}

static void replace_top(struct k64_profile *p, uint32_t f)
{
	struct frame *t = &p->stack[p->depth - 1];
	uint32_t node = frame_node(p, p->depth - 1, f);
	leave_top(p);
	deactivate(p, t->func);
	t->func = f;
	t->node = node;
	activate(p, f);
}

/* Frame k becomes the top; the caller's cached segment comes back from the frame above it. */
static void pop_to(struct k64_profile *p, size_t k)
{
	leave_top(p);
	p->c_lo = p->stack[k + 1].back_lo;
	p->c_span = p->stack[k + 1].back_span;
	while (p->depth > k + 1)
		deactivate(p, p->stack[--p->depth].func);
}

/* pc is outside the cached segment: find its function; a new one replaces the top frame's. */
static COLD void enter(struct k64_profile *p, uint64_t pc)
{
	if (p->failed || (p->dirty && build_map(p) != 0)) {
		p->c_lo = 0;
		p->c_span = UINT64_MAX; /* stop coming here */
		return;
	}
	const struct seg *s = &p->seg[find_seg(p, pc)];
	p->c_lo = s->lo;
	p->c_span = s->hi - s->lo;
	if (p->depth == 0)
		push(p, s->func, NO_RET);
	else if (s->func != p->stack[p->depth - 1].func)
		replace_top(p, s->func);
}

/* The segment of a jump target, through the target cache. */
static const struct seg *target_seg(struct k64_profile *p, uint64_t pc)
{
	size_t i = (size_t)(pc >> 1) & (TCACHE_SIZE - 1);
	if (p->tcache[i].pc != pc) {
		p->tcache[i].pc = pc;
		p->tcache[i].seg = (uint32_t)find_seg(p, pc);
	}
	return &p->seg[p->tcache[i].seg];
}

static COLD void transfer(struct k64_profile *p, uint64_t pc, unsigned len, enum k64_prof_kind kind,
			  uint64_t next_pc)
{
	if (p->failed || p->depth == 0)
		return;
	if (kind == K64_PROF_CALL) {
		uint32_t f = p->stack[p->depth - 1].func;
		uint64_t lo = p->c_lo, span = p->c_span;
		if (next_pc - lo >= span) {
			const struct seg *s = target_seg(p, next_pc);
			f = s->func;
			lo = s->lo;
			span = s->hi - s->lo;
		}
		p->fn[f].calls++;
		/* At the depth limit (calls that never return) the call is counted as a jump. */
		if (p->depth == K64_PROFILE_MAX_DEPTH)
			return;
		push(p, f, pc + len);
		p->c_lo = lo;
		p->c_span = span;
		return;
	}
	/* RET: to the frame that expects it, else to the function it lands in (a named one: two
	 * unknown bucket frames are no evidence), else a jump. */
	for (size_t i = p->depth; i-- > 1;)
		if (p->stack[i].ret == next_pc) {
			pop_to(p, i - 1);
			return;
		}
	const struct seg *s = target_seg(p, next_pc);
	for (size_t i = p->depth; p->fn[s->func].kind == FN_SYMBOL && i-- > 0;)
		if (p->stack[i].func == s->func) {
			if (i + 1 < p->depth)
				pop_to(p, i);
			p->c_lo = s->lo;
			p->c_span = s->hi - s->lo;
			return;
		}
}

/* A JUMP needs nothing: the next retire outside the segment replaces the top frame's function. */
static COLD void retire_elsewhere(struct k64_profile *p, uint64_t pc, unsigned len, enum k64_prof_kind kind,
				  uint64_t next_pc, uint64_t cycles)
{
	enter(p, pc);
	p->t_cyc += cycles;
	p->t_ins++;
	if (kind == K64_PROF_CALL || kind == K64_PROF_RET)
		transfer(p, pc, len, kind, next_pc);
}

/* Both slow paths are tail calls, so the common case needs no stack frame. */
void k64_profile_retire(struct k64_profile *p, uint64_t pc, unsigned len, enum k64_prof_kind kind,
			uint64_t next_pc, uint64_t cycles)
{
	if (unlikely(pc - p->c_lo >= p->c_span)) {
		retire_elsewhere(p, pc, len, kind, next_pc, cycles);
		return;
	}
	p->t_cyc += cycles;
	p->t_ins++;
	if (unlikely(kind == K64_PROF_CALL || kind == K64_PROF_RET))
		transfer(p, pc, len, kind, next_pc);
}

void k64_profile_context(struct k64_profile *p, uint64_t id)
{
	if (id == p->ctx || p->failed)
		return;
	if (!grow((void **)&p->saved, &p->saved_cap, p->nsaved + 1, sizeof *p->saved)) {
		p->failed = true;
		return;
	}
	leave_top(p);
	for (size_t i = p->depth; i-- > 0;)
		deactivate(p, p->stack[i].func);
	struct saved_stack cur = { p->ctx, p->stack, p->depth, p->stack_cap };
	p->stack = NULL;
	p->depth = p->stack_cap = 0;
	for (size_t i = 0; i < p->nsaved; i++)
		if (p->saved[i].id == id) {
			p->stack = p->saved[i].stack;
			p->depth = p->saved[i].depth;
			p->stack_cap = p->saved[i].cap;
			p->saved[i] = p->saved[--p->nsaved];
			break;
		}
	p->saved[p->nsaved++] = cur;
	for (size_t i = 0; i < p->depth; i++)
		activate(p, p->stack[i].func);
	p->ctx = id;
	p->c_lo = 0;
	p->c_span = 0;   /* the next retire finds its segment (and, for a new context, its root) */
}

/* ---- Output ---- */

struct row {
	const char *name;
	uint64_t lo;
	uint32_t func;
	uint64_t self_cyc, self_ins, incl_cyc, incl_ins;
};

/* Node self counts including the top context's pending share. */
static void node_self(const struct k64_profile *p, uint32_t k, uint64_t *cyc, uint64_t *ins)
{
	*cyc = p->node[k].self_cyc;
	*ins = p->node[k].self_ins;
	if (p->depth && p->stack[p->depth - 1].node == k) {
		*cyc += p->t_cyc - p->node_mark_cyc;
		*ins += p->t_ins - p->node_mark_ins;
	}
}

static int row_order(const void *a, const void *b)
{
	const struct row *x = a, *y = b;
	if (x->self_cyc != y->self_cyc)
		return x->self_cyc > y->self_cyc ? -1 : 1;
	int c = strcmp(x->name, y->name);
	if (c)
		return c;
	if (x->lo != y->lo)
		return x->lo < y->lo ? -1 : 1;
	return x->func < y->func ? -1 : x->func > y->func;
}

static double pct(uint64_t a, uint64_t total)
{
	return total ? 100.0 * (double)a / (double)total : 0.0;
}

int k64_profile_write_table(const struct k64_profile *p, FILE *f)
{
	if (p->failed)
		return -1;
	struct row *r = calloc(p->nfn ? p->nfn : 1, sizeof *r);
	if (!r)
		return -1;
	for (size_t i = 0; i < p->nfn; i++) {
		const struct func *fn = &p->fn[i];
		r[i].func = (uint32_t)i;
		r[i].name = fname(p, (uint32_t)i);
		r[i].lo = fn->lo;
		r[i].incl_cyc = fn->incl_cyc + (fn->active ? p->t_cyc - fn->mark_cyc : 0);
		r[i].incl_ins = fn->incl_ins + (fn->active ? p->t_ins - fn->mark_ins : 0);
	}
	for (size_t k = 1; k < p->nnode; k++) {
		uint64_t c, n;
		node_self(p, (uint32_t)k, &c, &n);
		r[p->node[k].func].self_cyc += c;
		r[p->node[k].func].self_ins += n;
	}
	size_t n = 0;
	uint64_t calls = 0;
	for (size_t i = 0; i < p->nfn; i++) {
		calls += p->fn[i].calls;
		if (r[i].incl_ins || p->fn[i].calls)
			r[n++] = r[i];
	}
	qsort(r, n, sizeof *r, row_order);
	fprintf(f, "%14s %7s %14s %7s %14s %14s %10s  %s\n", "self-cycles", "self%", "incl-cycles", "incl%",
		"self-instrs", "incl-instrs", "calls", "function");
	for (size_t i = 0; i < n; i++)
		fprintf(f, "%14llu %6.2f%% %14llu %6.2f%% %14llu %14llu %10llu  %s\n",
			(unsigned long long)r[i].self_cyc, pct(r[i].self_cyc, p->t_cyc),
			(unsigned long long)r[i].incl_cyc, pct(r[i].incl_cyc, p->t_cyc),
			(unsigned long long)r[i].self_ins, (unsigned long long)r[i].incl_ins,
			(unsigned long long)p->fn[r[i].func].calls, fname(p, r[i].func));
	fprintf(f, "%14llu %6.2f%% %14llu %6.2f%% %14llu %14llu %10llu  %s\n",
		(unsigned long long)p->t_cyc, pct(p->t_cyc, p->t_cyc), (unsigned long long)p->t_cyc,
		pct(p->t_cyc, p->t_cyc), (unsigned long long)p->t_ins, (unsigned long long)p->t_ins,
		(unsigned long long)calls, "[total]");
	free(r);
	return ferror(f) ? -1 : 0;
}

struct line {
	size_t off;    /* of the stack text in the buffer, then */
	const char *s; /* the text once the buffer stops moving */
	uint64_t cyc;
};

static int line_order(const void *a, const void *b)
{
	return strcmp(((const struct line *)a)->s, ((const struct line *)b)->s);
}

/* Appends the path of node k, root first; ';' and control characters in names, which would
 * break the format, become '_'. */
static bool put_path(const struct k64_profile *p, uint32_t k, char **buf, size_t *len, size_t *cap)
{
	if (p->node[k].parent && !put_path(p, p->node[k].parent, buf, len, cap))
		return false;
	const char *s = fname(p, p->node[k].func);
	size_t n = strlen(s);
	if (!grow((void **)buf, cap, *len + n + 2, 1))
		return false;
	if (p->node[k].parent)
		(*buf)[(*len)++] = ';';
	for (size_t i = 0; i < n; i++)
		(*buf)[(*len)++] = s[i] == ';' || (unsigned char)s[i] < 0x20 ? '_' : s[i];
	(*buf)[*len] = 0;
	return true;
}

int k64_profile_write_folded(const struct k64_profile *p, FILE *f)
{
	if (p->failed)
		return -1;
	char *buf = NULL;
	size_t len = 0, cap = 0, nl = 0;
	struct line *l = malloc(p->nnode * sizeof *l);
	int rc = -1;
	if (!l)
		return -1;
	for (size_t k = 1; k < p->nnode; k++) {
		uint64_t c, n;
		node_self(p, (uint32_t)k, &c, &n);
		if (!c)
			continue;
		l[nl].off = len;
		l[nl].cyc = c;
		if (!put_path(p, (uint32_t)k, &buf, &len, &cap))
			goto out;
		len++; /* keep the NUL */
		nl++;
	}
	for (size_t i = 0; i < nl; i++)
		l[i].s = buf + l[i].off;
	qsort(l, nl, sizeof *l, line_order);
	for (size_t i = 0; i < nl; i++) {
		uint64_t c = l[i].cyc;
		/* Two records may share a name (static functions): merge their identical lines. */
		while (i + 1 < nl && !strcmp(l[i].s, l[i + 1].s))
			c += l[++i].cyc;
		fprintf(f, "%s %llu\n", l[i].s, (unsigned long long)c);
	}
	rc = ferror(f) ? -1 : 0;
out:
	free(buf);
	free(l);
	return rc;
}
