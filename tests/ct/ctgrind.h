/* The ctgrind technique's common part (tests/{mldsa,slhdsa,hqc}/ctgrind.c, run by
 * tests/ct/ctgrind.sh): secret inputs are marked undefined for valgrind memcheck, which then
 * reports every conditional branch and memory address that depends on them; outputs are marked
 * defined again. `ctgrind canary` (ctgrind_canary) branches on a secret on purpose, to show
 * that the harness detects a leak (that run must fail). */
#ifndef TESTS_CT_CTGRIND_H
#define TESTS_CT_CTGRIND_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

/* Deterministic filler for test inputs (not a secret source; the inputs only need to vary). */
static inline void fill(uint8_t *p, size_t n, uint32_t seed)
{
    for (size_t i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        p[i] = (uint8_t)(seed >> 16);
    }
}

static inline int ctgrind_canary(void)
{
    uint8_t x[1] = {1};
    volatile int y = 0;
    SECRET(x, 1);
    if (x[0] == 1)  /* a secret-dependent branch: memcheck must report it */
        y = 1;
    printf("canary ran (valgrind must report a conditional jump on uninitialised data)\n");
    return y == 1 ? 0 : 1;
}

/* main's first line: `ctgrind canary` runs the canary only. */
#define CTGRIND_CANARY(argc, argv)                                   \
    do {                                                             \
        if ((argc) > 1 && !strcmp((argv)[1], "canary"))              \
            return ctgrind_canary();                                 \
    } while (0)

#endif
