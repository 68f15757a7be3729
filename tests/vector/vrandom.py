#!/usr/bin/env python3
"""Random vector instruction-stream differential test (issue 3, "Tests" 2).

Each program is generated deterministically from one integer seed. It fills a scratch buffer
with pseudo-random data, loads all 32 vector registers, the FP registers (special values,
proper and improper NaN boxes) and the operand integer registers, then runs a straight-line
stream of random RVV 1.0 instructions: vsetvli/vsetivli/vsetvl with random SEW, LMUL, tail and
mask policies and AVL (including AVL > VLMAX); integer, fixed-point (all four vxrm), floating-point
(all five frm), mask, permutation, reduction and Zvbb instructions with random legal register
groups, masks and the overlaps the manual allows; unit-stride, strided, indexed, segment,
whole-register, mask and fault-only-first loads and stores into the scratch buffer. Every ~24
instructions fflags, vxsat and vl are folded into an accumulator and cleared, so a wrong flag
is caught where it happens. At the end the program writes v0..v31, x1..x31, f0..f31, vl, vtype,
vxsat, vxrm, fflags, frm, the accumulator and a hash of the scratch buffer with one write(1, ...).

The programs do not depend on VLEN (only their results do): the same binaries run in QEMU 10
(-cpu rva23u64,vlen=N) and karu64 --vlen=N for N = 128, 256, 512, 1024, and the outputs must be
identical byte for byte.

  vrandom.py check [--programs P] [--insns N] [--seed S] [-j J] [--vlens 128,256,...]
  vrandom.py gen --seed SEED [--insns N]          print one program's assembly
  vrandom.py replay --seed SEED --vlen V [--insns N]   one program: show the first differences
  vrandom.py selfcheck --vlens 2048,4096 [...]    karu64 against the reference model vmodel.py
                                                (--model-vs-qemu at VLEN <= 1024 checks the model)

Program seeds are SEED*100000 + i, so a failure names the exact seed to replay.
"""
import argparse
import concurrent.futures as cf
import os
import random
import shlex
import re
import struct
import subprocess
import sys
import threading
import time
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import harness  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
QEMU_CPU = "rva23u64,vlen=%d"
MARCH = "rv64gcv_zvfhmin_zvbb_zba_zbb"
DEF_CC = ("clang-19 --target=riscv64-linux-gnu --sysroot=/usr/riscv64-linux-gnu --gcc-toolchain=/usr "
          "-fuse-ld=lld -static")

BASE = 10                 # a0: scratch middle, never written by the stream
STRIDE = 11               # a1: stride of strided accesses
AVLR = 12                 # a2: AVL of vsetvl(i)
ACC = 13                  # a3: flag accumulator
T0, T1, T2, T3 = 14, 15, 16, 17   # a4..a7: temporaries of the harness sequences
XOPS = [5, 6, 7, 8, 9, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]  # scalar operands
# x registers in the dump: not sp (stack placement differs) nor the harness's address registers
DUMP_X = [1, 3, 4, STRIDE, AVLR, ACC] + XOPS
SCRATCH = 160 * 1024      # base = scratch + SCRATCH/2
DUMP = 32 * 512 + 32 * 8 * 2 + 16 * 8

INT_SPECIAL = [0, 1, 2, 3, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff, 0x7fffffff, 0x80000000,
               0xffffffff, 0x7fffffffffffffff, 0x8000000000000000, 0xffffffffffffffff, 7, 8, 15,
               16, 31, 32, 63, 64, 0xfffffffffffffff0]
D_SPECIAL = [0, 0x8000000000000000, 1, 0x000fffffffffffff, 0x3ff0000000000000, 0xbff0000000000000,
             0x7fefffffffffffff, 0x7ff0000000000000, 0xfff0000000000000, 0x7ff8000000000000,
             0x7ff0000000000001, 0x4330000000000000, 0x43e0000000000000, 0x0010000000000000]
S_SPECIAL = [0, 0x80000000, 1, 0x007fffff, 0x3f800000, 0xbf800000, 0x7f7fffff, 0x7f800000,
             0xff800000, 0x7fc00000, 0x7f800001, 0x4f000000, 0x00800000, 0x3f000000]

SEWS = [8, 16, 32, 64]
LMULS = [-3, -2, -1, 0, 1, 2, 3]
LMUL_NAME = {-3: "mf8", -2: "mf4", -1: "mf2", 0: "m1", 1: "m2", 2: "m4", 3: "m8"}

# ---- instruction lists -------------------------------------------------------------------------
# single width integer: name -> forms
INT_SW = {
    "vadd": "vxi", "vsub": "vx", "vrsub": "xi", "vminu": "vx", "vmin": "vx", "vmaxu": "vx", "vmax": "vx",
    "vand": "vxi", "vor": "vxi", "vxor": "vxi", "vsll": "vxu", "vsrl": "vxu", "vsra": "vxu",
    "vmul": "vx", "vmulh": "vx", "vmulhu": "vx", "vmulhsu": "vx", "vdivu": "vx", "vdiv": "vx",
    "vremu": "vx", "vrem": "vx",
}
INT_MAC = ["vmacc", "vnmsac", "vmadd", "vnmsub"]
FIX_SW = {"vsaddu": "vxi", "vsadd": "vxi", "vssubu": "vx", "vssub": "vx", "vaaddu": "vx",
          "vaadd": "vx", "vasubu": "vx", "vasub": "vx", "vsmul": "vx", "vssrl": "vxu", "vssra": "vxu"}
INT_CMP = {"vmseq": "vxi", "vmsne": "vxi", "vmsltu": "vx", "vmslt": "vx", "vmsleu": "vxi",
           "vmsle": "vxi", "vmsgtu": "xi", "vmsgt": "xi"}
INT_WIDE = ["vwaddu", "vwadd", "vwsubu", "vwsub"]          # .vv .vx .wv .wx
INT_WMUL = ["vwmulu", "vwmul", "vwmulsu"]
INT_WMAC = ["vwmaccu", "vwmacc", "vwmaccsu"]               # + vwmaccus.vx
INT_NARROW = ["vnsrl", "vnsra", "vnclipu", "vnclip"]       # .wv .wx .wi
INT_RED = ["vredsum", "vredand", "vredor", "vredxor", "vredminu", "vredmin", "vredmaxu", "vredmax"]
ZVBB_SW = {"vandn": "vx", "vror": "vxu", "vrol": "vx"}
ZVBB_UN = ["vbrev8.v", "vrev8.v", "vbrev.v", "vclz.v", "vctz.v", "vcpop.v"]
MASK_LOG = ["vmand", "vmnand", "vmandn", "vmxor", "vmor", "vmnor", "vmorn", "vmxnor"]

FP_SW = {"vfadd": "vf", "vfsub": "vf", "vfrsub": "f", "vfmul": "vf", "vfdiv": "vf", "vfrdiv": "f",
         "vfmin": "vf", "vfmax": "vf", "vfsgnj": "vf", "vfsgnjn": "vf", "vfsgnjx": "vf"}
