/* Timers and CPU time: setitimer (ITIMER_REAL, _VIRTUAL, _PROF), alarm and pause, POSIX
 * timers (SIGEV_SIGNAL with its siginfo, SIGEV_THREAD_ID to one thread, SIGEV_NONE,
 * timer_gettime, glibc's SIGEV_THREAD), sigsuspend, sigwaitinfo/sigtimedwait, CLOCK_PROCESS_CPUTIME_ID / CLOCK_THREAD_CPUTIME_ID, times()
 * and getrusage() counting running but not sleeping, and bad arguments. Every line it prints is
 * independent of the speed of the machine; each check says what it compared. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/times.h>
#include <time.h>
#include <unistd.h>
#include "../linux/check.h"

static volatile sig_atomic_t n_alrm, n_vtalrm, n_prof;
static volatile int info_code, info_value, info_sig;
static volatile long handler_tid;

static void on_alrm(int s) { (void)s; n_alrm++; }
static void on_vtalrm(int s) { (void)s; n_vtalrm++; }
static void on_prof(int s) { (void)s; n_prof++; }
static void on_info(int s, siginfo_t *si, void *uc)
{
	(void)uc;
	info_sig = s;
	info_code = si->si_code;
	info_value = si->si_value.sival_int;
	handler_tid = syscall(SYS_gettid);
}

static void handle(int sig, void (*f)(int))
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = f;
	sigaction(sig, &sa, NULL);
}

static double secs(clockid_t c)
{
	struct timespec t;
	clock_gettime(c, &t);
	return (double)t.tv_sec + t.tv_nsec / 1e9;
}

static volatile unsigned long sink;
static void spin_until(volatile sig_atomic_t *n, int want)
{
	while (*n < want)
		sink++;
}

static void test_itimers(void)
{
	handle(SIGALRM, on_alrm);
	struct itimerval it = { { 0, 10000 }, { 0, 10000 } };   /* every 10 ms */
	CHECK_EQ(setitimer(ITIMER_REAL, &it, NULL), 0, "setitimer ITIMER_REAL, 10 ms period");
	spin_until(&n_alrm, 3);
	memset(&it, 0, sizeof it);
	struct itimerval old;
	CHECK_EQ(setitimer(ITIMER_REAL, &it, &old), 0, "disarm");
	CHECK(old.it_interval.tv_sec == 0 && old.it_interval.tv_usec == 10000, "old interval read back: 10 ms");
	CHECK(old.it_value.tv_sec == 0 && old.it_value.tv_usec > 0 && old.it_value.tv_usec <= 10000,
	      "old value read back: within the period");
	CHECK_EQ(n_alrm, 3, "three SIGALRMs while spinning");

	it.it_value.tv_sec = 5;
	setitimer(ITIMER_REAL, &it, NULL);
	getitimer(ITIMER_REAL, &old);
	CHECK(old.it_value.tv_sec == 4 || (old.it_value.tv_sec == 5 && old.it_value.tv_usec == 0), "getitimer: a 5 s alarm has 4.x s left");
	CHECK(old.it_interval.tv_sec == 0 && old.it_interval.tv_usec == 0, "getitimer: no interval");
	CHECK_EQ(alarm(0), 5, "alarm(0) returns the seconds left, rounded");

	double t0 = secs(CLOCK_MONOTONIC);
	alarm(1);
	pause();
	CHECK_EQ(n_alrm, 4, "alarm(1) then pause(): woken by SIGALRM");
	CHECK(secs(CLOCK_MONOTONIC) - t0 >= 0.99, "... about a second later");

	handle(SIGVTALRM, on_vtalrm);
	handle(SIGPROF, on_prof);
	struct itimerval v = { { 0, 0 }, { 0, 20000 } };
	double c0 = secs(CLOCK_PROCESS_CPUTIME_ID);
	CHECK_EQ(setitimer(ITIMER_VIRTUAL, &v, NULL), 0, "setitimer ITIMER_VIRTUAL 20 ms");
	CHECK_EQ(setitimer(ITIMER_PROF, &v, NULL), 0, "setitimer ITIMER_PROF 20 ms");
	spin_until(&n_vtalrm, 1);
	spin_until(&n_prof, 1);
	CHECK(secs(CLOCK_PROCESS_CPUTIME_ID) - c0 >= 0.019, "SIGVTALRM and SIGPROF after 20 ms of CPU time");

	CHECK(setitimer(5, &v, NULL) == -1 && errno == EINVAL, "setitimer which = 5: EINVAL");
	v.it_value.tv_usec = 1000000;
	CHECK(setitimer(ITIMER_REAL, &v, NULL) == -1 && errno == EINVAL, "setitimer tv_usec = 1e6: EINVAL");
	CHECK(getitimer(3, &old) == -1 && errno == EINVAL, "getitimer which = 3: EINVAL");
}

