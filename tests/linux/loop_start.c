/* A program that only loops: the base of the 32-bit RISC-V ELF the loader must reject. */
void _start(void) { for (;;) ; }
