/* Guest side of the vector crypto known-answer tests (tests/crypto/run_kat.py): AES, SHA-2,
 * GHASH / AES-GCM, SM3 and SM4 written with the ratified vector crypto instructions. Reads one
 * command per line on stdin and prints "CMD RESULT" (hex), the format of tests/crypto/oracle.c:
 *   aes KEY DATA      AES ECB encryption (vaesz/vaesem/vaesef .vs, several blocks per op)
 *   aesdec KEY DATA   AES ECB decryption (vaesz.vs, vaesdm/vaesdf .vv, one block per op)
 *   aeskey KEY        round keys (vaeskf1 for AES-128, vaeskf2 for AES-256; AES-192 in C)
 *   sha256 MSG / sha512 MSG   whole-message digests (vsha2ms/vsha2ch/vsha2cl)
 *   sha256mf2 MSG     the same with LMUL = 1/2 (VLEN >= 256; allowed by the spec, not QEMU)
 *   ghash KEY DATA    GHASH_H(DATA || len block), H = AES_K(0) (vghsh.vv and vgmul.vv)
 *   ghashclmul KEY DATA   the same multiplied with Zvbc (vclmul, vclmulh)
 *   gcm KEY IV AAD PT AES-GCM ciphertext || tag (96-bit IV)
 *   sm3 MSG           (vsm3me / vsm3c)
 *   sm4 KEY DATA / sm4dec KEY DATA   ECB (vsm4k; vsm4r.vs several blocks, vsm4r.vv one block)
 *   sm4iter KEY DATA N   DATA encrypted N times (GB/T 32907 example 2) */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kat_consts.h"

#define MAXDATA 32768              /* bytes per field of a line */

static unsigned vlenb;
static int lmul_for(unsigned egw) { return egw > vlenb * 8 ? 1 : 0; }   /* log2 LMUL */

static int nib(char c) { return c <= '9' ? c - '0' : (c | 32) - 'a' + 10; }
static size_t unhex(const char *s, uint8_t *out)
{
	size_t n = 0;
	if (!s || !strcmp(s, "-"))
		return 0;
	for (; s[0] && s[1] && n < MAXDATA; s += 2)
		out[n++] = (uint8_t)(nib(s[0]) << 4 | nib(s[1]));
	return n;
}
static void hexout(const uint8_t *p, size_t n)
{
	static const char dig[] = "0123456789abcdef";
	for (size_t i = 0; i < n; i++) {
		putchar(dig[p[i] >> 4]);
		putchar(dig[p[i] & 15]);
	}
}
static uint32_t be32(const uint8_t *p) { return (uint32_t)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3]; }
static void put_be32(uint8_t *p, uint32_t v) { p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v; }

/* ---- AES (FIPS-197) ---- */
static uint8_t xt(uint8_t x) { return (uint8_t)((x << 1) ^ ((x >> 7) * 0x1b)); }
static uint8_t sbox_of(uint8_t x)               /* §5.1.1, for the scalar AES-192 schedule */
{
	uint8_t inv = 0;
	for (unsigned c = 1; c < 256 && x; c++) {
		uint8_t a = x, b = (uint8_t)c, p = 0;
		for (int i = 0; i < 8; i++, b >>= 1, a = xt(a))
			if (b & 1)
				p ^= a;
		if (p == 1) {
			inv = (uint8_t)c;
			break;
		}
	}
	uint8_t s = inv;
	for (int i = 1; i <= 4; i++)
		s ^= (uint8_t)((inv << i) | (inv >> (8 - i)));
	return s ^ 0x63;
}

