/* System-call dispatch for riscv64 Linux (include/uapi/asm-generic/unistd.h numbers; a7 =
 * number, a0..a5 = arguments, a0 = result or -errno) and the calls that are not about files,
 * memory, signals or threads: identity, time, randomness, uname, hwprobe, limits. */
#define _GNU_SOURCE
#include "linux/internal.h"
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/sysinfo.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

static const char *const names[] = {
	[17] = "getcwd", [19] = "eventfd2", [20] = "epoll_create1", [21] = "epoll_ctl",
	[22] = "epoll_pwait", [23] = "dup", [24] = "dup3", [25] = "fcntl", [26] = "inotify_init1",
	[29] = "ioctl", [32] = "flock", [33] = "mknodat", [34] = "mkdirat", [35] = "unlinkat",
	[36] = "symlinkat", [37] = "linkat", [39] = "umount2", [40] = "mount", [43] = "statfs",
	[44] = "fstatfs", [45] = "truncate", [46] = "ftruncate", [47] = "fallocate",
	[48] = "faccessat", [49] = "chdir", [50] = "fchdir", [51] = "chroot", [52] = "fchmod",
	[53] = "fchmodat", [54] = "fchownat", [55] = "fchown", [56] = "openat", [57] = "close",
	[59] = "pipe2", [61] = "getdents64", [62] = "lseek", [63] = "read", [64] = "write",
	[65] = "readv", [66] = "writev", [67] = "pread64", [68] = "pwrite64", [69] = "preadv",
	[70] = "pwritev", [71] = "sendfile", [72] = "pselect6", [73] = "ppoll", [74] = "signalfd4",
	[76] = "splice", [78] = "readlinkat", [79] = "newfstatat", [80] = "fstat", [81] = "sync",
	[82] = "fsync", [83] = "fdatasync", [85] = "timerfd_create", [86] = "timerfd_settime",
	[88] = "utimensat", [90] = "capget", [91] = "capset", [93] = "exit", [94] = "exit_group",
	[95] = "waitid", [96] = "set_tid_address", [97] = "unshare", [98] = "futex",
	[99] = "set_robust_list", [100] = "get_robust_list", [101] = "nanosleep",
	[102] = "getitimer", [103] = "setitimer", [107] = "timer_create", [110] = "timer_settime",
	[112] = "clock_settime", [113] = "clock_gettime", [114] = "clock_getres",
	[115] = "clock_nanosleep", [116] = "syslog", [117] = "ptrace", [118] = "sched_setparam",
	[119] = "sched_setscheduler", [120] = "sched_getscheduler", [121] = "sched_getparam",
	[122] = "sched_setaffinity", [123] = "sched_getaffinity", [124] = "sched_yield",
	[129] = "kill", [130] = "tkill", [131] = "tgkill", [132] = "sigaltstack",
	[133] = "rt_sigsuspend", [134] = "rt_sigaction", [135] = "rt_sigprocmask",
	[136] = "rt_sigpending", [137] = "rt_sigtimedwait", [138] = "rt_sigqueueinfo",
	[139] = "rt_sigreturn", [140] = "setpriority", [141] = "getpriority", [142] = "reboot",
	[143] = "setregid", [144] = "setgid", [145] = "setreuid", [146] = "setuid",
	[147] = "setresuid", [148] = "getresuid", [149] = "setresgid", [150] = "getresgid",
	[153] = "times", [154] = "setpgid", [155] = "getpgid", [156] = "getsid", [157] = "setsid",
	[158] = "getgroups", [159] = "setgroups", [160] = "uname", [161] = "sethostname",
	[163] = "getrlimit", [164] = "setrlimit", [165] = "getrusage", [166] = "umask",
	[167] = "prctl", [168] = "getcpu", [169] = "gettimeofday", [170] = "settimeofday",
	[172] = "getpid", [173] = "getppid", [174] = "getuid", [175] = "geteuid", [176] = "getgid",
	[177] = "getegid", [178] = "gettid", [179] = "sysinfo", [198] = "socket",
	[199] = "socketpair", [200] = "bind", [201] = "listen", [202] = "accept", [203] = "connect",
	[204] = "getsockname", [205] = "getpeername", [206] = "sendto", [207] = "recvfrom",
	[208] = "setsockopt", [209] = "getsockopt", [210] = "shutdown", [211] = "sendmsg",
	[212] = "recvmsg", [213] = "readahead", [214] = "brk", [215] = "munmap", [216] = "mremap",
	[220] = "clone", [221] = "execve", [222] = "mmap", [223] = "fadvise64", [226] = "mprotect",
	[227] = "msync", [228] = "mlock", [229] = "munlock", [230] = "mlockall",
	[231] = "munlockall", [232] = "mincore", [233] = "madvise", [242] = "accept4",
	[258] = "riscv_hwprobe", [259] = "riscv_flush_icache", [260] = "wait4",
	[261] = "prlimit64", [276] = "renameat2", [277] = "seccomp", [278] = "getrandom",
	[279] = "memfd_create", [281] = "execveat", [283] = "membarrier", [284] = "mlock2",
	[285] = "copy_file_range", [286] = "preadv2", [287] = "pwritev2", [291] = "statx",
	[293] = "rseq", [424] = "pidfd_send_signal", [434] = "pidfd_open", [435] = "clone3",
	[436] = "close_range", [437] = "openat2", [439] = "faccessat2", [441] = "epoll_pwait2",
	[449] = "futex_waitv",
};

