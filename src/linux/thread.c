/* Threads of one process on the one hart: clone with CLONE_THREAD (and clone3), exit and
 * exit_group, futex, nanosleep, set_tid_address, robust lists, and the scheduler.
 *
 * Every thread runs on the hart in turn. The running one owns the hart's registers and the
 * per-thread signal fields of struct k64_linux (blocked, pending, altstack); the others keep
 * theirs in struct k64_linux_thread. A thread is switched out
 *  - at a block boundary once it has retired lx->quantum instructions since it was switched in
 *    (the core calls linux_boundary through h->fe.boundary when instret reaches
 *    h->fe_boundary_at; with one thread nothing is armed), or
 *  - when it blocks (futex wait, nanosleep) or exits.
 * The next thread is the next runnable one in creation order (round robin), so a run depends
 * only on retired-instruction counts and the guest clock: with --virtual-clock or a model it is
 * deterministic. Timeouts are deadlines on the guest's CLOCK_MONOTONIC, checked at every
 * switch; when every thread is blocked the guest clock jumps to the earliest deadline (virtual
 * clock) or the host sleeps until it. Every thread blocked with no deadline is a deadlock: one
 * error line, status 125.
 *
 * Semantics follow kernel/fork.c (copy_process flag checks, CLONE_BACKWARDS argument order of
 * arch/riscv), kernel/futex/ (waitwake.c, requeue.c, core.c exit_robust_list) and
 * kernel/exit.c (mm_release: clear_child_tid + FUTEX_WAKE). */
#define _GNU_SOURCE
#include "linux/internal.h"
#include <stdio.h>
#include <stdlib.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <time.h>

enum {
	CSIGNAL = 0xff, CLONE_VM = 0x100, CLONE_FS = 0x200, CLONE_FILES = 0x400,
	CLONE_SIGHAND = 0x800, CLONE_PIDFD = 0x1000, CLONE_PTRACE = 0x2000, CLONE_VFORK = 0x4000,
	CLONE_PARENT = 0x8000, CLONE_THREAD = 0x10000, CLONE_NEWNS = 0x20000,
	CLONE_SYSVSEM = 0x40000, CLONE_SETTLS = 0x80000, CLONE_PARENT_SETTID = 0x100000,
	CLONE_CHILD_CLEARTID = 0x200000, CLONE_DETACHED = 0x400000, CLONE_UNTRACED = 0x800000,
	CLONE_CHILD_SETTID = 0x1000000,
};
/* What a pthread_create-style clone must and may ask for. */
#define THREAD_NEEDS (CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD)
#define THREAD_MAY (THREAD_NEEDS | CLONE_SYSVSEM | CLONE_SETTLS | CLONE_PARENT_SETTID | \
		    CLONE_CHILD_CLEARTID | CLONE_CHILD_SETTID | CLONE_DETACHED | CLONE_UNTRACED)
#define MAX_THREADS 4096

enum { FUTEX_WAIT = 0, FUTEX_WAKE = 1, FUTEX_FD = 2, FUTEX_REQUEUE = 3, FUTEX_CMP_REQUEUE = 4,
       FUTEX_WAKE_OP = 5, FUTEX_WAIT_BITSET = 9, FUTEX_WAKE_BITSET = 10 };
#define FUTEX_PRIVATE_FLAG 128
#define FUTEX_CLOCK_REALTIME 256
#define FUTEX_BITSET_ANY 0xffffffffu
#define FUTEX_WAITERS 0x80000000u
#define FUTEX_OWNER_DIED 0x40000000u
#define FUTEX_TID_MASK 0x3fffffffu
#define ROBUST_LIST_LIMIT 2048

#define NO_DEADLINE INT64_MAX

enum t_state { T_RUNNABLE, T_FUTEX, T_SLEEP, T_SIGWAIT, T_IO };

struct k64_linux_thread {
	int tid;
	enum t_state state;
	/* registers, while not running */
	uint64_t x[32], pc, f[32];
	uint32_t fflags, frm;
	uint64_t vl, vtype, vstart;
	uint32_t vxrm, vxsat;
	uint8_t *vreg;                /* 32 * vlenb */
	/* per-thread signal state, while not running (the running thread's is in lx) */
	uint64_t blocked, pending;
	int pending_code[K64_LINUX_NSIG + 1];
	uint64_t ss_sp, ss_size;
	uint32_t ss_flags;
	uint64_t saved_mask;
	bool has_saved_mask;
	/* kept here also while running */
	uint64_t cpu_ns;              /* guest CPU time of the turns it finished */
	uint64_t cpu_in;              /* process CPU time when its turn began */
	uint64_t clear_child_tid, robust_head;
	/* while blocked */
	uint64_t futex_addr, wait_seq, rem_addr;
	uint64_t waitset, info_addr;  /* rt_sigtimedwait: the signals awaited, where their siginfo goes */
	int io_fd;                    /* T_IO: the host descriptor and poll events it waits for */
	short io_events;
	uint32_t bitset;
	int64_t deadline;             /* guest CLOCK_MONOTONIC ns, NO_DEADLINE = none */
};

static void *xcalloc(size_t n, size_t s)
{
	void *p = calloc(n, s);
	if (!p) {
		fprintf(stderr, "karu64: error: out of memory\n");
		exit(125);
	}
	return p;
}

static struct k64_linux_thread *cur(struct k64_linux *lx) { return lx->thr[lx->cur]; }

static int64_t now_ns(struct k64_linux *lx)
{
	int64_t ns = 0;
	k64_linux_clock_ns(lx, 1 /* CLOCK_MONOTONIC */, &ns);
	return ns;
}

