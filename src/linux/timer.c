/* Timers and CPU time on the guest clock: setitimer/getitimer (alarm is setitimer in glibc),
 * timer_create/settime/gettime/getoverrun/delete, and the CPU clocks behind
 * CLOCK_PROCESS_CPUTIME_ID, CLOCK_THREAD_CPUTIME_ID, times() and getrusage().
 *
 * With --virtual-clock or a model the process's CPU time is the guest time it ran (retired
 * instructions at 1 ns, or modelled cycles at the core clock) without the time it slept; the
 * host's clocks otherwise. A timer fires at the first check at or after its time: checks are
 * at block boundaries, armed through the same hook as the thread quantum (thread.c) at the
 * instruction count where the time will have come (exact with --virtual-clock, approached in
 * halves under a model, whose instructions take one cycle or more, in steps that grow at most
 * twofold), and whenever every thread waits, when the guest clock jumps to the earliest timer.
 * Rules follow kernel/time/itimer.c and posix-timers.c (overrun counting, SI_TIMER siginfo,
 * SIGEV_THREAD_ID). */
#define _GNU_SOURCE
#include "linux/internal.h"
#include <string.h>
#include <sys/resource.h>
#include <sys/times.h>
#include <time.h>

enum { SIGALRM_ = 14, SIGVTALRM_ = 26, SIGPROF_ = 27 };
enum { SIGEV_SIGNAL_ = 0, SIGEV_NONE_ = 1, SIGEV_THREAD_ = 2, SIGEV_THREAD_ID_ = 4 };
enum { CLK_REALTIME = 0, CLK_MONOTONIC = 1, CLK_PROCESS = 2, CLK_THREAD = 3 };

/* ---- CPU time ---------------------------------------------------------------------------- */
bool k64_linux_guest_time(const struct k64_linux *lx)
{
	return lx->cfg.virtual_clock;
}

