/* exit() runs atexit handlers in reverse order and flushes stdio; the status is taken modulo
 * 256 (300 -> 44). */
#include <stdio.h>
#include <stdlib.h>

static void first(void) { printf("atexit first (runs last)\n"); }
static void second(void) { printf("atexit second (runs first)\n"); }

int main(void)
{
	atexit(first);
	atexit(second);
	printf("buffered line without flush");
	exit(300);
}
