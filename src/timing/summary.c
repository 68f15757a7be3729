/* Block summaries and the retire path: how a batch of retired instructions is timed
 * (doc/cycle-model.md, "Speed"), traps, counter reads, attaching the model. */
#include "timing/internal.h"

/* ---- block summaries --------------------------------------------------------------------- */
static unsigned fetch_kind(const struct k64_model *m, const struct k64_dinsn *d)
{
	uint64_t prev = last_word(m, d - 1), w0 = d->pc >> 3, w1 = last_word(m, d);
	if (w1 == w0 && w0 == prev)
		return F_NONE;
	if (w1 != w0 && (w0 != prev || w1 != w0 + 1))
		return F_OTHER;
	/* one word to fetch, w1 (w0 for F_NEXT is the previous instruction's last word, which the
	 * buffer holds); the line shortcut applies as fetch_word sets it up */
	if ((w1 >> 3) == (prev >> 3) && m->fetch_shortcut &&
	    (!m->p[K64_P_icache_enable] || cacheable(m, prev << 3, translated(m, m->h, m->h->priv))))
		return w1 == w0 ? F_REPEAT : F_NEXT;
	return F_OTHER;
}

/* The standard cost of a scalar load or store (see struct tseg), translated or not. */
static uint64_t mem_standard(const struct k64_model *m, unsigned cls, bool xl)
{
	const uint64_t *p = m->p;
	uint64_t c = cls == K64_IC_LOAD ? p[K64_P_load_hit] : p[K64_P_store] + p[K64_P_mem_write];
	return c + (xl ? p[K64_P_tlb_hit] : 0);
}

/* Adds the class counts and run causes of the blocks retired by their summaries. */
void tm_fold(struct k64_model *m)
{
	for (uint32_t i = 0; i < m->ntb; i++) {
		struct tblk *s = m->tb[i];
		for (unsigned k = 0; k < s->ncls; k++)
			m->cls[s->cls[k].cls] += s->execs * s->cls[k].count;
		m->cause[K64_C_MULDIV] += s->execs * s->muldiv;
		m->cause[K64_C_FP] += s->execs * s->fp;
		m->cause[K64_C_SMEM] += s->execs * s->smem;
		s->execs = 0;
	}
}