/* Round keys rk[r] as 16 bytes (words in FIPS byte order). */
#define KF1(i, d, s) "vaeskf1.vi " d ", " s ", " #i "\n\taddi t0, %[rk], 16*" #i "\n\tvse32.v " d ", (t0)\n\t"
#define KF2(i, d, s) "vaeskf2.vi " d ", " s ", " #i "\n\taddi t0, %[rk], 16*" #i "\n\tvse32.v " d ", (t0)\n\t"
static int aes_expand(uint8_t rk[15][16], const uint8_t *key, size_t klen)
{
	if (klen == 16) {
		__asm__ volatile("vsetivli zero, 4, e32, m1, ta, ma\n\tvle32.v v1, (%[k])\n\tvse32.v v1, (%[rk])\n\t"
			KF1(1, "v2", "v1") KF1(2, "v1", "v2") KF1(3, "v2", "v1") KF1(4, "v1", "v2") KF1(5, "v2", "v1")
			KF1(6, "v1", "v2") KF1(7, "v2", "v1") KF1(8, "v1", "v2") KF1(9, "v2", "v1") KF1(10, "v1", "v2")
			:: [k] "r"(key), [rk] "r"(rk) : "t0", "memory", "v1", "v2");
		return 10;
	}
	if (klen == 32) {
		/* vaeskf2.vi vd = rk[i-2] -> rk[i], vs2 = rk[i-1] */
		__asm__ volatile("vsetivli zero, 4, e32, m1, ta, ma\n\tvle32.v v1, (%[k])\n\tvse32.v v1, (%[rk])\n\t"
			"addi t0, %[k], 16\n\tvle32.v v2, (t0)\n\taddi t0, %[rk], 16\n\tvse32.v v2, (t0)\n\t"
			KF2(2, "v1", "v2") KF2(3, "v2", "v1") KF2(4, "v1", "v2") KF2(5, "v2", "v1") KF2(6, "v1", "v2")
			KF2(7, "v2", "v1") KF2(8, "v1", "v2") KF2(9, "v2", "v1") KF2(10, "v1", "v2") KF2(11, "v2", "v1")
			KF2(12, "v1", "v2") KF2(13, "v2", "v1") KF2(14, "v1", "v2")
			:: [k] "r"(key), [rk] "r"(rk) : "t0", "memory", "v1", "v2");
		return 14;
	}
	/* AES-192 (Nk = 6): no instruction; FIPS-197 §5.2 KeyExpansion in C. */
	uint32_t w[60];
	uint8_t rc = 1;
	for (int i = 0; i < 6; i++)
		w[i] = be32(key + 4 * i);
	for (int i = 6; i < 52; i++) {
		uint32_t t = w[i - 1];
		if (i % 6 == 0) {
			t = t << 8 | t >> 24;
			t = (uint32_t)sbox_of((uint8_t)(t >> 24)) << 24 | (uint32_t)sbox_of((uint8_t)(t >> 16)) << 16 |
			    (uint32_t)sbox_of((uint8_t)(t >> 8)) << 8 | sbox_of((uint8_t)t);
			t ^= (uint32_t)rc << 24;
			rc = xt(rc);
		}
		w[i] = w[i - 6] ^ t;
	}
	for (int i = 0; i < 52; i++)
		put_be32(rk[i / 4] + 4 * (i % 4), w[i]);
	return 12;
}

/* Encrypts n blocks in place: LMUL = 4 state groups, round keys as scalar element groups. */
static void aes_encrypt(const uint8_t rk[15][16], int nr, uint8_t *buf, size_t n)
{
	while (n) {
		size_t vl;
		__asm__ volatile("vsetvli %0, %1, e32, m4, ta, ma" : "=r"(vl) : "r"(4 * n));
		__asm__ volatile(
			"vsetivli zero, 4, e32, m1, ta, ma\n\tvle32.v v16, (%[rk])\n\t"
			"vsetvli zero, %[vl], e32, m4, ta, ma\n\tvle32.v v4, (%[b])\n\t"
			"vaesz.vs v4, v16\n\t"
			"addi t0, %[rk], 16\n\taddi t1, %[nr], -1\n"
			"1:\n\tvsetivli zero, 4, e32, m1, ta, ma\n\tvle32.v v16, (t0)\n\taddi t0, t0, 16\n\t"
			"vsetvli zero, %[vl], e32, m4, ta, ma\n\tvaesem.vs v4, v16\n\t"
			"addi t1, t1, -1\n\tbnez t1, 1b\n\t"
			"vsetivli zero, 4, e32, m1, ta, ma\n\tvle32.v v16, (t0)\n\t"
			"vsetvli zero, %[vl], e32, m4, ta, ma\n\tvaesef.vs v4, v16\n\tvse32.v v4, (%[b])\n\t"
			:: [rk] "r"(rk), [b] "r"(buf), [vl] "r"(vl), [nr] "r"(nr)
			: "t0", "t1", "memory", "v4", "v5", "v6", "v7", "v16");
		buf += 4 * vl;
		n -= vl / 4;
	}
}
/* Decrypts n blocks in place, one block per instruction (.vv forms, vl = 4). */
static void aes_decrypt(const uint8_t rk[15][16], int nr, uint8_t *buf, size_t n)
{
	for (size_t b = 0; b < n; b++, buf += 16)
		__asm__ volatile(
			"vsetivli zero, 4, e32, m1, ta, ma\n\tvle32.v v4, (%[b])\n\t"
			"slli t0, %[nr], 4\n\tadd t0, t0, %[rk]\n\tvle32.v v16, (t0)\n\tvaesz.vs v4, v16\n\t"
			"addi t1, %[nr], -1\n"
			"1:\n\taddi t0, t0, -16\n\tvle32.v v16, (t0)\n\tvaesdm.vv v4, v16\n\t"
			"addi t1, t1, -1\n\tbnez t1, 1b\n\t"
			"addi t0, t0, -16\n\tvle32.v v16, (t0)\n\tvaesdf.vv v4, v16\n\tvse32.v v4, (%[b])\n\t"
			:: [rk] "r"(rk), [b] "r"(buf), [nr] "r"(nr) : "t0", "t1", "memory", "v4", "v16");
}

