/* Vector state across a system call: prints vl, vtype.vill and a byte of v1 after getpid.
 * Linux (arch/riscv/include/asm/vector.h, riscv_v_vstate_discard) sets every register byte to
 * 0xff, vtype to vill and vl to 0 at system-call entry; without discarding, v1 keeps 5. */
#include <stdio.h>
#include <sys/syscall.h>

int main(void)
{
	unsigned long vl, vtype;
	static unsigned char out[64];
	__asm__ volatile(".option push\n.option arch, +v\n"
			 "vsetvli t0, zero, e8, m1, ta, ma\n"
			 "vmv.v.i v1, 5\n"
			 "li a7, %3\n"
			 "ecall\n"
			 "csrr %0, vl\n"
			 "csrr %1, vtype\n"
			 "vsetvli t0, zero, e8, m1, ta, ma\n"
			 "vse8.v v1, (%2)\n"
			 ".option pop\n"
			 : "=&r"(vl), "=&r"(vtype) : "r"(out), "i"(SYS_getpid) : "t0", "a0", "a7", "v1", "memory");
	printf("vl=%lu vill=%lu v1=%02x\n", vl, vtype >> 63, out[0]);
	return 0;
}
