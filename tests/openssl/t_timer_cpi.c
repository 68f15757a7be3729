/* A timer armed before code whose cycles per instruction are far higher than before must still
 * fire on time under a cycle model (issue 13: `openssl speed` arms alarm() after a cheap setup
 * and then runs vector-crypto loops; its 1 s alarm came after 2.2 s of modelled time, because
 * the first timer check was placed by the rate of the code before the timer was set).
 * Phase 1: a long cheap loop (low CPI). Phase 2: a timer (ITIMER_REAL, then a POSIX timer on
 * CLOCK_PROCESS_CPUTIME_ID) and a loop of dependent divisions (high CPI) until it fires; the
 * handler's CLOCK_MONOTONIC (or CPU time) must be within 1 % of the interval after the expiry.
 * The same with the rates the other way round (costly before, cheap after). */
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include "../linux/check.h"

static volatile sig_atomic_t fired;
static volatile int64_t fired_ns;
static clockid_t handler_clock;

static int64_t now(clockid_t c)
{
	struct timespec ts;
	clock_gettime(c, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}
static void on_alarm(int s)
{
	(void)s;
	fired_ns = now(handler_clock);
	fired = 1;
}

static volatile uint64_t sink;
static void cheap(long n)
{
	uint64_t x = 1;
	for (long i = 0; i < n; i++)
		x = x * 3 + (uint64_t)i;
	sink = x;
}
static void costly_until_fired(void)
{
	uint64_t x = ~0ull;
	volatile uint64_t dv = 3;
	while (!fired) {
		for (int i = 0; i < 16; i++)
			x = x / dv + 0x123456789abcdefull;   /* dependent divisions */
	}
	sink = x;
}
static void cheap_until_fired(void)
{
	uint64_t x = 1;
	while (!fired)
		x = x * 3 + 1;
	sink = x;
}

static void one(const char *what, int posix, int costly_first, int64_t interval_ns)
{
	fired = 0;
	if (costly_first) {
		/* costly history: divisions for about the interval's time */
		uint64_t x = ~0ull;
		volatile uint64_t dv = 3;
		for (long i = 0; i < 20000; i++)
			x = x / dv + 0x123456789abcdefull;
		sink = x;
	} else {
		cheap(20000000);
	}
	handler_clock = posix ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_MONOTONIC;
	timer_t tid;
	int64_t start = now(handler_clock);
	if (posix) {
		struct sigevent ev;
		memset(&ev, 0, sizeof ev);
		ev.sigev_notify = SIGEV_SIGNAL;
		ev.sigev_signo = SIGALRM;
		CHECK(timer_create(CLOCK_PROCESS_CPUTIME_ID, &ev, &tid) == 0, "timer_create(CLOCK_PROCESS_CPUTIME_ID)");
		struct itimerspec its = { { 0, 0 }, { 0, interval_ns } };
		timer_settime(tid, 0, &its, NULL);
	} else {
		struct itimerval it = { { 0, 0 }, { 0, interval_ns / 1000 } };
		setitimer(ITIMER_REAL, &it, NULL);
	}
	if (costly_first)
		cheap_until_fired();
	else
		costly_until_fired();
	if (posix)
		timer_delete(tid);
	int64_t late = fired_ns - (start + interval_ns);
	CHECK(late >= 0 && late <= interval_ns / 100, "%s: fired %lld ns after its expiry (at most 1 %% of %lld ns)", what,
	      (long long)late, (long long)interval_ns);
}

int main(void)
{
	signal(SIGALRM, on_alarm);
	one("ITIMER_REAL after cheap code, then divisions", 0, 0, 50000000);
	one("CPU-time timer after cheap code, then divisions", 1, 0, 50000000);
	one("ITIMER_REAL after divisions, then cheap code", 0, 1, 20000000);
	return t_done();
}
