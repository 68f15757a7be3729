/* Bare-metal front-end: RAM, program loading, hooks, exit and the signature dump. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bare/internal.h"
#include "mem/elf.h"

static char *join_args(int argc, char *const *argv, const char *path)
{
	size_t n = 1;
	for (int i = 0; i < argc; i++)
		n += strlen(argv[i]) + 1;
	if (argc == 0)
		n += strlen(path);
	char *s = malloc(n), *p = s;
	if (!s)
		return NULL;
	*p = 0;
	if (argc == 0)
		return strcpy(s, path);
	for (int i = 0; i < argc; i++) {
		size_t l = strlen(argv[i]);
		if (i)
			*p++ = ' ';
		memcpy(p, argv[i], l);
		p += l;
	}
	*p = 0;
	return s;
}

static void free_state(struct k64_bare *b)
{
	if (!b)
		return;
	k64_semihost_close_all(b);
	free(b->cmdline);
	free(b->signature);
	free(b);
}

/* Loads the program and finds the HTIF and signature symbols. Returns NULL or the reason. */
static const char *load(struct k64_bare *b, struct k64_mem *m, struct k64_elf *e, uint64_t *entry,
			char *msg, size_t msglen)
{
	/* A position-independent program is placed at the start of RAM. */
	uint64_t bias = e->is_pie ? m->base - e->load_lo : 0;
	if (!k64_mem_contains(m, e->load_lo + bias, e->load_hi - e->load_lo))
		return "the program does not fit in RAM (see --mem)";
	if (k64_elf_load(e, m, bias, false, msg, msglen))
		return msg;
	b->image_end = (e->load_hi + bias + 15) & ~15ull;
	*entry = e->entry + bias;

	uint64_t v, se;
	if (!k64_elf_symbol(e, "tohost", &v)) {
		b->has_tohost = true;
		b->tohost = v + bias;
		if ((b->tohost & 7) || !k64_mem_contains(m, b->tohost, 8))
			return "tohost is not an aligned doubleword in RAM";
		/* every store to this page reaches k64_htif_watch */
		k64_mem_set_perm(m, b->tohost, 8, K64_PERM_RWX | K64_PERM_WATCH);
	}
	if (!k64_elf_symbol(e, "fromhost", &v) && !((v + bias) & 7) && k64_mem_contains(m, v + bias, 8)) {
		b->has_fromhost = true;
		b->fromhost = v + bias;
	}
	if (!k64_elf_symbol(e, "begin_signature", &v) && !k64_elf_symbol(e, "end_signature", &se)) {
		b->has_sig = true;
		b->sig_begin = v + bias;
		b->sig_end = se + bias;
		if (se < v || !k64_mem_contains(m, b->sig_begin, b->sig_end - b->sig_begin))
			return "begin_signature/end_signature do not delimit a range in RAM";
	}
	if (b->signature && !b->has_sig)
		return "--signature needs the symbols begin_signature and end_signature";
	return NULL;
}

int k64_bare_setup(struct k64_hart *h, struct k64_mem *m, const struct k64_bare_config *cfg,
		   const char *path, char *err, size_t errlen)
{
	uint64_t base = cfg->ram_base ? cfg->ram_base : K64_BARE_RAM_BASE;
	uint64_t size = cfg->ram_size ? cfg->ram_size : K64_BARE_RAM_SIZE;
	if (!m->host) {
		if ((size | base) & (K64_PAGE_SIZE - 1) || base + size < base) {
			snprintf(err, errlen, "RAM base and size must be multiples of 4 KiB");
			return -1;
		}
		if (k64_mem_init(m, base, size)) {
			snprintf(err, errlen, "cannot reserve %llu bytes of guest RAM", (unsigned long long)size);
			return -1;
		}
	}
	if (k64_mem_set_perm(m, m->base, m->size, K64_PERM_RWX)) {
		snprintf(err, errlen, "cannot map guest RAM");
		return -1;
	}

	struct k64_bare *b = calloc(1, sizeof *b);
	if (!b) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	k64_semihost_init(b);
	b->mem = m;
	b->ram_base = m->base;
	b->ram_size = m->size;
	b->sig_granularity = cfg->sig_granularity ? cfg->sig_granularity : 4;
	b->cmdline = join_args(cfg->argc, cfg->argv, path);
	if (cfg->signature)
		b->signature = strdup(cfg->signature);
	if (!b->cmdline || (cfg->signature && !b->signature)) {
		snprintf(err, errlen, "out of memory");
		free_state(b);
		return -1;
	}

	struct k64_elf e;
	char msg[256];
	if (k64_elf_open(path, &e, msg, sizeof msg)) {
		snprintf(err, errlen, "%s", msg);
		free_state(b);
		return -1;
	}
	uint64_t entry = 0;
	const char *why = load(b, m, &e, &entry, msg, sizeof msg);
	k64_elf_close(&e);
	if (why) {
		snprintf(err, errlen, "%s", why);
		free_state(b);
		return -1;
	}

	h->mem = m;
	k64_priv_reset(h, K64_PRIV_M);
	if (cfg->fs_vs_off) {   /* --fs-vs-reset=off: Spike's reset state, FP and vector state Off */
		h->mstatus &= ~(K64_MSTATUS_FS | K64_MSTATUS_VS);
		k64_fpvs_sync(h);
	}
	h->pc = entry;
	k64_tlb_flush(h);
	h->fe.ctx = b;
	h->fe.trap = cfg->no_semihosting ? NULL : k64_semihost_trap;
	h->fe.watch = k64_htif_watch;
	return 0;
}

void k64_bare_free(struct k64_hart *h)
{
	struct k64_bare *b = h->fe.ctx;
	if (!b || h->fe.watch != k64_htif_watch)
		return;
	free_state(b);
	memset(&h->fe, 0, sizeof h->fe);
}

/* riscv-arch-test format (as Spike's +signature with +signature-granularity=G): one line per G
 * bytes, most significant byte first, lowercase hex, a partial last group padded with zeros. */
int k64_bare_write_signature(struct k64_bare *b, char *err, size_t errlen)
{
	uint64_t len = b->sig_end - b->sig_begin;
	const uint8_t *p = k64_mem_host(b->mem, b->sig_begin, len, 0);
	if (!p) {
		snprintf(err, errlen, "signature range is not in RAM");
		return -1;
	}
	FILE *f = fopen(b->signature, "w");
	if (!f) {
		snprintf(err, errlen, "%s: %s", b->signature, strerror(errno));
		return -1;
	}
	unsigned g = b->sig_granularity;
	for (uint64_t i = 0; i < len; i += g) {
		for (uint64_t j = g; j > 0; j--)
			fprintf(f, "%02x", i + j <= len ? p[i + j - 1] : 0);
		fputc('\n', f);
	}
	if (fclose(f)) {
		snprintf(err, errlen, "%s: %s", b->signature, strerror(errno));
		return -1;
	}
	return 0;
}

void k64_bare_exit(struct k64_bare *b, struct k64_hart *h, int code)
{
	if (h->stopped)
		return;
	h->stopped = true;
	h->limit = 0; /* stop at the end of the current block */
	h->exit_code = code;
	if (b->signature) {
		char msg[512];
		if (k64_bare_write_signature(b, msg, sizeof msg)) {
			fprintf(stderr, "karu64: error: cannot write the signature: %s\n", msg);
			h->exit_code = 125;
		}
	}
}
