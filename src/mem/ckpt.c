/* The checkpoint container (mem/ckpt.h). Header, little-endian: magic "KARU64CP" (8 bytes),
 * format (4), reserved zero (4), payload bytes (8), compressed bytes (8), checksum (8). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zstd.h>
#include "mem/ckpt.h"

#define ERR(...) (snprintf(err, errlen, __VA_ARGS__), -1)
#define FNV_OFFSET 0xcbf29ce484222325ull
#define FNV_PRIME 0x100000001b3ull
#define ZLEVEL 3

/* FNV-1a: each step is a bijection of the running value, so any one changed byte changes it. */
static uint64_t fnv(uint64_t h, const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * FNV_PRIME;
	return h;
}

static void header(uint8_t hd[K64_CKPT_HEADER], uint64_t raw, uint64_t comp, uint64_t sum)
{
	uint32_t fmt = K64_CKPT_FORMAT, zero = 0;
	memcpy(hd, K64_CKPT_MAGIC, 8);
	memcpy(hd + 8, &fmt, 4);
	memcpy(hd + 12, &zero, 4);
	memcpy(hd + 16, &raw, 8);
	memcpy(hd + 24, &comp, 8);
	memcpy(hd + 32, &sum, 8);
}

/* The compressed bytes, then the header but its checksum field (the writer knows the header last). */
uint64_t k64_ckpt_checksum(const uint8_t *data, size_t len)
{
	return fnv(fnv(FNV_OFFSET, data + K64_CKPT_HEADER, len - K64_CKPT_HEADER), data, 32);
}

int k64_ckw_open(struct k64_ckw *w, const char *path, char *err, size_t errlen)
{
	memset(w, 0, sizeof *w);
	w->sum = FNV_OFFSET;
	if (!(w->f = fopen(path, "wb")))
		return ERR("cannot write checkpoint '%s': %s", path, strerror(errno));
	uint8_t hd[K64_CKPT_HEADER] = { 0 };
	if (!(w->z = ZSTD_createCCtx()) || fwrite(hd, 1, sizeof hd, w->f) != sizeof hd) {
		fclose(w->f);
		ZSTD_freeCCtx(w->z);
		remove(path);
		return ERR("cannot write checkpoint '%s'", path);
	}
	ZSTD_CCtx_setParameter(w->z, ZSTD_c_compressionLevel, ZLEVEL);
	return 0;
}

/* Compresses n bytes (end: the frame ends) and writes what comes out. */
static void deflate(struct k64_ckw *w, const void *p, size_t n, bool end)
{
	uint8_t out[1 << 16];
	ZSTD_inBuffer in = { p, n, 0 };
	for (;;) {
		ZSTD_outBuffer o = { out, sizeof out, 0 };
		size_t left = ZSTD_compressStream2(w->z, &o, &in, end ? ZSTD_e_end : ZSTD_e_continue);
		if (ZSTD_isError(left)) {
			w->failed = true;
			return;
		}
		if (o.pos && fwrite(out, 1, o.pos, w->f) != o.pos)
			w->failed = true;
		w->sum = fnv(w->sum, out, o.pos);
		w->comp += o.pos;
		if (end ? left == 0 : in.pos == in.size)
			break;
	}
	w->raw += n;
}

void k64_ckw_payload(struct k64_ckw *w, const void *p, size_t n)
{
	deflate(w, p, n, false);
}

void k64_ckw_put(struct k64_ckw *w, const void *p, size_t n)
{
	if (w->n + n > w->cap) {
		size_t cap = w->cap ? w->cap : 1 << 16;
		while (cap < w->n + n)
			cap *= 2;
		uint8_t *b = realloc(w->buf, cap);
		if (!b) {
			w->failed = true;
			return;
		}
		w->buf = b;
		w->cap = cap;
	}
	memcpy(w->buf + w->n, p, n);
	w->n += n;
}

void k64_ckw_str(struct k64_ckw *w, const char *s)
{
	k64_ckw_u64(w, strlen(s));
	k64_ckw_put(w, s, strlen(s));
}

void k64_ckw_begin(struct k64_ckw *w, const char tag[4])
{
	w->n = 0;
	k64_ckw_put(w, tag, 4);
	k64_ckw_u64(w, 0);
}

void k64_ckw_end(struct k64_ckw *w)
{
	if (w->n < 12)
		return;
	uint64_t len = w->n - 12;
	memcpy(w->buf + 4, &len, 8);
	deflate(w, w->buf, w->n, false);
	w->n = 0;
}

int k64_ckw_close(struct k64_ckw *w, const char *path, char *err, size_t errlen)
{
	deflate(w, NULL, 0, true);
	uint8_t hd[K64_CKPT_HEADER];
	header(hd, w->raw, w->comp, 0);
	header(hd, w->raw, w->comp, fnv(w->sum, hd, 32));
	bool failed = w->failed || fseek(w->f, 0, SEEK_SET) || fwrite(hd, 1, sizeof hd, w->f) != sizeof hd;
	failed |= fclose(w->f) != 0;
	ZSTD_freeCCtx(w->z);
	free(w->buf);
	if (!failed)
		return 0;
	remove(path);
	return ERR("cannot write checkpoint '%s'", path);
}

