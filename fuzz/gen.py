#!/usr/bin/env python3
"""Random valid gspmd programs for differential fuzzing.

`gen.py SEED [INDEX]` prints one program; `generate(seed, index)` returns a
Program, which the driver renders, runs and shrinks.  Deterministic: the same
(seed, index) gives the same program on every machine (Python's own PRNG,
seeded from the pair; no hash randomisation involved).

A program is one mesh, a `@main` whose arguments carry random shardings, a
straight list of ops and a return.  Every op defines one tensor value and
names its operands through `$0`, `$1`, ... in its text (`$r` is its result,
`$p` a prefix unique to the op for internal names), so the shrinker can drop
any op by turning its result into a fresh argument of the same type: every
shrunk program stays valid.  Ops with regions (scf, linalg bodies) and
callees (func.call: the callee travels with its op) are one op each.

Families (the op knowledge of lib/Rules and test/E2E): elementwise arith /
math of every dtype, casts, splat and dense constants; contractions (matmul,
batch_matmul, matvec, generic einsums); convolutions (1-D, 2-D NHWC / NCHW,
depthwise, grouped) with strides, dilations and pads; poolings; stencil
generics; reductions; softmax; layernorm; tensor slices (strided,
rank-reducing), insert_slice, pad, concat, expand / collapse, transpose,
broadcast; scf.for / if / while; func.call; tosa; sharding constraints and
op annotations.  Shapes stay small (a few hundred elements) so that a run
takes about a second.
"""
import random
import sys

FLOATS = ["f32", "f64", "f16", "bf16"]
INTS = ["i32", "i64", "i8"]


def ty(shape, dt):
    if not shape:
        return "tensor<%s>" % dt
    return "tensor<%sx%s>" % ("x".join(str(d) for d in shape), dt)


class Val:
    def __init__(self, name, shape, dt):
        self.name, self.shape, self.dt = name, tuple(shape), dt

    @property
    def t(self):
        return ty(self.shape, self.dt)


class Op:
    """One op: `text` with $0.. for operands, $r result, $p prefix;
    `extra` is module-level text (a callee) that goes with it."""

    def __init__(self, family, res, operands, text, extra="", ann=None):
        self.family, self.res, self.operands = family, res, list(operands)
        self.text, self.extra, self.ann = text, extra, ann


class Program:
    def __init__(self, axes):
        self.axes = axes  # [(name, size)]
        self.args = []  # [(Val, sharding text or None)]
        self.ops = []
        self.rets = []  # [(Val, sharding text or None)]

    @property
    def devices(self):
        n = 1
        for _, s in self.axes:
            n *= s
        return n

    def families(self):
        return sorted({o.family for o in self.ops})

    def render(self, header=""):
        out = [header] if header else []
        out.append("gspmd.mesh @m [%s]" %
                   ", ".join('"%s"=%d' % a for a in self.axes))
        for i, o in enumerate(self.ops):
            if o.extra:
                out.append(o.extra.replace("@$p", "@p%d" % i))
        args = []
        for v, s in self.args:
            a = "%%%s: %s" % (v.name, v.t)
            if s:
                a += " {gspmd.sharding = %s}" % s
            args.append(a)
        rets = []
        for v, s in self.rets:
            rets.append(v.t + (" {gspmd.sharding = %s}" % s if s else ""))
        out.append("func.func @main(%s)\n    -> (%s) {" %
                   (",\n    ".join(args), ", ".join(rets)))
        for i, o in enumerate(self.ops):
            text = o.text
            for k in range(len(o.operands) - 1, -1, -1):
                text = text.replace("$%d" % k, "%" + o.operands[k])
            text = text.replace("$r", "%" + o.res.name).replace(
                "@$p", "@p%d" % i).replace("$p", "%%p%d" % i)
            out.append("  " + text.replace("\n", "\n  "))
        out.append("  return %s : %s" %
                   (", ".join("%" + v.name for v, _ in self.rets),
                    ", ".join(v.t for v, _ in self.rets)))
        out.append("}")
        return "\n".join(out) + "\n"


