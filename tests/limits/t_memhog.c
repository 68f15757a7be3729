/* The host-memory ceiling's test guest (tests/limits/run.py): maps memory without bound and
 * prints how far it got. Modes (argv[1]):
 *   mmap      1 MiB anonymous read-write mappings, every page written, until mmap fails
 *             (at most 1 GiB)
 *   hide      the same, but each mapping is made PROT_NONE after it is written (its memory is
 *             still held), so the guest cannot hide what it holds from the ceiling
 *   brk       sbrk 1 MiB at a time, every page written, until it fails
 *   reserve   1 GiB PROT_NONE reservations (they cost nothing) 16 times, then one page of each
 *             made writable
 *   none      nothing (the simulator's own memory, for comparison)
 * Prints "MODE: N MiB, errno NAME" and exits 0. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define MIB (1ul << 20)

static const char *ename(int e)
{
	return e == ENOMEM ? "ENOMEM" : e == 0 ? "none" : strerror(e);
}

static void touch(char *p, unsigned long n)
{
	for (unsigned long i = 0; i < n; i += 4096)
		p[i] = (char)(i >> 12);
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "mmap";
	unsigned long n = 0;
	int err = 0;
	if (!strcmp(mode, "mmap") || !strcmp(mode, "hide")) {
		for (; n < 1024; n++) {
			char *p = mmap(NULL, MIB, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
			if (p == MAP_FAILED) {
				err = errno;
				break;
			}
			touch(p, MIB);
			if (!strcmp(mode, "hide") && mprotect(p, MIB, PROT_NONE) != 0) {
				err = errno;
				break;
			}
		}
	} else if (!strcmp(mode, "brk")) {
		for (; n < 1024; n++) {
			char *p = sbrk(MIB);
			if (p == (char *)-1) {
				err = errno;
				break;
			}
			touch(p, MIB);
		}
	} else if (!strcmp(mode, "reserve")) {
		char *r[16];
		for (int i = 0; i < 16; i++) {
			r[i] = mmap(NULL, 1024 * MIB, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
			if (r[i] == MAP_FAILED) {
				err = errno;
				break;
			}
			n += 1024;
		}
		for (int i = 0; !err && i < 16; i++) {
			if (mprotect(r[i], 4096, PROT_READ | PROT_WRITE) != 0)
				err = errno;
			else
				r[i][0] = 1;
		}
	}
	printf("%s: %lu MiB, errno %s\n", mode, n, ename(err));
	return 0;
}
