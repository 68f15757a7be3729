/* POSIX threads through glibc: mutexes, condition variables, thread-local storage, join,
 * detached threads, barriers, read-write locks, semaphores, per-thread signals (a handler runs
 * in the thread pthread_kill named; a thread exits with a signal pending), futex timeouts
 * (pthread_cond_timedwait, pthread_mutex_timedlock, sem_timedwait, raw FUTEX_WAIT and
 * FUTEX_WAIT_BITSET), nanosleep beside a running thread, a thread ending with the raw exit
 * system call (CLONE_CHILD_CLEARTID wakes its joiner), robust mutexes of a dead owner, pipes
 * between threads (a blocking read waits for the other thread to write).
 * Every line it prints is independent of scheduling; each check says what it compared.
 * Usage: t_pthreads [all | kernel-only | exit-group | fault | deadlock-self | deadlock-pair | deadlock-timer | main-exit | fork | exec] */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/futex.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "../linux/check.h"

#define NT 4

/* ---- mutex ------------------------------------------------------------------------------ */
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static long counter;

static void *count_up(void *arg)
{
	long n = (long)arg;
	for (long i = 0; i < n; i++) {
		pthread_mutex_lock(&mu);
		long c = counter;
		for (volatile int k = 0; k < 3; k++)   /* widen the critical section */
			;
		counter = c + 1;
		pthread_mutex_unlock(&mu);
	}
	return NULL;
}

static void test_mutex(void)
{
	pthread_t t[NT];
	for (int i = 0; i < NT; i++)
		CHECK_EQ(pthread_create(&t[i], NULL, count_up, (void *)20000L), 0, "pthread_create");
	for (int i = 0; i < NT; i++)
		CHECK_EQ(pthread_join(t[i], NULL), 0, "pthread_join");
	CHECK_EQ(counter, NT * 20000L, "mutex-protected counter of 4 threads");
}

/* ---- condition variables: a bounded queue ------------------------------------------------- */
#define QN 4
static int q[QN], qhead, qlen;
static pthread_cond_t not_full = PTHREAD_COND_INITIALIZER, not_empty = PTHREAD_COND_INITIALIZER;
static pthread_mutex_t qmu = PTHREAD_MUTEX_INITIALIZER;

static void *producer(void *arg)
{
	int base = (int)(long)arg;
	for (int i = 1; i <= 500; i++) {
		pthread_mutex_lock(&qmu);
		while (qlen == QN)
			pthread_cond_wait(&not_full, &qmu);
		q[(qhead + qlen++) % QN] = base + i;
		pthread_cond_signal(&not_empty);
		pthread_mutex_unlock(&qmu);
	}
	return NULL;
}

static void *consumer(void *arg)
{
	long sum = 0;
	(void)arg;
	for (int i = 0; i < 500; i++) {
		pthread_mutex_lock(&qmu);
		while (qlen == 0)
			pthread_cond_wait(&not_empty, &qmu);
		sum += q[qhead];
		qhead = (qhead + 1) % QN;
		qlen--;
		pthread_cond_signal(&not_full);
		pthread_mutex_unlock(&qmu);
	}
	return (void *)sum;
}

static void test_cond(void)
{
	pthread_t p[2], c[2];
	pthread_create(&p[0], NULL, producer, (void *)0L);
	pthread_create(&p[1], NULL, producer, (void *)1000L);
	pthread_create(&c[0], NULL, consumer, NULL);
	pthread_create(&c[1], NULL, consumer, NULL);
	long total = 0;
	for (int i = 0; i < 2; i++) {
		void *r;
		pthread_join(c[i], &r);
		total += (long)r;
		pthread_join(p[i], NULL);
	}
	/* 2 * (1 + ... + 500) + 500 * 1000 */
	CHECK_EQ(total, 2 * 125250L + 500000L, "items through a 4-slot queue, 2 producers, 2 consumers");
	CHECK_EQ(qlen, 0, "queue empty at the end");
}

