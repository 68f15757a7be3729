/* AES-GCM, GMAC and AES-XTS through OpenSSL's EVP interface (issue 13): the modes `openssl enc`
 * refuses. Built twice from this source: for the host against the host's libcrypto (Debian 12,
 * OpenSSL 3.0) and for riscv64 against the guest root's (Debian 13, OpenSSL 3.5), so that the
 * host's output is the oracle for the guest's. Lengths cover partial blocks, the bulk paths
 * (vector code in OpenSSL handles whole blocks in groups) and updates split into odd pieces.
 * Every line is deterministic; long results are printed as the SHA-256 of the output.
 * Prints "checks: N ok, N bad" last (round trips, tag verification, tampered tags rejected).
 * Usage: t_evp [gcm] [gmac] [xts] (default all). */
#include <openssl/evp.h>
#include <openssl/core_names.h>
#include <openssl/params.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int ok_n, bad_n;
static void check(int cond, const char *what, size_t len)
{
	if (cond)
		ok_n++;
	else {
		bad_n++;
		printf("FAIL: %s (length %zu)\n", what, len);
	}
}

static void fill(unsigned char *p, size_t n, unsigned seed)
{
	unsigned x = seed * 2654435761u + 12345;
	for (size_t i = 0; i < n; i++) {
		x = x * 1103515245u + 12345;
		p[i] = (unsigned char)(x >> 16);
	}
}

/* Short outputs in hex, long ones as their SHA-256. */
static void show(const char *label, const unsigned char *p, size_t n)
{
	unsigned char md[32];
	unsigned mdlen = 0;
	const unsigned char *q = p;
	size_t qn = n;
	printf("%s=", label);
	if (n > 48) {
		EVP_Digest(p, n, md, &mdlen, EVP_sha256(), NULL);
		q = md;
		qn = mdlen;
		printf("sha256:");
	}
	for (size_t i = 0; i < qn; i++)
		printf("%02x", q[i]);
}

/* Encrypts or decrypts in pieces of the given sizes (cycled), 0 = all at once. */
static int run_cipher(const EVP_CIPHER *c, int enc, const unsigned char *key, const unsigned char *iv, int ivlen,
		      const unsigned char *aad, size_t aadlen, const unsigned char *in, size_t n, unsigned char *out,
		      unsigned char *tag, int split)
{
	EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
	int len, ok = 1;
	size_t done = 0;
	static const size_t pieces[] = { 1, 7, 16, 33, 100, 257 };
	ok &= EVP_CipherInit_ex(ctx, c, NULL, NULL, NULL, enc);
	if (ivlen && ivlen != 12)
		ok &= EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, ivlen, NULL);
	ok &= EVP_CipherInit_ex(ctx, NULL, NULL, key, iv, enc);
	if (aadlen)
		ok &= EVP_CipherUpdate(ctx, NULL, &len, aad, (int)aadlen);
	if (!enc && tag)
		ok &= EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, 16, tag);
	for (size_t k = 0, used = 0; ok && used < n; k++) {
		size_t step = split ? pieces[k % 6] : n;
		if (step > n - used)
			step = n - used;
		ok &= EVP_CipherUpdate(ctx, out + done, &len, in + used, (int)step);
		used += step;
		done += (size_t)len;
	}
	if (ok) {
		ok &= EVP_CipherFinal_ex(ctx, out + done, &len) > 0;
		done += (size_t)len;
	}
	if (ok && enc && tag)
		ok &= EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 16, tag);
	EVP_CIPHER_CTX_free(ctx);
	return ok && done == n;
}

static void gcm(const char *name, const EVP_CIPHER *c, size_t keylen)
{
	static const size_t lens[] = { 0, 1, 15, 16, 17, 48, 63, 64, 65, 127, 128, 255, 256, 1000, 4096, 16391 };
	static const size_t aads[] = { 0, 13, 64 };
	unsigned char key[32], iv[16], aad[64], tag[16], tag2[16];
	size_t maxn = 16391;
	unsigned char *pt = malloc(maxn), *ct = malloc(maxn + 16), *ct2 = malloc(maxn + 16), *back = malloc(maxn + 16);
	fill(key, keylen, 1);
	fill(iv, sizeof iv, 2);
	fill(aad, sizeof aad, 3);
	for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++)
		for (size_t ai = 0; ai < 3; ai++)
			for (int ivlen = 12; ivlen <= 16; ivlen += 4) {
				size_t n = lens[li], an = aads[ai];
				if (ivlen == 16 && an != 13)
					continue;
				fill(pt, n, (unsigned)(n + 7 * an));
				int ok = run_cipher(c, 1, key, iv, ivlen, aad, an, pt, n, ct, tag, 0);
				check(ok, "gcm encrypt", n);
				printf("%s len=%zu aad=%zu iv=%d ", name, n, an, ivlen);
				show("ct", ct, n);
				printf(" ");
				show("tag", tag, 16);
				printf("\n");
				/* The same in odd pieces. */
				ok = run_cipher(c, 1, key, iv, ivlen, aad, an, pt, n, ct2, tag2, 1);
				check(ok && memcmp(ct, ct2, n) == 0 && memcmp(tag, tag2, 16) == 0,
				      "gcm encrypt in pieces = in one", n);
				ok = run_cipher(c, 0, key, iv, ivlen, aad, an, ct, n, back, tag, n % 2);
				check(ok && memcmp(back, pt, n) == 0, "gcm decrypt round trip", n);
				tag[n % 16] ^= 0x01;
				ok = run_cipher(c, 0, key, iv, ivlen, aad, an, ct, n, back, tag, 0);
				check(!ok, "gcm tampered tag rejected", n);
			}
	free(pt);
	free(ct);
	free(ct2);
	free(back);
}

