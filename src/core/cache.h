/* Block cache (core/cache.c). */
#ifndef K64_CORE_CACHE_H
#define K64_CORE_CACHE_H
#include "core/hart.h"

#define K64_BLOCK_MAX 64
struct k64_cache *k64_cache_new(void);
void k64_cache_free(struct k64_cache *c);
/* The block starting at pc (built on a miss). With step, a one-instruction block that is not
 * cached (b->hnext == b), used to stop exactly at an instruction limit. */
struct k64_block *k64_cache_lookup(struct k64_hart *h, uint64_t pc, bool step);
/* The cached block starting at pc under the current fetch key, or NULL (nothing is built). */
struct k64_block *k64_cache_probe(struct k64_hart *h, uint64_t pc);
uint64_t k64_cache_flushes(const struct k64_hart *h);
static inline bool k64_block_cached(const struct k64_block *b) { return b->hnext != b; }
#endif