void k64_linux_thread_init(struct k64_linux *lx)
{
	lx->quantum = lx->cfg.thread_quantum ? lx->cfg.thread_quantum : K64_LINUX_THREAD_QUANTUM;
	lx->thr = xcalloc(1, sizeof *lx->thr);
	lx->thr_cap = 1;
	lx->nthr = 1;
	lx->cur = 0;
	struct k64_linux_thread *t = xcalloc(1, sizeof *t);
	t->tid = lx->pid;
	t->deadline = NO_DEADLINE;
	lx->thr[0] = t;
	lx->cur_live = true;
	lx->next_tid = lx->pid + 1;
	lx->leader_exit_code = -1;
}

static void thread_free(struct k64_linux_thread *t)
{
	free(t->vreg);
	free(t);
}

void k64_linux_thread_free(struct k64_linux *lx)
{
	for (unsigned i = 0; i < lx->nthr; i++)
		thread_free(lx->thr[i]);
	free(lx->thr);
	lx->thr = NULL;
	lx->nthr = 0;
}

int k64_linux_tid(struct k64_linux *lx) { return cur(lx)->tid; }

/* ---- switching --------------------------------------------------------------------------- */
static void save(struct k64_linux *lx, struct k64_linux_thread *t)
{
	struct k64_hart *h = lx->h;
	memcpy(t->x, h->x, sizeof t->x);
	t->pc = h->pc;
	memcpy(t->f, h->f, sizeof t->f);
	t->fflags = h->fflags;
	t->frm = h->frm;
	t->vl = h->vl;
	t->vtype = h->vtype;
	t->vstart = h->vstart;
	t->vxrm = h->vxrm;
	t->vxsat = h->vxsat;
	if (!t->vreg)
		t->vreg = xcalloc(32, h->vlenb);
	memcpy(t->vreg, h->vreg, 32 * (size_t)h->vlenb);
	t->blocked = lx->blocked;
	t->pending = lx->pending;
	memcpy(t->pending_code, lx->pending_code, sizeof t->pending_code);
	t->ss_sp = lx->ss_sp;
	t->ss_size = lx->ss_size;
	t->ss_flags = lx->ss_flags;
	t->saved_mask = lx->saved_mask;
	t->has_saved_mask = lx->has_saved_mask;
}

static uint64_t process_cpu(struct k64_linux *lx)
{
	return k64_linux_guest_time(lx) ? k64_clock_ns(lx->h) : 0;
}

uint64_t k64_linux_thread_cpu_ns(struct k64_linux *lx, uint64_t now)
{
	struct k64_linux_thread *t = cur(lx);
	return t->cpu_ns + (now - t->cpu_in);
}

static void load(struct k64_linux *lx, struct k64_linux_thread *t)
{
	struct k64_hart *h = lx->h;
	memcpy(h->x, t->x, sizeof t->x);
	h->x[0] = 0;
	h->pc = t->pc;
	memcpy(h->f, t->f, sizeof t->f);
	h->fflags = t->fflags;
	h->frm = t->frm;
	h->vl = t->vl;
	h->vtype = t->vtype;
	h->vstart = t->vstart;
	h->vxrm = t->vxrm;
	h->vxsat = t->vxsat;
	memcpy(h->vreg, t->vreg, 32 * (size_t)h->vlenb);
	lx->blocked = t->blocked;
	lx->pending = t->pending;
	memcpy(lx->pending_code, t->pending_code, sizeof t->pending_code);
	lx->ss_sp = t->ss_sp;
	lx->ss_size = t->ss_size;
	lx->ss_flags = t->ss_flags;
	lx->saved_mask = t->saved_mask;
	lx->has_saved_mask = t->has_saved_mask;
	lx->sig_pc = h->pc;
	lx->cur_live = true;
	/* Another hart's stores may have intervened: the reservation does not survive a switch. */
	h->resv_valid = false;
}

/* Sets the boundary hook at the end of the running thread's turn or the next timer check,
 * whichever comes first (nothing with one thread and no timer). */
void k64_linux_thread_rearm(struct k64_linux *lx)
{
	struct k64_hart *h = lx->h;
	uint64_t at = lx->nthr > 1 ? lx->quantum_end : 0;
	uint64_t tn = k64_linux_timer_insns(lx);
	if (tn && (!at || h->instret + tn < at))
		at = h->instret + tn;
	h->fe_boundary_at = at;
	h->limit = 0;   /* the dispatch loop recomputes its limit at the next block boundary */
}

/* The turn of the thread just switched in begins. */
static void arm(struct k64_linux *lx)
{
	lx->quantum_end = lx->h->instret + lx->quantum;
	k64_linux_thread_rearm(lx);
}

static void wake(struct k64_linux_thread *t, int64_t result)
{
	t->state = T_RUNNABLE;
	t->x[10] = (uint64_t)result;
	t->deadline = NO_DEADLINE;
}

/* Wakes the blocked threads whose deadline has passed; returns the earliest deadline left. */
static int64_t expire(struct k64_linux *lx, int64_t now)
{
	int64_t next = NO_DEADLINE;
	for (unsigned i = 0; i < lx->nthr; i++) {
		struct k64_linux_thread *t = lx->thr[i];
		if (t->state == T_RUNNABLE || t->deadline == NO_DEADLINE)
			continue;
		if (t->deadline <= now)
			wake(t, t->state == T_FUTEX ? KERR(ETIMEDOUT) : t->state == T_SIGWAIT ? KERR(EAGAIN) : 0);
		else if (t->deadline < next)
			next = t->deadline;
	}
	return next;
}

