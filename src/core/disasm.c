/* Disassembly from the instruction table: the row's name and its operand letters (the `args`
 * field of struct k64_insn_desc). Compressed instructions print as their 32-bit expansion.
 * Letters: d s t = x rd/rs1/rs2; D S T R = f rd/rs1/rs2/rs3; V W X = v rd/rs2/rs1 fields;
 * i = immediate; u = U-type immediate; o = imm(rs1); (s) = (rs1); b = branch target;
 * c = CSR number; z = unsigned 5-bit field rs1; j = signed 5-bit field rs1 (OPIVI);
 * k = unsigned 5-bit field rs2 (vkeccak.vi); m = rounding mode unless dynamic;
 * M = ", v0.t" when the instruction is masked (bit 25 clear); y = vtype immediate of vset[i]vli.
 * Vector instructions whose vm bit is free get ", v0.t" appended when masked. */
#include <stdio.h>
#include "core/hart.h"

static const char *const xname[33] = {
	"zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2", "a3", "a4", "a5",
	"a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6", "zero" };
static const char *const fname[32] = {
	"ft0", "ft1", "ft2", "ft3", "ft4", "ft5", "ft6", "ft7", "fs0", "fs1", "fa0", "fa1", "fa2", "fa3", "fa4", "fa5",
	"fa6", "fa7", "fs2", "fs3", "fs4", "fs5", "fs6", "fs7", "fs8", "fs9", "fs10", "fs11", "ft8", "ft9", "ft10", "ft11" };
static const char *const rmname[8] = { "rne", "rtz", "rdn", "rup", "rmm", "rm5", "rm6", "dyn" };

const char *k64_xreg_name(unsigned r) { return xname[r & 31]; }

void k64_disasm(const struct k64_dinsn *d, char *buf, size_t len)
{
	const struct k64_insn_desc *t = d->desc;
	size_t n = 0;
#define PUT(...) do { int k_ = snprintf(buf + n, n < len ? len - n : 0, __VA_ARGS__); if (k_ > 0) n += (size_t)k_; } while (0)
	if (!t) {
		snprintf(buf, len, "unknown (0x%0*x)", d->len == 2 ? 4 : 8, d->raw);
		return;
	}
	unsigned w = d->word;
	unsigned rd = (w >> 7) & 31, rs1 = (w >> 15) & 31, rs2 = (w >> 20) & 31, rs3 = (w >> 27) & 31;
	PUT("%s", t->name);
	const char *sep = " ";
	for (const char *a = t->args; a && *a; a++) {
		if (*a == ',')
			continue;
		if (*a == 'm' && d->rm == 7)
			continue;
		if (*a == 'M' && ((w >> 25) & 1))
			continue; /* unmasked vector instruction: no v0.t */
		PUT("%s", sep);
		sep = ", ";
		switch (*a) {
		case 'd': PUT("%s", xname[rd]); break;
		case 's': PUT("%s", xname[rs1]); break;
		case 't': PUT("%s", xname[rs2]); break;
		case 'D': PUT("%s", fname[rd]); break;
		case 'S': PUT("%s", fname[rs1]); break;
		case 'T': PUT("%s", fname[rs2]); break;
		case 'R': PUT("%s", fname[rs3]); break;
		case 'V': PUT("v%u", rd); break;
		case 'W': PUT("v%u", rs2); break;
		case 'X': PUT("v%u", rs1); break;
		case 'i': PUT("%lld", (long long)d->imm); break;
		case 'u': PUT("0x%llx", (unsigned long long)((uint64_t)d->imm >> 12) & 0xfffff); break;
		case 'o': PUT("%lld(%s)", (long long)d->imm, xname[rs1]); break;
		case 'b': PUT("0x%llx", (unsigned long long)(d->pc + (uint64_t)d->imm)); break;
		case 'c': PUT("0x%03llx", (unsigned long long)d->imm & 0xfff); break;
		case 'z': PUT("%u", rs1); break;
		case 'k': PUT("%u", rs2); break;   /* 5-bit immediate in the vs2 field (vkeccak.vi) */
		case 'j': PUT("%d", (int)((int32_t)(w << 12) >> 27)); break; /* signed 5-bit immediate (OPIVI) */
		case 'M': PUT("v0.t"); break;
		case 'y': {
			/* vtype immediate: bits 30:20 of vsetvli, 29:20 of vsetivli */
			unsigned vt = (w >> 30) == 3 ? (w >> 20) & 0x3ff : (w >> 20) & 0x7ff;
			static const char *const lm[8] = { "m1", "m2", "m4", "m8", "m?", "mf8", "mf4", "mf2" };
			if ((vt >> 3) & 4)
				PUT("0x%x", vt);
			else
				PUT("e%u, %s, %s, %s", 8u << ((vt >> 3) & 7), lm[vt & 7], (vt >> 6) & 1 ? "ta" : "tu",
				    (vt >> 7) & 1 ? "ma" : "mu");
			break;
		}
		case 'm': PUT("%s", rmname[d->rm]); break;
		case '(':
			/* "(s)" : register in parentheses */
			if (a[1] == 's') PUT("(%s)", xname[rs1]);
			a += 2;
			break;
		default: PUT("?%c", *a); break;
		}
	}
	/* vector instructions whose bit 25 is the vm field (not fixed by the encoding) */
	bool vm_field = (w & 0x7f) == 0x07 || (w & 0x7f) == 0x27 || ((w & 0x7f) == 0x57 && ((w >> 12) & 7) != 7);
	if (t->flags & K64_F_VEC && vm_field && !(t->mask & (1u << 25)) && !((w >> 25) & 1))
		PUT("%sv0.t", t->args && *t->args ? ", " : " ");
#undef PUT
}
