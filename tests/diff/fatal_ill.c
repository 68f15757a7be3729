/* An illegal instruction with no handler installed: the default action of SIGILL ends the
 * process, so the exit status seen by the shell is 128 + 4 = 132. */
#include <stdio.h>

int main(void)
{
	printf("before the illegal instruction\n");
	fflush(stdout);
	__asm__ volatile(".4byte 0");
	printf("not reached\n");
	return 0;
}
