#!/usr/bin/env python3
"""Reference model for the random vector streams of vrandom.py (issue 3: the self-checking mode
at VLEN 2048 and 4096, where QEMU cannot run).

A separate, deliberately simple implementation: it interprets the generated program line by line,
element by element, with Python integers and exact rational arithmetic (fractions.Fraction) for
floating point, written from the RVV 1.0 and F/D chapters of the manual, sharing no code with
karu64. It produces the bytes the program's final dump must contain; vrandom.py selfcheck compares
them with karu64's output.

Coverage: every instruction vrandom.py emits (all its groups): vsetvli/vsetivli/vsetvl; integer
arithmetic including widening, narrowing shifts, extensions, carry/borrow, multiply-add, compares,
merges/moves and reductions; every fixed-point instruction (all vxrm modes, vxsat); the floating
point the generator emits (arithmetic, fused multiply-add, widening, min/max, sign injection,
compares, classification, square root, vfrec7/vfrsqrt7, conversions incl. .rtz/.rod and the
Zvfhmin f16 pair, merge/move, vfmv.f.s/vfmv.s.f, ordered/unordered/widening reductions) with exact
rounding in all five modes and exact fflags; mask logical/population/set-before-first/iota/vid;
slides, slide1, gathers, compress, scalar and whole-register moves; unit-stride, strided, indexed
(ordered and unordered), segment, fault-only-first (no fault occurs), whole-register and mask
loads and stores; Zvbb. Not modelled: traps, vstart != 0, agnostic-ones policies.
Tail and masked-off elements are left undisturbed (karu64's default policy).
"""
import re
from fractions import Fraction

M64 = (1 << 64) - 1
FMT = {16: (5, 10), 32: (8, 23), 64: (11, 52)}
NV, DZ, OF, UF, NX = 16, 8, 4, 2, 1
RNE, RTZ, RDN, RUP, RMM = range(5)


# ---- IEEE 754 binary formats (unprivileged manual, F/D chapters; IEEE 754-2019) -------------------
def fparts(n):
    e, m = FMT[n]
    return e, m, (1 << (e - 1)) - 1


def canon(n):
    e, m, _ = fparts(n)
    return ((1 << e) - 1) << m | 1 << (m - 1)


class Val:
    """The magnitude of a finite number, sig * 2^exp, made a Fraction only when arithmetic needs it."""
    __slots__ = ("sig", "exp")

    def __init__(self, sig, exp):
        self.sig, self.exp = sig, exp

    def fr(self):
        return scale(Fraction(self.sig), self.exp)


def scale(v, e):
    """v * 2^e for a Fraction v, in integers."""
    if e >= 0:
        return Fraction(v.numerator << e, v.denominator)
    return Fraction(v.numerator, v.denominator << -e)


def classify(n, a):
    """('nan'|'snan'|'inf'|'zero'|'num', sign, Fraction or None); the value is computed lazily by fval."""
    e, m, b = fparts(n)
    s = a >> (n - 1) & 1
    ex = a >> m & ((1 << e) - 1)
    f = a & ((1 << m) - 1)
    if ex == (1 << e) - 1:
        if f == 0:
            return "inf", s, None
        return ("nan" if f >> (m - 1) else "snan"), s, None
    if ex == 0 and f == 0:
        return "zero", s, 0
    return "num", s, Val(f if ex == 0 else f | 1 << m, (1 if ex == 0 else ex) - b - m)


def fv(v):
    """The Fraction of classify()'s value."""
    return v.fr() if isinstance(v, Val) else Fraction(v)


def ilog2(v):
    """floor(log2(v)) for a positive Fraction."""
    k = v.numerator.bit_length() - v.denominator.bit_length()
    if (k >= 0 and (v.denominator << k) > v.numerator) or (k < 0 and v.denominator > (v.numerator << -k)):
        k -= 1
    return k


def round_int(v, sign, rm):
    """Rounds a non-negative Fraction to an integer in direction rm (the sign is the value's)."""
    i = v.numerator // v.denominator
    r = v - i
    if r == 0:
        return i, False
    up = {RNE: r > Fraction(1, 2) or (r == Fraction(1, 2) and i & 1), RTZ: False, RDN: bool(sign),
          RUP: not sign, RMM: r >= Fraction(1, 2)}[rm]
    return i + up, True


def pack(n, sign, v, rm):
    """Rounds sign * v (v > 0) to format n; returns (bits, flags). Tininess after rounding."""
    e, m, b = fparts(n)
    emin, emax = 1 - b, b
    k = ilog2(v)
    fl = 0
    # unbounded-exponent rounding, for overflow and tininess
    q, inexact = round_int(scale(v, m - k), sign, rm)
    ku = k + (1 if q >> (m + 1) else 0)
    if ku > emax:
        fl |= OF | NX
        to_inf = rm in (RNE, RMM) or (rm == RUP and not sign) or (rm == RDN and sign)
        mag = ((1 << e) - 1) << m if to_inf else (((1 << e) - 1) << m) - 1
        return sign << (n - 1) | mag, fl
    tiny = ku < emin
    kk = max(k, emin)
    q, inexact = round_int(scale(v, m - kk), sign, rm)
    if inexact:
        fl |= NX
        if tiny:
            fl |= UF
    if q >> (m + 1):
        q >>= 1
        kk += 1
    if q >> m:
        bits = (kk + b) << m | (q & ((1 << m) - 1))
    else:
        bits = q                      # subnormal (or zero)
    return sign << (n - 1) | bits, fl


def zero_sum_sign(rm):
    return 1 if rm == RDN else 0


def f_add(n, a, c, rm, sub=False):
    if sub:
        c ^= 1 << (n - 1)
    ka, sa, va = classify(n, a)
    kc, sc, vc = classify(n, c)
    if ka in ("nan", "snan") or kc in ("nan", "snan"):
        return canon(n), NV if "snan" in (ka, kc) else 0
    if ka == "inf" or kc == "inf":
        if ka == "inf" and kc == "inf" and sa != sc:
            return canon(n), NV
        s = sa if ka == "inf" else sc
        return s << (n - 1) | (((1 << FMT[n][0]) - 1) << FMT[n][1]), 0
    va, vc = fv(va), fv(vc)
    t = (-va if sa else va) + (-vc if sc else vc)
    if t == 0:
        if ka == "zero" and kc == "zero" and sa == sc:
            return sa << (n - 1), 0
        return zero_sum_sign(rm) << (n - 1), 0
    return pack(n, 1 if t < 0 else 0, abs(t), rm)


def inf_bits(n, s):
    return s << (n - 1) | (((1 << FMT[n][0]) - 1) << FMT[n][1])


def f_mul(n, a, c, rm):
    ka, sa, va = classify(n, a)
    kc, sc, vc = classify(n, c)
    s = sa ^ sc
    if ka in ("nan", "snan") or kc in ("nan", "snan"):
        return canon(n), NV if "snan" in (ka, kc) else 0
    if (ka == "inf" and kc == "zero") or (ka == "zero" and kc == "inf"):
        return canon(n), NV
    if ka == "inf" or kc == "inf":
        return inf_bits(n, s), 0
    if ka == "zero" or kc == "zero":
        return s << (n - 1), 0
    return pack(n, s, fv(va) * fv(vc), rm)


def f_div(n, a, c, rm):
    ka, sa, va = classify(n, a)
    kc, sc, vc = classify(n, c)
    s = sa ^ sc
    if ka in ("nan", "snan") or kc in ("nan", "snan"):
        return canon(n), NV if "snan" in (ka, kc) else 0
    if (ka == "inf" and kc == "inf") or (ka == "zero" and kc == "zero"):
        return canon(n), NV
    if ka == "inf":
        return inf_bits(n, s), 0
    if kc == "inf":
        return s << (n - 1), 0
    if kc == "zero":
        return inf_bits(n, s), DZ
    if ka == "zero":
        return s << (n - 1), 0
    return pack(n, s, fv(va) / fv(vc), rm)


