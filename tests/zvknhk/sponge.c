/* Whole SHA-3, SHAKE and TurboSHAKE computations through vkeccak.vi (linked with the +K builds'
 * libpqc.a: backend b, the memory-to-memory wrapper, or backend c, resident-state multi-block
 * routines), over message lengths 0..1000, byte alignments 0..15 and a message that crosses a page
 * boundary. Prints "<function> <length> <alignment> <place> <hex digest>"; run_sponge.py checks
 * every line against Python's hashlib (SHA-3, SHAKE) and an independent Python TurboSHAKE. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include "fips202.h"

static void hex(const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		printf("%02x", p[i]);
	printf("\n");
}

static void all(const uint8_t *m, size_t len, unsigned align, const char *place)
{
	uint8_t out[300];
	sha3_224(out, m, len); printf("sha3_224 %zu %u %s ", len, align, place); hex(out, 28);
	sha3_256(out, m, len); printf("sha3_256 %zu %u %s ", len, align, place); hex(out, 32);
	sha3_384(out, m, len); printf("sha3_384 %zu %u %s ", len, align, place); hex(out, 48);
	sha3_512(out, m, len); printf("sha3_512 %zu %u %s ", len, align, place); hex(out, 64);
	/* outputs longer than one rate block exercise multi-block squeezing */
	shake128(out, 300, m, len); printf("shake128 %zu %u %s ", len, align, place); hex(out, 300);
	shake256(out, 300, m, len); printf("shake256 %zu %u %s ", len, align, place); hex(out, 300);
	turboshake128(out, 200, m, len, 0x1f); printf("turboshake128 %zu %u %s ", len, align, place); hex(out, 200);
	turboshake256(out, 200, m, len, 0x07); printf("turboshake256 %zu %u %s ", len, align, place); hex(out, 200);
}

int main(void)
{
	static uint8_t buf[1024 + 16] __attribute__((aligned(64)));
	for (size_t i = 0; i < sizeof buf; i++)
		buf[i] = (uint8_t)(i * 31 + 7);
	/* every length 0..1000, 8-byte aligned */
	for (size_t len = 0; len <= 1000; len++)
		all(buf, len, 0, "heap");
	/* alignments 0..15 at lengths around the rate boundaries (72, 104, 136, 144, 168) */
	static const size_t lens[] = { 1, 71, 72, 73, 135, 136, 137, 167, 168, 169, 337, 500 };
	for (unsigned a = 0; a < 16; a++) {
		static uint8_t ab[1024 + 16] __attribute__((aligned(64)));
		for (unsigned k = 0; k < sizeof lens / sizeof lens[0]; k++) {
			memcpy(ab + a, buf, lens[k]);
			all(ab + a, lens[k], a, "heap");
		}
	}
	/* a message that straddles a page boundary: 200 bytes before it, 300 after */
	uint8_t *pg = mmap(NULL, 2 * 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (pg == MAP_FAILED)
		return 1;
	for (unsigned a = 0; a < 8; a++) {
		uint8_t *m = pg + 4096 - 200 + a;
		memcpy(m, buf, 500);
		all(m, 500, a, "page");
	}
	return 0;
}