/* ---- thread-local storage, join values, thread ids ---------------------------------------- */
static __thread int tls_value = 7;
static __thread char tls_buf[64];
static pthread_barrier_t bar;

static void *tls_worker(void *arg)
{
	int id = (int)(long)arg;
	int initial = tls_value;
	tls_value = 100 + id;
	snprintf(tls_buf, sizeof tls_buf, "thread %d", id);
	pthread_barrier_wait(&bar);   /* everyone has written its own copy */
	int ok = initial == 7 && tls_value == 100 + id;
	char want[64];
	snprintf(want, sizeof want, "thread %d", id);
	ok = ok && !strcmp(tls_buf, want);
	long tid = syscall(SYS_gettid);
	ok = ok && tid != getpid();
	return (void *)(long)(ok ? id * id : -1);
}

static void test_tls(void)
{
	pthread_t t[NT];
	pthread_barrier_init(&bar, NULL, NT);
	tls_value = 1;
	for (int i = 0; i < NT; i++)
		pthread_create(&t[i], NULL, tls_worker, (void *)(long)(i + 1));
	for (int i = 0; i < NT; i++) {
		void *r;
		pthread_join(t[i], &r);
		CHECK_EQ((long)r, (long)(i + 1) * (i + 1), "join value of a thread that saw its own TLS copy");
	}
	CHECK_EQ(tls_value, 1, "main thread's TLS copy untouched");
	CHECK(syscall(SYS_gettid) == getpid(), "main thread: gettid() == getpid()");
	pthread_barrier_destroy(&bar);
}

/* ---- detached threads and semaphores ------------------------------------------------------ */
static sem_t done_sem;
static atomic_int detached_runs;

static void *detached_worker(void *arg)
{
	(void)arg;
	atomic_fetch_add(&detached_runs, 1);
	sem_post(&done_sem);
	return NULL;
}

static void test_detached(void)
{
	sem_init(&done_sem, 0, 0);
	pthread_attr_t a;
	pthread_attr_init(&a);
	pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
	for (int i = 0; i < 5; i++) {
		pthread_t t;
		CHECK_EQ(pthread_create(&t, &a, detached_worker, NULL), 0, "create a detached thread");
	}
	for (int i = 0; i < 5; i++)
		sem_wait(&done_sem);
	CHECK_EQ(atomic_load(&detached_runs), 5, "detached threads all ran");
	pthread_attr_destroy(&a);
}

/* ---- read-write lock ---------------------------------------------------------------------- */
static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
static long rw_data[8];

static void *rw_writer(void *arg)
{
	long id = (long)arg;
	for (int i = 0; i < 300; i++) {
		pthread_rwlock_wrlock(&rw);
		for (int k = 0; k < 8; k++)
			rw_data[k] += id;
		pthread_rwlock_unlock(&rw);
	}
	return NULL;
}

static void *rw_reader(void *arg)
{
	long bad = 0;
	(void)arg;
	for (int i = 0; i < 300; i++) {
		pthread_rwlock_rdlock(&rw);
		for (int k = 1; k < 8; k++)
			bad += rw_data[k] != rw_data[0];
		pthread_rwlock_unlock(&rw);
	}
	return (void *)bad;
}

static void test_rwlock(void)
{
	pthread_t w[2], r[2];
	pthread_create(&w[0], NULL, rw_writer, (void *)1L);
	pthread_create(&r[0], NULL, rw_reader, NULL);
	pthread_create(&w[1], NULL, rw_writer, (void *)2L);
	pthread_create(&r[1], NULL, rw_reader, NULL);
	long bad = 0;
	for (int i = 0; i < 2; i++) {
		void *b;
		pthread_join(w[i], NULL);
		pthread_join(r[i], &b);
		bad += (long)b;
	}
	CHECK_EQ(bad, 0, "readers never saw a half-done write");
	CHECK_EQ(rw_data[7], 900, "writers' updates all landed");
}

