#!/usr/bin/env python3
"""Builds RVC test cases for k64_rvc_expand with LLVM 19 as the independent oracle.

Writes lines "isa <string>" followed by "<hex16> <hex32> <note>" (expected expansion; 0 means
reserved/illegal).  Two sources:

  table  compressed instructions written by hand from the ISA manual's RVC chapter (and the
         Zcb/Zcmop chapters), assembled with clang-19 -march=rv64gc_zcb_zcmop_zba_zbb, paired
         with their 32-bit meanings assembled by clang-19 under `.option norvc`.
  sweep  every 16-bit word of quadrants 0-2, disassembled by llvm-objdump-19 for several
         extension sets; "<unknown>" means illegal, anything else is re-assembled without C
         (llvm-objdump prints the 32-bit equivalent unless no compress pattern exists).

Where LLVM 19 and the manual disagree the manual wins, and each rule is listed in EXCEPTIONS
and counted in the output:
  * 0x0000 prints as "unimp": the manual's "Defined Illegal Instruction" -> 0.
  * c.lui with nzimm = 0 decodes as "lui rd, 0x0" / "c.lui zero, 0x0" in LLVM 19; the manual
    (C.LUI: "the code points with nzimm=0 are reserved") says reserved; fixed upstream in
    llvm-project PR #133450 (after LLVM 19).
  * "mv rd, rs" is printed for c.mv, whose meaning the manual gives as add rd, x0, rs2
    (LLVM's uncompressed form is addi rd, rs, 0, equivalent but a different word).
  * HINT forms LLVM prints with their c. names are rewritten to the non-compressed form the
    manual's HINT table describes (c.nop imm -> addi x0, x0, imm, c.slli64 rd -> slli rd, rd, 0,
    ...).
  * c.mop.n: the Zcmop chapter defines it to write no register -> addi x0, x0, 0.

Usage: gen_rvc_cases.py OUT_FILE WORK_DIR
"""
import os
import re
import struct
import subprocess
import sys

CLANG = "clang-19"
OBJDUMP = "llvm-objdump-19"
OBJCOPY = "llvm-objcopy-19"

EXCEPTIONS = {"unimp": 0, "c.lui imm 0": 0, "mv -> add": 0, "hint rewrite": 0, "c.mop": 0}


def die(msg):
    print(f"gen_rvc_cases: error: {msg}", file=sys.stderr)
    sys.exit(2)


