/* The Karu64 cycle model (doc/cycle-model.md; ../shared/spec/karu64.md §2-§4b).
 *
 * Karu64 issues one instruction at a time, in order, with no overlap and no scoreboard (§4b
 * Issue), so an instruction's timing is fully described by the cycle it issues and its i2i, the
 * cycles until the next one may issue. The model keeps two clocks:
 *   t        the earliest cycle the next instruction may issue as far as execution goes;
 *   fetch_t  the earliest cycle the fetch of a new 8-byte word may start: fetch is demand-driven
 *            with one request in flight, requested when the previous instruction issued, or after
 *            a taken branch's redirect (§4b Fetch).
 * An instruction issues at max(t, the arrival of the fetch words it needs); then t = issue + i2i.
 * Every cycle is charged to one cause, so the causes add up to the total (a CPI stack). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "core/cache.h"
#include "core/hart.h"
#include "timing/timing.h"

#define WORD_NONE (~0ull)
#define KECCAK_GROUP_BITS 2048

static const struct {
	const char *name, *unit, *meaning;
	uint64_t v[2];
} param_info[K64_P_COUNT] = {
#define P(name, sim, fpga, unit, meaning) { #name, unit, meaning, { sim, fpga } },
#include "timing/params.def"
#undef P
};
static const char *const config_names[2] = { "karu64-sim", "karu64-fpga" };
static const char *const cause_names[K64_C_COUNT] = {
#define K64_CAUSE_NAME(c, s) s,
	K64_CAUSES(K64_CAUSE_NAME)
#undef K64_CAUSE_NAME
};

/* The front end's state (§4b Fetch). */
struct fetch {
	uint64_t t;                  /* fetch_t: the earliest cycle the next word's fetch may start */
	uint64_t w0, w1;             /* the two fetch buffers: 8-byte word numbers, w0 the newer */
	uint64_t line;               /* 64-byte line of the last fetched word (its page and I-cache line),
					when another word of it costs fetch_repeat */
};

struct k64_model {
	int config;
	uint64_t p[K64_P_COUNT];
	struct k64_timesource ts;
	struct k64_hart *h;
	bool user_mode;

	uint64_t t;
	unsigned priv;               /* of the batch being timed */
	struct fetch f;
	struct tblk **tb;            /* block summaries (blk->obs_note while blk->obs_gen == gen) */
	uint32_t ntb, captb;
	uint32_t gen;                /* this model's generation of summaries: unique in the process */
	uint64_t cache_flushes;      /* the core's block-cache flushes when the summaries were begun */
	const struct k64_dinsn *pre_d;   /* issue computed early by a counter read in pre_d */
	uint64_t pre_issue;
	uint64_t fetch_refill, fetch_walk;   /* of the fetch stall being accumulated */

	struct k64_cachesim ic, dc, itlb, dtlb;
	struct k64_cachesim iptec, dptec;    /* the MMUs' page-table-entry line caches (real walks) */
	/* the most recently used line or page of each: a repeat is a hit that changes no LRU order */
	uint64_t ic_last, dc_last, itlb_last, dtlb_last;
	uint64_t fetch_repeat;       /* what another word of that line costs to fetch */
	uint64_t b6;                 /* fetch_byte6: 6, the byte offset in a word whose instructions need
					the next word too; else 8 (none) */
	bool fetch_shortcut;         /* I-cache lines of 64 bytes or more (or no I-cache) */
	bool dcache_on;              /* dcache_enable */
	uint64_t ic_flushes;         /* of the I-cache (fence.i): its epoch, with its misses */
	bool memo_ok;                /* an I-cache hit changes nothing (direct-mapped or none): retire_simple */
	uint64_t cause[K64_C_COUNT];
	uint64_t event[K64_EV_COUNT];
	uint64_t cls[K64_IC_COUNT];  /* retired instructions by class; ALU: see class_count */
	uint64_t retired;
	uint64_t traps, keccak_ops[2], keccak_engine[2];   /* [0] 24 rounds, [1] 12 */
	uint64_t xkr_rounds, xkr_moves;  /* xkr.round, xkr.wlane + xkr.rlane retired */
	uint64_t xkr_busy;           /* xkr_round_overlap: the cycle the round-step unit is free */
	/* derived once at attach */
	unsigned g;                  /* granule steps per vector register */
	uint64_t fetch_hit;          /* fetch_overhead + answer latency */
	uint64_t refill_d, refill_i; /* line refills */
	uint64_t walk;               /* assumed table walk (Linux user mode) */
	uint64_t refill_pte;         /* a page-table-entry line refill */
	/* device register regions (k64_model_add_mmio): their hull, for a one-compare miss */
	uint64_t mmio_lo, mmio_span;
	unsigned nmmio;
	struct { uint64_t base, size; } mmio[16];
};

/* ---- parameters -------------------------------------------------------------------------- */
/* A generation of block summaries, never 0 (a block's obs_gen when built) nor one given before:
 * a block's note from another model or from summaries since freed is never taken for valid. */
static uint32_t new_gen(void)
{
	static uint32_t last;
	return ++last ? last : ++last;
}

struct k64_model *k64_model_new(const char *config, char *err, size_t errlen)
{
	int c = -1;
	for (int i = 0; i < 2; i++)
		if (!strcmp(config, config_names[i]))
			c = i;
	if (c < 0) {
		snprintf(err, errlen, "unknown model '%s' (none, karu64-sim, karu64-fpga)", config);
		return NULL;
	}
	struct k64_model *m = calloc(1, sizeof *m);
	if (!m) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	m->config = c;
	m->gen = new_gen();
	for (int i = 0; i < K64_P_COUNT; i++)
		m->p[i] = param_info[i].v[c];
	return m;
}

void k64_model_free(struct k64_model *m)
{
	if (!m)
		return;
	k64_cachesim_free(&m->ic);
	k64_cachesim_free(&m->dc);
	k64_cachesim_free(&m->itlb);
	k64_cachesim_free(&m->dtlb);
	k64_cachesim_free(&m->iptec);
	k64_cachesim_free(&m->dptec);
	for (uint32_t i = 0; i < m->ntb; i++)
		free(m->tb[i]);
	free(m->tb);
	free(m);
}

const char *k64_model_config(const struct k64_model *m) { return config_names[m->config]; }
uint64_t k64_model_param(const struct k64_model *m, enum k64_param p) { return m->p[p]; }

static int parse_value(const char *s, uint64_t *v)
{
	char *end;
	if (!*s || *s == '-' || *s == ' ')
		return -1;
	errno = 0;
	unsigned long long x = strtoull(s, &end, 0);
	if (errno)
		return -1;
	unsigned shift = 0;
	if (*end == 'K' || *end == 'k') shift = 10;
	else if (*end == 'M' || *end == 'm') shift = 20;
	else if (*end == 'G' || *end == 'g') shift = 30;
	if (shift) {
		if (x > (~0ull >> shift))
			return -1;
		x <<= shift;
		end++;
	}
	if (*end)
		return -1;
	*v = x;
	return 0;
}

/* Renamed parameters (doc/cycle-model.md, "Renamed parameters"): the old name still sets the new
 * one, as new = old * mul + add (exact where the old and new mechanisms agree). */
static const struct { const char *old, *new; uint64_t mul, add; } param_alias[] = {
	/* one 128-bit store granule was 1 + 2 x (vls_store_beat + mem_write); now vls_store_granule +
	 * one mem_write: equal at mem_write = 1 */
	{ "vls_store_beat", "vls_store_granule", 2, 2 },
};

