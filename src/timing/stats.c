/* The model's results: cycles, causes, events, --stats and --stats-json. */
#include "timing/internal.h"

/* ---- results ----------------------------------------------------------------------------- */
uint64_t k64_model_cycles(const struct k64_model *m) { return m->t; }
uint64_t k64_model_event(const struct k64_model *m, unsigned ev) { return ev < K64_EV_COUNT ? m->event[ev] : 0; }
uint64_t k64_model_cause(struct k64_model *m, enum k64_cause c)
{
	tm_fold(m);
	if (c != K64_C_INT)
		return m->cause[c];
	uint64_t other = 0;
	for (int i = 0; i < K64_C_COUNT; i++)
		if (i != K64_C_INT)
			other += m->cause[i];
	return m->t - other;
}

/* Cycles by privilege: a batch's cycles, and the trap entry that follows it, belong to the
 * batch's privilege, so a change is seen (and the time since the last one charged) at the first
 * batch of the new privilege. An xRET ends its block: a batch never mixes privileges. */
void tm_priv_change(struct k64_model *m, unsigned priv)
{
	m->priv_cycles[m->split_priv & 3] += m->t - m->split_t;
	m->split_t = m->t;
	m->split_priv = priv & 3;
	m->priv_entries[priv & 3]++;
}

uint64_t k64_model_priv_cycles(const struct k64_model *m, unsigned priv)
{
	priv &= 3;
	return m->priv_cycles[priv] + (priv == m->split_priv ? m->t - m->split_t : 0);
}

uint64_t k64_model_priv_entries(const struct k64_model *m, unsigned priv) { return m->priv_entries[priv & 3]; }

static const struct { const char *name; unsigned priv; } priv_list[] = {
	{ "user", K64_PRIV_U }, { "supervisor", K64_PRIV_S }, { "machine", K64_PRIV_M },
};

static const struct { const char *name; unsigned ev; } event_list[] = {
	{ "icache_misses", K64_EV_ICACHE_MISS }, { "dcache_misses", K64_EV_DCACHE_MISS },
	{ "tlb_misses", K64_EV_TLB_MISS }, { "fetch_stall_cycles", K64_EV_FETCH_STALL },
	{ "memory_stall_cycles", K64_EV_MEM_STALL }, { "vector_busy_cycles", K64_EV_VECTOR_BUSY },
	{ "crypto_busy_cycles", K64_EV_CRYPTO_BUSY }, { "keccak_busy_cycles", K64_EV_KECCAK_BUSY },
	{ "itlb_misses", K64_EV_ITLB_MISS }, { "dtlb_misses", K64_EV_DTLB_MISS },
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
		m->cls[K64_IC_SC] + m->cls[K64_IC_FLOAD] + m->cls[K64_IC_FSTORE] + m->cls[K64_IC_CBO] +
		m->cls[K64_IC_HLV] + m->cls[K64_IC_HSV];
	*br = m->cls[K64_IC_BRANCH] + m->cls[K64_IC_JAL] + m->cls[K64_IC_JALR];
}

void k64_model_print_stats(struct k64_model *m, FILE *f, uint64_t instret)
{
	tm_fold(m);
	uint64_t kc, cr, ve, sm, br;
	groups(m, &kc, &cr, &ve, &sm, &br);
	fprintf(f, "model: %s\n", tm_config_names[m->config]);
	fprintf(f, "cycles: %llu\n", (unsigned long long)m->t);
	fprintf(f, "cpi: %.4f\n", instret ? (double)m->t / (double)instret : 0.0);
	fprintf(f, "insns-vkeccak: %llu\ninsns-vector-crypto: %llu\ninsns-vector: %llu\ninsns-scalar-memory: %llu\n"
		"insns-branches: %llu\n", (unsigned long long)kc, (unsigned long long)cr, (unsigned long long)ve,
		(unsigned long long)sm, (unsigned long long)br);
	for (int c = 0; c < K64_C_COUNT; c++)
		fprintf(f, "cycles-%s: %llu\n", tm_cause_names[c], (unsigned long long)k64_model_cause(m, c));
	for (size_t i = 0; i < sizeof event_list / sizeof event_list[0]; i++)
		fprintf(f, "%s: %llu\n", event_list[i].name, (unsigned long long)m->event[event_list[i].ev]);
	for (int k = 0; k < 2; k++)
		fprintf(f, "keccak-engine-cycles-per-permutation-%d: %.2f\n", k ? 12 : 24,
			m->keccak_ops[k] ? (double)m->keccak_engine[k] / (double)m->keccak_ops[k] : 0.0);
	fprintf(f, "xkround-rounds: %llu\nxkround-lane-moves: %llu\n", (unsigned long long)m->xkr_rounds,
		(unsigned long long)m->xkr_moves);
	fprintf(f, "traps: %llu\n", (unsigned long long)m->traps);
	for (size_t i = 0; i < sizeof priv_list / sizeof priv_list[0]; i++)
		fprintf(f, "%s-cycles: %llu\n", priv_list[i].name, (unsigned long long)k64_model_priv_cycles(m, priv_list[i].priv));
	fprintf(f, "user-entries: %llu\n", (unsigned long long)m->priv_entries[K64_PRIV_U]);
}

void k64_model_write_json(struct k64_model *m, FILE *f, uint64_t instret, double seconds)
{
	tm_fold(m);
	uint64_t kc, cr, ve, sm, br;
	groups(m, &kc, &cr, &ve, &sm, &br);
	fprintf(f, "{\n  \"model\": \"%s\",\n  \"instructions\": %llu,\n  \"cycles\": %llu,\n  \"cpi\": %.6f,\n"
		"  \"seconds\": %.6f,\n", tm_config_names[m->config], (unsigned long long)instret, (unsigned long long)m->t,
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
		fprintf(f, "%s\"%s\": %llu", c ? ", " : "", tm_cause_names[c], (unsigned long long)k64_model_cause(m, c));
	fputs("},\n  \"events\": {", f);
	for (size_t i = 0; i < sizeof event_list / sizeof event_list[0]; i++)
		fprintf(f, "%s\"%s\": %llu", i ? ", " : "", event_list[i].name, (unsigned long long)m->event[event_list[i].ev]);
	fprintf(f, "},\n  \"vkeccak\": {\"permutations_24\": %llu, \"engine_cycles_24\": %llu, \"permutations_12\": %llu, "
		"\"engine_cycles_12\": %llu},\n  \"traps\": %llu,\n", (unsigned long long)m->keccak_ops[0],
		(unsigned long long)m->keccak_engine[0], (unsigned long long)m->keccak_ops[1],
		(unsigned long long)m->keccak_engine[1], (unsigned long long)m->traps);
	fprintf(f, "  \"xkround\": {\"rounds\": %llu, \"lane_moves\": %llu},\n", (unsigned long long)m->xkr_rounds,
		(unsigned long long)m->xkr_moves);
	fputs("  \"cycles_by_privilege\": {", f);
	for (size_t i = 0; i < sizeof priv_list / sizeof priv_list[0]; i++)
		fprintf(f, "%s\"%s\": %llu", i ? ", " : "", priv_list[i].name,
			(unsigned long long)k64_model_priv_cycles(m, priv_list[i].priv));
	fprintf(f, "},\n  \"user_entries\": %llu,\n", (unsigned long long)m->priv_entries[K64_PRIV_U]);
	fputs("  \"parameters\": {", f);
	for (int i = 0; i < K64_P_COUNT; i++)
		fprintf(f, "%s\"%s\": %llu", i ? ", " : "", tm_param_info[i].name, (unsigned long long)m->p[i]);
	fputs("}\n}\n", f);
}
