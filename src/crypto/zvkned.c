/* Zvkned: NIST suite, vector AES block cipher (vector crypto v1.0, "Zvkned" and the vaes*
 * instruction pages). EGW = 128, EGS = 4, SEW = 32. An element group is one AES state or
 * round key with byte k of the group = byte k of the FIPS-197 input block (state column
 * k / 4, row k % 4), so element j is the key-schedule word w[j] with its first byte lowest. */
#include "crypto/vcrypto.h"

/* FIPS-197 §5.1.1: S-box = affine transform of the multiplicative inverse in GF(2^8) with
 * m(x) = x^8 + x^4 + x^3 + x + 1. Built once from that definition. */
static uint8_t sbox[256], inv_sbox[256];

static uint8_t xtime(uint8_t x) { return (uint8_t)((x << 1) ^ (0x1b & -(x >> 7))); }
static uint8_t gf_mul(uint8_t a, uint8_t b)
{
	uint8_t p = 0;
	for (int i = 0; i < 8; i++, b >>= 1, a = xtime(a))
		p ^= (uint8_t)(a & -(b & 1));
	return p;
}
static uint8_t rol8(uint8_t x, unsigned n) { return (uint8_t)((x << n) | (x >> (8 - n))); }

__attribute__((constructor)) static void aes_tables(void)
{
	for (unsigned x = 0; x < 256; x++) {
		uint8_t inv = 1, sq = (uint8_t)x;        /* x^254 = x^-1 (0 -> 0) */
		for (unsigned e = 254; e; e >>= 1, sq = gf_mul(sq, sq))
			if (e & 1)
				inv = gf_mul(inv, sq);
		if (x == 0)
			inv = 0;
		uint8_t s = (uint8_t)(inv ^ rol8(inv, 1) ^ rol8(inv, 2) ^ rol8(inv, 3) ^ rol8(inv, 4) ^ 0x63);
		sbox[x] = s;
		inv_sbox[s] = (uint8_t)x;
	}
}

/* §5.1.1 / §5.3.2 */
static void sub_bytes(uint8_t s[16], const uint8_t *t)
{
	for (int i = 0; i < 16; i++)
		s[i] = t[s[i]];
}
/* §5.1.2: row r rotates left by r columns. */
static void shift_rows(uint8_t s[16])
{
	uint8_t t[16];
	for (int c = 0; c < 4; c++)
		for (int r = 0; r < 4; r++)
			t[r + 4 * c] = s[r + 4 * ((c + r) & 3)];
	memcpy(s, t, 16);
}
/* §5.3.1 */
static void inv_shift_rows(uint8_t s[16])
{
	uint8_t t[16];
	for (int c = 0; c < 4; c++)
		for (int r = 0; r < 4; r++)
			t[r + 4 * ((c + r) & 3)] = s[r + 4 * c];
	memcpy(s, t, 16);
}
/* §5.1.3 */
static void mix_columns(uint8_t s[16])
{
	for (int c = 0; c < 16; c += 4) {
		uint8_t a0 = s[c], a1 = s[c + 1], a2 = s[c + 2], a3 = s[c + 3];
		s[c]     = (uint8_t)(xtime(a0) ^ xtime(a1) ^ a1 ^ a2 ^ a3);
		s[c + 1] = (uint8_t)(a0 ^ xtime(a1) ^ xtime(a2) ^ a2 ^ a3);
		s[c + 2] = (uint8_t)(a0 ^ a1 ^ xtime(a2) ^ xtime(a3) ^ a3);
		s[c + 3] = (uint8_t)(xtime(a0) ^ a0 ^ a1 ^ a2 ^ xtime(a3));
	}
}
/* §5.3.3, with {09} = 8 + 1, {0b} = 8 + 2 + 1, {0d} = 8 + 4 + 1, {0e} = 8 + 4 + 2. */
static void inv_mix_columns(uint8_t s[16])
{
	for (int c = 0; c < 16; c += 4) {
		uint8_t x1[4], x2[4], x4[4], x8[4];
		for (int r = 0; r < 4; r++) {
			x1[r] = s[c + r];
			x2[r] = xtime(x1[r]);
			x4[r] = xtime(x2[r]);
			x8[r] = xtime(x4[r]);
		}
		for (int r = 0; r < 4; r++) {
			int a = r, b = (r + 1) & 3, cc = (r + 2) & 3, d = (r + 3) & 3;
			s[c + r] = (uint8_t)((x8[a] ^ x4[a] ^ x2[a]) ^ (x8[b] ^ x2[b] ^ x1[b]) ^
					     (x8[cc] ^ x4[cc] ^ x1[cc]) ^ (x8[d] ^ x1[d]));
		}
	}
}
static void add_round_key(uint8_t s[16], const uint8_t k[16])
{
	for (int i = 0; i < 16; i++)
		s[i] ^= k[i];
}

