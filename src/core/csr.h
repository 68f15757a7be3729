/* The CSR numbers and the flags of the CSR table (core/csr.def): K64_CSR_<name> is the number of
 * the CSR <name>; K64_CSR_<name>_base, _first and _last those of element 0, of the first and of
 * the last element of a numbered family (pmpaddr, mhpmcounter, ...). */
#ifndef K64_CORE_CSR_H
#define K64_CORE_CSR_H

enum {
	K64_CSRF_GDB = 1,      /* in the GDB register list */
	K64_CSRF_FP = 2,       /* belongs to F: GDB describes it whenever misa.F is set */
	K64_CSRF_VEC = 4,      /* belongs to V: likewise with misa.V */
	K64_CSRF_EPC = 8,      /* an xepc: bit 1 reads as zero without C */
	K64_CSRF_H = 16,       /* the hypervisor extension's (core/hyp.c) */
	K64_CSRF_NOLOG = 32,   /* the commit log does not name it */
};

enum k64_csr_num {
#define CSR_ROW(n, num, fl) K64_CSR_##n = (num),
#define CSR_ARRAY(n, num, first, last, gdb, fl) \
	K64_CSR_##n##_base = (num), K64_CSR_##n##_first = (num) + (first), K64_CSR_##n##_last = (num) + (last),
#include "core/csr.def"
};

/* The cases of a plain CSR row (CSR, HCSR) in the read switch (into v; epc_read(h, epc) in
 * scope) and in the write switch (of val) of core/priv.c and core/hyp.c. A write keeps
 * val & mask, then calls the row's after-write hook, if any, with the old value. */
#define K64_CSR_READ_CASE(num, field, fl) \
	case num: v = (fl) & K64_CSRF_EPC ? epc_read(h, h->field) : h->field; break;
#define K64_CSR_WRITE_CASE(num, field, mask, hook)                      \
	case num: {                                                     \
		void (*after)(struct k64_hart *, uint64_t) = hook;      \
		uint64_t old = h->field;                                \
		h->field = val & (mask);                                \
		if (after)                                              \
			after(h, old);                                  \
		break;                                                  \
	}
#endif
