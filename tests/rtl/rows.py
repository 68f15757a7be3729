"""The microbenchmark rows of the RTL comparison (tests/rtl/compare.py): each row is a loop body
repeated `reps` times per iteration, timed per loop iteration (the loop's `addi` + `bnez`
included), or a single instruction between two cycle reads ("alone" rows). The scalar and vector
loops of ../shared/spec/karu64.md §4a come first, then fetch at byte 6 of a fetch word, vector
loads and stores across vl, and the vector crypto instructions across LMUL and vl (VLEN = 256)."""

BUF = "la a1, buf; mv t4, a1; sd t4, 0(a1)"
# vkeccak.vi v0, 0 (24 rounds): the encoding of ../shared/spec/zvknhk.md, and the RTL
# snapshot's own (rtl/karu_dec.v: the older full-permutation custom op, funct7 0x53 with
# rs1 = 17, rs2 = 24, no round-count immediate), same length and operand group
VK = ".insn r 0x77, 0x2, 0x53, x0, x18, x0"
VK_RTL = ".insn r 0x77, 0x2, 0x53, x0, x17, x24"


def vset(vl, vtype):
    """vl = min(vl, VLMAX); vl None means VLMAX."""
    if vl is None:
        return "vsetvli t5, zero, %s" % vtype
    return "li t5, %d; vsetvli zero, t5, %s" % (vl, vtype)


# (name, setup, body, reps, rvc, kind, group): kind "loop" (per iteration), "alone" (between two
# cycle reads), "own" (the body is the whole loop, counting down a5 and branching back); a body
# line with the comment "not executed" is jumped over (tests/rtl/compare.py counts instructions)
ROWS = []
FETCH = []      # the fetch-position rows: a program of their own (tests/rtl/compare.py)
HARNESS = []    # the calibration harnesses of spec §4 on the RTL's configuration: another program
_rows = ROWS


def row(name, setup, body, reps, rvc=False, kind="loop", group="scalar"):
    _rows.append((name, setup, body, reps, rvc, kind, group))


# §4a scalar loops
row("empty loop", "", [], 0)
row("100 x addi", "", ["addi t3, t3, 1"], 100)
row("100 x c.addi", "", ["c.addi t3, 1"], 100, rvc=True)
row("16 x lui", "", ["lui t3, 1"], 16)
row("16 x not-taken bnez", "", ["bnez zero, 1b"], 16)
row("16 x j next", "", ["j 2f", "2:"], 16)
row("16 x ld", BUF, ["ld t3, 0(a1)"], 16)
row("16 x ld pointer chase", BUF, ["ld t4, 0(t4)"], 16)
row("16 x (ld; add)", BUF, ["ld t3, 0(a1)", "add t5, t5, t3"], 16)
row("16 x sd", BUF, ["sd t3, 8(a1)"], 16)
row("16 x (ld; addi; sd)", BUF, ["ld t3, 16(a1)", "addi t3, t3, 1", "sd t3, 16(a1)"], 16)
row("16 x (sd; ld same)", BUF, ["sd t3, 24(a1)", "ld t3, 24(a1)"], 16)
for op in ("mul", "mulhu", "div", "divu", "rem", "divw"):
    row("16 x " + op, "li t3, 7", ["%s t4, t3, t3" % op], 16)
row("16 x vsetvli", vset(None, "e64, m1, ta, ma"), ["vsetvli zero, zero, e64, m1, ta, ma"], 16)

# fetch at byte 6 of an 8-byte fetch word (each body repetition is one aligned 8-byte word)
row("16 x (c.addi; c.addi; addi): 16-bit at bytes 0, 2", "", ["c.addi t3, 1", "c.addi t3, 1", "addi t3, t3, 1"], 16, rvc=True)
row("16 x (addi; c.addi; c.addi): 16-bit at bytes 4, 6", "", ["addi t3, t3, 1", "c.addi t3, 1", "c.addi t3, 1"], 16, rvc=True)
row("16 x (c.addi; addi; c.addi): 16-bit at bytes 0, 6", "", ["c.addi t3, 1", "addi t3, t3, 1", "c.addi t3, 1"], 16, rvc=True)
row("taken c.bnez at byte 2 (c.addi; c.bnez)", "", ["c.addi a5, -1", "c.bnez a5, 1b"], 1, rvc=True, kind="own")
row("taken c.bnez at byte 4 (addi; c.bnez)", "", ["addi a5, a5, -1", "c.bnez a5, 1b"], 1, rvc=True, kind="own")
row("taken c.bnez at byte 6 (c.nop; addi; c.bnez)", "", ["c.nop", "addi a5, a5, -1", "c.bnez a5, 1b"], 1, rvc=True, kind="own")
row("taken bnez at byte 4 (addi; bnez)", "", ["addi a5, a5, -1", "bnez a5, 1b"], 1, kind="own")
row("taken bnez at byte 6 (c.nop; addi; bnez)", "", ["c.nop", "addi a5, a5, -1", "bnez a5, 1b"], 1, rvc=True, kind="own")

