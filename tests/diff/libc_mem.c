/* malloc/calloc/realloc/free of small and large (mmap-backed) blocks, qsort/bsearch, and the
 * string.h family (which glibc implements with word-at-a-time tricks and, on some builds,
 * bit-manipulation instructions). */
#include "common.h"
#include <stdlib.h>

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}
static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

int main(void)
{
	/* Small allocations: fill, check, free in a scrambled order. */
	enum { N = 2000 };
	static unsigned char *ptr[N];
	static size_t len[N];
	uint64_t sum = 0;
	for (int i = 0; i < N; i++) {
		len[i] = 1 + rng64() % 300;
		ptr[i] = malloc(len[i]);
		if (!ptr[i]) return 2;
		memset(ptr[i], i & 0xff, len[i]);
	}
	for (int i = 0; i < N; i += 3) { free(ptr[i]); ptr[i] = NULL; }
	for (int i = 0; i < N; i++)
		if (ptr[i]) { for (size_t k = 0; k < len[i]; k++) sum += ptr[i][k]; ptr[i] = realloc(ptr[i], len[i] * 3); sum += ptr[i][len[i] - 1]; }
	for (int i = 0; i < N; i++) free(ptr[i]);
	printf("small blocks sum %llu\n", (u64)sum);
	/* Large blocks (above the mmap threshold), calloc zeroing, realloc growth that moves. */
	for (int r = 0; r < 4; r++) {
		size_t sz = (size_t)(1 + r) << 20;
		uint64_t *p = calloc(sz / 8, 8);
		if (!p) return 3;
		uint64_t z = 0;
		for (size_t k = 0; k < sz / 8; k++) z |= p[k];
		for (size_t k = 0; k < sz / 8; k++) p[k] = k * 0x9e3779b97f4a7c15ull;
		p = realloc(p, sz * 2);
		uint64_t h = 0;
		for (size_t k = 0; k < sz / 8; k++) h ^= p[k] + k;
		printf("large %zu MiB zero %d hash %016llx\n", sz >> 20, z == 0, (u64)h);
		free(p);
	}
	/* qsort and bsearch. */
	enum { M = 20000 };
	uint64_t *arr = malloc(M * sizeof *arr);
	for (int i = 0; i < M; i++) arr[i] = rng64() % 100000;
	qsort(arr, M, sizeof *arr, cmp_u64);
	uint64_t h = 0; int sorted = 1;
	for (int i = 0; i < M; i++) { h = h * 31 + arr[i]; if (i && arr[i - 1] > arr[i]) sorted = 0; }
	uint64_t key = arr[M / 2];
	uint64_t *found = bsearch(&key, arr, M, sizeof *arr, cmp_u64);
	printf("qsort sorted %d hash %016llx median %llu found %d\n", sorted, (u64)h, (u64)key, found && *found == key);
	free(arr);
	static const char *words[] = { "pear", "apple", "fig", "banana", "cherry", "date", "apple2", "Zebra", "" };
	qsort(words, sizeof words / sizeof *words, sizeof *words, cmp_str);
	for (unsigned i = 0; i < sizeof words / sizeof *words; i++) printf("%s,", words[i]);
	printf("\n");
	/* string.h at every alignment. */
	static char a[512], b[512];
	uint64_t sh = 0;
	for (int off = 0; off < 16; off++)
		for (int n = 0; n < 80; n += 7) {
			for (int k = 0; k < 512; k++) a[k] = (char)('a' + (k * 7 + off) % 26);
			a[off + n] = 0;
			memcpy(b + (15 - off), a + off, n + 1);
			sh = sh * 131 + strlen(a + off) + strlen(b + 15 - off) * 3;
			sh = sh * 131 + (uint64_t)(strcmp(a + off, b + 15 - off) + 2);
			sh = sh * 131 + (uint64_t)(memcmp(a + off, b + 15 - off, n) + 2);
			char *c = strchr(a + off, 'q');
			sh = sh * 131 + (c ? (uint64_t)(c - (a + off)) : 999);
			c = memchr(a + off, 'z', n);
			sh = sh * 131 + (c ? (uint64_t)(c - (a + off)) : 999);
			memmove(a + off + 1, a + off, n);
			sh = sh * 131 + (unsigned char)a[off + n / 2];
			memset(b, off, n);
			sh = sh * 131 + (unsigned char)b[n / 2] + strnlen(b + 20, 30);
			c = strrchr(a, 'e');
			sh = sh * 131 + (c ? (uint64_t)(c - a) : 999);
		}
	printf("string hash %016llx\n", (u64)sh);
	char s[64] = "Hello";
	strcat(s, ", world");
	strncat(s, "!!!!", 2);
	char *dup = strdup(s);
	printf("%s %zu %s %s %zu %zu\n", s, strlen(s), strstr(s, "wor"), dup, strspn(s, "Hel"), strcspn(s, ","));
	free(dup);
	char tok[] = "a,b;;c d";
	for (char *t = strtok(tok, ",; "); t; t = strtok(NULL, ",; ")) printf("[%s]", t);
	printf("\n");
	return 0;
}
