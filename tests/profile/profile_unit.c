/* Host unit test of src/timing/profile.c: synthetic symbol tables and retire streams whose
 * self, inclusive and call counts and folded lines are worked out by hand in the comments.
 * The table is checked by parsing what k64_profile_write_table writes.
 *   profile_unit            run the tests
 *   profile_unit --bench N  time N plain retires in one function (a benchmark, not a test) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "timing/profile.h"

static int pass, fail;
#define CHECK(c, ...) do { if (c) { pass++; printf("ok: "); } else { fail++; printf("FAIL: "); } \
	printf(__VA_ARGS__); printf("\n"); } while (0)

/* Retire helpers: 4-byte instructions. */
static void ins(struct k64_profile *p, uint64_t pc, uint64_t cyc)
{
	k64_profile_retire(p, pc, 4, K64_PROF_PLAIN, pc + 4, cyc);
}
static void call(struct k64_profile *p, uint64_t pc, uint64_t to, uint64_t cyc)
{
	k64_profile_retire(p, pc, 4, K64_PROF_CALL, to, cyc);
}
static void ret(struct k64_profile *p, uint64_t pc, uint64_t to, uint64_t cyc)
{
	k64_profile_retire(p, pc, 4, K64_PROF_RET, to, cyc);
}
static void jump(struct k64_profile *p, uint64_t pc, uint64_t to, uint64_t cyc)
{
	k64_profile_retire(p, pc, 4, K64_PROF_JUMP, to, cyc);
}

struct row {
	unsigned long long self_cyc, incl_cyc, self_ins, incl_ins, calls;
	double self_pct, incl_pct;
	char name[128];
};

struct table {
	int nrows;
	struct row row[64];
	struct row total;
	int ok;         /* header and totals line found, every row parsed */
	char raw[1 << 14], text[1 << 14];
};

static void read_table(const struct k64_profile *p, struct table *t)
{
	memset(t, 0, sizeof *t);
	FILE *f = fmemopen(t->raw, sizeof t->raw - 1, "w");
	int r = k64_profile_write_table(p, f);
	fclose(f);
	memcpy(t->text, t->raw, sizeof t->text);
	char *save, *line = strtok_r(t->text, "\n", &save);
	t->ok = r == 0 && line && strstr(line, "self-cycles") && strstr(line, "function");
	while ((line = strtok_r(NULL, "\n", &save))) {
		struct row x;
		int at = -1;
		sscanf(line, "%llu %lf%% %llu %lf%% %llu %llu %llu %n", &x.self_cyc, &x.self_pct, &x.incl_cyc,
		       &x.incl_pct, &x.self_ins, &x.incl_ins, &x.calls, &at);
		if (at < 0 || !line[at]) {
			t->ok = 0;
			continue;
		}
		snprintf(x.name, sizeof x.name, "%s", line + at); /* the rest: "[unknown 0x1100]" */
		if (!strcmp(x.name, "[total]"))
			t->total = x;
		else if (t->nrows < 64)
			t->row[t->nrows++] = x;
	}
	t->ok = t->ok && t->total.name[0];
}

static const struct row *find(const struct table *t, const char *name)
{
	for (int i = 0; i < t->nrows; i++)
		if (!strcmp(t->row[i].name, name))
			return &t->row[i];
	return NULL;
}

static void folded(const struct k64_profile *p, char *buf, size_t n)
{
	memset(buf, 0, n);
	FILE *f = fmemopen(buf, n - 1, "w");
	int r = k64_profile_write_folded(p, f);
	fclose(f);
	if (r)
		snprintf(buf, n, "(write_folded failed)");
}

/* One function's expected row: self cycles, inclusive cycles, self and inclusive instructions,
 * calls. */
static void expect(const struct table *t, const char *test, const char *name, unsigned long long sc,
		   unsigned long long ic, unsigned long long si, unsigned long long ii, unsigned long long calls)
{
	const struct row *r = find(t, name);
	CHECK(r && r->self_cyc == sc && r->incl_cyc == ic && r->self_ins == si && r->incl_ins == ii &&
	      r->calls == calls,
	      "%s: %s self %llu/%llu incl %llu/%llu calls %llu (expected self %llu/%llu incl %llu/%llu calls %llu)",
	      test, name, r ? r->self_cyc : 0, r ? r->self_ins : 0, r ? r->incl_cyc : 0, r ? r->incl_ins : 0,
	      r ? r->calls : 0, sc, si, ic, ii, calls);
}

