#!/usr/bin/env python3
"""Bad-input tests for the ELF loader (issue 2, "Bad input"): each malformed program must make
karu64 print exactly one line "karu64: error: ..." on stderr, nothing on stdout, and exit 125,
without crashing or hanging. Malformed ELFs are made by patching bytes of a good riscv64 ELF;
offsets are those of the ELF-64 specification (Elf64_Ehdr, Elf64_Phdr)."""
import argparse, os, struct, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import harness  # noqa: E402

EH = dict(type=16, machine=18, entry=24, phoff=32, flags=48, phentsize=54, phnum=56)
PT_LOAD, PT_INTERP = 1, 3


def phdrs(b):
    phoff, = struct.unpack_from('<Q', b, EH['phoff'])
    n, = struct.unpack_from('<H', b, EH['phnum'])
    return [(phoff + 56 * i,) + struct.unpack_from('<IIQQQQQQ', b, phoff + 56 * i) for i in range(n)]


def loads(b):
    return [p for p in phdrs(b) if p[1] == PT_LOAD]


def patch(b, off, fmt, val):
    b = bytearray(b)
    struct.pack_into(fmt, b, off, val)
    return bytes(b)


def cases(good, rv32, dyn):
    L = loads(good)
    first, second = L[0], L[1]
    # Elf64_Phdr fields relative to the header start: type 0, flags 4, offset 8, vaddr 16,
    # paddr 24, filesz 32, memsz 40, align 48.
    c = {}
    c['empty'] = b''
    c['text'] = b'#!/bin/sh\necho this is not an ELF file\n'
    c['truncated-header'] = good[:40]
    c['truncated-file'] = good[:len(good) // 2]
    c['x86-64'] = open('/bin/true', 'rb').read()
    c['riscv32'] = rv32
    c['dynamic'] = dyn
    c['big-endian'] = patch(good, 5, 'B', 2)
    c['machine-x86'] = patch(good, EH['machine'], '<H', 62)
    c['relocatable'] = patch(good, EH['type'], '<H', 1)
    c['phoff-outside'] = patch(good, EH['phoff'], '<Q', len(good) + 4096)
    c['phoff-overflow'] = patch(good, EH['phoff'], '<Q', 0xfffffffffffffff0)
    c['phnum-zero'] = patch(good, EH['phnum'], '<H', 0)
    c['phentsize'] = patch(good, EH['phentsize'], '<H', 32)
    c['segment-outside'] = patch(good, second[0] + 8, '<Q', len(good) + 8192)
    c['segment-size-outside'] = patch(good, second[0] + 32, '<Q', len(good) * 4)
    c['filesz-gt-memsz'] = patch(patch(good, first[0] + 40, '<Q', 16), first[0] + 32, '<Q', 32)
    # The first segment's memory size reaches into the second (addresses stay congruent).
    c['overlap'] = patch(good, first[0] + 40, '<Q', second[4] - first[4] + 4096)
    c['address-overflow'] = patch(good, second[0] + 40, '<Q', 0xfffffffffffff000)
    c['align-not-pow2'] = patch(good, first[0] + 48, '<Q', 0x3000)
    c['entry-outside'] = patch(good, EH['entry'], '<Q', 0x7000000000)
    c['interp-patched'] = patch(good, [p for p in phdrs(good) if p[1] not in (PT_LOAD,)][0][0], '<I', PT_INTERP)
    c['rve'] = patch(good, EH['flags'], '<I', struct.unpack_from('<I', good, EH['flags'])[0] | 8)
    return c


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--karu64', required=True)
    ap.add_argument('--good', required=True)
    ap.add_argument('--rv32', required=True)
    ap.add_argument('--dynamic', required=True)
    ap.add_argument('--out', required=True)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    good = open(a.good, 'rb').read()
    files = {'missing': os.path.join(a.out, 'does-not-exist'), 'directory': a.out}
    for name, data in cases(good, open(a.rv32, 'rb').read(), open(a.dynamic, 'rb').read()).items():
        p = os.path.join(a.out, name + '.elf')
        with open(p, 'wb') as f:
            f.write(data)
        os.chmod(p, 0o755)
        files[name] = p
    passed = failed = 0
    for name, path in files.items():
        r = harness.run([a.karu64, path], timeout=20)
        if r.status is None:
            ok, what = False, r.why
        else:
            err = r.err.decode(errors='replace').splitlines()
            ok = (r.status == 125 and len(err) == 1 and err[0].startswith('karu64: error: ')
                  and not r.out)
            what = f'exit {r.status}, stderr {err!r}'
        print(f"{'ok' if ok else 'FAIL'}: {name}: {what}")
        passed += ok
        failed += not ok
    # The unpatched program still runs (the patches, not the base file, cause the errors).
    r = harness.run([a.karu64, a.good], timeout=20)
    ok = r.status == 0
    print(f"{'ok' if ok else 'FAIL'}: unpatched program runs: exit {r.status}{' (' + r.why + ')' if r.why else ''}")
    passed += ok
    failed += not ok
    print(f'{passed} passed, {failed} failed')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
