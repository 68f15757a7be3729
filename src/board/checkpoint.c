/* Checkpoints (board/checkpoint.h, doc/board.md). The payload's sections, in order:
 *   CONF  karu64's version, the canonical ISA string, VLEN, the memory arena, the mode, the
 *         devices (name, base) in bus order, and the identity (path, size, mtime) of the
 *         bare-metal program
 *   HART  the list of the hart's saved fields (names and sizes: a build whose hart differs is
 *         refused), their bytes, the vector registers, time in ticks, and the front-end's next
 *         boundary as an offset
 *   PERM  one permission byte per page of the arena
 *   PAGE  (repeated) pages that are not all zero: address, 4096 bytes; PEND ends them
 *   DEVS  each device's own state (dev/bus.h save/restore), with its name and base
 *   BORD  the board's own (boot addresses, reboots)
 * What is derived is not saved but rebuilt: decoded blocks, the TLB, the translation context,
 * the FP/vector enable state and the counters' bases. The cycle model is not saved: a model
 * attached to the restoring run starts cold (caches, predictors, unit times), at cycle 0. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "board/board.h"
#include "board/checkpoint.h"
#include "core/cache.h"
#include "core/hart.h"
#include "dev/bus.h"
#include "mem/ckpt.h"
#include "vector/vector.h"

#define ERR(...) (snprintf(err, errlen, __VA_ARGS__), -1)
#define PAGES_PER_SECTION 256

/* The hart's architectural state, field by field (everything else is derived or a host's). */
#define HART_FIELDS(F) \
	F(x) F(pc) F(f) F(fflags) F(frm) F(priv) F(instret) F(resv_valid) F(resv_addr) \
	F(vl) F(vtype) F(vstart) F(vxrm) F(vxsat) F(xkr) \
	F(mstatus) F(misa) F(medeleg) F(mideleg) F(mie) F(mip) F(mtvec) F(mscratch) F(mepc) F(mcause) F(mtval) \
	F(mcounteren) F(mcountinhibit) F(menvcfg) F(pmpcfg) F(pmpaddr) \
	F(stvec) F(sscratch) F(sepc) F(scause) F(stval) F(satp) F(scounteren) F(senvcfg) \
	F(trap_streak) F(trap_streak_instret) F(irq_lines) F(stimecmp) \
	F(ctr) F(mhpmevent) F(mcyclecfg) F(minstretcfg) F(mstateen) F(sstateen) \
	F(virt) F(trap_gpa) F(trap_tinst) \
	F(hstatus) F(hedeleg) F(hideleg) F(hcounteren) F(htval) F(htinst) F(hgatp) F(henvcfg) F(htimedelta) \
	F(hstateen) F(vsstatus) F(vstvec) F(vsscratch) F(vsepc) F(vscause) F(vstval) F(vsatp) F(vstimecmp) \
	F(mtval2) F(mtinst)

static void hart_layout(char *buf, size_t cap)
{
	size_t n = 0;
	buf[0] = 0;
#define F(f) n += (size_t)snprintf(buf + n, n < cap ? cap - n : 0, "%s:%zu ", #f, sizeof ((struct k64_hart *)0)->f);
	HART_FIELDS(F)
#undef F
}

/* ---- identity ------------------------------------------------------------------------------ */

static void file_identity(const char *path, uint64_t id[3])
{
	struct stat st;
	memset(id, 0, 3 * sizeof *id);
	if (!path || stat(path, &st))
		return;
	id[0] = (uint64_t)st.st_size;
	id[1] = (uint64_t)st.st_mtim.tv_sec;
	id[2] = (uint64_t)st.st_mtim.tv_nsec;
}