/* What holds for every profile: the table parses; self counts and folded counts add up to the
 * totals; rows are sorted by self cycles; nobody's inclusive count exceeds the total. */
static void invariants(const struct k64_profile *p, const char *test, unsigned long long cyc,
		       unsigned long long n)
{
	struct table t;
	read_table(p, &t);
	unsigned long long sc = 0, si = 0, fsum = 0;
	int sorted = 1, bounded = 1;
	for (int i = 0; i < t.nrows; i++) {
		sc += t.row[i].self_cyc;
		si += t.row[i].self_ins;
		sorted &= i == 0 || t.row[i - 1].self_cyc >= t.row[i].self_cyc;
		bounded &= t.row[i].incl_cyc <= cyc && t.row[i].incl_ins <= n &&
			   t.row[i].self_cyc <= t.row[i].incl_cyc && t.row[i].self_ins <= t.row[i].incl_ins;
	}
	static char buf[1 << 20];
	folded(p, buf, sizeof buf);
	char *save;
	for (char *l = strtok_r(buf, "\n", &save); l; l = strtok_r(NULL, "\n", &save))
		fsum += strrchr(l, ' ') ? strtoull(strrchr(l, ' ') + 1, NULL, 10) : 1ull << 63;
	CHECK(t.ok && t.total.self_cyc == cyc && t.total.self_ins == n && sc == cyc && si == n && fsum == cyc &&
	      sorted && bounded,
	      "%s: table parses, totals %llu cycles %llu instructions (expected %llu, %llu), self sums %llu/%llu, "
	      "folded sum %llu, sorted %d, inclusive within bounds %d",
	      test, t.total.self_cyc, t.total.self_ins, cyc, n, sc, si, fsum, sorted, bounded);
}

static void check_folded(const struct k64_profile *p, const char *test, const char *want)
{
	static char buf[1 << 20];
	folded(p, buf, sizeof buf);
	if (!strcmp(buf, want))
		CHECK(1, "%s: folded stacks as expected", test);
	else
		CHECK(0, "%s: folded stacks\n--- got\n%s--- expected\n%s---", test, buf, want);
}

static struct k64_profile *two_funcs(void)
{
	struct k64_profile *p = k64_profile_new();
	k64_profile_add_symbol(p, "main", 0x1000, 0x100);
	k64_profile_add_symbol(p, "f", 0x2000, 0x100);
	return p;
}

/* main (1, 2, call 3) -> f (10, ret 5) -> main (1):
 * main self 7/4, f self 15/2; main inclusive 22/6; one call of f. */
static void test_call(void)
{
	struct k64_profile *p = two_funcs();
	ins(p, 0x1000, 1);
	ins(p, 0x1004, 2);
	call(p, 0x1008, 0x2000, 3);
	ins(p, 0x2000, 10);
	ret(p, 0x2004, 0x100c, 5);
	ins(p, 0x100c, 1);
	struct table t;
	read_table(p, &t);
	expect(&t, "call", "main", 7, 22, 4, 6, 0);
	expect(&t, "call", "f", 15, 15, 2, 2, 1);
	CHECK(t.nrows == 2 && !strcmp(t.row[0].name, "f") && t.total.calls == 1,
	      "call: 2 rows, f (more self cycles) first, 1 call in total");
	invariants(p, "call", 22, 6);
	check_folded(p, "call", "main 7\nmain;f 15\n");
	k64_profile_free(p);
}

/* main calls r, which calls itself until depth levels: each level is 0x2000 (2), then either
 * call at 0x2004 (1) or, at the bottom, a taken branch 0x2004 (1) to 0x2008; every level ends
 * with the return at 0x2008 (1). So r has 4 cycles and 3 instructions per level, all inclusive
 * once (recursion is not counted twice); main: the call (1) and one instruction after (1). */
