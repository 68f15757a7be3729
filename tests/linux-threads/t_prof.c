/* Two threads with their own call chains, for --profile: each thread's calls must stay on
 * its own stack (worker_a -> leaf_a, worker_b -> leaf_b), whatever the switches between them. */
#include <pthread.h>
#include <stdio.h>
__attribute__((noinline)) unsigned long leaf_a(unsigned long x) { for (int i = 0; i < 1000; i++) x = x * 3 + 1; return x; }
__attribute__((noinline)) unsigned long leaf_b(unsigned long x) { for (int i = 0; i < 1000; i++) x = x * 5 + 7; return x; }
__attribute__((noinline)) void *worker_a(void *a) { unsigned long s = 0; for (int i = 0; i < 3000; i++) s += leaf_a(s); return (void *)s; }
__attribute__((noinline)) void *worker_b(void *a) { unsigned long s = 0; for (int i = 0; i < 3000; i++) s += leaf_b(s); return (void *)s; }
int main(void) { pthread_t a, b; void *r1, *r2; pthread_create(&a, 0, worker_a, 0); pthread_create(&b, 0, worker_b, 0);
 pthread_join(a, &r1); pthread_join(b, &r2); printf("%lx\n", (unsigned long)r1 ^ (unsigned long)r2); return 0; }
