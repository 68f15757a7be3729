/* The profiler as an observer of retired instructions: turns retire records into
 * k64_profile_retire calls. The next pc of an instruction is the pc of the next record (a
 * trap's handler included), so each record waits for its successor; cycles are what the timing
 * model attached before this observer wrote into the record, or 1 per instruction without one. */
#include <stdlib.h>
#include "core/hart.h"
#include "timing/profile.h"

struct k64_profobs {
	struct k64_profile *p;
	bool timed, have;
	uint64_t pc, cycles;
	unsigned len;
	enum k64_prof_kind kind;
};

/* psABI link registers: ra and t0 (unprivileged spec, the return-address stack hints of jalr) */
static bool link_reg(unsigned r) { return r == 1 || r == 5; }

static enum k64_prof_kind kind_of(const struct k64_dinsn *d, bool taken)
{
	unsigned rd = (d->word >> 7) & 31, rs1 = (d->word >> 15) & 31;
	if (d->cls == K64_IC_JAL || d->cls == K64_IC_JALR) {
		if (link_reg(rd))
			return K64_PROF_CALL;
		if (d->cls == K64_IC_JALR && link_reg(rs1))
			return K64_PROF_RET;
		return K64_PROF_JUMP;
	}
	return taken ? K64_PROF_JUMP : K64_PROF_PLAIN;
}

static void prof_retire(void *ctx, struct k64_hart *h, const struct k64_batch *b)
{
	struct k64_profobs *o = ctx;
	(void)h;
	for (unsigned i = 0; i < b->n; i++) {
		const struct k64_dinsn *d = &b->d[i];
		if (o->have)
			k64_profile_retire(o->p, o->pc, o->len, o->kind, d->pc, o->cycles);
		o->have = true;
		o->pc = d->pc;
		o->len = d->len;
		o->kind = kind_of(d, b->taken && i + 1 == b->n);
		o->cycles = o->timed ? b->r[i].cycles : 1;
	}
}

/* Another thread takes the hart: the pending record ends in the old thread, at its resume pc. */
static void prof_context(void *ctx, struct k64_hart *h, uint64_t id)
{
	struct k64_profobs *o = ctx;
	if (o->have)
		k64_profile_retire(o->p, o->pc, o->len, o->kind, h->pc, o->cycles);
	o->have = false;
	k64_profile_context(o->p, id);
}

struct k64_profobs *k64_profile_observe(struct k64_profile *p, struct k64_hart *h, bool timed)
{
	struct k64_profobs *o = calloc(1, sizeof *o);
	if (!o)
		return NULL;
	o->p = p;
	o->timed = timed;
	struct k64_observer ob = { o, prof_retire, NULL, false, prof_context, NULL };
	if (!k64_observer_add(h, &ob)) {
		free(o);
		return NULL;
	}
	return o;
}

void k64_profile_observe_end(struct k64_profobs *o)
{
	if (o && o->have) {
		k64_profile_retire(o->p, o->pc, o->len, o->kind, o->pc + o->len, o->cycles);
		o->have = false;
	}
}