int64_t k64_linux_cpu_ns(struct k64_linux *lx, bool thread)
{
	if (k64_linux_guest_time(lx)) {
		uint64_t t = k64_clock_ns(lx->h);
		return (int64_t)(thread ? k64_linux_thread_cpu_ns(lx, t) : t);
	}
	struct timespec ts;
	clock_gettime(thread ? CLOCK_THREAD_CPUTIME_ID : CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* The clock a timer counts on: ITIMER_REAL on CLOCK_MONOTONIC, ITIMER_VIRTUAL and ITIMER_PROF
 * on the process's CPU time (one hart: user time is all of it). */
static int64_t timer_clock(struct k64_linux *lx, int clock)
{
	if (clock == CLK_PROCESS || clock == CLK_THREAD)
		return k64_linux_cpu_ns(lx, clock == CLK_THREAD);
	int64_t ns = 0;
	k64_linux_clock_ns(lx, clock, &ns);
	return ns;
}

/* ---- firing ------------------------------------------------------------------------------ */
static void fire(struct k64_linux *lx, struct k64_linux_timer *t, int id, int64_t now)
{
	int overrun = 0;
	if (t->interval) {
		int64_t late = now - t->at;
		int64_t n = late / t->interval;
		overrun = n > INT32_MAX ? INT32_MAX : (int)n;
		t->at += (n + 1) * t->interval;
	} else {
		t->at = 0;
	}
	if (t->notify == SIGEV_NONE_)
		return;
	/* A signal still pending from the last expiry only counts an overrun. */
	t->overrun = overrun;
	if (id >= 0)
		lx->sig_timer[t->signo] = id;
	int code = id >= 0 ? K64_SI_TIMER : K64_SI_KERNEL;
	if (t->notify == SIGEV_THREAD_ID_)
		k64_linux_queue_thread(lx, t->tid, t->signo, code);
	else
		k64_linux_queue_process(lx, t->signo, code);
}

void k64_linux_timer_fire(struct k64_linux *lx)
{
	if (!lx->ntimers_armed)
		return;
	unsigned armed = 0;
	for (int i = 0; i < 3 + K64_LINUX_MAX_TIMERS; i++) {
		struct k64_linux_timer *t = i < 3 ? &lx->itimer[i] : &lx->timer[i - 3];
		if (!t->at)
			continue;
		int64_t now = timer_clock(lx, t->clock);
		if (now >= t->at)
			fire(lx, t, i < 3 ? -1 : i - 3, now);
		armed += t->at != 0;
	}
	lx->ntimers_armed = armed;
}

/* Instructions to run before the next check (0: no timer armed). */
uint64_t k64_linux_timer_insns(struct k64_linux *lx)
{
	if (!lx->ntimers_armed)
		return 0;
	int64_t r = INT64_MAX;
	for (int i = 0; i < 3 + K64_LINUX_MAX_TIMERS; i++) {
		const struct k64_linux_timer *t = i < 3 ? &lx->itimer[i] : &lx->timer[i - 3];
		if (t->at) {
			int64_t left = t->at - timer_clock(lx, t->clock);
			if (left < r)
				r = left;
		}
	}
	if (r <= 0)
		return 1;
	const struct k64_hart *h = lx->h;
	if (h->ts) {
		/* Modelled time has no fixed rate: half the time left at the rate since the last
		 * check (a cycle per instruction at first), so the checks close in on the expiry and
		 * the last one is at most an instruction late. */
		uint64_t now = k64_clock_ns(h), di = h->instret - lx->tcheck_instret, dt = now - lx->tcheck_ns;
		lx->tcheck_instret = h->instret;
		lx->tcheck_ns = now;
		double ns_per_insn = di && dt ? (double)dt / (double)di : 1e9 / (double)h->ts->hz;
		double n = (double)r / ns_per_insn / 2;
		/* That rate is the past code's: the code after a timer is set may take many more
		 * cycles per instruction (openssl speed: vector-crypto loops after a scalar setup).
		 * So a check comes at most twice as many instructions after the last as that one
		 * did after its own, starting small when a timer is set (recount): a rise of the
		 * rate is seen before the expiry, not after it. */
		double cap = lx->tcheck_step ? 2.0 * (double)lx->tcheck_step : 4096.0;
		if (n > cap)
			n = cap;
		if (n > 1e15)
			n = 1e15;
		lx->tcheck_step = (uint64_t)n + 1;
		return (uint64_t)n + 1;
	}
	if (k64_linux_guest_time(lx))
		return (uint64_t)r;   /* one instruction per nanosecond, exactly */
	/* host clock: no fixed rate; half the time left at one instruction per ns, and at least
	 * every 2^20 instructions (about a millisecond) */
	uint64_t n = (uint64_t)r / 2 + 64;
	return n < (1u << 20) ? n : (1u << 20);
}

/* Earliest expiry on CLOCK_MONOTONIC of a timer that counts while every thread waits (not the
 * CPU-time ones), or INT64_MAX. */
int64_t k64_linux_timer_next(struct k64_linux *lx)
{
	int64_t next = INT64_MAX;
	if (!lx->ntimers_armed)
		return next;
	int64_t mono = timer_clock(lx, CLK_MONOTONIC);
	for (int i = 0; i < 3 + K64_LINUX_MAX_TIMERS; i++) {
		const struct k64_linux_timer *t = i < 3 ? &lx->itimer[i] : &lx->timer[i - 3];
		if (!t->at || t->clock == CLK_PROCESS || t->clock == CLK_THREAD)
			continue;
		int64_t at = t->at - timer_clock(lx, t->clock) + mono;
		if (at < next)
			next = at;
	}
	return next;
}

static void recount(struct k64_linux *lx)
{
	/* a timer set or cleared: the next check measures the rate of the code from here on */
	if (lx->h->ts) {
		lx->tcheck_instret = lx->h->instret;
		lx->tcheck_ns = k64_clock_ns(lx->h);
		lx->tcheck_step = 0;
	}
	unsigned n = 0;
	for (int i = 0; i < 3; i++)
		n += lx->itimer[i].at != 0;
	for (int i = 0; i < K64_LINUX_MAX_TIMERS; i++)
		n += lx->timer[i].at != 0;
	lx->ntimers_armed = n;
	k64_linux_thread_rearm(lx);
}

/* ---- setitimer, getitimer (struct itimerval: two struct timeval) --------------------------- */
static void put_tv(uint8_t *o, int64_t ns)
{
	int64_t v[2] = { ns / 1000000000, ns % 1000000000 / 1000 };
	memcpy(o, v, 16);
}

static int64_t left_of(struct k64_linux *lx, const struct k64_linux_timer *t)
{
	if (!t->at)
		return 0;
	int64_t left = t->at - timer_clock(lx, t->clock);
	return left > 0 ? left : 1;   /* due but not fired yet: about to fire */
}

static int64_t get_itimer(struct k64_linux *lx, int which, uint64_t addr)
{
	uint8_t *o = k64_linux_wr(lx, addr, 32);
	if (!o)
		return KERR(EFAULT);
	const struct k64_linux_timer *t = &lx->itimer[which];
	int64_t left = left_of(lx, t);
	/* timeval rounding as itimer.c: a nonzero remainder below 1 us reads as 1 us */
	if (left && left < 1000)
		left = 1000;
	put_tv(o, t->interval);
	put_tv(o + 16, left);
	return 0;
}

static int64_t sys_setitimer(struct k64_linux *lx, int64_t which, uint64_t nv, uint64_t ov)
{
	if (which < 0 || which > 2)
		return KERR(EINVAL);
	int64_t v[4] = { 0 };
	if (nv) {
		const void *p = k64_linux_rd(lx, nv, 32);
		if (!p)
			return KERR(EFAULT);
		memcpy(v, p, 32);
		for (int i = 0; i < 4; i += 2)
			if (v[i] < 0 || v[i + 1] < 0 || v[i + 1] >= 1000000)
				return KERR(EINVAL);
	}
	if (ov) {
		int64_t r = get_itimer(lx, (int)which, ov);
		if (r)
			return r;
	}
	/* A NULL new value disarms (itimer.c, with a warning). */
	struct k64_linux_timer *t = &lx->itimer[which];
	static const int sig[3] = { SIGALRM_, SIGVTALRM_, SIGPROF_ };
	t->clock = which == 0 ? CLK_MONOTONIC : CLK_PROCESS;
	t->signo = sig[which];
	t->notify = SIGEV_SIGNAL_;
	int64_t value = v[2] * 1000000000 + v[3] * 1000, interval = v[0] * 1000000000 + v[1] * 1000;
	t->interval = interval;
	t->at = value ? timer_clock(lx, t->clock) + value : 0;
	recount(lx);
	return 0;
}

/* ---- POSIX timers ------------------------------------------------------------------------ */
static bool timer_clock_ok(int64_t c)
{
	return c == CLK_REALTIME || c == CLK_MONOTONIC || c == CLK_PROCESS || c == CLK_THREAD ||
	       c == 7 /* BOOTTIME */ || c == 8 /* REALTIME_ALARM */ || c == 9 /* BOOTTIME_ALARM */ ||
	       c == 11 /* TAI */;
}

static int64_t sys_timer_create(struct k64_linux *lx, int64_t clock, uint64_t sev, uint64_t idp)
{
	/* glibc's timer_create passes the CPU clocks in the kernel's encoding of "this process" and
	 * "this thread" (MAKE_PROCESS_CPUCLOCK(0, CPUCLOCK_SCHED) = -6, MAKE_THREAD_CPUCLOCK = -2),
	 * not as CLOCK_PROCESS_CPUTIME_ID and CLOCK_THREAD_CPUTIME_ID. */
	if ((int32_t)clock == -6)
		clock = CLK_PROCESS;
	else if ((int32_t)clock == -2)
		clock = CLK_THREAD;
	if (!timer_clock_ok(clock))
		return KERR(EINVAL);
	/* struct sigevent: sigev_value (8), sigev_signo (4), sigev_notify (4), union (tid first) */
	uint64_t value = 0;
	int32_t signo = SIGALRM_, notify = SIGEV_SIGNAL_, tid = 0;
	if (sev) {
		const uint8_t *p = k64_linux_rd(lx, sev, 20);
		if (!p)
			return KERR(EFAULT);
		memcpy(&value, p, 8);
		memcpy(&signo, p + 8, 4);
		memcpy(&notify, p + 12, 4);
		memcpy(&tid, p + 16, 4);
		if (notify != SIGEV_SIGNAL_ && notify != SIGEV_NONE_ && notify != SIGEV_THREAD_ID_)
			return KERR(EINVAL);   /* SIGEV_THREAD is the C library's, not the kernel's */
		if (notify != SIGEV_NONE_ && (signo < 1 || signo > K64_LINUX_NSIG))
			return KERR(EINVAL);
		if (notify == SIGEV_THREAD_ID_ && !k64_linux_thread_exists(lx, tid))
			return KERR(EINVAL);
	}
	int id = -1;
	for (int i = 0; i < K64_LINUX_MAX_TIMERS && id < 0; i++)
		if (!lx->timer[i].used)
			id = i;
	if (id < 0)
		return KERR(EAGAIN);
	uint8_t *o = k64_linux_wr(lx, idp, 4);
	if (!o)
		return KERR(EFAULT);
	memcpy(o, &id, 4);
	struct k64_linux_timer *t = &lx->timer[id];
	memset(t, 0, sizeof *t);
	t->used = true;
	t->clock = (int)(clock == 7 || clock == 9 ? CLK_MONOTONIC : clock == 8 ? CLK_REALTIME : clock);
	t->signo = signo;
	t->notify = notify;
	t->tid = tid;
	t->value = sev ? value : (uint64_t)id;   /* no sigevent: sigev_value is the timer id */
	return 0;
}

static struct k64_linux_timer *timer_of(struct k64_linux *lx, int64_t id)
{
	if (id < 0 || id >= K64_LINUX_MAX_TIMERS || !lx->timer[id].used)
		return NULL;
	return &lx->timer[id];
}

static int64_t put_itimerspec(struct k64_linux *lx, const struct k64_linux_timer *t, uint64_t addr)
{
	uint8_t *o = k64_linux_wr(lx, addr, 32);
	if (!o)
		return KERR(EFAULT);
	int64_t left = left_of(lx, t);
	int64_t v[4] = { t->interval / 1000000000, t->interval % 1000000000, left / 1000000000, left % 1000000000 };
	memcpy(o, v, 32);
	return 0;
}

static int64_t sys_timer_settime(struct k64_linux *lx, int64_t id, int64_t flags, uint64_t nv, uint64_t ov)
{
	struct k64_linux_timer *t = timer_of(lx, id);
	if (!t)
		return KERR(EINVAL);
	const void *p = k64_linux_rd(lx, nv, 32);
	if (!p)
		return KERR(EFAULT);
	int64_t v[4];
	memcpy(v, p, 32);
	for (int i = 0; i < 4; i += 2)
		if (v[i] < 0 || v[i + 1] < 0 || v[i + 1] >= 1000000000)
			return KERR(EINVAL);
	if (ov) {
		int64_t r = put_itimerspec(lx, t, ov);
		if (r)
			return r;
	}
	int64_t interval = v[0] * 1000000000 + v[1], value = v[2] * 1000000000 + v[3];
	t->interval = interval;
	t->overrun = 0;
	if (!value)
		t->at = 0;
	else if (flags & 1)   /* TIMER_ABSTIME */
		t->at = value > 0 ? value : 1;
	else
		t->at = timer_clock(lx, t->clock) + value;
	recount(lx);
	k64_linux_timer_fire(lx);   /* an absolute time already past fires now */
	return 0;
}

int64_t k64_linux_sys_timer(struct k64_linux *lx, uint64_t nr, const uint64_t *a, bool *handled)
{
	*handled = true;
	switch (nr) {
	case 102: /* getitimer */
		if ((int32_t)a[0] < 0 || (int32_t)a[0] > 2)
			return KERR(EINVAL);
		return get_itimer(lx, (int32_t)a[0], a[1]);
	case 103:
		return sys_setitimer(lx, (int32_t)a[0], a[1], a[2]);
	case 107:
		return sys_timer_create(lx, (int32_t)a[0], a[1], a[2]);
	case 108: { /* timer_gettime */
		struct k64_linux_timer *t = timer_of(lx, (int32_t)a[0]);
		return t ? put_itimerspec(lx, t, a[1]) : KERR(EINVAL);
	}
	case 109: { /* timer_getoverrun */
		struct k64_linux_timer *t = timer_of(lx, (int32_t)a[0]);
		return t ? t->overrun : KERR(EINVAL);
	}
	case 110:
		return sys_timer_settime(lx, (int32_t)a[0], (int32_t)a[1], a[2], a[3]);
	case 111: { /* timer_delete */
		struct k64_linux_timer *t = timer_of(lx, (int32_t)a[0]);
		if (!t)
			return KERR(EINVAL);
		memset(t, 0, sizeof *t);
		recount(lx);
		return 0;
	}
	case 153: { /* times: struct tms, four longs of clock ticks (USER_HZ = 100) */
		if (!k64_linux_guest_time(lx)) {
			struct tms tm;
			clock_t c = times(&tm);
			if (a[0]) {
				uint8_t *o = k64_linux_wr(lx, a[0], sizeof tm);
				if (!o)
					return KERR(EFAULT);
				memcpy(o, &tm, sizeof tm);
			}
			return (int64_t)c;
		}
		if (a[0]) {
			uint8_t *o = k64_linux_wr(lx, a[0], 32);
			if (!o)
				return KERR(EFAULT);
			int64_t v[4] = { k64_linux_cpu_ns(lx, false) / 10000000, 0, 0, 0 };
			memcpy(o, v, 32);
		}
		return timer_clock(lx, CLK_MONOTONIC) / 10000000;
	}
	case 165: { /* getrusage: struct rusage, the same 64-bit layout everywhere (144 bytes) */
		int32_t who = (int32_t)a[0];
		if (who != 0 && who != -1 && who != 1)   /* SELF, CHILDREN, THREAD */
			return KERR(EINVAL);
		uint8_t *o = k64_linux_wr(lx, a[1], sizeof(struct rusage));
		if (!o)
			return KERR(EFAULT);
		if (!k64_linux_guest_time(lx)) {
			struct rusage ru;
			if (getrusage(who == -1 ? RUSAGE_CHILDREN : who == 1 ? RUSAGE_THREAD : RUSAGE_SELF, &ru) != 0)
				return KERR(errno);
			memcpy(o, &ru, sizeof ru);
			return 0;
		}
		/* guest time: user time is the CPU time, nothing else is modelled */
		memset(o, 0, sizeof(struct rusage));
		if (who != -1)
			put_tv(o, k64_linux_cpu_ns(lx, who == 1));
		return 0;
	}
	}
	*handled = false;
	return 0;
}