/* ---- POSIX timers -------------------------------------------------------------------------- */
struct ksigevent { union sigval value; int signo, notify; int tid; int pad[11]; };

static atomic_int waiting;
static long waiter_tid;
static void *wait_for_signal(void *arg)
{
	(void)arg;
	sigset_t none;
	sigemptyset(&none);
	atomic_store(&waiting, 1);
	sigsuspend(&none);
	return NULL;
}

static void *tid_reporter(void *arg)
{
	(void)arg;
	waiter_tid = syscall(SYS_gettid);
	return wait_for_signal(NULL);
}

static void test_posix_timers(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_info;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGUSR1, &sa, NULL);
	sigaction(SIGUSR2, &sa, NULL);

	struct sigevent sev;
	memset(&sev, 0, sizeof sev);
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = SIGUSR1;
	sev.sigev_value.sival_int = 1234;
	timer_t tm;
	CHECK_EQ(timer_create(CLOCK_MONOTONIC, &sev, &tm), 0, "timer_create CLOCK_MONOTONIC, SIGEV_SIGNAL");
	sigset_t block, old;
	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	sigprocmask(SIG_BLOCK, &block, &old);
	struct itimerspec its = { { 0, 0 }, { 0, 30 * 1000 * 1000 } };
	CHECK_EQ(timer_settime(tm, 0, &its, NULL), 0, "timer_settime 30 ms");
	struct itimerspec cur;
	timer_gettime(tm, &cur);
	CHECK(cur.it_value.tv_sec == 0 && cur.it_value.tv_nsec > 0 && cur.it_value.tv_nsec <= 30000000,
	      "timer_gettime: within 30 ms left");
	sigsuspend(&old);   /* the mask without SIGUSR1 until the handler ran */
	CHECK_EQ(info_sig, SIGUSR1, "sigsuspend: woken by the timer's SIGUSR1");
	CHECK_EQ(info_code, SI_TIMER, "si_code SI_TIMER");
	CHECK_EQ(info_value, 1234, "si_value is sigev_value");
	sigset_t now;
	sigprocmask(SIG_SETMASK, NULL, &now);
	CHECK(sigismember(&now, SIGUSR1), "sigsuspend restored the mask blocking SIGUSR1");
	sigprocmask(SIG_SETMASK, &old, NULL);
	timer_gettime(tm, &cur);
	CHECK(cur.it_value.tv_sec == 0 && cur.it_value.tv_nsec == 0, "a one-shot timer is disarmed after it fired");
	CHECK_EQ(timer_delete(tm), 0, "timer_delete");
	CHECK(timer_delete(tm) == -1 && errno == EINVAL, "timer_delete twice: EINVAL");

	/* SIGEV_THREAD_ID: the signal goes to the named thread (raw system call: the kernel's
	 * struct sigevent). */
	pthread_t t;
	atomic_store(&waiting, 0);
	sigprocmask(SIG_BLOCK, &block, NULL);   /* the new thread inherits... */
	sigaddset(&block, SIGUSR2);
	sigprocmask(SIG_BLOCK, &block, NULL);   /* main blocks SIGUSR2 too */
	pthread_create(&t, NULL, tid_reporter, NULL);
	while (!atomic_load(&waiting))
		sched_yield();
	struct timespec ts = { 0, 5 * 1000 * 1000 };
	nanosleep(&ts, NULL);   /* the thread is in sigsuspend now */
	struct ksigevent ks;
	memset(&ks, 0, sizeof ks);
	ks.notify = 4;   /* SIGEV_THREAD_ID */
	ks.signo = SIGUSR2;
	ks.value.sival_int = 77;
	ks.tid = (int)waiter_tid;
	int kid;
	CHECK_EQ(syscall(SYS_timer_create, CLOCK_REALTIME, &ks, &kid), 0, "timer_create SIGEV_THREAD_ID");
	struct itimerspec its2 = { { 0, 0 }, { 0, 10 * 1000 * 1000 } };
	CHECK_EQ(syscall(SYS_timer_settime, kid, 0, &its2, NULL), 0, "timer_settime 10 ms");
	pthread_join(t, NULL);
	CHECK_EQ(info_sig, SIGUSR2, "the thread's sigsuspend ended with SIGUSR2");
	CHECK_EQ(info_value, 77, "si_value 77");
	CHECK(handler_tid == waiter_tid, "the handler ran in the named thread");
	syscall(SYS_timer_delete, kid);
	sigprocmask(SIG_SETMASK, &old, NULL);

	sev.sigev_notify = SIGEV_NONE;
	CHECK_EQ(timer_create(CLOCK_REALTIME, &sev, &tm), 0, "timer_create SIGEV_NONE");
	struct timespec abs;
	clock_gettime(CLOCK_REALTIME, &abs);
	abs.tv_sec += 100;
	its.it_value = abs;
	CHECK_EQ(timer_settime(tm, TIMER_ABSTIME, &its, NULL), 0, "timer_settime TIMER_ABSTIME in 100 s");
	timer_gettime(tm, &cur);
	CHECK(cur.it_value.tv_sec == 99 || cur.it_value.tv_sec == 100, "timer_gettime: 99.x s left");
	timer_delete(tm);
	CHECK(syscall(SYS_timer_create, 99, NULL, &kid) == -1 && errno == EINVAL, "timer_create clock 99: EINVAL");
	CHECK(syscall(SYS_timer_settime, 12345, 0, &its, NULL) == -1 && errno == EINVAL, "timer_settime of no timer: EINVAL");
	ks.notify = 4;
	ks.tid = 0x3ffffff0;
	CHECK(syscall(SYS_timer_create, CLOCK_REALTIME, &ks, &kid) == -1 && errno == EINVAL,
	      "timer_create SIGEV_THREAD_ID to no thread: EINVAL");
	ks.notify = 0;
	ks.signo = 99;
	CHECK(syscall(SYS_timer_create, CLOCK_REALTIME, &ks, &kid) == -1 && errno == EINVAL, "timer_create signal 99: EINVAL");
}