int k64_model_set(struct k64_model *m, const char *assign, char *err, size_t errlen)
{
	const char *eq = strchr(assign, '=');
	if (!eq || eq == assign) {
		snprintf(err, errlen, "--param needs NAME=VALUE, got '%s'", assign);
		return -1;
	}
	size_t n = (size_t)(eq - assign);
	while (n && (assign[n - 1] == ' ' || assign[n - 1] == '\t'))
		n--;
	const char *val = eq + 1;
	while (*val == ' ' || *val == '\t')
		val++;
	for (size_t a = 0; a < sizeof param_alias / sizeof param_alias[0]; a++)
		if (strlen(param_alias[a].old) == n && !strncmp(param_alias[a].old, assign, n)) {
			uint64_t v;
			if (parse_value(val, &v) || v > (1ull << 32)) {
				snprintf(err, errlen, "bad value for parameter %s: '%s'", param_alias[a].old, val);
				return -1;
			}
			char buf[96];
			snprintf(buf, sizeof buf, "%s=%llu", param_alias[a].new,
				 (unsigned long long)(v * param_alias[a].mul + param_alias[a].add));
			return k64_model_set(m, buf, err, errlen);
		}
	for (int i = 0; i < K64_P_COUNT; i++)
		if (strlen(param_info[i].name) == n && !strncmp(param_info[i].name, assign, n)) {
			uint64_t v;
			if (parse_value(val, &v) || (!strcmp(param_info[i].unit, "bool") && v > 1) ||
			    v > (1ull << 40)) {
				snprintf(err, errlen, "bad value for parameter %s: '%s'", param_info[i].name, val);
				return -1;
			}
			m->p[i] = v;
			return 0;
		}
	snprintf(err, errlen, "unknown parameter '%.*s' (see --list-params)", (int)n, assign);
	return -1;
}

int k64_model_set_file(struct k64_model *m, const char *path, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		snprintf(err, errlen, "cannot open parameter file '%s': %s", path, strerror(errno));
		return -1;
	}
	char line[512];
	unsigned ln = 0;
	int r = 0;
	while (!r && fgets(line, sizeof line, f)) {
		ln++;
		char *h = strchr(line, '#');
		if (h)
			*h = 0;
		char *s = line, *e = line + strlen(line);
		while (*s == ' ' || *s == '\t')
			s++;
		while (e > s && (e[-1] == '\n' || e[-1] == '\r' || e[-1] == ' ' || e[-1] == '\t'))
			*--e = 0;
		if (!*s)
			continue;
		char msg[256];
		if (k64_model_set(m, s, msg, sizeof msg)) {
			snprintf(err, errlen, "%s:%u: %s", path, ln, msg);
			r = -1;
		}
	}
	fclose(f);
	return r;
}

static bool pow2(uint64_t v) { return v && !(v & (v - 1)); }

int k64_model_validate(const struct k64_model *m, char *err, size_t errlen)
{
	static const struct { enum k64_param size, line, ways, enable; const char *what; } caches[] = {
		{ K64_P_icache_size, K64_P_icache_line, K64_P_icache_ways, K64_P_icache_enable, "icache" },
		{ K64_P_dcache_size, K64_P_dcache_line, K64_P_dcache_ways, K64_P_dcache_enable, "dcache" },
	};
	for (size_t i = 0; i < 2; i++) {
		uint64_t s = m->p[caches[i].size], l = m->p[caches[i].line], w = m->p[caches[i].ways];
		if (!m->p[caches[i].enable])
			continue;
		if (!pow2(l) || l < 8 || l > 4096 || !w || w > 64 || s < l * w || s % (l * w) || !pow2(s / (l * w))) {
			snprintf(err, errlen, "bad %s geometry: size %llu, line %llu, ways %llu (powers of two, "
				 "line 8..4096, size = sets * ways * line)", caches[i].what, (unsigned long long)s,
				 (unsigned long long)l, (unsigned long long)w);
			return -1;
		}
	}
	if (!m->p[K64_P_tlb_entries] || m->p[K64_P_tlb_entries] > 1024)
		return snprintf(err, errlen, "tlb_entries must be 1..1024"), -1;
	if (!m->p[K64_P_ptec_lines] || m->p[K64_P_ptec_lines] > 1024)
		return snprintf(err, errlen, "ptec_lines must be 1..1024"), -1;
	if (!m->p[K64_P_core_hz] || !m->p[K64_P_timebase_hz] || m->p[K64_P_timebase_hz] > m->p[K64_P_core_hz])
		return snprintf(err, errlen, "core_hz and timebase_hz must be > 0, timebase_hz <= core_hz"), -1;
	if (!pow2(m->p[K64_P_vec_lanes]) || m->p[K64_P_vec_lanes] > 64)
		return snprintf(err, errlen, "vec_lanes must be a power of two 1..64"), -1;
	if (!m->p[K64_P_vrf_ports] || m->p[K64_P_vrf_ports] > 64)
		return snprintf(err, errlen, "vrf_ports must be 1..64"), -1;
	if (!m->p[K64_P_keccak_rounds_per_cycle] || m->p[K64_P_keccak_rounds_per_cycle] > 24)
		return snprintf(err, errlen, "keccak_rounds_per_cycle must be 1..24"), -1;
	if (!m->p[K64_P_dma_rounds_per_cycle] || m->p[K64_P_dma_rounds_per_cycle] > 24)
		return snprintf(err, errlen, "dma_rounds_per_cycle must be 1..24"), -1;
	if (!pow2(m->p[K64_P_dma_bus_bytes]) || m->p[K64_P_dma_bus_bytes] > 64 || !m->p[K64_P_dma_beat])
		return snprintf(err, errlen, "dma_bus_bytes must be a power of two 1..64 and dma_beat at least 1"), -1;
	return 0;
}

void k64_model_list_params(const struct k64_model *m, FILE *f)
{
	fprintf(f, "# parameters of %s (override with --param NAME=VALUE or --param-file FILE)\n",
		config_names[m->config]);
	fprintf(f, "%-24s %12s  %-8s %s\n", "name", "value", "unit", "meaning [source]");
	for (int i = 0; i < K64_P_COUNT; i++)
		fprintf(f, "%-24s %12llu  %-8s %s\n", param_info[i].name, (unsigned long long)m->p[i],
			param_info[i].unit, param_info[i].meaning);
}

/* ---- memory system ----------------------------------------------------------------------- */
/* The L1s cache physical 0x8000_0000-0x8FFF_FFFF (§4b). Translated addresses (Linux user mode,
 * and S/U-mode with satp on in bare metal and on the board) are virtual: the model sees no
 * physical address, so all of them are taken as cacheable DRAM (xl = the access is translated). */
static bool cacheable(const struct k64_model *m, uint64_t a, bool xl)
{
	return m->user_mode || xl || (a >= 0x80000000ull && a < 0x90000000ull);
}

static bool translated(const struct k64_model *m, const struct k64_hart *h, unsigned priv)
{
	return m->user_mode || (priv < K64_PRIV_M && (h->satp >> 60) != 0);
}

/* Cache lookup with allocation, through the most-recently-used shortcut. */
static inline bool lookup(struct k64_cachesim *c, uint64_t *last, uint64_t a)
{
	uint64_t ln = a >> c->line_shift;
	if (likely(ln == *last)) {
		c->hits++;
		return true;
	}
	*last = ln;
	return k64_cachesim_access(c, a, true);
}

/* A table walk for a's page: in Linux user mode (no page tables) the assumed one; otherwise the
 * PTEs the walk reads under the current satp, each through the MMU's page-table-entry line
 * cache (ptec_hit, or a line refill). */
static uint64_t walk(struct k64_model *m, struct k64_cachesim *ptec, uint64_t a)
{
	uint64_t ptes[5];
	unsigned n = m->user_mode ? 0 : k64_mmu_walk_ptes(m->h, a, ptes);
	if (!n)   /* user mode; or satp went Bare since the access */
		return m->walk;
	uint64_t c = 0;
	for (unsigned i = 0; i < n; i++)
		c += k64_cachesim_access(ptec, ptes[i], true) ? m->p[K64_P_ptec_hit] : m->refill_pte;
	return c;
}

/* TLB lookup of one page; returns the cycles added (hit cost + walk on a miss), charging the
 * walk to the TLB cause (fetch walks are charged when the fetch stall is, see model_retire). */
static __attribute__((noinline)) uint64_t tlb_miss(struct k64_model *m, struct k64_cachesim *t, uint64_t a,
						   uint64_t hit_cost)
{
	m->event[K64_EV_TLB_MISS]++;
	bool fetch = t == &m->itlb;
	uint64_t w = walk(m, fetch ? &m->iptec : &m->dptec, a);
	if (fetch)
		m->fetch_walk += w;
	else
		m->cause[K64_C_TLB] += w;
	return hit_cost + w;
}

