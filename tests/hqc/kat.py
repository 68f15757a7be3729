#!/usr/bin/env python3
"""HQC known-answer test: regenerates the KAT records of liboqs's kat_kem (HQC's KAT seed
procedure) with kpqc and compares their SHA-256 with ../shared/vectors/kat-hashes-8979276-via-
liboqs/kats.json (liboqs 8979276, HQC at its 2025-08-22 specification).

Usage: kat.py [--count N] [--levels 1,3,5] [--badinput] -- [RUNNER...] KPQC
  --count N   records 0..N-1; 1 compares the `single` hash, 100 the `all` hash, other counts
              only check decapsulation
Independent parts, all computed here with Python's hashlib: the KAT PRNG (SHAKE256 of
entropy || 0x00, entropy = bytes 0..47, one 48-byte seed per record; per record SHAKE256 of
seed || 0x00 gives seed_KEM (32 bytes), then m (16/24/32), then salt (16)); the record text
(`count = i`, `seed`, `pk`, `sk`, `ct`, `ss` in upper-case hex, records separated by a blank
line, as kat_kem prints them); and, for each record, the implicit-rejection key of a corrupted
ciphertext, K~ = SHA3-256(SHA3-256(ek || 1) || sigma || ct || 3) (sigma from dk), which Decaps
must return. Decaps of the valid ciphertext must return ss.
"""
import hashlib
import json
import os
import sys

sys.path.append(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "slhdsa"))
sys.path.append(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from run_vectors import run_batch  # noqa: E402  (tests/slhdsa/run_vectors.py: kpqc --batch)
import harness  # noqa: E402

K = {1: 16, 3: 24, 5: 32}
SIZES = {1: (2241, 2321, 4433), 3: (4514, 4602, 8978), 5: (7237, 7333, 14421)}   # spec Table 6
VEC = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                    "shared", "vectors"))


def batch(cmd, lines):
    """run_vectors.run_batch's answers, one per line: (None, []) for those kpqc did not give."""
    answers, note = run_batch(cmd, lines)
    answers = answers or []
    if note:
        print(note)
    return answers + [(None, [])] * (len(lines) - len(answers))


def kat_inputs(level, count):
    seeds = hashlib.shake_256(bytes(range(48)) + b"\x00").digest(48 * count)
    for i in range(count):
        seed = seeds[48 * i:48 * (i + 1)]
        s = hashlib.shake_256(seed + b"\x00").digest(32 + K[level] + 16)
        yield seed, s[:32], s[32:32 + K[level]], s[32 + K[level]:]


