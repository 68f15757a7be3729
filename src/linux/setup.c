/* Linux user mode: program loading (with its dynamic linker, as fs/binfmt_elf.c
 * load_elf_binary() does for PT_INTERP), the initial process stack and the trap hook.
 * The stack follows fs/binfmt_elf.c create_elf_tables(): argc, argv[], NULL, envp[], NULL,
 * auxv pairs, AT_NULL, with the strings and AT_RANDOM bytes above; sp 16-byte aligned
 * (RISC-V psABI). */
#include "linux/internal.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "mem/elf.h"

/* Auxiliary vector tags (include/uapi/linux/auxvec.h, asm/auxvec.h). */
enum {
	AT_NULL = 0, AT_PHDR = 3, AT_PHENT = 4, AT_PHNUM = 5, AT_PAGESZ = 6, AT_BASE = 7,
	AT_FLAGS = 8, AT_ENTRY = 9, AT_UID = 11, AT_EUID = 12, AT_GID = 13, AT_EGID = 14,
	AT_CLKTCK = 17, AT_HWCAP = 16, AT_SECURE = 23, AT_RANDOM = 25, AT_EXECFN = 31,
	AT_MINSIGSTKSZ = 51,
};

/* ---- deterministic randomness (xoshiro256**, seeded through splitmix64) ------------------ */
static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static uint64_t rng_next(struct k64_linux *lx)
{
	uint64_t *s = lx->rng;
	uint64_t r = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return r;
}

void k64_linux_random(struct k64_linux *lx, void *buf, size_t len)
{
	uint8_t *p = buf;
	while (len) {
		uint64_t r = rng_next(lx);
		size_t n = len < 8 ? len : 8;
		memcpy(p, &r, n);
		p += n;
		len -= n;
	}
}

/* ---- helpers --------------------------------------------------------------------------- */
void k64_linux_stop(struct k64_linux *lx, int code)
{
	lx->h->stopped = true;
	lx->h->limit = 0;
	lx->h->exit_code = code;
}

void *k64_linux_wr(struct k64_linux *lx, uint64_t addr, uint64_t len)
{
	uint8_t *p = k64_mem_host(lx->m, addr, len, K64_PERM_W);
	if (p && len) {
		/* Code pages hold decoded blocks: writing them from the host must drop those. */
		for (uint64_t a = addr & ~(K64_PAGE_SIZE - 1); a < addr + len; a += K64_PAGE_SIZE)
			if (k64_mem_page_perm(lx->m, a) & K64_PERM_CODE) {
				lx->h->flush_pending = true;
				break;
			}
	}
	return p;
}

int64_t k64_linux_str(struct k64_linux *lx, uint64_t addr, char *buf, size_t size)
{
	for (size_t i = 0; i < size; i++) {
		const char *c = k64_linux_rd(lx, addr + i, 1);
		if (!c)
			return KERR(EFAULT);
		buf[i] = *c;
		if (!*c)
			return 0;
	}
	return KERR(ENAMETOOLONG);
}

/* ---- the trap hook --------------------------------------------------------------------- */
/* System calls clobber the vector state, as Linux's riscv_v_vstate_discard() does at syscall
 * entry (the psABI makes it caller-saved): every register byte 0xff, vtype = vill, vl = 0. */
static void discard_vector(struct k64_hart *h)
{
	if (!k64_has(&h->isa, K64_EXT_V) || !(h->mstatus & K64_MSTATUS_VS))
		return;
	memset(h->vreg, 0xff, 32 * (size_t)h->vlenb);
	h->vtype = 1ull << 63;
	h->vl = 0;
	h->vstart = 0;
}

