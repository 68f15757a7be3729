/* DIEL (Zvkt, karu64.md §2 and §5): the cycles of every vector crypto instruction and of
 * vkeccak.vi must not depend on the operand values. Each instruction is timed between two cycle
 * reads three times: once to warm the caches, then with two different random register files.
 * Prints "name cycles-with-data-B cycles-with-data-C"; tests/timing/diel.py compares them. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint8_t buf[32 * 512];   /* the whole register file at VLEN <= 4096 */

static void fill(uint64_t seed)
{
	uint64_t x = seed * 0x9e3779b97f4a7c15ull + 1;
	for (size_t i = 0; i < sizeof buf; i++) {
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		buf[i] = (uint8_t)x;
	}
	uint64_t vlenb;
	__asm__ volatile("csrr %0, vlenb" : "=r"(vlenb));
	const uint8_t *p = buf;
	__asm__ volatile("vsetvli t0, zero, e8, m8, ta, ma\n"
			 "vl8re8.v v0, (%0)\n add %0, %0, %1\n vl8re8.v v8, (%0)\n add %0, %0, %1\n"
			 "vl8re8.v v16, (%0)\n add %0, %0, %1\n vl8re8.v v24, (%0)"
			 : "+r"(p) : "r"(8 * vlenb) : "t0", "memory");
}

#define T(name, vt, insn) \
	static uint64_t t_##name(void) \
	{ \
		uint64_t a, b; \
		__asm__ volatile("vsetvli t0, zero, " vt "\n.balign 8\ncsrr %0, cycle\n" insn "\ncsrr %1, cycle" \
				 : "=&r"(a), "=&r"(b) : : "t0", "memory"); \
		return b - a; \
	}
#define E32 "e32, m4, ta, ma"
#define E64 "e64, m4, ta, ma"
#define LIST(X) \
	X(vaesef_vv, E32, "vaesef.vv v4, v8") X(vaesef_vs, E32, "vaesef.vs v4, v8") \
	X(vaesem_vv, E32, "vaesem.vv v4, v8") X(vaesem_vs, E32, "vaesem.vs v4, v8") \
	X(vaesdf_vv, E32, "vaesdf.vv v4, v8") X(vaesdf_vs, E32, "vaesdf.vs v4, v8") \
	X(vaesdm_vv, E32, "vaesdm.vv v4, v8") X(vaesdm_vs, E32, "vaesdm.vs v4, v8") \
	X(vaeskf1_vi, E32, "vaeskf1.vi v4, v8, 3") X(vaeskf2_vi, E32, "vaeskf2.vi v4, v8, 5") \
	X(vaesz_vs, E32, "vaesz.vs v4, v8") \
	X(vsha2ms_e32, E32, "vsha2ms.vv v4, v8, v12") X(vsha2ch_e32, E32, "vsha2ch.vv v4, v8, v12") \
	X(vsha2cl_e32, E32, "vsha2cl.vv v4, v8, v12") X(vsha2ms_e64, E64, "vsha2ms.vv v4, v8, v12") \
	X(vsha2ch_e64, E64, "vsha2ch.vv v4, v8, v12") X(vsha2cl_e64, E64, "vsha2cl.vv v4, v8, v12") \
	X(vsm4k_vi, E32, "vsm4k.vi v4, v8, 2") X(vsm4r_vv, E32, "vsm4r.vv v4, v8") X(vsm4r_vs, E32, "vsm4r.vs v4, v8") \
	X(vsm3me_vv, E32, "vsm3me.vv v4, v8, v12") X(vsm3c_vi, E32, "vsm3c.vi v4, v8, 7") \
	X(vghsh_vv, E32, "vghsh.vv v4, v8, v12") X(vgmul_vv, E32, "vgmul.vv v4, v8") \
	X(vandn_vv, E32, "vandn.vv v4, v8, v12") X(vbrev8_v, E32, "vbrev8.v v4, v8") X(vrev8_v, E32, "vrev8.v v4, v8") \
	X(vrol_vv, E32, "vrol.vv v4, v8, v12") X(vror_vv, E32, "vror.vv v4, v8, v12") X(vror_vi, E32, "vror.vi v4, v8, 9") \
	X(vkeccak_24, "e64, m1, ta, ma", ".insn r 0x77, 0x2, 0x53, x0, x18, x0") \
	X(vkeccak_12, "e64, m1, ta, ma", ".insn r 0x77, 0x2, 0x53, x0, x18, x1")
LIST(T)

int main(void)
{
	static const struct { const char *name; uint64_t (*fn)(void); } tests[] = {
#define ENTRY(n, vt, insn) { #n, t_##n },
		LIST(ENTRY)
	};
	for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
		uint64_t c[3];
		for (int k = 0; k < 3; k++) {
			fill(i * 3 + (uint64_t)k + 1);
			c[k] = tests[i].fn();
		}
		printf("%s %llu %llu\n", tests[i].name, (unsigned long long)c[1], (unsigned long long)c[2]);
	}
	return 0;
}
