/* Fuzz target: the instruction stream. The input's first byte chooses how the code runs (the
 * privilege, satp on, delegation to S: tests/fuzz/guest/insn_stub.S; bit 4 adds the karu64-sim
 * cycle model, bit 5 allows Sv57), the rest is the code, written at 0x80010000 in bare metal and
 * run for at most 20000 instructions. Every trap skips the instruction that took it. Checked
 * after the run, besides ASan/UBSan: x0 is 0, the run ended by the limit or a guest exit (never
 * a breakpoint stop without breakpoints), the pc is 2-byte aligned, the count of retired
 * instructions is within the limit. Semihosting calls the code makes are served (that surface
 * is under test here too; the jail keeps them in /tmp). */
#include "fuzz.h"
#include "karu64.h"

#define CODE 0x80010000ull
#define MAX_INSNS 20000

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1 || size > 4097)
		return -1;
	static const char *stub;
	if (!stub)
		stub = fuzz_guest("insn_stub.elf");
	struct k64_config cfg = { 0 };
	cfg.mode = K64_MODE_BARE;
	cfg.mem_size = 4ull << 20;
	cfg.max_insns = MAX_INSNS;
	cfg.pmp = 16;
	cfg.model = data[0] & 0x10 ? "karu64-sim" : NULL;
	cfg.mmu = data[0] & 0x20 ? "sv57" : NULL;
	char err[256];
	struct k64_machine *m;
	if (k64_machine_create(&cfg, &m, err, sizeof err)) {
		fprintf(stderr, "%s\n", err);
		abort();
	}
	if (k64_machine_load(m, stub, 1, (char *[]){ "insn", NULL }, err, sizeof err)) {
		fprintf(stderr, "%s\n", err);
		abort();
	}
	if (size > 1 && k64_write_mem(m, CODE, data + 1, size - 1))
		abort();
	k64_set_x(m, 10, data[0] & 0x0f);
	enum k64_status st = k64_machine_run(m, 0);
	FUZZ_ASSERT(st == K64_LIMIT || st == K64_EXITED, "run ended with status %d", (int)st);
	FUZZ_ASSERT(k64_get_x(m, 0) == 0, "x0 = 0x%llx", (unsigned long long)k64_get_x(m, 0));
	FUZZ_ASSERT((k64_get_pc(m) & 1) == 0, "pc 0x%llx is odd", (unsigned long long)k64_get_pc(m));
	FUZZ_ASSERT(k64_instret(m) <= MAX_INSNS + 1, "%llu instructions retired",
		    (unsigned long long)k64_instret(m));
	k64_machine_destroy(m);
	return 0;
}
