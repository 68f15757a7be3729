/* Physical memory protection (RISC-V Privileged Architecture 1.13, 3.7): the entries' address
 * matching and the permission they give. The CSRs themselves (pmpcfg, pmpaddr, their WARL
 * rules and the lock) are in core/priv.c; the checks are made on the slow paths only
 * (core/memory.c, core/mmu.c, core/cache.c): the software TLB is filled only for a page that
 * PMP lets the access's privilege use as a whole, and the TLB and the decoded blocks are dropped
 * whenever pmpcfg or pmpaddr change, so the fast paths never look at PMP.
 * Granularity G = 0 (4 bytes, NA4 available); h->pmp_n entries (--pmp, 0..64) exist. */
#include "core/hart.h"

#define PMP_L 0x80

static uint8_t entry_cfg(const struct k64_hart *h, unsigned i)
{
	return (uint8_t)(h->pmpcfg[(i / 8) * 2] >> (8 * (i % 8)));
}

/* The byte range [*lo, *hi) entry i matches (3.7.1, table "NAPOT range encoding"): pmpaddr
 * holds address bits 55:2, so every bound fits 58 bits. Returns false for A = OFF. */
static bool entry_range(const struct k64_hart *h, unsigned i, uint8_t cfg, uint64_t *lo, uint64_t *hi)
{
	uint64_t a = h->pmpaddr[i];
	switch ((cfg >> 3) & 3) {
	case 1: /* TOR: pmpaddr[i-1] <= y < pmpaddr[i] (entry 0: from address 0) */
		*lo = i ? h->pmpaddr[i - 1] << 2 : 0;
		*hi = a << 2;
		return true;
	case 2: /* NA4 */
		*lo = a << 2;
		*hi = *lo + 4;
		return true;
	case 3: { /* NAPOT: t trailing ones encode 2^(t+3) bytes */
		unsigned t = (unsigned)__builtin_ctzll(~a);
		uint64_t size = 1ull << (t + 3);
		*lo = (a << 2) & ~(size - 1);
		*hi = *lo + size;
		return true;
	}
	default:
		return false;
	}
}

/* 3.7.1 "Priority and Matching Logic": the lowest-numbered entry that matches any byte of the
 * access decides, and must match all of them; its R/W/X apply to S and U always, to M when it
 * is locked. No match: M succeeds, S and U fail (entries exist when this is called). */
unsigned k64_pmp_perms(const struct k64_hart *h, uint64_t pa, uint64_t len, unsigned priv)
{
	uint64_t end = pa + len;
	for (unsigned i = 0; i < h->pmp_n; i++) {
		uint8_t cfg = entry_cfg(h, i);
		uint64_t lo, hi;
		if (!entry_range(h, i, cfg, &lo, &hi) || end <= lo || pa >= hi)
			continue;
		if (pa < lo || end > hi)
			return 0;
		if (priv == K64_PRIV_M && !(cfg & PMP_L))
			return K64_PERM_RWX;
		return cfg & K64_PERM_RWX;
	}
	return priv == K64_PRIV_M ? K64_PERM_RWX : 0;
}

/* After a pmpcfg write: whether M-mode accesses are checked at all. */
void k64_pmp_update(struct k64_hart *h)
{
	h->pmp_locked = false;
	for (unsigned i = 0; i < h->pmp_n; i++)
		if (entry_cfg(h, i) & PMP_L)
			h->pmp_locked = true;
}
