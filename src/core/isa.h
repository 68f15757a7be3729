/* ISA configuration: the --isa string parsed once into extension flags (Spike's model).
 * Everything else asks k64_has(). */
#ifndef K64_CORE_ISA_H
#define K64_CORE_ISA_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One bit per extension this build knows. Order is irrelevant; names are in isa.c. */
enum k64_ext {
	K64_EXT_I, K64_EXT_M, K64_EXT_A, K64_EXT_F, K64_EXT_D, K64_EXT_C, K64_EXT_V,
	K64_EXT_H,          /* the hypervisor extension (with Sha's parts, doc/privileged.md) */
	K64_EXT_ZICSR, K64_EXT_ZIFENCEI, K64_EXT_ZICNTR, K64_EXT_ZIHPM,
	K64_EXT_ZBA, K64_EXT_ZBB, K64_EXT_ZBS, K64_EXT_ZBC, K64_EXT_ZICOND, K64_EXT_ZFA,
	K64_EXT_ZCA, K64_EXT_ZCD, K64_EXT_ZCB, K64_EXT_ZCMOP, K64_EXT_ZIMOP,
	K64_EXT_ZFHMIN, K64_EXT_ZIHINTPAUSE, K64_EXT_ZIHINTNTL,
	K64_EXT_ZICBOM, K64_EXT_ZICBOP, K64_EXT_ZICBOZ, K64_EXT_ZAWRS, K64_EXT_ZKT,
	K64_EXT_ZVFHMIN, K64_EXT_ZVBB, K64_EXT_ZVKB, K64_EXT_ZVKT, K64_EXT_ZVBC,
	K64_EXT_ZVKNED, K64_EXT_ZVKNHA, K64_EXT_ZVKNHB, K64_EXT_ZVKG, K64_EXT_ZVKSED, K64_EXT_ZVKSH,
	K64_EXT_ZVKNHK,
	K64_EXT_XKROUND,    /* our custom round-step Keccak instruction (doc/xkround.md); off by default */
	K64_EXT_COUNT
};

struct k64_isa {
	uint64_t ext;      /* bit (1 << enum k64_ext) */
	unsigned zvl;      /* minimum VLEN from zvlNb (0 if none) */
};

static inline bool k64_has(const struct k64_isa *isa, enum k64_ext e) { return (isa->ext >> e) & 1; }

/* Parses an ISA string such as "rv64gcv_zvl256b_zba_zbb_zbs_zvkng_zvknhk" (case-insensitive).
 * Expands g, shorthands (zvkn, zvkng, zvks, ...) and implications (d => f, v => zve64d, ...).
 * Returns 0, or -1 with a one-line reason in err. */
int k64_isa_parse(const char *s, struct k64_isa *out, char *err, size_t errlen);
/* The Karu64 profile: everything this build implements but the custom xkround. */
void k64_isa_default(struct k64_isa *out);
/* Canonical string of a configuration (for --version, hwprobe and traces). */
void k64_isa_format(const struct k64_isa *isa, char *buf, size_t len);
/* Extension name <-> flag. */
const char *k64_ext_name(enum k64_ext e);
#endif