# §4a vector rows and element-wise arithmetic across vl
V = "vector"
row("16 x vadd.vv e64 m1", vset(None, "e64, m1, tu, mu"), ["vadd.vv v1, v2, v3"], 16, group=V)
row("16 x vadd.vv e8 m1", vset(None, "e8, m1, tu, mu"), ["vadd.vv v1, v2, v3"], 16, group=V)
row("16 x vmul.vv e64 m1", vset(None, "e64, m1, tu, mu"), ["vmul.vv v1, v2, v3"], 16, group=V)
for vl in (32, 21, 8, 1):
    row("4 x vadd.vv e64 m8 vl=%d" % vl, vset(vl, "e64, m8, tu, mu"), ["vadd.vv v8, v16, v24"], 4, group=V)
row("4 x vxor.vv e64 m8 vl=21", vset(21, "e64, m8, tu, mu"), ["vxor.vv v0, v0, v8"], 4, group=V)
row("16 x vrgather.vv e64 m1", vset(None, "e64, m1, tu, mu") + "; vmv.v.i v3, 0", ["vrgather.vv v1, v2, v3"], 16, group=V)
row("16 x vrgather.vv e8 m1", vset(None, "e8, m1, tu, mu") + "; vmv.v.i v3, 0", ["vrgather.vv v1, v2, v3"], 16, group=V)
row("16 x vslideup.vi", vset(None, "e64, m1, tu, mu"), ["vslideup.vi v1, v2, 1"], 16, group=V)
row("16 x vredsum.vs", vset(None, "e64, m1, tu, mu"), ["vredsum.vs v1, v2, v3"], 16, group=V)
row("16 x vmv.v.x", vset(None, "e64, m1, tu, mu"), ["vmv.v.x v1, t3"], 16, group=V)
row("16 x vmv.x.s", vset(None, "e64, m1, tu, mu"), ["vmv.x.s t3, v1"], 16, group=V)

# vector loads and stores across vl (e64; a granule is two elements)
M = "vmem"
for vl in (1, 2, 3, 4):
    row("16 x vle64.v m1 vl=%d" % vl, vset(vl, "e64, m1, tu, mu") + "; la a1, buf", ["vle64.v v1, (a1)"], 16, group=M)
    row("16 x vse64.v m1 vl=%d" % vl, vset(vl, "e64, m1, tu, mu") + "; la a1, buf", ["vse64.v v1, (a1)"], 16, group=M)
for vl in (1, 2, 4, 5, 8, 9, 16, 21, 24, 25, 32):
    row("4 x vle64.v m8 vl=%d" % vl, vset(vl, "e64, m8, tu, mu") + "; la a1, buf", ["vle64.v v8, (a1)"], 4, group=M)
    row("4 x vse64.v m8 vl=%d" % vl, vset(vl, "e64, m8, tu, mu") + "; la a1, buf", ["vse64.v v8, (a1)"], 4, group=M)
row("4 x vle64.v m8 vl=21 + vxor.vv (absorb step, no vkeccak)", vset(21, "e64, m8, tu, mu") + "; la a1, buf",
    ["vle64.v v8, (a1)", "vxor.vv v0, v0, v8"], 4, group=M)

# Keccak (vkeccak.vi, 24 and 12 rounds)
K = "keccak"
row("vkeccak.vi alone", vset(None, "e64, m1, tu, mu"), ["VKECCAK"], 1, kind="alone", group=K)
row("16 x vkeccak.vi", vset(None, "e64, m1, tu, mu"), ["VKECCAK"], 16, group=K)
row("empty region (two cycle reads)", "", [], 0, kind="alone", group=K)

# vector crypto: 4 instructions per iteration, vd = v8, vs2 = v16, vs1 = v24
C = "crypto"
LM = {1: "m1", 2: "m2", 4: "m4"}


def crypto(ins, sew, lmuls_vls, reps=4):
    for lmul, vls in lmuls_vls:
        for vl in vls:
            row("%d x %s e%d %s vl=%d" % (reps, ins.split()[0], sew, LM[lmul], vl),
                vset(vl, "e%d, %s, tu, mu" % (sew, LM[lmul])), [ins], reps, group=C)