static void conf_write(const struct k64_ckpt_machine *m, struct k64_ckw *w)
{
	char isa[1024];
	k64_isa_format(m->isa, isa, sizeof isa);
	k64_ckw_begin(w, "CONF");
	k64_ckw_str(w, K64_VERSION);
	k64_ckw_str(w, isa);
	k64_ckw_u64(w, m->vlen);
	k64_ckw_u64(w, m->mem->base);
	k64_ckw_u64(w, m->mem->size);
	k64_ckw_u64(w, m->board != NULL);
	unsigned n = m->bus ? m->bus->n : 0;
	k64_ckw_u64(w, n);
	for (unsigned i = 0; i < n; i++) {
		k64_ckw_str(w, m->bus->r[i].name);
		k64_ckw_u64(w, m->bus->r[i].base);
	}
	uint64_t id[3];
	file_identity(m->program, id);
	k64_ckw_str(w, m->program ? m->program : "");
	k64_ckw_put(w, id, sizeof id);
	k64_ckw_end(w);
}

static int conf_check(const struct k64_ckpt_machine *m, struct k64_ckr *r, char *err, size_t errlen)
{
	struct k64_ckr s = k64_ckr_section(r, "CONF");
	char ver[64], isa[1024], cur[1024], name[64], prog[4096];
	k64_ckr_str(&s, ver, sizeof ver);
	k64_ckr_str(&s, isa, sizeof isa);
	uint64_t vlen = k64_ckr_u64(&s), base = k64_ckr_u64(&s), size = k64_ckr_u64(&s), board = k64_ckr_u64(&s);
	uint64_t ndev = k64_ckr_u64(&s);
	if (s.bad)
		return ERR("the checkpoint's configuration is not readable");
	if (strcmp(ver, K64_VERSION))
		return ERR("the checkpoint was written by karu64 %s, this is %s", ver, K64_VERSION);
	k64_isa_format(m->isa, cur, sizeof cur);
	if (strcmp(isa, cur))
		return ERR("the checkpoint's ISA is %s, this machine's %s (--isa)", isa, cur);
	if (vlen != m->vlen)
		return ERR("the checkpoint's VLEN is %llu, this machine's %u (--vlen)", (unsigned long long)vlen, m->vlen);
	if (board != (m->board != NULL))
		return ERR("the checkpoint is of %s, this machine is %s", board ? "the board" : "a bare-metal program",
			   m->board ? "the board (--machine=karu64)" : "a bare-metal program");
	if (base != m->mem->base || size != m->mem->size)
		return ERR("the checkpoint's memory is %llu MiB, this machine's %llu MiB (--mem)",
			   (unsigned long long)((size - (board ? K64_BOARD_RAM : 0)) >> 20),
			   (unsigned long long)((m->mem->size - (board ? K64_BOARD_RAM : 0)) >> 20));
	unsigned n = m->bus ? m->bus->n : 0;
	if (ndev != n)
		return ERR("the checkpoint has %llu devices, this machine %u (--device, --drive)", (unsigned long long)ndev, n);
	for (unsigned i = 0; i < n; i++) {
		k64_ckr_str(&s, name, sizeof name);
		uint64_t b = k64_ckr_u64(&s);
		if (s.bad)
			return ERR("the checkpoint's configuration is not readable");
		if (strcmp(name, m->bus->r[i].name) || b != m->bus->r[i].base)
			return ERR("the checkpoint's device %u is %s at 0x%llx, this machine's %s at 0x%llx (--device, --drive)", i,
				   name, (unsigned long long)b, m->bus->r[i].name, (unsigned long long)m->bus->r[i].base);
	}
	uint64_t id[3], cid[3];
	k64_ckr_str(&s, prog, sizeof prog);
	k64_ckr_get(&s, id, sizeof id);
	if (s.bad || s.off != s.n)
		return ERR("the checkpoint's configuration is not readable");
	file_identity(m->program, cid);
	if (strcmp(prog, m->program ? m->program : ""))
		return ERR("the checkpoint is of program '%s', not '%s'", prog, m->program ? m->program : "");
	if (memcmp(id, cid, sizeof id))
		return ERR("program '%s' changed since the checkpoint (size or modification time)", prog);
	return 0;
}

