/* Constant-time helpers shared by the guest PQC code.
 * pqc_value_barrier_*: an empty asm the compiler cannot see through, so it cannot turn a
 * mask-based selection back into a branch (the mlkem-native value-barrier idea).
 * PQC_SECRET / PQC_DECLASSIFY: under -DPQC_CT_TEST (the host valgrind test, tests/sw/ct/)
 * they mark memory undefined / defined for memcheck, so any branch or address that depends on
 * a secret is reported; elsewhere they compile to nothing. Every PQC_DECLASSIFY call site
 * says why the value is public. */
#ifndef PQC_CT_H
#define PQC_CT_H

#include <stdint.h>

static inline uint32_t pqc_value_barrier_u32(uint32_t x)
{
    __asm__("" : "+r"(x));
    return x;
}

static inline uint8_t pqc_value_barrier_u8(uint8_t x)
{
    __asm__("" : "+r"(x));
    return x;
}

#ifdef PQC_CT_TEST
#include <valgrind/memcheck.h>
#define PQC_SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PQC_DECLASSIFY(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))
#else
#define PQC_SECRET(p, n) ((void)(p), (void)(n))
#define PQC_DECLASSIFY(p, n) ((void)(p), (void)(n))
#endif

#endif
