/* A small virtual machine monitor on Linux's KVM API for riscv64 (Documentation/virt/kvm/api.rst),
 * run inside the simulated board (tests/kvm/, doc/board.md "KVM"): one vCPU, guest RAM at
 * 0x80000000, a Linux Image and an initramfs loaded as the RISC-V boot protocol asks
 * (Documentation/arch/riscv/boot.rst: a0 = hart id, a1 = the device tree, the Image at a 2 MiB
 * aligned address + text_offset, in S mode with the MMU off), a device tree written with libfdt,
 * and two devices served from MMIO exits: a polled ns16550a console (no interrupt controller
 * without AIA, so the guest's 8250 driver polls) and a sifive,test0 syscon whose 0x5555 powers
 * the guest off (Linux's syscon-poweroff; the SBI SRST extension is switched off so that the
 * guest uses it). The guest's SBI calls are KVM's (time, IPI, fences, HSM); any it forwards to
 * user space are answered SBI_ERR_NOT_SUPPORTED.
 *
 * usage: vmm [--mem MIB] [--append ARGS] IMAGE [INITRD]
 * Exit status: 0 when the guest powered off, 1 when it failed or reset (syscon 0x3333 / 0x7777,
 * SBI reset), 2 for bad usage or a KVM error (one line on stderr). */
#include <errno.h>
#include <fcntl.h>
#include <libfdt.h>
#include <linux/kvm.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define RAM_BASE   0x80000000ull
#define UART_BASE  0x10000000ull
#define UART_SIZE  0x100
#define TEST_BASE  0x100000ull
#define TEST_SIZE  0x1000
#define FDT_SIZE   0x10000
#define SBI_ERR_NOT_SUPPORTED (-2l)

static _Noreturn void fail(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("vmm: error: ", stderr);
	vfprintf(stderr, fmt, ap);
	if (errno)
		fprintf(stderr, ": %s", strerror(errno));
	fputc('\n', stderr);
	va_end(ap);
	exit(2);
}

struct vm {
	int kvm, vm, vcpu;
	uint8_t *ram;
	uint64_t ram_size;
	struct kvm_run *run;
	/* ns16550a registers (only what Linux's 8250 driver reads back) */
	uint8_t ier, lcr, mcr, scr, dll, dlm;
	bool thri;                           /* the THR-empty interrupt is pending (IIR shows it) */
	char line[256];
	size_t line_len;
};

/* ---- registers (KVM_{GET,SET}_ONE_REG, asm/kvm.h) --------------------------------------------- */

static uint64_t reg_id(uint64_t type, uint64_t index)
{
	return KVM_REG_RISCV | KVM_REG_SIZE_U64 | type | index;
}

static int get_reg(struct vm *v, uint64_t id, uint64_t *val)
{
	struct kvm_one_reg r = { .id = id, .addr = (uintptr_t)val };
	return ioctl(v->vcpu, KVM_GET_ONE_REG, &r);
}

static int set_reg(struct vm *v, uint64_t id, uint64_t val)
{
	struct kvm_one_reg r = { .id = id, .addr = (uintptr_t)&val };
	return ioctl(v->vcpu, KVM_SET_ONE_REG, &r);
}

/* ---- images ------------------------------------------------------------------------------------ */

static uint64_t load_file(struct vm *v, const char *path, uint64_t gpa, uint64_t limit)
{
	int fd = open(path, O_RDONLY);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) != 0)
		fail("%s", path);
	errno = 0;
	if (gpa < RAM_BASE || gpa > limit || (uint64_t)st.st_size > limit - gpa)
		fail("%s (%lld bytes) does not fit in guest RAM", path, (long long)st.st_size);
	uint8_t *p = v->ram + (gpa - RAM_BASE);
	for (off_t done = 0; done < st.st_size;) {
		ssize_t n = read(fd, p + done, st.st_size - done);
		if (n <= 0)
			fail("reading %s", path);
		done += n;
	}
	close(fd);
	return st.st_size;
}

/* The Image header (Documentation/arch/riscv/boot-image-header.rst): text_offset at 8, image_size
 * at 16, the magic "RSC\x05" at 56. Loaded at RAM + text_offset (RAM is 2 MiB aligned). */
