/* The Karu64 cycle model (doc/cycle-model.md): a timing layer that observes retired
 * instructions through the core's retire record and answers the core's time queries
 * (core/observe.h). Nothing in the functional simulator depends on it. */
#ifndef K64_TIMING_TIMING_H
#define K64_TIMING_TIMING_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct k64_hart;
struct k64_model;

enum k64_param {
#define P(name, sim, fpga, unit, meaning) K64_P_##name,
#include "timing/params.def"
#undef P
	K64_P_COUNT
};

/* Where every modelled cycle goes (a CPI stack: the causes add up to the total). */
#define K64_CAUSES(X) \
	X(FETCH, "fetch") X(INT, "integer") X(MULDIV, "multiply/divide") X(FP, "fp") \
	X(VLANES, "vector lanes") X(VSEQ, "vector sequencer") X(VMEM, "vector memory") \
	X(SMEM, "scalar memory") X(CMISS, "cache misses") X(TLB, "tlb") X(CRYPTO, "crypto unit") \
	X(KECCAK, "keccak")
enum k64_cause {
#define K64_CAUSE_ENUM(c, s) K64_C_##c,
	K64_CAUSES(K64_CAUSE_ENUM)
#undef K64_CAUSE_ENUM
	K64_C_COUNT
};

/* hpm events: hpmcounterN / mhpmcounterN count event N (doc/cycle-model.md). */
enum k64_event {
	K64_EV_ICACHE_MISS = 3, K64_EV_DCACHE_MISS = 4, K64_EV_TLB_MISS = 5, K64_EV_FETCH_STALL = 6,
	K64_EV_MEM_STALL = 7, K64_EV_VECTOR_BUSY = 8, K64_EV_CRYPTO_BUSY = 9, K64_EV_KECCAK_BUSY = 10,
	K64_EV_ITLB_MISS = 11, K64_EV_DTLB_MISS = 12,
	K64_EV_COUNT = 13
};

/* Configurations: "karu64-sim", "karu64-fpga". Returns NULL with a message for unknown names. */
struct k64_model *k64_model_new(const char *config, char *err, size_t errlen);
void k64_model_free(struct k64_model *m);
const char *k64_model_config(const struct k64_model *m);
/* NAME=VALUE (decimal, 0x hex, or K/M/G suffix for sizes). 0, or -1 with a one-line message. */
int k64_model_set(struct k64_model *m, const char *assign, char *err, size_t errlen);
/* A file of NAME=VALUE lines, '#' comments and blank lines. */
int k64_model_set_file(struct k64_model *m, const char *path, char *err, size_t errlen);
uint64_t k64_model_param(const struct k64_model *m, enum k64_param p);
/* Checks the geometry (powers of two, sizes) after all overrides; -1 with a message if bad. */
int k64_model_validate(const struct k64_model *m, char *err, size_t errlen);
void k64_model_list_params(const struct k64_model *m, FILE *f);
/* Attaches the model to a hart as observer and time source. user_mode: Linux user mode
 * (translated addresses, no page tables: assumed walks). */
int k64_model_attach(struct k64_model *m, struct k64_hart *h, bool user_mode, char *err, size_t errlen);

/* Marks [base, base + size) as device registers (uncached, mmio_latency; doc/keccak-dma.md).
 * Before k64_model_attach. 0, or -1 when too many regions. */
int k64_model_add_mmio(struct k64_model *m, uint64_t base, uint64_t size);

/* Results. */
uint64_t k64_model_cycles(const struct k64_model *m);
uint64_t k64_model_event(const struct k64_model *m, unsigned ev);
uint64_t k64_model_cause(struct k64_model *m, enum k64_cause c);
/* Cycles in privilege priv (K64_PRIV_U, _S, _M; VU and VS count as U and S) and the changes
 * into it, as the batches' privilege changed (doc/cycle-model.md, "Statistics and events"). */
uint64_t k64_model_priv_cycles(const struct k64_model *m, unsigned priv);
uint64_t k64_model_priv_entries(const struct k64_model *m, unsigned priv);
/* The --stats lines (cycles:, cpi:, classes, causes) and the --stats-json object. */
void k64_model_print_stats(struct k64_model *m, FILE *f, uint64_t instret);
void k64_model_write_json(struct k64_model *m, FILE *f, uint64_t instret, double seconds);

/* The cache and TLB models, exposed for their unit tests (timing/cachesim.c). */
struct k64_cachesim {
	unsigned sets, ways, line_shift;
	uint64_t *tag;        /* sets * ways, most recently used first; ~0 = invalid */
	uint64_t hits, misses;
};
int k64_cachesim_init(struct k64_cachesim *c, uint64_t size, uint64_t line, unsigned ways);
void k64_cachesim_free(struct k64_cachesim *c);
/* The way of line ln's set holding it, plus one; 0 when absent. No effect. */
static inline unsigned k64_cachesim_find(const struct k64_cachesim *c, uint64_t ln)
{
	const uint64_t *set = c->tag + (size_t)(ln & (c->sets - 1)) * c->ways;
	for (unsigned w = 0; w < c->ways; w++)
		if (set[w] == ln)
			return w + 1;
	return 0;
}

/* A hit on line ln in way w of its set (set-associative): it becomes the most recently used. */
static inline void k64_cachesim_hit(struct k64_cachesim *c, uint64_t ln, unsigned w)
{
	uint64_t *set = c->tag + (size_t)(ln & (c->sets - 1)) * c->ways;
	for (; w > 0; w--)     /* move to the front */
		set[w] = set[w - 1];
	set[0] = ln;
	c->hits++;
}

/* Looks addr up; on a miss allocates its line when allocate is set. Returns true on a hit.
 * Inline: the timing model calls it for most memory accesses. */
static inline bool k64_cachesim_access(struct k64_cachesim *c, uint64_t addr, bool allocate)
{
	uint64_t ln = addr >> c->line_shift;
	uint64_t *set = c->tag + (size_t)(ln & (c->sets - 1)) * c->ways;
	if (c->ways == 1) {   /* direct-mapped: Karu64's L1s */
		bool hit = *set == ln;
		c->hits += hit;
		c->misses += !hit;
		if (allocate)
			*set = ln;
		return hit;
	}
	unsigned w = k64_cachesim_find(c, ln);
	if (w) {
		k64_cachesim_hit(c, ln, w - 1);
		return true;
	}
	c->misses++;
	if (allocate) {
		for (unsigned w = c->ways - 1; w > 0; w--)   /* evict the least recently used */
			set[w] = set[w - 1];
		set[0] = ln;
	}
	return false;
}
void k64_cachesim_flush(struct k64_cachesim *c);
/* Drops addr's line if present (cbo.inval). */
void k64_cachesim_invalidate(struct k64_cachesim *c, uint64_t addr);
#endif
