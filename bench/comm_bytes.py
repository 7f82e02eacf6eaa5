#!/usr/bin/env python3
"""Collectives of a partitioned program in upstream `shard` syntax, with the
bytes each device sends under the same ring model as gspmd-comm-report
(lib/Sharding/cost.c; B = local input bytes, n = group size):
all_reduce 2B(n-1)/n, all_gather B(n-1), reduce_scatter and all_to_all
B(n-1)/n, shift / permute / send B, broadcast and scatter B(n-1)/n at the
root (counted as B(n-1)/n per device), all_slice and the index ops nothing.

  comm_bytes.py FILE        prints "kind count bytes" lines and a total line
  comm_bytes.py --gspmd FILE   the same for our gspmd.* collectives (a check
                               of the model against gspmd-comm-report)
"""
import re
import sys

ELT = {"f64": 8, "i64": 8, "f32": 4, "i32": 4, "f16": 2, "bf16": 2, "i16": 2,
       "i8": 1, "i1": 1, "index": 8}


def tensor_bytes(t):
    parts = t[t.index("<") + 1:].rstrip(">").split(",")[0].split("x")
    n = 1
    for d in parts[:-1]:
        n *= int(d)
    return n * ELT.get(parts[-1], 4)


def ring(kind, b, n):
    if n <= 1:
        return 0
    if kind == "all_reduce":
        return 2 * b * (n - 1) // n
    if kind == "all_gather":
        return b * (n - 1)
    if kind in ("reduce_scatter", "all_to_all", "broadcast", "scatter", "gather", "reduce"):
        return b * (n - 1) // n
    if kind in ("shift", "collective_permute", "permute", "send", "recv", "update_halo"):
        return b
    return 0


COMM = ("all_reduce", "all_gather", "reduce_scatter", "all_to_all", "broadcast",
        "scatter", "gather", "reduce", "shift", "permute", "send", "recv",
        "update_halo", "collective_permute")


def main():
    gspmd = sys.argv[1] == "--gspmd"
    text = open(sys.argv[-1]).read()
    totals = {}
    if gspmd:
        meshes = {m.group(1): dict((a, int(s)) for a, s in re.findall(r'"([^"]+)"=(\d+)', m.group(2)))
                  for m in re.finditer(r"gspmd\.mesh @(\w+) \[([^\]]*)\]", text)}
        pat = re.compile(r"gspmd\.(\w+) (%[\w#]+) on @(\w+) \[([^\]]*)\][^:]*: (tensor<[^>]*>)")
        for m in pat.finditer(text):
            kind, mesh, axes, t = m.group(1), m.group(3), m.group(4), m.group(5)
            n = 1
            for a in re.findall(r'"([^"]+)"', axes):
                n *= meshes[mesh][a]
            b = ring(kind, tensor_bytes(t), n)
            c, s = totals.get(kind, (0, 0))
            totals[kind] = (c + 1, s + b)
    else:
        grids = {m.group(1): [int(x) for x in m.group(2).split("x")]
                 for m in re.finditer(r"shard\.grid @(\w+)\(shape = ([0-9x]+)\)", text)}
        pat = re.compile(r"shard\.(\w+) (%[\w#]+) on @(\w+)(?: grid_axes = \[([0-9, ]*)\])?[^\n]*?: "
                         r"((?:tensor|memref)<[^>]*>)")
        for m in pat.finditer(text):
            kind = m.group(1)
            if kind not in COMM:
                continue
            shape = grids[m.group(3)]
            axes = [int(a) for a in (m.group(4) or "").split(",") if a.strip()]
            n = 1
            for a in (axes if m.group(4) is not None else range(len(shape))):
                n *= shape[a]
            b = ring(kind, tensor_bytes(m.group(5)), n)
            c, s = totals.get(kind, (0, 0))
            totals[kind] = (c + 1, s + b)
    ops = sum(c for c, _ in totals.values())
    sent = sum(s for _, s in totals.values())
    for k in sorted(totals):
        print(f"{k} {totals[k][0]} {totals[k][1]}")
    print(f"total {ops} {sent}")


if __name__ == "__main__":
    main()