/* ---- GHASH (NIST SP 800-38D §6.4) ---- */
/* y = (y ^ x1) * H ... over n blocks, alternating vghsh.vv and vxor + vgmul.vv. */
static void ghash_blocks(uint8_t y[16], const uint8_t h[16], const uint8_t *x, size_t n)
{
	__asm__ volatile("vsetivli zero, 4, e32, m1, ta, ma\n\tvle32.v v1, (%[y])\n\tvle32.v v2, (%[h])\n\t"
			 :: [y] "r"(y), [h] "r"(h) : "memory", "v1", "v2");
	for (size_t i = 0; i < n; i++, x += 16) {
		if (i & 1)
			__asm__ volatile("vle32.v v3, (%0)\n\tvxor.vv v1, v1, v3\n\tvgmul.vv v1, v2" :: "r"(x) : "memory", "v1", "v3");
		else
			__asm__ volatile("vle32.v v3, (%0)\n\tvghsh.vv v1, v2, v3" :: "r"(x) : "memory", "v1", "v3");
	}
	__asm__ volatile("vse32.v v1, (%0)" :: "r"(y) : "memory");
}
static void put_be64(uint8_t *p, uint64_t v) { put_be32(p, (uint32_t)(v >> 32)); put_be32(p + 4, (uint32_t)v); }
/* S = GHASH_H(A || 0* || C || 0* || [len A]64 || [len C]64) */
static void ghash_ac(uint8_t s[16], const uint8_t h[16], const uint8_t *a, size_t alen, const uint8_t *c, size_t clen)
{
	static uint8_t buf[2 * MAXDATA + 64];
	size_t n = 0;
	memset(buf, 0, sizeof buf);
	memcpy(buf, a, alen);
	n = (alen + 15) / 16 * 16;
	memcpy(buf + n, c, clen);
	n += (clen + 15) / 16 * 16;
	put_be64(buf + n, 8 * (uint64_t)alen);
	put_be64(buf + n + 8, 8 * (uint64_t)clen);
	n += 16;
	memset(s, 0, 16);
	ghash_blocks(s, h, buf, n / 16);
}

/* The same GHASH with Zvbc: bytes bit-reversed (brev8, in C) so that bit i of the little-endian
 * 128-bit value is the coefficient of x^i; 64 x 64 products with vclmul/vclmulh (.vx for the
 * four partial products, .vv for the reduction by x^128 = x^7 + x^2 + x + 1). */