static inline __attribute__((always_inline)) uint64_t tlb(struct k64_model *m, struct k64_cachesim *t, uint64_t a,
							   uint64_t hit_cost)
{
	uint64_t *last = t == &m->itlb ? &m->itlb_last : &m->dtlb_last;
	if (likely((a >> t->line_shift) == *last))
		return hit_cost;      /* the most recently used page */
	*last = a >> t->line_shift;
	if (likely(k64_cachesim_access(t, a, true)))
		return hit_cost;
	return tlb_miss(m, t, a, hit_cost);
}

int k64_model_add_mmio(struct k64_model *m, uint64_t base, uint64_t size)
{
	if (m->nmmio == sizeof m->mmio / sizeof m->mmio[0])
		return -1;
	m->mmio[m->nmmio].base = base;
	m->mmio[m->nmmio++].size = size;
	uint64_t lo = m->nmmio == 1 || base < m->mmio_lo ? base : m->mmio_lo;
	uint64_t hi = m->nmmio == 1 || base + size > m->mmio_lo + m->mmio_span ? base + size : m->mmio_lo + m->mmio_span;
	m->mmio_lo = lo;
	m->mmio_span = hi - lo;
	return 0;
}

/* A device register access: uncached, no data-cache effect, over the peripheral port (not the
 * memory port the DMA uses: no memory-stall event; doc/keccak-dma.md). */
static __attribute__((noinline)) bool mmio_hit(struct k64_model *m, uint64_t a)
{
	for (unsigned i = 0; i < m->nmmio; i++)
		if (a - m->mmio[i].base < m->mmio[i].size) {
			m->cause[K64_C_SMEM] += m->p[K64_P_mmio_latency];
			return true;
		}
	return false;
}
#define MMIO(m, a) (unlikely((a) - (m)->mmio_lo < (m)->mmio_span) && mmio_hit(m, a))

/* A scalar data read of size bytes at a: cycles beyond the hit latency (refills, TLB). */
static inline __attribute__((always_inline)) uint64_t data_read(struct k64_model *m, struct k64_hart *h, unsigned priv, uint64_t a, unsigned size)
{
	uint64_t c = 0;
	bool xl = translated(m, h, priv);
	if (xl) {
		c += tlb(m, &m->dtlb, a, m->p[K64_P_tlb_hit]);
		m->cause[K64_C_TLB] += m->p[K64_P_tlb_hit];
	}
	if (MMIO(m, a))
		return c + m->p[K64_P_mmio_latency];
	uint64_t last = a + size - 1;
	bool split = (a >> 3) != (last >> 3);
	if (split) {
		c += m->p[K64_P_split_beat];
		m->cause[K64_C_SMEM] += m->p[K64_P_split_beat];
	}
	if (!m->p[K64_P_dcache_enable] || !cacheable(m, a, xl)) {
		uint64_t u = (m->p[K64_P_mem_read] + m->p[K64_P_refill_overhead]) * (split ? 2 : 1);
		m->cause[K64_C_CMISS] += u;
		m->event[K64_EV_MEM_STALL] += u;
		return c + u;
	}
	for (uint64_t l = a >> m->dc.line_shift; l <= last >> m->dc.line_shift; l++)
		if (!lookup(&m->dc, &m->dc_last, l << m->dc.line_shift)) {
			c += m->refill_d;
			m->cause[K64_C_CMISS] += m->refill_d;
			m->event[K64_EV_DCACHE_MISS]++;
			m->event[K64_EV_MEM_STALL] += m->refill_d;
		}
	return c;
}

/* A scalar write-through (no write-allocate): cycles beyond `store`. */
static inline __attribute__((always_inline)) uint64_t data_write(struct k64_model *m, struct k64_hart *h, unsigned priv, uint64_t a, unsigned size)
{
	uint64_t c = 0;
	bool xl = translated(m, h, priv);
	if (xl) {
		c += tlb(m, &m->dtlb, a, m->p[K64_P_tlb_hit]);
		m->cause[K64_C_TLB] += m->p[K64_P_tlb_hit];
	}
	if (MMIO(m, a))
		return c + m->p[K64_P_mmio_latency];
	uint64_t last = a + size - 1;
	unsigned beats = (a >> 3) != (last >> 3) ? 2 : 1;
	c += beats * m->p[K64_P_mem_write] + (beats - 1) * m->p[K64_P_split_beat];
	m->cause[K64_C_SMEM] += beats * m->p[K64_P_mem_write] + (beats - 1) * m->p[K64_P_split_beat];
	m->event[K64_EV_MEM_STALL] += beats * m->p[K64_P_mem_write];
	if (m->p[K64_P_dcache_enable] && cacheable(m, a, xl))
		for (uint64_t l = a >> m->dc.line_shift; l <= last >> m->dc.line_shift; l++)
			if (l != m->dc_last)
				(void)k64_cachesim_access(&m->dc, l << m->dc.line_shift, false);   /* updated if present */
	return c;
}

/* ---- front end --------------------------------------------------------------------------- */
/* The last 8-byte word instruction d needs: the word holding its last byte, or with fetch_byte6
 * the next word for any instruction starting at byte 6, 16-bit ones included (the fetch unit
 * requests the following word before it hands over an instruction there, §4b). */
static inline uint64_t last_word(const struct k64_model *m, const struct k64_dinsn *d)
{
	return (d->pc + ((d->pc & 7) == m->b6 ? 4u : d->len) - 1) >> 3;
}

/* Fetches 8-byte word w, requested at cycle start: returns its arrival; w becomes the newer
 * buffer. Misses are out of line (fetch_miss). */
static __attribute__((noinline)) uint64_t fetch_miss(struct k64_model *m, uint64_t a)
{
	if (k64_cachesim_access(&m->ic, a, true))
		return 0;
	m->fetch_refill += m->refill_i;
	m->event[K64_EV_ICACHE_MISS]++;
	m->event[K64_EV_MEM_STALL] += m->refill_i;
	return m->refill_i;
}

static inline uint64_t fetch_word(struct k64_model *m, struct k64_hart *h, struct fetch *f, uint64_t w, uint64_t start)
{
	uint64_t a = w << 3, t = start;
	bool xl = translated(m, h, h->priv);
	if (xl)
		t += tlb(m, &m->itlb, a, 0);   /* the translation register is part of fetch_overhead */
	bool cache = m->p[K64_P_icache_enable] && cacheable(m, a, xl);
	if (cache) {
		t += m->fetch_hit;
		uint64_t ln = a >> m->ic.line_shift;
		if (ln != m->ic_last) {
			m->ic_last = ln;
			t += fetch_miss(m, a);
		}
	} else {
		t += m->p[K64_P_fetch_overhead] + m->p[K64_P_mem_read];
	}
	f->w1 = f->w0;
	f->w0 = w;
	f->line = m->fetch_shortcut && (cache || !m->p[K64_P_icache_enable]) ? a >> 6 : WORD_NONE;
	return t;
}

/* The cycle the words holding d arrive (fetching what the buffers lack), given that some are
 * missing: another word of the last fetched line costs fetch_repeat. */
static inline uint64_t fetch_insn(struct k64_model *m, struct k64_hart *h, struct fetch *f, const struct k64_dinsn *d)
{
	uint64_t w0 = d->pc >> 3, w1 = last_word(m, d);
	if (likely(w1 == w0 && (w0 >> 3) == f->line && w0 != f->w1)) {
		f->w1 = f->w0;
		f->w0 = w0;
		return f->t += m->fetch_repeat;
	}
	uint64_t ready = f->t;
	if (w0 != f->w0 && w0 != f->w1)
		ready = fetch_word(m, h, f, w0, ready);
	if (w1 != w0 && w1 != f->w0)
		ready = fetch_word(m, h, f, w1, ready);
	return f->t = ready;
}

/* The cycle instruction d issues: after t, and after the words holding it arrived. */
static uint64_t issue_of(struct k64_model *m, struct k64_hart *h, const struct k64_dinsn *d)
{
	uint64_t w0 = d->pc >> 3, w1 = last_word(m, d);
	if (likely(w0 == m->f.w0 && w1 == w0))
		return m->t;
	uint64_t ready = fetch_insn(m, h, &m->f, d);
	return ready > m->t ? ready : m->t;
}