static __attribute__((noinline)) struct tblk *summarise(struct k64_model *m, struct k64_block *blk, bool xl)
{
	/* the core's block cache drops all its blocks at once (sfence.vma, fence.i, stores to code,
	 * a full arena): their summaries go with them, or an OS's runs would keep every summary
	 * ever made (800 MB by a Debian boot's prompt) */
	uint64_t flushes = k64_cache_flushes(m->h);
	if (m->ntb == TBLK_MAX || flushes != m->cache_flushes) {
		m->cache_flushes = flushes;
		tm_fold(m);
		for (uint32_t i = 0; i < m->ntb; i++)
			free(m->tb[i]);
		m->ntb = 0;
		m->gen = tm_new_gen();
	}
	if (m->ntb == m->captb) {
		uint32_t cap = m->captb ? 2 * m->captb : 1024;
		struct tblk **tb = realloc(m->tb, cap * sizeof *tb);
		if (!tb)
			return NULL;
		m->tb = tb;
		m->captb = cap;
	}
	unsigned n = blk->n;
	const struct k64_dinsn *d = blk->d;
	bool head[K64_BLOCK_MAX];
	enum k64_cause cause[K64_BLOCK_MAX];
	uint8_t kind[K64_BLOCK_MAX];
	uint64_t c[K64_BLOCK_MAX];
	unsigned nseg = 0;
	bool simple = true;
	uint64_t smem = 0, sload = 0, smem_all = 0;
	uint8_t size[K64_BLOCK_MAX] = { 0 };
	for (unsigned i = 0; i < n; i++) {
		kind[i] = (uint8_t)(i ? fetch_kind(m, d + i) : F_OTHER);
		unsigned k = d[i].cls;
		bool mem = k == K64_IC_LOAD || k == K64_IC_STORE;
		bool fmem = k == K64_IC_FLOAD || k == K64_IC_FSTORE;
		bool known = mem || (cost_static(m, d + i, &c[i], &cause[i]) && c[i] <= UINT16_MAX);
		if (mem || fmem) {
			bool ld = k == K64_IC_LOAD || k == K64_IC_FLOAD;
			c[i] = mem_standard(m, ld ? K64_IC_LOAD : K64_IC_STORE, xl);
			size[i] = (uint8_t)(d[i].desc->mem_size ? d[i].desc->mem_size : 8);
			smem_all += m->p[ld ? K64_P_load_hit : K64_P_store];
			cause[i] = K64_C_INT;
			smem |= 1ull << i;
			sload |= (uint64_t)(k == K64_IC_LOAD || k == K64_IC_FLOAD) << i;
		} else if (!known) {
			c[i] = 0;
			cause[i] = K64_C_INT;
			simple = false;
		}
		head[i] = !known || kind[i] == F_OTHER;
		nseg += head[i];
	}
	struct tblk *s = calloc(1, sizeof *s + nseg * sizeof s->seg[0]);
	if (!s)
		return NULL;
	s->blk = blk;
	s->pc = blk->pc;
	s->n = n;
	s->nseg = nseg;
	s->xl = xl;
	s->simple = simple;
	s->mem = simple ? smem : 0;
	s->load = simple ? sload : 0;
	s->smem_all = smem_all;
	memcpy(s->size, size, sizeof s->size);
	uint32_t counts[K64_IC_COUNT] = { 0 };
	for (unsigned i = 0; i < n; i++) {
		counts[d[i].cls]++;
		s->kind[i] = kind[i] == F_NEXT ? F_REPEAT : kind[i];   /* the same step (see F_NEXT) */
		s->c[i] = (uint16_t)c[i];
		if (simple && head[i] && cause[i] == K64_C_MULDIV)   /* the heads' causes: tm_cost() otherwise */
			s->muldiv += (uint32_t)c[i];
		else if (simple && head[i] && cause[i] == K64_C_FP)
			s->fp += (uint32_t)c[i];
	}
	for (unsigned k = 1; k < K64_IC_COUNT; k++)
		if (counts[k]) {
			s->cls[s->ncls].cls = (uint8_t)k;
			s->cls[s->ncls++].count = (uint8_t)counts[k];
		}
	uint64_t rep = m->fetch_repeat;
	for (unsigned i = 0, j = 0; i < n; j++) {
		struct tseg *g = &s->seg[j];
		unsigned e = i;
		while (e + 1 < n && !head[e + 1])
			e++;
		g->head = (uint8_t)i;
		g->end = (uint8_t)e;
		if (e > i) {
			g->repeat = kind[i + 1] == F_REPEAT || kind[i + 1] == F_NEXT;
			unsigned last = 0;
			for (unsigned k = i + 1; k <= e; k++) {
				if (kind[k] == F_NEXT) {
					g->next = true;
					g->nword = last_word(m, d + k);
					kind[k] = F_REPEAT;
				}
				if (k > i + 1) {
					bool r = kind[k] == F_REPEAT;
					g->delta += (uint32_t)(r && rep > c[k - 1] ? rep : c[k - 1]);
					g->stall += (uint32_t)(r && rep > c[k - 1] ? rep - c[k - 1] : 0);
				}
				if (kind[k] == F_REPEAT)
					last = k;
				if (d[k].cls == K64_IC_LOAD || d[k].cls == K64_IC_STORE) {
					g->mem |= 1ull << k;
					if (!simple)
						s->smem += (uint32_t)m->p[d[k].cls == K64_IC_LOAD ? K64_P_load_hit : K64_P_store];
				} else if (cause[k] == K64_C_MULDIV) {
					s->muldiv += (uint32_t)c[k];
				} else if (cause[k] == K64_C_FP) {
					s->fp += (uint32_t)c[k];
				}
			}
			if (last) {
				g->fetches = true;
				g->w0 = last_word(m, d + last);
				g->w1 = last_word(m, d + last - 1);
			}
		}
		i = e + 1;
	}
	m->tb[m->ntb++] = s;
	blk->obs_gen = m->gen;
	blk->obs_note = s;
	return s;
}

/* The block's summary: the one its note names if it is this model's current generation and
 * was made for the same translation, else a new one. */