/* The round functions, in the order of each instruction page's Operation. */
static void round_ef(uint8_t s[16], const uint8_t k[16]) { sub_bytes(s, sbox); shift_rows(s); add_round_key(s, k); }
static void round_em(uint8_t s[16], const uint8_t k[16]) { sub_bytes(s, sbox); shift_rows(s); mix_columns(s); add_round_key(s, k); }
static void round_df(uint8_t s[16], const uint8_t k[16]) { inv_shift_rows(s); sub_bytes(s, inv_sbox); add_round_key(s, k); }
static void round_dm(uint8_t s[16], const uint8_t k[16])
{
	inv_shift_rows(s); sub_bytes(s, inv_sbox); add_round_key(s, k); inv_mix_columns(s);
}
static void round_z(uint8_t s[16], const uint8_t k[16]) { add_round_key(s, k); }

/* Shared body of the round instructions: state groups in vd, round key either the
 * corresponding group of vs2 (.vv) or its scalar element group (.vs).
 * Reserved: SEW != 32; .vs: vd group overlapping the vs2 scalar element group. */
static void vaes_round(struct k64_hart *h, const struct k64_dinsn *d, bool vs,
		       void (*fn)(uint8_t s[16], const uint8_t k[16]))
{
	k64_vc_check(h, d, 2, 4, 128);
	k64_vc_check_round_regs(h, d, vs);
	uint8_t *vd = k64_vr(h, d->rd);
	const uint8_t *v2 = k64_vr(h, d->rs2);
	uint8_t key[16];
	memcpy(key, v2, 16);
	for (uint64_t g = h->vstart / 4; g < h->vl / 4; g++) {
		if (!vs)
			memcpy(key, v2 + 16 * g, 16);
		fn(vd + 16 * g, key);
	}
	k64_vc_done(h, d, 2);
}

static void k64_exec_vaesef_vv(struct k64_hart *h, const struct k64_dinsn *d) { vaes_round(h, d, false, round_ef); }
static void k64_exec_vaesef_vs(struct k64_hart *h, const struct k64_dinsn *d) { vaes_round(h, d, true, round_ef); }
static void k64_exec_vaesem_vv(struct k64_hart *h, const struct k64_dinsn *d) { vaes_round(h, d, false, round_em); }
static void k64_exec_vaesem_vs(struct k64_hart *h, const struct k64_dinsn *d) { vaes_round(h, d, true, round_em); }
static void k64_exec_vaesdf_vv(struct k64_hart *h, const struct k64_dinsn *d) { vaes_round(h, d, false, round_df); }
static void k64_exec_vaesdf_vs(struct k64_hart *h, const struct k64_dinsn *d) { vaes_round(h, d, true, round_df); }
static void k64_exec_vaesdm_vv(struct k64_hart *h, const struct k64_dinsn *d) { vaes_round(h, d, false, round_dm); }
static void k64_exec_vaesdm_vs(struct k64_hart *h, const struct k64_dinsn *d) { vaes_round(h, d, true, round_dm); }
static void k64_exec_vaesz_vs(struct k64_hart *h, const struct k64_dinsn *d) { vaes_round(h, d, true, round_z); }

/* FIPS-197 §5.2: SubWord, RotWord ([a0,a1,a2,a3] -> [a1,a2,a3,a0], a0 the low byte here)
 * and Rcon[i] = x^(i-1) in the first byte. */
static uint32_t sub_word(uint32_t w)
{
	return (uint32_t)sbox[w & 255] | (uint32_t)sbox[(w >> 8) & 255] << 8 |
	       (uint32_t)sbox[(w >> 16) & 255] << 16 | (uint32_t)sbox[w >> 24] << 24;
}
static uint32_t rot_word(uint32_t w) { return k64_ror32(w, 8); }
static const uint8_t rcon[10] = { 0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36 };

/* vaeskf1.vi: one AES-128 key-schedule round. Round numbers 1..10 from uimm[3:0]; 0 and
 * 11..15 map into range by inverting uimm[3]. */
static void k64_exec_vaeskf1_vi(struct k64_hart *h, const struct k64_dinsn *d)
{
	k64_vc_check(h, d, 2, 4, 128);
	K64_VREQ(h, d, k64_vc_aligned(h, d->rd) && k64_vc_aligned(h, d->rs2));
	unsigned rnd = k64_vuimm5(d) & 15;
	if (rnd > 10 || rnd == 0)
		rnd ^= 8;
	uint8_t *vd = k64_vr(h, d->rd);
	const uint8_t *v2 = k64_vr(h, d->rs2);
	for (uint64_t g = h->vstart / 4; g < h->vl / 4; g++) {
		uint32_t k[4], w[4];
		k64_vc_ld32(k, v2 + 16 * g, 4);
		w[0] = sub_word(rot_word(k[3])) ^ rcon[rnd - 1] ^ k[0];
		w[1] = w[0] ^ k[1];
		w[2] = w[1] ^ k[2];
		w[3] = w[2] ^ k[3];
		k64_vc_st32(vd + 16 * g, w, 4);
	}
	k64_vc_done(h, d, 2);
}

