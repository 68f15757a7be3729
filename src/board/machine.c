/* The public API (include/karu64.h): a machine = hart + memory + front-end (Linux user mode,
 * bare metal, or the full-system board of board/). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "karu64.h"
#include "bare/bare.h"
#include "board/board.h"
#include "board/checkpoint.h"
#include "core/hart.h"
#include "core/trace.h"
#include "dev/bus.h"
#include "jit/jit.h"
#include "linux/linux.h"
#include "mem/ckpt.h"
#include "mem/elf.h"
#include "timing/profile.h"
#include "timing/timing.h"

#define LINUX_SPACE K64_LINUX_ARENA_SIZE   /* Sv39 user address space (linux/linux.h) */
#define BARE_BASE 0x80000000ull

struct k64_machine {
	struct k64_config cfg;
	struct k64_isa isa;
	unsigned vlen;
	bool bare;
	struct k64_mem mem;
	struct k64_tracer tracer;
	struct k64_model *model;
	struct k64_profile *profile;
	struct k64_profobs *profobs;
	struct k64_bus *bus;     /* NULL: no device */
	struct k64_board *board; /* full system (cfg.machine) */
	char *program;           /* bare metal: the ELF (a checkpoint records its identity) */
	bool ckpt_done;          /* cfg.checkpoint_at's checkpoint is written */
	uint64_t restored_at;
	double restore_secs;     /* how long the restore took */
	struct k64_hart *hart;   /* last: large (vector registers) */
};

#define ERR(...) (snprintf(err, errlen, __VA_ARGS__), -1)

/* --jit=on: the translator, where the host has one (doc/jit.md) */
static void attach_jit(struct k64_machine *m)
{
	if (!m->cfg.jit)
		return;
	if (!k64_jit_supported()) {
		fputs("karu64: note: --jit=on: this host has no translator (x86-64 Linux only); the interpreter runs\n", stderr);
		return;
	}
	m->hart->jit = k64_jit_new(m->cfg.jit_threshold ? m->cfg.jit_threshold : K64_JIT_THRESHOLD, m->cfg.jit_stats);
	if (!m->hart->jit)
		fputs("karu64: note: --jit=on: cannot map the code buffer; the interpreter runs\n", stderr);
}

void k64_machine_print_jit_stats(const struct k64_machine *m, FILE *out)
{
	if (m->hart && m->hart->jit)
		k64_jit_print_stats(m->hart->jit, out, m->hart->instret);
	else
		fputs("jit: off\n", out);
}