/* ---- sigwait, sigtimedwait, SIGEV_THREAD -------------------------------------------------- */
static void *sigwaiter(void *arg)
{
	sigset_t *set = arg;
	siginfo_t si;
	int s = sigwaitinfo(set, &si);
	return (void *)(long)(s == SIGUSR1 && si.si_code == SI_USER ? 1 : -s);
}

static atomic_int cb_runs;
static void on_timer_thread(union sigval v)
{
	atomic_fetch_add(&cb_runs, v.sival_int);
}

static void test_sigwait(void)
{
	sigset_t set, old;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	pthread_sigmask(SIG_BLOCK, &set, &old);
	pthread_t t;
	pthread_create(&t, NULL, sigwaiter, &set);
	struct timespec ts = { 0, 10 * 1000 * 1000 };
	nanosleep(&ts, NULL);
	kill(getpid(), SIGUSR1);   /* every thread blocks it: the one in sigwaitinfo takes it */
	void *r;
	pthread_join(t, &r);
	CHECK_EQ((long)r, 1, "sigwaitinfo in a thread takes kill()'s SIGUSR1, si_code SI_USER");
	struct timespec to = { 0, 20 * 1000 * 1000 };
	double t0 = secs(CLOCK_MONOTONIC);
	CHECK(sigtimedwait(&set, NULL, &to) == -1 && errno == EAGAIN, "sigtimedwait with nothing pending: EAGAIN");
	CHECK(secs(CLOCK_MONOTONIC) - t0 >= 0.019, "... after its 20 ms timeout");
	raise(SIGUSR1);
	siginfo_t si;
	CHECK_EQ(sigtimedwait(&set, &si, &to), SIGUSR1, "sigtimedwait with SIGUSR1 pending: at once");
	CHECK_EQ(si.si_signo, SIGUSR1, "... its siginfo names it");
	struct timespec zero = { 0, 0 };
	CHECK(sigtimedwait(&set, NULL, &zero) == -1 && errno == EAGAIN, "sigtimedwait polling: EAGAIN");
	pthread_sigmask(SIG_SETMASK, &old, NULL);

	/* glibc's SIGEV_THREAD: a helper thread in sigwaitinfo, a new thread per expiry. */
	struct sigevent sev;
	memset(&sev, 0, sizeof sev);
	sev.sigev_notify = SIGEV_THREAD;
	sev.sigev_notify_function = on_timer_thread;
	sev.sigev_value.sival_int = 5;
	timer_t tm;
	CHECK_EQ(timer_create(CLOCK_MONOTONIC, &sev, &tm), 0, "timer_create SIGEV_THREAD");
	struct itimerspec its = { { 0, 10 * 1000 * 1000 }, { 0, 10 * 1000 * 1000 } };
	timer_settime(tm, 0, &its, NULL);
	while (atomic_load(&cb_runs) < 15)
		nanosleep(&ts, NULL);
	timer_delete(tm);
	CHECK(atomic_load(&cb_runs) >= 15, "SIGEV_THREAD callback ran three times or more");
}

