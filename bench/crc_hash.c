/* Integer hashing kernel: table-driven CRC-32 and FNV-1a/xorshift mixing over a 64 KiB buffer,
 * repeated. Byte loads, shifts, xors and table lookups: the common shape of integer code. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint32_t table[256];

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 1200;
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;
		for (int k = 0; k < 8; k++) c = (c >> 1) ^ (0xedb88320u & -(c & 1));
		table[i] = c;
	}
	static uint8_t buf[65536];
	uint64_t x = 0x9e3779b97f4a7c15ull;
	for (size_t i = 0; i < sizeof buf; i++) { x ^= x << 13; x ^= x >> 7; x ^= x << 17; buf[i] = (uint8_t)x; }
	uint32_t crc = 0;
	uint64_t fnv = 0xcbf29ce484222325ull;
	for (int r = 0; r < rounds; r++) {
		uint32_t c = ~crc;
		for (size_t i = 0; i < sizeof buf; i++) c = table[(c ^ buf[i]) & 0xff] ^ (c >> 8);
		crc = ~c;
		for (size_t i = 0; i < sizeof buf; i += 8) {
			uint64_t w;
			__builtin_memcpy(&w, buf + i, 8);
			fnv = (fnv ^ w) * 0x100000001b3ull;
			fnv ^= fnv >> 29;
		}
		buf[r & 0xffff] ^= (uint8_t)crc;
	}
	printf("crc %08x fnv %016llx\n", crc, (unsigned long long)fnv);
	return 0;
}
