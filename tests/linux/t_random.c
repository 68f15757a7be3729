/* Prints getrandom bytes, the AT_RANDOM bytes and CLOCK_REALTIME seconds, for the determinism
 * checks of the test rules (same --seed: same output; other seed: different). */
#include <stdio.h>
#include <sys/auxv.h>
#include <sys/random.h>
#include <time.h>

int main(void)
{
	unsigned char b[16];
	const unsigned char *r = (const unsigned char *)getauxval(AT_RANDOM);
	if (getrandom(b, sizeof b, 0) != sizeof b)
		return 1;
	printf("getrandom ");
	for (int i = 0; i < 16; i++)
		printf("%02x", b[i]);
	printf("\nAT_RANDOM ");
	for (int i = 0; i < 16; i++)
		printf("%02x", r[i]);
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	printf("\nrealtime %lld\n", (long long)ts.tv_sec);
	return 0;
}