static inline struct tblk *summary(struct k64_model *m, struct k64_block *blk, bool xl)
{
	if (likely(blk->obs_gen == m->gen)) {
		struct tblk *s = blk->obs_note;
		if (likely(s->xl == xl))
			return s;
	}
	return summarise(m, blk, xl);
}

/* A run whose loads and stores did not all cost the standard: the recurrence, with tm_cost(k)
 * the actual one for those in act (bit k set), the standard one otherwise. Returns the issue
 * of its last instruction and adds the run's fetch stall. */
static __attribute__((noinline)) uint64_t run_actual(const struct k64_model *m, const struct tblk *s,
						     const struct tseg *g, uint64_t issue, uint64_t c_head,
						     const uint64_t *act, uint64_t *stall)
{
	uint64_t rep = m->fetch_repeat, c = c_head;
	for (unsigned k = g->head + 1u; k <= g->end; k++) {
		uint64_t step_c = s->kind[k] == F_REPEAT && rep > c ? rep : c;
		*stall += step_c - c;
		issue += step_c;
		c = (g->mem >> k) & 1 ? act[k] : s->c[k];
	}
	return issue;
}

/* Whether the F_NEXT fetches of run g cost fetch_repeat as its summary has them: the buffer
 * holds its head's last word, the last fetched word's line is the run's (so fetch_word took the cached path or the I-cache is off),
 * and its I-cache line and I-TLB page are the most recently used (nothing else in a run looks
 * them up). */
static inline bool next_ready(const struct k64_model *m, const struct k64_hart *h, const struct fetch *f,
			      const struct tseg *g, const struct k64_dinsn *head)
{
	uint64_t a = g->nword << 3;
	return f->w0 == last_word(m, head) && f->line == g->nword >> 3 &&
	       (!m->p[K64_P_icache_enable] || m->ic_last == a >> m->ic.line_shift) &&
	       (!translated(m, h, h->priv) || m->itlb_last == a >> m->itlb.line_shift);
}

/* Run g, its head issued at `issue` with cost c, an instruction at a time as step() fetches
 * (when next_ready() does not hold); act as for run_end. Returns the time after the run. */
static __attribute__((noinline)) uint64_t run_fetching(struct k64_model *m, struct k64_hart *h,
						       const struct k64_batch *bt, const struct tblk *s,
						       const struct tseg *g, uint64_t issue, uint64_t c,
						       const uint64_t *act, struct fetch *f, uint64_t *stall,
						       uint64_t *stall_ev)
{
	for (unsigned k = g->head + 1u; k <= g->end; k++) {
		issue = issue_at(m, h, bt->d + k, issue + c, f, stall, stall_ev);
		f->t = issue;
		c = (g->mem >> k) & 1 ? act[k] : s->c[k];
	}
	return issue + c;
}

/* The run of segment g (not empty), its head issued at `issue` with cost c: its last
 * instruction's issue from the precomputed delta when all its loads and stores cost the standard
 * (standard), by the recurrence otherwise (act: their actual costs). Updates the fetch state and
 * the stalls; returns the time after the run. */
static inline __attribute__((always_inline)) uint64_t run_end(const struct k64_model *m, const struct tblk *s,
							       const struct tseg *g, uint64_t issue, uint64_t c,
							       const uint64_t *act, bool standard, struct fetch *f,
							       uint64_t *stall, uint64_t *stall_ev)
{
	uint64_t ie, st = 0, rep = m->fetch_repeat;
	if (likely(standard)) {
		uint64_t first = g->repeat && rep > c ? rep : c;
		st = (first - c) + g->stall;
		ie = issue + first + g->delta;
	} else {
		ie = run_actual(m, s, g, issue, c, act, &st);
	}
	*stall += st;
	*stall_ev += st;
	f->t = ie;
	if (g->fetches) {
		f->w0 = g->w0;
		f->w1 = g->w1;
	}
	return ie + ((g->mem >> g->end) & 1 ? act[g->end] : s->c[g->end]);
}

/* One that retire_simple does not take inline (access_fast). */
static __attribute__((noinline)) uint64_t access_slow(struct k64_model *m, struct k64_hart *h, uint64_t a, unsigned size,
						      bool load)
{
	return access(m, h, a, size, load);
}