static bool linux_trap(void *ctx, struct k64_hart *h, uint64_t cause, uint64_t tval)
{
	struct k64_linux *lx = ctx;
	/* Linux clears LR/SC reservations on every return from an exception. */
	h->resv_valid = false;
	lx->sig_pc = h->pc;
	if (cause == K64_CAUSE_ECALL_U) {
		h->pc += 4;
		if (lx->cfg.discard_vector)
			discard_vector(h);
		bool set_a0 = true;
		int64_t r = k64_linux_syscall(lx, &set_a0);
		if (set_a0)
			h->x[10] = (uint64_t)r;
		if (!h->stopped)
			k64_linux_deliver_pending(lx);
	} else {
		k64_linux_fault(lx, cause, tval);
	}
	return true;
}

/* ---- initial stack ---------------------------------------------------------------------- */
static uint64_t hwcap(const struct k64_hart *h)
{
	static const struct { char c; enum k64_ext e; } letters[] = {
		{'i', K64_EXT_I}, {'m', K64_EXT_M}, {'a', K64_EXT_A}, {'f', K64_EXT_F},
		{'d', K64_EXT_D}, {'c', K64_EXT_C}, {'v', K64_EXT_V},
	};
	uint64_t v = 0;
	for (size_t i = 0; i < sizeof letters / sizeof letters[0]; i++)
		if (k64_has(&h->isa, letters[i].e))
			v |= 1ull << (letters[i].c - 'a');
	return v;
}

static int build_stack(struct k64_linux *lx, const struct k64_elf *e, uint64_t interp_base,
		       const char *execfn, int argc, char **argv, char *err, size_t errlen)
{
	char **envp = lx->cfg.envp;
	int envc = 0;
	while (envp && envp[envc])
		envc++;
	uint64_t strsz = strlen(execfn) + 1;
	for (int i = 0; i < argc; i++)
		strsz += strlen(argv[i]) + 1;
	for (int i = 0; i < envc; i++)
		strsz += strlen(envp[i]) + 1;
	/* Linux limits arguments plus environment to a quarter of the stack (E2BIG). */
	if (strsz + 8 * (uint64_t)(argc + envc) > K64_LINUX_STACK_SIZE / 4) {
		snprintf(err, errlen, "argument list and environment too long");
		return -1;
	}
	uint64_t top = K64_LINUX_STACK_TOP - 8;     /* an 8-byte zero end marker, as Linux */
	uint64_t p = top - strsz;
	uint64_t *argp = malloc(sizeof(uint64_t) * (size_t)(argc + envc + 2));
	if (!argp) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	/* Strings in ascending order: argv, envp, execfn. */
	uint64_t q = p;
	for (int i = 0; i < argc; i++) {
		argp[i] = q;
		size_t n = strlen(argv[i]) + 1;
		k64_mem_poke(lx->m, q, argv[i], n);
		q += n;
	}
	for (int i = 0; i < envc; i++) {
		argp[argc + i] = q;
		size_t n = strlen(envp[i]) + 1;
		k64_mem_poke(lx->m, q, envp[i], n);
		q += n;
	}
	lx->args_addr = p;
	lx->args_len = argc ? argp[argc - 1] + strlen(argv[argc - 1]) + 1 - p : 0;
	uint64_t execfn_addr = q;
	k64_mem_poke(lx->m, q, execfn, strlen(execfn) + 1);

	p &= ~15ull;
	p -= 16;
	uint64_t random_addr = p;
	uint8_t rnd[16];
	k64_linux_random(lx, rnd, sizeof rnd);
	k64_mem_poke(lx->m, random_addr, rnd, sizeof rnd);

	uint64_t aux[][2] = {
		{AT_MINSIGSTKSZ, k64_linux_minsigstksz(lx)},
		{AT_HWCAP, hwcap(lx->h)},
		{AT_PAGESZ, K64_PAGE_SIZE},
		{AT_CLKTCK, 100},
		{AT_PHDR, e->phdr_vaddr ? e->phdr_vaddr + e->bias : 0},
		{AT_PHENT, e->phentsize},
		{AT_PHNUM, e->phnum},
		{AT_BASE, interp_base},    /* where the dynamic linker is (0: none) */
		{AT_FLAGS, 0},
		{AT_ENTRY, e->entry + e->bias},
		{AT_UID, (uint64_t)getuid()},
		{AT_EUID, (uint64_t)geteuid()},
		{AT_GID, (uint64_t)getgid()},
		{AT_EGID, (uint64_t)getegid()},
		{AT_SECURE, 0},
		{AT_RANDOM, random_addr},
		{AT_EXECFN, execfn_addr},
		{AT_NULL, 0},
	};
	size_t naux = sizeof aux / sizeof aux[0];
	size_t items = 1 + (size_t)argc + 1 + (size_t)envc + 1 + 2 * naux;
	uint64_t sp = (p - 8 * items) & ~15ull;
	uint64_t w = sp;
	uint64_t v = (uint64_t)argc;
	k64_mem_poke(lx->m, w, &v, 8), w += 8;
	for (int i = 0; i < argc; i++)
		k64_mem_poke(lx->m, w, &argp[i], 8), w += 8;
	v = 0;
	k64_mem_poke(lx->m, w, &v, 8), w += 8;
	for (int i = 0; i < envc; i++)
		k64_mem_poke(lx->m, w, &argp[argc + i], 8), w += 8;
	k64_mem_poke(lx->m, w, &v, 8), w += 8;
	lx->auxv_addr = w;
	lx->auxv_len = 16 * naux;
	for (size_t i = 0; i < naux; i++)
		k64_mem_poke(lx->m, w, aux[i], 16), w += 16;
	free(argp);
	lx->h->x[2] = sp;
	return 0;
}

