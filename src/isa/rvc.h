/* RVC: expansion of 16-bit compressed instructions into their 32-bit equivalents (RV64). */
#ifndef K64_ISA_RVC_H
#define K64_ISA_RVC_H
#include <stdint.h>

#include "core/isa.h"

/* Returns the 32-bit instruction word equivalent to the 16-bit instruction c under isa
 * (Zca, Zcd, Zcb, Zcmop and the extensions their forms depend on), or 0 when c is reserved,
 * illegal or needs an extension isa lacks.  HINT encodings expand to their own non-compressed
 * form (which writes x0 or changes nothing); c.mop.n expands to addi x0, x0, 0. */
uint32_t k64_rvc_expand(uint16_t c, const struct k64_isa *isa);
#endif
