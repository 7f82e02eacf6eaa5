#!/usr/bin/env python3
"""The per-call software cost of a collective on this machine, for
gspmd-simulate's `collective.call` and `collective.call.per_device`
(docs/simulate.md): bench/probe-machine.sh runs it after the MPI probe and
appends its two lines to the machine file.

    bench/probe-calls.py BUILD MACHINE [--ranks 2,4,8] [--steps 200] [--runs 5] [--repeat 3]
        [--reduce-bytes 65536]

A program of STEPS chained small matmuls whose contraction dim is split over
N devices, each result constrained replicated, so each step is one
all_reduce of 8 x 8N f32 (256 B to 2 KiB), runs under `mpirun -n N
gspmd-run --time RUNS` as bench/simulate.py measures (OPENBLAS_NUM_THREADS=1,
the largest process CPU time of a rank, median over runs; its yield shim only
where ranks outnumber cores), REPEAT times at each N, the least kept. The
default ranks are 2, 4, ... up to the cores: the machine file describes a
device with a core of its own, and with more ranks than cores a call's CPU
time is mostly the shim's sleeps and wake-ups and the switches between
ranks, which no device pays (bench/RESULTS.md).
gspmd-simulate predicts it on MACHINE (whose collective.call keys must be
unset: the excess is what they are to hold); (CPU - predicted) / all_reduces
is the cost per call the model lacks at N ranks, and a least-squares line
over the rank counts gives call + per_device x N. The compute is a few
hundred FLOPs a step, so the excess is the calls: the runtime's, MPI's and,
with more ranks than cores, being switched in and out.

Then `collective.reduce_bw`: the same program with all_reduces of
--reduce-bytes (64 KiB: rows = bytes / 32N), predicted with the call terms
just fitted; the CPU time a call still costs beyond them, over the bytes a
device combines in it ((n-1)/n of the operand), fitted through 0 over the
rank counts, is the seconds per combined byte. On this machine MPICH's
reducing collectives cost several times their bytes over the link
bandwidth (the reduction and its buffer copies in its nonblocking
schedule), where an all_gather of the same bytes costs about that.
"""
import argparse
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import simulate as sim  # noqa: E402 (build_shim, simulate, measure)


def program(n, steps, rows=8):
    k = 8 * n
    col = '#gspmd.tiled<@mesh, [[], ["d"]]>'
    rep = "#gspmd.partially_tiled<@mesh, [[], []]>"
    lines = [
        '// bench/probe-calls.py: one small all_reduce a step.',
        f'gspmd.mesh @mesh ["d"={n}]',
        f"func.func @calls(%x: tensor<{rows}x{k}xf32> {{gspmd.sharding = {col}}},",
        f"    %w: tensor<{k}x{k}xf32> {{gspmd.sharding = "
        '#gspmd.tiled<@mesh, [["d"], []]>})',
        f"    -> (tensor<{rows}x{k}xf32> {{gspmd.sharding = {rep}}}) {{",
        "  %zero = arith.constant 0.0 : f32",
        f"  %e = tensor.empty() : tensor<{rows}x{k}xf32>",
        f"  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<{rows}x{k}xf32>)"
        f" -> tensor<{rows}x{k}xf32>",
    ]
    h = "%x"
    for i in range(steps):
        lines += [
            f"  %s{i} = gspmd.sharding_constraint {h}, {col} : "
            f"tensor<{rows}x{k}xf32>",
            f"  %m{i} = linalg.matmul ins(%s{i}, %w : tensor<{rows}x{k}xf32>, "
            f"tensor<{k}x{k}xf32>) outs(%acc : tensor<{rows}x{k}xf32>) -> "
            f"tensor<{rows}x{k}xf32>",
            f"  %r{i} = gspmd.sharding_constraint %m{i}, {rep} : "
            f"tensor<{rows}x{k}xf32>",
        ]
        h = f"%r{i}"
    lines += [f"  return {h} : tensor<{rows}x{k}xf32>", "}"]
    return "\n".join(lines) + "\n"


