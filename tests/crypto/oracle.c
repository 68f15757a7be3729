/* Host oracle of tests/crypto/run_kat.py: the commands of tests/crypto/kat.c computed with the
 * host's OpenSSL libcrypto (EVP ciphers and digests; AES_set_encrypt_key for the key
 * schedule). GHASH is derived from an AES-GCM tag: with AAD = DATA and no plaintext,
 * tag = GHASH_H(DATA || len block) ^ AES_K(J0). */
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/aes.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int nib(char c) { return c <= '9' ? c - '0' : (c | 32) - 'a' + 10; }
static size_t unhex(const char *s, unsigned char *out)
{
	size_t n = 0;
	if (!s || !strcmp(s, "-"))
		return 0;
	for (; s[0] && s[1] && n < 32768; s += 2)
		out[n++] = (unsigned char)(nib(s[0]) << 4 | nib(s[1]));
	return n;
}
static void hexout(const unsigned char *p, size_t n)
{
	static const char dig[] = "0123456789abcdef";
	for (size_t i = 0; i < n; i++) {
		putchar(dig[p[i] >> 4]);
		putchar(dig[p[i] & 15]);
	}
}
static void fail(const char *what)
{
	fprintf(stderr, "oracle: %s failed\n", what);
	exit(1);
}

static const EVP_CIPHER *aes_ecb(size_t klen)
{
	return klen == 16 ? EVP_aes_128_ecb() : klen == 24 ? EVP_aes_192_ecb() : EVP_aes_256_ecb();
}
static const EVP_CIPHER *aes_gcm(size_t klen)
{
	return klen == 16 ? EVP_aes_128_gcm() : klen == 24 ? EVP_aes_192_gcm() : EVP_aes_256_gcm();
}

/* ECB without padding. */
static void ecb(const EVP_CIPHER *c, int enc, const unsigned char *k, const unsigned char *in, size_t n, unsigned char *out)
{
	EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
	int l1 = 0, l2 = 0;
	if (!x || !EVP_CipherInit_ex(x, c, NULL, k, NULL, enc) || !EVP_CIPHER_CTX_set_padding(x, 0) ||
	    !EVP_CipherUpdate(x, out, &l1, in, (int)n) || !EVP_CipherFinal_ex(x, out + l1, &l2))
		fail("ecb");
	EVP_CIPHER_CTX_free(x);
}
static void gcm(size_t klen, const unsigned char *k, const unsigned char *iv, const unsigned char *a, size_t na,
		const unsigned char *p, size_t np, unsigned char *c, unsigned char tag[16])
{
	EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
	int l = 0;
	if (!x || !EVP_EncryptInit_ex(x, aes_gcm(klen), NULL, NULL, NULL) ||
	    !EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_GCM_SET_IVLEN, 12, NULL) || !EVP_EncryptInit_ex(x, NULL, NULL, k, iv))
		fail("gcm init");
	if (na && !EVP_EncryptUpdate(x, NULL, &l, a, (int)na))
		fail("gcm aad");
	if (np && !EVP_EncryptUpdate(x, c, &l, p, (int)np))
		fail("gcm data");
	if (!EVP_EncryptFinal_ex(x, c + (np ? l : 0), &l) || !EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_GCM_GET_TAG, 16, tag))
		fail("gcm final");
	EVP_CIPHER_CTX_free(x);
}
static void digest(const char *name, const unsigned char *m, size_t n)
{
	unsigned char md[64];
	unsigned len = 0;
	const EVP_MD *t = EVP_get_digestbyname(name);
	if (!t || !EVP_Digest(m, n, md, &len, t, NULL))
		fail(name);
	hexout(md, len);
}

static char line[8 * 32768 + 256];
static unsigned char a1[32768], a2[32768], a3[32768], a4[32768], o[32768];

int main(void)
{
	while (fgets(line, sizeof line, stdin)) {
		char *cmd = strtok(line, " \n"), *f1 = strtok(NULL, " \n"), *f2 = strtok(NULL, " \n");
		char *f3 = strtok(NULL, " \n"), *f4 = strtok(NULL, " \n");
		if (!cmd)
			continue;
		size_t n1 = unhex(f1, a1), n2 = unhex(f2, a2);
		printf("%s ", cmd);
		if (!strcmp(cmd, "aes") || !strcmp(cmd, "aesdec")) {
			ecb(aes_ecb(n1), !cmd[3], a1, a2, n2, o);
			hexout(o, n2);
		} else if (!strcmp(cmd, "aeskey")) {
			AES_KEY k;
			AES_set_encrypt_key(a1, (int)(8 * n1), &k);
			/* The generic code keeps words as numbers with the first byte highest; the
			 * AES-NI key schedule keeps the bytes in order. The first word (the key's first
			 * four bytes) tells which. */
			unsigned w0 = (unsigned)a1[0] << 24 | a1[1] << 16 | a1[2] << 8 | a1[3];
			for (int i = 0; i < 4 * (k.rounds + 1); i++) {
				unsigned w = k.rd_key[i];
				if (k.rd_key[0] == w0)
					printf("%02x%02x%02x%02x", w >> 24, (w >> 16) & 255, (w >> 8) & 255, w & 255);
				else
					hexout((const unsigned char *)&k.rd_key[i], 4);
			}
		} else if (!strcmp(cmd, "sm3")) {
			digest("SM3", a1, n1);
		} else if (!strcmp(cmd, "ghash") || !strcmp(cmd, "ghashclmul")) {
			unsigned char iv[12] = { 0 }, j0[16] = { 0 }, ek[16], tag[16];
			j0[15] = 1;
			gcm(n1, a1, iv, a2, n2, NULL, 0, o, tag);
			ecb(aes_ecb(n1), 1, a1, j0, 16, ek);
			for (int i = 0; i < 16; i++)
				tag[i] ^= ek[i];
			hexout(tag, 16);
		} else if (!strcmp(cmd, "gcm")) {
			size_t na = unhex(f3, a3), np = unhex(f4, a4);
			unsigned char tag[16];
			gcm(n1, a1, a2, a3, na, a4, np, o, tag);
			hexout(o, np);
			hexout(tag, 16);
		} else if (!strcmp(cmd, "sm4") || !strcmp(cmd, "sm4dec")) {
			ecb(EVP_sm4_ecb(), !cmd[3], a1, a2, n2, o);
			hexout(o, n2);
		} else if (!strcmp(cmd, "sm4iter")) {
			unsigned long n = strtoul(f3, NULL, 0);
			memcpy(o, a2, 16);
			for (unsigned long i = 0; i < n; i++)
				ecb(EVP_sm4_ecb(), 1, a1, o, 16, o);
			hexout(o, 16);
		} else {
			printf("unknown");
		}
		printf("\n");
	}
	return 0;
}
