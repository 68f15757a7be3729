/* What an absolute path means under a guest root (-L DIR, QEMU_LD_PREFIX): the root's file when
 * it has one, otherwise the host's. For each argument prints what open/read, access, stat and
 * readlink see; run.sh compares the output with QEMU's and with the expected contents. Linked
 * with libm (cbrt) so that it also needs a second library. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	volatile double eight = 8.0;
	printf("cbrt(8) = %g\n", cbrt(eight));
	for (int i = 1; i < argc; i++) {
		const char *p = argv[i];
		char buf[128] = "";
		int fd = open(p, O_RDONLY);
		if (fd >= 0) {
			ssize_t n = read(fd, buf, sizeof buf - 1);
			buf[n > 0 ? n : 0] = 0;
			buf[strcspn(buf, "\n")] = 0;
			close(fd);
			printf("%s: open: \"%s\"", p, buf);
		} else {
			printf("%s: open: errno %d", p, errno);
		}
		struct stat st;
		printf(", access %d", access(p, R_OK));
		printf(", stat %s", stat(p, &st) ? "fails" : S_ISDIR(st.st_mode) ? "dir" : "file");
		if (!stat(p, &st) && S_ISREG(st.st_mode))
			printf(" of %lld bytes", (long long)st.st_size);
		ssize_t n = readlink(p, buf, sizeof buf - 1);
		buf[n > 0 ? n : 0] = 0;
		printf(", readlink %s\n", n > 0 ? buf : "fails");
	}
	return 0;
}
