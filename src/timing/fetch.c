/* The front end's out-of-line paths: I-cache misses and the fetch stall's causes (§4b Fetch). */
#include "timing/internal.h"

/* Fetches 8-byte word w, requested at cycle start: returns its arrival; w becomes the newer
 * buffer. Misses are out of line (fetch_miss). */
__attribute__((noinline)) uint64_t tm_fetch_miss(struct k64_model *m, uint64_t a)
{
	if (k64_cachesim_access(&m->ic, a, true))
		return 0;
	m->fetch_refill += m->refill_i;
	m->event[K64_EV_ICACHE_MISS]++;
	m->event[K64_EV_MEM_STALL] += m->refill_i;
	return m->refill_i;
}

/* Charges the fetch stall of an instruction: the part spent refilling the I-cache or walking
 * goes to those causes. */
__attribute__((noinline)) uint64_t tm_fetch_apportion(struct k64_model *m, uint64_t stall)
{
	uint64_t w = m->fetch_walk < stall ? m->fetch_walk : stall;
	uint64_t f = m->fetch_refill < stall - w ? m->fetch_refill : stall - w;
	m->cause[K64_C_TLB] += w;
	m->cause[K64_C_CMISS] += f;
	m->fetch_refill = m->fetch_walk = 0;
	return stall - w - f;
}
