/* /opt/karu64/karu64-checkpoint on the Debian image: asks karu64 for a checkpoint (doc/board.md,
 * "Checkpoints") by writing 0x4350 to the board's syscon, as the initramfs's busybox devmem does
 * (the image has no devmem). Root only (/dev/mem). */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

#define SYSCON 0x100000ul
#define CHECKPOINT 0x4350u

int main(void)
{
	int fd = open("/dev/mem", O_RDWR | O_SYNC);
	if (fd < 0) {
		perror("karu64-checkpoint: /dev/mem");
		return 1;
	}
	volatile uint32_t *r = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, SYSCON);
	if (r == MAP_FAILED) {
		perror("karu64-checkpoint: mmap of the syscon");
		return 1;
	}
	*r = CHECKPOINT;
	munmap((void *)r, 4096);
	close(fd);
	return 0;
}