/* ---- hart ----------------------------------------------------------------------------------- */

static uint64_t now_of(struct k64_hart *h)
{
	return k64_now(h, NULL);
}

static void hart_write(struct k64_hart *h, struct k64_ckw *w)
{
	char layout[4096];
	hart_layout(layout, sizeof layout);
	k64_pmu_settle_all(h);
	k64_ckw_begin(w, "HART");
	k64_ckw_str(w, layout);
#define F(f) k64_ckw_put(w, &h->f, sizeof h->f);
	HART_FIELDS(F)
#undef F
	k64_ckw_put(w, h->vreg, 32 * (size_t)h->vlenb);
	k64_ckw_u64(w, k64_time_ticks(h, now_of(h)));
	k64_ckw_u64(w, h->fe_boundary_at > h->instret ? h->fe_boundary_at - h->instret : 0);
	k64_ckw_end(w);
}

/* What the instructions rely on and the WARL writes would have kept (a checkpoint written by
 * karu64 always passes; one made by hand with a valid checksum must not crash the run). */
static bool atp_ok(const struct k64_hart *t, uint64_t atp)
{
	unsigned mode = (unsigned)(atp >> 60);
	return mode == 0 || (mode >= 8 && mode <= 10 && ((t->satp_modes >> mode) & 1));
}

static bool hart_valid(const struct k64_hart *t)
{
	uint8_t resv;
	memcpy(&resv, &t->resv_valid, 1);   /* a bool must hold 0 or 1 before it is read as one */
	uint64_t vt = t->vtype;
	unsigned sew = 8u << ((vt >> 3) & 7), lmul = vt & 7;
	bool vt_ok = vt == K64_VTYPE_VILL ||
		     (!(vt >> 8) && sew <= K64_ELEN && lmul != 4 && (lmul < 4 || (unsigned)(K64_ELEN >> (8 - lmul)) >= sew));
	return !(t->priv == 2 || t->priv > K64_PRIV_M || t->virt > 1 || (t->virt && t->priv == K64_PRIV_M) || resv > 1 ||
		 ((t->mstatus >> 11) & 3) == 2 || t->fflags > 31 || t->frm > 7 || t->vxrm > 3 || t->vxsat > 1 ||
		 !vt_ok || (vt != K64_VTYPE_VILL ? t->vl > k64_vlmax_of(t, vt) : t->vl != 0) || t->vstart >= t->vlen ||
		 !atp_ok(t, t->satp) || !atp_ok(t, t->vsatp) || !atp_ok(t, t->hgatp));
}

/* Into the staging copy t; the time and the boundary offset into *ticks, *bound. */
static int hart_read(struct k64_hart *t, struct k64_ckr *r, uint64_t *ticks, uint64_t *bound, char *err,
		     size_t errlen)
{
	struct k64_ckr s = k64_ckr_section(r, "HART");
	char layout[4096], want[4096];
	k64_ckr_str(&s, layout, sizeof layout);
	hart_layout(want, sizeof want);
	if (s.bad)
		return ERR("the checkpoint's hart state is not readable");
	if (strcmp(layout, want))
		return ERR("the checkpoint's hart state has another layout (written by another build of karu64)");
#define F(f) k64_ckr_get(&s, &t->f, sizeof t->f);
	HART_FIELDS(F)
#undef F
	k64_ckr_get(&s, t->vreg, 32 * (size_t)t->vlenb);
	*ticks = k64_ckr_u64(&s);
	*bound = k64_ckr_u64(&s);
	if (s.bad || s.off != s.n)
		return ERR("the checkpoint's hart state is not readable");
	if (!hart_valid(t))
		return ERR("the checkpoint's hart state is not valid");
	return 0;
}

/* ---- memory --------------------------------------------------------------------------------- */

static bool page_zero(const uint8_t *p)
{
	static const uint8_t zero[K64_PAGE_SIZE];
	return !memcmp(p, zero, K64_PAGE_SIZE);
}