int k64_machine_create(const struct k64_config *cfg, struct k64_machine **out, char *err, size_t errlen)
{
	struct k64_isa isa;
	if (cfg->isa) {
		if (k64_isa_parse(cfg->isa, &isa, err, errlen))
			return -1;
	} else {
		k64_isa_default(&isa);
	}
	unsigned vlen = cfg->vlen ? cfg->vlen : isa.zvl > 256 ? isa.zvl : 256;
	if (vlen < 128 || vlen > K64_VLEN_MAX || (vlen & (vlen - 1)))
		return ERR("--vlen must be a power of two from 128 to %d", K64_VLEN_MAX);
	if (cfg->vlen && isa.zvl > cfg->vlen)
		return ERR("--vlen=%u is below the ISA string's zvl%ub", cfg->vlen, isa.zvl);
	if (cfg->machine && strcmp(cfg->machine, "karu64"))
		return ERR("unknown machine '%s' (the one board is karu64)", cfg->machine);
	if (cfg->drives && cfg->drives[0] && !cfg->machine)
		return ERR("--drive needs --machine=karu64 (a disk of the full-system board)");
	struct k64_model *model = NULL;
	if (cfg->model && strcmp(cfg->model, "none")) {
		if (!(model = k64_model_new(cfg->model, err, errlen)))
			return -1;
		if (cfg->param_file && k64_model_set_file(model, cfg->param_file, err, errlen))
			return k64_model_free(model), -1;
		for (char **p = cfg->params; p && *p; p++)
			if (k64_model_set(model, *p, err, errlen))
				return k64_model_free(model), -1;
		if (k64_model_validate(model, err, errlen))
			return k64_model_free(model), -1;
	}
	struct k64_machine *m = calloc(1, sizeof *m);
	if (!m) {
		k64_model_free(model);
		return ERR("out of memory");
	}
	m->model = model;
	m->cfg = *cfg;
	if ((cfg->devices && cfg->devices[0]) || cfg->machine) {
		if (!(m->bus = malloc(sizeof *m->bus))) {
			k64_model_free(model);
			free(m);
			return ERR("out of memory");
		}
		k64_bus_init(m->bus, &m->mem);
		for (char **dv = cfg->devices; dv && *dv; dv++)
			if (k64_bus_add_device(m->bus, *dv, err, errlen)) {
				k64_bus_free(m->bus);
				free(m->bus);
				k64_model_free(model);
				free(m);
				return -1;
			}
	}
	if (model || cfg->machine)
		m->cfg.virtual_clock = true;   /* time is modelled time (--virtual-clock implied) */
	m->isa = isa;
	m->vlen = vlen;
	m->hart = aligned_alloc(64, (sizeof(struct k64_hart) + 63) & ~(size_t)63);
	if (!m->hart) {
		k64_model_free(model);
		free(m);
		return ERR("out of memory");
	}
	*out = m;
	return 0;
}

static uint64_t model_mem_cycles(void *ctx)
{
	return k64_model_event(ctx, K64_EV_MEM_STALL);
}

static void devices_wrote_code(void *ctx)
{
	struct k64_hart *h = ctx;
	h->flush_pending = true;
	h->limit = 0;
}

/* The devices on the hart's bus (doc/keccak-dma.md). Bare metal: at their physical addresses,
 * outside RAM. Linux user mode: each register page is mapped into the process at its base (a
 * PROT_NONE-like mapping that mmap never reuses; its accesses go to the device), and the
 * addresses the device receives are the process's own; cbo.inval is enabled for user mode, as a
 * kernel driver of the device would need it. */
static int attach_devices(struct k64_machine *m, char *err, size_t errlen)
{
	struct k64_bus *b = m->bus;
	for (unsigned i = 0; i < b->n; i++) {
		const struct k64_bus_region *r = &b->r[i];
		if (m->bare) {
			if (r->base < m->mem.base + m->mem.size && m->mem.base < r->base + r->size)
				return ERR("device %s at 0x%llx overlaps RAM", r->name, (unsigned long long)r->base);
		} else {
			bool free_ = r->base >= 0x10000 && r->base + r->size <= LINUX_SPACE;
			for (uint64_t a = r->base; free_ && a < r->base + r->size; a += K64_PAGE_SIZE)
				free_ = k64_mem_page_perm(&m->mem, a) == 0;
			if (!free_)
				return ERR("device %s at 0x%llx: the address is not free in the process's address space",
					   r->name, (unsigned long long)r->base);
			k64_mem_set_perm(&m->mem, r->base, r->size, K64_PERM_FRONTEND);
		}
		if (m->model && k64_model_add_mmio(m->model, r->base, r->size))
			return ERR("too many device regions for the cycle model");
	}
	if (!m->bare) {
		m->hart->menvcfg |= 1u << 4;   /* CBIE = 01: cbo.inval (may also write back) */
		m->hart->senvcfg |= 1u << 4;
	}
	if (m->model) {
		const struct k64_model *md = m->model;
		b->timing.modelled = true;
		b->timing.bus_bytes = (unsigned)k64_model_param(md, K64_P_dma_bus_bytes);
		b->timing.beat = (unsigned)k64_model_param(md, K64_P_dma_beat);
		b->timing.read_latency = (unsigned)k64_model_param(md, K64_P_dma_read_latency);
		b->timing.write_latency = (unsigned)k64_model_param(md, K64_P_dma_write_latency);
		b->timing.setup = (unsigned)k64_model_param(md, K64_P_dma_setup);
		b->timing.rounds_per_cycle = (unsigned)k64_model_param(md, K64_P_dma_rounds_per_cycle);
		b->timing.done = (unsigned)k64_model_param(md, K64_P_dma_done);
		b->timing.mem_cycles = model_mem_cycles;   /* contention: doc/keccak-dma.md */
		b->timing.mem_ctx = m->model;
	}
	b->code_written = devices_wrote_code;
	b->code_ctx = m->hart;
	m->hart->bus = b;
	return 0;
}

