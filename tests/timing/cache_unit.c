/* Unit tests of the cache and TLB models (src/timing/cachesim.c) on access patterns whose hits
 * and misses are counted by hand in the comments. */
#include <stdio.h>
#include "timing/timing.h"

static int passed, failed;

static void expect(const char *what, uint64_t hits, uint64_t misses, const struct k64_cachesim *c)
{
	int ok = c->hits == hits && c->misses == misses;
	printf("%s %s: %llu hits, %llu misses (expected %llu, %llu)\n", ok ? "PASS" : "FAIL", what,
	       (unsigned long long)c->hits, (unsigned long long)c->misses, (unsigned long long)hits,
	       (unsigned long long)misses);
	ok ? passed++ : failed++;
}

int main(void)
{
	struct k64_cachesim c;

	/* Karu64's L1: 4 KiB, direct-mapped, 64 B lines = 64 sets. */
	k64_cachesim_init(&c, 4096, 64, 1);
	/* 1 KiB read twice, 8 bytes at a time: 16 lines miss once, the other 112 + 128 reads hit. */
	for (int pass = 0; pass < 2; pass++)
		for (uint64_t a = 0x80000000; a < 0x80000400; a += 8)
			k64_cachesim_access(&c, a, true);
	expect("DM 4K: 1 KiB read twice", 240, 16, &c);
	k64_cachesim_free(&c);

	k64_cachesim_init(&c, 4096, 64, 1);
	/* two addresses 4 KiB apart map to the same set: they evict each other on every access */
	for (int i = 0; i < 10; i++) {
		k64_cachesim_access(&c, 0x80000040, true);
		k64_cachesim_access(&c, 0x80001040, true);
	}
	expect("DM 4K: conflict ping-pong", 0, 20, &c);
	k64_cachesim_free(&c);

	k64_cachesim_init(&c, 4096, 64, 1);
	/* write-through, no write-allocate: writes (allocate = false) never fill; a later read misses */
	k64_cachesim_access(&c, 0x80000100, false);   /* miss, not filled */
	k64_cachesim_access(&c, 0x80000100, true);    /* miss, filled */
	k64_cachesim_access(&c, 0x80000108, false);   /* hit (line present: updated) */
	k64_cachesim_access(&c, 0x80000110, true);    /* hit */
	expect("no write-allocate", 2, 2, &c);
	/* flush (fence.i for the I-cache): the next access misses */
	k64_cachesim_flush(&c);
	k64_cachesim_access(&c, 0x80000110, true);
	expect("flush", 2, 3, &c);
	k64_cachesim_free(&c);

	/* 2-way, 2 sets of 64 B (256 B): A, B, C all map to set 0. A B A C B: A miss, B miss, A hit,
	 * C miss (evicts B, the least recently used), B miss (evicts A). */
	k64_cachesim_init(&c, 256, 64, 2);
	uint64_t A = 0x0, B = 0x80, C = 0x100;
	k64_cachesim_access(&c, A, true);
	k64_cachesim_access(&c, B, true);
	k64_cachesim_access(&c, A, true);
	k64_cachesim_access(&c, C, true);
	k64_cachesim_access(&c, B, true);
	expect("2-way LRU", 1, 4, &c);
	k64_cachesim_access(&c, C, true);   /* C still there: hit */
	k64_cachesim_access(&c, A, true);   /* A was evicted by B: miss */
	expect("2-way LRU (2)", 2, 5, &c);
	k64_cachesim_free(&c);

	/* The 4-entry fully associative TLB: one set of four 4 KiB pages, LRU. Pages 1 2 3 4 1 5 2:
	 * 4 misses, 1 hit (page 1), 5 misses and evicts page 2 (LRU), 2 misses. */
	k64_cachesim_init(&c, 4 * 4096, 4096, 4);
	uint64_t pages[] = { 1, 2, 3, 4, 1, 5, 2 };
	for (int i = 0; i < 7; i++)
		k64_cachesim_access(&c, pages[i] << 12 | 0x123, true);
	expect("TLB 4-entry LRU", 1, 6, &c);
	/* a loop over 4 pages stays resident; over 5 pages LRU misses every time */
	k64_cachesim_flush(&c);
	c.hits = c.misses = 0;
	for (int i = 0; i < 20; i++)
		k64_cachesim_access(&c, (uint64_t)(i % 4) << 12, true);
	expect("TLB: 4 pages cycled", 16, 4, &c);
	c.hits = c.misses = 0;
	k64_cachesim_flush(&c);
	for (int i = 0; i < 20; i++)
		k64_cachesim_access(&c, (uint64_t)(i % 5) << 12, true);
	expect("TLB: 5 pages cycled (LRU thrashes)", 0, 20, &c);
	k64_cachesim_free(&c);

	/* bad geometry is refused */
	int bad = k64_cachesim_init(&c, 3000, 64, 1) == -1 && k64_cachesim_init(&c, 4096, 48, 1) == -1 &&
		  k64_cachesim_init(&c, 4096, 64, 0) == -1;
	printf("%s bad geometry refused\n", bad ? "PASS" : "FAIL");
	bad ? passed++ : failed++;
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
