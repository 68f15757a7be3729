/* Hand-written RVV versions of the ML-KEM kernels for the vintr builds (karu64.md §5):
 * NTT and inverse NTT with vrgather-based butterflies, pointwise multiplication in T_q, and
 * rejection sampling with vcompress. Vector-length agnostic: e16 with LMUL 1, any VLEN from
 * 128 to 4096 (VLMAX is a power of two, so a register chunk always holds whole butterfly
 * blocks once len < VLMAX). Every element sees the same arithmetic as the scalar code in
 * poly.c, so results are identical (tests/sw/mlkem_rvv_test.c checks that at several VLENs).
 *
 * Butterflies with len < VLMAX stay inside one register: vrgather with index vid ^ len brings
 * each coefficient's partner alongside it, a mask marks the upper half of each pair, and
 * per-coefficient twiddle tables (built once from the zetas) supply each element's zeta. */
#include "poly.h"

#if defined(PQC_VINTR)
#include <riscv_vector.h>

#define QINV (-3327)
#define BARRETT_V 20159
#define INVNTT_F 1441

/* Per-coefficient zetas for the 7 layers (len = 128 >> l): forward and inverse order. */
static int16_t zfwd[7][MLKEM_N], zinv[7][MLKEM_N];
static int tables_ready;

static void build_tables(void)
{
    for (unsigned l = 0; l < 7; l++) {
        unsigned len = 128u >> l;
        for (unsigned j = 0; j < MLKEM_N; j++) {
            unsigned blk = j / (2 * len);
            zfwd[l][j] = mlkem_zetas[(128u / len) + blk];       /* FIPS 203 Algorithm 9 order */
            zinv[l][j] = mlkem_zetas[(256u / len) - 1 - blk];   /* Algorithm 10 order */
        }
    }
    tables_ready = 1;
}

/* Montgomery product a b R^-1: high half of a b minus high half of ((a b mod 2^16) qinv) q. */
static inline vint16m1_t fqmul_vv(vint16m1_t a, vint16m1_t b, size_t vl)
{
    vint16m1_t lo = __riscv_vmul_vv_i16m1(a, b, vl);
    vint16m1_t hi = __riscv_vmulh_vv_i16m1(a, b, vl);
    vint16m1_t t = __riscv_vmul_vx_i16m1(lo, QINV, vl);
    return __riscv_vsub_vv_i16m1(hi, __riscv_vmulh_vx_i16m1(t, MLKEM_Q, vl), vl);
}

static inline vint16m1_t fqmul_vx(vint16m1_t a, int16_t b, size_t vl)
{
    vint16m1_t lo = __riscv_vmul_vx_i16m1(a, b, vl);
    vint16m1_t hi = __riscv_vmulh_vx_i16m1(a, b, vl);
    vint16m1_t t = __riscv_vmul_vx_i16m1(lo, QINV, vl);
    return __riscv_vsub_vv_i16m1(hi, __riscv_vmulh_vx_i16m1(t, MLKEM_Q, vl), vl);
}

/* t = round(a v / 2^26) as (floor(a v / 2^16) + 2^9) >> 10, which is exact; a - t q. */
static inline vint16m1_t barrett_v(vint16m1_t a, size_t vl)
{
    vint16m1_t t = __riscv_vmulh_vx_i16m1(a, BARRETT_V, vl);
    t = __riscv_vsra_vx_i16m1(__riscv_vadd_vx_i16m1(t, 1 << 9, vl), 10, vl);
    return __riscv_vsub_vv_i16m1(a, __riscv_vmul_vx_i16m1(t, MLKEM_Q, vl), vl);
}

static void reduce_v(int16_t *f)
{
    for (size_t j = 0, vl; j < MLKEM_N; j += vl) {
        vl = __riscv_vsetvl_e16m1(MLKEM_N - j);
        __riscv_vse16_v_i16m1(f + j, barrett_v(__riscv_vle16_v_i16m1(f + j, vl), vl), vl);
    }
}