static void deadlock(struct k64_linux *lx)
{
	char buf[512];
	size_t n = 0;
	for (unsigned i = 0; i < lx->nthr && n < sizeof buf - 64; i++) {
		struct k64_linux_thread *t = lx->thr[i];
		if (t->state == T_IO)
			n += (size_t)snprintf(buf + n, sizeof buf - n, "%sthread %u waits on host fd %d at pc 0x%llx",
					      i ? ", " : "", i + 1, t->io_fd, (unsigned long long)t->pc);
		else if (t->state == T_FUTEX)
			n += (size_t)snprintf(buf + n, sizeof buf - n, "%sthread %u futex wait on 0x%llx at pc 0x%llx",
					      i ? ", " : "", i + 1, (unsigned long long)t->futex_addr,
					      (unsigned long long)(t->pc - 4));
		else
			n += (size_t)snprintf(buf + n, sizeof buf - n, "%sthread %u waits for a signal at pc 0x%llx",
					      i ? ", " : "", i + 1, (unsigned long long)(t->pc - 4));
	}
	if (lx->nthr == 1)
		fprintf(stderr, "karu64: error: deadlock: the only thread is blocked with no timeout (%s)\n", buf);
	else
		fprintf(stderr, "karu64: error: deadlock: all %u threads are blocked with no timeout (%s)\n",
			lx->nthr, buf);
	k64_linux_stop(lx, 125);
}

/* Makes the threads waiting on a host descriptor runnable once it is ready; waits up to
 * timeout_ms (-1: for ever) for one. Returns whether any thread waits on one. Their system
 * call restarts (pc is the ecall). */
static bool poll_io(struct k64_linux *lx, int timeout_ms)
{
	struct pollfd pf[64];
	struct k64_linux_thread *who[64];
	nfds_t n = 0;
	for (unsigned i = 0; i < lx->nthr && n < 64; i++)
		if (lx->thr[i]->state == T_IO) {
			who[n] = lx->thr[i];
			pf[n++] = (struct pollfd){ lx->thr[i]->io_fd, lx->thr[i]->io_events, 0 };
		}
	if (!n)
		return false;
	if (poll(pf, n, timeout_ms) > 0)
		for (nfds_t i = 0; i < n; i++)
			if (pf[i].revents)
				who[i]->state = T_RUNNABLE;
	return true;
}

/* Picks the thread to run after the current one (saved already if it is blocked or gone) and
 * loads it. Returns false if the process ended (deadlock). */
static bool schedule(struct k64_linux *lx, bool cur_saved)
{
	/* Timers whose signals no thread takes (ignored, blocked, SIGEV_NONE) wake nobody: after
	 * this many expiries in a row with no thread deadline, every thread waits for good. */
	unsigned idle_expiries = 0;
	for (;;) {
		k64_linux_timer_fire(lx);   /* may wake waiting threads with a signal */
		int64_t next = NO_DEADLINE;
		bool any_deadline = false;
		for (unsigned i = 0; i < lx->nthr; i++)
			any_deadline |= lx->thr[i]->deadline != NO_DEADLINE;
		if (any_deadline)
			next = expire(lx, now_ns(lx));
		bool io = poll_io(lx, 0);
		for (unsigned k = 1; k <= lx->nthr; k++) {
			unsigned i = (lx->cur + k) % lx->nthr;
			struct k64_linux_thread *t = lx->thr[i];
			if (t->state != T_RUNNABLE)
				continue;
			if (i != lx->cur || cur_saved) {
				uint64_t cpu = process_cpu(lx);
				if (!cur_saved) {
					save(lx, cur(lx));
					cur(lx)->cpu_ns += cpu - cur(lx)->cpu_in;
				}
				/* observers (the profiler) follow each thread: main thread 0, then 1, 2... */
				k64_observe_context(lx->h, (uint64_t)(t->tid - lx->pid));
				lx->cur = i;
				load(lx, t);
				t->cpu_in = cpu;
			}
			arm(lx);
			return true;
		}
		int64_t tnext = k64_linux_timer_next(lx);
		bool timers_only = next == NO_DEADLINE;
		if (tnext < next)
			next = tnext;
		if (io && (next == NO_DEADLINE || !lx->cfg.virtual_clock)) {
			/* input or room from outside: wait for it (on the host clock, until the deadline) */
			int64_t left = next == NO_DEADLINE ? -1 : (next - now_ns(lx)) / 1000000 + 1;
			poll_io(lx, left < 0 ? -1 : left > INT32_MAX ? INT32_MAX : (int)left);
			continue;
		}
		if (next == NO_DEADLINE || (timers_only && ++idle_expiries > 1000000)) {
			deadlock(lx);
			return false;
		}
		/* Everyone waits: the guest clock moves to the earliest deadline. */
		int64_t now = now_ns(lx);
		if (next > now) {
			if (lx->cfg.virtual_clock) {
				lx->vclock_offset += (uint64_t)(next - now);
			} else {
				struct timespec ts = { (time_t)(next / 1000000000), (long)(next % 1000000000) };
				while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) != 0 && errno == EINTR)
					;
			}
		}
	}
}