/* vaeskf2.vi: one AES-256 key-schedule round from the previous round key (vd) and the
 * current one (vs2). Round numbers 2..14; 0, 1 and 15 map by inverting uimm[3]. Odd rounds
 * apply SubWord only (FIPS-197 §5.2, Nk = 8, i mod Nk = 4). */
static void k64_exec_vaeskf2_vi(struct k64_hart *h, const struct k64_dinsn *d)
{
	k64_vc_check(h, d, 2, 4, 128);
	K64_VREQ(h, d, k64_vc_aligned(h, d->rd) && k64_vc_aligned(h, d->rs2));
	unsigned rnd = k64_vuimm5(d) & 15;
	if (rnd < 2 || rnd > 14)
		rnd ^= 8;
	uint8_t *vd = k64_vr(h, d->rd);
	const uint8_t *v2 = k64_vr(h, d->rs2);
	for (uint64_t g = h->vstart / 4; g < h->vl / 4; g++) {
		uint32_t k[4], b[4], w[4];
		k64_vc_ld32(k, v2 + 16 * g, 4);
		k64_vc_ld32(b, vd + 16 * g, 4);
		if (rnd & 1)
			w[0] = sub_word(k[3]) ^ b[0];
		else
			w[0] = sub_word(rot_word(k[3])) ^ rcon[(rnd >> 1) - 1] ^ b[0];
		w[1] = w[0] ^ b[1];
		w[2] = w[1] ^ b[2];
		w[3] = w[2] ^ b[3];
		k64_vc_st32(vd + 16 * g, w, 4);
	}
	k64_vc_done(h, d, 2);
}

/* OP-VE (0x77), OPMVV, vm = 1. The VAES.vv (funct6 101000) and VAES.vs (101001) rows select
 * the operation with the vs1 field; only the listed selectors decode (exact vs1 in the mask),
 * so e.g. 10001 in the .vs row (vgmul.vs of Zvkgs) stays illegal. */
#define ENC(f6) ((uint32_t)(f6) << 26 | 1u << 25 | 2u << 12 | 0x77u)
#define SEL(f6, vs1) (ENC(f6) | (uint32_t)(vs1) << 15)
#define M_SEL 0xfe0ff07fu
#define M_VV 0xfe00707fu
#define F (K64_F_WV | K64_F_VEC)
/* the crypto unit's AES rounds, element groups of 4 (class and facts: core/observe.h) */
#define ROW(name, match, mask, fn, args) { name, match, mask, K64_EXT_ZVKNED, K64_FMT_R, F, K64_OP_CALL, fn, args, 0, \
	{ K64_IC_VAES, K64_IF_PLAIN, 0, 0, 0, 4 } },

const struct k64_insn_desc k64_insns_zvkned[] = {
	ROW("vaesdm.vv", SEL(0x28, 0x00), M_SEL, k64_exec_vaesdm_vv, "V,W")
	ROW("vaesdf.vv", SEL(0x28, 0x01), M_SEL, k64_exec_vaesdf_vv, "V,W")
	ROW("vaesem.vv", SEL(0x28, 0x02), M_SEL, k64_exec_vaesem_vv, "V,W")
	ROW("vaesef.vv", SEL(0x28, 0x03), M_SEL, k64_exec_vaesef_vv, "V,W")
	ROW("vaesdm.vs", SEL(0x29, 0x00), M_SEL, k64_exec_vaesdm_vs, "V,W")
	ROW("vaesdf.vs", SEL(0x29, 0x01), M_SEL, k64_exec_vaesdf_vs, "V,W")
	ROW("vaesem.vs", SEL(0x29, 0x02), M_SEL, k64_exec_vaesem_vs, "V,W")
	ROW("vaesef.vs", SEL(0x29, 0x03), M_SEL, k64_exec_vaesef_vs, "V,W")
	ROW("vaesz.vs",  SEL(0x29, 0x07), M_SEL, k64_exec_vaesz_vs, "V,W")
	ROW("vaeskf1.vi", ENC(0x22), M_VV, k64_exec_vaeskf1_vi, "V,W,z")
	ROW("vaeskf2.vi", ENC(0x2a), M_VV, k64_exec_vaeskf2_vi, "V,W,z")
	{ 0 }
};