/* ---- signals to threads ------------------------------------------------------------------- */
static __thread int got_usr1;
static atomic_int usr1_total;
static pthread_t sig_target;
static atomic_int handler_in_target;

static void on_usr1(int sig)
{
	(void)sig;
	got_usr1++;
	atomic_fetch_add(&usr1_total, 1);
	if (pthread_equal(pthread_self(), sig_target))
		atomic_store(&handler_in_target, 1);
}

static sem_t ready, go;

static void *sig_waiter(void *arg)
{
	(void)arg;
	sem_post(&ready);
	sem_wait(&go);          /* blocked in a futex when the signal comes: woken, then resumes */
	return (void *)(long)got_usr1;
}

static void *pending_exiter(void *arg)
{
	(void)arg;
	sigset_t s;
	sigemptyset(&s);
	sigaddset(&s, SIGUSR1);
	pthread_sigmask(SIG_BLOCK, &s, NULL);
	pthread_kill(pthread_self(), SIGUSR1);
	sigset_t p;
	sigpending(&p);
	return (void *)(long)(sigismember(&p, SIGUSR1) ? 1 : 0);   /* exits with it pending */
}

static volatile sig_atomic_t spin_flag;
static void on_usr2(int sig) { (void)sig; spin_flag = 1; }

static void *spin_until_signalled(void *arg)
{
	(void)arg;
	sem_post(&ready);
	while (!spin_flag)   /* never enters the kernel: the signal comes at a thread switch */
		;
	return (void *)1L;
}

static void test_signals(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_usr1;
	sigaction(SIGUSR1, &sa, NULL);
	sem_init(&ready, 0, 0);
	sem_init(&go, 0, 0);
	pthread_create(&sig_target, NULL, sig_waiter, NULL);
	sem_wait(&ready);
	CHECK_EQ(pthread_kill(sig_target, SIGUSR1), 0, "pthread_kill to a waiting thread");
	struct timespec ts = { 0, 20 * 1000 * 1000 };
	nanosleep(&ts, NULL);
	sem_post(&go);
	void *r;
	pthread_join(sig_target, &r);
	CHECK_EQ((long)r, 1, "the handler ran once in the target thread (its TLS count)");
	CHECK_EQ(atomic_load(&handler_in_target), 1, "pthread_self() in the handler is the target");
	CHECK_EQ(got_usr1, 0, "the main thread's TLS count stays 0");

	struct sigaction sa2;
	memset(&sa2, 0, sizeof sa2);
	sa2.sa_handler = on_usr2;
	sigaction(SIGUSR2, &sa2, NULL);
	sem_init(&ready, 0, 0);
	pthread_t sp;
	pthread_create(&sp, NULL, spin_until_signalled, NULL);
	sem_wait(&ready);
	CHECK_EQ(pthread_kill(sp, SIGUSR2), 0, "pthread_kill to a thread spinning in user code");
	pthread_join(sp, &r);
	CHECK_EQ((long)r, 1, "its handler ran and it stopped spinning");

	pthread_t t;
	pthread_create(&t, NULL, pending_exiter, NULL);
	pthread_join(t, &r);
	CHECK_EQ((long)r, 1, "SIGUSR1 pending in the thread that blocked it");
	CHECK_EQ(atomic_load(&usr1_total), 1, "a thread's pending signal dies with it");
	sigset_t p;
	sigpending(&p);
	CHECK(!sigismember(&p, SIGUSR1), "nothing pending in the main thread");
	CHECK_EQ(syscall(SYS_tgkill, getpid(), 0x3ffffff0, SIGUSR1) == -1 ? errno : 0, ESRCH, "tgkill to a missing thread: ESRCH");
	CHECK_EQ(syscall(SYS_tgkill, getpid() + 0x100000, syscall(SYS_gettid), 0) == -1 ? errno : 0, ESRCH,
		 "tgkill with a wrong thread group: ESRCH");
	CHECK_EQ(syscall(SYS_tgkill, getpid(), syscall(SYS_gettid), 0), 0, "tgkill signal 0 to self");
	/* kill() to the process while the main thread blocks SIGUSR1 and another thread waits:
	 * Linux gives it to the waiting thread; QEMU 10 leaves it pending until the main thread
	 * unblocks it. Only that it is taken once is compared. */
	sigset_t s;
	sigemptyset(&s);
	sigaddset(&s, SIGUSR1);
	sem_init(&ready, 0, 0);
	sem_init(&go, 0, 0);
	pthread_sigmask(SIG_BLOCK, &s, NULL);
	pthread_create(&sig_target, NULL, sig_waiter, NULL);
	sem_wait(&ready);
	kill(getpid(), SIGUSR1);
	nanosleep(&ts, NULL);
	sem_post(&go);
	pthread_join(sig_target, &r);
	pthread_sigmask(SIG_UNBLOCK, &s, NULL);
	CHECK_EQ(atomic_load(&usr1_total), 2, "kill() to the process: taken once (two handler runs in all)");
}

