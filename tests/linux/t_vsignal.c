/* Vector state in the riscv64 signal frame (arch/riscv/include/uapi/asm/sigcontext.h): after
 * the FP state, a __riscv_ctx_hdr with RISCV_V_MAGIC (0x53465457) and the size
 * 8 + sizeof(struct __riscv_v_ext_state) (48) + 32 * vlenb, then the state {vstart, vl, vtype,
 * vcsr, vlenb, datap} with datap pointing at the 32 registers, then an END header (0, 0).
 * rt_sigreturn restores the registers from datap. */
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <ucontext.h>
#include "check.h"

#define V_MAGIC 0x53465457u

static volatile int hits;
static volatile uint32_t magic, size, end_magic, end_size;
static volatile uint64_t vl_seen, vlenb_seen, vtype_seen, v1_byte0, v1_last, datap_ok;

static void handler(int sig, siginfo_t *si, void *ctx)
{
	(void)sig, (void)si;
	ucontext_t *uc = ctx;
	/* The extension header sits in the last 8 bytes of the FP-state union. */
	uint8_t *fp = (uint8_t *)&uc->uc_mcontext.__fpregs;
	uint8_t *hdr = fp + 520;
	memcpy((void *)&magic, hdr, 4);
	memcpy((void *)&size, hdr + 4, 4);
	uint64_t *st = (uint64_t *)(hdr + 8);
	vl_seen = st[1];
	vtype_seen = st[2];
	vlenb_seen = st[4];
	uint8_t *data = (uint8_t *)(uintptr_t)st[5];
	datap_ok = data == (uint8_t *)(st + 6);
	v1_byte0 = data[1 * vlenb_seen];
	v1_last = data[2 * vlenb_seen - 1];
	memset(data + 2 * vlenb_seen, 0x77, vlenb_seen);   /* v2 := 0x77... on return */
	uint8_t *end = hdr + size;
	memcpy((void *)&end_magic, end, 4);
	memcpy((void *)&end_size, end + 4, 4);
	uc->uc_mcontext.__gregs[REG_PC] += 4;
	hits++;
}

int main(void)
{
	struct sigaction sa = { 0 };
	sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGILL, &sa, NULL);
	unsigned long vlenb, vl;
	static uint8_t out[512];
	__asm__ volatile(".option push\n.option arch, +v\n"
			 "csrr %0, vlenb\n"
			 "vsetvli %1, zero, e8, m1, ta, ma\n"
			 "vmv.v.i v1, 5\n"
			 "vmv.v.i v2, 0\n"
			 ".4byte 0xc0001073\n"            /* unimp -> SIGILL */
			 "vse8.v v2, (%2)\n"
			 ".option pop\n"
			 : "=&r"(vlenb), "=&r"(vl) : "r"(out) : "memory", "v1", "v2");
	CHECK_EQ(hits, 1, "handler ran");
	CHECK_EQ(magic, V_MAGIC, "vector context header magic");
	CHECK_EQ(size, 8 + 48 + 32 * vlenb, "vector context size");
	CHECK_EQ(vlenb_seen, vlenb, "saved vlenb");
	CHECK_EQ(vl_seen, vl, "saved vl");
	CHECK_EQ(vtype_seen & 0xff, 0xc0, "saved vtype (e8, m1, ta, ma)");
	CHECK(datap_ok, "datap points right after the state");
	CHECK(v1_byte0 == 5 && v1_last == 5, "v1 = 5 in the saved registers");
	CHECK(end_magic == 0 && end_size == 0, "END header after the vector context");
	int all = 1;
	for (unsigned long i = 0; i < vl; i++)
		all &= out[i] == 0x77;
	CHECK(all, "v2 restored from the edited frame");
	return t_done();
}
