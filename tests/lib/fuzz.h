/* Helpers shared by the fuzz targets (tests/fuzz/NAME.c, doc/verification.md). Each target is
 * built with clang's -fsanitize=fuzzer,address,undefined and linked with tests/lib/fuzz_jail.c,
 * which refuses to run outside tests/fuzz/jail. */
#ifndef K64_TESTS_FUZZ_H
#define K64_TESTS_FUZZ_H
#define _GNU_SOURCE
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "karu64.h"
#include "mem/elf.h"

/* A file holding len bytes of data, named by *path (/proc/self/fd/N, no file-system write);
 * returns the descriptor to close, or -1. */
static inline int fuzz_memfile(const uint8_t *data, size_t len, char path[32])
{
	int fd = memfd_create("karu64-fuzz", MFD_CLOEXEC);
	if (fd < 0)
		return -1;
	size_t done = 0;
	while (done < len) {
		ssize_t w = write(fd, data + done, len - done);
		if (w <= 0) {
			close(fd);
			return -1;
		}
		done += (size_t)w;
	}
	snprintf(path, 32, "/proc/self/fd/%d", fd);
	return fd;
}

/* The path of a guest program the fuzz build puts in build/fuzz/guest/ (the target lives in
 * build/fuzz/bin/); aborts when it is missing (a build error, not a finding). */
static inline const char *fuzz_guest(const char *name)
{
	static char path[PATH_MAX];
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n <= 0)
		abort();
	exe[n] = 0;
	char *slash = strrchr(exe, '/');
	*slash = 0;
	snprintf(path, sizeof path, "%s/../guest/%s", exe, name);
	if (access(path, R_OK)) {
		fprintf(stderr, "fuzz: missing guest program %s\n", path);
		abort();
	}
	return path;
}

/* fuzz_guest(name), and the values of its ELF symbols sym1 and sym2 (where the harness writes
 * the input into the guest); aborts when they are missing. */
static inline const char *fuzz_guest_syms(const char *name, const char *sym1, uint64_t *v1, const char *sym2,
					  uint64_t *v2)
{
	const char *path = fuzz_guest(name);
	struct k64_elf e;
	char err[256];
	if (k64_elf_open(path, &e, err, sizeof err) || k64_elf_symbol(&e, sym1, v1) || k64_elf_symbol(&e, sym2, v2)) {
		fprintf(stderr, "fuzz: %s: no symbols %s, %s\n", path, sym1, sym2);
		abort();
	}
	k64_elf_close(&e);
	return path;
}

/* Takes bytes from the front of the input (zeros once it is used up). */
struct fuzz_in { const uint8_t *p; size_t n; };
static inline uint64_t fuzz_take(struct fuzz_in *in, unsigned bytes)
{
	uint64_t v = 0;
	for (unsigned i = 0; i < bytes; i++)
		if (in->n) {
			v |= (uint64_t)*in->p++ << (8 * i);
			in->n--;
		}
	return v;
}

/* An invariant of the simulator broke: report it as a crash with the reason. */
#define FUZZ_ASSERT(cond, ...) do { if (!(cond)) { fprintf(stderr, "fuzz invariant: " __VA_ARGS__); \
	fputc('\n', stderr); abort(); } } while (0)

/* Runs m to its end or its instruction limit and checks what every run must give: it ends by
 * the limit or a guest exit (never a breakpoint stop without breakpoints), x0 = 0. Destroys m. */
static inline void fuzz_run_checked(struct k64_machine *m)
{
	enum k64_status st = k64_machine_run(m, 0);
	FUZZ_ASSERT(st == K64_LIMIT || st == K64_EXITED, "run ended with status %d", (int)st);
	FUZZ_ASSERT(k64_get_x(m, 0) == 0, "x0 = 0x%llx", (unsigned long long)k64_get_x(m, 0));
	k64_machine_destroy(m);
}
#endif