static void mem_write(const struct k64_mem *mem, struct k64_ckw *w)
{
	uint64_t np = mem->size >> K64_PAGE_SHIFT;
	k64_ckw_begin(w, "PERM");
	k64_ckw_put(w, mem->perm, np);
	k64_ckw_end(w);
	/* A page the host never touched reads as zero: /proc/self/pagemap (bit 63 present, 62
	 * swapped) tells which those are without reading them; without it every page is read. */
	int pm = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
	uint64_t ent[4096], in_sec = 0;
	for (uint64_t p0 = 0; p0 < np; p0 += 4096) {
		uint64_t k = np - p0 < 4096 ? np - p0 : 4096;
		off_t at = (off_t)(((uintptr_t)mem->host >> K64_PAGE_SHIFT) + p0) * 8;
		bool known = pm >= 0 && pread(pm, ent, k * 8, at) == (ssize_t)(k * 8);
		for (uint64_t i = 0; i < k; i++) {
			uint64_t pg = p0 + i;
			const uint8_t *p = mem->host + (pg << K64_PAGE_SHIFT);
			if (!mem->perm[pg] || (known && !(ent[i] >> 62)) || page_zero(p))
				continue;
			if (!in_sec)
				k64_ckw_begin(w, "PAGE");
			k64_ckw_u64(w, mem->base + (pg << K64_PAGE_SHIFT));
			k64_ckw_put(w, p, K64_PAGE_SIZE);
			if (++in_sec == PAGES_PER_SECTION) {
				k64_ckw_end(w);
				in_sec = 0;
			}
		}
	}
	if (pm >= 0)
		close(pm);
	if (in_sec)
		k64_ckw_end(w);
	k64_ckw_begin(w, "PEND");
	k64_ckw_end(w);
}

/* Checks the PERM and PAGE sections; their readers are returned for the apply step. */
static int mem_read(const struct k64_mem *mem, struct k64_ckr *r, const uint8_t **perm, struct k64_ckr *pages,
		    char *err, size_t errlen)
{
	uint64_t np = mem->size >> K64_PAGE_SHIFT;
	struct k64_ckr s = k64_ckr_section(r, "PERM");
	*perm = k64_ckr_take(&s, np);
	if (s.bad || s.off != s.n)
		return ERR("the checkpoint's memory map is not readable");
	for (uint64_t i = 0; i < np; i++)
		if ((*perm)[i] & ~(K64_PERM_RWX | K64_PERM_WATCH | K64_PERM_CODE | K64_PERM_BACKED | K64_PERM_FRONTEND))
			return ERR("the checkpoint's memory map is not valid");
	*pages = *r;
	for (;;) {
		if (r->n - r->off >= 4 && !memcmp(r->p + r->off, "PEND", 4)) {
			s = k64_ckr_section(r, "PEND");
			break;
		}
		s = k64_ckr_section(r, "PAGE");
		while (!s.bad && s.off < s.n) {
			uint64_t a = k64_ckr_u64(&s);
			k64_ckr_take(&s, K64_PAGE_SIZE);
			if (!s.bad && ((a & (K64_PAGE_SIZE - 1)) || !k64_mem_contains(mem, a, K64_PAGE_SIZE) ||
				       !(*perm)[(a - mem->base) >> K64_PAGE_SHIFT]))
				return ERR("the checkpoint holds a page at 0x%llx outside the machine's memory",
					   (unsigned long long)a);
		}
		if (s.bad)
			return ERR("the checkpoint's memory is not readable");
	}
	if (s.bad || r->bad)
		return ERR("the checkpoint's memory is not readable");
	return 0;
}