static struct k64_profile *recursion(size_t depth)
{
	struct k64_profile *p = two_funcs();
	k64_profile_add_symbol(p, "r", 0x3000, 0x100);
	call(p, 0x1000, 0x3000, 1);
	for (size_t d = 1; d <= depth; d++) {
		ins(p, 0x3000, 2);
		if (d < depth)
			call(p, 0x3004, 0x3000, 1);
		else
			jump(p, 0x3004, 0x3008, 1);
	}
	for (size_t d = depth; d >= 1; d--)
		ret(p, 0x3008, d > 1 ? 0x3008 : 0x1004, 1);
	ins(p, 0x1004, 1);
	return p;
}

static void test_recursion(void)
{
	struct k64_profile *p = recursion(3);
	struct table t;
	read_table(p, &t);
	expect(&t, "recursion", "r", 12, 12, 9, 9, 3);
	expect(&t, "recursion", "main", 2, 14, 2, 11, 0);
	invariants(p, "recursion", 14, 11);
	check_folded(p, "recursion", "main 2\nmain;r 4\nmain;r;r 4\nmain;r;r;r 4\n");
	k64_profile_free(p);

	/* 1e6 frames: the stack grows; the folded output keeps 255 outer frames, "[...]", the leaf. */
	const size_t deep = 1000000;
	p = recursion(deep);
	read_table(p, &t);
	expect(&t, "deep recursion", "r", 4 * deep, 4 * deep, 3 * deep, 3 * deep, deep);
	expect(&t, "deep recursion", "main", 2, 4 * deep + 2, 2, 3 * deep + 2, 0);
	invariants(p, "deep recursion", 4 * deep + 2, 3 * deep + 2);
	static char buf[1 << 20];
	folded(p, buf, sizeof buf);
	int lines = 0, marked = 0, semis = 0;
	unsigned long long marked_cyc = 0;
	for (char *l = buf; *l;) {
		char *e = strchr(l, '\n');
		*e = 0;
		lines++;
		if (strstr(l, "[...]")) {
			marked++;
			for (char *c = l; *c; c++)
				semis += *c == ';';
			marked_cyc = strtoull(strrchr(l, ' ') + 1, NULL, 10);
			CHECK(strstr(l, ";r;[...];r ") != NULL, "deep recursion: marker line ends \"r;[...];r\"");
		}
		l = e + 1;
	}
	/* Frames 0..255 (main and 255 levels) have lines of their own; levels 256..1e6 merge. */
	CHECK(lines == 257 && marked == 1 && semis == K64_PROFILE_FOLD_DEPTH &&
	      marked_cyc == 4ull * (deep + 1 - K64_PROFILE_FOLD_DEPTH),
	      "deep recursion: %d folded lines (expected 257), %d with the marker, %d frames in it (expected %d), "
	      "%llu cycles in it (expected %llu)",
	      lines, marked, semis + 1, K64_PROFILE_FOLD_DEPTH + 1, marked_cyc,
	      4ull * (deep + 1 - K64_PROFILE_FOLD_DEPTH));
	k64_profile_free(p);
}

/* main calls a (1); a (3) tail-calls b by a jump (1); b (5) returns to main (1); main (1).
 * b replaces a in the frame: a self 4, b self 6 under main, calls: a 1, b 0. */
static void test_tail_call(void)
{
	struct k64_profile *p = two_funcs();
	k64_profile_add_symbol(p, "a", 0x3000, 0x100);
	k64_profile_add_symbol(p, "b", 0x4000, 0x100);
	call(p, 0x1000, 0x3000, 1);
	ins(p, 0x3000, 3);
	jump(p, 0x3004, 0x4000, 1);
	ins(p, 0x4000, 5);
	ret(p, 0x4004, 0x1004, 1);
	ins(p, 0x1004, 1);
	struct table t;
	read_table(p, &t);
	expect(&t, "tail call", "main", 2, 12, 2, 6, 0);
	expect(&t, "tail call", "a", 4, 4, 2, 2, 1);
	expect(&t, "tail call", "b", 6, 6, 2, 2, 0);
	invariants(p, "tail call", 12, 6);
	check_folded(p, "tail call", "main 2\nmain;a 4\nmain;b 6\n");
	k64_profile_free(p);
}

