/* The public C API (include/karu64.h) driven as a library user would: create a machine, load
 * tests/cli/loop.S (sums 1..100 into a0, then exit_group(a0)), run it in slices, read registers,
 * memory and counters. Expected values are hand-computed from the program text. */
#include <stdio.h>
#include <string.h>
#include "karu64.h"

static int passed, failed;
#define CHECK(name, cond) do { if (cond) { passed++; printf("PASS %s\n", name); } \
	else { failed++; printf("FAIL %s\n", name); } } while (0)

int main(int argc, char **argv)
{
	if (argc < 2) {
		fputs("usage: api_test LOOP_ELF\n", stderr);
		return 2;
	}
	char err[256];
	struct k64_machine *m;
	char *envp[] = { NULL };
	struct k64_config cfg = { .envp = envp };
	CHECK("create", k64_machine_create(&cfg, &m, err, sizeof err) == 0);
	CHECK("load", k64_machine_load(m, argv[1], 1, argv + 1, err, sizeof err) == 0);
	/* li t0, 100; li a0, 0; then the loop: after 2 + 3k instructions a0 = 100 + 99 + ... */
	CHECK("run 2 returns at the limit", k64_machine_run(m, 2) == K64_LIMIT);
	CHECK("instret 2", k64_instret(m) == 2);
	CHECK("t0 = 100", k64_get_x(m, 5) == 100);
	CHECK("run 3 more", k64_machine_run(m, 3) == K64_LIMIT);
	CHECK("a0 = 100 after one iteration", k64_get_x(m, 10) == 100);
	CHECK("t0 = 99", k64_get_x(m, 5) == 99);
	uint64_t sp = k64_get_x(m, 2), argc_word = 0;
	CHECK("read argc from the initial stack", k64_read_mem(m, sp, &argc_word, 8) == 0 && argc_word == 1);
	CHECK("x0 cannot be written", (k64_set_x(m, 0, 7), k64_get_x(m, 0) == 0));
	CHECK("unmapped read fails", k64_read_mem(m, 8, &argc_word, 8) != 0);
	CHECK("run to exit", k64_machine_run(m, 0) == K64_EXITED);
	CHECK("exit code 5050 & 0xff", k64_machine_exit_code(m) == (5050 & 0xff));
	CHECK("instret 303 at exit", k64_instret(m) == 303);
	k64_machine_destroy(m);

	/* Debugger access: the loop's head L is where pc is after the two li; a breakpoint there
	 * stops before the add at L executes, each time round. */
	CHECK("create (debugger)", k64_machine_create(&cfg, &m, err, sizeof err) == 0 &&
	      k64_machine_load(m, argv[1], 1, argv + 1, err, sizeof err) == 0);
	uint64_t entry = k64_get_pc(m);
	k64_machine_run(m, 2);
	uint64_t head = k64_get_pc(m);
	k64_machine_destroy(m);
	CHECK("create again", k64_machine_create(&cfg, &m, err, sizeof err) == 0 &&
	      k64_machine_load(m, argv[1], 1, argv + 1, err, sizeof err) == 0);
	CHECK("break at the loop head", k64_break_insert(m, head) == 0);
	CHECK("run stops at it: K64_BREAK, pc = L, 2 retired, a0 = 0 (the add not executed)",
	      k64_machine_run(m, 0) == K64_BREAK && k64_get_pc(m) == head && k64_instret(m) == 2 && k64_get_x(m, 10) == 0);
	CHECK("run again from under it: K64_BREAK at once, nothing retired",
	      k64_machine_run(m, 0) == K64_BREAK && k64_instret(m) == 2);
	uint32_t word = 0, back = 0;
	CHECK("the guest's code reads back unchanged (no ebreak written)",
	      k64_read_mem(m, head, &word, 2) == 0 && k64_debug_read_mem(m, head, &back, 2) == 0 && word == back &&
	      (word & 0xffff) != 0x9002 && (word & 0xffff) != 0x0073);
	CHECK("a step with the breakpoint lifted executes exactly the add (a0 = 100, 3 retired)",
	      k64_break_remove(m, head) == 0 && k64_machine_step(m) == K64_LIMIT && k64_instret(m) == 3 &&
	      k64_get_x(m, 10) == 100 && k64_break_insert(m, head) == 0);
	CHECK("run reaches it again after one iteration (5 retired, t0 = 99)",
	      k64_machine_run(m, 0) == K64_BREAK && k64_instret(m) == 5 && k64_get_x(m, 5) == 99);
	CHECK("removing a breakpoint that is not there fails", k64_break_remove(m, head + 2) == -1);
	uint64_t v = 0;
	CHECK("misa has V, vlenb = 32", k64_get_csr(m, 0x301, &v) == 0 && (v >> 21 & 1) &&
	      k64_get_csr(m, 0xc22, &v) == 0 && v == 32);
	CHECK("minstret = instret", k64_get_csr(m, 0xb02, &v) == 0 && v == 5);
	CHECK("no CSR 0x7c0; cycle is read-only", k64_get_csr(m, 0x7c0, &v) == -1 && k64_set_csr(m, 0xc00, 1) == -1);
	CHECK("mscratch written and read back at M-mode from user mode",
	      k64_set_csr(m, 0x340, 0x1234) == 0 && k64_get_csr(m, 0x340, &v) == 0 && v == 0x1234);
	CHECK("debugger memory: page 0 and addresses past the arena fail",
	      k64_debug_read_mem(m, 0, &v, 8) == -1 && k64_debug_read_mem(m, ~0ull - 3, &v, 8) == -1 &&
	      k64_debug_write_mem(m, 1ull << 40, &v, 8) == -1);
	CHECK("debugger memory writes code (the guest's own write may not)",
	      k64_write_mem(m, entry, &word, 2) != 0 && k64_debug_write_mem(m, entry, &word, 2) == 0);
	k64_break_remove(m, head);
	CHECK("run 298 more: pc at the exit_group ecall", k64_machine_run(m, 298) == K64_LIMIT && k64_instret(m) == 303);
	CHECK("a step over the ecall ends the program", k64_machine_step(m) == K64_EXITED && k64_machine_exit_code(m) == 186);
	k64_machine_destroy(m);
	struct k64_config bad = { .envp = envp, .vlen = 100 };
	CHECK("bad vlen rejected with a message", k64_machine_create(&bad, &m, err, sizeof err) != 0 && strstr(err, "vlen"));
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
