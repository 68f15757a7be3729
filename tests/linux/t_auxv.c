/* The initial process state: auxiliary vector and stack shape, checked against the ELF file
 * itself and the Linux ABI (include/uapi/linux/auxvec.h; AT_HWCAP holds bit (c - 'a') for each
 * single-letter extension, arch/riscv/kernel/cpufeature.c; riscv sends no AT_PLATFORM).
 * Usage: t_auxv [HWCAP-LETTERS VLENB-CHECK] — with arguments, also the karu64-specific values. */
#define _GNU_SOURCE
#include <elf.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/auxv.h>
#include <ucontext.h>
#include <unistd.h>
#include "check.h"

extern char _start[];
extern char **environ;

int main(int argc, char **argv)
{
	CHECK_EQ(getauxval(AT_PAGESZ), 4096, "AT_PAGESZ");
	CHECK_EQ(getauxval(AT_PHENT), sizeof(Elf64_Phdr), "AT_PHENT = sizeof(Elf64_Phdr)");
	CHECK_EQ(getauxval(AT_ENTRY), (uintptr_t)_start, "AT_ENTRY = _start");
	CHECK_EQ(getauxval(AT_SECURE), 0, "AT_SECURE");
	CHECK_EQ(getauxval(AT_UID), getuid(), "AT_UID = getuid()");
	CHECK_EQ(getauxval(AT_EGID), getegid(), "AT_EGID = getegid()");
	CHECK_EQ(getauxval(AT_CLKTCK), 100, "AT_CLKTCK");
	CHECK_EQ(getauxval(AT_BASE), 0, "AT_BASE (static program, no interpreter)");
	CHECK_EQ(getauxval(AT_PLATFORM), 0, "no AT_PLATFORM on riscv64");
	const char *execfn = (const char *)getauxval(AT_EXECFN);
	CHECK(execfn && strcmp(execfn, argv[0]) == 0, "AT_EXECFN = argv[0] (%s)", execfn ? execfn : "null");
	CHECK(getauxval(AT_RANDOM) != 0, "AT_RANDOM present");

	/* Program headers: AT_PHDR in memory equals the file's e_phoff bytes. */
	int fd = open("/proc/self/exe", O_RDONLY);
	Elf64_Ehdr eh;
	CHECK(fd >= 0 && read(fd, &eh, sizeof eh) == sizeof eh, "read own ELF header via /proc/self/exe");
	CHECK_EQ(getauxval(AT_PHNUM), eh.e_phnum, "AT_PHNUM = e_phnum");
	static Elf64_Phdr ph[64];
	size_t n = eh.e_phnum < 64 ? eh.e_phnum : 64;
	CHECK(pread(fd, ph, n * sizeof *ph, (off_t)eh.e_phoff) == (ssize_t)(n * sizeof *ph), "read program headers");
	CHECK(memcmp((void *)getauxval(AT_PHDR), ph, n * sizeof *ph) == 0, "AT_PHDR points at the program headers");
	close(fd);

	/* Stack shape: argc, argv..., NULL, envp..., NULL, auxv pairs; sp 16-byte aligned. */
	uintptr_t sp = (uintptr_t)(argv - 1);
	CHECK_EQ(sp % 16, 0, "initial sp (address of argc) is 16-byte aligned");
	CHECK_EQ(*(long *)sp, argc, "argc at sp");
	CHECK(argv[argc] == NULL, "argv NULL-terminated");
	char **envp = argv + argc + 1;
	CHECK(envp == environ, "envp follows argv");
	while (*envp)
		envp++;
	uint64_t *aux = (uint64_t *)(envp + 1);
	int count = 0, pagesz_seen = 0;
	for (; aux[0] != AT_NULL && count < 64; aux += 2, count++) {
		if (aux[0] == AT_PAGESZ)
			pagesz_seen = aux[1] == 4096;
		if (aux[0] == AT_PLATFORM)
			CHECK(0, "AT_PLATFORM in auxv");
	}
	CHECK(count > 10 && count < 64 && pagesz_seen, "auxv follows envp, %d entries before AT_NULL", count);

	/* /proc/self/auxv holds the same pairs; /proc/self/cmdline the argv strings. */
	static uint64_t file_aux[256];
	int afd = open("/proc/self/auxv", O_RDONLY);
	ssize_t an = afd >= 0 ? read(afd, file_aux, sizeof file_aux) : -1;
	uint64_t *mem_aux = (uint64_t *)(envp + 1);
	CHECK(an == (ssize_t)(16 * (count + 1)) && memcmp(file_aux, mem_aux, (size_t)an) == 0,
	      "/proc/self/auxv = the auxv on the stack (%zd bytes)", an);
	static char cmd[4096], want_cmd[4096];
	int cfd = open("/proc/self/cmdline", O_RDONLY);
	ssize_t cn = cfd >= 0 ? read(cfd, cmd, sizeof cmd) : -1;
	size_t wn = 0;
	for (int i = 0; i < argc; i++) {
		size_t l = strlen(argv[i]) + 1;
		memcpy(want_cmd + wn, argv[i], l);
		wn += l;
	}
	CHECK(cn == (ssize_t)wn && memcmp(cmd, want_cmd, wn) == 0, "/proc/self/cmdline = argv (%zd bytes)", cn);

	if (argc >= 2) {
		unsigned long want = 0;
		for (const char *c = argv[1]; *c; c++)
			want |= 1ul << (*c - 'a');
		CHECK_EQ(getauxval(AT_HWCAP), want, "AT_HWCAP single-letter bits");
		/* AT_MINSIGSTKSZ = the signal frame size (arch/riscv/kernel/signal.c
		 * get_rt_frame_size): siginfo + ucontext, plus with V a context header, the
		 * 48-byte __riscv_v_ext_state, 32 registers of vlenb bytes and an END header. */
		unsigned long frame = sizeof(siginfo_t) + sizeof(ucontext_t);
		if (want & (1ul << ('v' - 'a'))) {
			unsigned long vlenb;
			__asm__ volatile(".option push\n.option arch, +v\ncsrr %0, vlenb\n.option pop" : "=r"(vlenb));
			frame += 8 + 48 + 32 * vlenb + 8;
		}
		frame = (frame + 15) & ~15ul;
		CHECK_EQ(getauxval(AT_MINSIGSTKSZ), frame, "AT_MINSIGSTKSZ = rt signal frame size");
	}
	return t_done();
}
