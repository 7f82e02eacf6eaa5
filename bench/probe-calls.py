#!/usr/bin/env python3
"""The per-call software cost of a collective on this machine, for
gspmd-simulate's `collective.call` and `collective.call.per_device`
(docs/simulate.md): bench/probe-machine.sh runs it after the MPI probe and
appends its two lines to the machine file.

    bench/probe-calls.py BUILD MACHINE [--ranks 2,4,8] [--steps 200] [--runs 5] [--repeat 3]

A program of STEPS chained small matmuls whose contraction dim is split over
N devices, each result constrained replicated, so each step is one
all_reduce of 8 x 8N f32 (256 B to 2 KiB), runs under `mpirun -n N
gspmd-run --time RUNS` as bench/simulate.py measures (OPENBLAS_NUM_THREADS=1,
its yield shim, the largest process CPU time of a rank, median over runs),
REPEAT times at each N, the least kept.
gspmd-simulate predicts it on MACHINE (whose collective.call keys must be
unset: the excess is what they are to hold); (CPU - predicted) / all_reduces
is the cost per call the model lacks at N ranks, and a least-squares line
over the rank counts gives call + per_device x N. The compute is a few
hundred FLOPs a step, so the excess is the calls: the runtime's, MPI's and,
with more ranks than cores, being switched in and out.
"""
import argparse
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import simulate as sim  # noqa: E402 (build_shim, simulate, measure)


def program(n, steps):
    k = 8 * n
    col = '#gspmd.tiled<@mesh, [[], ["d"]]>'
    rep = "#gspmd.partially_tiled<@mesh, [[], []]>"
    lines = [
        '// bench/probe-calls.py: one small all_reduce a step.',
        f'gspmd.mesh @mesh ["d"={n}]',
        f"func.func @calls(%x: tensor<8x{k}xf32> {{gspmd.sharding = {col}}},",
        f"    %w: tensor<{k}x{k}xf32> {{gspmd.sharding = "
        '#gspmd.tiled<@mesh, [["d"], []]>})',
        f"    -> (tensor<8x{k}xf32> {{gspmd.sharding = {rep}}}) {{",
        "  %zero = arith.constant 0.0 : f32",
        f"  %e = tensor.empty() : tensor<8x{k}xf32>",
        f"  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<8x{k}xf32>)"
        f" -> tensor<8x{k}xf32>",
    ]
    h = "%x"
    for i in range(steps):
        lines += [
            f"  %s{i} = gspmd.sharding_constraint {h}, {col} : "
            f"tensor<8x{k}xf32>",
            f"  %m{i} = linalg.matmul ins(%s{i}, %w : tensor<8x{k}xf32>, "
            f"tensor<{k}x{k}xf32>) outs(%acc : tensor<8x{k}xf32>) -> "
            f"tensor<8x{k}xf32>",
            f"  %r{i} = gspmd.sharding_constraint %m{i}, {rep} : "
            f"tensor<8x{k}xf32>",
        ]
        h = f"%r{i}"
    lines += [f"  return {h} : tensor<8x{k}xf32>", "}"]
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("machine")
    ap.add_argument("--ranks", default="2,4,8")
    ap.add_argument("--steps", type=int, default=200)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--repeat", type=int, default=3,
                    help="measurements per rank count; the least is kept")
    a = ap.parse_args()
    xs, ys = [], []
    notes = []
    with tempfile.TemporaryDirectory() as tmp:
        shim = sim.build_shim(tmp)
        if not shim:
            sys.exit("probe-calls: the yield shim did not compile")
        for n in [int(x) for x in a.ranks.split(",")]:
            path = os.path.join(tmp, f"calls-{n}.mlir")
            with open(path, "w") as f:
                f.write(program(n, a.steps))
            step, _, _, _, calls = sim.simulate(a.build, path, a.machine)
            cpus = [sim.measure(a.build, path, n, a.runs, shim)[1]
                    for _ in range(a.repeat)]
            if None in cpus or not calls:
                sys.exit(f"probe-calls: no measurement at {n} ranks")
            # The least, as the MPI probe keeps its best: other jobs on the
            # shared machine only add to a rank's time.
            cpu = min(cpus)
            per = (cpu - step) / calls
            print(f"# {n} ranks: {calls} collectives, cpu {cpu * 1e3:.3f} ms, "
                  f"predicted {step * 1e3:.3f} ms: {per * 1e6:.1f} us a call",
                  file=sys.stderr)
            notes.append(f"{n}: {per * 1e6:.0f}")
            xs.append(n)
            ys.append(per)
    # Least squares y = call + per_device * n, both terms kept non-negative
    # (noise is no reason for calls to get cheaper with more devices, or
    # for a negative fixed cost): a negative slope falls back to the mean,
    # a negative intercept to the line through 0.
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx if sxx else 0
    call = my - slope * mx
    if slope < 0:
        slope, call = 0.0, my
    elif call < 0:
        slope = sum(x * y for x, y in zip(xs, ys)) / sum(x * x for x in xs)
        call = 0.0
    print(f"collective.call = {call:.3g}  # per call: fit over ranks "
          f"{a.ranks} of all_reduce CPU time beyond the prediction, us a call "
          f"at N ranks {', '.join(notes)} (bench/probe-calls.py, yield shim)")
    print(f"collective.call.per_device = {slope:.3g}  # per call and device "
          "of its group, the same fit")


if __name__ == "__main__":
    main()