/* satp.MODE 8, 9, 10 = Sv39, Sv48, Sv57 (privileged spec 10.1.11) */
static void set_satp_modes(struct k64_machine *m)
{
	if (m->cfg.mmu && !strcmp(m->cfg.mmu, "sv48"))
		m->hart->satp_modes = 1u << 8 | 1u << 9;
	else if (m->cfg.mmu && !strcmp(m->cfg.mmu, "sv57"))
		m->hart->satp_modes = 1u << 8 | 1u << 9 | 1u << 10;
}

int k64_machine_load(struct k64_machine *m, const char *path, int argc, char **argv, char *err, size_t errlen)
{
	struct k64_elf e;
	if (k64_elf_open_flags(path, K64_ELF_INTERP, &e, err, errlen))
		return -1;
	uint64_t tohost;
	bool bare = m->cfg.mode == K64_MODE_BARE ||
		    (m->cfg.mode == K64_MODE_AUTO && k64_elf_symbol(&e, "tohost", &tohost) == 0);
	/* where the loaders put a position-independent image (linux/setup.c; bare metal: as linked) */
	uint64_t bias = !bare && e.is_pie ? K64_LINUX_PIE_BASE - e.load_lo : 0;
	k64_elf_close(&e);
	m->bare = bare;
	if (!bare && m->cfg.checkpoint_file)
		return ERR("--checkpoint-at needs the board or a bare-metal program (Linux user mode has no checkpoints)");
	if (bare && !(m->program = strdup(path)))
		return ERR("out of memory");
	if (bare) {
		uint64_t size = m->cfg.mem_size ? m->cfg.mem_size : 256ull << 20;
		if (k64_mem_init(&m->mem, BARE_BASE, size))
			return ERR("cannot reserve %llu bytes of guest memory", (unsigned long long)size);
		k64_hart_init(m->hart, &m->mem, &m->isa, m->vlen);
		/* Linux user mode has none: PMP is the machine's, not the process's */
		m->hart->pmp_n = m->cfg.pmp > 64 ? 64 : m->cfg.pmp;
		struct k64_bare_config bc = { 0 };
		bc.ram_base = BARE_BASE;
		bc.ram_size = size;
		bc.signature = m->cfg.signature;
		bc.no_semihosting = m->cfg.no_semihosting;
		bc.fs_vs_off = m->cfg.fs_vs_off;
		bc.argc = argc;
		bc.argv = argv;
		if (k64_bare_setup(m->hart, &m->mem, &bc, path, err, errlen))
			return -1;
	} else {
		if (k64_mem_init(&m->mem, 0, LINUX_SPACE))
			return ERR("cannot reserve the guest address space");
		k64_hart_init(m->hart, &m->mem, &m->isa, m->vlen);
		struct k64_linux_config lc = { 0 };
		lc.envp = m->cfg.envp;
		lc.seed = m->cfg.seed;
		lc.virtual_clock = m->cfg.virtual_clock;
		lc.strict = m->cfg.strict;
		lc.discard_vector = !m->cfg.keep_vector_state;
		lc.ld_prefix = m->cfg.ld_prefix;
		lc.thread_quantum = m->cfg.thread_quantum;
		lc.mem_limit = m->cfg.host_mem_limit;
		lc.jail = m->cfg.jail;
		if (k64_linux_setup(m->hart, &m->mem, &lc, path, argc, argv, err, errlen))
			return -1;
		/* Linux lets user mode read cycle, time and instret (Zicntr). */
		m->hart->mcounteren = m->hart->scounteren = 7;
		/* ... and cbo.zero (envcfg.CBZE), but not cbo.clean/flush/inval. */
		m->hart->menvcfg |= 1u << 7;
		m->hart->senvcfg |= 1u << 7;
	}
	if (m->bus && attach_devices(m, err, errlen))
		return -1;
	m->hart->virtual_clock = m->cfg.virtual_clock;
	m->hart->vagnostic_ones = m->cfg.vagnostic_ones;
	m->hart->zvknhk_version = m->cfg.zvknhk && !strcmp(m->cfg.zvknhk, "v0.2") ? 2 : 1;
	set_satp_modes(m);
	m->hart->max_insns = m->cfg.max_insns;
	attach_jit(m);
	if (m->model && k64_model_attach(m->model, m->hart, !bare, err, errlen))
		return -1;
	if (m->cfg.profile) {
		if (!(m->profile = k64_profile_new()))
			return ERR("out of memory");
		if (k64_profile_load_elf(m->profile, path, bias, err, errlen))
			return -1;
		if (!bare)
			k64_profile_add_symbol(m->profile, "[signal return]", K64_LINUX_SIGTRAMP, K64_PAGE_SIZE);
		if (!(m->profobs = k64_profile_observe(m->profile, m->hart, m->model != NULL)))
			return ERR("cannot attach the profiler");
	}
	return 0;
}

