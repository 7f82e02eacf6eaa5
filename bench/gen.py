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

  gspmd-lm     lingvo's GShard dense LM training step with the GSPMD paper's
               2-D sharding (--model, --ffn-dim, --heads, --kv, --layers,
               --seq, --batch, --mesh XxY, --gated, --remat, --dtype).
  gshard-moe   GShard's MoE Transformer training step (encoder-decoder, every
               other feed-forward a top-2 MoE layer, Algorithm 2's einsums):
               groups and experts split over both axes of --mesh XxY, other
               weights replicated (--experts, --capacity, --seqs, --seq and
               the gspmd-lm dims).

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


# --- GPT training step (Megatron-LM's 3-D parallelism) -------------------
class _Gpt:
    """Text of a GPT training program, written stage-vectorised by hand:
    every tensor has a leading stage dim P (split on "stage") and a data dim
    D (split on "data"); heads and the MLP's inner dim split on "model"
    (Megatron's tensor parallelism). Dims are letters with sizes; ops are
    linalg.generic over named loops."""

    AXES = {"P": "stage", "D": "data", "a": "model", "f": "model"}

    def __init__(self, sizes, mesh, dtype):
        self.sizes = sizes        # letter -> size
        self.mesh = mesh          # [(axis, size)]
        self.dt = dtype
        self.lines = []
        self.n = 0

    def ty(self, dims):
        return ("tensor<" + "x".join(str(self.sizes[d]) for d in dims) +
                f"x{self.dt}>")

    def emit(self, text, base="v"):
        self.n += 1
        v = f"%{base}{self.n}"
        self.lines.append(f"{v} = {text}")
        return v

    def attr(self, dims, split=None):
        """gspmd sharding of a tensor with these dims: P on stage, D on
        data, a and f on model unless `split` lists the dims to split."""
        if split is None:
            split = self.AXES
        elif not isinstance(split, dict):
            split = {d: self.AXES[d] for d in split}
        used = set()
        parts = []
        for d in dims:
            ax = split.get(d)
            if ax and ax not in used:
                used.add(ax)
                parts.append(f'["{ax}"]')
            else:
                parts.append("[]")
        if not used:
            return "#gspmd.replicated"
        big = [a for a, s in self.mesh if s > 1]
        kind = "tiled" if all(a in used for a in big) else "partially_tiled"
        return f"#gspmd.{kind}<@mesh, [{', '.join(parts)}]>"

    def constrain(self, v, dims, split=None):
        return self.emit(f"gspmd.sharding_constraint {v}, "
                         f"{self.attr(dims, split)} : {self.ty(dims)}", "c")

    def const(self, value):
        return self.emit(f"arith.constant {value} : {self.dt}", "k")

    def fill(self, dims, value="0.0"):
        e = self.emit(f"tensor.empty() : {self.ty(dims)}", "e")
        c = self.const(value)
        t = self.ty(dims)
        return self.emit(f"linalg.fill ins({c} : {self.dt}) outs({e} : {t}) -> {t}", "z")

    def generic(self, ins, out_dims, init, red, body):
        """ins: [(value, dims)]; the result has out_dims; red: reduction
        loop letters; init: the value written into (None: tensor.empty);
        body: lines over %in0.., %acc ending in linalg.yield."""
        loops = list(out_dims) + list(red)
        idx = {d: f"d{i}" for i, d in enumerate(loops)}
        dl = ", ".join(idx[d] for d in loops)
        amap = lambda ds: f"affine_map<({dl}) -> ({', '.join(idx[d] for d in ds)})>"
        if init is None:
            init = self.emit(f"tensor.empty() : {self.ty(out_dims)}", "e")
        maps = ", ".join(amap(ds) for _, ds in ins + [(None, out_dims)])
        its = ", ".join('"parallel"' if d in out_dims else '"reduction"'
                        for d in loops)
        vals = ", ".join(v for v, _ in ins)
        tys = ", ".join(self.ty(ds) for _, ds in ins)
        args = ", ".join(f"%in{i}: {self.dt}" for i in range(len(ins)))
        t = self.ty(out_dims)
        text = (f"linalg.generic {{indexing_maps = [{maps}], iterator_types = [{its}]}}"
                f" ins({vals} : {tys}) outs({init} : {t}) {{\n"
                f"  ^bb0({args}, %acc: {self.dt}):\n" +
                "".join(f"    {l}\n" for l in body) + f"  }} -> {t}")
        return self.emit(text, "g")

    def contract(self, a, b, out_dims, init=None, split=None):
        """out (+)= sum over the other dims of a * b."""
        red = [d for d in a[1] + b[1] if d not in out_dims]
        red = list(dict.fromkeys(red))
        if init is None:
            init = self.fill(out_dims)
        r = self.generic([a, b], out_dims, init, red,
                         [f"%m = arith.mulf %in0, %in1 : {self.dt}",
                          f"%r = arith.addf %acc, %m : {self.dt}",
                          f"linalg.yield %r : {self.dt}"])
        return self.constrain(r, out_dims, split)

    def ew(self, ins, dims, ops, split=None):
        """Elementwise: ops are (name, operand a, operand b) on %in0.. and
        earlier results %t0..; the last one is yielded."""
        body = []
        for i, (name, x, y) in enumerate(ops):
            operands = ", ".join(o for o in (x, y) if o)
            body.append(f"%t{i} = {name} {operands} : {self.dt}")
        body.append(f"linalg.yield %t{len(ops) - 1} : {self.dt}")
        r = self.generic(ins, dims, None, [], body)
        return self.constrain(r, dims, split)

    def rowsum(self, ins, dims, red, square=False):
        """sum over `red` of in0 * in1 (or in0 * in0)."""
        other = "%in1" if len(ins) > 1 else "%in0"
        r = self.generic(ins, dims, self.fill(dims), red,
                         [f"%m = arith.mulf %in0, {other} : {self.dt}",
                          f"%r = arith.addf %acc, %m : {self.dt}",
                          f"linalg.yield %r : {self.dt}"])
        return self.constrain(r, dims)

    def softmax(self, v, dims, dim):
        e = self.emit(f"tensor.empty() : {self.ty(dims)}", "e")
        t = self.ty(dims)
        r = self.emit(f"linalg.softmax dimension({dims.index(dim)}) ins({v} : {t}) "
                      f"outs({e} : {t}) -> {t}", "sm")
        return self.constrain(r, dims)

    # --- one transformer layer ------------------------------------------
    X = "PDbsh"

    def layernorm(self, x):
        ss = self.rowsum([(x, self.X)], "PDbs", "h")
        return self.ew([(x, self.X), (ss, "PDbs")], self.X,
                       [("arith.mulf", "%in1", "%in1"),
                        ("math.rsqrt", "%t0", None),
                        ("arith.mulf", "%in0", "%t1")])

    def gelu(self, v, dims):
        return self.ew([(v, dims)], dims,
                       [("arith.mulf", "%in0", "%in0"), ("arith.mulf", "%t0", "%in0"),
                        ("arith.addf", "%in0", "%t1"), ("math.tanh", "%t2", None),
                        ("arith.addf", "%t3", "%in0"), ("arith.mulf", "%t4", "%in0")])

    def attention(self, x, w):
        """The layer's attention half with its residual: x1 and the
        activations the backward pass reads."""
        X = self.X
        y1 = self.layernorm(x)
        q = self.contract((y1, X), (w["q"], "Phae"), "PDbsae")
        k = self.contract((y1, "PDbrh"), (w["k"], "Phae"), "PDbrae")
        v = self.contract((y1, "PDbrh"), (w["v"], "Phae"), "PDbrae")
        s = self.contract((q, "PDbsae"), (k, "PDbrae"), "PDbasr")
        p = self.softmax(s, "PDbasr", "r")
        c = self.contract((p, "PDbasr"), (v, "PDbrae"), "PDbsae")
        o = self.contract((c, "PDbsae"), (w["o"], "Paeh"), X)
        x1 = self.ew([(x, X), (o, X)], X, [("arith.addf", "%in0", "%in1")])
        return x1, dict(x=x, y1=y1, q=q, k=k, v=v, p=p, c=c, x1=x1)

    def forward(self, x, w):
        """One layer (pre-LN, Megatron's tensor parallelism). Returns the
        output and the activations the backward pass reads."""
        X = self.X
        x1, a = self.attention(x, w)
        y2 = self.layernorm(x1)
        hh = self.contract((y2, X), (w["1"], "Phf"), "PDbsf")
        g = self.gelu(hh, "PDbsf")
        o2 = self.contract((g, "PDbsf"), (w["2"], "Pfh"), X)
        x2 = self.ew([(x1, X), (o2, X)], X, [("arith.addf", "%in0", "%in1")])
        a.update(y2=y2, h=hh, g=g)
        return x2, a

    def backward(self, a, dx2, w, acc):
        """The layer's backward pass from its recomputed activations `a`:
        the input's gradient and the weight gradients accumulated into
        acc[name] ([P, D, ...]: each data replica its own, summed after the
        loop)."""
        X = self.X
        new = {}
        dg = self.contract((dx2, X), (w["2"], "Pfh"), "PDbsf")
        new["2"] = self.contract((a["g"], "PDbsf"), (dx2, X), "PDfh", acc["2"])
        dh = self.ew([(dg, "PDbsf"), (a["h"], "PDbsf")], "PDbsf",
                     [("arith.mulf", "%in1", "%in1"), ("math.tanh", "%t0", None),
                      ("arith.mulf", "%in0", "%t1")])
        dy2 = self.contract((dh, "PDbsf"), (w["1"], "Phf"), X)
        new["1"] = self.contract((a["y2"], X), (dh, "PDbsf"), "PDhf", acc["1"])
        dx1 = self.lnBackward(dy2, a["x1"], dx2)

        def grad(name, lhs, rhs, dims):
            new[name] = self.contract(lhs, rhs, "PD" + dims, acc[name])
        return self.attentionBackward(a, dx1, w, grad), new

    def attentionBackward(self, a, dx1, w, grad):
        """The attention half's backward from dx1, the gradient of its
        output: the layer input's gradient. Each weight gradient is made by
        grad(name, lhs, rhs, dims) (dims: the weight's, without P and D)."""
        X = self.X
        dc = self.contract((dx1, X), (w["o"], "Paeh"), "PDbsae")
        grad("o", (a["c"], "PDbsae"), (dx1, X), "aeh")
        dp = self.contract((dc, "PDbsae"), (a["v"], "PDbrae"), "PDbasr")
        dv = self.contract((a["p"], "PDbasr"), (dc, "PDbsae"), "PDbrae")
        rs = self.rowsum([(dp, "PDbasr"), (a["p"], "PDbasr")], "PDbas", "r")
        ds = self.ew([(dp, "PDbasr"), (a["p"], "PDbasr"), (rs, "PDbas")], "PDbasr",
                     [("arith.subf", "%in0", "%in2"), ("arith.mulf", "%t0", "%in1")])
        dq = self.contract((ds, "PDbasr"), (a["k"], "PDbrae"), "PDbsae")
        dk = self.contract((ds, "PDbasr"), (a["q"], "PDbsae"), "PDbrae")
        dy1 = self.contract((dq, "PDbsae"), (w["q"], "Phae"), X)
        # K and V were read at key positions r; their gradients flow back to
        # the same rows of y1, so r is s again here.
        dy1 = self.contract((dk, "PDbsae"), (w["k"], "Phae"), X, dy1)
        dy1 = self.contract((dv, "PDbsae"), (w["v"], "Phae"), X, dy1)
        for name, d in (("q", dq), ("k", dk), ("v", dv)):
            grad(name, (a["y1"], X), (d, "PDbsae"), "hae")
        return self.lnBackward(dy1, a["x"], dx1)

    def lnBackward(self, dy, x, residual):
        """dx = residual + the layernorm's backward (a row reduction and an
        elementwise pass, as its forward)."""
        X = self.X
        ss = self.rowsum([(dy, X), (x, X)], "PDbs", "h")
        return self.ew([(dy, X), (x, X), (ss, "PDbs"), (residual, X)], X,
                       [("arith.mulf", "%in1", "%in2"), ("arith.subf", "%in0", "%t0"),
                        ("arith.addf", "%t1", "%in3")])


