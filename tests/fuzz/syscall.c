/* Fuzz target: Linux user-mode system calls, in the jail. The input is a sequence of calls the
 * guest tests/fuzz/guest/syscall_stub.S makes one after the other: byte 0 is their count (at
 * most 64), then per call 2 bytes of number (below 512), 1 byte of pointer mask and six 8-byte
 * arguments; an argument whose mask bit is set becomes an address in the guest's 64 KiB
 * scratch buffer (its low 16 bits are the offset), so that buffers, paths and structures the
 * calls take are the input's. The rest of the input fills the scratch buffer. The run is
 * bounded (100000 instructions, virtual clock); the guest's file-system calls reach only the
 * jail's /tmp, its working directory. Calls that wait for something no other party can do
 * (rt_sigsuspend, ppoll/pselect6 and futex without a timeout, reads of an empty pipe, ...)
 * are a guest's own hang, not the simulator's: the blocking ones are replaced by getpid. */
#include "fuzz.h"
#include "karu64.h"

#define NCALLS 64
#define SCRATCH 65536

static uint64_t calls_at, scratch_at;
static const char *stub;

/* Calls that can wait forever on a host without another process to wake them. */
static bool blocking(uint64_t nr)
{
	switch (nr) {
	case 22: case 63: case 65: case 67: case 69: case 72: case 73: case 98: case 101: case 115:
	case 133: case 137: case 95: case 260: case 202: case 203: case 207: case 212: case 243:
	case 242:
		return true;
	}
	return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!stub)
		stub = fuzz_guest_syms("syscall_stub", "calls", &calls_at, "scratch", &scratch_at);
	struct fuzz_in in = { data, size };
	unsigned n = (unsigned)fuzz_take(&in, 1) % (NCALLS + 1);
	uint64_t table[1 + 7 * NCALLS] = { n };
	for (unsigned i = 0; i < n; i++) {
		uint64_t *c = &table[1 + 7 * i];
		c[0] = fuzz_take(&in, 2) % 512;
		unsigned mask = (unsigned)fuzz_take(&in, 1);
		for (unsigned a = 0; a < 6; a++) {
			c[1 + a] = fuzz_take(&in, 8);
			if (mask >> a & 1)
				c[1 + a] = scratch_at + (c[1 + a] & (SCRATCH - 1));
		}
		if (blocking(c[0]))
			c[0] = 172;   /* getpid */
	}
	struct k64_config cfg = { 0 };
	cfg.mode = K64_MODE_LINUX;
	cfg.max_insns = 100000;
	cfg.virtual_clock = true;
	cfg.seed = 1;
	cfg.jail = getenv("KARU64_FUZZ_JAIL");   /* the path jail too: the calls stay in the tmpfs */
	char *envp[] = { "PATH=/bin", NULL };
	cfg.envp = envp;
	char err[256];
	struct k64_machine *m;
	if (k64_machine_create(&cfg, &m, err, sizeof err) ||
	    k64_machine_load(m, stub, 1, (char *[]){ "syscall_stub", NULL }, err, sizeof err)) {
		fprintf(stderr, "%s\n", err);
		abort();
	}
	if (k64_write_mem(m, calls_at, table, 8 * (1 + 7 * n)) ||
	    (in.n && k64_write_mem(m, scratch_at, in.p, in.n < SCRATCH ? in.n : SCRATCH)))
		abort();
	fuzz_run_checked(m);
	return 0;
}
