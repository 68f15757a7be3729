/* Linux user-mode front-end: runs a riscv64 Linux ELF (static, or dynamically linked with its
 * dynamic linker taken from a guest root) on a hart, emulating the system
 * calls and signal delivery of the riscv64 Linux ABI (asm-generic system call numbers, errno
 * values and structure layouts; arch/riscv signal frames). */
#ifndef K64_LINUX_LINUX_H
#define K64_LINUX_LINUX_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct k64_hart;
struct k64_mem;

struct k64_linux_config {
	char **envp;          /* NULL-terminated guest environment (the CLI builds it) */
	uint64_t seed;        /* getrandom and AT_RANDOM come from a PRNG seeded with it */
	bool virtual_clock;   /* time = K64_LINUX_EPOCH + retired instructions (1 insn = 1 ns) */
	bool strict;          /* an unsupported system call stops the run (status 125) */
	bool discard_vector;  /* clobber the vector state at each system call, as Linux does */
	uint64_t thread_quantum; /* retired instructions a thread runs before the next one; 0 = default */
	const char *ld_prefix; /* guest root (QEMU's -L): absolute guest paths are tried under it
	                          first, the dynamic linker among them; NULL or "" = none */
	const char *jail;     /* --jail: every guest path resolves inside this directory, the guest's
	                         root (jail.c); NULL or "" = none */
	uint64_t mem_limit;   /* --host-mem-limit: bytes of guest memory the host may back (pages that
	                         were ever accessible, K64_PERM_BACKED); past it mmap, brk, mremap and
	                         mprotect fail with ENOMEM; 0 = none */
};

/* Default thread quantum (retired instructions). */
#define K64_LINUX_THREAD_QUANTUM 100000

/* --virtual-clock: CLOCK_REALTIME at instruction 0 (2025-01-01T00:00:00Z). */
#define K64_LINUX_EPOCH 1735689600ull

/* Guest address-space layout inside the arena [0, 2^K64_LINUX_ARENA_BITS): the Sv39 user half,
 * 2^38. A smaller arena (-DK64_LINUX_ARENA_BITS=35) lets valgrind, which cannot reserve 2^38
 * bytes, run karu64 in user mode: `make bench-callgrind` (doc/cycle-model.md). */
#ifndef K64_LINUX_ARENA_BITS
#define K64_LINUX_ARENA_BITS  38
#endif
#define K64_LINUX_ARENA_SIZE  (1ull << K64_LINUX_ARENA_BITS)
#define K64_LINUX_PIE_BASE    ((K64_LINUX_ARENA_SIZE / 3 * 2) & ~0xfffull)   /* 2/3 of it, as Linux riscv64 */
#define K64_LINUX_STACK_TOP   (K64_LINUX_ARENA_SIZE - 0x1000)      /* initial stack grows down from here */
#define K64_LINUX_STACK_SIZE  (8ull << 20)
#define K64_LINUX_SIGTRAMP    (K64_LINUX_ARENA_SIZE - 0x1000)      /* one R+X page: li a7, 139; ecall */
#define K64_LINUX_MMAP_TOP    (K64_LINUX_ARENA_SIZE - 0x10000000)  /* mmap allocates top-down below this */

/* Loads path into m (the CLI created it with k64_mem_init(m, 0, K64_LINUX_ARENA_SIZE)), builds
 * the initial stack from argv[0..argc-1] (argv[0] is the guest's argv[0]) and cfg->envp, sets
 * pc/sp/privilege and installs the system-call and signal handler in h->fe.
 * Returns 0, or -1 with a one-line reason in err, without the path (the caller prints
 * "karu64: error: PATH: REASON" and exits 125). */
int k64_linux_setup(struct k64_hart *h, struct k64_mem *m, const struct k64_linux_config *cfg,
		    const char *path, int argc, char **argv, char *err, size_t errlen);
/* Releases the front-end state (host file descriptors it opened, tables). */
void k64_linux_free(struct k64_hart *h);
#endif
