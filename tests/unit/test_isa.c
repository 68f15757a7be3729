/* k64_isa_parse / k64_isa_format / k64_isa_default against hand-written expectations.
 * Sources: unprivileged ISA manual, chapter "ISA Extension Naming Conventions" (rv64 prefix,
 * base I or G first, G = IMAFD_Zicsr_Zifencei, single letters in the order IMAFDQLCBKJTPVH,
 * multi-letter extensions separated by '_' and ordered by category letter then alphabetically);
 * the C / Zc* chapter (C = Zca, plus Zcd with D; Zcb, Zcmop and Zcd need Zca; Zcd needs D);
 * RVV 1.0 (V needs F and D, V implies Zvl128b, ZvlNb with N a power of two); the vector crypto
 * chapter (Zvkn/Zvknc/Zvkng/Zvks/Zvksc/Zvksg shorthands, Zvbb contains Zvkb, Zvknhb contains
 * Zvknha); /work/shared/spec/zvknhk.md (Zvknhk implies Zve64x and Zvl128b); doc/xkround.md
 * (xkround: ours, not in the default profile). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/isa.h"

static int passed, failed;

static void check(int ok, const char *what, const char *detail)
{
	if (ok) {
		passed++;
	} else {
		failed++;
		printf("FAIL %s: %s\n", what, detail);
	}
}

/* Space-separated extension names -> flags (names written by hand in the tables below). */
static uint64_t flags_of(const char *names)
{
	uint64_t f = 0;
	char buf[1024], *save = NULL;
	snprintf(buf, sizeof buf, "%s", names);
	for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
		int e;
		for (e = 0; e < K64_EXT_COUNT; e++)
			if (strcmp(k64_ext_name((enum k64_ext)e), t) == 0)
				break;
		if (e == K64_EXT_COUNT) {
			fprintf(stderr, "test_isa: error: no extension named '%s' in the test table\n", t);
			exit(2);
		}
		f |= 1ull << e;
	}
	return f;
}

#define G "i m a f d zicsr zifencei"
#define GC G " c zca zcd"
#define GCV GC " v"