int k64_ckpt_read_file(const char *path, uint8_t **data, size_t *len, char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return ERR("cannot open checkpoint '%s': %s", path, strerror(errno));
	size_t cap = 1 << 20, n = 0;
	uint8_t *b = malloc(cap);
	for (;;) {
		if (!b) {
			fclose(f);
			return ERR("out of memory reading checkpoint '%s'", path);
		}
		n += fread(b + n, 1, cap - n, f);
		if (n < cap)
			break;
		uint8_t *nb = realloc(b, cap *= 2);
		if (!nb)
			free(b);
		b = nb;
	}
	bool bad = ferror(f);
	fclose(f);
	if (bad) {
		free(b);
		return ERR("cannot read checkpoint '%s'", path);
	}
	*data = b;
	*len = n;
	return 0;
}

int k64_ckpt_decode(const uint8_t *data, size_t len, uint64_t max_raw, uint8_t **out, size_t *outlen, char *err,
		    size_t errlen)
{
	if (len < K64_CKPT_HEADER || memcmp(data, K64_CKPT_MAGIC, 8))
		return ERR("not a karu64 checkpoint");
	uint32_t fmt;
	uint64_t raw, comp, sum;
	memcpy(&fmt, data + 8, 4);
	memcpy(&raw, data + 16, 8);
	memcpy(&comp, data + 24, 8);
	memcpy(&sum, data + 32, 8);
	if (comp != len - K64_CKPT_HEADER)
		return ERR("the checkpoint is truncated or has trailing bytes (%zu bytes, the header says %llu)", len,
			   (unsigned long long)(comp + K64_CKPT_HEADER));
	if (sum != k64_ckpt_checksum(data, len))
		return ERR("the checkpoint is corrupted (checksum mismatch)");
	if (fmt != K64_CKPT_FORMAT)
		return ERR("checkpoint format %u, this karu64 reads format %u", fmt, K64_CKPT_FORMAT);
	if (raw > max_raw)
		return ERR("the checkpoint's payload (%llu bytes) is larger than this configuration allows",
			   (unsigned long long)raw);
	uint8_t *p = malloc(raw ? raw : 1);
	if (!p)
		return ERR("out of memory decoding the checkpoint");
	ZSTD_DCtx *z = ZSTD_createDCtx();
	ZSTD_inBuffer in = { data + K64_CKPT_HEADER, comp, 0 };
	ZSTD_outBuffer o = { p, raw, 0 };
	size_t r = z ? 1 : 0;
	while (z && in.pos < in.size) {
		r = ZSTD_decompressStream(z, &o, &in);
		if (ZSTD_isError(r) || (r && o.pos == o.size && in.pos < in.size))
			break;
	}
	ZSTD_freeDCtx(z);
	if (!z || ZSTD_isError(r) || r != 0 || in.pos != in.size || o.pos != raw) {
		free(p);
		return ERR("the checkpoint's payload does not decode");
	}
	*out = p;
	*outlen = raw;
	return 0;
}

void k64_ckr_get(struct k64_ckr *r, void *p, size_t n)
{
	const uint8_t *s = k64_ckr_take(r, n);
	if (s)
		memcpy(p, s, n);
	else
		memset(p, 0, n);
}

uint64_t k64_ckr_u64(struct k64_ckr *r)
{
	uint64_t v;
	k64_ckr_get(r, &v, 8);
	return v;
}

void k64_ckr_str(struct k64_ckr *r, char *buf, size_t cap)
{
	uint64_t n = k64_ckr_u64(r);
	const uint8_t *s = n < cap ? k64_ckr_take(r, n) : NULL;
	if (!s) {
		r->bad = true;
		buf[0] = 0;
		return;
	}
	for (uint64_t i = 0; i < n; i++)
		if (s[i] < 0x20 || s[i] == 0x7f) {   /* names and paths: printable in a one-line message */
			r->bad = true;
			buf[0] = 0;
			return;
		}
	memcpy(buf, s, n);
	buf[n] = 0;
}

const uint8_t *k64_ckr_take(struct k64_ckr *r, size_t n)
{
	if (r->bad || n > r->n - r->off) {
		r->bad = true;
		r->off = r->n;
		return NULL;
	}
	const uint8_t *p = r->p + r->off;
	r->off += n;
	return p;
}

struct k64_ckr k64_ckr_section(struct k64_ckr *r, const char tag[4])
{
	struct k64_ckr s = { NULL, 0, 0, true };
	const uint8_t *t = k64_ckr_take(r, 4);
	uint64_t len = k64_ckr_u64(r);
	if (!t || memcmp(t, tag, 4)) {
		r->bad = true;
		return s;
	}
	const uint8_t *p = k64_ckr_take(r, len);
	if (p) {
		s.p = p;
		s.n = len;
		s.bad = false;
	}
	return s;
}
