/* Fuzz target: the command line (src/cli/main.c, compiled into this target with main and exit
 * renamed). The input's lines are the arguments after "karu64"; bad options must end in one
 * "karu64: error:" line and exit 125 (never a crash), good ones go on to load and run what they
 * name (at most 100000 instructions: --max-insns is added first and may be overridden). Inputs
 * naming --gdb are skipped (it waits for a debugger on a TCP port). Leak checking is off here:
 * the exit path leaves the parser's buffers, as a process exit does. */
#include "fuzz.h"
#include <setjmp.h>
#include <stdarg.h>

static jmp_buf cli_exit;
static int cli_code;

_Noreturn static void fuzz_cli_exit(int code)
{
	cli_code = code;
	longjmp(cli_exit, 1);
}

#define main karu64_cli_main
#define exit fuzz_cli_exit
#include "cli/main.c"
#undef main
#undef exit

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 4096 || memmem(data, size, "gdb", 3))
		return -1;
	char *buf = malloc(size + 1);
	memcpy(buf, data, size);
	buf[size] = 0;
	char *argv[258] = { "karu64", "--max-insns=100000" };
	int argc = 2;
	for (char *p = buf, *q; p && argc < 257; p = q) {
		if ((q = strchr(p, '\n')))
			*q++ = 0;
		argv[argc++] = p;
	}
	argv[argc] = NULL;
	if (!setjmp(cli_exit))
		cli_code = karu64_cli_main(argc, argv);
	fflush(stdout);
	free(buf);
	return 0;
}

const char *__asan_default_options(void);
const char *__asan_default_options(void) { return "detect_leaks=0"; }
