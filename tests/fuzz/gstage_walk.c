/* Fuzz entry point: the G-stage walk (hgatp Sv39x4/Sv48x4/Sv57x4) and the two-stage walk (vsatp
 * over hgatp) on random page tables. The input is: one byte selecting the modes, then the first
 * 64 KiB of guest RAM at 0x80000000 (the tables live there; the roots are fixed), then the
 * addresses to translate, 8 bytes each. Every walk must end in a translation or a fault, never a
 * host access outside guest memory (ASan) or a crash, and must give the same answer twice (the
 * walks have no side effects: Svade). */
#include <stdio.h>
#include <stdlib.h>
#include "core/hart.h"

#define RAM_BASE 0x80000000ull
#define RAM_SIZE 0x10000ull

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct k64_hart *h;
	static struct k64_mem mem;
	if (!h) {
		struct k64_isa isa;
		k64_isa_default(&isa);
		if (k64_mem_init(&mem, RAM_BASE, RAM_SIZE) || k64_mem_set_perm(&mem, RAM_BASE, RAM_SIZE, K64_PERM_R | K64_PERM_W))
			abort();
		h = calloc(1, sizeof *h);
		if (!h)
			abort();
		k64_hart_init(h, &mem, &isa, 128);
		h->satp_modes |= 1u << 9 | 1u << 10;   /* Sv48(x4) and Sv57(x4) too */
	}
	if (size < 1)
		return 0;
	uint8_t sel = data[0];
	data++, size--;
	size_t img = size < RAM_SIZE ? size : RAM_SIZE;
	memset(mem.host, 0, RAM_SIZE);
	memcpy(mem.host, data, img);
	data += img, size -= img;
	h->hgatp = (uint64_t)(8 + (sel & 3) % 3) << 60 | (RAM_BASE >> 12);            /* root at RAM_BASE (16 KiB) */
	h->vsatp = (sel & 4) ? (uint64_t)(8 + ((sel >> 3) & 3) % 3) << 60 | ((RAM_BASE + 0x4000) >> 12) : 0;
	if (sel & 0x20)
		h->hgatp = 0;                                                           /* G stage Bare */
	h->henvcfg = (sel & 0x40) ? 1ull << 62 : 0;                                     /* PBMTE */
	h->menvcfg = h->henvcfg;
	h->mstatus ^= (sel & 0x80) ? 1ull << 19 : 0;                                    /* MXR */
	h->priv = (sel & 0x10) ? K64_PRIV_U : K64_PRIV_S;
	h->virt = 1;
	for (; size >= 8; data += 8, size -= 8) {
		uint64_t a, pa1 = 0, pa2 = 0;
		memcpy(&a, data, 8);
		for (unsigned acc = K64_PERM_R; acc <= K64_PERM_X; acc <<= 1) {
			uint64_t c1 = k64_mmu_gstage(h, a, acc, &pa1), c2 = k64_mmu_gstage(h, a, acc, &pa2);
			if (c1 != c2 || (!c1 && pa1 != pa2))
				abort();
			if (c1 && c1 != K64_CAUSE_LOAD_GUEST && c1 != K64_CAUSE_STORE_GUEST && c1 != K64_CAUSE_FETCH_GUEST &&
			    c1 != K64_CAUSE_LOAD_ACCESS && c1 != K64_CAUSE_STORE_ACCESS && c1 != K64_CAUSE_FETCH_ACCESS)
				abort();
		}
		bool t1 = k64_mmu_debug_translate(h, a, &pa1), t2 = k64_mmu_debug_translate(h, a, &pa2);
		if (t1 != t2 || (t1 && pa1 != pa2))
			abort();
	}
	h->virt = 0;
	return 0;
}