static uint64_t load_image(struct vm *v, const char *path, uint64_t *end)
{
	uint8_t h[64];
	uint64_t text_offset, image_size;
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		fail("%s", path);
	errno = 0;
	if (pread(fd, h, sizeof h, 0) != sizeof h || memcmp(h + 56, "RSC\x05", 4) != 0)
		fail("%s is not a Linux/RISC-V Image", path);
	close(fd);
	memcpy(&text_offset, h + 8, 8);
	memcpy(&image_size, h + 16, 8);
	if (text_offset >= v->ram_size - FDT_SIZE)
		fail("%s: text_offset 0x%llx is beyond guest RAM", path, (unsigned long long)text_offset);
	uint64_t size = load_file(v, path, RAM_BASE + text_offset, RAM_BASE + v->ram_size);
	*end = RAM_BASE + text_offset + (image_size > size ? image_size : size);
	return RAM_BASE + text_offset;
}

/* ---- the device tree (Documentation/devicetree/bindings/riscv/cpus.yaml) ---------------------- */

#define FDT(call) do { if ((call) < 0) { errno = 0; fail("device tree: %s", #call); } } while (0)

static void fdt_reg(void *f, uint64_t base, uint64_t size)
{
	fdt64_t r[2] = { cpu_to_fdt64(base), cpu_to_fdt64(size) };
	FDT(fdt_property(f, "reg", r, sizeof r));
}

/* The ISA the vCPU has: config.isa's single letters (KVM clears H), and the multi-letter
 * extensions the guest kernel uses whose ISA_EXT register reads 1. */
static void fdt_isa(struct vm *v, void *f)
{
	static const struct { unsigned id; const char *name; } multi[] = {
		{ KVM_RISCV_ISA_EXT_SSTC, "sstc" }, { KVM_RISCV_ISA_EXT_SVPBMT, "svpbmt" },
		{ KVM_RISCV_ISA_EXT_ZICBOM, "zicbom" }, { KVM_RISCV_ISA_EXT_ZICBOZ, "zicboz" },
		{ KVM_RISCV_ISA_EXT_ZICNTR, "zicntr" }, { KVM_RISCV_ISA_EXT_ZICSR, "zicsr" },
		{ KVM_RISCV_ISA_EXT_ZIFENCEI, "zifencei" }, { KVM_RISCV_ISA_EXT_ZIHPM, "zihpm" },
		{ KVM_RISCV_ISA_EXT_ZBA, "zba" }, { KVM_RISCV_ISA_EXT_ZBB, "zbb" },
		{ KVM_RISCV_ISA_EXT_ZBS, "zbs" },
	};
	char isa[256] = "rv64", exts[512];
	size_t n = 0;
	uint64_t letters = 0, on;
	if (get_reg(v, reg_id(KVM_REG_RISCV_CONFIG, KVM_REG_RISCV_CONFIG_REG(isa)), &letters) != 0)
		fail("KVM_GET_ONE_REG config.isa");
	/* the single letters Linux knows, in the canonical order */
	for (const char *c = "imafdcv"; *c; c++) {
		if (letters & (1ull << (*c - 'a'))) {
			size_t l = strlen(isa);
			isa[l] = *c;
			isa[l + 1] = 0;
			n += snprintf(exts + n, sizeof exts - n, "%c", *c) + 1;
		}
	}
	for (size_t i = 0; i < sizeof multi / sizeof multi[0]; i++) {
		if (get_reg(v, reg_id(KVM_REG_RISCV_ISA_EXT, multi[i].id), &on) == 0 && on) {
			snprintf(isa + strlen(isa), sizeof isa - strlen(isa), "_%s", multi[i].name);
			n += snprintf(exts + n, sizeof exts - n, "%s", multi[i].name) + 1;
		}
	}
	FDT(fdt_property_string(f, "riscv,isa", isa));
	FDT(fdt_property_string(f, "riscv,isa-base", "rv64i"));
	FDT(fdt_property(f, "riscv,isa-extensions", exts, n));
	FDT(fdt_property_u32(f, "riscv,cbom-block-size", 64));
	FDT(fdt_property_u32(f, "riscv,cboz-block-size", 64));
}

