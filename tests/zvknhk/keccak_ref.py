"""Keccak-p[1600, nr] in Python, written from FIPS 202 Section 3 with the state as a 5x5x64
array of lanes indexed [x][y] (a different shape from the simulator's C model), for the
vkeccak.vi tests. Checked at import against the known answers of ../shared/spec/zvknhk.md."""

MASK = (1 << 64) - 1


def rc_bit(t):
    """FIPS 202 Algorithm 5: rc(t)."""
    if t % 255 == 0:
        return 1
    r = [1, 0, 0, 0, 0, 0, 0, 0]
    for _ in range(t % 255):
        r = [0] + r
        r[0] ^= r[8]
        r[4] ^= r[8]
        r[5] ^= r[8]
        r[6] ^= r[8]
        r = r[:8]
    return r[0]


def round_constant(ir):
    """FIPS 202 Algorithm 6, the iota constant of round ir (l = 6)."""
    rc = 0
    for j in range(7):
        rc |= rc_bit(j + 7 * ir) << ((1 << j) - 1)
    return rc


def rho_offsets():
    """FIPS 202 Algorithm 2: offsets by walking (x, y) -> (y, 2x + 3y)."""
    off = [[0] * 5 for _ in range(5)]
    x, y = 1, 0
    for t in range(24):
        off[x][y] = ((t + 1) * (t + 2) // 2) % 64
        x, y = y, (2 * x + 3 * y) % 5
    return off


RHO = rho_offsets()
RC = [round_constant(i) for i in range(24)]


def rot(v, n):
    n %= 64
    return ((v << n) | (v >> (64 - n))) & MASK if n else v


def permute(lanes, nr):
    """lanes: 25 ints, A[x,y] = lanes[x + 5y]. Returns the Keccak-p[1600, nr] result."""
    return rounds(lanes, range(24 - nr, 24))


def rounds(lanes, indices):
    """The rounds Rnd(A, ir) for ir in indices, in order (FIPS 202 Section 3.3)."""
    a = [[lanes[x + 5 * y] for y in range(5)] for x in range(5)]
    for ir in indices:
        c = [a[x][0] ^ a[x][1] ^ a[x][2] ^ a[x][3] ^ a[x][4] for x in range(5)]
        d = [c[(x - 1) % 5] ^ rot(c[(x + 1) % 5], 1) for x in range(5)]
        a = [[a[x][y] ^ d[x] for y in range(5)] for x in range(5)]
        a = [[rot(a[x][y], RHO[x][y]) for y in range(5)] for x in range(5)]
        b = [[0] * 5 for _ in range(5)]
        for x in range(5):
            for y in range(5):
                b[x][y] = a[(x + 3 * y) % 5][x]
        a = [[b[x][y] ^ ((~b[(x + 1) % 5][y] & MASK) & b[(x + 2) % 5][y]) for y in range(5)] for x in range(5)]
        a[0][0] ^= RC[ir]
    return [a[i % 5][i // 5] for i in range(25)]


def _self_check():
    z = permute([0] * 25, 24)
    assert z[0] == 0xF1258F7940E1DDE7 and z[24] == 0xEAF1FF7B5CECA249
    z = permute([0] * 25, 12)
    assert z[0] == 0x8E5E5438B9A78617 and z[24] == 0xCFFD0D76222CA01C
    s = list(range(25))
    assert permute(s, 24)[0] == 0x8374B05252ED8115
    assert permute(s, 12)[0] == 0x31CCB6FEE8EECCFE
    assert permute(permute(s, 24), 12)[0] == 0x80B4DAC4D70B343C


_self_check()