/* The common case of data_read and data_write inline, for retire_simple: a data-TLB hit (or no
 * translation), not a device, within 8 bytes, cacheable, and for a load the most recently used
 * D-cache line or a direct-mapped hit. Those cost the standard and charge the standard causes,
 * which the caller adds up; false otherwise, before any effect. A TLB hit on another page than
 * the most recently used one has tlb()'s effect (its entry moves to the front). */
static inline __attribute__((always_inline)) bool access_fast(struct k64_model *m, uint64_t a, unsigned size, bool load,
								bool xl)
{
	uint64_t pg = a >> m->dtlb.line_shift;
	unsigned tw = 0;   /* the TLB way holding pg, plus one, when it is not the most recently used */
	if (xl && pg != m->dtlb_last && !(tw = k64_cachesim_find(&m->dtlb, pg)))
		return false;
	if (unlikely(a - m->mmio_lo < m->mmio_span) || ((a ^ (a + size - 1)) >> 3) || !m->dcache_on ||
	    !cacheable(m, a, xl))
		return false;
	uint64_t ln = a >> m->dc.line_shift;
	if (ln == m->dc_last) {
		m->dc.hits += load;
	} else if (load) {
		if (m->dc.ways != 1 || m->dc.tag[ln & (m->dc.sets - 1)] != ln)
			return false;
		m->dc.hits++;
		m->dc_last = ln;
	} else {
		(void)k64_cachesim_access(&m->dc, a, false);   /* write-through: updated if present */
	}
	if (tw) {
		k64_cachesim_hit(&m->dtlb, pg, tw - 1);
		m->dtlb_last = pg;
	}
	return true;
}

/* The I-cache changes content only by a miss (an allocation) or a flush: while its epoch stays,
 * every line present is still present. */
static uint64_t ic_epoch(const struct k64_model *m) { return m->ic.misses + m->ic_flushes; }

static bool key_eq(const struct tkey *a, const struct tkey *b)
{
	return !((a->rel ^ b->rel) | (a->w0 ^ b->w0) | (a->w1 ^ b->w1) | (a->line ^ b->line) |
		 (a->ic_last ^ b->ic_last) | (a->itlb_last ^ b->itlb_last) | (a->epoch_xl ^ b->epoch_xl));
}

/* A simple block (struct tblk): its data accesses first, in order (their cache and TLB effects
 * do not depend on time, and no other instruction of the block touches those models), then
 * its timing with their costs. When every access cost the standard, that timing is a function
 * of the front end's state at entry alone, so an entry in the state of the last entry that
 * made no I-cache miss and no I-TLB lookup (nothing an outcome would have to replay but I-cache
 * hits, which change nothing in a direct-mapped cache) repeats that outcome. */
