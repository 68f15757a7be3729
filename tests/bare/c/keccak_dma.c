/* The keccak-dma device in bare metal (issue 11, design 1; doc/keccak-dma.md): at its physical
 * address, with physical DMA addresses. Keccak-f[1600] of the zero state and of its result
 * (lanes from the Keccak team's KeccakF-1600-IntermediateValues.txt), the architectural access
 * faults of bad register accesses (privileged spec 3.1.15: mcause 5 load access fault, 7 store
 * access fault; mtval = the address), a DMA beyond the end of RAM (ERROR, nothing written), and
 * a custom base. RAM is 0x80000000 + 256 MiB.
 * karu64-args: --bare --device=keccak-dma --device=keccak-sponge-dma,base=0x20000000
 * expect-exit: 0
 * expect-stdout: f(0): F1258F7940E1DDE7 84D5CCF933C0478A D598261EA65AA9EE BD1547306F80494D status 1\nf(f(0)): 2D5C954DF96ECB3C 6A332CD07057B56D 093D8D1270D76B6C 8A20D9B25569D094 status 1 count 2\nlh STATUS: mcause 5 mtval 40000010\nsb CTRL: mcause 7 mtval 4000000C\nlw 0x40000020: mcause 5 mtval 40000020\nlw 0x40001000: mcause 5 mtval 40001000\nvle32: mcause 5 mtval 40000000\ndst beyond RAM: status 4 untouched 1\nsponge at 0x20000000: status 1 perms 1 out 46B9DD2B\n
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define RAW 0x40000000ul
#define SPONGE 0x20000000ul

static uint32_t rd(uintptr_t a) { return *(volatile uint32_t *)a; }
static void wr(uintptr_t a, uint32_t v) { *(volatile uint32_t *)a = v; }

/* M-mode trap handler: records mcause and mtval, skips the (32-bit) faulting instruction. */
__attribute__((naked, aligned(4))) static void handler(void)
{
	__asm__ volatile("csrr t5, mcause\n\tcsrr t6, mtval\n\tcsrr t4, mepc\n\taddi t4, t4, 4\n\t"
			 "csrw mepc, t4\n\tmret");
}
#define PROBE(name, insn, addr)                                                                      \
	do {                                                                                         \
		uint64_t c, v;                                                                       \
		__asm__ volatile("li t5, 0\n\tli t6, 0\n\t.option push\n\t.option norvc\n\t.option arch, +v\n\t" insn     \
				 "\n\t.option pop\n\tmv %0, t5\n\tmv %1, t6"                         \
				 : "=r"(c), "=r"(v) : "r"(addr) : "t3", "t4", "t5", "t6", "memory");       \
		printf("%s: mcause %u mtval %lX\n", name, (unsigned)c, (unsigned long)v);           \
	} while (0)

static uint64_t st[25] __attribute__((aligned(8)));

static uint32_t permute(uint64_t *s)
{
	wr(RAW + 0x00, (uint32_t)(uintptr_t)s);
	wr(RAW + 0x04, (uint32_t)(uintptr_t)s);
	wr(RAW + 0x08, 200);
	wr(RAW + 0x0c, 0);
	uint32_t status;
	__asm__ volatile("" : : : "memory");   /* the buffer is written before the start... */
	wr(RAW + 0x0c, 1);
	while ((status = rd(RAW + 0x10)) & 2)
		;
	__asm__ volatile("" : : : "memory");   /* ... and read after DONE (the device wrote it) */
	return status;
}

int main(void)
{
	__asm__ volatile("csrw mtvec, %0\n\tcsrs mstatus, %1" : : "r"(handler), "r"(1ul << 9));   /* and VS = Initial */
	memset(st, 0, sizeof st);
	uint32_t s = permute(st);
	printf("f(0): %016llX %016llX %016llX %016llX status %u\n", (unsigned long long)st[0], (unsigned long long)st[1],
	       (unsigned long long)st[2], (unsigned long long)st[3], s);
	s = permute(st);
	printf("f(f(0)): %016llX %016llX %016llX %016llX status %u count %u\n", (unsigned long long)st[0],
	       (unsigned long long)st[1], (unsigned long long)st[2], (unsigned long long)st[3], s, rd(RAW + 0x1c));
	PROBE("lh STATUS", "lh t3, 0(%2)", RAW + 0x10);
	PROBE("sb CTRL", "sb zero, 0(%2)", RAW + 0x0c);
	PROBE("lw 0x40000020", "lw t3, 0(%2)", RAW + 0x20);
	PROBE("lw 0x40001000", "lw t3, 0(%2)", RAW + 0x1000);   /* the sponge is elsewhere */
	PROBE("vle32", "vsetivli zero, 4, e32, m1, ta, ma\n\tvle32.v v1, (%2)", RAW);
	/* the destination's last 100 bytes lie beyond RAM */
	volatile uint8_t *end = (volatile uint8_t *)0x90000000ul - 100;
	memset((void *)end, 0x5a, 100);
	wr(RAW + 0x04, 0x90000000u - 100);
	wr(RAW + 0x0c, 0);
	wr(RAW + 0x0c, 1);
	s = rd(RAW + 0x10);
	int untouched = 1;
	for (int i = 0; i < 100; i++)
		untouched &= end[i] == 0x5a;
	printf("dst beyond RAM: status %u untouched %d\n", s, untouched);
	/* SHAKE256("") first four bytes: 46 b9 dd 2b (FIPS 202 example values) */
	static uint8_t out[32] __attribute__((aligned(4)));
	wr(SPONGE + 0x00, (uint32_t)(uintptr_t)out);
	wr(SPONGE + 0x04, (uint32_t)(uintptr_t)out);
	wr(SPONGE + 0x08, 0);
	wr(SPONGE + 0x0c, 32);
	wr(SPONGE + 0x10, 0x1f);
	wr(SPONGE + 0x14, 1);
	s = rd(SPONGE + 0x18);
	printf("sponge at 0x20000000: status %u perms %u out %02X%02X%02X%02X\n", s, rd(SPONGE + 0x28), out[0], out[1],
	       out[2], out[3]);
	return 0;
}
