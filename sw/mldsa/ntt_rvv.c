/* RVV intrinsics (PQC_VINTR builds) for the NTT, its inverse, pointwise products and the uniform
 * rejection sampling of ExpandA. Vector-length agnostic: any VLEN >= 128 works.
 *
 * NTT layers whose butterfly distance len exceeds the vector length vl (e32, LMUL 1) work on
 * contiguous strips with one zeta each. The other layers run on chunks of 2*vl coefficients
 * held in an LMUL-2 register group through all of those layers: before each layer one
 * vrgather moves the lower butterfly inputs into the first register of the group and the
 * upper ones into the second, the butterflies run elementwise with per-pair zetas, and a last
 * vrgather restores the order. The arithmetic is the scalar code's, operation for operation
 * (ntt.c), so the results are the same bit for bit. */
#ifdef PQC_VINTR
#include <riscv_vector.h>

#include "mldsa_internal.h"

extern const int32_t mldsa_zetas_mont[MLDSA_N];

/* Montgomery product b * z * 2^-32 with z and zq = z * q^-1 mod 2^32 given (vector forms):
 * the low halves of b*z and (b*zq mod 2^32)*q agree, so the difference of the high halves is
 * mldsa_montgomery_reduce(b * z) exactly. */
static inline vint32m1_t mont_vv_m1(vint32m1_t b, vint32m1_t z, vint32m1_t zq, size_t vl)
{
    vint32m1_t hi = __riscv_vmulh_vv_i32m1(b, z, vl);
    vint32m1_t m = __riscv_vmul_vv_i32m1(b, zq, vl);
    return __riscv_vsub_vv_i32m1(hi, __riscv_vmulh_vx_i32m1(m, MLDSA_Q, vl), vl);
}

static inline vint32m4_t mont_vx_m4(vint32m4_t b, int32_t z, size_t vl)
{
    int32_t zq = (int32_t)((uint32_t)z * (uint32_t)MLDSA_QINV);
    vint32m4_t hi = __riscv_vmulh_vx_i32m4(b, z, vl);
    vint32m4_t m = __riscv_vmul_vx_i32m4(b, zq, vl);
    return __riscv_vsub_vv_i32m4(hi, __riscv_vmulh_vx_i32m4(m, MLDSA_Q, vl), vl);
}

static inline vint32m4_t mont_vv_m4(vint32m4_t a, vint32m4_t b, size_t vl)
{
    vint32m4_t hi = __riscv_vmulh_vv_i32m4(a, b, vl);
    vint32m4_t m = __riscv_vmul_vx_i32m4(__riscv_vmul_vv_i32m4(a, b, vl), MLDSA_QINV, vl);
    return __riscv_vsub_vv_i32m4(hi, __riscv_vmulh_vx_i32m4(m, MLDSA_Q, vl), vl);
}

static unsigned log2u(unsigned x)
{
    unsigned n = 0;
    while (x > 1) {
        x >>= 1;
        n++;
    }
    return n;
}

/* Elements per e32 LMUL-1 register, capped so that a chunk of 2*vl fits in 256 coefficients. */
static size_t chunk_vl(void)
{
    size_t vl = __riscv_vsetvlmax_e32m1();
    return vl > MLDSA_N / 2 ? MLDSA_N / 2 : vl;
}

#define MAX_SHORT 8     /* len = vl, vl/2, ..., 1 with vl <= 128 */

/* The zetas of the short layers, per layer log2(len) and global pair index g = c*vl + p, with
 * their Montgomery companions z * q^-1 mod 2^32: the forward transform uses entry
 * 128/len + g/len, the inverse the negation of entry 256/len - 1 - g/len. Indexed by g they
 * do not depend on VLEN, and a chunk reads its zetas with unit-stride loads. Filled once
 * before main (the values are fixed; only the 16 KiB of zeros are not stored in the file). */
static int32_t zeta_fwd[MAX_SHORT][MLDSA_N / 2], zeta_fwd_q[MAX_SHORT][MLDSA_N / 2];
static int32_t zeta_inv[MAX_SHORT][MLDSA_N / 2], zeta_inv_q[MAX_SHORT][MLDSA_N / 2];