/* ---- timeouts ----------------------------------------------------------------------------- */
static pthread_mutex_t held = PTHREAD_MUTEX_INITIALIZER;
static sem_t held_ready, held_release;

static void *holder(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&held);
	sem_post(&held_ready);
	sem_wait(&held_release);
	pthread_mutex_unlock(&held);
	return NULL;
}

static struct timespec in_ms(clockid_t c, long ms)
{
	struct timespec t;
	clock_gettime(c, &t);
	long long ns = (long long)t.tv_sec * 1000000000 + t.tv_nsec + (long long)ms * 1000000;
	t.tv_sec = ns / 1000000000;
	t.tv_nsec = ns % 1000000000;
	return t;
}

static double since(clockid_t c, struct timespec t0)
{
	struct timespec t;
	clock_gettime(c, &t);
	return (double)(t.tv_sec - t0.tv_sec) + (t.tv_nsec - t0.tv_nsec) / 1e9;
}

static void test_timeouts(void)
{
	pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
	pthread_cond_t c = PTHREAD_COND_INITIALIZER;
	struct timespec t0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	pthread_mutex_lock(&m);
	struct timespec dl = in_ms(CLOCK_REALTIME, 30);
	CHECK_EQ(pthread_cond_timedwait(&c, &m, &dl), ETIMEDOUT, "pthread_cond_timedwait with nobody signalling");
	pthread_mutex_unlock(&m);
	CHECK(since(CLOCK_MONOTONIC, t0) >= 0.029, "... after at least 30 ms");

	sem_init(&held_ready, 0, 0);
	sem_init(&held_release, 0, 0);
	pthread_t t;
	pthread_create(&t, NULL, holder, NULL);
	sem_wait(&held_ready);
	dl = in_ms(CLOCK_REALTIME, 20);
	CHECK_EQ(pthread_mutex_timedlock(&held, &dl), ETIMEDOUT, "pthread_mutex_timedlock on a held mutex");
	sem_post(&held_release);
	dl = in_ms(CLOCK_REALTIME, 5000);
	CHECK_EQ(pthread_mutex_timedlock(&held, &dl), 0, "... and once released, within its timeout");
	pthread_mutex_unlock(&held);
	pthread_join(t, NULL);

	sem_t s;
	sem_init(&s, 0, 0);
	dl = in_ms(CLOCK_REALTIME, 10);
	CHECK(sem_timedwait(&s, &dl) == -1 && errno == ETIMEDOUT, "sem_timedwait: ETIMEDOUT");

	uint32_t w = 5;
	struct timespec rel = { 0, 15 * 1000 * 1000 };
	clock_gettime(CLOCK_MONOTONIC, &t0);
	CHECK(syscall(SYS_futex, &w, FUTEX_WAIT_PRIVATE, 5, &rel, NULL, 0) == -1 && errno == ETIMEDOUT,
	      "FUTEX_WAIT with a relative timeout: ETIMEDOUT");
	CHECK(since(CLOCK_MONOTONIC, t0) >= 0.014, "... after at least 15 ms");
	struct timespec abs = in_ms(CLOCK_MONOTONIC, 10);
	CHECK(syscall(SYS_futex, &w, FUTEX_WAIT_BITSET_PRIVATE, 5, &abs, NULL, FUTEX_BITSET_MATCH_ANY) == -1 &&
	      errno == ETIMEDOUT, "FUTEX_WAIT_BITSET, absolute CLOCK_MONOTONIC: ETIMEDOUT");
	abs = in_ms(CLOCK_REALTIME, 10);
	CHECK(syscall(SYS_futex, &w, FUTEX_WAIT_BITSET_PRIVATE | FUTEX_CLOCK_REALTIME, 5, &abs, NULL,
		      FUTEX_BITSET_MATCH_ANY) == -1 && errno == ETIMEDOUT,
	      "FUTEX_WAIT_BITSET, absolute CLOCK_REALTIME: ETIMEDOUT");
	abs = (struct timespec){ 0, 1 };
	CHECK(syscall(SYS_futex, &w, FUTEX_WAIT_BITSET_PRIVATE, 5, &abs, NULL, FUTEX_BITSET_MATCH_ANY) == -1 &&
	      errno == ETIMEDOUT, "FUTEX_WAIT_BITSET with a deadline in the past: ETIMEDOUT");
	CHECK(syscall(SYS_futex, &w, FUTEX_WAIT_PRIVATE, 6, &rel, NULL, 0) == -1 && errno == EAGAIN,
	      "FUTEX_WAIT on a changed value: EAGAIN");
	CHECK(syscall(SYS_futex, &w, FUTEX_WAIT_BITSET_PRIVATE, 5, NULL, NULL, 0) == -1 && errno == EINVAL,
	      "FUTEX_WAIT_BITSET with bitset 0: EINVAL");
	CHECK(syscall(SYS_futex, (char *)&w + 1, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0) == -1 && errno == EINVAL,
	      "FUTEX_WAKE on a misaligned word: EINVAL");
	CHECK(syscall(SYS_futex, (uint32_t *)16, FUTEX_WAIT_PRIVATE, 0, NULL, NULL, 0) == -1 && errno == EFAULT,
	      "FUTEX_WAIT on an unmapped word: EFAULT");
	struct timespec badts = { 0, 1000000000 };
	CHECK(syscall(SYS_futex, &w, FUTEX_WAIT_PRIVATE, 5, &badts, NULL, 0) == -1 && errno == EINVAL,
	      "FUTEX_WAIT with tv_nsec = 1e9: EINVAL");
	CHECK_EQ(syscall(SYS_futex, &w, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0), 0, "FUTEX_WAKE with no waiter: 0");
}

