/* The arithmetic API of src/isa/fp.h against Python's IEEE arithmetic (tests/fp/pycases.py on
 * stdin): result bits and the NX/OF flags of add, sub, mul, div and sqrt in RNE for binary16,
 * binary32 and binary64, int64 -> binary64 and binary64 -> int64 (RTZ), binary16/32 -> int8,
 * int16, uint16 (RTZ, with NV) and int16 -> binary16. Every case runs on the
 * host-FPU path and on the software path. UF is not compared here (Python does not report it;
 * the QEMU test covers it). Prints counts and "N passed, N failed". */
#include <stdio.h>
#include <string.h>
#include "isa/fp.h"

/* Narrow conversion results are returned sign-extended from the integer width (fp.h). */
static uint64_t sext_to(uint64_t r, unsigned bits, const char *op)
{
	if (!strcmp(op, "f2i") || bits >= 64)
		return r;
	return (uint64_t)((int64_t)(r << (64 - bits)) >> (64 - bits));
}

int main(void)
{
	char line[256], op[8];
	unsigned fmt;
	unsigned long long a, b, r, fl;
	unsigned long pass = 0, fail = 0, lines = 0, per_fmt[3] = { 0, 0, 0 };
	while (fgets(line, sizeof line, stdin)) {
		if (sscanf(line, "%7s %u %llx %llx %llx %llx", op, &fmt, &a, &b, &r, &fl) != 6 ||
		    (fmt != 16 && fmt != 32 && fmt != 64)) {
			fprintf(stderr, "api_test: error: malformed line: %s", line);
			return 2;
		}
		lines++;
		per_fmt[fmt == 16 ? 0 : fmt == 32 ? 1 : 2]++;
		for (int soft = 0; soft < 2; soft++) {
			uint32_t f = 0;
			uint64_t got;
			k64_fp_soft_only = soft;
			if (!strcmp(op, "add"))
				got = k64_fp_add(fmt, a, b, K64_RM_RNE, &f);
			else if (!strcmp(op, "sub"))
				got = k64_fp_sub(fmt, a, b, K64_RM_RNE, &f);
			else if (!strcmp(op, "mul"))
				got = k64_fp_mul(fmt, a, b, K64_RM_RNE, &f);
			else if (!strcmp(op, "div"))
				got = k64_fp_div(fmt, a, b, K64_RM_RNE, &f);
			else if (!strcmp(op, "sqrt"))
				got = k64_fp_sqrt(fmt, a, K64_RM_RNE, &f);
			else if (!strcmp(op, "i2f"))
				got = k64_fp_from_int(fmt, a, 64, true, K64_RM_RNE, &f);
			else if (!strcmp(op, "f2i"))
				got = k64_fp_to_int(fmt, a, 64, true, K64_RM_RTZ, &f);
			else if (!strcmp(op, "f2i8"))
				got = k64_fp_to_int(fmt, a, 8, true, K64_RM_RTZ, &f);
			else if (!strcmp(op, "f2i16"))
				got = k64_fp_to_int(fmt, a, 16, true, K64_RM_RTZ, &f);
			else if (!strcmp(op, "f2u16"))
				got = k64_fp_to_int(fmt, a, 16, false, K64_RM_RTZ, &f);
			else if (!strcmp(op, "i2f16"))
				got = k64_fp_from_int(fmt, a, 16, true, K64_RM_RNE, &f);
			else {
				fprintf(stderr, "api_test: error: unknown operation %s\n", op);
				return 2;
			}
			f &= K64_FFLAG_NX | K64_FFLAG_OF | K64_FFLAG_NV;
			if (!strncmp(op, "f2", 2))
				r = sext_to(r, op[3] == '8' ? 8 : 16, op);
			if (got == r && f == fl) {
				pass++;
			} else if (fail++ < 20) {
				printf("MISMATCH (%s path): %s    got %llx flags %x\n", soft ? "software" : "host",
				       line, (unsigned long long)got, f);
			}
		}
	}
	printf("Python cases: %lu (binary16 %lu, binary32 %lu, binary64 %lu), each on both paths\n",
	       lines, per_fmt[0], per_fmt[1], per_fmt[2]);
	printf("%lu passed, %lu failed\n", pass, fail);
	return fail || !lines;
}
