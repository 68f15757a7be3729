/* The path jail's escape probe (tests/limits/jail.py), run as `karu64 --jail=J t_escape OUT`
 * where OUT is a host folder outside J holding a file "victim", J holds a folder "in" with a
 * file "victim", and J/link_out is a symbolic link to OUT's host path. Each attempt to reach
 * OUT through `..`, symbolic links, /proc/self/fd or a directory descriptor must fail; the same
 * calls inside the jail succeed; paths read back (getcwd, readlink) are the guest's. Prints
 * "ok: ..." / "FAIL: ..." per check and "N passed, N failed" last. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int pass, fail;

static void check(int ok, const char *what)
{
	printf("%s: %s\n", ok ? "ok" : "FAIL", what);
	if (ok)
		pass++;
	else
		fail++;
}

/* r is a failed call (-1) with errno e (0: any errno) */
static int failed(long r, int e)
{
	return r < 0 && (!e || errno == e);
}

int main(int argc, char **argv)
{
	if (argc != 2)
		return 100;
	const char *out = argv[1];
	char p[1024], q[1024], buf[1024];
	long r;

	check(getcwd(buf, sizeof buf) && !strcmp(buf, "/"), "the guest starts at the jail's root");
	snprintf(p, sizeof p, "../../../../../../..%s/new", out);
	r = open(p, O_WRONLY | O_CREAT, 0644);
	check(failed(r, ENOENT), "open(O_CREAT) through .. above the root stays in the jail (ENOENT)");
	r = open("/link_out/new", O_WRONLY | O_CREAT, 0644);
	check(failed(r, ENOENT), "open(O_CREAT) through an absolute symbolic link stays in the jail");
	snprintf(p, sizeof p, "/link_out/../../../..%s/victim", out);
	r = open(p, O_WRONLY | O_TRUNC);
	check(failed(r, ENOENT), "open(O_TRUNC) through a symbolic link and .. stays in the jail");
	r = symlink("../../../../../../../../..", "/in/up");
	check(r == 0, "symlink of a relative link upwards (only text)");
	snprintf(p, sizeof p, "/in/up%s/victim", out);
	r = open(p, O_WRONLY | O_TRUNC);
	check(failed(r, ENOENT), "open(O_TRUNC) through a relative link upwards stays in the jail");
	r = truncate("/link_out/victim", 0);
	check(failed(r, ENOENT), "truncate through the link fails");
	r = unlink("/link_out/victim");
	check(failed(r, ENOENT), "unlink through the link fails");
	r = rename("/in/victim", "/link_out/stolen");
	check(failed(r, ENOENT), "rename to a name through the link fails");
	snprintf(p, sizeof p, "../../..%s/stolen", out);
	r = rename("/in/victim", p);
	check(failed(r, ENOENT), "rename to .. above the root fails");
	r = link("/in/victim", "/link_out/hard");
	check(failed(r, ENOENT), "link to a name through the link fails");
	r = mkdir("/link_out/dir", 0755);
	check(failed(r, ENOENT), "mkdir through the link fails");
	r = chmod("/link_out", 0);
	check(failed(r, ENOENT), "chmod of the link's target fails");
	r = symlink("x", "/link_out/sym");
	check(failed(r, ENOENT), "symlink through the link fails");
	int d = open("/in", O_RDONLY | O_DIRECTORY);
	check(d >= 0, "open a directory in the jail");
	snprintf(p, sizeof p, "../../../../..%s/victim", out);
	r = openat(d, p, O_WRONLY | O_TRUNC);
	check(failed(r, ENOENT), "openat from a directory descriptor through .. stays in the jail");
	r = unlinkat(d, p, 0);
	check(failed(r, ENOENT), "unlinkat from a directory descriptor through .. fails");
	r = open("/proc/self/fd/1", O_WRONLY | O_TRUNC);
	check(failed(r, 0), "reopening standard output (outside the jail) through /proc/self/fd fails");
	r = open("/proc/self/exe", O_WRONLY);
	check(failed(r, EACCES), "the program cannot be opened for writing (EACCES)");
	r = open("/proc/self/exe", O_RDONLY);
	check(r >= 0, "the program can be read");

	/* inside the jail everything works, and the guest sees its own paths */
	r = chdir("/in");
	check(r == 0 && getcwd(buf, sizeof buf) && !strcmp(buf, "/in"), "chdir /in: getcwd is /in");
	struct stat a, b;
	check(fstatat(AT_FDCWD, "", &a, AT_EMPTY_PATH) == 0 && stat("/in", &b) == 0 && a.st_ino == b.st_ino,
	      "fstatat(AT_FDCWD, \"\", AT_EMPTY_PATH) is the guest's working directory");
	r = chdir("../../../..");
	check(r == 0 && getcwd(buf, sizeof buf) && !strcmp(buf, "/"), "chdir .. above the root: getcwd is /");
	int f = open("in/ok", O_WRONLY | O_CREAT, 0644);
	check(f >= 0 && write(f, "ok\n", 3) == 3, "create in/ok relative to the working directory");
	snprintf(q, sizeof q, "/proc/self/fd/%d", f);
	r = readlink(q, buf, sizeof buf - 1);
	check(r == 6 && !memcmp(buf, "/in/ok", 6), "readlink /proc/self/fd/N gives the guest path /in/ok");
	close(f);
	r = readlink("/in/up", buf, sizeof buf - 1);
	check(r == 26 && !memcmp(buf, "../../../../../../../../..", 26), "readlink gives a link's text");
	r = mkdir("/in/../../../made", 0755);
	check(r == 0, "mkdir /in/../../../made (made at the jail's root)");
	struct stat st;
	check(stat("/made", &st) == 0 && S_ISDIR(st.st_mode), "stat /made");
	r = rename("/in/victim", "/made/victim");
	check(r == 0, "rename inside the jail");
	r = link("/made/victim", "/in/hard");
	check(r == 0, "link inside the jail");
	r = truncate("/in/hard", 3);
	check(r == 0 && stat("/made/victim", &st) == 0 && st.st_size == 3, "truncate inside the jail");
	r = chmod("/made/victim", 0600);
	check(r == 0 && stat("/made/victim", &st) == 0 && (st.st_mode & 0777) == 0600, "chmod inside the jail");
	r = symlink("/made/victim", "/in/abs");
	check(r == 0 && stat("/in/abs", &st) == 0 && st.st_size == 3,
	      "an absolute symbolic link made in the jail resolves in the jail");
	r = access("/in/abs", R_OK);
	check(r == 0, "access through it");
	r = unlink("/in/hard");
	check(r == 0, "unlink inside the jail");
	r = openat(d, "../made/victim", O_RDONLY);
	check(r >= 0, "openat from a directory descriptor with .. inside the jail");
	printf("%d passed, %d failed\n", pass, fail);
	return fail != 0;
}