/* main -> f -> g -> h by calls (1 each); h (4) returns to 0x1010 in main, which no frame
 * expects (longjmp): the stack unwinds to main's frame; main (2).
 * Then main calls f (1); f (2) returns to 0x5000 in k, on no frame (a return used as a jump):
 * k replaces f; k (3) returns to where main's call expects (1); main (1). */
static void test_longjmp(void)
{
	struct k64_profile *p = two_funcs();
	k64_profile_add_symbol(p, "g", 0x3000, 0x100);
	k64_profile_add_symbol(p, "h", 0x4000, 0x100);
	k64_profile_add_symbol(p, "k", 0x5000, 0x100);
	call(p, 0x1000, 0x2000, 1);
	call(p, 0x2000, 0x3000, 1);
	call(p, 0x3000, 0x4000, 1);
	ins(p, 0x4000, 4);
	ret(p, 0x4004, 0x1010, 1);
	ins(p, 0x1010, 2);
	struct table t;
	read_table(p, &t);
	expect(&t, "longjmp", "main", 3, 10, 2, 6, 0);
	expect(&t, "longjmp", "f", 1, 7, 1, 4, 1);
	expect(&t, "longjmp", "g", 1, 6, 1, 3, 1);
	expect(&t, "longjmp", "h", 5, 5, 2, 2, 1);
	check_folded(p, "longjmp", "main 3\nmain;f 1\nmain;f;g 1\nmain;f;g;h 5\n");

	call(p, 0x1014, 0x2000, 1);
	ins(p, 0x2000, 2);
	ret(p, 0x2004, 0x5000, 1);
	ins(p, 0x5000, 3);
	ret(p, 0x5004, 0x1018, 1);
	ins(p, 0x1018, 1);
	read_table(p, &t);
	expect(&t, "return as a jump", "main", 5, 19, 4, 12, 0);
	expect(&t, "return as a jump", "f", 4, 10, 3, 6, 2);
	expect(&t, "return as a jump", "k", 4, 4, 2, 2, 0);
	invariants(p, "return as a jump", 19, 12);
	check_folded(p, "return as a jump", "main 5\nmain;f 4\nmain;f;g 1\nmain;f;g;h 5\nmain;k 4\n");
	k64_profile_free(p);
}

/* main calls unnamed code at 0x9000 (1), which calls f (1); f (1) returns to 0xa000, unnamed
 * too and expected by no frame (1): an unknown frame below is no reason to unwind to it, so it
 * is a jump; the code there (2) returns as f's frame expects (1), the code at 0x9004 returns to
 * main (1); main (1). */
static void test_unknown_return(void)
{
	struct k64_profile *p = two_funcs();
	call(p, 0x1000, 0x9000, 1);
	call(p, 0x9000, 0x2000, 1);
	ins(p, 0x2000, 1);
	ret(p, 0x2004, 0xa000, 1);
	ins(p, 0xa000, 2);
	ret(p, 0xa004, 0x9004, 1);
	ret(p, 0x9004, 0x1004, 1);
	ins(p, 0x1004, 1);
	struct table t;
	read_table(p, &t);
	expect(&t, "unknown return", "[unknown]", 5, 7, 4, 6, 1);
	expect(&t, "unknown return", "f", 2, 2, 2, 2, 1);
	invariants(p, "unknown return", 9, 8);
	check_folded(p, "unknown return", "main 2\nmain;[unknown] 2\nmain;[unknown];[unknown] 3\nmain;[unknown];f 2\n");
	k64_profile_free(p);
}

/* Calls that never return (a loop of jal ra to the next instruction) stop at the depth limit:
 * every one is still a call, all cycles still count, the stack stops growing. */
static void test_depth_limit(void)
{
	struct k64_profile *p = two_funcs();
	const unsigned long long n = K64_PROFILE_MAX_DEPTH + 10ull;
	for (unsigned long long i = 0; i < n; i++)
		call(p, 0x1000, 0x1000, 1);
	struct table t;
	read_table(p, &t);
	expect(&t, "depth limit", "main", n, n, n, n, n);
	invariants(p, "depth limit", n, n);
	k64_profile_free(p);
}