/* The file starts with the ELF magic (read errors are reported by whoever opens it next). */
static bool is_elf(const char *path)
{
	unsigned char magic[4] = { 0 };
	FILE *f = fopen(path, "rb");
	if (!f)
		return false;
	bool elf = fread(magic, 1, 4, f) == 4 && !memcmp(magic, "\x7f" "ELF", 4);
	fclose(f);
	return elf;
}

int k64_machine_boot(struct k64_machine *m, char *err, size_t errlen)
{
	uint64_t size = m->cfg.mem_size ? m->cfg.mem_size : 1ull << 30;
	if (size & (K64_PAGE_SIZE - 1))
		return ERR("--mem must be a multiple of 4 KiB");
	if (k64_mem_init(&m->mem, 0, K64_BOARD_RAM + size))
		return ERR("cannot reserve %llu bytes of guest memory", (unsigned long long)size);
	k64_hart_init(m->hart, &m->mem, &m->isa, m->vlen);
	m->bare = true;   /* physical addresses, M-mode at reset */
	m->hart->pmp_n = m->cfg.pmp > 64 ? 64 : m->cfg.pmp;
	if (!(m->board = calloc(1, sizeof *m->board)))
		return ERR("out of memory");
	struct k64_board *b = m->board;
	b->h = m->hart;
	b->mem = &m->mem;
	b->bus = m->bus;
	b->cfg = &m->cfg;
	b->ram_size = size;
	m->hart->bus = m->bus;
	set_satp_modes(m);
	if (k64_board_boot(b, err, errlen))
		return -1;
	/* the optional devices (--device) at their physical addresses */
	for (unsigned i = 0; i < m->bus->n; i++) {
		const struct k64_bus_region *r = &m->bus->r[i];
		if (r->base < K64_BOARD_RAM + size && K64_BOARD_RAM < r->base + r->size)
			return ERR("device %s at 0x%llx overlaps RAM", r->name, (unsigned long long)r->base);
		if (m->model && k64_model_add_mmio(m->model, r->base, r->size))
			return ERR("too many device regions for the cycle model");
	}
	m->bus->code_written = devices_wrote_code;
	m->bus->code_ctx = m->hart;
	if (m->model)   /* a disk request takes its modelled time (dev/virtio_blk.c) */
		m->bus->timing.blk_latency = (unsigned)k64_model_param(m->model, K64_P_blk_latency);
	m->hart->virtual_clock = true;
	m->hart->vagnostic_ones = m->cfg.vagnostic_ones;
	m->hart->zvknhk_version = m->cfg.zvknhk && !strcmp(m->cfg.zvknhk, "v0.2") ? 2 : 1;
	m->hart->max_insns = m->cfg.max_insns;
	attach_jit(m);
	if (m->model && k64_model_attach(m->model, m->hart, false, err, errlen))
		return -1;
	if (m->cfg.profile) {
		/* the kernel's functions when --kernel is an ELF (vmlinux: its symbols are the addresses
		 * it runs at); a Linux Image or flat binary has no symbols, and all is [unknown] */
		if (!(m->profile = k64_profile_new()))
			return ERR("out of memory");
		if (m->cfg.kernel && is_elf(m->cfg.kernel) && k64_profile_load_elf(m->profile, m->cfg.kernel, 0, err, errlen))
			return -1;
		if (!(m->profobs = k64_profile_observe(m->profile, m->hart, m->model != NULL)))
			return ERR("cannot attach the profiler");
	}
	return 0;
}

