/* ISA string parsing: "rv64" + single letters + "_"-separated multi-letter extensions, parsed
 * once into extension flags.  Naming rules follow the unprivileged ISA manual, chapter "ISA
 * Extension Naming Conventions": single letters in the canonical order IMAFDQLCBKJTPVH, then
 * multi-letter extensions separated by underscores, ordered by the category letter that follows
 * the Z and then alphabetically.  Extension dependencies cite each extension's chapter. */
#include "core/isa.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define BIT(e) (1ull << (e))

/* Names indexed by enum k64_ext. */
static const char *const ext_names[K64_EXT_COUNT] = {
	[K64_EXT_I] = "i", [K64_EXT_M] = "m", [K64_EXT_A] = "a", [K64_EXT_F] = "f",
	[K64_EXT_D] = "d", [K64_EXT_C] = "c", [K64_EXT_V] = "v", [K64_EXT_H] = "h",
	[K64_EXT_ZICSR] = "zicsr", [K64_EXT_ZIFENCEI] = "zifencei", [K64_EXT_ZICNTR] = "zicntr",
	[K64_EXT_ZIHPM] = "zihpm", [K64_EXT_ZBA] = "zba", [K64_EXT_ZBB] = "zbb",
	[K64_EXT_ZBS] = "zbs", [K64_EXT_ZBC] = "zbc", [K64_EXT_ZICOND] = "zicond",
	[K64_EXT_ZFA] = "zfa", [K64_EXT_ZCA] = "zca", [K64_EXT_ZCD] = "zcd", [K64_EXT_ZCB] = "zcb",
	[K64_EXT_ZCMOP] = "zcmop", [K64_EXT_ZIMOP] = "zimop", [K64_EXT_ZFHMIN] = "zfhmin",
	[K64_EXT_ZIHINTPAUSE] = "zihintpause", [K64_EXT_ZIHINTNTL] = "zihintntl",
	[K64_EXT_ZICBOM] = "zicbom", [K64_EXT_ZICBOP] = "zicbop", [K64_EXT_ZICBOZ] = "zicboz",
	[K64_EXT_ZAWRS] = "zawrs", [K64_EXT_ZKT] = "zkt", [K64_EXT_ZVFHMIN] = "zvfhmin",
	[K64_EXT_ZVBB] = "zvbb", [K64_EXT_ZVKB] = "zvkb", [K64_EXT_ZVKT] = "zvkt",
	[K64_EXT_ZVBC] = "zvbc", [K64_EXT_ZVKNED] = "zvkned", [K64_EXT_ZVKNHA] = "zvknha",
	[K64_EXT_ZVKNHB] = "zvknhb", [K64_EXT_ZVKG] = "zvkg", [K64_EXT_ZVKSED] = "zvksed",
	[K64_EXT_ZVKSH] = "zvksh", [K64_EXT_ZVKNHK] = "zvknhk",
	[K64_EXT_XKROUND] = "xkround",
};

/* Multi-letter extensions in canonical order (naming conventions chapter: by the letter after
 * "z" in IMAFDQLCBKJTPVH order, then alphabetically; non-standard "x" extensions last).
 * zvlNb is printed after zvkt. */
static const enum k64_ext multi_order[] = {
	K64_EXT_ZICBOM, K64_EXT_ZICBOP, K64_EXT_ZICBOZ, K64_EXT_ZICNTR, K64_EXT_ZICOND,
	K64_EXT_ZICSR, K64_EXT_ZIFENCEI, K64_EXT_ZIHINTNTL, K64_EXT_ZIHINTPAUSE, K64_EXT_ZIHPM,
	K64_EXT_ZIMOP,
	K64_EXT_ZAWRS,
	K64_EXT_ZFA, K64_EXT_ZFHMIN,
	K64_EXT_ZCA, K64_EXT_ZCB, K64_EXT_ZCD, K64_EXT_ZCMOP,
	K64_EXT_ZBA, K64_EXT_ZBB, K64_EXT_ZBC, K64_EXT_ZBS,
	K64_EXT_ZKT,
	K64_EXT_ZVBB, K64_EXT_ZVBC, K64_EXT_ZVFHMIN, K64_EXT_ZVKB, K64_EXT_ZVKG, K64_EXT_ZVKNED,
	K64_EXT_ZVKNHA, K64_EXT_ZVKNHB, K64_EXT_ZVKNHK, K64_EXT_ZVKSED, K64_EXT_ZVKSH, K64_EXT_ZVKT,
	K64_EXT_XKROUND,
};