static const struct good {
	const char *s;
	const char *ext;
	unsigned zvl;
	const char *canon;   /* expected k64_isa_format output, or NULL */
} good[] = {
	{ "rv64i", "i", 0, "rv64i" },
	{ "rv64g", G, 0, "rv64imafd_zicsr_zifencei" },
	{ "RV64GC", GC, 0, "rv64imafdc_zicsr_zifencei_zca_zcd" },
	{ "rv64imafd_zicsr_zifencei", G, 0, "rv64imafd_zicsr_zifencei" },
	{ "rv64imac", "i m a c zca", 0, "rv64imac_zca" },
	{ "rv64imc", "i m c zca", 0, NULL },
	{ "rv64ic_zcb_zcmop", "i c zca zcb zcmop", 0, "rv64ic_zca_zcb_zcmop" },
	{ "rv64i_zca_zcb", "i zca zcb", 0, "rv64i_zca_zcb" },
	{ "rv64ifd_zca_zcd", "i f d zicsr zca zcd", 0, NULL },
	{ "rv64gcv", GCV, 128, "rv64imafdcv_zicsr_zifencei_zca_zcd_zvl128b" },
	{ "rv64gch", GC " h", 0, "rv64imafdch_zicsr_zifencei_zca_zcd" },
	{ "rv64gv", G " v", 128, NULL },
	{ "rv64gcv_zvl256b", GCV, 256, NULL },
	{ "rv64gcv_zvl64b", GCV, 128, NULL },
	{ "rv64gcv_zvl64b_zvl1024b_zvl512b", GCV, 1024, NULL },
	{ "rv64gcv_zvl4096b", GCV, 4096, NULL },
	{ "rv64gcv_zvl32b", GCV, 128, NULL },
	{ "rv64gcv_zve64d", GCV, 128, NULL },
	{ "rv64gcv_zve32x_zve64x", GCV, 128, NULL },
	{ "rv64gczba", GC " zba", 0, NULL },
	{ "rv64gc_zba_zbb_zbs_zbc_zicond", GC " zba zbb zbs zbc zicond", 0, NULL },
	{ "rv64i_zicntr", "i zicntr zicsr", 0, "rv64i_zicntr_zicsr" },
	{ "rv64i_zihpm_zicsr", "i zihpm zicsr", 0, NULL },
	{ "rv64if_zfa_zfhmin", "i f zicsr zfa zfhmin", 0, "rv64if_zicsr_zfa_zfhmin" },
	{ "rv64gcv_zvkt_zba_zicond", GCV " zvkt zba zicond", 128,
	  "rv64imafdcv_zicond_zicsr_zifencei_zca_zcd_zba_zvkt_zvl128b" },
	{ "rv64gcv_zvbb", GCV " zvbb zvkb", 128, NULL },
	/* our custom round-step Keccak extension (doc/xkround.md): "x" names come last */
	{ "rv64gc_xkround", GC " xkround", 0, "rv64imafdc_zicsr_zifencei_zca_zcd_xkround" },
	{ "rv64i_xkround", "i xkround", 0, "rv64i_xkround" },
	{ "rv64gcv_xkround_zvknhk", GCV " xkround zvknhk", 128,
	  "rv64imafdcv_zicsr_zifencei_zca_zcd_zvknhk_zvl128b_xkround" },
	{ "rv64gcv_zvknhb", GCV " zvknhb zvknha", 128, NULL },
	{ "rv64gcv_zvkn", GCV " zvkned zvknhb zvknha zvkb zvkt", 128, NULL },
	{ "rv64gcv_zvknc", GCV " zvkned zvknhb zvknha zvkb zvkt zvbc", 128, NULL },
	{ "rv64gcv_zvkng", GCV " zvkned zvknhb zvknha zvkb zvkt zvkg", 128, NULL },
	{ "rv64gcv_zvks", GCV " zvksed zvksh zvkb zvkt", 128, NULL },
	{ "rv64gcv_zvksc", GCV " zvksed zvksh zvkb zvkt zvbc", 128, NULL },
	{ "rv64gcv_zvksg", GCV " zvksed zvksh zvkb zvkt zvkg", 128, NULL },
	{ "rv64gcv_zvknhk", GCV " zvknhk", 128, NULL },
	/* the example strings of zvknhk.md and of the isa.h comment */
	{ "rv64gcv_zvl256b_zvkng_zvksg_zvknhk",
	  GCV " zvkned zvknhb zvknha zvkb zvkt zvkg zvksed zvksh zvknhk", 256, NULL },
	{ "rv64gcv_zvl256b_zba_zbb_zbs_zvkng_zvknhk",
	  GCV " zba zbb zbs zvkned zvknhb zvknha zvkb zvkt zvkg zvknhk", 256, NULL },
	{ "RV64GCV_ZVKNG_ZVkNhK", GCV " zvkned zvknhb zvknha zvkb zvkt zvkg zvknhk", 128, NULL },
	{ "rv64gcv_zvkned_zvkn", GCV " zvkned zvknhb zvknha zvkb zvkt", 128, NULL },
	{ "rv64gcv_zvfhmin", GCV " zvfhmin", 128, NULL },
	{ "rv64gc_zihintpause_zihintntl_zicbom_zicbop_zicboz_zawrs_zkt_zimop",
	  GC " zihintpause zihintntl zicbom zicbop zicboz zawrs zkt zimop", 0,
	  "rv64imafdc_zicbom_zicbop_zicboz_zicsr_zifencei_zihintntl_zihintpause_zimop_zawrs_zca_zcd_zkt" },
};

