/* Before a dynamically linked program starts: can its dynamic linker find the libraries it
 * needs? glibc's ld.so (elf/dl-load.c _dl_map_object) looks for each DT_NEEDED name in the
 * loading object's DT_RPATH (when it has no DT_RUNPATH), LD_LIBRARY_PATH, its DT_RUNPATH,
 * /etc/ld.so.cache and the system directories, and every absolute path it tries goes to the
 * guest root first (k64_linux_root_path). A library found nowhere would make ld.so stop with
 * its own message and status 127 after part of the program was loaded; karu64 reports it up
 * front as a bad-input error instead (one line, status 125).
 * The check errs towards "found", so that it never refuses a program ld.so would run: any file
 * of the right name counts (ld.so reports a wrong one itself), and a search path holding a
 * dynamic string token other than $ORIGIN ($LIB, $PLATFORM) counts as holding every library. */
#include "linux/internal.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "mem/elf.h"

enum { DT_NEEDED_ = 1, DT_RPATH_ = 15, DT_RUNPATH_ = 29 };
#define MAX_OBJECTS 256       /* libraries checked; a bigger closure is left to ld.so */
#define MAX_NEEDED 128        /* DT_NEEDED entries per object looked at */
#define MAX_DEPTH 16

/* The system directories of Debian's riscv64 glibc (its ld.so's search order), and of
 * distributions that use the upstream lp64d slibdir. */
static const char *const system_dirs[] = {
	"/lib/riscv64-linux-gnu", "/usr/lib/riscv64-linux-gnu", "/lib64/lp64d", "/usr/lib64/lp64d",
	"/lib", "/usr/lib",
};

struct search {
	struct k64_linux *lx;
	const char *main_rpath;       /* the program's DT_RPATH (searched for all its libraries) */
	char main_origin[PATH_MAX];
	const char *ld_library_path;  /* from the guest environment, or NULL */
	uint8_t *cache[2];            /* the root's and the host's /etc/ld.so.cache */
	size_t cache_size[2];
	char *seen[MAX_OBJECTS];
	unsigned nseen;
};

struct object {
	const char *needed[MAX_NEEDED];
	unsigned nneeded;
	const char *rpath, *runpath;
};

static void collect(void *ctx, uint64_t tag, const char *s)
{
	struct object *o = ctx;
	if (tag == DT_NEEDED_ && o->nneeded < MAX_NEEDED)
		o->needed[o->nneeded++] = s;
	else if (tag == DT_RPATH_)
		o->rpath = s;
	else if (tag == DT_RUNPATH_)
		o->runpath = s;
}

/* Guest path `guest` exists (under the root or on the host): its host path in host. */
static bool exists(const struct k64_linux *lx, const char *guest, char *host)
{
	char buf[PATH_MAX];
	const char *hp = k64_linux_root_path(lx, guest, buf);
	if (access(hp, F_OK) != 0)
		return false;
	snprintf(host, PATH_MAX, "%s", hp);
	return true;
}

/* Looks for name in a list of directories separated by ':' (or ';'). 1: found (guest path in
 * guest, host path in host, or both empty for a directory this check cannot expand), 0: not. */
static int in_dirs(const struct k64_linux *lx, const char *dirs, const char *origin, const char *name,
		   char *guest, char *host)
{
	if (!dirs || !*dirs)
		return 0;
	for (;;) {   /* an empty element is the working directory, as in glibc */
		size_t n = strcspn(dirs, ":;");   /* glibc also splits LD_LIBRARY_PATH at ';' */
		char dir[PATH_MAX] = "";
		size_t len = 0;
		bool unknown = false;
		for (size_t i = 0; i < n && len < sizeof dir - 1;) {
			if (!strncmp(dirs + i, "$ORIGIN", 7) || !strncmp(dirs + i, "${ORIGIN}", 9)) {
				len += (size_t)snprintf(dir + len, sizeof dir - len, "%s", origin);
				i += dirs[i + 1] == '{' ? 9 : 7;
			} else if (dirs[i] == '$') {
				unknown = true;
				break;
			} else {
				dir[len++] = dirs[i++];
			}
			if (len >= sizeof dir)
				len = sizeof dir - 1;
		}
		dir[len] = 0;
		if (unknown) {
			guest[0] = host[0] = 0;
			return 1;
		}
		if (snprintf(guest, PATH_MAX, "%s/%s", len ? dir : ".", name) < PATH_MAX && exists(lx, guest, host))
			return 1;
		if (!dirs[n])
			return 0;
		dirs += n + 1;
	}
}

static uint32_t rd32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }

/* A riscv64 lp64d entry for name in an ld.so.cache (glibc's "glibc-ld.so.cache1.1" format,
 * elf/cache.c: a 48-byte header, then 24-byte entries {flags, key, value, osversion, hwcap}
 * whose string offsets count from the start of the file). */
static int in_cache(const struct k64_linux *lx, const uint8_t *c, size_t size, const char *name,
		    char *guest, char *host)
{
	static const char magic[] = "glibc-ld.so.cache1.1";
	enum { HEADER = 48, ENTRY = 24, FLAGS_RISCV_LP64D = 0x1003 /* FLAG_ELF_LIBC6 | DOUBLE */ };
	if (!c || size < HEADER || memcmp(c, magic, sizeof magic - 1) != 0)
		return 0;
	uint64_t n = rd32(c + 20);
	if (n > (size - HEADER) / ENTRY)
		return 0;
	size_t nlen = strlen(name);
	for (uint64_t i = 0; i < n; i++) {
		const uint8_t *e = c + HEADER + ENTRY * i;
		uint32_t key = rd32(e + 4), value = rd32(e + 8);
		if ((rd32(e) & 0xffff) != FLAGS_RISCV_LP64D || key >= size || value >= size ||
		    size - key <= nlen || memcmp(c + key, name, nlen + 1) != 0 ||
		    !memchr(c + value, 0, size - value))
			continue;
		snprintf(guest, PATH_MAX, "%s", (const char *)c + value);
		if (exists(lx, guest, host))
			return 1;
	}
	return 0;
}

