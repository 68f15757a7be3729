#!/usr/bin/env python3
"""Writes the riscv64 guest program of the FP oracle test (see guest_main.h): one function per
instruction and rounding-mode variant, written in assembler mnemonics so that clang's encoder,
not karu64's table, decides the instruction words.  Usage: gen_guest.py OUT.c"""
import sys

RMS = ["rne", "rtz", "rdn", "rup", "rmm", "dyn"]

# (assembler text with {rm} where a rounding mode goes, operand kinds, flags)
ops = []


def op(text, kinds, flags=""):
    ops.append((text, kinds, flags))


for s, k in (("s", "s"), ("d", "d")):
    for o in ("fadd", "fsub", "fmul", "fdiv"):
        op(f"{o}.{s} fa3, fa0, fa1{{rm}}", k + k + "-", "R")
    op(f"fsqrt.{s} fa3, fa0{{rm}}", k + "--", "R")
    for o in ("fmadd", "fmsub", "fnmsub", "fnmadd"):
        op(f"{o}.{s} fa3, fa0, fa1, fa2{{rm}}", k * 3, "RA")
    for o in ("fsgnj", "fsgnjn", "fsgnjx", "fmin", "fmax", "fminm", "fmaxm"):
        op(f"{o}.{s} fa3, fa0, fa1", k + k + "-")
    for o in ("feq", "flt", "fle", "fleq", "fltq"):
        op(f"{o}.{s} a3, fa0, fa1", k + k + "-")
    op(f"fclass.{s} a3, fa0", k + "--")
    for i in ("w", "wu", "l", "lu"):
        op(f"fcvt.{i}.{s} a3, fa0{{rm}}", k + "--", "R")
        op(f"fcvt.{s}.{i} fa3, a0{{rm}}", "x--", "R")
    op(f"fround.{s} fa3, fa0{{rm}}", k + "--", "R")
    op(f"froundnx.{s} fa3, fa0{{rm}}", k + "--", "R")
for to, frm in (("s", "d"), ("d", "s"), ("s", "h"), ("h", "s"), ("d", "h"), ("h", "d")):
    op(f"fcvt.{to}.{frm} fa3, fa0{{rm}}", frm + "--", "R")
op("fcvtmod.w.d a3, fa0, rtz", "d--")
for s, k in (("h", "h"), ("w", "s"), ("d", "d")):
    op(f"fmv.x.{s} a3, fa0", k + "--")
    op(f"fmv.{s}.x fa3, a0", "x--")
for s, k, w in (("h", "h", 2), ("w", "s", 4), ("d", "d", 8)):
    op(f"fl{s} fa3, 0(a0)", k + "--", f"L{w}")
    op(f"fs{s} fa1, 0(a0)", "-" + k + "-", f"S{w}")
# fli.s/fli.d with every index, and fli.h (Zfh, not in RVA23U64: both must trap), via .insn so
# that all 32 rs1 values are covered.
for f7 in (0x78, 0x79, 0x7a):
    for i in range(32):
        op(f".insn r 0x53, 0, {f7:#x}, x13, x{i}, x1", "---", "F")
# Reserved static rounding modes 5 and 6 (fadd.s, fadd.d, fcvt.w.s): illegal instruction.
for f3 in (5, 6):
    op(f".insn r 0x53, {f3}, 0x00, x13, x10, x11", "ss-", "F")
    op(f".insn r 0x53, {f3}, 0x01, x13, x10, x11", "dd-", "F")
    op(f".insn r 0x53, {f3}, 0x60, x13, x10, x0", "s--", "F")
# Zfh-only instructions that Zfhmin lacks (must trap): fadd.h, fround.h, fminm.h.
op(".insn r 0x53, 0, 0x02, x13, x10, x11", "hh-", "F")
op(".insn r 0x53, 0, 0x22, x13, x10, x4", "h--", "F")
op(".insn r 0x53, 2, 0x16, x13, x10, x11", "hh-", "F")

out = ['#include "guest_main.h"']
table = []
n = 0
for text, kinds, flags in ops:
    variants = [", " + r for r in RMS] if "R" in flags else [""]
    for v in variants:
        out.append(f'static void op_{n}(struct io *io) {{ RUN_ASM("{text.format(rm=v)}") }}')
        fl = []
        width = 0
        if "R" in flags:
            fl.append("F_RM")
        if "A" in flags:
            fl.append("F_FMA")
        if "F" in flags:
            fl.append("F_FEW")
        if "L" in flags:
            fl.append("F_LOAD")
            width = int(flags[flags.index("L") + 1])
        if "S" in flags:
            fl.append("F_STORE")
            width = int(flags[flags.index("S") + 1])
        table.append(f'\t{{ op_{n}, "{kinds}", {"|".join(fl) or "0"}, {width} }},')
        n += 1
out.append("const struct op ops[] = {")
out += table
out.append("};")
out.append(f"const unsigned n_ops = {n};")
with open(sys.argv[1], "w") as f:
    f.write("\n".join(out) + "\n")