def run(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    return r


def assemble(lines, march, work, name, norvc):
    """Assembles lines, returns the .text bytes. Dies with the assembler's message on error."""
    src = os.path.join(work, name + ".s")
    obj = os.path.join(work, name + ".o")
    binf = os.path.join(work, name + ".bin")
    with open(src, "w") as f:
        f.write(".text\n")
        if norvc:
            f.write(".option norvc\n")
        for ln in lines:
            f.write(ln + "\n")
    r = run([CLANG, "--target=riscv64-linux-gnu", f"-march={march}", "-mno-relax", "-c",
             "-x", "assembler", src, "-o", obj])
    if r.returncode != 0:
        die(f"assembling {src} failed:\n{r.stderr[:3000]}")
    r = run([OBJCOPY, "-O", "binary", "--only-section=.text", obj, binf])
    if r.returncode != 0:
        die(f"objcopy failed: {r.stderr}")
    return open(binf, "rb").read()


# ---- hand-written table (ISA manual, RVC Instruction Set Listings) ----

XR = ["zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2", "a3",
      "a4", "a5", "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11",
      "t3", "t4", "t5", "t6"]
CR = XR[8:16]                      # rd'/rs1'/rs2' registers x8-x15
FR = [f"f{i}" for i in range(32)]
CFR = FR[8:16]
NZ = XR[1:]                        # x1..x31


def table():
    """(compressed asm, meaning in 32-bit asm) pairs."""
    t = []
    add = lambda c, e: t.append((c, e))
    for rd in CR:
        for imm in range(4, 1024, 4):
            add(f"c.addi4spn {rd}, sp, {imm}", f"addi {rd}, sp, {imm}")
    for rd in CR:
        for rs in CR:
            for off in range(0, 256, 8):
                add(f"c.ld {rd}, {off}({rs})", f"ld {rd}, {off}({rs})")
                add(f"c.sd {rd}, {off}({rs})", f"sd {rd}, {off}({rs})")
            for off in range(0, 128, 4):
                add(f"c.lw {rd}, {off}({rs})", f"lw {rd}, {off}({rs})")
                add(f"c.sw {rd}, {off}({rs})", f"sw {rd}, {off}({rs})")
            for off in range(4):
                add(f"c.lbu {rd}, {off}({rs})", f"lbu {rd}, {off}({rs})")
                add(f"c.sb {rd}, {off}({rs})", f"sb {rd}, {off}({rs})")
            for off in (0, 2):
                add(f"c.lhu {rd}, {off}({rs})", f"lhu {rd}, {off}({rs})")
                add(f"c.lh {rd}, {off}({rs})", f"lh {rd}, {off}({rs})")
                add(f"c.sh {rd}, {off}({rs})", f"sh {rd}, {off}({rs})")
            for op in ("sub", "xor", "or", "and", "subw", "addw", "mul"):
                add(f"c.{op} {rd}, {rs}", f"{op} {rd}, {rd}, {rs}")
    for fd in CFR:
        for rs in CR:
            for off in range(0, 256, 8):
                add(f"c.fld {fd}, {off}({rs})", f"fld {fd}, {off}({rs})")
                add(f"c.fsd {fd}, {off}({rs})", f"fsd {fd}, {off}({rs})")
    add("c.nop", "addi zero, zero, 0")
    for rd in NZ:
        for imm in range(-32, 32):
            if imm:
                add(f"c.addi {rd}, {imm}", f"addi {rd}, {rd}, {imm}")
            add(f"c.addiw {rd}, {imm}", f"addiw {rd}, {rd}, {imm}")
            add(f"c.li {rd}, {imm}", f"addi {rd}, zero, {imm}")
        if rd != "sp":
            for imm in list(range(1, 32)) + list(range(0xfffe0, 0x100000)):
                add(f"c.lui {rd}, {imm}", f"lui {rd}, {imm}")
        for sh in range(1, 64):
            add(f"c.slli {rd}, {sh}", f"slli {rd}, {rd}, {sh}")
        for off in range(0, 256, 4):
            add(f"c.lwsp {rd}, {off}(sp)", f"lw {rd}, {off}(sp)")
        for off in range(0, 512, 8):
            add(f"c.ldsp {rd}, {off}(sp)", f"ld {rd}, {off}(sp)")
        add(f"c.jr {rd}", f"jalr zero, 0({rd})")
        add(f"c.jalr {rd}", f"jalr ra, 0({rd})")
        for rs in NZ:
            add(f"c.mv {rd}, {rs}", f"add {rd}, zero, {rs}")
            add(f"c.add {rd}, {rs}", f"add {rd}, {rd}, {rs}")
    for rs in XR:
        for off in range(0, 256, 4):
            add(f"c.swsp {rs}, {off}(sp)", f"sw {rs}, {off}(sp)")
        for off in range(0, 512, 8):
            add(f"c.sdsp {rs}, {off}(sp)", f"sd {rs}, {off}(sp)")
    for fr in FR:
        for off in range(0, 512, 8):
            add(f"c.fldsp {fr}, {off}(sp)", f"fld {fr}, {off}(sp)")
            add(f"c.fsdsp {fr}, {off}(sp)", f"fsd {fr}, {off}(sp)")
    for imm in range(-512, 512, 16):
        if imm:
            add(f"c.addi16sp sp, {imm}", f"addi sp, sp, {imm}")
    for rd in CR:
        for sh in range(1, 64):
            add(f"c.srli {rd}, {sh}", f"srli {rd}, {rd}, {sh}")
            add(f"c.srai {rd}, {sh}", f"srai {rd}, {rd}, {sh}")
        for imm in range(-32, 32):
            add(f"c.andi {rd}, {imm}", f"andi {rd}, {rd}, {imm}")
        for off in range(-256, 256, 2):
            add(f"c.beqz {rd}, {off}", f"beq {rd}, zero, {off}")
            add(f"c.bnez {rd}, {off}", f"bne {rd}, zero, {off}")
        # Zcb unary forms (Zc* chapter): each is its Zbb/Zba/base 32-bit instruction
        add(f"c.zext.b {rd}", f"andi {rd}, {rd}, 255")
        add(f"c.sext.b {rd}", f"sext.b {rd}, {rd}")
        add(f"c.zext.h {rd}", f"zext.h {rd}, {rd}")
        add(f"c.sext.h {rd}", f"sext.h {rd}, {rd}")
        add(f"c.zext.w {rd}", f"add.uw {rd}, {rd}, zero")
        add(f"c.not {rd}", f"xori {rd}, {rd}, -1")
    for off in range(-2048, 2048, 2):
        add(f"c.j {off}", f"jal zero, {off}")
    add("c.ebreak", "ebreak")
    # HINTs (RVC chapter, HINT Instructions table): the non-compressed form of the same fields
    for imm in range(-32, 32):
        if imm:
            add(f"c.nop {imm}", f"addi zero, zero, {imm}")
        add(f"c.li zero, {imm}", f"addi zero, zero, {imm}")
    for rd in NZ:
        add(f"c.addi {rd}, 0", f"addi {rd}, {rd}, 0")
        add(f"c.slli64 {rd}", f"slli {rd}, {rd}, 0")
    for rd in CR:
        add(f"c.srli64 {rd}", f"srli {rd}, {rd}, 0")
        add(f"c.srai64 {rd}", f"srai {rd}, {rd}, 0")
    for sh in range(1, 64):
        add(f"c.slli zero, {sh}", f"slli zero, zero, {sh}")
    for rs in NZ:
        add(f"c.mv zero, {rs}", f"add zero, zero, {rs}")
        add(f"c.add zero, {rs}", f"add zero, zero, {rs}")
    for imm in list(range(1, 32)) + list(range(0xfffe0, 0x100000)):
        add(f"c.lui zero, {imm}", f"lui zero, {imm}")
    # Zcmop: c.mop.n writes no register (Zcmop chapter)
    for n in range(1, 16, 2):
        add(f"c.mop.{n}", "addi zero, zero, 0")
    return t


def table_cases(work):
    t = table()
    march = "rv64gc_zcb_zcmop_zba_zbb"
    cb = assemble([c for c, _ in t], march, work, "table_c", False)
    eb = assemble([e for _, e in t], "rv64g_zba_zbb", work, "table_e", True)
    if len(cb) != 2 * len(t) or len(eb) != 4 * len(t):
        die(f"table: got {len(cb)} compressed / {len(eb)} expanded bytes for {len(t)} instructions "
            "(an entry did not assemble to a 16-bit form?)")
    out = [f"isa {march}"]
    for i, (c, e) in enumerate(t):
        cw = struct.unpack_from("<H", cb, 2 * i)[0]
        ew = struct.unpack_from("<I", eb, 4 * i)[0]
        out.append(f"{cw:04x} {ew:08x} table: {c}")
    return out, len(t)


# ---- exhaustive sweep ----

HINT_RW = [
    (re.compile(r"^c\.nop\s+(\S+)$"), "addi zero, zero, {0}"),
    (re.compile(r"^c\.addi\s+(\w+),\s*(\S+)$"), "addi {0}, {0}, {1}"),
    (re.compile(r"^c\.li\s+(\w+),\s*(\S+)$"), "addi {0}, zero, {1}"),
    (re.compile(r"^c\.lui\s+(\w+),\s*(\S+)$"), "lui {0}, {1}"),
    (re.compile(r"^c\.mv\s+(\w+),\s*(\w+)$"), "add {0}, zero, {1}"),
    (re.compile(r"^c\.add\s+(\w+),\s*(\w+)$"), "add {0}, {0}, {1}"),
    (re.compile(r"^c\.slli\s+(\w+),\s*(\S+)$"), "slli {0}, {0}, {1}"),
    (re.compile(r"^c\.slli64\s+(\w+)$"), "slli {0}, {0}, 0"),
    (re.compile(r"^c\.srli64\s+(\w+)$"), "srli {0}, {0}, 0"),
    (re.compile(r"^c\.srai64\s+(\w+)$"), "srai {0}, {0}, 0"),
]


def lui_imm_zero(w):
    # C.LUI (funct3 011, quadrant 1, rd != x2) with nzimm[17] = nzimm[16:12] = 0
    return (w & 0xe003) == 0x6001 and ((w >> 7) & 31) != 2 and (w & 0x107c) == 0


def to_32bit_asm(w, addr, text):
    """Returns 32-bit asm for the disassembled text, None for illegal, or 'NOP' for c.mop."""
    text = text.split("<")[0].strip() if not text.startswith("<unknown>") else "<unknown>"
    if text == "<unknown>":
        return None
    if text == "unimp":
        EXCEPTIONS["unimp"] += 1
        return None
    if lui_imm_zero(w) and not text.startswith("c.mop"):
        EXCEPTIONS["c.lui imm 0"] += 1
        return None
    if text.startswith("c.mop."):
        EXCEPTIONS["c.mop"] += 1
        return "addi zero, zero, 0"
    m = re.match(r"^(j|beqz|bnez)\s+(?:(\w+),\s*)?(0x[0-9a-f]+)$", text)
    if m:   # objdump prints branch targets as addresses; the assembler wants offsets
        off = (int(m.group(3), 16) - addr + (1 << 63)) % (1 << 64) - (1 << 63)
        return f"{m.group(1)} {m.group(2) + ', ' if m.group(2) else ''}{off}"
    m = re.match(r"^mv\s+(\w+),\s*(\w+)$", text)
    if m:
        EXCEPTIONS["mv -> add"] += 1
        return f"add {m.group(1)}, zero, {m.group(2)}"
    if text.startswith("c."):
        mnem_args = re.sub(r"\s+", " ", text)
        for rx, fmt in HINT_RW:
            m = rx.match(mnem_args)
            if m:
                EXCEPTIONS["hint rewrite"] += 1
                g = list(m.groups())
                if fmt.startswith("lui"):   # c.lui prints the signed 6-bit field; lui takes imm[31:12]
                    g[1] = str(int(g[1], 0) & 0xfffff)
                return fmt.format(*g)
        die(f"no rule for LLVM's compressed-only text '{text}' (word {w:04x})")
    return text


def sweep(work, name, isa, mattr, march32):
    words = [w for w in range(65536) if w & 3 != 3]
    blob = os.path.join(work, f"sweep_{name}.bin")
    obj = os.path.join(work, f"sweep_{name}.o")
    with open(blob, "wb") as f:
        f.write(b"".join(struct.pack("<H", w) for w in words))
    r = run([OBJCOPY, "-I", "binary", "-O", "elf64-littleriscv",
             "--rename-section=.data=.text,code", blob, obj])
    if r.returncode != 0:
        die(f"objcopy: {r.stderr}")
    r = run([OBJDUMP, "-d", f"--mattr={mattr}", obj])
    if r.returncode != 0:
        die(f"objdump: {r.stderr}")
    dis = {}
    for ln in r.stdout.splitlines():
        m = re.match(r"^\s*([0-9a-f]+):\s+([0-9a-f]{4})\s+\t(.*)$", ln)
        if m:
            dis[int(m.group(1), 16)] = (int(m.group(2), 16), m.group(3).replace("\t", " ").strip())
    if len(dis) != len(words):
        die(f"sweep {name}: objdump printed {len(dis)} lines for {len(words)} words")
    rows, asm = [], []
    for i, w in enumerate(words):
        dw, text = dis[2 * i]
        if dw != w:
            die(f"sweep {name}: objdump out of step at {2 * i:#x}")
        a = to_32bit_asm(w, 2 * i, text)
        rows.append((w, a, text))
        if a is not None:
            asm.append(a)
    eb = assemble(asm, march32, work, f"sweep_{name}_e", True)
    if len(eb) != 4 * len(asm):
        die(f"sweep {name}: {len(eb)} bytes for {len(asm)} re-assembled instructions")
    out, k, valid = [f"isa {isa}"], 0, 0
    for w, a, text in rows:
        if a is None:
            out.append(f"{w:04x} 00000000 sweep-{name}: {text}")
        else:
            ew = struct.unpack_from("<I", eb, 4 * k)[0]
            k += 1
            valid += 1
            out.append(f"{w:04x} {ew:08x} sweep-{name}: {text}")
    print(f"gen_rvc_cases: sweep {name} ({isa}): {len(words)} words, {valid} valid, "
          f"{len(words) - valid} reserved/illegal")
    return out


SWEEPS = [
    # name, ISA string for k64_isa_parse, llvm-objdump --mattr, -march for re-assembly
    ("full", "rv64gc_zcb_zcmop_zba_zbb", "+m,+a,+f,+d,+c,+zcb,+zcmop,+zba,+zbb", "rv64g_zba_zbb"),
    ("imac", "rv64imac", "+m,+a,+c", "rv64ima"),
    ("gc", "rv64gc", "+m,+a,+f,+d,+c", "rv64g"),
    ("gc-zcb", "rv64gc_zcb", "+m,+a,+f,+d,+c,+zcb", "rv64g"),
    ("ic-zcb", "rv64ic_zcb", "+c,+zcb", "rv64i"),       # no M: c.mul is reserved
    ("g", "rv64g", "+m,+a,+f,+d", "rv64g"),             # no C at all
]


def main():
    if len(sys.argv) != 3:
        die("usage: gen_rvc_cases.py OUT_FILE WORK_DIR")
    out_file, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    for tool in (CLANG, OBJDUMP, OBJCOPY):
        if run(["sh", "-c", f"command -v {tool}"]).returncode != 0:
            die(f"{tool} not found (Debian packages clang-19 and llvm-19; run scripts/setup)")
    lines, n = table_cases(work)
    print(f"gen_rvc_cases: table: {n} hand-written compressed instructions")
    for s in SWEEPS:
        lines += sweep(work, *s)
    print("gen_rvc_cases: manual-over-LLVM rules applied: " +
          ", ".join(f"{k} x{v}" for k, v in EXCEPTIONS.items()))
    with open(out_file, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