FP_MAC = ["vfmacc", "vfnmacc", "vfmsac", "vfnmsac", "vfmadd", "vfnmadd", "vfmsub", "vfnmsub"]
FP_CMP = {"vmfeq": "vf", "vmfne": "vf", "vmflt": "vf", "vmfle": "vf", "vmfgt": "f", "vmfge": "f"}
FP_UN = ["vfsqrt.v", "vfrsqrt7.v", "vfrec7.v", "vfclass.v", "vfcvt.xu.f.v", "vfcvt.x.f.v",
         "vfcvt.f.xu.v", "vfcvt.f.x.v", "vfcvt.rtz.xu.f.v", "vfcvt.rtz.x.f.v"]
FP_WIDE = ["vfwadd", "vfwsub"]                               # .vv .vf .wv .wf
FP_WMAC = ["vfwmacc", "vfwnmacc", "vfwmsac", "vfwnmsac"]
FP_RED = ["vfredosum.vs", "vfredusum.vs", "vfredmin.vs", "vfredmax.vs"]
# widening/narrowing conversions: name -> allowed SEW (Zve64d + Zvfhmin)
FP_WCVT = {"vfwcvt.xu.f.v": [32], "vfwcvt.x.f.v": [32], "vfwcvt.rtz.xu.f.v": [32], "vfwcvt.rtz.x.f.v": [32],
           "vfwcvt.f.xu.v": [16, 32], "vfwcvt.f.x.v": [16, 32], "vfwcvt.f.f.v": [16, 32]}
FP_NCVT = {"vfncvt.xu.f.w": [16, 32], "vfncvt.x.f.w": [16, 32], "vfncvt.rtz.xu.f.w": [16, 32],
           "vfncvt.rtz.x.f.w": [16, 32], "vfncvt.f.xu.w": [32], "vfncvt.f.x.w": [32],
           "vfncvt.f.f.w": [16, 32], "vfncvt.rod.f.f.w": [32]}

GROUPS = ["int", "fixed", "fp", "mask", "perm", "mem", "zvbb"]
WEIGHTS = {"int": 22, "fixed": 14, "fp": 30, "mask": 8, "perm": 9, "mem": 10, "zvbb": 4,
           "vset": 4, "csr": 1}


def gsize(emul):
    return 1 << emul if emul > 0 else 1


