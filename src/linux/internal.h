/* Shared state of the Linux user-mode front-end (private to src/linux/). */
#ifndef K64_LINUX_INTERNAL_H
#define K64_LINUX_INTERNAL_H
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include "core/hart.h"
#include "linux/linux.h"
#include "mem/mem.h"

#ifndef __linux__
#error "the Linux user-mode front-end passes errno values and flags through a Linux host"
#endif

/* Page mapped by the guest with no access (PROT_NONE): faults like an unmapped page but is
 * not free for mmap and gives SEGV_ACCERR. A permission bit mem.h does not use. */
#define K64_LINUX_PERM_MAPPED 0x80u

#define K64_LINUX_NSIG 64
#define K64_LINUX_MAX_FDS 1024

/* si_code values the front-end sends (include/uapi/asm-generic/siginfo.h). */
#define K64_SI_USER 0
#define K64_SI_KERNEL 0x80
#define K64_SI_TIMER (-2)
#define K64_SI_TKILL (-6)

/* An interval timer (setitimer) or POSIX timer (timer_create), timer.c. */
struct k64_linux_timer {
	int64_t at;                   /* expiry on its clock in ns; 0 = disarmed */
	int64_t interval;
	int clock;                    /* CLOCK_REALTIME, _MONOTONIC, _PROCESS_CPUTIME_ID, _THREAD_CPUTIME_ID */
	int signo, notify, tid;       /* sigevent: signal, SIGEV_SIGNAL/NONE/THREAD_ID, target thread */
	uint64_t value;               /* sigev_value */
	int overrun;
	bool used;
};
#define K64_LINUX_MAX_TIMERS 32

struct k64_linux_sigaction {
	uint64_t handler, flags, mask;
};

/* A file-backed guest mapping, for /proc/self/maps: [lo, hi) holds the file from offset off. */
struct k64_linux_vma {
	uint64_t lo, hi, off, dev, ino;
	char *name;                   /* host path of the file */
};
#define K64_LINUX_MAX_VMAS 65530     /* vm.max_map_count */

struct k64_linux {
	struct k64_hart *h;
	struct k64_mem *m;
	struct k64_linux_config cfg;
	char exe[PATH_MAX];           /* absolute path of the program (/proc/self/exe) */
	char root[PATH_MAX];          /* guest root (-L, QEMU_LD_PREFIX), resolved; "" = none */
	int jail_fd;                  /* --jail: the jail's directory (O_PATH), -1 = no jail (jail.c) */
	char jail[PATH_MAX];          /* its resolved host path ("" for /) */
	char jail_cwd[PATH_MAX];      /* the guest's working directory, a guest path */

	uint64_t brk_start, brk_cur;
	struct k64_linux_vma *vma;    /* sorted by lo, disjoint */
	size_t nvma, vma_cap;
	uint64_t auxv_addr, auxv_len; /* for /proc/self/auxv */
	uint64_t args_addr, args_len; /* argv strings, for /proc/self/cmdline */
	uint64_t stack_lo;

	uint64_t rng[4];              /* xoshiro256** state */
	uint64_t vclock_offset;       /* virtual nanoseconds slept */

	int fds[K64_LINUX_MAX_FDS];   /* guest fd -> host fd, -1 = free */

	struct k64_linux_sigaction sa[K64_LINUX_NSIG + 1];
	uint64_t blocked;             /* bit (sig - 1) */
	uint64_t pending;
	int pending_code[K64_LINUX_NSIG + 1];
	uint64_t ss_sp, ss_size;
	uint32_t ss_flags;
	uint64_t sig_pc;              /* pc reported if a signal kills the guest */
	uint64_t saved_mask;          /* rt_sigsuspend: the mask to restore after the handler */
	bool has_saved_mask;

	uint64_t shared_pending;      /* process-directed (kill), taken by any thread */
	int shared_code[K64_LINUX_NSIG + 1];
	int sig_timer[K64_LINUX_NSIG + 1];   /* POSIX timer that last queued the signal (SI_TIMER) */

	struct k64_linux_timer itimer[3];    /* ITIMER_REAL, _VIRTUAL, _PROF */
	struct k64_linux_timer timer[K64_LINUX_MAX_TIMERS];
	unsigned ntimers_armed;
	uint64_t tcheck_instret, tcheck_ns;  /* the last timer check under a model (timer.c) */
	uint64_t tcheck_step;         /* instructions from the check before to the last (0: a timer was set) */

