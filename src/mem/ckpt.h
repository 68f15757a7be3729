/* The checkpoint container (doc/board.md, "Checkpoints"): a 40-byte header, then one zstd frame
 * holding the payload, a sequence of sections (a 4-character tag, a 64-bit length, the bytes).
 * The header carries the payload's raw and compressed sizes and an FNV-1a 64 checksum of the
 * compressed bytes and the header, so that a truncated file or any changed byte is refused
 * before anything is decoded. The machine state in the sections is board/checkpoint.c's. */
#ifndef K64_MEM_CKPT_H
#define K64_MEM_CKPT_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define K64_CKPT_MAGIC "KARU64CP"
#define K64_CKPT_FORMAT 1u
#define K64_CKPT_HEADER 40u

/* Writer: bytes are compressed as they come; k64_ckw_close writes the header. */
struct k64_ckw {
	FILE *f;
	void *z;                 /* ZSTD_CCtx */
	uint64_t raw, comp, sum;
	bool failed;
	uint8_t *buf;            /* pending raw bytes */
	size_t n, cap;
};
int k64_ckw_open(struct k64_ckw *w, const char *path, char *err, size_t errlen);
void k64_ckw_put(struct k64_ckw *w, const void *p, size_t n);
static inline void k64_ckw_u64(struct k64_ckw *w, uint64_t v) { k64_ckw_put(w, &v, 8); }
void k64_ckw_str(struct k64_ckw *w, const char *s);
/* A section: its tag, then the bytes put until k64_ckw_end (sections do not nest). */
void k64_ckw_begin(struct k64_ckw *w, const char tag[4]);
void k64_ckw_end(struct k64_ckw *w);
/* Bytes of the payload as they are (no section framing: the fuzzing harness's own payloads). */
void k64_ckw_payload(struct k64_ckw *w, const void *p, size_t n);
/* Flushes, writes the header and closes: 0, or -1 with a message (the file is removed). */
int k64_ckw_close(struct k64_ckw *w, const char *path, char *err, size_t errlen);

/* Reader over a decoded payload. Reads past the end (or of a wrong section) set `bad`, return
 * zeros and leave the reader at the end: callers check `bad` once. */
struct k64_ckr {
	const uint8_t *p;
	size_t n, off;
	bool bad;
};
/* Checks and decompresses a whole checkpoint file held in data (at most max_raw payload
 * bytes): 0 and the payload in *out (malloc'd, *outlen bytes), or -1 with a message. */
int k64_ckpt_decode(const uint8_t *data, size_t len, uint64_t max_raw, uint8_t **out, size_t *outlen, char *err,
		    size_t errlen);
/* Reads a whole file (0, or -1 with a message). */
int k64_ckpt_read_file(const char *path, uint8_t **data, size_t *len, char *err, size_t errlen);
/* The checksum the header of data (a checkpoint of len >= K64_CKPT_HEADER bytes) must hold. */
uint64_t k64_ckpt_checksum(const uint8_t *data, size_t len);

void k64_ckr_get(struct k64_ckr *r, void *p, size_t n);
uint64_t k64_ckr_u64(struct k64_ckr *r);
/* A string put by k64_ckw_str into buf (too long, or a control character in it: bad). */
void k64_ckr_str(struct k64_ckr *r, char *buf, size_t cap);
/* Enters the next section, which must have tag: a reader over its bytes (r moves past it). */
struct k64_ckr k64_ckr_section(struct k64_ckr *r, const char tag[4]);
/* A pointer to the next n bytes (NULL and bad if there are fewer). */
const uint8_t *k64_ckr_take(struct k64_ckr *r, size_t n);
#endif
