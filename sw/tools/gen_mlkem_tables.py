#!/usr/bin/env python3
"""Prints the ML-KEM constant tables of sw/mlkem/poly.c (FIPS 203 §4.3, Appendix A):
zeta_i = 17^BitRev7(i) and gamma_i = 17^(2 BitRev7(i) + 1) mod q, both times the Montgomery
factor R = 2^16 mod q and centred in (-q/2, q/2)."""
Q, R = 3329, 1 << 16


def brv7(i):
    return int(f"{i:07b}"[::-1], 2)


def centred(x):
    x %= Q
    return x - Q if x > Q // 2 else x


def table(name, vals):
    print(f"static const int16_t {name}[{len(vals)}] = {{")
    for i in range(0, len(vals), 12):
        print("    " + ", ".join(str(v) for v in vals[i:i + 12]) + ",")
    print("};")


table("zetas", [centred(pow(17, brv7(i), Q) * R) for i in range(128)])
table("gammas", [centred(pow(17, 2 * brv7(i) + 1, Q) * R) for i in range(128)])
