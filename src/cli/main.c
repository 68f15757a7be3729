/* karu64 command line: `karu64 [options] PROGRAM [ARGS...]`, in the manner of qemu-riscv64.
 * Exit status: the guest's; 128 + signal for a guest killed by a signal; 124 when --max-insns
 * ran out; 125 for karu64's own errors (one line "karu64: error: ..."). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "karu64.h"
#include "timing/profile.h"
#include "timing/timing.h"

extern char **environ;

static const char usage[] =
"usage: karu64 [options] PROGRAM [ARGS...]\n"
"       karu64 --machine=karu64 --bios FW [--kernel IMAGE] [--initrd FILE] [--append ARGS] [options]\n"
"Runs a riscv64 Linux ELF in user mode, or a bare-metal ELF (one that\n"
"defines `tohost`, or with --bare) in M-mode with HTIF and semihosting,\n"
"or boots the full-system Karu64 board (doc/board.md).\n"
"\n"
"  --isa=STRING        ISA string, e.g. rv64gcv_zvl256b_zba_zbb_zbs_zvkng_zvknhk\n"
"                      (default: the Karu64 profile, everything this build implements)\n"
"  --vlen=N            vector length in bits, power of two 128..4096 (default 256,\n"
"                      or N of zvlNb in --isa)\n"
"  --zvknhk=VERSION    vkeccak.vi rules: v0.1 (default) or v0.2\n"
"  --mmu=MODE          bare metal: largest satp translation mode, sv39 (default), sv48 or\n"
"                      sv57 (each includes the smaller ones)\n"
"  --pmp=N             bare metal: PMP entries, 0..64 (default 16; doc/privileged.md)\n"
"  --vector-agnostic=POLICY  tail/mask-agnostic elements: undisturbed (default, as QEMU 10)\n"
"                      or ones (all ones, as the RVV spec allows)\n"
"  --keep-vector-state do not discard vector state at system calls (Linux discards it)\n"
"  --max-insns=N       stop after N instructions (exit status 124)\n"
"  --stats             print statistics on stderr at exit (key: value per line)\n"
"  --stats-json=FILE   write the statistics (and every model parameter) as JSON\n"
"  --model=NAME        cycle model: none (default: functional, rdcycle counts\n"
"                      instructions), karu64-sim or karu64-fpga (implies --virtual-clock)\n"
"  --param NAME=VALUE  set a model parameter (repeatable; see --list-params)\n"
"  --param-file=FILE   model parameters from FILE (NAME=VALUE lines, # comments)\n"
"  --list-params       print the parameters of the chosen model and exit\n"
"  --profile=FILE      instructions and cycles per guest function, self and inclusive\n"
"  --profile-folded=FILE  the same as folded stacks weighted by cycles (flamegraph.pl,\n"
"                      inferno, speedscope)\n"
"  --trace[=FILE]      commit log in Spike's --log-commits format (default stderr)\n"
"  --disasm            add a disassembly column to --trace\n"
"  --seed=N            seed for getrandom and AT_RANDOM (default 0: runs are reproducible)\n"
"  --virtual-clock     time and rdtime from the instruction count, not the host clock\n"
"  --env NAME=VALUE    set a guest environment variable (repeatable)\n"
"  --unset-env NAME    remove a guest environment variable (repeatable)\n"
"  --clear-env         start the guest with an empty environment\n"
"  --strict            an unknown system call is fatal\n"
"  --thread-quantum=N  guest threads take turns every N >= 64 retired instructions (default 100000)\n"
"  -L DIR              guest root, tried first for absolute paths (default $QEMU_LD_PREFIX)\n"
"  --bare              force bare-metal mode\n"
"  --mem=SIZE          RAM at 0x80000000 (bare metal: default 256M; board: 1G; suffix K, M or G)\n"
"  --machine=karu64    the full-system board: ACLINT, PLIC, ns16550a UART (the terminal),\n"
"                      syscon; exit status 0 on poweroff, the code of a syscon fail\n"
"  --bios=FILE         board firmware, ELF or flat binary at 0x80000000 (OpenSBI fw_dynamic)\n"
"  --kernel=FILE       board kernel: ELF, Linux Image (at 0x80000000 + text_offset) or flat at 0x80200000\n"
"  --initrd=FILE       board initial RAM disk (placed below the device tree at the top of RAM)\n"
"  --append=ARGS       board kernel command line (default \"console=ttyS0 earlycon=sbi\")\n"
"  --dump-dtb=FILE     board: write the generated device tree blob to FILE\n"
"  --drive=FILE[,format=raw][,readonly][,snapshot]  board: a virtio block disk on a raw image\n"
"                      (repeatable: vda, vdb, ...); snapshot keeps writes in memory\n"
"  --signature=FILE    bare metal: write begin_signature..end_signature at exit\n"
"  --device=NAME[,base=ADDR]  add a memory-mapped device (repeatable): keccak-dma\n"
"                      (default base 0x40000000), keccak-sponge-dma (0x40001000)\n"
"  --gdb=PORT          wait for gdb (target remote :PORT) on 127.0.0.1:PORT before the\n"
"                      first instruction; 0 picks a free port (printed on stderr); doc/gdb.md\n"
"  --help, --version\n";

static void die(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("karu64: error: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(125);
}

static uint64_t number(const char *opt, const char *s, bool size_suffix)
{
	char *end;
	errno = 0;
	if (!s || !*s || *s == '-')
		die("invalid value for %s: '%s'", opt, s ? s : "");
	unsigned long long v = strtoull(s, &end, 0);
	if (errno)
		die("invalid value for %s: '%s'", opt, s);
	if (size_suffix && *end) {
		unsigned shift = *end == 'K' || *end == 'k' ? 10 : *end == 'M' || *end == 'm' ? 20 :
				 *end == 'G' || *end == 'g' ? 30 : 0;
		if (!shift || end[1] || v > (~0ull >> shift))
			die("invalid value for %s: '%s'", opt, s);
		v <<= shift;
		end++;
	}
	if (*end)
		die("invalid value for %s: '%s'", opt, s);
	return v;
}

/* The guest environment: the host's, edited by --env/--unset-env/--clear-env in order. */
struct env { char **v; size_t n; };
static void env_unset(struct env *e, const char *name)
{
	size_t len = strlen(name);
	for (size_t i = 0; i < e->n; i++)
		if (!strncmp(e->v[i], name, len) && e->v[i][len] == '=') {
			memmove(&e->v[i], &e->v[i + 1], (e->n - i) * sizeof *e->v);
			e->n--;
			i--;
		}
}
static void env_set(struct env *e, char *assign)
{
	char *eq = strchr(assign, '=');
	if (!eq || eq == assign)
		die("--env needs NAME=VALUE, got '%s'", assign);
	*eq = 0;
	env_unset(e, assign);
	*eq = '=';
	e->v = realloc(e->v, (e->n + 2) * sizeof *e->v);
	if (!e->v)
		die("out of memory");
	e->v[e->n++] = assign;
	e->v[e->n] = NULL;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
	struct k64_config cfg = { 0 };
	struct env env = { 0 };
	bool stats = false, disasm = false, list_params = false;
	const char *trace = NULL, *stats_json = NULL, *prof = NULL, *prof_folded = NULL;
	int gdb_port = -1;
	char **params = NULL, **devices = NULL, **drives = NULL;
	size_t nparams = 0, ndevices = 0, ndrives = 0;
	for (char **e = environ; e && *e; e++) {
		env.v = realloc(env.v, (env.n + 2) * sizeof *env.v);
		if (!env.v)
			die("out of memory");
		env.v[env.n++] = *e;
		env.v[env.n] = NULL;
	}
	cfg.pmp = 16;   /* as QEMU's virt board and Spike */
	cfg.ld_prefix = getenv("QEMU_LD_PREFIX");   /* -L overrides it, as in QEMU */
	int i = 1;
	for (; i < argc; i++) {
		char *a = argv[i];
		if (a[0] != '-' || !strcmp(a, "-"))
			break;
		if (!strcmp(a, "--")) {
			i++;
			break;
		}
		if (a[1] == '-')
			a++; /* --opt and -opt alike, as QEMU */
		char *val = strchr(a, '=');
		char name[64];
		size_t nl = val ? (size_t)(val - a) : strlen(a);
		if (nl >= sizeof name)
			die("unknown option '%s' (try --help)", argv[i]);
		memcpy(name, a, nl);
		name[nl] = 0;
		if (val)
			val++;
#define TAKES_VALUE() do { if (!val) { if (i + 1 >= argc) die("option %s needs a value", argv[i]); val = argv[++i]; } } while (0)
#define NO_VALUE() do { if (val) die("option -%s takes no value", name); } while (0)
		if (!strcmp(name, "-help") || !strcmp(name, "h")) {
			fputs(usage, stdout);
			free(env.v);
			return 0;
		} else if (!strcmp(name, "-version")) {
			printf("karu64 %s\n", K64_VERSION);
			free(env.v);
			return 0;
		} else if (!strcmp(name, "-isa")) {
			TAKES_VALUE();
			cfg.isa = val;
		} else if (!strcmp(name, "-vlen")) {
			TAKES_VALUE();
			uint64_t v = number("--vlen", val, false);
			if (v < 128 || v > 4096 || (v & (v - 1)))
				die("--vlen must be a power of two from 128 to 4096, got '%s'", val);
			cfg.vlen = (unsigned)v;
		} else if (!strcmp(name, "-mmu")) {
			TAKES_VALUE();
			if (strcmp(val, "sv39") && strcmp(val, "sv48") && strcmp(val, "sv57"))
				die("--mmu must be sv39, sv48 or sv57, got '%s'", val);
			cfg.mmu = val;
		} else if (!strcmp(name, "-pmp")) {
			TAKES_VALUE();
			uint64_t v = number("--pmp", val, false);
			if (v > 64)
				die("--pmp must be 0 to 64, got '%s'", val);
			cfg.pmp = (unsigned)v;
		} else if (!strcmp(name, "-zvknhk")) {
			TAKES_VALUE();
			if (strcmp(val, "v0.1") && strcmp(val, "v0.2"))
				die("--zvknhk must be v0.1 or v0.2, got '%s'", val);
			cfg.zvknhk = val;
		} else if (!strcmp(name, "-vector-agnostic")) {
			TAKES_VALUE();
			if (strcmp(val, "undisturbed") && strcmp(val, "ones"))
				die("--vector-agnostic must be undisturbed or ones, got '%s'", val);
			cfg.vagnostic_ones = !strcmp(val, "ones");
		} else if (!strcmp(name, "-keep-vector-state")) {
			NO_VALUE();
			cfg.keep_vector_state = true;
		} else if (!strcmp(name, "-max-insns")) {
			TAKES_VALUE();
			cfg.max_insns = number("--max-insns", val, false);
			if (!cfg.max_insns)
				die("--max-insns must be at least 1");
		} else if (!strcmp(name, "-stats")) {
			NO_VALUE();
			stats = true;
		} else if (!strcmp(name, "-stats-json")) {
			TAKES_VALUE();
			stats_json = val;
		} else if (!strcmp(name, "-model")) {
			TAKES_VALUE();
			if (strcmp(val, "none") && strcmp(val, "karu64-sim") && strcmp(val, "karu64-fpga"))
				die("unknown model '%s' (none, karu64-sim, karu64-fpga)", val);
			cfg.model = val;
		} else if (!strcmp(name, "-param")) {
			TAKES_VALUE();
			params = realloc(params, (nparams + 2) * sizeof *params);
			if (!params)
				die("out of memory");
			params[nparams++] = val;
			params[nparams] = NULL;
		} else if (!strcmp(name, "-param-file")) {
			TAKES_VALUE();
			cfg.param_file = val;
		} else if (!strcmp(name, "-profile")) {
			TAKES_VALUE();
			prof = val;
		} else if (!strcmp(name, "-profile-folded")) {
			TAKES_VALUE();
			prof_folded = val;
		} else if (!strcmp(name, "-list-params")) {
			NO_VALUE();
			list_params = true;
		} else if (!strcmp(name, "-trace")) {
			trace = val ? val : "-";
		} else if (!strcmp(name, "-disasm")) {
			NO_VALUE();
			disasm = true;
		} else if (!strcmp(name, "-seed")) {
			TAKES_VALUE();
			cfg.seed = number("--seed", val, false);
		} else if (!strcmp(name, "-virtual-clock")) {
			NO_VALUE();
			cfg.virtual_clock = true;
		} else if (!strcmp(name, "-env")) {
			TAKES_VALUE();
			env_set(&env, val);
		} else if (!strcmp(name, "-unset-env")) {
			TAKES_VALUE();
			env_unset(&env, val);
		} else if (!strcmp(name, "-clear-env")) {
			NO_VALUE();
			env.n = 0;
			if (env.v)
				env.v[0] = NULL;
		} else if (!strcmp(name, "-L")) {
			TAKES_VALUE();
			cfg.ld_prefix = val;
		} else if (!strcmp(name, "-thread-quantum")) {
			TAKES_VALUE();
			cfg.thread_quantum = number("--thread-quantum", val, true);
			/* A switch drops the LR/SC reservation: a constrained LR/SC loop (at most
			 * 16 instructions, unprivileged spec 14.3) must fit in a quantum twice. */
			if (cfg.thread_quantum < 64)
				die("--thread-quantum must be at least 64");
		} else if (!strcmp(name, "-strict")) {
			NO_VALUE();
			cfg.strict = true;
		} else if (!strcmp(name, "-bare")) {
			NO_VALUE();
			cfg.mode = K64_MODE_BARE;
		} else if (!strcmp(name, "-mem")) {
			TAKES_VALUE();
			cfg.mem_size = number("--mem", val, true);
			if (cfg.mem_size < 4096 || cfg.mem_size > (64ull << 30))
				die("--mem must be between 4K and 64G, got '%s'", val);
		} else if (!strcmp(name, "-device")) {
			TAKES_VALUE();
			devices = realloc(devices, (ndevices + 2) * sizeof *devices);
			if (!devices)
				die("out of memory");
			devices[ndevices++] = val;
			devices[ndevices] = NULL;
		} else if (!strcmp(name, "-drive")) {
			TAKES_VALUE();
			drives = realloc(drives, (ndrives + 2) * sizeof *drives);
			if (!drives)
				die("out of memory");
			drives[ndrives++] = val;
			drives[ndrives] = NULL;
		} else if (!strcmp(name, "-machine")) {
			TAKES_VALUE();
			if (strcmp(val, "karu64"))
				die("unknown machine '%s' (the one board is karu64)", val);
			cfg.machine = val;
		} else if (!strcmp(name, "-bios")) {
			TAKES_VALUE();
			cfg.bios = val;
		} else if (!strcmp(name, "-kernel")) {
			TAKES_VALUE();
			cfg.kernel = val;
		} else if (!strcmp(name, "-initrd")) {
			TAKES_VALUE();
			cfg.initrd = val;
		} else if (!strcmp(name, "-append")) {
			TAKES_VALUE();
			cfg.append = val;
		} else if (!strcmp(name, "-dump-dtb")) {
			TAKES_VALUE();
			cfg.dump_dtb = val;
		} else if (!strcmp(name, "-gdb")) {
			TAKES_VALUE();
			uint64_t port = number("--gdb", val, false);
			if (port > 65535)
				die("--gdb must be a TCP port from 0 to 65535, got '%s'", val);
			gdb_port = (int)port;
		} else if (!strcmp(name, "-signature")) {
			TAKES_VALUE();
			cfg.signature = val;
		} else {
			die("unknown option '%s' (try --help)", argv[i]);
		}
	}
	cfg.params = params;
	cfg.devices = devices;
	cfg.drives = drives;
	cfg.profile = prof || prof_folded;
	bool modelled = cfg.model && strcmp(cfg.model, "none");
	if ((nparams || cfg.param_file) && !modelled)
		die("--param and --param-file need --model=karu64-sim or --model=karu64-fpga");
	if (list_params) {
		char err[512];
		struct k64_model *lm = k64_model_new(modelled ? cfg.model : "karu64-sim", err, sizeof err);
		if (!lm)
			die("%s", err);
		if ((cfg.param_file && k64_model_set_file(lm, cfg.param_file, err, sizeof err)) ||
		    k64_model_validate(lm, err, sizeof err)) {
			k64_model_free(lm);
			die("%s", err);
		}
		for (size_t k = 0; k < nparams; k++)
			if (k64_model_set(lm, params[k], err, sizeof err)) {
				k64_model_free(lm);
				die("%s", err);
			}
		k64_model_list_params(lm, stdout);
		k64_model_free(lm);
		free(params);
		free(env.v);
		return 0;
	}
	if (!cfg.machine && (cfg.bios || cfg.kernel || cfg.initrd || cfg.append || cfg.dump_dtb))
		die("--bios, --kernel, --initrd, --append and --dump-dtb need --machine=karu64");
	if (cfg.machine && i < argc)
		die("--machine=karu64 boots --bios/--kernel and takes no program ('%s')", argv[i]);
	if (cfg.machine && cfg.mode == K64_MODE_BARE)
		die("--bare and --machine=karu64 exclude each other");
	if (!cfg.machine && i >= argc)
		die("no program given (usage: karu64 [options] PROGRAM [ARGS...]; try --help)");
	if (!env.v) {
		env.v = calloc(1, sizeof *env.v);
		if (!env.v)
			die("out of memory");
	}
	cfg.envp = env.v;

	char err[512];
	struct k64_machine *m;
	if (k64_machine_create(&cfg, &m, err, sizeof err))
		die("%s", err);
	FILE *jf = NULL, *pf = NULL, *ff = NULL;
	if (stats_json && !(jf = fopen(stats_json, "w")))
		die("cannot open statistics file '%s': %s", stats_json, strerror(errno));
	if (prof && !(pf = fopen(prof, "w")))
		die("cannot open profile file '%s': %s", prof, strerror(errno));
	if (prof_folded && !(ff = fopen(prof_folded, "w")))
		die("cannot open profile file '%s': %s", prof_folded, strerror(errno));
	if (cfg.machine) {
		if (k64_machine_boot(m, err, sizeof err))
			die("%s", err);
	} else if (k64_machine_load(m, argv[i], argc - i, argv + i, err, sizeof err)) {
		die("%s: %s", argv[i], err);
	}
	FILE *tf = NULL;
	if (trace) {
		tf = !strcmp(trace, "-") ? stderr : fopen(trace, "w");
		if (!tf)
			die("cannot open trace file '%s': %s", trace, strerror(errno));
		k64_trace(m, tf, disasm);
	}
	double t0 = now();
	enum k64_status st;
	if (gdb_port < 0)
		st = k64_machine_run(m, 0);
	else if (k64_gdb_run(m, gdb_port, &st, err, sizeof err))
		die("%s", err);
	double secs = now() - t0;
	fflush(stdout);
	if (tf && tf != stderr)
		fclose(tf);
	uint64_t n = k64_instret(m);
	struct k64_model *model = k64_machine_model(m);
	if (stats) {
		fprintf(stderr, "instructions: %llu\n", (unsigned long long)n);
		fprintf(stderr, "seconds: %.6f\n", secs);
		fprintf(stderr, "mips: %.2f\n", secs > 0 ? n / secs / 1e6 : 0.0);
		if (model)
			k64_model_print_stats(model, stderr, n);
	}
	if (jf) {
		if (model) {
			k64_model_write_json(model, jf, n, secs);
		} else {
			fprintf(jf, "{\n  \"model\": \"none\",\n  \"instructions\": %llu,\n  \"cycles\": %llu,\n"
				"  \"seconds\": %.6f\n}\n", (unsigned long long)n, (unsigned long long)n, secs);
		}
		if (fclose(jf))
			fprintf(stderr, "karu64: error: cannot write statistics file '%s'\n", stats_json);
	}
	int code = k64_machine_exit_code(m);
	if (pf || ff) {
		struct k64_profile *p = k64_machine_profile(m);
		if (pf && (k64_profile_write_table(p, pf) | fclose(pf))) {
			fprintf(stderr, "karu64: error: cannot write profile '%s'\n", prof);
			code = 125;
		}
		if (ff && (k64_profile_write_folded(p, ff) | fclose(ff))) {
			fprintf(stderr, "karu64: error: cannot write profile '%s'\n", prof_folded);
			code = 125;
		}
	}
	if (st == K64_LIMIT) {
		fprintf(stderr, "karu64: instruction limit reached after %llu instructions (pc 0x%llx)\n",
			(unsigned long long)n, (unsigned long long)k64_get_pc(m));
		code = 124;
	}
	k64_machine_destroy(m);
	free(devices);
	free(drives);
	free(params);
	free(env.v);
	return code;
}
