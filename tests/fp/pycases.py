#!/usr/bin/env python3
"""Expected results for tests/fp/api_test.c from Python alone (an oracle independent of karu64
and of QEMU): binary64 arithmetic is Python's float (IEEE 754 RNE; math.sqrt correctly
rounded); binary32 and binary16 results are the double result packed with struct 'f' / 'e'
(RNE). Double rounding is harmless here: 53 >= 2p + 2 for p = 24 and 11, so +, -, *, / and sqrt
computed in binary64 and rounded again are correctly rounded. The inexact and overflow flags
come from exact Fractions. Operands are finite; divisors nonzero; sqrt operands non-negative.
Integer conversions: float(int) (correctly rounded, RNE) and int(x) (truncation, RTZ).

  pycases.py N SEED  ->  lines "OP FMT A B RESULT FLAGS" (hex), N per operation and format"""
import math
import random
import struct
import sys
from fractions import Fraction

NX, OF = 1, 4
n, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
FMT = {16: ("e", "<H", 10, 5), 32: ("f", "<I", 23, 8), 64: ("d", "<Q", 52, 11)}


def to_float(w, bits):
    code, icode, _, _ = FMT[bits]
    return struct.unpack("<" + code, struct.pack(icode, w))[0]


def from_float(x, bits):
    """Round a double to the format (RNE); returns (bits, overflowed)."""
    code, icode, fb, eb = FMT[bits]
    try:
        return struct.unpack(icode, struct.pack("<" + code, x))[0], False
    except (OverflowError, struct.error):
        inf = ((1 << eb) - 1) << fb
        return inf | ((1 << (bits - 1)) if x < 0 else 0), True


def rand_finite(bits):
    _, _, fb, eb = FMT[bits]
    emax = (1 << eb) - 1
    while True:
        r = rng.random()
        if r < 0.1:
            e = 0
        elif r < 0.2:
            e = emax - 1 - rng.randrange(3)
        elif r < 0.3:
            e = 1 + rng.randrange(3)
        else:
            e = (emax >> 1) + rng.randrange(-min(30, emax >> 1) + 1, min(30, emax >> 1))
        f = rng.getrandbits(fb)
        if rng.random() < 0.2:
            f &= ~((1 << rng.randrange(fb)) - 1)
        w = (rng.getrandbits(1) << (bits - 1)) | (e << fb) | f
        if e < emax:
            return w


def flags(exact, res_bits, bits, ovf):
    if ovf:
        return NX | OF
    return 0 if Fraction(to_float(res_bits, bits)) == exact else NX


out = []
for bits in (16, 32, 64):
    for op in ("add", "sub", "mul", "div", "sqrt"):
        for _ in range(n):
            a = rand_finite(bits)
            b = rand_finite(bits)
            x, y = to_float(a, bits), to_float(b, bits)
            if op == "add":
                exact, r = Fraction(x) + Fraction(y), x + y
            elif op == "sub":
                exact, r = Fraction(x) - Fraction(y), x - y
            elif op == "mul":
                exact, r = Fraction(x) * Fraction(y), x * y
            elif op == "div":
                if y == 0:
                    continue
                exact, r = Fraction(x) / Fraction(y), x / y
            else:
                a &= ~(1 << (bits - 1))
                x = to_float(a, bits)
                r = math.sqrt(x)
                exact = None
            res, ovf = from_float(r, bits)
            ovf = ovf or math.isinf(r)   # operands are finite: an infinite result overflowed
            if op == "sqrt":
                fl = 0 if Fraction(to_float(res, bits)) ** 2 == Fraction(x) else NX
            else:
                fl = flags(exact, res, bits, ovf)
            out.append(f"{op} {bits} {a:x} {b:x} {res:x} {fl:x}")
# int64 -> binary64 (RNE) and binary64 -> int64 (RTZ), in range.
for _ in range(n):
    v = rng.getrandbits(rng.randrange(1, 64)) * rng.choice((1, -1))
    r = float(v)
    res = struct.unpack("<Q", struct.pack("<d", r))[0]
    out.append(f"i2f 64 {v & ((1 << 64) - 1):x} 0 {res:x} {0 if Fraction(r) == v else NX:x}")
for _ in range(n):
    a = rand_finite(64)
    x = to_float(a, 64)
    if abs(x) >= 2.0 ** 63:
        continue
    t = int(x)
    out.append(f"f2i 64 {a:x} 0 {t & ((1 << 64) - 1):x} {0 if t == x else NX:x}")
# Narrow integers (the vector unit's SEW 8/16 conversions): binary32/binary16 -> int8/int16/
# uint16 (RTZ), saturating with NV out of range and for NaN as in the manual's fcvt table;
# int16 -> binary16 (RNE).
NV = 16
for op, ibits, signed in (("f2i8", 8, True), ("f2i16", 16, True), ("f2u16", 16, False)):
    for bits in (16, 32):
        for _ in range(n // 4):
            a = rand_finite(bits) if rng.random() < 0.9 else ((1 << (bits - 1)) - 1) & ~((1 << FMT[bits][2]) - 2)
            x = to_float(a, bits)
            lo, hi = (-(1 << (ibits - 1)), (1 << (ibits - 1)) - 1) if signed else (0, (1 << ibits) - 1)
            if math.isnan(x):
                t, fl = hi, NV
            elif math.isinf(x):
                t, fl = (hi if x > 0 else lo), NV
            else:
                t = int(x)
                fl = 0 if t == x else NX
                if t < lo or t > hi:
                    t, fl = (lo if t < lo else hi), NV
            out.append(f"{op} {bits} {a:x} 0 {t & ((1 << 64) - 1):x} {fl:x}")
for _ in range(n // 4):
    v = rng.randrange(-(1 << 15), 1 << 15)
    res, ovf = from_float(float(v), 16)
    out.append(f"i2f16 16 {v & 0xffff:x} 0 {res:x} {NX | OF if ovf else 0 if Fraction(to_float(res, 16)) == v else NX:x}")
print("\n".join(out))
