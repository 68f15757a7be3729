/* The sparse x dense product of gf2x.c in RVV intrinsics (PQC_VINTR builds), vector-length
 * agnostic: the same barrel shifter (six masked bit stages, then masked word stages) and the
 * accumulation, on LMUL-4 groups of 64-bit words. Each stage runs from the top word down, so
 * a group reads its lower neighbours before they are rewritten. Same operations as the scalar
 * code, so the result is identical (tests/hqc/rvv_test.c compares them). */
#ifdef PQC_VINTR
#include <riscv_vector.h>
#include <string.h>
#include "hqc_internal.h"
#include "pqc_ct.h"

static uint64_t mask64(uint32_t bit) { return -(uint64_t)pqc_value_barrier_u32(bit); }

/* t (2 * words) = d << s. */
static void shift_left(uint64_t *t, const uint64_t *d, uint32_t s, const hqc_params *p)
{
    size_t w = p->words, w2 = 2 * w;
    memcpy(t, d, w * 8);
    memset(t + w, 0, (w2 - w) * 8);
    for (unsigned b = 0; b < 6; b++) {
        uint64_t m = mask64((s >> b) & 1);
        unsigned k = 1u << b;
        for (size_t hi = w + 1; hi > 1;) {            /* words 1..w */
            size_t vl = __riscv_vsetvl_e64m4(hi - 1), lo = hi - vl;
            vuint64m4_t x = __riscv_vle64_v_u64m4(t + lo, vl);
            vuint64m4_t y = __riscv_vle64_v_u64m4(t + lo - 1, vl);
            vuint64m4_t sh = __riscv_vor_vv_u64m4(__riscv_vsll_vx_u64m4(x, k, vl),
                                                  __riscv_vsrl_vx_u64m4(y, 64 - k, vl), vl);
            sh = __riscv_vand_vx_u64m4(__riscv_vxor_vv_u64m4(x, sh, vl), m, vl);
            __riscv_vse64_v_u64m4(t + lo, __riscv_vxor_vv_u64m4(x, sh, vl), vl);
            hi = lo;
        }
        t[0] ^= (t[0] ^ (t[0] << k)) & m;
    }
    uint32_t q = s >> 6;
    for (unsigned b = 0; (1u << b) < w2; b++) {
        uint64_t m = mask64((q >> b) & 1);
        size_t k = (size_t)1 << b;
        for (size_t hi = w2; hi > k;) {               /* words k..w2-1 take word i - k */
            size_t vl = __riscv_vsetvl_e64m4(hi - k), lo = hi - vl;
            vuint64m4_t x = __riscv_vle64_v_u64m4(t + lo, vl);
            vuint64m4_t y = __riscv_vle64_v_u64m4(t + lo - k, vl);
            y = __riscv_vand_vx_u64m4(__riscv_vxor_vv_u64m4(x, y, vl), m, vl);
            __riscv_vse64_v_u64m4(t + lo, __riscv_vxor_vv_u64m4(x, y, vl), vl);
            hi = lo;
        }
        for (size_t i = 0; i < k && i < w2;) {        /* words 0..k-1 become zero */
            size_t vl = __riscv_vsetvl_e64m4((k < w2 ? k : w2) - i);
            vuint64m4_t x = __riscv_vle64_v_u64m4(t + i, vl);
            __riscv_vse64_v_u64m4(t + i, __riscv_vand_vx_u64m4(x, ~m, vl), vl);
            i += vl;
        }
    }
}

void hqc_vect_mul_sparse(uint64_t *r, const uint32_t *support, unsigned weight, const uint64_t *d,
                         const hqc_params *p)
{
    uint64_t acc[2 * HQC_WORDS_MAX], t[2 * HQC_WORDS_MAX];
    size_t w2 = 2 * p->words;
    memset(acc, 0, w2 * 8);
    for (unsigned j = 0; j < weight; j++) {
        shift_left(t, d, support[j], p);
        for (size_t i = 0; i < w2;) {
            size_t vl = __riscv_vsetvl_e64m4(w2 - i);
            vuint64m4_t a = __riscv_vle64_v_u64m4(acc + i, vl);
            a = __riscv_vxor_vv_u64m4(a, __riscv_vle64_v_u64m4(t + i, vl), vl);
            __riscv_vse64_v_u64m4(acc + i, a, vl);
            i += vl;
        }
    }
    hqc_vect_fold(r, acc, p);
}
#endif