crypto("vaesem.vv v8, v16", 32, [(1, (0, 4, 8)), (2, (4, 8, 16)), (4, (4, 16, 32))])
crypto("vaesem.vs v8, v16", 32, [(1, (8,)), (4, (4, 32))])
crypto("vaesdm.vv v8, v16", 32, [(1, (8,))])
crypto("vaesef.vv v8, v16", 32, [(1, (8,))])
crypto("vaesz.vs v8, v16", 32, [(1, (8,))])
crypto("vaeskf1.vi v8, v16, 1", 32, [(1, (4, 8)), (4, (32,))])
crypto("vaeskf2.vi v8, v16, 2", 32, [(1, (8,))])
crypto("vghsh.vv v8, v16, v24", 32, [(1, (4, 8)), (2, (16,)), (4, (4, 32))])
crypto("vgmul.vv v8, v16", 32, [(1, (4, 8)), (4, (32,))])
crypto("vsha2ch.vv v8, v16, v24", 32, [(1, (4, 8)), (4, (32,))])
crypto("vsha2cl.vv v8, v16, v24", 32, [(1, (4, 8))])
crypto("vsha2ms.vv v8, v16, v24", 32, [(1, (4, 8))])
crypto("vsha2ch.vv v8, v16, v24", 64, [(1, (4,)), (2, (4, 8)), (4, (16,))])
crypto("vsha2cl.vv v8, v16, v24", 64, [(2, (8,))])
crypto("vsha2ms.vv v8, v16, v24", 64, [(2, (4, 8))])
crypto("vsm4r.vv v8, v16", 32, [(1, (4, 8)), (4, (32,))])
crypto("vsm4r.vs v8, v16", 32, [(1, (8,))])
crypto("vsm4k.vi v8, v16, 1", 32, [(1, (8,))])
crypto("vsm3c.vi v8, v16, 1", 32, [(1, (8,)), (2, (16,)), (4, (32,))])
crypto("vsm3me.vv v8, v16, v24", 32, [(1, (8,))])
crypto("vandn.vx v8, v16, t3", 64, [(1, (4,))])
crypto("vror.vi v8, v16, 3", 64, [(1, (4,))])
crypto("vrev8.v v8, v16", 64, [(1, (4,))])
for ins, sew, lmul, vl in (("vaesem.vv v8, v16", 32, "m4", 32), ("vghsh.vv v8, v16, v24", 32, "m1", 4),
                           ("vsha2ch.vv v8, v16, v24", 32, "m1", 4), ("vsha2ch.vv v8, v16, v24", 64, "m2", 4)):
    row("%s e%d %s vl=%d alone" % (ins.split()[0], sew, lmul, vl), vset(vl, "e%d, %s, tu, mu" % (sew, lmul)),
        [ins], 1, kind="alone", group=C)


# Where compiled compressed code meets the fetch word: a load, store or 32-bit instruction next to
# a 16-bit one at byte 6, each body repetition one aligned 8-byte word (straight-line code)
_rows = FETCH
for a, b, c in (("addi t3, t3, 1", "c.ld a2, 0(a1)", "c.addi a3, 1"),
                ("addi t3, t3, 1", "c.sd a2, 8(a1)", "c.addi a3, 1"),
                ("c.addi a3, 1", "addi t3, t3, 1", "c.addi a4, 1"),
                ("c.addi a3, 1", "c.ld a2, 0(a1)", "addi t3, t3, 1"),
                ("c.addi a3, 1", "c.sd a2, 8(a1)", "addi t3, t3, 1"),
                ("addi t3, t3, 1", "c.addi a3, 1", "c.ld a2, 0(a1)"),
                ("addi t3, t3, 1", "c.addi a3, 1", "c.sd a2, 8(a1)"),
                ("ld a2, 0(a1)", "c.addi a3, 1", "c.addi a4, 1"),
                ("c.addi a3, 1", "ld a2, 0(a1)", "c.addi a4, 1"),
                ("c.addi a3, 1", "c.addi a4, 1", "ld a2, 0(a1)"),
                ("c.ld a2, 0(a1)", "c.addi a3, 1", "addi t3, t3, 1"),
                ("c.ld a2, 0(a1)", "c.ld a3, 8(a1)", "ld a4, 16(a1)")):
    row("16 x (%s; %s; %s)" % (a, b, c), BUF, [a, b, c], 16)
