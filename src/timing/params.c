/* The cycle model's parameters (params.def), configurations and their validation
 * (doc/cycle-model.md). */
#include "timing/internal.h"

const struct tm_param_info tm_param_info[K64_P_COUNT] = {
#define P(name, sim, fpga, unit, meaning) { #name, unit, meaning, { sim, fpga } },
#include "timing/params.def"
#undef P
};
const char *const tm_config_names[2] = { "karu64-sim", "karu64-fpga" };
const char *const tm_cause_names[K64_C_COUNT] = {
#define K64_CAUSE_NAME(c, s) s,
	K64_CAUSES(K64_CAUSE_NAME)
#undef K64_CAUSE_NAME
};


/* ---- parameters -------------------------------------------------------------------------- */
/* A generation of block summaries, never 0 (a block's obs_gen when built) nor one given before:
 * a block's note from another model or from summaries since freed is never taken for valid. */
uint32_t tm_new_gen(void)
{
	static uint32_t last;
	return ++last ? last : ++last;
}

struct k64_model *k64_model_new(const char *config, char *err, size_t errlen)
{
	int c = -1;
	for (int i = 0; i < 2; i++)
		if (!strcmp(config, tm_config_names[i]))
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
	m->gen = tm_new_gen();
	for (int i = 0; i < K64_P_COUNT; i++)
		m->p[i] = tm_param_info[i].v[c];
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

const char *k64_model_config(const struct k64_model *m) { return tm_config_names[m->config]; }
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
		if (strlen(tm_param_info[i].name) == n && !strncmp(tm_param_info[i].name, assign, n)) {
			uint64_t v;
			if (parse_value(val, &v) || (!strcmp(tm_param_info[i].unit, "bool") && v > 1) ||
			    v > (1ull << 40)) {
				snprintf(err, errlen, "bad value for parameter %s: '%s'", tm_param_info[i].name, val);
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
	if (m->p[K64_P_fetch_handover] > m->p[K64_P_fetch_overhead])
		return snprintf(err, errlen, "fetch_handover must be at most fetch_overhead"), -1;
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
		tm_config_names[m->config]);
	fprintf(f, "%-24s %12s  %-8s %s\n", "name", "value", "unit", "meaning [source]");
	for (int i = 0; i < K64_P_COUNT; i++)
		fprintf(f, "%-24s %12llu  %-8s %s\n", tm_param_info[i].name, (unsigned long long)m->p[i],
			tm_param_info[i].unit, tm_param_info[i].meaning);
}