/* main -> a -> b -> a (mutual recursion); a's inclusive count holds each instruction once.
 * main: call (1), after (1); a1: 0x3000 (1), call b (1), return (1); b: call a (1), return
 * (1); a2: 0x3000 (1), branch (1), return (1). */
static void test_mutual(void)
{
	struct k64_profile *p = two_funcs();
	k64_profile_add_symbol(p, "a", 0x3000, 0x100);
	k64_profile_add_symbol(p, "b", 0x4000, 0x100);
	call(p, 0x1000, 0x3000, 1);
	ins(p, 0x3000, 1);
	call(p, 0x3004, 0x4000, 1);
	call(p, 0x4000, 0x3000, 1);
	ins(p, 0x3000, 1);
	jump(p, 0x3004, 0x300c, 1);
	ret(p, 0x300c, 0x4004, 1);
	ret(p, 0x4004, 0x3008, 1);
	ret(p, 0x3008, 0x1004, 1);
	ins(p, 0x1004, 1);
	struct table t;
	read_table(p, &t);
	expect(&t, "mutual recursion", "a", 6, 8, 6, 8, 2);
	expect(&t, "mutual recursion", "b", 2, 5, 2, 5, 1);
	expect(&t, "mutual recursion", "main", 2, 10, 2, 10, 0);
	invariants(p, "mutual recursion", 10, 10);
	check_folded(p, "mutual recursion", "main 2\nmain;a 3\nmain;a;b 2\nmain;a;b;a 3\n");
	k64_profile_free(p);
}

/* main calls code at 0x1800, in the gap after main (ends 0x1100) and before f: (2), return (1);
 * then code at 0x9000, above every symbol: (4), return (1); each call costs 1; main (1) at the
 * end. Fall-through: f's last instruction (1) falls into code after f, "[unknown 0x2100]" (1),
 * which returns (1). */
static void test_unknown(void)
{
	struct k64_profile *p = two_funcs();
	k64_profile_add_symbol(p, "g", 0x3000, 0x100);
	call(p, 0x1000, 0x1800, 1);
	ins(p, 0x1800, 2);
	ret(p, 0x1804, 0x1004, 1);
	call(p, 0x1004, 0x9000, 1);
	ins(p, 0x9000, 4);
	ret(p, 0x9004, 0x1008, 1);
	call(p, 0x1008, 0x20fc, 1);
	ins(p, 0x20fc, 1);
	ins(p, 0x2100, 1);
	ret(p, 0x2104, 0x100c, 1);
	ins(p, 0x100c, 1);
	struct table t;
	read_table(p, &t);
	expect(&t, "unknown", "main", 4, 15, 4, 11, 0);
	expect(&t, "unknown", "[unknown 0x1100]", 3, 3, 2, 2, 1);
	expect(&t, "unknown", "[unknown]", 5, 5, 2, 2, 1);
	expect(&t, "unknown", "f", 1, 1, 1, 1, 1);
	expect(&t, "unknown", "[unknown 0x2100]", 2, 2, 2, 2, 0);
	invariants(p, "unknown", 15, 11);
	check_folded(p, "unknown", "main 4\nmain;[unknown 0x1100] 3\nmain;[unknown 0x2100] 2\nmain;[unknown] 5\nmain;f 1\n");
	uint64_t lo, hi;
	const char *s = k64_profile_symbol(p, 0x1800, &lo, &hi);
	CHECK(!strcmp(s, "[unknown 0x1100]") && lo == 0x1100 && hi == 0x2000,
	      "unknown: symbol(0x1800) = %s [0x%llx, 0x%llx)", s, (unsigned long long)lo, (unsigned long long)hi);
	s = k64_profile_symbol(p, 0x10, &lo, &hi);
	CHECK(!strcmp(s, "[unknown]") && lo == 0 && hi == 0x1000, "unknown: symbol(0x10) = %s [0x%llx, 0x%llx)", s,
	      (unsigned long long)lo, (unsigned long long)hi);
	k64_profile_free(p);
}

