#!/usr/bin/env python3
"""Generates an MLP stack in linalg on tensors with gspmd annotations.

  gen_mlp.py OPS [--devices N] [--shared-bias]

Each layer is fill + matmul + bias add + relu (about 6 ops). Only the input
(batch on "data") and the first weight (hidden on "model") are annotated, so
completion has to carry shardings through every layer. --shared-bias feeds
one bias tensor to every layer (a value with one user per layer). The mesh is
["data"=2, "model"=N/2].
"""
import argparse


def main():
    p = argparse.ArgumentParser()
    p.add_argument("ops", type=int)
    p.add_argument("--devices", type=int, default=8)
    p.add_argument("--shared-bias", action="store_true")
    p.add_argument("--hidden", type=int, default=64,
                   help="hidden size (a multiple of the model axis keeps "
                        "shards even, so the IR is the same for any mesh)")
    a = p.parse_args()
    layers = max(1, a.ops // 6)
    model = max(1, a.devices // 2)
    b, h = 16, a.hidden
    t = f"tensor<{b}x{h}xf32>"
    w = f"tensor<{h}x{h}xf32>"
    out = [f'gspmd.mesh @mesh ["data"=2, "model"={model}]']
    args = [f'%x: {t} {{gspmd.sharding = #gspmd.partially_tiled<@mesh, [["data"], []]>}}']
    for i in range(layers):
        ann = (' {gspmd.sharding = #gspmd.partially_tiled<@mesh, [[], ["model"]]>}'
               if i == 0 else "")
        args.append(f"%w{i}: {w}{ann}")
    args.append(f"%bias: {t}")
    out.append("func.func @mlp(" + ", ".join(args) + f") -> {t} {{")
    out.append("  %zero = arith.constant 0.0 : f32")
    out.append(f"  %zeros = arith.constant dense<0.0> : {t}")
    cur = "%x"
    for i in range(layers):
        bias = "%bias" if a.shared_bias else f"%b{i}"
        if not a.shared_bias:
            out.append(f"  %b{i} = arith.constant dense<0.5> : {t}")
        out.append(f"  %e{i} = tensor.empty() : {t}")
        out.append(f"  %f{i} = linalg.fill ins(%zero : f32) outs(%e{i} : {t}) -> {t}")
        out.append(f"  %m{i} = linalg.matmul ins({cur}, %w{i} : {t}, {w}) outs(%f{i} : {t}) -> {t}")
        out.append(f"  %a{i} = arith.addf %m{i}, {bias} : {t}")
        out.append(f"  %r{i} = arith.maximumf %a{i}, %zeros : {t}")
        cur = f"%r{i}"
    out.append(f"  return {cur} : {t}")
    out.append("}")
    print("\n".join(out))


if __name__ == "__main__":
    main()
