#!/usr/bin/env python3
"""Checks every line of the sponge program (tests/zvknhk/sponge.c) run on karu64: SHA3-*/SHAKE*
against Python's hashlib, TurboSHAKE against a TurboSHAKE (RFC 9861) built here on keccak_ref.py.
usage: run_sponge.py KARU64 RESULTS PROGRAM:VLEN[,VLEN...] ..."""
import hashlib, os, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import keccak_ref  # noqa: E402


def turboshake(rate, msg, ds, outlen):
    """RFC 9861 TurboSHAKE: Keccak-p[1600, 12] sponge, padding ds ... 0x80."""
    state = [0] * 25
    data = bytearray(msg) + bytes([ds])
    while len(data) % rate:
        data.append(0)
    data[-1] |= 0x80
    for off in range(0, len(data), rate):
        for i in range(rate // 8):
            state[i] ^= int.from_bytes(data[off + 8 * i: off + 8 * i + 8], "little")
        state = keccak_ref.permute(state, 12)
    out = bytearray()
    while True:
        out += b"".join(w.to_bytes(8, "little") for w in state[: rate // 8])
        if len(out) >= outlen:
            return bytes(out[:outlen])
        state = keccak_ref.permute(state, 12)


msg_base = bytes((i * 31 + 7) & 255 for i in range(1040))
fns = {
    "sha3_224": lambda m: hashlib.sha3_224(m).digest(),
    "sha3_256": lambda m: hashlib.sha3_256(m).digest(),
    "sha3_384": lambda m: hashlib.sha3_384(m).digest(),
    "sha3_512": lambda m: hashlib.sha3_512(m).digest(),
    "shake128": lambda m: hashlib.shake_128(m).digest(300),
    "shake256": lambda m: hashlib.shake_256(m).digest(300),
    "turboshake128": lambda m: turboshake(168, m, 0x1F, 200),
    "turboshake256": lambda m: turboshake(136, m, 0x07, 200),
}
# RFC 9861 Section 5: TurboSHAKE128(M = empty, D = 0x1F), 32 bytes
assert turboshake(168, b"", 0x1F, 32).hex() == "1e415f1c5983aff2169217277d17bb538cd945a397ddec541f1ce41af2c1b74c"
cache = {}

karu64, results = sys.argv[1], sys.argv[2]
passed = failed = 0
for spec in sys.argv[3:]:
    prog, vlens = spec.split(":")
    for vlen in vlens.split(","):
        r = subprocess.run([karu64, f"--vlen={vlen}", prog], capture_output=True, text=True, timeout=900)
        label = f"{os.path.basename(os.path.dirname(prog))} VLEN={vlen}"
        if r.returncode != 0:
            failed += 1
            print(f"FAIL {label}: exit {r.returncode}: {r.stderr.strip()[:200]}")
            continue
        n = bad = 0
        for line in r.stdout.splitlines():
            fn, ln, _align, _place, digest = line.split()
            key = (fn, int(ln))
            if key not in cache:
                cache[key] = fns[fn](msg_base[: int(ln)]).hex()
            n += 1
            if digest != cache[key]:
                bad += 1
                if bad <= 3:
                    print(f"FAIL {label}: {line[:80]}...")
        ok = n == 8 * (1001 + 16 * 12 + 8) and bad == 0
        passed, failed = passed + ok, failed + (not ok)
        print(f"{'PASS' if ok else 'FAIL'} {label}: {n} digests compared, {bad} wrong")
with open(results, "w") as f:
    f.write(f"{passed} passed, {failed} failed\n")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
