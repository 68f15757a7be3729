/* Branchy integer code: quicksort of 64-bit keys (data-dependent branches, recursion, swaps)
 * and a sieve of Eratosthenes (strided byte stores), repeated. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static void qs(uint64_t *a, long lo, long hi)
{
	while (lo < hi) {
		uint64_t p = a[lo + (hi - lo) / 2];
		long i = lo, j = hi;
		while (i <= j) {
			while (a[i] < p) i++;
			while (a[j] > p) j--;
			if (i <= j) { uint64_t t = a[i]; a[i] = a[j]; a[j] = t; i++; j--; }
		}
		if (j - lo < hi - i) { qs(a, lo, j); lo = i; } else { qs(a, i, hi); hi = j; }
	}
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 3;
	enum { N = 1 << 20, S = 8000000 };
	uint64_t *a = malloc(N * sizeof *a);
	uint8_t *comp = malloc(S);
	uint64_t x = 88172645463325252ull, h = 0;
	long primes = 0;
	for (int r = 0; r < rounds; r++) {
		for (long i = 0; i < N; i++) { x ^= x << 13; x ^= x >> 7; x ^= x << 17; a[i] = x % 1000000007u; }
		qs(a, 0, N - 1);
		for (long i = 1; i < N; i++) if (a[i - 1] > a[i]) { printf("not sorted\n"); return 1; }
		h = h * 31 + a[N / 3] + a[N - 1];
		for (long i = 0; i < S; i++) comp[i] = 0;
		primes = 0;
		for (long i = 2; i < S; i++) {
			if (comp[i]) continue;
			primes++;
			for (long j = i * i; j < S; j += i) comp[j] = 1;
		}
	}
	printf("sorted hash %016llx primes below %d: %ld\n", (unsigned long long)h, S, primes);
	return 0;
}