static void retire_simple(struct k64_model *m, struct k64_hart *h, const struct k64_batch *bt, struct tblk *s,
			  bool xl, uint64_t *tp, struct fetch *f, uint64_t *stall, uint64_t *stall_ev)
{
	uint64_t act[K64_BLOCK_MAX], odd = 0;
	unsigned fast_loads = 0, fast_stores = 0;
	for (uint64_t bits = s->mem; bits; bits &= bits - 1) {
		unsigned k = (unsigned)__builtin_ctzll(bits);
		uint64_t a = bt->r[k].pre_rs1 + (uint64_t)bt->d[k].imm;
		bool load = (s->load >> k) & 1;
		act[k] = s->c[k];
		if (likely(access_fast(m, a, s->size[k], load, xl))) {
			fast_loads += load;
			fast_stores += !load;
			continue;
		}
		act[k] = access_slow(m, h, a, s->size[k], load);
		odd |= (uint64_t)(act[k] != s->c[k]) << k;
	}
	/* the causes of the block's loads and stores: load_hit or store each, and for those taken
	 * inline the TLB hit and a store's write (data_read, data_write) */
	const uint64_t *p = m->p;
	unsigned fast = fast_loads + fast_stores;
	m->cause[K64_C_SMEM] += s->smem_all + fast_stores * p[K64_P_mem_write];
	m->event[K64_EV_MEM_STALL] += fast_stores * p[K64_P_mem_write];
	m->cause[K64_C_TLB] += xl ? fast * p[K64_P_tlb_hit] : 0;
	s->execs++;   /* its class counts and causes: tm_fold() */
	uint64_t t = *tp;
	bool xl_fetch = h->priv == m->priv ? xl : translated(m, h, h->priv);
	struct tkey key = { t - f->t, f->w0, f->w1, f->line, m->ic_last, m->itlb_last, ic_epoch(m) << 1 | xl_fetch };
	bool clean = !odd && !m->pre_d && !(m->fetch_refill | m->fetch_walk);
	struct tmemo *mo = &s->memo;
	if (clean && mo->valid && key_eq(&mo->in, &key)) {
		*tp = t + mo->dt;
		f->t = t + mo->dft;
		f->w0 = mo->ow0;
		f->w1 = mo->ow1;
		f->line = mo->oline;
		m->ic_last = mo->oic_last;
		m->ic.hits += mo->ic_hits;
		*stall += mo->stall;
		*stall_ev += mo->stall_ev;
		return;
	}
	struct tmemo in = { true, key, 0, 0, 0, 0, 0, 0, *stall, *stall_ev, m->ic.hits };
	uint64_t itlb_lookups = m->itlb.hits + m->itlb.misses;
	for (const struct tseg *g = s->seg, *ge = s->seg + s->nseg; g < ge; g++) {
		uint64_t issue = issue_at(m, h, bt->d + g->head, t, f, stall, stall_ev);
		uint64_t c = (s->mem >> g->head) & 1 ? act[g->head] : s->c[g->head];
		f->t = issue;
		t = issue + c;
		if (g->end == g->head)
			continue;
		if (unlikely(g->next) && !next_ready(m, h, f, g, bt->d + g->head))
			t = run_fetching(m, h, bt, s, g, issue, c, act, f, stall, stall_ev);
		else
			t = run_end(m, s, g, issue, c, act, !(g->mem & odd), f, stall, stall_ev);
	}
	if (clean && m->memo_ok && ic_epoch(m) == key.epoch_xl >> 1 && m->itlb.hits + m->itlb.misses == itlb_lookups &&
	    !(m->fetch_refill | m->fetch_walk)) {
		in.dt = t - *tp;
		in.dft = f->t - *tp;
		in.ow0 = f->w0;
		in.ow1 = f->w1;
		in.oline = f->line;
		in.oic_last = m->ic_last;
		in.stall = *stall - in.stall;
		in.stall_ev = *stall_ev - in.stall_ev;
		in.ic_hits = m->ic.hits - in.ic_hits;
		*mo = in;
	}
	*tp = t;
}

/* A whole block alone (no later observer reads the records' cycles), by its summary. */
static bool retire_block(struct k64_model *m, struct k64_hart *h, const struct k64_batch *bt, uint64_t *tp,
			 struct fetch *f, uint64_t *stall, uint64_t *stall_ev)
{
	bool xl = translated(m, h, m->priv);
	struct tblk *s = summary(m, bt->blk, xl);
	if (!s)
		return false;
	if (s->simple) {
		retire_simple(m, h, bt, s, xl, tp, f, stall, stall_ev);
		return true;
	}
	uint64_t t = *tp;
	uint64_t act[K64_BLOCK_MAX];
	for (const struct tseg *g = s->seg, *ge = s->seg + s->nseg; g < ge; g++) {
		uint64_t c = step(m, h, bt->d + g->head, bt->r + g->head, &t, f, stall, stall_ev);
		if (g->end == g->head)
			continue;
		/* the run's loads and stores, in order: their cache and TLB effects, and their costs */
		bool standard = true;
		for (uint64_t bits = g->mem; bits; bits &= bits - 1) {
			unsigned k = (unsigned)__builtin_ctzll(bits);
			const struct k64_dinsn *d = bt->d + k;
			uint64_t a = bt->r[k].pre_rs1 + (uint64_t)d->imm;
			unsigned size = d->desc->mem_size ? d->desc->mem_size : 8;
			act[k] = access(m, h, a, size, d->cls == K64_IC_LOAD);
			standard &= act[k] == s->c[k];
		}
		if (unlikely(g->next) && !next_ready(m, h, f, g, bt->d + g->head))
			t = run_fetching(m, h, bt, s, g, f->t, c, act, f, stall, stall_ev);
		else
			t = run_end(m, s, g, f->t, c, act, standard, f, stall, stall_ev);
	}
	s->execs++;   /* its class counts and run causes: tm_fold() */
	*tp = t;
	return true;
}

