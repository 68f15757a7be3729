/* HQC's public code (2025-08-22 specification, §2): a Reed-Solomon code RS(n1, k) over
 * GF(2^8) = GF(2)[z]/(z^8 + z^4 + z^3 + z^2 + 1), generator alpha = z, concatenated with the
 * Reed-Muller code RM(1,7) whose 128-bit codewords are repeated n2 / 128 times. Encoding and
 * decoding run in constant time: field arithmetic without tables, a fixed number of
 * Berlekamp-Massey iterations with masked updates, and every position tried in the root search. */
#include <string.h>
#include "hqc_internal.h"
#include "pqc_ct.h"

static uint8_t gf_mul(uint8_t a, uint8_t b)
{
    uint32_t r = 0, x = a;
    for (int i = 0; i < 8; i++) {
        r ^= x & -(uint32_t)((b >> i) & 1);
        x = (x << 1) ^ (0x11d & -(x >> 7));
    }
    return (uint8_t)r;
}

/* a^254 = a^-1 (0 for 0). */
static uint8_t gf_inv(uint8_t a)
{
    uint8_t r = 1, x = a;
    for (int e = 254; e; e >>= 1) {      /* public exponent */
        if (e & 1)
            r = gf_mul(r, x);
        x = gf_mul(x, x);
    }
    return r;
}

static uint8_t gf_pow_alpha(unsigned e)   /* alpha^e, public e */
{
    uint8_t r = 1;
    for (unsigned i = 0; i < e % 255; i++)
        r = gf_mul(r, 2);
    return r;
}

static uint8_t mask8(uint32_t bit) { return (uint8_t)-pqc_value_barrier_u32(bit); }
static uint32_t is_zero8(uint8_t x) { return ((uint32_t)x - 1) >> 31; }

/* g(x) = (x - alpha)(x - alpha^2)...(x - alpha^(2 delta)), coefficients low degree first. */
static void rs_generator(uint8_t *g, unsigned deg)
{
    memset(g, 0, deg + 1);
    g[0] = 1;
    for (unsigned i = 1; i <= deg; i++) {
        uint8_t a = gf_pow_alpha(i);
        for (unsigned j = i; j > 0; j--)
            g[j] = g[j - 1] ^ gf_mul(a, g[j]);
        g[0] = gf_mul(a, g[0]);
    }
}

/* Systematic RS encoding: c(x) = x^(n1-k) m(x) + (x^(n1-k) m(x) mod g(x)); the parity symbols
 * come first, the k message bytes last. */
static void rs_encode(uint8_t *c, const uint8_t *m, const hqc_params *p)
{
    unsigned r = p->n1 - p->k;
    uint8_t g[2 * HQC_DELTA_MAX + 1], par[2 * HQC_DELTA_MAX];
    rs_generator(g, r);
    memset(par, 0, r);
    for (unsigned i = p->k; i-- > 0;) {    /* long division, highest coefficient first */
        uint8_t f = m[i] ^ par[r - 1];
        for (unsigned j = r - 1; j > 0; j--)
            par[j] = par[j - 1] ^ gf_mul(f, g[j]);
        par[0] = gf_mul(f, g[0]);
    }
    memcpy(c, par, r);
    memcpy(c + r, m, p->k);
}

/* Decodes up to delta symbol errors and writes the k message symbols. */
static void rs_decode(uint8_t *m, const uint8_t *c, const hqc_params *p)
{
    unsigned t2 = 2 * p->delta;
    uint8_t syn[2 * HQC_DELTA_MAX], sigma[2 * HQC_DELTA_MAX + 2] = {0}, b[2 * HQC_DELTA_MAX + 2] = {0};
    uint8_t tmp[2 * HQC_DELTA_MAX + 2], omega[2 * HQC_DELTA_MAX];

    /* Syndromes S_j = c(alpha^j), j = 1..2 delta. */
    for (unsigned j = 1; j <= t2; j++) {
        uint8_t a = gf_pow_alpha(j), s = 0;
        for (unsigned i = p->n1; i-- > 0;)
            s = gf_mul(s, a) ^ c[i];
        syn[j - 1] = s;
    }
    /* Berlekamp-Massey, 2 delta iterations; b holds x^m B(x) for the last length change. */
    uint32_t len = 0;
    uint8_t bd = 1;
    sigma[0] = 1;
    b[0] = 1;
    for (unsigned r = 0; r < t2; r++) {
        memmove(b + 1, b, t2);
        b[0] = 0;
        uint8_t d = 0;
        for (unsigned i = 0; i <= r && i <= t2; i++)
            d ^= gf_mul(sigma[i], syn[r - i]);
        uint8_t f = gf_mul(d, gf_inv(bd));
        /* A length change iff d != 0 and 2 len <= r ((2 len - (r + 1)) >> 31 is 1 iff 2 len <= r). */
        uint32_t change = (is_zero8(d) ^ 1) & (((2 * len) - (r + 1)) >> 31);
        uint8_t cm = mask8(change);
        memcpy(tmp, sigma, t2 + 1);
        for (unsigned i = 0; i <= t2; i++)
            sigma[i] ^= gf_mul(f, b[i]);
        for (unsigned i = 0; i <= t2; i++)
            b[i] = (b[i] & ~cm) | (tmp[i] & cm);
        len = (len & ~(uint32_t)-change) | ((r + 1 - len) & (uint32_t)-change);
        bd = (uint8_t)((bd & ~cm) | (d & cm));
    }
    /* Omega(x) = S(x) sigma(x) mod x^(2 delta), S(x) = sum S_(j+1) x^j. */
    for (unsigned i = 0; i < t2; i++) {
        uint8_t s = 0;
        for (unsigned j = 0; j <= i; j++)
            s ^= gf_mul(syn[j], sigma[i - j]);
        omega[i] = s;
    }
    /* Errors at X = alpha^i where sigma(X^-1) = 0; value Omega(X^-1) / sigma'(X^-1) (Forney,
     * first root alpha^1). Only the message positions n1-k .. n1-1 are needed. */
    for (unsigned i = p->n1 - p->k; i < p->n1; i++) {
        uint8_t xi = gf_pow_alpha(255 - i), pw = 1, sv = 0, ov = 0, dv = 0;
        for (unsigned e = 0; e <= t2; e++) {
            sv ^= gf_mul(sigma[e], pw);
            if (e < t2)
                ov ^= gf_mul(omega[e], pw);
            pw = gf_mul(pw, xi);
        }
        /* sigma'(x) = sum over odd e of sigma_e x^(e-1) */
        pw = 1;
        uint8_t x2 = gf_mul(xi, xi);
        for (unsigned e = 1; e <= t2; e += 2) {
            dv ^= gf_mul(sigma[e], pw);
            pw = gf_mul(pw, x2);
        }
        uint8_t err = gf_mul(ov, gf_inv(dv));
        m[i - (p->n1 - p->k)] = c[i] ^ (err & mask8(is_zero8(sv)));
    }
}

