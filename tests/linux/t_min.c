/* The smallest useful program (the base of the malformed-ELF tests): exits 0. */
int main(void) { return 0; }
