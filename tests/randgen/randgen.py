#!/usr/bin/env python3
"""Random instruction-stream differential test: QEMU 10 (reference) against karu64.

Each program is generated deterministically from one integer seed. It loads random initial
integer/FP registers and fcsr, runs a stream of random valid RV64IMAFDC + Zba Zbb Zbs Zbc
Zicond Zfa Zfhmin Zcb Zimop Zcmop Zicboz Zicbop Zawrs Zihintntl Zihintpause instructions
(loads/stores into a scratch buffer relative to the reserved base register s1 = x9, to
sp = x2, also reserved, for the sp-relative compressed forms, or to an address computed into
another register; AMOs and LR/SC on aligned scratch addresses; forward branches and jumps
only; FP ops with every rounding mode including dyn; frm/fflags/fcsr writes), then writes
x0..x31, f0..f31 (raw bits), fcsr and the scratch buffer to stdout with one write(1, ...)
and exits 0. Both simulators must print the same bytes and exit with the same status.

  randgen.py check [--programs P] [--insns N] [--seed S] [-j J]   run P programs of N insns
  randgen.py replay --seed SEED [--insns N]                      one program, full report
  randgen.py gen --seed SEED [--insns N] [-o FILE]               print the assembly

Program seeds are SEED*100000 + i, so a failure names the exact seed to replay. On a
mismatch, `replay` bisects the stream (programs built from prefixes of it) to name the first
instruction after which the states differ.
"""
import argparse
import concurrent.futures as cf
import os
import random
import re
import shlex
import struct
import subprocess
import sys
import time
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import harness  # noqa: E402

QEMU_CPU = "rva23u64,zbc=true,zifencei=true"   # RVA23U64 has neither Zbc nor Zifencei; the stream uses both
# One instruction per translation block: QEMU 10.0 drops the NX flag of froundnx.{s,d} when the
# next instruction of the same block overwrites its destination (the helper call is removed as
# dead code), e.g. `froundnx.d f9,f16` (0.0625) then `fmv.d.x f9,x0` leaves fflags 0. Random
# streams hit that; single-instruction blocks give the architectural result.
QEMU_OPTS = ["-one-insn-per-tb"]
ASM_ARCH = ("rv64imafdc_zicsr_zifencei_zba_zbb_zbs_zbc_zicond_zfa_zfhmin_zca_zcd_zcb_zimop_zcmop"
            "_zicboz_zicbop_zihintpause_zihintntl_zawrs")
DEF_CC = ("clang-19 --target=riscv64-linux-gnu --sysroot=/usr/riscv64-linux-gnu --gcc-toolchain=/usr "
          "-fuse-ld=lld -static")

BASE = 9                      # s1: the reserved scratch base register, never written by the stream
SP = 2                        # sp: also reserved, = scratch start, for the sp-relative compressed forms
DUMP_OFF = -2048              # dump area [s1-2048, s1-1024): x0..x31, f0..f31, fcsr
SCR_LO, SCR_HI = -1024, 2048  # scratch [s1-1024, s1+2048): every 12-bit offset the stream uses
DUMP_BYTES = 4096
LOOP_OFF = DUMP_OFF + 520     # --repeat's loop count, after fcsr in the dump area
RMS = ["rne", "rtz", "rdn", "rup", "rmm", "dyn", ""]  # "" = no rm operand (dyn)
CREGS = [8, 10, 11, 12, 13, 14, 15]                   # x8..x15 minus the base register
FLI = ["-1.0", "min", "1.52587890625e-05", "3.0517578125e-05", "0.00390625", "0.0078125", "0.0625",
       "0.125", "0.25", "0.3125", "0.375", "0.4375", "0.5", "0.625", "0.75", "0.875", "1.0", "1.25",
       "1.5", "1.75", "2.0", "2.5", "3.0", "4.0", "8.0", "16.0", "128.0", "256.0", "32768.0",
       "65536.0", "inf", "nan"]

INT_SPECIAL = [0, 1, 2, 0x7f, 0x80, 0xff, 0xffff, 0x7fffffff, 0x80000000, 0xffffffff, 0x100000000,
               0x7fffffffffffffff, 0x8000000000000000, 0xffffffffffffffff, 0xfffffffffffffffe,
               0xffffffff80000000, 0xffffffff7fffffff, 0x8000000000000001, 63, 64, 31, 32]
D_SPECIAL = [0x0000000000000000, 0x8000000000000000, 0x0000000000000001, 0x000fffffffffffff,
             0x8010000000000000, 0x3ff0000000000000, 0xbff0000000000000, 0x3fe0000000000000,
             0x7fefffffffffffff, 0xffefffffffffffff, 0x7ff0000000000000, 0xfff0000000000000,
             0x7ff8000000000000, 0x7ff0000000000001, 0xfff4000000000abc, 0x41e0000000000000,
             0xc1e0000000000000, 0x43e0000000000000, 0xc3e0000000000000, 0x41efffffffe00000,
             0x4330000000000000, 0x3ff8000000000000, 0x4004000000000000]
S_SPECIAL = [0x00000000, 0x80000000, 0x00000001, 0x007fffff, 0x80800000, 0x3f800000, 0xbf800000,
             0x3f000000, 0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001,
             0xffa00abc, 0x4f000000, 0xcf000000, 0x5f000000, 0xdf000000, 0x4b000000, 0x3fc00000,
             0x40200000]
H_SPECIAL = [0x0000, 0x8000, 0x0001, 0x03ff, 0x3c00, 0xbc00, 0x7bff, 0x7c00, 0xfc00, 0x7e00, 0x7c01,
             0x3555]