class Gen:
    def __init__(self, seed, index, families=None):
        self.r = random.Random("gspmd-fuzz/%d/%d" % (seed, index))
        self.nval = 0
        self.families = families
        r = self.r
        # A mesh of 1 to 3 axes and 1 to 8 devices.
        while True:
            n = r.choice([1, 1, 2, 2, 2, 3])
            sizes = [r.choice([1, 2, 2, 2, 3, 4, 4]) for _ in range(n)]
            p = 1
            for s in sizes:
                p *= s
            if p <= 8:
                break
        self.p = Program([(("a", "b", "c")[i], s) for i, s in enumerate(sizes)])
        self.vals = []  # values ops may use

    # -- shardings --------------------------------------------------------
    def sharding(self, shape, allow_none=False):
        r = self.r
        if allow_none and r.random() < 0.3:
            return None
        if not shape:
            return "#gspmd.replicated"
        dims = [[] for _ in shape]
        for name, size in self.p.axes:
            if r.random() < 0.7:
                dims[r.randrange(len(shape))].append(name)
        for d in dims:
            r.shuffle(d)
        return self.sharding_text(dims)

    def sharding_text(self, dims):
        used = {a for d in dims for a in d}
        big = {n for n, s in self.p.axes if s > 1}
        if big <= used:
            kind = "tiled"
        elif not used:
            return "#gspmd.replicated"
        else:
            kind = "partially_tiled"
        return "#gspmd.%s<@m, [%s]>" % (kind, ", ".join(
            "[%s]" % ", ".join('"%s"' % a for a in d) for d in dims))

    # -- values -----------------------------------------------------------
    def fresh(self, shape, dt):
        self.nval += 1
        return Val("v%d" % self.nval, shape, dt)

    def arg(self, shape, dt):
        v = self.fresh(shape, dt)
        self.p.args.append((v, self.sharding(shape)))
        self.vals.append(v)
        return v

    def get(self, shape, dt, reuse=0.6):
        """A value of exactly this type: an earlier one or a new argument."""
        c = [v for v in self.vals if v.shape == tuple(shape) and v.dt == dt]
        if c and self.r.random() < reuse:
            return self.r.choice(c)
        return self.arg(shape, dt)

    def any_val(self, dts, min_rank=1, max_rank=3, reuse=0.7):
        c = [v for v in self.vals if v.dt in dts and
             min_rank <= len(v.shape) <= max_rank]
        if c and self.r.random() < reuse:
            return self.r.choice(c)
        return self.arg(self.shape(min_rank, max_rank), self.r.choice(dts))

    def shape(self, min_rank=1, max_rank=3):
        r = self.r
        rank = r.randint(min_rank, max_rank)
        limit = {0: 1, 1: 16, 2: 10, 3: 6, 4: 5}[rank]
        return tuple(r.choice([1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 16][:max(2, limit)])
                     if r.random() < 0.9 else r.randint(1, limit)
                     for _ in range(rank))

    def emit(self, family, shape, dt, operands, text, extra="", ann=None):
        res = self.fresh(shape, dt)
        self.p.ops.append(Op(family, res, [v.name for v in operands], text,
                             extra, ann))
        self.vals.append(res)
        return res

    def ann(self, shape):
        """Sometimes an op-result annotation (attribute text), else ''."""
        if self.r.random() < 0.15:
            return " {gspmd.sharding = [%s]}" % self.sharding(shape)
        return ""

    # -- families ---------------------------------------------------------
    def fam_ew_float(self):
        r = self.r
        a = self.any_val(FLOATS)
        t = a.t
        kind = r.random()
        if kind < 0.45:
            op = r.choice(["math.tanh", "math.absf", "arith.negf", "math.sin",
                           "math.cos", "math.floor", "math.exp", "math.ceil"])
            if op == "math.exp":  # bounded argument
                return self.emit("ew-float", a.shape, a.dt, [a],
                                 "$p_t = math.tanh $0 : %s\n$r = math.exp $p_t%s : %s"
                                 % (t, self.ann(a.shape), t))
            return self.emit("ew-float", a.shape, a.dt, [a],
                             "$r = %s $0%s : %s" % (op, self.ann(a.shape), t))
        b = self.get(a.shape, a.dt)
        if kind < 0.55:
            # log / sqrt / divf on a positive value
            op = r.choice(["math.log", "math.sqrt", "math.rsqrt", "arith.divf"])
            pre = ("$p_a = math.absf $1 : {t}\n"
                   "$p_c = arith.constant dense<1.0> : {t}\n"
                   "$p_d = arith.addf $p_a, $p_c : {t}\n").format(t=t)
            if op == "arith.divf":
                return self.emit("ew-float", a.shape, a.dt, [a, b],
                                 pre + "$r = arith.divf $0, $p_d : %s" % t)
            return self.emit("ew-float", a.shape, a.dt, [a, b],
                             pre + "$r = %s $p_d : %s" % (op, t))
        op = r.choice(["arith.addf", "arith.subf", "arith.mulf",
                       "arith.maximumf", "arith.minimumf", "arith.maxnumf",
                       "arith.minnumf"])
        return self.emit("ew-float", a.shape, a.dt, [a, b],
                         "$r = %s $0, $1%s : %s" % (op, self.ann(a.shape), t))

    def fam_ew_int(self):
        r = self.r
        dt = r.choice(INTS + ["i1"])
        a = self.any_val([dt])
        b = self.get(a.shape, dt)
        t = a.t
        if dt == "i1":
            op = r.choice(["arith.andi", "arith.ori", "arith.xori"])
            return self.emit("ew-int", a.shape, dt, [a, b],
                             "$r = %s $0, $1 : %s" % (op, t))
        if r.random() < 0.3:
            pred = r.choice(["slt", "sle", "eq", "ne", "sgt", "uge"])
            return self.emit("ew-int", a.shape, dt, [a, b],
                             "$p_c = arith.cmpi %s, $0, $1 : %s\n"
                             "$r = arith.select $p_c, $0, $1 : %s, %s"
                             % (pred, t, ty(a.shape, "i1"), t))
        op = r.choice(["arith.addi", "arith.subi", "arith.muli", "arith.maxsi",
                       "arith.minsi", "arith.andi", "arith.ori", "arith.xori"])
        return self.emit("ew-int", a.shape, dt, [a, b],
                         "$r = %s $0, $1%s : %s" % (op, self.ann(a.shape), t))

    def fam_cast(self):
        r = self.r
        k = r.randrange(6)
        if k == 0:
            a = self.any_val(["f32"])
            dt = r.choice(["f64", "f16", "bf16"])
            op = "arith.extf" if dt == "f64" else "arith.truncf"
            return self.emit("cast", a.shape, dt, [a],
                             "$r = %s $0 : %s to %s" % (op, a.t, ty(a.shape, dt)))
        if k == 1:
            a = self.any_val(["f64", "f16", "bf16"])
            op = "arith.truncf" if a.dt == "f64" else "arith.extf"
            return self.emit("cast", a.shape, "f32", [a],
                             "$r = %s $0 : %s to %s" % (op, a.t, ty(a.shape, "f32")))
        if k == 2:
            a = self.any_val(["i32", "i8", "i64"])
            return self.emit("cast", a.shape, "f32", [a],
                             "$r = arith.sitofp $0 : %s to %s" % (a.t, ty(a.shape, "f32")))
        if k == 3:
            a = self.any_val(["f32"])
            return self.emit("cast", a.shape, "i32", [a],
                             "$p_k = arith.constant dense<8.0> : %s\n"
                             "$p_m = arith.mulf $0, $p_k : %s\n"
                             "$r = arith.fptosi $p_m : %s to %s"
                             % (a.t, a.t, a.t, ty(a.shape, "i32")))
        if k == 4:
            a = self.any_val(["i8"])
            return self.emit("cast", a.shape, "i32", [a],
                             "$r = arith.extsi $0 : %s to %s" % (a.t, ty(a.shape, "i32")))
        a = self.any_val(["f32"])
        b = self.get(a.shape, "f32")
        return self.emit("cast", a.shape, "f32", [a, b],
                         "$p_c = arith.cmpf olt, $0, $1 : %s\n"
                         "$r = arith.select $p_c, $0, $1 : %s, %s"
                         % (a.t, ty(a.shape, "i1"), a.t))

    def fam_const(self):
        r = self.r
        a = self.any_val(["f32", "i32"])
        if r.random() < 0.5 or len(a.shape) == 0:
            c = "dense<%s> : %s" % ("1.5" if a.dt == "f32" else "3", a.t)
        else:
            n = 1
            for d in a.shape:
                n *= d
            vals = [str(r.randint(-4, 4)) + (".5" if a.dt == "f32" else "")
                    for _ in range(n)]
            c = "dense<[%s]> : tensor<%s>" % (", ".join(vals), "%dx%s" % (n, a.dt))
            # reshape the flat dense literal only when rank 1, else splat
            if len(a.shape) != 1:
                c = "dense<%s> : %s" % ("-0.5" if a.dt == "f32" else "-2", a.t)
        op = "arith.addf" if a.dt == "f32" else "arith.addi"
        return self.emit("const", a.shape, a.dt, [a],
                         "$p_c = arith.constant %s\n$r = %s $0, $p_c : %s"
                         % (c, op, a.t))

    def fill(self, shape, dt, value="0.0"):
        return ("$p_e = tensor.empty() : {t}\n$p_z = arith.constant {v} : {dt}\n"
                "$p_f = linalg.fill ins($p_z : {dt}) outs($p_e : {t}) -> {t}\n"
                ).format(t=ty(shape, dt), v=value, dt=dt)

    def fam_contraction(self):
        r = self.r
        dt = r.choice(["f32", "f32", "f64"])
        k = r.randrange(5)
        sz = lambda: r.choice([1, 2, 3, 4, 5, 6, 8, 9])
        if k == 0:
            m, kk, n = sz(), sz(), sz()
            a, b = self.get((m, kk), dt), self.get((kk, n), dt)
            return self.emit("contraction", (m, n), dt, [a, b], self.fill((m, n), dt) +
                             "$r = linalg.matmul ins($0, $1 : %s, %s) outs($p_f : %s) -> %s"
                             % (a.t, b.t, ty((m, n), dt), ty((m, n), dt)))
        if k == 1:
            bb, m, kk, n = sz(), sz(), sz(), sz()
            a, b = self.get((bb, m, kk), dt), self.get((bb, kk, n), dt)
            o = ty((bb, m, n), dt)
            return self.emit("contraction", (bb, m, n), dt, [a, b], self.fill((bb, m, n), dt) +
                             "$r = linalg.batch_matmul ins($0, $1 : %s, %s) outs($p_f : %s) -> %s"
                             % (a.t, b.t, o, o))
        if k == 2:
            m, kk = sz(), sz()
            a, b = self.get((m, kk), dt), self.get((kk,), dt)
            return self.emit("contraction", (m,), dt, [a, b], self.fill((m,), dt) +
                             "$r = linalg.matvec ins($0, $1 : %s, %s) outs($p_f : %s) -> %s"
                             % (a.t, b.t, ty((m,), dt), ty((m,), dt)))
        # generic einsum over 3 or 4 loops, operands with permuted dims
        nl = r.choice([3, 4])
        sizes = [sz() for _ in range(nl)]
        loops = ["d%d" % i for i in range(nl)]
        red = r.sample(range(nl), r.choice([1, 1, 2]) if nl == 4 else 1)
        par = [i for i in range(nl) if i not in red]
        def pick(must):
            s = set(must) | {i for i in range(nl) if r.random() < 0.5}
            s = list(s)
            r.shuffle(s)
            return s
        da = pick(red)
        db = pick(red + [i for i in par if i not in da])
        dout = list(par)
        r.shuffle(dout)
        a = self.get(tuple(sizes[i] for i in da), dt)
        b = self.get(tuple(sizes[i] for i in db), dt)
        oshape = tuple(sizes[i] for i in dout)
        mp = lambda ds: "affine_map<(%s) -> (%s)>" % (", ".join(loops), ", ".join(loops[i] for i in ds))
        its = ", ".join('"reduction"' if i in red else '"parallel"' for i in range(nl))
        o = ty(oshape, dt)
        add, mul = ("arith.addf", "arith.mulf")
        return self.emit("contraction-generic", oshape, dt, [a, b], self.fill(oshape, dt) +
                         "$r = linalg.generic {indexing_maps = [%s, %s, %s], iterator_types = [%s]}\n"
                         "    ins($0, $1 : %s, %s) outs($p_f : %s) {\n"
                         "^bb0(%%x: %s, %%y: %s, %%acc: %s):\n"
                         "  %%m = %s %%x, %%y : %s\n  %%s = %s %%acc, %%m : %s\n"
                         "  linalg.yield %%s : %s\n} -> %s"
                         % (mp(da), mp(db), mp(dout), its, a.t, b.t, o,
                            dt, dt, dt, mul, dt, add, dt, dt, o))

    def conv_in(self, out, k, s, d):
        return (out - 1) * s + (k - 1) * d + 1 + self.r.randrange(s)

    def fam_conv(self):
        r = self.r
        kind = r.choice(["nhwc_hwcf", "nhwc_hwcf", "1d", "nchw_fchw", "depthwise",
                         "ngchw_gfchw", "pad"])
        s = [r.choice([1, 1, 2]) for _ in range(2)]
        d = [r.choice([1, 1, 2]) for _ in range(2)]
        kh, kw = r.choice([1, 2, 3]), r.choice([1, 2, 3])
        oh, ow = r.randint(1, 5), r.randint(1, 5)
        ih, iw = self.conv_in(oh, kh, s[0], d[0]), self.conv_in(ow, kw, s[1], d[1])
        n, c, f = r.randint(1, 3), r.randint(1, 4), r.randint(1, 4)
        attrs = ("{dilations = dense<[%d, %d]> : tensor<2xi64>, strides = dense<[%d, %d]> : tensor<2xi64>}"
                 % (d[0], d[1], s[0], s[1]))
        dt = "f32"
        if kind == "1d":
            attrs = ("{dilations = dense<%d> : tensor<1xi64>, strides = dense<%d> : tensor<1xi64>}"
                     % (d[0], s[0]))
            x, w = self.get((n, ih, c), dt), self.get((kh, c, f), dt)
            o = (n, oh, f)
            name = "conv_1d_nwc_wcf"
        elif kind == "nchw_fchw":
            x, w = self.get((n, c, ih, iw), dt), self.get((f, c, kh, kw), dt)
            o = (n, f, oh, ow)
            name = "conv_2d_nchw_fchw"
        elif kind == "depthwise":
            x, w = self.get((n, ih, iw, c), dt), self.get((kh, kw, c), dt)
            o = (n, oh, ow, c)
            name = "depthwise_conv_2d_nhwc_hwc"
        elif kind == "ngchw_gfchw":
            g = r.randint(1, 3)
            x, w = self.get((n, g, c, ih, iw), dt), self.get((g, f, c, kh, kw), dt)
            o = (n, g, f, oh, ow)
            name = "conv_2d_ngchw_gfchw"
        elif kind == "pad":
            # "same"-style padding: tensor.pad of the input, then the conv
            pl, ph = r.randint(0, 2), r.randint(0, 2)
            x0 = self.get((n, ih - pl - ph if ih - pl - ph > 0 else ih, iw, c), dt)
            if ih - pl - ph <= 0:
                pl = ph = 0
            w = self.get((kh, kw, c, f), dt)
            o = (n, oh, ow, f)
            ot = ty(o, dt)
            return self.emit("conv", o, dt, [x0, w],
                             "$p_pv = arith.constant 0.0 : f32\n"
                             "$p_x = tensor.pad $0 low[0, %d, 0, 0] high[0, %d, 0, 0] {\n"
                             "^bb0(%%i0: index, %%i1: index, %%i2: index, %%i3: index):\n"
                             "  tensor.yield $p_pv : f32\n} : %s to %s\n"
                             % (pl, ph, x0.t, ty((n, ih, iw, c), dt)) + self.fill(o, dt) +
                             "$r = linalg.conv_2d_nhwc_hwcf %s ins($p_x, $1 : %s, %s) outs($p_f : %s) -> %s"
                             % (attrs, ty((n, ih, iw, c), dt), w.t, ot, ot))
        else:
            x, w = self.get((n, ih, iw, c), dt), self.get((kh, kw, c, f), dt)
            o = (n, oh, ow, f)
            name = "conv_2d_nhwc_hwcf"
        ot = ty(o, dt)
        return self.emit("conv", o, dt, [x, w], self.fill(o, dt) +
                         "$r = linalg.%s %s ins($0, $1 : %s, %s) outs($p_f : %s) -> %s"
                         % (name, attrs, x.t, w.t, ot, ot))

    def fam_pool(self):
        r = self.r
        kind = r.choice(["max", "sum", "min"])
        s = [r.choice([1, 2]) for _ in range(2)]
        d = [r.choice([1, 1, 2]) for _ in range(2)]
        kh, kw = r.choice([1, 2, 3]), r.choice([1, 2])
        oh, ow = r.randint(1, 5), r.randint(1, 4)
        ih, iw = self.conv_in(oh, kh, s[0], d[0]), self.conv_in(ow, kw, s[1], d[1])
        n, c = r.randint(1, 2), r.randint(1, 5)
        x = self.get((n, ih, iw, c), "f32")
        o = (n, oh, ow, c)
        init = {"max": "0xFF800000", "min": "0x7F800000", "sum": "0.0"}[kind]
        ot = ty(o, "f32")
        return self.emit("pool", o, "f32", [x],
                         "$p_w = tensor.empty() : tensor<%dx%dxf32>\n" % (kh, kw) +
                         self.fill(o, "f32", init) +
                         "$r = linalg.pooling_nhwc_%s {dilations = dense<[%d, %d]> : tensor<2xi64>, "
                         "strides = dense<[%d, %d]> : tensor<2xi64>} ins($0, $p_w : %s, tensor<%dx%dxf32>) "
                         "outs($p_f : %s) -> %s"
                         % (kind, d[0], d[1], s[0], s[1], x.t, kh, kw, ot, ot))

    def fam_stencil(self):
        r = self.r
        rank = r.choice([1, 2])
        out = tuple(r.randint(1, 9) for _ in range(rank))
        halo = [r.randint(0, 3) for _ in range(rank)]
        strided = r.random() < 0.3
        st = [r.choice([1, 2]) if strided else 1 for _ in range(rank)]
        inp = tuple(st[i] * (out[i] - 1) + halo[i] + 1 for i in range(rank))
        x = self.get(inp, "f32")
        loops = ["d%d" % i for i in range(rank)]
        taps = []
        for _ in range(r.randint(2, 3)):
            # a pure `d0` tap would make linalg infer the loop range from the
            # input (out + halo): unit-stride taps start at 1 when halo > 0
            off = [r.randint(1 if st[i] == 1 and halo[i] else 0, halo[i])
                   for i in range(rank)]
            taps.append("affine_map<(%s) -> (%s)>" % (", ".join(loops), ", ".join(
                ("%d * %s" % (st[i], loops[i]) if st[i] > 1 else loops[i]) +
                (" + %d" % off[i] if off[i] else "") for i in range(rank))))
        idm = "affine_map<(%s) -> (%s)>" % (", ".join(loops), ", ".join(loops))
        ot = ty(out, "f32")
        body = "\n".join("  %%s%d = arith.addf %%%s, %%t%d : f32" % (i, "s%d" % (i - 1) if i else "t0", i + 1)
                         for i in range(len(taps) - 1))
        last = "%%s%d" % (len(taps) - 2)
        return self.emit("stencil", out, "f32", [x] * len(taps),
                         "$p_e = tensor.empty() : %s\n"
                         "$r = linalg.generic {indexing_maps = [%s, %s], iterator_types = [%s]}\n"
                         "    ins(%s : %s) outs($p_e : %s) {\n"
                         "^bb0(%s, %%o: f32):\n%s\n  linalg.yield %s : f32\n} -> %s"
                         % (ot, ", ".join(taps), idm, ", ".join(['"parallel"'] * rank),
                            ", ".join("$%d" % i for i in range(len(taps))),
                            ", ".join([x.t] * len(taps)), ot,
                            ", ".join("%%t%d: f32" % i for i in range(len(taps))),
                            body, last, ot))

    def fam_reduce(self):
        r = self.r
        dt = r.choice(["f32", "f32", "f64", "i32", "f16"])
        a = self.any_val([dt], 1, 3)
        rank = len(a.shape)
        dims = sorted(r.sample(range(rank), r.randint(1, rank)))
        oshape = tuple(a.shape[i] for i in range(rank) if i not in dims)
        if dt.startswith("i"):
            comb, init = r.choice([("arith.addi", "0"), ("arith.maxsi", "-128"),
                                   ("arith.minsi", "127")])
        else:
            comb, init = r.choice([("arith.addf", "0.0"), ("arith.maximumf", "-1.0e+04"),
                                   ("arith.minimumf", "1.0e+04"), ("arith.maxnumf", "-2.0"),
                                   ("arith.mulf", "1.0")])
            if dt == "f16" and comb == "arith.mulf":
                comb = "arith.addf"
        ot = ty(oshape, dt)
        return self.emit("reduce", oshape, dt, [a], self.fill(oshape, dt, init) +
                         "$r = linalg.reduce ins($0 : %s) outs($p_f : %s) dimensions = [%s]\n"
                         "  (%%in: %s, %%acc: %s) {\n    %%s = %s %%in, %%acc : %s\n"
                         "    linalg.yield %%s : %s\n  }"
                         % (a.t, ot, ", ".join(map(str, dims)), dt, dt, comb, dt, dt))

    def fam_softmax(self):
        a = self.any_val(["f32", "f32", "f64"], 1, 3)
        d = self.r.randrange(len(a.shape))
        return self.emit("softmax", a.shape, a.dt, [a],
                         "$p_e = tensor.empty() : %s\n"
                         "$r = linalg.softmax dimension(%d) ins($0 : %s) outs($p_e : %s) -> %s"
                         % (a.t, d, a.t, a.t, a.t))

    def fam_layernorm(self):
        r = self.r
        m, n = r.randint(1, 9), r.choice([2, 3, 4, 6, 8, 12])
        x = self.get((m, n), "f32")
        g = self.get((n,), "f32")
        t, rt = ty((m, n), "f32"), ty((m,), "f32")
        idm = "affine_map<(i, j) -> (i, j)>"
        row = "affine_map<(i, j) -> (i)>"
        col = "affine_map<(i, j) -> (j)>"
        inv = repr(1.0 / n)
        return self.emit("layernorm", (m, n), "f32", [x, g], (
            "$p_z = arith.constant 0.0 : f32\n$p_er = tensor.empty() : {rt}\n"
            "$p_i0 = linalg.fill ins($p_z : f32) outs($p_er : {rt}) -> {rt}\n"
            "$p_sum = linalg.reduce ins($0 : {t}) outs($p_i0 : {rt}) dimensions = [1]\n"
            "  (%in: f32, %acc: f32) {{\n    %s = arith.addf %in, %acc : f32\n    linalg.yield %s : f32\n  }}\n"
            "$p_e = tensor.empty() : {t}\n"
            "$p_xc = linalg.generic {{indexing_maps = [{idm}, {row}, {idm}], iterator_types = [\"parallel\", \"parallel\"]}}\n"
            "    ins($0, $p_sum : {t}, {rt}) outs($p_e : {t}) {{\n"
            "^bb0(%a: f32, %s: f32, %o: f32):\n  %k = arith.constant {inv} : f32\n"
            "  %mm = arith.mulf %s, %k : f32\n  %c = arith.subf %a, %mm : f32\n  linalg.yield %c : f32\n}} -> {t}\n"
            "$p_sq = arith.mulf $p_xc, $p_xc : {t}\n"
            "$p_i1 = linalg.fill ins($p_z : f32) outs($p_er : {rt}) -> {rt}\n"
            "$p_ss = linalg.reduce ins($p_sq : {t}) outs($p_i1 : {rt}) dimensions = [1]\n"
            "  (%in: f32, %acc: f32) {{\n    %s = arith.addf %in, %acc : f32\n    linalg.yield %s : f32\n  }}\n"
            "$r = linalg.generic {{indexing_maps = [{idm}, {row}, {col}, {idm}], iterator_types = [\"parallel\", \"parallel\"]}}\n"
            "    ins($p_xc, $p_ss, $1 : {t}, {rt}, {gt}) outs($p_e : {t}) {{\n"
            "^bb0(%c: f32, %s: f32, %gg: f32, %o: f32):\n  %k = arith.constant {inv} : f32\n"
            "  %eps = arith.constant 0.1 : f32\n  %v = arith.mulf %s, %k : f32\n"
            "  %ve = arith.addf %v, %eps : f32\n  %q = math.rsqrt %ve : f32\n"
            "  %nn = arith.mulf %c, %q : f32\n  %y = arith.mulf %nn, %gg : f32\n"
            "  linalg.yield %y : f32\n}} -> {t}").format(
                t=t, rt=rt, gt=g.t, idm=idm, row=row, col=col, inv=inv))

    def fam_slice(self):
        r = self.r
        a = self.any_val(["f32", "i32", "f64"], 1, 3)
        offs, sizes, strides = [], [], []
        for D in a.shape:
            st = r.choice([1, 1, 2, 3])
            sz = r.randint(1, max(1, (D - 1) // st + 1))
            off = r.randint(0, D - ((sz - 1) * st + 1))
            offs.append(off), sizes.append(sz), strides.append(st)
        drop = [i for i, s in enumerate(sizes) if s == 1 and r.random() < 0.6]
        oshape = tuple(s for i, s in enumerate(sizes) if i not in drop)
        if not oshape:
            oshape = ()
        return self.emit("slice", oshape, a.dt, [a],
                         "$r = tensor.extract_slice $0[%s] [%s] [%s] : %s to %s"
                         % (", ".join(map(str, offs)), ", ".join(map(str, sizes)),
                            ", ".join(map(str, strides)), a.t, ty(oshape, a.dt)))

    def fam_insert_slice(self):
        r = self.r
        d = self.any_val(["f32"], 1, 3)
        offs, sizes, strides = [], [], []
        for D in d.shape:
            st = r.choice([1, 1, 2])
            sz = r.randint(1, max(1, (D - 1) // st + 1))
            off = r.randint(0, D - ((sz - 1) * st + 1))
            offs.append(off), sizes.append(sz), strides.append(st)
        src = self.get(tuple(sizes), "f32")
        return self.emit("insert-slice", d.shape, "f32", [src, d],
                         "$r = tensor.insert_slice $0 into $1[%s] [%s] [%s] : %s into %s"
                         % (", ".join(map(str, offs)), ", ".join(map(str, sizes)),
                            ", ".join(map(str, strides)), src.t, d.t))

    def fam_pad(self):
        r = self.r
        a = self.any_val(["f32", "f32", "i32"], 1, 3)
        lo = [r.choice([0, 0, 1, 2, 3]) for _ in a.shape]
        hi = [r.choice([0, 0, 1, 2, 3]) for _ in a.shape]
        o = tuple(a.shape[i] + lo[i] + hi[i] for i in range(len(a.shape)))
        v = "2.5 : f32" if a.dt == "f32" else "7 : i32"
        return self.emit("pad", o, a.dt, [a],
                         "$p_v = arith.constant %s\n"
                         "$r = tensor.pad $0 low[%s] high[%s] {\n^bb0(%s):\n"
                         "  tensor.yield $p_v : %s\n} : %s to %s"
                         % (v, ", ".join(map(str, lo)), ", ".join(map(str, hi)),
                            ", ".join("%%i%d: index" % i for i in range(len(a.shape))),
                            a.dt, a.t, ty(o, a.dt)))

    def fam_concat(self):
        r = self.r
        a = self.any_val(["f32", "i32"], 1, 3)
        d = r.randrange(len(a.shape))
        bs = list(a.shape)
        bs[d] = r.randint(1, 7)
        b = self.get(tuple(bs), a.dt)
        o = list(a.shape)
        o[d] += bs[d]
        return self.emit("concat", tuple(o), a.dt, [a, b],
                         "$r = tensor.concat dim(%d) $0, $1 : (%s, %s) -> %s"
                         % (d, a.t, b.t, ty(o, a.dt)))

    def fam_reshape(self):
        r = self.r
        # expand one dim into two factors, or collapse two adjacent dims
        if r.random() < 0.5:
            a = self.any_val(["f32"], 1, 2)
            cands = [i for i, D in enumerate(a.shape) if D > 1 and any(D % f == 0 for f in range(2, D))]
            if not cands:
                a = self.arg((r.choice([4, 6, 8, 12]),) * r.randint(1, 2), "f32")
                cands = list(range(len(a.shape)))
            i = r.choice(cands)
            D = a.shape[i]
            f = r.choice([f for f in range(2, D) if D % f == 0])
            o = a.shape[:i] + (f, D // f) + a.shape[i + 1:]
            assoc, k = [], 0
            for j in range(len(a.shape)):
                if j == i:
                    assoc.append([k, k + 1]), 
                    k += 2
                else:
                    assoc.append([k])
                    k += 1
            return self.emit("reshape", o, "f32", [a],
                             "$r = tensor.expand_shape $0 %s output_shape [%s] : %s into %s"
                             % (str(assoc), ", ".join(map(str, o)), a.t, ty(o, "f32")))
        a = self.any_val(["f32"], 2, 3)
        i = r.randrange(len(a.shape) - 1)
        o = a.shape[:i] + (a.shape[i] * a.shape[i + 1],) + a.shape[i + 2:]
        assoc, j = [], 0
        while j < len(a.shape):
            if j == i:
                assoc.append([j, j + 1])
                j += 2
            else:
                assoc.append([j])
                j += 1
        return self.emit("reshape", o, "f32", [a],
                         "$r = tensor.collapse_shape $0 %s : %s into %s"
                         % (str(assoc), a.t, ty(o, "f32")))

    def fam_transpose(self):
        r = self.r
        a = self.any_val(["f32", "i32"], 2, 3)
        perm = list(range(len(a.shape)))
        while perm == sorted(perm):
            r.shuffle(perm)
        o = tuple(a.shape[p] for p in perm)
        return self.emit("transpose", o, a.dt, [a],
                         "$p_e = tensor.empty() : %s\n"
                         "$r = linalg.transpose ins($0 : %s) outs($p_e : %s) permutation = [%s]"
                         % (ty(o, a.dt), a.t, ty(o, a.dt), ", ".join(map(str, perm))))

    def fam_broadcast(self):
        r = self.r
        a = self.any_val(["f32"], 1, 2)
        rank = len(a.shape) + 1
        d = r.randrange(rank)
        o = a.shape[:d] + (r.randint(1, 6),) + a.shape[d:]
        return self.emit("broadcast", o, "f32", [a],
                         "$p_e = tensor.empty() : %s\n"
                         "$r = linalg.broadcast ins($0 : %s) outs($p_e : %s) dimensions = [%d]"
                         % (ty(o, "f32"), a.t, ty(o, "f32"), d))

    def fam_constraint(self):
        a = self.any_val(FLOATS + ["i32"], 1, 3)
        return self.emit("constraint", a.shape, a.dt, [a],
                         "$r = gspmd.sharding_constraint $0, %s : %s"
                         % (self.sharding(a.shape), a.t))

    def fam_for(self):
        r = self.r
        a = self.any_val(["f32"], 1, 3)
        b = self.get(a.shape, "f32")
        n = r.randint(0, 3)
        t = a.t
        return self.emit("scf.for", a.shape, "f32", [a, b],
                         "$p_c0 = arith.constant 0 : index\n$p_c1 = arith.constant 1 : index\n"
                         "$p_n = arith.constant %d : index\n$p_h = arith.constant dense<0.5> : %s\n"
                         "$r = scf.for %%i = $p_c0 to $p_n step $p_c1 iter_args(%%acc = $0) -> (%s) {\n"
                         "  %%t = math.tanh %%acc : %s\n  %%m = arith.mulf %%t, $p_h : %s\n"
                         "  %%s = arith.addf %%m, $1 : %s\n  scf.yield %%s : %s\n}"
                         % (n, t, t, t, t, t, t))

    def fam_if(self):
        a = self.any_val(["f32"], 1, 3)
        b = self.get(a.shape, "f32")
        t = a.t
        dims = ", ".join(str(i) for i in range(len(a.shape)))
        return self.emit("scf.if", a.shape, "f32", [a, b], self.fill((), "f32") +
                         "$p_s = linalg.reduce ins($0 : %s) outs($p_f : tensor<f32>) dimensions = [%s]\n"
                         "  (%%in: f32, %%acc: f32) {\n    %%s = arith.addf %%in, %%acc : f32\n"
                         "    linalg.yield %%s : f32\n  }\n"
                         "$p_x = tensor.extract $p_s[] : tensor<f32>\n"
                         "$p_c = arith.cmpf ogt, $p_x, $p_z : f32\n"
                         "$r = scf.if $p_c -> (%s) {\n  %%t = math.tanh $1 : %s\n  scf.yield %%t : %s\n"
                         "} else {\n  %%t = arith.subf $1, $0 : %s\n  scf.yield %%t : %s\n}"
                         % (t, dims, t, t, t, t, t))

    def fam_while(self):
        a = self.any_val(["f32"], 1, 2)
        t = a.t
        n = self.r.randint(0, 3)
        return self.emit("scf.while", a.shape, "f32", [a],
                         "$p_c0 = arith.constant 0 : index\n$p_c1 = arith.constant 1 : index\n"
                         "$p_n = arith.constant %d : index\n"
                         "$r, $p_i = scf.while (%%v = $0, %%i = $p_c0) : (%s, index) -> (%s, index) {\n"
                         "  %%go = arith.cmpi ult, %%i, $p_n : index\n"
                         "  scf.condition(%%go) %%v, %%i : %s, index\n} do {\n"
                         "^bb0(%%v: %s, %%i: index):\n  %%t = math.sin %%v : %s\n"
                         "  %%i2 = arith.addi %%i, $p_c1 : index\n  scf.yield %%t, %%i2 : %s, index\n}"
                         % (n, t, t, t, t, t, t))

    def fam_call(self):
        r = self.r
        a = self.any_val(["f32"], 1, 3)
        b = self.get(a.shape, "f32")
        t = a.t
        sa = " {gspmd.sharding = %s}" % self.sharding(a.shape) if r.random() < 0.4 else ""
        sr = " {gspmd.sharding = %s}" % self.sharding(a.shape) if r.random() < 0.4 else ""
        callee = ("func.func private @$p_f(%%x: %s%s, %%y: %s) -> (%s%s) {\n"
                  "  %%m = arith.mulf %%x, %%y : %s\n  %%e = math.tanh %%m : %s\n"
                  "  %%s = arith.addf %%e, %%x : %s\n  return %%s : %s\n}"
                  % (t, sa, t, t, sr, t, t, t, t))
        # two calls with different argument orders: two calling contexts
        return self.emit("func.call", a.shape, "f32", [a, b],
                         "$p_c = func.call @$p_f($0, $1) : (%s, %s) -> %s\n"
                         "$r = func.call @$p_f($p_c, $0) : (%s, %s) -> %s"
                         % (t, t, t, t, t, t), extra=callee)

    def fam_tosa(self):
        r = self.r
        k = r.choice(["ew", "ew", "reduce", "transpose", "reshape", "slice", "pad",
                      "concat", "conv2d", "depthwise", "maxpool", "avgpool", "matmul"])
        if k == "ew":
            a = self.any_val(["f32"], 1, 3)
            op = r.choice(["add", "sub", "maximum", "minimum", "mul", "tanh", "exp",
                           "abs", "sigmoid"])
            if op in ("add", "sub", "maximum", "minimum", "mul"):
                # rank broadcasting: the second operand may have size-1 dims
                bs = tuple(D if r.random() < 0.7 else 1 for D in a.shape)
                b = self.get(bs, "f32")
                if op == "mul":
                    return self.emit("tosa", a.shape, "f32", [a, b],
                                     "$p_sh = \"tosa.const\"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>\n"
                                     "$r = tosa.mul $0, $1, $p_sh : (%s, %s, tensor<1xi8>) -> %s"
                                     % (a.t, b.t, a.t))
                return self.emit("tosa", a.shape, "f32", [a, b],
                                 "$r = tosa.%s $0, $1 : (%s, %s) -> %s" % (op, a.t, b.t, a.t))
            if op == "exp":
                return self.emit("tosa", a.shape, "f32", [a],
                                 "$p_t = tosa.tanh $0 : (%s) -> %s\n$r = tosa.exp $p_t : (%s) -> %s"
                                 % (a.t, a.t, a.t, a.t))
            return self.emit("tosa", a.shape, "f32", [a],
                             "$r = tosa.%s $0 : (%s) -> %s" % (op, a.t, a.t))
        if k == "reduce":
            a = self.any_val(["f32"], 1, 3)
            ax = r.randrange(len(a.shape))
            o = tuple(1 if i == ax else D for i, D in enumerate(a.shape))
            op = r.choice(["reduce_sum", "reduce_max", "reduce_min"])
            return self.emit("tosa", o, "f32", [a], "$r = tosa.%s $0 {axis = %d : i32} : (%s) -> %s"
                             % (op, ax, a.t, ty(o, "f32")))
        if k == "transpose":
            a = self.any_val(["f32"], 2, 3)
            perm = list(range(len(a.shape)))
            r.shuffle(perm)
            o = tuple(a.shape[p] for p in perm)
            return self.emit("tosa", o, "f32", [a], "$r = tosa.transpose $0 {perms = array<i32: %s>} : (%s) -> %s"
                             % (", ".join(map(str, perm)), a.t, ty(o, "f32")))
        if k == "reshape":
            a = self.any_val(["f32"], 1, 2)
            n = 1
            for D in a.shape:
                n *= D
            fs = [f for f in range(1, n + 1) if n % f == 0]
            f = r.choice(fs)
            o = (f, n // f) if r.random() < 0.7 else (n,)
            return self.emit("tosa", o, "f32", [a],
                             "$p_s = tosa.const_shape {values = dense<[%s]> : tensor<%dxindex>} : () -> !tosa.shape<%d>\n"
                             "$r = tosa.reshape $0, $p_s : (%s, !tosa.shape<%d>) -> %s"
                             % (", ".join(map(str, o)), len(o), len(o), a.t, len(o), ty(o, "f32")))
        if k == "slice":
            a = self.any_val(["f32"], 1, 3)
            st, sz = [], []
            for D in a.shape:
                s = r.randint(1, D)
                sz.append(s)
                st.append(r.randint(0, D - s))
            n = len(a.shape)
            return self.emit("tosa", tuple(sz), "f32", [a],
                             "$p_a = tosa.const_shape {values = dense<[%s]> : tensor<%dxindex>} : () -> !tosa.shape<%d>\n"
                             "$p_b = tosa.const_shape {values = dense<[%s]> : tensor<%dxindex>} : () -> !tosa.shape<%d>\n"
                             "$r = tosa.slice $0, $p_a, $p_b : (%s, !tosa.shape<%d>, !tosa.shape<%d>) -> %s"
                             % (", ".join(map(str, st)), n, n, ", ".join(map(str, sz)), n, n,
                                a.t, n, n, ty(sz, "f32")))
        if k == "pad":
            a = self.any_val(["f32"], 1, 3)
            n = len(a.shape)
            pads = [r.choice([0, 0, 1, 2]) for _ in range(2 * n)]
            o = tuple(a.shape[i] + pads[2 * i] + pads[2 * i + 1] for i in range(n))
            return self.emit("tosa", o, "f32", [a],
                             "$p_s = tosa.const_shape {values = dense<[%s]> : tensor<%dxindex>} : () -> !tosa.shape<%d>\n"
                             "$p_v = \"tosa.const\"() <{values = dense<0.5> : tensor<1xf32>}> : () -> tensor<1xf32>\n"
                             "$r = tosa.pad $0, $p_s, $p_v : (%s, !tosa.shape<%d>, tensor<1xf32>) -> %s"
                             % (", ".join(map(str, pads)), 2 * n, 2 * n, a.t, 2 * n, ty(o, "f32")))
        if k == "concat":
            a = self.any_val(["f32"], 1, 3)
            ax = r.randrange(len(a.shape))
            bs = list(a.shape)
            bs[ax] = r.randint(1, 5)
            b = self.get(tuple(bs), "f32")
            o = list(a.shape)
            o[ax] += bs[ax]
            return self.emit("tosa", tuple(o), "f32", [a, b], "$r = tosa.concat $0, $1 {axis = %d : i32} : (%s, %s) -> %s"
                             % (ax, a.t, b.t, ty(o, "f32")))
        zp = "$p_zp = \"tosa.const\"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>\n"
        if k == "matmul":
            b_, m, kk, n = r.randint(1, 2), r.randint(1, 6), r.randint(1, 6), r.randint(1, 6)
            a, b = self.get((b_, m, kk), "f32"), self.get((b_, kk, n), "f32")
            o = ty((b_, m, n), "f32")
            return self.emit("tosa", (b_, m, n), "f32", [a, b], zp +
                             "$r = tosa.matmul $0, $1, $p_zp, $p_zp : (%s, %s, tensor<1xf32>, tensor<1xf32>) -> %s"
                             % (a.t, b.t, o))
        s = [r.choice([1, 2]) for _ in range(2)]
        kh, kw = r.choice([1, 2, 3]), r.choice([1, 2, 3])
        pad = [r.randint(0, min(kh - 1, 1)), r.randint(0, min(kh - 1, 1)),
               r.randint(0, min(kw - 1, 1)), r.randint(0, min(kw - 1, 1))]
        oh, ow = r.randint(1, 5), r.randint(1, 4)
        ih = (oh - 1) * s[0] + kh - pad[0] - pad[1]
        iw = (ow - 1) * s[1] + kw - pad[2] - pad[3]
        if ih < 1 or iw < 1:
            pad = [0, 0, 0, 0]
            ih, iw = (oh - 1) * s[0] + kh, (ow - 1) * s[1] + kw
        n, c = r.randint(1, 2), r.randint(1, 3)
        attrs = "pad = array<i64: %s>, stride = array<i64: %d, %d>" % (", ".join(map(str, pad)), s[0], s[1])
        x = self.get((n, ih, iw, c), "f32")
        if k in ("maxpool", "avgpool"):
            o = ty((n, oh, ow, c), "f32")
            if k == "maxpool":
                return self.emit("tosa", (n, oh, ow, c), "f32", [x],
                                 "$r = tosa.max_pool2d $0 {kernel = array<i64: %d, %d>, %s} : (%s) -> %s"
                                 % (kh, kw, attrs, x.t, o))
            return self.emit("tosa", (n, oh, ow, c), "f32", [x], zp +
                             "$r = tosa.avg_pool2d $0, $p_zp, $p_zp {acc_type = f32, kernel = array<i64: %d, %d>, %s} "
                             ": (%s, tensor<1xf32>, tensor<1xf32>) -> %s" % (kh, kw, attrs, x.t, o))
        if k == "conv2d":
            f = r.randint(1, 3)
            w, b = self.get((f, kh, kw, c), "f32"), self.get((f,), "f32")
            o = ty((n, oh, ow, f), "f32")
            return self.emit("tosa", (n, oh, ow, f), "f32", [x, w, b], zp +
                             "$r = tosa.conv2d $0, $1, $2, $p_zp, $p_zp {acc_type = f32, dilation = array<i64: 1, 1>, %s} "
                             ": (%s, %s, %s, tensor<1xf32>, tensor<1xf32>) -> %s" % (attrs, x.t, w.t, b.t, o))
        mlt = r.randint(1, 2)
        w, b = self.get((kh, kw, c, mlt), "f32"), self.get((c * mlt,), "f32")
        o = ty((n, oh, ow, c * mlt), "f32")
        return self.emit("tosa", (n, oh, ow, c * mlt), "f32", [x, w, b], zp +
                         "$r = tosa.depthwise_conv2d $0, $1, $2, $p_zp, $p_zp {acc_type = f32, dilation = array<i64: 1, 1>, %s} "
                         ": (%s, %s, %s, tensor<1xf32>, tensor<1xf32>) -> %s" % (attrs, x.t, w.t, b.t, o))

    FAMILIES = {
        "ew-float": (fam_ew_float, 6), "ew-int": (fam_ew_int, 3), "cast": (fam_cast, 2),
        "const": (fam_const, 1), "contraction": (fam_contraction, 4),
        "conv": (fam_conv, 3), "pool": (fam_pool, 2), "stencil": (fam_stencil, 2),
        "reduce": (fam_reduce, 3), "softmax": (fam_softmax, 1),
        "layernorm": (fam_layernorm, 1), "slice": (fam_slice, 3),
        "insert-slice": (fam_insert_slice, 1), "pad": (fam_pad, 2),
        "concat": (fam_concat, 2), "reshape": (fam_reshape, 2),
        "transpose": (fam_transpose, 1), "broadcast": (fam_broadcast, 1),
        "constraint": (fam_constraint, 2), "scf.for": (fam_for, 1),
        "scf.if": (fam_if, 1), "scf.while": (fam_while, 1),
        "func.call": (fam_call, 1), "tosa": (fam_tosa, 3),
    }

    def build(self, max_ops=6):
        r = self.r
        names = sorted(self.FAMILIES) if self.families is None else self.families
        weights = [self.FAMILIES[n][1] for n in names]
        for _ in range(r.randint(1, max_ops)):
            fam = r.choices(names, weights)[0]
            self.FAMILIES[fam][0](self)
        # return the values nobody uses (at most 4), the last op's first
        used = {o for op in self.p.ops for o in op.operands}
        res = [op.res for op in self.p.ops if op.res.name not in used][::-1][:4]
        if not res:
            res = [self.p.ops[-1].res]
        self.p.rets = [(v, self.sharding(v.shape, allow_none=True)) for v in res]
        return self.p


def generate(seed, index, families=None, max_ops=6):
    return Gen(seed, index, families).build(max_ops)


if __name__ == "__main__":
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    index = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    fams = sys.argv[3].split(",") if len(sys.argv) > 3 else None
    p = generate(seed, index, fams)
    sys.stdout.write(p.render("// devices: %d; families: %s" %
                              (p.devices, ", ".join(p.families()))))
