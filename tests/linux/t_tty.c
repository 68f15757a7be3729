/* Terminal ioctls on stdin: run under a pseudo-terminal (script(1)) the output must match
 * QEMU's; on a pipe or file tcgetattr fails with ENOTTY. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

int main(void)
{
	struct termios t;
	struct winsize w = { 0 };
	int a = tcgetattr(0, &t);
	int e = a ? errno : 0;
	int b = ioctl(0, TIOCGWINSZ, &w);
	printf("tcgetattr=%d (%s) echo=%d icanon=%d winsize=%d cols=%d isatty=%d\n", a, e ? strerror(e) : "ok",
	       a ? -1 : !!(t.c_lflag & ECHO), a ? -1 : !!(t.c_lflag & ICANON), b, w.ws_col, isatty(0));
	return a ? 0 : tcsetattr(0, TCSANOW, &t);
}