class Gen:
    def __init__(self, seed, n, groups=None, model=False):
        self.model = model      # only what vmodel.py implements (self-check mode)
        self.r = random.Random(seed)
        self.seed, self.n = seed, n
        self.groups = groups or GROUPS
        self.lines = []
        self.count = 0          # vector instructions emitted
        self.sew, self.lm = 32, 0
        self.cur_m = False      # the instruction being built is masked: no operand may be v0

    # ---- operands -----------------------------------------------------------------------------
    def emit(self, s, vec=True):
        self.lines.append("\t" + s)
        if vec:
            self.count += 1
            self.cur_m = False

    def vreg(self, emul, avoid=(), no_v0=False):
        """An aligned register group of EMUL 2^emul not overlapping the (reg, size) groups in avoid."""
        g = gsize(emul)
        no_v0 = no_v0 or self.cur_m
        cands = [r for r in range(0, 32, g)
                 if not (no_v0 and r == 0) and all(r + g <= a or a + s <= r for a, s in avoid)]
        return self.r.choice(cands) if cands else None

    def xop(self):
        return "x%d" % self.r.choice(XOPS)

    def fop(self):
        return "f%d" % self.r.randrange(32)

    def simm5(self):
        return self.r.choice([-16, -1, 0, 1, 15, self.r.randrange(-16, 16)])

    def uimm5(self):
        return self.r.choice([0, 1, 31, self.r.randrange(32)])

    def masked(self, p=0.3):
        # QEMU 10 rejects a masked instruction that has v0 among its vector operands (even as a
        # source), so masked instructions here never name v0 except as the mask.
        self.cur_m = self.r.random() < p
        return self.cur_m

    def anyreg(self):
        return self.r.randrange(1 if self.cur_m else 0, 32)

    def mk(self, m):
        return ", v0.t" if m else ""

    # ---- configuration ------------------------------------------------------------------------
    def legal_vtype(self, sew, lm):
        return not (lm < 0 and sew > (64 >> -lm))

    def vset(self, sew=None, lm=None):
        while True:
            s = sew or self.r.choice(SEWS)
            l = lm if lm is not None else self.r.choice(LMULS)
            if self.legal_vtype(s, l):
                break
            lm = None
        self.sew, self.lm = s, l
        pol = "%s, %s" % (self.r.choice(["ta", "tu"]), self.r.choice(["ma", "mu"]))
        vt = "e%d, %s, %s" % (s, LMUL_NAME[l], pol)
        c = self.r.random()
        rd = "x%d" % self.r.choice(XOPS) if self.r.random() < 0.5 else "x0"
        if c < 0.3:
            self.emit("vsetvli %s, x0, %s" % ("x%d" % self.r.choice(XOPS), vt))   # VLMAX
        elif c < 0.5:
            self.emit("vsetivli %s, %d, %s" % (rd, self.r.randrange(32), vt))
        elif c < 0.9:
            avl = self.r.choice([0, 1, 2, 3, 5, 8, 17, 31, 64, 100, 127, 128, 200, 256, 300, 511, 600,
                                 1000, 1024, 2047, 4096, 5000, (1 << 63), self.r.randrange(2000)])
            self.emit("li x%d, %d" % (AVLR, avl), False)
            self.emit("vsetvli %s, x%d, %s" % (rd, AVLR, vt))
        else:
            vtype = (s.bit_length() - 4) << 3 | (l & 7) | self.r.randrange(4) << 6
            self.emit("li x%d, %d" % (T0, vtype), False)
            self.emit("li x%d, %d" % (AVLR, self.r.randrange(300)), False)
            self.emit("vsetvl %s, x%d, x%d" % (rd, AVLR, T0))

    def fold(self):
        """acc = rotl(acc, 7) ^ (fflags | vxsat << 5 | vl << 6); then clear fflags and vxsat."""
        for s in ["frflags x%d" % T0, "csrr x%d, vxsat" % T1, "slli x%d, x%d, 5" % (T1, T1),
                  "or x%d, x%d, x%d" % (T0, T0, T1), "csrr x%d, vl" % T1, "slli x%d, x%d, 6" % (T1, T1),
                  "or x%d, x%d, x%d" % (T0, T0, T1), "rori x%d, x%d, 57" % (ACC, ACC),
                  "xor x%d, x%d, x%d" % (ACC, ACC, T0), "fsflags x0", "csrwi vxsat, 0"]:
            self.emit(s, False)

    # ---- instruction classes ------------------------------------------------------------------
    def sw_op(self, name, forms, order="std", fp=False):
        """Single-width vd, vs2, vs1/rs1/imm."""
        lm = self.lm
        m = self.masked()
        vd = self.vreg(lm, no_v0=m)
        vs2 = self.vreg(lm)
        form = self.r.choice(forms)
        if form == "v":
            vs1 = self.vreg(lm)
            ops = ("v%d, v%d, v%d" % (vd, vs1, vs2)) if order == "mac" else ("v%d, v%d, v%d" % (vd, vs2, vs1))
            self.emit("%s.vv %s%s" % (name, ops, self.mk(m)))
        elif form == "x":
            x = self.xop()
            ops = ("v%d, %s, v%d" % (vd, x, vs2)) if order == "mac" else ("v%d, v%d, %s" % (vd, vs2, x))
            self.emit("%s.vx %s%s" % (name, ops, self.mk(m)))
        elif form == "f":
            f = self.fop()
            ops = ("v%d, %s, v%d" % (vd, f, vs2)) if order == "mac" else ("v%d, v%d, %s" % (vd, vs2, f))
            self.emit("%s.vf %s%s" % (name, ops, self.mk(m)))
        elif form == "i":
            self.emit("%s.vi v%d, v%d, %d%s" % (name, vd, vs2, self.simm5(), self.mk(m)))
        else:  # u
            self.emit("%s.vi v%d, v%d, %d%s" % (name, vd, vs2, self.uimm5(), self.mk(m)))

    def cmp_op(self, name, forms):
        lm = self.lm
        m = self.masked()
        vs2 = self.vreg(lm)
        form = self.r.choice(forms)
        vs1 = self.vreg(lm) if form == "v" else None
        avoid = [(vs2, gsize(lm))] + ([(vs1, gsize(lm))] if vs1 is not None else [])
        if lm > 0 and self.r.random() < 0.3:
            vd = vs2                      # lowest-numbered part of the source: allowed
        else:
            vd = self.vreg(0, avoid=avoid if lm > 0 else ())
            if vd is None:
                vd = vs2
        if form == "v":
            self.emit("%s.vv v%d, v%d, v%d%s" % (name, vd, vs2, vs1, self.mk(m)))
        elif form == "x":
            self.emit("%s.vx v%d, v%d, %s%s" % (name, vd, vs2, self.xop(), self.mk(m)))
        elif form == "f":
            self.emit("%s.vf v%d, v%d, %s%s" % (name, vd, vs2, self.fop(), self.mk(m)))
        else:
            self.emit("%s.vi v%d, v%d, %d%s" % (name, vd, vs2, self.simm5(), self.mk(m)))

    def wide_op(self, name, forms, fp=False, order="std"):
        """vd: 2*SEW, 2*LMUL; narrow sources disjoint from vd (w: vs2 wide)."""
        lm = self.lm
        m = self.masked()
        form = self.r.choice(forms)
        vd = self.vreg(lm + 1, no_v0=m)
        if vd is None:
            return
        avoid = [(vd, gsize(lm + 1))]
        wide2 = form[0] == "w"
        vs2 = self.vreg(lm + 1) if wide2 else self.vreg(lm, avoid=avoid)
        scal = self.fop() if fp else self.xop()
        if form[1] == "v":
            vs1 = self.vreg(lm, avoid=avoid + ([(vs2, gsize(lm + 1))] if wide2 and vs2 is not None else []))
            if vs2 is None or vs1 is None:
                return
            if order == "mac":
                self.emit("%s.vv v%d, v%d, v%d%s" % (name, vd, vs1, vs2, self.mk(m)))
            else:
                self.emit("%s.%sv v%d, v%d, v%d%s" % (name, form[0], vd, vs2, vs1, self.mk(m)))
        else:
            if vs2 is None:
                return
            sfx = "f" if fp else "x"
            if order == "mac":
                self.emit("%s.v%s v%d, %s, v%d%s" % (name, sfx, vd, scal, vs2, self.mk(m)))
            else:
                self.emit("%s.%s%s v%d, v%d, %s%s" % (name, form[0], sfx, vd, vs2, scal, self.mk(m)))

    def narrow_op(self, name):
        lm = self.lm
        m = self.masked()
        vs2 = self.vreg(lm + 1)
        if self.r.random() < 0.3 and not (m and vs2 == 0):
            vd = vs2
        else:
            vd = self.vreg(lm, avoid=[(vs2, gsize(lm + 1))], no_v0=m)
        if vd is None:
            return
        form = self.r.choice("vxi")
        if form == "v":
            vs1 = self.vreg(lm, avoid=[(vs2, gsize(lm + 1))])   # sources of different EEW: disjoint
            self.emit("%s.wv v%d, v%d, v%d%s" % (name, vd, vs2, vs1, self.mk(m)))
        elif form == "x":
            self.emit("%s.wx v%d, v%d, %s%s" % (name, vd, vs2, self.xop(), self.mk(m)))
        else:
            self.emit("%s.wi v%d, v%d, %d%s" % (name, vd, vs2, self.uimm5(), self.mk(m)))

    def unary(self, name, dst_emul_delta=0, src_emul_delta=0, disjoint=False):
        lm = self.lm
        m = self.masked()
        de, se = lm + dst_emul_delta, lm + src_emul_delta
        vs2 = self.vreg(se)
        if disjoint or de != se:
            if de < se and self.r.random() < 0.3 and not (m and vs2 == 0):
                vd = vs2                  # narrowing: lowest part of the source
            else:
                vd = self.vreg(de, avoid=[(vs2, gsize(se))], no_v0=m)
        else:
            vd = self.vreg(de, no_v0=m)
        if vd is None or vs2 is None:
            return
        self.emit("%s v%d, v%d%s" % (name, vd, vs2, self.mk(m)))

    def red(self, name, wide=False):
        m = self.masked()
        self.emit("%s v%d, v%d, v%d%s" % (name, self.anyreg(), self.vreg(self.lm),
                                          self.anyreg(), self.mk(m)))

    # ---- groups ------------------------------------------------------------------------------
    def g_int(self):
        c = self.r.random()
        sew, lm = self.sew, self.lm
        if c < 0.35:
            n = self.r.choice(list(INT_SW))
            self.sw_op(n, INT_SW[n])
        elif c < 0.42:
            self.sw_op(self.r.choice(INT_MAC), "vx", order="mac")
        elif c < 0.55:
            n = self.r.choice(list(INT_CMP))
            self.cmp_op(n, INT_CMP[n])
        elif c < 0.70 and sew <= 32 and lm <= 2:
            k = self.r.random()
            if k < 0.5:
                self.wide_op(self.r.choice(INT_WIDE), ["vv", "vx", "wv", "wx"])
            elif k < 0.75:
                self.wide_op(self.r.choice(INT_WMUL), ["vv", "vx"])
            elif k < 0.9:
                self.wide_op(self.r.choice(INT_WMAC), ["vv", "vx"], order="mac")
            else:
                self.wide_op("vwmaccus", ["vx"], order="mac")
        elif c < 0.78 and sew <= 32 and lm <= 2:
            self.narrow_op(self.r.choice(["vnsrl", "vnsra"]))
        elif c < 0.86:
            if self.r.random() < 0.75:
                self.red(self.r.choice(INT_RED) + ".vs")
            elif sew <= 32:
                self.red(self.r.choice(["vwredsumu", "vwredsum"]) + ".vs")
        elif c < 0.93:
            ks = [k for k in (2, 4, 8) if sew // k >= 8 and lm - (k.bit_length() - 1) >= -3]
            if ks:
                k = self.r.choice(ks)
                self.unary("%s.vf%d" % (self.r.choice(["vzext", "vsext"]), k), 0, -(k.bit_length() - 1), True)
        else:
            self.merge_adc()

    def merge_adc(self):
        lm = self.lm
        self.cur_m = True         # vm = 0 encodings (v0 is the mask / carry)
        if False:
            vd, vs2, vs1 = self.vreg(lm, no_v0=True), self.vreg(lm), self.vreg(lm)
            f = self.r.choice("vxi")
            src = {"v": "v%d" % vs1, "x": self.xop(), "i": str(self.simm5())}[f]
            if self.r.random() < 0.5:
                self.emit("vmerge.v%sm v%d, v%d, %s, v0" % (f, vd, vs2, src))
            else:
                self.emit("vmv.v.%s v%d, %s" % (f, vd, src))
            return
        vd = self.vreg(lm, no_v0=True)
        vs2, vs1 = self.vreg(lm), self.vreg(lm)
        k = self.r.random()
        if k < 0.4:
            f = self.r.choice("vxi")
            src = {"v": "v%d" % vs1, "x": self.xop(), "i": str(self.simm5())}[f]
            self.emit("%s.v%sm v%d, v%d, %s, v0" % (self.r.choice(["vmerge", "vadc"] + (["vsbc"] if f != "i" else [])),
                                                  f, vd, vs2, src))
        elif k < 0.6:
            f = self.r.choice("vxi")
            src = {"v": "v%d" % vs1, "x": self.xop(), "i": str(self.simm5())}[f]
            self.emit("vmv.v.%s v%d, %s" % (f, vd, src))
        else:
            # vmadc/vmsbc: mask result
            f = self.r.choice("vx")
            src = "v%d" % vs1 if f == "v" else self.xop()
            md = self.vreg(0, avoid=[(vs2, gsize(lm))] + ([(vs1, gsize(lm))] if f == "v" else []) if lm > 0 else ())
            if md is None:
                return
            carry = self.r.random() < 0.5
            nm = self.r.choice(["vmadc", "vmsbc"])
            if carry and md != 0:
                self.emit("%s.v%sm v%d, v%d, %s, v0" % (nm, f, md, vs2, src))
            else:
                self.emit("%s.v%s v%d, v%d, %s" % (nm, f, md, vs2, src))

    def g_fixed(self):
        c = self.r.random()
        if c < 0.8:
            n = self.r.choice(list(FIX_SW))
            self.sw_op(n, FIX_SW[n])
        elif self.sew <= 32 and self.lm <= 2:
            self.narrow_op(self.r.choice(["vnclipu", "vnclip"]))
        else:
            self.sw_op("vsmul", "vx")

    def g_fp(self):
        sew, lm = self.sew, self.lm
        c = self.r.random()
        if sew in (16,) and lm <= 2 and c < 0.5:
            if self.r.random() < 0.5:
                self.unary(self.r.choice([k for k, v in FP_WCVT.items() if 16 in v]), 1, 0)
            else:
                self.unary(self.r.choice([k for k, v in FP_NCVT.items() if 16 in v]), 0, 1)
            return
        if sew < 32:
            # switch to an FP SEW keeping the same ratio when possible (vsetvli x0, x0 keeps vl)
            ns = self.r.choice([32, 64])
            nl = lm + (ns.bit_length() - sew.bit_length())
            if -3 <= nl <= 3 and self.legal_vtype(ns, nl):
                self.sew, self.lm = ns, nl
                self.emit("vsetvli x0, x0, e%d, %s, %s, %s" % (ns, LMUL_NAME[nl], self.r.choice(["ta", "tu"]),
                                                             self.r.choice(["ma", "mu"])))
            else:
                self.vset(sew=ns)
            sew, lm = self.sew, self.lm
        if c < 0.30:
            n = self.r.choice(list(FP_SW))
            self.sw_op(n, FP_SW[n], fp=True)
        elif c < 0.45:
            self.sw_op(self.r.choice(FP_MAC), "vf", order="mac", fp=True)
        elif c < 0.55:
            n = self.r.choice(list(FP_CMP))
            self.cmp_op(n, FP_CMP[n])
        elif c < 0.67:
            self.unary(self.r.choice(FP_UN))
        elif c < 0.78 and sew == 32 and lm <= 2:
            k = self.r.random()
            if k < 0.5:
                self.wide_op(self.r.choice(FP_WIDE), ["vv", "vf", "wv", "wf"], fp=True)
            elif k < 0.7:
                self.wide_op("vfwmul", ["vv", "vf"], fp=True)
            else:
                self.wide_op(self.r.choice(FP_WMAC), ["vv", "vf"], fp=True, order="mac")
        elif c < 0.86 and lm <= 2:
            if self.r.random() < 0.5:
                cs = [k for k, v in FP_WCVT.items() if sew in v]
                if cs:
                    self.unary(self.r.choice(cs), 1, 0)
            else:
                cs = [k for k, v in FP_NCVT.items() if sew in v]
                if cs:
                    self.unary(self.r.choice(cs), 0, 1)
        elif c < 0.93:
            if sew == 32 and self.r.random() < 0.3:
                self.red(self.r.choice(["vfwredosum.vs", "vfwredusum.vs"]))
            else:
                self.red(self.r.choice(FP_RED))
        else:
            k = self.r.random()
            vd = self.vreg(lm, no_v0=True)
            if k < 0.4:
                self.emit("vfmerge.vfm v%d, v%d, %s, v0" % (vd, self.vreg(lm, no_v0=True), self.fop()))
            elif k < 0.7:
                self.emit("vfmv.v.f v%d, %s" % (self.vreg(lm), self.fop()))
            elif k < 0.85:
                self.emit("vfmv.s.f v%d, %s" % (self.r.randrange(32), self.fop()))
            else:
                self.emit("vfmv.f.s %s, v%d" % (self.fop(), self.r.randrange(32)))

    def g_mask(self):
        c = self.r.random()
        lm = self.lm
        if c < 0.35:
            n = self.r.choice(MASK_LOG)
            self.emit("%s.mm v%d, v%d, v%d" % (n, self.r.randrange(32), self.r.randrange(32), self.r.randrange(32)))
        elif c < 0.5:
            m = self.masked()
            self.emit("%s x%d, v%d%s" % (self.r.choice(["vcpop.m", "vfirst.m"]), self.r.choice(XOPS),
                                          self.anyreg(), self.mk(m)))
        elif c < 0.7:
            m = self.masked()
            vs2 = self.anyreg()
            vd = self.vreg(0, avoid=[(vs2, 1)], no_v0=m)
            self.emit("%s v%d, v%d%s" % (self.r.choice(["vmsbf.m", "vmsif.m", "vmsof.m"]), vd, vs2, self.mk(m)))
        elif c < 0.85:
            m = self.masked()
            vs2 = self.anyreg()
            vd = self.vreg(lm, avoid=[(vs2, 1)] + ([(0, 1)] if m else []))
            if vd is not None:
                self.emit("viota.m v%d, v%d%s" % (vd, vs2, self.mk(m)))
        else:
            m = self.masked()
            self.emit("vid.v v%d%s" % (self.vreg(lm, no_v0=m), self.mk(m)))

    def g_perm(self):
        c = self.r.random()
        lm, sew = self.lm, self.sew
        g = gsize(lm)
        m = self.masked()
        if c < 0.25:
            vs2 = self.vreg(lm)
            up = self.r.random() < 0.5
            vd = self.vreg(lm, avoid=[(vs2, g)] if up else [], no_v0=m)
            if vd is None:
                return
            nm = "vslideup" if up else "vslidedown"
            if self.r.random() < 0.5:
                self.emit("%s.vx v%d, v%d, %s%s" % (nm, vd, vs2, self.xop(), self.mk(m)))
            else:
                self.emit("%s.vi v%d, v%d, %d%s" % (nm, vd, vs2, self.uimm5(), self.mk(m)))
        elif c < 0.4:
            vs2 = self.vreg(lm)
            up = self.r.random() < 0.5
            vd = self.vreg(lm, avoid=[(vs2, g)] if up else [], no_v0=m)
            if vd is None:
                return
            if sew >= 32 and self.r.random() < 0.4:
                self.emit("vfslide1%s.vf v%d, v%d, %s%s" % ("up" if up else "down", vd, vs2, self.fop(), self.mk(m)))
            else:
                self.emit("vslide1%s.vx v%d, v%d, %s%s" % ("up" if up else "down", vd, vs2, self.xop(), self.mk(m)))
        elif c < 0.6:
            vs2 = self.vreg(lm)
            k = self.r.random()
            if k < 0.4:
                vs1 = self.vreg(lm)
                vd = self.vreg(lm, avoid=[(vs2, g), (vs1, g)], no_v0=m)
                if vd is not None:
                    self.emit("vrgather.vv v%d, v%d, v%d%s" % (vd, vs2, vs1, self.mk(m)))
            elif k < 0.6:
                ie = lm + (5 - sew.bit_length()) + 0   # EMUL of the 16-bit indices: 16/SEW*LMUL
                ie = lm + 4 - (sew.bit_length() - 1)
                if -3 <= ie <= 3:
                    vs1 = self.vreg(ie, avoid=[(vs2, g)] if sew != 16 else [])
                    vd = self.vreg(lm, avoid=[(vs2, g), (vs1, gsize(ie))], no_v0=m)
                    if vd is not None:
                        self.emit("vrgatherei16.vv v%d, v%d, v%d%s" % (vd, vs2, vs1, self.mk(m)))
            else:
                vd = self.vreg(lm, avoid=[(vs2, g)], no_v0=m)
                if vd is not None:
                    if self.r.random() < 0.5:
                        self.emit("vrgather.vx v%d, v%d, %s%s" % (vd, vs2, self.xop(), self.mk(m)))
                    else:
                        self.emit("vrgather.vi v%d, v%d, %d%s" % (vd, vs2, self.uimm5(), self.mk(m)))
        elif c < 0.7:
            vs2 = self.vreg(lm)
            vs1 = self.r.randrange(32)
            vd = self.vreg(lm, avoid=[(vs2, g), (vs1, 1)])
            if vd is not None:
                self.emit("vcompress.vm v%d, v%d, v%d" % (vd, vs2, vs1))
        elif c < 0.8:
            self.emit("vmv.x.s x%d, v%d" % (self.r.choice(XOPS), self.r.randrange(32)))
        elif c < 0.9:
            self.emit("vmv.s.x v%d, %s" % (self.r.randrange(32), self.xop()))
        else:
            nr = self.r.choice([1, 2, 4, 8])
            self.emit("vmv%dr.v v%d, v%d" % (nr, self.r.randrange(0, 32, nr), self.r.randrange(0, 32, nr)))

    def g_zvbb(self):
        c = self.r.random()
        if c < 0.5:
            n = self.r.choice(list(ZVBB_SW))
            self.sw_op(n, ZVBB_SW[n])
        elif c < 0.8:
            self.unary(self.r.choice(ZVBB_UN))
        elif self.sew <= 32 and self.lm <= 2:
            m = self.masked()
            vd = self.vreg(self.lm + 1, no_v0=m)
            vs2 = self.vreg(self.lm, avoid=[(vd, gsize(self.lm + 1))])
            f = self.r.choice("vxi")
            if vs2 is None:
                return
            if f == "v":
                vs1 = self.vreg(self.lm, avoid=[(vd, gsize(self.lm + 1))])
                self.emit("vwsll.vv v%d, v%d, v%d%s" % (vd, vs2, vs1, self.mk(m)))
            elif f == "x":
                self.emit("vwsll.vx v%d, v%d, %s%s" % (vd, vs2, self.xop(), self.mk(m)))
            else:
                self.emit("vwsll.vi v%d, v%d, %d%s" % (vd, vs2, self.uimm5(), self.mk(m)))

    def addr(self, align):
        off = self.r.randrange(-2048 // align, 2047 // align) * align
        self.emit("addi x%d, x%d, %d" % (T0, BASE, off), False)
        return "(x%d)" % T0

    def g_mem(self):
        sew, lm = self.sew, self.lm
        c = self.r.random()
        m = self.masked(0.25)
        if c < 0.12:
            # whole registers
            nr = self.r.choice([1, 2, 4, 8])
            eew = self.r.choice([8, 16, 32, 64])
            r = self.r.randrange(0, 32, nr)
            a = self.addr(eew // 8)
            if self.r.random() < 0.5:
                self.emit("vl%dre%d.v v%d, %s" % (nr, eew, r, a))
            else:
                self.emit("vs%dr.v v%d, %s" % (nr, r, a))
            return
        if c < 0.2:
            a = self.addr(1)
            self.emit("%s v%d, %s" % (self.r.choice(["vlm.v", "vsm.v"]), self.r.randrange(32), a))
            return
        eew = self.r.choice([8, 16, 32, 64])
        emul = lm + (eew.bit_length() - sew.bit_length())
        kind = self.r.random()
        if kind < 0.7:
            if not -3 <= emul <= 3:
                return
            nf = 1 if self.r.random() < 0.6 else self.r.randrange(2, 9)
            if nf * gsize(emul) > 8:
                nf = 1
            g = gsize(emul)
            cands = [r for r in range(0, 32, g) if r + nf * g <= 32 and not (m and r == 0)]
            vd = self.r.choice(cands)
            seg = "seg%d" % nf if nf > 1 else ""
            load = self.r.random() < 0.6
            k2 = self.r.random()
            if k2 < 0.45:
                a = self.addr(eew // 8)
                ff = "ff" if load and self.r.random() < 0.2 else ""
                self.emit("v%s%se%d%s.v v%d, %s%s" % ("l" if load else "s", seg, eew, ff, vd, a, self.mk(m)))
            else:
                stride = self.r.choice([0, eew // 8, -eew // 8, 2 * eew // 8, nf * eew // 8,
                                        self.r.randrange(-16, 17) * eew // 8])
                a = self.addr(eew // 8)
                self.emit("li x%d, %d" % (STRIDE, stride), False)
                self.emit("v%ss%se%d.v v%d, %s, x%d%s" % ("l" if load else "s", seg, eew, vd, a, STRIDE, self.mk(m)))
        else:
            # indexed: data EEW = SEW at LMUL, index EEW = eew at EMUL
            if not -3 <= emul <= 3 or not self.legal_vtype(eew, emul):
                return
            nf = 1 if self.r.random() < 0.6 else self.r.randrange(2, 9)
            g = gsize(lm)
            if nf * g > 8:
                nf = 1
            vi = self.vreg(emul)
            cands = [r for r in range(0, 32, g) if r + nf * g <= 32 and not (m and r == 0)
                     and (r + nf * g <= vi or vi + gsize(emul) <= r)]
            if not cands:
                return
            vd = self.r.choice(cands)
            if m and vi == 0:
                return
            # bound the indices: vand under EEW = eew, same vl, undisturbed; then restore vtype
            self.emit("csrr x%d, vl" % T1, False)
            self.emit("csrr x%d, vtype" % T2, False)
            self.emit("li x%d, %d" % (T3, 0xff8 & ~(sew // 8 - 1)), False)
            self.emit("vsetvli x0, x%d, e%d, %s, tu, mu" % (T1, eew, LMUL_NAME[emul]))
            self.emit("vand.vx v%d, v%d, x%d" % (vi, vi, T3))
            self.emit("vsetvl x0, x%d, x%d" % (T1, T2))
            a = self.addr(8)
            seg = "seg%d" % nf if nf > 1 else ""
            load = self.r.random() < 0.6
            o = self.r.choice("uo")
            self.emit("v%s%sx%sei%d.v v%d, %s, v%d%s" % ("l" if load else "s", o, seg, eew, vd, a, vi, self.mk(m)))

    def g_csr(self):
        if self.r.random() < 0.5:
            self.emit("csrwi vxrm, %d" % self.r.randrange(4), False)
        else:
            self.emit("fsrmi %d" % self.r.randrange(5), False)

    # ---- program ------------------------------------------------------------------------------
    def program(self):
        r = self.r
        xs_seed = r.getrandbits(63) | 1
        self.init = {"xs_seed": xs_seed, "specials": [], "fpv": [], "x": {}}
        L = []
        L += [".text", ".globl _start", "_start:",
              "\tla x%d, scratch" % T0, "\tli x%d, %d" % (T1, SCRATCH // 8),
              "\tli x%d, %d" % (T2, xs_seed),
              "1:", "\tslli x%d, x%d, 13" % (T3, T2), "\txor x%d, x%d, x%d" % (T2, T2, T3),
              "\tsrli x%d, x%d, 7" % (T3, T2), "\txor x%d, x%d, x%d" % (T2, T2, T3),
              "\tslli x%d, x%d, 17" % (T3, T2), "\txor x%d, x%d, x%d" % (T2, T2, T3),
              "\tsd x%d, 0(x%d)" % (T2, T0), "\taddi x%d, x%d, 8" % (T0, T0), "\taddi x%d, x%d, -1" % (T1, T1),
              "\tbnez x%d, 1b" % T1,
              "\tla x%d, scratch" % BASE, "\tli x%d, %d" % (T0, SCRATCH // 2), "\tadd x%d, x%d, x%d" % (BASE, BASE, T0),
              "\tla x%d, specials" % T0]
        # special values sprinkled into the scratch area that the vector registers load from
        sp = []
        for i in range(64):
            k = r.random()
            if k < 0.4:
                sp.append(r.choice(D_SPECIAL))
            elif k < 0.8:
                sp.append(r.choice(S_SPECIAL) | r.choice(S_SPECIAL) << 32)
            else:
                sp.append(r.choice(INT_SPECIAL))
        for i in range(64):
            off = -4096 + 8 * r.randrange(1024)
            self.init["specials"].append((off, sp[i]))
            L += ["\tld x%d, %d(x%d)" % (T1, 8 * i, T0), "\tli x%d, %d" % (T3, off),
                  "\tadd x%d, x%d, x%d" % (T3, T3, BASE), "\tsd x%d, 0(x%d)" % (T1, T3)]
        # vector registers from the scratch buffer
        L += ["\taddi x%d, x%d, -2048" % (T0, BASE), "\taddi x%d, x%d, -2048" % (T0, T0),
              "\tvsetvli x%d, x0, e8, m8, ta, ma" % T1]
        for v in range(0, 32, 8):
            L += ["\tvl8re8.v v%d, (x%d)" % (v, T0), "\taddi x%d, x%d, 1024" % (T0, T0)]
        # FP registers, scalar operands, rounding modes
        fpv = []
        for i in range(32):
            k = r.random()
            if k < 0.35:
                fpv.append(r.choice(D_SPECIAL))
            elif k < 0.75:
                fpv.append(0xffffffff00000000 | r.choice(S_SPECIAL + [r.getrandbits(32)]))
            elif k < 0.85:
                fpv.append(r.getrandbits(64))       # mostly improperly boxed singles
            else:
                fpv.append((r.getrandbits(1) << 63) | (r.randrange(0x3c0, 0x440) << 52) | r.getrandbits(52))
        self.init["fpv"] = fpv
        L += ["\tla x%d, fpvals" % T0] + ["\tfld f%d, %d(x%d)" % (i, 8 * i, T0) for i in range(32)]
        for x in XOPS:
            v = r.choice(INT_SPECIAL) if r.random() < 0.5 else r.getrandbits(64)
            if r.random() < 0.3:
                v = r.randrange(64)
            self.init["x"][x] = v
            L.append("\tli x%d, %d" % (x, v))
        self.init["frm"], self.init["vxrm"] = r.randrange(5), r.randrange(4)
        L += ["\tli x%d, 0" % ACC, "\tfsrmi %d" % self.init["frm"], "\tcsrwi vxrm, %d" % self.init["vxrm"],
              "\tfsflags x0", "\tcsrwi vxsat, 0"]
        if REPEAT > 1:   # the loop count of --repeat, in the dump area (written over at the end)
            L += ["\tla x%d, dump" % T0, "\tli x%d, %d" % (T1, REPEAT), "\tsd x%d, 0(x%d)" % (T1, T0)]
        L.append("vr_stream:")
        self.vset(32, 0)
        weights = {k: v for k, v in WEIGHTS.items() if k in self.groups or k in ("vset", "csr")}
        keys, ws = list(weights), list(weights.values())
        since_fold = 0
        while self.count < self.n:
            k = r.choices(keys, ws)[0]
            getattr(self, "g_" + k if k not in ("vset",) else "vset")()
            since_fold += 1
            if since_fold >= 24:
                self.fold()
                since_fold = 0
        self.fold()
        if REPEAT > 1:   # the stream again, from the state it left
            self.lines += ["\tla x%d, dump" % T0, "\tld x%d, 0(x%d)" % (T1, T0), "\taddi x%d, x%d, -1" % (T1, T1),
                           "\tsd x%d, 0(x%d)" % (T1, T0), "\tbeqz x%d, vr_done" % T1, "\tj vr_stream", "vr_done:"]
        body = self.lines
        # dump: v0..v31 (32 * VLENB), x1..x31, f0..f31, CSRs, accumulator, scratch hash
        D = ["\tla x%d, dump" % T0, "\tcsrr x%d, vlenb" % T1, "\tslli x%d, x%d, 3" % (T1, T1)]
        for v in range(0, 32, 8):
            D += ["\tvs8r.v v%d, (x%d)" % (v, T0), "\tadd x%d, x%d, x%d" % (T0, T0, T1)]
        D += ["\tla x%d, dump" % T0, "\tli x%d, %d" % (T1, 32 * 512), "\tadd x%d, x%d, x%d" % (T0, T0, T1)]
        for i in DUMP_X:
            D.append("\tsd x%d, %d(x%d)" % (i, 8 * i, T0))
        D += ["\tfsd f%d, %d(x%d)" % (i, 256 + 8 * i, T0) for i in range(32)]
        csrs = ["vl", "vtype", "vxsat", "vxrm", "fflags", "frm", "vstart"]
        for j, c in enumerate(csrs):
            D += ["\tcsrr x%d, %s" % (T1, c), "\tsd x%d, %d(x%d)" % (T1, 512 + 8 * j, T0)]
        # FNV-style hash of the scratch buffer
        D += ["\tla x%d, scratch" % T1, "\tli x%d, %d" % (T2, SCRATCH // 8), "\tli x%d, -3750763034362895579" % T3,
              "\tli x%d, 1099511628211" % ACC, "2:", "\tld x%d, 0(x%d)" % (BASE, T1),
              "\txor x%d, x%d, x%d" % (T3, T3, BASE), "\tmul x%d, x%d, x%d" % (T3, T3, ACC),
              "\taddi x%d, x%d, 8" % (T1, T1), "\taddi x%d, x%d, -1" % (T2, T2), "\tbnez x%d, 2b" % T2,
              "\tsd x%d, %d(x%d)" % (T3, 512 + 8 * len(csrs), T0),
              "\tli a7, 64", "\tli a0, 1", "\tla a1, dump", "\tli a2, %d" % DUMP, "\tecall",
              "\tli a7, 94", "\tli a0, 0", "\tecall"]
        data = [".data", ".balign 8", "specials:"] + ["\t.dword %d" % v for v in sp]
        data += ["fpvals:"] + ["\t.dword %d" % v for v in fpv]
        data += [".bss", ".balign 4096", "scratch:", "\t.zero %d" % SCRATCH, "dump:", "\t.zero %d" % DUMP]
        return "\n".join(L + body + D + data) + "\n"


# ---- running ------------------------------------------------------------------------------------
def build(cc, src_text, path):
    with open(path + ".S", "w") as f:
        f.write(src_text)
    cmd = shlex.split(cc) + ["-nostdlib", "-march=" + MARCH, path + ".S", "-o", path]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        return "build failed: %s" % r.stderr.strip()[:2000]
    return None


def run(cmd, timeout=120, tail=None):
    return harness.run_pair(cmd, timeout=timeout, tail=tail)


def explain(a, b, vlen, la="qemu", lb="karu64"):
    """First differences between two dumps, by register (a is the reference)."""
    vlenb = vlen // 8
    out = []
    if len(a) != DUMP or len(b) != DUMP:
        return "dump sizes %d vs %d" % (len(a), len(b))
    for v in range(32):
        x, y = a[v * vlenb:(v + 1) * vlenb], b[v * vlenb:(v + 1) * vlenb]
        if x != y:
            out.append("v%d: %s %s %s %s" % (v, la, x.hex(), lb, y.hex()))
    base = 32 * 512
    for i in range(1, 32):
        x, y = a[base + 8 * i:base + 8 * i + 8], b[base + 8 * i:base + 8 * i + 8]
        if x != y:
            out.append("x%d: %s %s %s %s" % (i, la, x[::-1].hex(), lb, y[::-1].hex()))
    for i in range(32):
        o = base + 256 + 8 * i
        if a[o:o + 8] != b[o:o + 8]:
            out.append("f%d: %s %s %s %s" % (i, la, a[o:o + 8][::-1].hex(), lb, b[o:o + 8][::-1].hex()))
    for j, c in enumerate(["vl", "vtype", "vxsat", "vxrm", "fflags", "frm", "vstart", "scratch-hash"]):
        o = base + 512 + 8 * j
        if a[o:o + 8] != b[o:o + 8]:
            out.append("%s: %s %s %s %s" % (c, la, a[o:o + 8][::-1].hex(), lb, b[o:o + 8][::-1].hex()))
    return "; ".join(out[:6]) if out else "identical"


AGNOSTIC = False   # --agnostic: tail/mask-agnostic elements all ones in both simulators


def qemu_cmd(qemu, v):
    cpu = QEMU_CPU % v + (",rvv_ta_all_1s=true,rvv_ma_all_1s=true" if AGNOSTIC else "")
    return [qemu, "-cpu", cpu]


REPEAT = 1         # --repeat: the stream runs this many times in a loop
EXECUTED = [0]     # instructions karu64 executed in check runs (--stats)
EXECUTED_LOCK = threading.Lock()


def karu_cmd(karu, v):
    return [karu, "--vlen=%d" % v, "--stats"] + (["--vector-agnostic=ones"] if AGNOSTIC else [])


def one(seed, n, cc, outdir, qemu, karu, vlens, groups):
    g = Gen(seed, n, groups)
    text = g.program()
    path = os.path.join(outdir, "p%d" % seed)
    err = build(cc, text, path)
    if err:
        return [(seed, None, False, err)], g.count
    res = []
    for v in vlens:
        q, qe = run(qemu_cmd(qemu, v) + [path])
        if q is None or q[1] != 0:
            res.append((seed, v, False, "qemu failed (%s): generator bug" % (qe if q is None else "exit %d %s" % (q[1], qe))))
            continue
        k, ke = run(karu_cmd(karu, v) + [path], tail=300)   # --stats: its last lines
        if k is None:
            res.append((seed, v, False, "karu64 %s" % ke))
        elif k != q:
            res.append((seed, v, False, "exit %d: %s" % (k[1], ke) if k[1] != q[1] else explain(q[0], k[0], v)))
        else:
            res.append((seed, v, True, ""))
        m = re.search(r"^instructions: (\d+)$", ke or "", re.M)
        with EXECUTED_LOCK:
            EXECUTED[0] += int(m.group(1)) if m else 0
    os.remove(path + ".S")
    os.remove(path)
    return res, g.count


MODEL_GROUPS = GROUPS


def one_model(seed, n, cc, outdir, karu, vlens, qemu):
    """Self-check: karu64's dump against vmodel.py's (and, for VLEN <= 1024, QEMU's too, which
    checks the model itself)."""
    import vmodel
    g = Gen(seed, n, MODEL_GROUPS, model=True)
    text = g.program()
    path = os.path.join(outdir, "m%d" % seed)
    err = build(cc, text, path)
    if err:
        return [(seed, None, False, err)], g.count
    layout = {"SCRATCH": SCRATCH, "BASE": BASE}
    res = []
    for v in vlens:
        try:
            want = vmodel.evaluate(g, v, layout, DUMP_X, DUMP)
        except NotImplementedError as e:
            res.append((seed, v, False, "model lacks %s" % e))
            continue
        ref = [("model", want)]
        if v <= 1024 and qemu:
            q, qe = run([qemu, "-cpu", QEMU_CPU % v, path])
            if q is None or q[1] != 0 or q[0] != want:
                res.append((seed, v, False, "model vs QEMU: %s" % (qe if q is None or q[1] else explain(q[0], want, v, "qemu", "model"))))
                continue
        k, ke = run([karu, "--vlen=%d" % v, path])
        if k is None or k[1] != 0:
            res.append((seed, v, False, "karu64 %s" % ke))
        elif k[0] != want:
            res.append((seed, v, False, "karu64 vs model: " + explain(want, k[0], v, "model", "karu64")))
        else:
            res.append((seed, v, True, ""))
    os.remove(path + ".S")
    os.remove(path)
    return res, g.count


def selfcheck(a, seed, vlens):
    sys.path.insert(0, HERE)
    print("vrandom selfcheck: seed %d, %d programs x %d vector instructions (groups %s), VLEN %s"
          % (seed, a.programs, a.insns, ",".join(MODEL_GROUPS), a.vlens))
    sys.stdout.flush()
    npass = nfail = total = 0
    lines = []
    with cf.ProcessPoolExecutor(a.j) as ex:
        futs = [ex.submit(one_model, seed * 100000 + i, a.insns, a.cc, a.out, a.karu64, vlens,
                          a.qemu if a.model_vs_qemu else None) for i in range(a.programs)]
        for f in futs:
            res, n = f.result()
            total += n
            for s, v, ok, why in res:
                npass += ok
                nfail += not ok
                if not ok:
                    lines.append("FAIL seed %d vlen %s: %s" % (s, v, why))
                    print(lines[-1])
                    sys.stdout.flush()
    summary = ["vrandom selfcheck: seed %d: %d programs, %d vector instructions per VLEN (%s), karu64 vs vmodel.py"
               % (seed, a.programs, total, a.vlens), "%d passed, %d failed" % (npass, nfail)]
    print("\n".join(summary))
    if a.results:
        with open(a.results, "w") as f:
            f.write("\n".join(lines + summary) + "\n")
    return 1 if nfail else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("cmd", choices=["check", "gen", "replay", "selfcheck"])
    ap.add_argument("--seed", type=int)
    ap.add_argument("--programs", type=int, default=100)
    ap.add_argument("--insns", type=int, default=10000)
    ap.add_argument("--vlens", default="128,256,512,1024")
    ap.add_argument("--vlen", type=int, default=128)
    ap.add_argument("--groups", default=",".join(GROUPS))
    ap.add_argument("--cc", default=DEF_CC)
    ap.add_argument("--qemu", default="build/tools/qemu-riscv64")
    ap.add_argument("--karu64", default="build/karu64")
    ap.add_argument("--out", default="build/tests/vector-random")
    ap.add_argument("--results")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--agnostic", action="store_true",
                    help="check: agnostic elements all ones (QEMU rvv_ta_all_1s/rvv_ma_all_1s, karu64 --vector-agnostic=ones)")
    ap.add_argument("--repeat", type=int, default=1,
                    help="run the stream R times in a loop, each time from the state the last left")
    ap.add_argument("--model-vs-qemu", action="store_true", help="selfcheck: also compare the model with QEMU (VLEN <= 1024)")
    a = ap.parse_args()
    groups = a.groups.split(",")
    global AGNOSTIC, REPEAT
    AGNOSTIC = a.agnostic
    REPEAT = a.repeat
    os.makedirs(a.out, exist_ok=True)
    if a.cmd == "gen":
        sys.stdout.write(Gen(a.seed, a.insns, groups).program())
        return 0
    if a.cmd == "replay":
        res, n = one(a.seed, a.insns, a.cc, a.out, a.qemu, a.karu64, [a.vlen], groups)
        for s, v, ok, why in res:
            print("seed %d vlen %s: %s %s" % (s, v, "ok" if ok else "MISMATCH", why))
        return 0 if all(r[2] for r in res) else 1
    seed = a.seed if a.seed is not None else int(time.time()) % 100000
    vlens = [int(v) for v in a.vlens.split(",")]
    if a.cmd == "selfcheck":
        return selfcheck(a, seed, vlens)
    print("vrandom: seed %d, %d programs x %d vector instructions, VLEN %s" % (seed, a.programs, a.insns, a.vlens))
    sys.stdout.flush()
    npass = nfail = 0
    total = 0
    lines = []
    with cf.ThreadPoolExecutor(a.j) as ex:
        futs = [ex.submit(one, seed * 100000 + i, a.insns, a.cc, a.out, a.qemu, a.karu64, vlens, groups)
                for i in range(a.programs)]
        for f in futs:
            res, n = f.result()
            total += n
            for s, v, ok, why in res:
                if ok:
                    npass += 1
                else:
                    nfail += 1
                    lines.append("FAIL seed %d vlen %s: %s" % (s, v, why))
                    print(lines[-1])
                    sys.stdout.flush()
    summary = ["vrandom: seed %d: %d programs, %d vector instructions per VLEN (%s), %d executed in karu64 (--stats)"
               % (seed, a.programs, total, a.vlens, EXECUTED[0]),
               "%d passed, %d failed" % (npass, nfail)]
    print("\n".join(summary))
    if a.results:
        with open(a.results, "w") as f:
            f.write("\n".join(lines + summary) + "\n")
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main())
