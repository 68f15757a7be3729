/* Bare metal on the board (as --bios): syscon reboot (0x7777) restarts the board with the images
 * reloaded and RAM otherwise kept; the second boot finds its mark and fails with code 42 through
 * the syscon (0x3333 | 42 << 16), which is karu64's exit status (tests/boot/run.py). */
#include <stdint.h>

#define UART   ((volatile uint8_t *)0x10000000)
#define SYSCON ((volatile uint32_t *)0x100000)
#define MARK   ((volatile uint64_t *)0x80100000)   /* RAM outside the image */
#define MAGIC  0x6b61727536346272ull

static void puts_(const char *s) { while (*s) *UART = (uint8_t)*s++; }

void main(void)
{
	if (*MARK == MAGIC) {
		puts_("second boot\n");
		*SYSCON = 0x3333 | (42u << 16);
	} else {
		*MARK = MAGIC;
		puts_("first boot\n");
		*SYSCON = 0x7777;
	}
	for (;;)
		;
}

__attribute__((naked, section(".text.init"))) void _start(void)
{
	__asm__ volatile("la sp, _end + 0x10000\n\t"
			 "call main\n\t");
}