static uint8_t brev8(uint8_t b)
{
	b = (uint8_t)((b & 0x55) << 1 | (b >> 1 & 0x55));
	b = (uint8_t)((b & 0x33) << 2 | (b >> 2 & 0x33));
	return (uint8_t)(b << 4 | b >> 4);
}
static void gf128_mul_clmul(uint64_t z[2], const uint64_t x[2], const uint64_t y[2])
{
	static const uint64_t poly[2] = { 0x87, 0x87 };
	uint64_t lo0[2], hi0[2], lo1[2], hi1[2];   /* x * y0 and x * y1, per half of x */
	__asm__ volatile("vsetivli zero, 2, e64, m1, ta, ma\n\tvle64.v v1, (%[x])\n\t"
			 "vclmul.vx v2, v1, %[y0]\n\tvclmulh.vx v3, v1, %[y0]\n\t"
			 "vclmul.vx v4, v1, %[y1]\n\tvclmulh.vx v5, v1, %[y1]\n\t"
			 "vse64.v v2, (%[lo0])\n\tvse64.v v3, (%[hi0])\n\tvse64.v v4, (%[lo1])\n\tvse64.v v5, (%[hi1])\n\t"
			 :: [x] "r"(x), [y0] "r"(y[0]), [y1] "r"(y[1]), [lo0] "r"(lo0), [hi0] "r"(hi0), [lo1] "r"(lo1),
			    [hi1] "r"(hi1) : "memory", "v1", "v2", "v3", "v4", "v5");
	/* 256-bit product p0..p3 (64-bit words, p0 lowest) */
	uint64_t p0 = lo0[0], p1 = hi0[0] ^ lo0[1] ^ lo1[0], p2 = hi0[1] ^ hi1[0] ^ lo1[1], p3 = hi1[1];
	for (int pass = 0; pass < 2; pass++) {
		/* fold p2:p3 (x^128 and up) into the low half: (p2 + p3 x^64) * 0x87 */
		uint64_t h[2] = { p2, p3 }, lo[2], hi[2];
		__asm__ volatile("vsetivli zero, 2, e64, m1, ta, ma\n\tvle64.v v1, (%[h])\n\tvle64.v v6, (%[p])\n\t"
				 "vclmul.vv v2, v1, v6\n\tvclmulh.vv v3, v1, v6\n\tvse64.v v2, (%[lo])\n\tvse64.v v3, (%[hi])\n\t"
				 :: [h] "r"(h), [p] "r"(poly), [lo] "r"(lo), [hi] "r"(hi) : "memory", "v1", "v2", "v3", "v6");
		p0 ^= lo[0];
		p1 ^= hi[0] ^ lo[1];
		p2 = hi[1];                 /* < 2^7: folded again by the second pass */
		p3 = 0;
	}
	z[0] = p0;
	z[1] = p1;
}
static void ghash_clmul(uint8_t s[16], const uint8_t h[16], const uint8_t *a, size_t alen)
{
	static uint8_t buf[MAXDATA + 64];
	size_t n = (alen + 15) / 16 * 16;
	memset(buf, 0, n + 16);
	memcpy(buf, a, alen);
	put_be64(buf + n, 8 * (uint64_t)alen);
	n += 16;
	uint64_t hh[2] = { 0, 0 }, y[2] = { 0, 0 };
	for (int i = 0; i < 16; i++)
		hh[i / 8] |= (uint64_t)brev8(h[i]) << (8 * (i % 8));
	for (size_t off = 0; off < n; off += 16) {
		for (int i = 0; i < 16; i++)
			y[i / 8] ^= (uint64_t)brev8(buf[off + i]) << (8 * (i % 8));
		gf128_mul_clmul(y, y, hh);
	}
	for (int i = 0; i < 16; i++)
		s[i] = brev8((uint8_t)(y[i / 8] >> (8 * (i % 8))));
}

/* ---- SHA-2 (FIPS 180-4 §6.2, §6.4) ---- */
/* State as {f, e, b, a} and {h, g, d, c} element groups; w: the block's 16 words (as numbers).
 * Four quad-rounds per loop pass, rotating the message-schedule groups v16..v22. */
#define QR(L, W0, W1, W2, W3) \
	"vle" L ".v v24, (t0)\n\taddi t0, t0, 4*" L "/8\n\tvadd.vv v24, v24, " W0 "\n\t" \
	"vsha2cl.vv v12, v10, v24\n\tvsha2ch.vv v10, v12, v24\n\t" \
	"vmerge.vvm v30, " W2 ", " W1 ", v0\n\tvsha2ms.vv " W0 ", v30, " W3 "\n\t"