/* *dst = *f, a field at a time: the fields are written one by one (8-byte stores), and a struct
 * copy reads them as 16-byte pairs, which cannot be forwarded from those stores (perf put a
 * sixth of the model's samples on that load; the run time gained was about 4 % on sort_sieve,
 * near the noise). The empty asm keeps the compiler from merging the loads again. */
static inline __attribute__((always_inline)) void fetch_copy(struct fetch *dst, const struct fetch *f)
{
	uint64_t t = f->t, w0 = f->w0, w1 = f->w1, line = f->line;
	__asm__("" : "+r"(t), "+r"(w0), "+r"(w1), "+r"(line));
	dst->t = t;
	dst->w0 = w0;
	dst->w1 = w1;
	dst->line = line;
}

static void model_retire(void *ctx, struct k64_hart *h, const struct k64_batch *bt)
{
	struct k64_model *m = ctx;
	const struct k64_dinsn *d = bt->d;
	struct k64_retire *r = bt->r, *end = bt->r + bt->n;
	uint64_t t = m->t, stall_ev = 0, stall = 0;
	struct fetch f;
	fetch_copy(&f, &m->f);
	m->priv = bt->priv;
	if (unlikely(bt->priv != m->split_priv))
		tm_priv_change(m, bt->priv);
	m->retired += bt->n;
	if (!(bt->whole && h->nobs == 1 && retire_block(m, h, bt, &t, &f, &stall, &stall_ev)))
		for (; r < end; r++, d++) {
			uint64_t t0 = t;
			step(m, h, d, r, &t, &f, &stall, &stall_ev);
			if (d->cls != K64_IC_ALU)   /* ALU instructions: what the other classes leave */
				m->cls[d->cls]++;
			r->cycles = (uint32_t)(t - t0);
		}
	if (bt->taken) {
		/* execute resolves the branch and flushes both fetch buffers (§4b Fetch) */
		f.w0 = f.w1 = WORD_NONE;
		f.t += m->p[K64_P_branch_redirect];
		if (t < f.t) {
			end[-1].cycles += (uint32_t)(f.t - t);
			m->cause[K64_C_FETCH] += f.t - t;
			t = f.t;
		}
	}
	m->cause[K64_C_FETCH] += stall;
	m->event[K64_EV_FETCH_STALL] += stall_ev;
	m->t = t;
	fetch_copy(&m->f, &f);
}

/* A trap taken in V mode stays there when it goes to VS: delegated by medeleg (mideleg for an
 * interrupt) and then hedeleg (hideleg); otherwise it goes to HS or M with V = 0 (21.4.1). */
static bool trap_to_vs(const struct k64_hart *h, uint64_t cause)
{
	uint64_t code = cause & ~(1ull << 63);
	uint64_t deleg = cause >> 63 ? h->mideleg & h->hideleg : h->medeleg & h->hedeleg;
	return code < 64 && ((deleg >> code) & 1);
}

/* A trap: the faulting instruction does not retire; the pipeline is flushed and the handler
 * fetched. Linux user mode emulates system calls in zero modelled cycles beyond this. */
static void model_trap(void *ctx, struct k64_hart *h, uint64_t cause, uint64_t tval)
{
	struct k64_model *m = ctx;
	if (unlikely(h->virt) && !trap_to_vs(h, cause))
		tm_virt_switch(m, false);
	(void)tval;
	m->pre_d = NULL;
	m->traps++;
	m->t += m->p[K64_P_trap] + (h->virt ? m->p[K64_P_trap_virt] : 0);
	m->f.w0 = m->f.w1 = WORD_NONE;
	m->f.t = m->t;
}

/* Time source: a counter read in d sees the cycle d issues (computed now and kept for its
 * retirement); without d, the current time. */
static uint64_t model_cycles(void *ctx, const struct k64_dinsn *d)
{
	struct k64_model *m = ctx;
	if (!d)
		return m->t;
	if (m->pre_d != d) {
		m->pre_issue = issue_of(m, m->h, d);
		m->pre_d = d;
	}
	return m->pre_issue;
}