/* ---- sleeping beside a running thread ------------------------------------------------------ */
static atomic_int spin_stop;

static void *spinner(void *arg)
{
	long n = 0;
	(void)arg;
	while (!atomic_load(&spin_stop))
		n++;
	return (void *)(long)(n > 0);
}

static void test_sleep(void)
{
	pthread_t t;
	pthread_create(&t, NULL, spinner, NULL);
	struct timespec ts = { 0, 5 * 1000 * 1000 }, t0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	nanosleep(&ts, NULL);
	CHECK(since(CLOCK_MONOTONIC, t0) >= 0.004, "nanosleep of 5 ms while another thread spins");
	atomic_store(&spin_stop, 1);
	void *r;
	pthread_join(t, &r);
	CHECK_EQ((long)r, 1, "the spinning thread ran meanwhile");
	CHECK_EQ(sched_yield(), 0, "sched_yield");
}

/* ---- pipes between threads: a blocking read waits for the other thread -------------------- */
static int pfd[2], qfd[2];

static void *pipe_peer(void *arg)
{
	(void)arg;
	struct timespec ts = { 0, 5 * 1000 * 1000 };
	nanosleep(&ts, NULL);            /* the main thread is in read() by now */
	for (int i = 0; i < 50; i++) {   /* ping-pong */
		char c = (char)('a' + i % 26);
		if (write(pfd[1], &c, 1) != 1 || read(qfd[0], &c, 1) != 1)
			return (void *)-1L;
	}
	static char chunk[4096];
	memset(chunk, 'x', sizeof chunk);   /* 50 writes that fit, the reader waiting in between */
	long done = 0;
	for (int i = 0; i < 50; i++) {
		if (write(pfd[1], chunk, sizeof chunk) != (ssize_t)sizeof chunk)
			return (void *)-2L;
		done += (long)sizeof chunk;
		if (i % 10 == 9)
			sched_yield();
	}
	close(pfd[1]);
	return (void *)done;
}

