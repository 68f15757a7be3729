/* The core's two narrow interfaces to a timing model (and to other observers: the commit log,
 * the profiler):
 *  - the retire record: what the core reports of every retired instruction, and of every trap
 *    or interrupt taken (observed dispatch loop only; the functional loop has no hook);
 *  - the time source: the one thing the core asks a model, the time (rdcycle, mcycle, rdtime,
 *    hpmcounters, the Linux clocks).
 * The core never depends on what an observer computes: functional results are the same with
 * or without one. */
#ifndef K64_CORE_OBSERVE_H
#define K64_CORE_OBSERVE_H
#include <stdbool.h>
#include <stdint.h>

struct k64_hart;
struct k64_dinsn;
struct k64_block;
struct k64_insn_desc;

/* Instruction classes: the functional unit and sequencing an instruction needs, nothing about
 * its cost. Each row of the instruction table declares its class (gem5 declares an
 * instruction's class where the instruction is defined); decode copies it into k64_dinsn.cls. */
#define K64_ICLASSES(X) \
	X(ALU) X(BRANCH) X(JAL) X(JALR) X(LOAD) X(STORE) X(AMO) X(LR) X(SC) X(MUL) X(DIV) \
	X(CSR) X(FENCE) X(FENCE_I) X(SYSTEM) X(CBO) X(HLV) X(HSV) \
	X(FMISC) X(FADD) X(FMUL) X(FMA) X(FDIV) X(FSQRT) X(FCVT) X(FLOAD) X(FSTORE) \
	X(VSET) X(VALU) X(VWIDE) X(VMUL) X(VDIV) X(VFP) X(VFMUL) X(VFDIV) X(VRED) X(VPERM) \
	X(VFIXED) X(VMASK) X(VMVXS) X(VMVSX) X(VLOAD) X(VSTORE) \
	X(VAES) X(VSHA2) X(VSM4) X(VGHASH) X(VSM3) X(VCLMUL) X(VKECCAK) X(XKLANE) X(XKROUND) X(ILLEGAL)
enum k64_iclass {
#define K64_IC_ENUM(c) K64_IC_##c,
	K64_ICLASSES(K64_IC_ENUM)
#undef K64_IC_ENUM
	K64_IC_COUNT
};
extern const char *const k64_iclass_names[K64_IC_COUNT];

/* A variant of its class's sequencing that an instruction's row declares (k64_itime.form). */
enum k64_iform {
	K64_IF_PLAIN,
	K64_IF_FPU,        /* element-wise through the lane FPUs: a request per granule step */
	K64_IF_SPLAT,      /* vmv.v.x, vmv.v.i: no vector operand, the group written */
	K64_IF_VMVR,       /* vmv<nr>r.v: nr registers copied (k64_itime.nf) whatever vtype */
	K64_IF_GROUPW,     /* vmsbf/vmsif/vmsof.m, viota.m, vid.v: a mask in, a whole group written */
	K64_IF_GATHER,     /* vrgather.vv: data and index groups read */
	K64_IF_GATHER16,   /* vrgatherei16.vv: data group and indices at EEW 16 */
	K64_IF_KEEPVD,     /* slides up and vcompress: vd's other elements kept (vd read too) */
	K64_IF_SCHEDULE,   /* vsha2ms, vsm3me: the crypto unit's message-schedule operation */
	K64_IF_TLBFLUSH,   /* sfence.vma, sinval.vma, hfence.*, hinval.*: translations dropped */
	K64_IF_XRET,       /* mret, sret: the privilege and V may change */
	K64_IF_INVAL,      /* cbo.inval: the cache line dropped */
	K64_IF_UNIT,       /* vector memory: unit-stride (and fault-only-first) */
	K64_IF_STRIDED,    /* vector memory: strided */
	K64_IF_INDEXED,    /* vector memory: indexed (ordered or not); eew is the index's */
	K64_IF_WHOLE,      /* vector memory: whole registers (nf of them) */
	K64_IF_MASK,       /* vector memory: vlm.v / vsm.v, one register */
};

/* The timing facts a row declares beside its class, for observers (a timing model): what
 * the encoding fixes and a model would otherwise decode from the instruction bits. Operands
 * that vary between instances (registers, immediates, vtype) are in k64_dinsn and the retire
 * record instead. Nothing here is a cost. */
