/* A static PIE without libc (ET_DYN, no PT_INTERP): writes one line through PC-relative
 * addressing and exits 0, so the loader's bias and entry point are exercised. */
__attribute__((used)) static const char msg[] = "static-pie ok\n";

__attribute__((naked, noreturn)) void _start(void)
{
	__asm__ volatile(
		"li a0, 1\n"
		"lla a1, %0\n"
		"li a2, 14\n"
		"li a7, 64\n"      /* write */
		"ecall\n"
		"li a0, 0\n"
		"li a7, 93\n"      /* exit */
		"ecall\n" : : "i"(msg));
}
