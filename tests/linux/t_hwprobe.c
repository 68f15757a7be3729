/* riscv_hwprobe (system call 258) against the kernel's uapi asm/hwprobe.h key and bit values.
 * Usage: t_hwprobe full|gc  — "full": the default Karu64 profile; "gc": --isa=rv64gc_zba_zbb_zbs_zicond. */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "check.h"

struct pair { int64_t key; uint64_t value; };

#define KEY_MVENDORID 0
#define KEY_BASE_BEHAVIOR 3
#define KEY_IMA_EXT_0 4
#define KEY_CPUPERF_0 5
#define KEY_ZICBOZ_BLOCK_SIZE 6
#define KEY_MISALIGNED_SCALAR_PERF 9
#define BIT(n) (1ull << (n))
#define IMA_FD BIT(0)
#define IMA_C BIT(1)
#define IMA_V BIT(2)
#define EXT_ZBA BIT(3)
#define EXT_ZBB BIT(4)
#define EXT_ZBS BIT(5)
#define EXT_ZICBOZ BIT(6)
#define EXT_ZBC BIT(7)
#define EXT_ZVBB BIT(17)
#define EXT_ZVBC BIT(18)
#define EXT_ZVKB BIT(19)
#define EXT_ZVKG BIT(20)
#define EXT_ZVKNED BIT(21)
#define EXT_ZVKNHA BIT(22)
#define EXT_ZVKNHB BIT(23)
#define EXT_ZVKT BIT(26)
#define EXT_ZFA BIT(32)
#define EXT_ZICOND BIT(35)
#define EXT_ZTSO BIT(33)
#define EXT_ZACAS BIT(34)

static long hwprobe(struct pair *p, long n, long setsize, void *cpus, unsigned flags)
{
	return syscall(258, p, n, setsize, cpus, flags);
}

int main(int argc, char **argv)
{
	int full = argc > 1 && strcmp(argv[1], "full") == 0;
	struct pair p[] = {
		{KEY_MVENDORID, 99}, {KEY_BASE_BEHAVIOR, 0}, {KEY_IMA_EXT_0, 0}, {KEY_CPUPERF_0, 0},
		{KEY_ZICBOZ_BLOCK_SIZE, 0}, {KEY_MISALIGNED_SCALAR_PERF, 0}, {9999, 77},
	};
	CHECK_EQ(hwprobe(p, 7, 0, NULL, 0), 0, "riscv_hwprobe returns 0");
	CHECK_EQ(p[0].value, 0, "MVENDORID");
	CHECK_EQ(p[1].value, 1, "BASE_BEHAVIOR = IMA");
	uint64_t mask = IMA_FD | IMA_C | IMA_V | EXT_ZBA | EXT_ZBB | EXT_ZBS | EXT_ZICBOZ | EXT_ZBC |
			EXT_ZVBB | EXT_ZVBC | EXT_ZVKB | EXT_ZVKG | EXT_ZVKNED | EXT_ZVKNHA | EXT_ZVKNHB |
			EXT_ZVKT | EXT_ZFA | EXT_ZICOND | EXT_ZTSO | EXT_ZACAS;
	uint64_t want = full ? mask & ~(EXT_ZTSO | EXT_ZACAS)
			     : IMA_FD | IMA_C | EXT_ZBA | EXT_ZBB | EXT_ZBS | EXT_ZICOND;
	CHECK_EQ(p[2].value & mask, want, "IMA_EXT_0 bits of the configured extensions");
	CHECK_EQ(p[3].value & 7, 3, "CPUPERF_0 misaligned = FAST");
	CHECK_EQ(p[5].value, 3, "MISALIGNED_SCALAR_PERF = FAST");
	CHECK(p[6].key == -1 && p[6].value == 0, "unknown key: key = -1, value 0");
	if (full) {
		CHECK_EQ(p[4].value, 64, "ZICBOZ_BLOCK_SIZE");
		/* cbo.zero must clear exactly that many bytes. */
		static unsigned char buf[256] __attribute__((aligned(256)));
		memset(buf, 0xff, sizeof buf);
		__asm__ volatile(".option push\n.option arch, +zicboz\ncbo.zero (%0)\n.option pop" : : "r"(buf + 64) : "memory");
		int zeroed = 0;
		for (int i = 0; i < 256; i++)
			zeroed += buf[i] == 0;
		CHECK(zeroed == 64 && buf[63] == 0xff && buf[64] == 0 && buf[127] == 0 && buf[128] == 0xff,
		      "cbo.zero cleared %d bytes, the advertised block", zeroed);
	}
	unsigned long cpus = 1;
	struct pair q = {KEY_IMA_EXT_0, 0};
	CHECK_EQ(hwprobe(&q, 1, sizeof cpus, &cpus, 0), 0, "hwprobe with cpu set {0}");
	unsigned long none = 0;
	CHECK(hwprobe(&q, 1, sizeof none, &none, 0) == -1 && errno == EINVAL, "empty cpu set: EINVAL");
	CHECK(hwprobe(&q, 1, 0, NULL, 4) == -1 && errno == EINVAL, "unknown flags: EINVAL");
	CHECK(hwprobe((struct pair *)16, 1, 0, NULL, 0) == -1 && errno == EFAULT, "bad pairs pointer: EFAULT");
	return t_done();
}
