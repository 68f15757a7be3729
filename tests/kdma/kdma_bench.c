/* Cycles per Keccak-f[1600] and per SHAKE256 block through the permutation interface of the
 * build it is linked with (vintr: C; vintr_k: vkeccak.vi wrapper; vintr_dma: raw DMA device;
 * vintr_sponge: one-shot sponge device for SHAKE256), read with rdcycle/rdinstret around the
 * loops (run under --model=karu64-*). Prints "NAME cycles=C insns=I" per operation. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "fips202.h"
#include "keccak.h"

static inline uint64_t rdcycle(void) { uint64_t c; __asm__ volatile("rdcycle %0" : "=r"(c)); return c; }
static inline uint64_t rdinstret(void) { uint64_t c; __asm__ volatile("rdinstret %0" : "=r"(c)); return c; }

static _Alignas(64) uint8_t msg[136 * 64], out[64];

int main(void)
{
    uint64_t s[25] = { 0 };
    enum { N = 64 };
    keccak_p1600_permute(s, 24);   /* warm up caches and the TLB */
    uint64_t c0 = rdcycle(), i0 = rdinstret();
    for (int i = 0; i < N; i++)
        keccak_p1600_permute(s, 24);
    uint64_t c1 = rdcycle(), i1 = rdinstret();
    printf("%s permutation cycles=%.1f insns=%.1f lane0=%016llx\n", keccak_backend_name(), (double)(c1 - c0) / N,
           (double)(i1 - i0) / N, (unsigned long long)s[0]);
    for (size_t i = 0; i < sizeof msg; i++)
        msg[i] = (uint8_t)i;
    /* SHAKE256 of 64 blocks - 1 byte (64 absorbed blocks, the last one padded), 32 bytes out:
     * per block = total / 64 */
    shake256(out, 32, msg, sizeof msg - 1);
    uint64_t perms0 = keccak_permute_count();
    c0 = rdcycle(), i0 = rdinstret();
    shake256(out, 32, msg, sizeof msg - 1);
    c1 = rdcycle(), i1 = rdinstret();
    printf("%s shake256-block cycles=%.1f insns=%.1f perms=%llu out0=%02x%02x%02x%02x\n", keccak_backend_name(),
           (double)(c1 - c0) / 64, (double)(i1 - i0) / 64, (unsigned long long)(keccak_permute_count() - perms0),
           out[0], out[1], out[2], out[3]);
    /* a short one-shot: SHAKE256 of 32 bytes to 32 bytes (ML-KEM's J, SLH-DSA's F are this size) */
    shake256(out, 32, msg, 32);
    c0 = rdcycle(), i0 = rdinstret();
    shake256(out, 32, msg, 32);
    c1 = rdcycle(), i1 = rdinstret();
    printf("%s shake256-32B cycles=%llu insns=%llu\n", keccak_backend_name(), (unsigned long long)(c1 - c0),
           (unsigned long long)(i1 - i0));
    return 0;
}