static int check_object(struct search *s, const struct k64_elf *e, const char *objpath, int depth,
			char *err, size_t errlen);

/* Finds one needed library and checks what it needs in turn. */
static int check_name(struct search *s, const struct object *o, const char *objpath, const char *name,
		      int depth, char *err, size_t errlen)
{
	for (unsigned i = 0; i < s->nseen; i++)
		if (!strcmp(s->seen[i], name))
			return 0;
	if (s->nseen == MAX_OBJECTS || !(s->seen[s->nseen] = strdup(name)))
		return 0;
	s->nseen++;
	char origin[PATH_MAX], guest[PATH_MAX], host[PATH_MAX];
	snprintf(origin, sizeof origin, "%s", objpath);
	char *slash = strrchr(origin, '/');
	if (slash)
		*(slash == origin ? slash + 1 : slash) = 0;
	else
		snprintf(origin, sizeof origin, ".");
	int found;
	if (strchr(name, '/')) {
		snprintf(guest, sizeof guest, "%s", name);
		found = exists(s->lx, guest, host);
	} else {
		found = (!o->runpath && in_dirs(s->lx, o->rpath, origin, name, guest, host)) ||
			(!o->runpath && in_dirs(s->lx, s->main_rpath, s->main_origin, name, guest, host)) ||
			in_dirs(s->lx, s->ld_library_path, origin, name, guest, host) ||
			in_dirs(s->lx, o->runpath, origin, name, guest, host) ||
			in_cache(s->lx, s->cache[0], s->cache_size[0], name, guest, host) ||
			in_cache(s->lx, s->cache[1], s->cache_size[1], name, guest, host);
		for (size_t i = 0; !found && i < sizeof system_dirs / sizeof system_dirs[0]; i++)
			found = in_dirs(s->lx, system_dirs[i], origin, name, guest, host);
	}
	if (!found) {
		const char *base = strrchr(objpath, '/');
		if (s->lx->root[0])
			snprintf(err, errlen, "library %s (needed by %s) is neither in the guest root %s nor on the host",
				 name, base ? base + 1 : objpath, s->lx->root);
		else
			snprintf(err, errlen, "library %s (needed by %s) not found (give the guest root with -L DIR "
				 "or QEMU_LD_PREFIX)", name, base ? base + 1 : objpath);
		return -1;
	}
	if (!host[0] || depth >= MAX_DEPTH)
		return 0;
	struct k64_elf lib;
	char why[256];
	if (k64_elf_open_flags(host, K64_ELF_INTERP | K64_ELF_LIBRARY, &lib, why, sizeof why) != 0)
		return 0;   /* ld.so will say what is wrong with it */
	int r = check_object(s, &lib, guest, depth + 1, err, errlen);
	k64_elf_close(&lib);
	return r;
}

static int check_object(struct search *s, const struct k64_elf *e, const char *objpath, int depth,
			char *err, size_t errlen)
{
	struct object o = { 0 };
	if (k64_elf_dynamic_strings(e, collect, &o) != 0)
		return 0;
	for (unsigned i = 0; i < o.nneeded; i++)
		if (check_name(s, &o, objpath, o.needed[i], depth, err, errlen) != 0)
			return -1;
	return 0;
}

static uint8_t *read_file(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	uint8_t *buf = NULL;
	size_t cap = 0, n = 0;
	for (;;) {
		if (n == cap) {
			if (cap >= (64u << 20))
				break;   /* not a plausible cache: use what was read */
			uint8_t *b = realloc(buf, cap = cap ? 2 * cap : 65536);
			if (!b)
				break;
			buf = b;
		}
		size_t got = fread(buf + n, 1, cap - n, f);
		if (!got)
			break;
		n += got;
	}
	fclose(f);
	*size = n;
	return buf;
}

int k64_linux_check_needed(struct k64_linux *lx, const struct k64_elf *e, char *err, size_t errlen)
{
	struct search s = { .lx = lx };
	for (char **v = lx->cfg.envp; v && *v; v++)
		if (!strncmp(*v, "LD_LIBRARY_PATH=", 16))
			s.ld_library_path = *v + 16;
	char path[PATH_MAX];
	if (lx->root[0] && snprintf(path, sizeof path, "%s/etc/ld.so.cache", lx->root) < (int)sizeof path)
		s.cache[0] = read_file(path, &s.cache_size[0]);
	s.cache[1] = read_file("/etc/ld.so.cache", &s.cache_size[1]);
	struct object o = { 0 };
	if (k64_elf_dynamic_strings(e, collect, &o) == 0 && !o.runpath)
		s.main_rpath = o.rpath;
	snprintf(s.main_origin, sizeof s.main_origin, "%s", lx->exe);
	char *slash = strrchr(s.main_origin, '/');
	if (slash)
		*(slash == s.main_origin ? slash + 1 : slash) = 0;
	int r = check_object(&s, e, lx->exe, 0, err, errlen);
	for (unsigned i = 0; i < s.nseen; i++)
		free(s.seen[i]);
	free(s.cache[0]);
	free(s.cache[1]);
	return r;
}
