/* Bare-metal front-end: a program that starts in M-mode at its ELF entry with RAM at
 * 0x80000000, and talks to the host through HTIF (tohost/fromhost, as riscv-tests and Spike do)
 * and RISC-V semihosting. At exit it can dump the riscv-arch-test signature. */
#ifndef K64_BARE_BARE_H
#define K64_BARE_BARE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "core/hart.h"
#include "mem/mem.h"

#define K64_BARE_RAM_BASE 0x80000000ull
#define K64_BARE_RAM_SIZE (256ull << 20)

struct k64_bare_config {
	uint64_t ram_base;          /* 0: K64_BARE_RAM_BASE */
	uint64_t ram_size;          /* 0: K64_BARE_RAM_SIZE (--mem) */
	const char *signature;      /* --signature=FILE, or NULL */
	unsigned sig_granularity;   /* bytes per signature line; 0: 4 (riscv-arch-test) */
	bool no_semihosting;        /* semihosting off: its ebreak is a breakpoint exception */
	bool fs_vs_off;             /* mstatus.FS and VS Off at reset (Spike's), not Initial */
	int argc;                   /* the program and its arguments (semihosting SYS_GET_CMDLINE) */
	char *const *argv;
};

/* Prepares h and m to run the ELF at path bare-metal: creates the RAM arena if m has none
 * (otherwise maps all of it RWX), loads the program, resets the privileged state to M-mode,
 * sets pc to the entry point and installs the HTIF and semihosting hooks in h->fe. Call after
 * k64_hart_init. Returns 0, or -1 with a one-line reason in err (without the path). The
 * guest's exit (HTIF or semihosting) sets h->stopped and h->exit_code, and writes the signature
 * file (a failure to write it prints an error and makes the exit status 125). */
int k64_bare_setup(struct k64_hart *h, struct k64_mem *m, const struct k64_bare_config *cfg,
		   const char *path, char *err, size_t errlen);
/* Closes the files the guest opened and frees the front-end state. */
void k64_bare_free(struct k64_hart *h);
#endif
