/* printf/snprintf formatting of integers, strings, characters and floating point (%e %f %g %a
 * with widths, precisions and flags), which exercises glibc's integer and FP code paths. */
#include "common.h"
#include <inttypes.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>

int main(void)
{
	static const double dv[] = { 0.0, -0.0, 1.0, -1.5, 3.141592653589793, 1e-310, 2.2250738585072014e-308,
		1.7976931348623157e308, 123456789.125, 0.1, 1.0 / 3.0, 6.02214076e23, -9.999999e-5, 5e-324 };
	for (unsigned i = 0; i < sizeof dv / sizeof dv[0]; i++) {
		double d = dv[i];
		printf("[%e] [%.3e] [%f] [%.10f] [%g] [%.17g] [%a] [%+12.4f] [%-12.2e|] [%012.3f] [%G] [%A]\n",
		       d, d, d, d, d, d, d, d, d, d, d, d);
	}
	printf("inf/nan [%f] [%e] [%g] [%a] [%F] [%5.1f]\n", INFINITY, -INFINITY, NAN, -NAN, INFINITY, NAN);
	static const long long iv[] = { 0, 1, -1, 42, -42, 2147483647, -2147483648LL, 9223372036854775807LL,
		-9223372036854775807LL - 1, 0x1234abcd };
	for (unsigned i = 0; i < sizeof iv / sizeof iv[0]; i++) {
		long long v = iv[i];
		printf("[%d] [%lld] [%llu] [%llx] [%llX] [%llo] [%#llx] [%#llo] [%20lld] [%-20lld|] [%+lld] [% lld] [%020lld] [%hd] [%hhu]\n",
		       (int)v, v, (unsigned long long)v, (unsigned long long)v, (unsigned long long)v, (unsigned long long)v,
		       (unsigned long long)v, (unsigned long long)v, v, v, v, v, v, (short)v, (unsigned char)v);
	}
	printf("[%s] [%10s] [%-10s|] [%.3s] [%c] [%5c] [%%] [%" PRId64 "] [%" PRIx32 "] [%zu] [%td]\n",
	       "hello", "right", "left", "truncate", 'x', 'y', INT64_C(-5), UINT32_C(0xdeadbeef), sizeof(long double), (ptrdiff_t)-3);
	printf("[%*d] [%-*d|] [%.*f] [%n]\n", 8, 7, 8, 7, 4, 2.5, &(int){0});
	char buf[64];
	int n = snprintf(buf, sizeof buf, "%s-%05d-%.2f", "abc", 42, 2.345);
	printf("snprintf %d [%s]\n", n, buf);
	n = snprintf(buf, 8, "%s", "0123456789");
	printf("truncated %d [%s]\n", n, buf);
	/* strtod / strtol round trips (glibc's correctly rounded decimal conversion). */
	static const char *const nums[] = { "0.1", "1e23", "2.2250738585072011e-308", "4.9e-324", "1.7976931348623158e308",
		"0x1.fffffffffffffp1023", "-0", "inf", "nan", "123456789012345678901234567890", "3.14159265358979323846" };
	for (unsigned i = 0; i < sizeof nums / sizeof nums[0]; i++) {
		double d = strtod(nums[i], NULL);
		float f = strtof(nums[i], NULL);
		printf("strtod %s -> %016llx %08x\n", nums[i], (u64)dbits(d), fbits(f));
	}
	printf("strtol %ld %lu %lld %ld\n", strtol("-0x7fff", NULL, 16), strtoul("777", NULL, 8), strtoll("9223372036854775807", NULL, 10),
	       strtol("zz", NULL, 36));
	/* libm: correctly rounded in glibc for these functions on the same binary. */
	double acc = 0;
	for (int k = 1; k < 200; k++) {
		double x = k * 0.37;
		acc += sin(x) + cos(x) * exp(-x / 50) + log(x) + sqrt(x) + pow(x, 1.5) + atan2(x, 3) + fmod(x * 10, 3.3);
	}
	printf("libm %.17g %a\n", acc, acc);
	return 0;
}