_Static_assert(sizeof multi_order / sizeof multi_order[0] == K64_EXT_COUNT - 8,
	       "every multi-letter extension needs a place in the canonical order");

/* Extensions that build on V (vector crypto chapter; zvknhk.md "Dependencies"). */
#define ON_V_BITS (BIT(K64_EXT_ZVFHMIN) | BIT(K64_EXT_ZVBB) | BIT(K64_EXT_ZVKB) | BIT(K64_EXT_ZVKT) | \
		   BIT(K64_EXT_ZVBC) | BIT(K64_EXT_ZVKNED) | BIT(K64_EXT_ZVKNHA) | BIT(K64_EXT_ZVKNHB) | \
		   BIT(K64_EXT_ZVKG) | BIT(K64_EXT_ZVKSED) | BIT(K64_EXT_ZVKSH) | BIT(K64_EXT_ZVKNHK))
#define G_BITS (BIT(K64_EXT_I) | BIT(K64_EXT_M) | BIT(K64_EXT_A) | BIT(K64_EXT_F) | \
		BIT(K64_EXT_D) | BIT(K64_EXT_ZICSR) | BIT(K64_EXT_ZIFENCEI))
#define ZVKN_BITS (BIT(K64_EXT_ZVKNED) | BIT(K64_EXT_ZVKNHB) | BIT(K64_EXT_ZVKB) | BIT(K64_EXT_ZVKT))
#define ZVKS_BITS (BIT(K64_EXT_ZVKSED) | BIT(K64_EXT_ZVKSH) | BIT(K64_EXT_ZVKB) | BIT(K64_EXT_ZVKT))

/* Vector-crypto shorthands (vector crypto chapter, "Extensions Overview": Zvkn, Zvknc, Zvkng,
 * Zvks, Zvksc, Zvksg) and the zve* subsets, which are accepted only next to full V. */
static const struct { const char *name; uint64_t bits; } shorthands[] = {
	{ "zvkn", ZVKN_BITS },
	{ "zvknc", ZVKN_BITS | BIT(K64_EXT_ZVBC) },
	{ "zvkng", ZVKN_BITS | BIT(K64_EXT_ZVKG) },
	{ "zvks", ZVKS_BITS },
	{ "zvksc", ZVKS_BITS | BIT(K64_EXT_ZVBC) },
	{ "zvksg", ZVKS_BITS | BIT(K64_EXT_ZVKG) },
};
static const char *const zve_names[] = { "zve32x", "zve32f", "zve64x", "zve64f", "zve64d" };

#define CANON_SINGLE "imafdqlcbkjtpvh"

/* Also offered as suggestions for misspelt tokens. */
static const char *const all_multi_names_extra[] = { "zvl128b", "zvl256b" };

void k64_isa_default(struct k64_isa *out)
{
	_Static_assert(K64_EXT_COUNT < 64, "one bit per extension in a uint64_t");
	/* xkround is ours, outside the Karu64 profile: only an ISA string that names it enables it */
	out->ext = (BIT(K64_EXT_COUNT) - 1) & ~BIT(K64_EXT_XKROUND);
	out->zvl = 0;
}

const char *k64_ext_name(enum k64_ext e)
{
	if ((unsigned)e >= K64_EXT_COUNT)
		return "?";
	return ext_names[e];
}

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	if (err && errlen) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return -1;
}

static size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	size_t row[64];
	if (la >= 63 || lb >= 63)
		return 99;
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0];
		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j];
			size_t best = diag + (a[i - 1] != b[j - 1]);
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[lb];
}