/* Charges the fetch stall of an instruction: the part spent refilling the I-cache or walking
 * goes to those causes. */
static __attribute__((noinline)) uint64_t fetch_apportion(struct k64_model *m, uint64_t stall)
{
	uint64_t w = m->fetch_walk < stall ? m->fetch_walk : stall;
	uint64_t f = m->fetch_refill < stall - w ? m->fetch_refill : stall - w;
	m->cause[K64_C_TLB] += w;
	m->cause[K64_C_CMISS] += f;
	m->fetch_refill = m->fetch_walk = 0;
	return stall - w - f;
}

/* ---- vector unit ------------------------------------------------------------------------- */
static unsigned vsew_bytes(uint64_t vtype) { return 1u << ((vtype >> 3) & 3); }
static int vlmul_log2(uint64_t vtype) { int l = (int)(vtype & 7); return l >= 4 ? l - 8 : l; }
static uint64_t regs(int emul) { return emul <= 0 ? 1 : 1ull << (emul > 3 ? 3 : emul); }
static uint64_t cdiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

/* Vector source operands that are read per granule step: vs2, plus vs1 for .vv forms, plus vd
 * for multiply-adds (funct6 1010xx/1011xx in OPMVV/OPMVX and 1011xx/1111xx in OPF*). */
static unsigned vsources(const struct k64_dinsn *d)
{
	unsigned f3 = (d->word >> 12) & 7, f6 = d->word >> 26;
	unsigned n = (f3 == 0 || f3 == 1 || f3 == 2) ? 2 : 1;
	if (((f3 == 2 || f3 == 6) && (f6 & 0x38) == 0x28) || ((f3 == 1 || f3 == 5) && ((f6 & 0x3c) == 0x2c || (f6 & 0x3c) == 0x3c)))
		n++;
	return n;
}

/* The granule steps of a group of `group` steps that hold elements below vl (vec_vl_bound), at
 * bytes_per_elem bytes per element; the whole group otherwise. */
static uint64_t active(const struct k64_model *m, uint64_t group, uint64_t vl, unsigned bytes_per_elem)
{
	if (!m->p[K64_P_vec_vl_bound])
		return group;
	uint64_t a = cdiv(vl * bytes_per_elem, 8 * m->p[K64_P_vec_lanes]);
	return a < group ? a : group;
}

/* Element-wise arithmetic through the lanes: per granule step the operand reads (sources
 * spread over the ports), then stall check, compute and write (§4b Vector arithmetic). */
static uint64_t vlanes(struct k64_model *m, const struct k64_dinsn *d, uint64_t granules, uint64_t extra_per_step)
{
	uint64_t reads = cdiv(vsources(d), m->p[K64_P_vrf_ports]);
	return granules * (reads + m->p[K64_P_vec_step] + m->p[K64_P_vec_lane_stage] + extra_per_step);
}

/* An element-serial unit (FPGA vector multiply/divide, the shared bit-serial FPU). */
static uint64_t velem(struct k64_model *m, uint64_t elems, uint64_t latency)
{
	return elems * (latency + m->p[K64_P_velem_overhead]);
}

/* Vector loads and stores: register-file phase, translation, the data-cache accesses through
 * the 128-bit port (one in flight), register write-back (§4b Vector loads/stores). */
static uint64_t vmem(struct k64_model *m, struct k64_hart *h, const struct k64_dinsn *d, const struct k64_retire *r,
		     bool store)
{
	unsigned mop = (d->word >> 26) & 3, lumop = (d->word >> 20) & 31, nf = (d->word >> 29) + 1;
	unsigned width = (d->word >> 12) & 7, eew_b = width == 0 ? 1 : 1u << (width - 4);
	uint64_t ports = m->p[K64_P_vrf_ports];
	uint64_t data_regs;
	if (mop == 0 && lumop == 8)                     /* whole-register */
		data_regs = nf;
	else if (mop == 0 && lumop == 11)               /* mask */
		data_regs = 1;
	else {
		int emul = mop & 1 ? vlmul_log2(r->vtype)   /* indexed: data at SEW/LMUL */
				   : (int)__builtin_ctz(eew_b) - (int)((r->vtype >> 3) & 3) + vlmul_log2(r->vtype);
		data_regs = regs(emul) * nf;
	}
	uint64_t granules = data_regs * m->g;
	uint64_t idx_granules = 0;
	if (mop & 1) {
		int iemul = (int)__builtin_ctz(eew_b) - (int)((r->vtype >> 3) & 3) + vlmul_log2(r->vtype);
		idx_granules = active(m, regs(iemul) * m->g, r->vl, eew_b);
		granules = nf * active(m, granules / nf, r->vl, vsew_bytes(r->vtype));
	} else if (!(mop == 0 && (lumop == 8 || lumop == 11))) {
		granules = nf * active(m, granules / nf, r->vl, eew_b);   /* whole-register and mask: all */
	}
	uint64_t c = m->p[K64_P_vec_issue] + m->p[K64_P_vls_close];
	c += cdiv(granules + idx_granules, ports) * m->p[K64_P_vls_rf_fill];
	if (!store)
		c += granules * m->p[K64_P_vls_rf_write];
	m->cause[K64_C_VMEM] += c;

	/* memory phase, from the accesses the core logged: a contiguous transfer moves the 128-bit
	 * granules it spans, strided and indexed ones access one element at a time */
	bool xlate = translated(m, h, m->priv), cached = m->p[K64_P_dcache_enable];
	bool contiguous = mop == 0;
	uint64_t page = WORD_NONE, last_gran = WORD_NONE, mem = 0, miss = 0, tl = 0, walks = 0;
	for (uint32_t i = 0; i < r->nacc; i++) {
		uint64_t a = r->acc[i].addr, end = a + r->acc[i].size;
		uint64_t x = contiguous ? a & ~15ull : a;
		for (; x < end; x = contiguous ? x + 16 : end) {
			uint64_t lo = x > a ? x : a, hi = contiguous && x + 16 < end ? x + 16 : end;
			if (contiguous && x == last_gran)
				continue;       /* masked unit-stride elements sharing a granule */
			last_gran = x;
			if ((lo >> 12) != page) {
				page = lo >> 12;
				tl += m->p[K64_P_vls_translate];
				if (xlate)
					walks += tlb(m, &m->dtlb, lo, 0);
			}
			bool cache = cached && cacheable(m, lo, xlate);
			if (store) {
				/* one access and one write response per granule (or element) */
				mem += m->p[K64_P_vls_store_granule] + m->p[K64_P_mem_write];
				m->event[K64_EV_MEM_STALL] += m->p[K64_P_mem_write];
				if (cache)
					(void)k64_cachesim_access(&m->dc, lo, false);   /* updated if present */
				continue;
			}
			mem += m->p[K64_P_vls_load_granule];
			if (!cache) {
				miss += m->p[K64_P_mem_read] + m->p[K64_P_refill_overhead];
				continue;
			}
			for (uint64_t l = lo >> m->dc.line_shift; l <= (hi - 1) >> m->dc.line_shift; l++)
				if (!lookup(&m->dc, &m->dc_last, l << m->dc.line_shift)) {
					miss += m->refill_d;
					m->event[K64_EV_DCACHE_MISS]++;
				}
		}
	}
	m->event[K64_EV_MEM_STALL] += miss;
	m->cause[K64_C_VMEM] += mem + tl;
	m->cause[K64_C_CMISS] += miss;
	return c + mem + tl + walks + miss;
}

/* The vector crypto unit, one element group at a time (§2, §4b): the sequencer starts, then per
 * group steps to it, gathers the operand granules (crypto_read per granule and port), requests,
 * waits the unit's latency, writes the result granules back. .vx/.vi/.vs forms cost what .vv
 * costs. Latencies are the unit's, independent of the data (Zvkt). */