static void gmac(size_t keylen)
{
	static const size_t lens[] = { 0, 1, 16, 17, 64, 1000, 16391 };
	unsigned char key[32], iv[12], macv[16];
	unsigned char *msg = malloc(16391);
	fill(key, keylen, 4);
	fill(iv, sizeof iv, 5);
	EVP_MAC *mac = EVP_MAC_fetch(NULL, "GMAC", NULL);
	check(mac != NULL, "GMAC fetch", 0);
	for (size_t li = 0; mac && li < sizeof lens / sizeof lens[0]; li++) {
		size_t n = lens[li], outl = 0;
		fill(msg, n, (unsigned)n + 99);
		EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(mac);
		OSSL_PARAM params[3];
		params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, keylen == 16 ? "AES-128-GCM" : "AES-256-GCM", 0);
		params[1] = OSSL_PARAM_construct_octet_string(OSSL_MAC_PARAM_IV, iv, sizeof iv);
		params[2] = OSSL_PARAM_construct_end();
		int ok = EVP_MAC_init(ctx, key, keylen, params) && EVP_MAC_update(ctx, msg, n) &&
			 EVP_MAC_final(ctx, macv, &outl, sizeof macv) && outl == 16;
		check(ok, "gmac", n);
		printf("gmac-%zu len=%zu ", keylen * 8, n);
		show("mac", macv, 16);
		printf("\n");
		EVP_MAC_CTX_free(ctx);
	}
	EVP_MAC_free(mac);
	free(msg);
}

static void xts(const char *name, const EVP_CIPHER *c, size_t keylen)
{
	static const size_t lens[] = { 16, 17, 31, 32, 33, 47, 64, 100, 127, 128, 129, 512, 4096, 4111, 16387 };
	unsigned char key[64], iv[16];
	size_t maxn = 16387;
	unsigned char *pt = malloc(maxn), *ct = malloc(maxn + 16), *back = malloc(maxn + 16);
	fill(key, keylen, 6);
	fill(key + keylen / 2, keylen / 2, 7); /* the two halves differ */
	for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
		size_t n = lens[li];
		fill(iv, sizeof iv, (unsigned)n);
		fill(pt, n, (unsigned)n + 1000);
		int ok = run_cipher(c, 1, key, iv, 0, NULL, 0, pt, n, ct, NULL, 0);
		check(ok, "xts encrypt", n);
		printf("%s len=%zu ", name, n);
		show("ct", ct, n);
		printf("\n");
		ok = run_cipher(c, 0, key, iv, 0, NULL, 0, ct, n, back, NULL, 0);
		check(ok && memcmp(back, pt, n) == 0, "xts decrypt round trip", n);
	}
	/* XTS refuses less than one block. */
	check(!run_cipher(c, 1, key, iv, 0, NULL, 0, pt, 15, ct, NULL, 0), "xts refuses 15 bytes", 15);
	free(pt);
	free(ct);
	free(back);
}

/* With arguments, only the named groups (gcm, gmac, xts). */
static int want(int argc, char **argv, const char *group)
{
	if (argc < 2)
		return 1;
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], group) == 0)
			return 1;
	return 0;
}

int main(int argc, char **argv)
{
	if (want(argc, argv, "gcm")) {
		gcm("aes-128-gcm", EVP_aes_128_gcm(), 16);
		gcm("aes-192-gcm", EVP_aes_192_gcm(), 24);
		gcm("aes-256-gcm", EVP_aes_256_gcm(), 32);
	}
	if (want(argc, argv, "gmac")) {
		gmac(16);
		gmac(32);
	}
	if (want(argc, argv, "xts")) {
		xts("aes-128-xts", EVP_aes_128_xts(), 32);
		xts("aes-256-xts", EVP_aes_256_xts(), 64);
	}
	printf("checks: %d ok, %d bad\n", ok_n, bad_n);
	return bad_n != 0;
}