struct k64_itime {
	uint8_t cls;       /* enum k64_iclass */
	uint8_t form;      /* enum k64_iform */
	uint8_t vreads;    /* element-wise vector instructions (through the lanes): register-file
			      reads per granule step: the vs1/vs2 pair, 2 in every form (the fill
			      reads the pair at once, .vx/.vi/.vf forms too), plus vd for most
			      multiply-adds (doc/cycle-model.md); 0 for the other classes */
	uint8_t eew;       /* bytes: scalar FP precision (4, 8; 2 for Zfhmin), vector memory EEW */
	uint8_t nf;        /* vector memory: fields (segments) or whole registers; vmv<nr>r.v: nr */
	uint8_t egs;       /* vector crypto: element-group size in elements (EGW = EGS x SEW) */
};
/* Row initialisers: the class alone, and the class with its form. */
#define K64_TM(c) { K64_IC_##c, K64_IF_PLAIN, 0, 0, 0, 0 }
#define K64_TMF(c, f) { K64_IC_##c, K64_IF_##f, 0, 0, 0, 0 }
#define K64_TMV(c, f, reads) { K64_IC_##c, K64_IF_##f, reads, 0, 0, 0 }
/* Checks that a table row's declared class agrees with its flags (core/iclass.c); returns
 * NULL or what is wrong. */
const char *k64_itime_check(const struct k64_insn_desc *t);

/* One memory access of a vector load or store: element accesses, or one range for a
 * contiguous unmasked transfer. */
struct k64_acc { uint64_t addr; uint32_t size; uint32_t write; };
#define K64_ACC_MAX 8192   /* >= elements * fields of the largest vector access (4096 bytes) */

/* The retire record, one per retired instruction, filled by the observed dispatch loop with
 * what only execution knows; the instruction itself (pc, length, word, registers read and
 * written, immediate, class) is its k64_dinsn. Records are delivered in order, in batches of
 * consecutive instructions of one block (at the latest at the end of each block, before any
 * counter read, system call or trap); an observer that needs the architectural state right
 * after each instruction (the commit log) asks for `live` delivery, one record at a time. */
struct k64_retire {
	uint64_t pre_rs1;         /* loads, stores, AMOs, table instructions: x[rs1] before execution
				     (scalar address = pre_rs1 + imm; AMO: pre_rs1) */
	/* vector instructions only (the inline scalar operations leave them stale): */
	uint64_t vl, vtype;       /* the vector configuration the instruction executed with (after a vset*) */
	const struct k64_acc *acc;   /* vector loads/stores: the element accesses made, in order */
	uint32_t nacc;
	uint32_t cycles;          /* left for a timing model to fill: the cycles this instruction took, for
				     the observers after it (the profiler) */
};

/* A batch: r[i] is the record of instruction d[i]. Only the last instruction of a block can
 * transfer control (branches, jumps, xRET end blocks), so `taken` is the batch's. */
struct k64_batch {
	const struct k64_dinsn *d;
	struct k64_retire *r;
	unsigned n;
	uint8_t priv;             /* privilege the instructions executed in */
	bool taken;               /* the last one sent control elsewhere than pc + len */
	struct k64_block *blk;    /* their block (an observer may keep a note in blk->obs_note) */
	bool whole;               /* the batch is the whole block */
	bool virt;                /* V they executed with (H: VS or VU) */
};

/* An observer: retire() with each batch of retired instructions; trap() when an exception or
 * an interrupt is about to be taken, h still in the state the trap found (cause as mcause; the
 * faulting instruction did not retire, k64_trap_insn() gives it; in Linux user mode also for
 * ecall = system call, and for faults the front-end turns into signals). Observers run in the
 * order they were attached, each on the whole batch. */
struct k64_observer {
	void *ctx;
	void (*retire)(void *ctx, struct k64_hart *h, const struct k64_batch *b);
	void (*trap)(void *ctx, struct k64_hart *h, uint64_t cause, uint64_t tval);
	bool live;                /* deliver each record right after its instruction */
	/* Optional: the software context changes (Linux user mode: another thread takes the hart)
	 * after the records delivered so far; h->pc is still where the old context resumes. */
	void (*context)(void *ctx, struct k64_hart *h, uint64_t id);
	/* Optional: the trap announced by trap() has been taken (entered in the guest, or handled
	 * by the front-end): h is the state the next instruction starts from. */
	void (*entered)(void *ctx, struct k64_hart *h);
};
#define K64_RETIRE_BATCH 72       /* > instructions per block (core/cache.h K64_BLOCK_MAX) */
#define K64_MAX_OBSERVERS 4

/* The time source a model gives the core. cycles(ctx, d): the cycle at which instruction d
 * (being executed, not yet retired) issued, as a counter read in d returns it. event(ctx, n):
 * the count of hpm event n (mhpmevent number, doc/cycle-model.md). hz: core clock. */
struct k64_timesource {
	void *ctx;
	uint64_t (*cycles)(void *ctx, const struct k64_dinsn *d);
	uint64_t (*event)(void *ctx, unsigned n);
	uint64_t hz;
};
#endif