static void make_fdt(struct vm *v, void *f, const char *append, uint64_t initrd, uint64_t initrd_size)
{
	uint64_t freq;
	if (get_reg(v, reg_id(KVM_REG_RISCV_TIMER, KVM_REG_RISCV_TIMER_REG(frequency)), &freq) != 0)
		fail("KVM_GET_ONE_REG timer.frequency");
	FDT(fdt_create(f, FDT_SIZE));
	FDT(fdt_finish_reservemap(f));
	FDT(fdt_begin_node(f, ""));
	FDT(fdt_property_u32(f, "#address-cells", 2));
	FDT(fdt_property_u32(f, "#size-cells", 2));
	FDT(fdt_property_string(f, "compatible", "karu64,kvm-guest"));
	FDT(fdt_property_string(f, "model", "karu64 KVM guest"));

	FDT(fdt_begin_node(f, "chosen"));
	FDT(fdt_property_string(f, "bootargs", append));
	FDT(fdt_property_string(f, "stdout-path", "/soc/serial@10000000"));
	if (initrd_size) {
		FDT(fdt_property_u64(f, "linux,initrd-start", initrd));
		FDT(fdt_property_u64(f, "linux,initrd-end", initrd + initrd_size));
	}
	FDT(fdt_end_node(f));

	FDT(fdt_begin_node(f, "cpus"));
	FDT(fdt_property_u32(f, "#address-cells", 1));
	FDT(fdt_property_u32(f, "#size-cells", 0));
	FDT(fdt_property_u32(f, "timebase-frequency", (uint32_t)freq));
	FDT(fdt_begin_node(f, "cpu@0"));
	FDT(fdt_property_string(f, "device_type", "cpu"));
	FDT(fdt_property_u32(f, "reg", 0));
	FDT(fdt_property_string(f, "compatible", "riscv"));
	FDT(fdt_property_string(f, "status", "okay"));
	FDT(fdt_property_string(f, "mmu-type", "riscv,sv39"));
	fdt_isa(v, f);
	FDT(fdt_begin_node(f, "interrupt-controller"));
	FDT(fdt_property_u32(f, "#interrupt-cells", 1));
	FDT(fdt_property(f, "interrupt-controller", NULL, 0));
	FDT(fdt_property_string(f, "compatible", "riscv,cpu-intc"));
	FDT(fdt_end_node(f));
	FDT(fdt_end_node(f));
	FDT(fdt_end_node(f));

	FDT(fdt_begin_node(f, "memory@80000000"));
	FDT(fdt_property_string(f, "device_type", "memory"));
	fdt_reg(f, RAM_BASE, v->ram_size);
	FDT(fdt_end_node(f));

	FDT(fdt_begin_node(f, "soc"));
	FDT(fdt_property_u32(f, "#address-cells", 2));
	FDT(fdt_property_u32(f, "#size-cells", 2));
	FDT(fdt_property_string(f, "compatible", "simple-bus"));
	FDT(fdt_property(f, "ranges", NULL, 0));
	FDT(fdt_begin_node(f, "serial@10000000"));
	FDT(fdt_property_string(f, "compatible", "ns16550a"));
	fdt_reg(f, UART_BASE, UART_SIZE);
	FDT(fdt_property_u32(f, "clock-frequency", 3686400));
	FDT(fdt_end_node(f));
	FDT(fdt_begin_node(f, "test@100000"));
	FDT(fdt_property(f, "compatible", "sifive,test1\0sifive,test0\0syscon", 33));
	fdt_reg(f, TEST_BASE, TEST_SIZE);
	FDT(fdt_property_u32(f, "phandle", 1));
	FDT(fdt_end_node(f));
	FDT(fdt_begin_node(f, "poweroff"));
	FDT(fdt_property_string(f, "compatible", "syscon-poweroff"));
	FDT(fdt_property_u32(f, "regmap", 1));
	FDT(fdt_property_u32(f, "offset", 0));
	FDT(fdt_property_u32(f, "value", 0x5555));
	FDT(fdt_end_node(f));
	FDT(fdt_begin_node(f, "reboot"));
	FDT(fdt_property_string(f, "compatible", "syscon-reboot"));
	FDT(fdt_property_u32(f, "regmap", 1));
	FDT(fdt_property_u32(f, "offset", 0));
	FDT(fdt_property_u32(f, "value", 0x7777));
	FDT(fdt_end_node(f));
	FDT(fdt_end_node(f));

	FDT(fdt_end_node(f));
	FDT(fdt_finish(f));
}

/* ---- devices ----------------------------------------------------------------------------------- */

static void console_flush(struct vm *v)
{
	if (v->line_len) {
		fwrite(v->line, 1, v->line_len, stdout);
		fflush(stdout);
		v->line_len = 0;
	}
}

/* ns16550a (the 8250 register set, offsets 0..7, one byte each): THR transmits at once, so LSR
 * always says THR and transmitter empty; nothing is ever received. There is no interrupt line,
 * but IIR still identifies the THR-empty interrupt while IER enables it (set by a THR write or
 * by enabling it, cleared by the IIR read that reports it, as a 16550 does): Linux's 8250 driver
 * without an IRQ polls IIR from a timer and sends the next bytes only when it reports THRI. */