struct k64_profile *k64_machine_profile(struct k64_machine *m)
{
	k64_observe_flush(m->hart, m->hart->nrec, true);
	k64_profile_observe_end(m->profobs);
	return m->profile;
}

struct k64_model *k64_machine_model(const struct k64_machine *m) { return m->model; }

void k64_machine_destroy(struct k64_machine *m)
{
	if (!m)
		return;
	if (m->board) {
		k64_board_free(m->board);
		free(m->board);
		k64_hart_free(m->hart);
	} else if (m->mem.host) {
		if (m->bare)
			k64_bare_free(m->hart);
		else
			k64_linux_free(m->hart);
		k64_hart_free(m->hart);
	}
	k64_mem_free(&m->mem);
	if (m->bus) {
		k64_bus_free(m->bus);
		free(m->bus);
	}
	k64_model_free(m->model);
	k64_profile_free(m->profile);
	k64_trace_end(&m->tracer);
	free(m->profobs);
	free(m->program);
	free(m->hart);
	free(m);
}

/* ---- checkpoints (board/checkpoint.c) ----------------------------------------------------- */

static struct k64_ckpt_machine ckpt_view(struct k64_machine *m)
{
	return (struct k64_ckpt_machine){ m->hart, &m->mem, m->bus, m->board, &m->cfg, &m->isa, m->vlen, m->program };
}

static double seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int k64_machine_checkpoint(struct k64_machine *m, const char *path, char *err, size_t errlen)
{
	if (!m->bare)
		return ERR("checkpoints are of the board or a bare-metal program, not of Linux user mode");
	struct k64_ckpt_machine v = ckpt_view(m);
	double t0 = seconds();
	if (k64_checkpoint_write(&v, path, err, errlen))
		return -1;
	struct stat st;
	fprintf(stderr, "karu64: checkpoint '%s' written at instruction %llu (%.1f MiB in %.2f s)\n", path,
		(unsigned long long)m->hart->instret, stat(path, &st) ? 0.0 : st.st_size / 1048576.0, seconds() - t0);
	return 0;
}

int k64_machine_restore(struct k64_machine *m, const char *path, char *err, size_t errlen)
{
	if (!m->bare)
		return ERR("checkpoints are of the board or a bare-metal program, not of Linux user mode");
	uint8_t *data;
	size_t len;
	double t0 = seconds();
	if (k64_ckpt_read_file(path, &data, &len, err, errlen))
		return -1;
	struct k64_ckpt_machine v = ckpt_view(m);
	int rc = k64_checkpoint_restore(&v, data, len, err, errlen);
	free(data);
	if (rc) {
		char msg[512];
		snprintf(msg, sizeof msg, "%s", err);
		return ERR("restore '%s': %s", path, msg);
	}
	m->restored_at = m->hart->instret;
	m->ckpt_done = m->cfg.checkpoint_at <= m->hart->instret;
	m->restore_secs = seconds() - t0;
	return 0;
}

