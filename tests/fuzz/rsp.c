/* Fuzz target: the GDB remote protocol, the byte stream from the debugger side. The stub
 * (src/gdb/stub.c, compiled into this target with its listen/accept replaced) serves one end
 * of a socket pair whose other end carries the input and is then closed; a thread drains the
 * replies. Byte 0: bit 0 sends the rest as it is (framing, acks, Ctrl-C, checksums), else each
 * line of it becomes one packet with its `$...#xx` framing and a correct checksum ('$', '#'
 * and '}' escaped); bit 1 debugs a bare-metal program (tests/fuzz/guest/insn_stub.S), else a
 * Linux one (syscall_stub.S). The program is bounded by 100000 instructions. */
#include "fuzz.h"
#include <pthread.h>
#include <sys/socket.h>
#include "karu64.h"

#define k64_rsp_listen fuzz_rsp_listen
#define k64_rsp_accept fuzz_rsp_accept
#define k64_gdb_run fuzz_gdb_run
#include "gdb/stub.c"

static int stub_fd = -1;

int fuzz_rsp_listen(struct k64_rsp *r, int port, char *err, size_t errlen)
{
	(void)port, (void)err, (void)errlen;
	memset(r, 0, sizeof *r);
	r->lfd = r->fd = -1;
	return 0;
}

int fuzz_rsp_accept(struct k64_rsp *r, char *err, size_t errlen)
{
	(void)err, (void)errlen;
	r->fd = stub_fd;
	return 0;
}

static void *drain(void *arg)
{
	int fd = *(int *)arg;
	char buf[65536];
	while (read(fd, buf, sizeof buf) > 0)
		;
	return NULL;
}

/* The input as the debugger's bytes into out (room for 3 * size + 4 per line). */
static size_t frame(const uint8_t *p, size_t n, uint8_t *out)
{
	size_t o = 0;
	for (size_t i = 0; i <= n;) {
		size_t j = i;
		while (j < n && p[j] != '\n')
			j++;
		uint8_t sum = 0;
		out[o++] = '$';
		for (size_t k = i; k < j; k++) {
			uint8_t c = p[k];
			if (c == '$' || c == '#' || c == '}') {
				out[o++] = '}';
				sum = (uint8_t)(sum + '}');
				c ^= 0x20;
			}
			out[o++] = c;
			sum = (uint8_t)(sum + c);
		}
		o += (size_t)sprintf((char *)out + o, "#%02x", sum);
		i = j + 1;
	}
	return o;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1 || size > 16384)
		return -1;
	int sv[2];
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv))
		abort();
	int big = 1 << 20;
	setsockopt(sv[1], SOL_SOCKET, SO_SNDBUF, &big, sizeof big);
	uint8_t *bytes = malloc(4 * size + 8);
	size_t n = data[0] & 1 ? size - 1 : frame(data + 1, size - 1, bytes);
	const uint8_t *send_p = data[0] & 1 ? data + 1 : bytes;
	for (size_t done = 0; done < n;) {
		ssize_t w = write(sv[1], send_p + done, n - done);
		if (w <= 0)
			abort();
		done += (size_t)w;
	}
	free(bytes);
	shutdown(sv[1], SHUT_WR);
	pthread_t th;
	if (pthread_create(&th, NULL, drain, &sv[1]))
		abort();
	bool bare = data[0] & 2;
	struct k64_config cfg = { 0 };
	cfg.mode = bare ? K64_MODE_BARE : K64_MODE_LINUX;
	cfg.mem_size = 4ull << 20;
	cfg.max_insns = 100000;
	cfg.pmp = 16;
	cfg.virtual_clock = true;
	cfg.no_semihosting = true;   /* the debugger's surface, not semihosting's */
	cfg.jail = getenv("KARU64_FUZZ_JAIL");
	char *envp[] = { NULL };
	cfg.envp = envp;
	const char *prog = fuzz_guest(bare ? "insn_stub.elf" : "syscall_stub");
	char err[256];
	struct k64_machine *m;
	if (k64_machine_create(&cfg, &m, err, sizeof err) ||
	    k64_machine_load(m, prog, 1, (char *[]){ "prog", NULL }, err, sizeof err))
		abort();
	stub_fd = sv[0];
	enum k64_status st;
	if (fuzz_gdb_run(m, 0, &st, err, sizeof err))
		abort();
	pthread_join(th, NULL);
	close(sv[1]);
	FUZZ_ASSERT(k64_get_x(m, 0) == 0, "x0 = 0x%llx", (unsigned long long)k64_get_x(m, 0));
	k64_machine_destroy(m);
	return 0;
}
