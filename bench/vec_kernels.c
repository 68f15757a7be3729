/* Vector benchmark: loops that clang-19 -O3 auto-vectorises for RVV (vector-length agnostic):
 * multiply-accumulate on int32, a widening dot product, a byte-wise mix and a saturating-free
 * min/max scan. Prints a checksum so both simulators' outputs can be compared. */
#include <stdint.h>
#include <stdio.h>

#define N 4096
static int32_t a[N], b[N], c[N];
static uint8_t x[N], y[N];

int main(void)
{
	for (int i = 0; i < N; i++) {
		a[i] = i * 7 - 3000;
		b[i] = (i * 13) % 1000 - 500;
		c[i] = i;
		x[i] = (uint8_t)(i * 31);
		y[i] = (uint8_t)(i * 17 + 5);
	}
	int64_t dot = 0;
	int32_t mn = INT32_MAX, mx = INT32_MIN;
	for (int r = 0; r < 3000; r++) {
		for (int i = 0; i < N; i++)
			c[i] = c[i] + a[i] * b[i];
		for (int i = 0; i < N; i++)
			dot += (int64_t)a[i] * c[i];
		for (int i = 0; i < N; i++)
			x[i] = (uint8_t)((x[i] ^ y[i]) + (x[i] >> 1));
		for (int i = 0; i < N; i++) {
			mn = c[i] < mn ? c[i] : mn;
			mx = c[i] > mx ? c[i] : mx;
		}
	}
	uint32_t h = 0;
	for (int i = 0; i < N; i++)
		h = h * 31 + x[i];
	printf("%lld %d %d %u\n", (long long)dot, mn, mx, h);
	return 0;
}
