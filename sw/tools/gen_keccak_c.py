#!/usr/bin/env python3
"""Writes the round body of sw/keccak/keccak_c.c (FIPS 202 §3.2): theta, rho, pi, chi, iota
with the 25 lanes in local variables, one round from set `a` to set `e` and one back.
Usage: gen_keccak_c.py > body.inc; paste between the GENERATED markers of keccak_c.c."""

# Rotation offsets r[x][y] (FIPS 202 §3.2.2, Table 2).
R = [[0, 36, 3, 41, 18], [1, 44, 10, 45, 2], [62, 6, 43, 15, 61],
     [28, 55, 25, 21, 56], [27, 20, 39, 8, 14]]


def round_(src, dst, rc):
    out = []
    for x in range(5):
        out.append(f"c{x} = " + " ^ ".join(f"{src}{x}{y}" for y in range(5)) + ";")
    for x in range(5):
        out.append(f"d{x} = c{(x - 1) % 5} ^ ROL64(c{(x + 1) % 5}, 1);")
    for Y in range(5):
        # pi: B[X,Y] = A[(X + 3Y) mod 5, X] (FIPS 202 §3.2.3 inverted).
        for X in range(5):
            x, y = (X + 3 * Y) % 5, X
            r = R[x][y]
            expr = f"{src}{x}{y} ^ d{x}"
            out.append(f"b{X} = " + (f"ROL64({expr}, {r});" if r else f"{expr};"))
        for X in range(5):
            out.append(f"{dst}{X}{Y} = b{X} ^ (~b{(X + 1) % 5} & b{(X + 2) % 5});")
    out.append(f"{dst}00 ^= {rc};")
    return out


lines = round_("a", "e", "RC[i]") + round_("e", "a", "RC[i + 1]")
print("\n".join("        " + l for l in lines))
