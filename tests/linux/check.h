/* Minimal test reporting for guest programs: each check prints what it compared; the last
 * line is "N passed, N failed" and the exit status is non-zero on failure. */
#ifndef LINUX_TEST_CHECK_H
#define LINUX_TEST_CHECK_H
#include <stdio.h>
#include <stdlib.h>

static int t_pass, t_fail;

#define CHECK(cond, ...)                                                \
	do {                                                            \
		if (cond) {                                             \
			t_pass++;                                       \
			printf("ok: ");                                 \
		} else {                                                \
			t_fail++;                                       \
			printf("FAIL (%s:%d): ", __FILE__, __LINE__);   \
		}                                                       \
		printf(__VA_ARGS__);                                    \
		printf("\n");                                           \
	} while (0)

#define CHECK_EQ(a, b, what)                                                            \
	do {                                                                            \
		long long a_ = (long long)(a), b_ = (long long)(b);                     \
		CHECK(a_ == b_, "%s: got %lld (0x%llx), expected %lld (0x%llx)", what,  \
		      a_, (unsigned long long)a_, b_, (unsigned long long)b_);          \
	} while (0)

static inline int t_done(void)
{
	printf("%d passed, %d failed\n", t_pass, t_fail);
	fflush(stdout);
	return t_fail ? 1 : 0;
}
#endif