__attribute__((constructor)) static void fill_zeta_tables(void)
{
    for (unsigned ll = 0; ll < MAX_SHORT; ll++) {
        for (unsigned g = 0; g < MLDSA_N / 2; g++) {
            int32_t zf = mldsa_zetas_mont[(128 >> ll) + (g >> ll)];
            int32_t zi = -mldsa_zetas_mont[(256 >> ll) - 1 - (g >> ll)];
            zeta_fwd[ll][g] = zf;
            zeta_fwd_q[ll][g] = (int32_t)((uint32_t)zf * (uint32_t)MLDSA_QINV);
            zeta_inv[ll][g] = zi;
            zeta_inv_q[ll][g] = (int32_t)((uint32_t)zi * (uint32_t)MLDSA_QINV);
        }
    }
}

/* The vrgather indices of the short layers (len <= vl) of one transform, over a chunk of 2*vl
 * coefficients. Before the butterflies of layer s, gather[s] brings the lower inputs of the
 * vl pairs into the first register of the group and the upper inputs into the second; it is
 * the composition of the previous layer's merge with this layer's split, so each layer costs
 * one vrgather. merge undoes the last layer's split. For len = vl both are the identity and
 * are skipped. Vector values cannot live in arrays, hence these tables in memory. */
typedef struct {
    unsigned n, log2len[MAX_SHORT];
    uint32_t gather[MAX_SHORT][MLDSA_N];
    uint32_t merge[MLDSA_N];
} short_plan;

/* Layer order: len = vl down to 1 (forward) or 1 up to vl (inverse). For one layer, pair
 * p has its lower input at 2*len*(p/len) + p%len and its upper input len further on. */
static void plan_short_layers(short_plan *sp, size_t vl, int inverse)
{
    size_t vl2 = 2 * vl;
    unsigned lv = log2u((unsigned)vl);
    vuint32m2_t id = __riscv_vid_v_u32m2(vl2);
    vuint32m2_t p = __riscv_vand_vx_u32m2(id, (uint32_t)vl - 1, vl2);
    vuint32m2_t prev_merge = id;
    sp->n = lv + 1;
    for (unsigned s = 0; s <= lv; s++) {
        unsigned ll = inverse ? s : lv - s, len = 1u << ll;
        vuint32m2_t split = __riscv_vsll_vx_u32m2(__riscv_vand_vx_u32m2(p, ~(len - 1), vl2), 1, vl2);
        split = __riscv_vor_vv_u32m2(split, __riscv_vand_vx_u32m2(p, len - 1, vl2), vl2);
        split = __riscv_vor_vv_u32m2(
            split, __riscv_vsll_vx_u32m2(__riscv_vsrl_vx_u32m2(id, lv, vl2), ll, vl2), vl2);
        vuint32m2_t merge = __riscv_vand_vx_u32m2(__riscv_vsrl_vx_u32m2(id, 1, vl2), ~(len - 1), vl2);
        merge = __riscv_vor_vv_u32m2(merge, __riscv_vand_vx_u32m2(id, len - 1, vl2), vl2);
        vuint32m2_t upper = __riscv_vand_vx_u32m2(__riscv_vsrl_vx_u32m2(id, ll, vl2), 1, vl2);
        merge = __riscv_vor_vv_u32m2(merge, __riscv_vsll_vx_u32m2(upper, lv, vl2), vl2);
        __riscv_vse32_v_u32m2(sp->gather[s], __riscv_vrgather_vv_u32m2(prev_merge, split, vl2), vl2);
        sp->log2len[s] = ll;
        prev_merge = merge;
    }
    __riscv_vse32_v_u32m2(sp->merge, prev_merge, vl2);
}

