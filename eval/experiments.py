"""The evaluation's experiments as data (issue 9, ../shared/spec/karu64.md §5).

eval/report.py expands every experiment into independent simulations (one per configuration,
build and, where it applies, algorithm), runs them in parallel and builds the tables from their
results; eval/check.py reads this file to know which rows every table must have. A new
algorithm family is a new FAMILIES entry (and its operations in eval/kbench.c); a new kind of
experiment is a new EXPERIMENTS entry with an expander and a table builder in report.py."""

CONFIGS = ["karu64-sim", "karu64-fpga"]

# The guest builds of sw/sw.mk, in the order of §5; the +K builds run every permutation through
# vkeccak.vi (vintr_kr: multi-block absorb/squeeze with the state resident in v0..v7).
BUILDS = ["rv64gc", "rv64gc_zbb", "vauto", "vauto_k", "vintr", "vintr_k", "vintr_kr"]
SOFTWARE_KECCAK = ["rv64gc", "rv64gc_zbb", "vauto", "vintr"]
RESIDENT = ["vintr_kr"]          # builds whose keccak_absorb/squeeze_blocks are resident routines

# Speedup columns of REPORT.md: (name, numerator build, denominator build) = cycles ratio.
RATIOS = [("rv64gc->%s" % b, "rv64gc", b) for b in BUILDS[1:]] + [
    ("vintr->vintr_k", "vintr", "vintr_k"),
    ("vauto->vauto_k", "vauto", "vauto_k"),
    ("vintr_k->vintr_kr", "vintr_k", "vintr_kr"),
]

# Algorithm families: parameter sets (kbench names), the three operations, repetitions (mean
# of), the reduced set of QUICK=1, and the prefix of kbench's out-of-line operation functions.
# cost: rough relative simulation time of one repetition, for ordering and the time estimate
# (set_cost: of the sets that differ). set_ops: sets measured on fewer operations (ops(f, s)).
FAMILIES = [
    dict(family="ML-KEM", sets=["ml-kem-512", "ml-kem-768", "ml-kem-1024"], ops=["keygen", "encaps", "decaps"],
         reps=100, quick_sets=["ml-kem-768"], quick_reps=4, frame="bench_mlkem_", cost=1),
    dict(family="ML-DSA", sets=["ml-dsa-44", "ml-dsa-65", "ml-dsa-87"], ops=["keygen", "sign", "verify"],
         reps=10, quick_sets=["ml-dsa-44"], quick_reps=2, frame="bench_mldsa_", cost=12),
    # Later families (issue 9: "the mean of all their per-operation ratios"). SLH-DSA is nearly
    # all Keccak and slow to simulate: one repetition, not in the quick set. SLH-DSA-SHAKE-128s
    # (issue 12) is measured on keygen and verify only: one -128s signature costs about 10^10
    # instructions per build, so kbench verifies a signature made on the host by the host build
    # (eval/slhdsa_vector.py; keygen from ACVP keyGen seeds, its pk checked in the guest).
    dict(family="HQC", sets=["hqc-1", "hqc-3", "hqc-5"], ops=["keygen", "encaps", "decaps"],
         reps=3, quick_sets=["hqc-1"], quick_reps=1, frame="bench_hqc_", cost=40),
    dict(family="SLH-DSA", sets=["slh-dsa-shake-128s", "slh-dsa-shake-128f", "slh-dsa-shake-192f", "slh-dsa-shake-256f"],
         ops=["keygen", "sign", "verify"], set_ops={"slh-dsa-shake-128s": ["keygen", "verify"]},
         reps=1, quick_sets=[], quick_reps=1, frame="bench_slhdsa_", cost=700,
         set_cost={"slh-dsa-shake-128s": 1800}),
]
# The two families whose mean speedup the paper defines (nine per-operation ratios each).
PAPER_FAMILIES = ["ML-KEM", "ML-DSA"]

# Issue 11: three ways to accelerate Keccak on one core, side by side on the same simulated
# Karu64 and the same software (sw/keccak backends behind one permutation interface). Each
# entry: label, build, karu64 options the build needs.
INTEGRATIONS = [
    ("software (C, Zbb)", "vintr", []),
    ("round-step instruction (xkround)", "vintr_round", ["--isa=+xkround"]),
    ("raw DMA device", "vintr_dma", ["--device=keccak-dma"]),
    ("one-shot sponge DMA device", "vintr_sponge", ["--device=keccak-dma", "--device=keccak-sponge-dma"]),
    ("vkeccak.vi wrapper", "vintr_k", []),
    ("vkeccak.vi resident", "vintr_kr", []),
]
INTEGRATION_SETS = ["ml-kem-768", "ml-dsa-44"]     # end-to-end, with the quick repetitions
INTEGRATION_BASE = "vintr"                          # the speedups' denominator
ONESHOT_BLOCKS = [1, 16, 256]
# The designs' own published ratios (other cores, clocks and software: context, not validation).
PUBLISHED = [
    ("raw DMA device", "about 28x on the Keccak layer (X-HEEP, 2026 thesis)"),
    ("round-step instruction (xkround)", "8.02x on SHA-3 workloads, 46.31x on Keccak workloads "
     "(Bolat et al., arXiv 2508.20653, gem5 and FPGA)"),
]