static void mem_apply(struct k64_hart *h, struct k64_mem *mem, const uint8_t *perm, struct k64_ckr pages)
{
	uint64_t np = mem->size >> K64_PAGE_SHIFT;
	k64_cache_flush(h);   /* its CODE marks go; the blocks are decoded again from the new memory */
	/* all of it reads zero, then the saved pages; the front-end's WATCH marks are this run's */
	madvise(mem->host, mem->size, MADV_DONTNEED);
	mem->backed = 0;   /* the count of K64_PERM_BACKED pages (mem.h) follows the saved marks */
	for (uint64_t i = 0; i < np; i++) {
		mem->perm[i] = (uint8_t)((perm[i] & ~(K64_PERM_CODE | K64_PERM_WATCH)) | (mem->perm[i] & K64_PERM_WATCH));
		mem->backed += (mem->perm[i] & K64_PERM_BACKED) != 0;
	}
	mem->gen++;
	for (;;) {
		if (!memcmp(pages.p + pages.off, "PEND", 4))
			break;
		struct k64_ckr s = k64_ckr_section(&pages, "PAGE");
		while (s.off < s.n) {
			uint64_t a = k64_ckr_u64(&s);
			memcpy(mem->host + (a - mem->base), k64_ckr_take(&s, K64_PAGE_SIZE), K64_PAGE_SIZE);
		}
	}
}

/* ---- devices -------------------------------------------------------------------------------- */

static void devs_write(const struct k64_ckpt_machine *m, struct k64_ckw *w, uint64_t now)
{
	k64_ckw_begin(w, "DEVS");
	unsigned n = m->bus ? m->bus->n : 0;
	for (unsigned i = 0; i < n; i++) {
		const struct k64_bus_region *g = &m->bus->r[i];
		size_t at = w->n;
		k64_ckw_u64(w, 0);   /* the device's bytes, filled in below */
		if (g->ops->save)
			g->ops->save(g->dev, w, now);
		uint64_t len = w->n - at - 8;
		if (!w->failed)
			memcpy(w->buf + at, &len, 8);
	}
	k64_ckw_end(w);
}

static int devs_restore(const struct k64_ckpt_machine *m, struct k64_ckr devs, uint64_t now, bool apply, char *err,
			size_t errlen)
{
	unsigned n = m->bus ? m->bus->n : 0;
	for (unsigned i = 0; i < n; i++) {
		const struct k64_bus_region *g = &m->bus->r[i];
		uint64_t len = k64_ckr_u64(&devs);
		const uint8_t *p = k64_ckr_take(&devs, len);
		if (!p)
			return ERR("the checkpoint's device state is not readable");
		struct k64_ckr s = { p, len, 0, false };
		if (g->ops->restore && g->ops->restore(g->dev, &s, now, apply, err, errlen))
			return -1;
		if (s.off != s.n || (!g->ops->restore && len))
			return ERR("%s: the checkpoint's state is not valid", g->name);
	}
	if (devs.off != devs.n)
		return ERR("the checkpoint's device state is not readable");
	return 0;
}

/* ---- the machine ---------------------------------------------------------------------------- */

int k64_checkpoint_write(const struct k64_ckpt_machine *m, const char *path, char *err, size_t errlen)
{
	struct k64_ckw w;
	if (k64_ckw_open(&w, path, err, errlen))
		return -1;
	uint64_t now = now_of(m->h);
	conf_write(m, &w);
	hart_write(m->h, &w);
	mem_write(m->mem, &w);
	devs_write(m, &w, now);
	if (m->board) {
		const struct k64_board *b = m->board;
		k64_ckw_begin(&w, "BORD");
		uint64_t v[5] = { b->fw_entry, b->dtb_addr, b->initrd_start, b->initrd_end, b->reboots };
		k64_ckw_put(&w, v, sizeof v);
		k64_ckw_end(&w);
	}
	return k64_ckw_close(&w, path, err, errlen);
}

/* The derived state after the architectural state changed under the hart. */
static void rebuild(struct k64_hart *h)
{
	k64_cache_flush(h);
	h->nvctx = 0;
	h->mmu_dkey = ~0ull;   /* k64_mmu_sync flushes the TLB and recomputes the fetch key */
	k64_mmu_sync(h);
	k64_tlb_flush(h);
	k64_fpvs_sync(h);
	k64_pmp_update(h);
	h->trap_pending = false;
	h->limit = 0;
}