static const struct bad {
	const char *s;
	const char *err;     /* expected substring of the message */
	const char *not_in;  /* must not appear (or NULL) */
} bad[] = {
	{ "", "empty", NULL },
	{ "rv64gc_xkround_xkround", "duplicated extension 'xkround'", NULL },
	{ "rv64gc_xkroun", "unsupported extension 'xkroun'", NULL },
	{ "rv64gcxkround", "must be preceded by '_'", NULL },
	{ "rv32gc", "only rv64 is supported", NULL },
	{ "rv32i", "only rv64 is supported", NULL },
	{ "gc", "must start with 'rv64'", NULL },
	{ "rv128i", "must start with 'rv64'", NULL },
	{ "64gc", "must start with 'rv64'", NULL },
	{ "rv64", "base must be 'i' or 'g'", NULL },
	{ "rv64mafd", "base must be 'i' or 'g'", NULL },
	{ "rv64_zba", "base must be 'i' or 'g'", NULL },
	{ "rv64e", "unsupported", NULL },
	{ "rv64ie", "unsupported extension 'e'", NULL },
	{ "rv64gq", "unsupported extension 'q'", NULL },
	{ "rv64ghc", "out of canonical order", NULL },
	{ "rv64gcb", "unsupported extension 'b'", NULL },
	{ "rv64imfa", "out of canonical order", NULL },
	{ "rv64gvc", "out of canonical order", NULL },
	{ "rv64icm", "out of canonical order", NULL },
	{ "rv64imm", "duplicated extension 'm'", NULL },
	{ "rv64gm", "duplicated extension 'm'", NULL },
	{ "rv64gcd", "duplicated extension 'd'", NULL },
	{ "rv64gi", "duplicated extension 'i'", NULL },
	{ "rv64ig", "'g' must come right after 'rv64'", NULL },
	{ "rv64iy", "unknown extension 'y'", NULL },
	{ "rv64gc_zbbb", "unknown extension 'zbbb' (did you mean 'zbb'?)", NULL },
	{ "rv64gc_zicsrr", "did you mean 'zicsr'?", NULL },
	{ "rv64gcv_zvknhj", "did you mean 'zvknh", NULL },
	{ "rv64gc_zifence", "did you mean 'zifencei'?", NULL },
	{ "rv64gc_zqqqqq", "unknown extension 'zqqqqq'", "did you mean" },
	{ "rv64gc_zba_zbb_zba", "duplicated extension 'zba'", NULL },
	{ "rv64gcv_zvkng_zvkng", "duplicated extension 'zvkng'", NULL },
	{ "rv64gc__zba", "empty extension name", NULL },
	{ "rv64gc_", "empty extension name", NULL },
	{ "rv64gc_zba_", "empty extension name", NULL },
	{ "rv64gc_m", "single-letter", NULL },
	{ "rv64gc_sstc", "unsupported extension 'sstc'", NULL },
	{ "rv64gc_xtheadba", "unsupported extension 'xtheadba'", NULL },
	{ "rv64gcs", "preceded by '_'", NULL },
	{ "rv64i2p1", "version numbers are not supported", NULL },
	{ "rv64gcv_zvl100b", "bad zvl value", NULL },
	{ "rv64gcv_zvl16b", "bad zvl value", NULL },
	{ "rv64gcv_zvl8192b", "bad zvl value", NULL },
	{ "rv64gcv_zvl99999999999b", "bad zvl value", NULL },
	{ "rv64gc_zvl256b", "zvl256b requires v", NULL },
	{ "rv64imadc", "d requires f", NULL },
	{ "rv64imafcv", "v requires d", NULL },
	{ "rv64ic_zfa", "zfa requires f", NULL },
	{ "rv64i_zfhmin", "zfhmin requires f", NULL },
	{ "rv64i_zcb", "zcb requires zca", NULL },
	{ "rv64i_zcmop", "zcmop requires zca", NULL },
	{ "rv64i_zca_zcd", "zcd requires d", NULL },
	{ "rv64ifd_zcd", "zcd requires zca", NULL },
	{ "rv64gc_zve64x", "zve64x without v is not supported", NULL },
	{ "rv64gc_zve32f", "zve32f without v is not supported", NULL },
	{ "rv64gc_zvkned", "zvkned requires v", NULL },
	{ "rv64gc_zvknhk", "zvknhk requires v", NULL },
	{ "rv64gc_zvbb", "zvbb requires v", NULL },
	{ "rv64gc_zvfhmin", "zvfhmin requires v", NULL },
	{ "rv64gc_zvkng", "requires v", NULL },
	{ "rv64gc_zabcdefghijklmnopqrstuvwxyz0123456789", "unknown extension", NULL },
	{ "rv64gc\n", "invalid character 0x0a", NULL },
	{ "rv64gc_zb\tb", "invalid character 0x09", NULL },
	{ "rv64gc zba", "invalid character 0x20", NULL },
	{ "rv64gc-zba", "invalid character 0x2d", NULL },
	{ "+", "'+' must be followed by extension names", NULL },
	{ "+zqqq", "unknown extension 'zqqq'", NULL },
};