def f_fma(n, a, c, d, neg_prod, neg_add, rm):
    """(a * c) * (-1 if neg_prod) + d * (-1 if neg_add), one rounding."""
    ka, sa, va = classify(n, a)
    kc, sc, vc = classify(n, c)
    kd, sd, vd = classify(n, d)
    sp = sa ^ sc ^ neg_prod
    sd ^= neg_add
    kinds = (ka, kc, kd)
    inf_zero = (ka == "inf" and kc == "zero") or (ka == "zero" and kc == "inf")
    if any(k in ("nan", "snan") for k in kinds) or inf_zero:
        return canon(n), NV if ("snan" in kinds or inf_zero) else 0
    if ka == "inf" or kc == "inf":
        if kd == "inf" and sd != sp:
            return canon(n), NV
        return inf_bits(n, sp), 0
    if kd == "inf":
        return inf_bits(n, sd), 0
    p = fv(va) * fv(vc)
    vd = fv(vd)
    t = (-p if sp else p) + (-vd if sd else vd)
    if t == 0:
        if p == 0 and kd == "zero" and sp == sd:
            return sp << (n - 1), 0
        return zero_sum_sign(rm) << (n - 1), 0
    return pack(n, 1 if t < 0 else 0, abs(t), rm)


def isqrt(x):
    if x == 0:
        return 0
    r = 1 << ((x.bit_length() + 1) // 2)
    while True:
        y = (r + x // r) // 2
        if y >= r:
            return r
        r = y


def f_sqrt(n, a, rm):
    ka, sa, va = classify(n, a)
    if ka in ("nan", "snan"):
        return canon(n), NV if ka == "snan" else 0
    if ka == "zero":
        return a, 0
    if sa:
        return canon(n), NV
    if ka == "inf":
        return a, 0
    va = fv(va)
    s = 2 * FMT[n][1] + 8 - ilog2(va) // 2
    s += s & 1
    scaled = scale(va, 2 * s)
    N = scaled.numerator // scaled.denominator
    r = isqrt(N)
    exact = r * r == N and scaled.denominator == 1
    y = scale(Fraction(r) if exact else Fraction(2 * r + 1, 2), -s)
    return pack(n, 0, y, rm)


def f_minmax(n, a, c, is_max):
    ka, sa, va = classify(n, a)
    kc, sc, vc = classify(n, c)
    fl = NV if "snan" in (ka, kc) else 0
    an, cn = ka in ("nan", "snan"), kc in ("nan", "snan")
    if an and cn:
        return canon(n), fl
    if an:
        return c, fl
    if cn:
        return a, fl
    x = key(n, a)
    y = key(n, c)
    return (a if (x >= y) == is_max else c) if x != y else a, fl


def key(n, a):
    """Total order key for non-NaN values with -0 < +0."""
    k, s, v = classify(n, a)
    mag = a & ((1 << (n - 1)) - 1)
    return -mag - 1 if s else mag


def f_cmp(n, a, c, op):
    ka, _, _ = classify(n, a)
    kc, _, _ = classify(n, c)
    nan = any(k in ("nan", "snan") for k in (ka, kc))
    if op == "eq":
        fl = NV if "snan" in (ka, kc) else 0
        return (False if nan else (a == c or (ka == "zero" and kc == "zero"))), fl
    if nan:
        return False, NV
    x, y = key(n, a), key(n, c)
    if ka == "zero" and kc == "zero":
        x = y = 0
    return (x < y if op == "lt" else x <= y), 0


def f_class(n, a):
    k, s, v = classify(n, a)
    e, m, b = fparts(n)
    if k == "inf":
        return 1 if s else 1 << 7
    if k == "zero":
        return 1 << 3 if s else 1 << 4
    if k == "snan":
        return 1 << 8
    if k == "nan":
        return 1 << 9
    sub = (a >> m & ((1 << e) - 1)) == 0
    return (1 << 2 if sub else 1 << 1) if s else (1 << 5 if sub else 1 << 6)


def f_sgnj(n, a, c, kind):
    sb = 1 << (n - 1)
    s = {0: c & sb, 1: ~c & sb, 2: (a ^ c) & sb}[kind]
    return (a & (sb - 1)) | s


def f_to_int(n, a, ibits, signed, rm):
    k, s, v = classify(n, a)
    lo, hi = (-(1 << (ibits - 1)), (1 << (ibits - 1)) - 1) if signed else (0, (1 << ibits) - 1)
    if k in ("nan", "snan") or (k == "inf" and not s):
        return hi & ((1 << ibits) - 1), NV
    if k == "inf":
        return lo & ((1 << ibits) - 1), NV
    if k == "zero":
        return 0, 0
    i, inexact = round_int(fv(v), s, rm)
    i = -i if s else i
    if i < lo or i > hi:
        return (lo if i < lo else hi) & ((1 << ibits) - 1), NV
    return i & ((1 << ibits) - 1), NX if inexact else 0


def f_from_int(n, v, rm):
    if v == 0:
        return 0, 0
    return pack(n, 1 if v < 0 else 0, Fraction(abs(v)), rm)


def f_cvt(to, frm, a, rm):
    k, s, v = classify(frm, a)
    if k in ("nan", "snan"):
        return canon(to), NV if k == "snan" else 0
    if k == "inf":
        return inf_bits(to, s), 0
    if k == "zero":
        return s << (to - 1), 0
    return pack(to, s, fv(v), rm)


def f_rod(to, frm, a):
    r, fl = f_cvt(to, frm, a, RTZ)
    if fl & NX and classify(to, r)[0] not in ("nan", "snan"):
        r |= 1
    return r, fl


REC7 = [127, 125, 123, 121, 119, 117, 116, 114, 112, 110, 109, 107, 105, 104, 102, 100, 99, 97, 96, 94,
        93, 91, 90, 88, 87, 85, 84, 83, 81, 80, 79, 77, 76, 75, 74, 72, 71, 70, 69, 68, 66, 65, 64, 63,
        62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44, 43, 42, 41, 40, 40,
        39, 38, 37, 36, 35, 35, 34, 33, 32, 31, 31, 30, 29, 28, 28, 27, 26, 25, 25, 24, 23, 23, 22, 21,
        21, 20, 19, 19, 18, 17, 17, 16, 15, 15, 14, 14, 13, 12, 12, 11, 11, 10, 9, 9, 8, 8, 7, 7, 6, 5,
        5, 4, 4, 3, 3, 2, 2, 1, 1, 0]
RSQRT7 = [52, 51, 50, 48, 47, 46, 44, 43, 42, 41, 40, 39, 38, 36, 35, 34, 33, 32, 31, 30, 30, 29, 28, 27,
          26, 25, 24, 23, 23, 22, 21, 20, 19, 19, 18, 17, 16, 16, 15, 14, 14, 13, 12, 12, 11, 10, 10, 9,
          9, 8, 7, 7, 6, 6, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 127, 125, 123, 121, 119, 118, 116, 114, 113, 111,
          109, 108, 106, 105, 103, 102, 100, 99, 97, 96, 95, 93, 92, 91, 90, 88, 87, 86, 85, 84, 83, 82,
          80, 79, 78, 77, 76, 75, 74, 73, 72, 71, 70, 70, 69, 68, 67, 66, 65, 64, 63, 63, 62, 61, 60, 59,
          59, 58, 57, 56, 56, 55, 54, 53]


def norm_exp_sig(n, a):
    e, m, b = fparts(n)
    ex = a >> m & ((1 << e) - 1)
    sig = a & ((1 << m) - 1)
    if ex == 0:
        lz = m - sig.bit_length()
        ex = -lz
        sig = (sig << (1 - ex)) & ((1 << m) - 1)
    return ex, sig


def f_rec7(n, a, rm):
    k, s, v = classify(n, a)
    e, m, b = fparts(n)
    if k in ("nan", "snan"):
        return canon(n), NV if k == "snan" else 0
    if k == "inf":
        return s << (n - 1), 0
    if k == "zero":
        return inf_bits(n, s), DZ
    ex, sig = norm_exp_sig(n, a)
    oe = 2 * b - 1 - ex
    if oe > 2 * b:
        to_inf = rm in (RNE, RMM) or (rm == RUP and not s) or (rm == RDN and s)
        return (inf_bits(n, s) if to_inf else inf_bits(n, s) - 1), OF | NX
    osig = REC7[sig >> (m - 7)] << (m - 7)
    if oe <= 0:
        osig = (osig | 1 << m) >> (1 - oe)
        oe = 0
    return s << (n - 1) | oe << m | osig, 0


def f_rsqrt7(n, a):
    k, s, v = classify(n, a)
    e, m, b = fparts(n)
    if k in ("nan", "snan"):
        return canon(n), NV if k == "snan" else 0
    if k == "zero":
        return inf_bits(n, s), DZ
    if s:
        return canon(n), NV
    if k == "inf":
        return 0, 0
    ex, sig = norm_exp_sig(n, a)
    oe = (3 * b - 1 - ex) // 2
    return oe << m | RSQRT7[(ex & 1) << 6 | sig >> (m - 6)] << (m - 7), 0


# ---- fixed point (RVV 1.0 §3.8, §12) --------------------------------------------------------------
def rnd_inc(v, d, vxrm):
    if d == 0:
        return 0
    bit = lambda i: (v >> i) & 1
    low = lambda k: v & ((1 << k) - 1)
    if vxrm == 0:
        return bit(d - 1)
    if vxrm == 1:
        return bit(d - 1) & (1 if (low(d - 1) != 0 or bit(d)) else 0)
    if vxrm == 2:
        return 0
    return (1 - bit(d)) & (1 if low(d) != 0 else 0)


def sx(v, bits):
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


# ---- the machine ------------------------------------------------------------------------------------
class Model:
    def __init__(self, vlen, gen, layout):
        """gen: the vrandom.Gen that produced the program; layout: dict with BASE etc."""
        self.vlen, self.vlenb = vlen, vlen // 8
        self.v = bytearray(32 * self.vlenb)
        self.x = [0] * 32
        self.f = [0] * 32
        self.vl, self.vtype = 0, 1 << 63
        self.vxrm, self.vxsat, self.frm, self.fflags = 0, 0, 0, 0
        self.L = layout
        self.mem = bytearray(layout["SCRATCH"])
        self.g = gen

    # registers
    def get(self, r, i, eew):
        o = r * self.vlenb + i * eew // 8
        return int.from_bytes(self.v[o:o + eew // 8], "little")

    def put(self, r, i, eew, val):
        o = r * self.vlenb + i * eew // 8
        self.v[o:o + eew // 8] = (val & ((1 << eew) - 1)).to_bytes(eew // 8, "little")

    def mbit(self, r, i):
        return self.v[r * self.vlenb + i // 8] >> (i % 8) & 1

    def set_mbit(self, r, i, b):
        o = r * self.vlenb + i // 8
        self.v[o] = (self.v[o] & ~(1 << (i % 8))) | (b << (i % 8))

    @property
    def sew(self):
        return 8 << (self.vtype >> 3 & 7)

    @property
    def lmul(self):
        l = self.vtype & 7
        return l - 8 if l >= 4 else l

    def vlmax(self, sew=None, lm=None):
        sew = sew or self.sew
        lm = self.lmul if lm is None else lm
        s = self.vlen.bit_length() - 1 + lm - (sew.bit_length() - 1)
        return 1 << s if s >= 0 else 0

    def active(self, masked, i):
        return not masked or self.mbit(0, i)

    # ---- initial state (mirrors vrandom.Gen.program's prologue) ----------------------------------
    def setup(self):
        g, L = self.g, self.L
        t2 = g.init["xs_seed"]
        for w in range(L["SCRATCH"] // 8):
            t2 ^= (t2 << 13) & M64
            t2 ^= t2 >> 7
            t2 ^= (t2 << 17) & M64
            self.mem[8 * w:8 * w + 8] = t2.to_bytes(8, "little")
        mid = L["SCRATCH"] // 2
        for off, val in g.init["specials"]:
            self.mem[mid + off:mid + off + 8] = val.to_bytes(8, "little")
        o = mid - 4096
        for v in range(0, 32, 8):
            n = 8 * self.vlenb
            self.v[v * self.vlenb:v * self.vlenb + n] = self.mem[o:o + n]
            o += 1024
        self.f = list(g.init["fpv"])
        for r, val in g.init["x"].items():
            self.x[r] = val
        self.frm, self.vxrm = g.init["frm"], g.init["vxrm"]
        self.x[L["BASE"]] = self.ADDR0 + mid

    # ---- execution --------------------------------------------------------------------------------
    def xr(self, tok):
        return int(tok[1:])

    def run_line(self, line):
        line = line.strip()
        mn, _, rest = line.partition(" ")
        ops = [o.strip() for o in rest.split(",")] if rest else []
        masked = bool(ops) and ops[-1] == "v0.t"
        if masked:
            ops = ops[:-1]
        h = getattr(self, "i_" + mn.replace(".", "_"), None)
        if h is None:
            raise NotImplementedError(mn)
        h(ops, masked, mn)

    # scalar harness instructions
    def wx(self, r, v):
        if r:
            self.x[r] = v & M64

    def i_li(self, o, m, mn):
        self.wx(self.xr(o[0]), int(o[1]))

    def i_add(self, o, m, mn):
        self.wx(self.xr(o[0]), self.x[self.xr(o[1])] + self.x[self.xr(o[2])])

    def i_addi(self, o, m, mn):
        self.wx(self.xr(o[0]), self.x[self.xr(o[1])] + int(o[2]))

    def i_slli(self, o, m, mn):
        self.wx(self.xr(o[0]), self.x[self.xr(o[1])] << int(o[2]))

    def i_or(self, o, m, mn):
        self.wx(self.xr(o[0]), self.x[self.xr(o[1])] | self.x[self.xr(o[2])])

    def i_xor(self, o, m, mn):
        self.wx(self.xr(o[0]), self.x[self.xr(o[1])] ^ self.x[self.xr(o[2])])

    def i_rori(self, o, m, mn):
        v, k = self.x[self.xr(o[1])], int(o[2])
        self.wx(self.xr(o[0]), (v >> k) | (v << (64 - k)))

    def i_frflags(self, o, m, mn):
        self.wx(self.xr(o[0]), self.fflags)

    def i_fsflags(self, o, m, mn):
        self.fflags = self.x[self.xr(o[0])] & 31

    def i_fsrmi(self, o, m, mn):
        self.frm = int(o[0])

    def i_csrwi(self, o, m, mn):
        setattr(self, o[0], int(o[1]))

    def i_csrr(self, o, m, mn):
        self.wx(self.xr(o[0]), {"vl": self.vl, "vtype": self.vtype, "vxsat": self.vxsat}[o[1]])

    # configuration (§6)
    def setvtype(self, rd, avl, vt):
        sew = 8 << (vt >> 3 & 7)
        l = vt & 7
        bad = vt >> 8 or sew > 64 or l == 4 or (l > 4 and (64 >> (8 - l)) < sew)
        if bad:
            self.vtype, self.vl = 1 << 63, 0
        else:
            self.vtype = vt
            self.vl = min(avl, self.vlmax())
        self.wx(rd, self.vl)

    def parse_vt(self, toks):
        sew = int(toks[0][1:])
        lmn = {"mf8": 5, "mf4": 6, "mf2": 7, "m1": 0, "m2": 1, "m4": 2, "m8": 3}[toks[1]]
        return (sew.bit_length() - 4) << 3 | lmn | (toks[2] == "ta") << 6 | (toks[3] == "ma") << 7

    def i_vsetvli(self, o, m, mn):
        rd, rs1 = self.xr(o[0]), self.xr(o[1])
        avl = self.x[rs1] if rs1 else ((1 << 64) if rd else self.vl)
        self.setvtype(rd, avl, self.parse_vt(o[2:]))

    def i_vsetivli(self, o, m, mn):
        self.setvtype(self.xr(o[0]), int(o[1]), self.parse_vt(o[2:]))

    def i_vsetvl(self, o, m, mn):
        rd, rs1 = self.xr(o[0]), self.xr(o[1])
        avl = self.x[rs1] if rs1 else ((1 << 64) if rd else self.vl)
        self.setvtype(rd, avl, self.x[self.xr(o[2])])

    # ---- generic element loops ------------------------------------------------------------------
    def vreg(self, tok):
        return int(tok[1:])

    def scalar(self, tok, sew):
        """x[rs1] truncated, f[rs1] NaN-unboxed, or an immediate (sign-extended)."""
        if tok[0] == "x":
            return self.x[int(tok[1:])] & ((1 << sew) - 1)
        if tok[0] == "f":
            v = self.f[int(tok[1:])]
            if sew == 64:
                return v
            return v & ((1 << sew) - 1) if v >> sew == (1 << (64 - sew)) - 1 else canon(sew)
        return int(tok) & ((1 << sew) - 1)

    def binop(self, o, masked, fn, dst_eew=None, a_eew=None, b_eew=None):
        """vd[i] = fn(vs2[i], op[i]) over the body; op is a vector, scalar or immediate."""
        sew = self.sew
        vd, vs2 = self.vreg(o[0]), self.vreg(o[1])
        de, ae, be = dst_eew or sew, a_eew or sew, b_eew or sew
        vec = o[2][0] == "v"
        sc = None if vec else self.scalar(o[2], be if o[2][0] != "x" else 64)
        for i in range(self.vl):
            if self.active(masked, i):
                b = self.get(self.vreg(o[2]), i, be) if vec else sc
                self.put(vd, i, de, fn(self.get(vs2, i, ae), b))

    # ---- fixed point (§12) ----------------------------------------------------------------------
    def fix(self, o, masked, mn):
        sew = self.sew
        name, form = mn.split(".")
        xrm = self.vxrm
        umax, smax, smin = (1 << sew) - 1, (1 << (sew - 1)) - 1, -(1 << (sew - 1))
        sat = [False]

        def clampu(v):
            if v > umax:
                sat[0] = True
                return umax
            if v < 0:
                sat[0] = True
                return 0
            return v

        def clamps(v):
            if v > smax:
                sat[0] = True
                return smax
            if v < smin:
                sat[0] = True
                return smin
            return v

        def op(a, b):
            if form in ("vx",):
                b &= (1 << sew) - 1
            if form == "vi" and name in ("vsaddu", "vsadd"):
                b &= (1 << sew) - 1
            sa, sb = sx(a, sew), sx(b, sew)
            if name == "vsaddu":
                return clampu(a + b)
            if name == "vsadd":
                return clamps(sa + sb)
            if name == "vssubu":
                return clampu(a - b)
            if name == "vssub":
                return clamps(sa - sb)
            if name in ("vaaddu", "vasubu"):
                v = a + b if name == "vaaddu" else a - b
                return (v >> 1) + rnd_inc(v & ((1 << (sew + 2)) - 1), 1, xrm)
            if name in ("vaadd", "vasub"):
                v = sa + sb if name == "vaadd" else sa - sb
                return (v >> 1) + rnd_inc(v & ((1 << (sew + 2)) - 1), 1, xrm)
            if name == "vsmul":
                if sa == smin and sb == smin:
                    sat[0] = True
                    return smax
                p = sa * sb
                return clamps((p >> (sew - 1)) + rnd_inc(p & ((1 << (2 * sew)) - 1), sew - 1, xrm))
            sh = b & (sew - 1)
            if name == "vssrl":
                return (a >> sh) + rnd_inc(a, sh, xrm)
            if name == "vssra":
                return (sa >> sh) + rnd_inc(a, sh, xrm)
            raise NotImplementedError(name)

        if form == "vi" and name in ("vssrl", "vssra"):
            o = o[:2] + [str(int(o[2]) & 31)]
        self.binop(o, masked, op)
        if sat[0]:
            self.vxsat = 1

    def clip(self, o, masked, mn):
        sew = self.sew
        name, form = mn.split(".")
        xrm = self.vxrm
        sat = [False]

        def op(a, b):
            sh = b & (2 * sew - 1)
            if name == "vnclipu":
                v = (a >> sh) + rnd_inc(a, sh, xrm)
                if v > (1 << sew) - 1:
                    sat[0] = True
                    v = (1 << sew) - 1
                return v
            s = sx(a, 2 * sew)
            v = (s >> sh) + rnd_inc(a, sh, xrm)
            lo, hi = -(1 << (sew - 1)), (1 << (sew - 1)) - 1
            if v > hi or v < lo:
                sat[0] = True
                v = hi if v > hi else lo
            return v

        if form == "wi":
            o = o[:2] + [str(int(o[2]) & 31)]
        self.binop(o, masked, op, a_eew=2 * sew)
        if sat[0]:
            self.vxsat = 1

    # ---- integer (§11) ------------------------------------------------------------------------
    def intop(self, o, masked, mn):
        sew = self.sew
        name, form = mn.split(".")
        M = (1 << sew) - 1
        if name in ("vmacc", "vnmsac", "vmadd", "vnmsub"):
            vd, s1, vs2 = self.vreg(o[0]), o[1], self.vreg(o[2])
            sc = None if s1[0] == "v" else self.x[self.xr(s1)] & M
            for i in range(self.vl):
                if self.active(masked, i):
                    a = self.get(self.vreg(s1), i, sew) if sc is None else sc
                    b, d = self.get(vs2, i, sew), self.get(vd, i, sew)
                    r = {"vmacc": a * b + d, "vnmsac": -(a * b) + d, "vmadd": a * d + b, "vnmsub": -(a * d) + b}[name]
                    self.put(vd, i, sew, r)
            return
        shift = name in ("vsll", "vsrl", "vsra")

        def op(a, b):
            b &= M
            sa, sb = sx(a, sew), sx(b, sew)
            if name == "vadd": return a + b
            if name == "vsub": return a - b
            if name == "vrsub": return b - a
            if name == "vminu": return min(a, b)
            if name == "vmaxu": return max(a, b)
            if name == "vmin": return min(sa, sb)
            if name == "vmax": return max(sa, sb)
            if name == "vand": return a & b
            if name == "vor": return a | b
            if name == "vxor": return a ^ b
            if name == "vsll": return a << (b & (sew - 1))
            if name == "vsrl": return a >> (b & (sew - 1))
            if name == "vsra": return sa >> (b & (sew - 1))
            if name == "vmul": return a * b
            if name == "vmulh": return (sa * sb) >> sew
            if name == "vmulhu": return (a * b) >> sew
            if name == "vmulhsu": return (sa * b) >> sew
            if name == "vdivu": return M if b == 0 else a // b
            if name == "vremu": return a if b == 0 else a % b
            if name == "vdiv":
                if sb == 0: return -1
                if sa == -(1 << (sew - 1)) and sb == -1: return sa
                q = abs(sa) // abs(sb)
                return q if (sa < 0) == (sb < 0) else -q
            if name == "vrem":
                if sb == 0: return sa
                if sa == -(1 << (sew - 1)) and sb == -1: return 0
                r = abs(sa) % abs(sb)
                return -r if sa < 0 else r
            raise NotImplementedError(name)

        if form == "vi" and shift:
            o = o[:2] + [str(int(o[2]) & 31)]
        self.binop(o, masked, op)

    def intcmp(self, o, masked, mn):
        sew = self.sew
        name, form = mn.split(".")
        vd, vs2 = self.vreg(o[0]), self.vreg(o[1])
        vec = o[2][0] == "v"
        sc = None if vec else self.scalar(o[2], 64) & ((1 << sew) - 1)
        res = {}
        for i in range(self.vl):
            if self.active(masked, i):
                a = self.get(vs2, i, sew)
                b = self.get(self.vreg(o[2]), i, sew) if vec else sc
                sa, sb = sx(a, sew), sx(b, sew)
                res[i] = {"vmseq": a == b, "vmsne": a != b, "vmsltu": a < b, "vmslt": sa < sb,
                          "vmsleu": a <= b, "vmsle": sa <= sb, "vmsgtu": a > b, "vmsgt": sa > sb}[name]
        for i, b in res.items():
            self.set_mbit(vd, i, int(b))

    def merge(self, o, masked, mn):
        """vmerge.v?m / vmv.v.?"""
        sew = self.sew
        vd = self.vreg(o[0])
        if mn.startswith("vmv"):
            src = o[1]
            for i in range(self.vl):
                self.put(vd, i, sew, self.get(self.vreg(src), i, sew) if src[0] == "v" else self.scalar(src, 64))
            return
        vs2, src = self.vreg(o[1]), o[2]
        for i in range(self.vl):
            v = (self.get(self.vreg(src), i, sew) if src[0] == "v" else self.scalar(src, 64)) if self.mbit(0, i) \
                else self.get(vs2, i, sew)
            self.put(vd, i, sew, v)

    def intred(self, o, masked, mn):
        sew = self.sew
        name = mn.split(".")[0]
        vd, vs2, vs1 = self.vreg(o[0]), self.vreg(o[1]), self.vreg(o[2])
        if self.vl == 0:
            return
        wide = name.startswith("vw")
        acc = self.get(vs1, 0, 2 * sew if wide else sew)
        for i in range(self.vl):
            if self.active(masked, i):
                e = self.get(vs2, i, sew)
                se = sx(e, sew)
                if name == "vwredsumu": acc = acc + e
                elif name == "vwredsum": acc = acc + se
                elif name == "vredsum": acc += e
                elif name == "vredand": acc &= e
                elif name == "vredor": acc |= e
                elif name == "vredxor": acc ^= e
                elif name == "vredminu": acc = min(acc & ((1 << sew) - 1), e)
                elif name == "vredmaxu": acc = max(acc & ((1 << sew) - 1), e)
                elif name == "vredmin": acc = min(sx(acc, sew), se)
                elif name == "vredmax": acc = max(sx(acc, sew), se)
        self.put(vd, 0, 2 * sew if wide else sew, acc)

    def narrowshift(self, o, masked, mn):
        sew = self.sew
        name, form = mn.split(".")

        def op(a, b):
            sh = b & (2 * sew - 1)
            return (a >> sh) if name == "vnsrl" else (sx(a, 2 * sew) >> sh)

        if form == "wi":
            o = o[:2] + [str(int(o[2]) & 31)]
        self.binop(o, masked, op, a_eew=2 * sew)

    def ext(self, o, masked, mn):
        sew = self.sew
        k = int(mn[-1])
        vd, vs2 = self.vreg(o[0]), self.vreg(o[1])
        for i in range(self.vl):
            if self.active(masked, i):
                e = self.get(vs2, i, sew // k)
                self.put(vd, i, sew, sx(e, sew // k) if mn.startswith("vsext") else e)

    # ---- floating point (§13, §14.3) ------------------------------------------------------------
    def fl(self, r_f):
        r, f = r_f
        self.fflags |= f
        return r

    def fbin(self, o, masked, mn):
        n = self.sew
        name, form = mn.split(".")
        rm = self.frm
        if name in ("vfmacc", "vfnmacc", "vfmsac", "vfnmsac", "vfmadd", "vfnmadd", "vfmsub", "vfnmsub"):
            vd, s1, vs2 = self.vreg(o[0]), o[1], self.vreg(o[2])
            sc = None if s1[0] == "v" else self.scalar(s1, n)
            np_, na = {"vfmacc": (0, 0), "vfnmacc": (1, 1), "vfmsac": (0, 1), "vfnmsac": (1, 0),
                       "vfmadd": (0, 0), "vfnmadd": (1, 1), "vfmsub": (0, 1), "vfnmsub": (1, 0)}[name]
            for i in range(self.vl):
                if self.active(masked, i):
                    a = self.get(self.vreg(s1), i, n) if sc is None else sc
                    b, d = self.get(vs2, i, n), self.get(vd, i, n)
                    if name in ("vfmacc", "vfnmacc", "vfmsac", "vfnmsac"):
                        r = f_fma(n, a, b, d, np_, na, rm)
                    else:
                        r = f_fma(n, a, d, b, np_, na, rm)
                    self.put(vd, i, n, self.fl(r))
            return

        def op(a, b):
            if name == "vfadd": return self.fl(f_add(n, a, b, rm))
            if name == "vfsub": return self.fl(f_add(n, a, b, rm, sub=True))
            if name == "vfrsub": return self.fl(f_add(n, b, a, rm, sub=True))
            if name == "vfmul": return self.fl(f_mul(n, a, b, rm))
            if name == "vfdiv": return self.fl(f_div(n, a, b, rm))
            if name == "vfrdiv": return self.fl(f_div(n, b, a, rm))
            if name == "vfmin": return self.fl(f_minmax(n, a, b, False))
            if name == "vfmax": return self.fl(f_minmax(n, a, b, True))
            if name == "vfsgnj": return f_sgnj(n, a, b, 0)
            if name == "vfsgnjn": return f_sgnj(n, a, b, 1)
            if name == "vfsgnjx": return f_sgnj(n, a, b, 2)
            raise NotImplementedError(name)

        self.binop(o, masked, op)

    def fwide(self, o, masked, mn):
        n = self.sew
        w = 2 * n
        name, form = mn.split(".")
        rm = self.frm
        W = lambda x: self.fl(f_cvt(w, n, x, rm))
        if name in ("vfwmacc", "vfwnmacc", "vfwmsac", "vfwnmsac"):
            vd, s1, vs2 = self.vreg(o[0]), o[1], self.vreg(o[2])
            sc = None if s1[0] == "v" else self.scalar(s1, n)
            np_, na = {"vfwmacc": (0, 0), "vfwnmacc": (1, 1), "vfwmsac": (0, 1), "vfwnmsac": (1, 0)}[name]
            for i in range(self.vl):
                if self.active(masked, i):
                    a = W(self.get(self.vreg(s1), i, n) if sc is None else sc)
                    b = W(self.get(vs2, i, n))
                    self.put(vd, i, w, self.fl(f_fma(w, a, b, self.get(vd, i, w), np_, na, rm)))
            return
        vd, vs2, src = self.vreg(o[0]), self.vreg(o[1]), o[2]
        sc = None if src[0] == "v" else self.scalar(src, n)
        for i in range(self.vl):
            if self.active(masked, i):
                a = self.get(vs2, i, w) if form[0] == "w" else W(self.get(vs2, i, n))
                b = W(self.get(self.vreg(src), i, n) if sc is None else sc)
                if name == "vfwadd": r = f_add(w, a, b, rm)
                elif name == "vfwsub": r = f_add(w, a, b, rm, sub=True)
                else: r = f_mul(w, a, b, rm)
                self.put(vd, i, w, self.fl(r))

    def fcmp(self, o, masked, mn):
        n = self.sew
        name, form = mn.split(".")
        vd, vs2, src = self.vreg(o[0]), self.vreg(o[1]), o[2]
        sc = None if src[0] == "v" else self.scalar(src, n)
        res = {}
        for i in range(self.vl):
            if self.active(masked, i):
                a = self.get(vs2, i, n)
                b = self.get(self.vreg(src), i, n) if sc is None else sc
                if name == "vmfeq": r = f_cmp(n, a, b, "eq")
                elif name == "vmfne":
                    r = f_cmp(n, a, b, "eq")
                    r = (not r[0], r[1])
                elif name == "vmflt": r = f_cmp(n, a, b, "lt")
                elif name == "vmfle": r = f_cmp(n, a, b, "le")
                elif name == "vmfgt": r = f_cmp(n, b, a, "lt")
                else: r = f_cmp(n, b, a, "le")
                res[i] = int(self.fl(r))
        for i, b in res.items():
            self.set_mbit(vd, i, b)

    def funary(self, o, masked, mn):
        n = self.sew
        rm = self.frm
        vd, vs2 = self.vreg(o[0]), self.vreg(o[1])
        name = mn
        de, se = n, n
        if name.startswith("vfwcvt"):
            de = 2 * n
        if name.startswith("vfncvt"):
            se = 2 * n
        out = {}
        for i in range(self.vl):
            if not self.active(masked, i):
                continue
            a = self.get(vs2, i, se)
            if name == "vfsqrt.v": r = f_sqrt(n, a, rm)
            elif name == "vfrec7.v": r = f_rec7(n, a, rm)
            elif name == "vfrsqrt7.v": r = f_rsqrt7(n, a)
            elif name == "vfclass.v": r = (f_class(n, a), 0)
            elif name in ("vfcvt.xu.f.v", "vfcvt.x.f.v", "vfcvt.rtz.xu.f.v", "vfcvt.rtz.x.f.v"):
                r = f_to_int(n, a, n, ".x." in name, RTZ if "rtz" in name else rm)
            elif name in ("vfcvt.f.xu.v", "vfcvt.f.x.v"):
                r = f_from_int(n, sx(a, n) if name.endswith(".x.v") else a, rm)
            elif name in ("vfwcvt.xu.f.v", "vfwcvt.x.f.v", "vfwcvt.rtz.xu.f.v", "vfwcvt.rtz.x.f.v"):
                r = f_to_int(n, a, 2 * n, ".x." in name, RTZ if "rtz" in name else rm)
            elif name in ("vfwcvt.f.xu.v", "vfwcvt.f.x.v"):
                r = f_from_int(2 * n, sx(a, n) if name.endswith(".x.v") else a, rm)
            elif name == "vfwcvt.f.f.v": r = f_cvt(2 * n, n, a, rm)
            elif name in ("vfncvt.xu.f.w", "vfncvt.x.f.w", "vfncvt.rtz.xu.f.w", "vfncvt.rtz.x.f.w"):
                r = f_to_int(2 * n, a, n, ".x." in name, RTZ if "rtz" in name else rm)
            elif name in ("vfncvt.f.xu.w", "vfncvt.f.x.w"):
                r = f_from_int(n, sx(a, 2 * n) if name.endswith(".x.w") else a, rm)
            elif name == "vfncvt.f.f.w": r = f_cvt(n, 2 * n, a, rm)
            elif name == "vfncvt.rod.f.f.w": r = f_rod(n, 2 * n, a)
            else:
                raise NotImplementedError(name)
            out[i] = self.fl(r)
        for i, r in out.items():
            self.put(vd, i, de, r)

    def fred(self, o, masked, mn):
        n = self.sew
        rm = self.frm
        name = mn.split(".")[0]
        vd, vs2, vs1 = self.vreg(o[0]), self.vreg(o[1]), self.vreg(o[2])
        if self.vl == 0:
            return
        wide = name.startswith("vfw")
        w = 2 * n if wide else n
        acc = self.get(vs1, 0, w)
        for i in range(self.vl):
            if self.active(masked, i):
                e = self.get(vs2, i, n)
                if wide:
                    e = self.fl(f_cvt(w, n, e, rm))
                if name in ("vfredmin", "vfredmax"):
                    acc = self.fl(f_minmax(n, acc, e, name == "vfredmax"))
                else:
                    acc = self.fl(f_add(w, acc, e, rm))
        self.put(vd, 0, w, acc)

    def fmove(self, o, masked, mn):
        n = self.sew
        if mn == "vfmv.f.s":
            e = self.get(self.vreg(o[1]), 0, n)
            self.f[int(o[0][1:])] = e if n == 64 else e | (M64 ^ ((1 << n) - 1))
            return
        if mn == "vfmv.s.f":
            if self.vl:
                self.put(self.vreg(o[0]), 0, n, self.scalar(o[1], n))
            return
        vd = self.vreg(o[0])
        if mn == "vfmv.v.f":
            for i in range(self.vl):
                self.put(vd, i, n, self.scalar(o[1], n))
            return
        vs2, f = self.vreg(o[1]), self.scalar(o[2], n)
        for i in range(self.vl):
            self.put(vd, i, n, f if self.mbit(0, i) else self.get(vs2, i, n))


    # ---- loads and stores (§7) ------------------------------------------------------------------
    ADDR0 = 1 << 32                   # where the model places the scratch buffer

    def addr(self, tok):
        return self.x[int(tok.strip("()")[1:])]

    def mrd(self, a, nbytes):
        o = a - self.ADDR0
        return int.from_bytes(self.mem[o:o + nbytes], "little")

    def mwr(self, a, nbytes, v):
        o = a - self.ADDR0
        self.mem[o:o + nbytes] = (v & ((1 << (8 * nbytes)) - 1)).to_bytes(nbytes, "little")

    def emul_regs(self, eew):
        lm = self.lmul + (eew.bit_length() - self.sew.bit_length())
        return 1 << lm if lm > 0 else 1

    def mem_op(self, o, masked, mn):
        m = re.match(r"v([ls])(s|ux|ox)?(?:seg(\d))?(?:e|ei)(\d+)(ff)?\.v$", mn)
        load, mode, nf, eew = m.group(1) == "l", m.group(2) or "", int(m.group(3) or 1), int(m.group(4))
        vd, base = self.vreg(o[0]), self.addr(o[1])
        if mode in ("ux", "ox"):
            deew, greg = self.sew, self.emul_regs(self.sew)
            vi = self.vreg(o[2])
        else:
            deew, greg = eew, self.emul_regs(eew)
        stride = sx(self.x[self.xr(o[2])], 64) if mode == "s" else None
        for i in range(self.vl):
            if not self.active(masked, i):
                continue
            for f in range(nf):
                if mode == "s":
                    a = base + i * stride + f * eew // 8
                elif mode in ("ux", "ox"):
                    a = base + self.get(vi, i, eew) + f * deew // 8
                else:
                    a = base + (i * nf + f) * eew // 8
                a &= M64
                if load:
                    self.put(vd + f * greg, i, deew, self.mrd(a, deew // 8))
                else:
                    self.mwr(a, deew // 8, self.get(vd + f * greg, i, deew))

    def whole(self, o, masked, mn):
        m = re.match(r"v([ls])(\d)re?(\d+)?r?\.v$", mn)
        nr = int(m.group(2))
        r, a = self.vreg(o[0]), self.addr(o[1])
        n = nr * self.vlenb
        if m.group(1) == "l":
            self.v[r * self.vlenb:r * self.vlenb + n] = self.mem[a - self.ADDR0:a - self.ADDR0 + n]
        else:
            self.mem[a - self.ADDR0:a - self.ADDR0 + n] = self.v[r * self.vlenb:r * self.vlenb + n]

    def maskmem(self, o, masked, mn):
        r, a = self.vreg(o[0]), self.addr(o[1])
        n = (self.vl + 7) // 8
        if mn == "vlm.v":
            self.v[r * self.vlenb:r * self.vlenb + n] = self.mem[a - self.ADDR0:a - self.ADDR0 + n]
        else:
            self.mem[a - self.ADDR0:a - self.ADDR0 + n] = self.v[r * self.vlenb:r * self.vlenb + n]

    # ---- mask instructions (§15) --------------------------------------------------------------
    def masklogic(self, o, masked, mn):
        name = mn.split(".")[0]
        vd, a, b = self.vreg(o[0]), self.vreg(o[1]), self.vreg(o[2])
        f = {"vmand": lambda x, y: x & y, "vmnand": lambda x, y: 1 - (x & y), "vmandn": lambda x, y: x & (1 - y),
             "vmxor": lambda x, y: x ^ y, "vmor": lambda x, y: x | y, "vmnor": lambda x, y: 1 - (x | y),
             "vmorn": lambda x, y: x | (1 - y), "vmxnor": lambda x, y: 1 - (x ^ y)}[name]
        res = [f(self.mbit(a, i), self.mbit(b, i)) for i in range(self.vl)]
        for i, v in enumerate(res):
            self.set_mbit(vd, i, v)

    def maskscalar(self, o, masked, mn):
        rd, vs2 = self.xr(o[0]), self.vreg(o[1])
        act = [i for i in range(self.vl) if self.active(masked, i) and self.mbit(vs2, i)]
        if mn == "vcpop.m":
            self.wx(rd, len(act))
        else:
            self.wx(rd, act[0] if act else -1)

    def maskset(self, o, masked, mn):
        vd, vs2 = self.vreg(o[0]), self.vreg(o[1])
        found = False
        res = {}
        for i in range(self.vl):
            if not self.active(masked, i):
                continue
            b = self.mbit(vs2, i)
            if mn == "vmsbf.m":
                res[i] = 0 if (found or b) else 1
            elif mn == "vmsif.m":
                res[i] = 0 if found else 1
            else:
                res[i] = 1 if (b and not found) else 0
            found = found or b
        for i, v in res.items():
            self.set_mbit(vd, i, v)

    def iota(self, o, masked, mn):
        sew = self.sew
        if mn == "vid.v":
            vd = self.vreg(o[0])
            for i in range(self.vl):
                if self.active(masked, i):
                    self.put(vd, i, sew, i)
            return
        vd, vs2 = self.vreg(o[0]), self.vreg(o[1])
        cnt, res = 0, {}
        for i in range(self.vl):
            if self.active(masked, i):
                res[i] = cnt
                cnt += self.mbit(vs2, i)
        for i, v in res.items():
            self.put(vd, i, sew, v)

    # ---- permutations (§16) ---------------------------------------------------------------------
    def perm(self, o, masked, mn):
        sew = self.sew
        vlmax = self.vlmax()
        name, form = mn.split(".")[0], mn.split(".")[-1]
        if mn == "vmv.x.s":
            self.wx(self.xr(o[0]), sx(self.get(self.vreg(o[1]), 0, sew), sew))
            return
        if mn == "vmv.s.x":
            if self.vl:
                self.put(self.vreg(o[0]), 0, sew, self.x[self.xr(o[1])])
            return
        if name.startswith("vmv") and name.endswith("r"):
            nr = int(name[3])
            d, s2 = self.vreg(o[0]), self.vreg(o[1])
            self.v[d * self.vlenb:(d + nr) * self.vlenb] = self.v[s2 * self.vlenb:(s2 + nr) * self.vlenb]
            return
        vd, vs2 = self.vreg(o[0]), self.vreg(o[1])
        src = [self.get(vs2, i, sew) for i in range(vlmax)]
        res = {}
        if name in ("vslideup", "vslidedown"):
            off = self.x[self.xr(o[2])] if o[2][0] == "x" else int(o[2])
            for i in range(self.vl):
                if not self.active(masked, i):
                    continue
                if name == "vslideup":
                    if i >= off:
                        res[i] = src[i - off]
                else:
                    res[i] = src[i + off] if i + off < vlmax else 0
        elif name in ("vslide1up", "vslide1down", "vfslide1up", "vfslide1down"):
            sc = self.scalar(o[2], sew) if o[2][0] == "f" else self.x[self.xr(o[2])]
            for i in range(self.vl):
                if not self.active(masked, i):
                    continue
                if name.endswith("up"):
                    res[i] = sc if i == 0 else src[i - 1]
                else:
                    res[i] = sc if i == self.vl - 1 else src[i + 1]
        elif name in ("vrgather", "vrgatherei16"):
            for i in range(self.vl):
                if not self.active(masked, i):
                    continue
                if form == "vv":
                    idx = self.get(self.vreg(o[2]), i, 16 if name == "vrgatherei16" else sew)
                elif form == "vx":
                    idx = self.x[self.xr(o[2])]
                else:
                    idx = int(o[2])
                res[i] = src[idx] if idx < vlmax else 0
        elif name == "vcompress":
            vs1 = self.vreg(o[2])
            k = 0
            for i in range(self.vl):
                if self.mbit(vs1, i):
                    res[k] = src[i]
                    k += 1
        else:
            raise NotImplementedError(mn)
        for i, v in res.items():
            self.put(vd, i, sew, v)

    # ---- widening integer, carry, Zvbb (§11.2, §11.4, §11.12, §11.14, Zvbb) -------------------
    def intwide(self, o, masked, mn):
        sew = self.sew
        w = 2 * sew
        name, form = mn.split(".")
        U = lambda v: v & ((1 << sew) - 1)
        if name in ("vwmaccu", "vwmacc", "vwmaccsu", "vwmaccus"):
            vd, s1, vs2 = self.vreg(o[0]), o[1], self.vreg(o[2])
            for i in range(self.vl):
                if self.active(masked, i):
                    a = U(self.x[self.xr(s1)]) if s1[0] == "x" else self.get(self.vreg(s1), i, sew)
                    b = self.get(vs2, i, sew)
                    if name == "vwmacc": p = sx(a, sew) * sx(b, sew)
                    elif name == "vwmaccu": p = a * b
                    elif name == "vwmaccsu": p = sx(a, sew) * b
                    else: p = a * sx(b, sew)
                    self.put(vd, i, w, self.get(vd, i, w) + p)
            return
        vd, vs2, src = self.vreg(o[0]), self.vreg(o[1]), o[2]
        signed = name in ("vwadd", "vwsub", "vwmul")
        for i in range(self.vl):
            if not self.active(masked, i):
                continue
            a = self.get(vs2, i, w) if form[0] == "w" else self.get(vs2, i, sew)
            b = U(self.x[self.xr(src)]) if src[0] == "x" else self.get(self.vreg(src), i, sew)
            if form[0] != "w":
                a = sx(a, sew) if signed or name == "vwmulsu" else a
            else:
                a = sx(a, w) if signed else a
            b = sx(b, sew) if signed else b
            if name in ("vwaddu", "vwadd"): r = a + b
            elif name in ("vwsubu", "vwsub"): r = a - b
            else: r = a * b
            self.put(vd, i, w, r)

    def carry(self, o, masked, mn):
        sew = self.sew
        name = mn.split(".")[0]
        M = (1 << sew) - 1
        vd, vs2, src = self.vreg(o[0]), self.vreg(o[1]), o[2]
        cin = len(o) == 4
        res = {}
        for i in range(self.vl):
            a = self.get(vs2, i, sew)
            b = self.get(self.vreg(src), i, sew) if src[0] == "v" else self.scalar(src, 64) & M
            c = self.mbit(0, i) if cin else 0
            if name == "vadc": res[i] = a + b + c
            elif name == "vsbc": res[i] = a - b - c
            elif name == "vmadc": res[i] = 1 if a + b + c > M else 0
            else: res[i] = 1 if a - b - c < 0 else 0
        for i, v in res.items():
            if name in ("vadc", "vsbc"):
                self.put(vd, i, sew, v)
            else:
                self.set_mbit(vd, i, v)

    def zvbb(self, o, masked, mn):
        sew = self.sew
        name = mn.split(".")[0]
        M = (1 << sew) - 1
        if name == "vwsll":
            w = 2 * sew
            self.binop(o, masked, lambda a, b: a << (b & (w - 1)), dst_eew=w)
            return
        if len(o) == 3:
            def op(a, b):
                if name == "vandn": return a & ~b
                k = b & (sew - 1)
                if name == "vrol": k = (sew - k) % sew
                return ((a >> k) | (a << (sew - k))) & M
            if mn.endswith(".vi"):
                o = o[:2] + [str(int(o[2]) & 63)]
            self.binop(o, masked, op)
            return
        vd, vs2 = self.vreg(o[0]), self.vreg(o[1])
        for i in range(self.vl):
            if not self.active(masked, i):
                continue
            a = self.get(vs2, i, sew)
            if name == "vbrev8":
                r = int.from_bytes(bytes(int("{:08b}".format(x)[::-1], 2) for x in a.to_bytes(sew // 8, "little")), "little")
            elif name == "vrev8":
                r = int.from_bytes(a.to_bytes(sew // 8, "little"), "big")
            elif name == "vbrev":
                r = int(format(a, "0%db" % sew)[::-1], 2)
            elif name == "vclz":
                r = sew - a.bit_length()
            elif name == "vctz":
                r = (a & -a).bit_length() - 1 if a else sew
            else:
                r = bin(a).count("1")
            self.put(vd, i, sew, r)

    # dispatch by name
    def __getattr__(self, name):
        if not name.startswith("i_"):
            raise AttributeError(name)
        mn = name[2:]
        base = mn.split("_")[0]
        table = [
            (("vsaddu", "vsadd", "vssubu", "vssub", "vaaddu", "vaadd", "vasubu", "vasub", "vsmul", "vssrl", "vssra"), self.fix),
            (("vnclipu", "vnclip"), self.clip),
            (("vadd", "vsub", "vrsub", "vminu", "vmin", "vmaxu", "vmax", "vand", "vor", "vxor", "vsll", "vsrl",
              "vsra", "vmul", "vmulh", "vmulhu", "vmulhsu", "vdivu", "vdiv", "vremu", "vrem", "vmacc", "vnmsac",
              "vmadd", "vnmsub"), self.intop),
            (("vmseq", "vmsne", "vmsltu", "vmslt", "vmsleu", "vmsle", "vmsgtu", "vmsgt"), self.intcmp),
            (("vmerge",), self.merge),
            (("vredsum", "vredand", "vredor", "vredxor", "vredminu", "vredmin", "vredmaxu", "vredmax", "vwredsumu",
              "vwredsum"), self.intred),
            (("vnsrl", "vnsra"), self.narrowshift),
            (("vzext", "vsext"), self.ext),
            (("vfadd", "vfsub", "vfrsub", "vfmul", "vfdiv", "vfrdiv", "vfmin", "vfmax", "vfsgnj", "vfsgnjn",
              "vfsgnjx", "vfmacc", "vfnmacc", "vfmsac", "vfnmsac", "vfmadd", "vfnmadd", "vfmsub", "vfnmsub"), self.fbin),
            (("vfwadd", "vfwsub", "vfwmul", "vfwmacc", "vfwnmacc", "vfwmsac", "vfwnmsac"), self.fwide),
            (("vmfeq", "vmfne", "vmflt", "vmfle", "vmfgt", "vmfge"), self.fcmp),
            (("vfsqrt", "vfrec7", "vfrsqrt7", "vfclass", "vfcvt", "vfwcvt", "vfncvt"), self.funary),
            (("vfredosum", "vfredusum", "vfredmin", "vfredmax", "vfwredosum", "vfwredusum"), self.fred),
            (("vfmv", "vfmerge"), self.fmove),
        ]
        for names, fn in table:
            if base in names:
                return lambda o, m, mname: fn(o, m, mname)
        if mn.startswith("vmv_v_"):
            return lambda o, m, mname: self.merge(o, m, mname)
        if re.match(r"v[ls]\d+re?\d*r?_v$", mn) and mn[2].isdigit():
            return lambda o, m, mname: self.whole(o, m, mname)
        if mn in ("vlm_v", "vsm_v"):
            return lambda o, m, mname: self.maskmem(o, m, mname)
        if re.match(r"v[ls](s|ux|ox)?(seg\d)?(e|ei)\d+(ff)?_v$", mn):
            return lambda o, m, mname: self.mem_op(o, m, mname)
        more = [
            (("vmand", "vmnand", "vmandn", "vmxor", "vmor", "vmnor", "vmorn", "vmxnor"), self.masklogic),
            (("vcpop", "vfirst"), self.maskscalar),
            (("vmsbf", "vmsif", "vmsof"), self.maskset),
            (("viota", "vid"), self.iota),
            (("vmv", "vslideup", "vslidedown", "vslide1up", "vslide1down", "vfslide1up", "vfslide1down",
              "vrgather", "vrgatherei16", "vcompress", "vmv1r", "vmv2r", "vmv4r", "vmv8r"), self.perm),
            (("vwaddu", "vwadd", "vwsubu", "vwsub", "vwmulu", "vwmul", "vwmulsu", "vwmaccu", "vwmacc",
              "vwmaccsu", "vwmaccus"), self.intwide),
            (("vadc", "vsbc", "vmadc", "vmsbc"), self.carry),
            (("vandn", "vror", "vrol", "vbrev8", "vrev8", "vbrev", "vclz", "vctz", "vwsll"), self.zvbb),
        ]
        if mn == "vcpop_v":
            return lambda o, m, mname: self.zvbb(o, m, mname)
        for names, fn in more:
            if base in names:
                return lambda o, m, mname: fn(o, m, mname)
        raise AttributeError(name)

    # ---- the dump (mirrors vrandom.Gen.program's epilogue) ----------------------------------------
    def dump(self, dump_x, dump_size):
        out = bytearray(dump_size)
        out[:len(self.v)] = self.v
        base = 32 * 512
        for i in dump_x:
            out[base + 8 * i:base + 8 * i + 8] = self.x[i].to_bytes(8, "little")
        for i in range(32):
            out[base + 256 + 8 * i:base + 264 + 8 * i] = self.f[i].to_bytes(8, "little")
        csrs = [self.vl, self.vtype, self.vxsat, self.vxrm, self.fflags, self.frm, 0]
        for j, c in enumerate(csrs):
            out[base + 512 + 8 * j:base + 520 + 8 * j] = c.to_bytes(8, "little")
        h = 0xcbf29ce484222325
        for w in range(len(self.mem) // 8):
            h = ((h ^ int.from_bytes(self.mem[8 * w:8 * w + 8], "little")) * 1099511628211) & M64
        out[base + 512 + 8 * len(csrs):base + 520 + 8 * len(csrs)] = h.to_bytes(8, "little")
        return bytes(out)


def evaluate(gen, vlen, layout, dump_x, dump_size):
    """Runs the stream of an already generated program; returns the expected dump."""
    m = Model(vlen, gen, layout)
    m.setup()
    for line in gen.lines:
        m.run_line(line)
    return m.dump(dump_x, dump_size)