static uint64_t model_event(void *ctx, unsigned n)
{
	struct k64_model *m = ctx;
	return n < K64_EV_COUNT ? m->event[n] : 0;
}

int k64_model_attach(struct k64_model *m, struct k64_hart *h, bool user_mode, char *err, size_t errlen)
{
	if (k64_model_validate(m, err, errlen))
		return -1;
	const uint64_t *p = m->p;
	m->h = h;
	m->user_mode = user_mode;
	m->virt = h->virt;
	uint64_t step_bits = 64 * p[K64_P_vec_lanes];
	m->g = h->vlen > step_bits ? h->vlen / step_bits : 1;
	m->fetch_hit = p[K64_P_fetch_overhead] + p[K64_P_icache_hit];
	m->refill_d = p[K64_P_mem_read] + (p[K64_P_dcache_line] / 8) * p[K64_P_mem_beat] + p[K64_P_refill_overhead];
	m->refill_i = p[K64_P_mem_read] + (p[K64_P_icache_line] / 8) * p[K64_P_mem_beat] + p[K64_P_refill_overhead];
	/* assumed walk: the upper levels hit the PTE line cache, the leaf refills a 64 B line */
	m->refill_pte = p[K64_P_mem_read] + 8 * p[K64_P_mem_beat] + p[K64_P_refill_overhead];
	m->walk = p[K64_P_walk_levels_cached] * p[K64_P_ptec_hit] + m->refill_pte;
	m->f.w0 = m->f.w1 = m->f.line = WORD_NONE;
	m->split_priv = h->priv;
	m->ic_last = m->dc_last = m->itlb_last = m->dtlb_last = WORD_NONE;
	m->b6 = p[K64_P_fetch_byte6] ? 6 : 8;
	m->fetch_repeat = p[K64_P_icache_enable] ? m->fetch_hit : p[K64_P_fetch_overhead] + p[K64_P_mem_read];
	m->fetch_shortcut = !p[K64_P_icache_enable] || p[K64_P_icache_line] >= 64;
	m->memo_ok = !p[K64_P_icache_enable] || p[K64_P_icache_ways] == 1;
	m->dcache_on = p[K64_P_dcache_enable] != 0;
	uint64_t isz = p[K64_P_icache_enable] ? p[K64_P_icache_size] : 4096, iline = p[K64_P_icache_enable] ? p[K64_P_icache_line] : 64;
	uint64_t dsz = p[K64_P_dcache_enable] ? p[K64_P_dcache_size] : 4096, dline = p[K64_P_dcache_enable] ? p[K64_P_dcache_line] : 64;
	if (k64_cachesim_init(&m->ic, isz, iline, p[K64_P_icache_enable] ? (unsigned)p[K64_P_icache_ways] : 1) ||
	    k64_cachesim_init(&m->dc, dsz, dline, p[K64_P_dcache_enable] ? (unsigned)p[K64_P_dcache_ways] : 1) ||
	    k64_cachesim_init(&m->itlb, p[K64_P_tlb_entries] * 4096, 4096, (unsigned)p[K64_P_tlb_entries]) ||
	    k64_cachesim_init(&m->dtlb, p[K64_P_tlb_entries] * 4096, 4096, (unsigned)p[K64_P_tlb_entries]) ||
	    k64_cachesim_init(&m->iptec, p[K64_P_ptec_lines] * 64, 64, (unsigned)p[K64_P_ptec_lines]) ||
	    k64_cachesim_init(&m->dptec, p[K64_P_ptec_lines] * 64, 64, (unsigned)p[K64_P_ptec_lines]))
		return snprintf(err, errlen, "cannot set up the cache models"), -1;
	struct k64_observer o = { m, model_retire, model_trap, false, NULL, NULL };
	if (!k64_observer_add(h, &o))
		return snprintf(err, errlen, "too many observers"), -1;
	m->ts.ctx = m;
	m->ts.cycles = model_cycles;
	m->ts.event = model_event;
	m->ts.hz = p[K64_P_core_hz];
	h->ts = &m->ts;
	return 0;
}