static void test_pipes(void)
{
	CHECK(pipe(pfd) == 0 && pipe(qfd) == 0, "pipe");
	pthread_t t;
	pthread_create(&t, NULL, pipe_peer, NULL);
	int ok = 1;
	for (int i = 0; i < 50; i++) {
		char c;
		ok &= read(pfd[0], &c, 1) == 1 && c == (char)('a' + i % 26);
		ok &= write(qfd[1], &c, 1) == 1;
	}
	CHECK(ok, "50 bytes ping-ponged between two threads over pipes");
	long got = 0;
	char buf[4096];
	ssize_t r;
	while ((r = read(pfd[0], buf, sizeof buf)) > 0)
		got += r;
	void *w;
	pthread_join(t, &w);
	CHECK_EQ(got, 50 * 4096, "50 x 4096 bytes through a pipe, then end of file");
	CHECK_EQ((long)w, 50 * 4096, "the writer wrote them all");
	close(pfd[0]);
	close(qfd[0]);
	close(qfd[1]);
}

/* ---- raw exit, robust mutexes ------------------------------------------------------------- */
static void *raw_exit(void *arg)
{
	(void)arg;
	syscall(SYS_exit, 0);   /* the thread only: no glibc cleanup, the kernel clears its tid */
	return NULL;
}

static pthread_mutex_t robust;

static void *die_holding(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&robust);
	return NULL;            /* ends holding it */
}

static void test_exit(void)
{
	pthread_t t;
	pthread_create(&t, NULL, raw_exit, NULL);
	CHECK_EQ(pthread_join(t, NULL), 0, "join a thread that used the exit system call");

	pthread_mutexattr_t a;
	pthread_mutexattr_init(&a);
	pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST);
	pthread_mutex_init(&robust, &a);
	pthread_create(&t, NULL, die_holding, NULL);
	pthread_join(t, NULL);
	CHECK_EQ(pthread_mutex_lock(&robust), EOWNERDEAD, "robust mutex of a dead owner: EOWNERDEAD");
	CHECK_EQ(pthread_mutex_consistent(&robust), 0, "pthread_mutex_consistent");
	pthread_mutex_unlock(&robust);
	CHECK_EQ(pthread_mutex_lock(&robust), 0, "and then locks normally");
	pthread_mutex_unlock(&robust);
}

/* ---- raw system calls: bad arguments, the other futex operations ------------------------- */
struct clone_args_v0 { uint64_t flags, pidfd, child_tid, parent_tid, exit_signal, stack, stack_size, tls; };