static uint64_t vcrypto(struct k64_model *m, const struct k64_retire *r, unsigned egw_bits, unsigned operands,
			uint64_t latency)
{
	const uint64_t *p = m->p;
	uint64_t egs = egw_bits / (8u * vsew_bytes(r->vtype));
	uint64_t groups = r->vl / (egs ? egs : 1);
	uint64_t gran = cdiv(egw_bits, 128);
	uint64_t per = p[K64_P_crypto_group] + cdiv(operands * gran, p[K64_P_vrf_ports]) * p[K64_P_crypto_read] +
		       p[K64_P_crypto_handshake] + latency + gran * p[K64_P_crypto_wb_granule];
	uint64_t c = p[K64_P_vec_issue] + p[K64_P_crypto_setup] + groups * per;
	m->cause[K64_C_CRYPTO] += c;
	m->event[K64_EV_CRYPTO_BUSY] += c;
	return c;
}

/* vkeccak.vi (§2 Keccak, §4b): the sub-sequencer fills the 2048-bit buffer over both ports
 * (pipelined fills of vrf_ports granules), the engine runs nr rounds, the registers are written
 * back a granule at a time. At VLEN >= 2048 the group is part of one register. */
static uint64_t vkeccak(struct k64_model *m, struct k64_hart *h, const struct k64_dinsn *d, const struct k64_retire *r)
{
	unsigned nr = ((d->word >> 20) & 31) == 1 ? 12 : 24;
	uint64_t nreg = h->vlen >= KECCAK_GROUP_BITS ? 1 : KECCAK_GROUP_BITS / h->vlen;
	uint64_t groups = 1;
	if (h->zvknhk_version == 2 && h->vlen > 128)
		groups = r->vl / 32;
	uint64_t fills = cdiv(KECCAK_GROUP_BITS / 128, m->p[K64_P_vrf_ports]);
	uint64_t load = m->p[K64_P_keccak_fill_latency] + fills * m->p[K64_P_keccak_fill];
	uint64_t engine = cdiv(nr, m->p[K64_P_keccak_rounds_per_cycle]) + 1;
	uint64_t wb = (KECCAK_GROUP_BITS / 128) * m->p[K64_P_keccak_wb_granule] + nreg * m->p[K64_P_keccak_wb_reg];
	uint64_t unit = groups * (load + m->p[K64_P_keccak_handshake] + wb);
	m->keccak_ops[nr == 12] += groups;
	m->keccak_engine[nr == 12] += groups * engine;
	m->event[K64_EV_KECCAK_BUSY] += groups * engine;
	m->event[K64_EV_CRYPTO_BUSY] += unit + groups * engine;
	m->cause[K64_C_KECCAK] += groups * engine;
	m->cause[K64_C_CRYPTO] += unit + m->p[K64_P_vec_issue];
	return m->p[K64_P_vec_issue] + unit + groups * engine;
}

/* xkround (doc/xkround.md): lane moves are single-cycle operations through the scalar operand
 * and result paths; a round is a request to the round-step unit, done xkr_round_latency cycles
 * later (i2i = D - I + 2, §4b Issue). With xkr_round_overlap the round runs in the background
 * and the next xkr instruction waits for the unit instead. All of it is the keccak cause. */
static uint64_t xkround(struct k64_model *m, const struct k64_dinsn *d, uint64_t issue)
{
	const uint64_t *p = m->p;
	uint64_t wait = m->xkr_busy > issue ? m->xkr_busy - issue : 0, c;
	if (d->cls == K64_IC_XKROUND) {
		m->xkr_rounds++;
		m->event[K64_EV_KECCAK_BUSY] += p[K64_P_xkr_round_latency];
		if (p[K64_P_xkr_round_overlap]) {
			m->xkr_busy = issue + wait + p[K64_P_xkr_issue] + p[K64_P_xkr_round_latency];
			m->cause[K64_C_KECCAK] += wait;
			return wait + p[K64_P_alu];   /* the alu cycle is the integer cause's */
		}
		c = p[K64_P_xkr_issue] + p[K64_P_xkr_round_latency];
	} else {
		m->xkr_moves++;
		c = wait + p[K64_P_xkr_lane_move];
	}
	m->cause[K64_C_KECCAK] += c;
	return c;
}

/* Everything the vector unit does apart from memory and crypto. */
static uint64_t vector(struct k64_model *m, struct k64_hart *h, const struct k64_dinsn *d, const struct k64_retire *r)
{
	uint64_t vtype = r->vtype;
	if (vtype >> 63)
		return m->p[K64_P_vec_issue];
	unsigned sewb = vsew_bytes(vtype);
	int lmul = vlmul_log2(vtype);
	uint64_t ports = m->p[K64_P_vrf_ports], g = m->g;
	uint64_t group = regs(lmul) * g;                  /* granule steps of an LMUL group */
	uint64_t vlmax = regs(lmul) * h->vlen / (8u * sewb);
	uint64_t vl = r->vl;
	uint64_t act = active(m, group, vl, sewb);        /* of them, those holding elements below vl */
	unsigned f6 = d->word >> 26, f3 = (d->word >> 12) & 7;
	bool fp = f3 == 1 || f3 == 5;
	uint64_t c = m->p[K64_P_vec_issue];
	enum k64_cause cause = K64_C_VLANES;
	switch (d->cls) {
	case K64_IC_VALU:
		if (f6 == 0x17 && ((d->word >> 25) & 1) && (f3 == 3 || f3 == 4 || f3 == 5)) {
			c += m->p[K64_P_splat_overhead] + cdiv(group, ports);    /* vmv.v.x/i, vfmv.v.f */
		} else if (f6 == 0x27 && f3 == 3) {
			c += vlanes(m, d, (((d->word >> 15) & 7) + 1) * g, 0);  /* vmv<nr>r.v */
		} else {
			c += vlanes(m, d, act, fp ? m->p[K64_P_lane_fpu_extra] : 0);
		}
		break;
	case K64_IC_VMASK:
		c += vlanes(m, d, f6 == 0x14 && f3 == 2 ? group : g, 0);  /* viota/vid write a group */
		break;
	case K64_IC_VWIDE:
		c += vlanes(m, d, 2 * act, fp ? m->p[K64_P_lane_fpu_extra] : 0) + 2 * regs(lmul) * m->p[K64_P_vec_wb_stage];
		break;
	case K64_IC_VFP:
		c += vlanes(m, d, act, m->p[K64_P_lane_fpu_extra]);
		break;
	case K64_IC_VMUL:
		c += m->p[K64_P_vmul_latency] ? velem(m, vl, m->p[K64_P_vmul_latency]) : vlanes(m, d, act, 0);
		break;
	case K64_IC_VDIV:
		c += m->p[K64_P_vdiv_latency] ? velem(m, vl, m->p[K64_P_vdiv_latency]) : vlanes(m, d, act, 0);
		break;
	case K64_IC_VFMUL: {
		uint64_t lat = sewb == 8 ? m->p[K64_P_fmul_d_latency] : m->p[K64_P_fmul_s_latency];
		cause = K64_C_FP;
		c += lat ? velem(m, vl, lat + m->p[K64_P_lane_fpu_extra]) : vlanes(m, d, act, m->p[K64_P_lane_fpu_extra]);
		break;
	}
	case K64_IC_VFDIV:
		cause = K64_C_FP;
		c += velem(m, vl, (sewb == 8 ? m->p[K64_P_fdiv_d_latency] : m->p[K64_P_fdiv_s_latency]) +
				  m->p[K64_P_lane_fpu_extra]);
		break;
	case K64_IC_VRED:
	case K64_IC_VPERM:
	case K64_IC_VFIXED: {
		/* the sequencer: read the sources at the ports' width, one element per step, write */
		uint64_t src = group, dst = group, elems = vl;
		if (d->cls == K64_IC_VRED) {
			src = group + g;          /* vs2 group and vs1[0] */
			dst = g;
		} else if (d->cls == K64_IC_VPERM) {
			bool slideup = f6 == 0x0e && (f3 == 3 || f3 == 4 || f3 == 6 || f3 == 5);
			if (f6 == 0x0c && f3 == 0)
				src = 2 * group;      /* vrgather.vv: data and indices */
			else if (f6 == 0x0e && f3 == 0)
				src = group + group / 2 + 1;   /* vrgatherei16 (indices at EEW 16, at least a granule) */
			else if (slideup || f6 == 0x17)
				src = 2 * group;      /* slides up and vcompress keep vd's other elements */
			elems = vlmax;
		}
		cause = K64_C_VSEQ;
		c += m->p[K64_P_seq_overhead] + cdiv(src, ports) + dst + elems * m->p[K64_P_seq_elem] +
		     (dst / g) * m->p[K64_P_vec_wb_stage];
		break;
	}
	case K64_IC_VMVXS:
		c += m->p[K64_P_vmv_xs];
		break;
	case K64_IC_VMVSX:
		c += m->p[K64_P_splat_overhead] + 1;
		break;
	case K64_IC_VCLMUL:
		c += vlanes(m, d, act, 0);
		break;
	case K64_IC_VSET:
	default:
		return m->p[K64_P_alu];
	}
	m->cause[cause] += c;
	m->event[K64_EV_VECTOR_BUSY] += c;
	return c;
}