/* FIPS 203, Algorithm 9. */
void poly_ntt_rvv(poly *p)
{
    int16_t *f = p->c;
    size_t vlmax = __riscv_vsetvlmax_e16m1();
    if (!tables_ready)
        build_tables();
    unsigned l = 0, i = 1;
    /* Layers whose pairs are a register apart: plain vector-scalar butterflies. */
    for (unsigned len = 128; len >= 2 && len >= vlmax; len >>= 1, l++)
        for (unsigned start = 0; start < MLKEM_N; start += 2 * len) {
            int16_t zeta = mlkem_zetas[i++];
            for (size_t j = start, vl; j < start + len; j += vl) {
                vl = __riscv_vsetvl_e16m1(start + len - j);
                vint16m1_t a = __riscv_vle16_v_i16m1(f + j, vl);
                vint16m1_t t = fqmul_vx(__riscv_vle16_v_i16m1(f + j + len, vl), zeta, vl);
                __riscv_vse16_v_i16m1(f + j + len, __riscv_vsub_vv_i16m1(a, t, vl), vl);
                __riscv_vse16_v_i16m1(f + j, __riscv_vadd_vv_i16m1(a, t, vl), vl);
            }
        }
    /* Layers whose pairs share a register: vrgather partners, masked select. */
    size_t vl = vlmax;
    vuint16m1_t id = __riscv_vid_v_u16m1(vl);
    for (unsigned len = 128u >> l; len >= 2; len >>= 1, l++) {
        vuint16m1_t idx = __riscv_vxor_vx_u16m1(id, len, vl);
        vbool16_t upper = __riscv_vmsne_vx_u16m1_b16(__riscv_vand_vx_u16m1(id, len, vl), 0, vl);
        for (size_t j = 0; j < MLKEM_N; j += vl) {
            vint16m1_t v = __riscv_vle16_v_i16m1(f + j, vl);
            vint16m1_t z = __riscv_vle16_v_i16m1(&zfwd[l][j], vl);
            vint16m1_t q = __riscv_vrgather_vv_i16m1(v, idx, vl);
            vint16m1_t b = __riscv_vmerge_vvm_i16m1(q, v, upper, vl);   /* upper ? v : partner */
            vint16m1_t a = __riscv_vmerge_vvm_i16m1(v, q, upper, vl);   /* upper ? partner : v */
            vint16m1_t t = fqmul_vv(b, z, vl);
            vint16m1_t r = __riscv_vmerge_vvm_i16m1(__riscv_vadd_vv_i16m1(a, t, vl),
                                                    __riscv_vsub_vv_i16m1(a, t, vl), upper, vl);
            __riscv_vse16_v_i16m1(f + j, r, vl);
        }
    }
    reduce_v(f);
}

/* FIPS 203, Algorithm 10, with the final factor 128^-1 R (as poly_invntt_scalar). */
void poly_invntt_rvv(poly *p)
{
    int16_t *f = p->c;
    size_t vlmax = __riscv_vsetvlmax_e16m1();
    if (!tables_ready)
        build_tables();
    unsigned len = 2, l = 6;
    size_t vl = vlmax;
    vuint16m1_t id = __riscv_vid_v_u16m1(vl);
    for (; len <= 128 && len < vlmax; len <<= 1, l--) {
        vuint16m1_t idx = __riscv_vxor_vx_u16m1(id, len, vl);
        vbool16_t upper = __riscv_vmsne_vx_u16m1_b16(__riscv_vand_vx_u16m1(id, len, vl), 0, vl);
        for (size_t j = 0; j < MLKEM_N; j += vl) {
            vint16m1_t v = __riscv_vle16_v_i16m1(f + j, vl);
            vint16m1_t z = __riscv_vle16_v_i16m1(&zinv[l][j], vl);
            vint16m1_t q = __riscv_vrgather_vv_i16m1(v, idx, vl);
            vint16m1_t s = barrett_v(__riscv_vadd_vv_i16m1(v, q, vl), vl);
            vint16m1_t d = fqmul_vv(__riscv_vsub_vv_i16m1(v, q, vl), z, vl); /* upper: f[j+len] - f[j] */
            __riscv_vse16_v_i16m1(f + j, __riscv_vmerge_vvm_i16m1(s, d, upper, vl), vl);
        }
    }
    for (; len <= 128; len <<= 1) {
        unsigned i = 256u / len - 1;
        for (unsigned start = 0; start < MLKEM_N; start += 2 * len) {
            int16_t zeta = mlkem_zetas[i--];
            for (size_t j = start, vl2; j < start + len; j += vl2) {
                vl2 = __riscv_vsetvl_e16m1(start + len - j);
                vint16m1_t a = __riscv_vle16_v_i16m1(f + j, vl2);
                vint16m1_t b = __riscv_vle16_v_i16m1(f + j + len, vl2);
                __riscv_vse16_v_i16m1(f + j, barrett_v(__riscv_vadd_vv_i16m1(a, b, vl2), vl2), vl2);
                __riscv_vse16_v_i16m1(f + j + len, fqmul_vx(__riscv_vsub_vv_i16m1(b, a, vl2), zeta, vl2), vl2);
            }
        }
    }
    for (size_t j = 0; j < MLKEM_N; j += vl) {
        vl = __riscv_vsetvl_e16m1(MLKEM_N - j);
        __riscv_vse16_v_i16m1(f + j, fqmul_vx(__riscv_vle16_v_i16m1(f + j, vl), INVNTT_F, vl), vl);
    }
}

