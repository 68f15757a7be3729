/* Ways a process ends: t_fatal MODE. The rules check the exit status (128 + signal for a
 * fatal signal, as a shell reports a process killed by it; exit codes modulo 256) and that
 * the simulator prints exactly one line on stderr. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static void handler(int sig) { (void)sig; _exit(99); }

int main(int argc, char **argv)
{
	const char *m = argc > 1 ? argv[1] : "";
	if (!strcmp(m, "exit"))
		exit(300);                                   /* 300 & 0xff = 44 */
	if (!strcmp(m, "ill"))
		__asm__ volatile(".4byte 0xc0001073");       /* unimp */
	if (!strcmp(m, "segv"))
		*(volatile int *)16 = 1;
	if (!strcmp(m, "ebreak"))
		__asm__ volatile("ebreak");
	if (!strcmp(m, "abort"))
		abort();
	if (!strcmp(m, "blocked-segv")) {
		/* A synchronous fault on a blocked signal kills even with a handler. */
		signal(SIGSEGV, handler);
		sigset_t s;
		sigemptyset(&s);
		sigaddset(&s, SIGSEGV);
		sigprocmask(SIG_BLOCK, &s, NULL);
		*(volatile int *)16 = 1;
	}
	if (!strcmp(m, "ignored-ill")) {
		signal(SIGILL, SIG_IGN);
		__asm__ volatile(".4byte 0xc0001073");
	}
	if (!strcmp(m, "handled-ill")) {
		signal(SIGILL, handler);
		__asm__ volatile(".4byte 0xc0001073");
	}
	if (!strcmp(m, "kill-term"))
		kill(getpid(), SIGTERM);
	if (!strcmp(m, "pipe"))              /* run with stdout a pipe whose reader exits */
		for (;;)
			write(1, "line\n", 5);
	if (!strcmp(m, "unknown-syscall"))
		syscall(999);
	return 7;
}