static uint8_t uart_read(struct vm *v, unsigned off)
{
	bool dlab = v->lcr & 0x80;
	switch (off) {
	case 0: return dlab ? v->dll : 0;
	case 1: return dlab ? v->dlm : v->ier;
	case 2:                              /* IIR: FIFOs on; THRI (0x02) or none pending (0x01) */
		if (v->thri && (v->ier & 0x02)) {
			v->thri = false;
			return 0xc2;
		}
		return 0xc1;
	case 3: return v->lcr;
	case 4: return v->mcr;
	case 5: return 0x60;                 /* LSR: THRE | TEMT */
	case 6: return 0xb0;                 /* MSR: DCD, DSR, CTS */
	case 7: return v->scr;
	default: return 0;
	}
}

static void uart_write(struct vm *v, unsigned off, uint8_t val)
{
	bool dlab = v->lcr & 0x80;
	switch (off) {
	case 0:
		if (dlab) {
			v->dll = val;
		} else {
			v->thri = true;
			v->line[v->line_len++] = val;
			if (val == '\n' || v->line_len == sizeof v->line)
				console_flush(v);
		}
		break;
	case 1:
		if (dlab) {
			v->dlm = val;
		} else {
			if ((val & ~v->ier) & 0x02)
				v->thri = true;
			v->ier = val & 0x0f;
		}
		break;
	case 3: v->lcr = val; break;
	case 4: v->mcr = val; break;
	case 7: v->scr = val; break;
	default: break;
	}
}

/* Returns -1 to go on running, else the exit status. */
static int mmio(struct vm *v)
{
	struct kvm_run *r = v->run;
	uint64_t a = r->mmio.phys_addr, val = 0;
	unsigned len = r->mmio.len;
	if (r->mmio.is_write)
		memcpy(&val, r->mmio.data, len > 8 ? 8 : len);
	if (a >= UART_BASE && a < UART_BASE + UART_SIZE) {
		if (r->mmio.is_write)
			uart_write(v, a - UART_BASE, (uint8_t)val);
		else
			memset(r->mmio.data, uart_read(v, a - UART_BASE), len);   /* narrow reads */
		return -1;
	}
	if (a >= TEST_BASE && a < TEST_BASE + TEST_SIZE) {
		if (!r->mmio.is_write) {
			memset(r->mmio.data, 0, len);
			return -1;
		}
		console_flush(v);
		switch (val & 0xffff) {
		case 0x5555: fprintf(stderr, "vmm: the guest powered off\n"); return 0;
		case 0x3333: fprintf(stderr, "vmm: the guest failed, code %u\n", (unsigned)(val >> 16) & 0xffff); return 1;
		case 0x7777: fprintf(stderr, "vmm: the guest asked for a reboot\n"); return 1;
		default: return -1;
		}
	}
	/* nothing there: reads are zero, writes are dropped (as an unmapped bus) */
	if (!r->mmio.is_write)
		memset(r->mmio.data, 0, len);
	return -1;
}

static int run(struct vm *v)
{
	for (;;) {
		if (ioctl(v->vcpu, KVM_RUN, 0) != 0) {
			if (errno == EINTR || errno == EAGAIN)
				continue;
			fail("KVM_RUN");
		}
		int st = -1;
		switch (v->run->exit_reason) {
		case KVM_EXIT_MMIO:
			st = mmio(v);
			break;
		case KVM_EXIT_RISCV_SBI:
			v->run->riscv_sbi.ret[0] = SBI_ERR_NOT_SUPPORTED;
			v->run->riscv_sbi.ret[1] = 0;
			break;
		case KVM_EXIT_SYSTEM_EVENT:
			console_flush(v);
			if (v->run->system_event.type == KVM_SYSTEM_EVENT_SHUTDOWN) {
				fprintf(stderr, "vmm: the guest powered off (SBI)\n");
				return 0;
			}
			fprintf(stderr, "vmm: the guest stopped (system event %u)\n", v->run->system_event.type);
			return 1;
		case KVM_EXIT_INTR:
			break;
		default:
			console_flush(v);
			errno = 0;
			fail("unexpected exit reason %u", v->run->exit_reason);
		}
		if (st >= 0)
			return st;
	}
}

