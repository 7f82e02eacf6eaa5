#!/usr/bin/env python3
"""Benchmark programs in linalg on tensors, in our syntax or upstream's.

  gen.py PROGRAM [OPS] [--syntax gspmd|shard] [--devices N] [--hidden H]
                       [--shared-bias] [--elementwise linalg|arith]

One generator for both systems: every program is built once as a list of
ops with abstract shardings (per tensor dim, the mesh axes that split it)
and printed either with gspmd attributes (`gspmd.mesh`, `gspmd.sharding`
on function arguments and results, `gspmd.sharding_constraint`) or with
MLIR's upstream `shard` dialect (`shard.grid`, `shard.sharding` +
`shard.shard` on arguments and before `return`, `shard.shard ...
annotate_for_users` for a constraint). The ops are the same in both.

Programs:
  mlp          MLP stack of about OPS ops (fill + matmul + bias add + relu
               per layer, 6 ops); mesh ["data"=2, "model"=N/2]; only the
               input (batch on data) and the first weight (hidden on model)
               are annotated, so completion carries shardings through every
               layer. --shared-bias: one bias argument feeds every layer.
  mlp-megatron the same stack with every weight annotated, Megatron pairs
               (even layers column-parallel, odd layers row-parallel).
  transformer  pre-LN transformer blocks (layernorm reductions, multi-head
               attention with a decomposed softmax, gelu MLP; about 45 ops
               a block) until OPS ops; Megatron on "model" (heads and MLP
               hidden split in every block's weights), batch on "data".
  data, megatron, 2d, fsdp, conv
               small fixed programs for result quality (2-layer MLPs, a
               ZeRO-3/FSDP training step, a spatially split convolution):
               see quality_programs() below; --devices sets the mesh
               (2d: --data D its data axis, default 2, the rest model).

  pipeline     a gspmd.pipeline of L = --stages residual MLP stages (y = x +
               tanh(x W1 + b1) W2, hidden --hidden, inner --ffn) over
               M = --micro micro-batches of --mb rows, --repeats R (the
               circular schedule: parameters [R, L, ...]); mesh
               ["stage"=min(L, N), "data"=N/stage], rows of each micro-batch
               on "data". --unpipelined: the same model (same arguments, so
               the same inputs) as a plain sequence of the R L stages over
               the whole batch on a mesh ["d"=N], rows split on "d" (data
               parallelism, weights replicated). Our syntax only: upstream's
               `shard` dialect has no pipeline.

--elementwise arith writes bias add and relu as arith ops on tensors (our
completion handles them; upstream has no sharding interface for them).
"""
import argparse
import sys

F32 = "f32"


def ttype(shape):
    return "tensor<" + "x".join(str(d) for d in shape) + "xf32>"