static void test_raw(void)
{
	CHECK(syscall(SYS_clone, 0x10000 /* CLONE_THREAD */ | 0x100, 0, 0, 0, 0) == -1 && errno == EINVAL,
	      "clone: CLONE_THREAD without CLONE_SIGHAND: EINVAL");
	CHECK(syscall(SYS_clone, 0x800 /* CLONE_SIGHAND */, 0, 0, 0, 0) == -1 && errno == EINVAL,
	      "clone: CLONE_SIGHAND without CLONE_VM: EINVAL");

	uint32_t w1 = 0, w2 = 1;
	/* FUTEX_OP(FUTEX_OP_ADD, 5, FUTEX_OP_CMP_EQ, 1) */
	CHECK_EQ(syscall(SYS_futex, &w1, FUTEX_WAKE_OP_PRIVATE, 1, 1, &w2, FUTEX_OP(FUTEX_OP_ADD, 5, FUTEX_OP_CMP_EQ, 1)), 0,
		 "FUTEX_WAKE_OP with no waiters: 0 woken");
	CHECK_EQ(w2, 6, "FUTEX_WAKE_OP added 5 to the second word");
	CHECK_EQ(syscall(SYS_futex, &w1, FUTEX_WAKE_OP_PRIVATE, 1, 1, &w2, FUTEX_OP(FUTEX_OP_OR, 8, FUTEX_OP_CMP_GT, 100)), 0,
		 "FUTEX_WAKE_OP OR");
	CHECK_EQ(w2, 14, "FUTEX_WAKE_OP or-ed 8 into the second word");
	CHECK(syscall(SYS_futex, &w1, FUTEX_CMP_REQUEUE_PRIVATE, 1, 1, &w2, 99) == -1 && errno == EAGAIN,
	      "FUTEX_CMP_REQUEUE with a different value: EAGAIN");
	CHECK_EQ(syscall(SYS_futex, &w1, FUTEX_CMP_REQUEUE_PRIVATE, 1, 1, &w2, 0), 0, "FUTEX_CMP_REQUEUE with no waiters: 0");
	CHECK(syscall(SYS_futex, &w1, FUTEX_CMP_REQUEUE_PRIVATE, -1, 1, &w2, 0) == -1 && errno == EINVAL,
	      "FUTEX_CMP_REQUEUE with a negative count: EINVAL");
	CHECK(syscall(SYS_futex, &w1, 77, 0, NULL, NULL, 0) == -1 && errno == ENOSYS, "futex operation 77: ENOSYS");
	CHECK(syscall(SYS_tkill, syscall(SYS_gettid), 65) == -1 && errno == EINVAL, "tkill with signal 65: EINVAL");
	CHECK(syscall(SYS_tkill, 0, SIGUSR1) == -1 && errno == EINVAL, "tkill to tid 0: EINVAL");
}

/* What QEMU 10 does not implement (clone3 and get/set_robust_list are ENOSYS there): the
 * expected values are Linux's (kernel/fork.c copy_clone_args_from_user, clone3_args_valid;
 * kernel/futex/syscalls.c). */
static void test_kernel_only(void)
{
	struct clone_args_v0 ca = { 0 };
	CHECK(syscall(SYS_clone3, &ca, 8) == -1 && errno == EINVAL, "clone3 with size 8: EINVAL");
	CHECK(syscall(SYS_clone3, (void *)16, sizeof ca) == -1 && errno == EFAULT, "clone3 with unmapped args: EFAULT");
	ca.flags = 0x10f00;   /* VM FS FILES SIGHAND THREAD */
	ca.exit_signal = SIGCHLD;
	CHECK(syscall(SYS_clone3, &ca, sizeof ca) == -1 && errno == EINVAL, "clone3: a thread with an exit signal: EINVAL");
	ca.exit_signal = 0;
	ca.stack = 0x1000;
	CHECK(syscall(SYS_clone3, &ca, sizeof ca) == -1 && errno == EINVAL, "clone3: a stack with no size: EINVAL");
	void *head;
	size_t len;
	CHECK_EQ(syscall(SYS_get_robust_list, 0, &head, &len), 0, "get_robust_list of this thread");
	CHECK_EQ(len, 24, "robust list head size");
	CHECK(head != NULL, "glibc registered a robust list head");
	CHECK(syscall(SYS_set_robust_list, head, 23) == -1 && errno == EINVAL, "set_robust_list with a bad size: EINVAL");
	CHECK(syscall(SYS_get_robust_list, 0x3ffffff0, &head, &len) == -1 && errno == ESRCH, "get_robust_list of a missing thread: ESRCH");
}