/* ---- one retired instruction ------------------------------------------------------------- */
/* i2i of instruction r, charging its cycles to causes (everything but fetch stalls). */
/* sfence.vma and Svinval's sinval.vma: the model's TLBs and page-table-entry caches are flushed
 * whole (they hold no ASIDs in the model; doc/cycle-model.md). */
static bool tlb_fence(const struct k64_dinsn *d)
{
	return d->cls == K64_IC_SYSTEM && ((d->word & 0xfe007fff) == 0x12000073 || (d->word & 0xfe007fff) == 0x16000073);
}

/* The cost of the instructions whose cost depends on nothing but the instruction and the
 * parameters, and the cause it is charged to (K64_C_INT: the residual, not charged); false
 * for the others. */
static bool cost_static(const struct k64_model *m, const struct k64_dinsn *d, uint64_t *c, enum k64_cause *cause)
{
	const uint64_t *p = m->p;
	bool dbl = ((d->word >> 25) & 3) == 1;
	*cause = K64_C_INT;
	switch (d->cls) {
	case K64_IC_ALU: case K64_IC_BRANCH: case K64_IC_JAL: case K64_IC_JALR: case K64_IC_CSR:
	case K64_IC_VSET: case K64_IC_ILLEGAL:
		*c = p[K64_P_alu];
		return true;
	case K64_IC_FENCE: case K64_IC_SYSTEM:
		*c = p[K64_P_fence];
		return !tlb_fence(d);   /* that one flushes the TLBs: cost() */
	case K64_IC_MUL: case K64_IC_DIV:
		*c = p[K64_P_multicycle] + p[d->cls == K64_IC_MUL ? K64_P_mul_latency : K64_P_div_latency];
		*cause = K64_C_MULDIV;
		return true;
	case K64_IC_FMISC: case K64_IC_FADD: case K64_IC_FCVT:
		*c = p[K64_P_multicycle] + p[K64_P_fadd_latency];
		*cause = K64_C_FP;
		return true;
	case K64_IC_FMUL: case K64_IC_FMA:
		*c = p[K64_P_multicycle] + (dbl ? p[K64_P_fmul_d_latency] : p[K64_P_fmul_s_latency]);
		*cause = K64_C_FP;
		return true;
	case K64_IC_FDIV: case K64_IC_FSQRT:
		*c = p[K64_P_multicycle] + (dbl ? p[K64_P_fdiv_d_latency] : p[K64_P_fdiv_s_latency]);
		*cause = K64_C_FP;
		return true;
	default:
		return false;
	}
}

static uint64_t cost(struct k64_model *m, struct k64_hart *h, const struct k64_dinsn *d, const struct k64_retire *r,
		     uint64_t issue)
{
	const uint64_t *p = m->p;
	uint64_t c;
	enum k64_cause cause;
	if (cost_static(m, d, &c, &cause)) {
		if (cause != K64_C_INT)
			m->cause[cause] += c;
		return c;
	}
	switch (d->cls) {
	case K64_IC_LOAD: case K64_IC_FLOAD: case K64_IC_LR: {
		unsigned size = d->desc->mem_size ? d->desc->mem_size : 8;
		m->cause[K64_C_SMEM] += p[K64_P_load_hit];
		return p[K64_P_load_hit] + data_read(m, h, m->priv, r->pre_rs1 + (d->cls == K64_IC_LR ? 0 : (uint64_t)d->imm), size);
	}
	case K64_IC_STORE: case K64_IC_FSTORE: case K64_IC_SC: {
		unsigned size = d->desc->mem_size ? d->desc->mem_size : 8;
		m->cause[K64_C_SMEM] += p[K64_P_store];
		return p[K64_P_store] + data_write(m, h, m->priv, r->pre_rs1 + (d->cls == K64_IC_SC ? 0 : (uint64_t)d->imm), size);
	}
	case K64_IC_AMO: {
		unsigned size = d->desc->mem_size ? d->desc->mem_size : 8;
		c = p[K64_P_load_hit] + p[K64_P_store] - p[K64_P_amo_extra];
		m->cause[K64_C_SMEM] += c;
		return c + data_read(m, h, m->priv, r->pre_rs1, size) + data_write(m, h, m->priv, r->pre_rs1, size);
	}
	case K64_IC_CBO:
		/* cbo.inval drops the line: the D-cache is not coherent with the DMA devices, whose
		 * drivers invalidate the destination before reading it (doc/keccak-dma.md) */
		if (((d->word >> 20) & 0xfff) == 0 && m->p[K64_P_dcache_enable]) {
			k64_cachesim_invalidate(&m->dc, r->pre_rs1);
			if ((r->pre_rs1 >> m->dc.line_shift) == m->dc_last)
				m->dc_last = WORD_NONE;
		}
		m->cause[K64_C_SMEM] += p[K64_P_store];
		return p[K64_P_store] + data_write(m, h, m->priv, r->pre_rs1 & ~63ull, 8);
	case K64_IC_SYSTEM:
		if (tlb_fence(d)) {
			k64_cachesim_flush(&m->itlb);
			k64_cachesim_flush(&m->dtlb);
			k64_cachesim_flush(&m->iptec);
			k64_cachesim_flush(&m->dptec);
			m->itlb_last = m->dtlb_last = WORD_NONE;
		}
		return p[K64_P_fence];
	case K64_IC_FENCE_I:
		k64_cachesim_flush(&m->ic);   /* and the fetch buffers (model_retire) */
		m->ic_flushes++;
		m->ic_last = WORD_NONE;
		return p[K64_P_fence];
	case K64_IC_VLOAD:
		return vmem(m, h, d, r, false);
	case K64_IC_VSTORE:
		return vmem(m, h, d, r, true);
	case K64_IC_VAES:
		return vcrypto(m, r, 128, 2, p[K64_P_aes_round]);
	case K64_IC_VSHA2: {
		bool ms = (d->word >> 26) == 0x2d;
		return vcrypto(m, r, vsew_bytes(r->vtype) == 8 ? 256 : 128, 3,
			       ms ? p[K64_P_sha2_schedule] : p[K64_P_sha2_compress]);
	}
	case K64_IC_VSM4:
		return vcrypto(m, r, 128, 2, 4 * p[K64_P_sm4_round]);
	case K64_IC_VGHASH:
		return vcrypto(m, r, 128, 3, p[K64_P_ghash]);   /* vghsh and vgmul: vd, vs1/vs2 and H */
	case K64_IC_VSM3:
		return vcrypto(m, r, 256, 3, p[K64_P_sm3_step]);
	case K64_IC_VKECCAK:
		return vkeccak(m, h, d, r);
	case K64_IC_XKLANE: case K64_IC_XKROUND:
		return xkround(m, d, issue);
	default:
		return vector(m, h, d, r);
	}
}

/* The cycle d issues: at `issue` (its predecessor's issue plus cost) or when the words holding
 * it arrive, fetching what the buffers lack; the wait is added to the fetch stall. The fetch
 * state is the caller's local (stores through m would serialise the loop; cost() and the miss
 * paths never touch it). */