/* Marks an image's pages as guest mappings (PROT_NONE holes included) and names the
 * file-backed part of each segment after the file, as the kernel's elf_map() does. */
static int map_image(struct k64_linux *lx, const struct k64_elf *e, const char *file)
{
	for (unsigned i = 0; i < e->nseg; i++) {
		const struct k64_elf_seg *s = &e->seg[i];
		uint64_t lo = (s->vaddr + e->bias) & ~(K64_PAGE_SIZE - 1);
		uint64_t end = s->vaddr + e->bias + s->memsz;
		for (uint64_t a = lo; a < end; a += K64_PAGE_SIZE)
			k64_mem_set_perm(lx->m, a, 1, (k64_mem_page_perm(lx->m, a) & K64_PERM_RWX) | K64_LINUX_PERM_MAPPED);
		uint64_t file_end = (s->vaddr + e->bias + s->filesz + K64_PAGE_SIZE - 1) & ~(K64_PAGE_SIZE - 1);
		if (s->filesz && k64_linux_vma_file(lx, lo, file_end, s->offset & ~(K64_PAGE_SIZE - 1), -1, file))
			return -1;
	}
	return 0;
}

/* Where an image goes: a PIE program at K64_LINUX_PIE_BASE (ELF_ET_DYN_BASE), a dynamic linker
 * at the top of the mmap area, as Linux's load_elf_interp() gets it from mmap. */
static int place(struct k64_linux *lx, struct k64_elf *e, bool interp, const char *what,
		 char *err, size_t errlen)
{
	uint64_t bias = !e->is_pie ? 0 :
			interp ? K64_LINUX_MMAP_TOP - e->load_hi : K64_LINUX_PIE_BASE - e->load_lo;
	uint64_t lo = e->load_lo + bias, hi = e->load_hi + bias;
	if (lo < 0x10000 || hi < lo || hi > K64_LINUX_MMAP_TOP - (interp ? 0 : 1ull << 30)) {
		snprintf(err, errlen, "%s addresses [0x%llx, 0x%llx) are outside the user address space", what,
			 (unsigned long long)lo, (unsigned long long)hi);
		return -1;
	}
	for (uint64_t a = lo; interp && a < hi; a += K64_PAGE_SIZE)
		if (k64_linux_page_mapped(lx, a)) {
			snprintf(err, errlen, "%s addresses [0x%llx, 0x%llx) overlap the program", what,
				 (unsigned long long)lo, (unsigned long long)hi);
			return -1;
		}
	return k64_elf_load(e, lx->m, bias, true, err, errlen);
}