/* FIPS 204, Algorithm 41 (NTT); see mldsa_poly_ntt_scalar for the bounds. */
void mldsa_poly_ntt(mldsa_poly *a)
{
    size_t vl1 = chunk_vl(), vl2 = 2 * vl1;
    unsigned m = 0;
    /* Long layers (len > vl): the same zeta over contiguous strips. */
    for (unsigned len = 128; len > vl1; len >>= 1) {
        for (unsigned start = 0; start < MLDSA_N; start += 2 * len) {
            int32_t z = mldsa_zetas_mont[++m];
            for (size_t j = start, vl; j < start + len; j += vl) {
                vl = __riscv_vsetvl_e32m4(start + len - j);
                vint32m4_t lo = __riscv_vle32_v_i32m4(&a->c[j], vl);
                vint32m4_t hi = __riscv_vle32_v_i32m4(&a->c[j + len], vl);
                vint32m4_t t = mont_vx_m4(hi, z, vl);
                __riscv_vse32_v_i32m4(&a->c[j + len], __riscv_vsub_vv_i32m4(lo, t, vl), vl);
                __riscv_vse32_v_i32m4(&a->c[j], __riscv_vadd_vv_i32m4(lo, t, vl), vl);
            }
        }
    }
    /* Short layers: every one of them on a 2*vl chunk while it stays in registers. */
    short_plan sp;
    plan_short_layers(&sp, vl1, 0);
    for (unsigned c = 0; c < MLDSA_N / vl2; c++) {
        vint32m2_t x = __riscv_vle32_v_i32m2(&a->c[c * vl2], vl2);
        for (unsigned s = 0; s < sp.n; s++) {
            if (s > 0)
                x = __riscv_vrgather_vv_i32m2(x, __riscv_vle32_v_u32m2(sp.gather[s], vl2), vl2);
            vint32m1_t lo = __riscv_vget_v_i32m2_i32m1(x, 0);
            vint32m1_t hi = __riscv_vget_v_i32m2_i32m1(x, 1);
            vint32m1_t z = __riscv_vle32_v_i32m1(&zeta_fwd[sp.log2len[s]][c * vl1], vl1);
            vint32m1_t zq = __riscv_vle32_v_i32m1(&zeta_fwd_q[sp.log2len[s]][c * vl1], vl1);
            vint32m1_t t = mont_vv_m1(hi, z, zq, vl1);
            x = __riscv_vset_v_i32m1_i32m2(x, 0, __riscv_vadd_vv_i32m1(lo, t, vl1));
            x = __riscv_vset_v_i32m1_i32m2(x, 1, __riscv_vsub_vv_i32m1(lo, t, vl1));
        }
        x = __riscv_vrgather_vv_i32m2(x, __riscv_vle32_v_u32m2(sp.merge, vl2), vl2);
        __riscv_vse32_v_i32m2(&a->c[c * vl2], x, vl2);
    }
}

/* FIPS 204, Algorithm 42 (NTT^-1) times 2^32; see mldsa_poly_invntt_tomont_scalar. */
void mldsa_poly_invntt_tomont(mldsa_poly *a)
{
    const int32_t f = 41978;    /* 2^64 / 256 mod q */
    size_t vl1 = chunk_vl(), vl2 = 2 * vl1;
    /* Short layers first, each chunk kept in registers through all of them. */
    short_plan sp;
    plan_short_layers(&sp, vl1, 1);
    for (unsigned c = 0; c < MLDSA_N / vl2; c++) {
        vint32m2_t x = __riscv_vle32_v_i32m2(&a->c[c * vl2], vl2);
        for (unsigned s = 0; s < sp.n; s++) {
            x = __riscv_vrgather_vv_i32m2(x, __riscv_vle32_v_u32m2(sp.gather[s], vl2), vl2);
            vint32m1_t lo = __riscv_vget_v_i32m2_i32m1(x, 0);
            vint32m1_t hi = __riscv_vget_v_i32m2_i32m1(x, 1);
            vint32m1_t z = __riscv_vle32_v_i32m1(&zeta_inv[sp.log2len[s]][c * vl1], vl1);
            vint32m1_t zq = __riscv_vle32_v_i32m1(&zeta_inv_q[sp.log2len[s]][c * vl1], vl1);
            vint32m1_t d = __riscv_vsub_vv_i32m1(lo, hi, vl1);
            x = __riscv_vset_v_i32m1_i32m2(x, 0, __riscv_vadd_vv_i32m1(lo, hi, vl1));
            x = __riscv_vset_v_i32m1_i32m2(x, 1, mont_vv_m1(d, z, zq, vl1));
        }
        __riscv_vse32_v_i32m2(&a->c[c * vl2], x, vl2);
    }
    /* Long layers, as in the scalar code: entry m counts down from the last one used. */
    unsigned m = MLDSA_N / 2 / (unsigned)vl1;
    for (unsigned len = 2 * (unsigned)vl1; len < MLDSA_N; len <<= 1) {
        for (unsigned start = 0; start < MLDSA_N; start += 2 * len) {
            int32_t z = -mldsa_zetas_mont[--m];
            for (size_t j = start, vl; j < start + len; j += vl) {
                vl = __riscv_vsetvl_e32m4(start + len - j);
                vint32m4_t lo = __riscv_vle32_v_i32m4(&a->c[j], vl);
                vint32m4_t hi = __riscv_vle32_v_i32m4(&a->c[j + len], vl);
                __riscv_vse32_v_i32m4(&a->c[j], __riscv_vadd_vv_i32m4(lo, hi, vl), vl);
                __riscv_vse32_v_i32m4(&a->c[j + len],
                                      mont_vx_m4(__riscv_vsub_vv_i32m4(lo, hi, vl), z, vl), vl);
            }
        }
    }
    for (size_t j = 0, vl; j < MLDSA_N; j += vl) {
        vl = __riscv_vsetvl_e32m4(MLDSA_N - j);
        vint32m4_t x = __riscv_vle32_v_i32m4(&a->c[j], vl);
        __riscv_vse32_v_i32m4(&a->c[j], mont_vx_m4(x, f, vl), vl);
    }
}