/* No symbols at all: one "[unknown]" row. An empty profile writes a header and zero totals. */
static void test_no_symbols(void)
{
	struct k64_profile *p = k64_profile_new();
	struct table t;
	read_table(p, &t);
	char buf[256];
	folded(p, buf, sizeof buf);
	CHECK(t.ok && t.nrows == 0 && t.total.self_cyc == 0 && t.total.self_pct == 0 && !buf[0],
	      "empty profile: header, totals 0 at 0.00%%, no folded lines");
	call(p, 0x10000, 0x20000, 1);
	ins(p, 0x20000, 2);
	ret(p, 0x20004, 0x10004, 1);
	ret(p, 0x10004, 0x30000, 1); /* returns from the root: nothing to pop */
	ins(p, 0x30000, 1);
	read_table(p, &t);
	expect(&t, "no symbols", "[unknown]", 6, 6, 5, 5, 1);
	CHECK(t.nrows == 1, "no symbols: %d row (expected 1)", t.nrows);
	invariants(p, "no symbols", 6, 5);
	check_folded(p, "no symbols", "[unknown] 3\n[unknown];[unknown] 3\n");
	k64_profile_free(p);
}

/* Address map: zero-size symbols, aliases, nested symbols; a function costing 0 cycles has a
 * row but no folded line; symbols added in another order give the same output. */
static void add_map(struct k64_profile *p, int reverse)
{
	static const struct { const char *name; uint64_t lo, size; } s[] = {
		{ "main", 0x1000, 0x100 }, { "z", 0x5000, 0 }, { "y", 0x5100, 0x10 },
		{ "alias_b", 0x6000, 0x20 }, { "alias_a", 0x6000, 0x20 }, { "small", 0x6000, 0x10 },
		{ "outer", 0x7000, 0x100 }, { "inner", 0x7040, 0x20 }, { "last0", 0x8000, 0 },
	};
	int n = (int)(sizeof s / sizeof s[0]);
	for (int i = 0; i < n; i++) {
		int k = reverse ? n - 1 - i : i;
		k64_profile_add_symbol(p, s[k].name, s[k].lo, s[k].size);
	}
}

/* main calls z (costs 0 cycles: a row, no folded line); main calls outer, which branches into
 * inner (nested in it: inner replaces outer, as a jump does) and back. */
static void map_run(struct k64_profile *p)
{
	call(p, 0x1000, 0x5000, 1);
	ins(p, 0x5000, 0);
	ret(p, 0x5004, 0x1004, 0);
	call(p, 0x1004, 0x7000, 1);
	ins(p, 0x7000, 2);
	ins(p, 0x7044, 3); /* inner, entered by a branch */
	ins(p, 0x7060, 4); /* outer again */
	ret(p, 0x7064, 0x1008, 1);
	ins(p, 0x1008, 1);
}

static void test_map(void)
{
	struct k64_profile *p = k64_profile_new();
	add_map(p, 0);
	static const struct { uint64_t pc; const char *name; uint64_t lo, hi; } q[] = {
		{ 0x5000, "z", 0x5000, 0x5100 }, { 0x50fe, "z", 0x5000, 0x5100 }, { 0x5100, "y", 0x5100, 0x5110 },
		{ 0x5110, "[unknown 0x5110]", 0x5110, 0x6000 }, { 0x6010, "alias_a", 0x6000, 0x6020 },
		{ 0x7030, "outer", 0x7000, 0x7040 }, { 0x7050, "inner", 0x7040, 0x7060 },
		{ 0x7070, "outer", 0x7060, 0x7100 }, { 0x8000, "last0", 0x8000, UINT64_MAX },
		{ UINT64_MAX, "last0", 0x8000, UINT64_MAX }, { 0xfff, "[unknown]", 0, 0x1000 },
	};
	for (size_t i = 0; i < sizeof q / sizeof q[0]; i++) {
		uint64_t lo = 0, hi = 0;
		const char *s = k64_profile_symbol(p, q[i].pc, &lo, &hi);
		CHECK(!strcmp(s, q[i].name) && lo == q[i].lo && hi == q[i].hi,
		      "map: symbol(0x%llx) = %s [0x%llx, 0x%llx) (expected %s [0x%llx, 0x%llx))",
		      (unsigned long long)q[i].pc, s, (unsigned long long)lo, (unsigned long long)hi, q[i].name,
		      (unsigned long long)q[i].lo, (unsigned long long)q[i].hi);
	}
	map_run(p);
	struct table t;
	read_table(p, &t);
	expect(&t, "map", "z", 0, 0, 2, 2, 1);
	expect(&t, "map", "inner", 3, 3, 1, 1, 0);
	expect(&t, "map", "outer", 7, 7, 3, 3, 1); /* inner replaced it for a while */
	invariants(p, "map", 13, 9);
	check_folded(p, "map", "main 3\nmain;inner 3\nmain;outer 7\n");

	struct k64_profile *r = k64_profile_new();
	add_map(r, 1);
	map_run(r);
	struct table t2;
	char f1[4096], f2[4096];
	read_table(r, &t2);
	read_table(p, &t);
	folded(p, f1, sizeof f1);
	folded(r, f2, sizeof f2);
	CHECK(!strcmp(t.raw, t2.raw) && !strcmp(f1, f2), "map: symbols added in reverse order, same output");
	k64_profile_free(r);
	k64_profile_free(p);
}

