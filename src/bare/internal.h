/* State shared by the bare-metal front-end's files (bare.c, htif.c, semihost.c). */
#ifndef K64_BARE_INTERNAL_H
#define K64_BARE_INTERNAL_H
#include <time.h>
#include "bare/bare.h"

#define K64_SH_MAX_FILES 64

struct k64_sh_file {
	int kind;                   /* SH_FREE, SH_HOST, SH_FEATURES (see semihost.c) */
	int fd;                     /* host descriptor for SH_HOST */
	bool own;                   /* close fd on SYS_CLOSE (not for ":tt") */
	uint64_t pos;               /* read position in a built-in file */
};

struct k64_bare {
	struct k64_mem *mem;
	uint64_t ram_base, ram_size;
	bool has_tohost, has_fromhost, has_sig;
	uint64_t tohost, fromhost;
	uint64_t sig_begin, sig_end;
	char *signature;
	unsigned sig_granularity;
	char *cmdline;              /* argv joined by spaces */
	uint64_t image_end;         /* end of the loaded program (heap start for SYS_HEAPINFO) */
	struct k64_sh_file files[K64_SH_MAX_FILES];
	int sh_errno;               /* host errno of the last failed semihosting call */
	struct timespec start;
	bool warned_htif;
};

/* Ends the run with the guest's exit status (writes the signature first). */
void k64_bare_exit(struct k64_bare *b, struct k64_hart *h, int code);
/* HTIF: store to the tohost page (htif.c). */
void k64_htif_watch(void *ctx, struct k64_hart *h, uint64_t addr, unsigned size);
/* Semihosting: breakpoint exceptions (semihost.c). Returns true if the ebreak was a
 * semihosting call (handled, pc advanced). */
bool k64_semihost_trap(void *ctx, struct k64_hart *h, uint64_t cause, uint64_t tval);
void k64_semihost_init(struct k64_bare *b);
void k64_semihost_close_all(struct k64_bare *b);
/* Writes the words between begin_signature and end_signature to b->signature. */
int k64_bare_write_signature(struct k64_bare *b, char *err, size_t errlen);
#endif