#define SHA2_BLOCK(L)                                                                               \
	"vsetvl zero, %[four], %[vt]\n\t"                                                             \
	"vle" L ".v v10, (%[st])\n\tvle" L ".v v12, (%[st2])\n\tvmv.v.v v26, v10\n\tvmv.v.v v28, v12\n\t" \
	"vle" L ".v v16, (%[w])\n\taddi t0, %[w], 4*" L "/8\n\tvle" L ".v v18, (t0)\n\t"              \
	"addi t0, t0, 4*" L "/8\n\tvle" L ".v v20, (t0)\n\taddi t0, t0, 4*" L "/8\n\tvle" L ".v v22, (t0)\n\t" \
	"vmv.v.i v0, 1\n\tmv t0, %[k]\n\tmv t1, %[passes]\n"                                           \
	"1:\n\t" QR(L, "v16", "v18", "v20", "v22") QR(L, "v18", "v20", "v22", "v16")                    \
	QR(L, "v20", "v22", "v16", "v18") QR(L, "v22", "v16", "v18", "v20")                             \
	"addi t1, t1, -1\n\tbnez t1, 1b\n\t"                                                           \
	"vadd.vv v10, v10, v26\n\tvadd.vv v12, v12, v28\n\tvse" L ".v v10, (%[st])\n\tvse" L ".v v12, (%[st2])\n\t"
#define SHA2_CLOBBER "t0", "t1", "memory", "v0", "v10", "v11", "v12", "v13", "v16", "v17", "v18", "v19", "v20", \
	"v21", "v22", "v23", "v24", "v25", "v26", "v27", "v28", "v29", "v30", "v31"

static void sha256_block(uint32_t st[8], const uint32_t w[16], uint64_t vt)
{
	__asm__ volatile(SHA2_BLOCK("32") :: [four] "r"(4), [vt] "r"(vt), [st] "r"(st), [st2] "r"(st + 4), [w] "r"(w),
			 [k] "r"(K256), [passes] "r"(4) : SHA2_CLOBBER);
}
static void sha512_block(uint64_t st[8], const uint64_t w[16], uint64_t vt)
{
	__asm__ volatile(SHA2_BLOCK("64") :: [four] "r"(4), [vt] "r"(vt), [st] "r"(st), [st2] "r"(st + 4), [w] "r"(w),
			 [k] "r"(K512), [passes] "r"(5) : SHA2_CLOBBER);
}

/* §5.1 padding; big-endian words (§3.1). lmul: log2 LMUL of the vtype used. */
static void sha2(const uint8_t *m, size_t len, bool is512, int lmul, uint8_t *out)
{
	static uint8_t buf[MAXDATA + 256];
	size_t bs = is512 ? 128 : 64, lb = is512 ? 16 : 8;
	size_t n = (len + 1 + lb + bs - 1) / bs * bs;
	memset(buf, 0, n);
	memcpy(buf, m, len);
	buf[len] = 0x80;
	put_be64(buf + n - 8, 8 * (uint64_t)len);
	uint64_t vt = (uint64_t)(is512 ? 3 : 2) << 3 | (uint64_t)(lmul & 7);
	if (!is512) {
		/* {f, e, b, a}, {h, g, d, c} */
		uint32_t st[8] = { H256[5], H256[4], H256[1], H256[0], H256[7], H256[6], H256[3], H256[2] };
		for (size_t off = 0; off < n; off += 64) {
			uint32_t w[16];
			for (int i = 0; i < 16; i++)
				w[i] = be32(buf + off + 4 * i);
			sha256_block(st, w, vt);
		}
		uint32_t H[8] = { st[3], st[2], st[7], st[6], st[1], st[0], st[5], st[4] };
		for (int i = 0; i < 8; i++)
			put_be32(out + 4 * i, H[i]);
	} else {
		uint64_t st[8] = { H512[5], H512[4], H512[1], H512[0], H512[7], H512[6], H512[3], H512[2] };
		for (size_t off = 0; off < n; off += 128) {
			uint64_t w[16];
			for (int i = 0; i < 16; i++)
				w[i] = (uint64_t)be32(buf + off + 8 * i) << 32 | be32(buf + off + 8 * i + 4);
			sha512_block(st, w, vt);
		}
		uint64_t H[8] = { st[3], st[2], st[7], st[6], st[1], st[0], st[5], st[4] };
		for (int i = 0; i < 8; i++)
			put_be64(out + 8 * i, H[i]);
	}
}

