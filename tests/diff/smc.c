/* Self-modifying and generated code: instructions written to an executable mapping, made
 * visible with fence.i (Zifencei) or the riscv_flush_icache path glibc offers, executed, then
 * rewritten in place and executed again; code in a mapping that is unmapped and mapped anew at
 * the same address. A simulator that caches decoded instructions must notice every change. */
#include "common.h"
#include <sys/mman.h>
#include <unistd.h>

typedef uint64_t (*fn_t)(uint64_t);

/* addi a0, a0, imm ; ret */
static void emit_addi_ret(uint32_t *p, int imm)
{
	p[0] = 0x00050513u | ((uint32_t)(imm & 0xfff) << 20);
	p[1] = 0x00008067u;
}

static void sync_icache(void *p, size_t n)
{
	__builtin___clear_cache((char *)p, (char *)p + n);   /* glibc: riscv_flush_icache syscall */
	__asm__ volatile(".option push\n.option arch,+zifencei\nfence.i\n.option pop" ::: "memory");
}

int main(void)
{
	size_t pg = 4096;
	uint32_t *code = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (code == MAP_FAILED) { printf("mmap rwx failed\n"); return 1; }
	fn_t f = (fn_t)code;
	uint64_t sum = 0;
	for (int k = 1; k <= 300; k++) {
		emit_addi_ret(code, k);
		sync_icache(code, 8);
		sum += f(1000);
	}
	printf("rewritten 300 times: sum %llu\n", (u64)sum);

	/* A longer generated function: a chain of addi/slli/xor, rewritten with other constants. */
	for (int v = 0; v < 3; v++) {
		uint32_t *p = code + 64;
		for (int i = 0; i < 200; i++) {
			int imm = (i * 37 + v * 11) % 2000 - 1000;
			switch (i % 3) {
			case 0: *p++ = 0x00050513u | ((uint32_t)(imm & 0xfff) << 20); break;        /* addi a0,a0,imm */
			case 1: *p++ = 0x00151513u; break;                                            /* slli a0,a0,1 */
			default: *p++ = 0x00054513u | ((uint32_t)(imm & 0xfff) << 20); break;        /* xori a0,a0,imm */
			}
		}
		*p++ = 0x00008067u;
		sync_icache(code + 64, 201 * 4);
		printf("generated v%d: %016llx\n", v, (u64)((fn_t)(code + 64))(v + 1));
	}

	/* Code straddling the page boundary, modified on the second page only. */
	uint32_t *edge = code + pg / 4 - 1;
	edge[0] = 0x00150513u;            /* addi a0,a0,1 (last word of page 1) */
	emit_addi_ret(edge + 1, 10);      /* first words of page 2 */
	sync_icache(edge, 12);
	uint64_t a = ((fn_t)edge)(0);
	emit_addi_ret(edge + 1, 20);
	sync_icache(edge, 12);
	printf("straddling: %llu then %llu\n", (u64)a, (u64)((fn_t)edge)(0));

	/* Unmap, map again at the same address with different code. */
	munmap(code, 2 * pg);
	uint32_t *again = mmap(code, pg, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	emit_addi_ret(again, -7);
	sync_icache(again, 8);
	printf("remapped: same address %d result %lld\n", again == code, (long long)((fn_t)again)(0));

	/* Write-then-execute through mprotect (W^X style). */
	uint32_t *wx = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	emit_addi_ret(wx, 99);
	mprotect(wx, pg, PROT_READ | PROT_EXEC);
	sync_icache(wx, 8);
	uint64_t r1 = ((fn_t)wx)(1);
	mprotect(wx, pg, PROT_READ | PROT_WRITE);
	emit_addi_ret(wx, 55);
	mprotect(wx, pg, PROT_READ | PROT_EXEC);
	sync_icache(wx, 8);
	printf("w^x: %llu then %llu\n", (u64)r1, (u64)((fn_t)wx)(1));
	return 0;
}