def measure_excess(a, tmp, shim, machine, n, rows, tag):
    """CPU time a call beyond gspmd-simulate's prediction on `machine`, of
    the program at N = n ranks and `rows` rows, the least of --repeat;
    also the call's operand bytes."""
    path = os.path.join(tmp, f"{tag}-{n}.mlir")
    with open(path, "w") as f:
        f.write(program(n, a.steps, rows))
    step, _, _, _, calls = sim.simulate(a.build, path, machine)
    cpus = [sim.measure(a.build, path, n, a.runs, shim)[1]
            for _ in range(a.repeat)]
    if None in cpus or not calls:
        sys.exit(f"probe-calls: no measurement at {n} ranks")
    # The least, as the MPI probe keeps its best: other jobs on the shared
    # machine only add to a rank's time.
    cpu = min(cpus)
    per = (cpu - step) / calls
    print(f"# {tag}, {n} ranks, {rows} rows: {calls} collectives, cpu "
          f"{cpu * 1e3:.3f} ms, predicted {step * 1e3:.3f} ms: "
          f"{per * 1e6:.1f} us a call", file=sys.stderr)
    return per, rows * 8 * n * 4


def default_ranks():
    """2, 4, ... up to the cores (at least 2)."""
    cores, n, out = max(os.cpu_count() or 1, 2), 2, []
    while n <= cores:
        out.append(str(n))
        n *= 2
    return ",".join(out)


def how(ranks):
    """How the rank counts were measured, for the machine file's comments."""
    shim = [n for n in ranks if sim.shim_needed(n)]
    return ("bench/probe-calls.py" if not shim else
            "bench/probe-calls.py, yield shim at " +
            ",".join(map(str, shim)) + " ranks")


def fit_line(xs, ys):
    """Least squares y = call + per_device * n, both terms kept
    non-negative (noise is no reason for calls to get cheaper with more
    devices, or for a negative fixed cost): a negative slope falls back to
    the mean, a negative intercept to the line through 0."""
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx if sxx else 0
    call = my - slope * mx
    if slope < 0:
        slope, call = 0.0, my
    elif call < 0:
        slope = sum(x * y for x, y in zip(xs, ys)) / sum(x * x for x in xs)
        call = 0.0
    return call, slope


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("machine")
    ap.add_argument("--ranks", default=default_ranks())
    ap.add_argument("--steps", type=int, default=200)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--repeat", type=int, default=3,
                    help="measurements per rank count; the least is kept")
    ap.add_argument("--reduce-bytes", type=int, default=65536,
                    help="operand of the all_reduces that probe "
                    "collective.reduce_bw (0: do not probe it)")
    a = ap.parse_args()
    ranks = [int(x) for x in a.ranks.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        shim = sim.build_shim(tmp)
        if not shim and any(sim.shim_needed(n) for n in ranks):
            sys.exit("probe-calls: the yield shim did not compile")
        ys = [measure_excess(a, tmp, shim, a.machine, n, 8, "calls")[0]
              for n in ranks]
        call, slope = fit_line(ranks, ys)
        notes = ", ".join(f"{n}: {y * 1e6:.0f}" for n, y in zip(ranks, ys))
        lines = [
            f"collective.call = {call:.3g}  # per call: fit over ranks "
            f"{a.ranks} of all_reduce CPU time beyond the prediction, us a "
            f"call at N ranks {notes} ({how(ranks)})",
            f"collective.call.per_device = {slope:.3g}  # per call and "
            "device of its group, the same fit"]
        if a.reduce_bytes > 0:
            lines.append(probe_reduce(a, tmp, shim, ranks, lines))
    print("\n".join(lines))


def probe_reduce(a, tmp, shim, ranks, call_lines):
    """collective.reduce_bw: the same program with all_reduces of
    --reduce-bytes (rows = bytes / 32N), predicted with the call terms just
    fitted; what a call still costs beyond that, over the bytes a device
    combines ((n-1)/n of the operand), fitted through 0 over the ranks."""
    machine = os.path.join(tmp, "calls.machine")
    with open(a.machine) as f, open(machine, "w") as out:
        out.write(f.read() + "\n" + "\n".join(call_lines) + "\n")
    xs, ys = [], []
    for n in ranks:
        rows = max(8, a.reduce_bytes // (32 * n))
        per, b = measure_excess(a, tmp, shim, machine, n, rows, "reduce")
        xs.append(b * (n - 1) / n)
        ys.append(per)
    sec_per_byte = sum(x * y for x, y in zip(xs, ys)) / sum(x * x for x in xs)
    notes = ", ".join(f"{n}: {y * 1e6:.0f} us for {x / 1024:.0f} KiB"
                      for n, x, y in zip(ranks, xs, ys))
    bw = 1 / sec_per_byte if sec_per_byte > 0 else 0
    return (f"collective.reduce_bw = {bw:.3g}  # bytes combined / CPU time "
            f"a call beyond the call terms, all_reduces of {a.reduce_bytes} "
            f"B at N ranks {notes} ({how(ranks)})")


if __name__ == "__main__":
    main()
