/* Instruction classes for observers (core/observe.h). Each table row declares its class and
 * timing facts; decode copies the class into k64_dinsn.cls. This file names the classes and
 * checks, once when the tables are gathered, that a row's class agrees with its flags, so that a
 * row written without its class (which would read as ALU) fails at start-up, not in a model. */
#include "core/hart.h"

const char *const k64_iclass_names[K64_IC_COUNT] = {
#define K64_IC_NAME(c) #c,
	K64_ICLASSES(K64_IC_NAME)
#undef K64_IC_NAME
};

static bool in(unsigned c, unsigned lo, unsigned hi) { return c >= lo && c <= hi; }

const char *k64_itime_check(const struct k64_insn_desc *t)
{
	unsigned c = t->tm.cls, fl = t->flags;
	if (c >= K64_IC_ILLEGAL)
		return "no such class";
	if (fl & K64_F_VEC) {
		bool mem = c == K64_IC_VLOAD || c == K64_IC_VSTORE;
		if (!in(c, K64_IC_VSET, K64_IC_VKECCAK))
			return "a vector instruction of a scalar class";
		if (mem != !!(fl & (K64_F_LOAD | K64_F_STORE)) || (c == K64_IC_VLOAD && !(fl & K64_F_LOAD)))
			return "vector memory flags and class disagree";
		if (mem && (!t->tm.eew || !t->tm.nf || !in(t->tm.form, K64_IF_UNIT, K64_IF_MASK)))
			return "a vector memory row without its form, EEW or fields";
		if (in(c, K64_IC_VAES, K64_IC_VSM3) && !t->tm.egs)
			return "a vector crypto row without its element-group size";
		if ((in(c, K64_IC_VALU, K64_IC_VFDIV) || c == K64_IC_VMASK || c == K64_IC_VCLMUL) && !t->tm.vreads)
			return "an element-wise row without its operand reads";
		return NULL;
	}
	if (fl & K64_F_FP) {
		if (!in(c, K64_IC_FMISC, K64_IC_FSTORE))
			return "an FP instruction of a non-FP class";
		if (!t->tm.eew)
			return "an FP row without its precision";
		if ((c == K64_IC_FLOAD) != !!(fl & K64_F_LOAD) || (c == K64_IC_FSTORE) != !!(fl & K64_F_STORE))
			return "FP memory flags and class disagree";
		return NULL;
	}
	if (fl & K64_F_LOAD)
		return c == K64_IC_LOAD || c == K64_IC_LR || c == K64_IC_SC || c == K64_IC_AMO || c == K64_IC_HLV
		       ? NULL : "a load of another class";
	if (fl & K64_F_STORE)
		return c == K64_IC_STORE || c == K64_IC_CBO || c == K64_IC_HSV ? NULL : "a store of another class";
	if (t->fmt == K64_FMT_CSR && c != K64_IC_CSR)
		return "a CSR instruction of another class";
	if (t->fmt == K64_FMT_B && c != K64_IC_BRANCH)
		return "a branch of another class";
	if (in(c, K64_IC_FMISC, K64_IC_VKECCAK))
		return "an FP or vector class without the FP or vector flag";
	return NULL;
}
