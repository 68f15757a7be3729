/* File system calls on a temporary file under /tmp: open/openat, write, read, lseek (SET, CUR,
 * END, past the end), pread/pwrite, fstat/stat sizes, dup/dup2, ftruncate, stdio on top,
 * unlink, and the errno of calls that must fail. Nothing printed depends on the host (no
 * inode numbers, times or pids). */
#include "common.h"
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#define CHECK(expr) do { long _r = (long)(expr); printf("%-52s = %ld%s%s\n", #expr, _r, _r < 0 ? " errno " : "", _r < 0 ? strerror(errno) : ""); } while (0)

int main(void)
{
	/* A fresh name from mkstemp, never printed (runs of the corpus may overlap). */
	char path[] = "/tmp/karu64-diff-XXXXXX";
	close(mkstemp(path));
	unlink(path);
	int fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	printf("open ok %d\n", fd >= 3);
	char buf[4096];
	for (int i = 0; i < 4096; i++) buf[i] = (char)(i * 13 + 7);
	CHECK(write(fd, buf, 4096));
	CHECK(write(fd, "tail", 4));
	CHECK(lseek(fd, 0, SEEK_CUR));
	CHECK(lseek(fd, 100, SEEK_SET));
	char rb[256];
	CHECK(read(fd, rb, 200));
	printf("read matches %d\n", memcmp(rb, buf + 100, 200) == 0);
	CHECK(lseek(fd, -2, SEEK_END));
	CHECK(read(fd, rb, 100));
	printf("tail bytes %.2s\n", rb);
	CHECK(read(fd, rb, 100));
	CHECK(lseek(fd, 10000, SEEK_SET));
	CHECK(write(fd, "X", 1));
	struct stat st;
	CHECK(fstat(fd, &st));
	printf("size %lld regular %d mode %o\n", (long long)st.st_size, S_ISREG(st.st_mode), (unsigned)(st.st_mode & 0777));
	CHECK(pread(fd, rb, 5, 4094));
	printf("pread %02x %02x %.4s\n", (unsigned char)rb[0], (unsigned char)rb[1], rb + 2);
	CHECK(pwrite(fd, "PW", 2, 5000));
	CHECK(pread(fd, rb, 4, 4999));
	printf("hole and pwrite %02x %.2s %02x\n", (unsigned char)rb[0], rb + 1, (unsigned char)rb[3]);
	CHECK(ftruncate(fd, 1000));
	CHECK(fstat(fd, &st));
	printf("size after truncate %lld\n", (long long)st.st_size);
	struct iovec iov[2] = { { "vec", 3 }, { "tor", 3 } };
	CHECK(lseek(fd, 0, SEEK_SET));
	CHECK(writev(fd, iov, 2));
	int fd2 = dup(fd);
	CHECK(lseek(fd2, 0, SEEK_CUR));
	CHECK(close(fd2));
	CHECK(close(fd));
	CHECK(stat(path, &st));
	/* stdio on the same file. */
	FILE *f = fopen(path, "r+");
	printf("fopen ok %d\n", f != NULL);
	char line[16] = { 0 };
	printf("fread %zu [%.6s]\n", fread(line, 1, 6, f), line);
	fseek(f, 0, SEEK_END);
	fprintf(f, "\nline %d %s\n", 42, "text");
	printf("ftell %ld\n", ftell(f));
	rewind(f);
	int c, n = 0, nl = 0;
	while ((c = fgetc(f)) != EOF) { n++; nl += c == '\n'; }
	printf("fgetc count %d newlines %d\n", n, nl);
	fclose(f);
	CHECK(unlink(path));
	CHECK(open(path, O_RDONLY));
	CHECK(unlink(path));
	CHECK(close(12345));
	CHECK(read(-1, rb, 1));
	CHECK(open("/nonexistent-dir/x", O_RDONLY));
	CHECK(lseek(1000, 0, SEEK_SET));
	/* A directory and a pipe. */
	char dir[] = "/tmp/karu64-diff-dir-XXXXXX";
	close(mkstemp(dir));
	unlink(dir);
	CHECK(mkdir(dir, 0700));
	CHECK(stat(dir, &st));
	printf("is dir %d\n", S_ISDIR(st.st_mode));
	CHECK(rmdir(dir));
	int p[2];
	CHECK(pipe(p));
	CHECK(write(p[1], "through a pipe", 14));
	memset(rb, 0, sizeof rb);
	CHECK(read(p[0], rb, sizeof rb));
	printf("pipe [%s]\n", rb);
	close(p[0]); close(p[1]);
	/* stdin is /dev/null in the harness. */
	CHECK(read(0, rb, 10));
	/* Unbuffered write to stdout interleaves correctly only after a flush. */
	fflush(stdout);
	CHECK(write(1, "raw write\n", 10));
	return 0;
}
