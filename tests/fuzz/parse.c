/* Fuzz target: the parsers of configuration text. Byte 0 chooses one: the ISA string
 * (--isa), a model parameter assignment (--param NAME=VALUE), a parameter file (--param-file),
 * a device specification (--device NAME[,base=ADDR]); the rest is the text. Each must accept
 * it or refuse it with a one-line message, never crash. Byte 0's bit 7 also creates a machine
 * from the ISA string (the --vlen checks and the machine's own parsing of the configuration). */
#include "fuzz.h"
#include "karu64.h"
#include "core/isa.h"
#include "dev/bus.h"
#include "mem/mem.h"
#include "timing/timing.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1 || size > 65536)
		return -1;
	char *s = malloc(size);
	memcpy(s, data + 1, size - 1);
	s[size - 1] = 0;
	char err[256] = "";
	switch (data[0] & 3) {
	case 0: {
		struct k64_isa isa;
		if (k64_isa_parse(s, &isa, err, sizeof err))
			FUZZ_ASSERT(err[0] && !strchr(err, '\n'), "ISA error message '%s'", err);
		if (data[0] & 0x80) {
			struct k64_config cfg = { 0 };
			cfg.isa = s;
			struct k64_machine *m;
			if (!k64_machine_create(&cfg, &m, err, sizeof err))
				k64_machine_destroy(m);
		}
		break;
	}
	case 1: {
		struct k64_model *md = k64_model_new(data[0] & 4 ? "karu64-fpga" : "karu64-sim", err, sizeof err);
		if (!md)
			abort();
		for (char *p = s, *q; p; p = q) {   /* NUL-free text: one assignment per line */
			if ((q = strchr(p, '\n')))
				*q++ = 0;
			if (k64_model_set(md, p, err, sizeof err))
				FUZZ_ASSERT(err[0] && !strchr(err, '\n'), "param error message '%s'", err);
		}
		k64_model_validate(md, err, sizeof err);
		k64_model_free(md);
		break;
	}
	case 2: {
		struct k64_model *md = k64_model_new("karu64-sim", err, sizeof err);
		char path[32];
		int fd = fuzz_memfile(data + 1, size - 1, path);
		if (!md || fd < 0)
			abort();
		if (k64_model_set_file(md, path, err, sizeof err))
			FUZZ_ASSERT(err[0] && !strchr(err, '\n'), "param-file error message '%s'", err);
		close(fd);
		k64_model_free(md);
		break;
	}
	case 3: {
		struct k64_mem mem = { 0 };
		struct k64_bus bus;
		k64_bus_init(&bus, &mem);
		for (char *p = s, *q; p; p = q) {   /* one --device per line */
			if ((q = strchr(p, '\n')))
				*q++ = 0;
			if (k64_bus_add_device(&bus, p, err, sizeof err))
				FUZZ_ASSERT(err[0] && !strchr(err, '\n'), "device error message '%s'", err);
		}
		k64_bus_free(&bus);
		break;
	}
	}
	free(s);
	return 0;
}
