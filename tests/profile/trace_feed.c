/* Feeds a karu64 --trace commit log to the profiler, one instruction per line, as the
 * dispatch observer will: the kind from the instruction's encoding (RISC-V unprivileged spec,
 * 2.5 "Control Transfer Instructions": a call links in ra or t0; a return is jalr x0 through ra
 * or t0), next_pc from the next line, 1 cycle each. Usage:
 *   profile_trace ELF TRACE TABLE FOLDED
 * writes the table and the folded stacks; check_trace.py compares them with counts of its own. */
#include <stdio.h>
#include <stdlib.h>
#include "timing/profile.h"

static int is_link(unsigned r)
{
	return r == 1 || r == 5;
}

static enum k64_prof_kind kind_of(uint32_t w, unsigned len, uint64_t pc, uint64_t next)
{
	if (len == 4) {
		unsigned op = w & 0x7f, rd = (w >> 7) & 31, rs1 = (w >> 15) & 31;
		if (op == 0x6f)
			return is_link(rd) ? K64_PROF_CALL : K64_PROF_JUMP;
		if (op == 0x67)
			return is_link(rd) ? K64_PROF_CALL : rd == 0 && is_link(rs1) ? K64_PROF_RET : K64_PROF_JUMP;
		if (op == 0x63)
			return next != pc + 4 ? K64_PROF_JUMP : K64_PROF_PLAIN;
		return K64_PROF_PLAIN;
	}
	unsigned op = w & 3, f3 = (w >> 13) & 7, rs1 = (w >> 7) & 31, rs2 = (w >> 2) & 31;
	if (op == 1 && f3 == 5)                                     /* c.j */
		return K64_PROF_JUMP;
	if (op == 1 && f3 >= 6)                                     /* c.beqz, c.bnez */
		return next != pc + 2 ? K64_PROF_JUMP : K64_PROF_PLAIN;
	if (op == 2 && f3 == 4 && rs2 == 0 && rs1 != 0)             /* c.jr, c.jalr */
		return (w >> 12) & 1 ? K64_PROF_CALL : is_link(rs1) ? K64_PROF_RET : K64_PROF_JUMP;
	return K64_PROF_PLAIN;
}

static int parse(FILE *f, uint64_t *pc, uint32_t *w, unsigned *len)
{
	char line[512];
	unsigned long long a, b;
	while (fgets(line, sizeof line, f)) {
		int n1 = 0, n2 = 0;
		if (sscanf(line, "core %*d: %*u 0x%llx (0x%n%llx%n)", &a, &n1, &b, &n2) == 2) {
			*pc = a;
			*w = (uint32_t)b;
			*len = (unsigned)(n2 - n1) / 2;
			return 1;
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc != 5) {
		fprintf(stderr, "usage: profile_trace ELF TRACE TABLE FOLDED\n");
		return 2;
	}
	struct k64_profile *p = k64_profile_new();
	char err[256];
	if (!p || k64_profile_load_elf(p, argv[1], 0, err, sizeof err) != 0) {
		fprintf(stderr, "profile_trace: %s: %s\n", argv[1], p ? err : "out of memory");
		return 1;
	}
	FILE *t = fopen(argv[2], "r");
	FILE *tab = fopen(argv[3], "w"), *fold = fopen(argv[4], "w");
	if (!t || !tab || !fold) {
		perror("profile_trace");
		return 1;
	}
	uint64_t pc, npc;
	uint32_t w, nw;
	unsigned len, nlen;
	int have = parse(t, &pc, &w, &len);
	while (have) {
		int more = parse(t, &npc, &nw, &nlen);
		uint64_t next = more ? npc : pc + len;
		k64_profile_retire(p, pc, len, kind_of(w, len, pc, next), next, 1);
		pc = npc, w = nw, len = nlen, have = more;
	}
	int r = k64_profile_write_table(p, tab) | k64_profile_write_folded(p, fold);
	r |= fclose(tab) | fclose(fold);
	fclose(t);
	k64_profile_free(p);
	return r != 0;
}
