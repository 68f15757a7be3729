/* dlopen/dlsym of the guest root's libm: ld.so maps a library at run time (file mmap,
 * mprotect, relocation), the symbols compute what the IEEE 754 operations give, dladdr names
 * the library, dlclose unmaps it and a missing library fails cleanly (dlerror).
 * The output is deterministic: run.sh compares karu64's with QEMU's. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <math.h>
#include <string.h>
#include "../linux/check.h"

int main(void)
{
	void *h = dlopen("libm.so.6", RTLD_NOW | RTLD_LOCAL);
	CHECK(h != NULL, "dlopen libm.so.6 (%s)", h ? "ok" : dlerror());
	if (!h)
		return t_done();
	double (*p_sqrt)(double) = (double (*)(double))dlsym(h, "sqrt");
	double (*p_cos)(double) = (double (*)(double))dlsym(h, "cos");
	double (*p_pow)(double, double) = (double (*)(double, double))dlsym(h, "pow");
	float (*p_fmaf)(float, float, float) = (float (*)(float, float, float))dlsym(h, "fmaf");
	CHECK(p_sqrt && p_cos && p_pow && p_fmaf, "dlsym sqrt, cos, pow, fmaf");
	if (!(p_sqrt && p_cos && p_pow && p_fmaf))
		return t_done();
	/* Exactly representable results (correctly rounded operations and exact special cases). */
	CHECK(p_sqrt(2.25) == 1.5, "sqrt(2.25) = %a", p_sqrt(2.25));
	CHECK(p_sqrt(-1.0) != p_sqrt(-1.0), "sqrt(-1) is a NaN");
	CHECK(p_cos(0.0) == 1.0, "cos(0) = %a", p_cos(0.0));
	CHECK(p_pow(2.0, 10.0) == 1024.0, "pow(2, 10) = %a", p_pow(2.0, 10.0));
	CHECK(p_pow(-8.0, 1.0 / 3) != p_pow(-8.0, 1.0 / 3), "pow(-8, 1/3) is a NaN");
	CHECK(p_fmaf(0x1.001p0f, 0x1.001p0f, -1.0f) == 0x1.0008p-11f,
	      "fmaf(1+2^-12, 1+2^-12, -1) = %a (one rounding keeps 2^-24)", (double)p_fmaf(0x1.001p0f, 0x1.001p0f, -1.0f));
	volatile double x = 0.5;
	printf("cos(0.5) = %a, pow(1.5, 2.5) = %a\n", p_cos(x), p_pow(x + 1, x + 2));

	Dl_info info;
	CHECK(dladdr((void *)p_cos, &info) && info.dli_fname && strstr(info.dli_fname, "libm.so.6"),
	      "dladdr(cos) names libm.so.6");
	CHECK(info.dli_sname && info.dli_saddr == (void *)p_cos, "dladdr(cos) finds the symbol %s at cos",
	      info.dli_sname ? info.dli_sname : "(none)");
	CHECK(dlsym(h, "no_such_symbol_karu64") == NULL, "dlsym of a missing symbol fails");
	CHECK(dlclose(h) == 0, "dlclose libm");

	void *bad = dlopen("libkaru64-does-not-exist.so.1", RTLD_NOW);
	const char *e = dlerror();
	CHECK(bad == NULL && e && strstr(e, "libkaru64-does-not-exist.so.1"),
	      "dlopen of a missing library fails: %s", e ? e : "(no dlerror)");
	return t_done();
}
