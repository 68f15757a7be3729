/* Fuzz target: loading files. Byte 0 chooses what the rest of the input is (read from a memfd,
 * no file-system write): 0 a Linux user-mode program, 1 a bare-metal program, 2 either by its
 * tohost symbol, 3 the board's firmware (--bios: ELF, Linux Image or flat), 4 the board's
 * kernel, 5 its initrd, 6 the kernel with the Linux Image header forced in (magic "RSC\x05" at
 * 0x38 and the input's text_offset and image_size), 7 an ELF parsed and loaded into a small
 * bare-metal RAM directly. Each must load or be refused with a one-line message; nothing runs. */
#include "fuzz.h"
#include "karu64.h"
#include "mem/elf.h"
#include "mem/mem.h"

static const uint8_t wfi_loop[8] = { 0x73, 0x00, 0x50, 0x10, 0x6f, 0xf0, 0xdf, 0xff };   /* wfi; j .-4 */

static void one_line(const char *err)
{
	FUZZ_ASSERT(err[0] && !strchr(err, '\n'), "error message '%s'", err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1 || size > (1u << 20))
		return -1;
	unsigned sel = data[0] & 7;
	uint8_t *file = malloc(size - 1 + 0x40);
	size_t flen = size - 1;
	memcpy(file, data + 1, flen);
	if (sel == 6) {   /* the Image header over the first 0x40 bytes */
		if (flen < 0x40) {
			memset(file + flen, 0, 0x40 - flen);
			flen = 0x40;
		}
		memcpy(file + 0x38, "RSC\x05", 4);
	}
	char err[512] = "";
	if (sel == 7) {
		struct k64_elf e;
		struct k64_mem mem;
		if (k64_elf_parse(file, flen, &e, err, sizeof err)) {
			one_line(err);
		} else {
			if (k64_mem_init(&mem, 0x80000000ull, 1u << 20))
				abort();
			uint64_t v;
			k64_elf_symbol(&e, "tohost", &v);
			if (k64_elf_load(&e, &mem, 0, data[0] & 8, err, sizeof err))
				one_line(err);
			k64_mem_free(&mem);
			k64_elf_close(&e);
		}
		free(file);
		return 0;
	}
	char path[32], bios[32];
	int fd = fuzz_memfile(file, flen, path), bfd = -1;
	if (fd < 0)
		abort();
	struct k64_config cfg = { 0 };
	cfg.pmp = 16;
	cfg.mem_size = sel >= 3 ? 16ull << 20 : 4ull << 20;
	cfg.mode = sel == 0 ? K64_MODE_LINUX : sel == 1 ? K64_MODE_BARE : K64_MODE_AUTO;
	cfg.no_semihosting = true;   /* this target fuzzes the loaders, not semihosting */
	cfg.jail = getenv("KARU64_FUZZ_JAIL");
	if (sel >= 3) {
		cfg.machine = "karu64";
		if (sel == 3) {
			cfg.bios = path;
		} else {
			if ((bfd = fuzz_memfile(wfi_loop, sizeof wfi_loop, bios)) < 0)
				abort();
			cfg.bios = bios;
			if (sel == 5)
				cfg.initrd = path;
			else
				cfg.kernel = path;
		}
	}
	struct k64_machine *m;
	if (k64_machine_create(&cfg, &m, err, sizeof err))
		abort();
	int rc = sel >= 3 ? k64_machine_boot(m, err, sizeof err)
			  : k64_machine_load(m, path, 1, (char *[]){ path, NULL }, err, sizeof err);
	if (rc)
		one_line(err);
	k64_machine_destroy(m);
	close(fd);
	if (bfd >= 0)
		close(bfd);
	free(file);
	return 0;
}
