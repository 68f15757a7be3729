/* xkround, our round-step Keccak instructions (doc/xkround.md), for guest code. The assembler
 * has no mnemonics for them: they are emitted with `.insn i` in the custom-0 major opcode
 * (0x0b), funct3 selecting the operation, the lane or round immediate in bits 24:20:
 *   xkr.wlane lane, rs   .insn i 0x0b, 0, x0, rs, lane     S[lane] = rs
 *   xkr.rlane rd, lane   .insn i 0x0b, 1, rd, x0, lane     rd = S[lane]
 *   xkr.round rs, k      .insn i 0x0b, 2, x0, rs, k        one round, index rs + k (0..23)
 * The state S is private to the execution unit: it lives across asm statements (the compiler
 * cannot touch it) but not across a signal handler that uses it, nor across threads. */
#ifndef XKROUND_H
#define XKROUND_H

#include <stdint.h>

#define XKROUND_STR_(x) #x
#define XKROUND_STR(x) XKROUND_STR_(x)

/* S[lane] = v; lane an integer literal 0..24. */
#define XKR_WLANE(lane, v) \
    __asm__ volatile(".insn i 0x0b, 0, x0, %0, " XKROUND_STR(lane) : : "r"((uint64_t)(v)))
/* v = S[lane]. */
#define XKR_RLANE(lane, v) \
    __asm__ volatile(".insn i 0x0b, 1, %0, x0, " XKROUND_STR(lane) : "=r"(v))
/* All 25 lanes: S = s[0..24] (25 x xkr.wlane), s[0..24] = S (25 x xkr.rlane). */
#define XKR_W5_(s, i) XKR_WLANE(i, (s)[i]); XKR_WLANE(i + 1, (s)[i + 1]); XKR_WLANE(i + 2, (s)[i + 2]); \
                      XKR_WLANE(i + 3, (s)[i + 3]); XKR_WLANE(i + 4, (s)[i + 4])
#define XKR_R5_(s, i) XKR_RLANE(i, (s)[i]); XKR_RLANE(i + 1, (s)[i + 1]); XKR_RLANE(i + 2, (s)[i + 2]); \
                      XKR_RLANE(i + 3, (s)[i + 3]); XKR_RLANE(i + 4, (s)[i + 4])
#define XKR_LOAD_STATE(s) do { XKR_W5_(s, 0); XKR_W5_(s, 5); XKR_W5_(s, 10); XKR_W5_(s, 15); XKR_W5_(s, 20); } while (0)
#define XKR_STORE_STATE(s) do { XKR_R5_(s, 0); XKR_R5_(s, 5); XKR_R5_(s, 10); XKR_R5_(s, 15); XKR_R5_(s, 20); } while (0)

/* Assembler text of xkr.round with base register operand %N and immediate k. */
#define XKR_ROUND_TXT(op, k) ".insn i 0x0b, 2, x0, " op ", " XKROUND_STR(k) "\n\t"

/* The instruction words (for .word and decoders). */
#define XKR_WLANE_WORD(rs1, lane) (0x0000000bu | ((uint32_t)(rs1) << 15) | ((uint32_t)(lane) << 20))
#define XKR_RLANE_WORD(rd, lane) (0x0000100bu | ((uint32_t)(rd) << 7) | ((uint32_t)(lane) << 20))
#define XKR_ROUND_WORD(rs1, k) (0x0000200bu | ((uint32_t)(rs1) << 15) | ((uint32_t)(k) << 20))

#endif
