#ifndef K64_CORE_TRACE_H
#define K64_CORE_TRACE_H
#include <stdbool.h>
#include <stdio.h>
#include "core/hart.h"
struct k64_tracer { FILE *out; bool disasm; };
void k64_trace_retire(void *ctx, struct k64_hart *h, const struct k64_batch *b);
#endif
