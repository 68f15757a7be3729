/* Guest function profiler behind --profile (text table) and --profile-folded (folded stacks):
 * retired instructions and modelled cycles per function symbol, self and inclusive, from the
 * retire stream alone (issue 8).
 *
 * How the stream becomes a call stack (a shadow stack of frames, each a function and the
 * return address its CALL expects):
 *  - CALL pushes a frame for the function containing next_pc (the callee), expecting a return
 *    to pc + len, and counts one call of the callee.
 *  - RET pops to the topmost frame expecting a return to next_pc (frames above it are
 *    discarded: an exception unwinding, a longjmp that happens to match). If none does, it
 *    pops to the topmost frame whose function (a symbol, not an unknown bucket) contains
 *    next_pc (longjmp back to the caller of setjmp); failing that it is treated as a jump.
 *  - Whenever an instruction retires in a function other than the top frame's, without a CALL
 *    or RET to explain it (JUMP, tail call, fall-through, signal handler entry, the return of a
 *    RET treated as a jump), the top frame's function is replaced by it.
 * Self counts go to the function containing pc; inclusive counts go once to each distinct
 * function on the stack (recursion is not counted twice). A trap or signal handler thus runs
 * in place of the interrupted function until it returns there; an ecall reported as a CALL
 * (len 4) and mret/sret as a RET would show M-mode handlers as callees instead.
 *
 * Addresses inside no symbol are counted in buckets named after the gap between symbols that
 * holds them: "[unknown 0x<end of the preceding symbol>]"; below the first symbol, above the
 * last one, or when there are no symbols at all, one bucket "[unknown]".
 *
 * Folded stacks ("root;...;leaf cycles", the input of flamegraph.pl, inferno and speedscope)
 * keep at most K64_PROFILE_FOLD_DEPTH frames: a deeper stack is written as its outermost
 * K64_PROFILE_FOLD_DEPTH - 1 frames, a "[...]" marker, and the leaf. The table is exact at
 * any depth.
 *
 * Symbols should be added before the first retire; adding later works (the address map is
 * rebuilt on the next retire) but costs a rebuild. Output is deterministic: it depends only on
 * the symbols and the retire stream. */
#ifndef K64_TIMING_PROFILE_H
#define K64_TIMING_PROFILE_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define K64_PROFILE_FOLD_DEPTH 256
/* Frames beyond this depth (128 MiB of stack; only calls that never return get there) are not
 * pushed: such a call counts as a call and moves like a jump. */
#define K64_PROFILE_MAX_DEPTH (1u << 22)

struct k64_profile;

/* CALL: jal/jalr writing ra or t0. RET: jalr x0 through ra or t0 (not a call). JUMP: any other
 * taken branch or jump. PLAIN: everything else. */
enum k64_prof_kind { K64_PROF_PLAIN, K64_PROF_CALL, K64_PROF_RET, K64_PROF_JUMP };

/* New empty profile; NULL on out of memory. */
struct k64_profile *k64_profile_new(void);
/* Adds the function symbols of an ELF file's .symtab at their address + bias: STT_FUNC
 * symbols that are defined in an executable PT_LOAD segment; one of size 0 extends to the next
 * function symbol or the end of its segment. Returns 0 (also for a stripped file: no symbols),
 * or -1 with a one-line reason in err (without the path). */
int k64_profile_load_elf(struct k64_profile *p, const char *path, uint64_t bias, char *err, size_t errlen);
/* Adds one function symbol [lo, lo + size); size 0 extends it to the next symbol (or to the
 * end of the address space). Of aliases (symbols at one address) the ELF's global name wins
 * over a weak one over a local one (a symbol added here ranks as global), then the larger,
 * then the first in strcmp order; a symbol starting inside another counts its own range. */
void k64_profile_add_symbol(struct k64_profile *p, const char *name, uint64_t lo, uint64_t size);
/* One retired instruction of len bytes (2 or 4) at pc; next_pc is the pc of the next
 * instruction (the target of a taken jump); cycles is what it cost. Call it for every retired
 * instruction: within one function it costs one compare and two additions. */
void k64_profile_retire(struct k64_profile *p, uint64_t pc, unsigned len, enum k64_prof_kind kind,
			uint64_t next_pc, uint64_t cycles);
/* The retire stream continues in software context id (a thread): each context has its own
 * call stack; inclusive counts run only while a function is on the running context's stack.
 * Contexts are created at their first use; the first one is 0. */
void k64_profile_context(struct k64_profile *p, uint64_t id);
/* The name of the function or unknown bucket counting pc; *lo and *hi (if not NULL) get the
 * address range of pc's part of it. The string is valid until the next symbol is added. */
const char *k64_profile_symbol(struct k64_profile *p, uint64_t pc, uint64_t *lo, uint64_t *hi);
/* Text table: a header line, one row per function that retired an instruction or was called,
 * sorted by self cycles (descending; ties by name, then address), with self cycles, self %,
 * inclusive cycles, inclusive %, self instructions, inclusive instructions, calls and the
 * function's name, then a totals line named "[total]". Percentages are of all cycles. Returns
 * 0, or -1 on a write error or if the profile ran out of memory while counting (then it stops
 * counting calls and returns and writes nothing). */
int k64_profile_write_table(const struct k64_profile *p, FILE *f);
/* Folded stacks, one line "root;...;leaf <self cycles of leaf in that stack>" per distinct
 * stack with a nonzero count, sorted by the stack's text (';' or control characters in a name
 * become '_'). Returns 0, or -1 on a write error or out of memory. */
int k64_profile_write_folded(const struct k64_profile *p, FILE *f);
void k64_profile_free(struct k64_profile *p);
/* The profiler fed by a hart's retire records (timing/profobs.c): attach after the timing model
 * (timed: cycles from the model's records, else one per instruction); _end counts the last
 * record, whose successor never came. */
struct k64_hart;
struct k64_profobs;
struct k64_profobs *k64_profile_observe(struct k64_profile *p, struct k64_hart *h, _Bool timed);
void k64_profile_observe_end(struct k64_profobs *o);
#endif
