/* Auto-vectorised floating point (clang-19 -O3 with V): loops the compiler turns into vfadd,
 * vfmul, vfmacc/vfmadd (with -ffp-contract=fast), vfdiv, vfsqrt, vfmin/vfmax, compares and
 * merges, conversions, widening float->double, and reductions (strict-order sums become
 * vfredosum; -ffast-math style reductions are not used, so the printed sums do not depend on
 * VLEN). Prints results and fflags. */
#pragma clang fp contract(fast)
#include <math.h>
#include "common.h"

#define N 1003
static float fa[N], fb[N], fc[N], fr[N];
static double da[N], db[N], dc[N], dr[N];
static int32_t ia[N];
static int64_t la[N];

static void __attribute__((noinline)) saxpy(float *restrict y, const float *restrict x, float a, int n)
{
	for (int i = 0; i < n; i++)
		y[i] = a * x[i] + y[i];
}
static void __attribute__((noinline)) daxpy(double *restrict y, const double *restrict x, double a, int n)
{
	for (int i = 0; i < n; i++)
		y[i] = a * x[i] + y[i];
}
static void __attribute__((noinline)) fops(float *restrict r, const float *restrict a, const float *restrict b, int n)
{
	for (int i = 0; i < n; i++)
		r[i] = (a[i] - b[i]) / (b[i] * b[i] + 1.0f);
}
static void __attribute__((noinline)) dsqrt(double *restrict r, const double *restrict a, int n)
{
	for (int i = 0; i < n; i++)
		r[i] = sqrt(fabs(a[i])) + a[i];
}
static void __attribute__((noinline)) fclamp(float *restrict r, const float *restrict a, float lo, float hi, int n)
{
	for (int i = 0; i < n; i++)
		r[i] = fminf(fmaxf(a[i], lo), hi);
}
static void __attribute__((noinline)) fselect(float *restrict r, const float *restrict a, const float *restrict b, int n)
{
	for (int i = 0; i < n; i++)
		r[i] = a[i] < b[i] ? a[i] * 2.0f : b[i] - 1.0f;
}
static void __attribute__((noinline)) dselect(double *restrict r, const double *restrict a, const double *restrict b, int n)
{
	for (int i = 0; i < n; i++)
		r[i] = a[i] >= b[i] ? a[i] : -b[i];
}
static void __attribute__((noinline)) widen(double *restrict r, const float *restrict a, const float *restrict b, int n)
{
	for (int i = 0; i < n; i++)
		r[i] = (double)a[i] * (double)b[i] + 0.5;
}
static void __attribute__((noinline)) narrow(float *restrict r, const double *restrict a, int n)
{
	for (int i = 0; i < n; i++)
		r[i] = (float)a[i];
}
static void __attribute__((noinline)) to_int(int32_t *restrict r, const float *restrict a, int n)
{
	for (int i = 0; i < n; i++)
		r[i] = (int32_t)a[i];
}
static void __attribute__((noinline)) from_int(double *restrict r, const int64_t *restrict a, int n)
{
	for (int i = 0; i < n; i++)
		r[i] = (double)a[i] * 0.25;
}
static float __attribute__((noinline)) fsum(const float *a, int n)
{
	float s = 0;
	for (int i = 0; i < n; i++)
		s += a[i];
	return s;
}
static double __attribute__((noinline)) ddot(const double *a, const double *b, int n)
{
	/* Not contracted: with fma, which products fuse into the sum would depend on VLEN. */
#pragma clang fp contract(off)
	double s = 1.0;
	for (int i = 0; i < n; i++)
		s += a[i] * b[i];
	return s;
}
static float __attribute__((noinline)) fmaxred(const float *a, int n)
{
	float m = -INFINITY;
	for (int i = 0; i < n; i++)
		m = fmaxf(m, a[i]);
	return m;
}

static float small_f(void) { return (float)((int64_t)(rnd() % 2000001) - 1000000) / 1024.0f; }

static void show(const char *what, const void *p, size_t bytes)
{
	printf("%-10s %016llx fflags=%02lx\n", what, (unsigned long long)fnv(p, bytes), rd_fflags());
	clr_fflags();
}

int main(void)
{
	for (int round = 0; round < 3; round++) {
		for (int i = 0; i < N; i++) {
			fa[i] = small_f(); fb[i] = small_f(); fc[i] = small_f();
			da[i] = small_f() * 1e-3; db[i] = small_f(); dc[i] = small_f();
			la[i] = (int64_t)rnd() >> (rnd() % 64);
			if (round == 2 && i % 17 == 0) {       /* specials on the last round */
				uint32_t u = rnd_f32(); memcpy(&fa[i], &u, 4);
				uint64_t v = rnd_f64(); memcpy(&da[i], &v, 8);
			}
		}
		for (unsigned rm = 0; rm < 5; rm++) {
			set_frm(rm);
			memcpy(fr, fc, sizeof fr); saxpy(fr, fa, 1.0f / 3.0f, N); show("saxpy", fr, sizeof fr);
			memcpy(dr, dc, sizeof dr); daxpy(dr, da, -0.1, N); show("daxpy", dr, sizeof dr);
			fops(fr, fa, fb, N); show("fops", fr, sizeof fr);
			dsqrt(dr, da, N); show("dsqrt", dr, sizeof dr);
			fclamp(fr, fa, -100.5f, 300.25f, N); show("fclamp", fr, sizeof fr);
			fselect(fr, fa, fb, N); show("fselect", fr, sizeof fr);
			dselect(dr, da, db, N); show("dselect", dr, sizeof dr);
			widen(dr, fa, fb, N); show("widen", dr, sizeof dr);
			narrow(fr, db, N); show("narrow", fr, sizeof fr);
			to_int(ia, fb, N); show("to_int", ia, sizeof ia);
			from_int(dr, la, N); show("from_int", dr, sizeof dr);
			float s = fsum(fa, N); show("fsum", &s, sizeof s);
			double d = ddot(da, db, N); show("ddot", &d, sizeof d);
			float m = fmaxred(fa, N); show("fmaxred", &m, sizeof m);
			printf("  fsum=%a ddot=%a fmax=%a\n", s, d, m);
		}
	}
	return 0;
}