/* The core's hook: the running thread's quantum is over. */
void k64_linux_thread_boundary(void *ctx, struct k64_hart *h)
{
	struct k64_linux *lx = ctx;
	k64_linux_timer_fire(lx);
	if (lx->nthr > 1 && h->instret >= lx->quantum_end) {
		if (!schedule(lx, false))
			return;
	} else {
		k64_linux_thread_rearm(lx);
	}
	lx->sig_pc = h->pc;
	k64_linux_deliver_pending(lx);   /* a switched-in thread's signals, a timer's */
}

/* The running thread blocks: saves it (pc past the ecall, a0 to be set when it wakes) and
 * runs another. */
static void block(struct k64_linux *lx, enum t_state st, int64_t deadline, bool *set_a0)
{
	struct k64_linux_thread *t = cur(lx);
	t->state = st;
	t->deadline = deadline;
	t->wait_seq = ++lx->wait_seq;
	save(lx, t);
	lx->cur_live = false;   /* its state is in t until it runs again */
	t->cpu_ns += process_cpu(lx) - t->cpu_in;
	*set_a0 = false;
	schedule(lx, true);
}

/* ---- signals to threads ------------------------------------------------------------------ */
static struct k64_linux_thread *find(struct k64_linux *lx, int64_t tid)
{
	for (unsigned i = 0; i < lx->nthr; i++)
		if (lx->thr[i]->tid == tid)
			return lx->thr[i];
	return NULL;
}

static bool awaits(const struct k64_linux_thread *t, int sig)
{
	return t->state == T_SIGWAIT && (t->waitset & (1ull << (sig - 1)));
}

/* A blocked thread that does not block sig is woken with EINTR, as signal_wake_up does; one in
 * rt_sigtimedwait for sig takes it off its queue (shared: the process's) and returns it. */
static void interrupt(struct k64_linux *lx, struct k64_linux_thread *t, int sig, bool shared)
{
	if (t == cur(lx) && lx->cur_live)
		return;
	if (awaits(t, sig)) {
		uint64_t bit = 1ull << (sig - 1);
		int code;
		if (shared) {
			lx->shared_pending &= ~bit;
			code = lx->shared_code[sig];
		} else {
			t->pending &= ~bit;
			code = t->pending_code[sig];
		}
		int64_t r = k64_linux_put_siginfo(lx, t->info_addr, sig, code);
		wake(t, r ? r : sig);
		return;
	}
	if (t->state == T_RUNNABLE || (t->blocked & (1ull << (sig - 1))))
		return;
	if (t->state == T_IO) {
		/* read/write restart after a SA_RESTART handler (pc is still the ecall), else EINTR */
		t->state = T_RUNNABLE;
		if (!(lx->sa[sig].flags & 0x10000000u /* SA_RESTART */)) {
			t->pc += 4;
			t->x[10] = (uint64_t)KERR(EINTR);
		}
		return;
	}
	if (t->state == T_SLEEP && t->rem_addr) {
		int64_t left = t->deadline == NO_DEADLINE ? 0 : t->deadline - now_ns(lx);
		if (left < 0)
			left = 0;
		int64_t ts[2] = { left / 1000000000, left % 1000000000 };
		uint8_t *o = k64_linux_wr(lx, t->rem_addr, 16);
		if (o)
			memcpy(o, ts, 16);
	}
	wake(t, KERR(EINTR));
}

bool k64_linux_thread_exists(struct k64_linux *lx, int64_t tid) { return find(lx, tid) != NULL; }

void k64_linux_thread_signal(struct k64_linux *lx, int64_t tid, int sig, int code)
{
	struct k64_linux_thread *t = find(lx, tid);
	if (!t)
		return;
	if (t == cur(lx) && lx->cur_live) {
		lx->pending |= 1ull << (sig - 1);
		lx->pending_code[sig] = code;
		return;
	}
	t->pending |= 1ull << (sig - 1);
	t->pending_code[sig] = code;
	interrupt(lx, t, sig, false);
}

void k64_linux_thread_shared_signal(struct k64_linux *lx, int sig)
{
	/* complete_signal(): the running thread if it can take it (after this system call or at
	 * this boundary), else the first thread that does not block it, woken if it waits. */
	uint64_t bit = 1ull << (sig - 1);
	struct k64_linux_thread *c = cur(lx);
	if (!((lx->cur_live ? lx->blocked : c->blocked) & bit) || (!lx->cur_live && awaits(c, sig))) {
		if (!lx->cur_live)   /* it is waiting itself (the scheduler runs: every thread waits) */
			interrupt(lx, c, sig, true);
		return;
	}
	for (unsigned i = 0; i < lx->nthr; i++)
		if (i != lx->cur && (!(lx->thr[i]->blocked & bit) || awaits(lx->thr[i], sig))) {
			interrupt(lx, lx->thr[i], sig, true);
			return;
		}
}

void k64_linux_thread_discard(struct k64_linux *lx, uint64_t bit)
{
	for (unsigned i = 0; i < lx->nthr; i++)
		lx->thr[i]->pending &= ~bit;
	lx->pending &= ~bit;
	lx->shared_pending &= ~bit;
}

/* ---- futex ------------------------------------------------------------------------------- */
/* Wakes up to n (at least one, as futex_wake) threads waiting on addr whose bitset meets
 * bitset, oldest first. */
static int wake_n(struct k64_linux *lx, uint64_t addr, int64_t n, uint32_t bitset)
{
	int woken = 0;
	for (;;) {
		struct k64_linux_thread *best = NULL;
		for (unsigned i = 0; i < lx->nthr; i++) {
			struct k64_linux_thread *t = lx->thr[i];
			if (t->state == T_FUTEX && t->futex_addr == addr && (t->bitset & bitset) &&
			    (!best || t->wait_seq < best->wait_seq))
				best = t;
		}
		if (!best)
			return woken;
		wake(best, 0);
		if (++woken >= n)
			return woken;
	}
}