static inline __attribute__((always_inline)) uint64_t issue_at(struct k64_model *m, struct k64_hart *h,
								const struct k64_dinsn *d, uint64_t issue, struct fetch *f,
								uint64_t *stall, uint64_t *stall_ev)
{
	uint64_t pc = d->pc;
	bool pre = unlikely(d == m->pre_d);
	if (pre || unlikely((pc >> 3) != f->w0 || last_word(m, d) != f->w0)) {
		/* a counter read in d computed its issue already (model_cycles) */
		uint64_t ready = pre ? m->pre_issue : fetch_insn(m, h, f, d);
		m->pre_d = pre ? NULL : m->pre_d;
		if (ready > issue) {
			*stall_ev += ready - issue;
			*stall += unlikely(m->fetch_refill | m->fetch_walk) ? fetch_apportion(m, ready - issue) : ready - issue;
			issue = ready;
		} else if (unlikely(m->fetch_refill | m->fetch_walk)) {
			m->fetch_refill = m->fetch_walk = 0;
		}
	}
	return issue;
}

/* A scalar load or store: its cache and TLB effects, and its cost. */
static inline __attribute__((always_inline)) uint64_t access(struct k64_model *m, struct k64_hart *h, uint64_t a,
							     unsigned size, bool load)
{
	return load ? m->p[K64_P_load_hit] + data_read(m, h, m->priv, a, size)
		    : m->p[K64_P_store] + data_write(m, h, m->priv, a, size);
}

/* One instruction: its issue and cost; t is the caller's local. Returns the cost. */
static inline __attribute__((always_inline)) uint64_t step(struct k64_model *m, struct k64_hart *h,
							    const struct k64_dinsn *d, const struct k64_retire *r,
							    uint64_t *t, struct fetch *f, uint64_t *stall, uint64_t *stall_ev)
{
	uint64_t issue = issue_at(m, h, d, *t, f, stall, stall_ev);
	/* ALU, branches and jumps (the common case) cost `alu`, charged to the integer cause,
	 * which k64_model_cause computes as what the other causes leave of the total */
	unsigned k = d->cls;
	uint64_t c = m->p[K64_P_alu];
	if (k == K64_IC_LOAD || k == K64_IC_STORE) {
		unsigned size = d->desc->mem_size ? d->desc->mem_size : 8;
		c = access(m, h, r->pre_rs1 + (uint64_t)d->imm, size, k == K64_IC_LOAD);
		m->cause[K64_C_SMEM] += m->p[k == K64_IC_LOAD ? K64_P_load_hit : K64_P_store];
	} else if (k > K64_IC_JALR) {
		c = cost(m, h, d, r, issue);
		if (unlikely(k == K64_IC_FENCE_I))
			f->w0 = f->w1 = f->line = WORD_NONE;
	}
	*t = issue + c;
	f->t = issue;
	return c;
}

/* ---- block summaries --------------------------------------------------------------------- */
/* A block is timed as segments: a head instruction, timed in full by step(), then a run of
 * instructions whose timing is known when the block is first seen: a cost that depends on
 * nothing dynamic (cost_static) or a scalar load or store whose standard cost (a hit, no split,
 * the data TLB hitting) is checked when it retires, and no fetch beyond another word of the
 * line just fetched (fetch_repeat). In the run, each instruction issues after max(the previous
 * one's cost, fetch_repeat when it needs a new word) (step's recurrence with fetch_t = the
 * previous issue), so the run's length is precomputed; only its first step depends on the
 * head's cost. A load or store that turns out otherwise sends its run through the recurrence
 * with the actual costs. */
struct tseg {
	uint8_t head, end;          /* the run is head+1 .. end (empty when end == head) */
	bool repeat;                /* head+1 fetches another word of the line */
	bool fetches;               /* the run fetches words: the buffers end as w0, w1 */
	uint32_t delta;             /* issue(end) - issue(head+1) with standard costs */
	uint32_t stall;             /* fetch stall of head+2 .. end */
	uint64_t mem;               /* the run's loads and stores (bit i: instruction i) */
	uint64_t w0, w1;
};
/* A simple block's remembered outcome (retire_simple): the front-end state it was entered in
 * (the time relative to the fetch time, the fetch buffers, the most recently used I-cache line
 * and I-TLB page, the I-cache's epoch and whether fetches are translated), and the state and
 * stalls it left, relative to the time it was entered at. */
struct tkey { uint64_t rel, w0, w1, line, ic_last, itlb_last, epoch_xl; };
struct tmemo {
	bool valid;
	struct tkey in;
	uint64_t dt, dft;           /* t and fetch_t at exit, less t at entry */
	uint64_t ow0, ow1, oline, oic_last;
	uint64_t stall, stall_ev, ic_hits;
};
struct tblk {
	const struct k64_block *blk;
	uint64_t pc;
	uint32_t n, nseg, ncls;
	uint64_t execs;             /* whole-block retirements not yet folded into the counts (fold) */
	bool xl;                    /* timed as translated (the standard cost of loads and stores) */
	bool simple;                /* static costs and scalar loads and stores only (retire_simple) */
	uint32_t muldiv, fp, smem;  /* cycles the runs (and a simple block's heads) charge to those causes */
	uint64_t mem, load;         /* simple blocks: the loads and stores, the loads (bit i: instruction i) */
	uint64_t smem_all;          /* simple blocks: load_hit or store for each load and store */
	uint8_t size[K64_BLOCK_MAX];   /* simple blocks: the bytes each load or store accesses */
	struct tmemo memo;
	uint8_t kind[K64_BLOCK_MAX];
	uint16_t c[K64_BLOCK_MAX];  /* static or standard cost (0 for the other heads) */
	struct { uint8_t cls, count; } cls[K64_BLOCK_MAX];   /* non-ALU classes of the block */
	struct tseg seg[];
};
#define TBLK_MAX (1u << 20)        /* summaries kept before starting again */
enum { F_NONE, F_REPEAT, F_OTHER };