/* RM(1,7): bit j of the codeword of byte x is x7 + <x0..x6, j> (the rows 0xaa.., 0xcc..,
 * 0xf0.., ..., and all ones). */
static void rm_encode(uint64_t out[2], uint8_t x)
{
    for (int h = 0; h < 2; h++) {
        uint64_t w = 0;
        static const uint64_t row[6] = {0xaaaaaaaaaaaaaaaau, 0xccccccccccccccccu, 0xf0f0f0f0f0f0f0f0u,
                                        0xff00ff00ff00ff00u, 0xffff0000ffff0000u, 0xffffffff00000000u};
        for (int i = 0; i < 6; i++)
            w ^= row[i] & -(uint64_t)((x >> i) & 1);
        w ^= -(uint64_t)(((x >> 6) & 1) & (uint64_t)h);  /* row 6: the upper 64 bits */
        w ^= -(uint64_t)((x >> 7) & 1);                  /* row 7: all ones */
        out[h] = w;
    }
}

/* Maximum-likelihood RM(1,7) decoding of `copies` noisy repetitions: the Hadamard transform
 * of sum_c (-1)^bit; the largest |W(a)| gives x0..x6 = a, its sign x7. */
static uint8_t rm_decode(const uint64_t *in, unsigned copies)
{
    int32_t f[128];
    for (int j = 0; j < 128; j++) {
        int32_t s = 0;
        for (unsigned c = 0; c < copies; c++)
            s += (int32_t)((in[2 * c + j / 64] >> (j % 64)) & 1);
        f[j] = (int32_t)copies - 2 * s;
    }
    for (int len = 1; len < 128; len <<= 1)
        for (int i = 0; i < 128; i += 2 * len)
            for (int j = i; j < i + len; j++) {
                int32_t a = f[j], b = f[j + len];
                f[j] = a + b;
                f[j + len] = a - b;
            }
    uint32_t best = 0, arg = 0, neg = 0;
    for (uint32_t a = 0; a < 128; a++) {
        uint32_t sign = (uint32_t)f[a] >> 31;
        uint32_t mag = (uint32_t)((f[a] ^ -(int32_t)sign) + (int32_t)sign);   /* |f[a]| */
        uint32_t gt = pqc_value_barrier_u32((best - mag) >> 31);             /* mag > best */
        uint32_t m = -gt;
        best = (best & ~m) | (mag & m);
        arg = (arg & ~m) | (a & m);
        neg = (neg & ~m) | (sign & m);
    }
    return (uint8_t)(arg | neg << 7);
}

void hqc_code_encode(uint64_t *v, const uint8_t *m, const hqc_params *p)
{
    uint8_t c[HQC_N1_MAX];
    unsigned copies = p->n2 / 128;
    rs_encode(c, m, p);
    for (unsigned i = 0; i < p->n1; i++) {
        uint64_t cw[2];
        rm_encode(cw, c[i]);
        for (unsigned k = 0; k < copies; k++) {
            v[(i * p->n2) / 64 + 2 * k] = cw[0];
            v[(i * p->n2) / 64 + 2 * k + 1] = cw[1];
        }
    }
}

void hqc_code_decode(uint8_t *m, const uint64_t *v, const hqc_params *p)
{
    uint8_t c[HQC_N1_MAX];
    for (unsigned i = 0; i < p->n1; i++)
        c[i] = rm_decode(v + (i * p->n2) / 64, p->n2 / 128);
    rs_decode(m, c, p);
}
