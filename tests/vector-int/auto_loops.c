/* clang-19 -O3 auto-vectorised loops (built -march=rv64gcv_zvbb): strip-mined integer loops
 * that exercise vsetvli with varying AVL, unit-stride/strided/indexed accesses, widening
 * multiply-accumulate, reductions, compares with merges, shifts and narrowing, and
 * tail handling. Every result is printed as a hash. */
#include <string.h>
#include "common.h"

#define N 1237
static int32_t a32[N], b32[N], c32[N];
static int16_t a16[N], b16[N];
static int8_t a8[N], b8[N];
static uint8_t u8[N];
static uint64_t u64[N], v64[N];
static uint32_t idx[N];
struct pt { int32_t x, y, z; };
static struct pt pts[N];

__attribute__((noinline)) static void saxpy(int32_t *y, const int32_t *x, int32_t k, int n)
{
	for (int i = 0; i < n; i++)
		y[i] += k * x[i];
}
__attribute__((noinline)) static int64_t dot8(const int8_t *x, const int8_t *y, int n)
{
	int64_t s = 0;
	for (int i = 0; i < n; i++)
		s += x[i] * y[i];
	return s;
}
__attribute__((noinline)) static int32_t dot16(const int16_t *x, const int16_t *y, int n)
{
	int32_t s = 0;
	for (int i = 0; i < n; i++)
		s += x[i] * y[i];
	return s;
}
__attribute__((noinline)) static void clampsel(int32_t *o, const int32_t *x, const int32_t *y, int n)
{
	for (int i = 0; i < n; i++)
		o[i] = x[i] > y[i] ? x[i] - y[i] : (x[i] < -1000 ? -1000 : x[i]);
}
__attribute__((noinline)) static uint32_t maxu(const uint64_t *x, int n)
{
	uint64_t m = 0, mn = ~0ull;
	for (int i = 0; i < n; i++) {
		m = x[i] > m ? x[i] : m;
		mn = x[i] < mn ? x[i] : mn;
	}
	return (uint32_t)(m ^ mn ^ (m >> 32));
}
__attribute__((noinline)) static void gather(int32_t *o, const int32_t *x, const uint32_t *ix, int n)
{
	for (int i = 0; i < n; i++)
		o[i] = x[ix[i]];
}
__attribute__((noinline)) static void scatter(int32_t *o, const int32_t *x, const uint32_t *ix, int n)
{
	for (int i = 0; i < n; i++)
		o[ix[i]] = x[i] + i;
}
__attribute__((noinline)) static int64_t sumy(const struct pt *p, int n)
{
	int64_t s = 0;
	for (int i = 0; i < n; i++)
		s += p[i].y - p[i].z;
	return s;
}
__attribute__((noinline)) static void reverse(int16_t *o, const int16_t *x, int n)
{
	for (int i = 0; i < n; i++)
		o[i] = x[n - 1 - i];
}
__attribute__((noinline)) static void narrow(uint8_t *o, const int32_t *x, int n)
{
	for (int i = 0; i < n; i++)
		o[i] = (uint8_t)((x[i] >> 7) ^ (x[i] >> 19));
}
__attribute__((noinline)) static void divmod(int32_t *o, const int32_t *x, const int32_t *y, int n)
{
	for (int i = 0; i < n; i++)
		o[i] = y[i] ? x[i] / y[i] + x[i] % 7 : (int32_t)((uint32_t)x[i] / 13u);
}
__attribute__((noinline)) static void mulhi(uint64_t *o, const uint64_t *x, const uint64_t *y, int n)
{
	for (int i = 0; i < n; i++)
		o[i] = (uint64_t)(((unsigned __int128)x[i] * y[i]) >> 64) ^ (x[i] * y[i]);
}
__attribute__((noinline)) static void rot(uint64_t *o, const uint64_t *x, int n)
{
	for (int i = 0; i < n; i++)
		o[i] = ((x[i] << 13) | (x[i] >> 51)) & ~x[i];
}
__attribute__((noinline)) static int count_lt(const int8_t *x, const int8_t *y, int n)
{
	int c = 0;
	for (int i = 0; i < n; i++)
		c += x[i] < y[i];
	return c;
}
__attribute__((noinline)) static void widen_add(int32_t *o, const int16_t *x, const int8_t *y, int n)
{
	for (int i = 0; i < n; i++)
		o[i] = (int32_t)x[i] * 3 + y[i] - (int32_t)(uint8_t)y[i];
}

int main(void)
{
	vint_fill(a32, sizeof a32); vint_fill(b32, sizeof b32); vint_fill(a16, sizeof a16);
	vint_fill(b16, sizeof b16); vint_fill(a8, sizeof a8); vint_fill(b8, sizeof b8);
	vint_fill(u64, sizeof u64); vint_fill(v64, sizeof v64); vint_fill(pts, sizeof pts);
	for (int i = 0; i < N; i++)
		idx[i] = (uint32_t)(vint_rnd() % N);
	for (int n = 1; n <= N; n = n * 3 + 1) {
		memcpy(c32, b32, sizeof c32);
		saxpy(c32, a32, -7, n);
		printf("n=%4d saxpy %016llx dot8 %lld dot16 %d maxu %08x sumy %lld lt %d\n", n,
		       (unsigned long long)vint_hash(c32, sizeof c32), (long long)dot8(a8, b8, n), dot16(a16, b16, n),
		       maxu(u64, n), (long long)sumy(pts, n), count_lt(a8, b8, n));
		clampsel(c32, a32, b32, n); VINT_PRINT("clampsel", c32, sizeof c32);
		gather(c32, a32, idx, n); VINT_PRINT("gather", c32, sizeof c32);
		scatter(c32, a32, idx, n); VINT_PRINT("scatter", c32, sizeof c32);
		int16_t r16[N]; memset(r16, 0, sizeof r16);
		reverse(r16, a16, n); VINT_PRINT("reverse", r16, sizeof r16);
		narrow(u8, a32, n); VINT_PRINT("narrow", u8, sizeof u8);
		divmod(c32, a32, b32, n); VINT_PRINT("divmod", c32, sizeof c32);
		uint64_t o64[N]; memset(o64, 0, sizeof o64);
		mulhi(o64, u64, v64, n); VINT_PRINT("mulhi", o64, sizeof o64);
		rot(o64, u64, n); VINT_PRINT("rot", o64, sizeof o64);
		widen_add(c32, a16, a8, n); VINT_PRINT("widen_add", c32, sizeof c32);
	}
	return 0;
}
