#!/usr/bin/env python3
"""What one element of a costly vector op costs on this machine, for
gspmd-simulate's `cost.NAME` keys (docs/simulate.md): bench/probe-machine.sh
runs it after the call probe and appends its lines to the machine file.

    bench/probe-ops.py BUILD MACHINE [--elements 16384] [--chain 40]
        [--runs 9] [--repeat 3]

For each op of OPS, a program of CHAIN of them in a row on one tensor of
ELEMENTS f32 (each wrapped so that the values stay finite: exp of the
negated value, log of |v| + 1), and a program of the wrappers alone (of
adds in its place, for an op without a wrapper), run
under `gspmd-run --time RUNS` on one rank (OPENBLAS_NUM_THREADS=1, process
CPU time, the least of REPEAT medians). The CPU backend fuses a chain into
one loop over the tensor (gspmd-fuse-elementwise), so both programs move
the same bytes, and the difference is CHAIN x ELEMENTS of the op: its time
an element, times MACHINE's vector_flops, is its cost in FLOPs (an add's
time is 1). The ops are those of the real-model corpus that the CPU
backend turns into polynomials or library calls (exp, log, tanh), that the
CPU computes in several cycles (sqrt, rsqrt, division).
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

# op -> (the op on %v, the wrapper before it, or None)
OPS = {
    "math.exp": ("math.exp", "arith.negf"),
    "math.log": ("math.log", "absplus"),
    "math.tanh": ("math.tanh", None),
    "math.sqrt": ("math.sqrt", "math.absf"),
    "math.rsqrt": ("math.rsqrt", "absplus"),
    "arith.divf": ("arith.divf", None),
}


def program(n, chain, op, wrapper, with_op):
    t = f"tensor<{n}xf32>"
    rep = "#gspmd.replicated"
    lines = ["// bench/probe-ops.py", 'gspmd.mesh @mesh ["d"=1]',
             f"func.func @ops(%x: {t} {{gspmd.sharding = {rep}}}, "
             f"%y: {t} {{gspmd.sharding = {rep}}}) -> ({t} "
             f"{{gspmd.sharding = {rep}}}) {{"]
    v = "%x"
    for i in range(chain):
        if wrapper == "absplus":
            lines += [f"  %a{i} = math.absf {v} : {t}",
                      f"  %w{i} = arith.addf %a{i}, %y : {t}"]
            v = f"%w{i}"
        elif wrapper:
            lines.append(f"  %w{i} = {wrapper} {v} : {t}")
            v = f"%w{i}"
        if with_op:
            if op == "arith.divf":
                lines.append(f"  %o{i} = arith.divf %y, {v} : {t}")
            else:
                lines.append(f"  %o{i} = {op} {v} : {t}")
            v = f"%o{i}"
        elif not wrapper:
            # Nothing to wrap: the baseline is one add a step.
            lines.append(f"  %o{i} = arith.addf {v}, %y : {t}")
            v = f"%o{i}"
    lines += [f"  return {v} : {t}", "}"]
    return "\n".join(lines) + "\n"


def cpu_time(build, path, runs, repeat):
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    best = None
    for _ in range(repeat):
        r = subprocess.run([os.path.join(build, "bin", "gspmd-run"), path,
                            "--time", str(runs)], capture_output=True,
                           text=True, env=env)
        m = re.search(r"cpu time: median (\S+) s", r.stdout)
        if r.returncode or not m:
            sys.exit(f"probe-ops: {path} did not run:\n{r.stderr}")
        t = float(m.group(1))
        best = t if best is None else min(best, t)
    return best


def vector_flops(machine):
    with open(machine) as f:
        m = re.search(r"^vector_flops\s*=\s*(\S+)", f.read(), re.M)
    if not m:
        sys.exit(f"probe-ops: {machine} has no vector_flops")
    return float(m.group(1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("machine")
    ap.add_argument("--elements", type=int, default=16384)
    ap.add_argument("--chain", type=int, default=40)
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    peak = vector_flops(a.machine)
    lines = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, (op, wrapper) in OPS.items():
            times = []
            for with_op in (False, True):
                path = os.path.join(tmp, f"{name}-{with_op}.mlir")
                with open(path, "w") as f:
                    f.write(program(a.elements, a.chain, op, wrapper, with_op))
                times.append(cpu_time(a.build, path, a.runs, a.repeat))
            per = (times[1] - times[0]) / (a.chain * a.elements)
            # Without a wrapper the op took the place of an add (1 FLOP).
            cost = max(1.0, per * peak + (0 if wrapper else 1))
            print(f"# {name}: {times[1] * 1e3:.3f} ms with, "
                  f"{times[0] * 1e3:.3f} ms without: {per * 1e9:.3f} ns an "
                  "element", file=sys.stderr)
            lines.append(f"cost.{name} = {cost:.3g}  # {per * 1e9:.3g} ns an "
                         f"element x vector_flops (bench/probe-ops.py)")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