/* FIPS 203, Algorithms 11 and 12 summed over k: even/odd coefficients split by segment loads. */
void polyvec_basemul_acc_rvv(poly *r, const poly *a, const poly *b, unsigned k)
{
    for (size_t i = 0, vl; i < MLKEM_N / 2; i += vl) {
        vl = __riscv_vsetvl_e16m1(MLKEM_N / 2 - i);
        vint16m1_t g = __riscv_vle16_v_i16m1(mlkem_gammas + i, vl);
        vint16m1_t r0 = __riscv_vmv_v_x_i16m1(0, vl), r1 = r0;
        for (unsigned m = 0; m < k; m++) {
            vint16m1x2_t x = __riscv_vlseg2e16_v_i16m1x2(a[m].c + 2 * i, vl);
            vint16m1x2_t y = __riscv_vlseg2e16_v_i16m1x2(b[m].c + 2 * i, vl);
            vint16m1_t a0 = __riscv_vget_v_i16m1x2_i16m1(x, 0), a1 = __riscv_vget_v_i16m1x2_i16m1(x, 1);
            vint16m1_t b0 = __riscv_vget_v_i16m1x2_i16m1(y, 0), b1 = __riscv_vget_v_i16m1x2_i16m1(y, 1);
            vint16m1_t c0 = __riscv_vadd_vv_i16m1(fqmul_vv(a0, b0, vl),
                                                  fqmul_vv(fqmul_vv(a1, b1, vl), g, vl), vl);
            vint16m1_t c1 = __riscv_vadd_vv_i16m1(fqmul_vv(a0, b1, vl), fqmul_vv(a1, b0, vl), vl);
            r0 = __riscv_vadd_vv_i16m1(r0, c0, vl);
            r1 = __riscv_vadd_vv_i16m1(r1, c1, vl);
        }
        vint16m1x2_t out = __riscv_vcreate_v_i16m1x2(barrett_v(r0, vl), barrett_v(r1, vl));
        __riscv_vsseg2e16_v_i16m1x2(r->c + 2 * i, out, vl);
    }
}

/* FIPS 203, Algorithm 7 steps 4-14: a segment load splits 3-byte groups into b0, b1, b2; the
 * two 12-bit candidates are interleaved (as 32-bit pairs) in stream order, compared with q,
 * and vcompress packs the accepted ones. The matrix seed is public, so the data-dependent
 * count is not a secret. */
unsigned mlkem_rej_uniform_rvv(int16_t *r, unsigned ctr, unsigned len, const uint8_t *buf,
                               size_t buflen)
{
    size_t ntrip = buflen / 3;
    for (size_t t = 0, vl; t < ntrip && ctr < len; t += vl) {
        vl = __riscv_vsetvl_e8m1(ntrip - t);
        vuint8m1x3_t s = __riscv_vlseg3e8_v_u8m1x3(buf + 3 * t, vl);
        vuint16m2_t b0 = __riscv_vzext_vf2_u16m2(__riscv_vget_v_u8m1x3_u8m1(s, 0), vl);
        vuint16m2_t b1 = __riscv_vzext_vf2_u16m2(__riscv_vget_v_u8m1x3_u8m1(s, 1), vl);
        vuint16m2_t b2 = __riscv_vzext_vf2_u16m2(__riscv_vget_v_u8m1x3_u8m1(s, 2), vl);
        vuint16m2_t d1 = __riscv_vor_vv_u16m2(b0, __riscv_vsll_vx_u16m2(__riscv_vand_vx_u16m2(b1, 0x0f, vl), 8, vl), vl);
        vuint16m2_t d2 = __riscv_vor_vv_u16m2(__riscv_vsrl_vx_u16m2(b1, 4, vl), __riscv_vsll_vx_u16m2(b2, 4, vl), vl);
        vuint32m4_t w = __riscv_vor_vv_u32m4(__riscv_vzext_vf2_u32m4(d1, vl),
                                             __riscv_vsll_vx_u32m4(__riscv_vzext_vf2_u32m4(d2, vl), 16, vl), vl);
        vuint16m4_t c = __riscv_vreinterpret_v_u32m4_u16m4(w);
        size_t n2 = 2 * vl;
        vbool4_t ok = __riscv_vmsltu_vx_u16m4_b4(c, MLKEM_Q, n2);
        vuint16m4_t packed = __riscv_vcompress_vm_u16m4(c, ok, n2);
        size_t cnt = __riscv_vcpop_m_b4(ok, n2);
        if (cnt > len - ctr)
            cnt = len - ctr;
        __riscv_vse16_v_u16m4((uint16_t *)(r + ctr), packed, cnt);
        ctr += (unsigned)cnt;
    }
    return ctr;
}

#else
typedef int mlkem_rvv_unused;
#endif
