/* abort(): glibc raises SIGABRT with the default action, so the process dies with signal 6 and
 * the exit status seen by the shell is 134. Output printed before is flushed first. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	printf("before abort\n");
	fflush(stdout);
	abort();
}
