/* A store to an unmapped address with no handler installed: SIGSEGV's default action ends the
 * process with exit status 128 + 11 = 139; buffered output not flushed before is lost. */
#include <stdio.h>
#include <stdint.h>

int main(void)
{
	printf("flushed line\n");
	fflush(stdout);
	printf("buffered line, lost with the process\n");
	*(volatile uint64_t *)(uintptr_t)0x10 = 1;
	return 0;
}