/* Opens and loads the dynamic linker e->interp names, from the guest root if it has it. */
static int load_interp(struct k64_linux *lx, const struct k64_elf *e, struct k64_elf *ie,
		       char *file, char *err, size_t errlen)
{
	char buf[PATH_MAX], why[256];
	const char *hp = k64_linux_root_path(lx, e->interp, buf);
	if (k64_elf_open_flags(hp, K64_ELF_INTERP, ie, why, sizeof why) != 0) {
		bool missing = access(hp, F_OK) != 0;
		if (missing && lx->root[0])
			snprintf(err, errlen, "dynamic linker %s: not found in the guest root %s nor on the host",
				 e->interp, lx->root);
		else if (missing)
			snprintf(err, errlen, "dynamic linker %s: %s (give the guest root with -L DIR or QEMU_LD_PREFIX)",
				 e->interp, why);
		else
			snprintf(err, errlen, "dynamic linker %s: %s", hp, why);
		return -1;
	}
	if (ie->interp) {
		snprintf(err, errlen, "dynamic linker %s: itself asks for a dynamic linker (%s)", hp, ie->interp);
		k64_elf_close(ie);
		return -1;
	}
	char what[PATH_MAX + 32];
	snprintf(what, sizeof what, "dynamic linker %s", hp);
	if (place(lx, ie, true, what, err, errlen) != 0) {
		k64_elf_close(ie);
		return -1;
	}
	if (!realpath(hp, file))
		snprintf(file, PATH_MAX, "%s", hp);
	return 0;
}

_Static_assert(K64_LINUX_ARENA_BITS != 38 || (K64_LINUX_PIE_BASE == 0x2aaaaaa000ull && K64_LINUX_STACK_TOP == 0x3ffffff000ull &&
					      K64_LINUX_MMAP_TOP == 0x3ff0000000ull), "the Sv39 layout, as before the arena had a size option");