int k64_checkpoint_restore(const struct k64_ckpt_machine *m, const uint8_t *data, size_t len, char *err,
			   size_t errlen)
{
	uint8_t *payload;
	size_t n;
	/* at most the memory, its map and every page's address, snapshot overlays and the rest */
	uint64_t max_raw = m->mem->size + (m->mem->size >> K64_PAGE_SHIFT) * 9 + (64u << 20);
	for (char **d = m->cfg->drives; d && *d; d++) {
		struct stat st;
		if (strstr(*d, ",snapshot") && !stat(*d, &st))   /* an overlay holds at most the disk */
			max_raw += (uint64_t)st.st_size * 2;
	}
	if (m->board == NULL && m->cfg->drives && m->cfg->drives[0])
		return ERR("drives need the board");
	if (k64_ckpt_decode(data, len, max_raw, &payload, &n, err, errlen))
		return -1;
	struct k64_ckr r = { payload, n, 0, false };
	struct k64_hart *t = malloc(sizeof *t);
	int rc = -1;
	if (!t) {
		free(payload);
		return ERR("out of memory");
	}
	memcpy(t, m->h, sizeof *t);
	uint64_t ticks, bound, bv[5] = { 0 };
	const uint8_t *perm;
	struct k64_ckr pages, devs;
	struct k64_hart *h = m->h;
	if (conf_check(m, &r, err, errlen) || hart_read(t, &r, &ticks, &bound, err, errlen) ||
	    mem_read(m->mem, &r, &perm, &pages, err, errlen))
		goto out;
	devs = k64_ckr_section(&r, "DEVS");
	if (devs.bad) {
		snprintf(err, errlen, "the checkpoint's device state is not readable");
		goto out;
	}
	if (m->board) {
		struct k64_ckr s = k64_ckr_section(&r, "BORD");
		k64_ckr_get(&s, bv, sizeof bv);
		if (s.bad || s.off != s.n) {
			snprintf(err, errlen, "the checkpoint's board state is not readable");
			goto out;
		}
	}
	if (r.off != r.n) {
		snprintf(err, errlen, "the checkpoint has trailing sections");
		goto out;
	}
	/* the devices see the restoring run's time: the model's cycles restart (cold), or instret */
	uint64_t now = h->ts ? now_of(h) : t->instret;
	if (devs_restore(m, devs, now, false, err, errlen))
		goto out;
	/* everything checked: from here nothing fails */
	mem_apply(h, m->mem, perm, pages);
#define F(f) memcpy(&h->f, &t->f, sizeof h->f);
	HART_FIELDS(F)
#undef F
	memcpy(h->vreg, t->vreg, 32 * (size_t)h->vlenb);
	devs_restore(m, devs, now, true, err, errlen);
	if (m->board) {
		struct k64_board *b = m->board;
		b->fw_entry = bv[0], b->dtb_addr = bv[1], b->initrd_start = bv[2], b->initrd_end = bv[3], b->reboots = bv[4];
		b->bus->idle_cycles = 0;
	}
	rebuild(h);
	k64_pmu_rebase(h);
	/* time goes on from the checkpoint's: the ticks skipped are what the new source lacks */
	h->time_skip = 0;
	uint64_t t0 = k64_time_ticks(h, h->ts ? now_of(h) : h->instret);
	h->time_skip = ticks > t0 ? ticks - t0 : 0;
	h->fe_boundary_at = bound && h->fe.boundary ? h->instret + bound : 0;
	if (m->board) {
		h->fe_boundary_at = h->fe_boundary_at ? h->fe_boundary_at : h->instret + 1;
		if (h->ts)   /* a model's time runs otherwise: the comparators are looked at again */
			k64_board_update_irqs(m->board, now_of(h));
	}
	rc = 0;
out:
	free(t);
	free(payload);
	return rc;
}
