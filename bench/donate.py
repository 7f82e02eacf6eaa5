#!/usr/bin/env python3
"""Marks a training step's weights as donated, as jax.jit(step,
donate_argnums=(0,)) would: each argument but the last (the batch) gets
gspmd.aliasing_output = the first result not yet taken of its type (jax
pairs donated inputs with outputs of the same type in order), so that
gspmd-auto-shard gives the new weights the old ones' sharding. The corpus
(test/Models) was lowered without donation; bench/auto-shard-corpus.sh
calls this on its training steps.

    bench/donate.py < in.mlir > out.mlir
"""
import re
import sys

ARG = re.compile(r"%arg(\d+): (tensor<[^>]*>)( \{)?")


def donate(text):
    start = text.index("func.func public @main(")
    arrow = text.index(") -> (", start)
    end = text.index(") {\n", arrow)
    args, results = text[start:arrow], text[arrow + 6:end]
    result_types = re.findall(r"(tensor<[^>]*>)(?: \{[^}]*\})?(?:, |$)", results)
    found = list(ARG.finditer(args))
    taken, pairs = set(), {}
    for m in found[:-1]:
        for r, t in enumerate(result_types):
            if r not in taken and t == m.group(2):
                taken.add(r)
                pairs[int(m.group(1))] = r
                break

    def mark(m):
        i = int(m.group(1))
        if i not in pairs:
            return m.group(0)
        attr = "gspmd.aliasing_output = %d : i32" % pairs[i]
        return "%%arg%d: %s {%s%s" % (i, m.group(2), attr,
                                      ", " if m.group(3) else "}")

    return text[:start] + ARG.sub(mark, args) + text[arrow:]


if __name__ == "__main__":
    sys.stdout.write(donate(sys.stdin.read()))
