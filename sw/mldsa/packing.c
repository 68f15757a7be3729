/* FIPS 204, Sections 7.1 and 7.2: bit packing and the key and signature encodings.
 * Bits go out least significant first, bytes in order (BitsToBytes, Algorithm 12). */
#include <string.h>

#include "mldsa_internal.h"

/* 256 values of `bits` bits each: b - v[i] (BitPack, Algorithm 17) or, with b = 0, v[i]
 * itself (SimpleBitPack, Algorithm 16). */
static void pack(uint8_t *out, const int32_t *v, unsigned bits, int32_t b)
{
    uint64_t acc = 0;
    unsigned n = 0;
    for (unsigned i = 0; i < MLDSA_N; i++) {
        uint32_t x = (uint32_t)(b ? b - v[i] : v[i]) & ((1u << bits) - 1);
        acc |= (uint64_t)x << n;
        for (n += bits; n >= 8; n -= 8) {
            *out++ = (uint8_t)acc;
            acc >>= 8;
        }
    }
}

/* BitUnpack (Algorithm 19) or, with b = 0, SimpleBitUnpack (Algorithm 18). */
static void unpack(int32_t *v, const uint8_t *in, unsigned bits, int32_t b)
{
    uint64_t acc = 0;
    unsigned n = 0;
    for (unsigned i = 0; i < MLDSA_N; i++) {
        while (n < bits) {
            acc |= (uint64_t)*in++ << n;
            n += 8;
        }
        int32_t x = (int32_t)(acc & ((1u << bits) - 1));
        acc >>= bits;
        n -= bits;
        v[i] = b ? b - x : x;
    }
}

void mldsa_pack_bits(uint8_t *out, const int32_t *v, unsigned bits, int32_t b)
{
    pack(out, v, bits, b);
}

void mldsa_unpack_bits(int32_t *v, const uint8_t *in, unsigned bits, int32_t b)
{
    unpack(v, in, bits, b);
}

/* FIPS 204, Algorithm 22 (pkEncode): rho || SimpleBitPack(t1[i], 2^10 - 1). */
void mldsa_pk_encode(const mldsa_params *p, uint8_t *pk, const uint8_t rho[32],
                     const mldsa_poly *t1)
{
    memcpy(pk, rho, 32);
    for (int i = 0; i < p->k; i++)
        pack(pk + 32 + 320 * i, t1[i].c, 10, 0);
}

/* FIPS 204, Algorithm 23 (pkDecode). */
void mldsa_pk_decode(const mldsa_params *p, uint8_t rho[32], mldsa_poly *t1, const uint8_t *pk)
{
    memcpy(rho, pk, 32);
    for (int i = 0; i < p->k; i++)
        unpack(t1[i].c, pk + 32 + 320 * i, 10, 0);
}

/* FIPS 204, Algorithm 24 (skEncode): rho || K || tr || BitPack(s1, eta, eta) ||
 * BitPack(s2, eta, eta) || BitPack(t0, 2^(d-1) - 1, 2^(d-1)). */
void mldsa_sk_encode(const mldsa_params *p, uint8_t *sk, const uint8_t rho[32],
                     const uint8_t key[32], const uint8_t tr[64], const mldsa_poly *s1,
                     const mldsa_poly *s2, const mldsa_poly *t0)
{
    size_t eb = 32 * (size_t)p->eta_bits;
    memcpy(sk, rho, 32);
    memcpy(sk + 32, key, 32);
    memcpy(sk + 64, tr, 64);
    sk += 128;
    for (int i = 0; i < p->l; i++, sk += eb)
        pack(sk, s1[i].c, (unsigned)p->eta_bits, p->eta);
    for (int i = 0; i < p->k; i++, sk += eb)
        pack(sk, s2[i].c, (unsigned)p->eta_bits, p->eta);
    for (int i = 0; i < p->k; i++, sk += 32 * MLDSA_D)
        pack(sk, t0[i].c, MLDSA_D, 1 << (MLDSA_D - 1));
}

