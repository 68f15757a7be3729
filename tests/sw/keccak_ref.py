"""An independent Keccak-p[1600, nr] in Python (FIPS 202 §3.2, §3.3), written from the standard
separately from sw/keccak, used as the oracle for whole-state tests. It checks itself against
hashlib (SHA3-256, SHAKE128) on import; round constants come from the rc(t) LFSR (Algorithm 5)."""
import hashlib

M64 = (1 << 64) - 1


def _rc(t):
    if t % 255 == 0:
        return 1
    r = [1, 0, 0, 0, 0, 0, 0, 0]
    for _ in range(t % 255):
        r = [0] + r
        r[0] ^= r[8]; r[4] ^= r[8]; r[5] ^= r[8]; r[6] ^= r[8]
        r = r[:8]
    return r[0]


RC = []
for ir in range(24):
    v = 0
    for j in range(7):
        if _rc(j + 7 * ir):
            v |= 1 << ((1 << j) - 1)
    RC.append(v)

# Rotation offsets by the walk of §3.2.2 step 3 rather than a table.
ROT = [[0] * 5 for _ in range(5)]
x, y = 1, 0
for t in range(24):
    ROT[x][y] = ((t + 1) * (t + 2) // 2) % 64
    x, y = y, (2 * x + 3 * y) % 5


def rol(v, n):
    n %= 64
    return ((v << n) | (v >> (64 - n))) & M64 if n else v


def permute(lanes, nrounds=24):
    a = [[lanes[x + 5 * y] for y in range(5)] for x in range(5)]
    for ir in range(24 - nrounds, 24):
        c = [a[x][0] ^ a[x][1] ^ a[x][2] ^ a[x][3] ^ a[x][4] for x in range(5)]
        d = [c[(x - 1) % 5] ^ rol(c[(x + 1) % 5], 1) for x in range(5)]
        a = [[a[x][y] ^ d[x] for y in range(5)] for x in range(5)]
        b = [[0] * 5 for _ in range(5)]
        for x in range(5):
            for y in range(5):
                b[y][(2 * x + 3 * y) % 5] = rol(a[x][y], ROT[x][y])
        a = [[b[x][y] ^ ((~b[(x + 1) % 5][y]) & b[(x + 2) % 5][y]) for y in range(5)]
             for x in range(5)]
        a[0][0] ^= RC[ir]
    return [a[i % 5][i // 5] for i in range(25)]


def sponge(rate, ds, msg, outlen, nrounds=24):
    st = [0] * 25
    pad = bytearray(msg) + bytes([ds])
    while len(pad) % rate:
        pad.append(0)
    pad[-1] |= 0x80
    for off in range(0, len(pad), rate):
        for i in range(rate // 8):
            st[i] ^= int.from_bytes(pad[off + 8 * i: off + 8 * i + 8], "little")
        st = permute(st, nrounds)
    out = b""
    while len(out) < outlen:
        out += b"".join(st[i].to_bytes(8, "little") for i in range(rate // 8))
        st = permute(st, nrounds)
    return out[:outlen]


def _selfcheck():
    for m in (b"", b"abc", bytes(range(200))):
        assert sponge(136, 0x06, m, 32) == hashlib.sha3_256(m).digest()
        assert sponge(168, 0x1F, m, 300) == hashlib.shake_128(m).digest(300)


_selfcheck()