# the same patterns with a 32-bit instruction starting at byte 6 and crossing into the next word
for a, b, c in (("addi t3, t3, 1", "c.addi a3, 1", "addi t3, t3, 1"),
                ("addi t3, t3, 1", "c.ld a2, 0(a1)", "addi t3, t3, 1"),
                ("addi t3, t3, 1", "c.addi a3, 1", "ld a2, 0(a1)"),
                ("addi t3, t3, 1", "c.addi a3, 1", "sd a2, 8(a1)")):
    row("16 x (%s; %s; %s; c.nop)" % (a, b, c), BUF, [a, b, c, "c.nop"], 16)
# branch targets at byte 6 and taken branches after a 16-bit instruction at byte 6
row("taken bnez to a target at byte 6 (3: addi at byte 6; c.nop; bnez 3b)", "",
    ["c.nop # not executed in the loop", "c.nop # not executed in the loop", "c.nop # not executed in the loop",
     "3:", "addi a5, a5, -1", "c.nop", "bnez a5, 3b"], 1, kind="own")
row("16 x (j to a c.nop at byte 6)", "", ["j 2f", "c.nop # not executed", "2:", "c.nop"], 16)
# The harnesses of the §4 calibration points, as the spec describes them, on the RTL's own
# configuration: 16 SHAKE128 absorb steps written out between two cycle reads (168-byte blocks),
# 16 vkeccak.vi written out, and the load-permute-store loop (rolled, vl = 25)
_rows = HARNESS
row("16 absorb steps (vle64.v m8 vl=21; vxor.vv; vkeccak.vi; c.add) written out",
    vset(21, "e64, m8, tu, mu") + "; la a1, buf; li a2, 168", ["vle64.v v8, (a1)", "vxor.vv v0, v0, v8", "VKECCAK",
                                                                "c.add a1, a2"], 16, kind="alone", group="keccak")
row("16 x vkeccak.vi written out", vset(None, "e64, m1, tu, mu"), ["VKECCAK"], 16, kind="alone", group="keccak")
row("load-permute-store loop (vle64.v m8 vl=25; vkeccak.vi; vse64.v)", vset(25, "e64, m8, tu, mu") + "; la a1, buf",
    ["vle64.v v0, (a1)", "VKECCAK", "vse64.v v0, (a1)"], 1, group="keccak")
_rows = ROWS


def assembly(rtl_encoding=False, rows=None):
    """rows.S: one function per row. Loop rows: uint64 row(n) runs n iterations and returns
    cycles in a0 and retired instructions in a1; alone rows ignore n. rtl_encoding: vkeccak.vi
    in the RTL snapshot's encoding."""
    vk = VK_RTL if rtl_encoding else VK
    rows = ROWS if rows is None else rows
    out = ["# generated by tests/rtl/rows.py", "\t.text", "\t.option norvc", "\t.option norelax"]
    for i, (name, setup, body, reps, rvc, kind, _) in enumerate(rows):
        out += ["\t.globl row%d" % i, "\t.balign 8", "row%d:" % i]
        out += ["\t" + s.strip() for s in setup.split(";") if s.strip()]
        out += ["\tmv t2, a0", "\tmv a5, a0", "\t.balign 8", "\tcsrr t0, cycle", "\tcsrr t6, instret"]
        if kind != "alone":
            out += ["\t.balign 8", "1:"]
        for _ in range(reps):
            # only the explicit c. instructions are compressed
            out += ["\t.option rvc\n\t%s\n\t.option norvc" % b if b.startswith("c.") else "\t" + b.replace("VKECCAK", vk)
                    for b in body]
        if kind == "loop":
            out += ["\taddi t2, t2, -1", "\tbnez t2, 1b"]
        out += ["\tcsrr t1, cycle", "\tcsrr a1, instret", "\tsub a0, t1, t0", "\tsub a1, a1, t6", "\tret"]
    out += ["\t.section .rodata"]
    for i, r in enumerate(rows):
        out.append("n%d: .asciz \"%s\"" % (i, key(r[0])))
    out += ["\t.balign 8", "\t.globl rows", "rows:"]
    for i, r in enumerate(rows):
        out.append("\t.dword n%d, row%d, %d" % (i, i, 1 if r[5] == "alone" else 0))
    out += ["\t.globl nrows", "nrows: .word %d" % len(rows)]
    out += ["\t.bss", "\t.balign 4096", "\t.globl buf", "buf: .space 8192"]
    return "\n".join(out) + "\n"


def key(name):
    """The row's name as printed by the program: one word."""
    return "".join(c if c.isalnum() or c in "._=" else "_" for c in name)
