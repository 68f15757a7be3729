/* Fuzz target: the board's devices through their registers. The board (16 MiB of RAM, the
 * keccak-dma and keccak-sponge-dma devices added) boots tests/fuzz/guest/mmio_player.S as its
 * firmware, which makes the accesses of the input: byte 0 picks the cycle model (bit 0:
 * karu64-sim, else functional), then per access 1 byte of device (CLINT, PLIC, UART, syscon,
 * keccak-dma, keccak-sponge-dma, or RAM), 1 byte of kind (width, load/store, interrupt enable;
 * bit 4 turns the value into an address in the 64 KiB buffer `dmabuf`, so DMA descriptors and
 * pointers land in RAM as well as anywhere else), 4 bytes of offset (modulo the device's
 * size) and 8 of value. The rest of the input fills dmabuf (what DMA descriptors there say).
 * Run for at most 200000 instructions. Checked: no sanitizer report, x0 = 0, the run ends. */
#include "fuzz.h"
#include "karu64.h"
#include "board/board.h"

#define NRECS 256
static const struct { uint64_t base, size; } devs[7] = {
	{ K64_BOARD_CLINT, K64_BOARD_CLINT_SZ }, { K64_BOARD_PLIC, K64_BOARD_PLIC_SZ },
	{ K64_BOARD_UART, 0x1000 }, { K64_BOARD_SYSCON, 0x1000 }, { 0x40000000, 0x1000 },
	{ 0x40001000, 0x1000 }, { K64_BOARD_RAM, 16u << 20 },
};
static uint64_t recs_at, dmabuf_at;
static const char *player;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!player)
		player = fuzz_guest_syms("mmio_player.elf", "recs", &recs_at, "dmabuf", &dmabuf_at);
	if (size < 1)
		return -1;
	struct fuzz_in in = { data + 1, size - 1 };
	uint64_t table[1 + 3 * NRECS];
	unsigned n = 0;
	while (n < NRECS && in.n >= 14) {
		unsigned dev = (unsigned)fuzz_take(&in, 1) % 7, kind = (unsigned)fuzz_take(&in, 1);
		uint64_t off = fuzz_take(&in, 4) % devs[dev].size, val = fuzz_take(&in, 8);
		if (kind & 0x10)
			val = dmabuf_at + (val & 0xffff);
		if (kind & 0x20)   /* the end of the accesses: the rest is dmabuf */
			break;
		uint64_t *r = &table[1 + 3 * n++];
		r[0] = devs[dev].base + (off & ~((1ull << (kind & 3)) - 1));
		r[1] = val;
		r[2] = kind & 0xf;
	}
	table[0] = n;
	struct k64_config cfg = { 0 };
	cfg.machine = "karu64";
	cfg.bios = player;
	cfg.mem_size = 16ull << 20;
	cfg.pmp = 16;
	cfg.max_insns = 200000;
	cfg.model = data[0] & 1 ? "karu64-sim" : NULL;
	char *devices[] = { "keccak-dma", "keccak-sponge-dma", NULL };
	cfg.devices = devices;
	char err[256];
	struct k64_machine *m;
	if (k64_machine_create(&cfg, &m, err, sizeof err) || k64_machine_boot(m, err, sizeof err)) {
		fprintf(stderr, "%s\n", err);
		abort();
	}
	if (k64_write_mem(m, recs_at, table, 8 * (1 + 3 * n)) ||
	    (in.n && k64_write_mem(m, dmabuf_at, in.p, in.n < 65536 ? in.n : 65536)))
		abort();
	fuzz_run_checked(m);
	return 0;
}