class Prog:
    """A function under construction: arguments with shardings, a body of
    ops (text with {name} placeholders for values), results."""

    def __init__(self, axes):
        self.axes = axes          # [(name, size)]
        self.args = []            # (name, shape, sharding or None)
        self.body = []            # lines; values are written %name
        self.results = []         # (value, shape, sharding or None)
        self.n = 0
        self.nops = 0             # operations, region bodies included

    def fresh(self, base):
        self.n += 1
        return f"{base}{self.n}"

    def arg(self, name, shape, sharding=None):
        self.args.append((name, shape, sharding))
        return "%" + name

    def op(self, text, base="v", kind=None):
        v = "%" + self.fresh(base)
        self.body.append(f"{v} = {text}")
        self.nops += 1
        return v

    # --- ops -----------------------------------------------------------
    def empty(self, shape):
        return self.op(f"tensor.empty() : {ttype(shape)}", "e")

    def const(self, value):
        if not hasattr(self, "_consts"):
            self._consts = {}
        if value not in self._consts:
            self._consts[value] = self.op(f"arith.constant {value} : f32", "c")
        return self._consts[value]

    def splat(self, value, shape):
        return self.op(f"arith.constant dense<{value}> : {ttype(shape)}", "k")

    def fill(self, value, shape):
        e = self.empty(shape)
        c = self.const(value)
        t = ttype(shape)
        return self.op(f"linalg.fill ins({c} : f32) outs({e} : {t}) -> {t}", "f")

    def matmul(self, a, b, m, k, n):
        f = self.fill("0.0", [m, n])
        return self.op(
            f"linalg.matmul ins({a}, {b} : {ttype([m, k])}, {ttype([k, n])}) "
            f"outs({f} : {ttype([m, n])}) -> {ttype([m, n])}", "m")

    def binary(self, kind, a, b, shape, style):
        t = ttype(shape)
        if style == "arith":
            name = {"add": "arith.addf", "max": "arith.maximumf"}[kind]
            return self.op(f"{name} {a}, {b} : {t}", "a")
        e = self.empty(shape)
        return self.op(f"linalg.{kind} ins({a}, {b} : {t}, {t}) outs({e} : {t}) -> {t}", "a")

    def generic(self, ins, out, maps, iters, body, rank):
        """ins: [(value, shape, map)], out: (value, shape, map); body: lines
        using %in0.. %inK and %acc, the last one `linalg.yield`."""
        dims = ", ".join(f"d{i}" for i in range(rank))
        amap = lambda m: f"affine_map<({dims}) -> ({m})>"
        imaps = ", ".join(amap(m) for _, _, m in ins + [out])
        it = ", ".join(f'"{i}"' for i in iters)
        ivals = ", ".join(v for v, _, _ in ins)
        itypes = ", ".join(ttype(s) for _, s, _ in ins)
        bargs = ", ".join(f"%in{i}: f32" for i in range(len(ins))) + ", %acc: f32"
        lines = [f"linalg.generic {{indexing_maps = [{imaps}], iterator_types = [{it}]}}"
                 f" ins({ivals} : {itypes}) outs({out[0]} : {ttype(out[1])}) {{",
                 f"^bb0({bargs}):"]
        lines += ["  " + l for l in body]
        lines.append(f"}} -> {ttype(out[1])}")
        self.nops += len(body)
        return self.op("\n    ".join(lines), "g")

    def constraint(self, v, shape, sharding):
        # printed per syntax; stored as a marker op
        r = "%" + self.fresh("s")
        self.body.append(("constraint", r, v, shape, sharding))
        return r

    # --- printing ------------------------------------------------------
    def used(self, sh):
        return [a for dim in sh for a in dim]

    def gspmd_attr(self, sh):
        used = self.used(sh)
        if not used:
            return "#gspmd.replicated"
        big = [n for n, s in self.axes if s > 1]
        kind = "tiled" if all(a in used for a in big) else "partially_tiled"
        dims = ", ".join("[" + ", ".join(f'"{a}"' for a in d) + "]" for d in sh)
        return f"#gspmd.{kind}<@mesh, [{dims}]>"

    def shard_axes(self, sh):
        idx = {n: i for i, (n, _) in enumerate(self.axes)}
        dims = [[idx[a] for a in d] for d in sh]
        while dims and not dims[-1]:
            dims.pop()
        if not dims:
            dims = [[]]
        return "[" + ", ".join("[" + ", ".join(map(str, d)) + "]" for d in dims) + "]"

    def print(self, syntax, name, out):
        w = out.write
        w(f"// gen.py: {self.nops} ops\n")
        if syntax == "gspmd":
            w('gspmd.mesh @mesh [' + ", ".join(f'"{n}"={s}' for n, s in self.axes) + ']\n')
            args = []
            for n, shape, sh in self.args:
                ann = f" {{gspmd.sharding = {self.gspmd_attr(sh)}}}" if sh is not None else ""
                args.append(f"%{n}: {ttype(shape)}{ann}")
            res = []
            for _, shape, sh in self.results:
                ann = f" {{gspmd.sharding = {self.gspmd_attr(sh)}}}" if sh is not None else ""
                res.append(f"{ttype(shape)}{ann}")
            w(f"func.func @{name}(" + ", ".join(args) + ") -> (" + ", ".join(res) + ") {\n")
            for line in self.body:
                if isinstance(line, tuple):
                    _, r, v, shape, sh = line
                    w(f"  {r} = gspmd.sharding_constraint {v}, {self.gspmd_attr(sh)} : {ttype(shape)}\n")
                else:
                    w("  " + line + "\n")
            vals = ", ".join(v for v, _, _ in self.results)
            tys = ", ".join(ttype(s) for _, s, _ in self.results)
            w(f"  return {vals} : {tys}\n}}\n")
            return
        # upstream shard dialect
        w("shard.grid @mesh(shape = " + "x".join(str(s) for _, s in self.axes) + ")\n")
        ren = {}
        args = []
        pre = []
        for n, shape, sh in self.args:
            if sh is None:
                args.append(f"%{n}: {ttype(shape)}")
                continue
            args.append(f"%{n}_in: {ttype(shape)}")
            pre.append(f"%{n}_sh = shard.sharding @mesh split_axes = {self.shard_axes(sh)} : !shard.sharding")
            pre.append(f"%{n} = shard.shard %{n}_in to %{n}_sh : {ttype(shape)}")
        res = ", ".join(ttype(s) for _, s, _ in self.results)
        w(f"func.func @{name}(" + ", ".join(args) + f") -> ({res}) {{\n")
        for line in pre:
            w("  " + line + "\n")
        for line in self.body:
            if isinstance(line, tuple):
                _, r, v, shape, sh = line
                w(f"  {r}_sh = shard.sharding @mesh split_axes = {self.shard_axes(sh)} : !shard.sharding\n")
                w(f"  {r} = shard.shard {v} to {r}_sh annotate_for_users : {ttype(shape)}\n")
            else:
                w("  " + line + "\n")
        vals = []
        for i, (v, shape, sh) in enumerate(self.results):
            if sh is None:
                vals.append(v)
                continue
            w(f"  %res{i}_sh = shard.sharding @mesh split_axes = {self.shard_axes(sh)} : !shard.sharding\n")
            w(f"  %res{i} = shard.shard {v} to %res{i}_sh : {ttype(shape)}\n")
            vals.append(f"%res{i}")
        w(f"  return {', '.join(vals)} : {res}\n}}\n")