/* FIPS 204, Algorithm 25 (skDecode). Coefficients are not range-checked (the standard does
 * not ask for it); out-of-range s1, s2 values only give signatures that fail to verify. */
void mldsa_sk_decode(const mldsa_params *p, uint8_t rho[32], uint8_t key[32], uint8_t tr[64],
                     mldsa_poly *s1, mldsa_poly *s2, mldsa_poly *t0, const uint8_t *sk)
{
    size_t eb = 32 * (size_t)p->eta_bits;
    memcpy(rho, sk, 32);
    memcpy(key, sk + 32, 32);
    memcpy(tr, sk + 64, 64);
    sk += 128;
    for (int i = 0; i < p->l; i++, sk += eb)
        unpack(s1[i].c, sk, (unsigned)p->eta_bits, p->eta);
    for (int i = 0; i < p->k; i++, sk += eb)
        unpack(s2[i].c, sk, (unsigned)p->eta_bits, p->eta);
    for (int i = 0; i < p->k; i++, sk += 32 * MLDSA_D)
        unpack(t0[i].c, sk, MLDSA_D, 1 << (MLDSA_D - 1));
}

/* FIPS 204, Algorithm 26 (sigEncode): ctilde || BitPack(z[i], gamma1 - 1, gamma1) ||
 * HintBitPack(h) (Algorithm 20). z is centred; h is public once the signature is accepted. */
void mldsa_sig_encode(const mldsa_params *p, uint8_t *sig, const uint8_t *ctilde,
                      const mldsa_poly *z, const mldsa_poly *h)
{
    size_t zb = 32 * (size_t)p->z_bits;
    memcpy(sig, ctilde, (size_t)p->ctilde_bytes);
    sig += p->ctilde_bytes;
    for (int i = 0; i < p->l; i++, sig += zb)
        pack(sig, z[i].c, (unsigned)p->z_bits, p->gamma1);
    memset(sig, 0, (size_t)(p->omega + p->k));
    int index = 0;
    for (int i = 0; i < p->k; i++) {
        for (int j = 0; j < MLDSA_N; j++)
            if (h[i].c[j] != 0)
                sig[index++] = (uint8_t)j;
        sig[p->omega + i] = (uint8_t)index;
    }
}

/* FIPS 204, Algorithm 27 (sigDecode) with HintBitUnpack (Algorithm 21). Returns -1 for a
 * malformed hint (the standard's bottom), else 0. Public input only. */
int mldsa_sig_decode(const mldsa_params *p, uint8_t *ctilde, mldsa_poly *z, mldsa_poly *h,
                     const uint8_t *sig)
{
    size_t zb = 32 * (size_t)p->z_bits;
    memcpy(ctilde, sig, (size_t)p->ctilde_bytes);
    sig += p->ctilde_bytes;
    for (int i = 0; i < p->l; i++, sig += zb)
        unpack(z[i].c, sig, (unsigned)p->z_bits, p->gamma1);
    memset(h, 0, sizeof(mldsa_poly) * (size_t)p->k);
    int index = 0;
    for (int i = 0; i < p->k; i++) {
        int end = sig[p->omega + i];
        if (end < index || end > p->omega)
            return -1;
        int first = index;
        for (; index < end; index++) {
            if (index > first && sig[index - 1] >= sig[index])
                return -1;
            h[i].c[sig[index]] = 1;
        }
    }
    for (; index < p->omega; index++)
        if (sig[index] != 0)
            return -1;
    return 0;
}

/* FIPS 204, Algorithm 28 (w1Encode): SimpleBitPack(w1[i], (q-1)/(2 gamma2) - 1). */
void mldsa_w1_encode(const mldsa_params *p, uint8_t *out, const mldsa_poly *w1)
{
    for (int i = 0; i < p->k; i++)
        pack(out + 32 * p->w1_bits * i, w1[i].c, (unsigned)p->w1_bits, 0);
}