int main(void)
{
	char err[256], buf[2600], what[1200];
	struct k64_isa isa;

	for (size_t k = 0; k < sizeof good / sizeof good[0]; k++) {
		const struct good *g = &good[k];
		memset(&isa, 0xa5, sizeof isa);
		err[0] = 0;
		int rc = k64_isa_parse(g->s, &isa, err, sizeof err);
		snprintf(what, sizeof what, "parse \"%s\"", g->s);
		check(rc == 0, what, err);
		if (rc)
			continue;
		uint64_t want = flags_of(g->ext);
		snprintf(buf, sizeof buf, "flags %#llx want %#llx", (unsigned long long)isa.ext,
			 (unsigned long long)want);
		check(isa.ext == want, what, buf);
		snprintf(buf, sizeof buf, "zvl %u want %u", isa.zvl, g->zvl);
		check(isa.zvl == g->zvl, what, buf);
		char canon[1024];
		k64_isa_format(&isa, canon, sizeof canon);
		if (g->canon) {
			snprintf(buf, sizeof buf, "format \"%s\" want \"%s\"", canon, g->canon);
			check(strcmp(canon, g->canon) == 0, what, buf);
		}
		/* the canonical string parses back to the same configuration */
		struct k64_isa again;
		rc = k64_isa_parse(canon, &again, err, sizeof err);
		snprintf(buf, sizeof buf, "re-parse of \"%s\": %s", canon, rc ? err : "differs");
		check(rc == 0 && again.ext == isa.ext && again.zvl == isa.zvl, what, buf);
	}
	printf("  %zu good strings checked (flags, zvl, canonical form, round trip)\n", sizeof good / sizeof good[0]);

	/* "+xkround": the default profile with exactly one flag more */
	struct k64_isa def;
	k64_isa_default(&def);
	int rc0 = k64_isa_parse("+xkround", &isa, err, sizeof err);
	check(rc0 == 0 && isa.ext == (def.ext | (1ull << K64_EXT_XKROUND)) && isa.zvl == def.zvl &&
	      !(def.ext & (1ull << K64_EXT_XKROUND)), "parse \"+xkround\"", rc0 ? err : "flags differ");

	for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
		const struct bad *b = &bad[k];
		err[0] = 0;
		int rc = k64_isa_parse(b->s, &isa, err, sizeof err);
		snprintf(what, sizeof what, "reject \"%s\"", b->s);
		snprintf(buf, sizeof buf, "rc %d, message \"%s\", want substring \"%s\"%s%s", rc, err, b->err,
			 b->not_in ? " and not " : "", b->not_in ? b->not_in : "");
		check(rc == -1 && strstr(err, b->err) && !strchr(err, '\n') &&
		      (!b->not_in || !strstr(err, b->not_in)), what, buf);
		printf("    %-44s -> %s\n", b->s, err);
	}
	printf("  %zu bad strings checked (error message substrings)\n", sizeof bad / sizeof bad[0]);

	/* A short buffer truncates the message instead of overflowing. */
	char tiny[8];
	memset(tiny, 'x', sizeof tiny);
	check(k64_isa_parse("rv32i", &isa, tiny, sizeof tiny) == -1 && tiny[7] == 0,
	      "short error buffer", "not NUL-terminated");

	/* The Karu64 profile (karu64.md section 1): every extension this build has, zvl 0. */
	k64_isa_default(&isa);
	const char *profile = GCV " h zicntr zihpm zba zbb zbs zbc zicond zfa zcb zcmop zimop zfhmin "
		"zihintpause zihintntl zicbom zicbop zicboz zawrs zkt zvfhmin zvbb zvkb zvkt zvbc "
		"zvkned zvknha zvknhb zvkg zvksed zvksh zvknhk";
	snprintf(buf, sizeof buf, "flags %#llx zvl %u", (unsigned long long)isa.ext, isa.zvl);
	check(isa.ext == flags_of(profile) && isa.zvl == 0, "k64_isa_default", buf);
	char canon[1024];
	k64_isa_format(&isa, canon, sizeof canon);
	printf("  default profile: %s\n", canon);
	struct k64_isa again;
	int rc = k64_isa_parse(canon, &again, err, sizeof err);
	snprintf(buf, sizeof buf, "\"%s\": %s", canon, rc ? err : "flags differ");
	check(rc == 0 && again.ext == isa.ext && again.zvl == 128, "default profile re-parses", buf);
	/* A short output buffer truncates and stays terminated. */
	memset(tiny, 'x', sizeof tiny);
	k64_isa_format(&isa, tiny, sizeof tiny);
	check(strcmp(tiny, "rv64ima") == 0, "format into short buffer", tiny);

	/* Names: one per flag, distinct, lowercase. */
	int names_ok = 1;
	for (int e = 0; e < K64_EXT_COUNT; e++) {
		const char *n = k64_ext_name((enum k64_ext)e);
		if (!n || !*n)
			names_ok = 0;
		for (int f = 0; n && f < e; f++)
			if (strcmp(n, k64_ext_name((enum k64_ext)f)) == 0)
				names_ok = 0;
	}
	check(names_ok, "k64_ext_name", "missing or duplicate name");
	check(strcmp(k64_ext_name(K64_EXT_ZVKNHK), "zvknhk") == 0 && strcmp(k64_ext_name(K64_EXT_COUNT), "?") == 0,
	      "k64_ext_name values", "zvknhk / out of range");

	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