/* Moves up to n waiters on addr to addr2 (oldest first). */
static int requeue(struct k64_linux *lx, uint64_t addr, uint64_t addr2, int64_t n)
{
	int moved = 0;
	for (;;) {
		if (moved >= n)
			return moved;
		struct k64_linux_thread *best = NULL;
		for (unsigned i = 0; i < lx->nthr; i++) {
			struct k64_linux_thread *t = lx->thr[i];
			if (t->state == T_FUTEX && t->futex_addr == addr && (!best || t->wait_seq < best->wait_seq))
				best = t;
		}
		if (!best)
			return moved;
		best->futex_addr = addr2;
		best->wait_seq = ++lx->wait_seq;   /* behind the waiters already on addr2 */
		moved++;
	}
}

static int64_t read_u32(struct k64_linux *lx, uint64_t addr, uint32_t *v)
{
	if (addr & 3)
		return KERR(EINVAL);
	const void *p = k64_linux_rd(lx, addr, 4);
	if (!p)
		return KERR(EFAULT);
	memcpy(v, p, 4);
	return 0;
}

/* Relative timeout at addr, or absolute on clock `clock` (CLOCK_REALTIME/MONOTONIC), as a
 * deadline on the guest's CLOCK_MONOTONIC. */
static int64_t deadline_of(struct k64_linux *lx, uint64_t addr, bool absolute, int clock, int64_t *deadline)
{
	int64_t ns, r = k64_linux_get_timespec(lx, addr, &ns);
	if (r)
		return r;
	int64_t mono = now_ns(lx);
	if (absolute) {
		int64_t now;
		if ((r = k64_linux_clock_ns(lx, clock, &now)))
			return r;
		ns = ns > now ? ns - now : 0;
	}
	*deadline = ns > NO_DEADLINE - 1 - mono ? NO_DEADLINE - 1 : mono + ns;
	return 0;
}

/* FUTEX_WAKE_OP's operation on *addr2 (include/uapi/linux/futex.h FUTEX_OP_*). */
static int64_t wake_op(struct k64_linux *lx, uint64_t addr, uint64_t addr2, int64_t n, int64_t n2, uint32_t v3)
{
	unsigned op = (v3 >> 28) & 15, cmp = (v3 >> 24) & 15;
	int32_t oparg = (int32_t)(v3 << 8) >> 20, cmparg = (int32_t)(v3 << 20) >> 20;
	if (op & 8) {   /* FUTEX_OP_OPARG_SHIFT */
		if (oparg < 0 || oparg > 31)
			return KERR(EINVAL);
		oparg = (int32_t)(1u << oparg);
		op &= 7;
	}
	uint32_t old;
	int64_t r = read_u32(lx, addr2, &old);
	if (r)
		return r;
	uint8_t *w = k64_linux_wr(lx, addr2, 4);
	if (!w)
		return KERR(EFAULT);
	uint32_t nv;
	switch (op) {
	case 0: nv = (uint32_t)oparg; break;           /* SET */
	case 1: nv = old + (uint32_t)oparg; break;     /* ADD */
	case 2: nv = old | (uint32_t)oparg; break;     /* OR */
	case 3: nv = old & ~(uint32_t)oparg; break;    /* ANDN */
	case 4: nv = old ^ (uint32_t)oparg; break;     /* XOR */
	default: return KERR(ENOSYS);
	}
	bool c;
	int32_t o = (int32_t)old;
	switch (cmp) {
	case 0: c = o == cmparg; break;
	case 1: c = o != cmparg; break;
	case 2: c = o < cmparg; break;
	case 3: c = o <= cmparg; break;
	case 4: c = o > cmparg; break;
	case 5: c = o >= cmparg; break;
	default: return KERR(ENOSYS);
	}
	memcpy(w, &nv, 4);
	int64_t woken = wake_n(lx, addr, n, FUTEX_BITSET_ANY);
	if (c)
		woken += wake_n(lx, addr2, n2, FUTEX_BITSET_ANY);
	return woken;
}

