/* Instruction classes for observers (core/observe.h): which unit and which sequencing an
 * instruction uses, from its table row. Runs once per decoded instruction, never per retirement. */
#include <string.h>
#include "core/hart.h"

const char *const k64_iclass_names[K64_IC_COUNT] = {
#define K64_IC_NAME(c) #c,
	K64_ICLASSES(K64_IC_NAME)
#undef K64_IC_NAME
};

static bool pre(const char *s, const char *p) { return !strncmp(s, p, strlen(p)); }

static bool any(const char *s, const char *const *list)
{
	for (; *list; list++)
		if (pre(s, *list))
			return true;
	return false;
}

/* Vector arithmetic by name (RVV 1.0 chapters 11-16). */
static uint8_t vector_class(const char *n)
{
	static const char *const mul[] = { "vmul", "vwmul", "vmacc", "vnmsac", "vmadd", "vnmsub", "vwmacc", NULL };
	static const char *const div[] = { "vdiv", "vrem", NULL };
	static const char *const fdiv[] = { "vfdiv", "vfrdiv", "vfsqrt", NULL };
	static const char *const fmul[] = { "vfmul", "vfmacc", "vfnmacc", "vfmsac", "vfnmsac", "vfmadd", "vfnmadd",
					    "vfmsub", "vfnmsub", "vfwmul", "vfwmacc", "vfwnmacc", "vfwmsac", "vfwnmsac", NULL };
	static const char *const red[] = { "vred", "vwred", "vfred", "vfwred", NULL };
	static const char *const perm[] = { "vrgather", "vcompress", "vslide", "vfslide", NULL };
	static const char *const fixed[] = { "vsadd", "vssub", "vaadd", "vasub", "vsmul", "vssrl", "vssra", "vnclip", NULL };
	static const char *const mask[] = { "vmand", "vmnand", "vmandn", "vmxor", "vmor", "vmnor", "vmorn", "vmxnor",
					    "vcpop.m", "vfirst", "vmsbf", "vmsif", "vmsof", "viota", "vid", NULL };
	static const char *const wide[] = { "vw", "vn", "vfw", "vfn", "vzext", "vsext", NULL };
	if (!strcmp(n, "vmv.x.s") || !strcmp(n, "vfmv.f.s"))
		return K64_IC_VMVXS;
	if (!strcmp(n, "vmv.s.x") || !strcmp(n, "vfmv.s.f"))
		return K64_IC_VMVSX;
	if (any(n, mul))
		return K64_IC_VMUL;
	if (any(n, div))
		return K64_IC_VDIV;
	if (any(n, fdiv))
		return K64_IC_VFDIV;
	if (any(n, fmul))
		return K64_IC_VFMUL;
	if (any(n, red))
		return K64_IC_VRED;
	if (any(n, perm))
		return K64_IC_VPERM;
	if (any(n, fixed))
		return K64_IC_VFIXED;
	if (any(n, mask))
		return K64_IC_VMASK;
	if (any(n, wide))
		return K64_IC_VWIDE;
	if (pre(n, "vf") || pre(n, "vmf"))
		return K64_IC_VFP;
	return K64_IC_VALU;
}

static uint8_t fp_class(const char *n, uint16_t flags)
{
	if (flags & K64_F_LOAD)
		return K64_IC_FLOAD;
	if (flags & K64_F_STORE)
		return K64_IC_FSTORE;
	if (pre(n, "fadd") || pre(n, "fsub"))
		return K64_IC_FADD;
	if (pre(n, "fmul"))
		return K64_IC_FMUL;
	if (pre(n, "fmadd") || pre(n, "fmsub") || pre(n, "fnmadd") || pre(n, "fnmsub"))
		return K64_IC_FMA;
	if (pre(n, "fdiv"))
		return K64_IC_FDIV;
	if (pre(n, "fsqrt"))
		return K64_IC_FSQRT;
	if (pre(n, "fcvt"))
		return K64_IC_FCVT;
	return K64_IC_FMISC;
}

