/* An LR/SC reservation does not survive a thread switch: like Linux, which clears it on every
 * return to user mode, karu64 drops it when another thread takes the hart. Run with
 * --thread-quantum=1000: an LR ... SC pair 20000 instructions apart fails while another thread
 * is runnable, succeeds when it is the only thread, and a short pair right after sched_yield
 * (a fresh quantum) succeeds. QEMU implements SC as a compare-and-swap and never fails these,
 * so the expectations come from that rule, checked by this program itself. */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include "../linux/check.h"

static long lrsc_with_gap(volatile long *p, long gap)
{
	long fail;
	__asm__ volatile("lr.d t0, (%1)\n"
			 "mv t1, %2\n"
			 "1: addi t1, t1, -1\n"
			 "bnez t1, 1b\n"
			 "addi t0, t0, 1\n"
			 "sc.d %0, t0, (%1)\n"
			 : "=&r"(fail) : "r"(p), "r"(gap) : "t0", "t1", "memory");
	return fail;
}

static atomic_int stop;

static void *spin(void *arg)
{
	(void)arg;
	while (!atomic_load(&stop))
		;
	return NULL;
}

int main(void)
{
	static volatile long word;
	CHECK_EQ(lrsc_with_gap(&word, 10000), 0, "one thread: SC 20000 instructions after LR succeeds");
	CHECK_EQ(word, 1, "... and stored");
	pthread_t t;
	pthread_create(&t, NULL, spin, NULL);
	sched_yield();
	CHECK_EQ(lrsc_with_gap(&word, 10), 0, "two runnable threads, a short pair in a fresh quantum: succeeds");
	CHECK_EQ(lrsc_with_gap(&word, 10000), 1, "two runnable threads, a switch between LR and SC: SC fails");
	CHECK_EQ(word, 2, "... and did not store");
	atomic_store(&stop, 1);
	pthread_join(t, NULL);
	return t_done();
}