/* FIPS 204, Algorithm 45 (MultiplyNTT), times 2^-32. */
void mldsa_poly_pointwise_montgomery(mldsa_poly *r, const mldsa_poly *a, const mldsa_poly *b)
{
    for (size_t j = 0, vl; j < MLDSA_N; j += vl) {
        vl = __riscv_vsetvl_e32m4(MLDSA_N - j);
        vint32m4_t x = __riscv_vle32_v_i32m4(&a->c[j], vl);
        vint32m4_t y = __riscv_vle32_v_i32m4(&b->c[j], vl);
        __riscv_vse32_v_i32m4(&r->c[j], mont_vv_m4(x, y, vl), vl);
    }
}

/* r += a o b * 2^-32. */
void mldsa_poly_pointwise_acc_montgomery(mldsa_poly *r, const mldsa_poly *a,
                                         const mldsa_poly *b)
{
    for (size_t j = 0, vl; j < MLDSA_N; j += vl) {
        vl = __riscv_vsetvl_e32m4(MLDSA_N - j);
        vint32m4_t x = __riscv_vle32_v_i32m4(&a->c[j], vl);
        vint32m4_t y = __riscv_vle32_v_i32m4(&b->c[j], vl);
        vint32m4_t acc = __riscv_vle32_v_i32m4(&r->c[j], vl);
        __riscv_vse32_v_i32m4(&r->c[j], __riscv_vadd_vv_i32m4(acc, mont_vv_m4(x, y, vl), vl),
                              vl);
    }
}

/* CoeffFromThreeBytes (FIPS 204, Algorithm 14) for a strip of 3-byte groups at once: a
 * segment load splits the bytes, vmsltu marks the candidates below q, and vcompress packs the
 * accepted ones in order, so the first n accepted candidates are those of the scalar loop.
 * The stream comes from the public seed rho (declassified in mldsa_expand_a). */
unsigned mldsa_rej_uniform(int32_t *r, unsigned ctr, unsigned n, const uint8_t *buf, size_t len)
{
    size_t groups = len / 3;
    for (size_t g = 0, vl; g < groups && ctr < n; g += vl) {
        vl = __riscv_vsetvl_e8m1(groups - g);
        vuint8m1x3_t seg = __riscv_vlseg3e8_v_u8m1x3(buf + 3 * g, vl);
        vuint32m4_t t = __riscv_vzext_vf4_u32m4(__riscv_vget_v_u8m1x3_u8m1(seg, 0), vl);
        vuint32m4_t b1 = __riscv_vzext_vf4_u32m4(__riscv_vget_v_u8m1x3_u8m1(seg, 1), vl);
        vuint32m4_t b2 = __riscv_vzext_vf4_u32m4(
            __riscv_vand_vx_u8m1(__riscv_vget_v_u8m1x3_u8m1(seg, 2), 0x7f, vl), vl);
        t = __riscv_vor_vv_u32m4(t, __riscv_vsll_vx_u32m4(b1, 8, vl), vl);
        t = __riscv_vor_vv_u32m4(t, __riscv_vsll_vx_u32m4(b2, 16, vl), vl);
        vbool8_t ok = __riscv_vmsltu_vx_u32m4_b8(t, MLDSA_Q, vl);
        vuint32m4_t packed = __riscv_vcompress_vm_u32m4(t, ok, vl);
        size_t cnt = __riscv_vcpop_m_b8(ok, vl);
        if (cnt > n - ctr)
            cnt = n - ctr;
        __riscv_vse32_v_u32m4((uint32_t *)&r[ctr], packed, cnt);
        ctr += (unsigned)cnt;
    }
    return ctr;
}
#endif