const char *k64_linux_syscall_name(uint64_t nr)
{
	if (nr < sizeof names / sizeof names[0] && names[nr])
		return names[nr];
	return "unknown";
}

/* ---- time ------------------------------------------------------------------------------- */
enum { CLOCK_REALTIME_ = 0, CLOCK_REALTIME_COARSE_ = 5, CLOCK_REALTIME_ALARM_ = 8, CLOCK_TAI_ = 11 };

static bool realtime_clock(int64_t id)
{
	return id == CLOCK_REALTIME_ || id == CLOCK_REALTIME_COARSE_ || id == CLOCK_REALTIME_ALARM_ ||
	       id == CLOCK_TAI_;
}

static bool valid_clock(int64_t id)
{
	return id >= 0 && id <= 11 && id != 10;
}

/* Nanoseconds on clock id. The virtual clock counts one nanosecond per retired instruction
 * plus the time the guest slept. */
int64_t k64_linux_clock_ns(struct k64_linux *lx, int64_t id, int64_t *ns)
{
	if (!valid_clock(id))
		return KERR(EINVAL);
	if (lx->cfg.virtual_clock) {
		if (id == 2 || id == 3) {   /* CLOCK_PROCESS_CPUTIME_ID, CLOCK_THREAD_CPUTIME_ID */
			*ns = k64_linux_cpu_ns(lx, id == 3);
			return 0;
		}
		uint64_t t = k64_clock_ns(lx->h) + lx->vclock_offset;
		*ns = (int64_t)(realtime_clock(id) ? K64_LINUX_EPOCH * 1000000000ull + t : t);
		return 0;
	}
	struct timespec ts;
	if (clock_gettime((clockid_t)id, &ts) != 0)
		return KERR(errno);
	*ns = (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
	return 0;
}

static int64_t put_timespec(struct k64_linux *lx, uint64_t addr, int64_t ns)
{
	uint8_t *o = k64_linux_wr(lx, addr, 16);
	if (!o)
		return KERR(EFAULT);
	int64_t t[2] = { ns / 1000000000, ns % 1000000000 };
	memcpy(o, t, 16);
	return 0;
}

int64_t k64_linux_get_timespec(struct k64_linux *lx, uint64_t addr, int64_t *ns)
{
	const void *p = k64_linux_rd(lx, addr, 16);
	if (!p)
		return KERR(EFAULT);
	int64_t t[2];
	memcpy(t, p, 16);
	if (t[0] < 0 || t[1] < 0 || t[1] >= 1000000000)
		return KERR(EINVAL);
	*ns = t[0] > INT64_MAX / 1000000000 - 1 ? INT64_MAX : t[0] * 1000000000 + t[1];
	return 0;
}

static int64_t sys_clock_gettime(struct k64_linux *lx, int64_t id, uint64_t tp)
{
	int64_t ns, r = k64_linux_clock_ns(lx, id, &ns);
	return r ? r : put_timespec(lx, tp, ns);
}

static int64_t sys_clock_getres(struct k64_linux *lx, int64_t id, uint64_t tp)
{
	if (!valid_clock(id))
		return KERR(EINVAL);
	if (!tp)
		return 0;
	int64_t ns = 1;
	if (!lx->cfg.virtual_clock) {
		struct timespec ts;
		if (clock_getres((clockid_t)id, &ts) != 0)
			return KERR(errno);
		ns = (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
	}
	return put_timespec(lx, tp, ns);
}

static int64_t sys_gettimeofday(struct k64_linux *lx, uint64_t tv, uint64_t tz)
{
	if (tv) {
		int64_t ns, r = k64_linux_clock_ns(lx, CLOCK_REALTIME_, &ns);
		if (r)
			return r;
		uint8_t *o = k64_linux_wr(lx, tv, 16);
		if (!o)
			return KERR(EFAULT);
		int64_t t[2] = { ns / 1000000000, ns % 1000000000 / 1000 };
		memcpy(o, t, 16);
	}
	if (tz) {
		uint8_t *o = k64_linux_wr(lx, tz, 8);
		if (!o)
			return KERR(EFAULT);
		memset(o, 0, 8);
	}
	return 0;
}

static int64_t sys_clock_nanosleep(struct k64_linux *lx, int64_t id, uint64_t flags, uint64_t req, uint64_t rem,
				   bool *set_a0)
{
	int64_t ns, r = k64_linux_get_timespec(lx, req, &ns);
	if (r)
		return r;
	if (!valid_clock(id) || id == 2 || id == 3)
		return KERR(EINVAL);
	if (flags & 1) { /* TIMER_ABSTIME */
		int64_t now;
		if ((r = k64_linux_clock_ns(lx, id, &now)))
			return r;
		ns = ns > now ? ns - now : 0;
		rem = 0;   /* an absolute sleep has no remainder */
	}
	return k64_linux_thread_sleep(lx, ns, rem, set_a0);
}

/* ---- riscv_hwprobe (arch/riscv/include/uapi/asm/hwprobe.h) ------------------------------- */
static uint64_t hwprobe_ima_ext0(const struct k64_hart *h)
{
	static const struct { enum k64_ext e; int bit; } map[] = {
		{K64_EXT_V, 2}, {K64_EXT_ZBA, 3}, {K64_EXT_ZBB, 4}, {K64_EXT_ZBS, 5},
		{K64_EXT_ZICBOZ, 6}, {K64_EXT_ZBC, 7}, {K64_EXT_ZKT, 16}, {K64_EXT_ZVBB, 17},
		{K64_EXT_ZVBC, 18}, {K64_EXT_ZVKB, 19}, {K64_EXT_ZVKG, 20}, {K64_EXT_ZVKNED, 21},
		{K64_EXT_ZVKNHA, 22}, {K64_EXT_ZVKNHB, 23}, {K64_EXT_ZVKSED, 24}, {K64_EXT_ZVKSH, 25},
		{K64_EXT_ZVKT, 26}, {K64_EXT_ZFHMIN, 28}, {K64_EXT_ZIHINTNTL, 29},
		{K64_EXT_ZVFHMIN, 31}, {K64_EXT_ZFA, 32}, {K64_EXT_ZICOND, 35},
		{K64_EXT_ZIHINTPAUSE, 36}, {K64_EXT_ZIMOP, 42}, {K64_EXT_ZCA, 43}, {K64_EXT_ZCB, 44},
		{K64_EXT_ZCD, 45}, {K64_EXT_ZCMOP, 47}, {K64_EXT_ZAWRS, 48}, {K64_EXT_ZICNTR, 50},
		{K64_EXT_ZIHPM, 51}, {K64_EXT_ZICBOM, 55},
	};
	const struct k64_isa *isa = &h->isa;
	uint64_t v = 0;
	if (k64_has(isa, K64_EXT_F) && k64_has(isa, K64_EXT_D))
		v |= 1ull << 0;   /* RISCV_HWPROBE_IMA_FD */
	if (k64_has(isa, K64_EXT_C))
		v |= 1ull << 1;   /* RISCV_HWPROBE_IMA_C */
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (k64_has(isa, map[i].e))
			v |= 1ull << map[i].bit;
	if (k64_has(isa, K64_EXT_V))   /* V implies the Zve32x..Zve64d subsets (bits 37-41) */
		v |= 0x1full << 37;
	if (k64_has(isa, K64_EXT_A))   /* A = Zaamo + Zalrsc */
		v |= 3ull << 56;
	return v;
}

static bool hwprobe_value(struct k64_linux *lx, int64_t key, uint64_t *val)
{
	const struct k64_isa *isa = &lx->h->isa;
	switch (key) {
	case 0: case 1: case 2:   /* MVENDORID, MARCHID, MIMPID */
		*val = 0;
		return true;
	case 3:                   /* BASE_BEHAVIOR: IMA */
		*val = k64_has(isa, K64_EXT_M) && k64_has(isa, K64_EXT_A) ? 1 : 0;
		return true;
	case 4:
		*val = hwprobe_ima_ext0(lx->h);
		return true;
	case 5: case 9:           /* CPUPERF_0, MISALIGNED_SCALAR_PERF: FAST */
		*val = 3;
		return true;
	case 6:                   /* ZICBOZ_BLOCK_SIZE */
		*val = k64_has(isa, K64_EXT_ZICBOZ) ? 64 : 0;
		return true;
	case 7:                   /* HIGHEST_VIRT_ADDRESS */
		*val = K64_LINUX_ARENA_SIZE - 1;
		return true;
	case 8:                   /* TIME_CSR_FREQ: rdtime ticks at 10 MHz (core/csr.c) */
		*val = 10000000;
		return true;
	case 10:                  /* MISALIGNED_VECTOR_PERF */
		*val = k64_has(isa, K64_EXT_V) ? 3 : 4;
		return true;
	case 12:                  /* ZICBOM_BLOCK_SIZE */
		*val = k64_has(isa, K64_EXT_ZICBOM) ? 64 : 0;
		return true;
	}
	return false;
}

static int64_t sys_riscv_hwprobe(struct k64_linux *lx, uint64_t pairs, uint64_t count,
				 uint64_t cpusetsize, uint64_t cpus, uint64_t flags)
{
	if (flags & ~1ull)
		return KERR(EINVAL);
	if (count > (1ull << 20))
		return KERR(EINVAL);
	uint8_t *p = count ? k64_linux_wr(lx, pairs, 16 * count) : NULL;
	if (count && !p)
		return KERR(EFAULT);
	if (flags & 1) { /* RISCV_HWPROBE_WHICH_CPUS: keep cpu 0 if every pair matches */
		if (!cpusetsize || !cpus)
			return KERR(EINVAL);
		uint8_t *set = k64_linux_wr(lx, cpus, cpusetsize);
		if (!set)
			return KERR(EFAULT);
		bool match = true;
		for (uint64_t i = 0; i < count; i++) {
			int64_t key;
			uint64_t want, have;
			memcpy(&key, p + 16 * i, 8);
			memcpy(&want, p + 16 * i + 8, 8);
			if (!hwprobe_value(lx, key, &have)) {
				key = -1;
				memcpy(p + 16 * i, &key, 8);
				memset(p + 16 * i + 8, 0, 8);
				match = false;
			} else if (key == 4 || key == 3) {
				match &= (have & want) == want;
			} else {
				match &= have == want;
			}
		}
		uint8_t first = set[0];
		memset(set, 0, cpusetsize);
		if (match && (first & 1))
			set[0] = 1;
		return 0;
	}
	/* cpus = NULL with cpusetsize 0 means all CPUs; otherwise cpu 0 must be in the set. */
	if (cpusetsize || cpus) {
		const uint8_t *set = cpusetsize && cpus ? k64_linux_rd(lx, cpus, cpusetsize) : NULL;
		if (!set)
			return KERR(EFAULT);
		bool any = false;
		for (uint64_t i = 0; i < cpusetsize; i++)
			any |= set[i] != 0;
		if (!any)
			return KERR(EINVAL);
	}
	for (uint64_t i = 0; i < count; i++) {
		int64_t key;
		uint64_t val = 0;
		memcpy(&key, p + 16 * i, 8);
		if (!hwprobe_value(lx, key, &val)) {
			key = -1;
			val = 0;
		}
		memcpy(p + 16 * i, &key, 8);
		memcpy(p + 16 * i + 8, &val, 8);
	}
	return 0;
}

/* ---- identity, limits, misc ------------------------------------------------------------- */
static int64_t sys_uname(struct k64_linux *lx, uint64_t buf)
{
	/* struct new_utsname: six 65-byte fields. */
	uint8_t *o = k64_linux_wr(lx, buf, 6 * 65);
	if (!o)
		return KERR(EFAULT);
	struct utsname u;
	if (uname(&u) != 0)
		memset(&u, 0, sizeof u);
	memset(o, 0, 6 * 65);
	snprintf((char *)o + 0 * 65, 65, "Linux");
	snprintf((char *)o + 1 * 65, 65, "%s", u.nodename);
	snprintf((char *)o + 2 * 65, 65, "6.12.0");
	snprintf((char *)o + 3 * 65, 65, "#1 SMP PREEMPT karu64");
	snprintf((char *)o + 4 * 65, 65, "riscv64");
	snprintf((char *)o + 5 * 65, 65, "(none)");
	return 0;
}

#define RLIM_INF (~0ull)
static int64_t sys_prlimit64(struct k64_linux *lx, int64_t pid, uint64_t res, uint64_t nlim, uint64_t olim)
{
	if (pid != 0 && pid != lx->pid && !k64_linux_thread_exists(lx, pid))
		return KERR(ESRCH);
	if (res >= 16)
		return KERR(EINVAL);
	uint64_t cur, max;
	if (res == 3) {            /* RLIMIT_STACK: the fixed initial stack */
		cur = K64_LINUX_STACK_SIZE;
		max = RLIM_INF;
	} else if (res == 7) {     /* RLIMIT_NOFILE: the descriptor table */
		cur = max = K64_LINUX_MAX_FDS;
	} else {
		struct rlimit rl;
		if (getrlimit((int)res, &rl) != 0)
			return KERR(errno);
		cur = rl.rlim_cur == RLIM_INFINITY ? RLIM_INF : rl.rlim_cur;
		max = rl.rlim_max == RLIM_INFINITY ? RLIM_INF : rl.rlim_max;
	}
	if (nlim) {
		const void *p = k64_linux_rd(lx, nlim, 16);
		if (!p)
			return KERR(EFAULT);
		uint64_t n[2];
		memcpy(n, p, 16);
		if (n[0] > n[1] || n[1] > max)
			return KERR(n[0] > n[1] ? EINVAL : EPERM);
		/* Accepted but not enforced (the simulator sets its own limits). */
	}
	if (olim) {
		uint8_t *o = k64_linux_wr(lx, olim, 16);
		if (!o)
			return KERR(EFAULT);
		uint64_t v[2] = { cur, max };
		memcpy(o, v, 16);
	}
	return 0;
}

static int64_t sys_getrandom(struct k64_linux *lx, uint64_t buf, uint64_t len, uint64_t flags)
{
	if (flags & ~7ull || (flags & 6) == 6)   /* GRND_NONBLOCK | GRND_RANDOM | GRND_INSECURE */
		return KERR(EINVAL);
	if (len > 0x1ffffff)
		len = 0x1ffffff;
	uint8_t *o = k64_linux_wr(lx, buf, len);
	if (!o && len)
		return KERR(EFAULT);
	k64_linux_random(lx, o, len);
	return (int64_t)len;
}

static int64_t sys_sched_getaffinity(struct k64_linux *lx, int64_t pid, uint64_t len, uint64_t mask)
{
	if (pid != 0 && pid != lx->pid && !k64_linux_thread_exists(lx, pid))
		return KERR(ESRCH);
	if (len < 8 || (len & 7))
		return KERR(EINVAL);
	uint8_t *o = k64_linux_wr(lx, mask, 8);
	if (!o)
		return KERR(EFAULT);
	uint64_t one = 1;
	memcpy(o, &one, 8);
	return 8;
}

static int64_t sys_prctl(struct k64_linux *lx, uint64_t op, uint64_t arg)
{
	switch (op) {
	case 15: { /* PR_SET_NAME */
		char name[16];
		for (int i = 0; i < 16; i++) {
			const char *c = k64_linux_rd(lx, arg + (uint64_t)i, 1);
			if (!c)
				return KERR(EFAULT);
			name[i] = *c;
			if (!*c)
				break;
		}
		name[15] = 0;
		memcpy(lx->comm, name, 16);
		return 0;
	}
	case 16: { /* PR_GET_NAME */
		uint8_t *o = k64_linux_wr(lx, arg, 16);
		if (!o)
			return KERR(EFAULT);
		memcpy(o, lx->comm, 16);
		return 0;
	}
	}
	return KERR(EINVAL);
}

int64_t k64_linux_syscall(struct k64_linux *lx, bool *set_a0)
{
	struct k64_hart *h = lx->h;
	uint64_t nr = h->x[17];
	const uint64_t a[6] = { h->x[10], h->x[11], h->x[12], h->x[13], h->x[14], h->x[15] };
	bool handled;
	if (nr == 73 && a[1] == 0) {   /* ppoll with no descriptors (glibc's pause): a guest wait */
		int64_t ns = -1;
		if (a[2]) {
			int64_t e = k64_linux_get_timespec(lx, a[2], &ns);
			if (e)
				return e;
		}
		return k64_linux_thread_sleep(lx, ns, 0, set_a0);
	}
	if ((nr == 63 || nr == 65) && k64_linux_thread_io_wait(lx, nr, a, set_a0))
		return 0;
	int64_t r = k64_linux_sys_fs(lx, nr, a, &handled);
	if (handled)
		return r;
	r = k64_linux_sys_mm(lx, nr, a, &handled);
	if (handled)
		return r;
	r = k64_linux_sys_signal(lx, nr, a, &handled, set_a0);
	if (handled)
		return r;
	r = k64_linux_sys_thread(lx, nr, a, &handled, set_a0);
	if (handled)
		return r;
	r = k64_linux_sys_timer(lx, nr, a, &handled);
	if (handled)
		return r;
	switch (nr) {
	case 101: { /* nanosleep */
		int64_t ns, e = k64_linux_get_timespec(lx, a[0], &ns);
		return e ? e : k64_linux_thread_sleep(lx, ns, a[1], set_a0);
	}
	case 113: return sys_clock_gettime(lx, (int32_t)a[0], a[1]);
	case 114: return sys_clock_getres(lx, (int32_t)a[0], a[1]);
	case 115: return sys_clock_nanosleep(lx, (int32_t)a[0], a[1], a[2], a[3], set_a0);
	case 123: return sys_sched_getaffinity(lx, (int32_t)a[0], a[1], a[2]);
	case 122: return 0;   /* sched_setaffinity */
	case 160: return sys_uname(lx, a[0]);
	case 163: return sys_prlimit64(lx, 0, a[0], 0, a[1]);   /* getrlimit */
	case 167: return sys_prctl(lx, a[0], a[1]);
	case 168: { /* getcpu */
		uint32_t zero = 0;
		for (int i = 0; i < 2; i++)
			if (a[i]) {
				uint8_t *o = k64_linux_wr(lx, a[i], 4);
				if (!o)
					return KERR(EFAULT);
				memcpy(o, &zero, 4);
			}
		return 0;
	}
	case 169: return sys_gettimeofday(lx, a[0], a[1]);
	case 148: case 150: { /* getresuid, getresgid */
		uint32_t id[3];
		if (nr == 148)
			getresuid(&id[0], &id[1], &id[2]);
		else
			getresgid(&id[0], &id[1], &id[2]);
		for (int i = 0; i < 3; i++) {
			uint8_t *o = k64_linux_wr(lx, a[i], 4);
			if (!o)
				return KERR(EFAULT);
			memcpy(o, &id[i], 4);
		}
		return 0;
	}
	case 155: case 156: { /* getpgid, getsid */
		if ((int32_t)a[0] != 0 && (int32_t)a[0] != lx->pid)
			return KERR(ESRCH);
		return (int64_t)(nr == 155 ? getpgid(0) : getsid(0));
	}
	case 158: return 0;   /* getgroups: no supplementary groups */
	case 179: { /* sysinfo: 112 bytes, the same generic layout on 64-bit hosts */
		struct sysinfo si;
		if (sysinfo(&si) != 0)
			return KERR(errno);
		uint8_t *o = k64_linux_wr(lx, a[0], sizeof si);
		if (!o)
			return KERR(EFAULT);
		memcpy(o, &si, sizeof si);
		return 0;
	}
	case 260: return KERR(ECHILD);   /* wait4: no child processes */
	case 172: return lx->pid;                     /* getpid */
	case 173: return (int64_t)getppid();
	case 174: return (int64_t)getuid();
	case 175: return (int64_t)geteuid();
	case 176: return (int64_t)getgid();
	case 177: return (int64_t)getegid();
	case 258: return sys_riscv_hwprobe(lx, a[0], a[1], a[2], a[3], a[4]);
	case 259: /* riscv_flush_icache */
		h->flush_pending = true;
		return 0;
	case 261: return sys_prlimit64(lx, (int32_t)a[0], a[1], a[2], a[3]);
	case 278: return sys_getrandom(lx, a[0], a[1], a[2]);
	case 283: /* membarrier: threads share one hart, every barrier is complete */
		if (a[0] == 0)   /* MEMBARRIER_CMD_QUERY: GLOBAL, PRIVATE_EXPEDITED(+REGISTER) */
			return 1 | 8 | 16;
		return (a[0] == 1 || a[0] == 8 || a[0] == 16) ? 0 : KERR(EINVAL);
	case 293: return KERR(ENOSYS);                /* rseq: glibc copes without it */
	}
	if (lx->cfg.strict) {
		fprintf(stderr, "karu64: error: unsupported system call %llu (%s)\n",
			(unsigned long long)nr, k64_linux_syscall_name(nr));
		*set_a0 = false;
		k64_linux_stop(lx, 125);
		return 0;
	}
	return KERR(ENOSYS);
}