/* ---- SM3 (GB/T 32905-2016) ---- */
/* Eight rounds: W0 = v4 (words 8c..8c+7), W1 = v6 (next eight), v8 = the eight after. */
#define SM3C8(a, b, c, d)                                                                          \
	"vsm3me.vv v8, v6, v4\n\t"                                                                     \
	"vsm3c.vi v2, v4, " #a "\n\tvslidedown.vi v10, v4, 2\n\tvsm3c.vi v2, v10, " #b "\n\t"          \
	"vslidedown.vi v10, v4, 4\n\tvslideup.vi v10, v6, 4\n\tvsm3c.vi v2, v10, " #c "\n\t"          \
	"vslidedown.vi v12, v10, 2\n\tvsm3c.vi v2, v12, " #d "\n\tvmv.v.v v4, v6\n\tvmv.v.v v6, v8\n\t"
static void sm3(const uint8_t *m, size_t len, uint8_t out[32])
{
	static uint8_t buf[MAXDATA + 128];
	static const uint32_t iv[8] = { 0x7380166f, 0x4914b2b9, 0x172442d7, 0xda8a0600,
					0xa96f30bc, 0x163138aa, 0xe38dee4d, 0xb0fb0e4e };   /* §4.1 */
	size_t n = (len + 1 + 8 + 63) / 64 * 64;
	memset(buf, 0, n);
	memcpy(buf, m, len);
	buf[len] = 0x80;
	put_be64(buf + n - 8, 8 * (uint64_t)len);
	uint8_t v[32];
	for (int i = 0; i < 8; i++)
		put_be32(v + 4 * i, iv[i]);                 /* the instructions take big-endian words */
	uint64_t vt = 2 << 3 | (uint64_t)lmul_for(256);
	for (size_t off = 0; off < n; off += 64)
		__asm__ volatile(
			"vsetvl zero, %[eight], %[vt]\n\tvle32.v v2, (%[v])\n\tvmv.v.v v14, v2\n\t"
			"vle32.v v4, (%[b])\n\taddi t0, %[b], 32\n\tvle32.v v6, (t0)\n\t"
			SM3C8(0, 1, 2, 3) SM3C8(4, 5, 6, 7) SM3C8(8, 9, 10, 11) SM3C8(12, 13, 14, 15)
			SM3C8(16, 17, 18, 19) SM3C8(20, 21, 22, 23) SM3C8(24, 25, 26, 27) SM3C8(28, 29, 30, 31)
			"vxor.vv v2, v2, v14\n\tvse32.v v2, (%[v])\n\t"
			:: [eight] "r"(8), [vt] "r"(vt), [v] "r"(v), [b] "r"(buf + off)
			: "t0", "memory", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13",
			  "v14", "v15");
	memcpy(out, v, 32);
}

/* ---- SM4 (GB/T 32907-2016) ---- */
#define K4(i, d, s) "vsm4k.vi " d ", " s ", " #i "\n\taddi t0, %[rk], 16*" #i "\n\tvse32.v " d ", (t0)\n\t"
static void sm4_expand(uint32_t rk[32], const uint8_t key[16])
{
	static const uint32_t fk[4] = { 0xa3b1bac6, 0x56aa3350, 0x677d9197, 0xb27022dc };   /* §7.3 */
	uint32_t k[4];
	for (int i = 0; i < 4; i++)
		k[i] = be32(key + 4 * i) ^ fk[i];
	__asm__ volatile("vsetivli zero, 4, e32, m1, ta, ma\n\tvle32.v v1, (%[k])\n\t"
		K4(0, "v2", "v1") K4(1, "v1", "v2") K4(2, "v2", "v1") K4(3, "v1", "v2")
		K4(4, "v2", "v1") K4(5, "v1", "v2") K4(6, "v2", "v1") K4(7, "v1", "v2")
		:: [k] "r"(k), [rk] "r"(rk) : "t0", "memory", "v1", "v2");
}
/* The 32 round keys as eight element groups in v16..v23. */
#define SM4_KEYS                                                                                     \
	"vsetivli zero, 4, e32, m1, ta, ma\n\tmv t0, %[rk]\n\t"                                   \
	"vle32.v v16, (t0)\n\taddi t0, t0, 16\n\tvle32.v v17, (t0)\n\taddi t0, t0, 16\n\t"      \
	"vle32.v v18, (t0)\n\taddi t0, t0, 16\n\tvle32.v v19, (t0)\n\taddi t0, t0, 16\n\t"      \
	"vle32.v v20, (t0)\n\taddi t0, t0, 16\n\tvle32.v v21, (t0)\n\taddi t0, t0, 16\n\t"      \
	"vle32.v v22, (t0)\n\taddi t0, t0, 16\n\tvle32.v v23, (t0)\n\t"