def build_options(build):
    """The karu64 options a build's Keccak integration needs (none for most)."""
    return next((o for _, b, o in INTEGRATIONS if b == build), [])


EXPERIMENTS = [
    dict(name="micro", kind="micro", builds=BUILDS,
         what="one Keccak-p[1600,24] call as each build makes it, the vkeccak.vi loops, forward NTTs"),
    dict(name="shake", kind="shake", builds=SOFTWARE_KECCAK[:3] + RESIDENT,
         what="SHAKE absorb/squeeze cycles per block: C sponge loops vs the resident vkeccak.vi loop"),
    dict(name="pqc", kind="pqc", builds=BUILDS, families=[f["family"] for f in FAMILIES],
         what="ML-KEM, ML-DSA (and later families): every operation, mean of the repetitions"),
    # SLH-DSA is left out of the breakdown: its verify needs a whole signature as setup, twice.
    dict(name="breakdown", kind="one", builds=["vintr", "vintr_k"], families=["ML-KEM", "ML-DSA", "HQC"],
         what="cycles by cause of one operation: a run with it minus a run without it"),
    dict(name="integrations", kind="integrations", builds=[b for _, b, _ in INTEGRATIONS], sets=INTEGRATION_SETS,
         what="issue 11: software, round-step instruction, raw and sponge DMA devices, vkeccak.vi: permutation, "
              "one-shot SHAKE256, ML-KEM-768 and ML-DSA-44 on the same core"),
    dict(name="calibration", kind="calib", builds=[],
         what="the calibration points of §4 in bare metal (tests/timing/calib.py)"),
]

SHAKE_RATES = [168, 136]
SHAKE_BLOCKS = [16, 256]
SHAKE_OPS = ["absorb", "squeeze"]
SHAKE_BUILD_NAMES = {"vintr_kr": "vkeccak_resident"}     # the shake.csv name of a build

PERMUTATION_ROWS = ["engine", "resident_24", "resident_12", "load_permute_store", "wrapper_call"] + \
                   ["software_%s" % b for b in SOFTWARE_KECCAK]
WRAPPER_BUILD = "vintr_k"        # whose micro run gives the vkeccak rows of permutation.csv

# CSV headers (issue 9, exactly).
HEADERS = {
    "permutation.csv": "config,benchmark,cycles,instructions",
    "shake.csv": "config,build,operation,rate,blocks,cycles_per_block",
    "pqc.csv": "config,algorithm,operation,build,kcycles,instructions,keccak_calls,keccak_kcycles",
    "ntt.csv": "config,scheme,build,cycles",
    "amdahl.csv": "config,algorithm,operation,keccak_share,permutation_speedup,predicted,measured",
    "breakdown.csv": "config,algorithm,operation,build,cause,kcycles",
    "integrations.csv": "config,integration,build,permute_cycles,permute_instructions,oneshot_cycles_per_block,oneshot_speedup,"
                        "keccak_speedup,mlkem768_speedup,mldsa44_speedup",
}
NTT_SCHEMES = ["ML-KEM", "ML-DSA"]


def experiment(name):
    return next(e for e in EXPERIMENTS if e["name"] == name)


def families(quick, of=None, sets=()):
    """The families with the sets and repetitions of this run (families without quick sets are
    left out of QUICK=1); with `of`, only those of that experiment; `sets` (report.py --sets)
    adds those of the full sets to the quick ones, or restricts the full run to them."""
    out = []
    only = experiment(of)["families"] if of else None
    for f in FAMILIES:
        if only is not None and f["family"] not in only:
            continue
        if quick:
            chosen = [s for s in f["sets"] if s in f["quick_sets"] or s in sets]
        else:
            chosen = [s for s in f["sets"] if not sets or s in sets]
        if chosen:
            out.append(dict(f, sets=chosen, reps=f["quick_reps"] if quick else f["reps"]))
    return out


def ops(f, s):
    """The operations measured for parameter set s of family f."""
    return f.get("set_ops", {}).get(s, f["ops"])


def cost(f, s):
    return f.get("set_cost", {}).get(s, f["cost"])


def all_sets():
    return [s for f in FAMILIES for s in f["sets"]]


def display(alg):
    """ml-kem-768 -> ML-KEM-768, slh-dsa-shake-128f -> SLH-DSA-SHAKE-128f."""
    up = alg.upper()
    return up[:-1] + up[-1].lower() if alg[-1] in "sf" else up
