/* Probe for check-sw-karu64: `probe_v v` uses the vector unit (vsetvli, csrr vlenb, a load and
 * store); `probe_v k` also runs vkeccak.vi once on the zero state and checks lane 0 against
 * zvknhk.md's known answer. An unimplemented instruction kills the probe (SIGILL). */
#include <stdio.h>
#include <string.h>
#include "zvknhk.h"

int main(int argc, char **argv)
{
    unsigned long vlenb;
    uint64_t s[25] = {0}, t[25];
    __asm__ volatile("csrr %0, vlenb" : "=r"(vlenb));
    __asm__ volatile("vsetivli zero, 4, e64, m1, ta, ma\n\t"
                     "vle64.v v1, (%0)\n\t"
                     "vse64.v v1, (%1)\n\t" : : "r"(s), "r"(t) : "memory", "v1", "vl", "vtype");
    printf("V vlen=%lu\n", vlenb * 8);
    if (argc > 1 && !strcmp(argv[1], "k")) {
        keccakf1600_vkeccak(s);
        printf("vkeccak %s\n", s[0] == 0xF1258F7940E1DDE7u ? "ok" : "wrong");
    }
    return 0;
}
