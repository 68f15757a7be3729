#!/usr/bin/env python3
"""Known-answer tests of kpqc (sw/kpqc) against ../shared/vectors and Python's hashlib.
Every expected value comes from a vector file, hashlib, or (TurboSHAKE) RFC 9861; none from kpqc.

usage: kpqc_tests.py --kpqc PATH [--runner 'CMD'] [--suites a,b] [--limit N] [--result FILE]
Suites: hashlib xkcp circl-keccak acvp-sha3 acvp-sha3-ldt turboshake mlkem-acvp mlkem-cctv
        mlkem-accum mlkem-accum-1m badinput  ("all" = every suite but acvp-sha3-ldt, mlkem-accum
        and mlkem-accum-1m; the mlkem-accum* suites need the test-only FIPS 203 ipd build, --ipd)
--limit N runs at most N cases per vector file/group (the CI subset for guest builds);
Monte Carlo tests are then limited to N x 10 inner iterations per test instead of all 100 x 1000."""
import argparse
import gzip
import hashlib
import json
import os
import random
import shlex
import subprocess
import sys

VEC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "vectors")
VEC = os.path.normpath(os.environ.get("KARU64_VECTORS", VEC))


class Kpqc:
    """kpqc --batch: one process for many commands."""

    def __init__(self, path, runner):
        self.cmd = shlex.split(runner) + [path]
        self.p = subprocess.Popen(self.cmd + ["--batch"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, bufsize=1)

    def run(self, *args):
        line = " ".join(a if a != "" else '""' for a in args)
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        out = []
        while True:
            ln = self.p.stdout.readline()
            if not ln:
                raise RuntimeError(f"kpqc died on: {line[:120]}")
            ln = ln.rstrip("\n")
            if ln.startswith("="):
                return int(ln[1:]), out
            out.append(ln)

    def close(self):
        self.p.stdin.close()
        self.p.wait(timeout=60)


class Tally:
    def __init__(self):
        self.passed = self.failed = 0
        self.lines = []
        self.counts = {}

    def check(self, suite, ok, what):
        self.counts.setdefault(suite, [0, 0])[0 if ok else 1] += 1
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            if self.failed <= 50:
                self.lines.append(f"FAIL [{suite}] {what}")


def acvp(path):
    d = json.load(open(path))
    return d[1] if isinstance(d, list) else d


def tests_by_id(d):
    return {t["tcId"]: t for g in d["testGroups"] for t in g["tests"]}


def lim(seq, n):
    return list(seq)[:n] if n else list(seq)


# ---------------- hashes ----------------

def suite_hashlib(k, T, n):
    rnd = random.Random(2026)
    algs = [("sha3-224", lambda m, l: hashlib.sha3_224(m).digest(), None),
            ("sha3-256", lambda m, l: hashlib.sha3_256(m).digest(), None),
            ("sha3-384", lambda m, l: hashlib.sha3_384(m).digest(), None),
            ("sha3-512", lambda m, l: hashlib.sha3_512(m).digest(), None),
            ("shake128", lambda m, l: hashlib.shake_128(m).digest(l), 32),
            ("shake256", lambda m, l: hashlib.shake_256(m).digest(l), 64)]
    # Lengths around every rate boundary (72..168) and multi-block lengths.
    lens = sorted(set(list(range(0, 10)) + [r + d for r in (72, 104, 136, 144, 168, 336, 504)
                                             for d in (-1, 0, 1)] + [1000, 4097]))
    count = 0
    for name, fn, deflen in algs:
        for ln in lens:
            if n and count >= 6 * n:
                break
            msg = bytes(rnd.getrandbits(8) for _ in range(ln))
            args = [name, msg.hex()]
            outlen = None
            if deflen:
                outlen = rnd.choice([0, 1, deflen, 135, 136, 167, 168, 169, 500, 1000])
                args.append(str(outlen))
            st, out = k.run(*args)
            exp = fn(msg, outlen if deflen else None).hex()
            T.check("hashlib", st == 0 and out == [exp], f"{name} len={ln} outlen={outlen}")
            count += 1
        if deflen:  # the default output length
            st, out = k.run(name, "616263")
            T.check("hashlib", st == 0 and out == [fn(b"abc", deflen).hex()], f"{name} default OUTLEN")


def suite_xkcp(k, T, n):
    files = {"SHA3-224": ("sha3-224", None), "SHA3-256": ("sha3-256", None),
             "SHA3-384": ("sha3-384", None), "SHA3-512": ("sha3-512", None),
             "SHAKE128": ("shake128", 512), "SHAKE256": ("shake256", 512)}
    for tag, (name, outlen) in files.items():
        path = os.path.join(VEC, "xkcp-TestVectors", f"ShortMsgKAT_{tag}.txt")
        entries, cur = [], {}
        for ln in open(path):
            ln = ln.strip()
            if " = " in ln:
                key, val = ln.split(" = ", 1)
                cur[key] = val
                if key in ("MD", "Squeezed"):
                    entries.append(cur)
                    cur = {}
        # Byte-aligned entries only (bit lengths that are multiples of 8).
        entries = [e for e in entries if int(e["Len"]) % 8 == 0]
        for e in lim(entries, n):
            nbytes = int(e["Len"]) // 8
            msg = e["Msg"][:2 * nbytes] if nbytes else ""
            exp = (e.get("MD") or e.get("Squeezed")).lower()
            args = [name, msg] + ([str(len(exp) // 2)] if outlen else [])
            st, out = k.run(*args)
            T.check("xkcp", st == 0 and out == [exp], f"{tag} Len={e['Len']}")


def suite_circl(k, T, n):
    d = json.load(open(os.path.join(VEC, "go-circl-extra", "keccakKats.json")))["kats"]
    names = {"SHA3-224": "sha3-224", "SHA3-256": "sha3-256", "SHA3-384": "sha3-384",
             "SHA3-512": "sha3-512", "SHAKE128": "shake128", "SHAKE256": "shake256"}
    for tag, name in names.items():  # cSHAKE entries are outside kpqc's interface
        for e in lim(d[tag], n):
            nbytes = e["length"] // 8
            msg = e["message"][:2 * nbytes] if nbytes else ""
            exp = e["digest"].lower()
            args = [name, msg] + ([str(len(exp) // 2)] if "SHAKE" in tag else [])
            st, out = k.run(*args)
            T.check("circl-keccak", st == 0 and out == [exp], f"{tag} length={e['length']}")


def _mct_sha3(k, name, seed, outer, inner):
    md = seed
    res = []
    for _ in range(outer):
        for _ in range(inner):
            st, out = k.run(name, md)
            if st:
                return None
            md = out[0]
        res.append(md)
    return res


def _mct_shake(k, name, seed, minb, maxb, outer, inner):
    """ACVP SHA-3 spec §6.2.2 (SHAKE Monte Carlo, standard version)."""
    rng = maxb - minb + 1
    outlen = maxb
    output = seed
    res = []
    for _ in range(outer):
        for _ in range(inner):
            msg = (output + "00" * 16)[:32]  # leftmost 128 bits, zero-padded
            st, out = k.run(name, msg, str(outlen))
            if st:
                return None
            output = out[0]
            right = int(output[-4:], 16)
            used = outlen
            outlen = minb + right % rng
        res.append((output, used))
    return res


def suite_acvp_sha3(k, T, n, ldt=False):
    for tag, name in (("SHA3-224", "sha3-224"), ("SHA3-256", "sha3-256"),
                      ("SHA3-384", "sha3-384"), ("SHA3-512", "sha3-512"),
                      ("SHAKE-128", "shake128"), ("SHAKE-256", "shake256")):
        vec = acvp(os.path.join(VEC, "acvts-via-aws-lc", f"vectors-{tag}.json"))
        exp = tests_by_id(acvp(os.path.join(VEC, "acvts-via-aws-lc", f"expected-{tag}.json")))
        for g in vec["testGroups"]:
            tt = g["testType"]
            if (tt == "LDT") != ldt:
                continue
            for t in lim(g["tests"], n):
                e = exp[t["tcId"]]
                if tt in ("AFT", "VOT"):
                    nbytes = t["len"] // 8
                    args = [name, t["msg"][:2 * nbytes] if nbytes else ""]
                    if "outLen" in t:
                        args.append(str(t["outLen"] // 8))
                    st, out = k.run(*args)
                    T.check("acvp-sha3", st == 0 and out == [e["md"].lower()],
                            f"{tag} {tt} tcId={t['tcId']}")
                elif tt == "MCT":
                    outer, inner = (100, 1000) if not n else (1, 10 * n)
                    if "SHAKE" in tag:
                        res = _mct_shake(k, name, t["msg"].lower(), g["minOutLen"] // 8,
                                         g["maxOutLen"] // 8, outer, inner)
                        if inner == 1000:
                            ok = res is not None and all(
                                md == r["md"].lower() and used * 8 == r["outLen"]
                                for (md, used), r in zip(res, e["resultsArray"]))
                        else:  # partial run: compare the first inner steps with hashlib
                            ok = res is not None and _shake_mct_hashlib(tag, t["msg"].lower(), g, inner) == res[0][0]
                    else:
                        res = _mct_sha3(k, name, t["msg"].lower(), outer, inner)
                        if inner == 1000:
                            ok = res == [r["md"].lower() for r in e["resultsArray"]]
                        else:
                            h = bytes.fromhex(t["msg"])
                            for _ in range(inner):
                                h = hashlib.new(tag.lower().replace("-", "_"), h).digest()
                            ok = res == [h.hex()]
                    T.check("acvp-sha3", ok, f"{tag} MCT tcId={t['tcId']} ({outer}x{inner})")
                elif tt == "LDT":
                    lm = t["largeMsg"]
                    assert lm["expansionTechnique"] == "repeating"
                    st, out = k.run(name, lm["content"], "--repeat-to", str(lm["fullLength"] // 8))
                    T.check("acvp-sha3", st == 0 and out == [e["md"].lower()],
                            f"{tag} LDT {lm['fullLength'] // 8} bytes")


def _shake_mct_hashlib(tag, seed, g, inner):
    minb, maxb = g["minOutLen"] // 8, g["maxOutLen"] // 8
    rng, outlen, output = maxb - minb + 1, maxb, bytes.fromhex(seed)
    f = hashlib.shake_128 if tag == "SHAKE-128" else hashlib.shake_256
    for _ in range(inner):
        msg = (output + bytes(16))[:16]
        output = f(msg).digest(outlen)
        outlen = minb + int.from_bytes(output[-2:], "big") % rng
    return output.hex()


def suite_turboshake(k, T, n):
    d = json.load(open(os.path.join(VEC, "rfc9861", "turboshake.json")))
    ptn251 = bytes(i % 251 for i in range(251)).hex()
    for v in d["vectors"]:
        name = v["algorithm"].lower()
        exp = v["output"].lower()
        want = int(v["outputBytes"])
        mlen = int(v["message"][4:-1]) if v["message"].startswith("ptn(") else None
        if n and mlen and mlen > 100000:
            continue  # the CI subset skips the 1.4 MB and 24 MB messages
        if v.get("messageHex") not in (None, "None"):
            args = [name, v["messageHex"]]
        else:  # ptn(n) = 00 01 .. FA repeated (RFC 9861 §5): a 251-byte period
            args = [name, ptn251, "--repeat-to", str(mlen)]
        st, out = k.run(*args, str(want), "--domain", v["domain"])
        # "lastBytesOnly": the RFC lists only the last bytes of long outputs.
        ok = st == 0 and len(out) == 1 and len(out[0]) == 2 * want and out[0].endswith(exp)
        T.check("turboshake", ok, f"{v['algorithm']} msg={v['message']} D={v['domain']} L={want}")


# ---------------- ML-KEM ----------------

def lvl(ps):
    return ps.lower()  # "ML-KEM-768" -> "ml-kem-768"


def suite_mlkem_acvp(k, T, n):
    # CIRCL bundle: prompt.json + expectedResults.json
    base = os.path.join(VEC, "acvp-via-circl")
    p = acvp(os.path.join(base, "ML-KEM-keyGen-FIPS203", "prompt.json"))
    e = tests_by_id(acvp(os.path.join(base, "ML-KEM-keyGen-FIPS203", "expectedResults.json")))
    for g in p["testGroups"]:
        for t in lim(g["tests"], n):
            st, out = k.run(lvl(g["parameterSet"]), "keygen", t["d"], t["z"])
            x = e[t["tcId"]]
            T.check("mlkem-acvp", st == 0 and out == [x["ek"].lower(), x["dk"].lower()],
                    f"circl keyGen {g['parameterSet']} tcId={t['tcId']}")
    p = acvp(os.path.join(base, "ML-KEM-encapDecap-FIPS203", "prompt.json"))
    e = tests_by_id(acvp(os.path.join(base, "ML-KEM-encapDecap-FIPS203", "expectedResults.json")))
    for g in p["testGroups"]:
        _encdec_group(k, T, n, "circl", g, e)
    # liboqs bundle: internalProjection.json holds inputs and answers
    base = os.path.join(VEC, "acvp-v1.1.0.40-via-liboqs")
    p = acvp(os.path.join(base, "ML-KEM-keyGen-FIPS203", "internalProjection.json"))
    for g in p["testGroups"]:
        for t in lim(g["tests"], n):
            st, out = k.run(lvl(g["parameterSet"]), "keygen", t["d"], t["z"])
            T.check("mlkem-acvp", st == 0 and out == [t["ek"].lower(), t["dk"].lower()],
                    f"liboqs keyGen {g['parameterSet']} tcId={t['tcId']}")
    p = acvp(os.path.join(base, "ML-KEM-encapDecap-FIPS203", "internalProjection.json"))
    for g in p["testGroups"]:
        _encdec_group(k, T, n, "liboqs", g, tests_by_id(p))
    # AWS-LC ACVTS sample session
    base = os.path.join(VEC, "acvts-via-aws-lc")
    p = acvp(os.path.join(base, "vectors-ML-KEM.json"))
    e = tests_by_id(acvp(os.path.join(base, "expected-ML-KEM.json")))
    for g in p["testGroups"]:
        _encdec_group(k, T, n, "aws-lc", g, e)


def _encdec_group(k, T, n, src, g, e):
    alg, fn = lvl(g["parameterSet"]), g["function"]
    for t in lim(g["tests"], n):
        x = e[t["tcId"]]
        what = f"{src} {fn} {g['parameterSet']} tcId={t['tcId']}"
        if fn == "encapsulation":
            st, out = k.run(alg, "encaps", t["ek"], t["m"])
            T.check("mlkem-acvp", st == 0 and out == [x["c"].lower(), x["k"].lower()], what)
        elif fn == "decapsulation":
            dk = t.get("dk", g.get("dk"))
            st, out = k.run(alg, "decaps", dk, t["c"])
            T.check("mlkem-acvp", st == 0 and out == [x["k"].lower()], what)
        elif fn == "encapsulationKeyCheck":
            # Accepted keys encapsulate (exit 0); rejected ones are bad input (exit 2).
            st, out = k.run(alg, "encaps", t["ek"], "00" * 32)
            T.check("mlkem-acvp", (st == 0) == x["testPassed"] and st in (0, 2), what)
        elif fn == "decapsulationKeyCheck":
            ctlen = {"ml-kem-512": 768, "ml-kem-768": 1088, "ml-kem-1024": 1568}[alg]
            st, out = k.run(alg, "decaps", t["dk"], "00" * ctlen)
            T.check("mlkem-acvp", (st == 0) == x["testPassed"] and st in (0, 2), what)
        else:
            T.check("mlkem-acvp", False, f"{what}: unknown function")


def _kv_file(path):
    d = {}
    for ln in open(path):
        if " = " in ln:
            key, val = ln.strip().split(" = ", 1)
            d.setdefault(key, val)
    return d


def suite_mlkem_cctv(k, T, n):
    base = os.path.join(VEC, "cctv", "ML-KEM")
    for ps in ("512", "768", "1024"):
        alg = "ml-kem-" + ps
        for sub in ("intermediate", "unluckysample"):
            v = _kv_file(os.path.join(base, sub, f"ML-KEM-{ps}.txt"))
            # These files follow FIPS 203 ipd, whose K-PKE.KeyGen takes G(d) without the byte
            # k of the final standard: keygen is compared only on the test-only ipd build
            # (--ipd); the keys are used as given for Encaps/Decaps (unchanged since ipd).
            if IPD:
                st, out = k.run(alg, "keygen", v["d"], v["z"])
                T.check("mlkem-cctv", st == 0 and out == [v["ek"], v["dk"]], f"{sub} {alg} keygen (ipd G(d))")
            elif sub == "intermediate":
                rho = hashlib.sha3_512(bytes.fromhex(v["d"])).hexdigest()[:64]
                T.check("mlkem-cctv", rho == v["\u03c1"], f"{sub} {alg}: file's rho is ipd G(d) (hashlib)")
            st, out = k.run(alg, "encaps", v["ek"], v["m"])
            T.check("mlkem-cctv", st == 0 and out == [v["c"], v["K"]], f"{sub} {alg} encaps")
            st, out = k.run(alg, "decaps", v["dk"], v["c"])
            T.check("mlkem-cctv", st == 0 and out == [v["K"]], f"{sub} {alg} decaps")
        v = _kv_file(os.path.join(base, "strcmp", f"ML-KEM-{ps}.txt"))
        st, out = k.run(alg, "decaps", v["dk"], v["c"])
        T.check("mlkem-cctv", st == 0 and out == [v["K"]], f"strcmp {alg} decaps")
        # Every ek in modulus/ has one value in q..4095: the modulus check must reject it.
        bad = [ln.strip() for ln in gzip.open(os.path.join(base, "modulus", f"ML-KEM-{ps}.txt.gz"), "rt")]
        bad = [b for b in bad if b]
        rej = 0
        for ek in lim(bad, n):
            st, out = k.run(alg, "encaps", ek, "00" * 32)
            rej += st == 2 and len(out) == 1 and "modulus" in out[0]
        T.check("mlkem-cctv", rej == len(lim(bad, n)),
                f"modulus {alg}: {rej}/{len(lim(bad, n))} invalid keys rejected with one error line")


def suite_mlkem_accum(k, T, n, total=10000):
    """CCTV accumulated pq-crystals vectors (cctv/ML-KEM/README.md): inputs from a SHAKE-128
    stream of the empty string, outputs hashed into a running SHAKE-128; the published digests
    are the expected values."""
    digests = {10000: {"512": "845913ea5a308b803c764a9ed8e9d814ca1fd9c82ba43c7b1e64b79c7a6ec8e4",
                       "768": "f7db260e1137a742e05fe0db9525012812b004d29040a5b606aad3d134b548d3",
                       "1024": "47ac888fe61544efc0518f46094b4f8a600965fc89822acb06dc7169d24f3543"},
               1000000: {"512": "578eeaa1156848cbf7a15bafef963b4ccabe3308ddfb7dbdd20ad965f634e81d",
                         "768": "70090cc5842aad0ec43d5042c783fae9bc320c047b5dafcb6e134821db02384d",
                         "1024": "7ccc6d803739d3db3c5ce39c7130f459db32a199c6605e3be210e5a89d4c4b95"}}
    ctlens = {"512": 768, "768": 1088, "1024": 1568}
    for ps in ("512", "768", "1024"):
        alg = "ml-kem-" + ps
        need = total * (96 + ctlens[ps])
        # hashlib's shake_128 has no incremental squeeze: draw the whole stream at once, in
        # chunks of tests to bound memory.
        stream = _ShakeStream()
        acc = hashlib.shake_128()
        ok = True
        for i in range(total):
            d, z, m = stream.take(32), stream.take(32), stream.take(32)
            badct = stream.take(ctlens[ps])
            s1, (ek, dk) = k.run(alg, "keygen", d.hex(), z.hex())
            s2, (ct, kk) = k.run(alg, "encaps", ek, m.hex())
            s3, (k2,) = k.run(alg, "decaps", dk, ct)
            s4, (k3,) = k.run(alg, "decaps", dk, badct.hex())
            if s1 or s2 or s3 or s4 or k2 != kk:
                ok = False
                break
            for h in (ek, dk, ct, kk, k3):
                acc.update(bytes.fromhex(h))
        got = acc.hexdigest(32)
        T.check("mlkem-accum", ok and got == digests[total][ps],
                f"{alg} {total} accumulated pq-crystals tests: {got[:16]}.. (stream {need} B)")


class _ShakeStream:
    """SHAKE-128("") as a stream, regenerated in doubling chunks (hashlib has no squeeze)."""

    def __init__(self):
        self.buf, self.pos, self.size = b"", 0, 1 << 20

    def take(self, n):
        while self.pos + n > len(self.buf):
            self.size *= 2
            self.buf = hashlib.shake_128(b"").digest(self.size)
        r = self.buf[self.pos:self.pos + n]
        self.pos += n
        return r


# ---------------- bad input (real processes: exit status and one error line) ----------------

def suite_badinput(path, runner, T, n):
    base = shlex.split(runner) + [path]
    ek768 = "00" * 1184
    cases = [
        ([], "no arguments"),
        (["frobnicate"], "unknown algorithm"),
        (["ml-kem-666", "keygen", "00" * 32, "00" * 32], "unknown parameter set"),
        (["ml-kem-768", "keygen", "0" * 63, "00" * 32], "odd-length hex"),
        (["ml-kem-768", "keygen", "zz" * 32, "00" * 32], "non-hex text"),
        (["ml-kem-768", "keygen", "00" * 31, "00" * 32], "short seed"),
        (["ml-kem-768", "keygen", "00" * 32], "missing argument"),
        (["ml-kem-768", "keygen", "00" * 32, "00" * 32, "00"], "extra argument"),
        (["ml-kem-768", "encaps", ek768[:-2], "00" * 32], "ek of the wrong length"),
        (["ml-kem-768", "encaps", "ff" * 1152 + "00" * 32, "00" * 32], "ek failing the modulus check"),
        (["ml-kem-768", "decaps", "00" * 2399, "00" * 1088], "dk of the wrong length"),
        (["ml-kem-768", "decaps", "00" * 2400, "00" * 1088], "dk failing the hash check"),
        (["ml-kem-768", "decaps", "00" * 2400, "00" * 1087], "ct of the wrong length"),
        (["ml-kem-768", "sign", "00"], "unknown ml-kem operation"),
        (["ml-kem-768", "keygen", "00" * 32, "00" * 32, "--ctx", "00"], "option on ml-kem"),
        (["sha3-256"], "hash without message"),
        (["sha3-256", "00", "32"], "OUTLEN on a fixed-length hash"),
        (["shake128", "00", "-1"], "negative OUTLEN"),
        (["shake128", "00", "12x"], "non-numeric OUTLEN"),
        (["shake128", "00", "99999999999999999999"], "huge OUTLEN"),
        (["turboshake128", "00", "32", "--domain", "00"], "domain byte 00"),
        (["turboshake128", "00", "32", "--domain", "80"], "domain byte 80"),
        (["turboshake128", "00", "32", "--domain", "1f1f"], "two domain bytes"),
        (["turboshake128", "00", "32", "--domain"], "--domain without value"),
        (["shake256", "00", "--domain", "1f"], "--domain on shake"),
        (["sha3-256", "00", "--bogus"], "unknown option"),
        (["ml-dsa-65", "keygen", "00" * 31], "short xi"),
        (["ml-dsa-65", "sign", "00" * 10, "00"], "sk of the wrong length"),
        (["ml-dsa-99", "keygen", "00" * 32], "unknown ML-DSA level"),
        (["ml-dsa-44", "frob", "00"], "unknown ml-dsa operation"),
    ]
    for args, what in lim(cases, 0):
        try:
            r = subprocess.run(base + args, capture_output=True, text=True, timeout=120)
            lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
            ok = r.returncode == 2 and len(lines) == 1 and r.stdout == ""
            detail = f"exit {r.returncode}, {len(lines)} stderr lines, stdout {len(r.stdout)} chars"
        except subprocess.TimeoutExpired:
            ok, detail = False, "timeout"
        T.check("badinput", ok, f"{what}: {detail}")
    r = subprocess.run(base + ["--help"], capture_output=True, text=True, timeout=120)
    T.check("badinput", r.returncode == 0 and "ml-kem" in r.stdout, "--help exits 0 with usage")
    # Valid edge cases: empty message, zero output length, case-insensitive hex.
    r = subprocess.run(base + ["sha3-256", ""], capture_output=True, text=True, timeout=120)
    T.check("badinput", r.returncode == 0 and r.stdout == hashlib.sha3_256(b"").hexdigest() + "\n",
            "empty argument is the empty message")
    r = subprocess.run(base + ["shake128", "AbCd", "0"], capture_output=True, text=True, timeout=120)
    T.check("badinput", r.returncode == 0 and r.stdout == "\n", "OUTLEN 0, mixed-case hex")


IPD = False

SUITES = ["hashlib", "xkcp", "circl-keccak", "acvp-sha3", "turboshake", "mlkem-acvp",
          "mlkem-cctv", "badinput"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kpqc", required=True)
    ap.add_argument("--runner", default="")
    ap.add_argument("--suites", default="all")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--accum", type=int, default=10000)
    ap.add_argument("--result")
    ap.add_argument("--ipd", action="store_true",
                    help="kpqc is the test-only FIPS 203 ipd keygen build (CCTV keygen, mlkem-accum)")
    a = ap.parse_args()
    global IPD
    IPD = a.ipd
    suites = SUITES if a.suites == "all" else a.suites.split(",")
    T = Tally()
    k = Kpqc(a.kpqc, a.runner)
    suite = {
        "hashlib": lambda: suite_hashlib(k, T, a.limit),
        "xkcp": lambda: suite_xkcp(k, T, a.limit),
        "circl-keccak": lambda: suite_circl(k, T, a.limit),
        "acvp-sha3": lambda: suite_acvp_sha3(k, T, a.limit),
        "acvp-sha3-ldt": lambda: suite_acvp_sha3(k, T, 0, ldt=True),
        "turboshake": lambda: suite_turboshake(k, T, a.limit),
        "mlkem-acvp": lambda: suite_mlkem_acvp(k, T, a.limit),
        "mlkem-cctv": lambda: suite_mlkem_cctv(k, T, a.limit),
        # CCTV's accumulated digests were made with FIPS 203 ipd's keygen.
        "mlkem-accum": lambda: suite_mlkem_accum(k, T, 0, a.accum) if a.ipd else
                               T.check("mlkem-accum", False, "mlkem-accum needs the ipd build and --ipd"),
        "mlkem-accum-1m": lambda: suite_mlkem_accum(k, T, 0, 1000000),
        "badinput": lambda: suite_badinput(a.kpqc, a.runner, T, a.limit),
    }
    for s in suites:
        if s in suite:
            suite[s]()
        else:
            T.check(s, False, "unknown suite")
    k.close()
    head = (f"kpqc vectors: {a.runner + ' ' if a.runner else ''}{a.kpqc}"
            f" (limit {a.limit or 'none'} per file/group; vectors from {VEC})")
    per = [f"  {s}: {c[0]} passed, {c[1]} failed" for s, c in T.counts.items()]
    text = "\n".join([head] + T.lines + per + [f"{T.passed} passed, {T.failed} failed"]) + "\n"
    sys.stdout.write(text)
    if a.result:
        with open(a.result, "w") as fh:
            fh.write(text)
    sys.exit(1 if T.failed or not T.passed else 0)


if __name__ == "__main__":
    main()