/* n blocks of words (as numbers) through the 32 rounds with keys rk (vsm4r.vs, LMUL = 4); the
 * output is reversed per §6.2 (R) by the caller. */
static void sm4_rounds_vs(const uint32_t rk[32], uint32_t *x, size_t n)
{
	while (n) {
		size_t vl;
		__asm__ volatile("vsetvli %0, %1, e32, m4, ta, ma" : "=r"(vl) : "r"(4 * n));
		__asm__ volatile(
			SM4_KEYS
			"vsetvli zero, %[vl], e32, m4, ta, ma\n\tvle32.v v4, (%[x])\n\t"
			"vsm4r.vs v4, v16\n\tvsm4r.vs v4, v17\n\tvsm4r.vs v4, v18\n\tvsm4r.vs v4, v19\n\t"
			"vsm4r.vs v4, v20\n\tvsm4r.vs v4, v21\n\tvsm4r.vs v4, v22\n\tvsm4r.vs v4, v23\n\t"
			"vse32.v v4, (%[x])\n\t"
			:: [rk] "r"(rk), [x] "r"(x), [vl] "r"(vl)
			: "t0", "memory", "v4", "v5", "v6", "v7", "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23");
		x += vl;
		n -= vl / 4;
	}
}
/* One block with per-group keys (vsm4r.vv, vl = 4). */
static void sm4_rounds_vv(const uint32_t rk[32], uint32_t x[4])
{
	__asm__ volatile(
		"vsetivli zero, 4, e32, m1, ta, ma\n\tvle32.v v4, (%[x])\n\tmv t0, %[rk]\n\tli t1, 8\n"
		"1:\n\tvle32.v v16, (t0)\n\taddi t0, t0, 16\n\tvsm4r.vv v4, v16\n\taddi t1, t1, -1\n\tbnez t1, 1b\n\t"
		"vse32.v v4, (%[x])\n\t"
		:: [rk] "r"(rk), [x] "r"(x) : "t0", "t1", "memory", "v4", "v16");
}
static void sm4_load(uint32_t *x, const uint8_t *p, size_t n) { for (size_t i = 0; i < 4 * n; i++) x[i] = be32(p + 4 * i); }
static void sm4_store(uint8_t *p, const uint32_t *x, size_t n)  /* R(X32..X35) = (X35, X34, X33, X32) */
{
	for (size_t b = 0; b < n; b++)
		for (int i = 0; i < 4; i++)
			put_be32(p + 16 * b + 4 * i, x[4 * b + 3 - i]);
}
/* GB/T 32907 example 2: iterate encryptions with the keys in v16..v23 and the reversal R as a
 * vrgather, all in registers. */
static void sm4_iter(const uint32_t rk[32], uint32_t x[4], unsigned long n)
{
	static const uint32_t rev[4] = { 3, 2, 1, 0 };
	__asm__ volatile(
		SM4_KEYS
		"vle32.v v8, (%[rev])\n\tvle32.v v4, (%[x])\n\tmv t1, %[n]\n"
		"1:\n\tvsm4r.vs v4, v16\n\tvsm4r.vs v4, v17\n\tvsm4r.vs v4, v18\n\tvsm4r.vs v4, v19\n\t"
		"vsm4r.vs v4, v20\n\tvsm4r.vs v4, v21\n\tvsm4r.vs v4, v22\n\tvsm4r.vs v4, v23\n\t"
		"vrgather.vv v5, v4, v8\n\tvmv.v.v v4, v5\n\taddi t1, t1, -1\n\tbnez t1, 1b\n\t"
		"vse32.v v4, (%[x])\n\t"
		:: [rk] "r"(rk), [x] "r"(x), [rev] "r"(rev), [n] "r"(n)
		: "t0", "t1", "memory", "v4", "v5", "v8", "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23");
}

static char line[8 * MAXDATA + 256];
static uint8_t a1[MAXDATA], a2[MAXDATA], a3[MAXDATA], a4[MAXDATA], o[MAXDATA];