/* ---- CPU time ----------------------------------------------------------------------------- */
static void test_cpu_time(void)
{
	double c0 = secs(CLOCK_PROCESS_CPUTIME_ID), t0 = secs(CLOCK_THREAD_CPUTIME_ID);
	struct tms m0;
	clock_t e0 = times(&m0);
	struct timespec ts = { 0, 200 * 1000 * 1000 };
	nanosleep(&ts, NULL);
	double slept = secs(CLOCK_PROCESS_CPUTIME_ID) - c0;
	CHECK(slept < 0.05, "a 200 ms sleep adds (almost) no CPU time");
	struct tms m1;
	clock_t e1 = times(&m1);
	CHECK(e1 - e0 >= 19, "times(): 200 ms later in 100 Hz ticks");
	double w0 = secs(CLOCK_PROCESS_CPUTIME_ID);
	while (secs(CLOCK_PROCESS_CPUTIME_ID) - w0 < 0.05)
		sink++;
	struct tms m2;
	times(&m2);
	CHECK(m2.tms_utime + m2.tms_stime - m1.tms_utime - m1.tms_stime >= 4, "times(): 50 ms of CPU in ticks");
	CHECK(secs(CLOCK_THREAD_CPUTIME_ID) - t0 >= 0.05, "CLOCK_THREAD_CPUTIME_ID advanced too");
	struct rusage ru;
	CHECK_EQ(getrusage(RUSAGE_SELF, &ru), 0, "getrusage RUSAGE_SELF");
	CHECK(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6 >= 0.05,
	      "... at least 50 ms of CPU");
	CHECK_EQ(getrusage(RUSAGE_THREAD, &ru), 0, "getrusage RUSAGE_THREAD");
	CHECK(getrusage(7, &ru) == -1 && errno == EINVAL, "getrusage who = 7: EINVAL");
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	test_itimers();
	test_posix_timers();
	test_sigwait();
	test_cpu_time();
	return t_done();
}
