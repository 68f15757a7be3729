/* karu64: the public C API of the simulator library (build/libkaru64.a).
 * A machine is one RV64 hart with its memory and a front-end: Linux user mode (a riscv64
 * Linux ELF, static or dynamically linked, runs as under qemu-riscv64) or bare metal (M-mode at
 * the ELF entry, HTIF and semihosting). The command line (src/cli/) is a thin user of this API. */
#ifndef KARU64_H
#define KARU64_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define K64_VERSION "0.1.0"

struct k64_machine;

enum k64_mode { K64_MODE_AUTO, K64_MODE_LINUX, K64_MODE_BARE };

struct k64_config {
	const char *isa;          /* ISA string, NULL = the Karu64 profile */
	unsigned vlen;            /* 0 = zvlNb of the ISA string, else 256 */
	enum k64_mode mode;       /* AUTO: bare metal when the ELF defines tohost */
	uint64_t max_insns;       /* 0 = no limit */
	/* The translator (doc/jit.md): jit translates blocks of the functional loop on their
	 * jit_threshold-th entry (0 = the default); jit_stats makes translated code count what it runs. */
	bool jit;
	unsigned jit_threshold;
	bool jit_stats;
	uint64_t seed;            /* getrandom/AT_RANDOM */
	bool virtual_clock;       /* time from the instruction count */
	bool strict;              /* unknown system calls are fatal */
	uint64_t mem_size;        /* bare metal RAM, 0 = 256 MiB */
	const char *jail;         /* Linux: every guest path resolves inside this directory, the guest's root; NULL = none */
	bool no_semihosting;      /* bare metal: semihosting off (its ebreak is a breakpoint exception) */
	bool fs_vs_off;           /* bare metal: mstatus.FS and VS reset to Off (Spike's reset), not Initial */
	uint64_t host_mem_limit;  /* Linux: guest memory the host may back, past it mmap/brk fail with ENOMEM; 0 = none */
	const char *signature;    /* bare metal: file for begin_signature..end_signature */
	char **envp;              /* Linux: the guest environment (NULL-terminated) */
	const char *zvknhk;       /* "v0.1" (default) or "v0.2" */
	const char *mmu;          /* largest satp mode: "sv39" (default), "sv48" or "sv57" (each implies the smaller ones) */
	unsigned pmp;             /* bare metal: PMP entries, 0..64 (the command line's default: 16) */
	bool vagnostic_ones;      /* tail/mask-agnostic elements become all ones (default: undisturbed) */
	bool keep_vector_state;   /* Linux: keep vector state across system calls (default: discard, as Linux) */
	const char *model;        /* cycle model: NULL or "none" (functional), "karu64-sim", "karu64-fpga" */
	char **params;            /* model parameter overrides "NAME=VALUE" (NULL-terminated), after param_file */
	const char *param_file;   /* NAME=VALUE lines */
	bool profile;             /* count instructions and cycles per guest function (k64_machine_profile) */
	const char *ld_prefix;    /* Linux: guest root for the dynamic linker and absolute paths (QEMU's -L) */
	uint64_t thread_quantum;  /* Linux: retired instructions a thread runs before the next; 0 = default */
	char **devices;           /* memory-mapped devices "NAME[,base=ADDR]" (NULL-terminated; doc/keccak-dma.md) */
	/* Full system (doc/board.md): machine = "karu64" selects the board, which boots bios
	 * (then kernel, with initrd and the kernel command line append) instead of a program. */
	const char *machine;
	const char *bios, *kernel, *initrd, *append;
	const char *dump_dtb;     /* write the generated device tree here */
	uint64_t dt_seed;         /* /chosen's rng-seed and kaslr-seed derive from it (doc/board.md) */
	char **drives;            /* board: virtio block devices "FILE[,format=raw][,readonly][,snapshot]" (NULL-terminated) */
	/* Checkpoints (doc/board.md): write checkpoint_file once instret reaches checkpoint_at
	 * (0: never), and (checkpoint_guest) whenever the guest asks (the board's syscon); with
	 * checkpoint_exit the run ends after the first one is written (exit status 0). */
	const char *checkpoint_file;
	uint64_t checkpoint_at;
	bool checkpoint_guest, checkpoint_exit;
};

enum k64_status { K64_EXITED, K64_LIMIT, K64_BREAK };

/* Each returns 0 on success, or -1 with a one-line message in err. */
int k64_machine_create(const struct k64_config *cfg, struct k64_machine **out, char *err, size_t errlen);
int k64_machine_load(struct k64_machine *m, const char *path, int argc, char **argv, char *err, size_t errlen);
/* Full system (cfg.machine): builds the board and loads its firmware, kernel and initrd. */
int k64_machine_boot(struct k64_machine *m, char *err, size_t errlen);
void k64_machine_destroy(struct k64_machine *m);

/* Runs until the program exits or n more instructions retired (n = 0: no extra limit), or
 * (K64_BREAK) until it reaches a breakpoint of k64_break_insert. */
enum k64_status k64_machine_run(struct k64_machine *m, uint64_t n);
int k64_machine_exit_code(const struct k64_machine *m);
uint64_t k64_machine_max_insns(const struct k64_machine *m);   /* cfg.max_insns (0 = none) */
bool k64_machine_bare(const struct k64_machine *m);

/* Checkpoints (doc/board.md) of the board or a bare-metal program, between runs: write one
 * now, or restore one into a machine booted (loaded) with the same configuration, after which
 * it runs from the checkpoint's state (instret included; a cycle model starts cold). Each
 * returns 0, or -1 with a one-line message; a refused restore changes nothing. */