uint64_t k64_machine_restored_at(const struct k64_machine *m) { return m->restored_at; }
double k64_machine_restore_seconds(const struct k64_machine *m) { return m->restore_secs; }

/* A checkpoint the configuration asks for; false when the run ends (written and checkpoint_exit,
 * or an error: exit status 125). */
static bool checkpoint_now(struct k64_machine *m)
{
	char err[512];
	struct k64_hart *h = m->hart;
	if (k64_machine_checkpoint(m, m->cfg.checkpoint_file, err, sizeof err)) {
		fprintf(stderr, "karu64: error: %s\n", err);
		k64_machine_kill(m, 125);
		return false;
	}
	if (m->cfg.checkpoint_exit) {
		k64_machine_kill(m, 0);
		return false;
	}
	return !h->stopped;
}

/* The guest's marker (syscon 0x4d4b; doc/board.md, "Markers"): one line on stderr with the
 * counts at the end of the writing instruction's block, the model's cycles by privilege too. */
static void marker_print(struct k64_machine *m)
{
	char model[256] = "";
	if (m->model)
		snprintf(model, sizeof model, " cycles %llu user-cycles %llu supervisor-cycles %llu machine-cycles %llu "
			 "user-entries %llu", (unsigned long long)k64_model_cycles(m->model),
			 (unsigned long long)k64_model_priv_cycles(m->model, K64_PRIV_U),
			 (unsigned long long)k64_model_priv_cycles(m->model, K64_PRIV_S),
			 (unsigned long long)k64_model_priv_cycles(m->model, K64_PRIV_M),
			 (unsigned long long)k64_model_priv_entries(m->model, K64_PRIV_U));
	fprintf(stderr, "karu64: marker %llu: instructions %llu%s\n", (unsigned long long)++m->board->markers,
		(unsigned long long)m->hart->instret, model);
}

enum k64_status k64_machine_run(struct k64_machine *m, uint64_t n)
{
	struct k64_hart *h = m->hart;
	uint64_t cap = m->cfg.max_insns;
	if (n && (!cap || h->instret + n < cap))
		cap = h->instret + n;
	if (h->dbg)
		h->dbg->stop = h->dbg->hit = false;
	for (;;) {
		/* a checkpoint at an instruction count: the run stops there exactly (a block boundary) */
		uint64_t at = m->cfg.checkpoint_at;
		bool ckpt = m->cfg.checkpoint_file && at && !m->ckpt_done && at > h->instret && (!cap || at < cap);
		h->max_insns = ckpt ? at : cap;
		if (!h->stopped)
			k64_run(h);
		h->max_insns = cap;
		if (ckpt && h->instret == at && !h->stopped && !(h->dbg && h->dbg->hit)) {
			m->ckpt_done = true;
			if (checkpoint_now(m))
				continue;
			break;
		}
		if (m->board && (m->board->ckpt_request || m->board->marker_request)) {   /* the guest asked (syscon) */
			bool ckpt = m->board->ckpt_request;
			if (m->board->marker_request)
				marker_print(m);
			m->board->ckpt_request = m->board->marker_request = false;
			if (m->board->ckpt_stop)
				h->stopped = false;
			m->board->ckpt_stop = false;
			if (ckpt && m->cfg.checkpoint_file && m->cfg.checkpoint_guest && !checkpoint_now(m))
				break;
			continue;
		}
		if (m->board && m->board->reboot) {
			char err[256];
			if (k64_board_reboot(m->board, err, sizeof err)) {
				fprintf(stderr, "karu64: error: reboot: %s\n", err);
				h->exit_code = 125;
				break;
			}
			continue;
		}
		break;
	}
	if (h->stopped)
		return K64_EXITED;
	return h->dbg && h->dbg->hit ? K64_BREAK : K64_LIMIT;
}