static int64_t sys_futex(struct k64_linux *lx, const uint64_t *a, bool *set_a0)
{
	uint64_t addr = a[0], op = a[1];
	uint32_t val = (uint32_t)a[2];
	unsigned cmd = op & ~(uint64_t)(FUTEX_PRIVATE_FLAG | FUTEX_CLOCK_REALTIME);
	if ((op & FUTEX_CLOCK_REALTIME) && cmd != FUTEX_WAIT_BITSET)   /* futex_cmd_has_timeout */
		return KERR(ENOSYS);
	switch (cmd) {
	case FUTEX_WAIT: case FUTEX_WAIT_BITSET: {
		uint32_t bitset = cmd == FUTEX_WAIT ? FUTEX_BITSET_ANY : (uint32_t)a[5];
		if (!bitset)
			return KERR(EINVAL);
		uint32_t v;
		int64_t r = read_u32(lx, addr, &v);
		if (r)
			return r;
		int64_t deadline = NO_DEADLINE;
		if (a[3]) {
			bool absolute = cmd == FUTEX_WAIT_BITSET;
			if ((r = deadline_of(lx, a[3], absolute, (op & FUTEX_CLOCK_REALTIME) ? 0 : 1, &deadline)))
				return r;
		}
		if (v != val)
			return KERR(EAGAIN);
		struct k64_linux_thread *t = cur(lx);
		t->futex_addr = addr;
		t->bitset = bitset;
		block(lx, T_FUTEX, deadline, set_a0);
		return 0;
	}
	case FUTEX_WAKE: case FUTEX_WAKE_BITSET: {
		uint32_t bitset = cmd == FUTEX_WAKE ? FUTEX_BITSET_ANY : (uint32_t)a[5];
		if (!bitset)
			return KERR(EINVAL);
		if (addr & 3)
			return KERR(EINVAL);
		return wake_n(lx, addr, (int32_t)val, bitset);
	}
	case FUTEX_REQUEUE: case FUTEX_CMP_REQUEUE: {
		int32_t n = (int32_t)val, n2 = (int32_t)a[3];
		if (n < 0 || n2 < 0 || (a[4] & 3) || (addr & 3))
			return KERR(EINVAL);
		if (cmd == FUTEX_CMP_REQUEUE) {
			uint32_t v;
			int64_t r = read_u32(lx, addr, &v);
			if (r)
				return r;
			if (v != (uint32_t)a[5])
				return KERR(EAGAIN);
		}
		int woken = wake_n(lx, addr, n, FUTEX_BITSET_ANY);
		return woken + requeue(lx, addr, a[4], n2);
	}
	case FUTEX_WAKE_OP:
		if ((addr & 3) || (a[4] & 3))
			return KERR(EINVAL);
		return wake_op(lx, addr, a[4], (int32_t)val, (int32_t)a[3], (uint32_t)a[5]);
	}
	/* FUTEX_FD, the PI operations, FUTEX_WAIT_REQUEUE_PI: not provided. */
	return KERR(ENOSYS);
}

/* ---- descriptors that would block --------------------------------------------------------- */
bool k64_linux_thread_io_wait(struct k64_linux *lx, uint64_t nr, const uint64_t *a, bool *set_a0)
{
	if (lx->nthr < 2)
		return false;
	int hfd = k64_linux_hostfd(lx, (int64_t)a[0]);
	if (hfd < 0)
		return false;
	int fl = fcntl(hfd, F_GETFL);
	if (fl < 0 || (fl & O_NONBLOCK))
		return false;
	(void)nr;   /* read, readv: once readable, the host call returns what is there */
	short ev = POLLIN;
	struct pollfd pf = { hfd, ev, 0 };
	if (poll(&pf, 1, 0) != 0)
		return false;   /* ready (or an error the call will report) */
	struct k64_linux_thread *t = cur(lx);
	t->io_fd = hfd;
	t->io_events = ev;
	lx->h->pc -= 4;     /* the ecall runs again once the descriptor is ready */
	block(lx, T_IO, NO_DEADLINE, set_a0);
	return true;
}

/* ---- sleeping ---------------------------------------------------------------------------- */
int64_t k64_linux_thread_sleep(struct k64_linux *lx, int64_t ns, uint64_t rem, bool *set_a0)
{
	int64_t mono = now_ns(lx);
	struct k64_linux_thread *t = cur(lx);
	t->rem_addr = rem;
	block(lx, T_SLEEP, ns < 0 ? NO_DEADLINE : ns > NO_DEADLINE - 1 - mono ? NO_DEADLINE - 1 : mono + ns, set_a0);
	return 0;
}

/* rt_sigtimedwait: takes a pending signal of the set, or waits for one (the set unblocked
 * meanwhile, as kernel/signal.c do_sigtimedwait), until the timeout (EAGAIN). */
static int64_t sys_rt_sigtimedwait(struct k64_linux *lx, const uint64_t *a, bool *set_a0)
{
	if (a[3] != 8)
		return KERR(EINVAL);
	const void *p = k64_linux_rd(lx, a[0], 8);
	if (!p)
		return KERR(EFAULT);
	uint64_t set;
	memcpy(&set, p, 8);
	set &= ~((1ull << 8) | (1ull << 18));   /* SIGKILL, SIGSTOP */
	int64_t ns = -1;
	if (a[2]) {
		int64_t r = k64_linux_get_timespec(lx, a[2], &ns);
		if (r)
			return r;
	}
	uint64_t own = lx->pending & set, shared = lx->shared_pending & set;
	if (own || shared) {
		int sig, code;
		if (own) {
			sig = __builtin_ctzll(own) + 1;
			lx->pending &= ~(1ull << (sig - 1));
			code = lx->pending_code[sig];
		} else {
			sig = __builtin_ctzll(shared) + 1;
			lx->shared_pending &= ~(1ull << (sig - 1));
			code = lx->shared_code[sig];
		}
		int64_t r = k64_linux_put_siginfo(lx, a[1], sig, code);
		return r ? r : sig;
	}
	if (ns == 0)
		return KERR(EAGAIN);
	struct k64_linux_thread *t = cur(lx);
	t->waitset = set;
	t->info_addr = a[1];
	t->rem_addr = 0;
	int64_t mono = now_ns(lx);
	block(lx, T_SIGWAIT, ns < 0 ? NO_DEADLINE : ns > NO_DEADLINE - 1 - mono ? NO_DEADLINE - 1 : mono + ns, set_a0);
	return 0;
}

