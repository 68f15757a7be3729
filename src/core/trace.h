#ifndef K64_CORE_TRACE_H
#define K64_CORE_TRACE_H
#include <stdbool.h>
#include <stdio.h>
#include "core/hart.h"
struct k64_tracer { FILE *out; bool disasm; };
void k64_trace_observer(void *ctx, struct k64_hart *h, const struct k64_dinsn *d, uint64_t pre_rs1);
#endif
