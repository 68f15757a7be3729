/* Checkpoints of a machine (doc/board.md, "Checkpoints"): the board's or a bare-metal program's
 * architectural state into a file of mem/ckpt.h's container, and back into a machine that was
 * set up with the same configuration. */
#ifndef K64_BOARD_CHECKPOINT_H
#define K64_BOARD_CHECKPOINT_H
#include <stddef.h>
#include <stdint.h>
#include "karu64.h"

struct k64_hart;
struct k64_mem;
struct k64_bus;
struct k64_board;
struct k64_isa;

/* What a checkpoint covers; board NULL for bare metal, program the bare-metal ELF. */
struct k64_ckpt_machine {
	struct k64_hart *h;
	struct k64_mem *mem;
	struct k64_bus *bus;        /* NULL: no device */
	struct k64_board *board;
	const struct k64_config *cfg;
	const struct k64_isa *isa;
	unsigned vlen;
	const char *program;
};

/* Writes the state at the current boundary to path: 0, or -1 with a one-line message. */
int k64_checkpoint_write(const struct k64_ckpt_machine *m, const char *path, char *err, size_t errlen);
/* Restores from a whole checkpoint file in data: everything is checked (the container, the
 * configuration, every section, each device and drive) before anything changes; 0, or -1 with
 * a one-line message and the machine unchanged. */
int k64_checkpoint_restore(const struct k64_ckpt_machine *m, const uint8_t *data, size_t len, char *err,
			   size_t errlen);
#endif