GPT_WEIGHTS = {"q": "Phae", "k": "Phae", "v": "Phae", "o": "Paeh",
               "1": "Phf", "2": "Pfh"}


def gpt_program(hidden, heads, seq, mb, layers, tp, dp, pp, micro, dtype,
                scatter=False):
    """A Megatron-LM training step of a GPT model, as one pipeline stage's
    program vectorised over the pp stages (the form gspmd-pipeline emits,
    written out): a loop of M + pp - 1 iterations (1F1B: each iteration a
    micro-batch's forward and, with activation recomputation, its
    recomputed forward and backward through the stage's layers), the
    activation passed to the next stage and the gradient to the previous
    one by shifts on the stage dim, weight gradients accumulated per data
    replica and summed over "data" after the loop. Marked with
    gspmd.pipeline_loop so that gspmd-simulate reports the bubble. Costs
    are those of the real step; the values are not (the recomputation
    reads the incoming gradient, the bubble iterations compute like the
    others). scatter: stage-to-stage sends as Megatron's scatter/gather
    optimisation (1/t of the activation from each GPU of a stage, then an
    all_gather on "model")."""
    if layers % pp or heads % tp or (4 * hidden) % tp or hidden % heads:
        sys.exit("gen.py: gpt: layers % pp, heads % tp, 4 hidden % tp and "
                 "hidden % heads must be 0")
    L = layers // pp
    sizes = {"P": pp, "D": dp, "b": mb, "s": seq, "r": seq, "h": hidden,
             "a": heads, "e": hidden // heads, "f": 4 * hidden}
    mesh = [("stage", pp), ("data", dp), ("model", tp)]
    g = _Gpt(sizes, mesh, dtype)
    X = g.X
    args = [("x", X), ("gin", X)]
    for i in range(L):
        args += [(f"w{n}_{i}", d) for n, d in GPT_WEIGHTS.items()]
    grads = {n: "PD" + d[1:] for n, d in GPT_WEIGHTS.items()}
    # accumulators, zero before the loop
    acc0 = {}
    for i in range(L):
        for n, d in grads.items():
            acc0[(i, n)] = g.constrain(g.fill(d), d)
    c0 = g.emit("arith.constant 0 : index", "i")
    c1 = g.emit("arith.constant 1 : index", "i")
    trips = micro + pp - 1
    cT = g.emit(f"arith.constant {trips} : index", "i")
    keys = list(acc0)
    head = g.lines
    g.lines = []
    # the loop body
    w = [{n: f"%w{n}_{i}" for n in GPT_WEIGHTS} for i in range(L)]
    acc = {k: f"%acc_{k[0]}_{k[1]}" for k in keys}
    st, gst = "%st", "%gst"
    if pp > 1:
        shape = [pp - 1, dp, mb, seq, hidden]
        part = "x".join(map(str, shape)) + f"x{g.dt}"
        zero = g.const("0.0")
        if scatter and tp > 1:
            # Megatron's scatter/gather: each of a stage's t GPUs sends 1/t of
            # the activation (h split on "model", a local slice), the
            # receivers all_gather it on "model" (NVLink).
            sg = {"P": "stage", "D": "data", "h": "model"}
            st = g.constrain(st, X, sg)
            gst = g.constrain(gst, X, sg)
        sl = g.emit(f"tensor.extract_slice {st}[0, 0, 0, 0, 0] [{', '.join(map(str, shape))}]"
                    f" [1, 1, 1, 1, 1] : {g.ty(X)} to tensor<{part}>", "sl")
        xs = g.emit(f"tensor.pad {sl} low[1, 0, 0, 0, 0] high[0, 0, 0, 0, 0] {{\n"
                    f"  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index, %i4: index):\n"
                    f"    tensor.yield {zero} : {g.dt}\n  }} : tensor<{part}> to {g.ty(X)}", "sh")
        xs = g.constrain(xs, X)
        sl = g.emit(f"tensor.extract_slice {gst}[1, 0, 0, 0, 0] [{', '.join(map(str, shape))}]"
                    f" [1, 1, 1, 1, 1] : {g.ty(X)} to tensor<{part}>", "sl")
        gs = g.emit(f"tensor.pad {sl} low[0, 0, 0, 0, 0] high[1, 0, 0, 0, 0] {{\n"
                    f"  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index, %i4: index):\n"
                    f"    tensor.yield {zero} : {g.dt}\n  }} : tensor<{part}> to {g.ty(X)}", "sh")
        gs = g.constrain(gs, X)
    else:
        xs, gs = st, gst
    y = xs
    for i in range(L):                       # forward
        y, _ = g.forward(y, w[i])
    r = gs                                   # recomputation, then backward
    saved = []
    for i in range(L):
        r, a = g.forward(r, w[i])
        saved.append(a)
    # The recomputed stage output stands for the gradient arriving from the
    # next stage, so that the last layer's recomputation is not dead code
    # (Megatron recomputes whole layers; equation (3) counts it).
    dx = r
    out = {}
    for i in reversed(range(L)):
        dx, new = g.backward(saved[i], dx, w[i], {n: acc[(i, n)] for n in GPT_WEIGHTS})
        for n in GPT_WEIGHTS:
            out[(i, n)] = new[n]
    body = g.lines
    g.lines = []
    # after the loop: sum the replicas' gradients over "data"
    res = {}
    for k in keys:
        d = grads[k[1]]
        wd = GPT_WEIGHTS[k[1]]
        red = g.generic([(f"%loop#{2 + keys.index(k)}", d)], wd, g.fill(wd), "D",
                        [f"%r = arith.addf %in0, %acc : {g.dt}",
                         f"linalg.yield %r : {g.dt}"])
        res[k] = g.constrain(red, wd)
    tail = g.lines

    o = []
    o.append('gspmd.mesh @mesh [' + ", ".join(f'"{a}"={s}' for a, s in mesh) + ']')
    o.append(f"// gen.py gpt: hidden {hidden}, {heads} heads, seq {seq}, micro-batch "
             f"{mb}, {layers} layers ({L} a stage), tensor {tp} x pipeline {pp} x "
             f"data {dp} = {tp * pp * dp} devices, {micro} micro-batches a step "
             f"(batch {micro * mb * dp}), {dtype}.")
    sig = ",\n    ".join(f"%{n}: {g.ty(d)} {{gspmd.sharding = {g.attr(d)}}}"
                         for n, d in args)
    rtys = [g.ty(X)] + [g.ty(GPT_WEIGHTS[k[1]]) for k in keys]
    ratt = [g.attr(X)] + [g.attr(GPT_WEIGHTS[k[1]]) for k in keys]
    o.append(f"func.func @main({sig})\n    -> (" +
             ", ".join(f"{t} {{gspmd.sharding = {a}}}" for t, a in zip(rtys, ratt)) + ") {")
    o += ["  " + l.replace("\n", "\n  ") for l in head]
    iters = [f"%st = %x", "%gst = %gin"] + [f"{acc[k]} = {acc0[k]}" for k in keys]
    itys = [g.ty(X), g.ty(X)] + [g.ty(grads[k[1]]) for k in keys]
    o.append(f"  %loop:{len(iters)} = scf.for %it = {c0} to {cT} step {c1} iter_args("
             + ", ".join(iters) + ") -> (" + ", ".join(itys) + ") {")
    o += ["    " + l.replace("\n", "\n    ") for l in body]
    o.append(f"    scf.yield {y}, {dx}, " + ", ".join(out[k] for k in keys) + " : "
             + ", ".join(itys))
    o.append(f"  }} {{gspmd.pipeline_loop = {{bubble_iterations = {pp - 1} : i64, "
             f"microbatches = {micro} : i64, repeats = 1 : i64, stages = {pp} : i64}}}}")
    o += ["  " + l.replace("\n", "\n  ") for l in tail]
    o.append("  return %loop#0, " + ", ".join(res[k] for k in keys) + " : " +
             ", ".join(rtys))
    o.append("}")
    return "\n".join(o) + "\n"


# --- GShard/GSPMD dense LM (2-D sharding) ----------------------------------
class _Lm2d(_Gpt):
    """_Gpt's ops with the GSPMD paper's 2-D sharding on a mesh x by y
    (lingvo's DenseBuilder, as lingvo/tasks/lm/README.md describes it): a
    weight [M, H] (or [M, N, D]) has its model dim M on x and its hidden
    dim H (or heads N) on y; an activation [B, S, M] has its batch on x and
    M on y, [B, S, H] its batch on x and H on y. The data dim D is the
    batch's split on x (size x), b the rows each holds; P has size 1."""

    def attr(self, dims, split=None):
        if split is None:
            ys = [d for d in "afh" if d in dims]
            split = {ys[0]: "y"} if ys else {}
            if "D" in dims:
                split["D"] = "x"
            elif "h" in dims and ys and ys[0] != "h":
                split["h"] = "x"
        return _Gpt.attr(self, dims, split)

    def ffn(self, y2, w, gated):
        X = self.X
        hh = self.contract((y2, X), (w["1"], "Phf"), "PDbsf")
        g = self.gelu(hh, "PDbsf")
        a = dict(h=hh, g=g)
        if gated:
            h1 = self.contract((y2, X), (w["3"], "Phf"), "PDbsf")
            g = self.ew([(g, "PDbsf"), (h1, "PDbsf")], "PDbsf",
                        [("arith.mulf", "%in0", "%in1")])
            a.update(h1=h1, gh=a["g"], g=g)
        return self.contract((g, "PDbsf"), (w["2"], "Pfh"), X), a

    def forwardLm(self, x, w, gated):
        """One layer: _Gpt.forward with a (gated-)GELU feed-forward."""
        X = self.X
        x1, att = self.attention(x, w)
        y2 = self.layernorm(x1)
        o2, a = self.ffn(y2, w, gated)
        x2 = self.ew([(x1, X), (o2, X)], X, [("arith.addf", "%in0", "%in1")])
        a.update(att, y2=y2)
        return x2, a

    def backwardLm(self, a, dx2, w, gated):
        """_Gpt.backward with the weight gradients summed over the batch
        into the weights' own layout (no per-replica accumulators)."""
        X = self.X
        new = {}
        dg = self.contract((dx2, X), (w["2"], "Pfh"), "PDbsf")
        new["2"] = self.contract((a["g"], "PDbsf"), (dx2, X), "Pfh")
        gelu_d = [("arith.mulf", "%in1", "%in1"), ("math.tanh", "%t0", None),
                  ("arith.mulf", "%in0", "%t1")]
        if gated:
            dh1 = self.ew([(dg, "PDbsf"), (a["gh"], "PDbsf")], "PDbsf",
                          [("arith.mulf", "%in0", "%in1")])
            dgh = self.ew([(dg, "PDbsf"), (a["h1"], "PDbsf")], "PDbsf",
                          [("arith.mulf", "%in0", "%in1")])
            dh = self.ew([(dgh, "PDbsf"), (a["h"], "PDbsf")], "PDbsf", gelu_d)
            new["3"] = self.contract((a["y2"], X), (dh1, "PDbsf"), "Phf")
        else:
            dh = self.ew([(dg, "PDbsf"), (a["h"], "PDbsf")], "PDbsf", gelu_d)
        dy2 = self.contract((dh, "PDbsf"), (w["1"], "Phf"), X)
        if gated:
            dy2 = self.contract((dh1, "PDbsf"), (w["3"], "Phf"), X, dy2)
        new["1"] = self.contract((a["y2"], X), (dh, "PDbsf"), "Phf")
        dx1 = self.lnBackward(dy2, a["x1"], dx2)

        def grad(name, lhs, rhs, dims):
            new[name] = self.contract(lhs, rhs, "P" + dims)
        return self.attentionBackward(a, dx1, w, grad), new


def gspmd_lm_program(model, ffn, heads, kv, layers, seq, batch, x, y, gated,
                     remat, dtype):
    """A training step of lingvo's GShard dense LM (DenseBuilder,
    UniTransformer; lingvo/tasks/lm/params/synthetic_packed_input.py) with
    the GSPMD paper's 2-D sharding on an x by y mesh: every layer's forward
    (pre-LN attention with `heads` heads of width `kv`, (gated-)GELU
    feed-forward of width `ffn`), with `remat` its recomputation, and its
    backward, the weight gradients in the weights' layout. No embedding,
    logits, loss or optimizer update (under 1% of the FLOPs at these
    sizes). The backward pass starts from the (recomputed) output, which
    stands for the loss gradient."""
    if batch % x or heads % y or ffn % y or model % x:
        sys.exit("gen.py: gspmd-lm: batch and model % x, heads and ffn % y "
                 "must be 0")
    sizes = {"P": 1, "D": x, "b": batch // x, "s": seq, "r": seq, "h": model,
             "a": heads, "e": kv, "f": ffn}
    g = _Lm2d(sizes, [("x", x), ("y", y)], dtype)
    names = dict(GPT_WEIGHTS)
    if gated:
        names["3"] = "Phf"
    w = [{n: f"%w{n}_{i}" for n in names} for i in range(layers)]
    args = [("x", g.X)] + [(f"w{n}_{i}", d) for i in range(layers)
                           for n, d in names.items()]
    out, saved = "%x", []
    for i in range(layers):
        out, a = g.forwardLm(out, w[i], gated)
        saved.append(a)
    dx = out
    if remat:
        # the recomputed forward, from its own argument (the checkpointed
        # input; from %x CSE would fold it into the first forward); the
        # backward reads its activations, the first forward's output is
        # returned (it stands for the loss)
        args.append(("xr", g.X))
        dx, saved = "%xr", []
        for i in range(layers):
            dx, a = g.forwardLm(dx, w[i], gated)
            saved.append(a)
    grads = {}
    for i in reversed(range(layers)):
        dx, new = g.backwardLm(saved[i], dx, w[i], gated)
        for n in names:
            grads[(i, n)] = new[n]
    keys = [(i, n) for i in range(layers) for n in names]
    o = ['gspmd.mesh @mesh ["x"=%d, "y"=%d]' % (x, y)]
    o.append(f"// gen.py gspmd-lm: model {model}, ffn {ffn}"
             f"{' (gated)' if gated else ''}, {heads} heads of {kv}, {layers} "
             f"layers, seq {seq}, batch {batch}, mesh {x} x {y}"
             f"{', recomputed forward' if remat else ''}, {dtype}.")
    sig = ",\n    ".join(f"%{n}: {g.ty(d)} {{gspmd.sharding = {g.attr(d)}}}"
                         for n, d in args)
    lead = [dx, out] if remat else [dx]
    rtys = [g.ty(g.X)] * len(lead) + [g.ty(names[k[1]]) for k in keys]
    ratt = [g.attr(g.X)] * len(lead) + [g.attr(names[k[1]]) for k in keys]
    o.append(f"func.func @main({sig})\n    -> (" +
             ", ".join(f"{t} {{gspmd.sharding = {a}}}" for t, a in zip(rtys, ratt))
             + ") {")
    o += ["  " + l.replace("\n", "\n  ") for l in g.lines]
    o.append("  return " + ", ".join(lead + [grads[k] for k in keys]) + " : " +
             ", ".join(rtys))
    o.append("}")
    return "\n".join(o) + "\n"


# --- GShard's MoE Transformer (experts split over every device) ----------
class _Moe(_Lm2d):
    """_Lm2d's ops with GShard's sharding on an x by y mesh (Lepikhin et
    al., arXiv 2006.16668, Section 3 and Algorithm 2): the groups dim D of
    every activation split over both axes, every dense weight (the gate's
    too) replicated (the attention and feed-forward layers data-parallel),
    the experts dim
    E of the expert weights and of the experts' buffers split over both
    axes. A tensor with both D and E has the first of them split unless
    `split` names the other."""

    def attr(self, dims, split=None):
        if split is None and dims != "PhE":  # the gate weight: replicated
            split = next((d for d in dims if d in "DE"), None)
        parts = ['["x", "y"]' if d == split else "[]" for d in dims]
        if split is None:
            return "#gspmd.replicated"
        return f"#gspmd.tiled<@mesh, [{', '.join(parts)}]>"

    def relu(self, v, dims):
        return self.ew([(v, dims)], dims, [("arith.subf", "%in0", "%in0"),
                                           ("arith.maximumf", "%in0", "%t0")])

    def reluBackward(self, d, h, dims):
        """d where h > 0, else 0."""
        return self.ew([(d, dims), (h, dims)], dims,
                       [("arith.subf", "%in1", "%in1"),
                        ("arith.cmpf ogt,", "%in1", "%t0"),
                        ("arith.subf", "%in0", "%in0"),
                        ("arith.select", "%t1", "%in0, %t2")])

    def moe(self, y2, w):
        """Algorithm 2: the gates (einsum, softmax), Top2Gating as two
        elementwise passes over [G, S, E, C] (its cumsum and top-2 are not
        modelled), the dispatch einsum into the experts' buffers (computed
        on the groups' devices, moved to the experts' by an all_to_all),
        the experts' two einsums and ReLU, the expert outputs moved back by
        an all_to_all and the combine einsum."""
        X = self.X
        logits = self.contract((y2, X), (w["g"], "PhE"), "PDbsE")
        gates = self.softmax(logits, "PDbsE", "E")
        comb = self.ew([(gates, "PDbsE")], "PDbsEc",
                       [("arith.mulf", "%in0", "%in0")])
        disp = self.ew([(comb, "PDbsEc")], "PDbsEc",
                       [("math.ceil", "%in0", None)])
        xin = self.contract((disp, "PDbsEc"), (y2, X), "PEDch", split="E")
        h = self.contract((xin, "PEDch"), (w["i"], "PEhf"), "PEDcf")
        r = self.relu(h, "PEDcf")
        eo = self.contract((r, "PEDcf"), (w["u"], "PEfh"), "PEDch")
        eog = self.constrain(eo, "PEDch", "D")
        out = self.contract((comb, "PDbsEc"), (eog, "PEDch"), X)
        return out, dict(gates=gates, comb=comb, disp=disp, xin=xin, h=h,
                         r=r, eog=eog)

    def moeBackward(self, a, dout, y2, w, new):
        X = self.X
        deo = self.contract((a["comb"], "PDbsEc"), (dout, X), "PEDch",
                            split="E")
        dcomb = self.contract((dout, X), (a["eog"], "PEDch"), "PDbsEc")
        dr = self.contract((deo, "PEDch"), (w["u"], "PEfh"), "PEDcf")
        new["u"] = self.contract((a["r"], "PEDcf"), (deo, "PEDch"), "PEfh")
        dh = self.reluBackward(dr, a["h"], "PEDcf")
        dxin = self.contract((dh, "PEDcf"), (w["i"], "PEhf"), "PEDch")
        new["i"] = self.contract((a["xin"], "PEDch"), (dh, "PEDcf"), "PEhf")
        dxg = self.constrain(dxin, "PEDch", "D")
        dy2 = self.contract((a["disp"], "PDbsEc"), (dxg, "PEDch"), X)
        # the gates' gradient: through Top2Gating (elementwise) and the
        # softmax (a row sum and an elementwise pass), then the gate einsum
        dg = self.rowsum([(dcomb, "PDbsEc"), (a["comb"], "PDbsEc")], "PDbsE",
                         "c")
        rs = self.rowsum([(dg, "PDbsE"), (a["gates"], "PDbsE")], "PDbs", "E")
        dl = self.ew([(dg, "PDbsE"), (a["gates"], "PDbsE"), (rs, "PDbs")],
                     "PDbsE", [("arith.subf", "%in0", "%in2"),
                               ("arith.mulf", "%t0", "%in1")])
        new["g"] = self.contract((y2, X), (dl, "PDbsE"), "PhE")
        return self.contract((dl, "PDbsE"), (w["g"], "PhE"), X, dy2)

    def layerFwd(self, x, w, moe, cross):
        """A Transformer layer: self-attention, with `cross` a second
        attention (the decoder's cross-attention, as self-attention of the
        same size), then the feed-forward (ReLU) or with `moe` the MoE."""
        X = self.X
        x1, att = self.attention(x, w)
        a = dict(att=att)
        if cross:
            x1, a["cross"] = self.attention(x1, {k: w["c" + k] for k in "qkvo"})
        y2 = self.layernorm(x1)
        if moe:
            o2, a["moe"] = self.moe(y2, w)
        else:
            hh = self.contract((y2, X), (w["1"], "Phf"), "PDbsf")
            g = self.relu(hh, "PDbsf")
            o2 = self.contract((g, "PDbsf"), (w["2"], "Pfh"), X)
            a.update(h=hh, g=g)
        x2 = self.ew([(x1, X), (o2, X)], X, [("arith.addf", "%in0", "%in1")])
        a.update(y2=y2, x1=x1)
        return x2, a

    def layerBwd(self, a, dx2, w, moe, cross):
        X = self.X
        new = {}
        if moe:
            dy2 = self.moeBackward(a["moe"], dx2, a["y2"], w, new)
        else:
            dg = self.contract((dx2, X), (w["2"], "Pfh"), "PDbsf")
            new["2"] = self.contract((a["g"], "PDbsf"), (dx2, X), "Pfh")
            dh = self.reluBackward(dg, a["h"], "PDbsf")
            dy2 = self.contract((dh, "PDbsf"), (w["1"], "Phf"), X)
            new["1"] = self.contract((a["y2"], X), (dh, "PDbsf"), "Phf")
        dx1 = self.lnBackward(dy2, a["x1"], dx2)

        def grad(name, lhs, rhs, dims):
            new[name] = self.contract(lhs, rhs, "P" + dims)
        if cross:
            def cgrad(name, lhs, rhs, dims):
                new["c" + name] = self.contract(lhs, rhs, "P" + dims)
            dx1 = self.attentionBackward(
                a["cross"], dx1, {k: w["c" + k] for k in "qkvo"}, cgrad)
        return self.attentionBackward(a["att"], dx1, w, grad), new


def gshard_moe_program(model, ffn, heads, kv, layers, experts, cap, seq,
                       seqs, x, y, remat, dtype):
    """A training step of GShard's MoE Transformer (arXiv 2006.16668,
    Sections 2 and 3, Appendix A.2) on an x by y mesh: an encoder of
    layers/2 layers over the source tokens and a decoder of layers/2 over
    the target tokens (each decoder layer a second attention of the same
    size standing for the cross-attention), every other layer's
    feed-forward an MoE layer of `experts` experts with top-2 gating over
    groups (G = experts groups of `seqs` sequences of `seq` tokens each,
    expert capacity `cap` a group), the groups split over both mesh axes,
    dense weights replicated, experts split over both axes. Forward, with
    `remat` a recomputed forward, and backward; weight gradients in the
    weights' layout (the dense ones summed over every device by the
    partitioner's all_reduce). No embedding, softmax over the vocabulary,
    loss or optimizer; the encoder's backward starts from its output (the
    cross-attention's gradient into it is not modelled)."""
    if experts % (x * y):
        sys.exit("gen.py: gshard-moe: experts % (x * y) must be 0")
    sizes = {"P": 1, "D": experts, "b": seqs, "s": seq, "r": seq, "h": model,
             "a": heads, "e": kv, "f": ffn, "E": experts, "c": cap}
    g = _Moe(sizes, [("x", x), ("y", y)], dtype)
    half = layers // 2
    kinds = [(i % 2 == 1, i >= half) for i in range(layers)]  # (moe, cross)
    names = []
    for moe, cross in kinds:
        n = {"q": "Phae", "k": "Phae", "v": "Phae", "o": "Paeh"}
        if cross:
            n.update({"c" + k: d for k, d in list(n.items())})
        if moe:
            n.update(g="PhE", i="PEhf", u="PEfh")
        else:
            n.update({"1": "Phf", "2": "Pfh"})
        names.append(n)
    w = [{n: f"%w{n}_{i}" for n in names[i]} for i in range(layers)]
    args = [("src", g.X), ("tgt", g.X)]
    args += [(f"w{n}_{i}", d) for i in range(layers) for n, d in names[i].items()]

    def forward(src, tgt):
        out, saved = src, []
        for i in range(layers):
            if i == half:
                enc, out = out, tgt
            out, a = g.layerFwd(out, w[i], *kinds[i])
            saved.append(a)
        return enc, out, saved
    enc, dec, saved = forward("%src", "%tgt")
    lead = [enc, dec]
    denc, ddec = enc, dec
    if remat:
        args += [("srcr", g.X), ("tgtr", g.X)]
        denc, ddec, saved = forward("%srcr", "%tgtr")
    grads = {}
    dx = ddec
    for i in reversed(range(layers)):
        if i == half - 1:
            dx = denc
        dx, new = g.layerBwd(saved[i], dx, w[i], *kinds[i])
        for n in names[i]:
            grads[(i, n)] = new[n]
    keys = [(i, n) for i in range(layers) for n in names[i]]
    o = ['gspmd.mesh @mesh ["x"=%d, "y"=%d]' % (x, y)]
    o.append(f"// gen.py gshard-moe: model {model}, ffn {ffn}, {heads} heads of "
             f"{kv}, {layers} layers ({half} encoder, {half} decoder), every "
             f"other feed-forward an MoE of {experts} experts (capacity {cap} "
             f"a group), {experts} groups of {seqs} x {seq} tokens a side, "
             f"mesh {x} x {y}{', recomputed forward' if remat else ''}, "
             f"{dtype}.")
    sig = ",\n    ".join(f"%{n}: {g.ty(d)} {{gspmd.sharding = {g.attr(d)}}}"
                         for n, d in args)
    dims = [g.X] * len(lead) + [names[i][n] for i, n in keys]
    o.append(f"func.func @main({sig})\n    -> (" +
             ", ".join(f"{g.ty(d)} {{gspmd.sharding = {g.attr(d)}}}"
                       for d in dims) + ") {")
    o += ["  " + l.replace("\n", "\n  ") for l in g.lines]
    o.append("  return " + ", ".join(lead + [grads[k] for k in keys]) + " : " +
             ", ".join(g.ty(d) for d in dims))
    o.append("}")
    return "\n".join(o) + "\n"


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
    ap.add_argument("--heads", type=int, default=8, help="gpt: attention heads")
    ap.add_argument("--seq", type=int, default=64, help="gpt: sequence length")
    ap.add_argument("--layers", type=int, default=2, help="gpt: layers")
    ap.add_argument("--tp", type=int, default=1, help="gpt: tensor-parallel size")
    ap.add_argument("--pp", type=int, default=1, help="gpt: pipeline stages")
    ap.add_argument("--dp", type=int, default=1, help="gpt: data-parallel size")
    ap.add_argument("--dtype", default="bf16", help="gpt: element type")
    ap.add_argument("--scatter-gather", action="store_true",
                    help="gpt: stage sends split over model, then gathered")
    ap.add_argument("--model", type=int, default=64, help="gspmd-lm: model dim M")
    ap.add_argument("--ffn-dim", type=int, default=256, help="gspmd-lm: hidden dim H")
    ap.add_argument("--kv", type=int, default=8, help="gspmd-lm: width of a head")
    ap.add_argument("--batch", type=int, default=8, help="gspmd-lm: global batch")
    ap.add_argument("--mesh", default="2x2", help="gspmd-lm: the mesh, x by y")
    ap.add_argument("--gated", action="store_true", help="gspmd-lm: gated GELU")
    ap.add_argument("--remat", action="store_true",
                    help="gspmd-lm: recompute the forward before the backward")
    ap.add_argument("--experts", type=int, default=4,
                    help="gshard-moe: experts a MoE layer (= groups)")
    ap.add_argument("--capacity", type=int, default=2,
                    help="gshard-moe: expert capacity a group")
    ap.add_argument("--seqs", type=int, default=2,
                    help="gshard-moe: sequences a group")
    a = ap.parse_args()
    if a.program == "gshard-moe":
        x, y = (int(v) for v in a.mesh.split("x"))
        sys.stdout.write(gshard_moe_program(
            a.model, a.ffn_dim, a.heads, a.kv, a.layers, a.experts,
            a.capacity, a.seq, a.seqs, x, y, a.remat, a.dtype))
        return
    if a.program == "gspmd-lm":
        x, y = (int(v) for v in a.mesh.split("x"))
        sys.stdout.write(gspmd_lm_program(a.model, a.ffn_dim, a.heads, a.kv,
                                          a.layers, a.seq, a.batch, x, y,
                                          a.gated, a.remat, a.dtype))
        return
    if a.program == "gpt":
        sys.stdout.write(gpt_program(a.hidden, a.heads, a.seq, a.mb, a.layers,
                                     a.tp, a.dp, a.pp, a.micro, a.dtype,
                                     a.scatter_gather))
        return
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