/* ---- modes that end the process ------------------------------------------------------------ */
static void *group_exit(void *arg)
{
	(void)arg;
	printf("thread calls exit(7)\n");
	fflush(stdout);
	exit(7);
}

static void *group_exit_late(void *arg)
{
	(void)arg;
	struct timespec ts = { 0, 10 * 1000 * 1000 };
	nanosleep(&ts, NULL);
	printf("the last thread returns after the main thread exited\n");
	return NULL;
}

static void *fault(void *arg)
{
	(void)arg;
	printf("thread dereferences NULL\n");
	fflush(stdout);
	return (void *)(long)*(volatile int *)0;
}

static pthread_mutex_t ma = PTHREAD_MUTEX_INITIALIZER, mb = PTHREAD_MUTEX_INITIALIZER;

static void *lock_b_then_a(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&mb);
	pthread_barrier_wait(&bar);
	pthread_mutex_lock(&ma);
	return NULL;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "all";
	setvbuf(stdout, NULL, _IOLBF, 0);
	pthread_t t;
	if (!strcmp(mode, "exit-group")) {
		pthread_create(&t, NULL, group_exit, NULL);
		pthread_join(t, NULL);
		return 1;
	}
	if (!strcmp(mode, "fault")) {
		pthread_create(&t, NULL, fault, NULL);
		pthread_join(t, NULL);
		return 1;
	}
	if (!strcmp(mode, "deadlock-self")) {
		pthread_mutex_lock(&ma);
		pthread_mutex_lock(&ma);
		return 1;
	}
	if (!strcmp(mode, "deadlock-timer")) {   /* a periodic timer whose signal nobody takes */
		signal(SIGALRM, SIG_IGN);
		struct itimerval it = { { 0, 1000 }, { 0, 1000 } };
		setitimer(ITIMER_REAL, &it, NULL);
		pthread_mutex_lock(&ma);
		pthread_mutex_lock(&ma);
		return 1;
	}
	if (!strcmp(mode, "deadlock-pair")) {
		pthread_barrier_init(&bar, NULL, 2);
		pthread_create(&t, NULL, lock_b_then_a, NULL);
		pthread_mutex_lock(&ma);
		pthread_barrier_wait(&bar);
		pthread_mutex_lock(&mb);
		return 1;
	}
	if (!strcmp(mode, "main-exit")) {   /* the main thread leaves first; the last one ends the process */
		pthread_create(&t, NULL, group_exit_late, NULL);
		pthread_exit(NULL);
	}
	if (!strcmp(mode, "exec")) {
		char *args[] = { "true", NULL };
		execv("/bin/true", args);
		printf("execve: %s\n", strerror(errno));
		return 0;
	}
	if (!strcmp(mode, "fork")) {
		pid_t p = fork();
		if (p == 0)
			_exit(0);
		printf("fork: %s\n", p < 0 ? strerror(errno) : "a child");
		if (p > 0)
			waitpid(p, NULL, 0);
		return 0;
	}
	if (!strcmp(mode, "kernel-only")) {
		test_kernel_only();
		return t_done();
	}
	test_mutex();
	test_cond();
	test_tls();
	test_detached();
	test_rwlock();
	test_signals();
	test_timeouts();
	test_sleep();
	test_pipes();
	test_exit();
	test_raw();
	return t_done();
}
