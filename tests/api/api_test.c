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
	struct k64_config bad = { .envp = envp, .vlen = 100 };
	CHECK("bad vlen rejected with a message", k64_machine_create(&bad, &m, err, sizeof err) != 0 && strstr(err, "vlen"));
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