/* Nearest known multi-letter name within edit distance 2, or NULL. */
static const char *suggest(const char *tok)
{
	const char *best = NULL;
	size_t bestd = 3;
	for (size_t k = 0; k < sizeof multi_order / sizeof multi_order[0]; k++) {
		size_t d = edit_distance(tok, ext_names[multi_order[k]]);
		if (d < bestd)
			bestd = d, best = ext_names[multi_order[k]];
	}
	for (size_t k = 0; k < sizeof shorthands / sizeof shorthands[0]; k++) {
		size_t d = edit_distance(tok, shorthands[k].name);
		if (d < bestd)
			bestd = d, best = shorthands[k].name;
	}
	for (size_t k = 0; k < sizeof all_multi_names_extra / sizeof all_multi_names_extra[0]; k++) {
		size_t d = edit_distance(tok, all_multi_names_extra[k]);
		if (d < bestd)
			bestd = d, best = all_multi_names_extra[k];
	}
	return best;
}

/* "zvl<N>b": returns N (0 if the token is not of that shape, -1 if N is not allowed). */
static long parse_zvl(const char *tok)
{
	size_t n = strlen(tok);
	if (n < 5 || strncmp(tok, "zvl", 3) != 0 || tok[n - 1] != 'b')
		return 0;
	long v = 0;
	for (size_t i = 3; i < n - 1; i++) {
		if (!isdigit((unsigned char)tok[i]))
			return 0;
		if (v > 100000)
			return -1;
		v = v * 10 + (tok[i] - '0');
	}
	/* RVV 1.0 §18.1 (Zvl*): N is a power of two from 32 to 65536; this simulator supports VLEN up to 4096. */
	if (v < 32 || v > 4096 || (v & (v - 1)))
		return -1;
	return v;
}

