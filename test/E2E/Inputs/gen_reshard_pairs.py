#!/usr/bin/env python3
"""Every reshard between a set of shardings on a 2x2x2 mesh, as one program.

Each pair (A, B) is a function that receives its argument laid out as A and
returns it laid out as B, so partitioning must emit the reshard A -> B. @main
calls every pair on a replicated input and returns all results with B's
sharding; `gspmd-run --check` then compares every result with the input.
The set covers replicated, tiled on each dim, partially tiled and multi-axis
shardings (DESIGN section 2); shapes are even (16x8) or uneven (7x5).

usage: gen_reshard_pairs.py even|uneven [first count]
"""
import sys

SHARDINGS = [
    None,  # replicated
    [["a"], []],
    [[], ["b"]],
    [["a"], ["b"]],
    [["b"], ["a"]],
    [["a", "b", "c"], []],
    [[], ["a", "b", "c"]],
    [["b", "a"], ["c"]],
    [["a", "b"], ["c"]],
    [["c"], ["a", "b"]],
    [["c", "b"], []],
    [["a"], ["b", "c"]],
]


def attr(s):
    if s is None:
        return "#gspmd.replicated"
    used = {a for dim in s for a in dim}
    kind = "tiled" if used == {"a", "b", "c"} else "partially_tiled"
    dims = ", ".join("[" + ", ".join('"%s"' % a for a in d) + "]" for d in s)
    return "#gspmd.%s<@mesh, [%s]>" % (kind, dims)


def main():
    shape = "16x8" if sys.argv[1] == "even" else "7x5"
    pairs = [(a, b) for a in SHARDINGS for b in SHARDINGS]
    if len(sys.argv) > 3:
        first, count = int(sys.argv[2]), int(sys.argv[3])
        pairs = pairs[first:first + count]
    t = "tensor<%sxf32>" % shape
    print('gspmd.mesh @mesh ["a"=2, "b"=2, "c"=2]')
    for i, (a, b) in enumerate(pairs):
        print("func.func private @pair%d(%%x: %s {gspmd.sharding = %s}) -> "
              "(%s {gspmd.sharding = %s}) {" % (i, t, attr(a), t, attr(b)))
        print("  return %%x : %s\n}" % t)
    results = ", ".join("%s {gspmd.sharding = %s}" % (t, attr(b))
                        for _, b in pairs)
    print("func.func @main(%%x: %s {gspmd.sharding = #gspmd.replicated}) -> "
          "(%s) {" % (t, results))
    for i in range(len(pairs)):
        print("  %%r%d = call @pair%d(%%x) : (%s) -> %s" % (i, i, t, t))
    print("  return %s : %s" % (", ".join("%%r%d" % i
                                          for i in range(len(pairs))),
                                ", ".join([t] * len(pairs))))
    print("}")


if __name__ == "__main__":
    main()
