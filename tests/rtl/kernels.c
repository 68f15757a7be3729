/* Compiled scalar code for the RTL comparison: the C Keccak-f[1600] permutations (the unrolled
 * lanes-in-registers one of sw/keccak and the compact looped one of tests/timing), each timed on
 * its second run, and with WITH_MLKEM an ML-KEM-768 key generation, encapsulation and
 * decapsulation (sw/mlkem, fixed seeds). Prints "name cycles instructions", then "check 1" if the
 * results hold: both permutations give the known answer for A[i] = i (zvknhk.md, element 0),
 * and decapsulation recovers the encapsulated key. */
#include "rtl.h"
#ifdef WITH_MLKEM
#include "mlkem.h"
#endif

void keccak_p1600_permute(uint64_t s[25], unsigned nrounds);
void keccak_compact(uint64_t s[25]);
#ifndef WITH_MLKEM
unsigned long keccak_permute_calls;   /* the counter sw/keccak/keccak_c.c increments */
#endif

static uint64_t a[25], b[25];

static void unrolled(uint64_t *s) { keccak_p1600_permute(s, 24); }

static void perm(const char *name, void (*fn)(uint64_t *), uint64_t *s)
{
	uint64_t c0 = 0, i0 = 0, c1 = 0, i1 = 0;
	for (int i = 0; i < 25; i++)
		s[i] = (uint64_t)i;
	for (int run = 0; run < 2; run++) {
		if (run) {
			for (int i = 0; i < 25; i++)
				s[i] = (uint64_t)i;
		}
		c0 = rd_cycle();
		i0 = rd_instret();
		fn(s);
		c1 = rd_cycle();
		i1 = rd_instret();
	}
	put_row(name, c1 - c0, i1 - i0);
}

#ifdef WITH_MLKEM
static uint8_t ek[MLKEM_EK_BYTES_MAX], dk[MLKEM_DK_BYTES_MAX], ct[MLKEM_CT_BYTES_MAX];
static uint8_t ss1[32], ss2[32];
#endif

int main(void)
{
	perm("keccak_unrolled", unrolled, a);
	perm("keccak_compact", keccak_compact, b);
	int ok = a[0] == 0x8374b05252ed8115ull;
	for (int i = 0; i < 25; i++)
		ok &= a[i] == b[i];
#ifdef WITH_MLKEM
	uint8_t d[32], z[32], m[32];
	for (int i = 0; i < 32; i++) {
		d[i] = (uint8_t)i;
		z[i] = (uint8_t)(32 + i);
		m[i] = (uint8_t)(64 + i);
	}
	uint64_t c0 = rd_cycle(), i0 = rd_instret();
	ok &= mlkem_keygen_internal(768, ek, dk, d, z) == 0;
	uint64_t c1 = rd_cycle(), i1 = rd_instret();
	ok &= mlkem_encaps_internal(768, ct, ss1, ek, m) == 0;
	uint64_t c2 = rd_cycle(), i2 = rd_instret();
	ok &= mlkem_decaps_internal(768, ss2, dk, ct) == 0;
	uint64_t c3 = rd_cycle(), i3 = rd_instret();
	put_row("mlkem768_keygen", c1 - c0, i1 - i0);
	put_row("mlkem768_encaps", c2 - c1, i2 - i1);
	put_row("mlkem768_decaps", c3 - c2, i3 - i2);
	for (int i = 0; i < 32; i++)
		ok &= ss1[i] == ss2[i];
#endif
	put_row("check", (uint64_t)ok, 0);
	return ok ? 0 : 1;
}