int main(int argc, char **argv)
{
	struct vm v = { .ram_size = 128ull << 20 };
	const char *append = "console=ttyS0", *image = NULL, *initrd = NULL;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--mem") && i + 1 < argc)
			v.ram_size = strtoull(argv[++i], NULL, 0) << 20;
		else if (!strcmp(argv[i], "--append") && i + 1 < argc)
			append = argv[++i];
		else if (argv[i][0] == '-' || (image && initrd))
			image = NULL, i = argc;
		else if (!image)
			image = argv[i];
		else
			initrd = argv[i];
	}
	errno = 0;
	if (!image || v.ram_size < (16ull << 20) || v.ram_size > (4ull << 30))
		fail("usage: vmm [--mem MIB (16..4096)] [--append ARGS] IMAGE [INITRD]");

	if ((v.kvm = open("/dev/kvm", O_RDWR | O_CLOEXEC)) < 0)
		fail("/dev/kvm");
	if (ioctl(v.kvm, KVM_GET_API_VERSION, 0) != KVM_API_VERSION)
		fail("KVM API version is not %d", KVM_API_VERSION);
	if ((v.vm = ioctl(v.kvm, KVM_CREATE_VM, 0)) < 0)
		fail("KVM_CREATE_VM");
	v.ram = mmap(NULL, v.ram_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (v.ram == MAP_FAILED)
		fail("guest RAM");
	struct kvm_userspace_memory_region mr = {
		.slot = 0, .guest_phys_addr = RAM_BASE, .memory_size = v.ram_size, .userspace_addr = (uintptr_t)v.ram,
	};
	if (ioctl(v.vm, KVM_SET_USER_MEMORY_REGION, &mr) != 0)
		fail("KVM_SET_USER_MEMORY_REGION");
	if ((v.vcpu = ioctl(v.vm, KVM_CREATE_VCPU, 0)) < 0)
		fail("KVM_CREATE_VCPU");
	int run_size = ioctl(v.kvm, KVM_GET_VCPU_MMAP_SIZE, 0);
	if (run_size <= 0)
		fail("KVM_GET_VCPU_MMAP_SIZE");
	v.run = mmap(NULL, run_size, PROT_READ | PROT_WRITE, MAP_SHARED, v.vcpu, 0);
	if (v.run == MAP_FAILED)
		fail("mmap of kvm_run");
	/* no SBI SRST: the guest powers off through the syscon (before the first KVM_RUN only) */
	if (set_reg(&v, reg_id(KVM_REG_RISCV_SBI_EXT, KVM_REG_RISCV_SBI_SINGLE | KVM_RISCV_SBI_EXT_SRST), 0) != 0)
		fail("switching SBI SRST off");

	/* the layout: the Image at 2 MiB (+ its text_offset), the device tree in the last 64 KiB,
	 * the initramfs below it (2 MiB aligned down) */
	uint64_t end, initrd_size = 0, initrd_at = 0;
	uint64_t fdt_at = RAM_BASE + v.ram_size - FDT_SIZE;
	uint64_t entry = load_image(&v, image, &end);
	if (initrd) {
		int fd = open(initrd, O_RDONLY);
		struct stat st;
		if (fd < 0 || fstat(fd, &st) != 0)
			fail("%s", initrd);
		close(fd);
		initrd_at = (fdt_at - st.st_size) & ~0x1fffffull;
		if (initrd_at < end || initrd_at > fdt_at) {
			errno = 0;
			fail("%s does not fit in guest RAM beside the kernel", initrd);
		}
		initrd_size = load_file(&v, initrd, initrd_at, fdt_at);
	}
	if (end > (initrd ? initrd_at : fdt_at)) {
		errno = 0;
		fail("%s does not fit in guest RAM", image);
	}
	make_fdt(&v, v.ram + (fdt_at - RAM_BASE), append, initrd_at, initrd_size);

	if (set_reg(&v, reg_id(KVM_REG_RISCV_CORE, KVM_REG_RISCV_CORE_REG(regs.pc)), entry) != 0 ||
	    set_reg(&v, reg_id(KVM_REG_RISCV_CORE, KVM_REG_RISCV_CORE_REG(regs.a0)), 0) != 0 ||
	    set_reg(&v, reg_id(KVM_REG_RISCV_CORE, KVM_REG_RISCV_CORE_REG(regs.a1)), fdt_at) != 0)
		fail("setting the boot registers");
	fprintf(stderr, "vmm: %llu MiB at 0x%llx, kernel 0x%llx, initrd 0x%llx (%llu bytes), device tree 0x%llx\n",
		(unsigned long long)(v.ram_size >> 20), RAM_BASE, (unsigned long long)entry,
		(unsigned long long)initrd_at, (unsigned long long)initrd_size, (unsigned long long)fdt_at);
	return run(&v);
}
