#ifndef K64_CORE_TRACE_H
#define K64_CORE_TRACE_H
#include <stdbool.h>
#include <stdio.h>
#include "core/hart.h"
/* The commit log (core/trace.c). It keeps the few CSRs that instructions change implicitly as
 * they were after the previous instruction, so that it can log their writes as Spike does
 * without any hook in the execution paths. */
struct k64_tracer {
	FILE *out;
	bool disasm;
	bool virt;                   /* the V field (k64_trace_virt) */
	uint64_t mstatus, mip, vl, vtype, vstart;
	uint32_t fflags, frm, vxsat, vxrm;
	uint64_t f[32];              /* the FP and vector registers, to run an instruction again */
	_Alignas(64) uint8_t v[32 * (K64_VLEN_MAX / 8)];
	struct k64_hart *scratch;    /* where it runs again (see raised() in core/trace.c) */
};
void k64_trace_start(struct k64_tracer *t, struct k64_hart *h, FILE *out, bool disasm);
void k64_trace_retire(void *ctx, struct k64_hart *h, const struct k64_batch *b);
void k64_trace_end(struct k64_tracer *t);
void k64_trace_trap(void *ctx, struct k64_hart *h, uint64_t cause, uint64_t tval);
void k64_trace_entered(void *ctx, struct k64_hart *h);
#endif