	/* threads (thread.c): thr[cur] is running; the fields above from `blocked` to `ss_flags`
	 * are its signal state, the others keep theirs in their k64_linux_thread */
	struct k64_linux_thread **thr;
	unsigned nthr, thr_cap, cur;
	bool cur_live;                /* thr[cur]'s state is in the hart and the fields above (it runs) */
	int next_tid;
	int leader_exit_code;         /* exit status of the main thread if it called exit, else -1 */
	uint64_t quantum;             /* retired instructions per turn */
	uint64_t quantum_end;         /* instret at which the running thread's turn ends */
	uint64_t wait_seq;            /* futex waiters wake oldest first */
	int pid;
	char comm[16];
};

/* Linux errno as returned in a0. */
#define KERR(e) (-(int64_t)(e))

/* setup.c */
void k64_linux_random(struct k64_linux *lx, void *buf, size_t len);
void k64_linux_stop(struct k64_linux *lx, int code);
const char *k64_linux_syscall_name(uint64_t nr);

/* syscall.c */
int64_t k64_linux_syscall(struct k64_linux *lx, bool *set_a0);
/* Nanoseconds on guest clock id (the virtual clock, or the host's): 0 or -EINVAL. */
int64_t k64_linux_clock_ns(struct k64_linux *lx, int64_t id, int64_t *ns);
/* Reads a struct timespec: 0, -EFAULT or -EINVAL. */
int64_t k64_linux_get_timespec(struct k64_linux *lx, uint64_t addr, int64_t *ns);

/* timer.c */
/* Guest time (--virtual-clock or a model) rather than the host's for CPU time and timers. */
bool k64_linux_guest_time(const struct k64_linux *lx);
/* CPU time of the process (or the running thread) in ns. */
int64_t k64_linux_cpu_ns(struct k64_linux *lx, bool thread);
/* Fires the timers whose time has come (queues their signals). */
void k64_linux_timer_fire(struct k64_linux *lx);
/* Instructions to run before the timers are checked again; 0 = no timer armed. */
uint64_t k64_linux_timer_insns(struct k64_linux *lx);
/* Earliest expiry, on CLOCK_MONOTONIC, of the armed timers that count while every thread
 * waits; INT64_MAX if none. */
int64_t k64_linux_timer_next(struct k64_linux *lx);
int64_t k64_linux_sys_timer(struct k64_linux *lx, uint64_t nr, const uint64_t *a, bool *handled);

/* thread.c */
/* CPU time of the running thread when the process has run now_ns (guest time). */
uint64_t k64_linux_thread_cpu_ns(struct k64_linux *lx, uint64_t now_ns);
/* Re-arms the boundary hook after timers changed. */
void k64_linux_thread_rearm(struct k64_linux *lx);
struct k64_linux_thread;
void k64_linux_thread_init(struct k64_linux *lx);
void k64_linux_thread_free(struct k64_linux *lx);
/* The core's fe.boundary hook: the running thread's quantum is over. */
void k64_linux_thread_boundary(void *ctx, struct k64_hart *h);
int64_t k64_linux_sys_thread(struct k64_linux *lx, uint64_t nr, const uint64_t *a, bool *handled, bool *set_a0);
/* The running thread sleeps ns on the guest clock (ns < 0: until a signal; rem: where an
 * interrupted sleep writes what is left, or 0); returns 0, or -EINTR when a signal ends it. */
int64_t k64_linux_thread_sleep(struct k64_linux *lx, int64_t ns, uint64_t rem, bool *set_a0);
int k64_linux_tid(struct k64_linux *lx);
/* read, readv (nr) on a descriptor with nothing to read while other threads exist:
 * the running thread waits for it instead of the simulator, and the call restarts when it is
 * ready. Returns true if so (nothing else to do for the call). */
bool k64_linux_thread_io_wait(struct k64_linux *lx, uint64_t nr, const uint64_t *a, bool *set_a0);
bool k64_linux_thread_exists(struct k64_linux *lx, int64_t tid);
/* Queues sig on thread tid (waking it with EINTR from a wait if it does not block sig). */
void k64_linux_thread_signal(struct k64_linux *lx, int64_t tid, int sig, int code);
/* sig was queued on the process: wakes a waiting thread that can take it if the running
 * thread blocks it. */
void k64_linux_thread_shared_signal(struct k64_linux *lx, int sig);
/* Drops bit from every pending set (the signal became ignored). */
void k64_linux_thread_discard(struct k64_linux *lx, uint64_t bit);