def mesh_2d(devices):
    return [("data", 2), ("model", max(1, devices // 2))]


# --- MLP stack -----------------------------------------------------------
def mlp_stack(ops, devices, hidden, shared_bias, style, megatron=False):
    p = Prog(mesh_2d(devices))
    per = 5 if shared_bias else 6
    if style == "linalg":
        per += 2  # tensor.empty for add and max
    layers = max(1, ops // per)
    b, h = 16, hidden
    x = p.arg("x", [b, h], [["data"], []])
    if megatron:  # every weight annotated: column- then row-parallel pairs
        ws = [p.arg(f"w{i}", [h, h], [[], ["model"]] if i % 2 == 0 else [["model"], []])
              for i in range(layers)]
    else:
        ws = [p.arg(f"w{i}", [h, h], [[], ["model"]] if i == 0 else None)
              for i in range(layers)]
    bias = p.arg("bias", [b, h]) if shared_bias else None
    zeros = p.splat("0.0", [b, h])
    cur = x
    for i in range(layers):
        m = p.matmul(cur, ws[i], b, h, h)
        bi = bias if shared_bias else p.splat("0.5", [b, h])
        a = p.binary("add", m, bi, [b, h], style)
        cur = p.binary("max", a, zeros, [b, h], style)
    p.results.append((cur, [b, h], None))
    return p


# --- transformer blocks --------------------------------------------------
def layernorm(p, x, B, S, D, g, beta):
    mean = p.fill("0.0", [B, S])
    mean = p.generic([(x, [B, S, D], "d0, d1, d2")], (mean, [B, S], "d0, d1"),
                     None, ["parallel", "parallel", "reduction"],
                     ["%r = arith.addf %in0, %acc : f32", "linalg.yield %r : f32"], 3)
    e = p.empty([B, S, D])
    inv = 1.0 / D
    xc = p.generic([(x, [B, S, D], "d0, d1, d2"), (mean, [B, S], "d0, d1")],
                   (e, [B, S, D], "d0, d1, d2"), None, ["parallel"] * 3,
                   [f"%s = arith.constant {inv!r} : f32", "%m = arith.mulf %in1, %s : f32",
                    "%r = arith.subf %in0, %m : f32", "linalg.yield %r : f32"], 3)
    var = p.fill("0.0", [B, S])
    var = p.generic([(xc, [B, S, D], "d0, d1, d2")], (var, [B, S], "d0, d1"), None,
                    ["parallel", "parallel", "reduction"],
                    ["%q = arith.mulf %in0, %in0 : f32", "%r = arith.addf %q, %acc : f32",
                     "linalg.yield %r : f32"], 3)
    return p.generic([(xc, [B, S, D], "d0, d1, d2"), (var, [B, S], "d0, d1"),
                      (g, [D], "d2"), (beta, [D], "d2")],
                     (e, [B, S, D], "d0, d1, d2"), None, ["parallel"] * 3,
                     [f"%s = arith.constant {inv!r} : f32", "%eps = arith.constant 1.0e-5 : f32",
                      "%v = arith.mulf %in1, %s : f32", "%ve = arith.addf %v, %eps : f32",
                      "%rs = math.rsqrt %ve : f32", "%n = arith.mulf %in0, %rs : f32",
                      "%sc = arith.mulf %n, %in2 : f32", "%r = arith.addf %sc, %in3 : f32",
                      "linalg.yield %r : f32"], 3)


MAC = ["%m = arith.mulf %in0, %in1 : f32", "%r = arith.addf %acc, %m : f32",
       "linalg.yield %r : f32"]


def transformer_block(p, x, i, B, S, D, H, E, F, ann):
    mh = [[], ["model"], []] if ann else None
    wq = p.arg(f"wq{i}", [D, H, E], mh)
    wk = p.arg(f"wk{i}", [D, H, E], mh)
    wv = p.arg(f"wv{i}", [D, H, E], mh)
    wo = p.arg(f"wo{i}", [H, E, D], [["model"], [], []] if ann else None)
    w1 = p.arg(f"w1_{i}", [D, F], [[], ["model"]] if ann else None)
    w2 = p.arg(f"w2_{i}", [F, D], [["model"], []] if ann else None)
    g1, b1 = p.arg(f"g1_{i}", [D]), p.arg(f"be1_{i}", [D])
    g2, b2 = p.arg(f"g2_{i}", [D]), p.arg(f"be2_{i}", [D])
    y = layernorm(p, x, B, S, D, g1, b1)
    par4r = ["parallel"] * 4 + ["reduction"]
    qkv = []
    for w in (wq, wk, wv):
        f = p.fill("0.0", [B, H, S, E])
        qkv.append(p.generic([(y, [B, S, D], "d0, d2, d4"), (w, [D, H, E], "d4, d1, d3")],
                             (f, [B, H, S, E], "d0, d1, d2, d3"), None, par4r, MAC, 5))
    q, k, v = qkv
    fs = p.fill("0.0", [B, H, S, S])
    s = p.generic([(q, [B, H, S, E], "d0, d1, d2, d4"), (k, [B, H, S, E], "d0, d1, d3, d4")],
                  (fs, [B, H, S, S], "d0, d1, d2, d3"), None, par4r, MAC, 5)
    # softmax over the last dim, decomposed (max, exp, sum, divide)
    fm = p.fill("-3.4e38", [B, H, S])
    mx = p.generic([(s, [B, H, S, S], "d0, d1, d2, d3")], (fm, [B, H, S], "d0, d1, d2"), None,
                   ["parallel"] * 3 + ["reduction"],
                   ["%r = arith.maximumf %in0, %acc : f32", "linalg.yield %r : f32"], 4)
    es = p.empty([B, H, S, S])
    ex = p.generic([(s, [B, H, S, S], "d0, d1, d2, d3"), (mx, [B, H, S], "d0, d1, d2")],
                   (es, [B, H, S, S], "d0, d1, d2, d3"), None, ["parallel"] * 4,
                   ["%d = arith.subf %in0, %in1 : f32", "%r = math.exp %d : f32",
                    "linalg.yield %r : f32"], 4)
    fsum = p.fill("0.0", [B, H, S])
    sm = p.generic([(ex, [B, H, S, S], "d0, d1, d2, d3")], (fsum, [B, H, S], "d0, d1, d2"), None,
                   ["parallel"] * 3 + ["reduction"],
                   ["%r = arith.addf %in0, %acc : f32", "linalg.yield %r : f32"], 4)
    pr = p.generic([(ex, [B, H, S, S], "d0, d1, d2, d3"), (sm, [B, H, S], "d0, d1, d2")],
                   (es, [B, H, S, S], "d0, d1, d2, d3"), None, ["parallel"] * 4,
                   ["%r = arith.divf %in0, %in1 : f32", "linalg.yield %r : f32"], 4)
    fc = p.fill("0.0", [B, H, S, E])
    ctx = p.generic([(pr, [B, H, S, S], "d0, d1, d2, d4"), (v, [B, H, S, E], "d0, d1, d4, d3")],
                    (fc, [B, H, S, E], "d0, d1, d2, d3"), None, par4r, MAC, 5)
    fa = p.fill("0.0", [B, S, D])
    attn = p.generic([(ctx, [B, H, S, E], "d0, d3, d1, d4"), (wo, [H, E, D], "d3, d4, d2")],
                     (fa, [B, S, D], "d0, d1, d2"), None,
                     ["parallel"] * 3 + ["reduction"] * 2, MAC, 5)
    t3 = ttype([B, S, D])
    e3 = p.empty([B, S, D])
    x1 = p.op(f"linalg.add ins({x}, {attn} : {t3}, {t3}) outs({e3} : {t3}) -> {t3}", "x")
    y2 = layernorm(p, x1, B, S, D, g2, b2)
    fh = p.fill("0.0", [B, S, F])
    h = p.generic([(y2, [B, S, D], "d0, d1, d3"), (w1, [D, F], "d3, d2")],
                  (fh, [B, S, F], "d0, d1, d2"), None, ["parallel"] * 3 + ["reduction"], MAC, 4)
    eh = p.empty([B, S, F])
    ge = p.generic([(h, [B, S, F], "d0, d1, d2")], (eh, [B, S, F], "d0, d1, d2"), None,
                   ["parallel"] * 3,
                   ["%half = arith.constant 0.5 : f32", "%one = arith.constant 1.0 : f32",
                    "%gc0 = arith.constant 0.79788456 : f32", "%gc1 = arith.constant 0.044715 : f32",
                    "%u2 = arith.mulf %in0, %in0 : f32", "%u3 = arith.mulf %u2, %in0 : f32",
                    "%t0 = arith.mulf %u3, %gc1 : f32", "%t1 = arith.addf %in0, %t0 : f32",
                    "%t2 = arith.mulf %t1, %gc0 : f32", "%t3 = math.tanh %t2 : f32",
                    "%t4 = arith.addf %t3, %one : f32", "%t5 = arith.mulf %in0, %t4 : f32",
                    "%r = arith.mulf %t5, %half : f32", "linalg.yield %r : f32"], 3)
    fo = p.fill("0.0", [B, S, D])
    o = p.generic([(ge, [B, S, F], "d0, d1, d3"), (w2, [F, D], "d3, d2")],
                  (fo, [B, S, D], "d0, d1, d2"), None, ["parallel"] * 3 + ["reduction"], MAC, 4)
    e4 = p.empty([B, S, D])
    return p.op(f"linalg.add ins({x1}, {o} : {t3}, {t3}) outs({e4} : {t3}) -> {t3}", "x")


def transformer(ops, devices, hidden):
    p = Prog(mesh_2d(devices))
    B, S, H, E = 4, 16, 8, hidden // 8
    D, F = H * E, 4 * H * E
    x = p.arg("x", [B, S, D], [["data"], [], []])
    cur, i = x, 0
    while True:
        cur = transformer_block(p, cur, i, B, S, D, H, E, F, True)
        i += 1
        if p.nops >= ops:
            break
    p.results.append((cur, [B, S, D], [["data"], [], []]))
    return p


# --- result quality programs --------------------------------------------
def mlp2(p, x, w1, w2, B, D, Fh):
    h = p.matmul(x, w1, B, D, Fh)
    r = p.binary("max", h, p.splat("0.0", [B, Fh]), [B, Fh], "linalg")
    return p.matmul(r, w2, B, Fh, D)


def quality(name, devices, scale=1, data=2):
    B, D, Fh = 64 * scale, 256 * scale, 1024 * scale
    if name == "matmul":
        # C = A B with the rows of A and C split (no communication)
        n = 256 * scale
        p = Prog([("d", devices)])
        a = p.arg("a", [n, n], [["d"], []])
        b = p.arg("b", [n, n], [[], []])
        p.results.append((p.matmul(a, b, n, n, n), [n, n], [["d"], []]))
    elif name == "data":
        p = Prog([("d", devices)])
        x = p.arg("x", [B, D], [["d"], []])
        w1 = p.arg("w1", [D, Fh], [[], []])
        w2 = p.arg("w2", [Fh, D], [[], []])
        p.results.append((mlp2(p, x, w1, w2, B, D, Fh), [B, D], [["d"], []]))
    elif name == "megatron":
        p = Prog([("m", devices)])
        x = p.arg("x", [B, D], [[], []])
        w1 = p.arg("w1", [D, Fh], [[], ["m"]])
        w2 = p.arg("w2", [Fh, D], [["m"], []])
        p.results.append((mlp2(p, x, w1, w2, B, D, Fh), [B, D], [[], []]))
    elif name == "2d":
        p = Prog([("data", data), ("model", max(1, devices // data))])
        x = p.arg("x", [B, D], [["data"], []])
        w1 = p.arg("w1", [D, Fh], [[], ["model"]])
        w2 = p.arg("w2", [Fh, D], [["model"], []])
        p.results.append((mlp2(p, x, w1, w2, B, D, Fh), [B, D], [["data"], []]))
    elif name == "fsdp":
        # forward, a loss gradient dY = y, backward weight gradients
        p = Prog([("d", devices)])
        x = p.arg("x", [B, D], [["d"], []])
        w1 = p.arg("w1", [D, Fh], [["d"], []])
        w2 = p.arg("w2", [Fh, D], [[], ["d"]])
        w1f = p.constraint(w1, [D, Fh], [[], []])
        h = p.matmul(x, w1f, B, D, Fh)
        a = p.binary("max", h, p.splat("0.0", [B, Fh]), [B, Fh], "linalg")
        w2f = p.constraint(w2, [Fh, D], [[], []])
        y = p.matmul(a, w2f, B, Fh, D)
        # dW2 = A^T y, dA = y W2^T, dW1 = X^T dA
        tmac = ["parallel", "parallel", "reduction"]
        g2 = p.generic([(a, [B, Fh], "d2, d0"), (y, [B, D], "d2, d1")],
                       (p.fill("0.0", [Fh, D]), [Fh, D], "d0, d1"), None, tmac, MAC, 3)
        da = p.generic([(y, [B, D], "d0, d2"), (w2f, [Fh, D], "d1, d2")],
                       (p.fill("0.0", [B, Fh]), [B, Fh], "d0, d1"), None, tmac, MAC, 3)
        g1 = p.generic([(x, [B, D], "d2, d0"), (da, [B, Fh], "d2, d1")],
                       (p.fill("0.0", [D, Fh]), [D, Fh], "d0, d1"), None, tmac, MAC, 3)
        p.results += [(y, [B, D], [["d"], []]), (g1, [D, Fh], [["d"], []]),
                      (g2, [Fh, D], [[], ["d"]])]
    elif name == "conv":
        # NHWC 3x3 convolution, H split on x, W on y
        p = Prog([("x", 2), ("y", max(1, devices // 2))])
        N, Hh, Ww, C, K = 2, 34, 34, 16, 16
        sh = [[], ["x"], ["y"], []]
        i = p.arg("in", [N, Hh, Ww, C], sh)
        f = p.arg("filter", [3, 3, C, K], [[], [], [], []])
        acc = p.fill("0.0", [N, Hh - 2, Ww - 2, K])
        to = ttype([N, Hh - 2, Ww - 2, K])
        r = p.op("linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, "
                 "strides = dense<1> : tensor<2xi64>} "
                 f"ins({i}, {f} : {ttype([N, Hh, Ww, C])}, {ttype([3, 3, C, K])}) "
                 f"outs({acc} : {to}) -> {to}", "conv")
        p.results.append((r, [N, Hh - 2, Ww - 2, K], sh))
    else:
        sys.exit(f"gen.py: unknown program {name}")
    return p


def pipeline_program(L, M, R, mb, D, F, devices, unpipelined):
    """The pipeline benchmark program (text, our syntax): see the docstring.
    Both forms take x [M, mb, D], W1 [R?, L, D, F], b1 [R?, L, F],
    W2 [R?, L, F, D] and return [M, mb, D]."""
    lead = [R, L] if R > 1 else [L]
    X = ttype([M, mb, D])
    W1, B1, W2 = ttype(lead + [D, F]), ttype(lead + [F]), ttype(lead + [F, D])
    out = []
    o = out.append
    if unpipelined:
        rows = f'#gspmd.tiled<@mesh, [[], ["d"], []]>'
        o(f'gspmd.mesh @mesh ["d"={devices}]')
        o(f"// {M * R * L} stage computations over {M} x {mb} rows: R = {R}, L = {L},"
          " as a plain sequence (no pipeline), rows on all devices.")
        o(f"func.func @main(%x: {X} {{gspmd.sharding = {rows}}},")
        o(f"    %w1: {W1} {{gspmd.sharding = #gspmd.replicated}},"
          f" %b1: {B1} {{gspmd.sharding = #gspmd.replicated}},"
          f" %w2: {W2} {{gspmd.sharding = #gspmd.replicated}})")
        o(f"    -> ({X} {{gspmd.sharding = {rows}}}) {{")
        o("  %zero = arith.constant 0.0 : f32")
        H = ttype([M, mb, F])
        cur = "%x"
        k = 0
        for r in range(R):
            for l in range(L):
                k += 1
                idx = f"{r}, {l}" if R > 1 else f"{l}"
                one = "1, 1" if R > 1 else "1"
                st = ", ".join(["1"] * (len(lead) + 2))
                st1 = ", ".join(["1"] * (len(lead) + 1))
                o(f"  %w1_{k} = tensor.extract_slice %w1[{idx}, 0, 0] [{one}, {D}, {F}] [{st}] : {W1} to {ttype([D, F])}")
                o(f"  %b1_{k} = tensor.extract_slice %b1[{idx}, 0] [{one}, {F}] [{st1}] : {B1} to {ttype([F])}")
                o(f"  %w2_{k} = tensor.extract_slice %w2[{idx}, 0, 0] [{one}, {F}, {D}] [{st}] : {W2} to {ttype([F, D])}")
                o(f"  %eh_{k} = tensor.empty() : {H}")
                o(f"  %zh_{k} = linalg.fill ins(%zero : f32) outs(%eh_{k} : {H}) -> {H}")
                o(f"  %h_{k} = linalg.generic {{indexing_maps = [affine_map<(m, r, f, d) -> (m, r, d)>,"
                  " affine_map<(m, r, f, d) -> (d, f)>, affine_map<(m, r, f, d) -> (m, r, f)>],"
                  ' iterator_types = ["parallel", "parallel", "parallel", "reduction"]}'
                  f" ins({cur}, %w1_{k} : {X}, {ttype([D, F])}) outs(%zh_{k} : {H}) {{")
                o("  ^bb0(%a: f32, %b: f32, %c: f32):")
                o("    %p = arith.mulf %a, %b : f32")
                o("    %s = arith.addf %c, %p : f32")
                o("    linalg.yield %s : f32")
                o(f"  }} -> {H}")
                o(f"  %t_{k} = linalg.generic {{indexing_maps = [affine_map<(m, r, f) -> (m, r, f)>,"
                  " affine_map<(m, r, f) -> (f)>, affine_map<(m, r, f) -> (m, r, f)>],"
                  ' iterator_types = ["parallel", "parallel", "parallel"]}'
                  f" ins(%h_{k}, %b1_{k} : {H}, {ttype([F])}) outs(%eh_{k} : {H}) {{")
                o("  ^bb0(%a: f32, %b: f32, %c: f32):")
                o("    %s = arith.addf %a, %b : f32")
                o("    %t = math.tanh %s : f32")
                o("    linalg.yield %t : f32")
                o(f"  }} -> {H}")
                o(f"  %ex_{k} = tensor.empty() : {X}")
                o(f"  %zx_{k} = linalg.fill ins(%zero : f32) outs(%ex_{k} : {X}) -> {X}")
                o(f"  %o_{k} = linalg.generic {{indexing_maps = [affine_map<(m, r, d, f) -> (m, r, f)>,"
                  " affine_map<(m, r, d, f) -> (f, d)>, affine_map<(m, r, d, f) -> (m, r, d)>],"
                  ' iterator_types = ["parallel", "parallel", "parallel", "reduction"]}'
                  f" ins(%t_{k}, %w2_{k} : {H}, {ttype([F, D])}) outs(%zx_{k} : {X}) {{")
                o("  ^bb0(%a: f32, %b: f32, %c: f32):")
                o("    %p = arith.mulf %a, %b : f32")
                o("    %s = arith.addf %c, %p : f32")
                o("    linalg.yield %s : f32")
                o(f"  }} -> {X}")
                o(f"  %y_{k} = arith.addf {cur}, %o_{k} : {X}")
                cur = f"%y_{k}"
        o(f"  return {cur} : {X}")
        o("}")
        return "\n".join(out) + "\n"
    stage = min(L, devices)
    if L % stage or devices % stage:
        sys.exit(f"gen.py: pipeline: L = {L} and {devices} devices need a stage "
                 "axis dividing both")
    data = devices // stage
    rows = '#gspmd.partially_tiled<@mesh, [[], ["data"], []]>'
    A, Hs = ttype([mb, D]), ttype([mb, F])
    s1, sb, s2 = ttype([D, F]), ttype([F]), ttype([F, D])
    rep = f" repeats = {R}" if R > 1 else ""
    o(f'gspmd.mesh @mesh ["stage"={stage}, "data"={data}]')
    o(f"// gspmd.pipeline: L = {L} stages, M = {M} micro-batches of {mb} rows, R = {R}.")
    o(f"func.func @main(%x: {X} {{gspmd.sharding = {rows}}},")
    o(f"    %w1: {W1}, %b1: {B1}, %w2: {W2}) -> ({X} {{gspmd.sharding = {rows}}}) {{")
    o(f"  %y = gspmd.pipeline %x : {X} params(%w1, %b1, %w2 : {W1}, {B1}, {W2})"
      f' on @mesh "stage"{rep} -> {X} {{')
    o(f"  ^bb0(%a: {A}, %w1l: {s1}, %b1l: {sb}, %w2l: {s2}):")
    o("    %zero = arith.constant 0.0 : f32")
    o(f"    %e1 = tensor.empty() : {Hs}")
    o(f"    %z1 = linalg.fill ins(%zero : f32) outs(%e1 : {Hs}) -> {Hs}")
    o(f"    %h = linalg.matmul ins(%a, %w1l : {A}, {s1}) outs(%z1 : {Hs}) -> {Hs}")
    o(f"    %bb = linalg.broadcast ins(%b1l : {sb}) outs(%e1 : {Hs}) dimensions = [0]")
    o(f"    %hb = arith.addf %h, %bb : {Hs}")
    o(f"    %t = math.tanh %hb : {Hs}")
    o(f"    %e2 = tensor.empty() : {A}")
    o(f"    %z2 = linalg.fill ins(%zero : f32) outs(%e2 : {A}) -> {A}")
    o(f"    %o = linalg.matmul ins(%t, %w2l : {Hs}, {s2}) outs(%z2 : {A}) -> {A}")
    o(f"    %r = arith.addf %a, %o : {A}")
    o(f"    gspmd.yield %r : {A}")
    o("  }")
    o(f"  return %y : {X}")
    o("}")
    return "\n".join(out) + "\n"


def analytic(name, devices, scale=1):
    """Minimum bytes each device sends for the strategy of a quality
    program (ring model, f32), as 'BYTES<TAB>formula'."""
    B, D, Fh = 64 * scale, 256 * scale, 1024 * scale
    n = devices
    if name in ("data", "matmul"):
        return "0\tno communication (weights replicated, batch split)"
    if name == "megatron":
        b = B * D * 4
        return f"{2 * b * (n - 1) // n}\tone all_reduce of the output: 2*B*D*4*(n-1)/n"
    if name == "2d":
        m = max(1, n // 2)
        b = (B // 2) * D * 4
        return f"{2 * b * (m - 1) // m}\tall_reduce over model of the local output: 2*(B/2)*D*4*(m-1)/m"
    if name == "fsdp":
        w = D * Fh * 4
        return (f"{4 * (w // n) * (n - 1)}\tall_gather W1, W2 + reduce_scatter dW1, dW2: "
                f"4*(|W|/n)*(n-1)")
    if name == "conv":
        N, Hh, Ww, C = 2, 34, 34, 16
        x, y = 2, max(1, n // 2)
        hl, wl = -(-Hh // x), -(-Ww // y)
        ho, wo = -(-(Hh - 2) // x), -(-(Ww - 2) // y)
        # device (0,0) needs input rows/cols [0, ho+2) x [0, wo+2) and holds hl x wl
        need = (min(ho + 2, Hh) * min(wo + 2, Ww) - min(hl, ho + 2) * min(wl, wo + 2))
        return (f"{need * N * C * 4}\thalo of a 3x3 window: ((Ho/x+2)(Wo/y+2) - (H/x)(W/y)) * N*C*4")
    return "-\tno analytic model"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("program")
    ap.add_argument("ops", type=int, nargs="?", default=2000)
    ap.add_argument("--syntax", choices=["gspmd", "shard"], default="gspmd")
    ap.add_argument("--devices", type=int, default=8)
    ap.add_argument("--hidden", type=int, default=64)
    ap.add_argument("--shared-bias", action="store_true")
    ap.add_argument("--elementwise", choices=["linalg", "arith"], default="linalg")
    ap.add_argument("--scale", type=int, default=1,
                    help="multiplies the sizes of matmul, data, megatron, 2d, fsdp")
    ap.add_argument("--data", type=int, default=2,
                    help="2d: the size of the data axis (model: the rest)")
    ap.add_argument("--analytic", action="store_true",
                    help="print the analytic minimum bytes per device of a "
                         "quality program and its formula, not the program")
    ap.add_argument("--stages", type=int, default=4, help="pipeline: L")
    ap.add_argument("--micro", type=int, default=8, help="pipeline: M")
    ap.add_argument("--repeats", type=int, default=1, help="pipeline: R")
    ap.add_argument("--mb", type=int, default=16, help="pipeline: rows per micro-batch")
    ap.add_argument("--ffn", type=int, default=256, help="pipeline: inner width")
    ap.add_argument("--unpipelined", action="store_true",
                    help="pipeline: the same model as a plain sequence of stages")
    a = ap.parse_args()
    if a.program == "pipeline":
        if a.syntax == "shard":
            sys.exit("gen.py: upstream's shard dialect has no pipeline")
        sys.stdout.write(pipeline_program(a.stages, a.micro, a.repeats, a.mb,
                                          a.hidden, a.ffn, a.devices,
                                          a.unpipelined))
        return
    if a.analytic:
        print(analytic(a.program, a.devices, a.scale))
        return
    if a.program in ("mlp", "mlp-megatron"):
        p = mlp_stack(a.ops, a.devices, a.hidden, a.shared_bias, a.elementwise,
                      a.program == "mlp-megatron")
    elif a.program == "transformer":
        p = transformer(a.ops, a.devices, a.hidden)
    else:
        p = quality(a.program, a.devices, a.scale, a.data)
        p.nops += 1
    p.print(a.syntax, "main", sys.stdout)


if __name__ == "__main__":
    main()