int main(void)
{
	__asm__ volatile("csrr %0, vlenb" : "=r"(vlenb));
	while (fgets(line, sizeof line, stdin)) {
		char *cmd = strtok(line, " \n"), *f1 = strtok(NULL, " \n"), *f2 = strtok(NULL, " \n");
		char *f3 = strtok(NULL, " \n"), *f4 = strtok(NULL, " \n");
		if (!cmd)
			continue;
		size_t n1 = f1 ? unhex(f1, a1) : 0, n2 = f2 ? unhex(f2, a2) : 0;
		uint8_t rk[15][16];
		printf("%s ", cmd);
		if (!strcmp(cmd, "aes") || !strcmp(cmd, "aesdec")) {
			int nr = aes_expand(rk, a1, n1);
			memcpy(o, a2, n2);
			if (cmd[3])
				aes_decrypt(rk, nr, o, n2 / 16);
			else
				aes_encrypt(rk, nr, o, n2 / 16);
			hexout(o, n2);
		} else if (!strcmp(cmd, "aeskey")) {
			int nr = aes_expand(rk, a1, n1);
			hexout(rk[0], 16 * (size_t)(nr + 1));
		} else if (!strcmp(cmd, "sha256") || !strcmp(cmd, "sha512") || !strcmp(cmd, "sha256mf2")) {
			bool is512 = cmd[3] == '5';
			int lmul = cmd[6] ? -1 : lmul_for(is512 ? 256 : 128);
			sha2(a1, n1, is512, lmul, o);
			hexout(o, is512 ? 64 : 32);
		} else if (!strcmp(cmd, "ghash") || !strcmp(cmd, "gcm") || !strcmp(cmd, "ghashclmul")) {
			int nr = aes_expand(rk, a1, n1);
			uint8_t h[16] = { 0 }, s[16];
			aes_encrypt(rk, nr, h, 1);
			if (cmd[1] == 'h') {
				if (cmd[5])
					ghash_clmul(s, h, a2, n2);
				else
					ghash_ac(s, h, a2, n2, NULL, 0);
				hexout(s, 16);
			} else {
				size_t na = f3 ? unhex(f3, a3) : 0, np = f4 ? unhex(f4, a4) : 0;
				uint8_t j0[16];
				memcpy(j0, a2, 12);
				put_be32(j0 + 12, 1);
				size_t nb = (np + 15) / 16;
				for (size_t b = 0; b < nb; b++) {        /* GCTR with inc32 (§6.5) */
					memcpy(o + 16 * b, j0, 12);
					put_be32(o + 16 * b + 12, (uint32_t)(2 + b));
				}
				aes_encrypt(rk, nr, o, nb);
				for (size_t i = 0; i < np; i++)
					o[i] ^= a4[i];
				ghash_ac(s, h, a3, na, o, np);
				aes_encrypt(rk, nr, j0, 1);
				for (int i = 0; i < 16; i++)
					s[i] ^= j0[i];
				hexout(o, np);
				hexout(s, 16);
			}
		} else if (!strcmp(cmd, "sm3")) {
			sm3(a1, n1, o);
			hexout(o, 32);
		} else if (!strcmp(cmd, "sm4") || !strcmp(cmd, "sm4dec") || !strcmp(cmd, "sm4iter")) {
			static uint32_t x[MAXDATA / 4];
			uint32_t rk32[32];
			sm4_expand(rk32, a1);
			size_t nb = n2 / 16;
			sm4_load(x, a2, nb);
			if (!strcmp(cmd, "sm4")) {
				sm4_rounds_vs(rk32, x, nb);
			} else if (!strcmp(cmd, "sm4iter")) {
				sm4_iter(rk32, x, strtoul(f3, NULL, 0));
				/* the loop applied R after every pass: undo the last one for sm4_store */
				uint32_t t[4] = { x[3], x[2], x[1], x[0] };
				memcpy(x, t, sizeof t);
			} else {
				uint32_t drk[32];
				for (int i = 0; i < 32; i++)
					drk[i] = rk32[31 - i];               /* §7.2: keys in reverse order */
				for (size_t b = 0; b < nb; b++)
					sm4_rounds_vv(drk, x + 4 * b);
			}
			sm4_store(o, x, nb);
			hexout(o, n2);
		} else {
			printf("unknown");
		}
		printf("\n");
	}
	return 0;
}
