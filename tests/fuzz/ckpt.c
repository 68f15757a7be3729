/* Fuzz target: the checkpoint reader (mem/ckpt.c, board/checkpoint.c). A bare-metal machine
 * (the insn stub) and a checkpoint of it are made once; byte 0 of each input chooses what the
 * rest is: 0 a whole checkpoint file, 1 a payload (sections) the harness wraps in a valid
 * container (checksum and zstd frame), 2 the machine's own payload with the input XORed in at
 * an offset (bytes 1..4), wrapped. Each is restored into the machine (from a memfd, no
 * file-system write): it must be restored or refused with a one-line message; nothing runs. */
#include "fuzz.h"
#include "karu64.h"
#include "mem/ckpt.h"

static struct k64_machine *m;
static uint8_t *tmpl;      /* the machine's own payload */
static size_t tmpl_len;

static void one_line(const char *err)
{
	FUZZ_ASSERT(err[0] && !strchr(err, '\n'), "error message '%s'", err);
}

/* A fresh memfd named by path (closed by the caller). */
static int memfile(char path[32])
{
	int fd = memfd_create("karu64-fuzz-ckpt", MFD_CLOEXEC);
	if (fd >= 0)
		snprintf(path, 32, "/proc/self/fd/%d", fd);
	return fd;
}

static void setup(void)
{
	struct k64_config cfg = { 0 };
	char err[512], path[32];
	cfg.mode = K64_MODE_BARE;
	cfg.mem_size = 1u << 20;
	cfg.virtual_clock = true;
	const char *elf = fuzz_guest("insn_stub.elf");
	char *argv[] = { (char *)elf, NULL };
	if (k64_machine_create(&cfg, &m, err, sizeof err) || k64_machine_load(m, elf, 1, argv, err, sizeof err)) {
		fprintf(stderr, "fuzz: %s\n", err);
		abort();
	}
	int fd = memfile(path);
	uint8_t *file;
	size_t len;
	if (fd < 0 || k64_machine_checkpoint(m, path, err, sizeof err) || k64_ckpt_read_file(path, &file, &len, err, sizeof err) ||
	    k64_ckpt_decode(file, len, 1u << 28, &tmpl, &tmpl_len, err, sizeof err)) {
		fprintf(stderr, "fuzz: the machine's own checkpoint: %s\n", err);
		abort();
	}
	free(file);
	close(fd);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!m)
		setup();
	if (size < 1 || size > (1u << 20))
		return -1;
	unsigned sel = data[0] % 3;
	char path[32], err[512] = "";
	int fd = memfile(path);
	if (fd < 0)
		abort();
	if (sel == 0) {
		FILE *f = fopen(path, "wb");
		if (!f || fwrite(data + 1, 1, size - 1, f) != size - 1 || fclose(f))
			abort();
	} else {
		struct k64_ckw w;
		if (k64_ckw_open(&w, path, err, sizeof err))
			abort();
		if (sel == 1) {
			k64_ckw_payload(&w, data + 1, size - 1);
		} else {
			uint8_t *p = malloc(tmpl_len);
			memcpy(p, tmpl, tmpl_len);
			struct fuzz_in in = { data + 1, size - 1 };
			size_t at = (size_t)fuzz_take(&in, 4) % tmpl_len;
			for (size_t i = 0; i < in.n && at + i < tmpl_len; i++)
				p[at + i] ^= in.p[i];
			k64_ckw_payload(&w, p, tmpl_len);
			free(p);
		}
		if (k64_ckw_close(&w, path, err, sizeof err))
			abort();
	}
	if (k64_machine_restore(m, path, err, sizeof err))
		one_line(err);
	close(fd);
	return 0;
}