class Gen:
    """One program: init, stream items, dump. An item is a list of lines and its instruction
    count; branch targets are labels placed between items, so no jump lands inside a group."""

    def __init__(self, seed, n, zbc=True, repeat=1):
        self.r = random.Random(seed)
        self.seed, self.n, self.zbc, self.repeat = seed, n, zbc, repeat
        self.items = []          # (lines, insns)
        self.labels = {}         # item index -> [label names placed before it]
        self.nlab = 0

    # ---- operands -------------------------------------------------------------------------
    def rd(self):
        r = self.r.randrange(32)
        while r in (BASE, SP) or (r == 0 and self.r.random() < 0.8):
            r = self.r.randrange(32)
        return r

    def rs(self):
        return self.r.randrange(32)

    def tmp(self):
        r = self.r.randrange(1, 32)
        while r in (BASE, SP):
            r = self.r.randrange(1, 32)
        return r

    def crd(self):
        return self.r.choice(CREGS)

    def f(self):
        return self.r.randrange(32)

    def rm(self):
        return self.r.choice(RMS)

    def imm12(self):
        c = self.r.random()
        if c < 0.3:
            return self.r.choice([0, 1, -1, 2047, -2048, 31, 32, 63, 64, -2, 0x7ff, 0x555, -0x556])
        return self.r.randrange(-2048, 2048)

    def int_value(self):
        c = self.r.random()
        if c < 0.35:
            return self.r.choice(INT_SPECIAL)
        if c < 0.5:
            return self.r.randrange(-300, 300) & (2**64 - 1)
        if c < 0.65:
            return (self.r.getrandbits(32) ^ (0xffffffff00000000 if self.r.random() < 0.5 else 0))
        return self.r.getrandbits(64)

    def fp_value(self):
        c = self.r.random()
        if c < 0.25:
            return self.r.choice(D_SPECIAL)
        if c < 0.45:   # boxed single
            s = self.r.choice(S_SPECIAL) if self.r.random() < 0.5 else self.r.getrandbits(32)
            return 0xffffffff00000000 | s
        if c < 0.55:   # boxed single with a narrow exponent (results round, rarely overflow)
            return 0xffffffff00000000 | (self.r.getrandbits(1) << 31) | ((self.r.randrange(110, 145)) << 23) | self.r.getrandbits(23)
        if c < 0.62:   # improperly boxed single
            return (self.r.getrandbits(32) << 32 | self.r.choice(S_SPECIAL)) & ~(1 << (32 + self.r.randrange(32)))
        if c < 0.67:   # boxed half
            h = self.r.choice(H_SPECIAL) if self.r.random() < 0.5 else self.r.getrandbits(16)
            return 0xffffffffffff0000 | h
        if c < 0.85:   # double with a narrow exponent
            return (self.r.getrandbits(1) << 63) | (self.r.randrange(0x3c0, 0x440) << 52) | self.r.getrandbits(52)
        return self.r.getrandbits(64)

    def mem_off(self, width, align=1):
        lo, hi = SCR_LO, SCR_HI - width
        if self.r.random() < 0.15:   # near the 12-bit and scratch edges
            o = self.r.choice([lo, hi, 2047 - width + 1, -1024, 0, -1])
            o = max(lo, min(hi, o))
        else:
            o = self.r.randrange(lo, hi + 1)
        if align > 1:
            o -= (o - SCR_LO) % align
        return o

    # ---- labels -----------------------------------------------------------------------------
    def fwd_label(self, max_items):
        """A label placed 1..max_items items after the current one."""
        name = ".Lt%d" % self.nlab
        self.nlab += 1
        at = len(self.items) + 1 + self.r.randrange(max_items)
        self.labels.setdefault(at, []).append(name)
        return name

    # ---- instruction groups -------------------------------------------------------------------
    def add(self, lines, n=None):
        if isinstance(lines, str):
            lines = [lines]
        self.items.append((lines, len(lines) if n is None else n))

    def g_int_rr(self):
        ops = ["add", "sub", "sll", "slt", "sltu", "xor", "srl", "sra", "or", "and", "addw", "subw",
               "sllw", "srlw", "sraw", "mul", "mulh", "mulhsu", "mulhu", "div", "divu", "rem", "remu",
               "mulw", "divw", "divuw", "remw", "remuw"]
        self.add("%s x%d, x%d, x%d" % (self.r.choice(ops), self.rd(), self.rs(), self.rs()))

    def g_int_imm(self):
        c = self.r.random()
        rd, rs = self.rd(), self.rs()
        if c < 0.45:
            op = self.r.choice(["addi", "slti", "sltiu", "xori", "ori", "andi", "addiw"])
            self.add("%s x%d, x%d, %d" % (op, rd, rs, self.imm12()))
        elif c < 0.75:
            op, w = self.r.choice([("slli", 64), ("srli", 64), ("srai", 64), ("slliw", 32), ("srliw", 32), ("sraiw", 32)])
            self.add("%s x%d, x%d, %d" % (op, rd, rs, self.r.randrange(w)))
        else:
            op = self.r.choice(["lui", "auipc"])
            self.add("%s x%d, 0x%x" % (op, rd, self.r.randrange(1 << 20)))

    def g_bitmanip(self):
        rd, a, b = self.rd(), self.rs(), self.rs()
        c = self.r.random()
        if c < 0.4:
            ops = ["add.uw", "sh1add", "sh2add", "sh3add", "sh1add.uw", "sh2add.uw", "sh3add.uw", "andn", "orn",
                   "xnor", "max", "maxu", "min", "minu", "rol", "rolw", "ror", "rorw", "bclr", "bext", "binv", "bset",
                   "czero.eqz", "czero.nez"]
            if self.zbc:
                ops += ["clmul", "clmulh", "clmulr"]
            self.add("%s x%d, x%d, x%d" % (self.r.choice(ops), rd, a, b))
        elif c < 0.7:
            op = self.r.choice(["clz", "clzw", "ctz", "ctzw", "cpop", "cpopw", "sext.b", "sext.h", "zext.h", "orc.b", "rev8"])
            self.add("%s x%d, x%d" % (op, rd, a))
        else:
            op, w = self.r.choice([("rori", 64), ("roriw", 32), ("bclri", 64), ("bexti", 64), ("binvi", 64),
                                   ("bseti", 64), ("slli.uw", 64)])
            self.add("%s x%d, x%d, %d" % (op, rd, a, self.r.randrange(w)))

    def g_load_store(self):
        c = self.r.random()
        if c < 0.35:
            op, w = self.r.choice([("lb", 1), ("lh", 2), ("lw", 4), ("ld", 8), ("lbu", 1), ("lhu", 2), ("lwu", 4)])
            self.add("%s x%d, %d(x%d)" % (op, self.rd(), self.mem_off(w, 1 if self.r.random() < 0.3 else w), BASE))
        elif c < 0.6:
            op, w = self.r.choice([("sb", 1), ("sh", 2), ("sw", 4), ("sd", 8)])
            self.add("%s x%d, %d(x%d)" % (op, self.rs(), self.mem_off(w, 1 if self.r.random() < 0.3 else w), BASE))
        elif c < 0.8:
            op, w = self.r.choice([("flw", 4), ("fld", 8), ("fsw", 4), ("fsd", 8), ("flh", 2), ("fsh", 2)])
            self.add("%s f%d, %d(x%d)" % (op, self.f(), self.mem_off(w, 1 if self.r.random() < 0.3 else w), BASE))
        elif c < 0.88:   # address in another register: base + offset split between addi and the access
            t = self.tmp()
            op, w = self.r.choice([("ld", 8), ("lw", 4), ("lhu", 2), ("lb", 1), ("sd", 8), ("sw", 4), ("sh", 2),
                                   ("sb", 1), ("fld", 8), ("flw", 4), ("fsd", 8), ("fsw", 4)])
            o = self.mem_off(w, 1 if self.r.random() < 0.3 else w)
            o2 = self.r.randrange(max(-300, o - 2047), min(300, o + 2048))
            reg = ("f%d" % self.f()) if op[0] == "f" else ("x%d" % (self.rs() if op[0] == "s" else self.rd()))
            self.add(["addi x%d, x%d, %d" % (t, BASE, o - o2), "%s %s, %d(x%d)" % (op, reg, o2, t)])
        elif c < 0.94:   # sp-relative compressed forms (sp = scratch start)
            k = self.r.randrange(6)
            if k == 0:
                self.add("c.ldsp x%d, %d(sp)" % (self.rd() or 1, 8 * self.r.randrange(64)))
            elif k == 1:
                self.add("c.sdsp x%d, %d(sp)" % (self.rs(), 8 * self.r.randrange(64)))
            elif k == 2:
                self.add("c.lwsp x%d, %d(sp)" % (self.rd() or 1, 4 * self.r.randrange(64)))
            elif k == 3:
                self.add("c.swsp x%d, %d(sp)" % (self.rs(), 4 * self.r.randrange(64)))
            elif k == 4:
                self.add("c.fldsp f%d, %d(sp)" % (self.f(), 8 * self.r.randrange(64)))
            else:
                self.add("c.fsdsp f%d, %d(sp)" % (self.f(), 8 * self.r.randrange(64)))
        else:   # compressed forms with the base register (offsets are unsigned, scaled)
            k = self.r.randrange(9)
            if k == 0:
                self.add("c.ld x%d, %d(x%d)" % (self.crd(), 8 * self.r.randrange(32), BASE))
            elif k == 1:
                self.add("c.sd x%d, %d(x%d)" % (self.crd(), 8 * self.r.randrange(32), BASE))
            elif k == 2:
                self.add("c.lw x%d, %d(x%d)" % (self.crd(), 4 * self.r.randrange(32), BASE))
            elif k == 3:
                self.add("c.sw x%d, %d(x%d)" % (self.crd(), 4 * self.r.randrange(32), BASE))
            elif k == 4:
                self.add("c.fld f%d, %d(x%d)" % (self.r.randrange(8, 16), 8 * self.r.randrange(32), BASE))
            elif k == 5:
                self.add("c.fsd f%d, %d(x%d)" % (self.r.randrange(8, 16), 8 * self.r.randrange(32), BASE))
            elif k == 6:
                self.add("%s x%d, %d(x%d)" % (self.r.choice(["c.lbu", "c.sb"]), self.crd(), self.r.randrange(4), BASE))
            else:
                self.add("%s x%d, %d(x%d)" % (self.r.choice(["c.lhu", "c.lh", "c.sh"]), self.crd(), 2 * self.r.randrange(2), BASE))

    def g_compressed_alu(self):
        k = self.r.randrange(14)
        rd = self.rd()
        while rd == 0:
            rd = self.rd()
        cr, cr2 = self.crd(), self.crd()
        nz = lambda lo, hi: self.r.choice([v for v in range(lo, hi) if v != 0])
        if k == 0:
            self.add("c.addi x%d, %d" % (rd, nz(-32, 32)))
        elif k == 1:
            self.add("c.addiw x%d, %d" % (rd, self.r.randrange(-32, 32)))
        elif k == 2:
            self.add("c.li x%d, %d" % (rd, self.r.randrange(-32, 32)))
        elif k == 3:
            while rd == 2:
                rd = self.rd()
            self.add("c.lui x%d, 0x%x" % (rd, self.r.choice(list(range(1, 32)) + list(range(0xfffe0, 0x100000)))))
        elif k == 4:
            self.add("c.slli x%d, %d" % (rd, self.r.randrange(1, 64)))
        elif k == 5:
            self.add("%s x%d, %d" % (self.r.choice(["c.srli", "c.srai"]), cr, self.r.randrange(1, 64)))
        elif k == 6:
            self.add("c.andi x%d, %d" % (cr, self.r.randrange(-32, 32)))
        elif k == 7:
            self.add("%s x%d, x%d" % (self.r.choice(["c.mv", "c.add"]), rd, self.r.randrange(1, 32)))
        elif k == 8:
            self.add("%s x%d, x%d" % (self.r.choice(["c.and", "c.or", "c.xor", "c.sub", "c.addw", "c.subw", "c.mul"]), cr, cr2))
        elif k == 9:
            self.add("%s x%d" % (self.r.choice(["c.zext.b", "c.sext.b", "c.zext.h", "c.sext.h", "c.zext.w", "c.not"]), cr))
        elif k == 10 and self.r.random() < 0.3:   # sp arithmetic: c.addi4spn; c.addi16sp and back
            if self.r.random() < 0.5:
                self.add("c.addi4spn x%d, sp, %d" % (self.crd(), 4 * self.r.randrange(1, 256)))
            else:
                d = 16 * self.r.choice([v for v in range(-32, 32) if v])
                self.add(["c.addi16sp sp, %d" % d, "c.ldsp x%d, 8(sp)" % (self.rd() or 1) if d > 0 else "c.nop",
                          "c.addi16sp sp, %d" % -d if -d <= 496 else "addi sp, sp, %d" % -d])
        elif k == 10:
            self.add(self.r.choice(["c.nop", "nop", "pause", "ntl.all", "ntl.pall", "c.ntl.p1", "c.ntl.s1", "fence",
                                    "fence rw, rw", "fence r, w", "fence.tso", "fence.i", "wrs.nto", "wrs.sto"]))
        elif k == 11:   # may-be-operations: mop.r/mop.rr write 0, c.mop.n writes nothing
            c = self.r.random()
            if c < 0.4:
                self.add("mop.r.%d x%d, x%d" % (self.r.randrange(32), self.rd(), self.rs()))
            elif c < 0.8:
                self.add("mop.rr.%d x%d, x%d, x%d" % (self.r.randrange(8), self.rd(), self.rs(), self.rs()))
            else:
                self.add("c.mop.%d" % self.r.choice(range(1, 16, 2)))
        elif k == 12:   # Zicbop prefetch hints: offsets are multiples of 32
            o = self.mem_off(32, 32)
            o -= o % 32
            self.add("%s %d(x%d)" % (self.r.choice(["prefetch.r", "prefetch.w", "prefetch.i"]), o, BASE))
        else:           # cbo.zero clears the aligned 64-byte block containing the address
            t = self.tmp()
            o = self.r.randrange(SCR_LO, SCR_HI - 64)
            self.add(["addi x%d, x%d, %d" % (t, BASE, o), "cbo.zero (x%d)" % t])

    def g_amo(self):
        w = self.r.choice(["w", "d"])
        sz = 4 if w == "w" else 8
        op = self.r.choice(["amoswap", "amoadd", "amoxor", "amoand", "amoor", "amomin", "amomax", "amominu", "amomaxu"])
        order = self.r.choice(["", ".aq", ".rl", ".aqrl"])
        t = self.tmp()
        self.add(["addi x%d, x%d, %d" % (t, BASE, self.mem_off(sz, sz)),
                  "%s.%s%s x%d, x%d, (x%d)" % (op, w, order, self.rd(), self.rs(), t)])

    def g_lrsc(self):
        w = self.r.choice(["w", "d"])
        sz = 4 if w == "w" else 8
        t = self.tmp()
        off = self.mem_off(sz, sz)
        lines = ["addi x%d, x%d, %d" % (t, BASE, off)]
        c = self.r.random()
        if c < 0.8:     # lr; a few ALU ops that leave the address alone; sc to the same address
            rd = self.rd()
            while rd == t:
                rd = self.rd()
            lines.append("lr.%s%s x%d, (x%d)" % (w, self.r.choice(["", ".aq", ".aqrl"]), rd, t))
            for _ in range(self.r.randrange(3)):
                d = self.rd()
                while d == t:
                    d = self.rd()
                lines.append("%s x%d, x%d, x%d" % (self.r.choice(["add", "xor", "sub", "or"]), d, self.rs(), self.rs()))
        elif c < 0.9:   # sc outside the reservation set (at most 64 aligned bytes, Za64rs): fails
            rd = self.rd()
            while rd == t:
                rd = self.rd()
            lines.append("lr.%s x%d, (x%d)" % (w, rd, t))
            d = 128 if off < 0 else -128
            lines.append("addi x%d, x%d, %d" % (t, t, d))
        # else: sc with no reservation (every earlier sc consumed it): fails
        lines.append("sc.%s%s x%d, x%d, (x%d)" % (w, self.r.choice(["", ".rl", ".aqrl"]), self.rd(), self.rs(), t))
        self.add(lines)

    def g_branch(self):
        c = self.r.random()
        if c < 0.55:
            op = self.r.choice(["beq", "bne", "blt", "bge", "bltu", "bgeu"])
            a = self.rs()
            b = a if self.r.random() < 0.1 else self.rs()
            self.add("%s x%d, x%d, %s" % (op, a, b, self.fwd_label(12)))
        elif c < 0.7:
            self.add("%s x%d, %s" % (self.r.choice(["c.beqz", "c.bnez"]), self.crd(), self.fwd_label(5)))
        elif c < 0.8:
            self.add("jal x%d, %s" % (self.rd(), self.fwd_label(12)))
        elif c < 0.85:
            self.add("c.j %s" % self.fwd_label(5))
        else:   # indirect: lla + jalr (odd offsets have bit 0 cleared) / c.jr / c.jalr
            t = self.tmp()
            lab = self.fwd_label(10)
            k = self.r.randrange(4)
            if k == 0:
                self.add(["lla x%d, %s" % (t, lab), "jalr x%d, 0(x%d)" % (self.rd(), t)], 3)
            elif k == 1:
                self.add(["lla x%d, %s - 1" % (t, lab), "jalr x%d, 2(x%d)" % (self.rd(), t)], 3)
            elif k == 2:
                self.add(["lla x%d, %s" % (t, lab), "c.jr x%d" % t], 3)
            else:
                self.add(["lla x%d, %s" % (t, lab), "c.jalr x%d" % t], 3)

    def g_csr(self):
        k = self.r.randrange(10)
        if k == 0:
            self.add("fsrmi x%d, %d" % (self.rd(), self.r.randrange(5)))
        elif k == 1:
            self.add("fsflagsi x%d, %d" % (self.rd(), self.r.randrange(32)))
        elif k == 2:
            self.add("%s x%d" % (self.r.choice(["frcsr", "frrm", "frflags"]), self.rd()))
        elif k == 3:
            t = self.tmp()
            self.add(["andi x%d, x%d, 0x7f" % (t, self.rs()), "fscsr x%d, x%d" % (self.rd(), t)])
        elif k == 4:
            t = self.tmp()
            self.add(["andi x%d, x%d, 3" % (t, self.rs()), "fsrm x%d, x%d" % (self.rd(), t)])
        elif k == 5:
            self.add("fsflags x%d, x%d" % (self.rd(), self.rs()))
        elif k == 6:
            self.add("%s x%d, fflags, %d" % (self.r.choice(["csrrsi", "csrrci", "csrrwi"]), self.rd(), self.r.randrange(32)))
        elif k == 7:
            self.add("csrrci x%d, frm, %d" % (self.rd(), self.r.randrange(8)))
        elif k == 8:
            self.add("csrrwi x%d, fcsr, %d" % (self.rd(), self.r.randrange(32)))
        else:
            self.add("csrrs x%d, fcsr, x0" % self.rd())

    def g_fp(self):
        n0 = len(self.items)
        self.g_fp_op()
        if len(self.items) > n0 and self.r.random() < 0.3:
            # Read and clear fflags right after the operation, so the flags of single operations
            # reach the final state instead of being masked by later accrual.
            lines, n = self.items[-1]
            self.items[-1] = (lines + ["fsflags x%d, x0" % self.rd()], n + 1)

    def g_fp_op(self):
        p = self.r.choice(["s", "d"])
        k = self.r.randrange(20)
        fd, a, b, c = self.f(), self.f(), self.f(), self.f()
        rm = self.rm()
        rms = (", " + rm) if rm else ""
        if k < 5:
            self.add("%s.%s f%d, f%d, f%d%s" % (self.r.choice(["fadd", "fsub", "fmul", "fdiv"]), p, fd, a, b, rms))
        elif k == 5:
            self.add("fsqrt.%s f%d, f%d%s" % (p, fd, a, rms))
        elif k < 8:
            self.add("%s.%s f%d, f%d, f%d, f%d%s" % (self.r.choice(["fmadd", "fmsub", "fnmadd", "fnmsub"]), p, fd, a, b, c, rms))
        elif k == 8:
            self.add("%s.%s f%d, f%d, f%d" % (self.r.choice(["fmin", "fmax", "fsgnj", "fsgnjn", "fsgnjx", "fminm", "fmaxm"]), p, fd, a, b))
        elif k == 9:
            self.add("%s.%s x%d, f%d, f%d" % (self.r.choice(["feq", "flt", "fle", "fleq", "fltq"]), p, self.rd(), a, b))
        elif k == 10:
            self.add("fclass.%s x%d, f%d" % (p, self.rd(), a))
        elif k == 11:
            self.add("fcvt.%s.%s x%d, f%d%s" % (self.r.choice(["w", "wu", "l", "lu"]), p, self.rd(), a, rms))
        elif k == 12:
            i = self.r.choice(["w", "wu", "l", "lu"])
            if p == "d" and i in ("w", "wu"):   # exact: no rm operand
                self.add("fcvt.d.%s f%d, x%d" % (i, fd, self.rs()))
            else:
                self.add("fcvt.%s.%s f%d, x%d%s" % (p, i, fd, self.rs(), rms))
        elif k == 13:
            if self.r.random() < 0.5:
                self.add("fcvt.s.d f%d, f%d%s" % (fd, a, rms))
            else:
                self.add("fcvt.d.s f%d, f%d" % (fd, a))
        elif k == 14:
            self.add(self.r.choice(["fmv.x.w x%d, f%d" % (self.rd(), a), "fmv.x.d x%d, f%d" % (self.rd(), a),
                                    "fmv.w.x f%d, x%d" % (fd, self.rs()), "fmv.d.x f%d, x%d" % (fd, self.rs())]))
        elif k == 15:
            self.add("fli.%s f%d, %s" % (p, fd, self.r.choice(FLI)))
        elif k == 16:
            self.add("%s.%s f%d, f%d%s" % (self.r.choice(["fround", "froundnx"]), p, fd, a, rms))
        elif k == 17 and self.r.random() < 0.3:
            self.add("fcvtmod.w.d x%d, f%d, rtz" % (self.rd(), a))
        elif k == 17:
            self.add("%s.%s f%d, f%d, f%d" % (self.r.choice(["fmin", "fmax", "fsgnj", "fsgnjn", "fsgnjx"]), p, fd, a, b))
        else:   # Zfhmin
            j = self.r.randrange(6)
            if j == 0:
                self.add("fcvt.h.%s f%d, f%d%s" % (p, fd, a, rms))
            elif j == 1:
                self.add("fcvt.%s.h f%d, f%d" % (p, fd, a))
            elif j == 2:
                self.add("fmv.x.h x%d, f%d" % (self.rd(), a))
            elif j == 3:
                self.add("fmv.h.x f%d, x%d" % (fd, self.rs()))
            else:
                self.add("fcvt.h.%s f%d, f%d%s" % (p, fd, a, rms))

    WEIGHTS = [("g_int_rr", 18), ("g_int_imm", 12), ("g_bitmanip", 12), ("g_load_store", 13),
               ("g_compressed_alu", 8), ("g_fp", 24), ("g_amo", 3), ("g_lrsc", 1.5), ("g_branch", 6), ("g_csr", 2.5)]

    def generate(self):
        names = [w[0] for w in self.WEIGHTS]
        # Each program has its own mix (every category scaled by 1/4..4, branches kept), so that
        # some programs are dense in FP, others in memory or bit manipulation.
        weights = [w[1] * (1 if w[0] == "g_branch" else 4 ** self.r.uniform(-1, 1)) for w in self.WEIGHTS]
        total = 0
        while total < self.n:
            g = self.r.choices(names, weights)[0]
            getattr(self, g)()
            if g in ("g_int_rr", "g_int_imm", "g_bitmanip", "g_compressed_alu") and self.r.random() < 0.12:
                # Store the result to the scratch buffer, so that a wrong intermediate value is
                # seen even when its register is overwritten before the dump.
                lines, n = self.items[-1]
                m = re.match(r"\S+ x(\d+)", lines[-1])
                if m and int(m.group(1)) != 0:
                    st = "sd x%s, %d(x%d)" % (m.group(1), self.mem_off(8, 8), BASE)
                    self.items[-1] = (lines + [st], n + 1)
            total += self.items[-1][1]
        self.total = total

    # ---- program text -----------------------------------------------------------------------------
    def asm(self, prefix=None):
        """Assembly text; with prefix=K only the first K stream items (a prefix of the same run)."""
        r = random.Random(self.seed ^ 0x5eed)   # initial state: independent of the stream's choices
        self.r, saved = r, self.r
        xs = [0] + [self.int_value() for _ in range(31)]
        fs = [self.fp_value() for _ in range(32)]
        fcsr = r.randrange(5) << 5 | r.randrange(32)
        scratch = []
        for _ in range((SCR_HI - SCR_LO) // 8):
            scratch.append(self.fp_value() if r.random() < 0.4 else self.int_value())
        self.r = saved
        out = ["# randgen seed %d, %d instructions in the stream" % (self.seed, self.total),
               ".option arch, +zba, +zbb, +zbs, +zbc, +zicond, +zfa, +zfhmin, +zcb, +zimop, +zcmop, +zicboz, +zicbop, +zihintpause, +zihintntl, +zawrs",
               ".text", ".globl _start", "_start:",
               "  li x5, 0x%x" % fcsr, "  fscsr x0, x5",
               "  lla x%d, init_f" % BASE]
        out += ["  fld f%d, %d(x%d)" % (i, 8 * i, BASE) for i in range(32)]
        if self.repeat > 1:   # the loop count, in the dump area (the stream never touches it)
            out += ["  lla x%d, scratch + %d" % (BASE, -SCR_LO), "  li x5, %d" % self.repeat,
                    "  sd x5, %d(x%d)" % (LOOP_OFF, BASE)]
        out += ["  lla x%d, init_x" % BASE]
        out += ["  ld x%d, %d(x%d)" % (i, 8 * i, BASE) for i in range(1, 32) if i not in (BASE, SP)]
        out += ["  lla x%d, scratch" % SP, "  lla x%d, scratch + %d" % (BASE, -SCR_LO), "# stream",
                "rg_stream:"]
        items = self.items if prefix is None else self.items[:prefix]
        for i, (lines, _) in enumerate(items):
            for lab in self.labels.get(i, []):
                out.append(lab + ":")
            out += ["  " + l for l in lines]
        for i in sorted(k for k in self.labels if k >= len(items)):
            out += [lab + ":" for lab in self.labels[i]]
        if self.repeat > 1:   # the stream again, with the state it left (x5 is the loop's temporary)
            out += ["  ld x5, %d(x%d)" % (LOOP_OFF, BASE), "  addi x5, x5, -1",
                    "  sd x5, %d(x%d)" % (LOOP_OFF, BASE), "  beqz x5, rg_done", "  j rg_stream", "rg_done:"]
        out += ["# dump"]
        out += ["  sd x%d, %d(x%d)" % (i, DUMP_OFF + 8 * i, BASE) for i in range(32)]
        out += ["  fsd f%d, %d(x%d)" % (i, DUMP_OFF + 256 + 8 * i, BASE) for i in range(32)]
        out += ["  frcsr x5", "  sd x5, %d(x%d)" % (DUMP_OFF + 512, BASE),
                "  li x10, 1", "  addi x11, x%d, %d" % (BASE, DUMP_OFF), "  li x12, %d" % DUMP_BYTES, "  li x17, 64", "  ecall",
                "  li x10, 0", "  li x17, 93", "  ecall",
                ".data", ".balign 64",
                "init_x: .8byte " + ", ".join("0x%x" % v for v in xs),
                "init_f: .8byte " + ", ".join("0x%x" % v for v in fs),
                ".balign 4096",
                "dump: .zero %d" % (SCR_LO - DUMP_OFF),
                "scratch:"]
        for i in range(0, len(scratch), 8):
            out.append("  .8byte " + ", ".join("0x%x" % v for v in scratch[i:i + 8]))
        return "\n".join(out) + "\n"


def make_program(seed, n, zbc=True, repeat=1):
    g = Gen(seed, n, zbc, repeat)
    g.generate()
    return g


def assemble(cc, text, path):
    with open(path + ".S", "w") as fh:
        fh.write(text)
    cmd = shlex.split(cc) + ["-nostdlib", "-march=" + ASM_ARCH, path + ".S", "-o", path]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError("assembly failed: %s\n%s" % (" ".join(cmd), r.stderr[:2000]))


def run(cmd, timeout=60):
    o = harness.run(cmd, timeout=timeout)
    if o.status is None:
        return None, -1, o.why
    return o.out, o.status, o.err_text()


def decode(dump):
    if len(dump) != DUMP_BYTES:
        return None
    x = struct.unpack("<32Q", dump[0:256])
    f = struct.unpack("<32Q", dump[256:512])
    fcsr = struct.unpack("<Q", dump[512:520])[0]
    return x, f, fcsr, dump[SCR_LO - DUMP_OFF:]


def first_difference(q, k):
    """A one-line description of the first state element that differs, or None."""
    (qo, qs, qe), (ko, ks, ke) = q, k
    if qs != ks:
        return "exit status: qemu %d, karu64 %d (%s)" % (qs, ks, ke.splitlines()[-1] if ke else "")
    if qo == ko:
        return None
    dq, dk = decode(qo or b""), decode(ko or b"")
    if dq is None or dk is None:
        return "output length: qemu %d bytes, karu64 %d bytes" % (len(qo or b""), len(ko or b""))
    for i in range(32):
        if dq[0][i] != dk[0][i]:
            return "x%d: qemu 0x%016x, karu64 0x%016x" % (i, dq[0][i], dk[0][i])
    for i in range(32):
        if dq[1][i] != dk[1][i]:
            return "f%d: qemu 0x%016x, karu64 0x%016x" % (i, dq[1][i], dk[1][i])
    if dq[2] != dk[2]:
        return "fcsr: qemu 0x%02x, karu64 0x%02x" % (dq[2], dk[2])
    for i in range(len(dq[3])):
        if dq[3][i] != dk[3][i]:
            return "scratch byte s1%+d: qemu 0x%02x, karu64 0x%02x" % (i + SCR_LO, dq[3][i], dk[3][i])
    return "dump differs"


def checksum(b):
    h = 0xcbf29ce484222325
    for c in b:
        h = ((h ^ c) * 0x100000001b3) & (2**64 - 1)
    return h


class Runner:
    def __init__(self, a):
        self.a = a
        os.makedirs(a.out, exist_ok=True)

    def qemu(self, exe):
        return run([self.a.qemu, "-cpu", QEMU_CPU] + QEMU_OPTS + [exe])

    def karu(self, exe):
        return run([self.a.karu64, "--stats"] + shlex.split(self.a.karu64_args) + [exe])

    def one(self, seed, prefix=None, keep=False):
        """Builds and runs one program; returns (difference or None, generator, qemu result)."""
        g = make_program(seed, self.a.insns, not self.a.no_zbc, self.a.repeat)
        path = os.path.join(self.a.out, "rg-%d%s" % (seed, "" if prefix is None else "-p%d" % prefix))
        assemble(self.a.cc, g.asm(prefix), path)
        q = self.qemu(path)
        if self.a.ref_only:
            q2 = self.qemu(path)
            diff = None if q == q2 and q[1] == 0 and decode(q[0]) else "qemu: status %d, not deterministic or bad dump" % q[1]
        else:
            k = self.karu(path)
            diff = first_difference(q, k)
            # --stats prints "instructions: N" on stderr: the exact count of executed instructions.
            self.executed = next((int(l.split(":")[1]) for l in k[2].splitlines() if l.startswith("instructions:")), 0)
        if not keep and diff is None:
            for p in (path, path + ".S"):
                try:
                    os.unlink(p)
                except OSError:
                    pass
        return diff, g, q

    def replay_cmd(self, seed):
        extra = "".join(" %s %s" % (opt, shlex.quote(v)) for opt, v, d in (
            ("--karu64", self.a.karu64, "build/karu64"), ("--qemu", self.a.qemu, "build/tools/qemu-riscv64"),
            ("--karu64-args", self.a.karu64_args, "")) if v != d)
        return "python3 tests/randgen/randgen.py replay --seed %d --insns %d%s%s%s" % (
            seed, self.a.insns, " --no-zbc" if self.a.no_zbc else "",
            " --repeat %d" % self.a.repeat if self.a.repeat > 1 else "", extra)

    def bisect(self, seed, g):
        """Smallest prefix length whose final states differ: the item at that index is the first
        whose effect diverges (or the state it leaves is observed differently later)."""
        lo, hi = 0, len(g.items)   # prefix lo agrees (assumed), prefix hi differs
        while hi - lo > 1:
            mid = (lo + hi) // 2
            d, _, _ = self.one(seed, mid)
            if d is None:
                lo = mid
            else:
                hi = mid
            print("  bisect: prefix %d %s" % (mid, "differs: " + d if d else "agrees"), flush=True)
        return hi - 1


def cmd_check(a):
    rn = Runner(a)
    for exe, ok, how in ((a.qemu, True, "run `make setup`"), (a.karu64, not a.ref_only, "build it with `make`")):
        if ok and not os.access(exe, os.X_OK):
            msg = "FAIL setup: %s missing (%s)" % (exe, how)
            print(msg)
            return finish(a, [msg], 0, 1)
    base = a.seed if a.seed is not None else int.from_bytes(os.urandom(3), "little")
    print("randgen: base seed %d, %d programs x %d instructions (program seed = %d*100000 + i)" % (
        base, a.programs, a.insns, base), flush=True)
    t0 = time.time()
    seeds = [base * 100000 + i for i in range(a.programs)]
    lines, passed, failed, insns = [], 0, 0, 0

    executed = 0
    with cf.ProcessPoolExecutor(a.j, initializer=_init_worker, initargs=(a,)) as ex:
        for s, d, n, e in ex.map(_job, seeds):
            insns += n
            executed += e
            if d is None:
                passed += 1
            else:
                failed += 1
                msg = "FAIL seed %d: %s\n  replay: %s" % (s, d, rn.replay_cmd(s))
                print(msg, flush=True)
                lines.append(msg)
    summary = "randgen: seed %d, %d programs, %d stream instructions generated" % (base, a.programs, insns)
    if not a.ref_only:
        summary += ", %d executed in karu64 (--stats)" % executed
    summary += ", %.1f s" % (time.time() - t0)
    print(summary)
    lines.append(summary)
    if not a.ref_only and failed == 0 and executed < a.min_executed:
        msg = "FAIL: only %d instructions executed, below the required %d" % (executed, a.min_executed)
        print(msg)
        lines.append(msg)
        failed += 1
    return finish(a, lines, passed, failed)


_runner = None


def _init_worker(a):
    global _runner
    _runner = Runner(a)


def _job(s):
    try:
        _runner.executed = 0
        d, g, _ = _runner.one(s)
        return s, d, g.total, _runner.executed
    except Exception as e:  # assembly failure or similar: a test failure, with the reason
        return s, "error: %s" % e, 0, 0


def finish(a, lines, passed, failed):
    lines.append("%d passed, %d failed" % (passed, failed))
    print(lines[-1])
    if a.results and not a.ref_only:
        os.makedirs(os.path.dirname(a.results) or ".", exist_ok=True)
        with open(a.results, "w") as fh:
            fh.write("\n".join(lines) + "\n")
    return 0 if failed == 0 and passed > 0 else 1


def cmd_replay(a):
    rn = Runner(a)
    d, g, q = rn.one(a.seed, keep=True)
    path = os.path.join(a.out, "rg-%d" % a.seed)
    print("seed %d: %d stream instructions; program %s (source %s.S)" % (a.seed, g.total, path, path))
    dq = decode(q[0] or b"")
    if dq:
        print("qemu: fcsr 0x%02x scratch checksum %016x" % (dq[2], checksum(dq[3])))
    if a.ref_only:
        print("qemu: %s" % (d or "ok"))
        return 0 if d is None else 1
    if d is None:
        print("no difference")
        return 0
    print("first difference: %s" % d)
    if not a.no_bisect:
        k = rn.bisect(a.seed, g)
        lines, _ = g.items[k]
        print("first diverging stream item #%d (the last item of %s-p%d.S):" % (k, path, k + 1))
        for l in lines:
            print("    " + l)
    return 1


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("cmd", choices=["check", "replay", "gen"])
    ap.add_argument("--seed", type=int)
    ap.add_argument("--programs", type=int, default=60)
    ap.add_argument("--insns", type=int, default=20000)
    ap.add_argument("--min-executed", type=int, default=0,
                    help="fail unless karu64 executed at least this many instructions in total")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--cc", default=DEF_CC)
    ap.add_argument("--qemu", default="build/tools/qemu-riscv64")
    ap.add_argument("--karu64", default="build/karu64")
    ap.add_argument("--karu64-args", default="", help="extra karu64 options (e.g. --max-insns=...)")
    ap.add_argument("--out", default="build/randgen")
    ap.add_argument("--results")
    ap.add_argument("--ref-only", action="store_true", help="QEMU only (twice, must agree): for developing the generator")
    ap.add_argument("--no-zbc", action="store_true", help="leave out clmul/clmulh/clmulr")
    ap.add_argument("--no-bisect", action="store_true")
    ap.add_argument("--repeat", type=int, default=1,
                    help="run the stream R times in a loop, each time from the state the last left "
                         "(more executed instructions per process: make check-soak)")
    ap.add_argument("-o", dest="output")
    a = ap.parse_args()
    if a.cmd == "gen":
        if a.seed is None:
            ap.error("gen needs --seed")
        text = make_program(a.seed, a.insns, not a.no_zbc, a.repeat).asm()
        if a.output:
            with open(a.output, "w") as fh:
                fh.write(text)
        else:
            sys.stdout.write(text)
        return 0
    if a.cmd == "replay":
        if a.seed is None:
            ap.error("replay needs --seed")
        return cmd_replay(a)
    return cmd_check(a)


if __name__ == "__main__":
    sys.exit(main())
