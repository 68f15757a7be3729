/* The GDB remote serial protocol's transport (GDB manual, "Remote Protocol": "Overview",
 * "Packet Acknowledgment", "Interrupts"): one TCP connection on the loopback interface,
 * packets `$payload#checksum`, `+`/`-` acknowledgments until QStartNoAckMode, `}` escapes of
 * binary data, and the 0x03 byte that asks a running program to stop. */
#define _GNU_SOURCE   /* accept4 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include "gdb/gdb.h"

#define ERR(...) (snprintf(err, errlen, __VA_ARGS__), -1)

int k64_rsp_listen(struct k64_rsp *r, int port, char *err, size_t errlen)
{
	memset(r, 0, sizeof *r);
	r->fd = -1;
	r->lfd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (r->lfd < 0)
		return ERR("--gdb: cannot create a socket: %s", strerror(errno));
	int one = 1;
	setsockopt(r->lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);   /* not past a live listener */
	struct sockaddr_in a = { 0 };
	a.sin_family = AF_INET;
	a.sin_port = htons((uint16_t)port);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	socklen_t al = sizeof a;
	if (bind(r->lfd, (struct sockaddr *)&a, sizeof a) || listen(r->lfd, 1) ||
	    getsockname(r->lfd, (struct sockaddr *)&a, &al)) {
		int e = errno;
		close(r->lfd);
		r->lfd = -1;
		return ERR("--gdb: cannot listen on 127.0.0.1:%d: %s", port, strerror(e));
	}
	fprintf(stderr, "karu64: waiting for gdb on 127.0.0.1:%u\n", ntohs(a.sin_port));
	fflush(stderr);
	return 0;
}

int k64_rsp_accept(struct k64_rsp *r, char *err, size_t errlen)
{
	do
		r->fd = accept4(r->lfd, NULL, NULL, SOCK_CLOEXEC);
	while (r->fd < 0 && errno == EINTR);
	int e = errno;
	close(r->lfd);   /* one debugger per run */
	r->lfd = -1;
	if (r->fd < 0)
		return ERR("--gdb: accept: %s", strerror(e));
	int one = 1;
	setsockopt(r->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);   /* packets are small and waited for */
	return 0;
}

void k64_rsp_close(struct k64_rsp *r)
{
	if (r->fd >= 0)
		close(r->fd);
	if (r->lfd >= 0)
		close(r->lfd);
	r->fd = r->lfd = -1;
	r->closed = true;
}

/* Reads what is there into r->in (waiting for it when block); false once the peer closed. */
static bool fill(struct k64_rsp *r, bool block)
{
	if (r->closed)
		return false;
	ssize_t n;
	do
		n = recv(r->fd, r->in, sizeof r->in, block ? 0 : MSG_DONTWAIT);
	while (n < 0 && errno == EINTR);
	if (n < 0 && !block && (errno == EAGAIN || errno == EWOULDBLOCK))
		return true;
	if (n <= 0) {
		k64_rsp_close(r);
		return false;
	}
	r->inpos = 0;
	r->inlen = (size_t)n;
	return true;
}

static int getbyte(struct k64_rsp *r)
{
	while (r->inpos == r->inlen)
		if (!fill(r, true))
			return -1;
	return r->in[r->inpos++];
}

static void send_all(struct k64_rsp *r, const char *p, size_t n)
{
	while (n && !r->closed) {
		ssize_t w = send(r->fd, p, n, MSG_NOSIGNAL);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			k64_rsp_close(r);
			return;
		}
		p += w;
		n -= (size_t)w;
	}
}

static int hexval(int c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

int k64_rsp_get(struct k64_rsp *r, char *buf)
{
	for (;;) {
		int c;
		do   /* acks, and Ctrl-C bytes that came after the program stopped, are not packets */
			c = getbyte(r);
		while (c >= 0 && c != '$');
		if (c < 0)
			return -1;
		size_t n = 0;
		bool over = false;
		uint8_t sum = 0;
		while ((c = getbyte(r)) >= 0 && c != '#') {
			sum = (uint8_t)(sum + c);
			if (n < K64_RSP_MAX)
				buf[n++] = (char)c;
			else
				over = true;
		}
		int h1 = getbyte(r), h2 = h1 < 0 ? -1 : getbyte(r);
		if (h2 < 0)
			return -1;
		if (!r->noack && (hexval(h1) < 0 || hexval(h2) < 0 || (hexval(h1) << 4 | hexval(h2)) != sum)) {
			send_all(r, "-", 1);   /* the debugger sends it again */
			continue;
		}
		if (!r->noack)
			send_all(r, "+", 1);
		if (over)
			return -2;
		/* binary data (X packets): `}` escapes the next byte, XOR 0x20 */
		size_t j = 0;
		for (size_t i = 0; i < n; i++)
			buf[j++] = buf[i] == '}' && i + 1 < n ? (char)(buf[++i] ^ 0x20) : buf[i];
		buf[j] = 0;
		return (int)j;
	}
}

void k64_rsp_put(struct k64_rsp *r, const char *data, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	if (len > sizeof r->out - 4)
		len = sizeof r->out - 4;
	uint8_t sum = 0;
	r->out[0] = '$';
	for (size_t i = 0; i < len; i++) {
		r->out[1 + i] = data[i];
		sum = (uint8_t)(sum + (uint8_t)data[i]);
	}
	r->out[1 + len] = '#';
	r->out[2 + len] = hex[sum >> 4];
	r->out[3 + len] = hex[sum & 15];
	for (int tries = 0; tries < 10 && !r->closed; tries++) {
		send_all(r, r->out, len + 4);
		if (r->noack)
			return;
		int c;
		do   /* a 0x03 here is a Ctrl-C typed as the program stopped: nothing to interrupt */
			c = getbyte(r);
		while (c >= 0 && c != '+' && c != '-');
		if (c != '-')
			return;
	}
}

void k64_rsp_puts(struct k64_rsp *r, const char *s) { k64_rsp_put(r, s, strlen(s)); }

size_t k64_rsp_escape(const uint8_t *data, size_t len, char *out)
{
	size_t n = 0;
	for (size_t i = 0; i < len; i++) {
		uint8_t c = data[i];
		if (c == '$' || c == '#' || c == '}' || c == '*') {
			out[n++] = '}';
			c ^= 0x20;
		}
		out[n++] = (char)c;
	}
	return n;
}

bool k64_rsp_poll(struct k64_rsp *r)
{
	if (r->closed)
		return true;
	struct pollfd p = { r->fd, POLLIN, 0 };
	if (r->inpos == r->inlen) {
		if (poll(&p, 1, 0) <= 0)
			return r->interrupt;
		if (!fill(r, false))
			return true;
	}
	/* In all-stop mode the debugger sends nothing but 0x03 while the program runs. */
	for (; r->inpos < r->inlen; r->inpos++)
		if (r->in[r->inpos] == 0x03)
			r->interrupt = true;
	return r->interrupt || r->closed;
}