static uint8_t classify(const struct k64_insn_desc *t, uint32_t word)
{
	const char *n = t->name;
	switch (t->ext) {
	case K64_EXT_ZVKNED: return K64_IC_VAES;
	case K64_EXT_ZVKNHA: case K64_EXT_ZVKNHB: return K64_IC_VSHA2;
	case K64_EXT_ZVKSED: return K64_IC_VSM4;
	case K64_EXT_ZVKG: return K64_IC_VGHASH;
	case K64_EXT_ZVKSH: return K64_IC_VSM3;
	case K64_EXT_ZVBC: return K64_IC_VCLMUL;
	case K64_EXT_ZVKNHK: return K64_IC_VKECCAK;
	case K64_EXT_XKROUND: return ((word >> 12) & 7) == 2 ? K64_IC_XKROUND : K64_IC_XKLANE;
	case K64_EXT_M: return pre(n, "mul") ? K64_IC_MUL : K64_IC_DIV;
	case K64_EXT_A: return pre(n, "lr") ? K64_IC_LR : pre(n, "sc") ? K64_IC_SC : K64_IC_AMO;
	case K64_EXT_ZICBOM: case K64_EXT_ZICBOZ: return K64_IC_CBO;
	default: break;
	}
	if (t->fmt == K64_FMT_CSR)
		return K64_IC_CSR;
	if (t->flags & K64_F_VEC) {
		if (pre(n, "vset"))
			return K64_IC_VSET;
		if (t->flags & K64_F_LOAD)
			return K64_IC_VLOAD;
		if (t->flags & K64_F_STORE)
			return K64_IC_VSTORE;
		return vector_class(n);
	}
	if (t->flags & K64_F_FP)
		return fp_class(n, t->flags);
	if (t->flags & K64_F_LOAD)
		return K64_IC_LOAD;
	if (t->flags & K64_F_STORE)
		return K64_IC_STORE;
	if (t->fmt == K64_FMT_B)
		return K64_IC_BRANCH;
	if (!strcmp(n, "jal"))
		return K64_IC_JAL;
	if (!strcmp(n, "jalr"))
		return K64_IC_JALR;
	if (!strcmp(n, "fence.i"))
		return K64_IC_FENCE_I;
	if (pre(n, "fence") || !strcmp(n, "pause"))
		return K64_IC_FENCE;
	if (!strcmp(n, "ecall") || !strcmp(n, "ebreak") || !strcmp(n, "mret") || !strcmp(n, "sret") ||
	    !strcmp(n, "wfi") || pre(n, "sfence") || pre(n, "sinval") || pre(n, "wrs"))
		return K64_IC_SYSTEM;
	return K64_IC_ALU;
}

/* The class depends on the table row alone (xkround's on its funct3 too), and blocks are
 * rebuilt often under an OS (sfence.vma drops them all): the name comparisons above run once
 * per row, remembered in an open-addressing table keyed by the row's address. */
#define MEMO_SIZE 4096
uint8_t k64_iclass_of(const struct k64_insn_desc *t, uint32_t word)
{
	static struct { const struct k64_insn_desc *t; uint8_t cls; } memo[MEMO_SIZE];
	static unsigned used;
	if (!t)
		return K64_IC_ILLEGAL;
	if (t->ext == K64_EXT_XKROUND)
		return classify(t, word);
	size_t i = ((uintptr_t)t / sizeof *t) % MEMO_SIZE;
	for (unsigned probes = 0; probes < MEMO_SIZE && memo[i].t; probes++, i = (i + 1) % MEMO_SIZE)
		if (memo[i].t == t)
			return memo[i].cls;
	uint8_t c = classify(t, word);
	if (used < MEMO_SIZE / 2 && !memo[i].t) {
		memo[i].t = t;
		memo[i].cls = c;
		used++;
	}
	return c;
}
