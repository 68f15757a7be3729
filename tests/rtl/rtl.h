/* Shared by the RTL comparison programs (tests/rtl): console output through HTIF and the
 * counter reads. Every program prints lines "name cycles instructions". */
#ifndef RTL_H
#define RTL_H
#include <stdint.h>

void put_char(char c);
void put_str(const char *s);
void put_u64(uint64_t v);
void put_row(const char *name, uint64_t a, uint64_t b);

static inline uint64_t rd_cycle(void) { uint64_t v; __asm__ volatile("csrr %0, cycle" : "=r"(v)); return v; }
static inline uint64_t rd_instret(void) { uint64_t v; __asm__ volatile("csrr %0, instret" : "=r"(v)); return v; }
#endif
