/* picolibc (Debian's picolibc-riscv64-unknown-elf, semihosting flavour) on karu64: printf to
 * stdout and stderr, arguments from SYS_GET_CMDLINE, file I/O through SYS_OPEN/WRITE/SEEK/FLEN/
 * READ/CLOSE/REMOVE, and the exit status through SYS_EXIT_EXTENDED. The last argument is a
 * scratch file path chosen by the harness. karu64's SYS_GET_CMDLINE returns the whole command
 * line, program name first (as QEMU does); Debian 12's picolibc crt0 puts "program-name" before
 * it, so only the arguments counted from the end are printed. picolibc 1.8's semihosting stdio
 * sends stdin, stdout and stderr through one console stream (SYS_WRITEC), so "to stderr" is
 * expected on karu64's stdout.
 * karu64-args: --bare
 * args: alpha beta {tmp}
 * expect-exit: 7
 * expect-stdout: alpha\nbeta\nprintf: -42 beef str 2.500 1.25e+10\nsize=18 first=line one\nsecond=line two\nremoved=1\nto stderr\n
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	if (argc < 4)
		return 2;
	const char *tmp = argv[argc - 1];
	printf("%s\n%s\n", argv[argc - 3], argv[argc - 2]);
	printf("printf: %d %x %s %.3f %.2e\n", -42, 0xbeef, "str", 2.5, 1.25e10);

	FILE *f = fopen(tmp, "w");
	if (!f)
		return 3;
	fputs("line one\nline two\n", f);
	fclose(f);

	char buf[64];
	f = fopen(tmp, "r");
	if (!f)
		return 4;
	fseek(f, 0, SEEK_END);
	long size = ftell(f);
	fseek(f, 0, SEEK_SET);
	if (!fgets(buf, sizeof buf, f))
		return 5;
	printf("size=%ld first=%s", size, buf);
	if (!fgets(buf, sizeof buf, f))
		return 6;
	printf("second=%s", buf);
	fclose(f);
	printf("removed=%d\n", remove(tmp) == 0 && fopen(tmp, "r") == NULL);

	fprintf(stderr, "to stderr\n");
	fflush(stdout);
	return 7;
}