int k64_machine_checkpoint(struct k64_machine *m, const char *path, char *err, size_t errlen);
int k64_machine_restore(struct k64_machine *m, const char *path, char *err, size_t errlen);
/* The instruction count a restore started from (0 without one): a model counted from there. */
uint64_t k64_machine_restored_at(const struct k64_machine *m);
double k64_machine_restore_seconds(const struct k64_machine *m);   /* what the restore took */

/* State. Registers: 0..31 integer, pc by its own call; FP registers as raw 64-bit patterns. */
uint64_t k64_get_x(const struct k64_machine *m, unsigned r);
void k64_set_x(struct k64_machine *m, unsigned r, uint64_t v);
uint64_t k64_get_f(const struct k64_machine *m, unsigned r);
void k64_set_f(struct k64_machine *m, unsigned r, uint64_t v);
uint64_t k64_get_pc(const struct k64_machine *m);
void k64_set_pc(struct k64_machine *m, uint64_t pc);
int k64_read_mem(struct k64_machine *m, uint64_t addr, void *buf, size_t len);
int k64_write_mem(struct k64_machine *m, uint64_t addr, const void *buf, size_t len);
uint64_t k64_instret(const struct k64_machine *m);

/* Debugger access (the GDB stub, src/gdb/; doc/gdb.md). A breakpoint stops k64_machine_run
 * before the instruction at its address executes (pc = the address, K64_BREAK); it is not
 * written into guest memory and the guest never sees it. Each returns 0, or -1 (out of memory;
 * no breakpoint there). */
int k64_break_insert(struct k64_machine *m, uint64_t pc);
int k64_break_remove(struct k64_machine *m, uint64_t pc);
/* Executes exactly one instruction, or takes one exception (a Linux system call included, which
 * does not retire): K64_LIMIT after it, K64_BREAK at a breakpoint, or K64_EXITED. */
enum k64_status k64_machine_step(struct k64_machine *m);
/* Ends the run now, as if the program had exited with code. */
void k64_machine_kill(struct k64_machine *m, int code);
/* CSRs by number, as an M-mode csrr/csrw would reach them; counters are read between
 * instructions. 0, or -1 if the CSR does not exist, is read-only, or its extension is off. */
int k64_get_csr(struct k64_machine *m, unsigned csr, uint64_t *v);
int k64_set_csr(struct k64_machine *m, unsigned csr, uint64_t v);
unsigned k64_get_priv(const struct k64_machine *m);   /* 0 U, 1 S, 3 M */
/* The CSRs a debugger is told about (src/core/csr.def, in its order): name, number, and ext 'F'
 * or 'V' for those of the F and V extensions (they exist whenever misa has the letter, although
 * reading them fails while mstatus.FS or VS is Off), else 0. Fills up to max entries of out and
 * returns how many there are. */
struct k64_csr_desc { char name[16]; unsigned num; char ext; };
size_t k64_csr_debug_list(struct k64_csr_desc *out, size_t max);
/* Vector registers: k64_vlenb bytes each (0 without V), byte 0 = the lowest element's first. */
unsigned k64_vlenb(const struct k64_machine *m);
void k64_get_v(struct k64_machine *m, unsigned r, void *buf);
void k64_set_v(struct k64_machine *m, unsigned r, const void *buf);
/* Memory as a debugger sees it: the program's addresses (Linux user mode: the process's; bare
 * metal: physical; at S/U-mode with satp on: virtual, walked without side effects), every
 * mapped page of guest memory whatever its permissions (a debugger writes code and read-only
 * data), never device registers or host memory. 0, or -1 if any byte is not there (a write
 * then writes nothing). */
int k64_debug_read_mem(struct k64_machine *m, uint64_t addr, void *buf, size_t len);
int k64_debug_write_mem(struct k64_machine *m, uint64_t addr, const void *buf, size_t len);
/* The GDB remote stub (src/gdb/, doc/gdb.md): listens on 127.0.0.1:port (0: a free port the
 * system picks), prints "karu64: waiting for gdb on 127.0.0.1:PORT" on stderr, waits for one
 * debugger before the first instruction and runs the program as it commands; once it detaches
 * or the connection is lost, the program runs on to its end. Returns -1 with a message in err
 * if it cannot listen; else 0 with how the run ended in *st (a kill: K64_EXITED, exit code 137). */
int k64_gdb_run(struct k64_machine *m, int port, enum k64_status *st, char *err, size_t errlen);

/* The cycle model of the machine (NULL in functional mode): see src/timing/timing.h. */
struct k64_model;
struct k64_model *k64_machine_model(const struct k64_machine *m);
/* --stats lines of the translator ("jit: off" when it did not run). */
void k64_machine_print_jit_stats(const struct k64_machine *m, FILE *out);
/* The function profile of the run so far (cfg.profile; NULL otherwise): src/timing/profile.h. */
struct k64_profile;
struct k64_profile *k64_machine_profile(struct k64_machine *m);

/* Commit log in Spike's --log-commits format (plus a disassembly column when disasm is set). */
void k64_trace(struct k64_machine *m, FILE *out, bool disasm);
/* Before k64_trace: each line gets a "V=0"/"V=1" field after the privilege (the hypervisor
 * extension's V; Spike's format has none, so it is off by default). For every log started
 * after the call. */
void k64_trace_virt(bool on);
/* Attach an observer of retired instructions and traps (src/core/observe.h: the retire record);
 * at most four. Returns 0, or -1 when four are attached. k64_unobserve detaches by context. */
struct k64_observer;
int k64_observe(struct k64_machine *m, const struct k64_observer *o);
void k64_unobserve(struct k64_machine *m, void *ctx);
#endif