/* rt_sigsuspend: waits for a signal under a temporary mask, restored after its handler. */
static int64_t sys_rt_sigsuspend(struct k64_linux *lx, uint64_t mask, uint64_t size, bool *set_a0)
{
	if (size != 8)
		return KERR(EINVAL);
	const void *p = k64_linux_rd(lx, mask, 8);
	if (!p)
		return KERR(EFAULT);
	uint64_t m;
	memcpy(&m, p, 8);
	lx->saved_mask = lx->blocked;
	lx->has_saved_mask = true;
	lx->blocked = m & ~((1ull << 8) | (1ull << 18));   /* SIGKILL, SIGSTOP */
	if ((lx->pending | lx->shared_pending) & ~lx->blocked)
		return KERR(EINTR);   /* delivered on the way out */
	cur(lx)->rem_addr = 0;
	block(lx, T_SLEEP, NO_DEADLINE, set_a0);
	return 0;
}

/* ---- clone ------------------------------------------------------------------------------- */
static int64_t put_tid(struct k64_linux *lx, uint64_t addr, int tid)
{
	uint8_t *o = k64_linux_wr(lx, addr, 4);
	if (!o)
		return KERR(EFAULT);
	memcpy(o, &tid, 4);
	return 0;
}

static int64_t unsupported_clone(struct k64_linux *lx, uint64_t nr, uint64_t flags, bool *set_a0)
{
	if (lx->cfg.strict) {
		fprintf(stderr, "karu64: error: unsupported system call %llu (%s) with flags 0x%llx: only threads "
			"(CLONE_VM|CLONE_FS|CLONE_FILES|CLONE_SIGHAND|CLONE_THREAD) are provided, not new processes\n",
			(unsigned long long)nr, k64_linux_syscall_name(nr), (unsigned long long)flags);
		*set_a0 = false;
		k64_linux_stop(lx, 125);
	}
	return KERR(ENOSYS);
}

static int64_t do_clone(struct k64_linux *lx, uint64_t nr, uint64_t flags, uint64_t sp, uint64_t ptid,
			uint64_t ctid, uint64_t tls, uint64_t exit_signal, bool *set_a0)
{
	/* copy_process()'s consistency rules first, then what we provide. */
	if ((flags & CLONE_THREAD) && !(flags & CLONE_SIGHAND))
		return KERR(EINVAL);
	if ((flags & CLONE_SIGHAND) && !(flags & CLONE_VM))
		return KERR(EINVAL);
	if ((flags & THREAD_NEEDS) != THREAD_NEEDS || (flags & ~(uint64_t)THREAD_MAY))
		return unsupported_clone(lx, nr, flags | (nr == 220 ? exit_signal : 0), set_a0);
	(void)exit_signal;   /* a thread sends no signal at exit */
	if (lx->nthr >= MAX_THREADS)
		return KERR(EAGAIN);
	struct k64_linux_thread *t = xcalloc(1, sizeof *t);
	t->tid = lx->next_tid++;
	save(lx, t);                   /* the parent's registers, pc past the ecall */
	t->x[10] = 0;
	if (sp)
		t->x[2] = sp;
	if (flags & CLONE_SETTLS)
		t->x[4] = tls;
	t->pending = 0;                /* copy_process: no pending signals, the mask inherited */
	t->deadline = NO_DEADLINE;
	t->state = T_RUNNABLE;
	/* kernel_clone() and schedule_tail(): failed writes of the tid are ignored */
	if (flags & CLONE_PARENT_SETTID)
		put_tid(lx, ptid, t->tid);
	if (flags & CLONE_CHILD_SETTID)
		put_tid(lx, ctid, t->tid);
	if (flags & CLONE_CHILD_CLEARTID)
		t->clear_child_tid = ctid;
	/* An alternate signal stack is not inherited by a thread (CLONE_VM without CLONE_VFORK). */
	t->ss_sp = t->ss_size = 0;
	t->ss_flags = 2 /* SS_DISABLE */;
	if (lx->nthr == lx->thr_cap) {
		unsigned cap = lx->thr_cap * 2;
		struct k64_linux_thread **n = realloc(lx->thr, cap * sizeof *n);
		if (!n) {
			thread_free(t);
			return KERR(ENOMEM);
		}
		lx->thr = n;
		lx->thr_cap = cap;
	}
	lx->thr[lx->nthr++] = t;
	if (lx->nthr == 2)
		arm(lx);                   /* the first other thread: the quantum starts counting */
	return t->tid;
}

static int64_t sys_clone3(struct k64_linux *lx, uint64_t uargs, uint64_t size, bool *set_a0)
{
	/* struct clone_args (include/uapi/linux/sched.h): CLONE_ARGS_SIZE_VER0 = 64 bytes. */
	if (size < 64 || size > 4096)
		return KERR(EINVAL);
	const uint8_t *p = k64_linux_rd(lx, uargs, size);
	if (!p)
		return KERR(EFAULT);
	uint64_t ca[11] = { 0 };
	memcpy(ca, p, size < sizeof ca ? size : sizeof ca);
	for (uint64_t i = sizeof ca; i < size; i++)
		if (p[i])
			return KERR(E2BIG);
	uint64_t flags = ca[0], stack = ca[5], stack_size = ca[6];
	if ((flags & CLONE_THREAD) && (ca[4] & CSIGNAL))
		return KERR(EINVAL);
	if (ca[4] & ~(uint64_t)CSIGNAL || (flags & CSIGNAL))
		return KERR(EINVAL);
	if ((stack == 0) != (stack_size == 0))
		return KERR(EINVAL);
	if (ca[8] || ca[9] || (flags & CLONE_PIDFD))   /* set_tid, pidfd: new processes only */
		return unsupported_clone(lx, 435, flags, set_a0);
	return do_clone(lx, 435, flags, stack ? stack + stack_size : 0, ca[3], ca[2], ca[7], ca[4], set_a0);
}

