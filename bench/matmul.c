/* Integer matrix multiply (int32 elements, 64-bit accumulation, i-k-j loop order): loads,
 * multiplies and adds in a tight inner loop. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 256 };
static int32_t A[N][N], B[N][N];
static int64_t C[N][N];

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 12;
	uint32_t x = 12345;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			x = x * 1103515245u + 12345u; A[i][j] = (int32_t)(x >> 8) % 1000 - 500;
			x = x * 1103515245u + 12345u; B[i][j] = (int32_t)(x >> 8) % 1000 - 500;
		}
	int64_t trace = 0;
	for (int r = 0; r < rounds; r++) {
		for (int i = 0; i < N; i++)
			for (int j = 0; j < N; j++) C[i][j] = 0;
		for (int i = 0; i < N; i++)
			for (int k = 0; k < N; k++) {
				int64_t a = A[i][k];
				for (int j = 0; j < N; j++) C[i][j] += a * B[k][j];
			}
		for (int i = 0; i < N; i++) trace += C[i][i];
		A[r % N][(r * 7) % N] += 1;
	}
	printf("trace %lld c[17][99] %lld\n", (long long)trace, (long long)C[17][99]);
	return 0;
}