int k64_linux_setup(struct k64_hart *h, struct k64_mem *m, const struct k64_linux_config *cfg,
		    const char *path, int argc, char **argv, char *err, size_t errlen)
{
	if (m->base != 0 || m->size < K64_LINUX_ARENA_SIZE) {
		snprintf(err, errlen, "Linux user mode needs the guest arena [0, 2^%d)", K64_LINUX_ARENA_BITS);
		return -1;
	}
	struct k64_linux *lx = calloc(1, sizeof *lx);
	if (!lx) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	lx->h = h;
	lx->m = m;
	lx->cfg = *cfg;
	lx->cfg.ld_prefix = NULL;   /* the caller's string need not outlive setup: lx->root */
	if (cfg->ld_prefix && *cfg->ld_prefix) {
		struct stat st;
		const char *why = NULL;
		if (stat(cfg->ld_prefix, &st) != 0)
			why = strerror(errno);
		else if (!S_ISDIR(st.st_mode))
			why = "not a directory";
		else if (!realpath(cfg->ld_prefix, lx->root))
			why = strerror(errno);
		if (why) {
			snprintf(err, errlen, "guest root %s: %s", cfg->ld_prefix, why);
			free(lx);
			return -1;
		}
		if (!strcmp(lx->root, "/"))   /* the host itself: nothing to try first */
			lx->root[0] = 0;
	}
	lx->cfg.jail = NULL;
	if (k64_linux_jail_init(lx, cfg->jail, err, errlen)) {
		free(lx);
		return -1;
	}
	struct k64_elf e, ie;
	bool have_e = false, have_ie = false;
	char ifile[PATH_MAX];
	if (k64_elf_open_flags(path, K64_ELF_INTERP, &e, err, errlen) != 0)
		goto fail;
	have_e = true;
	if (place(lx, &e, false, "program", err, errlen) != 0)
		goto fail;
	if (!realpath(path, lx->exe))
		snprintf(lx->exe, sizeof lx->exe, "%s", path);
	if (map_image(lx, &e, lx->exe) != 0) {
		snprintf(err, errlen, "out of memory");
		goto fail;
	}
	if (e.interp) {
		if (load_interp(lx, &e, &ie, ifile, err, errlen) != 0)
			goto fail;
		have_ie = true;
		if (map_image(lx, &ie, ifile) != 0) {
			snprintf(err, errlen, "out of memory");
			goto fail;
		}
		if (k64_linux_check_needed(lx, &e, err, errlen) != 0)
			goto fail;
	}
	uint64_t seed = cfg->seed;
	for (int i = 0; i < 4; i++)
		lx->rng[i] = splitmix64(&seed);
	lx->pid = (int)getpid();
	const char *base = strrchr(path, '/');
	snprintf(lx->comm, sizeof lx->comm, "%s", base ? base + 1 : path);
	lx->brk_start = lx->brk_cur = e.load_hi + e.bias;

	lx->stack_lo = K64_LINUX_STACK_TOP - K64_LINUX_STACK_SIZE;
	k64_mem_set_perm(m, lx->stack_lo, K64_LINUX_STACK_SIZE,
			 K64_PERM_R | K64_PERM_W | K64_LINUX_PERM_MAPPED);
	/* Signal return trampoline: Linux puts the same two instructions in the vDSO
	 * (arch/riscv/kernel/vdso/rt_sigreturn.S) and points ra at them. */
	static const uint32_t tramp[2] = {
		0x08b00893u,   /* addi a7, zero, 139 (__NR_rt_sigreturn) */
		0x00000073u,   /* ecall */
	};
	k64_mem_set_perm(m, K64_LINUX_SIGTRAMP, K64_PAGE_SIZE, K64_PERM_RWX);
	k64_mem_poke(m, K64_LINUX_SIGTRAMP, tramp, sizeof tramp);
	k64_mem_set_perm(m, K64_LINUX_SIGTRAMP, K64_PAGE_SIZE,
			 K64_PERM_R | K64_PERM_X | K64_LINUX_PERM_MAPPED);
	if (cfg->mem_limit && m->backed * K64_PAGE_SIZE > cfg->mem_limit) {
		snprintf(err, errlen, "the program and its stack need %llu KiB, more than --host-mem-limit",
			 (unsigned long long)(m->backed * K64_PAGE_SIZE >> 10));
		goto fail;
	}

	k64_linux_fs_init(lx);
	k64_linux_signal_init(lx);
	k64_linux_thread_init(lx);
	k64_priv_reset(h, K64_PRIV_U);
	h->virtual_clock = cfg->virtual_clock;
	if (build_stack(lx, &e, have_ie ? ie.bias : 0, path, argc, argv, err, errlen) != 0) {
		k64_linux_fs_free(lx);
		k64_linux_thread_free(lx);
		goto fail;
	}
	h->pc = have_ie ? ie.entry + ie.bias : e.entry + e.bias;
	h->fe.ctx = lx;
	h->fe.trap = linux_trap;
	h->fe.watch = NULL;
	h->fe.boundary = k64_linux_thread_boundary;
	h->fe_boundary_at = 0;
	k64_elf_close(&e);
	if (have_ie)
		k64_elf_close(&ie);
	return 0;
fail:
	if (have_e)
		k64_elf_close(&e);
	if (have_ie)
		k64_elf_close(&ie);
	k64_linux_vma_free(lx);
	k64_linux_jail_free(lx);
	free(lx);
	return -1;
}

void k64_linux_free(struct k64_hart *h)
{
	struct k64_linux *lx = h->fe.ctx;
	if (!lx || h->fe.trap != linux_trap)
		return;
	k64_linux_fs_free(lx);
	k64_linux_vma_free(lx);
	k64_linux_thread_free(lx);
	k64_linux_jail_free(lx);
	free(lx);
	h->fe.ctx = NULL;
	h->fe.boundary = NULL;
	h->fe_boundary_at = 0;
	h->fe.trap = NULL;
}