/* ---- exit -------------------------------------------------------------------------------- */
/* kernel/futex/core.c handle_futex_death: a robust mutex the dying thread holds is marked
 * FUTEX_OWNER_DIED and one waiter woken. */
static void futex_death(struct k64_linux *lx, uint64_t addr, int tid)
{
	uint32_t v;
	if (read_u32(lx, addr, &v) || (v & FUTEX_TID_MASK) != (uint32_t)tid)
		return;
	uint32_t nv = (v & FUTEX_WAITERS) | FUTEX_OWNER_DIED;
	uint8_t *w = k64_linux_wr(lx, addr, 4);
	if (!w)
		return;
	memcpy(w, &nv, 4);
	if (v & FUTEX_WAITERS)
		wake_n(lx, addr, 1, FUTEX_BITSET_ANY);
}

/* exit_robust_list: struct robust_list_head { next; long futex_offset; list_op_pending; }. */
static void exit_robust_list(struct k64_linux *lx, struct k64_linux_thread *t)
{
	const uint8_t *hp = t->robust_head ? k64_linux_rd(lx, t->robust_head, 24) : NULL;
	if (!hp)
		return;
	uint64_t head[3];
	memcpy(head, hp, 24);
	int64_t off = (int64_t)head[1];
	uint64_t pending = head[2] & ~1ull, e = head[0];
	for (int n = 0; e != t->robust_head && n < ROBUST_LIST_LIMIT; n++) {
		const uint8_t *ep = k64_linux_rd(lx, e & ~1ull, 8);
		if (!ep)
			break;
		uint64_t next;
		memcpy(&next, ep, 8);
		if ((e & ~1ull) != pending)
			futex_death(lx, (e & ~1ull) + (uint64_t)off, t->tid);
		e = next;
	}
	if (pending)
		futex_death(lx, pending + (uint64_t)off, t->tid);
}

/* The running thread ends (exit, or exit_group's last step is k64_linux_stop). */
static void thread_exit(struct k64_linux *lx, int code, bool *set_a0)
{
	struct k64_linux_thread *t = cur(lx);
	*set_a0 = false;
	if (t->tid == lx->pid)
		lx->leader_exit_code = code;
	if (lx->nthr == 1) {
		k64_linux_stop(lx, lx->leader_exit_code >= 0 ? lx->leader_exit_code : code);
		return;
	}
	exit_robust_list(lx, t);
	if (t->clear_child_tid) {
		/* mm_release(): put_user(0, clear_child_tid) and FUTEX_WAKE one. */
		uint8_t *o = k64_linux_wr(lx, t->clear_child_tid, 4);
		if (o) {
			memset(o, 0, 4);
			wake_n(lx, t->clear_child_tid, 1, FUTEX_BITSET_ANY);
		}
	}
	/* Its pending thread-directed signals go with it. */
	lx->cur_live = false;
	unsigned i = lx->cur;
	thread_free(t);
	memmove(&lx->thr[i], &lx->thr[i + 1], (lx->nthr - i - 1) * sizeof *lx->thr);
	lx->nthr--;
	lx->cur = (i + lx->nthr - 1) % lx->nthr;   /* so that the round robin resumes at i */
	schedule(lx, true);
}

/* ---- system calls ------------------------------------------------------------------------ */
int64_t k64_linux_sys_thread(struct k64_linux *lx, uint64_t nr, const uint64_t *a, bool *handled, bool *set_a0)
{
	*handled = true;
	switch (nr) {
	case 93: /* exit: this thread */
		thread_exit(lx, (int)(a[0] & 0xff), set_a0);
		return 0;
	case 94: /* exit_group */
		*set_a0 = false;
		k64_linux_stop(lx, (int)(a[0] & 0xff));
		return 0;
	case 96: /* set_tid_address */
		cur(lx)->clear_child_tid = a[0];
		return cur(lx)->tid;
	case 98:
		return sys_futex(lx, a, set_a0);
	case 99: /* set_robust_list: sizeof(struct robust_list_head) */
		if (a[1] != 24)
			return KERR(EINVAL);
		cur(lx)->robust_head = a[0];
		return 0;
	case 100: { /* get_robust_list */
		struct k64_linux_thread *t = (int32_t)a[0] ? find(lx, (int32_t)a[0]) : cur(lx);
		if (!t)
			return KERR(ESRCH);
		uint8_t *h = k64_linux_wr(lx, a[1], 8), *l = k64_linux_wr(lx, a[2], 8);
		if (!h || !l)
			return KERR(EFAULT);
		uint64_t size = 24;
		memcpy(h, &t->robust_head, 8);
		memcpy(l, &size, 8);
		return 0;
	}
	case 133:
		return sys_rt_sigsuspend(lx, a[0], a[1], set_a0);
	case 137:
		return sys_rt_sigtimedwait(lx, a, set_a0);
	case 124: /* sched_yield: the next runnable thread runs */
		if (lx->nthr > 1) {
			lx->h->x[10] = 0;
			*set_a0 = false;
			schedule(lx, false);
		}
		return 0;
	case 178: /* gettid */
		return cur(lx)->tid;
	case 220: /* clone (CLONE_BACKWARDS: flags, newsp, parent_tid, tls, child_tid) */
		return do_clone(lx, nr, a[0] & ~(uint64_t)CSIGNAL, a[1], a[2], a[4], a[3], a[0] & CSIGNAL, set_a0);
	case 435:
		return sys_clone3(lx, a[0], a[1], set_a0);
	}
	*handled = false;
	return 0;
}
