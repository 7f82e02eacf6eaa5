#!/usr/bin/env python3
"""gspmd-simulate's prediction beside a measured run on this machine.

  simulate.py BUILD [--machine FILE|PRESET] [--ranks 1,2] [--runs R]
              [--programs matmul,data,...] [--scale-machine TPUv3]
              [--scale 32] [--counts 8,32,128,512,2048]
              [--megatron all|1.7,...] [--plot-dir bench]

First, predicted only: per-device memory, step time and utilisation of a
2-layer MLP at --scale against device count (--counts), weights split 1-D
and 2-D, on --scale-machine (the paper's point: 2-D sharding keeps the
activations per device falling), as a table and as a plot
(PLOT_DIR/simulate-scaling.png).

Then Megatron-LM's GPT models (Narayanan et al., SC'21, Table 1: 1.7B to
1T parameters on 32 to 3,072 A100s) generated at their sizes with their
tensor, pipeline and data parallel sizes (gen.py gpt), partitioned and
simulated on the A100 preset, beside the published per-GPU throughput
(table and PLOT_DIR/simulate-megatron.png).

Plots are drawn by bench/plot_simulate.py with the Python named by
PLOT_PYTHON (default .venv-bench/bin/python, which `make bench` creates with
bench/requirements-plot.txt); without it the tables are printed alone.

For each bench program (bench/gen.py, at sizes where the work is far above
the per-call overheads) and rank count N: gspmd-opt runs gspmd-model-flops,
gspmd-spmd and gspmd-simulate{machine=...} on the program generated for N
devices, and `mpirun -n N gspmd-run PROG --time R` measures it (median wall
time of the compiled entry, slowest rank; peak memory of one rank). Prints a
Markdown table: predicted and measured step time and their ratio, predicted
and measured peak memory per device, and where the prediction's time goes.

The machine is shared and has 2 cores: ranks above 2 share cores, which the
model does not know; measured times of ranks > 2 are not comparable. Wall
time counts time descheduled by other jobs on the machine; process CPU time
(also printed) does not, but counts MPI's busy waiting. The ratios are what
to read, not their last digit.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
GEN = os.path.join(HERE, "gen.py")
PLOT = os.path.join(HERE, "plot_simulate.py")

# Narayanan et al., "Efficient Large-Scale Language Model Training on GPU
# Clusters Using Megatron-LM", SC'21, Table 1 (weak scaling, GPT, sequence
# 2048, vocabulary 51,200, A100 80GB on Selene): parameters (billions),
# attention heads, hidden size, layers, tensor-parallel size, pipeline-
# parallel size, GPUs, batch size, achieved TFLOP/s per GPU, percent of the
# 312 TFLOP/s peak. Transcribed from the table (as also tabulated in the
# public repository SotaroKaneda/MLCarbon, data/megatron_table.csv).
MEGATRON_TABLE1 = [
    (1.7, 24, 2304, 24, 1, 1, 32, 512, 137, 44),
    (3.6, 32, 3072, 30, 2, 1, 64, 512, 138, 44),
    (7.5, 32, 4096, 36, 4, 1, 128, 512, 142, 46),
    (18.4, 48, 6144, 40, 8, 1, 256, 1024, 135, 43),
    (39.1, 64, 8192, 48, 8, 2, 512, 1536, 138, 44),
    (76.1, 80, 10240, 60, 8, 4, 1024, 1792, 140, 45),
    (145.6, 96, 12288, 80, 8, 8, 1536, 2304, 148, 47),
    (310.1, 128, 16384, 96, 8, 16, 1920, 2160, 155, 50),
    (529.6, 128, 20480, 105, 8, 35, 2520, 2520, 163, 52),
    (1008.0, 160, 25600, 128, 8, 64, 3072, 3072, 163, 52),
]
MEGATRON_SEQ, MEGATRON_VOCAB, A100_PEAK = 2048, 51200, 312e12
# The layout Megatron uses: every op in the layout of its annotated
# operands (tensor parallelism as in the paper), the partitioner's default
# plan. Its strategy (the default otherwise) would gather weights once
# outside the micro-batch loop instead of summing partial products on every
# iteration: fewer bytes, but every model-parallel device then repeats
# those contractions (see bench/RESULTS.md).
MEGATRON_PIPELINE = ("builtin.module(gspmd-complete,gspmd-partition{strategy=first},"
                     "gspmd-halo-exchange,canonicalize,cse,"
                     "gspmd-simulate{machine=A100})")

# name -> gen.py arguments (without --devices)
PROGRAMS = {
    "matmul": ["matmul", "--scale", "8"],      # 2048^3, rows split: no comm
    "data": ["data", "--scale", "4"],          # 2-layer MLP, batch split
    "megatron": ["megatron", "--scale", "4"],  # column- then row-parallel
    "fsdp": ["fsdp", "--scale", "4"],          # forward + weight gradients
}


def gen(args, devices):
    return subprocess.run([sys.executable, GEN] + args +
                          ["--devices", str(devices)], check=True,
                          capture_output=True, text=True).stdout


def run_simulate(build, path, machine, overlap="none"):
    pipeline = ("builtin.module(gspmd-model-flops,gspmd-spmd,"
                f"gspmd-simulate{{machine={machine} overlap={overlap}}})")
    return subprocess.run([os.path.join(build, "bin", "gspmd-opt"), path,
                           f"--pass-pipeline={pipeline}", "-o", os.devnull],
                          check=True, capture_output=True, text=True).stdout


def simulate(build, path, machine):
    out = run_simulate(build, path, machine)
    step = float(re.search(r"step time: (\S+) s", out).group(1))
    compute = float(re.search(r"compute: (\S+) s", out).group(1))
    comm = float(re.search(r"communication: (\S+) s", out).group(1))
    mem = float(re.search(r"memory per device: .* total (\S+) B", out).group(1))
    return step, compute, comm, mem


def measure(build, path, ranks, runs):
    cmd = (["mpirun", "-n", str(ranks)] if ranks > 1 else []) + [
        os.path.join(build, "bin", "gspmd-run"), path, "--time", str(runs)]
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    r = subprocess.run(cmd, capture_output=True, text=True, env=env)
    m = re.search(r"time: median (\S+) s", r.stdout)
    if r.returncode or not m:
        return None, None, None
    cpu = re.search(r"cpu time: median (\S+) s", r.stdout)
    peak = re.search(r"peak memory: max (\d+) bytes", r.stdout)
    return (float(m.group(1)), float(cpu.group(1)) if cpu else None,
            float(peak.group(1)) if peak else None)


def scaling(build, machine, scale, counts):
    """Per-device memory and utilisation of the 2-layer MLP at --scale
    against device count: weights split 1-D (megatron: Megatron pairs on one
    axis of all devices, activations whole on every device) and 2-D (2d:
    batch on "data", weights on "model", the axes as square as the count
    allows). Fixed global sizes (strong scaling); nothing is run."""
    print(f"## Simulation at scale: the 2-layer MLP (`gen.py --scale {scale}`) "
          f"on {machine}, 1-D against 2-D (`bench/simulate.py`)\n")
    print("Predicted only (overlap=scheduled). Per device: arguments (weights "
          "and inputs), temporaries' peak, step time, model-FLOP "
          "utilisation.\n")
    print("| devices | 1-D args | 1-D temporaries | 1-D step | 1-D util "
          "| 2-D mesh | 2-D args | 2-D temporaries | 2-D step | 2-D util |")
    print("| ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: "
          "| ---: |")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in counts:
            data = 1
            while data * data * 4 <= n:
                data *= 2
            cells = []
            row = {"devices": n, "shardings": {}}
            for args in (["megatron"], ["2d", "--data", str(data)]):
                path = os.path.join(tmp, f"{args[0]}-{n}.mlir")
                with open(path, "w") as f:
                    f.write(gen(args + ["--scale", str(scale)], n))
                out = run_simulate(build, path, machine, "scheduled")
                args_b = float(re.search(r"arguments (\S+) B", out).group(1))
                temp = float(re.search(r"temporaries peak (\S+) B",
                                       out).group(1))
                step = float(re.search(r"step time: (\S+) s", out).group(1))
                util = re.search(r"utilisation (\S+)%", out).group(1)
                mesh = "" if args[0] == "megatron" else \
                    f"| {data} x {n // data} "
                row["shardings"]["1-D (Megatron, weights on all devices)"
                                 if args[0] == "megatron" else
                                 "2-D (batch x model)"] = {
                    "util": float(util), "args": args_b, "temporaries": temp}
                cells.append(f"{mesh}| {fmt_b(args_b)} | {fmt_b(temp)} "
                             f"| {fmt_s(step)} | {util}% ")
            print(f"| {n} " + "".join(cells) + "|", flush=True)
            rows.append(row)
    print()
    return rows


def plot(kind, title, rows, out):
    """Draws rows with bench/plot_simulate.py under PLOT_PYTHON; says why
    not when it cannot."""
    py = os.environ.get("PLOT_PYTHON",
                        os.path.join(HERE, "..", ".venv-bench", "bin", "python"))
    if not os.access(py, os.X_OK):
        print(f"(No plot: {py} not found; `make bench` creates it with "
              "bench/requirements-plot.txt, matplotlib.)\n")
        return
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump({"title": title, "rows": rows}, f)
    r = subprocess.run([py, PLOT, kind, f.name, out], capture_output=True,
                       text=True)
    os.unlink(f.name)
    if r.returncode:
        print(f"(No plot: plot_simulate.py failed: "
              f"{r.stderr.strip().splitlines()[-1:]})\n")
        return
    rel = os.path.relpath(out, HERE)
    print(f"![{title}]({rel})\n")


def megatron_flops(B, s, layers, h, V):
    """Narayanan et al.'s FLOPs of one training iteration (their equation
    (3): forward, backward and the recomputed forward of every layer, and
    the logit layer)."""
    return 96 * B * s * layers * h * h * (1 + s / (6 * h) + V / (16 * layers * h))


def field(out, pattern, default=0.0):
    m = re.search(pattern, out)
    return float(m.group(1)) if m else default


def megatron(build, which):
    """Megatron-LM's Table 1 predicted: each GPT model generated at its size
    with its (t, p, d), micro-batch 1, partitioned in Megatron's layout and
    simulated on A100 with overlap=none; its throughput counted as the paper
    counts it (equation (3) over the step time)."""
    print("## Simulation at scale: Megatron-LM's GPT models on A100 "
          "(`bench/simulate.py`)\n")
    print("Published: Narayanan et al., SC'21, Table 1 (per-GPU throughput "
          "in their FLOP count, equation (3), and its share of the 312 "
          "TFLOP/s peak). Predicted: `gen.py gpt` at the same hidden size, "
          "heads, layers, sequence 2048, batch, tensor (t), pipeline (p) "
          "and data (d = GPUs / t p) parallel sizes, micro-batch 1 (M = "
          "batch / d micro-batches), bf16, stage-to-stage sends as Megatron's "
          "scatter/gather (1/t from each GPU, then an all_gather on NVLink); "
          "`gspmd-partition{strategy=first}` "
          "(Megatron's layout) and `gspmd-simulate{machine=A100}`, "
          "overlap=none; throughput = equation (3) FLOPs / (step time x "
          "GPUs). Published step = equation (3) FLOPs / (published "
          "throughput x GPUs). Error = predicted / published throughput - "
          "1.\n")
    print("| params | t x p x d = GPUs | batch | published TFLOP/s (% peak) "
          "| predicted TFLOP/s (% peak) | error | published step | predicted "
          "step | compute | all_reduce | all_gather | p2p (permute) | bubble "
          "| memory per GPU |")
    print("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
          "| ---: | ---: | ---: | ---: | ---: |")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for (P, a, h, layers, t, p, n, B, pub, pct) in MEGATRON_TABLE1:
            if which != "all" and str(P) not in which.split(","):
                continue
            d = n // (t * p)
            M = B // d
            path = os.path.join(tmp, f"gpt-{P}.mlir")
            args = ["gpt", "--hidden", str(h), "--heads", str(a), "--seq",
                    str(MEGATRON_SEQ), "--mb", "1", "--layers", str(layers),
                    "--tp", str(t), "--pp", str(p), "--dp", str(d),
                    "--micro", str(M), "--scatter-gather"]
            with open(path, "w") as f:
                f.write(subprocess.run([sys.executable, GEN] + args, check=True,
                                       capture_output=True, text=True).stdout)
            out = subprocess.run(
                [os.path.join(build, "bin", "gspmd-opt"), path,
                 f"--pass-pipeline={MEGATRON_PIPELINE}", "-o", os.devnull],
                check=True, capture_output=True, text=True).stdout
            step = field(out, r"step time: (\S+) s")
            F = megatron_flops(B, MEGATRON_SEQ, layers, h, MEGATRON_VOCAB)
            pred = F / (step * n) / 1e12
            pub_step = F / (pub * 1e12 * n)
            comp = field(out, r"compute: (\S+) s")
            ar = field(out, r"all_reduce: (\S+) s")
            cp = field(out, r"collective_permute: (\S+) s")
            ag = field(out, r"all_gather: (\S+) s")
            bub = field(out, r"pipeline bubble: (\S+) s")
            mem = field(out, r"memory per device: .* total (\S+) B")
            print(f"| {P}B | {t} x {p} x {d} = {n} | {B} | {pub} ({pct}%) "
                  f"| {pred:.0f} ({100 * pred * 1e12 / A100_PEAK:.0f}%) "
                  f"| {100 * (pred / pub - 1):+.0f}% | {pub_step:.2f} s "
                  f"| {step:.2f} s | {comp:.2f} s | {ar:.2f} s | {ag:.2f} s "
                  f"| {cp:.2f} s "
                  f"| {bub:.2f} s | {mem / 2**30:.1f} GiB |", flush=True)
            rows.append({"params": P, "gpus": n, "published": pub,
                         "predicted": pred})
    print()
    return rows


def fmt_s(t):
    return "-" if t is None else f"{t * 1e3:.2f} ms"


def fmt_b(b):
    return "-" if b is None else f"{b / 2**20:.1f} MiB"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--machine", default="host")
    ap.add_argument("--ranks", default="1,2")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--programs", default=",".join(PROGRAMS))
    ap.add_argument("--scale-machine", default="TPUv3",
                    help="the machine of the at-scale table")
    ap.add_argument("--scale", type=int, default=32,
                    help="gen.py --scale of the at-scale table's MLP")
    ap.add_argument("--counts", default="8,32,128,512,2048",
                    help="device counts of the at-scale table ('' skips it)")
    ap.add_argument("--megatron", default="all",
                    help="Megatron-LM Table 1 rows by parameter count "
                         "(1.7,...), 'all', or '' to skip")
    ap.add_argument("--plot-dir", default=HERE,
                    help="where the PNGs go (default bench/)")
    a = ap.parse_args()
    if a.counts:
        rows = scaling(a.build, a.scale_machine, a.scale,
                       [int(x) for x in a.counts.split(",")])
        plot("scaling", f"2-layer MLP (gen.py --scale {a.scale}) on "
             f"{a.scale_machine}, strong scaling: 1-D against 2-D sharding",
             rows, os.path.join(a.plot_dir, "simulate-scaling.png"))
    if a.megatron:
        rows = megatron(a.build, a.megatron)
        plot("megatron", "Megatron-LM GPT, 1.7B to 1T on 32 to 3,072 A100s: "
             "published against predicted", rows,
             os.path.join(a.plot_dir, "simulate-megatron.png"))
    print("## Simulation: gspmd-simulate against gspmd-run --time "
          "(`bench/simulate.py`)\n")
    print(f"Machine `{a.machine}` ([docs/simulate.md](../docs/simulate.md)); "
          f"measured: gspmd-run --time {a.runs}, median wall time of the "
          "slowest rank and median process CPU time, OPENBLAS_NUM_THREADS=1; "
          f"load average {os.getloadavg()[0]:.1f} on "
          f"{os.cpu_count()} cores at the start. Predicted with "
          "overlap=none.\n")
    print("| program | ranks | predicted | measured wall | wall / predicted "
          "| measured cpu | cpu / predicted | predicted compute / comm "
          "| predicted memory | measured peak |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
          "| ---: |")
    with tempfile.TemporaryDirectory() as tmp:
        for name in [x for x in a.programs.split(",") if x]:
            for n in [int(x) for x in a.ranks.split(",")]:
                path = os.path.join(tmp, f"{name}-{n}.mlir")
                with open(path, "w") as f:
                    f.write(gen(PROGRAMS[name], n))
                step, compute, comm, mem = simulate(a.build, path, a.machine)
                t, cpu, peak = measure(a.build, path, n, a.runs)
                ratio = "-" if t is None else f"{t / step:.2f}"
                cpu_ratio = "-" if cpu is None else f"{cpu / step:.2f}"
                print(f"| {name} | {n} | {fmt_s(step)} | {fmt_s(t)} | {ratio} "
                      f"| {fmt_s(cpu)} | {cpu_ratio} "
                      f"| {fmt_s(compute)} / {fmt_s(comm)} | {fmt_b(mem)} "
                      f"| {fmt_b(peak)} |", flush=True)


if __name__ == "__main__":
    main()