def run_level(cmd, level, count, want):
    alg = "hqc-%d" % level
    ins = list(kat_inputs(level, count))
    passed = failed = 0
    keys = batch(cmd, ["%s keygen %s" % (alg, sk.hex()) for _, sk, _, _ in ins])
    enc = batch(cmd, ["%s encaps %s %s %s" % (alg, (k[1] + ["", ""])[0], m.hex(), salt.hex())
                      for k, (_, _, m, salt) in zip(keys, ins)])
    dec_lines = []
    for k, e in zip(keys, enc):
        ek, dk = (k[1] + ["", ""])[:2]
        ct = (e[1] + [""])[0]
        bad = ct[:10] + "%02x" % (int(ct[10:12] or "0", 16) ^ 1) + ct[12:]
        dec_lines += ["%s decaps %s %s" % (alg, dk, ct), "%s decaps %s %s" % (alg, dk, bad)]
    dec = batch(cmd, dec_lines)
    recs = []
    sizes_ok = True
    for i, ((seed, _, _, _), k, e) in enumerate(zip(ins, keys, enc)):
        ek, dk = (k[1] + ["", ""])[:2]
        ct, ss = (e[1] + ["", ""])[:2]
        sizes_ok &= (len(ek) // 2, len(dk) // 2, len(ct) // 2) == SIZES[level]
        recs.append("count = %d\nseed = %s\npk = %s\nsk = %s\nct = %s\nss = %s\n"
                    % (i, seed.hex().upper(), ek.upper(), dk.upper(), ct.upper(), ss.upper()))
        ok_dec = dec[2 * i] == (0, [ss])
        ekb, dkb, ctb = bytes.fromhex(ek or ""), bytes.fromhex(dk or ""), bytes.fromhex(ct or "")
        bad = bytearray(ctb)
        if bad:
            bad[5] ^= 1
        sigma = dkb[len(ekb) + 32:len(ekb) + 32 + K[level]]
        kbar = hashlib.sha3_256(hashlib.sha3_256(ekb + b"\x01").digest() + sigma + bytes(bad)
                                + b"\x03").hexdigest()
        ok_rej = dec[2 * i + 1] == (0, [kbar])
        for ok, what in ((ok_dec, "decaps of the valid ciphertext = ss"),
                         (ok_rej, "decaps of a corrupted ciphertext = K~ (implicit rejection)")):
            if ok:
                passed += 1
            else:
                failed += 1
                print("FAIL HQC-%d count %d: %s" % (level, i, what))
    text = "\n".join(recs)
    digest = hashlib.sha256(text.encode()).hexdigest()
    which = "single" if count == 1 else "all" if count == 100 else None
    if which:
        ok = digest == want[which]
        print("HQC-%d: SHA-256 of the %d KAT records %s the kats.json `%s` hash %s"
              % (level, count, "matches" if ok else "DOES NOT match", which, want[which][:16]))
        passed, failed = passed + ok, failed + (not ok)
    print("HQC-%d: sizes ek/dk/ct %s the specification's %s" % (level, "match" if sizes_ok else "DO NOT match",
                                                                 SIZES[level]))
    passed, failed = passed + sizes_ok, failed + (not sizes_ok)
    return passed, failed, recs


def bc_note(level, recs):
    """hqc-2025-via-bouncycastle: the HQC team's v5.0.0 KAT files of the same specification
    date; compared record by record, for the README's statement (not counted)."""
    path = os.path.join(VEC, "hqc-2025-via-bouncycastle",
                        {1: "PQCkemKAT_2321.rsp", 3: "PQCkemKAT_4602.rsp"}.get(level, ""))
    if not os.path.isfile(path):
        return
    theirs = open(path).read().split("\n\n")[1:]
    same = {f: 0 for f in ("seed", "pk", "sk", "ct", "ss")}
    n = min(len(theirs), len(recs))
    for a, b in zip(recs, theirs):
        fa = dict(l.split(" = ", 1) for l in a.strip().split("\n"))
        fb = dict(l.split(" = ", 1) for l in b.strip().split("\n") if " = " in l)
        for f in same:
            same[f] += fa.get(f) == fb.get(f)
    print("note: HQC-%d vs %s (v5.0.0 KATs): of %d records equal: %s"
          % (level, os.path.relpath(path, VEC), n, ", ".join("%s %d" % kv for kv in same.items())))


BAD = [
    (["hqc-2", "keygen", "00" * 32], "unknown HQC level"),
    (["hqc-1"], "no operation"),
    (["hqc-1", "frob"], "unknown operation"),
    (["hqc-1", "keygen", "00" * 31], "short seed"),
    (["hqc-1", "keygen", "00" * 32, "00"], "extra argument"),
    (["hqc-1", "keygen", "0" * 63], "odd-length hex"),
    (["hqc-1", "keygen", "00" * 32, "--ctx", "00"], "option on hqc"),
    (["hqc-1", "encaps", "00" * 2240, "00" * 16, "00" * 16], "ek of the wrong length"),
    (["hqc-1", "encaps", "00" * 2241, "00" * 24, "00" * 16], "m of the wrong length"),
    (["hqc-1", "encaps", "00" * 2241, "00" * 16, "00" * 15], "short salt"),
    (["hqc-3", "decaps", "00" * 4602, "00" * 8977], "ct of the wrong length"),
    (["hqc-3", "decaps", "00" * 4601, "00" * 8978], "dk of the wrong length"),
]


def badinput(cmd):
    passed = failed = 0
    for args, what in BAD:
        r = harness.run(cmd + args, timeout=600, text=True)
        lines = [l for l in r.err.splitlines() if l.strip()]
        if r.status == 2 and len(lines) == 1 and r.out == "":
            passed += 1
        else:
            failed += 1
            print("FAIL bad input %s: exit %s, %d stderr lines%s" % (what, r.status, len(lines),
                                                                      ", " + r.why if r.why else ""))
    print("kpqc hqc bad input: %d cases, exit 2 with one error line: %d passed, %d failed"
          % (len(BAD), passed, failed))
    return passed, failed


def main():
    args = sys.argv[1:]
    count, levels, bad = 100, [1, 3, 5], False
    while args and args[0] != "--":
        if args[0] == "--count":
            count, args = int(args[1]), args[2:]
        elif args[0] == "--levels":
            levels, args = [int(x) for x in args[1].split(",")], args[2:]
        elif args[0] == "--badinput":
            bad, args = True, args[1:]
        else:
            raise SystemExit(__doc__)
    cmd = args[1:]
    if not cmd:
        raise SystemExit(__doc__)
    kats = json.load(open(os.path.join(VEC, "kat-hashes-8979276-via-liboqs", "kats.json")))
    passed = failed = 0
    for lv in levels:
        p, f, recs = run_level(cmd, lv, count, kats["HQC-%d" % lv])
        print("HQC-%d: %d KAT records: %d passed, %d failed" % (lv, count, p, f))
        passed, failed = passed + p, failed + f
        if count == 100:
            bc_note(lv, recs)
    if bad:
        p, f = badinput(cmd)
        passed, failed = passed + p, failed + f
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
