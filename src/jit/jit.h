/* The translator tier (doc/jit.md): hot decoded blocks of the functional dispatch loop become
 * x86-64 host code. core/ calls these hooks; the translated code returns to the loop at the
 * instruction it does not run itself, with the block's accounting already done. */
#ifndef K64_JIT_JIT_H
#define K64_JIT_JIT_H
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct k64_hart;
struct k64_block;
struct k64_dinsn;
struct k64_jit;

#define K64_JIT_THRESHOLD 32   /* --jit-threshold's default (doc/jit.md) */

/* Where translated code hands back to the dispatch loop: instruction d of block b, which the
 * loop runs next (b's instret is already counted). */
struct k64_jit_exit { const struct k64_dinsn *d; struct k64_block *b; };

/* True where this build translates (x86-64 Linux). */
bool k64_jit_supported(void);
/* A translator for one hart: blocks are translated on their threshold-th entry (>= 1); with
 * stats, translated code counts the instructions it runs. NULL where unsupported or when the
 * code buffer cannot be mapped. */
struct k64_jit *k64_jit_new(unsigned threshold, bool stats);
void k64_jit_free(struct k64_jit *j);
/* core/cache.c: a block was built for the functional loop (arms its entry counter). */
void k64_jit_block_built(struct k64_hart *h, struct k64_block *b);
/* core/dispatch.inc: a counted entry of b; true if b is translated now (enter it). */
bool k64_jit_hot(struct k64_hart *h, struct k64_block *b);
/* core/dispatch.inc: runs b's translation (and the translated blocks it chains to). */
struct k64_jit_exit k64_jit_run(struct k64_hart *h, struct k64_block *b);
/* core/cache.c: every block is dropped; so are their translations. */
void k64_jit_flush(struct k64_jit *j);
/* --stats lines ("jit-...: value"); instret: the run's retired instructions. */
void k64_jit_print_stats(const struct k64_jit *j, FILE *f, uint64_t instret);
#endif
