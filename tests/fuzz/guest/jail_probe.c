/* The jail's test guest (tests/fuzz/jail_test.sh): under karu64's Linux user mode, tries every
 * kind of host file-system write on DIR (argv[1], which holds a file "victim"): create, mkdir,
 * unlink, rename, truncate, chmod, link, symlink. Prints one line per attempt and exits with the
 * number that succeeded. */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int done;

static void attempt(const char *what, int r)
{
	printf("%s %s\n", what, r == 0 ? "succeeded" : "failed");
	done += r == 0;
}

int main(int argc, char **argv)
{
	if (argc != 2)
		return 100;
	char a[512], b[512];
	snprintf(a, sizeof a, "%s/created", argv[1]);
	int fd = open(a, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	attempt("open(O_CREAT)", fd >= 0 ? (close(fd), 0) : -1);
	snprintf(a, sizeof a, "%s/newdir", argv[1]);
	attempt("mkdirat", mkdirat(AT_FDCWD, a, 0755));
	snprintf(a, sizeof a, "%s/victim", argv[1]);
	attempt("truncate", truncate(a, 1));
	attempt("fchmodat", fchmodat(AT_FDCWD, a, 0600, 0));
	snprintf(b, sizeof b, "%s/hardlink", argv[1]);
	attempt("linkat", linkat(AT_FDCWD, a, AT_FDCWD, b, 0));
	snprintf(b, sizeof b, "%s/symlink", argv[1]);
	attempt("symlinkat", symlinkat(a, AT_FDCWD, b));
	snprintf(b, sizeof b, "%s/renamed", argv[1]);
	attempt("renameat", renameat(AT_FDCWD, a, AT_FDCWD, b));
	attempt("unlinkat", unlinkat(AT_FDCWD, b, 0) && unlinkat(AT_FDCWD, a, 0));
	return done;
}