static unsigned fetch_kind(const struct k64_model *m, const struct k64_dinsn *d)
{
	uint64_t prev = last_word(m, d - 1), w0 = d->pc >> 3, w1 = last_word(m, d);
	if (w1 != w0)
		return F_OTHER;
	if (w0 == prev)
		return F_NONE;
	/* the buffer holds the previous instruction's last word; the line shortcut applies as
	 * fetch_word sets it up */
	if ((w0 >> 3) == (prev >> 3) && m->fetch_shortcut &&
	    (!m->p[K64_P_icache_enable] || cacheable(m, prev << 3, translated(m, m->h, m->h->priv))))
		return F_REPEAT;
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
static void fold(struct k64_model *m)
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
		fold(m);
		for (uint32_t i = 0; i < m->ntb; i++)
			free(m->tb[i]);
		m->ntb = 0;
		m->gen = new_gen();
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
		s->kind[i] = kind[i];
		s->c[i] = (uint16_t)c[i];
		if (simple && head[i] && cause[i] == K64_C_MULDIV)   /* the heads' causes: cost() otherwise */
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
			g->repeat = kind[i + 1] == F_REPEAT;
			unsigned last = 0;
			for (unsigned k = i + 1; k <= e; k++) {
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
				g->w0 = d[last].pc >> 3;
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

/* A run whose loads and stores did not all cost the standard: the recurrence, with cost(k)
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
	s->execs++;   /* its class counts and causes: fold() */
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
		if (g->end != g->head)
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
		t = run_end(m, s, g, f->t, c, act, standard, f, stall, stall_ev);
	}
	s->execs++;   /* its class counts and run causes: fold() */
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

/* A trap: the faulting instruction does not retire; the pipeline is flushed and the handler
 * fetched. Linux user mode emulates system calls in zero modelled cycles beyond this. */
static void model_trap(void *ctx, struct k64_hart *h, uint64_t cause, uint64_t tval)
{
	struct k64_model *m = ctx;
	(void)h;
	(void)cause;
	(void)tval;
	m->pre_d = NULL;
	m->traps++;
	m->t += m->p[K64_P_trap];
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
	uint64_t step_bits = 64 * p[K64_P_vec_lanes];
	m->g = h->vlen > step_bits ? h->vlen / step_bits : 1;
	m->fetch_hit = p[K64_P_fetch_overhead] + p[K64_P_icache_hit];
	m->refill_d = p[K64_P_mem_read] + (p[K64_P_dcache_line] / 8) * p[K64_P_mem_beat] + p[K64_P_refill_overhead];
	m->refill_i = p[K64_P_mem_read] + (p[K64_P_icache_line] / 8) * p[K64_P_mem_beat] + p[K64_P_refill_overhead];
	/* assumed walk: the upper levels hit the PTE line cache, the leaf refills a 64 B line */
	m->refill_pte = p[K64_P_mem_read] + 8 * p[K64_P_mem_beat] + p[K64_P_refill_overhead];
	m->walk = p[K64_P_walk_levels_cached] * p[K64_P_ptec_hit] + m->refill_pte;
	m->f.w0 = m->f.w1 = m->f.line = WORD_NONE;
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

/* ---- results ----------------------------------------------------------------------------- */
uint64_t k64_model_cycles(const struct k64_model *m) { return m->t; }
uint64_t k64_model_event(const struct k64_model *m, unsigned ev) { return ev < K64_EV_COUNT ? m->event[ev] : 0; }
uint64_t k64_model_cause(struct k64_model *m, enum k64_cause c)
{
	fold(m);
	if (c != K64_C_INT)
		return m->cause[c];
	uint64_t other = 0;
	for (int i = 0; i < K64_C_COUNT; i++)
		if (i != K64_C_INT)
			other += m->cause[i];
	return m->t - other;
}

static const struct { const char *name; unsigned ev; } event_list[] = {
	{ "icache_misses", K64_EV_ICACHE_MISS }, { "dcache_misses", K64_EV_DCACHE_MISS },
	{ "tlb_misses", K64_EV_TLB_MISS }, { "fetch_stall_cycles", K64_EV_FETCH_STALL },
	{ "memory_stall_cycles", K64_EV_MEM_STALL }, { "vector_busy_cycles", K64_EV_VECTOR_BUSY },
	{ "crypto_busy_cycles", K64_EV_CRYPTO_BUSY }, { "keccak_busy_cycles", K64_EV_KECCAK_BUSY },
};

/* Retired instructions of class c (the retire loop counts all but ALU ones). */
static uint64_t class_count(const struct k64_model *m, int c)
{
	if (c != K64_IC_ALU)
		return m->cls[c];
	uint64_t other = 0;
	for (int i = 0; i < K64_IC_COUNT; i++)
		if (i != K64_IC_ALU)
			other += m->cls[i];
	return m->retired - other;
}

/* Instruction groups of --stats (a class may count in one group only). */
static void groups(struct k64_model *m, uint64_t *keccak, uint64_t *crypto, uint64_t *vec, uint64_t *smem,
		   uint64_t *br)
{
	*keccak = m->cls[K64_IC_VKECCAK];
	*crypto = m->cls[K64_IC_VAES] + m->cls[K64_IC_VSHA2] + m->cls[K64_IC_VSM4] + m->cls[K64_IC_VGHASH] +
		  m->cls[K64_IC_VSM3];
	*vec = 0;
	for (int c = K64_IC_VSET; c <= K64_IC_VSTORE; c++)
		*vec += m->cls[c];
	*vec += m->cls[K64_IC_VCLMUL];
	*smem = m->cls[K64_IC_LOAD] + m->cls[K64_IC_STORE] + m->cls[K64_IC_AMO] + m->cls[K64_IC_LR] +
		m->cls[K64_IC_SC] + m->cls[K64_IC_FLOAD] + m->cls[K64_IC_FSTORE] + m->cls[K64_IC_CBO];
	*br = m->cls[K64_IC_BRANCH] + m->cls[K64_IC_JAL] + m->cls[K64_IC_JALR];
}

void k64_model_print_stats(struct k64_model *m, FILE *f, uint64_t instret)
{
	fold(m);
	uint64_t kc, cr, ve, sm, br;
	groups(m, &kc, &cr, &ve, &sm, &br);
	fprintf(f, "model: %s\n", config_names[m->config]);
	fprintf(f, "cycles: %llu\n", (unsigned long long)m->t);
	fprintf(f, "cpi: %.4f\n", instret ? (double)m->t / (double)instret : 0.0);
	fprintf(f, "insns-vkeccak: %llu\ninsns-vector-crypto: %llu\ninsns-vector: %llu\ninsns-scalar-memory: %llu\n"
		"insns-branches: %llu\n", (unsigned long long)kc, (unsigned long long)cr, (unsigned long long)ve,
		(unsigned long long)sm, (unsigned long long)br);
	for (int c = 0; c < K64_C_COUNT; c++)
		fprintf(f, "cycles-%s: %llu\n", cause_names[c], (unsigned long long)k64_model_cause(m, c));
	for (size_t i = 0; i < sizeof event_list / sizeof event_list[0]; i++)
		fprintf(f, "%s: %llu\n", event_list[i].name, (unsigned long long)m->event[event_list[i].ev]);
	for (int k = 0; k < 2; k++)
		fprintf(f, "keccak-engine-cycles-per-permutation-%d: %.2f\n", k ? 12 : 24,
			m->keccak_ops[k] ? (double)m->keccak_engine[k] / (double)m->keccak_ops[k] : 0.0);
	fprintf(f, "xkround-rounds: %llu\nxkround-lane-moves: %llu\n", (unsigned long long)m->xkr_rounds,
		(unsigned long long)m->xkr_moves);
	fprintf(f, "traps: %llu\n", (unsigned long long)m->traps);
}

void k64_model_write_json(struct k64_model *m, FILE *f, uint64_t instret, double seconds)
{
	fold(m);
	uint64_t kc, cr, ve, sm, br;
	groups(m, &kc, &cr, &ve, &sm, &br);
	fprintf(f, "{\n  \"model\": \"%s\",\n  \"instructions\": %llu,\n  \"cycles\": %llu,\n  \"cpi\": %.6f,\n"
		"  \"seconds\": %.6f,\n", config_names[m->config], (unsigned long long)instret, (unsigned long long)m->t,
		instret ? (double)m->t / (double)instret : 0.0, seconds);
	fprintf(f, "  \"instructions_by_group\": {\"vkeccak\": %llu, \"vector_crypto\": %llu, \"vector\": %llu, "
		"\"scalar_memory\": %llu, \"branches\": %llu},\n", (unsigned long long)kc, (unsigned long long)cr,
		(unsigned long long)ve, (unsigned long long)sm, (unsigned long long)br);
	fputs("  \"instructions_by_class\": {", f);
	for (int c = 0, first = 1; c < K64_IC_COUNT; c++)
		if (class_count(m, c)) {
			fprintf(f, "%s\"%s\": %llu", first ? "" : ", ", k64_iclass_names[c], (unsigned long long)class_count(m, c));
			first = 0;
		}
	fputs("},\n  \"cycles_by_cause\": {", f);
	for (int c = 0; c < K64_C_COUNT; c++)
		fprintf(f, "%s\"%s\": %llu", c ? ", " : "", cause_names[c], (unsigned long long)k64_model_cause(m, c));
	fputs("},\n  \"events\": {", f);
	for (size_t i = 0; i < sizeof event_list / sizeof event_list[0]; i++)
		fprintf(f, "%s\"%s\": %llu", i ? ", " : "", event_list[i].name, (unsigned long long)m->event[event_list[i].ev]);
	fprintf(f, "},\n  \"vkeccak\": {\"permutations_24\": %llu, \"engine_cycles_24\": %llu, \"permutations_12\": %llu, "
		"\"engine_cycles_12\": %llu},\n  \"traps\": %llu,\n", (unsigned long long)m->keccak_ops[0],
		(unsigned long long)m->keccak_engine[0], (unsigned long long)m->keccak_ops[1],
		(unsigned long long)m->keccak_engine[1], (unsigned long long)m->traps);
	fprintf(f, "  \"xkround\": {\"rounds\": %llu, \"lane_moves\": %llu},\n", (unsigned long long)m->xkr_rounds,
		(unsigned long long)m->xkr_moves);
	fputs("  \"parameters\": {", f);
	for (int i = 0; i < K64_P_COUNT; i++)
		fprintf(f, "%s\"%s\": %llu", i ? ", " : "", param_info[i].name, (unsigned long long)m->p[i]);
	fputs("}\n}\n", f);
}