/* fs.c */
void k64_linux_fs_init(struct k64_linux *lx);
void k64_linux_fs_free(struct k64_linux *lx);
int k64_linux_hostfd(struct k64_linux *lx, int64_t fd);
int64_t k64_linux_sys_fs(struct k64_linux *lx, uint64_t nr, const uint64_t *a, bool *handled);
/* The host path for the guest's absolute path p under the guest root: root + p if that exists,
 * else p (QEMU's -L). Uses buf (PATH_MAX). */
const char *k64_linux_root_path(const struct k64_linux *lx, const char *p, char *buf);

/* jail.c (--jail=DIR): every guest path resolves inside DIR, the guest's root. Each returns a
 * host descriptor or -errno. jail_open: the file (dfd, p) names (open(2) flags and mode; O_PATH
 * for a handle); jail_parent: the directory holding it, its last component in last (NAME_MAX + 1),
 * for the calls that act on the name itself. jail_chdir: the guest's working directory becomes
 * the directory behind hfd. jail_guest_path: the guest path of an absolute host path, or -1 if
 * it is outside the jail. */
int k64_linux_jail_init(struct k64_linux *lx, const char *dir, char *err, size_t errlen);
void k64_linux_jail_free(struct k64_linux *lx);
int k64_linux_jail_open(struct k64_linux *lx, int64_t dfd, const char *p, int flags, unsigned mode);
int k64_linux_jail_parent(struct k64_linux *lx, int64_t dfd, const char *p, char *last);
int64_t k64_linux_jail_chdir(struct k64_linux *lx, int hfd);
int k64_linux_jail_guest_path(const struct k64_linux *lx, const char *hp, char *out);

/* needed.c: 0 if the dynamic linker will find every library e needs, else -1 and a reason. */
struct k64_elf;
int k64_linux_check_needed(struct k64_linux *lx, const struct k64_elf *e, char *err, size_t errlen);

/* mm.c */
bool k64_linux_page_mapped(struct k64_linux *lx, uint64_t addr);
/* A host file descriptor reading like /proc/self/maps of the guest, or -errno. */
int k64_linux_maps_fd(struct k64_linux *lx);
/* A host file descriptor (memfd) holding len bytes of data, or -errno. */
int k64_linux_memfd(const void *data, size_t len);
int64_t k64_linux_sys_mm(struct k64_linux *lx, uint64_t nr, const uint64_t *a, bool *handled);
/* Records [lo, hi) (page-aligned) as mapping file hfd (or the named file, hfd < 0) from off,
 * replacing what was recorded there. Returns 0 or -ENOMEM (too many mappings). */
int k64_linux_vma_file(struct k64_linux *lx, uint64_t lo, uint64_t hi, uint64_t off, int hfd,
		       const char *path);
void k64_linux_vma_free(struct k64_linux *lx);

/* signal.c */
void k64_linux_signal_init(struct k64_linux *lx);
/* A synchronous fault at h->pc (cause/tval as trapped). */
void k64_linux_fault(struct k64_linux *lx, uint64_t cause, uint64_t tval);
/* Deliver pending unblocked signals (after a system call). */
void k64_linux_deliver_pending(struct k64_linux *lx);
/* Queue a signal on the running thread (SIGPIPE of a write). */
void k64_linux_send(struct k64_linux *lx, int sig, int code);
/* Queue a signal on the process (kill, timers) or on thread tid; ignored signals are dropped. */
void k64_linux_queue_process(struct k64_linux *lx, int sig, int code);
void k64_linux_queue_thread(struct k64_linux *lx, int64_t tid, int sig, int code);
int64_t k64_linux_sys_signal(struct k64_linux *lx, uint64_t nr, const uint64_t *a, bool *handled,
			     bool *set_a0);
uint64_t k64_linux_minsigstksz(const struct k64_linux *lx);
/* Writes the siginfo_t of a queued (not fault) signal at addr (0: nowhere): 0 or -EFAULT. */
int64_t k64_linux_put_siginfo(struct k64_linux *lx, uint64_t addr, int sig, int code);

/* Guest memory helpers: host pointer for [addr, addr+len) with permission need, or NULL.
 * Writes mark the block cache stale if they touch decoded code. */
static inline const void *k64_linux_rd(struct k64_linux *lx, uint64_t addr, uint64_t len)
{
	return k64_mem_host(lx->m, addr, len, K64_PERM_R);
}
void *k64_linux_wr(struct k64_linux *lx, uint64_t addr, uint64_t len);
/* Copies a NUL-terminated guest string into buf: 0, -EFAULT or -ENAMETOOLONG. */
int64_t k64_linux_str(struct k64_linux *lx, uint64_t addr, char *buf, size_t size);
#endif
