/* Console output of the RTL comparison programs: HTIF device 1, command 1 (putchar), the
 * protocol both karu64 --bare and the RTL's testbench implement; each character waits until the
 * host has cleared tohost. Numbers are printed in decimal without a C library. */
#include <stdint.h>
#include "rtl.h"

extern volatile uint64_t tohost;

void put_char(char c)
{
	tohost = (1ull << 56) | (1ull << 48) | (uint8_t)c;
	while (tohost)
		;
}

void put_str(const char *s)
{
	while (*s)
		put_char(*s++);
}

void put_u64(uint64_t v)
{
	char b[24];
	int n = 0;
	do {
		b[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n)
		put_char(b[--n]);
}

void put_row(const char *name, uint64_t a, uint64_t b)
{
	put_str(name);
	put_char(' ');
	put_u64(a);
	put_char(' ');
	put_u64(b);
	put_char('\n');
}

void htif_exit(int code) __attribute__((noreturn));
void trap_report(uint64_t mcause, uint64_t mepc) __attribute__((noreturn));

void trap_report(uint64_t mcause, uint64_t mepc)
{
	put_row("trap", mcause, mepc);
	htif_exit(3);
}