/* A symbol added after counting began takes over from the next retire on. */
static void test_late_symbol(void)
{
	struct k64_profile *p = k64_profile_new();
	ins(p, 0x1000, 1);
	k64_profile_add_symbol(p, "main", 0x1000, 0x100);
	ins(p, 0x1004, 2);
	call(p, 0x1008, 0x1000, 1);
	struct table t;
	read_table(p, &t);
	expect(&t, "late symbol", "[unknown]", 1, 1, 1, 1, 0);
	expect(&t, "late symbol", "main", 3, 3, 2, 2, 1);
	k64_profile_free(p);
}

/* Compressed instructions: a 2-byte call returns to pc + 2. */
static void test_compressed(void)
{
	struct k64_profile *p = two_funcs();
	k64_profile_retire(p, 0x1000, 2, K64_PROF_CALL, 0x2000, 1);
	ret(p, 0x2000, 0x1002, 1);
	k64_profile_retire(p, 0x1002, 2, K64_PROF_PLAIN, 0x1004, 1);
	struct table t;
	read_table(p, &t);
	expect(&t, "compressed call", "main", 2, 3, 2, 3, 0);
	check_folded(p, "compressed call", "main 2\nmain;f 1\n");
	k64_profile_free(p);
}

static void test_bad_elf(void)
{
	struct k64_profile *p = k64_profile_new();
	char err[256] = "";
	int r = k64_profile_load_elf(p, "/nonexistent/karu64-profile.elf", 0, err, sizeof err);
	CHECK(r == -1 && err[0] && !strchr(err, '\n'), "bad ELF path: -1 with one line (%s)", err);
	err[0] = 0;
	r = k64_profile_load_elf(p, __FILE__, 0, err, sizeof err);
	CHECK(r == -1 && err[0] && !strchr(err, '\n'), "not an ELF: -1 with one line (%s)", err);
	k64_profile_free(p);
}

static void bench(unsigned long long n)
{
	struct k64_profile *p = two_funcs();
	struct timespec a, b;
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (unsigned long long i = 0; i < n; i++)
		k64_profile_retire(p, 0x1000 + (i & 63) * 4, 4, K64_PROF_PLAIN, 0x1004 + (i & 63) * 4, 1);
	clock_gettime(CLOCK_MONOTONIC, &b);
	double ns = ((double)(b.tv_sec - a.tv_sec) * 1e9 + (double)(b.tv_nsec - a.tv_nsec)) / (double)n;
	printf("%llu plain retires in one function: %.2f ns per k64_profile_retire\n", n, ns);
	k64_profile_free(p);
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "--bench")) {
		bench(strtoull(argv[2], NULL, 0));
		return 0;
	}
	test_call();
	test_recursion();
	test_tail_call();
	test_longjmp();
	test_mutual();
	test_unknown();
	test_unknown_return();
	test_depth_limit();
	test_no_symbols();
	test_map();
	test_late_symbol();
	test_compressed();
	test_bad_elf();
	printf("%d passed, %d failed\n", pass, fail);
	return fail != 0;
}