int k64_isa_parse(const char *s, struct k64_isa *out, char *err, size_t errlen)
{
	char buf[1024];
	size_t n = s ? strlen(s) : 0;
	if (n == 0)
		return fail(err, errlen, "empty ISA string");
	if (s[0] == '+') {
		/* "+ext_ext...": the Karu64 profile plus those extensions (ours; e.g. +xkround) */
		struct k64_isa def;
		char full[1024];
		k64_isa_default(&def);
		k64_isa_format(&def, full, sizeof full);
		if (n < 2 || strlen(full) + n >= sizeof full)
			return fail(err, errlen, "'+' must be followed by extension names (e.g. +xkround)");
		strcat(full, "_");
		strcat(full, s + 1);
		if (k64_isa_parse(full, out, err, errlen))
			return -1;
		/* v's implied zvl128b would make 128 the default VLEN: keep the profile's unless named */
		if (!strstr(full + strlen(full) - (n - 1), "zvl") && !strstr(full + strlen(full) - (n - 1), "ZVL"))
			out->zvl = def.zvl;
		return 0;
	}
	if (n >= sizeof buf)
		return fail(err, errlen, "ISA string too long");
	for (size_t i = 0; i <= n; i++) {
		unsigned char ch = (unsigned char)s[i];
		if (ch && !isalnum(ch) && ch != '_')
			return fail(err, errlen, "invalid character 0x%02x in ISA string", ch);
		buf[i] = (char)tolower(ch);
	}

	if (strncmp(buf, "rv32", 4) == 0)
		return fail(err, errlen, "only rv64 is supported");
	if (strncmp(buf, "rv64", 4) != 0)
		return fail(err, errlen, "ISA string must start with 'rv64'");

	uint64_t ext = 0;
	unsigned zvl = 0;
	const char *p = buf + 4;

	/* Base: I or G first (naming conventions chapter: the base integer ISA comes first). */
	if (*p == 'i')
		ext |= BIT(K64_EXT_I);
	else if (*p == 'g')
		ext |= G_BITS;
	else if (*p == 'e')
		return fail(err, errlen, "unsupported base 'e' (only rv64i/rv64g)");
	else
		return fail(err, errlen, "base must be 'i' or 'g' right after 'rv64'");
	int last = 0;
	uint32_t seen_single = 1u;
	if (*p == 'g')   /* G = IMAFD_Zicsr_Zifencei: the letters up to D are taken */
		last = (int)(strchr(CANON_SINGLE, 'd') - CANON_SINGLE), seen_single = 0x1f;
	p++;

	/* Single-letter extensions, canonical order IMAFDQLCBKJTPVH. A 'z' starts the multi-letter part. */
	for (; *p && *p != '_' && *p != 'z'; p++) {
		char c = *p;
		if (isdigit((unsigned char)c))
			return fail(err, errlen, "version numbers are not supported ('%s')", s);
		if (c == 'g')
			return fail(err, errlen, "'g' must come right after 'rv64'");
		if (c == 'e')
			return fail(err, errlen, "unsupported extension 'e'");
		if (c == 's' || c == 'x')
			return fail(err, errlen, "multi-letter extension must be preceded by '_' near '%s'", p);
		const char *pos = strchr(CANON_SINGLE, c);
		if (!pos)
			return fail(err, errlen, "unknown extension '%c'", c);
		int idx = (int)(pos - CANON_SINGLE);
		if (seen_single & (1u << idx))
			return fail(err, errlen, "duplicated extension '%c'", c);
		if (idx < last)
			return fail(err, errlen, "extension '%c' out of canonical order (expected order %s)", c, CANON_SINGLE);
		seen_single |= 1u << idx;
		last = idx;
		switch (c) {
		case 'm': ext |= BIT(K64_EXT_M); break;
		case 'a': ext |= BIT(K64_EXT_A); break;
		case 'f': ext |= BIT(K64_EXT_F); break;
		case 'd': ext |= BIT(K64_EXT_D); break;
		case 'c': ext |= BIT(K64_EXT_C); break;
		case 'v': ext |= BIT(K64_EXT_V); break;
		case 'h': ext |= BIT(K64_EXT_H); break;
		default: return fail(err, errlen, "unsupported extension '%c'", c);
		}
	}

	/* Multi-letter extensions separated by '_'. */
	char seen_tok[64][32];
	size_t nseen = 0;
	bool want_zve = false;
	char zve_tok[32] = "", vec_tok[32] = "";
	if (*p == '_') {
		p++;
		if (!*p)
			return fail(err, errlen, "empty extension name (trailing '_')");
	}
	while (*p) {
		const char *end = strchr(p, '_');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		char tok[32];
		if (len == 0)
			return fail(err, errlen, "empty extension name (stray '_')");
		if (len >= sizeof tok)
			return fail(err, errlen, "unknown extension '%.*s'", (int)len, p);
		memcpy(tok, p, len);
		tok[len] = 0;
		p += len;
		if (*p == '_') {
			p++;
			if (!*p)
				return fail(err, errlen, "empty extension name (trailing '_')");
		}
		if (len == 1)
			return fail(err, errlen, "single-letter extension '%s' must come before the multi-letter ones", tok);
		for (size_t k = 0; k < nseen; k++)
			if (strcmp(seen_tok[k], tok) == 0)
				return fail(err, errlen, "duplicated extension '%s'", tok);
		if (nseen == sizeof seen_tok / sizeof seen_tok[0])
			return fail(err, errlen, "too many extensions");
		strcpy(seen_tok[nseen++], tok);

		bool found = false;
		for (int e = 0; e < K64_EXT_COUNT && !found; e++)
			if (ext_names[e][1] && strcmp(tok, ext_names[e]) == 0)
				ext |= BIT(e), found = true;
		for (size_t k = 0; k < sizeof shorthands / sizeof shorthands[0] && !found; k++)
			if (strcmp(tok, shorthands[k].name) == 0)
				ext |= shorthands[k].bits, found = true;
		for (size_t k = 0; k < sizeof zve_names / sizeof zve_names[0] && !found; k++)
			if (strcmp(tok, zve_names[k]) == 0) {
				want_zve = true, found = true;
				if (!zve_tok[0])
					snprintf(zve_tok, sizeof zve_tok, "%s", tok);
			}
		if (!found) {
			long v = parse_zvl(tok);
			if (v < 0)
				return fail(err, errlen, "bad zvl value '%s' (need zvlNb, N a power of two from 32 to 4096)", tok);
			if (v > 0) {
				if ((unsigned)v > zvl)
					zvl = (unsigned)v;
				found = true;
			}
		}
		if (found && !vec_tok[0] && (ext & ON_V_BITS))
			snprintf(vec_tok, sizeof vec_tok, "%s", tok);
		if (!found) {
			if (tok[0] == 's' || tok[0] == 'x' || tok[0] == 'h')
				return fail(err, errlen, "unsupported extension '%s'", tok);
			const char *near = suggest(tok);
			if (near)
				return fail(err, errlen, "unknown extension '%s' (did you mean '%s'?)", tok, near);
			return fail(err, errlen, "unknown extension '%s'", tok);
		}
	}

	/* Implications. */
	if (ext & BIT(K64_EXT_C)) {           /* Zc* chapter: C = Zca, plus Zcd when D is present */
		ext |= BIT(K64_EXT_ZCA);
		if (ext & BIT(K64_EXT_D))
			ext |= BIT(K64_EXT_ZCD);
	}
	/* F, V and the counters need CSR access (F chapter; RVV §3; Zicntr/Zihpm chapter). */
	if (ext & (BIT(K64_EXT_F) | BIT(K64_EXT_V) | BIT(K64_EXT_ZICNTR) | BIT(K64_EXT_ZIHPM)))
		ext |= BIT(K64_EXT_ZICSR);
	if (ext & BIT(K64_EXT_ZVBB))          /* vector crypto: Zvbb is a superset of Zvkb */
		ext |= BIT(K64_EXT_ZVKB);
	if (ext & BIT(K64_EXT_ZVKNHB))        /* Zvknhb (SHA-512) includes Zvknha (SHA-256) */
		ext |= BIT(K64_EXT_ZVKNHA);
	/* RVV §18.3: V implies Zvl128b; zvknhk.md "Dependencies": Zvknhk implies Zvl128b. */
	if ((ext & (BIT(K64_EXT_V) | BIT(K64_EXT_ZVKNHK))) && zvl < 128)
		zvl = 128;

	/* Consistency. */
	static const struct { enum k64_ext e, need; const char *why; } needs[] = {
		{ K64_EXT_D, K64_EXT_F, "d requires f" },
		{ K64_EXT_ZFA, K64_EXT_F, "zfa requires f" },
		{ K64_EXT_ZFHMIN, K64_EXT_F, "zfhmin requires f" },
		{ K64_EXT_V, K64_EXT_D, "v requires d (RVV 1.0 full V needs F and D)" },
		{ K64_EXT_ZCD, K64_EXT_D, "zcd requires d" },
		{ K64_EXT_ZCD, K64_EXT_ZCA, "zcd requires zca (or c)" },
		{ K64_EXT_ZCB, K64_EXT_ZCA, "zcb requires zca (or c)" },
		{ K64_EXT_ZCMOP, K64_EXT_ZCA, "zcmop requires zca (or c)" },
	};
	for (size_t k = 0; k < sizeof needs / sizeof needs[0]; k++)
		if ((ext & BIT(needs[k].e)) && !(ext & BIT(needs[k].need)))
			return fail(err, errlen, "%s", needs[k].why);
	if (want_zve && !(ext & BIT(K64_EXT_V)))
		return fail(err, errlen, "%s without v is not supported", zve_tok);
	if (vec_tok[0] && !(ext & BIT(K64_EXT_V)))
		return fail(err, errlen, "%s requires v", vec_tok);
	if (zvl && !(ext & BIT(K64_EXT_V)))
		return fail(err, errlen, "zvl%ub requires v", zvl);

	out->ext = ext;
	out->zvl = zvl;
	return 0;
}

void k64_isa_format(const struct k64_isa *isa, char *buf, size_t len)
{
	static const enum k64_ext singles[] = { K64_EXT_I, K64_EXT_M, K64_EXT_A, K64_EXT_F,
						K64_EXT_D, K64_EXT_C, K64_EXT_V, K64_EXT_H };
	size_t o = 0;
	char tmp[1024];
	o += (size_t)snprintf(tmp + o, sizeof tmp - o, "rv64");
	for (size_t k = 0; k < sizeof singles / sizeof singles[0]; k++)
		if (k64_has(isa, singles[k]))
			tmp[o++] = ext_names[singles[k]][0];
	tmp[o] = 0;
	for (size_t k = 0; k < sizeof multi_order / sizeof multi_order[0]; k++) {
		if (k64_has(isa, multi_order[k]))
			o += (size_t)snprintf(tmp + o, sizeof tmp - o, "_%s", ext_names[multi_order[k]]);
		if (multi_order[k] == K64_EXT_ZVKT && isa->zvl)
			o += (size_t)snprintf(tmp + o, sizeof tmp - o, "_zvl%ub", isa->zvl);
	}
	if (len)
		snprintf(buf, len, "%s", tmp);
}