/* ---- debugger access (core/debug.c; the GDB stub, src/gdb/) ------------------------------- */

enum k64_status k64_machine_step(struct k64_machine *m)
{
	struct k64_debug *g = k64_debug_get(m->hart);
	if (!g)
		return k64_machine_run(m, 1);
	g->step = true;
	enum k64_status st = k64_machine_run(m, 1);
	g->step = false;
	return st;
}

int k64_break_insert(struct k64_machine *m, uint64_t pc) { return k64_debug_insert(m->hart, pc); }
int k64_break_remove(struct k64_machine *m, uint64_t pc) { return k64_debug_remove(m->hart, pc); }

void k64_machine_kill(struct k64_machine *m, int code)
{
	m->hart->stopped = true;
	m->hart->exit_code = code;
	m->hart->limit = 0;
}

unsigned k64_get_priv(const struct k64_machine *m) { return m->hart->priv; }
unsigned k64_vlenb(const struct k64_machine *m) { return k64_has(&m->isa, K64_EXT_V) ? m->hart->vlenb : 0; }
void k64_get_v(struct k64_machine *m, unsigned r, void *buf) { memcpy(buf, k64_vr(m->hart, r & 31), m->hart->vlenb); }
void k64_set_v(struct k64_machine *m, unsigned r, const void *buf) { memcpy(k64_vr(m->hart, r & 31), buf, m->hart->vlenb); }

/* CSRs as an M-mode instruction would reach them, with the counters read between
 * instructions (core/pmu.c with no instruction: at the last boundary). */
int k64_get_csr(struct k64_machine *m, unsigned csr, uint64_t *v)
{
	struct k64_hart *h = m->hart;
	if (csr == K64_CSR_time) {
		*v = h->ts ? k64_time_ticks(h, h->ts->cycles(h->ts->ctx, NULL)) : k64_clock_ns(h) / 100;
		return 0;
	}
	uint32_t priv = h->priv;
	h->priv = K64_PRIV_M;
	bool ok = k64_csr_read(h, NULL, csr, v);
	h->priv = priv;
	return ok ? 0 : -1;
}

int k64_set_csr(struct k64_machine *m, unsigned csr, uint64_t v)
{
	struct k64_hart *h = m->hart;
	if ((csr >> 10) == 3)   /* read-only (privileged spec 2.1) */
		return -1;
	uint32_t priv = h->priv;
	h->priv = K64_PRIV_M;
	bool ok = k64_csr_write(h, NULL, csr, v);
	h->priv = priv;
	k64_mmu_sync(h);   /* a satp or mstatus write was synced at M-mode */
	h->limit = 0;
	return ok ? 0 : -1;
}

/* The rows of core/csr.def marked K64_CSRF_GDB, the elements of a family below its GDB count. */
size_t k64_csr_debug_list(struct k64_csr_desc *out, size_t max)
{
	static const struct { const char *name; unsigned num, first, n, flags; bool array; } rows[] = {
#define CSR_ROW(nm, num, fl) { #nm, num, 0, 1, fl, false },
#define CSR_ARRAY(nm, num, first, last, gdb, fl) { #nm, num, first, gdb, fl, true },
#include "core/csr.def"
	};
	size_t k = 0;
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		if (!(rows[i].flags & K64_CSRF_GDB))
			continue;
		for (unsigned e = rows[i].first; e < rows[i].first + rows[i].n; e++, k++) {
			if (k >= max)
				continue;
			struct k64_csr_desc *d = &out[k];
			if (rows[i].array)
				snprintf(d->name, sizeof d->name, "%s%u", rows[i].name, e);
			else
				snprintf(d->name, sizeof d->name, "%s", rows[i].name);
			d->num = rows[i].num + (rows[i].array ? e : 0);
			d->ext = rows[i].flags & K64_CSRF_FP ? 'F' : rows[i].flags & K64_CSRF_VEC ? 'V' : 0;
		}
	}
	return k;
}

/* One page's worth of [a, a + len) as a host pointer: translated at S/U-mode while satp is on,
 * any mapped page of RAM (device registers are not memory: not reached). */
static uint8_t *debug_host(struct k64_machine *m, uint64_t a, uint64_t len)
{
	struct k64_hart *h = m->hart;
	uint64_t pa = a;
	if ((h->satp >> 60) && h->priv < K64_PRIV_M && !k64_mmu_debug_translate(h, a, &pa))
		return NULL;
	return k64_mem_host(&m->mem, pa, len, 0);
}

int k64_debug_read_mem(struct k64_machine *m, uint64_t a, void *buf, size_t len)
{
	uint8_t *out = buf;
	while (len) {
		uint64_t n = K64_PAGE_SIZE - (a & (K64_PAGE_SIZE - 1));
		if (n > len)
			n = len;
		const uint8_t *p = debug_host(m, a, n);
		if (!p)
			return -1;
		memcpy(out, p, n);
		out += n;
		a += n;
		len -= n;
	}
	return 0;
}

int k64_debug_write_mem(struct k64_machine *m, uint64_t a, const void *buf, size_t len)
{
	const uint8_t *in = buf;
	for (uint64_t b = a, left = len; left;) {   /* all of it must be there before any is written */
		uint64_t n = K64_PAGE_SIZE - (b & (K64_PAGE_SIZE - 1));
		if (n > left)
			n = left;
		if (!debug_host(m, b, n))
			return -1;
		b += n;
		left -= n;
	}
	while (len) {
		uint64_t n = K64_PAGE_SIZE - (a & (K64_PAGE_SIZE - 1));
		if (n > len)
			n = len;
		memcpy(debug_host(m, a, n), in, n);
		in += n;
		a += n;
		len -= n;
	}
	k64_cache_flush(m->hart);   /* the write may have been code */
	return 0;
}

int k64_machine_exit_code(const struct k64_machine *m) { return m->hart->exit_code; }
uint64_t k64_machine_max_insns(const struct k64_machine *m) { return m->cfg.max_insns; }
bool k64_machine_bare(const struct k64_machine *m) { return m->bare; }
uint64_t k64_get_x(const struct k64_machine *m, unsigned r) { return r < 32 ? m->hart->x[r] : 0; }
void k64_set_x(struct k64_machine *m, unsigned r, uint64_t v) { if (r && r < 32) m->hart->x[r] = v; }
uint64_t k64_get_f(const struct k64_machine *m, unsigned r) { return m->hart->f[r & 31]; }
void k64_set_f(struct k64_machine *m, unsigned r, uint64_t v) { m->hart->f[r & 31] = v; }
uint64_t k64_get_pc(const struct k64_machine *m) { return m->hart->pc; }
void k64_set_pc(struct k64_machine *m, uint64_t pc) { m->hart->pc = pc; }
int k64_read_mem(struct k64_machine *m, uint64_t a, void *buf, size_t len) { return k64_mem_read(&m->mem, a, buf, len); }
int k64_write_mem(struct k64_machine *m, uint64_t a, const void *buf, size_t len)
{
	int r = k64_mem_write(&m->mem, a, buf, len);
	k64_cache_flush(m->hart);
	return r;
}
uint64_t k64_instret(const struct k64_machine *m) { return m->hart->instret; }

void k64_trace(struct k64_machine *m, FILE *out, bool disasm)
{
	k64_observer_remove(m->hart, &m->tracer);
	k64_trace_start(&m->tracer, m->hart, out, disasm);
	if (out) {
		struct k64_observer o = { &m->tracer, k64_trace_retire, k64_trace_trap, true, NULL, k64_trace_entered };
		k64_observer_add(m->hart, &o);
	}
}

int k64_observe(struct k64_machine *m, const struct k64_observer *o)
{
	return k64_observer_add(m->hart, o) ? 0 : -1;
}

void k64_unobserve(struct k64_machine *m, void *ctx) { k64_observer_remove(m->hart, ctx); }
